"""Fuzzing the engine's doors: real logs, saves, notation and webapi arguments, mutated.

Each test asserts a promise for every input hypothesis makes:
- the command line exits 0 or 2 and never lets an exception out (no traceback), with one error line;
- ``webapi.call`` raises nothing but ``ApiError``;
- after a refusal the state is exactly what it was;
- a log that replays reproduces its recorded results and points;
- an error line names what was wrong in at most 300 characters, however long the input;
- an integer flag takes ASCII digits only; only regular files are read as logs (a FIFO never blocks);
- rule options the engine accepts make games whose logs replay (``simulate`` never writes one ``replay``
  refuses);
- a number no JSON parser should return as a value (``1e400``, ``-1e400``, 25 digits) in any argument of any
  webapi method is refused with ``ApiError``.
- ``exam --grade`` and ``exam --verify`` (with or without a match file) on mutated answer sheets, codes, dates,
  names and ladder records end in one line of words: exit 0, 1 (a code that does not verify) or 2, no traceback.

The run here is short (seconds). ``scripts/fuzz.py`` runs the same tests on 100,000 inputs. The tests take
no pytest fixtures, so the script can call them with its own settings; ``COUNTS`` counts inputs tried.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import json
import os
import re
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hzmj_core import cli_tools, jsontext, webapi
from hzmj_core.bots import make_bot
from hzmj_core.cli import main
from hzmj_core.log import LogError, load, match_log, replay, same
from hzmj_core.match import Match
from hzmj_core.options import Options
from hzmj_core.schema import METHOD_ARGS
from hzmj_core.tiles import NotationError, parse_tokens
from hzmj_core.view import SeatView

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "engine" / "golden"
EXAMPLES = ROOT / "docs" / "examples"
COUNTS: Counter[str] = Counter()
"""Inputs tried per test (read by scripts/fuzz.py)."""

SHORT = settings(max_examples=int(os.environ.get("HZMJ_FUZZ_EXAMPLES", "20")), deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# ------------------------------------------------------------------------------------------ real inputs


@functools.cache
def real_logs() -> tuple[str, ...]:
    """Real logs as JSON text: the golden hands, the docs' scenario, a match (finished and mid-hand)."""
    out = []
    for path in sorted(GOLDEN.glob("*.json")):
        g = json.loads(path.read_text(encoding="utf-8"))
        out.append(json.dumps({"format": "hzmj-log", "version": 1, "kind": "hand", "options": g["options"],
                               "seed": g["seed"], "wall": None, "dealer": g["dealer"], "streak": g["streak"],
                               "points": [50] * 4, "actions": [s["action"] for s in g["steps"]],
                               "result": g["result"]}))
    out += [p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.glob("*.json"))]
    m = Match(Options(), 6)
    bots = [make_bot("basic", s) for s in range(4)]
    for _ in range(2):
        while not m.round.is_over:
            s = m.round.deciding_seats()[0]
            m.round.apply(bots[s].choose(SeatView.of(m.round, s)))
        m.finish_hand()
    for _ in range(9):
        s = m.round.deciding_seats()[0]
        m.round.apply(bots[s].choose(SeatView.of(m.round, s)))
    out.append(json.dumps(match_log(m)))
    for text in out:
        replay(load(text))  # every seed input is valid
    return tuple(out)


@functools.cache
def real_save() -> str:
    """A save of a game in its second hand, as the page keeps it (JSON text)."""
    webapi.call("new_game", json.dumps({"seed": "11", "level": "basic"}))
    for _ in range(400):
        st_ = json.loads(webapi.call("state"))
        if st_["hand_over"]:
            if st_["match"]["hand_number"] >= 2:
                break
            webapi.call("next_hand")
        elif st_["human_to_act"]:
            webapi.call("act", json.dumps({"action": st_["legal_actions"][-1]["text"]}))
        else:
            webapi.call("bot_step")
    text: str = json.loads(webapi.call("save_text"))
    return text


