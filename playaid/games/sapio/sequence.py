"""Action Sequences: rounds of turns, each character focal once a round, elements invoked for
the rest of the round.

A scene with `sequence:` is one turn of an Action Sequence: the block says where the sequence
stands (round, who has been focal, who is threatened, what is invoked) and the rest of the
scene is the turn, an ordinary check or confrontation. `roll --apply` writes the scene again
as the frame of the next turn: the focal character marked as having acted, the elements this
turn invoked added, a new round when everyone has been focal.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from playaid.problems import Problem, error
from playaid.systems.play import Change, Step
from .harm import is_debilitated
from .scene import ActionSequence, Invoked, Scene
from .character import Character

TURN, THREAT, ENTER, INVOKED, HARM, SHAPE = ("sapio.sequence-turn", "sapio.sequence-threatened",
                                             "sapio.sequence-enter", "sapio.sequence-invoked",
                                             "sapio.sequence-harm", "sapio.sequence-shape")
TURN_FIELDS = ("type", "action", "tn", "invoke", "bonus", "help", "penalties", "defender", "weapon", "wound", "take",
               "treat", "luck_gained", "dice", "improbable_success")
"""What a scene says about one turn; the next turn's frame starts without them. The TN goes
too: "The GM sets the TN based on the difficulty of the action attempted by the focal
character", so the next focal character is never rolled against the previous one's."""


def _fold(name: str) -> str:
    return name.strip().casefold()


def participants(q: ActionSequence) -> list[str]:
    """Who takes part this round: the characters, and those entering the fray."""
    return [*q.characters, *(n for n in q.enter if _fold(n) not in {_fold(c) for c in q.characters})]


def turn_elements(s: Scene, actor: Character) -> list[tuple[str, str, str]]:
    """(owner, element, how) for every element this turn invokes: the focal character's,
    each helper's and the defender's."""
    inv = s.invoke
    own = [actor.profession.name] if inv.profession else []
    own += [name for name in (inv.side_profession, inv.specialization, inv.quality) if name]
    found = [(actor.name, name, "own check") for name in own]
    found += [(h.character, h.invokes, "help") for h in s.help]
    if s.type == "versus" and s.defender is not None:
        found += [(s.defender.character, name, "defence") for name in s.defender.invokes]
    return found


def main_again(s: Scene, actor: Character) -> bool:
    """Whether the focal character invokes their Main Profession a second time this round."""
    q = s.sequence
    return bool(q and s.invoke.profession and _invoked(q.invoked, actor.name, actor.profession.name))


def _invoked(entries: Sequence[Invoked], owner: str, element: str) -> bool:
    return any(_fold(i.character) == _fold(owner) and _fold(i.element) == _fold(element) for i in entries)


def check_sequence(s: Scene, actor: Character | None, cast) -> list[Problem]:
    """The turn keeps the round: a focal character still to act, elements not yet invoked."""
    q = s.sequence
    if q is None:
        return []
    if s.setup is None or s.type == "rest":
        return [error(SHAPE, "an Action Sequence is played by a table: name its setup, and make each turn a check "
                      "or a confrontation", "add `setup:` and name the characters as in the setup", ("sequence",))]
    problems: list[Problem] = []
    people = participants(q)
    for field in ("characters", "acted", "threatened", "enter"):
        for i, name in enumerate(getattr(q, field)):
            problems += cast.get(name, ("sequence", field, i))[1]
    taking_part = {_fold(n) for n in people}
    acted = {_fold(n) for n in q.acted}
    problems += [error(TURN, f"{name} has acted this round but does not take part in it",
                       "list them under `characters:`", ("sequence", "acted", i))
                 for i, name in enumerate(q.acted) if _fold(name) not in taking_part]
    problems += [error(THREAT, f"{name} is threatened, so must take a turn this round, even only to hide or run "
                       "away", "add them to `characters:` (or `enter:` at the start of the round)",
                       ("sequence", "threatened", i))
                 for i, name in enumerate(q.threatened) if _fold(name) not in taking_part]
    if q.enter and q.acted:
        problems.append(error(ENTER, "characters enter the fray at the beginning of a round, before anyone acts",
                              "enter them when the next round begins", ("sequence", "enter")))
    if actor is not None:
        still = [n for n in people if _fold(n) not in acted]
        if _fold(actor.name) not in taking_part:
            problems.append(error(TURN, f"{actor.name} does not take part in this Action Sequence",
                                  "add them to `characters:`, or to `enter:` at the start of a round", ("character",)))
        elif _fold(actor.name) in acted:
            problems.append(error(TURN, f"{actor.name} has already been focal in round {q.round}",
                                  "still to act: " + (", ".join(still) or "nobody — start the next round"),
                                  ("character",)))
        problems += _invocations(s, actor, cast)
        problems += _harm(s, actor)
    return problems


