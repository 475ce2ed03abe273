"""The hand widget (``<hzmj-hand>``): a hand as written, with the engine's analysis of it."""

from __future__ import annotations

from typing import Any

from ..analysis import AnalysisError, analyze_hand
from ..fan import WinType, evaluate_win
from ..tiles import TILE_NAMES, NotationError, Wildcards, parse_melds, parse_tile, parse_tokens
from ..view import tile_marks
from ..winsplit import split_win
from .base import names


def hand_widget(
    tiles: str, melds: str = "", wildcard: str | None = None, win_tile: str | None = None
) -> dict[str, Any]:
    """Everything ``<hzmj-hand>`` shows: the tiles in groups as written, and the engine's analysis.

    13 tiles (melds count 3): waits with unseen counts, 暴头/七客 state. 14 tiles: whether it is a win and,
    taking ``win_tile`` (default: the last tile written) as the self-drawn tile, its pattern and fan, and
    ``split``: the concealed tiles as their sets and pair, each with the face it counts as (a wildcard starred).
    A bad hand or win-tile raises :class:`~hzmj_core.analysis.AnalysisError`.
    """
    info = analyze_hand(tiles, melds, wildcard)
    wc = Wildcards.fixed() if wildcard is None else Wildcards.flipped(parse_tile(wildcard))
    try:
        given_win = parse_tile(win_tile.rstrip("*")) if win_tile else None
    except NotationError as exc:
        raise AnalysisError(f"win-tile: {exc}", "win_tile") from None
    groups = [names([t.kind for t in parse_tokens(g)], wc) for g in tiles.split()]
    info["groups"] = groups
    info["marks"] = tile_marks(wc)
    info["meld_groups"] = [names(list(m.tiles), wc) for m in (parse_melds(melds, wc) if melds.strip() else [])]
    if info["tiles"] == 14 and info.get("win"):
        kinds = [t.kind for t in parse_tokens(tiles)]
        win = given_win if given_win is not None else kinds[-1]
        if win not in kinds:
            raise AnalysisError(f"win-tile {win_tile} is not one of the concealed tiles {tiles!r}", "win_tile")
        ev = evaluate_win(kinds, len(info["meld_groups"]), win, WinType.SELF_DRAW, wc)
        info["evaluation"] = None if ev is None else ev.to_json()
        split = None if ev is None else split_win(kinds, wc, ev.form, win, ev.baotou)
        info["split"] = None if split is None else {
            "groups": [[{"tile": wc.name(t), "face": TILE_NAMES[f]} for t, f in g] for g in split.groups],
            "winning": None if split.winning is None else list(split.winning)}
    return info
