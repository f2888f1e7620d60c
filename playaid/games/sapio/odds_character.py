"""`playaid odds sapio --character FILE`: what are my chances, for the checks this character
makes best.

Each action is a pool built as `playaid roll` builds it (`pool.dice_pool`, `pool.target_number`):
the Main Profession fully applicable with a Specialization and a Quality; each Side Profession;
each Special Talent that changes a roll, on that best pool; all the Luck spent on it. The GM
sets the TN, so every action is given at TN 1 to 5. A pool wanting more than six dice says so as
`roll` does: every two dice beyond six lower the TN by one, an odd one is lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from playaid.odds.tables import Answer, percent
from .character import Character
from .consequences import counted
from .harm import penalty
from .chances import outcomes
from .pool import ELEMENT_DICE, POOL_MAX, PROFESSION_DICE, SIDE_PROFESSION_DICE, TN_MAX, TN_MIN, Source, dice_pool, \
    target_number
from .spiral_die import default_die
from .talents import effect_of

SYSTEM = "sapio"
TNS_SET = range(TN_MIN, TN_MAX + 1)
ROLL_EFFECTS = ("tn_cap", "tn_change", "bonus_dice", "hits")
"""Talent effects that change the chance of success (automatic Spares and Spirals, and Hits
only on a success, change what a success brings, not how often it comes)."""


@dataclass(frozen=True)
class Action:
    label: str
    sources: tuple[Source, ...]
    tn_cap: int | None = None
    tn_change: int = 0
    automatic_hits: int = 0
    talent: str = ""

    def chances(self) -> dict[int, Fraction]:
        """P(success) at each TN the GM may set, the Improbable Success taken whenever allowed."""
        pool, die = dice_pool(self.sources), default_die()
        out = {}
        for set_tn in TNS_SET:
            tn = target_number(set_tn, 0, pool.tn_reduction, self.tn_cap, self.tn_change)
            needed = max(0, tn - self.automatic_hits)
            out[set_tn] = sum((p for (won, _), p in outcomes(die, pool.size, needed).items() if won), Fraction(0))
        return out

    def said(self) -> str:
        """How many dice, as `roll` says a pool past the cap of six."""
        pool = dice_pool(self.sources)
        if not pool.beyond:
            return counted(pool.size, "die")
        if not pool.tn_reduction:
            return f"{POOL_MAX} dice: 1 die beyond six is lost to the cap (two beyond six would lower the TN by one)"
        lost = "; the odd die is lost" if pool.beyond % 2 else ""
        return f"{POOL_MAX} dice, {counted(pool.beyond, 'die')} beyond six: TN −{pool.tn_reduction} (one for every two{lost})"


def _best(actor: Character) -> list[Source]:
    p = actor.profession
    sources = [Source("Profession", f"{p.name} (fully applicable)", PROFESSION_DICE["full"])]
    if p.specializations:
        sources.append(Source("Specialization", p.specializations[0], ELEMENT_DICE))
    if actor.qualities:
        sources.append(Source("Quality", actor.qualities[0], ELEMENT_DICE))
    return sources


def _label(sources: list[Source]) -> str:
    return " + ".join(s.name for s in sources)


def actions(actor: Character) -> list[Action]:
    """The character's best checks, strongest first: see the module's docstring."""
    best = _best(actor)
    found = [Action(_label(best), tuple(best))]
    quality = [Source("Quality", actor.qualities[0], ELEMENT_DICE)] if actor.qualities else []
    for side in actor.side_professions:
        side_sources = [Source("Side Profession", side.name, SIDE_PROFESSION_DICE)]
        if side.specializations:
            side_sources.append(Source("Specialization", side.specializations[0], ELEMENT_DICE))
        found.append(Action(_label(side_sources + quality), tuple(side_sources + quality)))
    for talent in actor.talents:
        e = effect_of(talent)
        if e is None or e.kind not in ROLL_EFFECTS or (e.kind == "hits" and e.on_success):
            continue
        extra = [Source("Special Talent", talent.name, e.amount, bonus=True)] if e.kind == "bonus_dice" else []
        found.append(Action(f"{_label(best)}, Special Talent {talent.name} ({e.describe()})", tuple(best + extra),
                            tn_cap=e.amount if e.kind == "tn_cap" else None,
                            tn_change=e.amount if e.kind == "tn_change" else 0,
                            automatic_hits=e.amount if e.kind == "hits" else 0, talent=talent.name))
    if actor.luck:
        luck = Source("Luck", f"{actor.luck} spent", actor.luck, bonus=True)
        found.append(Action(f"{_label(best)}, all {actor.luck} Luck spent", tuple(best + [luck])))
    return found


def answer(actor: Character) -> Answer:
    """The chances of each of `actor`'s best checks at every TN, in words and as data."""
    found = actions(actor)
    table = {a.label: a.chances() for a in found}
    lines = [f"{actor.name}'s chances to succeed, by the TN the GM sets "
             "(Improbable Success taken whenever allowed, the standard Spiral die):"]
    for a in found:
        cells = ", ".join(f"TN {tn} {percent(p)}" for tn, p in table[a.label].items())
        lines.append(f"  {a.label} — {a.said()}: {cells}")
    played = {a.talent for a in found}
    bloody = [t for t in actor.talents if (e := effect_of(t)) is not None and e.kind == "ignore_injuries"]
    others = [t.name for t in actor.talents if t.name not in played and t not in bloody]
    if others:
        lines.append(f"Special Talents that change no chance of success: {', '.join(others)}.")
    for t in bloody:  # only where an Injury raises the TN: the harm line below says by how much
        lines.append(f"Special Talent {t.name}: {effect_of(t).describe()}.")
    harm = [(what, h) for what, track in (("Injury", actor.injuries), ("Stress", actor.stresses)) for h in track
            if h.rank]
    if harm:
        what, worst = max(harm, key=lambda found: penalty([found[1].rank]))
        lines.append(f"Where the {worst.level.title()} {what} {worst.name} applies, the TN is {penalty([worst.rank])} "
                     "higher: "
                     "read the column to its right (only the largest penalty counts).")
    data = {"character": actor.name,
            "actions": [{"action": a.label, "dice": dice_pool(a.sources).size,
                         "beyond_six": dice_pool(a.sources).beyond} for a in found],
            "success": {a.label: {f"TN {tn}": p for tn, p in table[a.label].items()} for a in found}}
    return Answer(SYSTEM, tuple(lines), data)
