#!/usr/bin/env node
// Runs benchmarks/bench_hint.py's measurement inside Pyodide under Node and prints one JSON line.
//   node benchmarks/pyodide_hint.mjs HANDS SEED
// Needs the unpacked npm Pyodide in .cache (python build.py fetches it).
import {readFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const version = /^PYODIDE_VERSION = "([^"]+)"/m.exec(readFileSync(join(ROOT, 'builder', 'vendor.py'), 'utf8'))[1];
const dir = join(ROOT, '.cache', `pyodide-${version}`, 'package');
const {loadPyodide} = await import(pathToFileURL(join(dir, 'pyodide.mjs')).href);
const py = await loadPyodide({indexURL: dir + '/', packageBaseUrl: dir + '/', env: {PYTHONDONTWRITEBYTECODE: '1'}});
py.FS.mkdirTree('/proj');
py.FS.mount(py.FS.filesystems.NODEFS, {root: ROOT}, '/proj');
const [hands, seed] = process.argv.slice(2).map(Number);
const out = py.runPython(`
import json, sys
sys.path.insert(0, '/proj/benchmarks'); sys.path.insert(0, '/proj')
import bench_hint
json.dumps(bench_hint.measure(${hands || 12}, ${seed || 1}))
`);
console.log(out);
