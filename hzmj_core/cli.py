"""Command line: ``python -m hzmj_core analyze|simulate|replay ...`` (each with ``--help`` and ``--json``).

Bad input exits with status 2 and a message naming what was wrong. Ctrl-C or SIGTERM ends any command (and
the arena's worker processes) at once with one line, ``error: stopped by Ctrl-C`` (status 130) or ``error:
stopped by SIGTERM`` (status 143).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from . import cli_tools, daily_cli
from .analysis import AnalysisError, analyze_hand
from .bots import BOTS, bot_id, make_bot
from .cli_tools import error_line, int_arg, seed_arg
from .exam import cli as exam_cli
from .invariants import check
from .jsontext import JsonInputError, read_json, read_text
from .log import LogError, hand_log, load, replay
from .match import Match
from .options import PRESETS, Options, OptionsError
from .rng import derive_seed
from .tiles import TILE_NAMES, NotationError, parse_tile
from .view import SeatView


class UsageError(Exception):
    """Bad command-line input (exit status 2)."""


class Stopped(BaseException):
    """SIGTERM, raised where the main process is, so that it unwinds (and ends its workers) like Ctrl-C."""


def _on_sigterm(signum: int, frame: object) -> None:
    raise Stopped


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, like every other error of the command line."""

    def error(self, message: str) -> NoReturn:
        """Print ``error: <prog>: <message>`` (no usage block) and exit with status 2."""
        self.exit(2, f"error: {error_line(f'{self.prog}: {message}')} (see --help)\n")


def _check_tile(text: str | None, option: str) -> None:
    if text is not None:
        try:
            parse_tile(text)
        except NotationError as exc:
            raise UsageError(f"{option}: {exc}") from None


def _emit(data: dict[str, Any], as_json: bool, text: Callable[[dict[str, Any]], str]) -> None:
    cli_tools.emit(json.dumps(data, ensure_ascii=False, indent=2) if as_json else text(data))


# ---------------------------------------------------------------------------- analyze


