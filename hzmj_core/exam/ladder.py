"""升级赛: the ladder from 业余 1 级 to 业余 9 级, won by ranked matches against the bots.

The rank points have the shape of Tenhou's 段位 points (天凤段位): each ranked match pays placement points, 1st
+30, 2nd +15, 3rd 0, 4th −5 × (grade − 1), so the loss for a 4th grows with the grade while the gains stay;
a grade is won when the points reach its threshold (60 + 20 × (grade − 1)) and the new grade starts at half its
threshold; from 业余 4 级 up, points below 0 lose the grade, and the lower grade starts at half its threshold again.
The window is Tenhou's: the matches played since the grade was reached. Opponents get stronger with the grade
(:data:`OPPONENTS`). A ranked match is :data:`RANKED_HANDS` hands with the default rules, the player at seat 0,
or fewer when the game ends before (rules.md §10.4); the placement is by points after it (a full game runs to dozens
of hands).

A grade won in matches is proved by a match file: the profile's seed and, per match, its seed, the opponents'
level, whether hints were on and the player's own actions. The seeds form a chain (:func:`chain_seed`): the first
is derived from the profile, each next one from the profile and the match before it, so a file cannot pick its
deals, repeat a won match, or leave out a lost one. :func:`check_file` refuses a seed off the chain, a match
with hints on (``"hints": true``, or no ``"hints"`` at all: the page writes ``false`` on every ranked match) and
a placement the replay does not reach; :func:`replay_match` plays each match again, the bots deciding for
themselves exactly as on the game page (each decision reseeded from the match seed, the hand number, the action
count and the seat), the player's actions taken in order; an action that is not legal, or a match that does not
end, refuses the file.

Ladder records of format 1 (before the chain: ``{"version": 1, "matches": [...]}`` with no profile) still count
on the profile of the device that holds them, but their matches cannot be certified: :func:`check_file` refuses
the first match that is not on a chain.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from dataclasses import dataclass
from typing import Any

from ..actions import Action, ActionError
from ..bots import LEVEL_NAMES, OLD_BOT_IDS, make_bot
from ..jsontext import JsonInputError, loads
from ..match import Match
from ..options import Options
from ..reasons import Reason
from ..rng import SeedError, check_seed, derive_seed
from ..round import IllegalActionError
from ..view import SeatView
from .certificate import CodeError, decode, ladder_code

GRADES = tuple(range(1, 10))
"""业余 1 级 … 业余 9 级."""
OPPONENTS: dict[int, str] = {1: "beginner", 2: "standard", 3: "standard", 4: "advanced", 5: "advanced", 6: "strong",
                             7: "strong", 8: "expert", 9: "expert"}
"""The bots' level at each grade."""
GAINS = (30, 15, 0)
"""Placement points for 1st, 2nd and 3rd."""
DEMOTE_FROM = 4
HUMAN = 0
RANKED_HANDS = 8
"""Hands in a ranked match (fewer if the game ends first)."""
MAX_ACTIONS = 20000
CHAIN = 0x1ADDE2
"""The salt of the ranked matches' seed chain."""
RECORD_VERSIONS = (1, 2)
"""Ladder record formats read: 1 without a profile (before the chain), 2 with it (written now)."""


class LadderError(ValueError):
    """A ladder record or match file that is malformed or does not replay: ``reason`` says why (a code of
    :data:`~hzmj_core.reasons.EXAM_CODES`), which the page words in the player's language; the message is its
    English."""

    def __init__(self, code: str, **params: Any) -> None:
        self.reason = Reason(code, params)
        super().__init__(self.reason.text("en", glossed=False))


def grade_name(g: int) -> tuple[str, str]:
    """The grade's name: 业余 3 级 / Amateur grade 3."""
    return f"业余 {g} 级", f"Amateur grade {g}"


def threshold(g: int) -> int:
    """Points that win the next grade."""
    return 60 + 20 * (g - 1)


def placement_points(g: int, placement: int) -> int:
    """Rank points of a placement (1-4) at grade ``g``."""
    return GAINS[placement - 1] if placement <= 3 else -5 * (g - 1)


