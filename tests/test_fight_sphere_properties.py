"""Fight Sphere: random valid scenes never break the rules they are played by."""

from __future__ import annotations

import copy
import random

import yaml
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from playaid.convert import Builder
from playaid.games.fight_sphere import SYSTEM
from playaid.games.fight_sphere.gladiators import Gladiator, check_gladiator
from playaid.games.fight_sphere.scenes import Scene
from playaid.games.fight_sphere.history import check_table as check_setup  # the setup's checks, history too
from playaid.games.fight_sphere.sphere import Setup
from playaid.systems.play import DiceMismatch

BACKSTORY = " ".join(["before"] * 60)
NPCS = ["Ida", "Kit", "Lu", "Mo"]


class OneSetup:
    """A resolver that knows one setup, as `setup.yaml`."""

    def __init__(self, setup: Setup):
        self.setup = setup

    def resolve(self, ref, kind, path):
        return self.setup

    def beside(self, ref):
        return self


LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml keeps a few hundred examples fast
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def build(cls, doc: dict):
    builder = Builder()
    model = builder.build(cls, yaml.compose(yaml.dump(doc, Dumper=DUMPER), Loader=LOADER),
                          skip=frozenset({"system", "kind"}))
    assert not builder.problems, builder.problems
    return model


@st.composite
def tables(draw):
    core = draw(st.booleans())
    players = ["Alice", "Bob"]
    characters = []
    for p in players:
        for role in ("pc", "npc"):
            rels = draw(st.lists(st.sampled_from(NPCS), max_size=3, unique=True))
            characters.append({
                "name": f"{p}-{role}", "player": p, "role": role, "backstory": BACKSTORY, "weapon": "a pipe",
                "drive": draw(st.sampled_from(["death-wish", "reason-to-live"])),
                "conflict_pool": draw(st.integers(0, 7)),
                "relationships": [{"npc": n, "value": draw(st.integers(0, 3)), "resting": draw(st.integers(0, 2))}
                                  for n in rels]})
    if core:
        for c in characters:
            if c["role"] == "npc":
                c.update(state="dead", conflict_pool=-1)
    names = [c["name"] for c in characters if c.get("state") != "dead"]
    setup = {"name": "T", "players": players, "characters": characters, "layer": draw(st.integers(1, 4)),
             "core": core, "episodes": [names],
             "met": draw(st.lists(st.sampled_from([[a, b] for i, a in enumerate(names) for b in names[i + 1:]]),
                                  unique_by=lambda p: tuple(p)))}
    return setup


def usable(c: dict) -> list[str]:
    return [r["npc"] for r in c["relationships"] if r["resting"] == 0]


@st.composite
def conflicts(draw, setup):
    # only players frame Conflicts (issue 27): an NPC Gladiator's is refused
    c = draw(st.sampled_from([c for c in setup["characters"] if c.get("state") != "dead" and c["role"] == "pc"]))
    bought = draw(st.lists(st.sampled_from(usable(c)), unique=True)) if usable(c) and c["conflict_pool"] else []
    bought = bought[:c["conflict_pool"]]
    gamble = draw(st.integers(0, c["conflict_pool"] - len(bought)))
    npcs = [x["name"] for x in setup["characters"] if x["role"] == "npc" and x.get("state") != "dead"]
    scene = {"setup": "setup.yaml", "type": "conflict", "character": c["name"], "gamble": gamble,
             "relationships_used": bought, "background_relevant": draw(st.booleans())}
    if npcs and draw(st.booleans()):
        scene["cut_scene"] = {"gladiator": draw(st.sampled_from(npcs)), "option": "pool"}
    return scene


@st.composite
def encounters(draw, setup, bonus):
    alive = [c for c in setup["characters"] if c.get("state") != "dead"]
    chosen = draw(st.lists(st.sampled_from(alive), min_size=2, unique_by=lambda c: c["name"]))
    # a player frames the Encounter (none is resumed: no Encounter was broken off before)
    assume(any(c["role"] == "pc" for c in chosen))
    chosen.sort(key=lambda c: c["role"] != "pc")
    sides, cap = [], None
    for c in chosen:
        pool = c["conflict_pool"] + bonus(c["name"], [x["name"] for x in chosen])
        bought = draw(st.lists(st.sampled_from(usable(c)), unique=True)) if usable(c) else []
        bought = bought[:pool]
        most = pool - len(bought) if cap is None else min(cap, pool - len(bought))
        gamble = draw(st.integers(0, max(0, most)))
        cap = gamble if cap is None else cap
        sides.append({"character": c["name"], "gamble": gamble, "relationships_used": bought,
                      "background_relevant": draw(st.booleans()), "disengage": draw(st.booleans())})
    return {"setup": "setup.yaml", "type": "encounter", "gladiators": sides}


