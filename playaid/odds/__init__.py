"""Odds tables and queries, each game's in the module its `GameSystem.odds` names.

A game's odds module provides
- `tables() -> list[Table]`: its default tables ([] for a game without dice);
- `words() -> dict`: the handout's `read`, `assumptions` and `small` (what a cell's small
  line is, for the how-to-read example); its title is the game's, from the registry;
and may provide
- `OPTIONS`: its query options as `click.Option`s (a name may be shared with other games),
  `ASKING`: the names among them that make `playaid odds` a query of one situation,
  `USAGE`: that query in one line, and `answer(given) -> Answer`, `given` holding every
  option of `playaid odds` by name (None when not given), its `spread` the whole
  distribution its first line sums up (the studio charts it);
  `LIMITS`: option name → (lowest, highest) for the whole-number options (the one source
  `answer` checks them against, and the studio's controls show), `EXAMPLE`: option name →
  value, the query the studio's odds explorer opens with;
  `MODES`: the exclusive ways a roll is made, as (name, label, {option: opening value}):
  the options only that way takes (unopposed `--difficulty`, opposed `--versus`); the
  studio shows one way at a time; `FILE_KINDS`: file option name → the kind of the game's
  file it takes (the studio lists only those); `LABELS`: option name → the studio's label
  where the option's help speaks the file's syntax;
- `for_character(model) -> Answer`: `--character FILE`, the chances of that character's own
  checks (a valid character file of the game); a game whose characters make no check of their
  own says why instead in `NO_CHARACTER` (one clause, and what to ask for);
- `tables_for(given)`: tables shaped by the options (`--faces`); else `tables()`;
- `CELL_VIEWS`: table id → how a cell with several outcomes shows (see `cells`);
- `SECTIONS`: table id → a handout section of its own (title, maps, note);
- `ON_PAPER`: table id → (rows, cols) its handout keeps, for a game whose tables whole
  would not fit one page (see `on_paper`); the terminal's tables stay whole;
- `HANDOUT_TITLE` (its packet bookmark, "Odds"); `PER_LINE`: how many tables of a
  section stand side by side on the handout (1: each the page's width);
- `NO_DICE`: for a game without dice, what `playaid odds` says instead of writing a
  handout (`{title}`: the game's name); such a game gets no handout in a demo or packet.
"""

from __future__ import annotations

from types import ModuleType

from ..systems import REGISTRY
from ..systems.base import load
from .tables import Answer, Table


def games() -> list[str]:
    """The ids of the games with odds, in the registry's order."""
    return [g for g in REGISTRY if REGISTRY[g].odds]


def module(system: str) -> ModuleType:
    """Game `system`'s odds module."""
    return load(REGISTRY[system].odds)


def default_tables(system: str) -> list[Table]:
    """Game `system`'s default tables."""
    return tables_of(module(system))


def tables_of(odds: ModuleType, given: dict | None = None) -> list[Table]:
    """An odds module's tables (shaped by the options `given`, when it has `tables_for`),
    checked: every generic use reads them as a list of `Table`, and an add-on's mistake
    should be said as one, not as an AttributeError deep in a handout."""
    if given is not None and hasattr(odds, "tables_for"):
        found, call = odds.tables_for(given), "tables_for()"
    elif callable(getattr(odds, "tables", None)):
        found, call = odds.tables(), "tables()"
    else:
        raise TypeError(f"{odds.__name__} has no tables(), which every odds module gives")
    if not isinstance(found, (list, tuple)):
        raise TypeError(f"{odds.__name__}.{call} returned a {type(found).__name__}, not a list of Table")
    for t in found:
        if not isinstance(t, Table):
            raise TypeError(f"{odds.__name__}.{call} returned a {type(t).__name__} among its tables, not a Table")
    return list(found)


__all__ = ["Answer", "Table", "default_tables", "games", "module", "tables_of"]
