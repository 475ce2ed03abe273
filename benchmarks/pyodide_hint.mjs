#!/usr/bin/env node
// Runs benchmarks/bench_hint.py's measurement inside Pyodide under Node and prints one JSON line.
//   node benchmarks/pyodide_hint.mjs HANDS SEED
// Needs the unpacked npm Pyodide in .cache (python build.py fetches it).
import {projectPyodide} from '../scripts/pyodide_node.mjs';

const py = await projectPyodide();
const [hands, seed] = process.argv.slice(2).map(Number);
const out = py.runPython(`
import json, sys
sys.path.insert(0, '/proj/benchmarks'); sys.path.insert(0, '/proj')
import bench_hint
json.dumps(bench_hint.measure(${hands || 12}, ${seed || 1}))
`);
console.log(out);
