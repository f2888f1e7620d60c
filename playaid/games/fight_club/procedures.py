"""`playaid roll` for the Fight Club frustration game: one procedure per scene type.

There are no dice in this game; a scene says what the players chose and showed, and
the procedure applies the rules to the sheets. The one thing left to chance is the
card a nervous breakdown draws: seeded random, or the card the scene names as drawn.
"""

from __future__ import annotations

import random
from dataclasses import replace

from playaid.problems import error
from playaid.systems.base import Resolver
from playaid.systems.play import Dice, RollRefused, Resolution
from . import deck as decks
from . import turn
from .events import stakes_lost
from .models import PainStatement, Scene, Tokens
from .play_fight import play_fight_round
from .table import Sheets, Story, Table, give_stake_pain, table_for

DECK_POOL = "the frustration deck"


def play(scene: Scene, resolver: Resolver, rng: random.Random) -> Resolution:
    table = table_for(scene.setup, resolver)
    if table is None:
        raise RollRefused(error("fight-club.scene-shape", "the scene's setup cannot be read",
                                 "fix the setup file first", ("setup",)))
    dice = _dice(scene, table, rng)
    sheets, story = Sheets(table), Story()
    outcome, summary = PROCEDURES[scene.type](scene, table, sheets, story, dice)
    dice.finish()
    return Resolution("fight-club", outcome, summary, tuple(story.steps), sheets.changes(), dice.replaying)


def _dice(scene: Scene, table: Table, rng: random.Random) -> Dice:
    """Seeded random, unless the scene names the card a breakdown drew at the table."""
    if scene.drawn is None:
        return Dice.replay_or_roll(None, rng)
    who = table.name(scene.active or "", ("active",))
    left = table.cards_to_draw(next(m.model for m in table.cast if m.name == who))
    keys = [decks.key(c) for c in left]
    if decks.key(scene.drawn) not in keys:
        raise RollRefused(error(
            "fight-club.drawn-card", f"{scene.drawn} is not left in the {table.deck.name} deck for {who}",
            "cards held by anyone, fought out, or already held by the drawer are out of the deck"
            + (f"; left: {', '.join(left[:12])}{' …' if len(left) > 12 else ''}" if left else "; none are left"),
            ("drawn",)))
    return Dice.replay_or_roll({DECK_POOL: ([keys.index(decks.key(scene.drawn)) + 1], ("drawn",))}, rng)


def wake_up(scene: Scene, table: Table, sheets: Sheets, story: Story, dice: Dice) -> tuple[str, str]:
    who = table.name(scene.active, ("active",))
    before = sheets.tokens(who)
    after = sheets.add(who, turn.WAKE_UP)
    story.say(f"Morning wake-up: {who} takes one Retirement token (Retirement {before.retirement} → "
              f"{after.retirement}) and tells the others how much they despise their dreams.",
              retirement=after.retirement)
    return "woke-up", f"{who} wakes up to another day of {table.setup.name}."


def confront(scene: Scene, table: Table, sheets: Sheets, story: Story, dice: Dice) -> tuple[str, str]:
    who = table.name(scene.active, ("active",))
    c = sheets[who]
    card = next(f for f in c.frustrations if decks.key(f) == decks.key(scene.frustration))
    link = next((k for k in c.connections if decks.key(k.frustration) == decks.key(card)), None)
    framer = f"{link.played_by} (playing {link.npc})" if link else "The table (there is no Connection for it)"
    story.say(f"{framer} frames a scene for {who} to confront {card}"
              + (f"; the stake: {scene.stake}." if scene.stake else "."), frustration=card)
    t = c.tokens
    if scene.choice == "shirk":
        story.say(f"{who} shirks {card} and loses the stake.")
        give_stake_pain(who, scene.pain_given_by, sheets, story)
        return "shirked", f"{who} shirks {card}."
    if scene.choice == "submit":
        after = sheets.add(who, turn.SUBMIT)
        story.say(f"{who} submits to {card}: gains the stake, and one Frustration token "
                  f"(Frustration {t.frustration} → {after.frustration}).")
        return "submitted", f"{who} submits to {card}."
    cost = turn.fight_it_out_cost(t)
    if not turn.can_pay(t, cost):
        raise RollRefused(error("fight-club.not-enough-pain",
                                 f"fighting it out costs {cost.pain} Pain; {who} has {t.pain}",
                                 "shirk or submit instead", ("choice",)))
    after = sheets.add(who, lost=cost)
    story.say(f"{who} fights {card} out, paying Pain equal to Retirement, {t.retirement} "
              f"(Pain {t.pain} → {after.pain}).", paid=cost.pain)
    sheets.update(who, frustrations=[f for f in c.frustrations if f != card], fought_out=c.fought_out + [card])
    story.say(f"{card} is discarded: destroyed, no longer a part of {who}'s life.")
    return "fought-out", f"{who} fights {card} out."