def apply(setup: dict, changes) -> dict:
    """The setup with every Change written into it, as `--apply` would."""
    for change in changes:
        target = setup if change.who == "setup" else next(c for c in setup["characters"] if c["name"] == change.who)
        *head, last = change.field
        for part in head:
            target = target[part]
        target[last] = change.after
    return setup


def step_ones(result) -> dict:
    return {s.data["who"]: s.data["ones"] for s in result.steps if "ones" in s.data and "who" in s.data}


def after_play(setup_doc: dict, scene_doc: dict, seed: int):
    setup = build(Setup, setup_doc)
    scene = build(Scene, scene_doc)
    resolver = OneSetup(setup)
    assert [p for p in SYSTEM.check("scene", scene, resolver) if p.is_error] == []
    result = SYSTEM.play(scene, resolver, random.Random(seed))
    new = apply(copy.deepcopy(setup_doc), result.changes)
    new_setup = build(Setup, new)
    assert [p for p in check_setup(new_setup, resolver) if p.is_error] == [], result.changes
    for c in new["characters"]:
        g = build(Gladiator, c)
        assert [p for p in check_gladiator(g) if p.is_error] == []
        assert g.judgment_pool is None or g.judgment_pool >= 0
    return result, new


SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.data(), st.integers(0, 2**16))
def test_random_conflicts_keep_every_count_legal_and_the_outcome_follows_the_ones(data, seed):
    setup = data.draw(tables())
    scene = data.draw(conflicts(setup))
    result, _ = after_play(setup, scene, seed)
    ones = step_ones(result)
    assert result.outcome == ("success" if ones[scene["character"]] > ones["GM"] else "failure")


@SETTINGS
@given(st.data(), st.integers(0, 2**16))
def test_random_encounters_keep_every_count_legal_and_the_outcome_follows_the_bouts(data, seed):
    from playaid.games.fight_sphere.encounter import meeting_bonuses
    from playaid.games.fight_sphere.sphere import load_sphere
    setup = data.draw(tables())
    sphere = load_sphere(build(Setup, setup), "setup.yaml", OneSetup(None))

    def bonus(name, names):
        return meeting_bonuses(sphere, names)[name]

    scene = data.draw(encounters(setup, bonus))
    result, new = after_play(setup, scene, seed)
    ones = step_ones(result)
    bouts = [s.data for s in result.steps if "pair" in s.data]
    for b in bouts:
        a, c = b["pair"]
        assert b["victories"] == abs(ones[a] - ones[c])
        assert b["winner"] == (None if ones[a] == ones[c] else a if ones[a] > ones[c] else c)
    if all(b["winner"] is None for b in bouts):
        assert result.outcome == "true-tie"
    elif result.outcome.startswith("win:"):
        name = result.outcome[4:]
        assert all(b["winner"] == name for b in bouts if name in b["pair"])
    for c in new["characters"]:
        assert (c["conflict_pool"] < 0) == (c.get("state", "active") in ("dead", "knocked-out"))


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_random_listed_dice_either_replay_or_are_refused_as_dice_that_do_not_fit(data):
    setup = data.draw(tables())
    scene = data.draw(conflicts(setup))
    scene["dice"] = {scene["character"]: data.draw(st.lists(st.integers(0, 7), max_size=12)),
                     "GM": data.draw(st.lists(st.integers(1, 6), max_size=10))}
    model = build(Scene, scene)
    try:
        result = SYSTEM.play(model, OneSetup(build(Setup, setup)), random.Random(0))
    except DiceMismatch as exc:
        assert exc.problem.rule in ("roll.dice-count", "roll.dice-value")
    else:
        assert result.replayed and result.outcome in ("success", "failure")
