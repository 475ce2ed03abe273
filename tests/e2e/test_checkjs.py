"""The type check of web/'s JavaScript (``python build.py checkjs``, builder/checkjs.py): it is the pinned
TypeScript, it reads the types written in JSDoc, and a type error makes it fail. (scripts/test.sh runs it over
the repository's own two projects; this file checks that the check can fail, on small projects of its own.)
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from builder import checkjs

ROOT = Path(__file__).resolve().parents[2]


def project(tmp_path: Path, source: str, lib: list[str]) -> str:
    """A project of one module with the repository's options (tsconfig.json) and these libraries."""
    (tmp_path / "m.mjs").write_text(source, encoding="utf-8")
    (tmp_path / "tsconfig.json").write_text(json.dumps({
        "extends": str(ROOT / "tsconfig.json"),
        "compilerOptions": {"lib": lib},
        "include": [str(tmp_path / "m.mjs")],
        "exclude": [],
    }), encoding="utf-8")
    return str(tmp_path / "tsconfig.json")


@pytest.mark.parametrize(("source", "lib", "error"), [
    # a JSDoc parameter type that a caller breaks
    ("/** @param {number} n */\nexport function half(n) { return n / 2; }\nhalf('four');\n",
     ["es2023", "dom"], "TS2345"),
    # a page's element used as what it is not (an HTMLElement has no .value)
    ("document.body.value = 1;\n", ["es2023", "dom"], "TS2339"),
    # a page's global in a worker
    ("export const root = document.documentElement;\n", ["es2023", "webworker"], "TS2584"),
])
def test_a_type_error_fails_the_check_and_is_named(tmp_path: Path, capfd: pytest.CaptureFixture[str],
                                                   source: str, lib: list[str], error: str) -> None:
    assert checkjs.check((project(tmp_path, source, lib),)) == 1
    out = capfd.readouterr().out
    assert "m.mjs(" in out and f"error {error}" in out, out


def test_a_clean_module_passes(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    source = "/** @param {number} n */\nexport function half(n) { return n / 2; }\nhalf(4);\n"
    assert checkjs.check((project(tmp_path, source, ["es2023", "dom"]),)) == 0
    assert "error" not in capfd.readouterr().out


def test_the_checker_is_the_pinned_typescript() -> None:
    package = json.loads((checkjs.fetch_typescript() / "package.json").read_text(encoding="utf-8"))
    assert package["name"] == "typescript" and package["version"] == checkjs.TYPESCRIPT_VERSION
    # the compiler in JavaScript, whole in the package (the native port needs a per-platform optional dependency)
    assert not package.get("optionalDependencies") and not package.get("dependencies")
    assert (checkjs.fetch_typescript() / "lib" / "_tsc.js").stat().st_size > 1_000_000


def run_dom_lookup(script: str) -> subprocess.CompletedProcess[str]:
    """Run `script` in Node after importing web/page.mjs's `$` over a stand-in document with one
    element, #box, a Div (its classes stand in for the browser's)."""
    prelude = (
        "class HTMLElement { get localName() { return 'div'; } }\n"
        "class Div extends HTMLElement {}\n"
        "class HTMLInputElement extends HTMLElement {}\n"
        "const box = new Div();\n"
        "globalThis.document = {getElementById: (id) => (id === 'box' ? box : null)};\n"
        f"const {{$}} = await import({json.dumps((ROOT / 'web' / 'page.mjs').as_uri())});\n"
    )
    return subprocess.run(["node", "--input-type=module", "-e", prelude + script], capture_output=True, text=True,
                          check=False, timeout=60)


def test_an_element_fetched_as_another_class_is_refused_naming_its_id() -> None:
    done = run_dom_lookup("$('box', HTMLInputElement);")
    assert done.returncode != 0
    assert "TypeError: #box is a <div>, not a HTMLInputElement" in done.stderr, done.stderr


def test_an_element_of_its_class_or_a_missing_one_comes_back_as_it_is() -> None:
    done = run_dom_lookup("console.log($('box', Div) === box, $('box') === box, $('gone', HTMLInputElement));")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "true true null"
