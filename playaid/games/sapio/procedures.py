"""Playing a Sapio scene: build the pool, set the TN, roll, read, record the harm (and, in an
Action Sequence, move the round on; a rest rolls nothing and goes to `recovery`).

`play` is the game's procedure for `playaid roll`. Every number comes from the pure
functions of `pool`, `roll` and `harm`; this module draws the dice and says in words
what each step means at the table.
"""

from __future__ import annotations

import random
from typing import Sequence

from playaid.problems import Path, error
from playaid.systems.play import Dice, Pool, Resolution, RollRefused, Step
from .consequences import Sheets, counted, taken, weapon_steps
from .harm import is_debilitated, penalty
from .luck import luck_steps
from .pool import (ELEMENT_DICE, POOL_MAX, PROFESSION_DICE, SIDE_PROFESSION_DICE, TN_MAX, VERSUS_START_TN, DicePool, Source, dice_pool,
                   target_number, versus_tn)
from .events import play_luck
from .recovery import play_rest, treatment
from .roll import CheckResult, Tally, improbable_success, read_check
from .scene import Scene
from .scene_rules import Cast
from .sequence import HARM, INVOKED, advance, main_again, opening_step, sequence_changes, spiral_harm_said
from .character import Character
from .spiral_die import FACE_COUNT, Face, SpiralDie, default_die, die_of
from .talents import RESULT_EFFECTS, Effect, effect_of, ignored, ignored_step

APPLICABLE = {"full": "fully applicable", "partial": "partially applicable"}


def roll_check(size: int, tn: int, die: SpiralDie, pool: Pool, improbable: bool = True,
               effects: Sequence[Effect] = ()) -> CheckResult:
    """Roll `size` Spiral dice against `tn`, adding dice one by one while Improbable
    Success allows (and the player takes it); `effects` are the Special Talents' automatic
    Hits, Spares and Spirals, counted with the dice."""
    automatic, on_success = automatic_symbols(effects)
    shows = tuple(str(f) for f in die.faces)  # asked at the table by what the die shows
    rolled = [die.face(pool.take(f"die {i} of the pool of {size}", faces=shows)) for i in range(1, size + 1)]
    added: list[Face] = []
    batch, hits = rolled, Tally.of(rolled).hits + automatic.hits
    while improbable and improbable_success(batch, hits, tn):
        face = die.face(pool.take("the die Improbable Success adds", faces=shows))
        added.append(face)
        batch, hits = [face], hits + face.hits
    return read_check(tn, rolled, added, automatic, on_success)


def pool_sources(scene: Scene, actor: Character, helpers: Sequence[tuple[Character, str]]) -> list[Source]:
    """The elements and bonuses the scene invokes, as sources of dice."""
    inv, bonus = scene.invoke, scene.bonus
    sources = []
    if inv.profession and main_again(scene, actor):
        # "subsequent invocations contribute only a single die each time"
        sources.append(Source("Profession", f"{actor.profession.name} (fully applicable, invoked again this round)",
                              ELEMENT_DICE, rule=INVOKED))
    elif inv.profession:
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
        dice = counted(s.dice, "die")
        if s.what == "start":
            text = "Start with one Spiral die."
        else:
            text = (f"Bonus — {s.what}{': ' + s.name if s.name else ''}: +{dice}" if s.bonus
                    else f"Invoke the {s.what} {s.name}: +{dice}")
            text += f" (pool {total})" if total <= POOL_MAX else f" (pool {POOL_MAX}, {total - POOL_MAX} beyond six)"
            text += f" [{s.rule}]." if s.rule else "."
        steps.append(Step(text, {"source": s.what, "name": s.name, "dice": s.dice, "bonus": s.bonus,
                                 **({"rule": s.rule} if s.rule else {})}))
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
    steps.append(Step(text, {"tn": base, **({"defender": defender.name} if defender is not None else {})}))
    applying = [found for name in scene.penalties if (found := actor.harm(name)) is not None]
    bloody = [e for e in talent_effects(actor, scene.bonus.talents) if e.kind == "ignore_injuries"]
    if bloody:
        dropped = ignored(applying, sum(e.amount for e in bloody))
        steps.append(ignored_step(bloody, dropped, applying))
        applying = [found for found in applying if found not in dropped]
    plus = penalty([h.rank for _, h in applying if h.rank])
    if plus:
        field, worst = max(applying, key=lambda found: penalty([found[1].rank]) if found[1].rank else 0)
        what = "Injury" if field == "injuries" else "Stress"
        steps.append(Step(f"The {worst.level.title()} {what} {worst.name} applies: TN +{plus}"
                          + (" (only the largest penalty counts)." if len(applying) > 1 else "."), {"penalty": plus}))
    effects = [e for e in talent_effects(actor, scene.bonus.talents) if e.kind in ("tn_cap", "tn_change")]
    caps = [e.amount for e in effects if e.kind == "tn_cap"]
    cap = min(caps) if caps else None
    change = sum(e.amount for e in effects if e.kind == "tn_change")
    faced = base + plus
    steps += [_talent_step(e, faced, cap) for e in effects]
    tn = target_number(base, plus, pool.tn_reduction, cap, change)
    if pool.beyond:
        unfloored = (faced if cap is None else min(cap, faced)) + change - pool.tn_reduction
        floor = "; a TN never drops below 1" if tn > unfloored else ""
        steps.append(Step(f"{counted(pool.beyond, 'die')} beyond six: "
                          f"TN −{pool.tn_reduction} (one for every two){floor}.",
                          {"beyond": pool.beyond, "reduction": pool.tn_reduction}))
    if plus or pool.beyond or effects or bloody:
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


