"""Resolving one conflict: the single roll, read first for who works with or against the
Active Player, then for how well the action goes (rule text: "The System" and
"Special Cases").

`resolve_conflict` draws every die from the `Dice` source it is handed and leaves the
counting to `interpretation`, so the same scene replays exactly from listed dice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from playaid.problems import error
from playaid.systems.base import Resolver
from playaid.systems.play import Dice, RollRefused, Resolution, Step, listed_pools
from . import interpretation as rules
from .conflict import GM, Roles, Scene, cast_roles, chosen_stances
from .consequences import aftermath
from .hands import Hand, Reason, Rolled, describe, links_reason, plural, pool_label, roll_hand, roll_open_ended, total
from .interpretation import DEGREE_NAMES, Stance
from .table import Table, load_table


@dataclass(frozen=True)
class Standing:
    """A Passive Player's first pass: their dice, their net green evens and the stance taken."""

    who: str
    hand: Hand
    evens: int
    margin: int
    best: Stance
    stance: Stance


def play(scene: Scene, resolver: Resolver, rng: random.Random) -> Resolution:
    """Resolve a checked scene, replaying its `dice:` when it lists them."""
    table = load_table(scene.setup, resolver)
    if table is None:
        raise RollRefused(error("isolation.scene-roles", "the scene's setup cannot be read", "fix the setup", ("setup",)))
    dice = Dice.replay_or_roll(listed_dice(scene, table) if scene.dice is not None else None, rng)
    result = resolve_conflict(scene, table, dice)
    dice.finish()
    return result


def listed_dice(scene: Scene, table: Table) -> dict:
    entries = []
    for key, listed in (scene.dice or {}).items():
        c = table.character(key)
        who = c.name if c is not None else GM if key.casefold() == GM.casefold() else key
        for color in ("green", "red"):  # a colour left out takes no dice, and is asked for at its own key
            entries.append((pool_label(who, color), getattr(listed, color) or [], ("dice", key, color)))
    return listed_pools(entries)


def resolve_conflict(scene: Scene, table: Table, dice: Dice) -> Resolution:
    """The whole two-pass roll of one conflict, from the first die to what it changes."""
    roles, problems = cast_roles(scene, table)
    if roles is None or problems:  # `playaid roll` only plays checked scenes; a caller may not
        raise RollRefused(problems[0])
    c = Conflict(scene, table, roles, dice)
    c.say(_opening(scene, table, roles), stress=table.stress, living=len(table.living))
    if table.stress == 0 and not scene.physical and roles.defender is None:
        c.say("The Stress Level is 0 and nothing threatens the situation: no roll is needed. Everyone "
              "cooperates or disagrees as they see fit, and the action is a Basic Success.",
              degree="basic-success", automatic=True)
        return _resolution(scene, roles, "basic-success", "no roll at Stress 0", c.steps, [], dice)

    active, active_odds = c.active_player()
    standings = [c.passive_player(p, active_odds) for p in roles.passives]
    stances = {s.who: s.stance for s in standings}
    stances |= {b: c.declared.get(b, "neutral") for b in roles.bystanders}
    turned = [c.turned_hostile(b) for b in roles.bystanders if stances[b] == "hostile"]
    opposition = c.opposition()

    group = [active] + [s.hand for s in standings if s.stance == "cooperative"]
    against = [s.hand for s in standings if s.stance == "hostile"] + turned + ([active] if roles.alone else [])
    pooled = c.second_pass(group, against)
    net = pooled - opposition
    deg = rules.degree(net)
    c.say(f"{plural(pooled, 'green even')} − {plural(opposition, 'red odd')} = {net:+d}: {DEGREE_NAMES[deg]}.",
          net=net, degree=deg)
    more_steps, changes = aftermath(table, roles, stances, deg, net, scene)
    return _resolution(scene, roles, deg, f"{plural(pooled, 'green even')} against {plural(opposition, 'red odd')}",
                       c.steps + more_steps, changes, dice)


