"""A Conflict: one Gladiator's roll against the Layer's Threshold.

Rule text 000, "Conflict Resolution" and "Conflict Outcome". The GM rolls as many dice
as the Threshold; the player succeeds with MORE ones. A success earns one reward; a
failure costs the gamble, rests the Relationships used, and gives an NPC Gladiator a
cut-scene.
"""

from __future__ import annotations

from dataclasses import replace

from playaid.systems.play import Dice, Resolution, Step
from .arithmetic import conflict_succeeds, new_relationship_value, rest_one_conflict
from .gladiators import Gladiator, Relationship
from .ledger import Ledger
from .rolling import explain_plan, judgment_for, plan_for, settle_judgment, throw
from .scenes import GM, CutScene, Scene
from .sphere import Sphere, same


def resolve_conflict(scene: Scene, sphere: Sphere, dice: Dice) -> Resolution:
    ledger = Ledger(sphere)
    g = ledger[scene.character]
    t = sphere.threshold()
    plan = plan_for(g, background=scene.background_relevant, gamble=scene.gamble,
                    bought=scene.relationships_used, gambles=scene.judgment)
    gm_size = t + judgment_for(GM, scene.judgment)
    steps = [Step(f"Layer {sphere.setup.layer} has a Threshold of {t}: the GM rolls {t} dice against {g.name}.",
                  {"threshold": t})]
    steps += explain_plan(g, plan, scene.relationships_used)
    if gm_size > t:
        steps.append(Step(f"Judgment Pool dice gambled on the GM: {gm_size - t}.", {"who": GM, "judgment": gm_size - t}))
    _, mine, step = throw(dice, g.name, plan.size, f"{g.name}'s roll of {plan.size}")
    steps.append(step)
    _, theirs, step = throw(dice, GM, gm_size, f"the GM's {gm_size} dice")
    steps.append(step)
    success = conflict_succeeds(mine, theirs)
    verdict = "more than the GM: success" if success else (
        "a tie is not more: failure" if mine == theirs else "fewer than the GM: failure")
    steps.append(Step(f"{mine} ones against {theirs}: {verdict}.", {"ones": mine, "gm_ones": theirs, "success": success}))

    pool = g.conflict_pool - plan.bought
    if plan.bought:
        steps.append(Step(f"{g.name} spent {plan.bought} Conflict Pool {'die' if plan.bought == 1 else 'dice'} on Relationships.", {"spent": plan.bought}))
    rels = [replace(r, resting=rest_one_conflict(r.resting)) for r in g.relationships]
    if any(r.resting for r in g.relationships):
        steps.append(Step(f"{g.name}'s resting Relationships sit out one more conflict.", {}))
    if success:
        pool, rels = _reward(scene, g, pool, rels, steps)
    else:
        pool -= scene.gamble
        if scene.gamble:
            steps.append(Step(f"The {scene.gamble} gambled dice are lost from the Conflict Pool.", {"lost": scene.gamble}))
        rels = rest_used(g, scene.relationships_used, rels, steps)
    ledger.update(g.name, conflict_pool=pool, relationships=rels)
    if not success:
        steps += _cut_scene(scene.cut_scene, ledger, sphere, g.name)
    steps += settle_judgment(ledger, scene.judgment, {g.name} if success else {GM})
    outcome = "success" if success else "failure"
    summary = f"{g.name}'s conflict on Layer {sphere.setup.layer}: {mine} ones against the GM's {theirs} — {outcome}."
    return Resolution("fight-sphere", outcome, summary, tuple(steps), ledger.changes(), dice.replaying)


