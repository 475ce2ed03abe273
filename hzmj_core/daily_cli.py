"""``python -m hzmj_core daily``: the 每日挑战 of a date, a bot's result on it, and verifying a result code.

* ``daily [--date YYYY-MM-DD] [--json]`` prints ``{date, seed, deals: [{dealer, ...}], par: {points, per_deal},
  hecut}`` (the date in China Standard Time today when none is given);
* ``daily --date D --play-with LEVEL [--name NAME] [--json]`` lets the bot of LEVEL play the player's seat and
  prints ``{code, points, par, score, per_deal}`` (with ``expert`` the score is exactly 0);
* ``daily --verify CODE [--json]`` replays the code's choices and prints ``{valid: true, date, name, points, par,
  score, per_deal}``; a code that does not verify exits 1 with one line on stderr (and ``{valid: false, reason}``
  with ``--json``). Bad input exits 2 with one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from . import daily
from .bots import BOTS

COMMAND = "daily"


def add_parser(sub: Any) -> None:
    """Add the ``daily`` subcommand to the main parser's subparsers."""
    d = sub.add_parser(COMMAND, help="每日挑战: the day's four deals and par, a bot's result, verify a result code",
                       description="The daily challenge: four deals against the expert, scored against the "
                                   "expert's own play of the same deals (par).")
    d.add_argument("--date", help="the day, YYYY-MM-DD (China Standard Time; default today)")
    d.add_argument("--play-with", metavar="LEVEL",
                   help=f"let this bot play the player's seat ({', '.join(BOTS)}) and print its result code")
    d.add_argument("--name", help="with --play-with: the name the code carries")
    d.add_argument("--verify", metavar="CODE", help="verify a result code (or a link ending in #daily=CODE)")
    d.add_argument("--json", action="store_true", help="machine-readable output")


def _per_deal_text(d: dict[str, Any]) -> list[str]:
    return [f"  deal {p['deal']} (dealer seat {p['dealer']}): you {p['you']:+d}, expert {p['expert']:+d}, "
            f"difference {p['difference']:+d}" for p in d["per_deal"]]


def _result_text(d: dict[str, Any]) -> str:
    head = (f"valid: {d['date']}" + (f" {d['name']}" if d.get("name") else "") + ", " if d.get("valid") else "")
    lines = [f"{head}points {d['points']:+d}, par {d['par']:+d}, score {d['score']:+d}"]
    lines += _per_deal_text(d)
    if "code" in d:
        lines.append(f"code {d['code']}")
    return "\n".join(lines)


def _challenge_text(d: dict[str, Any]) -> str:
    q = d["hecut"]
    lines = [f"每日挑战 {d['date']} — seed {d['seed']}, opponents {d['opponents']}, par {d['par']['points']:+d}"]
    for deal, p in zip(d["deals"], d["par"]["per_deal"], strict=True):
        lines.append(f"  deal {deal['deal']}: dealer seat {deal['dealer']}, expert {p:+d}")
    lines.append(f"何切 (band {q['band']}): {q['position']['hand']} — {q['prompt_en']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Run ``daily``; returns the exit status (0, 1 for a code that does not verify, 2 for bad input)."""
    try:
        if args.verify is not None:
            if args.date is not None or args.play_with is not None or args.name is not None:
                raise daily.DailyError("--verify takes a code alone: the code carries the date and the name")
            try:
                result = daily.verify(args.verify)
            except daily.DailyCodeError as exc:
                if args.json:
                    print(json.dumps({"valid": False, "reason": str(exc), "code": exc.reason.code},
                                     ensure_ascii=False))
                print(f"error: the code does not verify: {exc}", file=sys.stderr)
                return 1
            _out(result, args.json, _result_text)
        else:
            day = daily.today() if args.date is None else daily.parse_date(args.date)
            if args.play_with is not None:
                if args.play_with not in BOTS:
                    raise daily.DailyError(f"unknown bot {args.play_with!r} for --play-with: choose one of "
                                           f"{', '.join(BOTS)}")
                _out(daily.play_with(day, args.play_with, daily.clean_name(args.name or "")), args.json,
                     _result_text)
            elif args.name is not None:
                raise daily.DailyError("--name goes with --play-with (the name a result code carries)")
            else:
                _out(daily.challenge(day), args.json, _challenge_text)
        sys.stdout.flush()
    except daily.DailyError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def _out(data: dict[str, Any], as_json: bool, text: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2) if as_json else text(data))
