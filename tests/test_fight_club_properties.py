"""Fight Club frustration game: random fights and turns never break the rules' invariants."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from playaid.games.fight_club import RULES
from playaid.games.fight_club.fight import berserk, fight_round, injury_cost
from playaid.games.fight_club.models import Character, Fist, RaisedFist, Scene, Setup, Tokens
from playaid.games.fight_club.procedures import play
from playaid.games.fight_club.scene_checks import check_scene

NAMES = ("Ann", "Bo", "Cy", "Di")
counts = st.integers(min_value=0, max_value=7)
sheets = st.builds(Tokens, counts, counts, counts)


class Table:
    """A resolver holding one setup of inline characters."""

    def __init__(self, cast: list[Character]):
        self.setup = Setup(name="T", characters=list(cast))

    def resolve(self, ref, kind, path):
        return self.setup if kind == "setup" else None

    def beside(self, ref):
        return self


def cast_of(tokens: list[Tokens]) -> list[Character]:
    return [Character(name=n, frustrations=["Sex"], tokens=t, in_play=True) for n, t in zip(NAMES, tokens)]


def part(draw, have: Tokens) -> Tokens:
    return Tokens(*(draw(st.integers(0, v)) for v in (have.frustration, have.pain, have.retirement)))


def after_changes(cast: list[Character], resolution) -> dict[str, Tokens]:
    now = {c.name: c.tokens.as_dict() for c in cast}
    for change in resolution.changes:
        if change.field[0] == "tokens":
            assert now[change.who][change.field[1]] == change.before
            now[change.who][change.field[1]] = change.after
    return {n: Tokens(**t) for n, t in now.items()}


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.data())
def test_random_fight_rounds_keep_tokens_whole_and_outcomes_true_to_the_fists(data):
    draw = data.draw
    tokens = draw(st.lists(sheets, min_size=2, max_size=4))
    cast = cast_of(tokens)
    fighters = [c.name for c in cast]
    fists = []
    for c in cast:
        left = c.tokens
        for _ in range(2 if berserk(c.tokens) else draw(st.integers(1, 2))):
            hand = part(draw, left)
            left = left - hand
            target = draw(st.sampled_from([n for n in fighters if n != c.name]))
            fists.append(Fist(who=c.name, points_at=[target], tokens=hand))
    follow = None
    if draw(st.booleans()):
        follow = [RaisedFist(who=w, tokens=draw(st.builds(Tokens, st.integers(0, 2), st.integers(0, 1),
                                                          st.integers(0, 1))),
                             points_at=draw(st.sampled_from([n for n in fighters if n != w])))
                  for w in draw(st.lists(st.sampled_from(fighters), unique=True))
                  for _ in range(draw(st.integers(1, 2)))]
    scene = Scene(type="fight-round", setup="t.yaml", framed_by=fighters[0], fists=fists, follow_up=follow,
                  police=draw(st.integers(0, 2)))
    table = Table(cast)
    problems = check_scene(scene, table)
    assert {p.rule for p in problems} <= set(RULES) | {"scene.unknown-character"}
    if any(p.is_error for p in problems):
        event("refused")
        assert follow is not None  # the pointing fists were drawn valid: only a follow-up can be refused
        return
    result = play(scene, table, random.Random(0))  # checked above, so it must play
    event(result.outcome.split(":")[0])
    after = after_changes(cast, result)
    assert all(min(t.as_dict().values()) >= 0 for t in after.values())
    raisers = {r.who for r in follow or []}
    if follow is None:
        assert result.outcome == "round-over"
    elif result.outcome.startswith("win:"):
        assert result.outcome[4:] in raisers
    elif result.outcome == "another-round":
        assert len(raisers) >= 2
    else:
        assert result.outcome == "no-winner"
        assert all(any(r.tokens.retirement for r in follow if r.who == w) for w in raisers)


@SETTINGS
@given(st.lists(sheets, min_size=2, max_size=4), st.data())
def test_random_ends_of_turn_follow_the_conditions(tokens, data):
    cast = cast_of(tokens)
    active = cast[0]
    fought = data.draw(st.lists(st.sampled_from([c.name for c in cast[1:]]), unique=True))
    scene = Scene(type="end-of-turn", setup="t.yaml", active=active.name, fought=fought)
    table = Table(cast)
    assert [p for p in check_scene(scene, table) if p.is_error] == []
    result = play(scene, table, random.Random(data.draw(st.integers(0, 99))))
    after = after_changes(cast, result)
    assert all(min(t.as_dict().values()) >= 0 for t in after.values())
    t, others = active.tokens, [c.tokens for c in cast[1:]]
    broke = t.frustration > t.retirement + t.pain
    assert after[active.name].retirement >= t.retirement + broke
    if result.outcome == "endgame:insane":
        assert t.frustration > sum(o.frustration for o in others)
    elif result.outcome == "endgame:dead":
        assert t.pain > sum(o.pain for o in others)
    elif result.outcome == "endgame:ground-down":
        assert after[active.name].retirement >= 10
    else:
        assert result.outcome == "turn-over"
        assert not t.frustration > sum(o.frustration for o in others)
        assert not t.pain > sum(o.pain for o in others)
    if broke:
        cards = [c for c in result.changes if c.field == ("frustrations",)]
        assert len(cards) == 1 and len(cards[0].after) == 2


@SETTINGS
@given(st.data())
def test_follow_ups_that_pay_their_costs_are_always_accepted(data):
    draw = data.draw
    cast = cast_of(draw(st.lists(sheets, min_size=2, max_size=4)))
    names = [c.name for c in cast]
    pointed = []
    for c in cast:
        left = c.tokens
        for _ in range(2 if berserk(c.tokens) else draw(st.integers(1, 2))):
            hand = part(draw, left)
            left = left - hand
            pointed.append((c.name, draw(st.sampled_from([n for n in names if n != c.name])), hand))
    police = draw(st.integers(0, 2))
    rnd = fight_round(pointed)
    follow = []
    for c in cast:
        now = c.tokens + rnd.gains(c.name) - rnd.losses(c.name)
        due = Tokens(frustration=injury_cost(now), pain=police + rnd.police)
        raging = berserk(now)
        if raging and now.retirement and draw(st.booleans()):
            follow.append(RaisedFist(who=c.name, tokens=Tokens(retirement=1)))  # leaves the fight
            continue
        n = 2 if raging else draw(st.integers(0, 2))
        if not raging and not now.covers(Tokens(n * due.frustration, n * due.pain)):
            continue
        left, costs = now, []
        for _ in range(n):  # every fist's cost is set aside before any fist takes more
            costs.append(Tokens(min(due.frustration, left.frustration), min(due.pain, left.pain)))
            left = left - costs[-1]
        for paid in costs:
            hand = paid + part(draw, left)
            left = left - (hand - paid)
            follow.append(RaisedFist(who=c.name, tokens=hand,
                                     points_at=draw(st.sampled_from([x for x in names if x != c.name]))))
    scene = Scene(type="fight-round", setup="t.yaml", framed_by=names[0], police=police,
                  fists=[Fist(who=w, points_at=t, tokens=h) for w, t, h in pointed], follow_up=follow)
    table = Table(cast)
    assert [p for p in check_scene(scene, table) if p.is_error] == []
    result = play(scene, table, random.Random(0))
    event(result.outcome.split(":")[0])
    after = after_changes(cast, result)
    assert all(min(t.as_dict().values()) >= 0 for t in after.values())
    # a berserk character showing a Retirement token in any fist leaves the fight
    leaving = {r.who for r in follow if berserk_after(cast, rnd, r.who) and r.tokens.retirement}
    staying = {r.who for r in follow} - leaving
    expected = "no-winner" if not staying else f"win:{staying.pop()}" if len(staying) == 1 else "another-round"
    assert result.outcome == expected


def berserk_after(cast, rnd, who):
    c = next(c for c in cast if c.name == who)
    return berserk(c.tokens + rnd.gains(who) - rnd.losses(who))