def _reward(scene: Scene, g: Gladiator, pool: int, rels: list[Relationship],
            steps: list[Step]) -> tuple[int, list[Relationship]]:
    if scene.reward == "pool":
        steps.append(Step(f"{g.name} takes one die for the Conflict Pool.", {"reward": "pool"}))
        return pool + 1, rels
    if scene.reward == "new-relationship":
        value = new_relationship_value(g.drive)
        steps.append(Step(f"{g.name} forms a Relationship with {scene.reward_npc}, starting at {value} for a "
                          f"{g.drive.title}.", {"reward": "new-relationship", "npc": scene.reward_npc, "value": value}))
        return pool, rels + [Relationship(scene.reward_npc, value)]
    out = [replace(r, value=r.value + 1) if same(r.npc, scene.reward_npc) else r for r in rels]
    steps.append(Step(f"{g.name}'s Relationship with {scene.reward_npc} rises by one.",
                      {"reward": "raise-relationship", "npc": scene.reward_npc}))
    return pool, out


def rest_used(g: Gladiator, used: list[str], rels: list[Relationship], steps: list[Step]) -> list[Relationship]:
    """A failure's Relationships used as modifiers rest for as many Conflicts as their value."""
    out = []
    for r in rels:
        if any(same(r.npc, u) for u in used):
            steps.append(Step(f"{r.npc} cannot be used as a modifier for the next {r.value} conflict(s); something bad "
                              "happens to them as the scene ends.", {"npc": r.npc, "resting": r.value}))
            r = replace(r, resting=r.value)
        out.append(r)
    return out


def reward_options(g: Gladiator) -> Step:
    """The success reward as choices, for a scene that does not record one (an Encounter's winner)."""
    who = "the GM" if not g.is_pc else "its player"
    drive = g.drive.title if g.drive else "drive"
    return Step(f"{g.name} succeeded: {who} may do ONE of: add one die to its Conflict Pool; create a Relationship "
                f"with a non-Gladiator NPC involved in the Scene, starting at {new_relationship_value(g.drive)} for "
                f"its {drive}; or add one to a Relationship present in the Scene. Write the choice on the sheet.",
                {"reward_options": g.name})


def cut_scene_options(ledger: Ledger, failing: str) -> Step:
    """The GM's cut-scene after `failing` fails, as choices, when the scene records none."""
    alive = [x.name for x in ledger.gladiators if not x.is_pc and x.state != "dead"]
    if not alive:
        return Step(f"{failing} failed, but no NPC Gladiator survives: the GM has no cut-scene to narrate.",
                    {"cut_scene": None, "failing": failing, "npc_gladiators": []})
    return Step(f"{failing} failed: the GM narrates a cut-scene with a surviving NPC Gladiator (" + ", ".join(alive)
                + ") and may: add one die to its Conflict Pool; create a Relationship with a non-Gladiator NPC of the "
                "scene (2 with a Death Wish, 0 with a Reason To Live); or add one to an existing Relationship. "
                "Instead, the GM may resume a Disengaged Encounter with the failing Gladiator on its player's "
                "next turn, the NPC holding the Initiative.", {"cut_scene": None, "failing": failing, "npc_gladiators": alive})


def _cut_scene(cut: CutScene | None, ledger: Ledger, sphere: Sphere, failing: str) -> list[Step]:
    if cut is None:
        return [cut_scene_options(ledger, failing)]
    npc = ledger[cut.gladiator]
    if cut.option == "pool":
        ledger.update(npc.name, conflict_pool=npc.conflict_pool + 1)
        text = f"Cut-scene: {npc.name} gains one die for the Conflict Pool."
    elif cut.option == "new-relationship":
        value = new_relationship_value(npc.drive)
        ledger.update(npc.name, relationships=npc.relationships + [Relationship(cut.npc, value)])
        text = f"Cut-scene: {npc.name} forms a Relationship with {cut.npc}, starting at {value}."
    elif cut.option == "raise-relationship":
        ledger.update(npc.name, relationships=[replace(r, value=r.value + 1) if same(r.npc, cut.npc) else r
                                               for r in npc.relationships])
        text = f"Cut-scene: {npc.name}'s Relationship with {cut.npc} rises by one."
    else:
        text = (f"Instead of a cut-scene, {npc.name} resumes its Disengaged Encounter with the failing Gladiator on that "
                "player's next turn, holding the Initiative [fight-sphere.disengaged].")
    return [Step(text, {"cut_scene": cut.option, "gladiator": npc.name})]
