"""Playing a Sapio scene: build the pool, set the TN, roll, read, record the harm.

`play` is the game's procedure for `playaid roll`. Every number comes from the pure
functions of `pool`, `roll` and `harm`; this module draws the dice and says in words
what each step means at the table.
"""

from __future__ import annotations

import random
from typing import Sequence

from ...problems import Path, error
from ..play import Change, Dice, Pool, Resolution, RollRefused, Step
from .harm import DEATH, is_debilitated, penalty, record, weapon_injury
from .pool import (ELEMENT_DICE, POOL_MAX, PROFESSION_DICE, SIDE_PROFESSION_DICE, TN_MAX, VERSUS_START_TN, DicePool, Source, dice_pool,
                   target_number, versus_tn)
from .roll import CheckResult, Tally, improbable_success, read_check
from .scene import Scene
from .scene_rules import Cast
from .sheet import Character, Harm
from .spiral_die import FACE_COUNT, Face, SpiralDie, default_die, die_of
from .talents import Effect, effect_of

APPLICABLE = {"full": "fully applicable", "partial": "partially applicable"}


def _n(count: int, word: str) -> str:
    """`_n(1, "Hit")` → "1 Hit", `_n(3, "die")` → "3 dice"."""
    return f"{count} {word if count == 1 else 'dice' if word == 'die' else word + 's'}"


def roll_check(size: int, tn: int, die: SpiralDie, pool: Pool, improbable: bool = True) -> CheckResult:
    """Roll `size` Spiral dice against `tn`, adding dice one by one while Improbable
    Success allows (and the player takes it)."""
    shows = tuple(str(f) for f in die.faces)  # asked at the table by what the die shows
    rolled = [die.face(pool.take(f"die {i} of the pool of {size}", faces=shows)) for i in range(1, size + 1)]
    added: list[Face] = []
    batch, hits = rolled, Tally.of(rolled).hits
    while improbable and improbable_success(batch, hits, tn):
        face = die.face(pool.take("the die Improbable Success adds", faces=shows))
        added.append(face)
        batch, hits = [face], hits + face.hits
    return read_check(tn, rolled, added)


def pool_sources(scene: Scene, actor: Character, helpers: Sequence[tuple[Character, str]]) -> list[Source]:
    """The elements and bonuses the scene invokes, as sources of dice."""
    inv, bonus = scene.invoke, scene.bonus
    sources = []
    if inv.profession:
        sources.append(Source("Profession", f"{actor.profession.name} ({APPLICABLE[inv.profession]})",
                              PROFESSION_DICE[inv.profession]))
    if inv.side_profession:
        sources.append(Source("Side Profession", inv.side_profession, SIDE_PROFESSION_DICE))
    for what, name in (("Specialization", inv.specialization), ("Quality", inv.quality)):
        if name:
            sources.append(Source(what, name, ELEMENT_DICE))
    if bonus.luck:
        sources.append(Source("Luck", f"{bonus.luck} spent", bonus.luck, bonus=True))
    sources += [Source("Special Talent", e.talent, e.amount, bonus=True)
                for e in talent_effects(actor, bonus.talents) if e.kind == "bonus_dice"]
    if bonus.follows:
        label, text = (("Principle", actor.principle) if bonus.follows == "principle"
                       else ("Worst Impulse", actor.worst_impulse))
        sources.append(Source(label, text, ELEMENT_DICE, bonus=True))
    sources += [Source("Help", f"{who.name} invokes {element}", ELEMENT_DICE, bonus=True) for who, element in helpers]
    if bonus.situation:
        sources.append(Source("granted by the GM", "", bonus.situation, bonus=True))
    return sources


