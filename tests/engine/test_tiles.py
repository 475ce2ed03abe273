"""Tile notation, wildcard faces (rules.md §0, §1.3) and action text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hzmj_core.actions import Action, ActionError, ActionType
from hzmj_core.tiles import (
    TILE_NAMES,
    NotationError,
    Wildcards,
    format_tiles,
    parse_melds,
    parse_tile,
    parse_tiles,
)


@pytest.mark.parametrize("text, names", [
    ("1m2m3m", ["1m", "2m", "3m"]),
    ("123m", ["1m", "2m", "3m"]),
    ("P* 5s", ["P", "5s"]),
    ("EESWNCFP", ["E", "E", "S", "W", "N", "C", "F", "P"]),
    ("55*5s 9p", ["5s", "5s", "5s", "9p"]),
    ("", []),
])
def test_parse(text: str, names: list[str]) -> None:
    assert [TILE_NAMES[t] for t in parse_tiles(text)] == names


@pytest.mark.parametrize("text", ["0m", "1x", "12", "m", "1m Z", "10p"])
def test_parse_errors_name_the_token(text: str) -> None:
    with pytest.raises(NotationError, match="position"):
        parse_tiles(text)


def test_kind_layout() -> None:
    assert [parse_tile(x) for x in ("1m", "9m", "1p", "1s", "E", "C", "F", "P")] == [0, 8, 9, 18, 27, 31, 32, 33]
    assert len(TILE_NAMES) == 34 and len(set(TILE_NAMES)) == 34


@given(st.lists(st.integers(0, 33), max_size=14))
def test_format_parse_round_trip(kinds: list[int]) -> None:
    assert parse_tiles(format_tiles(kinds)) == sorted(kinds)
    assert sorted(parse_tiles(format_tiles(kinds, compact=True))) == sorted(kinds)


def test_fixed_wildcards() -> None:
    w = Wildcards.fixed()
    assert w.is_wild(33) and not any(w.is_wild(k) for k in range(33))
    assert w.face(0) == 0


@pytest.mark.parametrize("indicator, wild, p_face", [("5s", 22, 22), ("E", 27, 27), ("P", 33, None)])
def test_flipped_wildcards(indicator: str, wild: int, p_face: int | None) -> None:
    w = Wildcards.flipped(parse_tile(indicator))
    assert w.is_wild(wild) and sum(w.is_wild(k) for k in range(34)) == 1
    if p_face is not None:
        assert not w.is_wild(33) and w.face(33) == p_face  # 白板 stands in for the indicator face
        assert set(w.tiles_of_face(p_face)) == {33}
    else:
        assert w.is_wild(33)


@given(st.sampled_from(list(ActionType)), st.integers(0, 3), st.lists(st.integers(0, 33), min_size=4, max_size=4))
def test_action_text_round_trip(t: ActionType, seat: int, tiles: list[int]) -> None:
    n = {ActionType.DISCARD: 1, ActionType.ADDED_KONG: 1, ActionType.CHOW: 2, ActionType.PONG: 2,
         ActionType.EXPOSED_KONG: 3, ActionType.CONCEALED_KONG: 4}.get(t, 0)
    a = Action(seat, t, tuple(sorted(tiles[:n])))
    assert Action.parse(str(a)) == a
    assert Action.from_json(a.to_json()) == a


@pytest.mark.parametrize("text, needle", [
    ("S4 discard 1m", "seat"), ("S1 dance", "unknown type"), ("S1 discard", "takes 1"),
    ("S1 pong 8s", "takes 2"), ("S1 discard 1x", "bad token"), ("discard", "expected"),
])
def test_action_parse_errors(text: str, needle: str) -> None:
    with pytest.raises(ActionError, match=needle):
        Action.parse(text)


def test_action_compact_tiles() -> None:
    assert Action.parse("S2 chow 46s") == Action.parse("S2 chow 4s6s")


@pytest.mark.parametrize("text, char, pos", [
    ("０m", "０", 0),                 # fullwidth zero passed isdigit and became kind -1
    ("1m ２p", "２", 3),
    ("²m", "²", 0),                   # superscript two gave a ValueError from int()
    ("1m\u30002m", "U+3000", 2),      # ideographic space
    ("E\x00", "\\x00", 1),
])
def test_notation_is_ascii(text: str, char: str, pos: int) -> None:
    with pytest.raises(NotationError) as exc:
        parse_tiles(text)
    assert char in str(exc.value) and f"position {pos}" in str(exc.value)


def test_non_ascii_refused_in_tiles_melds_and_actions() -> None:
    with pytest.raises(NotationError, match="position 0"):
        parse_tile("５s")
    with pytest.raises(NotationError, match="U\\+3000"):
        parse_melds("EEE\u3000123m")
    with pytest.raises(ActionError, match="U\\+FF10"):
        Action.parse("S3 discard ０p")
    with pytest.raises(ActionError, match="U\\+3000"):
        Action.parse("S3\u3000discard 1p")
