"""Game logs: JSON records of hands and matches that replay bit for bit (format: ``docs/log-format.md``).

A *hand log* holds the format version, the options, the seed or the explicit wall, dealer, streak, points
before the hand, every action in order and (optionally) the recorded result. A hand log without a result
is a *scenario*: replaying it stops after its last action and reports the state and the legal actions.
A *match log* holds the options, the match seed and the hand logs of every hand.

:func:`replay` is the one way a game is rebuilt from a log: a match log is played hand by hand through a
real :class:`~hzmj_core.match.Match` (its dealer, streak and points are the match's own, checked against
what the log recorded), and :func:`match_from_log` hands that match on (a saved game resumes from it, the
replay viewer shows its hands).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from .actions import Action, ActionError
from .jsontext import JsonInputError, loads
from .match import Match
from .options import OPTION_INFO, Options, OptionsError
from .reasons import Reason, because, shown
from .rng import SeedError, check_seed
from .round import IllegalActionError, Round, full_tile_set, wall_problem
from .tiles import TILE_NAMES, NotationError, parse_tile

FORMAT = "hzmj-log"
VERSION = 1


class LogError(ValueError):
    """A log is malformed or does not reproduce what it recorded; the message names the first problem.

    ``reason`` is the same problem as a :class:`~hzmj_core.reasons.Reason` (a code of
    :data:`~hzmj_core.reasons.LOG_CODES`), which the page words in the player's language.
    """

    def __init__(self, message: str, reason: Reason) -> None:
        super().__init__(message)
        self.reason = reason


_HAND_WHERE = re.compile(r"hands\[(\d+)\]")


def _problem(where: str, message: str, code: str, **params: Any) -> LogError:
    """A :class:`LogError` at ``where`` ("log" or "hands[i]"): the message in English, the reason with the hand."""
    m = _HAND_WHERE.fullmatch(where)
    return LogError(f"{where}: {message}", because(code, where=int(m.group(1)) if m else None, **params))


def hand_log(r: Round, points: list[int] | None = None, include_result: bool = True) -> dict[str, Any]:
    """The log of a hand (finished or not). Without a result (or unfinished) it is a scenario."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "kind": "hand",
        "options": r.options.to_json(),
        "seed": r.seed,
        "wall": None if r.seed is not None else [_name(t) for t in r.wall],
        "dealer": r.dealer,
        "streak": r.streak,
        "points": list(points) if points is not None else [r.options.start_points] * 4,
        "actions": [str(a) for a in r.actions],
    }
    if include_result and r.result is not None:
        data["result"] = r.result.to_json()
    return data


def match_log(m: Match) -> dict[str, Any]:
    """The log of a match: every finished hand, and the hand in progress as a scenario."""
    hands = []
    for h in m.history:
        hands.append({"format": FORMAT, "version": VERSION, "kind": "hand", "options": m.options.to_json(),
                      "seed": h.seed, "wall": None, "dealer": h.dealer, "streak": h.streak,
                      "points": list(h.points_before), "actions": list(h.actions),
                      "result": h.result.to_json()})
    if not m.over:
        hands.append(hand_log(m.round, m.points, include_result=False))
    return {"format": FORMAT, "version": VERSION, "kind": "match", "options": m.options.to_json(),
            "seed": m.seed, "first_dealer": m.first_dealer, "hands": hands, "summary": m.summary()}


