#!/usr/bin/env node
// Runs benchmarks/bench_engine.py's measurement inside Pyodide under Node and prints one JSON line.
//   node benchmarks/pyodide_bench.mjs HANDS_RANDOM HANDS_BASIC
// Needs the unpacked npm Pyodide in .cache (python build.py fetches it).
import {projectPyodide} from '../scripts/pyodide_node.mjs';

const py = await projectPyodide();
const [hr, hb] = process.argv.slice(2).map(Number);
const out = py.runPython(`
import json, sys
sys.path.insert(0, '/proj/benchmarks'); sys.path.insert(0, '/proj')
import bench_engine
json.dumps(bench_engine.measure(${hr || 300}, ${hb || 100}))
`);
console.log(out);
