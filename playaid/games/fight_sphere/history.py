"""What earlier rolls left behind: Encounters broken off by Disengagement, NPCs gone for
good, PCs left for dead, and when a drive may change.

Rule text 000. "Disengaging from a Gladiatorial Encounter": a Gladiator whose roll beats
everyone disengages. "Conflict Outcome": the GM may "resume a Gladiatorial Encounter that
was previously Disengaged … The GM may NOT use this option to initiate a Gladiatorial
Encounter". "Gladiatorial Encounters": an NPC whose Relationship falls below zero is
"permanently removed from the game". "Game Structure": PCs defeated before The Core are
"left for dead" and recover on the next Layer. "Death wish or Reason to Live": "The switch
can not happen during an Episode."

The setup keeps the first two as `disengaged` (pairs) and `removed_npcs` (names), so a
later scene is checked against what an earlier roll did.
"""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from playaid.problems import Path, Problem, error
from playaid.systems.play import Step
from .gladiators import Gladiator
from .ledger import Ledger
from playaid.systems.base import Resolver
from .sphere import Setup, Sphere, checked_sphere, pair_key, same

DISENGAGED = "fight-sphere.disengaged"
REMOVED = "fight-sphere.npc-removed"
LEFT_FOR_DEAD = "fight-sphere.left-for-dead"


def disengaged(setup: Setup, a: str, b: str) -> bool:
    """Whether `a` and `b` have an Encounter one of them broke off by Disengagement."""
    return any(len(p) == 2 and pair_key(*p) == pair_key(a, b) for p in setup.disengaged)


def removed(setup: Setup, npc: str) -> bool:
    return any(same(npc, gone) for gone in setup.removed_npcs)


# -- checks of a setup ------------------------------------------------------------------

def check_table(s: Setup, resolver: Resolver) -> list[Problem]:
    """Every check of a setup (`sphere.check_setup`), and of its record of the past."""
    sphere, problems = checked_sphere(s, resolver)
    return problems + check_history(sphere)


def check_history(sphere: Sphere) -> list[Problem]:
    """A setup's record of the past agrees with itself (pair shapes are checked with `met`)."""
    s, problems = sphere.setup, []
    for i, pair in enumerate(s.disengaged):
        found = [sphere.gladiator(n) for n in pair]
        if len(pair) != 2 or same(*pair) or None in found:
            continue  # reported as `fight-sphere.pair` or `scene.unknown-character`
        a, b = pair
        episode = sphere.episode_of(a)
        if episode is not None and not any(same(b, n) for n in episode):
            problems.append(error(DISENGAGED, f"{a} and {b} are in different Episodes, so no Encounter between "
                                  "them is held open", "remove the pair: Encounters are framed within one Episode",
                                  ("disengaged", i)))
        elif not sphere.have_met(a, b):
            problems.append(error(DISENGAGED, f"{a} and {b} have not met in this Episode, so no Encounter between "
                                  "them was Disengaged", f"remove the pair, or add [{a}, {b}] to `met`",
                                  ("disengaged", i)))
    for m in sphere.members:
        for j, r in enumerate(m.model.relationships):
            if removed(s, r.npc):
                problems.append(error(REMOVED, f"{m.name} has a Relationship with {r.npc}, who was removed from "
                                      "the game", "remove the Relationship: an NPC driven below zero is gone for "
                                      "every Gladiator", m.path))
        if m.model.is_pc and m.model.state == "dead" and not s.core:
            problems.append(error(LEFT_FOR_DEAD, f"{m.name} is a player's Gladiator marked dead before The Core",
                                  "a PC defeated on an outer Layer is left for dead: `state: knocked-out`, back on "
                                  "the next Layer", m.path))
    return problems


# -- checks of a scene ------------------------------------------------------------------