def seedless_match_log(m: Match) -> dict[str, Any]:
    """The log of a match's played hands with every wall written out and no seed (a hand's seed could lead
    back to the match seed, and so to the walls still to come): for a player who must not learn the walls of
    the hands not yet played. :func:`replay` replays it; nothing continues it. A hand over but not yet booked
    is the last one, without its result (as in :func:`match_log`); a hand in progress is left out."""
    hands = []
    for h in m.history:
        wall = Round.deal(m.options, dealer=h.dealer, streak=h.streak, seed=h.seed).wall
        hands.append({"format": FORMAT, "version": VERSION, "kind": "hand", "options": m.options.to_json(),
                      "seed": None, "wall": [_name(t) for t in wall], "dealer": h.dealer, "streak": h.streak,
                      "points": list(h.points_before), "actions": list(h.actions), "result": h.result.to_json()})
    if not m.over and m.round.is_over:
        last = hand_log(m.round, m.points, include_result=False)
        last["seed"] = None
        last["wall"] = [_name(t) for t in m.round.wall]
        hands.append(last)
    return {"format": FORMAT, "version": VERSION, "kind": "match", "options": m.options.to_json(),
            "seed": None, "first_dealer": m.first_dealer, "hands": hands, "summary": m.summary()}


def _name(t: int) -> str:
    return TILE_NAMES[t]


@dataclass
class ReplayReport:
    """What a replay found: the final round(s), whether results matched, and for scenarios the state."""

    kind: str
    rounds: list[Round]
    """Every hand as replayed (``Round.replayed(step)`` gives any earlier point of one)."""
    checked_results: int
    scenario: bool
    match: Match | None = None
    """For a match log: the match rebuilt at the log's end, ready to go on."""

    @property
    def last(self) -> Round:
        """The last hand replayed."""
        return self.rounds[-1]


