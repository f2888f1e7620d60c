"""A file of player names, one a line: what a convention's sign-up sheet exports.

Any script is welcome; blank lines and `#` comments are skipped; UTF-8 with or without
a byte-order mark (spreadsheets add one). A name given twice would seat one person at
two tables, so it is refused with both lines.
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

from ..limits import NAME
from ..problems import Problem, error
from ..safe_text import terminal
from ..source import refusal
from ..text_faults import bad_byte

RULE = "players.file"
MAX_BYTES = 64 * 1024
"""A thousand names of sixty bytes; a sign-up list is far smaller."""
MAX_NAMES = 1000
"""More than any run seats (20 tables of at most 8 players)."""


def _problem(shown: str, line: int, message: str, hint: str, rule: str = RULE) -> Problem:
    return error(rule, message, hint).at(shown, line, 1)


def _text(path: Path, shown: str) -> tuple[str | None, list[Problem]]:
    why = refusal(path)
    if why is not None:
        return None, [_problem(shown, 1, why[1], why[2], why[0])]
    if os.path.getsize(path) > MAX_BYTES:
        return None, [_problem(shown, 1, f"the file is larger than {MAX_BYTES // 1024} KiB",
                               f"a players file holds names, one a line, at most {MAX_NAMES} of them")]
    data = path.read_bytes()[:MAX_BYTES + 1]
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data:
        return None, [_problem(shown, 1, "the file is not UTF-8 text (UTF-16, or binary)",
                               "save it as UTF-8 text, one name a line")]
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        return None, [bad_byte(data, exc, shown, rule=RULE)]


_BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Overrides, embeddings and isolates: they turn the text after them around on a screen or
page (right-to-left scripts need none of them), so a name could show as someone else's."""


def unfit(name: str) -> tuple[str, str] | None:
    """Why `name` cannot be a player's name, and the fix; None when it can."""
    bad = next((c for c in name if unicodedata.category(c) in ("Cc", "Zl", "Zp")), None)
    if bad is not None:
        return (f"the name holds the control character U+{ord(bad):04X} (a tab, an escape, a line break)",
                "write the name alone on its line, plain text")
    bidi = next((c for c in name if c in _BIDI), None)
    if bidi is not None:
        return (f"the name holds U+{ord(bidi):04X}, which turns the text after it around",
                "remove it; a name in a right-to-left script needs no such character")
    if len(name) > NAME:
        return f"the name is {len(name)} characters; a name holds at most {NAME}", "shorten it"
    if not any(unicodedata.category(c).startswith("L") for c in name):
        return "the name has no letter", "write the player's name (invisible characters and signs alone are not one)"
    return None


def identity(name: str) -> str:
    """Who `name` is: names equal under this are one person. Compatibility forms folded
    (`Ａｎｎ` is `Ann`, a no-break space a space), case folded, NFC and NFD alike, and
    invisible format characters (zero-width space, soft hyphen, joiners) left out.

    >>> identity("Zoe\u0301") == identity("ZOÉ"), identity("A\u200bnn") == identity("Ａｎｎ")
    (True, True)
    """
    visible = "".join(c for c in unicodedata.normalize("NFKC", name) if unicodedata.category(c) != "Cf")
    return unicodedata.normalize("NFKC", " ".join(visible.split()).casefold())


def read_names(path: Path | str, shown: str | None = None) -> tuple[list[str], list[Problem]]:
    """The names of `path`, in file order, or every problem of the file (and no names).

    >>> read_names(Path("missing.txt"))[1][0].rule
    'input.missing-file'
    """
    shown = shown or str(path)
    text, problems = _text(Path(path), shown)
    if text is None:
        return [], problems
    names: list[str] = []
    first: dict[str, int] = {}
    # newlines only: str.splitlines would also split at U+0085 and U+2028, making two players of one line
    for number, raw in enumerate(text.split("\n"), 1):
        name = raw.removesuffix("\r").strip(" \t")
        if not name or name.startswith("#"):
            continue
        why = unfit(name)
        if why:
            problems.append(_problem(shown, number, why[0], why[1]))
        elif identity(name) in first:
            problems.append(_problem(shown, number, f"`{terminal(name, lines=False)}` is already on line "
                                     f"{first[identity(name)]}",
                                     "list each player once: delete this line or tell the two apart"))
        else:
            first[identity(name)] = number
            names.append(name)
        if len(first) > MAX_NAMES:
            return [], [_problem(shown, number, f"more than {MAX_NAMES} names",
                                 f"a players file seats at most {MAX_NAMES} people; split the convention")]
    if not names and not problems:
        problems.append(_problem(shown, 1, "the file names no player", "write one name a line (# starts a comment)"))
    return ([] if problems else names), problems
