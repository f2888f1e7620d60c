"""Fight Club sheet: frustrations, Connections, the three token counts, Pain statements."""

from __future__ import annotations

from dataclasses import dataclass

from .models import TOKEN_TYPES, Character
from playaid.language import N_, _
from playaid.render.sheets.common import Field, Fitter, Namer, Text, padded, rows


@dataclass(frozen=True)
class Frustration:
    card: Text
    fought_out: bool


@dataclass(frozen=True)
class ConnectionRow:
    npc: Text
    frustration: Text
    played_by: Text


@dataclass(frozen=True)
class TokenCount:
    title: str
    meaning: str
    field: Field
    start: str
    """What the count starts at: the number of frustration cards dealt."""


@dataclass(frozen=True)
class PainRow:
    text: Field
    tokens: Field
    verdict: Field


@dataclass(frozen=True)
class FightClubSheet:
    concept: Text
    frustrations: list[Frustration]
    connections: list[ConnectionRow]
    tokens: list[TokenCount]
    pain_statements: list[PainRow]
    notes: Field


_TITLES = {"frustration": N_("Frustration"), "pain": N_("Pain"), "retirement": N_("Retirement")}
_MEANING = {"frustration": N_("failed ambition"), "pain": N_("suffering for real"), "retirement": N_("flagging will")}


def build(c: Character | None, name: Namer, fit: Fitter, setup: object = None) -> FightClubSheet:
    """The sheet of `c` (None: blank)."""
    cards = [Frustration(fit(f, "short", "frustration"), False) for f in (c.frustrations if c else [])]
    cards += [Frustration(fit(f, "short", "frustration"), True) for f in (c.fought_out if c else [])]
    start = str(len(c.frustrations) + len(c.fought_out)) if c else ""
    conns = [ConnectionRow(fit(x.npc, "line", "connection"), fit(x.frustration, "short", "connection frustration"),
                           fit(x.played_by, "short", "connection player")) for x in (c.connections if c else [])]
    pains = [PainRow(name.field(f"pain{i}_text", p.text, chars=75), name.field(f"pain{i}_tokens", p.tokens),
                     name.field(f"pain{i}_verdict", p.verdict or "")) for i, p in enumerate(c.pain_statements if c else [])]
    return FightClubSheet(
        concept=fit(c.concept if c else "", "block", "concept"),
        frustrations=padded(cards, rows("fight-club", "frustrations"), lambda i: Frustration(Text(), False)),
        connections=padded(conns, rows("fight-club", "connections"), lambda i: ConnectionRow(Text(), Text(), Text())),
        tokens=[TokenCount(_(_TITLES[t]), _(_MEANING[t]), name.field(f"tok_{t}", getattr(c.tokens, t) if c else ""), start)
                for t in TOKEN_TYPES],
        pain_statements=padded(pains, rows("fight-club", "pain"), lambda i: PainRow(
            name.field(f"pain{i}_text"), name.field(f"pain{i}_tokens"), name.field(f"pain{i}_verdict"))),
        notes=name.notes(c.notes if c else ""),
    )