def rules() -> dict[str, Any]:
    """The ladder's rules as data, for the page to show."""
    return {"grades": [{"grade": g, "zh": grade_name(g)[0], "en": grade_name(g)[1], "threshold": threshold(g),
                        "fourth": placement_points(g, 4), "opponents": OPPONENTS[g], "demotes": g >= DEMOTE_FROM}
                       for g in GRADES],
            "gains": list(GAINS), "start": "half", "shape": "tenhou"}


@dataclass
class Step:
    """One ranked match on the ladder."""

    grade: int
    placement: int
    delta: int
    points: int
    """Points after the match (in the grade after it)."""
    after: int
    """Grade after the match."""


def climb(placements: list[int]) -> tuple[int, int, list[Step], int]:
    """The grade and points after these placements, each step, and the highest grade reached."""
    g, pts, best = 1, threshold(1) // 2, 1
    steps: list[Step] = []
    for p in placements:
        if p not in (1, 2, 3, 4):
            raise LadderError("ladder_record_placement", match=len(steps) + 1, value=str(p)[:24])
        d = placement_points(g, p)
        before = g
        pts += d
        if pts >= threshold(g) and g < GRADES[-1]:
            g += 1
            pts = threshold(g) // 2
        elif pts < 0 and g >= DEMOTE_FROM:
            g -= 1
            pts = threshold(g) // 2
        elif pts < 0:
            pts = 0
        best = max(best, g)
        steps.append(Step(before, p, d, pts, g))
    return g, pts, steps, best


def chain_seed(profile: int, previous: int | None, number: int) -> int:
    """The seed of ranked match ``number`` (1-based) of a profile: from the profile and the previous match's seed
    (``None`` for the first)."""
    return derive_seed(profile, CHAIN, number, 0 if previous is None else previous + 1)


def _seed_of(value: Any) -> int:
    """A seed given as a number or as decimal text (the page keeps 64-bit seeds as text)."""
    if isinstance(value, str) and value.isdigit() and len(value) <= 20:
        value = int(value)
    return check_seed(value)


def read_record(record: Any) -> dict[str, Any]:
    """A ladder record (升级赛记录) as the page keeps and exports it, given as JSON text or as data, checked in its
    form: ``{"version": 2, "profile": seed, "matches": [{"seed", "level", "actions", "hints", "placement", ...}]}``
    (or format 1, without a profile). :class:`LadderError` when it is not one."""
    if isinstance(record, str):
        try:
            record = loads(record)
        except JsonInputError:
            raise LadderError("ladder_record_json") from None
    if not isinstance(record, dict) or record.get("version") not in RECORD_VERSIONS \
            or not isinstance(record.get("matches"), list):
        raise LadderError("ladder_record")
    if record["version"] == 2:
        try:
            _seed_of(record.get("profile"))
        except SeedError:
            raise LadderError("ladder_profile") from None
    return record


def next_match(record: Any) -> dict[str, Any]:
    """The next ranked match of a format-2 record: its seed (as text), the opponents' level and the grade."""
    rec = read_record(record)
    if rec["version"] != 2:
        raise LadderError("ladder_profile")
    profile = _seed_of(rec["profile"])
    matches = rec["matches"]
    previous: int | None = None
    if matches:
        try:
            previous = _seed_of(matches[-1].get("seed") if isinstance(matches[-1], dict) else None)
        except SeedError:
            raise LadderError("ladder_seed", match=len(matches)) from None
    g = climb(record_placements(rec))[0]
    return {"seed": str(chain_seed(profile, previous, len(matches) + 1)), "level": OPPONENTS[g], "grade": g}


def record_placements(record: Any) -> list[int]:
    """The placements of a ladder record (:func:`read_record`), given as JSON text or as data; :class:`LadderError`
    when it is not one."""
    record = read_record(record)
    out: list[int] = []
    for i, m in enumerate(record["matches"]):
        p = m.get("placement") if isinstance(m, dict) else None
        if type(p) is not int:
            raise LadderError("ladder_record_no_placement", match=i + 1)
        if not 1 <= p <= 4:
            raise LadderError("ladder_record_placement", match=i + 1, value=str(p)[:24])
        out.append(p)
    return out


