"""Command-line tools for bots, hints and reviews: ``python -m hzmj_core arena|hint|review ...``.

``arena`` plays hands between bot kinds and reports per kind (see :mod:`hzmj_core.arena`); ``hint`` prints
the hints of :mod:`hzmj_core.hints` for one seat at a point of a logged hand, or at the start of a fresh deal;
``review`` compares one seat's decisions in a log with the expert's (:mod:`hzmj_core.review`).
Both accept ``--json``. Bad input exits with status 2 and a message.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .arena import ArenaError, arena_text, run_arena
from .bots import BOTS
from .hints import hints, hints_text
from .jsontext import JsonInputError, read_json, read_text
from .log import LogError, load, replay
from .options import Options, OptionsError
from .review import Review, ReviewError, review_text
from .rng import SeedError, parse_seed
from .round import Round

COMMANDS = ("arena", "hint", "review")
"""Subcommands this module adds to the command line."""


def seed_arg(text: str) -> int:
    """An argparse type for seeds (every command's ``--seed``): a decimal integer with ``0 <= seed < 2^64``."""
    try:
        return parse_seed(text)
    except SeedError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


_DIGITS = re.compile(r"[0-9]+")

MAX_ERROR_CHARS = 300
"""The longest error line the command line prints: it names what was wrong, it does not echo kilobytes."""


def error_line(message: object) -> str:
    """``message`` on one line of at most :data:`MAX_ERROR_CHARS` characters (cut in the middle, marked …)."""
    text = " ".join(str(message).split())
    if len(text) <= MAX_ERROR_CHARS:
        return text
    half = MAX_ERROR_CHARS // 2 - 1
    return f"{text[:half]}…{text[-half:]}"


def emit(text: str) -> None:
    """Print ``text`` on stdout; what the stream's encoding cannot carry (Chinese on an ASCII stream, a file name's
    undecodable bytes as lone surrogates) is written as backslash escapes instead of stopping the command."""
    try:
        print(text)
    except UnicodeEncodeError:
        enc = sys.stdout.encoding or "utf-8"
        print(text.encode(enc, "backslashreplace").decode(enc, "replace"))


def int_arg(lo: int, hi: int | None = None) -> Callable[[str], int]:
    """An argparse type for a whole-number flag from ``lo`` (to ``hi``): ASCII digits only, so ``１`` (a
    fullwidth digit), ``1_0``, ``+1`` and `` 1`` are refused as they are by every seed."""
    span = f"from {lo} to {hi}" if hi is not None else f"of at least {lo}"

    def check(text: str) -> int:
        shown = text if len(text) <= 24 else f"{text[:20]}…"
        if not _DIGITS.fullmatch(text) or len(text) > 20:
            raise argparse.ArgumentTypeError(f"{shown!r} is not a whole number {span} (ASCII digits 0-9 only)")
        value = int(text)
        if value < lo or (hi is not None and value > hi):
            raise argparse.ArgumentTypeError(f"{shown} is out of range: give a whole number {span}")
        return value

    check.__name__ = "whole number"  # argparse names the type in its own messages
    return check


class ToolError(Exception):
    """Bad input for a tool command (exit status 2)."""


def add_parsers(sub: Any) -> None:
    """Add the ``arena`` and ``hint`` subcommands to the main parser's subparsers."""
    kinds = ", ".join(BOTS)
    a = sub.add_parser("arena", help="play bots against each other and measure them",
                       description="Play N hands between bot kinds; report per kind the mean points per hand "
                                   "(95% CI), win rate, deal-in rate, average fan and decision time.")
    a.add_argument("--hands", type=int_arg(1), required=True, help="hands to play (with --duplicate: rounded up to 4s)")
    a.add_argument("--seed", type=seed_arg, required=True, help="0 to 2^64-1")
    a.add_argument("--seats", default="strong,normal,normal,normal",
                   help=f"bot kind per seat, one name or four comma-separated ({kinds})")
    a.add_argument("--duplicate", action="store_true", help="play each wall once per seat rotation")
    a.add_argument("--streak", default="mix", help="dealer streak of every hand: 1, 2, 3 or mix (default)")
    a.add_argument("--workers", type=int_arg(1), default=1,
                   help="worker processes playing the walls (the results do not depend on it; 1 in Pyodide)")
    a.add_argument("--options", type=Path, help="JSON file of rule options (rules.md §11 keys)")
    a.add_argument("--json", action="store_true")
    h = sub.add_parser("hint", help="hints for one seat: 听牌, 进张, suggested action, blocked actions",
                       description="Hints for a seat at a step of a logged hand (a hand, match or scenario "
                                   "log), or at the start of a fresh deal from --seed.")
    h.add_argument("file", nargs="?", type=Path, help="log file; omit to deal a fresh hand from --seed")
    h.add_argument("--seed", type=seed_arg, help="deal a fresh hand from this seed (no file; 0 to 2^64-1)")
    h.add_argument("--dealer", type=int_arg(0, 3), default=0, help="the dealer's seat of a fresh hand (0-3)")
    h.add_argument("--streak", type=int_arg(1, 3), default=1, help="the dealer streak of a fresh hand (1-3)")
    h.add_argument("--hand", type=int_arg(1), help="hand number in a match log (1-based; default the last)")
    h.add_argument("--step", type=int_arg(0), help="actions to replay (default: all)")
    h.add_argument("--seat", type=int_arg(0, 3),
                   help="the seat to advise (0-3; default: the first seat with a decision)")
    h.add_argument("--json", action="store_true")
    v = sub.add_parser("review", help="复盘: compare one seat's decisions in a log with the expert bot's",
                       description="Review one seat of a hand or match log: every decision with a choice, the "
                                   "expert's choice, the expected points of both; the costliest to study, the "
                                   "costly marked.")
    v.add_argument("file", type=Path, help="hand or match log (JSON)")
    v.add_argument("--seat", type=int_arg(0, 3), required=True, help="the seat to review (0-3)")
    v.add_argument("--seed", type=seed_arg, default=0, help="seed of the expert's samples (default 0)")
    v.add_argument("--json", action="store_true")


def _options(path: Path | None) -> Options:
    if path is None:
        return Options()
    try:
        return Options.from_json(read_json(path))
    except (JsonInputError, OptionsError) as exc:
        raise ToolError(f"--options {path}: {exc}") from None


def hint_round(args: argparse.Namespace) -> Round:
    """The round the ``hint`` command advises on."""
    if args.file is None:
        if args.seed is None:
            raise ToolError("give a log file or --seed")
        try:
            return Round.deal(dealer=args.dealer, streak=args.streak, seed=args.seed)
        except ValueError as exc:
            raise ToolError(str(exc)) from None
    try:
        report = replay(load(read_text(args.file)))
    except JsonInputError as exc:
        raise ToolError(str(exc)) from None
    except LogError as exc:
        raise ToolError(f"{args.file}: {exc}") from None
    n = len(report.rounds) if args.hand is None else args.hand
    if not 1 <= n <= len(report.rounds):
        raise ToolError(f"--hand must be 1-{len(report.rounds)}")
    src = report.rounds[n - 1]
    step = len(src.actions) if args.step is None else args.step
    if not 0 <= step <= len(src.actions):
        raise ToolError(f"--step must be 0-{len(src.actions)}")
    return src.replayed(step)


def run(args: argparse.Namespace) -> int:
    """Run ``arena``, ``hint`` or ``review``; returns the exit status."""
    try:
        if args.command == "arena":
            seats = [s.strip() for s in args.seats.split(",") if s.strip()]
            streak: int | str = args.streak if args.streak == "mix" else _int(args.streak, "--streak")
            progress = _progress if _show_progress(args) else None
            data: dict[str, Any] = run_arena(args.hands, args.seed, seats, duplicate=args.duplicate,
                                             options=_options(args.options), streak=streak,
                                             workers=args.workers, progress=progress)
            if progress is not None:
                print(file=sys.stderr)
            _emit(data, args.json, arena_text)
        elif args.command == "review":
            try:
                data = load(read_text(args.file))
            except JsonInputError as exc:
                raise ToolError(str(exc)) from None
            except LogError as exc:
                raise ToolError(f"{args.file}: {exc}") from None
            try:
                rv = Review(data, args.seat, args.seed)
            except ReviewError as exc:
                raise ToolError(f"{args.file}: {exc}" if "seat" not in str(exc) else f"--{exc}") from None
            show = _show_progress(args)
            while not rv.finished:
                rv.step(8)
                if show:
                    _progress(rv.done, rv.total)
            if show:
                print(file=sys.stderr)
            _emit(rv.report(), args.json, review_text)
        else:
            r = hint_round(args)
            seat = args.seat
            if seat is None:
                deciding = r.deciding_seats()
                seat = deciding[0] if deciding else 0
            if not 0 <= seat <= 3:
                raise ToolError("--seat must be 0-3")
            _emit(hints(r, seat), args.json, hints_text)
    except (ToolError, ArenaError) as exc:
        print(f"error: {error_line(exc)}", file=sys.stderr)
        return 2
    return 0


def _int(text: str, what: str) -> int:
    if text not in ("1", "2", "3"):
        shown = text if len(text) <= 24 else f"{text[:20]}…"
        raise ToolError(f"{what} must be 1, 2, 3 or mix, got {shown!r}")
    return int(text)


def _show_progress(args: argparse.Namespace) -> bool:
    """A running count on stderr, for a person watching: not with --json, and not into a file or a pipe."""
    return not args.json and sys.stderr.isatty()


def _progress(done: int, total: int) -> None:
    print(f"\r{done}/{total}", end="", file=sys.stderr, flush=True)


def _emit(data: dict[str, Any], as_json: bool, text: Any) -> None:
    emit(json.dumps(data, ensure_ascii=False, indent=2) if as_json else text(data))
