"""What every game's procedures share: where dice come from and what a roll reports.

A procedure is a pure function of a scene, the cast and a `Dice` source. The source is
either seeded random or the dice a scene lists (`dice:`), taken in the order rolled,
so a physical roll at the table replays exactly. When listed dice do not fit the pool
(too few, too many, a value off the die, an open-ended die without its extra die) the
source raises `DiceMismatch` carrying a problem that points into the scene file.

`playaid roll` hands a procedure a `Roller`: seeded random, or the dice rolled at the
table (typed on the command line, or asked for one by one). The table's dice go to the
pools in the order the procedure takes them, whatever pool asks, and every die taken
is noted, so a seeded roll's noted dice replay it exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..problems import Path, Problem, error


class RollRefused(Exception):
    """A scene the rules cannot resolve as it stands; `problem` points into the scene."""

    def __init__(self, problem: Problem):
        super().__init__(problem.message)
        self.problem = problem


class DiceMismatch(RollRefused):
    """The dice a scene lists do not fit the pool the rules build."""


@dataclass(frozen=True)
class Rolled:
    """One die a procedure took: its value, its pool, the die's size and what it was for."""

    value: int
    pool: str
    sides: int
    why: str = ""
    faces: tuple[str, ...] = ()
    """What each face shows (face 1 first), for a die not numbered 1 to `sides` (a Spiral die)."""

    def describe(self) -> str:
        return f"the d{self.sides} for {self.pool}" + (f" ({self.why})" if self.why else "")


class Roller(random.Random):
    """The random source `playaid roll` gives a procedure.

    Seeded random dice, unless the dice rolled at the table are given: `typed` lists
    them in the order the procedure asks for them, or `ask` is called for each
    die (`ask(n, wanted)`: the n-th die, `wanted` a `Rolled` whose value is 0) and returns its face. These win over the
    dice a scene lists. `rolled` notes every die taken, whichever way it came.
    """

    def __init__(self, seed: int, typed: Sequence[int] | None = None,
                 ask: Callable[[int, Rolled], int] | None = None):
        super().__init__(seed)
        self.typed, self.ask = (list(typed) if typed is not None else None), ask
        self.rolled: list[Rolled] = []
        self.used = False

    @property
    def at_table(self) -> bool:
        return self.typed is not None or self.ask is not None

    # A seed is worth printing only if something was drawn with it.
    def random(self) -> float:
        self.used = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.used = True
        return super().getrandbits(k)

    def from_table(self, pool: str, sides: int, why: str, faces: tuple[str, ...] = ()) -> int:
        n = len(self.rolled) + 1
        wanted = Rolled(0, pool, sides, why, faces)
        if self.ask is not None:
            value = self.ask(n, wanted)
        elif self.typed is not None and n <= len(self.typed):
            value = self.typed[n - 1]
        else:
            raise DiceMismatch(error(
                "roll.dice-count", f"--dice: too few dice — die {n}, {wanted.describe()}, is missing",
                "give every die rolled, in the order the steps ask for them, extra open-ended dice included"))
        if not 1 <= value <= sides:
            raise DiceMismatch(error(
                "roll.dice-value", f"--dice: die {n} is {wanted.describe()}, and {value} is not a face of it",
                f"that die shows a number from 1 to {sides}"))
        return value

    def note(self, value: int, pool: str, sides: int, why: str) -> None:
        self.rolled.append(Rolled(value, pool, sides, why))

    def check_used_up(self) -> None:
        """Raise if more dice were typed than the procedure took."""
        if self.typed is not None and len(self.typed) > len(self.rolled):
            extra = self.typed[len(self.rolled):]
            raise DiceMismatch(error(
                "roll.dice-count", f"--dice: too many dice — this roll takes {len(self.rolled)}, "
                f"{len(extra)} more given ({', '.join(map(str, extra))})",
                "give exactly the dice the steps ask for, in order"))


class Pool:
    """The dice of one named pool (e.g. "Bob Tanner, green"), taken one at a time."""

    def __init__(self, label: str, sides: int, path: Path, values: list[int] | None, rng: random.Random | None,
                 roller: Roller | None = None):
        self.label, self.sides, self.path = label, sides, path
        self._values, self._rng, self.taken = values, rng, 0
        self._roller = roller

    @property
    def scripted(self) -> bool:
        return self._values is not None

    def take(self, why: str = "", sides: int | None = None, faces: tuple[str, ...] = ()) -> int:
        """The next die; `why` says what it is for (shown when a listed or typed die is
        missing), `sides` its size when the pool mixes sizes, `faces` what its faces show
        when they are not numbers (asked for at the table by what they show)."""
        sides = sides or self.sides
        roller = self._roller
        if roller is not None and roller.at_table:
            value = roller.from_table(self.label, sides, why, faces)
        elif self._values is None:
            assert self._rng is not None
            value = self._rng.randint(1, sides)
        else:
            if self.taken >= len(self._values):
                need = f" ({why})" if why else ""
                field = next((f"`{step}`" for step in reversed(self.path) if isinstance(step, str)), "the scene")
                raise DiceMismatch(error(
                    "roll.dice-count", f"{self.label}: too few dice listed — die {self.taken + 1}{need} is missing",
                    f"list every die rolled for {self.label} under {field}, in the order rolled", self.path))
            value = self._values[self.taken]
            if not 1 <= value <= self.sides:
                raise DiceMismatch(error(
                    "roll.dice-value", f"{self.label}: {value} is not a face of a d{self.sides}",
                    f"each die is a number from 1 to {self.sides}", self.path + (self.taken,)))
        self.taken += 1
        if roller is not None:
            roller.note(value, self.label, sides, why)
        return value

    def take_many(self, n: int, why: str = "") -> list[int]:
        return [self.take(why) for _ in range(n)]

    def check_used_up(self) -> None:
        if self._values is not None and self.taken < len(self._values):
            extra = self._values[self.taken:]
            raise DiceMismatch(error(
                "roll.dice-count",
                f"{self.label}: too many dice listed — the pool takes {self.taken}, "
                f"{len(extra)} more listed ({', '.join(map(str, extra))})",
                f"list exactly the dice rolled for {self.label}", self.path))


