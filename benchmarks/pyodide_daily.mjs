#!/usr/bin/env node
// Runs benchmarks/bench_daily.py's measurement inside the pinned Pyodide under Node and prints one JSON line.
//   node benchmarks/pyodide_daily.mjs DAYS
// Needs the unpacked npm Pyodide in .cache (python build.py fetches it).
import {projectPyodide} from '../scripts/pyodide_node.mjs';

const py = await projectPyodide();
const days = Number(process.argv[2]) || 3;
console.log(py.runPython(`
import json, sys
sys.path.insert(0, '/proj/benchmarks'); sys.path.insert(0, '/proj')
import bench_daily
json.dumps(bench_daily.measure(${days}))
`));
