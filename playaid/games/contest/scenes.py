"""A contest scene made ready to roll: its sides, their pools, and every problem on the way.

`prepare` is shared by the scene check and by `play`, so a scene that validates builds
exactly the pools that are rolled.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from playaid.problems import Path, Problem, error, warning
from playaid.systems.base import Resolver
from playaid.systems.cast import Member, find, resolve_cast
from .dice import Die
from .documents import Character, NamedDie, PenaltyDie, PoolEntry, Scene, Side
from .orders import check_orders
from .pools import ContestSide, character_pool, gm_pool, replace_for_target
from .rules import check_character, die_size_problems

OPPOSITION_MAX = 10
""""Something crazy risky might include up to ten dice" — the most the text suggests."""


@dataclass(frozen=True)
class Prepared:
    sides: list[ContestSide]
    target: Die | None
    """The condition die sought, or the size of the penalty die being removed."""
    removed: tuple[Character, int] | None
    """The character whose penalty die the contest would remove, and its index."""
    condition_to: Character | None


def _entries(side: Side, at: Path) -> list[tuple[Side | PoolEntry, Path]]:
    if side.pools:
        return [(p, at + ("pools", j)) for j, p in enumerate(side.pools)]
    return [(side, at)]


def _label(side: Side, entry: Side | PoolEntry, c: Character | None, k: int) -> str:
    if not side.pools:
        return side.name
    return (entry.name if isinstance(entry, PoolEntry) else "") or (c.name if c else f"{side.name} {k + 1}")


def _shape(entry: Side | PoolEntry, at: Path, has_pools: bool) -> list[Problem]:
    def bad(message: str, hint: str) -> Problem:
        return error("contest.pool-shape", message, hint, at)

    if has_pools:
        if entry.character is not None or entry.assets is not None or entry.dice is not None:
            return [bad("a side with `pools` lists its characters and dice under each pool",
                        "move `character`, `assets` and `dice` into the pools")]
        return []
    if entry.character is not None and entry.dice is not None:
        return [bad("a pool is either a character's assets or the GM's dice, not both",
                    "put the GM's dice on a side of their own")]
    if entry.character is None and entry.dice is None:
        return [bad("this pool has neither a character nor dice",
                    "give `character:` with `assets:`, or `dice:` for the GM's opposition")]
    if entry.character is not None and entry.assets is None:
        return [bad("a character's pool needs `assets:`", "name at least the attribute, e.g. `{attribute: Agility}`")]
    if entry.dice is not None and entry.assets is not None:
        return [bad("`assets` belong to a character's pool", "add `character:` or drop `assets:`")]
    if entry.dice is not None and not entry.dice:
        return [bad("the GM's pool has no dice", "list at least one die, e.g. `[d8, d6, d6]`")]
    return []


Found = list[list[tuple[Side | PoolEntry, Path, Character | None]]]
"""Per side, per pool: the entry, where it stands, and its character (None for the GM's dice)."""


def prepare(scene: Scene, resolver: Resolver) -> tuple[Prepared, list[Problem]]:
    """The scene's sides with their pools built (and changed for the goal), and every problem."""
    problems = _sides_named_once(scene)
    found, members, cast_problems = _cast(scene, resolver)
    problems += cast_problems
    sides, pool_problems = _pools(scene, found)
    problems += pool_problems
    prepared, goal_problems = _goal(scene, sides, members, found)
    problems += goal_problems
    problems += _rolled(prepared.sides, broken=any(p.is_error for p in problems))
    problems += check_orders(scene, prepared.sides, prepared.condition_to)
    return prepared, problems


def _sides_named_once(scene: Scene) -> list[Problem]:
    problems: list[Problem] = []
    if len(scene.sides) < 2:
        problems.append(error("contest.scene-sides", f"a contest has two or more sides, not {len(scene.sides)}",
                              "add the opposition as a side, e.g. `{name: Opposition, dice: [d8, d6, d6]}`", ("sides",)))
    seen: set[str] = set()
    for i, side in enumerate(scene.sides):
        if side.name.casefold() in seen:
            problems.append(error("contest.scene-sides", f"two sides are called {side.name}",
                                  "give each side its own name", ("sides", i, "name")))
        seen.add(side.name.casefold())
    return problems


def _cast(scene: Scene, resolver: Resolver) -> tuple[Found, list[Member], list[Problem]]:
    """Who rolls each pool: a character file, a name in the setup's cast, or an inline character."""
    problems: list[Problem] = []
    members: list[Member] = []
    if scene.setup is not None:
        setup = resolver.resolve(scene.setup, "setup", ("setup",))
        if setup is not None:
            members, _ = resolve_cast(setup.characters, resolver.beside(scene.setup), check_character)  # reported with the setup

    def character(ref: str | Character, at: Path) -> Character | None:
        if isinstance(ref, Character):
            problems.extend(p.under(at) for p in check_character(ref, resolver))
            return ref
        if ref.lower().endswith((".yaml", ".yml")):
            return resolver.resolve(ref, "character", at)
        if scene.setup is None:
            problems.append(error("scene.unknown-character", f"character `{ref}` is not a file and the scene has no setup",
                                  "name a character file such as `harrow.yaml`, or add `setup:`", at))
            return None
        member, missing = find(members, ref, at)
        problems.extend(missing)
        return member.model if member else None

    found: Found = []
    seen: set[str] = set()
    for i, side in enumerate(scene.sides):
        if side.pools:
            problems += _shape(side, ("sides", i), True)
        row = []
        for entry, at in _entries(side, ("sides", i)):
            shape = _shape(entry, at, False)
            problems += shape
            c = character(entry.character, at + ("character",)) if entry.character is not None else None
            if c is not None and c.name.casefold() in seen:
                problems.append(error("contest.scene-sides", f"{c.name} is in two pools",
                                      "a character rolls one pool, on one side", at + ("character",)))
            if c is not None:
                seen.add(c.name.casefold())
            row.append((entry, at, None if shape else c))
        found.append(row)
    return found, members, problems


def _pools(scene: Scene, found: Found) -> tuple[list[ContestSide], list[Problem]]:
    """Every side's pools; a character's pool may draw on the penalty dice its opponents carry."""
    problems: list[Problem] = []
    sides: list[ContestSide] = []
    for i, side in enumerate(scene.sides):
        penalties: dict[str, PenaltyDie] = {
            pd.name: pd for j, row in enumerate(found) if j != i
            for _, _, c in row if c is not None for pd in c.penalty_dice}
        pools = []
        for k, (entry, at, c) in enumerate(found[i]):
            label = _label(side, entry, c, k)
            if c is not None and entry.assets is not None:
                pool, built = character_pool(label, c, entry.assets, penalties, scene.electronic)
                problems.extend(p.under(at + ("assets",)) for p in built)
                pools.append(pool)
                named = [(getattr(entry.assets, key).die, at + ("assets", key, "die")) for key in ("opposing", "temporary")
                         if isinstance(getattr(entry.assets, key), NamedDie)]
                problems += die_size_problems(named, scene.e_dice, scene.electronic, "the scene's")
            elif entry.dice:
                problems += die_size_problems([(die, at + ("dice", n)) for n, die in enumerate(entry.dice)],
                                              scene.e_dice, scene.electronic, "the scene's")
                if len(entry.dice) > OPPOSITION_MAX:
                    problems.append(warning(
                        "contest.opposition-size", f"{len(entry.dice)} dice of opposition; the rules suggest three, "
                        f"up to six for high risk and ten for something crazy risky", "drop some dice", at + ("dice",)))
                pools.append(gm_pool(label, entry.dice, scene.electronic))
        sides.append(ContestSide(side.name, tuple(pools), ("sides", i), side.rolled))
    return sides, problems


def _goal(scene: Scene, sides: list[ContestSide], members: list[Member], found: Found) -> tuple[Prepared, list[Problem]]:
    """What the goal is, and the opposition's dice traded for its target die."""
    problems: list[Problem] = []
    target: Die | None = None
    removed = None
    condition_to = None
    if scene.condition is not None and scene.remove_penalty is not None:
        problems.append(error("contest.scene-goal", "a contest is for a condition die or for removing a penalty die, not both",
                              "split it into two contests", ("remove_penalty",)))
    elif scene.condition is not None:
        target = scene.condition.die
        problems += die_size_problems([(target, ("condition", "die"))], scene.e_dice, scene.electronic, "the scene's")
        cast = [Member(c, at) for row in found for _, at, c in row if c is not None] + members
        first = sides[0].characters if sides else []
        if scene.condition.to:
            member, missing = find(cast, scene.condition.to, ("condition", "to"))
            problems += missing
            condition_to = member.model if member else None
        elif first:
            condition_to = first[0]
    elif scene.remove_penalty is not None:
        owners = [(c, j) for c in (sides[0].characters if sides else []) for j, pd in enumerate(c.penalty_dice)
                  if pd.name.casefold() == scene.remove_penalty.casefold() and pd.die is not None]
        if not owners:
            carried = [pd.name for c in (sides[0].characters if sides else []) for pd in c.penalty_dice]
            problems.append(error(
                "contest.scene-goal", f"no one on the first side carries a penalty die called `{scene.remove_penalty}`",
                "they carry: " + ", ".join(carried) if carried else "the first side carries no penalty dice",
                ("remove_penalty",)))
        else:
            removed = owners[0]
            target = removed[0].penalty_dice[removed[1]].die
    if target is not None and not problems:
        sides = [side if i == 0 or not side.pools else _replaced(side, target, scene.electronic)
                 for i, side in enumerate(sides)]
    return Prepared(sides, target, removed, condition_to), problems


def _replaced(side: ContestSide, target: Die, electronic: bool) -> ContestSide:
    first, notes = replace_for_target(side.pools[0], target, electronic)
    return replace(side, pools=(first,) + side.pools[1:], replacements=tuple(notes))


def _rolled(sides: list[ContestSide], broken: bool) -> list[Problem]:
    listed = [s for s in sides if s.rolled is not None]
    if not listed:
        return []
    problems = [error("contest.rolled-dice", f"{s.name} lists no rolled dice while other sides do",
                      "list the rolled dice of every side, or of none to roll them", s.path)
                for s in sides if s.rolled is None]
    if broken:
        return problems
    for s in listed:
        dice = [d for p in s.pools for d in p.dice]
        if len(s.rolled) != len(dice):
            problems.append(error(
                "contest.rolled-dice", f"{s.name} rolls {len(dice)} dice but {len(s.rolled)} are listed",
                "list one value per die, in pool order: " + ", ".join(d.describe() for d in dice), s.path + ("rolled",)))
            continue
        for n, (value, d) in enumerate(zip(s.rolled, dice)):
            if not 1 <= value <= d.rolled_as:
                problems.append(error(
                    "contest.rolled-dice", f"{s.name}: {value} is not a face of the d{d.rolled_as} rolled for {d.describe()}",
                    f"a d{d.rolled_as} shows 1 to {d.rolled_as}", s.path + ("rolled", n)))
    return problems


def check_scene(scene: Scene, resolver: Resolver) -> list[Problem]:
    return prepare(scene, resolver)[1]
