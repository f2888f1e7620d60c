"""What a scene must get right before any die is rolled.

Rule text 000, "Conflict Resolution", "Conflict Outcome", "Gladiatorial Encounters",
"The Enemy of My Enemy" and "The Judgment Pool". Every problem is returned at once.
"""

from __future__ import annotations

from playaid.problems import Path, Problem, error
from playaid.systems.base import Resolver
from playaid.systems.cast import find
from .events import check_event
from .encounter import meeting_bonuses, pairs_compared
from .gladiators import Gladiator
from .history import check_frames, check_not_removed, check_resume_cut_scene, check_resumed, \
    check_switch_between_episodes
from .losses import check_losses
from .scenes import GM, Contender, Scene
from .sphere import Sphere, load_sphere, same


def check_scene(s: Scene, resolver: Resolver) -> list[Problem]:
    setup = resolver.resolve(s.setup, "setup", ("setup",))
    if setup is None:
        return []
    sphere = load_sphere(setup, s.setup, resolver)
    check = {"conflict": _check_conflict, "encounter": _check_encounter,
             "advance": _check_advance, "drive-switch": _check_drive_switch,
             "left-for-dead": check_event, "removed": check_event}[s.type]
    return check(s, sphere)


def _shape(ok: bool, message: str, hint: str, path: Path) -> list[Problem]:
    return [] if ok else [error("fight-sphere.scene-shape", message, hint, path)]


def _gladiator(sphere: Sphere, name: str, path: Path, problems: list[Problem]) -> Gladiator | None:
    member, missing = find(sphere.members, name, path, "Gladiator")
    problems += missing
    return member.model if member else None


def _active(g: Gladiator, path: Path) -> list[Problem]:
    if g.active:
        return []
    return [error("fight-sphere.not-active", f"{g.name} is {g.state} and takes no part in Conflicts now",
                  "only active Gladiators roll; a player whose Gladiator is out may gamble Judgment Pool dice",
                  path)]


def _relationships_used(g: Gladiator, used: list[str], path: Path) -> list[Problem]:
    problems, seen = [], set()
    for i, npc in enumerate(used):
        r = g.relationship(npc)
        if r is None:
            have = ", ".join(x.npc for x in g.relationships) or "none"
            problems.append(error("fight-sphere.relationship-use", f"{g.name} has no Relationship with {npc}",
                                  f"{g.name}'s Relationships: {have}", path + (i,)))
        elif r.resting:
            problems.append(error("fight-sphere.relationship-use",
                                  f"{g.name}'s Relationship with {r.npc} rests for {r.resting} more conflict(s)",
                                  "it may appear in the scene but cannot be used as a modifier yet", path + (i,)))
        elif npc.casefold() in seen:
            problems.append(error("fight-sphere.relationship-use", f"{npc} is bought twice",
                                  "each Relationship is bought once per roll", path + (i,)))
        seen.add(npc.casefold())
    return problems


def _pool_covers(g: Gladiator, gamble: int, bought: int, bonus: int, path: Path) -> list[Problem]:
    pool = g.conflict_pool + bonus
    if gamble + bought <= pool or not g.active:  # an inactive Gladiator is reported as such
        return []
    extra = f" (with {bonus} from first meetings)" if bonus else ""
    return [error("fight-sphere.gamble",
                  f"{g.name} puts {gamble + bought} dice on the line (gamble {gamble}, {bought} Relationship(s) "
                  f"bought) but the Conflict Pool holds {pool}{extra}",
                  f"gamble at most {max(0, pool - bought)}", path)]


def _check_judgment(s: Scene, sphere: Sphere, sides: list[str]) -> list[Problem]:
    problems: list[Problem] = []
    totals: dict[str, int] = {}
    for i, j in enumerate(s.judgment):
        here = ("judgment", i)
        g = _gladiator(sphere, j.character, here + ("character",), problems)
        if g is not None:
            if g.judgment_pool is None:
                problems.append(error("fight-sphere.judgment-gamble", f"{g.name}'s player holds no Judgment Pool",
                                      "a Judgment Pool comes when the Gladiator is knocked out, Last Man Standing "
                                      "or dead in The Core", here + ("character",)))
            else:
                totals[g.name] = totals.get(g.name, 0) + j.dice
                if totals[g.name] > g.judgment_pool:
                    problems.append(error("fight-sphere.judgment-gamble",
                                          f"{g.name}'s player gambles {totals[g.name]} Judgment dice but holds {g.judgment_pool}",
                                          f"gamble at most {g.judgment_pool}", here + ("dice",)))
            if any(same(g.name, side) for side in sides):
                problems.append(error("fight-sphere.judgment-gamble", f"{g.name} is rolling in this scene",
                                      "Judgment dice come from players whose Gladiators are out", here))
        if not any(same(j.backs, side) for side in sides):
            problems.append(error("fight-sphere.judgment-gamble", f"`{j.backs}` is not a side of this scene",
                                  "back one of: " + ", ".join(sides), here + ("backs",)))
    return problems