def no_fight(scene: Scene, table: Table, sheets: Sheets, story: Story, dice: Dice) -> tuple[str, str]:
    who = table.name(scene.active, ("active",))
    if scene.provoked is not None:
        provoked = table.name(scene.provoked, ("provoked",))
        story.say(f"{who} provokes {provoked}" + (f" over the stake: {scene.stake}" if scene.stake else "")
                  + f". Nobody fights: {provoked} loses the stake.", provoked=provoked)
        give_stake_pain(provoked, scene.pain_given_by, sheets, story)
    before, after = sheets.tokens(who), sheets.add(who, turn.NOBODY_FIGHTS)
    story.say(f"Nobody wants to fight {who}: one Frustration token (Frustration {before.frustration} → "
              f"{after.frustration}); {who} tells how they hurt innocent people and break things instead.")
    return "no-fight", f"Nobody fights {who}; the next player is the one to the left."


def end_of_turn(scene: Scene, table: Table, sheets: Sheets, story: Story, dice: Dice) -> tuple[str, str]:
    outcome = _turn_checks(scene, table, sheets, story, dice)
    who = table.name(scene.active, ("active",))
    if scene.pain_given_by and not any("given_by" in step.data for step in story.steps):
        raise RollRefused(error("fight-club.stake-pain", f"{who} is not bed-ridden here and loses no stake",
                                 "remove `pain_given_by`", ("pain_given_by",)))
    return outcome


def _turn_checks(scene: Scene, table: Table, sheets: Sheets, story: Story, dice: Dice) -> tuple[str, str]:
    """The active player's conditions in the order written, each on the tokens the ones
    before left; an endgame condition ends the checks at once."""
    who = table.name(scene.active, ("active",))
    others = [m.name for m in table.cast if m.name != who]

    def rest() -> list[Tokens]:
        return [sheets.tokens(o) for o in others]

    t = sheets.tokens(who)
    if turn.breakdown(t):
        t = sheets.add(who, turn.BREAKDOWN)
        story.say(f"{who} has more Frustration ({t.frustration}) than Retirement + Pain "
                  f"({t.retirement - 1} + {t.pain}): a nervous breakdown. One extra Retirement token "
                  f"(Retirement {t.retirement - 1} → {t.retirement}) and one extra frustration card.", breakdown=True)
        _draw(who, table, sheets, story, dice)
    elif scene.drawn is not None:
        raise RollRefused(error("fight-club.drawn-card", f"{who} has no breakdown, so draws no card",
                                 "a breakdown needs Frustration over Retirement + Pain; remove `drawn`", ("drawn",)))
    if turn.insane(t, rest()):
        story.say(f"{who}'s Frustration, {t.frustration}, is more than the others' combined "
                  f"({sum(o.frustration for o in rest())}): {who} is insane.")
        return _endgame(who, "insane", sheets, story)
    if turn.bed_ridden(t):
        story.say(f"{who} has more Pain ({t.pain}) than Retirement + Frustration ({t.retirement} + "
                  f"{t.frustration}): bed-ridden, which counts as losing a stake.", bed_ridden=True)
        for player in scene.pain_given_by:
            t = sheets.add(who, Tokens(pain=1))
            story.say(f"{player} gives {who} one Pain for it (Pain {t.pain - 1} → {t.pain}).", given_by=player)
    if turn.dead(t, rest()):
        story.say(f"{who}'s Pain, {t.pain}, is more than the others' combined ({sum(o.pain for o in rest())}): "
                  f"{who} is dead.")
        return _endgame(who, "dead", sheets, story)
    if turn.trouble(t):
        story.say(f"{who} has more Retirement ({t.retirement}) than Frustration + Pain ({t.frustration} + "
                  f"{t.pain}) and causes trouble for the others in this turn's fight"
                  + ("." if scene.fought else ", but nobody else fought this turn."))
        for n in scene.fought:
            other = table.name(n, ("fought",))
            before, after = sheets.tokens(other), sheets.add(other, turn.trouble_caused(t))
            story.say(f"{other} gains {t.retirement} Frustration (Frustration {before.frustration} → "
                      f"{after.frustration}).", who=other)
    if turn.ground_down(t):
        story.say(f"{who}'s Retirement is {t.retirement}, {turn.GROUND_DOWN} or more: {who} is ground down.")
        return _endgame(who, "ground-down", sheets, story)
    story.say(f"Not at the endgame: {who} may now spend Pain on statements bettering the world.")
    return "turn-over", f"{who}'s turn is over; the fight's winner takes the next turn."