def check_resumed(sphere: Sphere, names: Sequence[str]) -> list[Problem]:
    """A resumed Encounter picks up one broken off by Disengagement, between the same Gladiators."""
    first = names[0]
    strangers = [n for n in names[1:] if not disengaged(sphere.setup, first, n)]
    if not strangers:
        return []
    return [error(DISENGAGED, f"no Encounter between {first} and {', '.join(strangers)} was Disengaged, so none can "
                  "be resumed", "the GM only resumes an Encounter broken off by Disengagement (the setup's "
                  "`disengaged`); otherwise a player frames it and holds the Initiative", ("resumed",))]


def check_resume_cut_scene(sphere: Sphere, failing: str, npc: str) -> list[Problem]:
    if disengaged(sphere.setup, failing, npc):
        return []
    return [error(DISENGAGED, f"{failing} has no Disengaged Encounter with {npc} to resume",
                  "the GM may NOT initiate an Encounter this way: narrate a cut-scene instead",
                  ("cut_scene", "option"))]


def check_not_removed(sphere: Sphere, npc: str, path: Path) -> list[Problem]:
    if not npc or not removed(sphere.setup, npc):
        return []
    return [error(REMOVED, f"{npc} was removed from the game (a Relationship driven below zero)",
                  "choose another NPC: no Gladiator relates to one who is gone", path)]


def check_frames(g: Gladiator) -> list[Problem]:
    """Only players frame scenes; NPC Gladiators grow through the GM's cut-scenes."""
    if g.is_pc:
        return []
    return [error("fight-sphere.initiative", f"{g.name} is an NPC Gladiator and cannot frame a Conflict",
                  "only players frame scenes; the GM grows an NPC Gladiator through the cut-scene after a "
                  "player's failure", ("character",))]


def check_switch_between_episodes(sphere: Sphere, g: Gladiator) -> list[Problem]:
    """The drive switch waits until the Gladiator's Episode is over for it."""
    episode = next((e for e in sphere.setup.episodes if any(same(g.name, n) for n in e)), None)
    if episode is None or not g.active:
        return []
    return [error("fight-sphere.drive-switch", f"{g.name} is still in an Episode ({', '.join(episode)})",
                  "the switch cannot happen during an Episode: make it once the Gladiator is out of it, or on the "
                  "next Layer before the Episodes are listed", ("character",))]


# -- what an Encounter leaves behind ------------------------------------------------------

def after_encounter(ledger: Ledger, names: Sequence[str], disengagers: set[str], resumed: bool,
                    lost: Sequence[str]) -> list[Step]:
    """Record the Encounters broken off and the NPCs lost; return the steps that say so."""
    steps = []
    here = {pair_key(a, b) for a, b in combinations(names, 2)}
    # An Encounter being played is no longer broken off; one who disengages now breaks it off anew.
    kept = [p for p in ledger.setup.disengaged if len(p) != 2 or pair_key(*p) not in here]
    if resumed:
        steps.append(Step(f"{names[0]} resumes the Encounter broken off by Disengagement [{DISENGAGED}].",
                          {"resumed": names[0], "rule": DISENGAGED}))
    for name in names:
        if name not in disengagers:
            continue
        others = [n for n in names if n != name and ledger[n].active]
        kept += [[name, n] for n in others]
        if others:
            steps.append(Step(f"{name}'s Encounter with {', '.join(others)} is held open as Disengaged: only the GM's "
                              f"resume after a failure of {name} can pick it up [{DISENGAGED}].",
                              {"disengaged": [[name, n] for n in others], "rule": DISENGAGED}))
    gone = list(ledger.setup.removed_npcs) + [n for n in lost if not removed(ledger.setup, n)]
    if lost:
        steps.append(Step(f"Removed from the game for good: {', '.join(lost)}; no Gladiator may form a Relationship "
                          f"with them again [{REMOVED}].", {"removed_npcs": lost, "rule": REMOVED}))
    ledger.update_setup(disengaged=kept, removed_npcs=gone)
    return steps