class Conflict:
    """One conflict being resolved: who takes part, the dice, and the steps told so far."""

    def __init__(self, scene: Scene, table: Table, roles: Roles, dice: Dice):
        self.scene, self.table, self.roles, self.dice = scene, table, roles, dice
        self.links = table.map
        self.mods = modifiers(scene, table)
        self.declared = chosen_stances(scene, table)
        self.steps: list[Step] = []

    def say(self, text: str, **data) -> None:
        self.steps.append(Step(text, data))

    def roll(self, who: str, greens: list[Reason], reds: list[Reason]) -> Hand:
        hand, lines = roll_hand(self.dice, who, greens + self.mods[who, "green"], reds + self.mods[who, "red"])
        for line in lines:
            self.say(line, who=who)
        return hand

    def active_player(self) -> tuple[Hand, int]:
        """The Active Player's dice and first pass: red odds less green evens, never below 0."""
        active, stress, difficulty = self.roles.active, self.table.stress, self.scene.difficulty_dice()
        if self.roles.alone:
            if self.roles.defender is not None:
                self.say(f"{active} goes after {self.roles.defender} alone: the GM assigns no Difficulty, so no green "
                         f"dice come from one; {active} rolls only the green dice of modifiers.", who=active)
            greens = rules.lone_green_dice(difficulty, self.roles.defender is not None)
            hand = self.roll(active, [(greens, f"Difficulty {difficulty} when going it alone")],
                             [(stress, f"Stress {stress}")])
            return hand, 0
        passives = self.roles.passives
        hand = self.roll(active, [links_reason(self.links.count(active, p, "green"), "green", p) for p in passives],
                         [links_reason(self.links.count(active, p, "red"), "red", p) for p in passives]
                         + [(stress, f"Stress {stress}")])
        odds = rules.active_red_odds(hand.green.faces, hand.red.faces)
        self.say(f"First pass for {active}: {plural(hand.red.count, 'red odd')} − {plural(hand.green.count, 'green even')}"
                 f" = {plural(odds, 'red odd')} (never below 0).", who=active, red_odds=odds)
        return hand, odds

    def passive_player(self, p: str, active_odds: int) -> Standing:
        """A Passive Player's dice, first pass and stance."""
        active = self.roles.active
        hand = self.roll(p, [links_reason(self.links.count(p, active, "green"), "green", active)],
                         [links_reason(self.links.count(p, active, "red"), "red", active)])
        evens = rules.passive_green_evens(hand.green.faces, hand.red.faces)
        margin = rules.stance_margin(evens, active_odds)
        only_green = self.links.count(p, active, "red") == 0
        best = rules.best_stance(margin, only_green)
        text = (f"First pass for {p}: {plural(hand.green.count, 'green even')} − {plural(hand.red.count, 'red odd')} = "
                f"{evens:+d}; against {active}'s {plural(active_odds, 'red odd')} that makes {margin:+d}, so {p} ")
        text += {"cooperative": "may cooperate", "neutral": "may remain neutral at best",
                 "hostile": f"must work against {active}"}[rules.best_stance(margin)]
        if only_green and margin < 2:
            text += f"; but no red link joins {p} and {active}, so {p} is free to cooperate"
        stance, note = self._choice(p, best)
        self.say(text + note + f". {p} is {stance}" + (" (a downgrade)." if stance != best else "."),
                 who=p, green_evens=evens, margin=margin, allowed=best, stance=stance)
        return Standing(p, hand, evens, margin, best, stance)

    def _choice(self, p: str, best: Stance) -> tuple[Stance, str]:
        """The stance `p` takes: the one declared if the dice allow it, else the best allowed."""
        declared = self.declared.get(p)
        if declared is None:
            return best, ""
        if rules.may_take(declared, best):  # type: ignore[arg-type]
            return declared, ""  # type: ignore[return-value]
        if self.dice.replaying:
            key = next(k for k in self.scene.stances if k.casefold() == p.casefold())
            raise RollRefused(error(
                "isolation.stance-not-allowed", f"{p} is declared {declared}, but the dice allow at most {best}",
                "a character may always choose a less helpful stance, never a more helpful one", ("stances", key)))
        return best, f"; {p} would choose to be {declared}, which the dice do not allow"

    def turned_hostile(self, b: str) -> Hand:
        """A character not asked who turns hostile: red dice for their red links, second pass only."""
        active = self.roles.active
        reds = [links_reason(self.links.count(b, active, "red"), "red", active)] + self.mods[b, "red"]
        hand = Hand(b, Rolled("green", ()), roll_open_ended(self.dice, b, "red", total(reds)))
        self.say(f"{b} was not asked and turns hostile: " + describe(b, hand.red, reds), who=b)
        return hand

    def opposition(self) -> int:
        """The red odds the group must beat: the GM's, or those of the character acted against."""
        d, living, stress = self.roles.defender, len(self.table.living), self.table.stress
        if d is None:
            difficulty = self.scene.difficulty_dice() or 0
            gm = roll_open_ended(self.dice, GM, "red", rules.gm_dice(difficulty, living, stress))
            self.say(describe("The GM", gm, [(difficulty, f"Difficulty {difficulty}"), (living, "living characters"),
                                             (stress, f"Stress {stress}")]), red_odds=gm.count)
            return gm.count
        self.say(f"{d} is acted against and rolls instead of the GM.", who=d)
        hand = self.roll(d, [], [links_reason(self.links.count(d, self.roles.active, "red"), "red", self.roles.active),
                                 (living - 1, "the other living characters"), (stress, f"Stress {stress}")])
        odds = rules.opposing_red_odds(hand.green.faces, hand.red.faces)
        self.say(f"{d}: {plural(hand.red.count, 'red odd')} − {plural(hand.green.count, 'green even')} = "
                 f"{plural(odds, 'red odd')} against the group (never below 0).", who=d, red_odds=odds)
        return odds

    def second_pass(self, group: list[Hand], against: list[Hand]) -> int:
        """The group's green evens less the hostile red odds, never below 0."""
        alone = self.roles.alone

        def whose(h: Hand) -> str:
            return f"{h.who}'s own red dice" if alone and h is group[0] else h.who

        evens = sum(h.green.count for h in group)
        cancelling = sum(h.red.count for h in against)
        pooled = rules.pooled_green_evens(evens, cancelling)
        text = (f"Second pass: green evens of {'the lone actor' if alone else 'the Active Player and those cooperating'}"
                f" ({', '.join(f'{h.who} {h.green.count}' for h in group)}) = {evens}")
        if against:
            text += "; red odds cancelling them (" + ", ".join(f"{whose(h)} {h.red.count}" for h in against) + \
                    f") = {cancelling}"
        self.say(text + f"; {plural(pooled, 'green even')} {'counts' if pooled == 1 else 'count'} (never below 0).",
                 green_evens=evens, cancelled=cancelling, pooled=pooled)
        return pooled


