"""Pronouns: a short line the players give, printed small beside the player's name on a sheet.

Every game's character may say `pronouns:` (`she/her`, `they/them`, `il/lui`); a players
spreadsheet's `pronouns` column fills it when playaid seats the players. It is the
player's own words, kept as written: only its size and shape are checked, so it fits the
line under the name.
"""

from __future__ import annotations

LONGEST = 30
"""Characters: `she/they`, `they/them/theirs`, `il/elle, iel` all fit; a sentence does not."""


class Pronouns(str):
    """A player's pronouns as they write them, one short line: the type a model declares
    (for its check and schema); the value it holds is a plain `str`."""

    DESCRIPTION = f"the player's pronouns, e.g. `she/her` (at most {LONGEST} characters)"
    HINT = f"write them as the player says them, on one line of at most {LONGEST} characters, e.g. they/them"
    RULE = "input.pronouns"

    @classmethod
    def parse(cls, text: str) -> str:
        """`text` on one line, spaces tidied, as a plain `str` (models are dumped back to YAML
        as they are); ValueError saying what is wrong."""
        plain = " ".join(text.split())
        if "\n" in text.strip():
            raise ValueError("pronouns are one line")
        if len(plain) > LONGEST:
            raise ValueError(f"`{plain[:LONGEST]}…` is {len(plain)} characters; pronouns are at most {LONGEST}")
        return plain

    @classmethod
    def json_schema(cls) -> dict:
        return {"type": "string", "maxLength": LONGEST,
                "description": "the player's pronouns, printed small beside the player's name (e.g. she/her)"}
