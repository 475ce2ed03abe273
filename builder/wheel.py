"""The engine's pure-Python wheel, built with zipfile: the same sources give the same bytes."""

from __future__ import annotations

import base64
import hashlib
import io
import re
import tomllib
import zipfile
from pathlib import Path

from builder.common import PKG, ROOT

# 1980-01-01, the earliest date a zip can store: every wheel entry gets it, so the bytes are reproducible.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def package_version() -> str:
    """``hzmj_core.__version__``, read from the source (not imported)."""
    text = (PKG / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r"^__version__\s*=\s*['\"]([^'\"]+)['\"]", text, re.M)
    if not m:
        raise SystemExit("hzmj_core/__init__.py has no __version__ = '...'")
    return m.group(1)


def package_summary() -> str:
    """The first line of ``hzmj_core``'s docstring."""
    text = (PKG / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r'^"""(.*?)$', text, re.M)
    return m.group(1).strip() if m else "Hangzhou Mahjong rules engine"


def package_files() -> list[Path]:
    """Every file of the package that belongs in the wheel, sorted."""
    out = []
    for p in sorted(PKG.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(PKG)
        if "__pycache__" in rel.parts or p.suffix in {".pyc", ".pyo"} or p.name.startswith("."):
            continue
        out.append(p)
    return out


def _zip_write(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = (0o100644 & 0xFFFF) << 16
    info.create_system = 3  # unix, so the permission bits above are honoured
    zf.writestr(info, data, compresslevel=9)


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"sha256={digest}"


def build_wheel_bytes(bytecode: dict[str, bytes] | None = None) -> tuple[str, bytes]:
    """Return (filename, bytes) of the pure-Python wheel of hzmj_core. Deterministic.

    ``bytecode`` (a module's archive name -> its .pyc bytes, see :func:`builder.bytecode.pyodide_bytecode`)
    makes the web build's wheel: each module is shipped as ``x.pyc`` instead of ``x.py``. The wheel for pip
    has sources.
    """
    version = package_version()
    name = "hzmj_core"
    dist_info = f"{name}-{version}.dist-info"
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project = pyproject.get("project", {})

    entries: list[tuple[str, bytes]] = []
    for p in package_files():
        arc = "hzmj_core/" + p.relative_to(PKG).as_posix()
        if bytecode is not None and arc in bytecode:
            entries.append((arc[:-3] + ".pyc", bytecode[arc]))
        else:
            entries.append((arc, p.read_bytes()))

    meta = [
        "Metadata-Version: 2.1",
        f"Name: {name}",
        f"Version: {version}",
        f"Summary: {package_summary()}",
    ]
    if "requires-python" in project:
        meta.append(f"Requires-Python: {project['requires-python']}")
    lic = project.get("license")
    if isinstance(lic, dict) and "text" in lic:
        meta.append(f"License: {lic['text']}")
    for c in project.get("classifiers", []):
        meta.append(f"Classifier: {c}")
    for dep in project.get("dependencies", []):
        meta.append(f"Requires-Dist: {dep}")
    entries.append((f"{dist_info}/METADATA", ("\n".join(meta) + "\n").encode("utf-8")))
    # "hzmj-build.py" stays the generator's name: it is part of the wheel's bytes (and so of the build id)
    wheel_txt = "Wheel-Version: 1.0\nGenerator: hzmj-build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries.append((f"{dist_info}/WHEEL", wheel_txt.encode("utf-8")))
    scripts = project.get("scripts", {})
    if scripts:
        ep = "[console_scripts]\n" + "".join(f"{k} = {v}\n" for k, v in sorted(scripts.items()))
        entries.append((f"{dist_info}/entry_points.txt", ep.encode("utf-8")))

    record_name = f"{dist_info}/RECORD"
    record_lines = [f"{arc},{_record_hash(data)},{len(data)}" for arc, data in entries]
    record_lines.append(f"{record_name},,")
    entries.append((record_name, ("\n".join(record_lines) + "\n").encode("utf-8")))

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for arc, data in entries:
            _zip_write(zf, arc, data)
    return f"{name}-{version}-py3-none-any.whl", buf.getvalue()