def _check_dice_labels(s: Scene, sides: list[str]) -> list[Problem]:
    problems: list[Problem] = []
    for label in s.dice or {}:
        problems += _shape(any(same(label, side) for side in sides), f"`{label}` rolls no dice in this scene",
                           "list dice under: " + ", ".join(sides), ("dice", label))
    return problems


def _check_conflict(s: Scene, sphere: Sphere) -> list[Problem]:
    problems = _shape(s.character is not None, "a conflict needs `character`", "name the Gladiator in the Conflict", ())
    problems += _shape(not s.gladiators, "a conflict has no `gladiators`",
                       "use `type: encounter` when Gladiators meet", ("gladiators",))
    if s.character is None:
        return problems
    g = _gladiator(sphere, s.character, ("character",), problems)
    if g is None:
        return problems
    problems += _active(g, ("character",))
    problems += check_frames(g)
    problems += _relationships_used(g, s.relationships_used, ("relationships_used",))
    problems += _pool_covers(g, s.gamble, len(s.relationships_used), 0, ("gamble",))
    problems += _check_reward(s, sphere, g)
    problems += _check_cut_scene(s, sphere, g)
    problems += _check_judgment(s, sphere, [g.name, GM])
    problems += _check_dice_labels(s, [g.name, GM])
    return problems


def _new_or_raised(sphere: Sphere, g: Gladiator, option: str, npc: str, rule: str, path: Path) -> list[Problem]:
    if option not in ("new-relationship", "raise-relationship"):
        return []
    if not npc:
        return [error(rule, f"a {option} names its NPC", "add the NPC's name", path)]
    if option == "new-relationship" and check_not_removed(sphere, npc, path):
        return check_not_removed(sphere, npc, path)
    if sphere.gladiator(npc) is not None:
        return [error("fight-sphere.relationship-with-gladiator", f"{npc} is a Gladiator",
                      "Relationships are with non-Gladiator NPCs only", path)]
    exists = g.relationship(npc) is not None
    if option == "new-relationship" and exists:
        return [error(rule, f"{g.name} already has a Relationship with {npc}", "use `raise-relationship`", path)]
    if option == "raise-relationship" and not exists:
        return [error(rule, f"{g.name} has no Relationship with {npc} to raise", "use `new-relationship`", path)]
    return []


def _check_reward(s: Scene, sphere: Sphere, g: Gladiator) -> list[Problem]:
    return _new_or_raised(sphere, g, s.reward, s.reward_npc, "fight-sphere.reward", ("reward_npc",))


def _check_cut_scene(s: Scene, sphere: Sphere, failing: Gladiator) -> list[Problem]:
    if s.cut_scene is None:
        return []
    problems: list[Problem] = []
    c = s.cut_scene
    npc = _gladiator(sphere, c.gladiator, ("cut_scene", "gladiator"), problems)
    if npc is None:
        return problems
    if npc.is_pc or npc.state == "dead":
        problems.append(error("fight-sphere.cut-scene", f"{npc.name} is not a surviving NPC Gladiator",
                              "the cut-scene shows one of the NPC Gladiators still alive", ("cut_scene", "gladiator")))
    elif c.option == "resume-encounter":
        problems += check_resume_cut_scene(sphere, failing.name, npc.name)
    return problems + _new_or_raised(sphere, npc, c.option, c.npc, "fight-sphere.cut-scene", ("cut_scene", "npc"))


