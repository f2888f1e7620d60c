"""Changing one value of a hand-written YAML file without touching anything else.

A round trip through a YAML library rewrites spacing, quoting and comments (ruamel.yaml
changed the spacing before comments and the quoting of untouched values when tried). So
the text is edited in place: the span of the value's node, from its start mark to its
end mark, is replaced by the new value dumped on its own; a key the file lacks is added
at the end of its mapping, indented like its siblings. The result is parsed again and
must hold the new value where it was put, or the edit is refused.

The studio's forms and `playaid roll --apply` (through `playaid.campaign`) both write the
GM's files through here, so a comment beside an untouched line survives either.
"""

from __future__ import annotations

from typing import Any

import yaml

from .problems import Path
from .starter import MARK


class EditRefused(Exception):
    """The value cannot be put there by a text edit (the YAML view can do it)."""


def _dump(value: Any) -> str:
    """`value` as one line of flow YAML (`Ada`, `'yes'`, `3`, `[a, b]`), fit to stand inside a
    `{…}` or `[…]` too: a text is dumped as a list's entry, where the writer quotes the commas
    and brackets that would end it there (`'once a session, clear a Minor stress'`)."""
    if isinstance(value, str):
        # a line break is written `\n` inside double quotes: one line, whatever the indentation
        style = '"' if "\n" in value else None
        text = yaml.safe_dump([value], default_flow_style=True, default_style=style, allow_unicode=True,
                              width=10**9)
        return text.strip()[1:-1]
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**9, sort_keys=False)
    return text.strip().removesuffix("...").strip()


def _child(node: yaml.Node, part: str | int):
    if isinstance(node, yaml.MappingNode) and isinstance(part, str):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == part:
                return k, v
    if isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
        return None, node.value[part]
    return None, None


def value_at(text: str, path: Path) -> Any:
    """The plain value at `path` in `text` (None when missing)."""
    data = yaml.safe_load(text)
    for part in path:
        if isinstance(data, dict) and isinstance(part, str):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data


