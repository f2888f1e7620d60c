"""Every YAML text the studio reads, read under the command line's own limits.

A text the editor posts, or a file the index lists, can be anything a GM (or a page that
tricks the GM's browser) typed. Plain `yaml.safe_load` has none of the loader's bounds:
400 bytes of nested aliases expand to millions of values the moment anything walks them
(`str()`, a comparison, a form), and a few thousand brackets recurse past Python's stack.
So the studio reads a text only through `plain`: the same size cap, nesting limit and tag
check as `playaid validate` (`source.compose`), then the values counted with aliases
followed, against the same budget as the model builder (`convert.NODE_BUDGET`). Only a
text that passes is turned into Python values. Callers run it in a worker thread, never
on the event loop (see `editor`, `preview`).
"""

from __future__ import annotations

from typing import Any

import yaml

from .. import source
from ..convert import NODE_BUDGET
from ..problems import Problem, error


class Refused(Exception):
    """The text breaks one of the loader's limits; `problem` says which, where and how to fix it."""

    def __init__(self, problem: Problem):
        super().__init__(problem.message)
        self.problem = problem


def expanded(root: yaml.Node, most: int = NODE_BUDGET) -> int:
    """How many values `root` stands for with every alias written out, counting stops past
    `most`. Each node is counted once and remembered, so a bomb costs its size, not its
    expansion, and no recursion is used (the nesting is bounded already, this stays safe)."""
    sizes: dict[int, int] = {}
    todo: list[tuple[yaml.Node, bool]] = [(root, False)]
    while todo:
        node, children_done = todo.pop()
        if id(node) in sizes:
            continue
        kids = _children(node)
        if children_done or not kids:
            sizes[id(node)] = min(1 + sum(sizes[id(k)] for k in kids), most + 1)
            continue
        todo.append((node, True))
        todo.extend((k, False) for k in kids if id(k) not in sizes)
    return sizes[id(root)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def compose(text: str, name: str) -> yaml.Node:
    """The checked node tree of `text`; `Refused` with the loader's own problem otherwise."""
    if len(text.encode("utf-8", "surrogatepass")) > source.MAX_BYTES:
        raise Refused(error("input.too-large", f"the text is larger than {source.MAX_BYTES // 1024} KiB",
                            "a playaid file holds one character, setup or scene; split it into several files"
                            ).at(name, 1, 1))
    src, problems = source.compose(text, name)
    if problems or src is None:
        raise Refused(problems[0] if problems else error("input.empty", "file is empty", "").at(name, 1, 1))
    if expanded(src.root) > NODE_BUDGET:
        raise Refused(error("yaml.too-many-values", f"the file expands to more than {NODE_BUDGET} values",
                            "anchors and aliases (&name / *name) multiply the data; write the values out"
                            ).at(name, 1, 1))
    return src.root


def plain(text: str, name: str = "the text") -> Any:
    """`text` as plain Python values (mappings, lists, text, numbers), read under the loader's
    limits; `Refused` when it breaks one (too large, too deep, too many values, a tag)."""
    root = compose(text, name)
    constructor = yaml.SafeLoader("")  # its constructor only: the nodes are already composed
    return constructor.construct_document(root)


def plain_or_none(text: str, name: str = "the text") -> Any:
    """`plain(text)`, or None when the text does not read or breaks a limit (the caller
    shows `playaid validate`'s own problem for it, from `checks`)."""
    try:
        return plain(text, name)
    except Refused:
        return None