def _invocations(s: Scene, actor: Character, cast) -> list[Problem]:
    q = s.sequence
    assert q is not None
    problems = []
    for i, entry in enumerate(q.invoked):
        owner, found = cast.get(entry.character, ("sequence", "invoked", i, "character"))
        problems += found
        if owner is not None and _fold(entry.element) not in owner.elements():
            problems.append(error("sapio.unknown-element", f"{owner.name} has no element `{entry.element}`",
                                  "name a Profession, Specialization or Quality of theirs",
                                  ("sequence", "invoked", i, "element")))
    at = {"own check": ("invoke",), "help": ("help",), "defence": ("defender", "invokes")}
    for owner, element, how in turn_elements(s, actor):
        if not _invoked(q.invoked, owner, element):
            continue
        who = cast.get(owner, ())[0]
        if who is not None and _fold(element) == _fold(who.profession.name):
            if how == "own check" and s.invoke.profession != "full":
                problems.append(error(INVOKED, f"{element} was invoked earlier this round: invoked again, a Main "
                                      "Profession must be fully applicable, for one die", "write "
                                      "`profession: full`, or invoke another element", ("invoke", "profession")))
            continue
        problems.append(error(INVOKED, f"{owner}'s {element} is already invoked this round; invoked elements "
                              "stay invoked until the round ends", "invoke another element, or wait for the next "
                              "round", at[how]))
    return problems


def _harm(s: Scene, actor: Character) -> list[Problem]:
    """A Spiral's harm falls on a character in the scene: the focal one or a supporting one,
    assisting or not ("If the focal character or supporting characters were attempting
    something risky and failed or rolled Spiral, they might take an Injury or Stress")."""
    t, q = s.take, s.sequence
    if t is None or t.when != "spiral" or t.who is None or q is None:
        return []
    if _fold(t.who) in {_fold(n) for n in (actor.name, *participants(q))}:
        return []
    return [error(HARM, f"a Spiral's harm falls on the focal character or a supporting character of this Action "
                  f"Sequence; {t.who} does not take part in it", "name a character under `sequence: {characters: "
                  "...}`, or add them there (or to `enter:` at the start of a round)", ("take", "who"))]


def spiral_harm_said(s: Scene, actor: Character, who: str) -> str:
    """How a net Spiral's harm is said in a sequence: on the focal character or a helper the
    text is plain ("complications centered around the focal and assisting characters"); on a
    supporting character who is not assisting, the step names the reading the tool follows."""
    near = {_fold(actor.name), *(_fold(h.character) for h in s.help)}
    if _fold(who) in near:
        return "A net Spiral: the GM's complication brings harm. "
    return (f"A net Spiral: the GM's complication brings harm to {who}, a supporting character not assisting "
            f"{actor.name} — \"If the focal character or supporting characters were attempting something risky and "
            "failed or rolled Spiral, they might take an Injury or Stress\"; the GM decides it was risky. ")


@dataclass(frozen=True)
class Advance:
    """The sequence after a turn, and what to say about it."""

    after: ActionSequence
    next_focal: str | None
    steps: tuple[Step, ...]


