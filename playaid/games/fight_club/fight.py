"""The arithmetic of a fight (rule text 002, "resolving the fight" and "resolving the
follow-up"): pure functions of the tokens in fists, no words and no sheets.

Fists a fighter points at the same opponent are taken together as one hand; each pair
of players either trades blows (both point at each other) or one beats the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .models import NO_TOKENS, Tokens

INJURY_STEPS = 4
"""Pain over Frustration costs one token per fist; over double, two; "and so on for
tripling and quadrupling" — so at most four."""


@dataclass(frozen=True)
class Blow:
    """What one side of a mutual exchange does to the other, and what it pays."""

    striker: str
    target: str
    hand: Tokens
    against: Tokens
    """The target's hand pointed back at the striker."""

    @property
    def power(self) -> int:
        """Pain in the fist counts as Frustration for hitting."""
        return self.hand.frustration + self.hand.pain

    @property
    def spent(self) -> Tokens:
        """One Frustration for hitting, and "in addition" one Pain if the fist holds Pain.
        In a fist of Pain alone the Pain stands in for the Frustration lost too, so two
        Pain go; a fist holding a single Pain has only that one to lose."""
        lose_f = 1 if self.hand.frustration else 0
        lose_p = 1 if self.hand.pain else 0
        if self.hand.pain and not self.hand.frustration:
            lose_p = min(2, self.hand.pain)
        return Tokens(frustration=lose_f, pain=lose_p)

    @property
    def shielded(self) -> bool:
        """The target holds more Pain in the fist, so takes no Pain from this blow."""
        return self.against.pain > self.hand.pain

    @property
    def pain_dealt(self) -> int:
        return 0 if self.shielded or self.power == 0 else self.power - 1

    @property
    def cowardly(self) -> bool:
        """More Retirement in the fist than Frustration opposing it."""
        return self.hand.retirement > self.against.frustration

    @property
    def frustration_dealt(self) -> int:
        return self.hand.retirement if self.cowardly else 0

    @property
    def retirement_gained(self) -> int:
        return 1 if self.cowardly else 0


@dataclass(frozen=True)
class Beating:
    """`striker` points at `target`, who does not point back: the target gains one Pain."""

    striker: str
    target: str


@dataclass(frozen=True)
class Round:
    blows: tuple[Blow, ...]
    beatings: tuple[Beating, ...]
    retirement_used: int
    pain_used: int

    @property
    def police(self) -> bool:
        """More Retirement than Pain used: the authorities try to break it up."""
        return self.retirement_used > self.pain_used

    def gains(self, who: str) -> Tokens:
        got = Tokens(pain=sum(1 for b in self.beatings if b.target == who))
        for b in self.blows:
            if b.target == who:
                got += Tokens(frustration=b.frustration_dealt, pain=b.pain_dealt)
            if b.striker == who:
                got += Tokens(retirement=b.retirement_gained)
        return got

    def losses(self, who: str) -> Tokens:
        return sum((b.spent for b in self.blows if b.striker == who), NO_TOKENS)


def hands(fists: Iterable[tuple[str, str, Tokens]]) -> dict[tuple[str, str], Tokens]:
    """(fighter, opponent) → the tokens of all the fighter's fists at that opponent."""
    out: dict[tuple[str, str], Tokens] = {}
    for who, target, tokens in fists:
        out[(who, target)] = out.get((who, target), NO_TOKENS) + tokens
    return out


def fight_round(fists: Sequence[tuple[str, str, Tokens]]) -> Round:
    """The round's blows and beatings, in the order the fists are listed."""
    held = hands(fists)
    blows, beatings = [], []
    for (who, target), hand in held.items():
        back = held.get((target, who))
        if back is None:
            beatings.append(Beating(who, target))
        else:
            blows.append(Blow(who, target, hand, back))
    return Round(tuple(blows), tuple(beatings),
                 retirement_used=sum(t.retirement for _, _, t in fists),
                 pain_used=sum(t.pain for _, _, t in fists))


def injury_cost(t: Tokens) -> int:
    """Frustration each fist pays to stay in the fight: one per multiple of Frustration
    that Pain exceeds, up to four. ``Tokens(frustration=2, pain=5)`` → 2."""
    return sum(1 for k in range(1, INJURY_STEPS + 1) if t.pain > k * t.frustration)


def berserk(t: Tokens) -> bool:
    """More Frustration than Retirement: two hands for fights and follow-ups."""
    return t.frustration > t.retirement


@dataclass(frozen=True)
class Raised:
    """One fist thrown in the air for the follow-up; `index` is its place in the scene."""

    who: str
    tokens: Tokens
    index: int


@dataclass(frozen=True)
class FollowUp:
    fighters: tuple[str, ...]
    """Willing fighters: fists in the air and not retiring, in the order first raised."""
    retiring: tuple[str, ...]
    """Berserk characters leaving with a Retirement token: their fists still count."""
    extra: tuple[Raised, ...]
    """Fists beyond one per willing fighter: the retiring ones' and each two-fisted
    fighter's fist with more Pain."""
    framers: tuple[str, ...]
    """The fighters with the most Frustration in their fists (frame another round)."""

    @property
    def outcome(self) -> str:
        if not self.fighters:
            return "no-winner"
        return "win" if len(self.fighters) == 1 else "another-round"


def follow_up(raised: Sequence[Raised], raging: set[str]) -> FollowUp:
    """Who fights on, who wins, and which fists are extra. `raging` are the berserk."""
    by_who: dict[str, list[Raised]] = {}
    for r in raised:
        by_who.setdefault(r.who, []).append(r)
    retiring = tuple(w for w, rs in by_who.items() if w in raging and any(r.tokens.retirement for r in rs))
    fighters = tuple(w for w in by_who if w not in retiring)
    extra: list[Raised] = []
    for w, rs in by_who.items():
        if w in retiring:
            extra += rs
        elif len(rs) == 2:
            # highest Pain has precedence; with equal Pain the later fist is the extra one
            extra.append(rs[0] if rs[0].tokens.pain > rs[1].tokens.pain else rs[1])
    most = max((sum(r.tokens.frustration for r in by_who[w]) for w in fighters), default=0)
    framers = tuple(w for w in fighters if sum(r.tokens.frustration for r in by_who[w]) == most)
    return FollowUp(fighters, retiring, tuple(sorted(extra, key=lambda r: r.index)), framers)
