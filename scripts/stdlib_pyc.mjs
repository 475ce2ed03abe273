// Bytecode for the standard-library modules a cold start of the page imports, at build time.
//
// Pyodide's python_stdlib.zip holds the standard library as sources only, so every module that Pyodide's
// own start-up and the engine's import load (some 140: asyncio, typing, dataclasses, zipfile, ...) used to
// be compiled from source in WebAssembly on every first visit: most of "Python ready". This script starts
// the pinned Pyodide under Node, puts the built wheel on sys.path, imports hzmj_core.webapi and runs its
// warm-up and a deal (what a first table needs), lists the standard-library modules that were imported
// from the zip's sources, and compiles each of them. build.py then serves a python_stdlib.zip in which
// those modules are bytecode (their .py replaced by a .pyc).
//
//   node scripts/stdlib_pyc.mjs PYODIDE_DIR WHEEL_PATH
//   -> {"asyncio/base_events.py": "<base64 of its .pyc>", ...}   (keys: the sources' paths in the zip)
//
// The bytecode is "unchecked-hash" (PEP 552) and compiled with the path Python gives a module imported
// from the zip (/lib/python314.zip/asyncio/base_events.py), so tracebacks name the same file and line as
// before. PYTHONHASHSEED=0 keeps the bytes the same from one build to the next.
import {readFileSync} from 'node:fs';
import {startPyodide} from './pyodide_node.mjs';

const [dir, wheel] = process.argv.slice(2);
if (!dir || !wheel) {
  console.error('usage: node scripts/stdlib_pyc.mjs PYODIDE_DIR WHEEL_PATH');
  process.exit(2);
}
const pyodide = await startPyodide(dir);
const wheelPath = '/lib/' + wheel.split('/').pop();
pyodide.FS.writeFile(wheelPath, readFileSync(wheel));
pyodide.globals.set('WHEEL_PATH', wheelPath);
const out = pyodide.runPython(`
import base64, importlib.util, json, sys, zipfile, zipimport
from importlib._bootstrap_external import _code_to_hash_pyc

sys.path.insert(0, WHEEL_PATH)
import hzmj_core.webapi as webapi
webapi.warm_up()
webapi.call("new_game", json.dumps({"seed": 1}))

archive = next(p for p in sys.path if p.endswith(".zip") and "python" in p)
prefix = archive + "/"
# compiled from the zip's sources (not the modules frozen into Python, whose __file__ names the zip too)
wanted = sorted({m.__file__[len(prefix):] for m in list(sys.modules.values())
                 if isinstance(getattr(m, "__file__", None), str) and m.__file__.startswith(prefix)
                 and m.__file__.endswith(".py") and isinstance(m.__spec__.loader, zipimport.zipimporter)})
result = {}
with zipfile.ZipFile(archive) as zf:
    for rel in wanted:
        source = zf.read(rel)
        code = compile(source, prefix + rel, "exec", dont_inherit=True)
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
        result[rel] = base64.b64encode(bytes(pyc)).decode("ascii")
json.dumps(result, sort_keys=True)
`);
process.stdout.write(out);