def _check_encounter(s: Scene, sphere: Sphere) -> list[Problem]:
    problems = _shape(len(s.gladiators) >= 2, f"an encounter is between two or more Gladiators, not {len(s.gladiators)}",
                      "list every Gladiator in the scene under `gladiators`", ("gladiators",))
    problems += _shape(s.character is None, "an encounter lists its Gladiators under `gladiators`",
                       "move `character` into `gladiators`", ("character",))
    found: list[tuple[int, Contender, Gladiator]] = []
    for i, c in enumerate(s.gladiators):
        g = _gladiator(sphere, c.character, ("gladiators", i, "character"), problems)
        if g is None:
            continue
        if any(same(g.name, other.name) for _, _, other in found):
            problems += _shape(False, f"{g.name} is listed twice", "list each Gladiator once", ("gladiators", i))
            continue
        problems += _active(g, ("gladiators", i, "character"))
        found.append((i, c, g))
    if len(found) != len(s.gladiators) or len(found) < 2:
        return problems
    names = [g.name for _, _, g in found]
    problems += _check_episode(sphere, names)
    first = found[0][2]
    if not first.is_pc and not s.resumed:
        problems.append(error("fight-sphere.initiative", f"{first.name} is an NPC Gladiator and cannot frame an Encounter",
                              "the first Gladiator listed has the Initiative: put the framing player's first, "
                              "or set `resumed: true` when the GM resumes a Disengaged Encounter", ("gladiators", 0)))
    if s.resumed:
        problems += check_resumed(sphere, names)
    cap = s.gladiators[0].gamble
    bonus = meeting_bonuses(sphere, names)
    shared = [npc for c in s.gladiators for npc in c.relationships_used]
    for i, c, g in found:
        here = ("gladiators", i)
        if i and c.gamble > cap:
            problems.append(error("fight-sphere.gamble-cap",
                                  f"{g.name} gambles {c.gamble}, more than the {cap} gambled by {first.name}, who has the Initiative",
                                  f"gamble at most {cap}", here + ("gamble",)))
        problems += _pool_covers(g, c.gamble, len(c.relationships_used), bonus[g.name], here + ("gamble",))
        problems += _relationships_used(g, c.relationships_used, here + ("relationships_used",))
        problems += check_losses(c, g, shared, here + ("losses",))
        for j, other in enumerate(c.betrays):
            if not any(same(other, n) for n in names) or not sphere.truce(g.name, other):
                problems.append(error("fight-sphere.betrayal", f"{g.name} has no truce with {other} in this Encounter",
                                      "a Gladiator betrays a truce it holds with another Gladiator in the scene",
                                      here + ("betrays", j)))
    if not pairs_compared(sphere, s.gladiators, names):
        problems.append(error("fight-sphere.truce", "every Gladiator here holds a truce with the others: nothing is compared",
                              "Gladiators with a truce share scenes without an Encounter; use a conflict each, "
                              "or betray the truce", ("gladiators",)))
    problems += _check_judgment(s, sphere, names)
    problems += _check_dice_labels(s, names)
    return problems


def _check_episode(sphere: Sphere, names: list[str]) -> list[Problem]:
    episode = sphere.episode_of(names[0])
    if episode is None:
        return []
    strangers = [n for n in names[1:] if not any(same(n, e) for e in episode)]
    if not strangers:
        return []
    return [error("fight-sphere.encounter-episode", f"{', '.join(strangers)} {'is' if len(strangers) == 1 else 'are'} not in {names[0]}'s Episode",
                  "a Gladiatorial Encounter is framed with Gladiators of the same Episode", ("gladiators",))]


def _check_advance(s: Scene, sphere: Sphere) -> list[Problem]:
    problems = _shape(s.character is None and not s.gladiators, "advancing to the next Layer names no one",
                      "remove `character` and `gladiators`", ())
    if sphere.setup.core:
        problems.append(error("fight-sphere.advance", "The Core is the last Episode; there is no Layer below it",
                              "the game ends when one player character is left standing", ("type",)))
    playing = [g.name for g in sphere.gladiators if g.is_pc and g.active]
    if playing:
        problems.append(error("fight-sphere.advance", "still in their Episodes: " + ", ".join(playing),
                              "players advance only when every player is done with their Episode on this Layer "
                              "(each PC knocked out or Last Man Standing)", ("type",)))
    return problems


def _check_drive_switch(s: Scene, sphere: Sphere) -> list[Problem]:
    problems = _shape(s.character is not None, "a drive switch needs `character`", "name the Gladiator", ())
    if s.character is None:
        return problems
    g = _gladiator(sphere, s.character, ("character",), problems)
    if g is not None and g.switched:
        problems.append(error("fight-sphere.drive-switch", f"{g.name} has already switched drives once",
                              "the switch may be made once per game", ("character",)))
    if g is not None and g.state == "dead":
        problems += _active(g, ("character",))
    if g is not None:
        problems += check_switch_between_episodes(sphere, g)
    return problems
