// Compiles Python sources to bytecode for the Python inside Pyodide (3.14), at build time, so that a cold
// start of the page does not compile the engine: build.py ships the web build's wheel with the bytecode
// instead of the sources, and a first visit imports the engine without compiling it (about 40% of the time
// from "engine ready" to the first drawn table). scripts/stdlib_pyc.mjs does the same for the standard-library
// modules a cold start imports (Pyodide ships its standard library as sources).
//
//   node scripts/compile_pyc.mjs PYODIDE_DIR < {"hzmj_core/round.py": "<source>", ...}
//   -> {"hzmj_core/round.py": "<base64 of its .pyc>", ...}
//
// The bytecode is "unchecked-hash" (PEP 552), so no file time is involved; tracebacks name the module's
// path in the package ("hzmj_core/round.py", line numbers kept).
// PYTHONHASHSEED=0 keeps the bytes the same from one build to the next (set constants are marshalled in
// hash order). The .pyc only fit the Pyodide that made them; build.py always uses the pinned one.
import {readFileSync} from 'node:fs';
import {startPyodide} from './pyodide_node.mjs';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/compile_pyc.mjs PYODIDE_DIR < sources.json');
  process.exit(2);
}
const sources = JSON.parse(readFileSync(0, 'utf8'));
const pyodide = await startPyodide(dir);
pyodide.globals.set('SOURCES_JSON', JSON.stringify(sources));
const out = pyodide.runPython(`
import base64, json, os, py_compile, tempfile
sources = json.loads(SOURCES_JSON)
root = tempfile.mkdtemp()
result = {}
for rel, text in sorted(sources.items()):
    src = os.path.join(root, rel)
    os.makedirs(os.path.dirname(src), exist_ok=True)
    with open(src, "w", encoding="utf-8") as f:
        f.write(text)
    # doraise: a syntax error stops the build instead of shipping a wheel without that module's bytecode
    cfile = py_compile.compile(src, doraise=True, dfile=rel,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open(cfile, "rb") as f:
        data = f.read()
    result[rel] = base64.b64encode(data).decode("ascii")
json.dumps(result, sort_keys=True)
`);
process.stdout.write(out);
