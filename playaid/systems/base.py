"""What every game of the rules core provides, and what it may ask of its caller.

A game is a `GameSystem` value: its models per kind of file, one check per kind, the
rule ids it reports, and (once it can be played) one resolver per scene type. The
rules core never opens files: a check that needs another document (a setup naming
character files, a scene naming its setup) asks the `Resolver` it is handed.

Add-ons written before games had one folder each keep working: every field they set is
honoured. Where a field has a better replacement its docstring says so — `examples` and
`templates` as paths (use the `examples/` and `templates/` folders; a `DeprecationWarning`,
shown only under `-W` and in tests), `rule_text` (nothing reads it).
"""

from __future__ import annotations

import random
import pathlib
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Callable, Mapping, Protocol

from ..problems import Path, Problem
from .blame import exits_as_errors

KINDS = ("character", "setup", "scene", "deck", "dice")


class Resolver(Protocol):
    """Loads documents that a document refers to, relative to it.

    `resolve` returns the referenced model (or None when it cannot be had; the
    problem is then already recorded against `path`). Problems inside the referenced
    file are reported against that file by the caller.
    """

    def resolve(self, ref: str, kind: str, path: Path) -> Any | None: ...

    def beside(self, ref: str) -> "Resolver":
        """A resolver for the names inside the file `ref` (say, a scene's setup naming
        its character files): they are relative to that file, not to this one."""
        ...


Check = Callable[[Any, Resolver], list[Problem]]


