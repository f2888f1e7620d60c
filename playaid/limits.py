"""How long a text field of an input file may be, by the kind of field it is.

A name fills one line of a sheet's masthead, a descriptor one row, a note a box; none
of them is near these limits in real play. The limits exist because text is laid out
by WeasyPrint, whose line breaking costs more than linear time on very long unbroken
text: a 30,000-character name took half a minute. Going over is an error of
`validate` (rule `input.too-long`, naming the limit), so no command renders such a
file; `RENDER_LIMIT` bounds whatever still reaches a template (see `render.html`).
"""

from __future__ import annotations

import re

from .problems import Path, Problem, error, format_path

NAME = 80
"""People and tables: a character's, a player's, a GM's name."""

PHRASE = 200
"""A word to a sentence: descriptors, qualities, professions, labels, goals; the default."""

REFERENCE = 1000
"""A character file or a name: a relative path may be long, though never this long."""

PROSE = 2000
"""Free text: notes, actions, settings; a paragraph of a sheet's notes box and more."""

KEY = PHRASE
"""The names a mapping is keyed by (characters, players, relationships)."""

RENDER_LIMIT = 2 * PROSE
"""Characters of one value a template prints at most, even one joined from a list."""

_KINDS: dict[str, tuple[int, str]] = {}
for _limit, _label, _fields in (
    (NAME, "a name", "name player gm npc narrator played_by framed_by gladiator"),
    (PROSE, "free text", "notes note text action setting locale threat why gained drive_text description "
                         "summary stake objective backstory concept conflict"),
    (REFERENCE, "a file or a name", "setup deck die character characters who active against between persuade "
                                    "wounds_to defender opposing to of similar_to"),
):
    _KINDS.update({f: (_limit, _label) for f in _fields.split()})


def limit_of(path: Path) -> tuple[int, str]:
    """(limit, kind in words) for the text at `path`, by its field: the last name in the
    path, so the items of `positive: [...]` count as `positive`."""
    field = next((p for p in reversed(path) if isinstance(p, str)), "")
    return _KINDS.get(field, (PHRASE, "a phrase"))


def too_long(text: str, path: Path, *, key: bool = False) -> list[Problem]:
    """An `input.too-long` error if `text` is longer than its field allows, else nothing."""
    limit, kind = (KEY, "a key") if key else limit_of(path)
    if len(text) <= limit:
        return []
    where = format_path(path) or "the text"
    return [error("input.too-long", f"`{where}` is {len(text)} characters; {kind} holds at most {limit}",
                  f"shorten it to {limit} characters or fewer (limits: names {NAME}, phrases {PHRASE}, "
                  f"file names {REFERENCE}, notes {PROSE})", path)]


def clipped(text: str, limit: int = RENDER_LIMIT) -> str:
    """`text` cut to `limit` characters with "…", for layout that must stay bounded."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def control_character(text: str, path: Path) -> Problem | None:
    """The problem of a text holding a control character (a NUL, an ESC, C1 codes; tab and
    newline are fine), or None: whatever file the text came from, the same check and words."""
    bad = _CONTROL.search(text)
    if bad is None:
        return None
    where = format_path(path) or "the file"
    return error("input.control-character", f"`{where}` holds the control character U+{ord(bad[0]):04X}",
                 "remove it; names and texts hold printable characters only (check for \\0 or \\e escapes)", path)
