"""Setups and scenes of The Sapio System.

A scene is one check: a focal character, the TN the GM sets (or, character against
character, the TN the defender sets) and the elements invoked to build the dice pool.
Characters are named as files next to the scene, or by name when the scene names a
`setup:`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from playaid.convert import spec
from .character import Character

Level = Literal["minor", "moderate", "severe"]


@dataclass(frozen=True)
class Setup:
    name: str = spec(doc="the name of the game or table")
    characters: list[str | Character] = spec(doc="character files (relative to this file) or inline characters")
    gm: str = spec("", doc="who is the GM")
    setting: str = spec("", doc="where the story happens")
    notes: str = spec("", doc="anything else")


@dataclass(frozen=True)
class Invoke:
    """The character elements invoked for the check: one Profession, one Specialization
    of that Profession and one Quality at most."""

    profession: Literal["full", "partial"] | None = spec(
        None, doc="the Main Profession, fully (two dice) or partially (one die) applicable")
    side_profession: str | None = spec(None, doc="a Side Profession by name (one die), instead of the Main one")
    specialization: str | None = spec(None, doc="a Specialization of the invoked Profession (one die)")
    quality: str | None = spec(None, doc="one Quality (one die)")


@dataclass(frozen=True)
class Bonus:
    """Bonus dice: up to six dice in all, every two beyond six lower the TN by one."""

    luck: int = spec(0, minimum=0, rule="sapio.luck-spent", doc="Luck spent, one die each",
                     hint="Luck is spent in whole points, 0 or more")
    talents: list[str] = spec(default_factory=list,
                              doc="the focal character's Special Talents that apply to this check; each plays as its "
                                  "sheet (or the rule text's example) says: bonus dice, a TN cap or a TN change")
    follows: Literal["principle", "worst-impulse"] | None = spec(
        None, doc="a sacrifice for the Principle or an overindulgence of the Worst Impulse: one die")
    situation: int = spec(0, minimum=0, rule="sapio.scene-shape", doc="other bonus dice the GM grants",
                          hint="a number of dice, 0 or more")


@dataclass(frozen=True)
class Help:
    character: str = spec(doc="the helping character (a file, or a name in the setup)")
    invokes: str = spec(doc="the Profession, Specialization or Quality the helper invokes")


@dataclass(frozen=True)
class Defender:
    character: str = spec(doc="the defending character (a file, or a name in the setup)")
    invokes: list[str] = spec(default_factory=list, doc="elements invoked to raise the TN, +1 each from 1 up to 5")


@dataclass(frozen=True)
class Take:
    """An Injury or Stress to record, by the rules for full boxes and similar harm."""

    level: Level = spec(doc="minor, moderate or severe")
    injury: str | None = spec(None, doc="the Injury, in one or two words")
    stress: str | None = spec(None, doc="the Stress, in one or two words")
    who: str | None = spec(None, doc="who takes it (a file, or a name in the setup); the focal character if not given")
    similar_to: str | None = spec(None, doc="an entry already on the sheet this one is of a similar nature to")
    when: Literal["failure", "success", "always", "spiral"] = spec(
        "failure", doc="on which outcome it is taken; `spiral`: on a net Spiral, success or not")


@dataclass(frozen=True)
class Treat:
    """A treatment check with medical supplies: on a success the Injury lowers one level."""

    injury: str = spec(doc="the Injury treated, as named on the sheet")
    who: str | None = spec(None, doc="whose Injury (a file, or a name in the setup); the focal character if not given")


@dataclass(frozen=True)
class Rest:
    """Time spent resting: Injuries downgrade with days of rest, Stresses clear when gathered."""

    days: int = spec(0, minimum=0, maximum=3650, rule="sapio.heal-rest", doc="days spent resting",
                     hint="a number of days from 0 to 3650")
    weeks: int = spec(0, minimum=0, maximum=520, rule="sapio.heal-rest", doc="weeks spent resting (7 days each)",
                      hint="a number of weeks from 0 to 520")
    months: int = spec(0, minimum=0, maximum=120, rule="sapio.heal-rest", doc="months spent resting (30 days each)",
                       hint="a number of months from 0 to 120")
    gathered: bool = spec(False, doc="rested long enough to fully gather themself: every Stress clears")
    stresses: list[str] = spec(default_factory=list, doc="Stresses that clear with this rest, when not all do")

    @property
    def total_days(self) -> int:
        return self.days + 7 * self.weeks + 30 * self.months


@dataclass(frozen=True)
class LuckGain:
    """Luck a character gains for a choice that enhances the story."""

    character: str = spec(doc="who gains the Luck (a file, or a name in the setup)")
    source: Literal["principle", "worst-impulse", "gm"] = spec(
        doc="`principle`: trouble from pursuing their own Principle; `worst-impulse`: the most inconvenienced "
            "other character, when someone indulges their Worst Impulse (`of:`); `gm`: given by the GM")
    of: str | None = spec(None, doc="worst-impulse: whose Worst Impulse caused the trouble")
    amount: int = spec(1, minimum=1, rule="sapio.luck-gained",
                       doc="Luck gained: 1 for a Principle or Worst Impulse; the GM gives any amount (1–3 a "
                           "session is the guidance: more is a warning)",
                       hint="Luck is gained in whole points, 1 or more")


@dataclass(frozen=True)
class Invoked:
    character: str = spec(doc="whose element (a name in the setup)")
    element: str = spec(doc="the Profession, Specialization or Quality invoked")


@dataclass(frozen=True)
class ActionSequence:
    """Where an Action Sequence stands before this turn: `roll --apply` writes the next."""

    characters: list[str] = spec(doc="the characters taking part this round: each is focal once")
    goal: str = spec("", doc="the group goal of the sequence")
    round: int = spec(1, minimum=1, rule="sapio.sequence-turn", doc="the round being played, from 1",
                      hint="rounds are counted from 1")
    acted: list[str] = spec(default_factory=list, doc="who has already been focal this round")
    threatened: list[str] = spec(default_factory=list,
                                 doc="who was threatened at the start of the round: they must take a turn")
    enter: list[str] = spec(default_factory=list,
                            doc="characters entering the fray: only at the start of a round (nobody has acted)")
    invoked: list[Invoked] = spec(default_factory=list,
                                  doc="elements invoked this round (own checks, help, defence): not again this round, "
                                      "except the Main Profession, one die when fully applicable")


@dataclass(frozen=True)
class Scene:
    character: str = spec(doc="the focal character (a file, or a name in the setup)")
    type: Literal["check", "versus", "rest", "luck"] = spec(
        "check", doc="`check` against the GM's TN, `versus` another character who sets the TN, `rest` "
                     "(no roll: Injuries and Stresses heal) or `luck` (no roll: the `luck_gained` entries)")
    setup: str | None = spec(None, doc="a setup file; characters are then named as in the setup")
    action: str = spec("", doc="what the focal character attempts and how")
    tn: int | None = spec(None, minimum=1, maximum=5, rule="sapio.tn-range", doc="the GM's target number, 1–5",
                          hint="the GM sets a TN from 1 to 5; Injuries, Stresses and bonus dice move it from there")
    invoke: Invoke = spec(default_factory=Invoke, doc="elements invoked: profession, side_profession, specialization, quality")
    bonus: Bonus = spec(default_factory=Bonus, doc="bonus dice: luck, talents, follows, situation")
    help: list[Help] = spec(default_factory=list, doc="other characters helping, one element and one die each")
    penalties: list[str] = spec(default_factory=list, doc="the focal character's Injuries and Stresses that apply")
    defender: Defender | None = spec(None, doc="versus: the other character and the elements they invoke")
    weapon: str | None = spec(None, doc="the focal character's weapon, when the check is an attack")
    wound: str = spec("Wound", doc="versus with a weapon: the name the defender's Injury is recorded under")
    take: Take | None = spec(None, doc="an Injury or Stress taken as a consequence")
    treat: Treat | None = spec(None, doc="a treatment check: on a success the Injury lowers one level")
    rest: Rest | None = spec(None, doc="type rest: how long the character rests and which Stresses clear")
    luck_gained: list[LuckGain] = spec(default_factory=list, doc="Luck gained for a Principle, a Worst Impulse "
                                                                 "or from the GM")
    sequence: ActionSequence | None = spec(None, doc="this check is a turn of an Action Sequence: the sequence so far")
    improbable_success: bool = spec(True, doc="add a die and roll again when every die shows two Hits but falls short")
    die: str | None = spec(None, doc="a `kind: dice` file with the faces of your Spiral dice (default: the project's)")
    dice: list[int] | None = spec(None, doc="the faces rolled (1–12, as numbered in the die file), in order, to replay them")
