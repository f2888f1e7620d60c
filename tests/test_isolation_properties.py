"""Isolation: random tables, scenes and dice never break the procedures, and what they
report keeps the rules' invariants."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from playaid.games.isolation import interpretation as rules
from playaid.games.isolation.character import HEALTH_LEVELS, Character
from playaid.games.isolation.conflict import Modifier, ListedDice, Scene, cast_roles, scene_problems
from playaid.games.isolation.procedures import listed_dice, resolve_conflict
from playaid.games.isolation.relationship_map import Link, RelationshipMap, Setup
from playaid.games.isolation.table import Table
from playaid.systems.play import Dice, RollRefused

NAMES = ["Ann", "Ben", "Cat", "Dev", "Eli"]


@st.composite
def tables(draw) -> Table:
    n = draw(st.integers(2, 5))
    cast = tuple(Character(name=NAMES[i], health=draw(st.sampled_from(HEALTH_LEVELS[:3] * 3 + HEALTH_LEVELS[3:])))
                 for i in range(n))
    living = [c.name for c in cast if c.living]
    pairs = [(a, b) for a in living for b in living if a < b]
    link = st.tuples(st.sampled_from(pairs), st.sampled_from(["green", "red"]),
                     st.sampled_from(["", "", "Bonded", "Injured", "Dying"])) if pairs else st.nothing()
    links = [Link(list(ends), color, None, label) for ends, color, label in draw(st.lists(link, max_size=12 if pairs else 0))]
    setup = Setup(name="T", characters=[], stress=draw(st.integers(0, 4)), links=links)
    return Table(setup, cast)


@st.composite
def scenes(draw, table: Table) -> Scene:
    living = [c.name for c in table.living]
    assume(living)
    active = draw(st.sampled_from(living))
    others = [n for n in living if n != active]
    against = draw(st.sampled_from([None] + others))
    askable = [n for n in others if n != against]
    persuade = draw(st.one_of(st.none(), st.just([]), st.lists(st.sampled_from(askable), unique=True)
                              if askable else st.just([])))
    alone = persuade == []
    asked = askable if persuade is None else persuade
    stances = {n: draw(st.sampled_from(["cooperative", "neutral", "hostile"] if n in asked else ["neutral", "hostile"]))
               for n in askable if draw(st.booleans())}
    rollers = [active] + list(asked) + ([against] if against else [])
    mods = draw(st.lists(st.builds(Modifier, who=st.sampled_from(rollers), green=st.integers(0, 2),
                                   red=st.integers(0, 2)), max_size=3))
    difficulty = None if against and not alone else draw(st.integers(1, 6))
    return Scene(setup="t.yaml", active=active, persuade=persuade, against=against, difficulty=difficulty,
                 modifiers=mods, stances=stances, physical=draw(st.booleans()),
                 wounds_to=draw(st.lists(st.sampled_from(living), max_size=4)))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_random_scenes_resolve_or_report_a_problem_and_keep_the_invariants(data):
    table = data.draw(tables())
    scene = data.draw(scenes(table))
    roles, problems = cast_roles(scene, table)
    assume(roles is not None and not problems and not scene_problems(scene, table, roles))
    if data.draw(st.booleans()):
        dice = Dice(rng=random.Random(data.draw(st.integers(0, 2**16))))
    else:  # listed dice, mostly not fitting: they must give a problem, never a crash
        keys = [c.name for c in table.cast] + ["GM"]
        faces = st.lists(st.integers(0, 7), max_size=8)
        listed = data.draw(st.dictionaries(st.sampled_from(keys), st.builds(ListedDice, green=faces, red=faces)))
        scene = Scene(**{**scene.__dict__, "dice": listed})
        dice = Dice.listed(listed_dice(scene, table))
    try:
        result = resolve_conflict(scene, table, dice)
        dice.finish()
    except RollRefused as exc:  # listed dice that do not fit, or a declared stance they do not allow
        assert exc.problem.rule in ("roll.dice-count", "roll.dice-value", "isolation.stance-not-allowed")
        return
    assert result.outcome in rules.DEGREES
    steps = [s.data for s in result.steps]
    nets = [d["net"] for d in steps if "net" in d]
    if nets:
        assert rules.degree(nets[0]) == result.outcome
        assert all(d["pooled"] >= 0 for d in steps if "pooled" in d)
        assert all(d["red_odds"] >= 0 for d in steps if "red_odds" in d)
        for d in steps:
            if "stance" in d:
                assert rules.may_take(d["stance"], d["allowed"])
                assert d["allowed"] == "cooperative" or d["allowed"] == rules.best_stance(d["margin"])
    else:
        assert (table.stress, result.outcome, result.changes) == (0, "basic-success", ())
    _check_changes(table, result.changes)


def _check_changes(table: Table, changes) -> None:
    """Stress stays 0 or more, health only goes down, the dead keep no links, and every
    change starts from where the one before it left the same field."""
    state = {("setup", ("links",)): [link.as_yaml() for link in table.setup.links],
             ("setup", ("stress",)): table.stress,
             ("setup", ("stress_at_start",)): table.setup.stress_at_start}
    for c in table.cast:
        state[(c.name, ("health",))] = c.health
    for change in changes:
        key = (change.who, change.field)
        assert state[key] == change.before
        state[key] = change.after
    assert state[("setup", ("stress",))] >= 0
    # the level the scenario started at is written once, before the first move, and never moves
    start = state[("setup", ("stress_at_start",))]
    assert start == (table.setup.stress_at_start if table.setup.stress_at_start is not None else
                     (table.stress if any(c.field == ("stress",) for c in changes) else None))
    for c in table.cast:
        after = state[(c.name, ("health",))]
        assert HEALTH_LEVELS.index(after) >= HEALTH_LEVELS.index(c.health)
        links = RelationshipMap(Link(**link) for link in state[("setup", ("links",))])
        if after == "dead" and c.health != "dead":
            assert not links.of(c.name)
