"""The At the table page's two side panels: how the table stands now (each character's state,
the setup's), and the events the GM declares without dice, written through the same code and
journal as `playaid event … --apply`.

Which fields make a table's state is the game's to say (`STATE` in its `events` module, a
kind → field names mapping); this module names no game.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..documents import Library
from ..systems.base import load
from ..systems.events import Event, events_of, scene_fields
from .words import choice, label


@dataclass(frozen=True)
class Row:
    who: str
    values: list[tuple[str, str]]
    """(label, value in words) of each state field."""


@dataclass
class Table:
    """The setup a scene is played at, its cast and what the GM can declare there."""

    game: str = ""
    setup: str = ""
    """The setup as the scene names it (relative to the scene)."""
    rows: list[Row] = field(default_factory=list)
    cast: list[tuple[str, str]] = field(default_factory=list)
    """(what to type for WHO, the character's name): the name at a setup, else the file."""
    events: tuple[Event, ...] = ()


def brief(value: Any) -> str:
    """A state value in a few words: lists joined, mappings as `key value`, nothing as "none"."""
    if value is None or value == [] or value == {} or value == "":
        return "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(brief(v) for v in value)
    if hasattr(value, "__dataclass_fields__"):
        value = {k: getattr(value, k) for k in value.__dataclass_fields__}
    if isinstance(value, dict):  # what is nought says nothing: `physical 1`, not `mental 0 physical 1 social 0`
        said = [brief(v) if k in ("name", "level") else f"{label(str(k)).lower()} {brief(v)}"
                for k, v in value.items() if v is not False and v != 0 and brief(v) != "none"]
        return " ".join(said) or "none"
    return choice(value)


def _values(model: Any, names: tuple[str, ...]) -> list[tuple[str, str]]:
    """Each state field the model has and that is set (an optional one left out says nothing)."""
    return [(label(n), brief(getattr(model, n))) for n in names if getattr(model, n, None) is not None]


def _files_named(model: Any, depth: int = 0) -> list[str]:
    """The `.yaml` files a scene names anywhere in it (`character: wren.yaml`, a side's file)."""
    if depth > 4:
        return []
    if isinstance(model, str):
        return [model] if model.endswith((".yaml", ".yml")) else []
    if isinstance(model, (list, tuple)):
        return [f for item in model for f in _files_named(item, depth + 1)]
    if hasattr(model, "__dataclass_fields__"):
        return [f for k in model.__dataclass_fields__ for f in _files_named(getattr(model, k), depth + 1)]
    return []


def table_of(scene_path: Path) -> Table:
    """The table the scene at `scene_path` is played at (an empty one when it names no setup
    that loads): its state rows and its game's events."""
    library = Library()
    scene = library.load(scene_path)
    if scene.system is None:
        return Table()
    found = Table(game=scene.system.id, events=events_of(scene.system))
    state = getattr(load(scene.system.events), "STATE", {}) if scene.system.events else {}
    wanted = tuple(state.get("character", ()))
    ref = getattr(scene.model, "setup", None)
    if not isinstance(ref, str) or not ref:  # a scene of its own characters' files (Sapio, Dirt)
        for name in dict.fromkeys(_files_named(scene.model)):
            doc = library.load(scene_path.parent / name) if (scene_path.parent / name).is_file() else None
            if doc is not None and doc.kind == "character" and doc.model is not None:
                found.cast.append((name, doc.model.name))
                found.rows.append(Row(doc.model.name, _values(doc.model, wanted)))
        found.events = tuple(e for e in found.events if not (e.setup and e.setup_needed))
        return found
    setup_path = scene_path.parent / ref
    setup = library.load(setup_path).model if setup_path.is_file() else None
    if setup is None:
        return found
    found.setup = ref
    if values := _values(setup, tuple(state.get("setup", ()))):
        found.rows.append(Row(getattr(setup, "name", "") or "The table", values))
    for entry in getattr(setup, "characters", None) or []:
        model = library.load(setup_path.parent / entry).model if isinstance(entry, str) else entry
        if model is None or not getattr(model, "name", ""):
            continue
        found.cast.append((model.name, model.name))
        found.rows.append(Row(model.name, _values(model, wanted)))
    return found


def declare(scene_path: Path, setup: str, game: str, event: Event, who: str, form: dict[str, str]) -> tuple[list[str], str]:
    """Carry out `event` at the scene's table, in place and journalled, as `playaid event GAME
    WHAT [WHO] --setup SETUP … --apply` typed in the scene's folder: the changes, or why none."""
    from ..campaign import CampaignError, apply_result, at_table
    from ..play import resolve_scene

    values, words = {}, []
    for param in event.params:
        given = form.get(f"param-{param.option}", "").strip()
        if param.kind == "flag":
            if given:
                values[param.option] = True
                words.append(f"--{param.option}")
            continue
        if not given:
            continue
        if param.kind == "int":
            try:
                values[param.option] = int(given)
            except ValueError:
                return [], f"{label(param.option)}: a whole number (3, -2), not “{given}”"
        else:
            values[param.option] = [p.strip() for p in given.split(",") if p.strip()] if param.kind == "list" else given
        words += [f"--{param.option}", given]
    if event.who is not None and not who:
        return [], f"Say {event.who_help} first."
    text = yaml.safe_dump(scene_fields(event, game, who or None, Path(setup).name if setup else None, values),
                          sort_keys=False,
                          allow_unicode=True)
    setup_dir = (scene_path.parent / setup).parent if setup else scene_path.parent
    path = setup_dir / f"event-{game}-{event.name}.yaml"
    line = shlex.join(["playaid", "event", game, event.name, *([who] if event.who and who else []),
                       *words, *(["--setup", Path(setup).name] if setup else []), "--apply"])
    try:
        with at_table(path, line):
            result, problems, _ = resolve_scene(path, None, text=text)
            if result is None:
                return [], "; ".join(p.message for p in problems if p.is_error) or "this event cannot be carried out"
            changed = apply_result(path, result, command=line, dice_from="none", seed=None, scene_text=text)
    except CampaignError as exc:
        return [], str(exc)
    return [f"{c.file.name}: {label(c.field.split('.')[0])} {brief(c.before)} → {brief(c.after)}"
            for c in changed], "" if changed else "nothing changed on the sheets (the event is in the journal)"
