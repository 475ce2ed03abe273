"""The engine's private names stay private: no module, benchmark or script imports another module's private
name, and nothing outside the round's own modules (``round.py`` and the ``round_*.py`` it is made of) reaches
into a round's private methods or caches (they use the public API: ``legal_map``, ``legal_actions``,
``from_position``...)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from hzmj_core.round import Round

ROOT = Path(__file__).resolve().parents[2]


def _sources() -> list[Path]:
    return sorted([*ROOT.glob("hzmj_core/**/*.py"), *ROOT.glob("benchmarks/*.py"), *ROOT.glob("scripts/*.py")])


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


@pytest.mark.host_only
def test_no_module_imports_another_modules_private_names() -> None:
    found = [f"{path.relative_to(ROOT)}:{node.lineno} {node.module}.{alias.name}"
             for path in _sources() for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.ImportFrom) and node.module != "__future__"
             for alias in node.names if _private(alias.name)]
    assert found == []


@pytest.mark.host_only
def test_nothing_outside_the_round_calls_its_private_methods() -> None:
    private = {name for cls in Round.__mro__ for name in [*vars(cls), *getattr(cls, "__slots__", ())]
               if _private(name)}
    assert "_claim_options" in private and "_legal" in private  # what is looked for
    found = [f"{path.relative_to(ROOT)}:{node.lineno} {ast.unparse(node)}"
             for path in _sources() if not (path.parent.name == "hzmj_core" and path.stem.split("_")[0] == "round")
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Attribute) and node.attr in private
             and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))]
    assert found == []
