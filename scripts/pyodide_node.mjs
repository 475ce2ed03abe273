// The pinned Pyodide under Node for the build's bytecode scripts (compile_pyc.mjs, stdlib_pyc.mjs) and the
// benchmarks' Pyodide runs (benchmarks/pyodide_*.mjs).
// PYTHONHASHSEED=0 keeps the bytecode the same from one build to the next (set constants are marshalled in
// hash order); Python's own output is dropped, as each script prints its JSON on Node's stdout.
import {readFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';

/** Start the Pyodide whose files are in `dir` (the unpacked npm package). */
export async function startPyodide(dir) {
  const {loadPyodide} = await import(pathToFileURL(join(dir, 'pyodide.mjs')).href);
  const pyodide = await loadPyodide({
    indexURL: dir + '/',
    packageBaseUrl: dir + '/',
    env: {PYTHONHASHSEED: '0', PYTHONDONTWRITEBYTECODE: '1'},
  });
  pyodide.setStdout({batched: () => {}});
  return pyodide;
}

/** The repository's root, and the unpacked npm Pyodide of the version builder/vendor.py pins (in .cache/). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export function pinnedPyodideDir() {
  const version = /^PYODIDE_VERSION = "([^"]+)"/m.exec(readFileSync(join(ROOT, 'builder', 'vendor.py'), 'utf8'))[1];
  return join(ROOT, '.cache', `pyodide-${version}`, 'package');
}

/** The pinned Pyodide with the repository mounted at /proj (the benchmarks' Pyodide runs). */
export async function projectPyodide() {
  const py = await startPyodide(pinnedPyodideDir());
  py.FS.mkdirTree('/proj');
  py.FS.mount(py.FS.filesystems.NODEFS, {root: ROOT}, '/proj');
  return py;
}
