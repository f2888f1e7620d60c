"""`docs/scene-fields.md`: every game's scene fields, written from the JSON Schema.

The page is made, never edited by hand, so it says what `playaid schema` says; a test
makes it again and compares. Remake it with `python -m playaid.schema_docs`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from .schema import document_schema
from .systems import REGISTRY
from .systems.events import events_of

PAGE = Path("docs") / "scene-fields.md"


def words(node: dict[str, Any], defs: dict[str, Any], nested: list[str]) -> str:
    """A schema node as a reader says it: "a list of whole numbers", "one of `a`, `b`"."""
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        if name not in nested:
            nested.append(name)
        return f"a mapping ({_title(name)}, below)"
    if "anyOf" in node:
        options = [o for o in node["anyOf"] if o.get("type") != "null"]
        return " or ".join(words(o, defs, nested) for o in options)
    if "enum" in node:
        return "one of " + ", ".join(f"`{v}`" for v in node["enum"])
    kind = node.get("type")
    if kind == "array":
        return "a list of " + _plural(words(node.get("items", {}), defs, nested))
    if kind == "object":
        return "a mapping of names to " + _plural(words(node.get("additionalProperties", {}), defs, nested))
    if kind == "integer":
        low, high = node.get("minimum"), node.get("maximum")
        bounds = f" ({low}–{high})" if low is not None and high is not None else \
            f" ({low} or more)" if low is not None else f" (at most {high})" if high is not None else ""
        return "a whole number" + bounds
    if kind == "string" and "pattern" in node:
        # a field's own doc replaces its type's description, so say the shape from the pattern
        return "a die size such as d6" if node["pattern"].startswith("^[dD]") else f"text matching `{node['pattern']}`"
    return {"string": "text", "boolean": "`true` or `false`"}.get(kind, "anything")


def _plural(text: str) -> str:
    for one, many in (("a whole number", "whole numbers"), ("a mapping", "mappings"), ("a list", "lists"),
                      ("a die size", "die sizes")):
        if text.startswith(one):
            return many + text[len(one):]
    return text


def _title(ref: str) -> str:
    return ref.rsplit(".", 1)[-1]


def _table(body: dict[str, Any], defs: dict[str, Any], nested: list[str]) -> list[str]:
    required = set(body.get("required", []))
    rows = ["| field | holds | what it is |", "|---|---|---|"]
    for name, node in body["properties"].items():
        if name in ("system", "kind"):
            continue
        need = " (required)" if name in required else ""
        what = node.get("description", "").replace("|", "\\|")
        rows.append(f"| `{name}`{need} | {words(node, defs, nested).replace('|', '/')} | {what} |")
    return rows


def page() -> str:
    lines = ["# Scene fields of every game", "",
             "Made from the JSON Schema (`playaid schema SYSTEM`) by `python -m playaid.schema_docs`;",
             "do not edit by hand. A scene file starts `system: GAME` and `kind: scene`; `playaid roll`",
             "resolves it, and `playaid new GAME scene` writes a starter.", "",
             "Some scene types roll no dice: they are events the GM declares (a death, a rest, the",
             "end of a combat), carried out by the rules like any scene. `playaid event GAME WHAT [WHO]",
             "--setup FILE` builds such a scene and resolves it in one line (`--scene` prints the file it",
             "stands for); each game's list below names them, and docs/rules/events.md quotes the rules.", ""]
    for game in REGISTRY.values():
        if "scene" not in game.models:
            continue
        schema = document_schema([game])
        defs = schema["$defs"]
        body = next(b["then"] for b in schema["allOf"]
                    if b["if"]["properties"].get("kind", {}).get("const") == "scene")
        nested: list[str] = []
        lines += [f"## {game.title} (`{game.id}`)", ""] + _table(body, defs, nested) + [""]
        events = events_of(game)
        if events:
            lines += ["Events without dice (`playaid event " + game.id + " WHAT`): "
                      + "; ".join(f"`{e.name}` — {e.summary}" for e in events) + ".", ""]
        done = 0
        while done < len(nested):  # each nested model once, in the order first named
            ref = nested[done]
            done += 1
            lines += [f"### {_title(ref)}", ""] + _table(defs[ref], defs, nested) + [""]
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover - a maintenance entry point
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else PAGE
    target.write_text(page(), encoding="utf-8")
    print(f"wrote {target}")
