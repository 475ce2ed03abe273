"""The type check of the page's JavaScript: TypeScript's checker over ``web/`` as JavaScript (``checkJs``, the
types written as JSDoc), emitting nothing.

TypeScript is pinned and fetched like Pyodide (``npm pack typescript@<TYPESCRIPT_VERSION>`` into ``.cache/``
once, its tarball checked by sha256) and run with the host's Node as ``node .../bin/tsc``. 6.0 is the last
TypeScript whose compiler is JavaScript (7.0 is the native port: a launcher plus a per-platform binary from an
optional dependency, which would tie the pinned sha256 to one platform) and it has no dependencies.

Two projects, because a page and a worker see different globals (``dom`` and ``webworker`` cannot be in one
program): ``tsconfig.json`` (the pages' modules) and ``tsconfig.worker.json`` (the engine worker and the service
worker). ``types/`` declares what the page adds to ``window`` and what it imports from outside ``web/``.

    python build.py checkjs     # exit code 0 when both projects have no error
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from builder.common import ROOT, log
from builder.vendor import npm_package

TYPESCRIPT_VERSION = "6.0.3"
# sha256 of the npm tarball `npm pack typescript@6.0.3` (checked on every fetch).
TYPESCRIPT_TGZ_SHA256 = "33cd0ee1beaa8c9e9d15a9da836c62ddea4c34a42d7c2d349dbc80d94165d22a"
TYPESCRIPT_FILES = ("bin/tsc", "lib/tsc.js", "lib/_tsc.js", "lib/lib.dom.d.ts", "lib/lib.webworker.d.ts")
PROJECTS = ("tsconfig.json", "tsconfig.worker.json")


def fetch_typescript() -> Path:
    """The unpacked npm package of the pinned TypeScript (the directory holding ``bin/tsc``), fetched once."""
    return npm_package("typescript", TYPESCRIPT_VERSION, TYPESCRIPT_TGZ_SHA256, TYPESCRIPT_FILES)


def check(projects: tuple[str, ...] = PROJECTS) -> int:
    """Run the checker over each project (paths relative to the repository); the errors go to stdout as tsc
    writes them. Returns 0 when no project has an error, else 1."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("checkjs: Node is needed to run TypeScript's checker")
    tsc = fetch_typescript() / "bin" / "tsc"
    failed = []
    for project in projects:
        log(f"checkjs: tsc {TYPESCRIPT_VERSION} -p {project}")
        done = subprocess.run([node, str(tsc), "-p", project, "--pretty", "false"], cwd=ROOT, check=False)
        if done.returncode != 0:
            failed.append(project)
    if failed:
        log(f"checkjs: type errors in {', '.join(failed)}")
        return 1
    log(f"checkjs: no type errors ({', '.join(projects)})")
    return 0
