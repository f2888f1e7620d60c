"""What every game's procedures share: where dice come from and what a roll reports.

A procedure is a pure function of a scene, the cast and a `Dice` source. The source is
either seeded random or the dice a scene lists (`dice:`), taken in the order rolled,
so a physical roll at the table replays exactly. When listed dice do not fit the pool
(too few, too many, a value off the die, an open-ended die without its extra die) the
source raises `DiceMismatch` carrying a problem that points into the scene file.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from ..problems import Path, Problem, error


class RollRefused(Exception):
    """A scene the rules cannot resolve as it stands; `problem` points into the scene."""

    def __init__(self, problem: Problem):
        super().__init__(problem.message)
        self.problem = problem


class DiceMismatch(RollRefused):
    """The dice a scene lists do not fit the pool the rules build."""


class Pool:
    """The dice of one named pool (e.g. "Bob Tanner, green"), taken one at a time."""

    def __init__(self, label: str, sides: int, path: Path, values: list[int] | None, rng: random.Random | None):
        self.label, self.sides, self.path = label, sides, path
        self._values, self._rng, self.taken = values, rng, 0

    @property
    def scripted(self) -> bool:
        return self._values is not None

    def take(self, why: str = "") -> int:
        """The next die; `why` says, when listed dice run out, what this die was for."""
        if self._values is None:
            assert self._rng is not None
            value = self._rng.randint(1, self.sides)
        else:
            if self.taken >= len(self._values):
                need = f" ({why})" if why else ""
                raise DiceMismatch(error(
                    "roll.dice-count", f"{self.label}: too few dice listed — die {self.taken + 1}{need} is missing",
                    f"list every die rolled for {self.label}, extra open-ended dice included, in the order rolled",
                    self.path))
            value = self._values[self.taken]
            if not 1 <= value <= self.sides:
                raise DiceMismatch(error(
                    "roll.dice-value", f"{self.label}: {value} is not a face of a d{self.sides}",
                    f"each die is a number from 1 to {self.sides}", self.path + (self.taken,)))
        self.taken += 1
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
                 listed: Mapping[str, tuple[list[int], Path]] | None = None):
        if (rng is None) == (listed is None):
            raise ValueError("give either a random generator or listed dice")
        self._rng, self._listed = rng, listed
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
        """What every game's procedure rolls with: the dice the scene lists when it lists
        any (`listed` is not None), else `rng`'s (seeded) rolls."""
        return cls(rng=rng) if listed is None else cls(listed=listed)

    @property
    def replaying(self) -> bool:
        return self._listed is not None

    def pool(self, label: str, sides: int = 6) -> Pool:
        """The pool called `label`; with listed dice, a label the scene lacks has no dice."""
        if label not in self._pools:
            if self._listed is None:
                self._pools[label] = Pool(label, sides, (), None, self._rng)
            else:
                values, path = self._listed.get(label, ([], ("dice",)))
                self._pools[label] = Pool(label, sides, path, list(values), None)
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

    def as_dict(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "outcome": self.outcome,
            "replayed": self.replayed,
            "summary": self.summary,
            "steps": [{"text": s.text, **dict(s.data)} for s in self.steps],
            "changes": [{"who": c.who, "field": list(c.field), "before": c.before, "after": c.after,
                         "text": c.text} for c in self.changes],
        }


def listed_pools(entries: Iterable[tuple[str, list[int] | None, Path]]) -> dict[str, tuple[list[int], Path]]:
    """Listed dice keyed by pool label, leaving out pools the scene gives no list for."""
    return {label: (values, path) for label, values, path in entries if values is not None}
