"""The jobs of ``build.py`` (the entry point beside this package), one module each.

* :mod:`builder.common`  - the repository's paths and the helpers every job shares (log, hashes, writes)
* :mod:`builder.vendor`  - the pinned downloads (Pyodide and ``qr`` from npm, micropip from PyPI) in ``.cache/``
* :mod:`builder.wheel`   - the engine's wheel (deterministic bytes)
* :mod:`builder.bytecode` - the engine's and the standard library's bytecode for Pyodide's Python, made in Node
* :mod:`builder.runtime` - Pyodide's runtime files as served (the pruned lock, the standard library zip)
* :mod:`builder.glyphs`  - the tile faces' outlines: remakes the committed ``web/render/glyphs.mjs`` from the font
* :mod:`builder.site`    - ``dist/`` itself: the files, ``build.json``, the manifest and the service worker
* :mod:`builder.server`  - the development server (MIME types, ETag, gzip, the Content-Security-Policy)

Standard library only (fontTools only to remake the glyphs). Tests and benchmarks import these modules
(``from builder import site``); the repository root must be on ``sys.path`` (it is for ``python build.py``,
and pyproject.toml puts it there for pytest).
"""
