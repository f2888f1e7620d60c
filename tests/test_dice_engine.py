"""The exact engine against brute-force twins that list every roll."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from playaid.dice import Dist, exact_below, matchup, open_pool
import brute
from playaid.games.dirt import odds as dirt
from playaid.games.fight_sphere import odds as fight_sphere
from playaid.games.isolation import odds_table as isolation
from playaid.games.sapio import odds as sapio
from playaid.games.dirt.procedures import degrees as dirt_degrees, rerolls
from playaid.games.isolation.interpretation import evens, odds
from playaid.games.sapio.spiral_die import default_die


def test_a_die_and_a_sum_are_exact_counts():
    d6 = Dist.die(6)
    two = d6 + d6
    assert (two.low, two.high, two.total) == (2, 12, 36)
    assert two.p(7) == Fraction(1, 6)
    assert d6.repeat(3) == d6 + d6 + d6
    assert d6.dropped == 0


def test_a_capped_distribution_knows_its_dropped_mass_exactly():
    d = exact_below(1, 2, 3, 2)
    # P(0) + P(1) = 1/2 + 5/12; everything from 2 up is dropped: 1/12.
    assert d.dropped == Fraction(1, 12)


@pytest.mark.parametrize("n", [1, 2, 3, 6, 12, 15])
def test_open_pools_drop_at_most_the_bound(n):
    d = open_pool(n, 2, 3)
    assert 0 < d.dropped <= Fraction(1, 10**16)


@pytest.mark.parametrize("n,hit,miss", [(1, 2, 3), (2, 2, 3), (3, 1, 4), (2, 3, 2), (3, 2, 3)])
def test_open_pool_matches_every_roll_to_a_depth(n, hit, miss):
    # faces 1..miss do not count, miss+1..5 count, 6 counts and rolls again
    listed, rest = brute.open_count(n, lambda f: f == 6, lambda fs: sum(f > miss for f in fs), depth=3)
    fast = open_pool(n, hit, miss)
    assert rest > 0
    for k in range(0, 4):
        assert listed.get(k, 0) <= fast.p(k) <= listed.get(k, 0) + rest


@pytest.mark.parametrize("n", [1, 2, 3])
def test_isolation_green_evens_and_red_odds_match_the_rules_core(n):
    g, rest = brute.open_count(n, lambda f: f == 6, evens, depth=3)
    r, rest_r = brute.open_count(n, lambda f: f == 1, odds, depth=3)
    for k in range(4):
        assert g.get(k, 0) <= isolation.green_evens(n).p(k) <= g.get(k, 0) + rest
        assert r.get(k, 0) <= isolation.red_odds(n).p(k) <= r.get(k, 0) + rest_r


@pytest.mark.parametrize("n,threshold", [(1, 5), (2, 4), (3, 3), (2, 5)])
def test_dirt_degrees_match_the_rules_core(n, threshold):
    got, rest = brute.open_count(n, rerolls, lambda fs: dirt_degrees(list(fs), threshold), depth=3)
    for k in range(4):
        assert got.get(k, 0) <= dirt.degrees(n, threshold).p(k) <= got.get(k, 0) + rest


@pytest.mark.parametrize("pool,gm", [(1, 1), (2, 3), (4, 2), (3, 3)])
def test_fight_sphere_success_equals_every_roll(pool, gm):
    assert fight_sphere.success(pool, gm) == brute.fight_sphere_success(pool, gm)


def test_fight_sphere_pools_have_at_least_one_die():
    assert fight_sphere.ones_in(0) == fight_sphere.ones_in(1)


@pytest.mark.parametrize("pool,tn", [(1, 1), (1, 3), (2, 2), (2, 5), (3, 4)])
def test_sapio_success_equals_every_roll_with_improbable_success(pool, tn):
    assert sapio.success(default_die(), pool, tn) == brute.sapio_success(default_die(), pool, tn)


def test_improbable_success_raises_the_odds():
    die = default_die()
    assert sapio.success(die, 1, 3) > sum(
        Fraction(1, 12) for f in die.faces if f.hits >= 3)


@pytest.mark.parametrize("pool", [1, 2, 3])
@pytest.mark.parametrize("tn", [1, 2, 3, 4, 5])
def test_sapio_odds_equal_the_roll_procedure_run_on_every_face_sequence(pool, tn):
    """Success and net Spare / Spiral, the dice Improbable Success adds included, against
    `roll_check` itself fed every face sequence it asks for."""
    die = default_die()
    played = brute.sapio_check(die, pool, tn)
    assert sapio.success(die, pool, tn) == sum((p for (won, _), p in played.items() if won), Fraction(0))
    for side, p in sapio.net_chances(die, pool, tn).items():
        assert p == sum((q for (_, s), q in played.items() if s == side), Fraction(0)), side


def test_dice_added_by_improbable_success_count_toward_the_net():
    """1 die at TN 3: face 10 or 11 adds a die whose Spares count (25% on the pool alone)."""
    assert sapio.net_chances(default_die(), 1, 3)["spare"] == Fraction(5, 18)


@pytest.mark.parametrize("tn", [1, 2, 3, 4, 5])
def test_a_larger_sapio_pool_never_lowers_the_chance(tn):
    die = default_die()
    chances = [sapio.success(die, n, tn) for n in sapio.POOLS]
    assert chances == sorted(chances)


def test_two_dice_beat_one_at_tn_3():
    """"A larger dice pool increases the character's chance of success": with one Hit
    enough for Improbable Success, one die would do as well as two here."""
    assert sapio.success(default_die(), 2, 3) > sapio.success(default_die(), 1, 3)


@pytest.mark.parametrize("pool,versus", [([6], [6]), ([8, 8, 6], [10, 8]), ([3, 4], [6]), ([10, 3], [4, 4, 3]),
                                         ([12], [3, 3, 3]), ([6, 6], [6, 6])])
def test_contest_sweep_equals_compare_on_every_roll(pool, versus):
    win, tie, lose = brute.contest_matchup(pool, versus)
    m = matchup(pool, versus)
    assert m.p_tie == tie and m.p_lose == lose
    assert {k: Fraction(w, m.total) for k, w in m.win.items()} == win


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from([3, 4, 6]), min_size=1, max_size=3),
       st.lists(st.sampled_from([3, 4, 6]), min_size=1, max_size=2))
def test_contest_sweep_agrees_with_compare_on_random_small_pools(pool, versus):
    win, tie, lose = brute.contest_matchup(pool, versus)
    m = matchup(pool, versus)
    assert (m.p_tie, m.p_lose, m.p_win) == (tie, lose, sum(win.values(), Fraction(0)))


def test_a_winner_always_has_a_success_die():
    m = matchup([12, 10, 8, 6, 4, 3], [12, 10, 10, 8, 6, 4])
    assert 0 not in m.win and 0 not in m.lose
    assert m.p_win + m.p_lose + m.p_tie == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 12), st.integers(0, 5), st.integers(0, 30))
def test_open_pool_listing_agrees_with_any_longer_exact_listing(n, hit, k):
    fast = open_pool(n, hit, 5 - hit)
    longer = exact_below(n, hit, 5 - hit, len(fast.weights) + 5)
    if k < len(fast.weights):
        assert fast.p(k) == longer.p(k)
    assert longer.dropped <= fast.dropped


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=1, max_size=5), st.lists(st.integers(0, 9), min_size=1, max_size=5))
def test_convolution_keeps_every_way(a, b):
    x, y = Dist(0, tuple(a), max(1, sum(a))), Dist(1, tuple(b), max(1, sum(b)))
    s = x + y
    assert sum(s.weights) == sum(a) * sum(b) and s.total == x.total * y.total
    assert x + y == y + x