def pool_steps(pool: DicePool) -> list[Step]:
    steps, total = [], 0
    for s in pool.sources:
        total += s.dice
        dice = _n(s.dice, "die")
        if s.what == "start":
            text = "Start with one Spiral die."
        else:
            text = (f"Bonus — {s.what}{': ' + s.name if s.name else ''}: +{dice}" if s.bonus
                    else f"Invoke the {s.what} {s.name}: +{dice}")
            text += f" (pool {total})." if total <= POOL_MAX else f" (pool {POOL_MAX}, {total - POOL_MAX} beyond six)."
        steps.append(Step(text, {"source": s.what, "name": s.name, "dice": s.dice, "bonus": s.bonus}))
    return steps


def tn_steps(scene: Scene, actor: Character, defender: Character | None, pool: DicePool) -> tuple[int, list[Step]]:
    """The TN rolled against, and how it came about."""
    steps = []
    if defender is not None:
        invoked = scene.defender.invokes if scene.defender else []
        base = versus_tn(len(invoked))
        text = f"{defender.name} sets the TN: it starts at {VERSUS_START_TN}"
        text += f", +1 for each element invoked ({', '.join(invoked)})" if invoked else ", no element invoked"
        text += f", at most {TN_MAX}: TN {base}." if VERSUS_START_TN + len(invoked) > TN_MAX else f": TN {base}."
    else:
        base = scene.tn or 1
        text = f"The GM sets TN {base}."
    steps.append(Step(text, {"tn": base}))
    applying = [found for name in scene.penalties if (found := actor.harm(name)) is not None]
    plus = penalty([h.rank for _, h in applying if h.rank])
    if plus:
        field, worst = max(applying, key=lambda found: penalty([found[1].rank]) if found[1].rank else 0)
        what = "Injury" if field == "injuries" else "Stress"
        steps.append(Step(f"The {worst.level.title()} {what} {worst.name} applies: TN +{plus}"
                          + (" (only the largest penalty counts)." if len(applying) > 1 else "."), {"penalty": plus}))
    effects = [e for e in talent_effects(actor, scene.bonus.talents) if e.kind != "bonus_dice"]
    caps = [e.amount for e in effects if e.kind == "tn_cap"]
    cap = min(caps) if caps else None
    change = sum(e.amount for e in effects if e.kind == "tn_change")
    faced = base + plus
    steps += [_talent_step(e, faced, cap) for e in effects]
    tn = target_number(base, plus, pool.tn_reduction, cap, change)
    if pool.beyond:
        unfloored = (faced if cap is None else min(cap, faced)) + change - pool.tn_reduction
        floor = "; a TN never drops below 1" if tn > unfloored else ""
        steps.append(Step(f"{_n(pool.beyond, 'die')} beyond six: "
                          f"TN −{pool.tn_reduction} (one for every two){floor}.",
                          {"beyond": pool.beyond, "reduction": pool.tn_reduction}))
    if plus or pool.beyond or effects:
        steps.append(Step(f"The TN to meet is {tn}.", {"tn": tn}))
    return tn, steps


def _talent_step(e: Effect, faced: int, cap: int | None) -> Step:
    """A Special Talent's TN cap or change, said as the table plays it; caps apply to the TN
    with its penalties, before bonus dice beyond six lower it further."""
    if e.kind == "tn_cap":
        held = faced > e.amount and e.amount == cap
        verdict = f"TN {faced} → {e.amount}" if held else f"TN {faced} is already within it"
    else:
        verdict = f"TN {e.amount:+d}"
    return Step(f"Special Talent {e.talent}: {e.describe()} — {verdict}.",
                {"talent": e.talent, "effect": e.kind, "amount": e.amount})


