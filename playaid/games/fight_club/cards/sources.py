"""Where a deck comes from: the standard frustration deck, a `kind: deck` file, a CSV
or TSV with `name` (and `copies`), or plain text with one card per line. A workbook
(.xlsx, .ods) is refused with the way to export it as CSV.

Every source becomes the rules core's `Deck` model and is checked by its `check_deck`,
so a CSV obeys the same rules (no empty deck, names of 1 to 40 characters, each card
listed once) as a YAML deck.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from playaid.limits import control_character
from playaid.manifest import note_read
from playaid.documents import Library
from playaid.problems import Problem, error
from playaid.source import MAX_BYTES, missing_examples, refusal
from playaid.spreadsheet import TABLES, WORKBOOKS, records, separator, workbook
from playaid.text_faults import bad_byte
from .. import deck as decks
from ..checks import check_deck
from ..models import Card, Deck
from .settings import layout

YAML_SUFFIXES = (".yaml", ".yml")
NOT_YAML = (".txt", *TABLES, *WORKBOOKS)
"""Deck files that are never a setup naming its deck."""


def standard() -> Deck:
    """The frustration deck of the rule text, each distinct frustration once."""
    return decks.standard_deck()


def load(path: str | Path) -> tuple[Deck | None, list[Problem]]:
    """The deck in `path` and its problems (the deck is None when any is an error)."""
    path = Path(path)
    why = refusal(path)
    if why is not None:  # looked at before reading: a FIFO or device would block or never end
        rule, message, hint = why
        if rule == "input.missing-file":
            hint = missing_examples(path) or \
                "give a deck .yaml, a .csv with a `name` column, or a .txt with one card per line"
        return None, [error(rule, f"{path}: {message}", hint).at(str(path), 0, 0)]
    if path.suffix.lower() in YAML_SUFFIXES:
        return _from_yaml(path)
    if why := workbook(path):
        return None, [error("deck.workbook", f"{path}: {why[0]}", why[1]).at(str(path), 1, 1)]
    try:
        with path.open("rb") as fh:
            data = fh.read(MAX_BYTES + 1)
        note_read(path, data)  # a print made from it knows when it is stale (`playaid reprint`)
        if len(data) > MAX_BYTES:
            return None, [error("input.too-large", f"{path} is larger than {MAX_BYTES // 1024} KiB",
                                "a deck holds at most a few hundred cards; split the file").at(str(path), 0, 0)]
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return None, [bad_byte(data, exc, str(path))]
    except OSError as exc:
        return None, [error("input.unreadable", f"cannot read {path}: {exc.strerror}",
                            "check the file's permissions").at(str(path), 0, 0)]
    if sep := separator(path, text):
        deck, lines, problems = _from_csv(text, path.stem, sep)
    else:
        deck, lines, problems = _from_text(text, path.stem)
    if deck is not None:
        problems += [_pin(p, lines) for p in _printable(deck) + check_deck(deck)]
    problems = [p if p.file else p.at(str(path), p.line, p.column) for p in problems]
    problems += _limits(deck, str(path)) if deck is not None else []
    return (None if any(p.is_error for p in problems) else deck), capped(problems)


def _printable(deck: Deck) -> list[Problem]:
    """A card name of a CSV or text deck holds printable characters only, as a YAML deck's must."""
    found = (control_character(card.name, ("cards", i)) for i, card in enumerate(decks.entries(deck)))
    return [p for p in found if p is not None]


SAME_RULE = 10
"""Problems of one rule shown in full; the rest are counted (100,000 duplicate lines printed 19 MB)."""


def capped(problems: list[Problem], most: int = SAME_RULE) -> list[Problem]:
    """`problems` with at most `most` of each rule, then one saying how many more there are."""
    kept, extra = [], {}
    for p in problems:
        count = extra.setdefault(p.rule, [p, 0])
        count[1] += 1
        if count[1] <= most:
            kept.append(p)
    for rule, (first, count) in extra.items():
        if count > most:
            kept.append(replace(first, message=f"and {count - most:,} more problems like these ({count:,} in all)",
                                hint="fix the ones above; the same fix applies to the rest", path=(), line=0,
                                column=0))
    return kept


def _from_yaml(path: Path) -> tuple[Deck | None, list[Problem]]:
    doc = Library().load(path)
    problems = list(doc.problems)
    if doc.model is not None and doc.kind != "deck":
        problems.append(error("deck.kind", f"{path} is a {doc.system.id} {doc.kind} file, not a deck",
                              "give a file with `system: fight-club` and `kind: deck`").at(str(path), 1, 1))
    if doc.model is not None and doc.kind == "deck":
        problems += _limits(doc.model, str(path))
    ok = doc.valid and doc.kind == "deck" and not any(p.is_error for p in problems)
    return (doc.model if ok else None), problems


def _from_csv(text: str, name: str, sep: str = ",") -> tuple[Deck | None, list[int], list[Problem]]:
    rows, bad = records(text, sep)
    if bad is not None:
        line, message, hint = bad
        return None, [], [error("deck.csv-syntax", message, hint).at("", line, 1)]
    return _csv_cards(rows, name)


def _csv_cards(records: list[tuple[int, list[str]]], name: str) -> tuple[Deck | None, list[int], list[Problem]]:
    header = [h.strip().lower() for h in (records[0][1] if records else [])]
    if "name" not in header:
        return None, [], [error("deck.csv-columns", f"the CSV has no `name` column (columns: {', '.join(header) or 'none'})",
                                "put a header line first: `name,copies` (copies is optional)").at("", 1, 1)]
    cards, lines, problems = [], [], []
    most = layout()["limits"]["copies"]
    for line, values in records[1:]:
        row = dict(zip(header, values))
        card_name = (row.get("name") or "").strip()
        raw = (row.get("copies") or "").strip()
        if not card_name and not raw:
            continue
        copies = 1
        if raw:
            try:
                copies = int(raw)
            except ValueError:
                copies = -1
            if not 1 <= copies <= most:
                problems.append(error("deck.copies", f"{card_name or 'a card'}: copies {raw!r} is not a whole number from 1 to {most}",
                                      f"write how many of the card the deck holds, 1 to {most}").at("", line, 1))
                continue
        cards.append(Card(card_name, copies) if copies != 1 else card_name)
        lines.append(line)
    return Deck(name, cards), lines, problems


def _from_text(text: str, name: str) -> tuple[Deck, list[int], list[Problem]]:
    cards, lines = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            cards.append(line.strip())
            lines.append(number)
    return Deck(name, cards), lines, []


def _pin(p: Problem, lines: list[int]) -> Problem:
    """A problem about card i of a CSV or text deck, pinned to the line it came from."""
    if len(p.path) >= 2 and p.path[0] == "cards" and isinstance(p.path[1], int) and p.path[1] < len(lines):
        return p.at("", lines[p.path[1]], 1)
    return p


def _limits(deck: Deck, file: str) -> list[Problem]:
    """A deck the printer could choke on: too many copies of one card, or cards in all."""
    limits = layout()["limits"]
    problems = []
    for i, card in enumerate(decks.entries(deck)):
        if card.copies > limits["copies"]:
            problems.append(error("deck.copies", f"{card.name}: {card.copies} copies is more than {limits['copies']}",
                                  f"a card is printed 1 to {limits['copies']} times", ("cards", i)).at(file, 0, 0))
    total = sum(card.copies for card in decks.entries(deck))
    if total > limits["cards"]:
        problems.append(error("deck.size", f"the deck holds {total} cards; at most {limits['cards']} are printed at once",
                              "split it into several decks").at(file, 0, 0))
    return problems

