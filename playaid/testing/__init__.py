"""The contract every game meets, built-in or add-on, as functions an add-on's own tests call.

    from playaid.testing import check_contract

    def test_my_game_keeps_the_contract(tmp_path):
        check_contract("zombies", tmp_path)

or, with pytest, `pytest_plugins = ["playaid.testing.plugin"]` in the add-on's `conftest.py`
and the fixtures there (`playaid_run`, `playaid_contract`). playaid's own suite runs the very
same checks over its six games and any add-on installed beside it.

Each check takes a game id (the game must be registered: installed through its entry point,
or added with `REGISTRY.add`) and fails with an `AssertionError` saying what to fix.
"""

from __future__ import annotations

import dataclasses
import json
import re
import typing
import warnings
from pathlib import Path

import click

from ..resources import TEMPLATES
from ..systems import REGISTRY
from ..systems.base import KINDS, GameSystem, load
from .cli import example_files, run

RULE_ID = re.compile(r"[a-z0-9-]+(\.[a-z0-9-]+)+")
"""A rule id: its game (or a shared namespace) and the rule, dotted (`dirt.stat-total`)."""
COMMON_ODDS_OPTIONS = {"system", "fmt", "out_dir", "paper"}
"""The names `playaid odds` gives its own options: a game's query option must not take one."""


class NothingChecked(UserWarning):
    """A check of the contract that had nothing to compare (pytest lists it among the warnings)."""


def _game(game: str | GameSystem) -> GameSystem:
    return game if isinstance(game, GameSystem) else REGISTRY[game]


def _types(hint) -> list:
    """Every class a type hint names (`list[str | Character]` → str, Character)."""
    args = typing.get_args(hint)
    return [t for a in args for t in _types(a)] if args else [hint]


def _rule_ids(model: type, seen: set[type] | None = None) -> set[str]:
    """The rule ids a model's fields report (`spec(rule=…)`), nested models included."""
    seen = seen if seen is not None else set()
    if model in seen or not dataclasses.is_dataclass(model):
        return set()
    seen.add(model)
    try:
        hints = typing.get_type_hints(model)
    except Exception:  # a hint that names what its module cannot see: its own fields still count
        hints = {}
    found = set()
    for f in dataclasses.fields(model):
        if f.metadata.get("rule"):
            found.add(f.metadata["rule"])
        for inner in _types(hints.get(f.name)):
            found |= _rule_ids(inner, seen)
    return found


def check_declarations(game: str | GameSystem) -> None:
    """What a game declares holds together: its kinds are known and checked, its rule ids are
    documented in `rules`, its modules import and hold what they must, its templates and
    examples are there, its odds options leave `playaid odds`'s own alone."""
    g = _game(game)
    assert g.title and g.short_title, f"{g.id}: give the game a `title`"
    assert set(g.models) <= set(KINDS), f"{g.id}: models only of the kinds {', '.join(KINDS)}"
    assert set(g.checks) <= set(g.models), f"{g.id}: a check for a kind with no model: {set(g.checks) - set(g.models)}"
    # `input.*` rules are playaid's own (a wrong type, a missing key), documented once for all games
    undocumented = {r for m in g.models.values() for r in _rule_ids(m) if not r.startswith("input.")} - set(g.rules)
    assert not undocumented, f"{g.id}: rule ids its models report but `rules` does not document: {undocumented}"
    odd = [r for r in g.rules if not RULE_ID.fullmatch(r)]
    assert not odd, f"{g.id}: name rules `{g.id}.what-it-checks` (lower case, dotted), not {odd}"
    if g.sheet:
        assert callable(load(g.sheet).build), f"{g.sheet}: a sheet module needs `build`"
        roots = [TEMPLATES, *([Path(g.templates)] if g.templates else [])]
        for template in (f"sheets/{g.id}.html", f"reference/{g.id}.html", f"sheets/motifs/{g.id}.svg"):
            assert any((root / template).is_file() for root in roots), f"{g.id}: add templates/{template}"
    if g.odds:
        _check_odds_module(g)
    if g.pregen:
        pregen = load(g.pregen)
        assert callable(pregen.characters), f"{g.pregen}: a pregen module needs `characters`"
        if hasattr(pregen, "ready_table"):  # `playaid demo` makes a table of this size
            assert callable(pregen.ready_table) and isinstance(pregen.DEMO_TABLE, int)
    if g.reference:
        assert isinstance(load(g.reference)(), dict), f"{g.reference}: give a dict"
    if g.worked_example:
        scene, seed = g.worked_example
        assert g.examples and (Path(g.examples) / scene).is_file() and isinstance(seed, int), \
            f"{g.id}: the worked example {scene} is not among its examples"
    for _, dotted in (*g.packet, *g.demo, *((("", g.table_dice),) if g.table_dice else ())):
        assert callable(load(dotted)), f"{dotted} is not a function"
    for name, dotted in g.commands.items():
        assert isinstance(load(dotted), click.Command), f"{dotted} (`playaid {name}`) is not a click command"
    assert g.examples and Path(g.examples).is_dir(), f"{g.id}: add examples/ to the game's folder"