def roll_steps(result: CheckResult, improbable: bool) -> list[Step]:
    steps = [Step(f"Die {i} shows face {f.number}: {f}.", _face(i, f)) for i, f in enumerate(result.rolled, 1)]
    hits = Tally.of(result.rolled).hits
    batch = list(result.rolled)
    for n, face in enumerate(result.added, len(result.rolled) + 1):
        steps.append(Step(f"Every die just rolled shows two Hits, yet {_n(hits, 'Hit')} fall short of TN {result.tn}: "
                          f"Improbable Success — add a die and roll it. Die {n} shows face {face.number}: {face}.",
                          {**_face(n, face), "improbable_success": True}))
        hits, batch = hits + face.hits, [face]
    if not improbable and improbable_success(batch, hits, result.tn):
        steps.append(Step("Every die shows two Hits but the TN is not met; the player declines Improbable Success.",
                          {"improbable_success": False}))
    t = result.tally
    extra = result.extra_hits
    verdict = ("failure" if not result.success else "success, exactly the TN" if not extra
               else f"success, {_n(extra, 'Hit')} beyond the TN")
    steps.append(Step(f"{_n(t.hits, 'Hit')} against TN {result.tn}: {verdict}.",
                      {"hits": t.hits, "tn": result.tn, "success": result.success, "extra_hits": result.extra_hits}))
    side, n = t.net
    meaning = {"spare": f"net {_n(n, 'Spare')}: the player adds a twist in their favour",
               "spiral": f"net {_n(n, 'Spiral')}: the GM adds a complication",
               "none": "nothing is left"}[side]
    steps.append(Step(f"{_n(t.spares, 'Spare')} and {_n(t.spirals, 'Spiral')} "
                      f"cancel one for one — {meaning}.",
                      {"spares": t.spares, "spirals": t.spirals, "net": side, "net_count": n}))
    return steps


def _face(i: int, f: Face) -> dict:
    return {"die": i, "face": f.number, "hits": f.hits, "spares": f.spares, "spirals": f.spirals}


class Sheets:
    """Harm written during one scene, so a second entry sees the first."""

    def __init__(self) -> None:
        self.tracks: dict[tuple[str, str], tuple[Harm, ...]] = {}
        self.steps: list[Step] = []
        self.changes: list[Change] = []

    def write(self, who: Character, field: str, name: str, level: str, similar_to: str | None = None) -> None:
        before = self.tracks.get((who.name, field), tuple(getattr(who, field)))
        done = record(before, name, level, similar_to)
        self.tracks[(who.name, field)] = done.track
        what = "Injury" if field == "injuries" else "Stress"
        self.steps.append(Step(f"{who.name} takes the {level.title()} {what} {name}: " + "; ".join(done.notes) + ".",
                               {"who": who.name, "field": field, "level": done.level, "debilitated": done.debilitated}))
        self.changes.append(Change(
            who.name, (field,), [h.as_yaml() for h in before], [h.as_yaml() for h in done.track],
            f"{who.name}: {what} {name}, {done.level.title()}" + (" — debilitated" if done.debilitated else "")))


