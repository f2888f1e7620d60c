"""A fight round told at the table: fists pointed and opened (steps 2–4), the
conditions the round leaves, then the fists thrown in the air (steps 5–7)."""

from __future__ import annotations

from typing import NoReturn

from playaid.problems import error
from playaid.systems.play import Dice, RollRefused
from . import fight
from .models import NO_TOKENS, Scene, Tokens
from .table import Sheets, Story, Table, give_stake_pain


def play_fight_round(scene: Scene, table: Table, sheets: Sheets, story: Story, dice: Dice) -> tuple[str, str]:
    framer = table.name(scene.framed_by, ("framed_by",))
    fists = []
    for i, f in enumerate(scene.fists):
        target = f.points_at if isinstance(f.points_at, str) else f.points_at[0]
        fists.append((table.name(f.who, ("fists", i, "who")), table.name(target, ("fists", i, "points_at")), f.tokens))
    fighters = list(dict.fromkeys(w for w, _, _ in fists))
    story.say(f"{framer} frames the fight" + (f"; the stake: {scene.stake}." if scene.stake else "."))
    for who, target, t in fists:
        story.say(f"{who} points a fist at {target}, holding {t.words()}.", who=who, at=target, tokens=t.as_dict())
    rnd = fight.fight_round(fists)
    for beating in rnd.beatings:
        story.say(f"{beating.target} does not point back at {beating.striker}: a beating. "
                  f"{beating.target} gains one Pain.", beating=[beating.striker, beating.target])
    for blow in rnd.blows:
        story.say(_blow(blow), striker=blow.striker, target=blow.target, pain_dealt=blow.pain_dealt,
                  frustration_dealt=blow.frustration_dealt)
    for w in fighters:
        sheets.add(w, rnd.gains(w), rnd.losses(w))
    story.say("After the round: " + "; ".join(f"{w} {_sheet(sheets.tokens(w))}" for w in fighters) + ".",
              tokens={w: sheets.tokens(w).as_dict() for w in fighters})
    police = scene.police + (1 if rnd.police else 0)
    story.say(_police(rnd, scene.police, police), police=police)
    raging = set()
    for w in fighters:
        t = sheets.tokens(w)
        if cost := fight.injury_cost(t):
            times = f", more than {cost} times over" if cost > 1 else ""
            story.say(f"{w} is injured (Pain {t.pain} over Frustration {t.frustration}{times}): each fist "
                      f"staying in the fight costs {cost} Frustration.", injured=w, cost=cost)
        if fight.berserk(t):
            raging.add(w)
            story.say(f"{w} is berserk (Frustration {t.frustration} over Retirement {t.retirement}): two fists for "
                      "the follow-up; to leave, one of them must hold a Retirement token.", berserk=w)
    if scene.follow_up is None:
        story.say("Follow-up: each fighter who wants to fight on throws one or two fists in the air, "
                  "with the costs above in each fist.")
        _stake_pain(scene, table, sheets, story, [], decided=False)
        return "round-over", f"The round is fought; {', '.join(fighters)} now choose whether to fight on."
    outcome, summary = _follow_up(scene, table, sheets, story, fighters, raging, police)
    losers = [] if outcome == "another-round" else [w for w in fighters if outcome != f"win:{w}"]
    _stake_pain(scene, table, sheets, story, losers, decided=outcome != "another-round")
    return outcome, summary


def _stake_pain(scene: Scene, table: Table, sheets: Sheets, story: Story, losers: list[str],
                decided: bool) -> None:
    """Pain for the stake, once the fight is over: the winner has it, every other fighter
    of the last round lost it (all of them when nobody wins)."""
    for key, givers in scene.stake_pain.items():
        loser = table.name(key, ("stake_pain", key))
        if loser not in losers:
            why = (f"{loser} did not lose the stake" if decided
                   else "the fight is not over, so no stake is lost yet")
            _refuse("fight-club.stake-pain", f"{loser} gets no Pain for a lost stake here: {why}",
                    "Pain for the stake goes to the fighters who lost it once the fight ends: "
                    + (", ".join(losers) or "nobody yet"), ("stake_pain", key))
        story.say(f"{loser} lost the stake" + (f" ({scene.stake})" if scene.stake else "") + ".")
        give_stake_pain(loser, givers, sheets, story)


