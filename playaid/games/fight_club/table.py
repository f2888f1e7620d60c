"""The table a scene is played at: its setup's cast, players and deck, and the sheets
as a resolution changes them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from playaid.problems import Path
from playaid.systems.base import Resolver
from playaid.systems.cast import Member, find, resolve_cast
from playaid.systems.play import Change, RollRefused, Step
from . import deck as decks
from .models import TOKEN_TYPES, Character, Deck, PainStatement, Setup, Tokens


@dataclass(frozen=True)
class Table:
    setup: Setup
    cast: tuple[Member, ...]
    deck: Deck

    @property
    def players(self) -> list[str]:
        """The setup's players, or, when it lists none, its characters' players."""
        return list(self.setup.players) or [m.model.player for m in self.cast if m.model.player]

    def statements(self) -> list[tuple[str, int, PainStatement]]:
        """Every Pain statement of the game, numbered from 1 in cast order: (owner, index, statement)."""
        return [(m.name, i, s) for m in self.cast for i, s in enumerate(m.model.pain_statements)]

    def name(self, name: str, at: Path) -> str:
        """The cast member's name as the setup spells it; a name not in the cast stops play."""
        member, problems = find(self.cast, name, at)
        if member is None:
            raise RollRefused(problems[0])
        return member.name

    def cards_to_draw(self, drawer: Character) -> list[str]:
        """What a breakdown may draw: cards nobody holds or destroyed, none the drawer had."""
        out = [card for m in self.cast for card in m.model.frustrations + m.model.fought_out]
        return decks.remaining(self.deck, out, drawer.frustrations + drawer.fought_out)


def table_for(scene_setup: str, resolver: Resolver) -> Table | None:
    setup = resolver.resolve(scene_setup, "setup", ("setup",))
    if setup is None:
        return None
    # the setup's own problems are the setup's to report; any left point at `setup:` here
    relative = resolver.beside(scene_setup)
    members, _ = resolve_cast(setup.characters, relative, lambda c, r: [], at=("setup",))
    deck = relative.resolve(setup.deck, "deck", ("setup",)) if setup.deck else decks.standard_deck()
    return Table(setup, tuple(members), deck or decks.standard_deck())


class Sheets:
    """The characters' sheets during one resolution: each change made as the rules say,
    the net differences read off at the end as `Change`s."""

    def __init__(self, table: Table):
        self.before = {m.name: m.model for m in table.cast}
        self.now = dict(self.before)

    def __getitem__(self, name: str) -> Character:
        return self.now[name]

    def tokens(self, name: str) -> Tokens:
        return self.now[name].tokens

    def add(self, name: str, gained: Tokens = Tokens(), lost: Tokens = Tokens()) -> Tokens:
        """Gain and lose tokens at once. Returns the new tokens."""
        t = self.now[name].tokens + gained - lost
        self.now[name] = replace(self.now[name], tokens=t)
        return t

    def update(self, name: str, **fields: Any) -> None:
        self.now[name] = replace(self.now[name], **fields)

    def changes(self) -> tuple[Change, ...]:
        out: list[Change] = []
        for name, old in self.before.items():
            new = self.now[name]
            mine: list[Change] = []
            for t in TOKEN_TYPES:
                a, b = getattr(old.tokens, t), getattr(new.tokens, t)
                if a != b:
                    mine.append(Change(name, ("tokens", t), a, b, f"{name}: {t.capitalize()} {a} → {b}"))
            for f in ("frustrations", "fought_out"):
                if getattr(old, f) != getattr(new, f):
                    label = "frustration cards" if f == "frustrations" else "frustrations fought out"
                    mine.append(Change(name, (f,), list(getattr(old, f)), list(getattr(new, f)),
                                       f"{name}: {label} now {', '.join(getattr(new, f)) or 'none'}"))
            mine += _statement_changes(name, old.pain_statements, new.pain_statements)
            if old.endgame != new.endgame:
                mine.append(Change(name, ("endgame",), old.endgame, new.endgame, f"{name} is at the Endgame: "
                                   f"{(new.endgame or '').replace('-', ' ')}"))
            if mine and not old.in_play:
                mine.append(Change(name, ("in_play",), False, True, f"{name} is now in play"))
            out += mine
        return tuple(out)


def statement_yaml(s: PainStatement) -> dict[str, Any]:
    out: dict[str, Any] = {"text": s.text, "tokens": s.tokens}
    if s.verdict is not None:
        out["verdict"] = s.verdict
    return out


def _statement_changes(name: str, old: list[PainStatement], new: list[PainStatement]) -> list[Change]:
    if [(s.text, s.tokens) for s in old] != [(s.text, s.tokens) for s in new]:
        return [Change(name, ("pain_statements",), [statement_yaml(s) for s in old], [statement_yaml(s) for s in new],
                       f"{name}: Pain statements now "
                       + (", ".join(f"“{s.text}” ({s.tokens})" for s in new) or "none"))]
    return [Change(name, ("pain_statements", i, "verdict"), a.verdict, b.verdict,
                   f"{name}: statement “{b.text}” is {b.verdict}")
            for i, (a, b) in enumerate(zip(old, new)) if a.verdict != b.verdict]


class Story:
    """The steps of a resolution, told as they happen."""

    def __init__(self) -> None:
        self.steps: list[Step] = []

    def say(self, text: str, **data: Any) -> None:
        self.steps.append(Step(text, data))


def give_stake_pain(loser: str, givers: list[str], sheets: Sheets, story: Story) -> None:
    """"Whenever you lose stakes … any one or several other players may choose to give
    you one Pain token each": one Pain from each player named, at once."""
    for player in givers:
        p = sheets.add(loser, Tokens(pain=1)).pain
        story.say(f"{player} feels {loser} suffered through the loss and gives one Pain (Pain {p - 1} → {p}).",
                  given_by=player, to=loser)