def roll_steps(result: CheckResult, improbable: bool, effects: Sequence[Effect] = ()) -> list[Step]:
    steps = [Step(f"Die {i} shows face {f.number}: {f}.", _face(i, f)) for i, f in enumerate(result.rolled, 1)]
    hits = Tally.of(result.rolled).hits + result.automatic.hits
    batch = list(result.rolled)
    for n, face in enumerate(result.added, len(result.rolled) + 1):
        steps.append(Step(f"Every die just rolled shows two Hits, yet {counted(hits, 'Hit')} fall short of TN {result.tn}: "
                          f"Improbable Success — add a die and roll it. Die {n} shows face {face.number}: {face}.",
                          {**_face(n, face), "improbable_success": True}))
        hits, batch = hits + face.hits, [face]
    if not improbable and improbable_success(batch, hits, result.tn):
        steps.append(Step("Every die shows two Hits but the TN is not met; the player declines Improbable Success.",
                          {"improbable_success": False}))
    steps += [_symbols_step(e, result.success) for e in effects]
    t = result.tally
    extra = result.extra_hits
    verdict = ("failure" if not result.success else "success, exactly the TN" if not extra
               else f"success, {counted(extra, 'Hit')} beyond the TN")
    steps.append(Step(f"{counted(t.hits, 'Hit')} against TN {result.tn}: {verdict}.",
                      {"hits": t.hits, "tn": result.tn, "success": result.success, "extra_hits": result.extra_hits}))
    side, n = t.net
    meaning = {"spare": f"net {counted(n, 'Spare')}: the player adds a twist in their favour",
               "spiral": f"net {counted(n, 'Spiral')}: the GM adds a complication",
               "none": "nothing is left"}[side]
    steps.append(Step(f"{counted(t.spares, 'Spare')} and {counted(t.spirals, 'Spiral')} "
                      f"cancel one for one — {meaning}.",
                      {"spares": t.spares, "spirals": t.spirals, "net": side, "net_count": n}))
    return steps


def _symbols_step(e: Effect, success: bool) -> Step:
    """A Special Talent's automatic Hits, Spares or Spirals, said as the table adds them."""
    counts = not e.on_success or success
    symbol = e.kind[:-1].title() + ("" if e.amount == 1 else "s")
    verdict = (f"+{e.amount} {symbol}" if not e.on_success else
               f"the check succeeds: +{e.amount} {symbol}" if counts else f"the check fails: no {symbol}")
    return Step(f"Special Talent {e.talent}: {e.describe()} — {verdict} [sapio.talent-effect].",
                {"rule": "sapio.talent-effect", "talent": e.talent, "effect": e.kind,
                 "amount": e.amount if counts else 0, "on_success": e.on_success})