# ------------------------------------------------------------------------------------------ mutations

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30),
    st.sampled_from([0, 1, -1, 2**53 + 1, 2**64 - 1, 2**64, 2**64 + 1, 1.0, 0.5, float("nan"), float("inf")]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from(["", "S0 pass", "S1 discard 5m", "S2 win", "０m", "²m", "P*", "1m2m3m", "hzmj-log", "hand",
                     "match", "fixed", "flipped", "\u3000", "\x00", "9" * 25]),
)
JSON_VALUES = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=3)
                           | st.dictionaries(st.text(max_size=6), kids, max_size=3), max_leaves=6)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


def _tweak(data: st.DataObject, value: Any) -> Any:
    """A small change that keeps the value close to valid (so replays get deep), or a wild replacement."""
    how = data.draw(st.integers(0, 3))
    if how == 0:
        return data.draw(JSON_VALUES)
    if isinstance(value, bool):
        return data.draw(st.sampled_from([not value, int(value), None]))
    if isinstance(value, int):
        return data.draw(st.sampled_from([value + 1, value - 1, -value, float(value), value + 2**64, str(value),
                                          value == 1]))
    if isinstance(value, str):
        if not value:
            return data.draw(SCALARS)
        i = data.draw(st.integers(0, len(value) - 1))
        ch = data.draw(st.sampled_from([*list("0123456789mpsESWNCFP* S"), "０", "²", "\u3000", "é"]))
        return data.draw(st.sampled_from([value[:i] + ch + value[i + 1:], value[:i], value + ch,
                                          value[:i] + value[i + 1:]]))
    if isinstance(value, list):
        if not value:
            return [data.draw(JSON_VALUES)]
        i = data.draw(st.integers(0, len(value) - 1))
        j = data.draw(st.integers(0, len(value) - 1))
        swapped = list(value)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        return data.draw(st.sampled_from([value[:i] + value[i + 1:], value[:i + 1] + value[i:], swapped,
                                          value[:i]]))
    if isinstance(value, dict):
        if value and data.draw(st.booleans()):
            key = data.draw(st.sampled_from(sorted(value)))
            return {k: v for k, v in value.items() if k != key}
        return {**value, data.draw(st.text(max_size=8)): data.draw(JSON_VALUES)}
    return data.draw(JSON_VALUES)


def mutate(data: st.DataObject, doc: Any) -> Any:
    """One to three tweaks at random places of a JSON document."""
    doc = copy.deepcopy(doc)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(doc)))
        if not path:
            doc = _tweak(data, doc)
            continue
        parent = doc
        try:
            for key in path[:-1]:
                parent = parent[key]
            parent[path[-1]] = _tweak(data, parent[path[-1]])
        except (KeyError, IndexError, TypeError):  # an earlier tweak changed the shape
            pass
    return doc


def mutate_text(data: st.DataObject, text: str) -> bytes:
    """The JSON text of a mutated document, sometimes also cut, spliced or made invalid UTF-8."""
    out = json.dumps(mutate(data, json.loads(text)), ensure_ascii=data.draw(st.booleans())).encode()
    how = data.draw(st.integers(0, 5))
    if how == 1 and out:
        out = out[:data.draw(st.integers(0, len(out) - 1))]
    elif how == 2:
        i = data.draw(st.integers(0, len(out)))
        out = out[:i] + data.draw(st.binary(max_size=4)) + out[i:]
    elif how == 3:
        out = b"[" * data.draw(st.integers(60, 3000)) + out
    return out


# ------------------------------------------------------------------------------------------ helpers

_DIR = Path(tempfile.mkdtemp(prefix="hzmj-fuzz-"))


def run_cli(*args: str) -> tuple[int, str, str]:
    """``main(args)`` in process; any exception escaping it fails the test (it would be a traceback)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:  # argparse's own exit
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def check_exit(code: int, err: str) -> None:
    assert code in (0, 2), (code, err)
    if code == 2:
        assert err.startswith("error:") and err.count("\n") == 1, err
        assert len(err) <= 320, f"an error line of {len(err)} characters"
    assert "Traceback" not in err


def snapshot() -> tuple[str | None, Any]:
    """What a refusal must leave unchanged: the session's save and the replay viewer."""
    try:
        saved: str | None = webapi.call("save_text")
    except webapi.ApiError:
        saved = None
    return saved, webapi._viewer


