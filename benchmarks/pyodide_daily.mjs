#!/usr/bin/env node
// Runs benchmarks/bench_daily.py's measurement inside the pinned Pyodide under Node and prints one JSON line.
//   node benchmarks/pyodide_daily.mjs DAYS
// Needs the unpacked npm Pyodide in .cache (python build.py fetches it).
import {readFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {startPyodide} from '../scripts/pyodide_node.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const version = /^PYODIDE_VERSION = "([^"]+)"/m.exec(readFileSync(join(ROOT, 'builder', 'vendor.py'), 'utf8'))[1];
const py = await startPyodide(join(ROOT, '.cache', `pyodide-${version}`, 'package'));
py.FS.mkdirTree('/proj');
py.FS.mount(py.FS.filesystems.NODEFS, {root: ROOT}, '/proj');
const days = Number(process.argv[2]) || 3;
console.log(py.runPython(`
import json, sys
sys.path.insert(0, '/proj/benchmarks'); sys.path.insert(0, '/proj')
import bench_daily
json.dumps(bench_daily.measure(${days}))
`));
