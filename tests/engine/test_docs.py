"""The documents describe the code as it is: every module of hzmj_core in docs/engine.md, every module of the
engine worker in docs/browser.md."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engine_doc_names_every_module() -> None:
    """docs/engine.md names every module of hzmj_core (a subpackage's modules in its row)."""
    doc = (ROOT / "docs/engine.md").read_text(encoding="utf-8")
    pkg = ROOT / "hzmj_core"
    missing = [str(p.relative_to(ROOT)) for p in sorted(pkg.rglob("*.py"))
               if p.name != "__init__.py" and f"`{p.name}`" not in doc]
    packages = [p.parent.relative_to(pkg).as_posix() for p in pkg.rglob("__init__.py")]
    missing += [f"{d}/" for d in packages if d != "." and f"`{d.split('/')[-1]}/`" not in doc]
    assert missing == []


def test_browser_doc_names_every_worker_module() -> None:
    """docs/browser.md names web/worker.mjs and each module of web/worker/ it wires."""
    doc = (ROOT / "docs/browser.md").read_text(encoding="utf-8")
    names = ["worker.mjs", *(f"`{p.name}`" for p in sorted((ROOT / "web/worker").glob("*.mjs")))]
    assert [n for n in names if n not in doc] == []
    wiring = (ROOT / "web/worker.mjs").read_text(encoding="utf-8")
    imported = sorted(p.name for p in (ROOT / "web/worker").glob("*.mjs") if f"./worker/{p.name}" in wiring)
    assert imported == sorted(p.name for p in (ROOT / "web/worker").glob("*.mjs"))