def ladder_state(placements: list[int], record: Any = None) -> dict[str, Any]:
    """The profile: grade, points, threshold, the next opponents and every step (for the page); from the
    placements, or from a ladder ``record`` (:func:`record_placements`) when one is given."""
    if record is not None:
        placements = record_placements(record)
    g, pts, steps, best = climb(placements)
    zh, en = grade_name(g)
    return {"grade": g, "name_zh": zh, "name_en": en, "points": pts, "threshold": threshold(g), "best": best,
            "opponents": OPPONENTS[g], "steps": [s.__dict__ for s in steps], "rules": rules()}


def placement_of(points: list[int], seat: int = HUMAN) -> int:
    """1-4: ties go to the lower seat (seat 0 first, as a seat that starts nearer the first dealer in Tenhou)."""
    order = sorted(range(4), key=lambda s: (-points[s], s))
    return order.index(seat) + 1


def replay_match(entry: Any, number: int = 1) -> tuple[int, list[int]]:
    """Play ranked match ``number`` (1-based) of a file again from its seed, level and the player's actions; its
    placement and final points."""
    if not isinstance(entry, dict):
        raise LadderError("ladder_match", match=number)
    try:
        seed = _seed_of(entry.get("seed"))
    except SeedError:
        raise LadderError("ladder_seed", match=number) from None
    level = _level(entry.get("level"))
    actions = entry.get("actions")
    if level not in OPPONENTS.values() or not isinstance(actions, list):
        raise LadderError("ladder_match_fields", match=number)
    m = Match(Options(), seed)
    bots = {s: make_bot(str(level), 0) for s in range(4) if s != HUMAN}
    mine = iter(actions)
    taken = 0
    for _ in range(MAX_ACTIONS):
        if m.over or len(m.history) >= RANKED_HANDS:
            break
        r = m.round
        if r.is_over:
            m.finish_hand()
            continue
        deciding = r.deciding_seats()
        if HUMAN in deciding:
            text = next(mine, None)
            taken += 1
            if not isinstance(text, str):
                raise LadderError("ladder_moves_end", match=number)
            try:
                a = Action.parse(text)
            except ActionError:
                raise LadderError("ladder_malformed", match=number, event=taken) from None
            if a.seat != HUMAN:
                raise LadderError("ladder_not_yours", match=number, event=taken, seat=a.seat)
            try:
                r.apply(a)
            except ActionError:
                raise LadderError("ladder_malformed", match=number, event=taken) from None
            except IllegalActionError as exc:
                raise LadderError("ladder_illegal", match=number, event=taken, action=a.type.value,
                                  why=exc.reason.to_json()) from None
            continue
        pts = (m.points[0], m.points[1], m.points[2], m.points[3])
        seats = [s for s in deciding if s != HUMAN]
        for s in seats if r.claim_from is not None else seats[:1]:
            bot = bots[s]
            bot.reseed(derive_seed(seed, len(m.history), len(r.actions), s))
            r.apply(bot.decide(SeatView.of(r, s, pts)).action)
    if not m.over and len(m.history) < RANKED_HANDS:
        raise LadderError("ladder_no_end", match=number)
    if next(mine, None) is not None:
        raise LadderError("ladder_moves_over", match=number)
    return placement_of(m.points), list(m.points)