def advance(s: Scene, actor: Character, cast, tracks) -> Advance:
    """The sequence once `actor`'s turn is played; `tracks(who, field)` gives harm as it now stands."""
    q = s.sequence
    assert q is not None
    people = participants(q)
    acted = [*q.acted, actor.name]
    invoked = list(q.invoked)
    for owner, element, _how in turn_elements(s, actor):
        who = cast.get(owner, ())[0]
        if not _invoked(invoked, who.name, element):
            invoked.append(Invoked(who.name, element))

    def can_act(name: str) -> bool:
        who = cast.get(name, ())[0]
        return not (is_debilitated(tracks(who, "injuries")) or is_debilitated(tracks(who, "stresses")))

    done = {_fold(n) for n in acted}
    still = [n for n in people if _fold(n) not in done]
    out = [n for n in still if not can_act(n)]
    still = [n for n in still if can_act(n)]
    said = [f"{actor.name}'s turn is played; invoked for the rest of round {q.round}: "
            + ", ".join(f"{i.character}: {i.element}" for i in invoked[len(q.invoked):]) if invoked[len(q.invoked):]
            else f"{actor.name}'s turn is played; nothing new is invoked"]
    said += [f"{n} is debilitated and takes no turn" for n in out]
    if still:
        threatened = [n for n in still if _fold(n) in {_fold(t) for t in q.threatened}]
        said.append("still to act this round: " + ", ".join(still)
                    + (f" ({', '.join(threatened)} threatened: must take a turn)" if threatened else ""))
        after = replace(q, characters=people, enter=[], acted=acted, invoked=invoked)
        nxt = still[0]
    else:
        after = replace(q, characters=people, enter=[], acted=[], invoked=[], round=q.round + 1)
        ready = [n for n in people if can_act(n)]
        said.append(f"everyone has been focal: round {q.round} ends and round {q.round + 1} begins, every "
                    "element free again" + ("" if ready else "; nobody is left who can act"))
        nxt = ready[0] if ready else None
    steps = tuple(Step(f"Action Sequence: {text} [{INVOKED if i == 0 else TURN}].",
                       {"rule": INVOKED if i == 0 else TURN}) for i, text in enumerate(said))
    return Advance(after, nxt, steps)


def opening_step(s: Scene, actor: Character) -> Step:
    q = s.sequence
    assert q is not None
    before = f"; already focal this round: {', '.join(q.acted)}" if q.acted else "; first turn of the round"
    entering = f"; entering the fray: {', '.join(q.enter)}" if q.enter else ""
    return Step(f"Action Sequence{' (' + q.goal + ')' if q.goal else ''}, round {q.round}: {actor.name} is focal"
                f"{before}{entering} [{TURN}].", {"rule": TURN, "round": q.round, "focal": actor.name})


def as_yaml(q: ActionSequence) -> dict:
    data = {"goal": q.goal, "round": q.round, "characters": list(q.characters), "threatened": list(q.threatened),
            "acted": list(q.acted), "invoked": [{"character": i.character, "element": i.element} for i in q.invoked]}
    return {k: v for k, v in data.items() if v or k in ("round", "characters", "acted", "invoked")}


def sequence_changes(s: Scene, step: Advance) -> list[Change]:
    """The scene written again as the next turn's frame (`who` "scene": the scene file itself)."""
    q = s.sequence
    assert q is not None
    after = step.after
    text = (f"sequence: round {after.round}, acted: {', '.join(after.acted) or 'nobody yet'}; next turn: "
            f"{step.next_focal or 'nobody'}")
    frame = {"character": step.next_focal or s.character, **{name: None for name in TURN_FIELDS}}
    if s.type == "versus" and s.defender and step.next_focal and _fold(step.next_focal) == _fold(s.defender.character):
        # "Both characters go within a round": the defender's turn strikes back at the aggressor
        frame.update(type="versus", defender={"character": s.character, "invokes": []})
    turn = {"character": s.character}
    return [Change("scene", ("sequence",), as_yaml(q), as_yaml(after), text),
            Change("scene", (), turn, frame, f"next turn: {frame['character']} is focal; write what they attempt"
                   + ("" if frame.get("type") == "versus" else " and the TN the GM sets"))]