def api(method: str, args: Any) -> Any:
    """One webapi call; only ApiError may come out, and a refusal changes nothing."""
    before = snapshot()
    try:
        text = json.dumps(args) if not isinstance(args, str) else args
    except ValueError:
        return None
    try:
        return json.loads(webapi.call(method, text))
    except webapi.ApiError:
        assert snapshot() == before, f"{method} refused but changed the state"
        return None


def check_reproduces(doc: Any) -> None:
    """A log that replays reproduces every recorded result, and a match's points follow the results."""
    report = replay(doc)
    hands = doc["hands"] if doc.get("kind") == "match" else [doc]
    points = hands[0].get("points")
    for h, r in zip(hands, report.rounds, strict=False):
        if doc.get("kind") == "match":
            assert same(h["points"], points)
        if "result" in h and h["result"] is not None and r.result is not None:
            assert same(json.loads(json.dumps(r.result.to_json())), h["result"])
            if points is not None:
                points = [p + d for p, d in zip(points, r.result.deltas, strict=True)]


# ------------------------------------------------------------------------------------------ the tests


@SHORT
@given(st.data())
def test_fuzz_logs_through_the_command_line(data: st.DataObject) -> None:
    COUNTS["logs"] += 1
    raw = mutate_text(data, data.draw(st.sampled_from(real_logs())))
    path = _DIR / "log.json"
    path.write_bytes(raw)
    code, out, err = run_cli("replay", str(path), "--json")
    check_exit(code, err)
    if code == 0:
        assert json.loads(out)["file"] == str(path)
        check_reproduces(load(raw.decode("utf-8")))
    else:
        try:
            replay(load(raw.decode("utf-8")))
        except (LogError, UnicodeDecodeError):
            pass
        else:
            raise AssertionError(f"the CLI refused a log that replays: {err}")


@SHORT
@given(st.data())
def test_fuzz_logs_through_webapi(data: st.DataObject) -> None:
    COUNTS["replay_load"] += 1
    raw = mutate_text(data, data.draw(st.sampled_from(real_logs())))
    text = raw.decode("utf-8", errors="replace")
    summary = api("replay_load", {"log": text})
    if summary is not None:
        check_reproduces(load(text))
        for i, h in enumerate(summary["hands"]):
            api("replay_frame", {"hand": i, "step": data.draw(st.integers(-1, h["actions"] + 1))})


@SHORT
@given(st.data())
def test_fuzz_saves(data: st.DataObject) -> None:
    COUNTS["saves"] += 1
    save = real_save()
    api("new_game", {"seed": "3"})
    raw = mutate_text(data, save).decode("utf-8", errors="replace")
    as_object = data.draw(st.booleans())
    if as_object:
        try:
            restored = api("restore", {"save": jsontext.loads(raw)})
        except ValueError:
            return
    else:
        restored = api("restore", {"save": raw})
    if restored is not None:  # a save that restores is a game that goes on
        api("state", {})


NOTATION_CHARS = st.sampled_from([*list("123456789mpsESWNCFP* ,0"), "０", "²", "\u3000", "\t", "é", "\x00", "-"])
NOTATION = st.one_of(st.text(NOTATION_CHARS, max_size=40), st.text(max_size=20),
                     st.sampled_from(["P* 1m2m3m 4p5p6p 7s8s9s EEE", "1m1m1m 2m3m4m 4p5p6p 7s8s9s EE",
                                      "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", "EEE 123m"]))


@SHORT
@given(NOTATION, st.one_of(st.none(), NOTATION), st.one_of(st.none(), NOTATION), st.one_of(st.none(), NOTATION))
def test_fuzz_notation(hand: str, melds: str | None, wildcard: str | None, win: str | None) -> None:
    COUNTS["notation"] += 1
    with contextlib.suppress(NotationError):
        parse_tokens(hand)
    args = ["analyze", "--json"] + (["--melds", melds] if melds else []) + (["--wildcard", wildcard] if wildcard
                                                                           else []) + ["--", hand]
    code, _, err = run_cli(*args)
    check_exit(code, err)
    api("analyze", {"hand": hand, "melds": melds, "wildcard": wildcard})
    api("hand_widget", {"tiles": hand, "melds": melds, "wildcard": wildcard, "win_tile": win})
    api("embed", {"tiles": hand, "melds": melds, "wildcard": wildcard, "win_tile": win, "caption": win})


