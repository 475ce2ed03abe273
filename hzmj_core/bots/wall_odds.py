"""牌墙估计 (wall odds): how likely each tile a seat has not seen is to lie in the live wall, not in a hand.

A seat draws only from the wall, but it cannot see which of the copies it has not seen are there and which sit
in the others' hands. They are not spread evenly. Players throw their lone honours and terminals early and keep
middle tiles, pairs and 财神, so the copies of a face the others have already thrown are nearly all in the wall,
and late in the hand a fresh middle tile with four copies unseen is often held. Measured over the turns of 2,000
hands of strong players (the arena's streak mix, every seat): an unseen honour whose other copies are all in
sight lies in the wall 98-99% of the time, a fresh 3-7 with four copies unseen 63% of the time with 66 or more
tiles left and 38% with fewer than 38, while of all unseen tiles 67% and 51% are in the wall at those stages.

:func:`draw_shares` turns this into a weight per tile kind for one seat's view, scaled so that the weighted
copies add up to the unseen count. The expert 大师 counts its useful tiles and its next draws with it
(:meth:`hzmj_core.analysis.Analysis.weigh_draws`) away from 3老, where a hand wins only by drawing: a wait on a
face the others have thrown is drawn more often than the same number of copies of a fresh middle tile.
"""

from __future__ import annotations

from ..analysis import Analysis
from ..tiles import NUM_KINDS

WALL_SHARE: tuple[tuple[tuple[tuple[float, ...], ...], ...], ...] = (
    # 66 or more tiles left: 1/9, 2/8, 3-7, honours
    (
        ((0.820, 0.820, 0.820, 0.847), (0.685, 0.779, 0.836), (0.664, 0.758), (0.646,)),
        ((0.764, 0.764, 0.764, 0.764), (0.650, 0.746, 0.805), (0.645, 0.727), (0.641,)),
        ((0.724, 0.724, 0.724, 0.724), (0.637, 0.715, 0.772), (0.637, 0.712), (0.634,)),
        ((0.972, 0.972, 0.972, 0.984), (0.713, 0.872, 0.957), (0.698, 0.877), (0.683,)),
    ),
    # 52-65 tiles left: 1/9, 2/8, 3-7, honours
    (
        ((0.843, 0.843, 0.856, 0.859), (0.656, 0.766, 0.806), (0.614, 0.723), (0.578,)),
        ((0.740, 0.740, 0.740, 0.768), (0.622, 0.694, 0.745), (0.591, 0.677), (0.567,)),
        ((0.691, 0.678, 0.694, 0.727), (0.584, 0.649, 0.696), (0.571, 0.646), (0.558,)),
        ((0.990, 0.990, 0.990, 0.992), (0.733, 0.917, 0.954), (0.701, 0.867), (0.623,)),
    ),
    # 38-51 tiles left: 1/9, 2/8, 3-7, honours
    (
        ((0.833, 0.833, 0.833, 0.850), (0.736, 0.709, 0.759), (0.516, 0.644), (0.485,)),
        ((0.718, 0.718, 0.718, 0.750), (0.648, 0.615, 0.684), (0.524, 0.588), (0.500,)),
        ((0.640, 0.640, 0.637, 0.672), (0.526, 0.574, 0.614), (0.487, 0.566), (0.482,)),
        ((0.987, 0.987, 0.987, 0.988), (0.905, 0.905, 0.920), (0.774, 0.784), (0.492,)),
    ),
    # fewer than 38 tiles left: 1/9, 2/8, 3-7, honours
    (
        ((0.736, 0.736, 0.736, 0.736), (0.617, 0.617, 0.640), (0.509, 0.509), (0.327,)),
        ((0.632, 0.632, 0.632, 0.632), (0.531, 0.531, 0.531), (0.465, 0.489), (0.387,)),
        ((0.537, 0.537, 0.537, 0.537), (0.486, 0.457, 0.521), (0.377, 0.464), (0.380,)),
        ((0.976, 0.976, 0.976, 0.976), (0.782, 0.782, 0.782), (0.612, 0.612), (0.369,)),
    ),
)
"""Share of a face's unseen copies that lie in the live wall, by the wall's stage (:func:`stage`), the face's
class (:func:`face_class`), its unseen copies u (1-4, the index u - 1) and the copies of it in sight outside the
seat's own hand and melds (in rivers and others' melds, 0 to 4 - u). Cells with fewer than 3,000 observed copies
take their stage, class and u over every count in sight."""

WILD_SHARE: tuple[float, float, float, float] = (0.628, 0.56, 0.528, 0.477)
"""The same share for the unseen 财神, by stage (players keep them, so fewer are in the wall)."""


def stage(remaining: int) -> int:
    """The wall's stage for :data:`WALL_SHARE`: 0 with 66 or more tiles left, 1 from 52, 2 from 38, else 3."""
    return 0 if remaining >= 66 else 1 if remaining >= 52 else 2 if remaining >= 38 else 3


def face_class(face: int) -> int:
    """0 for a 1 or 9, 1 for a 2 or 8, 2 for a 3 to 7, 3 for an honour."""
    if face >= 27:
        return 3
    r = face % 9
    return 0 if r in (0, 8) else 1 if r in (1, 7) else 2


def draw_shares(an: Analysis) -> list[float]:
    """Per tile kind, a factor on its unseen copies for the chance of drawing them: its share in the wall,
    scaled so that the weighted unseen copies of all kinds add up to the unseen count."""
    v = an.view
    wc = an.wc
    st = stage(v.remaining)
    table = WALL_SHARE[st]
    own = list(an.counts)
    for m in v.melds[v.seat]:
        if m is not None:
            for t in m.tiles:
                if not wc.is_wild(t):
                    own[wc.face(t)] += 1
    share = [0.0] * NUM_KINDS
    mass = 0.0
    for f in range(NUM_KINDS):
        u = an.unseen_face[f]
        if u:
            share[f] = table[face_class(f)][u - 1][max(0, min(4 - u, 4 - u - own[f]))]
            mass += u * share[f]
    wild = WILD_SHARE[st]
    mass += an.unseen_wild * wild
    scale = an.unseen_total / mass if mass > 0 else 1.0
    wk = wc.wild_kind
    return [(wild if k == wk else share[wc.face(k)]) * scale for k in range(NUM_KINDS)]


__all__ = ["WALL_SHARE", "WILD_SHARE", "draw_shares", "face_class", "stage"]