def file_hash(data: Any) -> bytes:
    """SHA-256 of a match file's canonical JSON (sorted keys, no spaces, UTF-8)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).digest()


def _level(played: Any) -> Any:
    """The bot id a match file names (a file written before the ids matched the names holds an old id)."""
    return OLD_BOT_IDS.get(played, played) if isinstance(played, str) else played


def check_file(data: Any) -> tuple[int, list[int]]:
    """Replay a match file ``{"profile": seed, "matches": [...]}`` (a ladder record of format 2 is one): the highest
    grade reached and the placements. Each match's seed must be the chain's (:func:`chain_seed`), with hints off,
    played against the opponents of the grade the player held then, and reach the placement the file gives (when
    it gives one)."""
    if not isinstance(data, dict) or not isinstance(data.get("matches"), list):
        raise LadderError("ladder_file")
    try:
        profile = _seed_of(data.get("profile"))
    except SeedError:
        raise LadderError("ladder_profile") from None
    placements: list[int] = []
    previous: int | None = None
    for i, entry in enumerate(data["matches"]):
        g = climb(placements)[0]
        if isinstance(entry, dict):
            try:
                seed = _seed_of(entry.get("seed"))
            except SeedError:
                raise LadderError("ladder_seed", match=i + 1) from None
            if seed != chain_seed(profile, previous, i + 1):
                raise LadderError("ladder_chain", match=i + 1)
            previous = seed
            if entry.get("hints") is not False:
                raise LadderError("ladder_hints" if entry.get("hints") is True else "ladder_hints_unsaid",
                                  match=i + 1)
        if isinstance(entry, dict) and _level(entry.get("level")) != OPPONENTS[g]:
            played = _level(entry.get("level"))
            names = LEVEL_NAMES.get(played, (json.dumps(played, ensure_ascii=False)[:40],) * 2) \
                if isinstance(played, str) else ("?", "?")
            want = LEVEL_NAMES[OPPONENTS[g]]
            raise LadderError("ladder_wrong_level", match=i + 1, grade=g, played_zh=names[0], played_en=names[1],
                              want_zh=want[0], want_en=want[1])
        placed = replay_match(entry, i + 1)[0]
        said = entry.get("placement") if isinstance(entry, dict) else None
        if said is not None and said != placed:
            raise LadderError("ladder_placement", match=i + 1, said=str(said)[:24], placed=placed)
        placements.append(placed)
    return climb(placements)[3], placements


def check_record(record: Any) -> dict[str, Any]:
    """A ladder record (:func:`read_record`) checked in full before the page takes it: format 2 as a match file
    (:func:`check_file`: chain, hints, opponents, placements); format 1, which has no chain, with every match
    replayed to its placement and no seed twice. Returns the profile (:func:`ladder_state`) and, as ``record``, the
    record with its profile and seeds as decimal text (the page must not turn a 64-bit seed into a JavaScript
    number)."""
    rec = read_record(record)
    if rec["version"] == 2:
        placements = check_file(rec)[1]
    else:
        seen: set[int] = set()
        placements = []
        for i, entry in enumerate(rec["matches"]):
            if isinstance(entry, dict):
                try:
                    seed = _seed_of(entry.get("seed"))
                except SeedError:
                    raise LadderError("ladder_seed", match=i + 1) from None
                if seed in seen:
                    raise LadderError("ladder_chain", match=i + 1)
                seen.add(seed)
            placed = replay_match(entry, i + 1)[0]
            if entry.get("placement") != placed:
                raise LadderError("ladder_placement", match=i + 1, said=str(entry.get("placement"))[:24],
                                  placed=placed)
            placements.append(placed)
    out = dict(rec)
    if rec["version"] == 2:
        out["profile"] = str(_seed_of(rec["profile"]))
    out["matches"] = [{**m, "seed": str(_seed_of(m["seed"]))} for m in rec["matches"]]
    return {**ladder_state(placements), "record": out}


def issue(data: Any, date: str | None = None, name: str = "", today: datetime.date | None = None) -> dict[str, Any]:
    """A ladder certificate for a match file: the highest grade its matches reach and the code pinning the file."""
    best, placements = check_file(data)
    code = ladder_code(best, file_hash(data), date, name, today)
    zh, en = grade_name(best)
    return {"grade": best, "name_zh": zh, "name_en": en, "code": code, "matches": len(placements)}


def verify_ladder(code: object, data: Any, name: str | None = None,
                  today: datetime.date | None = None) -> dict[str, Any]:
    """Verify a ladder code against its match file: the date (not after ``today``, the device's by default), the
    hash, then every match replayed on its chain and the grade re-climbed."""
    d = decode(code)
    if d.level != 3:
        raise CodeError("cert_is_exam")
    date = d.date(today)
    if file_hash(data)[:10] != d.file_hash:
        raise CodeError("cert_file_differs")
    if name is not None and not d.name_matches(name):
        raise CodeError("cert_name")
    best, placements = check_file(data)
    if best < d.grade:
        raise CodeError("cert_grade_short", best=best, grade=d.grade)
    zh, en = grade_name(d.grade)
    return {"valid": True, "level": f"ladder{d.grade}", "grade": d.grade, "name_zh": zh, "name_en": en,
            "date": date, "matches": len(placements), "placements": placements, "format": d.version}