def _plausible(name: str) -> st.SearchStrategy[Any]:
    return {
        "seed": st.one_of(st.integers(-3, 2**64 + 3).map(str), st.integers(0, 2**64 + 3), st.just("1" * 309)),
        "human": st.integers(-1, 4), "level": st.sampled_from(["easy", "normal", "strong", "basic", "x"]),
        "options": st.dictionaries(st.sampled_from(["wildcard_mode", "base_score", "start_points", "rob_kong"]),
                                   SCALARS, max_size=2),
        "hand": NOTATION, "tiles": NOTATION, "melds": NOTATION, "wildcard": NOTATION, "win_tile": NOTATION,
        "step": st.integers(-2, 300), "id": st.sampled_from(["basics", "x", ""]), "answer": JSON_VALUES,
    }.get(name, JSON_VALUES)


@SHORT
@given(st.data())
def test_fuzz_webapi_arguments(data: st.DataObject) -> None:
    COUNTS["webapi"] += 1
    method = data.draw(st.sampled_from(sorted(METHOD_ARGS)))
    names = [*sorted(METHOD_ARGS[method]), "x"]
    args: dict[str, Any] = {}
    for name in data.draw(st.lists(st.sampled_from(names), max_size=4, unique=True)):
        args[name] = data.draw(st.one_of(_plausible(name), JSON_VALUES))
    if method == "act" and data.draw(st.booleans()):
        legal = (api("state", {}) or {}).get("legal_actions") or [{"text": "S0 pass"}]
        args["action"] = legal[data.draw(st.integers(0, 63)) % len(legal)]["text"]  # no draw depends on state
    if data.draw(st.integers(0, 9)) == 0:  # the argument text itself broken
        api(method, data.draw(st.sampled_from(["[", "null", "[]", "1", '"x"', "{" * 70 + "}" * 70,
                                               '{"seed": NaN}'])))
    else:
        api(method, args)


INTEGER_FLAGS = [  # command before the flag, the flag, its range (None: no upper bound), the most worth running
    (["simulate", "--seed", "1", "--bots", "random"], "--hands", 1, None, 3),
    (["arena", "--seed", "1", "--hands", "1", "--seats", "random"], "--workers", 1, None, 2),
    (["arena", "--seed", "1", "--seats", "random"], "--hands", 1, None, 3),
    (["arena", "--seed", "1", "--hands", "1", "--seats", "random"], "--streak", 1, 3, 3),
    (["hint", "--seed", "1"], "--dealer", 0, 3, 3),
    (["hint", "--seed", "1"], "--streak", 1, 3, 3),
    (["hint", "--seed", "1"], "--seat", 0, 3, 3),
    (["hint", str(EXAMPLES / "scenario-baotou.json")], "--hand", 1, None, 10**30),
    (["hint", str(EXAMPLES / "scenario-baotou.json")], "--step", 0, None, 10**30),
    (["review", str(EXAMPLES / "scenario-baotou.json")], "--seat", 0, 3, 3),
]
FLAG_TEXT = st.one_of(
    st.integers(-5, 5).map(str),
    st.text(st.sampled_from([*"0123456789", "_", "+", "-", " ", ".", "e", "１", "٣", "²", "\u3000", "x"]), max_size=8),
    st.sampled_from(["１", "1_0", "+1", " 1", "1 ", "0x1", "1e0", "1.0", "٣", "9" * 30, "0" * 30 + "1", ""]),
)