def _need(data: dict[str, Any], key: str, types: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise _problem(where, f"missing key {key!r}", "log_missing", field=key)
    value = data[key]
    if not isinstance(value, types) or (isinstance(value, bool) and types is int):
        raise _problem(where, f"{key!r} has the wrong type ({type(value).__name__})", "log_wrong_type", field=key)
    return value


def same(a: Any, b: Any) -> bool:
    """Equal JSON values of exactly the same types: ``true`` is not ``1`` and ``1.0`` is not ``1``."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _check_points(d: dict[str, Any], where: str) -> None:
    points = d.get("points")
    if points is not None and not (isinstance(points, list) and len(points) == 4
                                   and all(type(p) is int for p in points)):
        raise _problem(where, f"'points' must be a list of 4 integers, got {points!r}", "log_points")


def _check_header(data: Any, where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _problem(where, "a log must be a JSON object", "log_not_object")
    if data.get("format") != FORMAT:
        raise _problem(where, f"'format' must be {FORMAT!r}, got {data.get('format')!r}", "log_format")
    if not same(data.get("version"), VERSION):
        raise _problem(where, f"unsupported version {data.get('version')!r} (this engine reads {VERSION})",
                       "log_version", value=shown(data.get("version")), supported=VERSION)
    return data


def _options(d: dict[str, Any], where: str) -> Options:
    """The log's options; a problem names the option and what is wrong with its value."""
    data = _need(d, "options", dict, where)
    try:
        return Options.from_json(data)
    except OptionsError as exc:
        # the options' own reason (option_unknown, option_range, option_choice), said of this log's hand
        if exc.reason is None or exc.key is None:  # pragma: no cover (a dict is refused only for one option)
            raise AssertionError(f"options refused with no bad option: {exc}") from None
        raise _problem(where, f"options: {exc}", f"log_{exc.reason.code}", **exc.reason.params) from None


def _wall(wall: list[Any], options: Options, where: str) -> list[int]:
    """An explicit wall's tiles; a problem names the tile that is not one, or the count that is off."""
    kinds = []
    for i, t in enumerate(wall):
        try:
            kinds.append(parse_tile(t))
        except (NotationError, AttributeError, TypeError) as exc:
            raise _problem(where, f"wall: {exc}", "log_wall_tile", index=i + 1, value=shown(t)) from None
    problem = wall_problem(kinds, full_tile_set(options))
    if problem is not None:
        message, figures = problem
        raise _problem(where, message, "log_wall_tiles" if "tile" in figures else "log_wall_count", **figures)
    return kinds


def replay_hand(data: Any, where: str = "log", check_result: bool = True) -> tuple[Round, bool]:
    """Replay one hand log; returns the round and whether a recorded result was checked.

    Raises :class:`LogError` naming the first problem (a bad field, the first illegal action with its index
    and the engine's reason, or the first difference from the recorded result).
    """
    d = _check_header(data, where)
    if d.get("kind", "hand") != "hand":
        raise _problem(where, f"expected kind 'hand', got {d.get('kind')!r}", "log_kind",
                       value=shown(d.get("kind")), expected='"hand"')
    options = _options(d, where)
    dealer = _need(d, "dealer", int, where)
    streak = _need(d, "streak", int, where)
    if not 0 <= dealer <= 3:
        raise _problem(where, f"dealer must be 0-3, got {dealer}", "log_range", field="dealer", low=0, high=3,
                       value=shown(dealer))
    if streak not in (1, 2, 3):
        raise _problem(where, f"streak must be 1, 2 or 3, got {streak}", "log_range", field="streak", low=1, high=3,
                       value=shown(streak))
    seed = d.get("seed")
    wall = d.get("wall")
    if seed is not None:
        try:
            check_seed(seed)
        except SeedError as exc:
            raise _problem(where, f"'seed': {exc}", "log_seed") from None
    _check_points(d, where)
    wall_kinds = None
    if seed is None:
        if not isinstance(wall, list):
            raise _problem(where, "a log needs a 'seed' or an explicit 'wall' list", "log_no_wall")
        wall_kinds = _wall(wall, options, where)
    r = Round.deal(options, dealer=dealer, streak=streak, seed=seed, wall=wall_kinds)
    actions = _need(d, "actions", list, where)
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise _problem(where, f"action {i} must be a string such as 'S1 discard 5m', got {text!r}",
                           "log_action_text", event=i + 1)
        try:
            act = Action.parse(text)
        except ActionError as exc:
            raise _problem(where, f"action {i}: {exc}", "log_action_malformed", event=i + 1,
                           value=shown(text, 40)) from None
        try:
            r.apply(act)
        except IllegalActionError as exc:
            raise _problem(where, f"action {i} ({act}) is illegal: {exc}", "log_action_illegal", event=i + 1,
                           seat=act.seat, action=act.type.value, why=exc.reason.to_json()) from None
    recorded = d.get("result")
    checked = False
    if recorded is not None and check_result:
        if r.result is None:
            raise _problem(where, "the log records a result but the actions end before the hand is over",
                           "log_result_early")
        got = json.loads(json.dumps(r.result.to_json()))
        if not same(got, recorded):
            rec = recorded if isinstance(recorded, dict) else {}
            key = next((k for k in sorted(got.keys() | rec.keys()) if k not in rec or k not in got
                        or not same(got[k], rec[k])), "result")
            raise _problem(where, f"result differs from the recorded one at {key!r}: "
                           f"recorded {recorded.get(key) if isinstance(recorded, dict) else recorded!r}, "
                           f"replayed {got.get(key)!r}", "log_result_differs", field=key)
        checked = True
    return r, checked


def replay(data: Any) -> ReplayReport:
    """Replay a hand or match log and check it reproduces what it recorded."""
    d = _check_header(data, "log")
    kind = d.get("kind", "hand")
    if kind == "hand":
        r, hand_checked = replay_hand(d)
        return ReplayReport("hand", [r], int(hand_checked), scenario=r.result is None or "result" not in d)
    if kind != "match":
        raise _problem("log", f"unknown kind {kind!r} (expected 'hand' or 'match')", "log_kind",
                       value=shown(kind), expected='"hand" / "match"')
    options = _options(d, "log")
    seedless = "seed" in d and d["seed"] is None
    if seedless:  # walls written out instead (a log given to a player mid-game): replayed, never continued
        first = _need(d, "first_dealer", int, "log")
        if not 0 <= first <= 3:
            raise _problem("log", f"first_dealer must be 0-3, got {first}", "log_range", field="first_dealer",
                           low=0, high=3, value=shown(first))
        m = Match(options, 0)
        m.first_dealer = m.dealer = first
    else:
        try:
            m = Match(options, check_seed(_need(d, "seed", int, "log")))
        except SeedError as exc:
            raise _problem("log", f"'seed': {exc}", "log_seed") from None
    if "first_dealer" in d and not same(d["first_dealer"], m.first_dealer):
        raise _problem("log", f"first_dealer {d['first_dealer']!r} differs from the seed's {m.first_dealer}",
                       "log_match_differs", field="first_dealer")
    hands = _need(d, "hands", list, "log")
    rounds: list[Round] = []
    checked = 0
    for i, h in enumerate(hands):
        where = f"hands[{i}]"
        if not isinstance(h, dict):
            raise _problem(where, "a hand must be a JSON object", "log_not_object")
        if m.over:
            raise _problem(where, "the game ended after the previous hand but the log goes on", "log_after_end")
        _check_options(h, options, where)
        for key, want in (("dealer", m.dealer), ("streak", m.streak), ("points", m.points),
                          ("seed", None if seedless else m.hand_seed(i))):
            if key not in h and want is not None:
                raise _problem(where, f"missing key {key!r}", "log_missing", field=key)
            if not same(h.get(key), want):
                raise _problem(where, f"{key!r} is {h.get(key)!r}, the match gives {want!r}", "log_match_differs",
                               field=key)
        r, ok = replay_hand(h, where)
        rounds.append(r)
        checked += int(ok)
        m.round = r  # dealt from the same seed, dealer and streak (checked above), now played
        if r.result is None or h.get("result") is None:  # in progress, or over but not yet booked by the match
            if i != len(hands) - 1:
                raise _problem(where, "a hand without a recorded result must be the last one", "log_unfinished")
            break
        m.finish_hand()
    if not rounds:
        raise _problem("log", "a match log needs at least one hand", "log_no_hands")
    if "summary" in d:
        want_summary = json.loads(json.dumps(m.summary()))
        if not same(d["summary"], want_summary):
            raise _problem("log", f"'summary' differs from the replayed game's: {want_summary!r}", "log_match_differs",
                           field="summary")
    return ReplayReport("match", rounds, checked, scenario=rounds[-1].result is None, match=None if seedless else m)


def match_from_log(data: Any) -> Match:
    """The match a match log records, replayed and checked by :func:`replay` and left where the log ends.

    Raises :class:`LogError` naming the first problem (also for a hand log, which holds no match).
    """
    report = replay(data)
    if report.match is None:
        if report.kind == "match":
            raise _problem("log", "a match log without its seed can be replayed, not continued", "log_seedless")
        raise _problem("log", f"expected kind 'match', got {report.kind!r}", "log_not_match")
    return report.match


def load(text: str) -> Any:
    """Parse log text within the limits of :mod:`hzmj_core.jsontext`; any problem is a :class:`LogError`
    (its reason names the line and column of a syntax error)."""
    try:
        return loads(text)
    except JsonInputError as exc:
        raise _problem("log", str(exc), exc.code, **exc.params) from None


def _check_options(h: dict[str, Any], options: Options, where: str) -> None:
    """A hand's options must be the match's: options are fixed for a whole game (rules.md §11)."""
    hand_options = _options(h, where)
    if hand_options != options:
        mine, theirs = hand_options.to_json(), options.to_json()
        key = next(k for k in mine if mine[k] != theirs[k])
        info = OPTION_INFO[key]
        raise _problem(where, f"option {key!r} is {mine[key]!r} but the match plays {theirs[key]!r}: "
                       "options are fixed for a whole game", "log_option_differs", option=key,
                       option_zh=info.chinese, option_en=info.english)