def _check_odds_module(g: GameSystem) -> None:
    odds = load(g.odds)
    assert isinstance(odds.tables(), list) and {"read", "assumptions"} <= set(odds.words()), \
        f"{g.odds}: give `tables()` and `words()` with `read` and `assumptions`"
    names = [o.name for o in getattr(odds, "OPTIONS", ())]
    assert not COMMON_ODDS_OPTIONS & set(names), f"{g.odds}: an odds option clashes with `playaid odds`'s own"
    assert set(getattr(odds, "ASKING", set())) <= set(names), f"{g.odds}: ASKING names options it does not declare"
    assert not getattr(odds, "ASKING", None) or callable(odds.answer), f"{g.odds}: ASKING needs `answer(given)`"
    assert set(getattr(odds, "LIMITS", {})) <= set(names) and set(getattr(odds, "EXAMPLE", {})) <= set(names)


def check_examples(game: str | GameSystem) -> None:
    """Every bundled example is this game's and valid (warnings allowed, as in the demo)."""
    from ..documents import Library

    g = _game(game)
    library = Library()
    files = example_files(g)
    assert files, f"{g.id}: examples/ holds no YAML file"
    for f in files:
        doc = library.load(f)
        assert doc.system is not None and doc.system.id == g.id, f"{f}: not a file of {g.id}"
        bad = [p for p in doc.problems if p.is_error]
        assert not bad, f"{f}: {bad[0].rule} {bad[0].message}"


def _pages(path: Path) -> int:
    import pikepdf

    with pikepdf.open(path) as pdf:
        return len(pdf.pages)


def check_pages(game: str | GameSystem, out: Path) -> None:
    """A filled sheet of its first example character, a blank one and the reference page
    render, each one page of a PDF that opens (for a game with a sheet)."""
    g = _game(game)
    if not g.sheet:
        return
    character = next((f for f, kind in example_files(g, kinds=True) if kind == "character"), None)
    args = ["sheet", *([str(character)] if character else []), "--blank", g.id, "--reference", g.id, "--out", str(out)]
    result = run(*args)
    assert result.exit_code == 0, result.output
    made = sorted(out.glob("*.pdf"))  # the filled sheet is named after the character
    names = {p.name for p in made}
    assert {f"blank-{g.id}.pdf", f"reference-{g.id}.pdf"} <= names and len(made) == 2 + bool(character), names
    for pdf in made:
        assert _pages(pdf) == 1, f"{pdf.name}: one page expected, got {_pages(pdf)}"


def check_odds_twin(game: str | GameSystem) -> int:
    """The odds tables equal the brute-force twin the odds module gives (`twin()`: the same
    tables, every roll listed), cell by cell, exactly; the number of tables compared. A game
    without odds, or odds without `twin()`, fails: a check that compared nothing must not
    pass as one that did (`check_contract` warns `NothingChecked` instead, for odds without
    a twin, and skips a game without odds)."""
    g = _game(game)
    assert g.odds, f"{g.id}: no odds module, so no twin to compare"
    odds = load(g.odds)
    assert callable(getattr(odds, "twin", None)), \
        f"{g.odds}: give `twin()`, the same tables by brute force (every roll listed), to compare with `tables()`"
    fast, slow = odds.tables(), odds.twin()
    assert [t.id for t in fast] == [t.id for t in slow], f"{g.odds}: twin() gives other tables"
    for a, b in zip(fast, slow):
        # cells are exact (Fractions, or outcome → Fraction): equal means equal, no tolerance
        assert (a.rows, a.cols, a.cells) == (b.rows, b.cols, b.cells), f"{g.odds}: table {a.id} differs from its twin"
    return len(fast)


def check_replays(game: str | GameSystem) -> None:
    """Each example scene, rolled with a seed, comes out the same when its dice are typed
    back with `--dice` (what a table does with real dice)."""
    g = _game(game)
    for scene in [f for f, kind in example_files(g, kinds=True) if kind == "scene"]:
        seeded = run("roll", str(scene), "--seed", "7", "--json")
        assert seeded.exit_code == 0, f"{scene.name}: {seeded.output}"
        first = json.loads(seeded.output)
        faces = ",".join(str(value) for value in first["rolled"])
        if not faces:
            continue
        typed = run("roll", str(scene), "--dice", faces, "--json")
        assert typed.exit_code == 0, f"{scene.name} --dice {faces}: {typed.output}"
        again = json.loads(typed.output)
        assert (again["outcome"], again["steps"]) == (first["outcome"], first["steps"]), \
            f"{scene.name}: --dice {faces} resolves otherwise than the seeded roll"


def check_contract(game: str | GameSystem, out: Path) -> None:
    """Every check above, `out` an empty folder for the rendered pages."""
    check_declarations(game)
    check_examples(game)
    g = _game(game)
    if g.odds and not hasattr(load(g.odds), "twin"):
        # an add-on written before twin() keeps its contract, but hears it was not compared
        warnings.warn(NothingChecked(f"{g.id}: its odds have no twin(), so nothing compared them with a brute-force "
                                     "count; add twin() to `odds.py`"), stacklevel=2)
    elif g.odds:
        check_odds_twin(game)
    check_replays(game)
    check_pages(game, out)


__all__ = ["NothingChecked", "check_contract", "check_declarations", "check_examples", "check_odds_twin", "check_pages",
           "check_replays", "example_files", "run"]
