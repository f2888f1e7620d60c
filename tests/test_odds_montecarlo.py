"""Every default table against a seeded Monte Carlo of the games' own roll procedures,
and whole Isolation scenes against many seeded `roll` replays.

Sample sizes are small to keep the suite quick; the tolerance is five binomial standard
errors (plus one sample), so a real mistake of a few percent still fails.
"""

from __future__ import annotations

import random
from collections import Counter
from math import sqrt

import pytest

from conftest import EXAMPLES
from playaid.documents import Library
from playaid.games.contest import odds as contest
from playaid.games.dirt import odds as dirt
from playaid.games.fight_sphere import odds as fight_sphere
from playaid.games.isolation import odds_table as isolation
from playaid.games.sapio import odds as sapio
from playaid.games.isolation.odds_scene import scene_answer
from playaid.games.contest.comparing import Rolled, compare
from playaid.games.dirt.procedures import roll_check as dirt_roll
from playaid.games.fight_sphere.arithmetic import conflict_succeeds
from playaid.games.fight_sphere.rolling import throw
from playaid.games.isolation.hands import roll_open_ended
from playaid.games.isolation.interpretation import (best_stance, degree, passive_green_evens,
                                                         pooled_green_evens, stance_margin)
from playaid.systems.play import Dice
from playaid.games.sapio.procedures import roll_check as sapio_roll
from playaid.games.sapio.spiral_die import default_die

N = 500


def close(exact, hits: int, n: int = N) -> bool:
    p = float(exact)
    return abs(hits / n - p) <= 5 * sqrt(p * (1 - p) / n) + 1 / n


def sample(trial, n: int = N, seed: int = 4) -> Counter:
    dice = Dice.seeded(seed)
    return Counter(trial(dice) for _ in range(n))


def cells(table, picks):
    """The (row, col, cell) of `picks`, given as (row value, col value)."""
    return [(r, c, table.cells[table.rows.index(r)][table.cols.index(c)]) for r, c in picks]


def test_fight_sphere_tables_match_thrown_dice():
    conflict, gladiator = fight_sphere.tables()
    for pool, t, p in cells(conflict, [(1, 5), (6, 7), (12, 9), (15, 12)]):
        got = sample(lambda d: conflict_succeeds(throw(d, "me", pool, "")[1], throw(d, "GM", t, "")[1]))
        assert close(p, got[True]), (pool, t)
    for a, b, p in cells(gladiator, [(1, 1), (5, 8), (12, 3)]):
        got = sample(lambda d: (lambda x, y: "more" if x > y else "tie" if x == y else "less")(
            throw(d, "a", a, "")[1], throw(d, "b", b, "")[1]))
        assert close(p["more"], got["more"]) and close(p["tie"], got["tie"]), (a, b)


def test_isolation_outcome_matches_open_ended_rolls():
    outcome = isolation.tables()[0]
    for g, r, p in cells(outcome, [(1, 3), (6, 8), (12, 15)]):
        got = sample(lambda d: degree(roll_open_ended(d, "P", "green", g).count - roll_open_ended(d, "GM", "red", r).count))
        for deg, q in p.items():
            assert close(q, got[deg]), (g, r, deg)


def test_isolation_stance_and_hostile_tables_match_rolls():
    _, stance, hostile = isolation.tables()
    for row, a, p in cells(stance, [("2g/1r", 0), ("4g/3r", 2), ("1g/4r", 3), ("3g/0r", 1)]):
        g, r = int(row.split("g/")[0]), int(row.split("/")[1][:-1])

        def trial(d):
            evens = passive_green_evens(roll_open_ended(d, "P", "green", g).faces, roll_open_ended(d, "P", "red", r).faces)
            return best_stance(stance_margin(evens, a), only_green_links=r == 0)

        got = sample(trial)
        for s, q in p.items():
            assert close(q, got[s]), (row, a, s)
    for h, gm, p in cells(hostile, [(0, 6), (3, 4), (6, 10)]):
        got = sample(lambda d: degree(pooled_green_evens(roll_open_ended(d, "P", "green", isolation.HOSTILE_GREEN).count,
                                                         roll_open_ended(d, "H", "red", h).count)
                                      - roll_open_ended(d, "GM", "red", gm).count))
        for deg, q in p.items():
            assert close(q, got[deg]), (h, gm, deg)


def test_sapio_tables_match_the_check_procedure():
    die = default_die()
    success, net = sapio.tables()
    for n, tn, p in cells(success, [(1, 1), (2, 3), (4, 3), (6, 5)]):
        got = sample(lambda d: sapio_roll(n, tn, die, d.pool("me", 12)).success)
        assert close(p, got[True]), (n, tn)
    for n, tn, p in cells(net, [(1, 3), (3, 5), (6, 2)]):
        got = sample(lambda d: sapio_roll(n, tn, die, d.pool("me", 12)).tally.net[0])
        assert close(p["spare"], got["spare"]) and close(p["spiral"], got["spiral"]), (n, tn)


@pytest.mark.parametrize("threshold", [5, 4, 3])
def test_dirt_at_least_tables_match_the_check_procedure(threshold):
    table = next(t for t in dirt.tables() if t.id == f"at-least-{threshold}")
    for n, k, p in cells(table, [(1, 1), (4, 2), (7, 4), (10, 5)]):
        got = sample(lambda d: dirt_roll(d.pool("me"), n, threshold).degrees >= k)
        assert close(p, got[True]), (threshold, n, k)


def test_dirt_opposed_table_matches_two_checks():
    table = next(t for t in dirt.tables() if t.id == "opposed")
    for a, b, p in cells(table, [(1, 1), (3, 5), (5, 2)]):
        got = sample(lambda d: dirt.band(dirt_roll(d.pool("a"), a, 5).degrees - dirt_roll(d.pool("b"), b, 5).degrees))
        for band, q in p.items():
            assert close(q, got[band]), (a, b, band)


def test_contest_table_matches_compare_on_rolled_dice():
    table = contest.tables()[0]
    for pool, opp, p in cells(table, [(table.rows[0], table.cols[0]), (table.rows[3], table.cols[1]),
                                      (table.rows[5], table.cols[4])]):
        mine, theirs = contest.sizes(tuple(pool.split(","))), contest.sizes(tuple(opp.split(",")))

        def trial(d):
            a = [Rolled(0, 0, i, d.pool(f"d{s}", s).take(), s) for i, s in enumerate(mine)]
            b = [Rolled(1, 0, i, d.pool(f"d{s}", s).take(), s) for i, s in enumerate(theirs)]
            return compare([[a], [b]]).winner

        got = sample(trial)
        assert close(p["win"], got[0]) and close(p["tie"], got[None]), (pool, opp)


@pytest.mark.parametrize("scene", ["scene-persuade-alice.yaml", "scene-reach-the-car.yaml", "scene-take-the-keys.yaml"])
def test_a_whole_scene_matches_seeded_roll_replays(scene):
    path = EXAMPLES["isolation"] / scene
    exact = scene_answer(str(path)).data["degrees"]
    library = Library()
    doc = library.load(path)
    resolver = library.resolver(path, doc)
    n = 400
    got = Counter(doc.system.play(doc.model, resolver, random.Random(seed)).outcome for seed in range(n))
    for deg, p in exact.items():
        assert close(p, got[deg], n), (scene, deg, float(p), got[deg] / n)
