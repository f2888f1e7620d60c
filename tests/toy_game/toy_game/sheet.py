"""The toy game's sheet data and one extra packet page."""

from __future__ import annotations

from dataclasses import dataclass

from playaid.render.sheets.common import Field, Fitter, Namer


@dataclass(frozen=True)
class ToySheet:
    number: str
    notes: Field
    """Every sheet has one: the layout rules it down to the foot of the page."""


def build(c, name: Namer, fit: Fitter, setup: object = None) -> ToySheet:
    return ToySheet(str(c.number) if c else "", name.notes(""))


def packet_page(setup, paper, templates) -> bytes:
    """A page of its own in the toy game's packets: the reference page once more."""
    from playaid.render.sheets import reference_pdf

    return reference_pdf(templates, paper, "toy")
