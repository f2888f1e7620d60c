"""Input files as typed documents: read, told which game and kind they are, built, checked.

A `Library` loads each file once, follows the references between files (a setup's
character files, a scene's setup) relative to the file that names them, and keeps
every problem pinned to the file, line and column it belongs to.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import Any, Callable, Iterable

import yaml

from . import source as yaml_source
from .convert import Builder, Invalid, did_you_mean
from .problems import Path, Problem, error, unique
from .safe_text import shown
from .systems import REGISTRY
from .systems.base import KINDS, GameSystem

YAML_SUFFIXES = (".yaml", ".yml")


@dataclass
class Document:
    name: str
    """The file's name as shown to the user."""
    system: GameSystem | None = None
    kind: str | None = None
    model: Any = None
    """The built model, or None when the file's structure is broken."""
    problems: list[Problem] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return self.model is not None and not any(p.is_error for p in self.problems)


class Library:
    """Loads documents, each once, and the documents they refer to."""

    def __init__(self) -> None:
        self._docs: dict[str, Document] = {}
        self._loading: set[str] = set()

    @property
    def documents(self) -> list[Document]:
        return list(self._docs.values())

    def problems(self) -> list[Problem]:
        return unique(p for d in self._docs.values() for p in d.problems)

    def load(self, path: FsPath | str, name: str | None = None, text: str | None = None) -> Document:
        """The document at `path`; with `text`, that text stands for the file (a scene
        `playaid event` builds in memory), names in it still taken relative to `path`."""
        path = FsPath(path)
        key = os.path.realpath(path)
        if key in self._docs:
            return self._docs[key]
        doc = Document(name or str(path))
        self._docs[key] = doc
        self._loading.add(key)
        try:
            self._fill(doc, path, text)
        finally:
            self._loading.discard(key)
        doc.problems = unique(doc.problems)
        return doc

    def resolver(self, path: FsPath | str, doc: Document) -> "_Resolver":
        """A resolver for what `doc` (loaded from `path`) names, for its game's procedures."""
        assert doc.system is not None
        return _Resolver(self, FsPath(path), doc.name, doc.system)

    def _fill(self, doc: Document, path: FsPath, text: str | None = None) -> None:
        src, problems = yaml_source.read(path, doc.name) if text is None else yaml_source.compose(text, doc.name)
        doc.problems.extend(problems)
        if src is None:
            return
        root = src.root
        if not isinstance(root, yaml.MappingNode):
            doc.problems.append(src.pin(error(
                "input.type", "the file must be a mapping of `key: value` lines",
                "start with `system: <game id>` on the first line")))
            return
        top = {k.value: (k, v) for k, v in root.value if isinstance(k, yaml.ScalarNode)}
        system = self._system(top, src, doc)
        if system is None:
            return
        doc.system = system
        kind = self._kind(top, system, src, doc)
        if kind is None:
            return
        doc.kind = kind
        builder = Builder()
        try:
            doc.model = builder.build(system.models[kind], root, (), skip=frozenset({"system", "kind"}))
        except Invalid:
            doc.model = None
        for p in builder.problems:
            doc.problems.append(src.pin(p, key=p.rule == "input.unknown-key"))
        if doc.model is None:
            return
        resolver = _Resolver(self, path, doc.name, system)
        for p in system.check(kind, doc.model, resolver) + resolver.problems:
            doc.problems.append(src.pin(p))

    def _system(self, top: dict, src: yaml_source.Source, doc: Document) -> GameSystem | None:
        # every id is listed only for a problem: listing looks for add-on games too
        if "system" not in top:
            doc.problems.append(src.pin(error(
                "input.system", "`system` is missing: the file does not say which game it is for",
                f"add a first line `system: <id>` with one of: {', '.join(REGISTRY)}")))
            return None
        value = _text(top, "system", lambda: ", ".join(REGISTRY), src, doc)
        if value is None:
            return None
        if value not in REGISTRY:
            hint = did_you_mean(value, REGISTRY) or f"use one of: {', '.join(REGISTRY)}"
            message = f"unknown system `{value}`"
            if (broken := REGISTRY.broken.get(value)) is not None:
                message += f" — the add-on {value} is installed but disabled: {broken.reason}"
                hint = f"update or reinstall its package ({broken.source}); `playaid systems` says why"
            doc.problems.append(src.pin(error("input.system", message, hint, ("system",))))
            return None
        return REGISTRY[value]

    def _kind(self, top: dict, system: GameSystem, src: yaml_source.Source, doc: Document) -> str | None:
        if "kind" not in top:
            return "character"
        value = _text(top, "kind", lambda: ", ".join(system.models), src, doc)
        if value is None:
            return None
        if value in system.models:
            return value
        allowed = ", ".join(system.models)
        if value in KINDS:
            message = f"{system.title} has no `{value}` files"
        else:
            message = f"unknown kind `{value}`"
        hint = did_you_mean(value, system.models) or f"for {system.id} use one of: {allowed}"
        doc.problems.append(src.pin(error("input.kind", message, hint, ("kind",))))
        return None


