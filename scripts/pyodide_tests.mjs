#!/usr/bin/env node
// Run the engine's pytest suite inside real Pyodide (Python 3.14 on WebAssembly) under Node.
//
//   node scripts/pyodide_tests.mjs [pytest args...]      (default: tests/engine -x -p no:cacheprovider;
//                                                        pyproject's addopts add -q)
//
// Needs (scripts/setup.sh provides both, offline afterwards):
//   .cache/pyodide-<ver>/package/   the unpacked npm package   (python build.py fetch)
//   .cache/py314-test-wheels/*.whl  pytest + deps, hypothesis + deps, pure-Python wheels for 3.14
// The repository is mounted read-write at /proj with NODEFS (pytest runs with -p no:cacheprovider and
// bytecode writing off, so it leaves nothing behind but hypothesis' example database when one is used).
// Exit code: pytest's (0 ok, 1 failures, 5 no tests collected, ...); 3 if the runner itself failed.

import {readdirSync, readFileSync, existsSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const vendorPy = readFileSync(join(ROOT, 'builder', 'vendor.py'), 'utf8');
const PYODIDE_VERSION = /^PYODIDE_VERSION = "([^"]+)"/m.exec(vendorPy)[1];
const PYODIDE_DIR = process.env.HZMJ_PYODIDE_DIR || join(ROOT, '.cache', `pyodide-${PYODIDE_VERSION}`, 'package');
const WHEEL_DIR = process.env.HZMJ_PYODIDE_WHEELS || join(ROOT, '.cache', 'py314-test-wheels');

function die(msg) {
  console.error(`pyodide_tests: ${msg}`);
  process.exit(3);
}

if (!existsSync(join(PYODIDE_DIR, 'pyodide.mjs'))) die(`no Pyodide at ${PYODIDE_DIR}: run python build.py fetch`);
if (!existsSync(WHEEL_DIR)) die(`no test wheels at ${WHEEL_DIR}: run scripts/setup.sh`);
// Exactly the wheels pinned in scripts/pyodide-test-wheels.txt (older downloads may lie beside them).
const available = readdirSync(WHEEL_DIR).filter((f) => f.endsWith('.whl'));
const wheels = [];
for (let line of readFileSync(join(ROOT, 'scripts', 'pyodide-test-wheels.txt'), 'utf8').split('\n')) {
  line = line.split('#')[0].trim();
  if (!line) continue;
  const [name, version] = line.split('==');
  const prefix = `${name.replace(/-/g, '_')}-${version}-`;
  const found = available.find((f) => f.toLowerCase().startsWith(prefix.toLowerCase()));
  if (found) wheels.push(found);
  else if (name === 'hypothesis' || name === 'sortedcontainers') console.warn(`pyodide_tests: no ${line} wheel in ${WHEEL_DIR}`);
  else die(`no ${line} wheel in ${WHEEL_DIR}: run scripts/setup.sh`);
}

const pytestArgs = process.argv.slice(2);
const args = pytestArgs.length ? pytestArgs : ['tests/engine', '-x', '-p', 'no:cacheprovider'];
if (!args.some((a) => a === 'no:cacheprovider')) args.push('-p', 'no:cacheprovider');
// Tests marked host_only need a subprocess or a host-only reference package: not collected here.
if (!args.includes('-m')) args.push('-m', 'not host_only');

process.on('uncaughtException', (err) => die(`runner failed: ${err && err.stack ? err.stack.split('\n').filter((l) => l.length < 400).join('\n') : err}`));
process.on('unhandledRejection', (err) => die(`runner failed: ${err && err.message || err}`));

const t0 = performance.now();
const {loadPyodide} = await import(pathToFileURL(join(PYODIDE_DIR, 'pyodide.mjs')).href);
const pyodide = await loadPyodide({
  indexURL: PYODIDE_DIR + '/',
  packageBaseUrl: PYODIDE_DIR + '/',   // never fall back to a CDN
  env: {PYTHONDONTWRITEBYTECODE: '1', HOME: '/home/pyodide', ...pickEnv(['HYPOTHESIS_PROFILE', 'CI'])},
});
// raw (unbuffered, byte-exact) output, so pytest's progress dots stay on one line
pyodide.setStdout({write: (buf) => { process.stdout.write(buf); return buf.length; }});
pyodide.setStderr({write: (buf) => { process.stderr.write(buf); return buf.length; }});
const tReady = performance.now();

// Pure-Python wheels: unpack straight into site-packages (fast, no lock file, no network).
// (unpackArchive defaults to the working directory, which is not on sys.path once we chdir.)
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const whl of wheels) {
  const buf = readFileSync(join(WHEEL_DIR, whl));
  pyodide.unpackArchive(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), 'wheel', {extractDir: sitePackages});
}

pyodide.FS.mkdirTree('/proj');
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, {root: ROOT}, '/proj');

const haveHypothesis = wheels.some((w) => w.startsWith('hypothesis-')) && wheels.some((w) => w.startsWith('sortedcontainers-'));
const banner = `pyodide_tests: Pyodide ${pyodide.version} (Python ${pyodide.runPython('import sys; sys.version.split()[0]')}), `
  + `started in ${((tReady - t0) / 1000).toFixed(1)} s; wheels: ${wheels.map((w) => w.split('-').slice(0, 2).join(' ')).join(', ')}`;
console.log(banner);

pyodide.globals.set('PYTEST_ARGS', pyodide.toPy(args));
pyodide.globals.set('HAVE_HYPOTHESIS', haveHypothesis);
const code = pyodide.runPython(`
import os, sys
sys.dont_write_bytecode = True
os.chdir("/proj")
sys.path.insert(0, "/proj")
args = list(PYTEST_ARGS)
if not HAVE_HYPOTHESIS:
    # hypothesis could not be loaded: skip (loudly) only the test modules that import it
    import pathlib
    skipped = [str(p) for p in pathlib.Path("tests").rglob("test_*.py")
               if "hypothesis" in p.read_text(encoding="utf-8", errors="replace")]
    for p in skipped:
        print(f"pyodide_tests: SKIPPING {p}: hypothesis is not available in Pyodide")
        args += ["--ignore", p]
import pytest
int(pytest.main(args))
`);
console.log(`pyodide_tests: pytest exit code ${code} after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
process.exit(code);

function pickEnv(names) {
  const out = {};
  for (const n of names) if (process.env[n] !== undefined) out[n] = process.env[n];
  return out;
}