@SHORT
@given(st.sampled_from(INTEGER_FLAGS), FLAG_TEXT)
def test_fuzz_integer_flags(flag: tuple[list[str], str, int, int | None, int], text: str) -> None:
    COUNTS["integer_flags"] += 1
    before, name, lo, hi, worth = flag
    digits = re.fullmatch(r"[0-9]+", text) is not None
    valid = digits and len(text) <= 20 and lo <= int(text) and (hi is None or int(text) <= hi)
    if valid and int(text) > worth:  # a valid count too large to play here: the flag's type alone
        assert cli_tools.int_arg(lo, hi)(text) == int(text)
        return
    code, _, err = run_cli(*before, name, text, "--json")
    check_exit(code, err)
    if code == 0:
        assert valid, (name, text)
    elif valid and name not in ("--step", "--hand"):  # a step or hand beyond the log's is the command's to refuse
        raise AssertionError(f"{name} {text!r} refused: {err}")


def _file_kinds() -> dict[str, Path]:
    base = _DIR / "kinds"
    if not base.exists():
        base.mkdir()
        (base / "dir").mkdir()
        os.mkfifo(base / "fifo")
        (base / "link").symlink_to(base / "fifo")
        (base / "empty.json").write_bytes(b"")
    return {"fifo": base / "fifo", "link to a fifo": base / "link", "directory": base / "dir",
            "device": Path(os.devnull), "empty": base / "empty.json", "missing": base / "missing.json"}


@pytest.mark.host_only  # FIFOs and devices: Pyodide's file system has no mkfifo
@SHORT
@given(st.sampled_from(["fifo", "link to a fifo", "directory", "device", "empty", "missing"]),
       st.sampled_from([["replay"], ["hint"], ["review", "--seat", "0"], ["simulate-options"]]))
def test_fuzz_files_that_are_not_logs(kind: str, command: list[str]) -> None:
    # a FIFO without a writer would block an ordinary open() forever: each of these must be refused at once
    COUNTS["files"] += 1
    path = _file_kinds()[kind]
    if command == ["simulate-options"]:
        args = ["simulate", "--hands", "1", "--seed", "1", "--options", str(path)]
    else:
        args = [command[0], str(path), *command[1:]]
    code, _, err = run_cli(*args)
    check_exit(code, err)
    assert code == 2, (kind, command)


OPTION_VALUES = {
    "base_score": st.one_of(st.integers(-2, 1002), st.sampled_from([10**6, 10**19, 10**20 - 1, 2**63])),
    "start_points": st.sampled_from([40, 50, 60, 45, 10**19]),
    "start_streak": st.integers(0, 4), "wildcard_mode": st.sampled_from(["fixed", "flipped", "x"]),
    "que_yi_men": st.sampled_from(["off", "m", "p", "s"]), "rob_kong": st.booleans(),
}


@SHORT
@given(st.fixed_dictionaries({}, optional=OPTION_VALUES), st.integers(0, 2**64 - 1))
def test_fuzz_options_simulate_then_replay(options: dict[str, Any], seed: int) -> None:
    # whatever rules simulate accepts, every log it writes replays
    COUNTS["options"] += 1
    folder = Path(tempfile.mkdtemp(dir=_DIR))
    opts = folder / "options.json"
    opts.write_text(json.dumps(options))
    code, _, err = run_cli("simulate", "--hands", "1", "--seed", str(seed), "--bots", "random",
                           "--options", str(opts), "--save-logs", str(folder / "logs"), "--json")
    check_exit(code, err)
    try:
        Options.from_json(options)
        accepted = True
    except ValueError:
        accepted = False
    assert (code == 0) == accepted, (options, err)
    for log in sorted((folder / "logs").glob("*.json")) if code == 0 else []:
        code, _, err = run_cli("replay", str(log), "--json")
        assert code == 0, f"simulate wrote a log that replay refuses: {err}"
    if accepted:  # and the page's session saves and restores such a game
        state = api("new_game", {"seed": str(seed), "options": options})
        assert state is not None
        assert api("restore", {"save": webapi.call("save_text") and json.loads(webapi.call("save_text"))})


HUGE_NUMBERS = st.sampled_from(["1e400", "-1e400", "1e308", "-0.0", "1e-400", "9" * 25, "-" + "9" * 25, "1E400",
                                "123456789012345678901234567890e10", "0.1e400", "[1e400]", '{"a": 1e400}'])


