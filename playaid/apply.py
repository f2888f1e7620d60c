"""`playaid roll --apply`: write a roll's consequences to copies of the table's files.

The originals are never touched. When the scene names a setup, the copy is that setup
with every character written inline, so one file holds the table's whole state and the
next scene can name it. Scenes that name character files directly (a Dirt check, a
Sapio roll) get a copy of each character that changed. A change whose `who` is "scene"
edits a copy of the scene file itself (a scene that records play across several rolls);
that copy names the setup copy written beside it. The copies are plain YAML: comments of
the originals do not survive.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .outputs import Batch, OutputFolder
from .systems.play import Change


class ApplyError(Exception):
    pass


def _load(path: Path) -> dict:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ApplyError(f"{path} is not a mapping")
    return data


SCENE = "scene"
"""`Change.who` for the scene file itself."""


def _edit(data: dict, field: tuple, value: Any) -> None:
    """Set `field` of the scene copy; `None` removes it. An empty `field` sets several
    top-level keys at once from the mapping `value`."""
    for key, new in (value.items() if not field else [(field, value)]):
        path = key if isinstance(key, tuple) else (key,)
        if new is None:
            parent = data
            for part in path[:-1]:
                parent = parent.get(part, {})
            parent.pop(path[-1], None)
        else:
            _set(data, path, new)


def _set(data: dict, field: tuple, value: Any) -> None:
    node: Any = data
    for part in field[:-1]:
        if isinstance(node, list):
            node = node[part]
        else:
            node = node.setdefault(part, {})
    node[field[-1]] = value


def _write(out: Batch, original: Path, data: dict) -> Path:
    if out.path(original.name) == original.resolve():
        raise ApplyError(f"--apply never writes over {original}; choose another --out folder")
    return out.write_text(original.name, _dump(data))


def _dump(data: dict) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def _character_refs(scene: dict) -> list[str]:
    refs = [scene["character"]] if isinstance(scene.get("character"), str) else []
    for side in scene.get("sides") or []:
        if isinstance(side, dict) and isinstance(side.get("character"), str):
            refs.append(side["character"])
    return refs


def apply_changes(scene_path: Path, changes: tuple[Change, ...], out: OutputFolder) -> list[Path]:
    """Write copies holding `changes`, all or none; return the files written."""
    if not changes:
        return []
    with out.batch() as batch:
        return _apply(scene_path, changes, batch)


def _apply(scene_path: Path, changes: tuple[Change, ...], out: Batch) -> list[Path]:
    own = [c for c in changes if c.who == SCENE]
    written = _apply_to_sheets(scene_path, tuple(c for c in changes if c.who != SCENE), bool(own), out)
    if own:
        scene = _load(scene_path)
        if isinstance(scene.get("setup"), str):
            scene["setup"] = written[0].name  # the setup copy, beside the scene copy
        for change in own:
            _edit(scene, change.field, change.after)
        written.append(_write(out, scene_path, scene))
    return written


def _apply_to_sheets(scene_path: Path, changes: tuple[Change, ...], keep_setup: bool, out: Batch) -> list[Path]:
    """Copies of what the changes touch; with `keep_setup`, the setup is copied even unchanged."""
    scene = _load(scene_path)
    base = scene_path.parent
    if isinstance(scene.get("setup"), str):
        return [_apply_to_setup(base / scene["setup"], changes, out)] if changes or keep_setup else []
    files = {}
    for ref in _character_refs(scene):
        data = _load(base / ref)
        files[str(data.get("name", ""))] = (base / ref, data)
    written = []
    for who in dict.fromkeys(c.who for c in changes):
        if who not in files:
            raise ApplyError(f"no file of this scene holds {who}")
        path, data = files[who]
        for change in changes:
            if change.who == who:
                _set(data, change.field, change.after)
        written.append(_write(out, path, data))
    return written


def _apply_to_setup(setup_path: Path, changes: tuple[Change, ...], out: Batch) -> Path:
    setup = _load(setup_path)
    cast = []
    for entry in setup.get("characters") or []:
        if isinstance(entry, str):
            # inline, a character carries no `system:` or `kind:`: the setup says both
            entry = {k: v for k, v in _load(setup_path.parent / entry).items() if k not in ("system", "kind")}
        cast.append(entry)
    setup["characters"] = cast
    by_name = {str(c.get("name")): c for c in cast if isinstance(c, dict)}
    for change in changes:
        if change.who == "setup":
            _set(setup, change.field, change.after)
        elif change.who in by_name:
            _set(by_name[change.who], change.field, change.after)
        else:
            raise ApplyError(f"{change.who} is not in the cast of {setup_path.name}")
    return _write(out, setup_path, setup)