class Dice:
    """A source of dice for one procedure: seeded random, or the scene's listed dice."""

    def __init__(self, rng: random.Random | None = None,
                 listed: Mapping[str, tuple[list[int], Path]] | None = None, roller: Roller | None = None):
        if (rng is None) == (listed is None):
            raise ValueError("give either a random generator or listed dice")
        self._rng, self._listed = rng, listed
        self._roller = roller if roller is not None else rng if isinstance(rng, Roller) else None
        self._pools: dict[str, Pool] = {}

    @classmethod
    def seeded(cls, seed: int) -> "Dice":
        return cls(rng=random.Random(seed))

    @classmethod
    def listed(cls, pools: Mapping[str, tuple[list[int], Path]]) -> "Dice":
        """`pools` maps a pool's label to the values listed for it and where they stand."""
        return cls(listed=pools)

    @classmethod
    def replay_or_roll(cls, listed: Mapping[str, tuple[list[int], Path]] | None, rng: random.Random) -> "Dice":
        """What every game's procedure rolls with: the dice rolled at the table when `rng`
        is a `Roller` holding them, else the dice the scene lists when it lists any
        (`listed` is not None), else `rng`'s (seeded) rolls."""
        if listed is None or (isinstance(rng, Roller) and rng.at_table):
            return cls(rng=rng)
        return cls(listed=listed, roller=rng if isinstance(rng, Roller) else None)

    @property
    def replaying(self) -> bool:
        """True when the scene's listed dice are replayed."""
        return self._listed is not None

    def pool(self, label: str, sides: int = 6) -> Pool:
        """The pool called `label`; with listed dice, a label the scene lacks has no dice."""
        if label not in self._pools:
            if self._listed is None:
                self._pools[label] = Pool(label, sides, (), None, self._rng, self._roller)
            else:
                values, path = self._listed.get(label, ([], ("dice",)))
                self._pools[label] = Pool(label, sides, path, list(values), None, self._roller)
        return self._pools[label]

    def finish(self) -> None:
        """Raise if a listed pool has dice left over, or the scene lists a pool never rolled."""
        for pool in self._pools.values():
            pool.check_used_up()
        if self._listed is not None:
            for label, (values, path) in self._listed.items():
                if label not in self._pools and values:
                    raise DiceMismatch(error(
                        "roll.dice-count", f"dice are listed for {label}, but {label} rolls no dice here",
                        "remove them, or check the name", path))


@dataclass(frozen=True)
class Step:
    """One thing that happened, in words a player follows, with its numbers as data."""

    text: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Change:
    """A consequence to write on a sheet: `who`'s `field` goes from `before` to `after`.

    `field` is a path into that character's (or, with `who` = "setup", the setup's)
    YAML, so `playaid roll --apply` can write it back to a copy of the setup.
    """

    who: str
    field: Path
    before: Any
    after: Any
    text: str


@dataclass(frozen=True)
class Resolution:
    system: str
    outcome: str
    """A short id: `success`, `complete-failure`, `win:<side>`, `true-tie` …"""
    summary: str
    steps: tuple[Step, ...]
    changes: tuple[Change, ...] = ()
    replayed: bool = False
    """True when the scene's listed dice were replayed rather than rolled."""
    rolled: tuple[Rolled, ...] = ()
    """Every die taken, in order (filled in by whoever ran the procedure with a `Roller`)."""

    def as_dict(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "outcome": self.outcome,
            "replayed": self.replayed,
            "rolled": [r.value for r in self.rolled],
            "rolled_for": [r.describe() for r in self.rolled],
            "summary": self.summary,
            "steps": [{"text": s.text, **dict(s.data)} for s in self.steps],
            "changes": [{"who": c.who, "field": list(c.field), "before": c.before, "after": c.after,
                         "text": c.text} for c in self.changes],
        }


def listed_pools(entries: Iterable[tuple[str, list[int] | None, Path]]) -> dict[str, tuple[list[int], Path]]:
    """Listed dice keyed by pool label, leaving out pools the scene gives no list for."""
    return {label: (values, path) for label, values, path in entries if values is not None}