def _blow(b: fight.Blow) -> str:
    if b.power == 0:
        text = f"{b.striker} and {b.target} point at each other; {b.striker}'s fist holds no Frustration or Pain."
    else:
        held = " and ".join(part for part in (
            f"{b.hand.frustration} Frustration" if b.hand.frustration else "",
            f"{b.hand.pain} Pain counted as Frustration" if b.hand.pain else "") if part)
        hurt = (f"{b.target} holds more Pain in the fist ({b.against.pain} to {b.hand.pain}) and takes none"
                if b.shielded else f"{b.target} gains {b.pain_dealt} Pain, the number left after the one lost")
        text = f"{b.striker} hits {b.target} with {held} and loses {b.spent.words()}; {hurt}."
    if b.hand.retirement and b.cowardly:
        text += (f" {b.striker}'s {b.hand.retirement} Retirement is more than the {b.against.frustration} "
                 f"Frustration opposing it: {b.target} gains {b.frustration_dealt} Frustration, and {b.striker}, "
                 "acting weak or cowardly, gains one Retirement.")
    elif b.hand.retirement:
        text += (f" {b.striker}'s {b.hand.retirement} Retirement is not more than the {b.against.frustration} "
                 "Frustration opposing it.")
    return text


def _sheet(t: Tokens) -> str:
    return f"F {t.frustration} · P {t.pain} · R {t.retirement}"


def _police(rnd: fight.Round, before: int, now: int) -> str:
    used = f"Retirement used this round {rnd.retirement_used}, Pain used {rnd.pain_used}"
    if rnd.police:
        more = f" (up from {before}, cumulative)" if before else ""
        return (f"{used}: more Retirement than Pain, so the police or other authorities try to break up the "
                f"fight. Each fist staying in the fight costs {now} Pain{more}.")
    if now:
        return f"{used}. The police from earlier rounds are still there: each fist staying costs {now} Pain."
    return f"{used}: no police."


def _follow_up(scene: Scene, table: Table, sheets: Sheets, story: Story, fighters: list[str],
               raging: set[str], police: int) -> tuple[str, str]:
    raised = [fight.Raised(table.name(r.who, ("follow_up", i, "who")), r.tokens, i)
              for i, r in enumerate(scene.follow_up or [])]
    fu = fight.follow_up(raised, raging)
    paid: dict[str, Tokens] = {}
    for w in dict.fromkeys(r.who for r in raised):
        mine = [r for r in raised if r.who == w]
        _check_hand(w, mine, sheets.tokens(w), w in raging, w in fu.retiring, police)
        for r in mine:
            due = _due(sheets.tokens(w), police) if w not in fu.retiring else NO_TOKENS
            pays = Tokens(min(r.tokens.frustration, due.frustration), min(r.tokens.pain, due.pain))
            paid[w] = paid.get(w, NO_TOKENS) + pays
            story.say(f"{w} throws a fist in the air holding {r.tokens.words()}"
                      + (f"; {pays.words()} of it pays to stay in the fight." if pays != NO_TOKENS else "."),
                      who=w, tokens=r.tokens.as_dict(), paid=pays.as_dict())
    for w in raging - {r.who for r in raised}:
        _check_hand(w, [], sheets.tokens(w), True, False, police)
    for w, cost in paid.items():
        sheets.add(w, lost=cost)
    for w in fu.retiring:
        t = sheets.add(w, lost=Tokens(retirement=1))
        story.say(f"{w}, berserk, shows a Retirement token: it is spent (Retirement {t.retirement + 1} → "
                  f"{t.retirement}) and {w} leaves the fight; the fists still count.", retiring=w)
    if fu.extra:
        story.say(f"{len(raised)} fists for {len(fu.fighters)} willing fighter{'s' * (len(fu.fighters) != 1)}: "
                  f"{len(fu.extra)} extra fist{'s' * (len(fu.extra) != 1)}, the one{'s' * (len(fu.extra) != 1)} "
                  "with the most Pain.")
    for r in fu.extra:
        _extra_fist(scene, table, sheets, story, r)
    if fu.outcome == "no-winner":
        story.say("No willing fighters: the fight ends with nobody winning. Everybody is scared.")
        return "no-winner", "Nobody wins the fight."
    if fu.outcome == "win":
        w = fu.fighters[0]
        before = sheets.tokens(w).retirement
        after = sheets.add(w, lost=Tokens(retirement=min(1, before))).retirement
        story.say(f"{w} is the only willing fighter and wins, the last to leave the field, losing one Retirement "
                  f"token (Retirement {before} → {after}). {w} takes the next turn.", winner=w)
        return f"win:{w}", f"{w} wins the fight."
    who = " and ".join(fu.framers)
    story.say(f"{len(fu.fighters)} willing fighters, one fist each in the fight: after a breather they go back to "
              f"step 1. {who} {'has' if len(fu.framers) == 1 else 'tie for'} the most Frustration in the fist and "
              f"frame{'s' * (len(fu.framers) == 1)} the next round" + (", agreeing who" if len(fu.framers) > 1 else "")
              + f"; write `round: {scene.round + 1}`" + (f" and `police: {police}`" if police else "") + " in it.",
              fighters=list(fu.fighters), framed_by=list(fu.framers), police=police)
    return "another-round", f"{', '.join(fu.fighters)} fight another round."


