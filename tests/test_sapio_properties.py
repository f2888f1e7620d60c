"""The Sapio System: random valid scenes never break the procedure's invariants."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from playaid.systems.play import DiceMismatch, RollRefused
from playaid.games.sapio.harm import BOXES, count, is_debilitated
from playaid.games.sapio.pool import POOL_MAX
from playaid.games.sapio.procedures import play
from playaid.games.sapio.scene import Bonus, Defender, Help, Invoke, Scene, Take
from playaid.games.sapio.scene_rules import check_scene
from playaid.games.sapio.character import Character, Harm, Profession, Talent, Weapon

LEVELS = ("minor", "moderate", "severe")


class Shelf:
    """A resolver over models already built: file name → model."""

    def __init__(self, models: dict):
        self.models = models

    def resolve(self, ref, kind, path):
        return self.models[ref]

    def beside(self, ref):
        return self


# one talent of each kind: the rule text's cap (from the game's data), a stated change, stated dice
TALENTS = [Talent("Hide in Plain Sight"), Talent("Sharp Eyes", task="spotting", tn_change=-1),
           Talent("Forest Born", task="woods", bonus_dice=2)]
TALENT_DICE = {"Forest Born": 2}


def character(name: str, luck: int, injuries: list[Harm], weapon: str) -> Character:
    return Character(name=name, profession=Profession("Roof Runner", ["Leaping"]),
                     side_professions=[Profession("Night Clerk", [])], qualities=["Agile", "Perceptive"],
                     talents=TALENTS, principle="Violence is not the answer",
                     worst_impulse="Stealing", luck=luck, injuries=injuries,
                     weapons=[Weapon("Knife", weapon)])


harm = st.lists(st.tuples(st.sampled_from(["Cut", "Bruise", "Burn", "Gash"]), st.sampled_from(LEVELS)),
                max_size=2, unique_by=lambda t: t[0]).map(lambda pairs: [Harm(n, lv) for n, lv in pairs])


# what a defender may invoke for one roll: one Profession, a Specialization of it, one Quality
defending = st.tuples(st.sampled_from([[], ["Roof Runner"], ["Roof Runner", "Leaping"]]),
                      st.sampled_from([[], ["Agile"], ["Perceptive"]])).map(lambda t: t[0] + t[1])


@st.composite
def scenes(draw):
    luck = draw(st.integers(0, 3))
    wren = character("Wren", luck, draw(harm), draw(st.sampled_from(LEVELS)))
    bo = character("Bo", 0, draw(harm), draw(st.sampled_from(LEVELS)))
    versus = draw(st.booleans())
    main = draw(st.sampled_from([None, "full", "partial", "side"]))
    invoke = Invoke(profession=main if main in ("full", "partial") else None,
                    side_profession="Night Clerk" if main == "side" else None,
                    specialization="Leaping" if main in ("full", "partial") and draw(st.booleans()) else None,
                    quality=draw(st.sampled_from([None, "Agile", "Perceptive"])))
    bonus = Bonus(luck=0 if versus else draw(st.integers(0, luck)),
                  talents=draw(st.lists(st.sampled_from([t.name for t in TALENTS]), unique=True)),
                  follows=draw(st.sampled_from([None, "principle", "worst-impulse"])),
                  situation=draw(st.integers(0, 6)))
    take = None
    if draw(st.booleans()):
        field = draw(st.sampled_from(["injury", "stress"]))
        take = Take(level=draw(st.sampled_from(LEVELS)), who=draw(st.sampled_from([None, "bo.yaml"])),
                    when=draw(st.sampled_from(["failure", "success", "always"])),
                    **{field: draw(st.sampled_from(["Cut", "Bruise", "Burn"]))})
    dice = draw(st.one_of(st.none(), st.lists(st.integers(1, 12), min_size=1, max_size=10)))
    scene = Scene(
        character="wren.yaml", type="versus" if versus else "check",
        tn=None if versus else draw(st.integers(1, 5)), invoke=invoke, bonus=bonus,
        help=[Help("bo.yaml", "Agile")] if not versus and draw(st.booleans()) else [],
        penalties=[h.name for h in wren.injuries if draw(st.booleans()) and h.level != "minor"],
        defender=Defender("bo.yaml", draw(defending)) if versus else None,
        weapon="Knife" if draw(st.booleans()) else None, take=take,
        improbable_success=draw(st.booleans()), dice=dice)
    return scene, Shelf({"wren.yaml": wren, "bo.yaml": bo}), draw(st.integers(0, 2**16))


def wanted(scene: Scene) -> int:
    """Every die the scene asks for, counted the slow way."""
    inv, b = scene.invoke, scene.bonus
    elements = 1 + {"full": 2, "partial": 1, None: 0}[inv.profession] + (inv.side_profession is not None)
    elements += (inv.specialization is not None) + (inv.quality is not None)
    talent_dice = sum(TALENT_DICE.get(t, 0) for t in b.talents)
    return elements + b.luck + talent_dice + (b.follows is not None) + len(scene.help) + b.situation


@settings(max_examples=300, deadline=None)
@given(scenes())
def test_random_valid_scenes_resolve_with_consistent_counts(case):
    scene, shelf, seed = case
    assert [p for p in check_scene(scene, shelf) if p.is_error] == []
    try:
        result = play(scene, shelf, random.Random(seed))
    except DiceMismatch as exc:
        assert scene.dice is not None and exc.problem.rule == "roll.dice-count"
        return
    except RollRefused as exc:  # a debilitated character makes no check, helps and defends with nothing
        acting = [shelf.models["wren.yaml"]]
        if scene.help or (scene.defender and scene.defender.invokes):
            acting.append(shelf.models["bo.yaml"])
        assert exc.problem.rule == "sapio.debilitated"
        assert any(is_debilitated(c.injuries) for c in acting)
        return
    steps = [dict(s.data) for s in result.steps]
    rolled = [s for s in steps if "face" in s]
    added = [s for s in rolled if s.get("improbable_success")]
    assert len(rolled) - len(added) == min(POOL_MAX, wanted(scene))
    if scene.dice is not None:
        assert [s["face"] for s in rolled] == scene.dice and result.replayed
    if added:
        assert all(s["hits"] >= 2 for s in rolled[:-1])
    [verdict] = [s for s in steps if "success" in s]
    hits, tn = verdict["hits"], verdict["tn"]
    assert hits == sum(s["hits"] for s in rolled) and tn >= 1
    if "Hide in Plain Sight" in scene.bonus.talents:
        assert tn <= 4  # "never more than 4", whatever the penalties
    assert verdict["success"] == (hits >= tn)
    assert verdict["extra_hits"] == (hits - tn if hits >= tn else 0)
    [net] = [s for s in steps if "net" in s]
    assert net["net_count"] == abs(net["spares"] - net["spirals"]) and net["net_count"] >= 0
    wins = f"win:{'Wren' if verdict['success'] else 'Bo'}"
    assert result.outcome == (wins if scene.type == "versus" else "success" if verdict["success"] else "failure")
    for change in result.changes:
        if change.field == ("luck",):
            assert change.after == change.before - scene.bonus.luck >= 0
        else:
            after = [Harm(**h) for h in change.after]
            # one entry written, and at most two erased on the way up (a Minor, then a Moderate)
            assert len(change.before) - 2 < len(after) <= len(change.before) + 1
            assert all(count(after, level) <= BOXES[level] for level in ("minor", "moderate"))
