"""A file of player names: what a convention's sign-up sheet exports.

A text file holds one name a line; a `.csv` or `.tsv` is a spreadsheet's table, whose
header row picks the column of names (`spreadsheet.name_column`): the other columns
(e-mail addresses, notes) are never read into a name. Any script is welcome; blank lines
and `#` comments are skipped; UTF-8 with or without a byte-order mark (spreadsheets add
one). A name given twice would seat one person at two tables, so it is refused with both lines.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from ..limits import NAME
from ..problems import Problem, error
from ..pronouns import Pronouns
from ..safe_text import terminal
from ..source import refusal
from .. import spreadsheet
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


@dataclass(frozen=True)
class Signups:
    names: list[str]
    """In file order; empty when there is any problem."""
    problems: list[Problem]
    notes: list[str]
    """Columns of a table left unread, said once (`Email`, `Notes`): not problems."""
    pronouns: dict[str, str] = field(default_factory=dict)
    """Name → pronouns, from a table's `pronouns` column (printed beside the player's name)."""


def read_names(path: Path | str, shown: str | None = None, column: str | None = None) -> tuple[list[str], list[Problem]]:
    """The names of `path`, in file order, or every problem of the file (and no names).

    >>> read_names(Path("missing.txt"))[1][0].rule
    'input.missing-file'
    """
    signups = read_signups(path, shown, column)
    return signups.names, signups.problems


def read_signups(path: Path | str, shown: str | None = None, column: str | None = None) -> Signups:
    """`read_names`, with the columns left unread; `column` names the column of names of a
    table (else a `name` or `player` column is looked for)."""
    path, shown = Path(path), shown or str(path)
    if why := spreadsheet.workbook(path):
        return Signups([], [_problem(shown, 1, *why)], [])
    text, problems = _text(path, shown)
    if text is None:
        return Signups([], problems, [])
    sep = spreadsheet.separator(path, text)
    if sep is None:
        if column is not None:
            return Signups([], [_problem(shown, 1, f"a column `{spreadsheet.visible(column)}` was asked for, but a {path.suffix or 'text'} "
                                         "file is read one name a line", "give a .csv or .tsv file, or leave out the column")], [])
        # newlines only: str.splitlines would also split at U+0085 and U+2028, making two players of one line
        entries, notes, said = list(enumerate((raw.removesuffix("\r") for raw in text.split("\n")), 1)), [], {}
    else:
        entries, notes, problems, said = _table(text, sep, shown, column)
    names, problems = _names(entries, shown, problems)
    problems.sort(key=lambda p: p.line)  # a quote left open is found after the rows above it
    if problems:
        return Signups([], problems, [])
    pronouns = {name.strip(" \t"): said[line] for line, name in entries if line in said}
    return Signups(names, problems, notes, {n: p for n, p in pronouns.items() if n in names})


def _table(text: str, sep: str, shown: str, column: str | None):
    """(line, name) of each row of a table, the note on its unread columns, its problems, and
    the pronouns of each row that gives them (line → pronouns)."""
    rows, bad = spreadsheet.records(text, sep)
    problems = [_problem(shown, bad[0], bad[1], bad[2])] if bad else []
    rows = [(line, cells) for line, cells in rows if any(c.strip() for c in cells)]
    if not rows:
        return [], [], problems, {}
    header = rows[0][1]
    at, why = spreadsheet.name_column(header, column)
    if why is not None:
        fix = ("head the column of names `name`, or name its header with --column HEADER (`column:` in a plan)"
               if column is None else "give the header of the column of names as it is written in the first row")
        return [], [], problems + [_problem(shown, rows[0][0], why, fix)], {}
    if at is None:  # one column, no known header: a bare list of names, the first row one of them
        return [(line, cells[0]) for line, cells in rows], [], problems, {}
    kept = next((i for i, h in enumerate(header)
                 if i != at and spreadsheet.header_key(h) in spreadsheet.PRONOUN_HEADERS), None)
    unread = [h.strip() for i, h in enumerate(header) if i not in (at, kept) and h.strip()]
    notes = [f"{shown}: only the names{' and pronouns' if kept is not None else ''} are read; "
             f"column{'s' if len(unread) > 1 else ''} {spreadsheet.listed(unread)} left out"] if unread else []
    entries, said = [], {}
    for line, cells in rows[1:]:
        name = cells[at] if at < len(cells) else ""
        given = cells[kept].strip() if kept is not None and kept < len(cells) else ""
        if given:
            try:
                said[line] = Pronouns.parse(given)
            except ValueError as exc:
                problems.append(_problem(shown, line, f"{exc} (column {spreadsheet.listed([header[kept]])})",
                                         Pronouns.HINT, Pronouns.RULE))
        if name.strip():
            entries.append((line, name))
        else:  # a sign-up without a name would drop a player unsaid
            problems.append(_problem(shown, line, f"the row has no name under {spreadsheet.listed([header[at]])}",
                                     "write the player's name there, or delete the row"))
    return entries, notes, problems, said


def _names(entries, shown: str, problems: list[Problem]) -> tuple[list[str], list[Problem]]:
    """The names of `entries` (line, text), each checked and compared with those before."""
    names: list[str] = []
    first: dict[str, int] = {}
    for number, raw in entries:
        name = raw.strip(" \t")
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
        problems.append(_problem(shown, 1, "the file names no player",
                                 "write one name a line (# starts a comment), or a table with a `name` column"))
    return names, problems