def set_value(text: str, path: Path, value: Any) -> str:
    """`text` with the value at `path` replaced by `value` (added when missing)."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    if not isinstance(root, yaml.MappingNode):
        raise EditRefused("the file is not a mapping of `key: value` lines")
    node, parent = root, None
    for depth, part in enumerate(path):
        key, child = _child(node, part)
        if child is None:
            if not isinstance(node, yaml.MappingNode) or not isinstance(part, str):
                raise EditRefused(f"nothing at {part!r} to change")
            rest = _nest(path[depth + 1:], value)
            new = _append(text, node, parent, part, rest)
            return _verified(new, path, value)
        parent, node = key, child
    if (isinstance(node, yaml.SequenceNode) and isinstance(value, list) and len(value) == len(node.value)
            and all(isinstance(n, yaml.ScalarNode) or n.flow_style for n in node.value)):
        # the same number of entries: each changed one edited on its own, so comments beside them stay
        new = text
        for item, v in reversed(list(zip(node.value, value))):
            new = _replace(new, item, v) if _plain(item) != v else new
        return _verified(new, path, value)
    new = _replace(text, node, value)
    return _verified(new, path, value)


def remove_value(text: str, path: Path) -> str:
    """`text` without the key at `path` (a key of a mapping written one entry per line, or of a
    one-line `{…}`); unchanged when the key is missing."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    node: yaml.Node | None = root
    for part in path[:-1]:
        node = _child(node, part)[1] if node is not None else None
    if not isinstance(node, yaml.MappingNode) or not path:
        return text
    pairs = [(k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == path[-1]]
    if not pairs:
        return text
    key, value = pairs[0]
    if node.flow_style:
        index = node.value.index((key, value))
        if len(node.value) == 1:
            start, end = key.start_mark.index, value.end_mark.index
        elif index + 1 < len(node.value):  # up to the next key
            start, end = key.start_mark.index, node.value[index + 1][0].start_mark.index
        else:  # from the comma after the previous value
            start, end = node.value[index - 1][1].end_mark.index, value.end_mark.index
        new = text[:start] + text[end:]
    else:
        start = text.rfind("\n", 0, key.start_mark.index) + 1
        if text[start:key.start_mark.index].strip():
            raise EditRefused(f"`{path[-1]}` shares its line with another key")
        last = max(value.end_mark.index, key.end_mark.index)
        if isinstance(value, yaml.ScalarNode) or value.flow_style or text[last - 1:last] != "\n":
            last = _line_end(text, last)
            end = last + 1 if text[last:last + 1] == "\n" else last
        else:
            end = last  # a block list or mapping ends at the start of the next line
        new = text[:start] + text[end:]
    try:
        still = yaml.safe_load(new)
    except yaml.YAMLError as exc:
        raise EditRefused(f"removing `{path[-1]}` would break the file's YAML ({exc.__class__.__name__})") from None
    parent = still
    for part in path[:-1]:
        parent = parent[part] if isinstance(parent, (dict, list)) else None
    if not isinstance(parent, dict) or path[-1] in parent:
        raise EditRefused(f"`{path[-1]}` could not be removed by a text edit")
    return new


def _plain(node: yaml.Node) -> Any:
    return yaml.safe_load(yaml.serialize(node))


def _nest(path: Path, value: Any) -> Any:
    for part in reversed(path):
        if not isinstance(part, str):
            raise EditRefused("a new list entry is added with its own button")
        value = {part: value}
    return value


def _replace(text: str, node: yaml.Node, value: Any) -> str:
    start, end = node.start_mark.index, node.end_mark.index
    if isinstance(node, yaml.ScalarNode) or node.flow_style or isinstance(value, (str, int, bool)) or value is None:
        if isinstance(node, yaml.ScalarNode) and node.style in ("|", ">"):
            end = _line_end(text, end - 1) if end > start else end
        piece = _dump(value) if not isinstance(value, dict) or value else "{}"
        head, tail = text[:start], text[end:]
        if start == end and head.endswith(":"):  # an empty value right after its key
            piece = " " + piece
        if not isinstance(node, yaml.ScalarNode) and not node.flow_style:
            head = head.rstrip(" \n")
            head, tail = head + " ", "\n" + tail.lstrip("\n")
        return head + piece + _without_mark(tail)
    # a block list or mapping: rewritten as a block at the same indentation
    indent = node.start_mark.column
    lines = _block(value, indent)
    line_start = text.rfind("\n", 0, start) + 1
    while end > start and text[end - 1] in " \t\n":  # a block ends where the next key starts
        end -= 1
    if value in ([], {}) and text[:line_start].rstrip(" \n").endswith(":"):
        # an emptied block goes on its key's line: `key: []`
        return text[:line_start].rstrip(" \n") + " " + lines.strip() + text[end:]
    return text[:line_start] + lines + text[end:] if text[end:end + 1] in ("", "\n") else \
        text[:line_start] + lines + "\n" + text[end:]


def _without_mark(tail: str) -> str:
    """The rest of the line without a starter's `# FILL IN: …` note, once the blank is filled."""
    line, sep, rest = tail.partition("\n")
    at = line.find(f"# {MARK}")
    if at >= 0:
        line = line[:at].rstrip()
    return line + sep + rest


def _line_end(text: str, index: int) -> int:
    end = text.find("\n", index)
    return len(text) if end < 0 else end


def _block(value: Any, indent: int) -> str:
    pad = " " * indent
    if isinstance(value, list):
        if not value:
            return pad + "[]"
        return "\n".join(f"{pad}- {_dump(v)}" for v in value)
    if isinstance(value, dict):
        return "\n".join(f"{pad}{k}: {_dump(v)}" for k, v in value.items())
    return pad + _dump(value)


def _append(text: str, mapping: yaml.MappingNode, key_node, key: str, value: Any) -> str:
    """`key: value` added as the last entry of `mapping`."""
    if mapping.flow_style:
        end = mapping.end_mark.index - 1  # before the closing brace
        sep = ", " if mapping.value else ""
        return text[:end] + f"{sep}{key}: {_dump(value)}" + text[end:]
    if mapping.value:
        indent = mapping.value[0][0].start_mark.column
        last = mapping.value[-1][1]
        at = _line_end(text, max(last.end_mark.index - 1, last.start_mark.index))
        if isinstance(last, yaml.ScalarNode) and last.end_mark.index == last.start_mark.index:
            at = _line_end(text, last.start_mark.index)
    elif key_node is not None:  # an empty mapping written as `key:` alone
        indent = key_node.start_mark.column + 2
        at = _line_end(text, key_node.start_mark.index)
    else:
        indent, at = 0, len(text.rstrip("\n"))
    pad = " " * indent
    if isinstance(value, dict) and value:
        entry = f"{pad}{key}:\n" + _block(value, indent + 2)
    elif isinstance(value, list) and value:
        entry = f"{pad}{key}:\n" + _block(value, indent + 2)
    else:
        entry = f"{pad}{key}: {_dump(value)}"
    return text[:at] + "\n" + entry + text[at:]


def _verified(new: str, path: Path, value: Any) -> str:
    try:
        found = value_at(new, path)
    except yaml.YAMLError as exc:
        raise EditRefused(f"the edit would break the file's YAML ({exc.__class__.__name__})") from None
    if found != value:
        raise EditRefused("the file's layout here is too unusual to change from the form: use the YAML view")
    return new
