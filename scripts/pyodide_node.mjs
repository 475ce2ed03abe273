// The pinned Pyodide under Node for the build's bytecode scripts (compile_pyc.mjs, stdlib_pyc.mjs).
// PYTHONHASHSEED=0 keeps the bytecode the same from one build to the next (set constants are marshalled in
// hash order); Python's own output is dropped, as each script prints its JSON on Node's stdout.
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';

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
