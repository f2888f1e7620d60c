"""Which die face goes on which face of the solid, and which way is up on each.

Balance: faces are ranked by strength, weakest first (ties by their number in the die
file); the weakest is put opposite the strongest, the second weakest opposite the second
strongest, and so on, so every opposite pair adds up to about the same strength.
What strength is belongs to the die (a game ranks its own faces); a d6 face's strength
is its pips, which gives the usual "opposite faces make 7".

Orientation: the solid is read like a globe with the top face (face 0) at the north
pole. Every face's "up" points north along the surface; the two polar faces, which have
no north, point towards longitude zero (the centre of face 1). Symbols drawn upright
along that direction all stand the same way when the die sits on its south pole, and
a die turned top to bottom still reads one consistent way round.
"""

from __future__ import annotations

from typing import Sequence

from .solid import Solid, Vec, dot, scale, sub, unit

POLAR = 0.999
"""|cos| of the angle to the pole above which a face counts as a polar face."""


def opposite_pairs(solid: Solid) -> list[tuple[int, int]]:
    """The solid's opposite faces, (face, its opposite), in face order, each pair once."""
    pairs = []
    for f in range(len(solid.faces)):
        g = solid.opposite(f)
        if f < g:
            pairs.append((f, g))
    return pairs


def balanced(solid: Solid, strengths: Sequence[tuple]) -> tuple[int, ...]:
    """For each face of the solid, the index of the die face printed on it.

    Opposite faces pair rank k with rank n-1-k of the strength order; which of the two
    goes north alternates from one pair to the next, so neither hemisphere is stronger.
    """
    n = len(strengths)
    if n != len(solid.faces):
        raise ValueError(f"{len(strengths)} faces for a {solid.name} with {len(solid.faces)}")
    ranked = sorted(range(n), key=lambda i: (strengths[i], i))
    on = [0] * n
    for k, (north, south) in enumerate(opposite_pairs(solid)):
        weak, strong = ranked[k], ranked[n - 1 - k]
        on[north], on[south] = (strong, weak) if k % 2 == 0 else (weak, strong)
    return tuple(on)


def up_vectors(solid: Solid) -> list[Vec]:
    """Each face's "up" on the solid: north along the face, or towards face 1 at the poles."""
    north = solid.normal(0)
    meridian = solid.normal(1)
    ups = []
    for f in range(len(solid.faces)):
        n = solid.normal(f)
        toward = meridian if abs(dot(n, north)) > POLAR else north
        ups.append(unit(sub(toward, scale(n, dot(toward, n)))))
    return ups
