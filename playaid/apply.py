"""`playaid roll --apply --out DIR`: write a roll's consequences to copies of the table's files.

Without --out, `--apply` changes the GM's own files in place (`playaid.campaign`); with it,
the originals are never touched. When the scene names a setup, the copy is that setup
with every character written inline, so one file holds the table's whole state and the
next scene can name it. Scenes that name character files directly (a Dirt check, a
Sapio roll) get a copy of each character that changed. A change whose `who` is "scene"
edits a copy of the scene file itself (a scene that records play across several rolls);
that copy names the setup copy written beside it.

The copies are edited as YAML nodes, read with the project's own loader (`source.read`)
and written back node by node: every value the roll does not change keeps the text it
was written with (`player: 1:20`, `job: Off`, `0x1F`, a character named `Yes`), so it
means the same when the copy is read again. Comments of the originals do not survive.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from . import source
from .outputs import Batch, OutputFolder
from .safe_text import shown
from .systems.play import Change


class ApplyError(Exception):
    pass


def _load(path: Path) -> yaml.MappingNode:
    root, problems = source.read(path)
    if root is None:
        p = problems[0]
        raise ApplyError(f"{shown(p.file)}:{p.line}: {shown(p.message)}")
    if not isinstance(root.root, yaml.MappingNode):
        raise ApplyError(f"{path} is not a mapping")
    return root.root


def _entry(mapping: yaml.MappingNode, key: str) -> int | None:
    """The index of `key`'s pair in `mapping`, by the key's text as written."""
    return next((i for i, (k, _) in enumerate(mapping.value)
                 if isinstance(k, yaml.ScalarNode) and k.value == key), None)


def _get(mapping: yaml.MappingNode, key: str) -> yaml.Node | None:
    index = _entry(mapping, key)
    return None if index is None else mapping.value[index][1]


def _text(node: yaml.Node | None) -> str | None:
    """A scalar's text as the project reads a text field (`name: Yes` is "Yes")."""
    return node.value.strip() if isinstance(node, yaml.ScalarNode) else None


