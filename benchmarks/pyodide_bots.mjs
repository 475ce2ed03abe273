#!/usr/bin/env node
// Runs benchmarks/bench_bots.py's decision-time measurement of the expert inside Pyodide under Node and
// prints one JSON line.   node benchmarks/pyodide_bots.mjs HANDS [SEED]
// Needs the unpacked npm Pyodide in .cache (python build.py fetches it).
import {projectPyodide} from '../scripts/pyodide_node.mjs';

const py = await projectPyodide();
const [hands, seed] = process.argv.slice(2).map(Number);
const out = py.runPython(`
import json, sys
sys.path.insert(0, '/proj/benchmarks'); sys.path.insert(0, '/proj')
import bench_bots
json.dumps(bench_bots.decision_times(${hands || 4}, ${seed || 1}))
`);
console.log(out);
