"""Asset-dice contests: properties of comparing rolls and of whole scenes, on generated dice."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from playaid.games.contest.comparing import Rolled, compare, concessions, side_dice
from playaid.games.contest.dice import Die, nearest_physical
from playaid.games.contest.documents import ConditionGoal, PoolEntry, Scene, Side, SpendOrder
from playaid.games.contest.procedures import play

SIZES = [3, 4, 6, 8, 10, 12, 5, 11]
"""The six physical sizes and two e-dice (a d5 and a d11) the generated scenes declare."""

pools = st.lists(st.lists(st.sampled_from(SIZES), min_size=1, max_size=6), min_size=1, max_size=2)
sides_st = st.lists(pools, min_size=2, max_size=4)


@st.composite
def rolls(draw):
    """sides → pools → Rolled dice, with the sides that roll a stand-in die."""
    sides = draw(sides_st)
    rolled = [[[Rolled(s, p, k, draw(st.integers(1, nearest_physical(size))), nearest_physical(size))
                for k, size in enumerate(pool)] for p, pool in enumerate(side)] for s, side in enumerate(sides)]
    stand_in = frozenset(s for s, side in enumerate(sides) if any(size not in (3, 4, 6, 8, 10, 12)
                                                                    for pool in side for size in pool))
    return rolled, stand_in


@settings(max_examples=300, deadline=None)
@given(rolls())
def test_comparing_keeps_every_die_and_the_winner_is_consistent(case):
    rolled, stand_in = case
    result = compare(rolled, stand_in)
    every = [d for side in rolled for d in side_dice(side)]
    discarded = [d for r in result.rounds for d in r.discarded]
    remaining = [d for side in result.remaining for d in side_dice(side)]
    assert len(discarded) + len(result.success) + len(remaining) == len(every)
    assert len(set(discarded) | set(result.success) | set(remaining)) == len(every)
    last = result.rounds[-1].highs
    if result.winner is None:
        assert remaining == [] and result.success == () and max(last) == 0
        return
    w = result.winner
    assert result.success and all(d.side == w for d in result.success)
    others = max(h for s, h in enumerate(last) if s != w)
    if result.compensated:
        assert w in stand_in and len(result.success) == 1 and last[w] == others
    else:
        assert last[w] > others and all(d.value > others for d in result.success)
        assert all(d.value <= others for d in side_dice(result.remaining[w]))
    after = concessions(result.remaining, w)
    taken = [d for c in after.taken for d in c.dice]
    assert all(c.by != w for c in after.taken)
    assert len(taken) == len(set(taken))
    for c in after.taken:
        assert c.by != c.against and all(d.side == c.by and d.value > after.highs[c.against] for d in c.dice)
        assert after.highs[c.by] > after.highs[c.against]
    for a, b in after.ties:
        assert after.highs[a] == after.highs[b]


@st.composite
def scenes(draw):
    sides = draw(sides_st)
    electronic = draw(st.booleans())
    rolled_as = (lambda n: n) if electronic else nearest_physical
    listed = draw(st.booleans())
    built = []
    for i, side in enumerate(sides):
        values = [draw(st.integers(1, rolled_as(size))) for pool in side for size in pool] if listed else None
        dice = [[Die(n) for n in pool] for pool in side]
        if len(dice) == 1:
            built.append(Side(name=f"Side {i}", dice=dice[0], rolled=values))
        else:
            built.append(Side(name=f"Side {i}", pools=[PoolEntry(dice=p) for p in dice], rolled=values))
    names = [s.name for s in built]
    orders = [SpendOrder(by=by, penalty=Die(draw(st.sampled_from([3, 4, 6, 8, 10, 12]))),
                         to=draw(st.sampled_from([n for n in names if n != by])), name="Hurt")
              for by in draw(st.lists(st.sampled_from(names), max_size=3))]
    # A condition goal changes the opposition's dice, so listed values are only generated without one.
    condition = ConditionGoal(die=Die(draw(st.sampled_from([4, 6, 8, 10])))) if not listed and draw(st.booleans()) else None
    return Scene(goal="Win", sides=built, condition=condition, spend=orders, electronic=electronic,
                 e_dice=[Die(5), Die(11)], forgo_goal=draw(st.booleans()))


@settings(max_examples=200, deadline=None)
@given(scenes(), st.integers(0, 2**16))
def test_any_valid_scene_resolves_with_an_outcome_that_fits_its_dice(scene, seed):
    result = play(scene, None, random.Random(seed))  # generated dice always fit: no DiceMismatch either
    assert result.outcome == "true-tie" or result.outcome.removeprefix("win:") in [s.name for s in scene.sides]
    assert result.replayed == (scene.sides[0].rolled is not None)
    assert result.changes == ()  # GM pools carry no sheets
    bought = [s for s in result.steps if s.data.get("bought")]
    assert len(bought) <= len(scene.spend)
    if result.outcome == "true-tie":
        assert "every die has been discarded" in result.steps[-1].text.lower()
