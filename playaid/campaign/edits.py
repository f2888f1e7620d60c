"""Where each change of a roll goes, and the GM's files with the changes written in.

A change names who it is for: "scene" (the scene file itself), "setup" (the scene's setup),
or a character by name. A character written inline in the setup is changed there; one the
setup (or the scene) names as a file is changed in that file, which stays a file. Every
edit goes through the span editor (`playaid.yaml_edit`): only the changed value's text is
replaced, so comments, key order and the spelling of every other value stay as written.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import yaml

from ..systems.play import Change
from ..yaml_edit import EditRefused, remove_value, set_value, value_at
from .store import CampaignError

SCENE, SETUP = "scene", "setup"


@dataclass(frozen=True)
class FileChange:
    """One value written into one of the GM's files: `field` (dotted) went `before` → `after`."""

    file: Path
    field: str
    before: Any
    after: Any
    who: str = ""
    text: str = ""

    def line(self, shown_as: str | None = None) -> str:
        """`file: field: before → after`, as the commands list it (a list: what came and went)."""
        return f"{shown_as or self.file}: {self.field}: {describe(self.before, self.after)}"


def describe(before: Any, after: Any) -> str:
    """`before → after` in short; for two lists, the entries added and removed."""
    if isinstance(before, list) and isinstance(after, list) and before and after:
        left, gone = list(after), []
        for item in before:
            if item in left:
                left.remove(item)
            else:
                gone.append(item)
        if len(left) + len(gone) < len(after):
            said = [f"+ {_short(i)}" for i in left] + [f"- {_short(i)}" for i in gone]
            return "; ".join(said) if len(said) <= 3 else f"{'; '.join(said[:3])}; … ({len(said)} entries changed)"
    return f"{_short(before)} → {_short(after)}"


def _short(value: Any) -> str:
    text = "(none)" if value is None else _flow(value)
    return text if len(text) <= 80 else text[:77] + "…"


def _flow(value: Any) -> str:
    """`value` as one line in YAML's flow style, for reading (quick: a long journal is read
    entry by entry, and YAML's own writer takes a thousand times longer)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)


def plain(value: Any) -> Any:
    """`value` as the built-in types a YAML file holds (games hand over tuples and subclasses)."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    return value if isinstance(value, float) else str(value)


class Plan:
    """The files a set of changes touches: their bytes now and their text once changed."""

    def __init__(self, scene_path: Path, scene_text: str | None):
        self.scene_path = Path(scene_path)
        self.in_memory = scene_text is not None
        self.old: dict[Path, bytes] = {}
        self.text: dict[Path, str] = {}
        self.changes: list[FileChange] = []
        self.scene = self._data(self.scene_path, scene_text)
        self._cast: dict[str, tuple[Path, tuple]] | None = None

    def _read(self, path: Path) -> str:
        key = Path(os.path.normpath(path))
        if key not in self.text:
            try:
                data = key.read_bytes()
            except OSError as exc:
                raise CampaignError(f"cannot read {key}: {exc.strerror or exc}; nothing was changed") from None
            try:
                self.text[key] = data.decode("utf-8")
            except UnicodeDecodeError:
                raise CampaignError(f"{key} is not UTF-8 text; nothing was changed") from None
            self.old[key] = data
        return self.text[key]

    def _data(self, path: Path, text: str | None = None) -> dict:
        try:
            data = yaml.safe_load(text if text is not None else self._read(path))
        except yaml.YAMLError as exc:
            raise CampaignError(f"{path} is not valid YAML ({exc.__class__.__name__}); nothing was changed") from None
        if not isinstance(data, dict):
            raise CampaignError(f"{path} is not a mapping of `key: value` lines; nothing was changed")
        return data

    def _setup_path(self) -> Path | None:
        ref = self.scene.get("setup")
        return self.scene_path.parent / str(ref).strip() if isinstance(ref, str) and ref.strip() else None

    def cast(self) -> dict[str, tuple[Path, tuple]]:
        """Each character's name → the file holding it and the path to it inside that file."""
        if self._cast is None:
            self._cast = {}
            setup = self._setup_path()
            if setup is not None:
                entries = self._data(setup).get("characters")
                for i, entry in enumerate(entries if isinstance(entries, list) else []):
                    if isinstance(entry, str):
                        self._add(setup.parent / entry.strip(), ())
                    elif isinstance(entry, dict):
                        self._cast.setdefault(str(entry.get("name", "")).strip(), (setup, ("characters", i)))
            else:
                refs = [self.scene.get("character")]
                refs += [s.get("character") for s in self.scene.get("sides") or [] if isinstance(s, dict)]
                for ref in refs:
                    if isinstance(ref, str) and ref.strip():
                        self._add(self.scene_path.parent / ref.strip(), ())
        return self._cast

    def _add(self, path: Path, prefix: tuple) -> None:
        name = str(self._data(path).get("name", "")).strip()
        self._cast.setdefault(name, (path, prefix))

    def target(self, who: str) -> tuple[Path, tuple]:
        if who == SCENE:
            if self.in_memory:
                raise CampaignError("this scene has no file of its own, so its fields cannot be written back")
            return self.scene_path, ()
        if who == SETUP:
            setup = self._setup_path()
            if setup is None:
                raise CampaignError(f"{self.scene_path} names no setup to write `{who}` changes into")
            return setup, ()
        found = self.cast().get(str(who).strip())
        if found is None:
            raise CampaignError(f"no file of {self.scene_path} holds the character {who}; nothing was changed")
        return found

    def apply(self, changes: Iterable[Change]) -> None:
        for change in changes:
            path, prefix = self.target(change.who)
            if not change.field:  # several top-level keys at once, None removing one
                for key, value in dict(change.after).items():
                    self._edit(path, prefix + (key,), value, change)
            else:
                self._edit(path, prefix + tuple(change.field), change.after, change)

    def _edit(self, path: Path, field: tuple, value: Any, change: Change) -> None:
        key = Path(os.path.normpath(path))
        text = self._read(key)
        dotted = ".".join(map(str, field))
        value = plain(value)
        before = value_at(text, field)
        try:
            self.text[key] = remove_value(text, field) if value is None else set_value(text, field, value)
        except EditRefused as exc:
            raise CampaignError(f"{key}: cannot write `{dotted}` in place: {exc}; nothing was changed") from None
        if before != value:
            self.changes.append(FileChange(key, dotted, before, value, str(change.who), change.text))

    def writes(self) -> dict[Path, bytes]:
        """The files whose bytes change, with their new bytes."""
        new = {p: t.encode("utf-8") for p, t in self.text.items()}
        return {p: data for p, data in new.items() if data != self.old[p]}