@dataclass(frozen=True)
class GameSystem:
    id: str
    title: str
    models: Mapping[str, type]
    """Model class per kind of file this game accepts (`character`, `setup` …)."""
    checks: Mapping[str, Check]
    """The game's rules per kind: every problem of one model, all at once."""
    rules: Mapping[str, str]
    """Every rule id this game reports, with a one-line description (see docs/rules/)."""
    summary: str = ""
    rule_text: str = ""
    """File name of the game's rule text, for the people who keep it; nothing reads it.
    Deprecated for add-ons: say where the rules come from in the package's docstring."""
    play: Callable[[Any, Resolver, random.Random], Any] | None = None
    """Resolves a scene: `play(scene, resolver, rng) -> play.Resolution`. The game replays
    the scene's listed dice when it has them and rolls with `rng` otherwise."""

    masthead: str = ""
    """The short title a sheet's masthead and a packet's cover show; `title` when empty."""
    sheet: str | None = None
    """Module (dotted name) with `build(character | None, namer, fit, setup)`: the data of the
    game's sheet, laid out by `templates/sheets/<id>.html`. Its reference page is
    `templates/reference/<id>.html`; a game with a sheet needs both templates. Left out: the
    package's `sheet` module, if it has one (`conventions.py`), as for `odds` and `pregen`."""
    odds: str | None = None
    """Module with the game's odds: tables, their cells, query options, handout words (the
    contract is in `playaid/odds/__init__.py`). None (and no `odds` module in the package):
    `playaid odds` does not offer the game."""
    pregen: str | None = None
    """Module that draws pre-built characters (contract in `playaid/pregen/__init__.py`)."""
    packet: tuple[tuple[str, str], ...] = ()
    """Pages a packet adds after the reference and the odds: (bookmark, "module:function"),
    the function taking (setup file, paper, templates) and giving PDF bytes."""
    examples: str | None = None
    """Folder of the game's bundled examples; None: `examples/` in the game's folder, if any.
    Deprecated: put them in `examples/` (a path still works, with a DeprecationWarning)."""
    templates: str | None = None
    """A folder of templates the game brings (`sheets/<id>.html`, `sheets/motifs/<id>.svg`,
    `reference/<id>.html`), looked in after the bundled templates; None: `templates/` in the
    game's folder, if any. Deprecated: put them in `templates/` (a path still works, with a
    DeprecationWarning)."""
    commands: Mapping[str, str] = field(default_factory=dict)
    """Commands of the game's own (`playaid map`): name → "module:attr" of a click command."""
    demo: tuple[tuple[str, str], ...] = ()
    """What `playaid demo` makes for the game beyond sheets, packets, odds and pre-built
    characters: (progress label, "module:function"), the function taking (output batch,
    paper id) and giving the paths it wrote."""
    printables: tuple[tuple[str, str, str, str], ...] = ()
    """What the studio's Print buttons make beyond sheets, packets, the reference page and the
    odds: (button label, what it is made from, "module:function", command line). "What it is
    made from" is kinds of file, space-separated, or "game" for one made for the game from no
    file; the function takes (the file's path or None, paper id) and gives {file name: bytes},
    the files the command line writes. `{file}` in the command line stands for the file; with
    no function ("") the studio runs that command line itself (adding --paper and --out)."""
    printable_counts: Mapping[str, tuple[str, int, int, int]] = field(default_factory=dict)
    """Printables made for the game that take a number (players for tokens, characters for a
    blank map): button label → (what is counted, as the page asks it, lowest, highest, the
    number the command line uses when none is given). The function is then also given
    `count=N`, and `{count}` in its command line stands for N."""
    worked_example: tuple[str, int] | None = None
    """The reference page's worked example: (scene file among the game's examples, seed used
    when the scene lists no dice), one that walks through most of the procedure. None: the
    page has no worked example."""
    reference: str | None = None
    """"module:function" giving what the game's reference template needs beyond the common
    values (Sapio: its die's faces, read from the face file); None: nothing more."""
    table_dice: str | None = None
    """"module:function" drawing a die a procedure asks for at the table (the studio's buttons):
    `function(wanted: play.Rolled, scene, resolver) -> list[render.faces.FaceLook] | None`
    (the scene's model and the resolver its procedure gets), None (or no function) showing
    the die's numbers."""
    paper_dice: Mapping[str, str] = field(default_factory=dict)
    """The game's own paper dice for `playaid net --die NAME`: name → "module:function", the
    function taking None (the game's own die), the model of one of its `kind: dice` files
    (`--faces`) or a die value of the game, and giving its `render.nets.PaperDie` (None for
    a value it does not draw). A d6 needs none: the nets draw it for every game."""
    events: str | None = None
    """Module whose `EVENTS` (a tuple of `systems.events.Event`) lists what the GM declares
    without dice (a death, the end of a combat): each is a scene type the game's own `play`
    resolves, and `playaid event` builds. Left out: the package's `events` module, if any."""
    package: str | None = None
    """The package that holds the game (its folder is the resource root: templates, examples,
    data). Filled in by the registry from the game's entry point; set it only for a game added
    by hand (`REGISTRY.add`)."""
    owns: tuple[str, ...] = ()
    """Deprecated and ignored, kept so older add-ons still load: a game's own modules are
    those in its package; modules outside it are generic and never name a game."""

    @property
    def folder(self) -> pathlib.Path | None:
        """The game's folder: where its templates, examples and data are (None: no package)."""
        return folder_of(self.package) if self.package else None

    @property
    def data(self) -> pathlib.Path | None:
        """The game's data tables folder, `data/` in its folder (None when it has none)."""
        folder = self.folder
        return folder / "data" if folder is not None and (folder / "data").is_dir() else None

    @property
    def short_title(self) -> str:
        return self.masthead or self.title

    def check(self, kind: str, model: Any, resolver: Resolver) -> list[Problem]:
        check = self.checks.get(kind)
        return check(model, resolver) if check else []


def folder_of(package: str) -> pathlib.Path | None:
    """The folder of an importable package (its resource root), or None for a namespace or
    zip-imported one, which has no single folder to read from."""
    from importlib.util import find_spec

    spec = find_spec(package)
    origin = spec.origin if spec is not None else None
    return pathlib.Path(origin).parent if origin and origin.endswith("__init__.py") else None


def load(dotted: str) -> Any:
    """`package.module` → that module, `package.module:name` → its attribute, imported on
    first use: a game names its renderers and odds this way, so the rules core never
    imports them and one command loads only the pieces it uses."""
    module, _, attr = dotted.partition(":")
    with exits_as_errors(module):  # an add-on's module that ends the program at import is a failure
        found = import_module(module)
    return getattr(found, attr) if attr else found