def _draw(who: str, table: Table, sheets: Sheets, story: Story, dice: Dice) -> None:
    left = table.cards_to_draw(sheets[who])
    if not left:
        story.say(f"The {table.deck.name} deck has no card left for {who}: none is drawn.")
        return
    # at the table the card is named with `drawn:`; a number here counts the cards left in deck order
    k = dice.pool(DECK_POOL, sides=len(left)).take(
        f"the card a breakdown draws: its place among the {len(left)} left, or name it with `drawn:`")
    card = left[k - 1]
    sheets.update(who, frustrations=sheets[who].frustrations + [card])
    story.say(f"{who} draws {card} (card {k} of the {len(left)} left in the {table.deck.name} deck) and tells "
              f"how the breakdown changes their life for the worse; a player may take up a Connection for it.",
              drawn=card)


def _endgame(who: str, why: str, sheets: Sheets, story: Story) -> tuple[str, str]:
    # Recorded on the sheet: "If you're not at Endgame yet, you get to spend Pain" — so no more for this one.
    sheets.update(who, endgame=why)
    story.say("Move to the endgame: every other player goes through the end of turn too, then the funeral "
              f"scene (or its equivalent), narrated by {who}'s player, and the vote on Pain statements. {who} is at "
              "the Endgame and spends no more Pain [fight-club.endgame].", endgame=why, rule="fight-club.endgame")
    return f"endgame:{why}", f"{who} is {why.replace('-', ' ')}: the game moves to its endgame."


def spend_pain(scene: Scene, table: Table, sheets: Sheets, story: Story, dice: Dice) -> tuple[str, str]:
    who = table.name(scene.active, ("active",))
    cost = 0
    for s in scene.statements:
        cost += s.tokens
        story.say(f"{who} spends {s.tokens} Pain on a statement: “{s.text}”.", tokens=s.tokens)
    removed: dict[str, set[int]] = {}
    for i, r in enumerate(scene.removes):
        of = table.name(r.of, ("removes", i, "of"))
        s = sheets[of].pain_statements[r.statement - 1]
        cost += s.tokens
        removed.setdefault(of, set()).add(r.statement - 1)
        story.say(f"{who} contradicts {of}'s statement {r.statement}, “{s.text}”, paying as much Pain as "
                  f"supports it ({s.tokens}); it is removed.", tokens=s.tokens)
    t = sheets.tokens(who)
    if cost > t.pain:
        raise RollRefused(error("fight-club.not-enough-pain", f"this costs {cost} Pain; {who} has {t.pain}",
                                 "spend less", ()))
    after = sheets.add(who, lost=Tokens(pain=cost))
    for of, gone in removed.items():
        sheets.update(of, pain_statements=[s for i, s in enumerate(sheets[of].pain_statements) if i not in gone])
    new = [PainStatement(s.text, s.tokens) for s in scene.statements]
    sheets.update(who, pain_statements=sheets[who].pain_statements + new)
    story.say(f"{who} pays {cost} Pain in all (Pain {t.pain} → {after.pain}).", paid=cost)
    return "pain-spent", f"{who} spends {cost} Pain bettering the world."


def endgame_vote(scene: Scene, table: Table, sheets: Sheets, story: Story, dice: Dice) -> tuple[str, str]:
    numbered = table.statements()
    picked: dict[int, list[str]] = {}
    for player, n in scene.picks.items():
        picked.setdefault(n, []).append(player)
    for n, players in picked.items():
        owner, _, s = numbered[n - 1]
        story.say(f"{' and '.join(players)} pick{'s' * (len(players) == 1)} statement {n}, {owner}'s "
                  f"“{s.text}”, supported by {s.tokens} Pain.", statement=n, value=s.tokens)
    vote = turn.Vote({n: numbered[n - 1][2].tokens for n in picked})
    for n in picked:
        owner, i, s = numbered[n - 1]
        verdict = "true" if n == vote.true else "false"
        sheets.update(owner, pain_statements=[replace(x, verdict=verdict) if j == i else x
                                              for j, x in enumerate(sheets[owner].pain_statements)])
    if vote.true is not None:
        rest = (f"; the winner narrates statement{'s' * (len(vote.false) > 1)} {', '.join(map(str, vote.false))} "
                "out of existence") if vote.false else ""
        story.say(f"Statement {vote.true} has the highest value, {vote.values[vote.true]}: it proves lasting and "
                  f"true{rest}.")
        return f"true:{vote.true}", f"Statement {vote.true} proves true."
    top = max(vote.values.values())
    tied = [n for n, v in vote.values.items() if v == top]
    story.say(f"Statements {', '.join(map(str, tied))} tie at the highest value, {top}: "
              f"all the statements picked are false.")
    return "all-false", "A tie: every statement picked is false."


PROCEDURES = {
    "wake-up": wake_up,
    "confront": confront,
    "no-fight": no_fight,
    "fight-round": play_fight_round,
    "end-of-turn": end_of_turn,
    "spend-pain": spend_pain,
    "endgame-vote": endgame_vote,
    "stakes-lost": stakes_lost,
}
