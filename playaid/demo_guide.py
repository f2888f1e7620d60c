"""`output/README.txt` of `playaid demo`: what each file is, and what to open first.

The guide is matched against the files the demo really wrote, so a step added later is
still listed (under "also written") rather than silently left out.
"""

from __future__ import annotations

from fnmatch import fnmatch
from pathlib import Path

GUIDE = (
    ("packets/*/*-packet.pdf", "Open first. A table's packet, one PDF to print: a cover with the cast, a sheet "
                               "per character, the game's reference page and its handouts."),
    ("tables/*/*-packet.pdf", "A ready table of pre-built characters, one per game: its packet."),
    ("tables/*/table.yaml", "… that table's setup, seating the cast (`playaid packet` makes its packet again)."),
    ("tables/*/*.yaml", "… and its characters, drawn by `playaid pregen --table`."),
    ("sheets/*/*.pdf", "One character's sheet; what changes in play is a fillable form field."),
    ("sheets/blank-*.pdf", "An empty sheet of a game, to fill in by hand."),
    ("odds-*.pdf", "A game's one-page odds handout (Fight Club: a one-page reference of the turn)."),
    ("example-rolls.txt", "Every example scene rolled step by step, as `playaid roll` prints it."),
    ("*-map.pdf", "Isolation relationship-map worksheets: the map, the dice table, the session worksheet."),
    ("*-deck.pdf", "The frustration deck: sheets of cards, each followed by its backs (print double-sided)."),
    ("*-fold.pdf", "The same deck for a printer without two-sided printing: fronts and backs side by side, "
                   "to print one-sided, fold on the dashed line and glue."),
    ("*-tokens.pdf", "Fight Club's Frustration, Pain and Retirement counters and turn cards, to cut out."),
    ("*-tts*", "Tabletop Simulator: card sheets, the back image, and the numbers its Custom Deck dialog asks."),
    ("*-nets.pdf", "Paper dice to cut, fold and glue (print at 100 %: the scale bar is 50 mm)."),
    ("pregen/*", "Pre-built characters as YAML: check them with `playaid validate`, print them with "
                 "`playaid sheet`."),
    ("validation-report.*", "The bundled examples checked against their games' rules (text, and JSON)."),
)
"""(pattern, what the file is), in the order to look at them; the first pattern a file
matches describes it."""


def guide(root: Path, written: list[Path]) -> str:
    """README.txt for the files `written` under `root`, grouped by kind in reading order."""
    names = sorted(str(Path(p).relative_to(root).as_posix()) for p in written)
    groups: dict[int, list[str]] = {}
    for name in names:
        kind = next((i for i, (pattern, _) in enumerate(GUIDE) if fnmatch(name, pattern)), len(GUIDE))
        groups.setdefault(kind, []).append(name)
    lines = ["What `playaid demo` wrote here, from the bundled examples.",
             "Start with a packet (packets/…): it is what a table prints before a session.", ""]
    for kind in sorted(groups):
        lines.append(GUIDE[kind][1] if kind < len(GUIDE) else "Also written by the demo:")
        lines += [f"  {name}" for name in groups[kind]]
        lines.append("")
    return "\n".join(lines)