def automatic_symbols(effects: Sequence[Effect]) -> tuple[Tally, Tally]:
    """The talents' automatic symbols: those every result gets, and those only a success gets."""
    def total(chosen: list[Effect]) -> Tally:
        return Tally(*(sum(e.amount for e in chosen if e.kind == kind) for kind in RESULT_EFFECTS))
    result = [e for e in effects if e.kind in RESULT_EFFECTS]
    return total([e for e in result if not e.on_success]), total([e for e in result if e.on_success])


def _face(i: int, f: Face) -> dict:
    return {"die": i, "face": f.number, "hits": f.hits, "spares": f.spares, "spirals": f.spirals}


def scene_die(scene: Scene, resolver) -> SpiralDie:
    """The Spiral die a scene rolls: the die file it names under `die:`, else the rule text's."""
    return default_die() if scene.die is None else die_of(resolver.resolve(scene.die, "dice", ("die",)))


def play(scene: Scene, resolver, rng: random.Random) -> Resolution:
    """Resolve one Sapio check (or one character against another, or a rest) step by step."""
    cast = Cast(scene, resolver)
    actor = cast.get(scene.character, ("character",))[0]
    luck = luck_steps(scene, actor, cast)
    if scene.type == "rest":
        return play_rest(scene, actor, luck)
    if scene.type == "luck":
        return play_luck(scene, actor, luck)
    defender = cast.get(scene.defender.character, ())[0] if scene.type == "versus" and scene.defender else None
    helpers = [(cast.get(h.character, ())[0], h.invokes) for h in scene.help]
    refuse_debilitated(actor, defender if scene.defender and scene.defender.invokes else None,
                       [(who, ("help", i, "character")) for i, (who, _) in enumerate(helpers)])
    die = scene_die(scene, resolver)
    dice = Dice.replay_or_roll({actor.name: (scene.dice, ("dice",))} if scene.dice is not None else None, rng)

    pool = dice_pool(pool_sources(scene, actor, helpers))
    steps = [opening_step(scene, actor)] if scene.sequence else []
    steps.append(Step(f"{actor.name} attempts: {scene.action}." if scene.action else f"{actor.name} rolls a check.",
                      {"actor": actor.name, "improbable_allowed": scene.improbable_success}))
    steps += pool_steps(pool)
    tn, more = tn_steps(scene, actor, defender, pool)
    steps += more
    symbols = [e for e in talent_effects(actor, scene.bonus.talents) if e.kind in RESULT_EFFECTS]
    result = roll_check(pool.size, tn, die, dice.pool(actor.name, FACE_COUNT), scene.improbable_success, symbols)
    dice.finish()
    steps += roll_steps(result, scene.improbable_success, symbols)

    sheets = Sheets()
    if scene.weapon and result.success:
        steps += weapon_steps(scene, actor, defender, result.extra_hits, sheets)
    if scene.take and taken(scene.take.when, result):
        t = scene.take
        who = actor if t.who is None else cast.get(t.who, ())[0]
        field, name = ("injuries", t.injury) if t.injury is not None else ("stresses", t.stress)
        spiral = t.when == "spiral"
        sheets.write(who, field, name, t.level, t.similar_to, HARM if spiral and scene.sequence else "",
                     "" if not spiral else spiral_harm_said(scene, actor, who.name) if scene.sequence
                     else "A net Spiral: the GM's complication brings harm. ")
    if scene.treat is not None:
        treatment(scene, actor, cast, result.success, sheets)
    luck_said, luck_changes = luck
    steps += sheets.steps + luck_said
    changes = [*sheets.changes, *luck_changes]
    if scene.sequence is not None:
        moved = advance(scene, actor, cast, sheets.current)
        steps += moved.steps
        changes += sequence_changes(scene, moved)

    if defender is not None:
        outcome = f"win:{actor.name if result.success else defender.name}"
    else:
        outcome = "success" if result.success else "failure"
    t = result.tally
    side, n = t.net
    summary = (f"{actor.name}{' against ' + defender.name if defender else ''}: {counted(pool.size, 'die')} "
               f"against TN {tn} — {counted(t.hits, 'Hit')}, "
               f"{'success' if result.success else 'failure'}"
               + (f" (+{result.extra_hits})" if result.extra_hits else "")
               + (f", net {counted(n, side.title())}" if n else "") + ".")
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
