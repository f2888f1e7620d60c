"""Reading one YAML file safely, keeping where every value stands in it.

The file is composed into YAML nodes (never constructed into arbitrary Python
objects) with the safe loader, after checks that bound time and memory: a size cap,
no binary data, UTF-8 only. Nodes keep their marks, so any problem found later can be
pinned to a line and column by its path.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path as FsPath

import yaml

from .problems import Path, Problem, error

try:  # libyaml composes several times faster; the pure-Python loader is the fallback
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader

MAX_BYTES = 1024 * 1024
"""No character, setup or scene is near this; larger files are refused unread."""


@dataclass(frozen=True)
class Source:
    """A composed YAML file: its name as the user gave it and its root node."""

    name: str
    root: yaml.Node

    def position(self, path: Path, *, key: bool = False) -> tuple[int, int]:
        """1-based (line, column) of the value at `path`, or of its key with `key=True`.

        A path that leads nowhere (a missing field) points at the deepest node that
        exists on the way, usually the mapping the field is missing from.
        """
        node, key_node = self.root, None
        for part in path:
            child, child_key = _child(node, part)
            if child is None:
                break
            node, key_node = child, child_key
        else:
            if key and key_node is not None:
                node = key_node
        mark = node.start_mark
        return mark.line + 1, mark.column + 1

    def pin(self, problem: Problem, *, key: bool = False) -> Problem:
        line, column = self.position(problem.path, key=key)
        return problem.at(self.name, line, column)


def _child(node: yaml.Node, part: str | int) -> tuple[yaml.Node | None, yaml.Node | None]:
    if isinstance(node, yaml.MappingNode) and isinstance(part, str):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == part:
                return v, k
    if isinstance(node, yaml.SequenceNode) and isinstance(part, int):
        if 0 <= part < len(node.value):
            return node.value[part], None
    if isinstance(node, yaml.MappingNode) and isinstance(part, int):
        # dict-shaped inputs addressed by position (e.g. the n-th asset)
        if 0 <= part < len(node.value):
            return node.value[part][1], node.value[part][0]
    return None, None


def read(path: FsPath, name: str | None = None) -> tuple[Source | None, list[Problem]]:
    """Read and compose `path`. Returns the source, or None and the problems that stop it."""
    shown = name or str(path)

    def fail(rule: str, message: str, hint: str, line: int = 1, column: int = 1):
        return None, [error(rule, message, hint).at(shown, line, column)]

    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return fail("input.missing-file", "file not found", "check the path; it is taken relative to the current folder")
    except IsADirectoryError:
        return fail("input.not-a-file", "this is a folder, not a file", "name a .yaml file inside it")
    except OSError as exc:
        return fail("input.unreadable", f"cannot read the file: {exc.strerror}", "check its permissions")
    if len(data) > MAX_BYTES:
        return fail(
            "input.too-large",
            f"file is larger than {MAX_BYTES // 1024} KiB",
            "a playaid file holds one character, setup or scene; split it into several files",
        )
    if b"\x00" in data:
        return fail("input.binary", "this is not a text file (it contains NUL bytes)", "give a YAML text file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return fail(
            "input.encoding",
            f"file is not UTF-8 text (bad byte at offset {exc.start})",
            "save the file as UTF-8",
        )
    return compose(text, shown)


def compose(text: str, name: str) -> tuple[Source | None, list[Problem]]:
    """Compose YAML text into nodes, turning every parser failure into a problem."""
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = exc.problem or "malformed YAML"
        if exc.context:
            what = f"{exc.context}, {what}"
        return None, [
            error(
                "yaml.syntax",
                f"malformed YAML: {what}",
                "check indentation and quoting on this line; text containing ': ' or '#' needs quotes",
            ).at(name, line, column)
        ]
    except yaml.YAMLError as exc:
        return None, [error("yaml.syntax", f"malformed YAML: {exc}", "check the file's structure").at(name, 1, 1)]
    except RecursionError:
        return None, [
            error("yaml.too-deep", "the YAML is nested too deeply to read", "flatten the structure").at(name, 1, 1)
        ]
    if root is None:
        return None, [
            error("input.empty", "file is empty", "start the file with `system:` and the game's id").at(name, 1, 1)
        ]
    return Source(name, root), []
