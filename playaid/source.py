"""Reading one YAML file safely, keeping where every value stands in it.

The file is composed into YAML nodes (never constructed into arbitrary Python
objects) with the safe loader, after checks that bound time and memory: a size cap,
no binary data, UTF-8 only. Nodes keep their marks, so any problem found later can be
pinned to a line and column by its path. Each file read is noted for the manifest of prints.
"""

from __future__ import annotations

import codecs
import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path as FsPath

import yaml

from . import text_faults
from .manifest import note_read
from .problems import Path, Problem, error

try:  # libyaml composes several times faster; the pure-Python loader is the fallback
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader

MAX_BYTES = 1024 * 1024
"""No character, setup or scene is near this; larger files are refused unread."""

MAX_NESTING = 64
"""Lists and mappings inside each other; real files stay under ten. Deeper files are
refused before composing, because libyaml's composer recurses on the C stack and a
file of 30,000 `[` crashes the process instead of raising."""

_OPENERS = "[{-?:"
"""Every list or mapping starts with one of these characters, so their count bounds the
nesting and spares typical files the extra parse that measures it."""


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


SYSTEM_FOLDERS = ("/proc", "/sys", "/dev")
"""Kernel and device trees: their "files" are process secrets, endless streams or
hardware, never a character sheet, so a file in one is refused unread, whether the
command line or a setup names it."""

Refusal = tuple[str, str, str]
"""(rule, message, hint) for a path that cannot be read as an input file."""


def _refuse_mode(mode: int) -> Refusal | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "input.not-a-file", "this is a folder, not a file", "name a .yaml file inside it"
    if stat.S_ISFIFO(mode):
        return ("input.not-a-file", "this is a named pipe (FIFO), not a file; reading it could wait forever",
                "save the YAML to a regular file and name that")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "input.not-a-file", "this is a device, not a file", "name a .yaml file"
    if stat.S_ISSOCK(mode):
        return "input.not-a-file", "this is a socket, not a file", "name a .yaml file"
    return "input.not-a-file", "this is not a regular file", "name a .yaml file"


def missing_examples(path: FsPath | str) -> str:
    """The fix for a missing file under an `examples` folder that does not exist: the
    README and every --help name such files, which `playaid examples` copies out first."""
    parts = FsPath(path).parts
    folder = FsPath(*parts[:parts.index("examples") + 1]) if "examples" in parts else None
    if folder is None or folder.is_dir():
        return ""
    return f"{folder} does not exist yet: run `playaid examples` first, which copies the bundled examples there"


def _refuse_error(exc: OSError, path: FsPath | str) -> Refusal:
    if exc.errno == errno.ENOENT:
        return "input.missing-file", "file not found", (
            missing_examples(path) or "check the path; it is taken relative to the current folder")
    if exc.errno == errno.ELOOP:
        return ("input.not-a-file", "symlink loop: the link leads back to itself",
                "point the link at a real file, or name the file itself")
    return "input.unreadable", f"cannot read the file: {exc.strerror}", "check its permissions"


def refusal(path: FsPath | str) -> Refusal | None:
    """Why `path` cannot be an input file, or None; looks, never opens (a FIFO would block)."""
    try:
        why = _refuse_mode(os.stat(path).st_mode)
    except OSError as exc:
        return _refuse_error(exc, path)
    if why is not None:
        return why
    top = next((t for t in SYSTEM_FOLDERS if os.path.realpath(path).startswith(t + os.sep)), None)
    if top is not None:
        return "input.system-file", f"this is under {top}, a system folder, not an input file", \
            "name a .yaml file of your own"
    return None