def play(scene: Scene, resolver, rng: random.Random) -> Resolution:
    """Resolve one Sapio check (or one character against another) step by step."""
    cast = Cast(scene, resolver)
    actor = cast.get(scene.character, ("character",))[0]
    defender = cast.get(scene.defender.character, ())[0] if scene.type == "versus" and scene.defender else None
    helpers = [(cast.get(h.character, ())[0], h.invokes) for h in scene.help]
    refuse_debilitated(actor, defender if scene.defender and scene.defender.invokes else None,
                       [(who, ("help", i, "character")) for i, (who, _) in enumerate(helpers)])
    die = default_die() if scene.die is None else die_of(resolver.resolve(scene.die, "dice", ("die",)))
    dice = Dice.replay_or_roll({actor.name: (scene.dice, ("dice",))} if scene.dice is not None else None, rng)

    pool = dice_pool(pool_sources(scene, actor, helpers))
    steps = [Step(f"{actor.name} attempts: {scene.action}." if scene.action else f"{actor.name} rolls a check.")]
    steps += pool_steps(pool)
    tn, more = tn_steps(scene, actor, defender, pool)
    steps += more
    result = roll_check(pool.size, tn, die, dice.pool(actor.name, FACE_COUNT), scene.improbable_success)
    dice.finish()
    steps += roll_steps(result, scene.improbable_success)

    sheets = Sheets()
    changes: list[Change] = []
    if scene.bonus.luck:
        changes.append(Change(actor.name, ("luck",), actor.luck, actor.luck - scene.bonus.luck,
                              f"{actor.name}: Luck {actor.luck} → {actor.luck - scene.bonus.luck} (spent)"))
    if scene.weapon and result.success:
        steps += _weapon(scene, actor, defender, result.extra_hits, sheets)
    if scene.take and scene.take.when in ("always", "success" if result.success else "failure"):
        t = scene.take
        who = actor if t.who is None else cast.get(t.who, ())[0]
        field, name = ("injuries", t.injury) if t.injury is not None else ("stresses", t.stress)
        sheets.write(who, field, name, t.level, t.similar_to)
    steps += sheets.steps
    changes += sheets.changes

    if defender is not None:
        outcome = f"win:{actor.name if result.success else defender.name}"
    else:
        outcome = "success" if result.success else "failure"
    t = result.tally
    side, n = t.net
    summary = (f"{actor.name}{' against ' + defender.name if defender else ''}: {_n(pool.size, 'die')} "
               f"against TN {tn} — {_n(t.hits, 'Hit')}, "
               f"{'success' if result.success else 'failure'}"
               + (f" (+{result.extra_hits})" if result.extra_hits else "")
               + (f", net {_n(n, side.title())}" if n else "") + ".")
    return Resolution("sapio", outcome, summary, tuple(steps), tuple(changes), dice.replaying)


def talent_effects(actor: Character, names: Sequence[str]) -> list[Effect]:
    """The effects of the talents a scene names (the scene check refused any it cannot play)."""
    found = [actor.talent(name) for name in names]
    return [e for t in found if t is not None and (e := effect_of(t)) is not None]


def refuse_debilitated(actor: Character, defender: Character | None,
                       helpers: Sequence[tuple[Character, Path]]) -> None:
    """"A second Severe Injury or Stress debilitates the character - they are … not functional":
    a debilitated character makes no check, helps no one and invokes nothing to defend."""
    for who, at, doing in [(actor, ("character",), "make a check"), *((h, p, "help") for h, p in helpers),
                           *([(defender, ("defender", "invokes"), "invoke elements to raise the TN")]
                             if defender is not None else [])]:
        track = next((what for what, field in (("Severe Injuries", "injuries"), ("Severe Stresses", "stresses"))
                      if is_debilitated(getattr(who, field))), None)
        if track is not None:
            raise RollRefused(error(
                "sapio.debilitated", f"{who.name} has two {track} and is debilitated — unconscious, bleeding out or "
                f"overcome — so cannot {doing}",
                "heal first: a Stress clears with rest, a Severe Injury downgrades to Moderate after a month of rest; "
                "then update the sheet", at))


def _weapon(scene: Scene, actor: Character, defender: Character | None, extra: int, sheets: Sheets) -> list[Step]:
    weapon = actor.weapon(scene.weapon or "")
    base = weapon.level.strip().casefold()
    level, bought = weapon_injury(base, extra)
    text = f"{weapon.name} deals a {base.title()} Injury"
    if bought:
        text += (f"; {_n(extra, 'Hit')} beyond the TN upgrade it "
                 + ", then ".join(f"to {lv.title()} ({cost})" for lv, cost in bought))
    text += "." if level != DEATH else ": the blow is deadly."
    steps = [Step(text, {"weapon": weapon.name, "base": base, "extra_hits": extra, "injury": level})]
    if defender is None:
        steps.append(Step(f"The target takes a {level.title()} Injury." if level != DEATH else "The target dies."))
    elif level == DEATH:
        steps.append(Step(f"The blow kills {defender.name}.", {"who": defender.name, "death": True}))
    else:
        sheets.write(defender, "injuries", scene.wound, level)
    return steps