def _analyze_text(d: dict[str, Any]) -> str:
    lines = [f"hand: {d['hand']}" + (f"  melds: {' '.join(d['melds'])}" if d["melds"] else ""),
             f"wildcard: {d['wildcard']} ({d['mode']})"]
    if d["tiles"] == 14:
        lines.append(f"win: {'yes' if d['win'] else 'no'}" + (f" ({', '.join(d['forms'])})" if d["forms"] else ""))
        lines.append(f"shanten: {d['shanten']}")
    else:
        lines.append(f"shanten: {d['shanten']}")
        if d["waits"]:
            lines.append("waits: " + " ".join(f"{w['tile']}×{w['remaining']}" for w in d["waits"]))
        lines.append(f"baotou (暴头): {'yes' if d['baotou'] else 'no'}   qike (七客): {'yes' if d['qike'] else 'no'}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------- simulate


def simulate(hands: int, seed: int, bots: Sequence[str], options: Options, save_logs: Path | None = None,
             check_invariants: bool = True) -> dict[str, Any]:
    """Play ``hands`` hands between bots (matches follow each other), checking invariants after every action."""
    if len(bots) == 1:
        bots = list(bots) * 4
    if len(bots) != 4:
        raise UsageError(f"--bots takes one name or four (one per seat), got {len(bots)}")
    try:
        bots = [bot_id(name) for name in bots]  # an old id names the same kind
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if save_logs is not None:
        try:
            save_logs.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"--save-logs {save_logs}: cannot make this directory ({exc.strerror or exc})") from None
    patterns: Counter[str] = Counter()
    win_types: Counter[str] = Counter()
    draws = 0
    moved = 0
    per_seat = [0, 0, 0, 0]
    violations: list[str] = []
    violation_count = 0
    actions = 0
    played = 0
    match_no = 0
    t0 = time.perf_counter()
    while played < hands:
        m = Match(options, derive_seed(seed, match_no))
        players = [make_bot(bots[s], derive_seed(seed, match_no, s + 1)) for s in range(4)]
        match_no += 1
        while not m.over and played < hands:
            r = m.round
            points = (m.points[0], m.points[1], m.points[2], m.points[3])
            while not r.is_over:
                seat = r.deciding_seats()[0]
                r.apply(players[seat].choose(SeatView.of(r, seat, points)))
                actions += 1
                if check_invariants:
                    problems = check(r)
                    if problems:
                        violation_count += len(problems)
                        if len(violations) < 5:
                            violations.extend(f"hand {played}, action {len(r.actions)}: {p}" for p in problems)
            if save_logs is not None:
                target = save_logs / f"hand-{played:05d}.json"
                try:
                    target.write_text(json.dumps(hand_log(r, list(points)), ensure_ascii=False), encoding="utf-8")
                except OSError as exc:
                    raise UsageError(f"--save-logs: cannot write {target} ({exc.strerror or exc})") from None
            res = r.result
            assert res is not None
            if res.winner is None:
                draws += 1
            else:
                assert res.evaluation is not None and res.win_type is not None
                patterns[res.evaluation.pattern] += 1
                win_types[res.win_type.value] += 1
                moved += sum(d for d in res.deltas if d > 0)
            for s in range(4):
                per_seat[s] += res.deltas[s]
            played += 1
            m.finish_hand()
    elapsed = time.perf_counter() - t0
    return {
        "hands": played,
        "matches": match_no,
        "seed": seed,
        "bots": list(bots),
        "wins": sum(patterns.values()),
        "wins_by_pattern": dict(sorted(patterns.items())),
        "wins_by_type": dict(sorted(win_types.items())),
        "draws": draws,
        "points_moved": moved,
        "points_per_seat": per_seat,
        "actions": actions,
        "invariant_violations": violation_count,
        "violations": violations[:5],
        "seconds": round(elapsed, 3),
        "hands_per_second": round(played / elapsed, 1) if elapsed > 0 else None,
    }


def _simulate_text(d: dict[str, Any]) -> str:
    lines = [f"hands: {d['hands']} ({d['matches']} matches, bots {','.join(d['bots'])}, seed {d['seed']})",
             f"wins: {d['wins']}  draws (流局): {d['draws']}",
             "by pattern: " + ", ".join(f"{k} {v}" for k, v in d["wins_by_pattern"].items()),
             "by type: " + ", ".join(f"{k} {v}" for k, v in d["wins_by_type"].items()),
             f"points moved: {d['points_moved']}  per seat: {d['points_per_seat']}",
             f"invariant violations: {d['invariant_violations']}"]
    lines += [f"  {v}" for v in d["violations"]]
    lines.append(f"{d['hands_per_second']} hands/s ({d['actions']} actions in {d['seconds']} s)")
    return "\n".join(lines)


# ---------------------------------------------------------------------------- replay


def replay_file(path: Path) -> dict[str, Any]:
    """Replay a log file; raises ``UsageError`` (exit 2) naming the first problem."""
    try:
        text = read_text(path)
    except JsonInputError as exc:
        raise UsageError(str(exc)) from None
    try:
        report = replay(load(text))
    except LogError as exc:
        raise UsageError(f"{path}: {exc}") from None
    r = report.last
    out: dict[str, Any] = {"file": str(path), "kind": report.kind, "hands": len(report.rounds),
                           "results_checked": report.checked_results, "scenario": report.scenario,
                           "actions": len(r.actions)}
    if r.result is not None:
        out["result"] = r.result.to_json()
    else:
        out["state"] = {"phase": r.phase.value, "current": r.current, "wall_remaining": r.remaining,
                        "hands": [" ".join(TILE_NAMES[t] for t in sorted(h)) for h in r.hands],
                        "melds": [[str(m) for m in ms] for ms in r.melds]}
        out["legal_actions"] = [str(a) for a in r.legal_actions()]
    return out


