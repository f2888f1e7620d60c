"""Reading the README and the docs' Markdown the way a reader follows it: its shell blocks
(with the commands each shows and what a block marked `<!-- not run: why -->` is spared), its
links and the anchors its headings make. Used by tests/test_docs_site.py."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

from markdown.extensions.toc import slugify  # the site's own anchors (MkDocs builds with it)

SHELL = {"sh", "bash", "shell", "console"}
NOT_RUN = re.compile(r"<!--\s*not run:\s*(.+?)\s*-->")
FENCE = re.compile(r"^(```|~~~)\s*([\w-]*)[^\n]*\n(.*?)^\1\s*$", re.M | re.S)


@dataclass
class Command:
    """One `playaid …` line of a shell block: its words, the exit code the page implies and,
    in a `console` block, the lines the page shows it printing."""

    line: str
    words: list[str]
    exit_code: int = 0
    stdout_to: str | None = None  # `playaid schema > file`: the file the page sends it to
    shows: list[str] = field(default_factory=list)


@dataclass
class Block:
    lang: str
    text: str
    not_run: str | None  # why, when the page marks it


def fenced(text: str) -> list[Block]:
    """Every fenced code block, with the `not run` reason of the marker just above it."""
    blocks = []
    for m in FENCE.finditer(text):
        before = text[: m.start()].rstrip().rsplit("\n", 1)[-1]
        marked = NOT_RUN.fullmatch(before.strip())
        blocks.append(Block(m.group(2).lower(), m.group(3), marked.group(1) if marked else None))
    return blocks


def prose(text: str) -> str:
    """The page without its code: links inside code are examples, not links."""
    text = FENCE.sub("", text)
    text = re.sub(r"^(?: {4}|\t).*$", "", text, flags=re.M)  # indented code
    return re.sub(r"`[^`\n]*`", "", text)


def _command(line: str) -> Command:
    code, _, comment = line.partition(" #")
    words = shlex.split(code)
    stdout_to = None
    if ">" in words:
        at = words.index(">")
        words, stdout_to = words[:at], words[at + 1]
    said = re.search(r"\bexit (\d)\b", comment)
    return Command(line, words, int(said.group(1)) if said else 0, stdout_to)


def commands(block: Block) -> list[Command]:
    """The `playaid` lines of a shell block, in order; other lines (make, pip, cd) are not ours."""
    found: list[Command] = []
    for raw in block.text.splitlines():
        line = raw.strip()
        if block.lang == "console":
            if line.startswith("$ "):
                line = line[2:]
            elif found and line:
                found[-1].shows.append(line)  # what the page says the last command printed
                continue
        if line.startswith("playaid "):
            found.append(_command(line))
    return found


def hidden_commands(text: str) -> list[str]:
    """`playaid` lines in untagged or indented code, which the runner would never see (a block
    tagged `text` says on purpose that it shows no command to run: a synopsis, an output)."""
    hidden = [line for b in fenced(text) if b.lang == ""
              for line in b.text.splitlines() if re.match(r"\s*(\$ )?playaid \w", line)]
    indented = re.findall(r"^(?: {4}|\t)\s*(?:\$ )?(playaid \w.*)$", FENCE.sub("", text), re.M)
    return hidden + indented


LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"""(?:href|src)\s*=\s*["']([^"']+)["']""")


def links(text: str) -> list[str]:
    """Every link target of the page's prose: Markdown links and pictures, and HTML ones."""
    body = prose(text)
    return LINK.findall(body) + HTML_LINK.findall(body)


def anchors(text: str) -> set[str]:
    """The ids the page's headings get, as MkDocs makes them (a repeated one gets `_1`, `_2` …)."""
    seen: dict[str, int] = {}
    ids = set()
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", FENCE.sub("", text), re.M):
        plain = re.sub(r"[`*]|\[([^\]]*)\]\([^)]*\)", r"\1", heading)
        slug = slugify(plain, "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        ids.add(slug if count == 0 else f"{slug}_{count}")
    return ids


def broken_links(page: Path, root: Path) -> list[str]:
    """Each relative link of `page` that leads to no file, or to no heading of the page it
    names; external links are left to the reader (never fetched). Links must stay in `root`."""
    broken = []
    text = page.read_text(encoding="utf-8")
    for target in links(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto: …
            continue
        path, _, anchor = target.partition("#")
        goal = (page.parent / path).resolve() if path else page
        if root.resolve() not in (goal, *goal.parents) or not goal.exists():
            broken.append(f"{target}: no such file")
        elif anchor and goal.suffix == ".md" and anchor not in anchors(goal.read_text(encoding="utf-8")):
            broken.append(f"{target}: no heading #{anchor} in {goal.name}")
    return broken


def external_links(text: str) -> list[str]:
    return [t for t in links(text) if re.match(r"[a-z][a-z0-9+.-]*:", t, re.I)]