def _plain(value: Any) -> Any:
    """`value` as the built-in types YAML's safe writer knows (the games hand over
    tuples and text or number subclasses too)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    return value if isinstance(value, float) else str(value)


def _node(value: Any) -> yaml.Node:
    """A node for a value the roll wrote, quoted where its text would read as another type."""
    return yaml.compose(yaml.safe_dump(_plain(value), allow_unicode=True, width=10**6, sort_keys=False),
                        Loader=yaml.SafeLoader)


def _set(root: yaml.Node, field: tuple, value: Any) -> None:
    node = root
    for depth, part in enumerate(field):
        last = depth == len(field) - 1
        if isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            if last:
                node.value[part] = _node(value)
                return
            node = node.value[part]
            continue
        if not isinstance(node, yaml.MappingNode):
            raise ApplyError(f"cannot write `{'.'.join(map(str, field))}`: the file holds no mapping there")
        index = _entry(node, str(part))
        new = _node(value) if last else yaml.MappingNode("tag:yaml.org,2002:map", [])
        if index is None:
            node.value.append((_node(str(part)), new))
        elif last or not isinstance(node.value[index][1], (yaml.MappingNode, yaml.SequenceNode)):
            node.value[index] = (node.value[index][0], new)
        if last:
            return
        node = node.value[_entry(node, str(part))][1]


SCENE = "scene"
"""`Change.who` for the scene file itself."""


def _edit(root: yaml.MappingNode, field: tuple, value: Any) -> None:
    """Set `field` of the scene copy; `None` removes it. An empty `field` sets several
    top-level keys at once from the mapping `value`."""
    for key, new in (value.items() if not field else [(field, value)]):
        path = key if isinstance(key, tuple) else (key,)
        if new is not None:
            _set(root, path, new)
            continue
        parent: yaml.Node | None = root
        for part in path[:-1]:
            parent = _get(parent, str(part)) if isinstance(parent, yaml.MappingNode) else None
        index = _entry(parent, str(path[-1])) if isinstance(parent, yaml.MappingNode) else None
        if index is not None:
            del parent.value[index]


def dump(root: yaml.Node) -> str:
    _unfold(root)
    return yaml.serialize(root, Dumper=yaml.SafeDumper, allow_unicode=True, width=100)


def _unfold(node: yaml.Node) -> None:
    """Written block by block where a list or mapping holds another: a setup's one-line
    `characters: [a.yaml, b.yaml]` that now holds whole characters inline would otherwise
    be written as one flow collection many lines long. Flat lists keep their style."""
    if isinstance(node, yaml.MappingNode):
        children = [v for _, v in node.value]
    elif isinstance(node, yaml.SequenceNode):
        children = list(node.value)
    else:
        return
    if any(isinstance(c, (yaml.MappingNode, yaml.SequenceNode)) and c.value for c in children):
        node.flow_style = False
    for child in children:
        _unfold(child)


def _write(out: Batch, original: Path, root: yaml.Node) -> tuple[Path, bool]:
    target = out.path(original.name)
    if target == original.resolve():
        raise ApplyError(f"--apply never writes over {original}; choose another --out folder")
    replaces = target.exists()
    return out.write_text(original.name, dump(root)), replaces


def _character_refs(scene: yaml.MappingNode) -> list[str]:
    refs = [_text(_get(scene, "character"))]
    sides = _get(scene, "sides")
    for side in sides.value if isinstance(sides, yaml.SequenceNode) else []:
        if isinstance(side, yaml.MappingNode):
            refs.append(_text(_get(side, "character")))
    return [r for r in refs if r]


def apply_changes(scene_path: Path, changes: tuple[Change, ...], out: OutputFolder) -> list[Path]:
    """Write copies holding `changes`, all or none; return the files written."""
    return [path for path, _ in apply_copies(scene_path, changes, out)]


def apply_copies(scene_path: Path, changes: tuple[Change, ...], out: OutputFolder) -> list[tuple[Path, bool]]:
    """Like `apply_changes`, each file with whether it replaced a copy already in `out`."""
    if not changes:
        return []
    with out.batch() as batch:
        return _apply(scene_path, changes, batch)


def _apply(scene_path: Path, changes: tuple[Change, ...], out: Batch) -> list[tuple[Path, bool]]:
    own = [c for c in changes if c.who == SCENE]
    written = _apply_to_sheets(scene_path, tuple(c for c in changes if c.who != SCENE), bool(own), out)
    if own:
        scene = _load(scene_path)
        if _text(_get(scene, "setup")):
            _set(scene, ("setup",), written[0][0].name)  # the setup copy, beside the scene copy
        for change in own:
            _edit(scene, change.field, change.after)
        written.append(_write(out, scene_path, scene))
    return written


def _apply_to_sheets(scene_path: Path, changes: tuple[Change, ...], keep_setup: bool,
                     out: Batch) -> list[tuple[Path, bool]]:
    """Copies of what the changes touch; with `keep_setup`, the setup is copied even unchanged."""
    scene = _load(scene_path)
    base = scene_path.parent
    setup = _text(_get(scene, "setup"))
    if setup:
        return [_apply_to_setup(base / setup, changes, out)] if changes or keep_setup else []
    files = {}
    for ref in _character_refs(scene):
        root = _load(base / ref)
        files[_text(_get(root, "name")) or ""] = (base / ref, root)
    written = []
    for who in dict.fromkeys(c.who for c in changes):
        if who not in files:
            raise ApplyError(f"no file of this scene holds {who}")
        path, root = files[who]
        for change in changes:
            if change.who == who:
                _set(root, change.field, change.after)
        written.append(_write(out, path, root))
    return written


def _apply_to_setup(setup_path: Path, changes: tuple[Change, ...], out: Batch) -> tuple[Path, bool]:
    setup = _load(setup_path)
    cast = _get(setup, "characters")
    entries = cast.value if isinstance(cast, yaml.SequenceNode) else []
    for i, entry in enumerate(entries):
        ref = _text(entry)
        if ref:
            # inline, a character carries no `system:` or `kind:`: the setup says both
            character = _load(setup_path.parent / ref)
            character.value = [(k, v) for k, v in character.value if _text(k) not in ("system", "kind")]
            entries[i] = character
    by_name = {_text(_get(c, "name")): c for c in entries if isinstance(c, yaml.MappingNode)}
    for change in changes:
        if change.who == "setup":
            _set(setup, change.field, change.after)
        elif change.who in by_name:
            _set(by_name[change.who], change.field, change.after)
        else:
            raise ApplyError(f"{change.who} is not in the cast of {setup_path.name}")
    return _write(out, setup_path, setup)
