"""A table from a spreadsheet: the rows of a CSV or TSV export, each with the line it
starts on, and which of its columns holds the names.

Players files, convention plans' players files and Fight Club's CSV decks all read their
tables here, so a quote left open or a workbook given unexported is refused in the same
words everywhere. Workbooks (.xlsx, .ods) are not read: no light, well-kept reader is among
the project's dependencies, and every spreadsheet program exports CSV.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from pathlib import Path

TABLES = {".csv": ",", ".tsv": "\t"}
"""The suffixes read as tables, and their separators."""
WORKBOOKS = (".xlsx", ".xlsm", ".xls", ".ods", ".numbers")

NAME_HEADERS = ("name", "names", "player", "players", "player name", "full name", "nom", "nom complet",
                "joueur", "joueuse", "nombre", "jugador", "jugadora", "spieler", "spielerin", "teilnehmer")
"""Headers of a column of names, as `header_key` folds them (case and accents aside)."""
PRONOUN_HEADERS = ("pronouns", "pronoun", "pronoms", "pronombres", "pronomen")


def workbook(path: Path) -> tuple[str, str] | None:
    """Why `path` is not read, and the fix, when it is a spreadsheet workbook; else None."""
    if path.suffix.lower() not in WORKBOOKS:
        return None
    return (f"a {path.suffix.lower()} workbook is not read (only its CSV export is)",
            f"in the spreadsheet, save or download the sheet as CSV (UTF-8), then give {path.stem}.csv")


def separator(path: Path, text: str) -> str | None:
    """The separator of `path` read as a table, or None for a text file. A `.csv` whose
    first line has semicolons and no comma is read with `;`: spreadsheets set to a language
    that writes decimal commas export so."""
    sep = TABLES.get(path.suffix.lower())
    first = text.split("\n", 1)[0]
    if sep == "," and ";" in first and "," not in first:
        return ";"
    return sep


def records(text: str, sep: str = ",") -> tuple[list[tuple[int, list[str]]], tuple[int, str, str] | None]:
    """Every row of `text` with the line it starts on, or the rows before a malformed one
    and (line, message, fix) for it.

    >>> records('name,email\\n"Smith, Jordan",j@example.org\\n')[0][1]
    (2, ['Smith, Jordan', 'j@example.org'])
    """
    # strict: an unterminated quote is an error, not a field that swallows the rest of the file
    rows = csv.reader(io.StringIO(text), delimiter=sep, strict=True)
    out: list[tuple[int, list[str]]] = []
    while True:
        started = rows.line_num + 1  # where a runaway quote opens, not where the file ends
        try:
            out.append((started, next(rows)))
        except StopIteration:
            return out, None
        except csv.Error as exc:
            if "field limit" in str(exc):
                return out, (started, f"a field starting on this line is longer than {csv.field_size_limit():,} "
                             "characters", "check for a quote that is never closed")
            return out, (started, f"malformed CSV: {exc}",
                         'a field that starts with " must end with "; write "" for a quote inside it')


def split_names(text: str) -> list[str]:
    """Names typed after `--players`, separated by commas; a name holding a comma is quoted
    as a CSV field is. ValueError for a quote left open.

    >>> split_names('"Smith, Jordan", Ann')
    ['Smith, Jordan', 'Ann']
    """
    try:
        return [n.strip() for n in next(csv.reader([text], skipinitialspace=True, strict=True), [""])]
    except csv.Error:
        raise ValueError('a name holding a comma is quoted whole: --players \'"Smith, Jordan",Ann\'') from None


def header_key(cell: str) -> str:
    """A header as it is compared: case, accents, `_`/`-` and extra spaces aside.

    >>> header_key(" Player_Name "), header_key("Prénom")
    ('player name', 'prenom')
    """
    plain = "".join(c for c in unicodedata.normalize("NFKD", cell) if not unicodedata.combining(c))
    return " ".join(plain.replace("_", " ").replace("-", " ").casefold().split())


def name_column(header: list[str], column: str | None) -> tuple[int | None, str | None]:
    """Which column of `header` holds the names: `column` if given, else the one with a
    known header (`NAME_HEADERS`). (index, None), or (None, why) when there is no single one;
    (None, None) for a one-column table without a known header: every row is a name."""
    keys = [header_key(h) for h in header]
    if column is not None:
        if header_key(column) in keys:
            return keys.index(header_key(column)), None
        return None, f"no column is headed `{visible(column)}` (the header row holds: {listed(header)})"
    known = [i for i, k in enumerate(keys) if k in NAME_HEADERS]
    if len(known) == 1:
        return known[0], None
    if len(known) > 1:
        return None, f"several columns could hold the names: {listed([header[i] for i in known])}"
    if len(header) == 1:
        return None, None
    return None, f"no column is headed `name` or `player` (the first row holds: {listed(header)})"


def listed(cells: list[str]) -> str:
    """Header cells as a message quotes them: any file may be given, so its first row is
    shown escaped, each cell shortened, at most twelve."""
    shown = ", ".join(f"`{visible(c.strip()[:40])}`" for c in cells[:12])
    return shown + (f" and {len(cells) - 12} more" if len(cells) > 12 else "")


def visible(text: str) -> str:
    """`text` with every character that is not printed as itself (controls, line separators,
    direction overrides, zero-width ones) written as its code, so a cell cannot move the
    cursor or turn the message around.

    >>> visible("Ann\\u202e")
    'Ann\\\\u202e'
    """
    return "".join(c if c.isprintable() or c == " " else f"\\u{ord(c):04x}" for c in text)