def read(path: FsPath, name: str | None = None) -> tuple[Source | None, list[Problem]]:
    """Read and compose `path`. Returns the source, or None and the problems that stop it."""
    shown = name or str(path)

    def fail(rule: str, message: str, hint: str, line: int = 1, column: int = 1):
        return None, [error(rule, message, hint).at(shown, line, column)]

    why = refusal(path)
    if why is not None:
        return fail(*why)
    try:
        # non-blocking, then checked again on the open file: a path swapped for a FIFO
        # after the look above must still not hang the read
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        return fail(*_refuse_error(exc))
    with os.fdopen(fd, "rb") as fh:
        why = _refuse_mode(os.fstat(fd).st_mode)
        if why is not None:
            return fail(*why)
        try:
            data = fh.read(MAX_BYTES + 1)
        except OSError as exc:
            return fail(*_refuse_error(exc))
    note_read(path, data)
    if len(data) > MAX_BYTES:
        return fail(
            "input.too-large",
            f"file is larger than {MAX_BYTES // 1024} KiB",
            "a playaid file holds one character, setup or scene; split it into several files",
        )
    wide = next((label for bom, label in _WIDE_BOMS.items() if data.startswith(bom)), None)
    if wide:
        return fail("input.encoding", f"file is {wide} text — save as UTF-8",
                    "in your editor choose Save As… with the encoding UTF-8")
    if b"\x00" in data:
        return fail("input.binary", "this is not a text file (it contains NUL bytes)", "give a YAML text file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return None, [text_faults.bad_byte(data, exc, shown)]
    return compose(text, shown)


_WIDE_BOMS = {codecs.BOM_UTF32_LE: "UTF-32", codecs.BOM_UTF32_BE: "UTF-32",
              codecs.BOM_UTF16_LE: "UTF-16", codecs.BOM_UTF16_BE: "UTF-16"}
"""UTF-32 first: its little-endian mark begins with UTF-16's (NUL-full: else called binary)."""


def compose(text: str, name: str) -> tuple[Source | None, list[Problem]]:
    """Compose YAML text into nodes, turning every parser failure into a problem."""
    try:
        deep = _too_deep(text)
        if deep is not None:
            return None, [_too_deep_problem(name, *deep)]
        root = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = exc.problem or "malformed YAML"
        if exc.context:
            what = f"{exc.context}, {what}"
        if _is_depth_refusal(exc):
            return None, [_too_deep_problem(name, line, column)]
        return None, [
            error(
                "yaml.syntax",
                f"malformed YAML: {what}",
                "check indentation and quoting on this line; text containing ': ' or '#' needs quotes",
            ).at(name, line, column)
        ]
    except yaml.reader.ReaderError as exc:
        return None, [text_faults.control_character(text, exc, name)]
    except yaml.YAMLError as exc:
        return None, [error("yaml.syntax", f"malformed YAML: {exc}", "check the file's structure").at(name, 1, 1)]
    except RecursionError:
        return None, [_too_deep_problem(name, 1, 1)]
    if root is None:
        return None, [
            error("input.empty", "file is empty", "start the file with `system:` and the game's id").at(name, 1, 1)
        ]
    tagged = _unknown_tags(root)
    if tagged:
        return None, [
            error("yaml.tag", f"the tag `{_shown_tag(node.tag)}` is not allowed",
                  "remove it: playaid files hold plain text, numbers, lists and mappings; "
                  "quote a value that starts with !").at(name, node.start_mark.line + 1, node.start_mark.column + 1)
            for node in tagged
        ]
    return Source(name, root), []


_YAML_TAG = "tag:yaml.org,2002:"
_PLAIN_TAGS = {_YAML_TAG + t for t in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp",
                                       "merge", "value", "binary", "omap", "pairs", "set")}
"""YAML's own data types, which the safe loader understands. Any other tag (`!!python/…`,
`!custom`) asks for a type we never build; read as plain data it would silently mean
something else than its writer intended, so it is refused with its line."""


def _unknown_tags(root: yaml.Node, most: int = 10) -> list[yaml.Node]:
    """Up to `most` nodes carrying a tag outside `_PLAIN_TAGS`, in file order; each
    node is looked at once, however many aliases repeat it."""
    found, seen, todo = [], set(), [root]
    while todo and len(found) < most:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if node.tag not in _PLAIN_TAGS:
            found.append(node)
        if isinstance(node, yaml.SequenceNode):
            todo.extend(reversed(node.value))
        elif isinstance(node, yaml.MappingNode):
            todo.extend(n for pair in reversed(node.value) for n in reversed(pair))
    return found


def _shown_tag(tag: str) -> str:
    return "!!" + tag[len(_YAML_TAG):] if tag.startswith(_YAML_TAG) else tag


def _too_deep(text: str) -> tuple[int, int] | None:
    """Where the nesting first passes `MAX_NESTING`, or None: an event pass, which libyaml
    runs with its own stacks (no recursion), so any depth is safe to measure."""
    if sum(text.count(c) for c in _OPENERS) <= MAX_NESTING:
        return None
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_NESTING:
                    return event.start_mark.line + 1, event.start_mark.column + 1
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.MarkedYAMLError as exc:
        if not _is_depth_refusal(exc):
            raise
        mark = exc.problem_mark or exc.context_mark
        return (mark.line + 1, mark.column + 1) if mark else (1, 1)
    return None


def _too_deep_problem(name: str, line: int, column: int) -> Problem:
    return error("yaml.too-deep", f"lists and mappings are nested more than {MAX_NESTING} deep",
                 "flatten the structure; a playaid file needs only a few levels").at(name, line, column)


def _is_depth_refusal(exc: yaml.MarkedYAMLError) -> bool:
    """PyYAML 6.0.4's libyaml refuses nesting past 1,000 levels itself, and its scanner
    looks ahead through flow brackets, so that refusal can come before our own count
    reaches `MAX_NESTING`. It is the same fault as ours and gets our rule and message."""
    return "nesting depth" in (exc.problem or "")