def _due(t: Tokens, police: int) -> Tokens:
    """What each fist staying in the fight must hold: Frustration for injuries, Pain for police."""
    return Tokens(frustration=fight.injury_cost(t), pain=police)


def _check_hand(who: str, mine: list[fight.Raised], t: Tokens, raging: bool, retiring: bool, police: int) -> None:
    at = ("follow_up", mine[-1].index) if mine else ("follow_up",)
    shown = sum((r.tokens for r in mine), NO_TOKENS)
    for kind, n in shown.as_dict().items():
        if n > getattr(t, kind):
            _refuse("fight-club.fist-tokens", f"{who}'s fists hold {n} {kind.capitalize()}; after the round "
                    f"{who} has {getattr(t, kind)}", "a fist holds only tokens its owner has", at + ("tokens",))
    if raging and not retiring and len(mine) != 2:
        leave = ("a fist holding a Retirement token" if t.retirement
                 else f"a Retirement token, and {who} has none")
        _refuse("fight-club.berserk", f"{who} is berserk and raises two fists in the follow-up, not {len(mine)}",
                f"add fists for {who}; leaving the fight takes {leave}", at)
    if retiring or not mine:
        return
    due = _due(t, police)
    if raging:  # a berserk fist stays even unpaid, but pays what it can
        for kind in ("frustration", "pain"):
            need = min(len(mine) * getattr(due, kind), getattr(t, kind))
            if sum(min(getattr(r.tokens, kind), getattr(due, kind)) for r in mine) < need:
                _refuse("fight-club.fist-cost", f"{who} is berserk and must pay what they can to stay: "
                        f"{need} {kind.capitalize()} across the fists", f"put {getattr(due, kind)} {kind.capitalize()} "
                        "in each fist, as far as the tokens go", at + ("tokens",))
        return
    for r in mine:
        if not r.tokens.covers(due):
            afford = t.covers(Tokens(len(mine) * due.frustration, len(mine) * due.pain))
            _refuse("fight-club.fist-cost", f"each of {who}'s fists staying in the fight costs {due.words()}; "
                    f"this one holds {r.tokens.words()}",
                    f"put {due.words()} in the fist" if afford else
                    f"{who} cannot pay for {len(mine)} fist{'s' * (len(mine) > 1)}: take "
                    f"{'one' if len(mine) > 1 else 'it'} down", ("follow_up", r.index, "tokens"))


def _extra_fist(scene: Scene, table: Table, sheets: Sheets, story: Story, r: fight.Raised) -> None:
    if not r.tokens.pain:
        story.say(f"{r.who}'s extra fist holds no Pain and hurts nobody.")
        return
    aim = (scene.follow_up or [])[r.index].points_at
    if aim is None:
        _refuse("fight-club.fist-target", f"{r.who}'s fist is an extra fist with {r.tokens.pain} Pain: say whom it hurts",
                "add `points_at:` with another fighter of this round", ("follow_up", r.index))
    target = table.name(aim, ("follow_up", r.index, "points_at"))
    t = sheets.add(target, Tokens(pain=r.tokens.pain))
    story.say(f"{r.who}'s extra fist hurts {target} for the {r.tokens.pain} Pain in it (Pain "
              f"{t.pain - r.tokens.pain} → {t.pain}): escape happens, but only after a beating.",
              extra=r.who, target=target, pain=r.tokens.pain)


def _refuse(rule: str, message: str, hint: str, at: tuple) -> NoReturn:
    raise RollRefused(error(rule, message, hint, at))
