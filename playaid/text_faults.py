"""Where a file's text goes wrong before any YAML is read: a byte that is not UTF-8, a
control character YAML does not allow. Both are reported at their line and column, as
every other problem is, not at 1:1 with a raw offset.
"""

from __future__ import annotations

import yaml

from .problems import Problem, error

ENCODING_HINT = "save the file as UTF-8 text (in your editor: Save As… with the encoding UTF-8)"


def line_and_column(text: str, index: int) -> tuple[int, int]:
    """The 1-based line and column of character `index` of `text`; lines end at newlines only,
    as YAML's do."""
    before = text[:index]
    start = before.rfind("\n") + 1
    return before.count("\n") + 1, index - start + 1


def bad_byte(data: bytes, exc: UnicodeDecodeError, name: str, *, rule: str = "input.encoding") -> Problem:
    """`input.encoding` at the line and column of the first byte that is not UTF-8."""
    head = data[:exc.start].decode("utf-8", "replace").removeprefix("\ufeff")
    line, column = line_and_column(head, len(head))
    return error(rule, f"the file is not UTF-8 text: the byte 0x{data[exc.start]:02X} is not UTF-8",
                 ENCODING_HINT).at(name, line, column)


def control_character(text: str, exc: yaml.reader.ReaderError, name: str) -> Problem:
    """`input.control-character` at the line and column of the character YAML refused."""
    code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "\0")
    # libyaml counts bytes of UTF-8, PyYAML's own reader characters: take the one that lands on it
    index = len(text.encode("utf-8")[:exc.position].decode("utf-8", "ignore"))
    if not (index < len(text) and ord(text[index]) == code):
        index = min(exc.position, len(text))
    line, column = line_and_column(text, index)
    return error("input.control-character", f"the file holds the control character U+{code:04X}",
                 "remove it; names and texts hold printable characters only (check for \\0 or \\e escapes)"
                 ).at(name, line, column)
