#!/usr/bin/env python3
"""Build (and optionally serve) the browser version of hzmj into ``dist/``.

Standard library only: it needs the host Python (3.11+) and Node with npm, nothing else (the tile glyphs are
committed). Each job is a module of ``builder/`` beside this file (see its docstring); this file is the
command line.

    python build.py                 # build dist/
    python build.py serve [--port 8000] [--host 127.0.0.1]
    python build.py fetch           # only fill .cache/ (Pyodide + micropip), for the Node test runner
    python build.py glyphs          # make web/render/glyphs.mjs again (needs fontTools and fonts-noto-cjk)
    python build.py checkjs         # type-check web/'s JavaScript with the pinned TypeScript (builder/checkjs.py)
    python build.py words           # make web/engine-words.mjs again (= python3 -m builder.words; build does it)

What it does:
  * builds a pure-Python wheel of ``hzmj_core`` with zipfile (deterministic bytes),
    served as ``wheels/<hash8>/hzmj_core-<ver>-py3-none-any.whl`` so no cache ever serves a stale one;
  * fetches Pyodide with ``npm pack pyodide@<PYODIDE_VERSION>`` into ``.cache/`` (once) and copies
    the runtime files into ``dist/pyodide/``, the standard library with the modules a cold start imports as
    bytecode (``scripts/stdlib_pyc.mjs``: Pyodide ships it as sources, which every first visit compiled);
  * fetches the micropip wheel for Python 3.14 from PyPI (once, with urllib) and serves it next to Pyodide,
    with its real sha256 written into the served ``pyodide-lock.json`` (pruned to the packages served);
  * fetches the npm library the page uses (``qr`` for invitations) with ``npm pack`` (once) and serves it in
    ``dist/vendor/``;
  * copies ``web/`` into ``dist/``, writes ``dist/build.json``, ``dist/manifest.webmanifest`` and a
    service worker ``dist/sw.js`` whose cache name includes the build id.

Every URL inside dist/ is relative, so dist/ works from any sub-path of any static host.
Network is only used on the first run (npm + PyPI); later builds are offline.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from builder import checkjs, glyphs, server, site, vendor, wheel, words
from builder.common import DIST, ROOT, log


def serve(port: int, host: str) -> None:
    """Build dist/ and serve it until Ctrl-C."""
    site.build()
    httpd = server.make_server(DIST, host, port, quiet=False)
    h, p = httpd.server_address[:2]
    log(f"serving dist/ at http://{h!s}:{p}/  (Ctrl-C to stop)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring); returns the exit code."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", nargs="?", default="build",
                    choices=["build", "serve", "fetch", "wheel", "glyphs", "words", "checkjs"])
    ap.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--out", type=Path, default=DIST, help="output directory (default dist/)")
    args = ap.parse_args(argv)
    if args.command in ("build", "serve", "words"):  # the engine's words for the page, never a stale copy
        words.write()
    if args.command == "fetch":
        vendor.fetch_all()
        print(vendor.pyodide_cache_dir())
    elif args.command == "wheel":
        name, data = wheel.build_wheel_bytes()
        out = ROOT / "build" / name
        out.parent.mkdir(exist_ok=True)
        out.write_bytes(data)
        print(out)
    elif args.command == "glyphs":
        print(glyphs.write_glyphs_module())
    elif args.command == "checkjs":
        return checkjs.check()
    elif args.command == "serve":
        serve(args.port, args.host)
    elif args.command == "build":
        site.build(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
