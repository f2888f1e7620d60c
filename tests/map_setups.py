"""Isolation setups of any size for the map tests, written as YAML text."""

from __future__ import annotations

import yaml

LONG = "Bartholomew Fitzgerald-Worthington of the Far Northern Marches"


def cast(n: int, long: bool = True) -> list[str]:
    return [f"{LONG} {i + 1}" if long else f"Person {i + 1}" for i in range(n)]


def character(name: str, health: str = "healthy") -> dict:
    return {"name": name, "player": f"Player of {name[:12]}", "profession": "Lighthouse keeper",
            "positive": ["Kind", "Brave", "Calm"], "negative": ["Rude", "Vain", "Lazy"],
            "bias": "Distrusts sailors", "goal": "Leave the island", "health": health}


def links_for(names: list[str], injured: int | None = None, dead: int | None = None,
              short: bool = False) -> list[dict]:
    """A varied map: labelled greens and reds, temporary links of one colour per pair,
    pairs with nothing, and the injured one's red Injured links to every living character.
    `short` labels ("Tin 1-2") are the kind that fit beside their connectors."""
    out = []
    living = [n for i, n in enumerate(names) if i != dead]
    for i, a in enumerate(living):
        for j, b in enumerate(living[i + 1:], i + 1):
            k = (i * 7 + j * 3) % 5
            if k == 4:
                continue
            green = f"Tin {i}-{j}" if short else f"Shared the last tin of peaches {i}-{j}"
            out += [{"between": [a, b], "color": "green", "label": green}] * (k % 3)
            if k in (1, 3):
                out.append({"between": [a, b], "color": "red", "label": "Boat" if short else "Argued about the boat"})
            if k == 2:
                out += [{"between": [a, b], "color": "green"}] * 2
            if k == 3:
                out.append({"between": [a, b], "color": "red"})
    if injured is not None:
        who = names[injured]
        out += [{"between": [who, b], "color": "red", "label": "Injured"} for b in living if b != who]
    return out


def setup(n: int, long: bool = True, injured: int | None = None, dead: int | None = None,
          stress: int = 2, short: bool = False) -> str:
    names = cast(n, long)
    people = [character(x, "injured" if i == injured else "dead" if i == dead else "healthy")
              for i, x in enumerate(names)]
    data = {"system": "isolation", "kind": "setup", "name": f"The lighthouse, {n} keepers", "stress": stress,
            "characters": people, "links": links_for(names, injured, dead, short)}
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
