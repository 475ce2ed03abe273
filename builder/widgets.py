"""The build's widget job: our pages' widgets carry the engine's analysis, and a widget page's offline list.

* Every ``<hzmj-hand>`` and ``<hzmj-lesson>`` written in a page of :data:`CARRIED_PAGES` without carried
  data gets it (``hzmj_core.tutorial.embed``, the same data ``python -m hzmj_core embed`` prints), so the
  widget script draws the page with no Python runtime.
* The tutorial page carries the catalogue and every lesson with its answer tables, so its lessons are read
  and their exercises answered with no runtime too.
* ``widgets.json`` lists the files a widget page needs (the page, the widget script and every module it
  imports before the reader asks for the engine): the service worker registered as ``sw.js?widgets=1``
  precaches those alone, so a visit to the demo article keeps it readable offline without fetching the
  engine (see web/sw.template.js).
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser

from hzmj_core.tutorial.embed import carried_hand, carried_lesson, carried_tutorial, json_block

CARRIED_PAGES = ("embed-demo.html",)
"""The pages whose widgets get their analysis at build time."""

TUTORIAL_PAGE = "tutorial.html"
TUTORIAL_SCRIPT = '<script type="module" src="tutorial/page.mjs"></script>'
"""The tutorial page gets its lessons and their answer tables as a data block before its script."""

WIDGET_PAGES = {"embed-demo.html": ("embed-demo.css", "embed-demo.mjs", "icon.svg")}
"""A widget page and the files of its own it loads (beside the modules its scripts import)."""

WIDGET = re.compile(r"<(hzmj-hand|hzmj-lesson)\b([^>]*)>(.*?)</\1\s*>", re.S | re.I)
IMPORT = re.compile(r"""(?:\bfrom\s*|^\s*import\s*)['"](\.{1,2}/[^'"]+)['"]""", re.M)


class _Attrs(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.attrs: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attrs = {k: v or "" for k, v in attrs}


def _attributes(tag: str, attrs: str) -> dict[str, str]:
    parser = _Attrs()
    parser.feed(f"<{tag}{attrs}>")
    return parser.attrs


def carry(page: str, name: str = "page") -> str:
    """The page with the engine's analysis inside each widget that has none. A widget the engine refuses
    stops the build with its page, the widget and the engine's message."""
    def one(m: re.Match[str]) -> str:
        tag, attrs, body = m.group(1).lower(), m.group(2), m.group(3)
        if "application/json" in body:
            return m.group(0)
        a = _attributes(tag, attrs)
        try:
            if tag == "hzmj-hand":
                data = carried_hand(a.get("tiles", ""), a.get("melds", ""), a.get("wildcard") or None,
                                    a.get("win-tile") or None)
            elif not a.get("name"):  # the carried data names its lesson: the widget must name it too
                raise ValueError("name the lesson (name=\"baotou\")")
            else:
                data = carried_lesson(a["name"])
        except ValueError as exc:  # AnalysisError, LessonError
            raise SystemExit(f"build: {name}: <{tag}{html.unescape(attrs)}>: {exc}") from None
        return f'<{m.group(1)}{attrs}>{body}<script type="application/json">{json_block(data)}</script></{m.group(1)}>'

    return WIDGET.sub(one, page)


def imports(files: dict[str, bytes], start: str) -> list[str]:
    """``start`` and every module it imports statically, transitively (a dynamic ``import()`` is not
    followed: that is what loads on demand)."""
    seen: list[str] = []
    todo = [start]
    while todo:
        name = todo.pop()
        if name in seen or name not in files:
            continue
        seen.append(name)
        base = name.rsplit("/", 1)[0] + "/" if "/" in name else ""
        for rel in IMPORT.findall(files[name].decode("utf-8")):
            parts: list[str] = []
            for part in (base + rel).split("/"):
                if part == "..":
                    parts.pop()
                elif part not in (".", ""):
                    parts.append(part)
            todo.append("/".join(parts))
    return sorted(seen)


def build_widgets(files: dict[str, bytes]) -> None:
    """Carry the analysis into our widget pages and write ``widgets.json`` (the files build.py serves)."""
    for page in CARRIED_PAGES:
        files[page] = carry(files[page].decode("utf-8"), page).encode("utf-8")
    tutorial = files[TUTORIAL_PAGE].decode("utf-8")
    if tutorial.count(TUTORIAL_SCRIPT) != 1:
        raise SystemExit(f"build: {TUTORIAL_PAGE} must load {TUTORIAL_SCRIPT} once")
    block = f'<script type="application/json" id="tutorial-data">{json_block(carried_tutorial())}</script>\n'
    files[TUTORIAL_PAGE] = tutorial.replace(TUTORIAL_SCRIPT, block + TUTORIAL_SCRIPT).encode("utf-8")
    needed: set[str] = set()
    for page, own in WIDGET_PAGES.items():
        needed |= {page, *own}
        for module in own:
            if module.endswith(".mjs"):
                needed |= set(imports(files, module))
        needed |= set(imports(files, "widget.mjs"))
    missing = sorted(needed - set(files))
    if missing:
        raise SystemExit(f"build: the widget pages need files the build does not have: {missing}")
    files["widgets.json"] = (json.dumps(sorted(needed), indent=1) + "\n").encode("utf-8")