class _Resolver:
    """The `Resolver` one document hands to its game's checks."""

    def __init__(self, library: Library, path: FsPath, name: str, system: GameSystem):
        self.library, self.path, self.name, self.system = library, path, name, system
        self.problems: list[Problem] = []

    def beside(self, ref: str) -> "_Resolver":
        shown = os.path.normpath(os.path.join(os.path.dirname(self.name), ref))
        # what goes wrong in there belongs to that file and is reported when it is loaded
        return _Resolver(self.library, self.path.parent / ref, shown, self.system)

    def resolve(self, ref: str, kind: str, at: Path) -> Any | None:
        target = self.path.parent / ref
        shown = os.path.normpath(os.path.join(os.path.dirname(self.name), ref))

        def refuse(rule: str, message: str, hint: str) -> None:
            self.problems.append(error(rule, message, hint, at))

        why = yaml_source.refusal(target)
        if why is not None and why[0] == "input.missing-file":
            refuse("input.missing-file", f"`{ref}` does not exist (looked for {shown})",
                   "file names are taken relative to the file that names them")
            return None
        if why is not None:
            rule, message, hint = why
            refuse(rule, f"`{ref}`: {message}", hint)
            return None
        if os.path.realpath(target) in self.library._loading:
            refuse("input.cycle", f"`{ref}` refers back to this file", f"name a {kind} file here")
            return None
        other = self.library.load(target, shown)
        if other.system is not None and other.system is not self.system:
            refuse("input.wrong-system", f"`{ref}` is a {other.system.id} file, not {self.system.id}",
                   f"name a {self.system.id} {kind} file")
            return None
        if other.kind is not None and other.kind != kind:
            refuse("input.wrong-kind", f"`{ref}` is a {other.kind} file, not a {kind}", f"name a {kind} file")
            return None
        return other.model


def expand(paths: Iterable[str]) -> tuple[list[FsPath], list[Problem]]:
    """Files named on the command line; folders are walked for YAML files, sorted."""
    files: list[FsPath] = []
    problems: list[Problem] = []
    for raw in paths:
        p = FsPath(raw)
        try:
            folder = p.is_dir()
        except OSError:
            folder = False  # a name too long, say: reading the file says why, as a problem
        if folder:
            found, unsearchable = _walk(p)
            problems += [error("input.unreadable-folder", f"cannot look into {shown(where)}: {why}",
                               "give yourself read and search rights on it (chmod u+rx), or name other files"
                               ).at(raw, 0, 0) for where, why in unsearchable]
            if not found and not unsearchable:
                problems.append(error("input.empty-folder", "no .yaml files in this folder",
                                      "name YAML files or a folder holding them").at(raw, 0, 0))
            files.extend(found)
        else:
            files.append(p)
    return files, problems


def _walk(folder: FsPath) -> tuple[list[FsPath], list[tuple[str, str]]]:
    """The YAML files under `folder`, sorted, and the folders that could not be looked into."""
    unsearchable: list[tuple[str, str]] = []
    found = []
    for top, _dirs, names in os.walk(folder, onerror=lambda e: unsearchable.append((e.filename, e.strerror))):
        found += [FsPath(top) / n for n in names if FsPath(n).suffix in YAML_SUFFIXES]
    return sorted(f for f in found if f.is_file()), unsearchable


def _text(top: dict, key: str, allowed: Callable[[], str], src: yaml_source.Source, doc: Document) -> str | None:
    """The text of `system:` or `kind:`, or None with a problem when it is a list or a mapping
    (whose empty "value" would otherwise be reported as an unknown id ``); `allowed()` lists
    the ids only then, as listing games looks for add-ons too."""
    node = top[key][1]
    if isinstance(node, yaml.ScalarNode):
        return node.value.strip()
    shape = "a list" if isinstance(node, yaml.SequenceNode) else "a mapping"
    doc.problems.append(src.pin(error(f"input.{key}", f"`{key}` must be text, a single id, not {shape}",
                                      f"write `{key}:` with one of: {allowed()}", (key,))))
    return None