@SHORT
@given(st.data())
def test_fuzz_webapi_huge_numbers(data: st.DataObject) -> None:
    COUNTS["webapi_numbers"] += 1
    method = data.draw(st.sampled_from(sorted(METHOD_ARGS)))
    names = [*sorted(METHOD_ARGS[method]), "options", "x"]
    name = data.draw(st.sampled_from(names))
    number = data.draw(HUGE_NUMBERS)
    inner = data.draw(st.sampled_from(["{}", '{"base_score": {n}}', "[{n}]", '{"seed": {n}}']))
    value = data.draw(st.sampled_from([number, inner.replace("{n}", number)]))
    api(method, f'{{"{name}": {value}}}')


# ------------------------------------------------------------------------------------------ the exam's commands


@functools.cache
def real_exam() -> tuple[dict[str, Any], str, dict[str, Any]]:
    """A passing answer sheet, its code, and a one-match chained ladder record with its code's match file."""
    import sys

    from hzmj_core.exam import make_exam
    from hzmj_core.exam.certificate import exam_code

    sys.path.insert(0, str(Path(__file__).parent))
    from ladder_play import chained_record

    level, seed, qs = make_exam("registered", 5)
    sheet = {"level": "registered", "seed": 5, "answers": [q.answer for q in qs], "name": "Li Wei",
             "date": "2026-12-06"}
    code = exam_code(level, seed, [q.pack(q.answer) for q in qs], [q.radix() for q in qs], "2026-12-06", "Li Wei")
    return sheet, code, chained_record(3, 1)


DATES = st.sampled_from(["2026-12-06", "2023-12-30", "1970-01-01", "0001-01-01", "9999-12-31", "2099-12-31",
                         "2024-02-30", "2026-1-1", "", "x" * 400, "２０２６-12-06", "2026-12-06T00:00"])
NAMES = st.one_of(st.text(max_size=20), st.sampled_from(["A\x00\x07\x1b", "\udc80", "Li\ud800Wei", "x" * 100_000]))


def _code_variant(data: st.DataObject, code: str) -> str:
    how = data.draw(st.integers(0, 5))
    if how == 0:
        return code
    if how == 1:
        i = data.draw(st.integers(0, len(code) - 1))
        return code[:i] + data.draw(st.sampled_from([*"AZ27-8a ", "\x00", "é"])) + code[i + 1:]
    if how == 2:
        return code[:data.draw(st.integers(0, len(code)))]
    if how == 3:  # a sealed code of random bytes: the check passes, what it says is anything
        from hzmj_core.exam.certificate import _seal

        return _seal(bytes(data.draw(st.lists(st.integers(0, 255), min_size=1, max_size=40))))
    if how == 4:
        return code * data.draw(st.integers(2, 40))
    return data.draw(st.text(max_size=60))


@SHORT
@given(st.data())
def test_fuzz_exam_through_the_command_line(data: st.DataObject) -> None:
    COUNTS["exam"] += 1
    sheet, code, record = real_exam()
    if data.draw(st.booleans()):
        doc: Any = copy.deepcopy(sheet)
        if data.draw(st.booleans()):
            doc["date"] = data.draw(DATES)
        if data.draw(st.booleans()):
            doc["name"] = data.draw(NAMES)
        if data.draw(st.booleans()):
            doc = mutate(data, doc)
        path = _DIR / "sheet.json"
        try:
            path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8", errors="surrogatepass")
        except ValueError:
            return
        code_, _, err = run_cli("exam", "--grade", str(path))
        check_exit(code_, err)
        return
    args = ["exam", "--verify", _code_variant(data, code)]
    if data.draw(st.booleans()):
        args += ["--name", data.draw(NAMES)]
    if data.draw(st.booleans()):
        path = _DIR / "matches.json"
        path.write_text(json.dumps(mutate(data, copy.deepcopy(record)) if data.draw(st.booleans()) else record))
        args += ["--file", str(path)]
    code_, _, err = run_cli(*args)
    assert code_ in (0, 1, 2), (code_, err)
    assert "Traceback" not in err
    if code_:
        assert err.startswith("error:") and err.count("\n") == 1 and len(err) <= 320, err
