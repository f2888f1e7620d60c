"""Placeholder while this game's rules are being written (issue 2)."""

from __future__ import annotations

from dataclasses import dataclass

from ..convert import spec
from .base import GameSystem


@dataclass(frozen=True)
class Character:
    name: str = spec(doc="the character's name")


SYSTEM = GameSystem(id="isolation", title="isolation", rule_text="", models={"character": Character}, checks={}, rules={})