def _replay_text(d: dict[str, Any]) -> str:
    lines = [f"{d['file']}: {d['kind']} log, {d['hands']} hand(s) replayed, "
             f"{d['results_checked']} recorded result(s) reproduced"]
    if "result" in d:
        res = d["result"]
        if res["draw"]:
            lines.append("result: 流局 (drawn hand)")
        else:
            ev = res["evaluation"]
            lines.append(f"result: S{res['winner']} wins, {ev['name_zh']} ({ev['name_en']}), fan {ev['fan']}")
            lines.append("deltas: " + " ".join(f"S{i} {v:+d}" for i, v in enumerate(res["deltas"])))
    else:
        st = d["state"]
        lines.append(f"scenario stops in phase {st['phase']}, S{st['current']} to act, wall {st['wall_remaining']}")
        lines.append("legal actions: " + ", ".join(d["legal_actions"]))
    return "\n".join(lines)


# ---------------------------------------------------------------------------- main


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (also documents the commands)."""
    p = Parser(prog="python -m hzmj_core", description="Hangzhou Mahjong (杭州麻将) engine tools.")
    sub = p.add_subparsers(dest="command", required=True)
    a = sub.add_parser("analyze", help="analyse a hand: win, forms, shanten, waits, 暴头/七客 state",
                       description="Analyse a 13- or 14-tile hand (melds count as 3 tiles each).")
    a.add_argument("hand", help='concealed tiles, e.g. "P* 123m 456p 789s EE"')
    a.add_argument("--melds", default="", help='declared melds, space-separated, e.g. "EEE 123m"')
    a.add_argument("--wildcard", metavar="FACE",
                   help="flipped mode (翻财神) with this indicator face; default: fixed mode, P is the wildcard")
    a.add_argument("--json", action="store_true", help="machine-readable output")
    s = sub.add_parser("simulate", help="play hands between bots and check invariants",
                       description="Play N hands between bots, checking every invariant after every action.")
    s.add_argument("--hands", type=int_arg(1), required=True)
    s.add_argument("--seed", type=seed_arg, required=True, help="0 to 2^64-1")
    s.add_argument("--bots", default="standard", help=f"one name or four, comma-separated ({', '.join(BOTS)})")
    s.add_argument("--options", type=Path, help="JSON file of rule options (rules.md §11 keys)")
    s.add_argument("--preset", choices=sorted(PRESETS), help="a named set of options (玩法); --options then "
                   "changes some of them")
    s.add_argument("--save-logs", type=Path, metavar="DIR", help="write one JSON log per hand")
    s.add_argument("--json", action="store_true")
    r = sub.add_parser("replay", help="replay a log and check it reproduces its results",
                       description="Replay a hand or match log; for a scenario, print the final state.")
    r.add_argument("file", type=Path)
    r.add_argument("--json", action="store_true")
    e = sub.add_parser("embed", help="print a widget's markup with the engine's analysis carried inside it",
                       description="Print the markup of an <hzmj-hand> (or, with --lesson, an <hzmj-lesson>) with "
                       "the engine's analysis inside it, so the widget script draws it with no Python runtime. "
                       "See docs/embedding.md.")
    e.add_argument("tiles", nargs="?", help='concealed tiles as groups, e.g. "P* 1m2m3m 4p5p6p 7s8s9s EEE"')
    e.add_argument("--melds", default="", help='declared melds, space-separated, e.g. "EEE 123m"')
    e.add_argument("--win-tile", metavar="TILE", help="for 14 tiles: the self-drawn winning tile (default: the last)")
    e.add_argument("--wildcard", metavar="FACE", help="flipped mode (翻财神) with this indicator face")
    e.add_argument("--lang", choices=["zh", "en"], help="the widget's language (default: the page's)")
    e.add_argument("--caption", help="a caption shown above the analysis")
    e.add_argument("--lesson", metavar="NAME", help="a lesson of the tutorial instead of a hand (e.g. baotou)")
    e.add_argument("--json", action="store_true", help='{"markup", "carried"}: the markup and the data it carries')
    cli_tools.add_parsers(sub)
    exam_cli.add_parser(sub)
    daily_cli.add_parser(sub)
    return p


def _embed(args: argparse.Namespace) -> str:
    """The markup the ``embed`` command prints, or with ``--json`` the markup and the data it carries (the
    tutorial is imported only for this command)."""
    from .tutorial import LessonError, embed, hand_markup, lesson_markup

    if args.json:
        if args.lesson is None and not args.tiles:
            raise UsageError('give the tiles of a hand ("P* 1m2m3m 4p5p6p 7s8s9s EEE") or --lesson NAME')
        _check_tile(args.wildcard, "--wildcard")
        try:
            return json.dumps(embed({"tiles": args.tiles, "melds": args.melds, "wildcard": args.wildcard,
                                     "win_tile": args.win_tile, "lesson": args.lesson, "lang": args.lang,
                                     "caption": args.caption}), ensure_ascii=False, indent=1)
        except LessonError as exc:
            raise UsageError(str(exc)) from None

    if args.lesson is not None:
        if args.tiles is not None or args.melds or args.win_tile or args.wildcard or args.caption:
            raise UsageError("--lesson takes no tiles, --melds, --win-tile, --wildcard or --caption")
        try:
            return lesson_markup(args.lesson, args.lang)
        except LessonError as exc:
            raise UsageError(f"--lesson: {exc}") from None
    if not args.tiles:
        raise UsageError('give the tiles of a hand ("P* 1m2m3m 4p5p6p 7s8s9s EEE") or --lesson NAME')
    _check_tile(args.wildcard, "--wildcard")
    return hand_markup(args.tiles, args.melds, args.wildcard, args.win_tile, args.lang, args.caption)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0, 1 for invariant violations, 2 for bad input,
    130 after Ctrl-C, 143 after SIGTERM)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    except ValueError:  # not the main thread: leave the signals alone
        previous = None
    try:
        return _run(args)
    except KeyboardInterrupt:
        print("error: stopped by Ctrl-C", file=sys.stderr)
        return 130
    except Stopped:
        print("error: stopped by SIGTERM", file=sys.stderr)
        return 143
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _run(args: argparse.Namespace) -> int:
    try:
        if args.command == exam_cli.COMMAND:
            return exam_cli.run(args)
        if args.command == daily_cli.COMMAND:
            return daily_cli.run(args)
        if args.command in cli_tools.COMMANDS:
            code = cli_tools.run(args)
            sys.stdout.flush()
            return code
        if args.command == "analyze":
            _check_tile(args.wildcard, "--wildcard")
            _emit(analyze_hand(args.hand, args.melds, args.wildcard), args.json, _analyze_text)
        elif args.command == "simulate":
            if args.hands < 1:
                raise UsageError("--hands must be at least 1")
            options = Options() if args.preset is None else PRESETS[args.preset].options()
            if args.options is not None:
                try:
                    data = read_json(args.options)
                    Options.from_json(data)  # refuses a non-object, unknown keys and bad values by name
                    options = options.replace(**data)
                except (JsonInputError, OptionsError) as exc:
                    raise UsageError(f"--options {args.options}: {exc}") from None
            bots = [b.strip() for b in args.bots.split(",") if b.strip()]
            result = simulate(args.hands, args.seed, bots, options, args.save_logs)
            _emit(result, args.json, _simulate_text)
            sys.stdout.flush()
            return 1 if result["invariant_violations"] else 0
        elif args.command == "replay":
            _emit(replay_file(args.file), args.json, _replay_text)
        elif args.command == "embed":
            print(_embed(args))
        sys.stdout.flush()
    except (UsageError, AnalysisError) as exc:
        print(f"error: {error_line(exc)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``| head``): say so once; nothing more can reach stdout.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print("error: the output was closed before everything was written", file=sys.stderr)
        return 2
    return 0