class Modifiers(dict):
    """Modifier dice by (character, colour), each with why it is there."""

    def __missing__(self, key: tuple[str, str]) -> list[Reason]:
        return []


def modifiers(scene: Scene, table: Table) -> Modifiers:
    """The scene's modifier dice by (character, colour), each with its reason, as a roll counts them."""
    mods = Modifiers()
    for m in scene.modifiers:
        c = table.character(m.who)
        if c is None:
            continue
        for color in ("green", "red"):
            if getattr(m, color):
                mods.setdefault((c.name, color), []).append(
                    (getattr(m, color), f"a modifier ({m.why})" if m.why else "a modifier"))
    return mods


def _opening(scene: Scene, table: Table, roles: Roles) -> str:
    action = f" — {scene.action}" if scene.action else ""
    if roles.alone:
        who = f"{roles.active} goes it alone" + ("" if scene.persuade == [] else ", no one else being alive to ask")
    else:
        who = f"{roles.active} tries to persuade {', '.join(roles.passives)}"
    if roles.defender:
        who += f", acting against {roles.defender}"
    return f"{who}{action}. Stress {table.stress}, {len(table.living)} living characters."


def _resolution(scene: Scene, roles: Roles, deg: str, detail: str, steps: list[Step], changes: list, dice: Dice) -> Resolution:
    action = f": {scene.action}" if scene.action else ""
    return Resolution("isolation", deg, f"{roles.active}{action} — {DEGREE_NAMES[deg]} ({detail})",
                      tuple(steps), tuple(changes), dice.replaying)
