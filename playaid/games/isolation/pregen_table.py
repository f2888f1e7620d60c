"""An Isolation table: a cast in the recommended shape and its relationship map.

Rule text 000, "Building The Relationship Map", step by step:
1. descriptor links, one per pair of compatible (green) or incompatible (red) words of
   two characters, labelled "Descriptor / Descriptor", from our own table of pairs;
2. two links labelled with a Bias for each character it weighs on ("two red links
   labeled racist"), two green links between characters who share a Bias;
3. three links labelled with a Goal, green for the same goal and red for goals our
   table calls opposed, nothing for goals merely different ("MUCH more strictly").
Every character is drawn so that they share at least one descriptor link with each
character before them, and their Bias is one that falls on someone else in the cast
("you cannot have a bias that won't come into play").
"""

from __future__ import annotations

from itertools import zip_longest

from playaid.problems import Problem, error
from playaid.pregen.draw import Drawer, Flow, Name, PregenError, bundled, fits_table, table
from playaid.pregen.own_tables import RULE
from playaid.pregen.seats import one_each

TRIES = 300
"""Draws of one character's words before the descriptor table is called too thin."""
CASTS = 40
"""Whole casts drawn before no Bias can be found to fall on the others."""


def word_pairs() -> dict[frozenset[str], str]:
    """{frozenset of the two words: colour}; a word paired with itself is a one-word set."""
    m = table("isolation-map")
    return {frozenset(p.split(" / ")): colour
            for key, colour in (("compatible", "green"), ("incompatible", "red")) for p in m[key]}


def _words(c: dict) -> list[str]:
    return [c["profession"], *c["positive"], *c["negative"]]


def descriptor_links(a: dict, b: dict, pairs: dict[frozenset[str], str]) -> list[dict]:
    """The pair's descriptor links, at most `most_per_pair`, the colours taken in turn.

    A table of word pairs finds more bonds than a GM would draw; the text asks for "as
    interesting a mix of red and green links as possible", so a pair with both colours
    keeps both.
    """
    found = [Flow(between=[a["name"], b["name"]], color=pairs[frozenset((x, y))], kind="descriptor",
                  label=f"{x} / {y}")
             for x in _words(a) for y in _words(b) if frozenset((x, y)) in pairs]
    greens, reds = ([link for link in found if link["color"] == c] for c in ("green", "red"))
    mixed = [link for pair in zip_longest(greens, reds) for link in pair if link is not None]
    return mixed[:table("isolation-map")["most_per_pair"]]


def _falls_on(bias: dict, c: dict) -> bool:
    return bool(set(bias["falls_on"]) & set(_words(c)))


def bias_links(a: dict, b: dict, biases: dict[str, dict]) -> list[dict]:
    def two(colour: str, label: str) -> list[dict]:
        return [Flow(between=[a["name"], b["name"]], color=colour, kind="bias", label=label) for _ in range(2)]

    if a["bias"] == b["bias"]:  # "Birds of a feather flock together"
        return two("green", a["bias"])
    out = []
    for holder, other in ((a, b), (b, a)):
        bias = biases[holder["bias"]]
        if _falls_on(bias, other):
            out += two(bias["color"], bias["bias"])
    return out


def goal_links(a: dict, b: dict, opposed: set[frozenset[str]]) -> list[dict]:
    pair = frozenset((a["goal"], b["goal"]))
    if a["goal"] == b["goal"]:
        colour = "red" if pair in opposed else "green"
    elif pair in opposed:
        colour = "red"
    else:
        return []
    return [Flow(between=[a["name"], b["name"]], color=colour, kind="goal", label=a["goal"]) for _ in range(3)]


def _words_linked_to_all(draw: Drawer, cast: list[dict], pairs) -> dict:
    t = table("isolation")
    for _ in range(TRIES):
        c = {"name": "", "profession": draw.pick(t["professions"]),
             "positive": draw.sample(t["positive"], 3)}
        c["negative"] = draw.sample([w for w in t["negative"] if w not in c["positive"]], 3)
        if all(descriptor_links(c, other, pairs) for other in cast):
            return c
    raise PregenError("the descriptor tables give no character linked to every other one: "
                      "add compatible or incompatible pairs, or make a smaller table")


def _cast(draw: Drawer, count: int, goals: list[str]) -> list[dict] | None:
    pairs, biases = word_pairs(), table("isolation")["biases"]
    cast: list[dict] = []
    for _ in range(count):
        cast.append(_words_linked_to_all(draw, cast, pairs))
    for i, c in enumerate(cast):
        others = cast[:i] + cast[i + 1:]
        fitting = [b["bias"] for b in biases
                   if not _falls_on(b, c) and any(_falls_on(b, o) for o in others)]
        if not fitting:
            return None
        c["bias"] = draw.pick(fitting)
        c["goal"] = draw.pick(goals)
    return cast


def build(draw: Drawer, count: int, players: list[str]) -> tuple[list[tuple[Name, dict]], dict]:
    """The characters (name, data) and the setup's fields but `characters`."""
    fits_table(count, table("isolation-map")["table"],
               "an Isolation table seats {low} to {high} characters (every pair is linked on the map)")
    m, t = table("isolation-map"), table("isolation")
    threat, locale, stress = draw.pick(m["threats"]), draw.pick(m["locales"]), draw.pick(m["stress"])
    goals = [g["goal"] for g in t["goals"] if threat["kind"] in g.get("threats", [threat["kind"]])]
    for _ in range(CASTS):
        cast = _cast(draw, count, goals)
        if cast is not None:
            break
    else:
        raise PregenError("no Bias in the table falls on anyone else in the casts drawn: "
                          "add Biases or widen their `falls_on`")
    out = []
    for player, c in zip(one_each(count, players), cast):
        name = draw.name()
        c["name"] = name.written
        data = {"name": name.written, **({"player": player} if player else {}),
                **{k: c[k] for k in ("profession", "positive", "negative", "bias", "goal")}, "health": "healthy"}
        out.append((name, data))
    return out, {"name": locale, "locale": locale, "threat": threat["threat"], "stress": stress,
                 "links": relationship_map(cast)}


def relationship_map(cast: list[dict]) -> list[dict]:
    """Every link of the map, pair by pair in cast order: descriptors, Biases, Goals."""
    pairs, t = word_pairs(), table("isolation")
    biases = {b["bias"]: b for b in t["biases"]}
    opposed = {frozenset(p) for p in table("isolation-map")["opposed_goals"]}
    links = []
    for i, a in enumerate(cast):
        for b in cast[i + 1:]:
            links += descriptor_links(a, b, pairs) + bias_links(a, b, biases) + goal_links(a, b, opposed)
    return links


def tables_problems(tables: dict[str, dict]) -> list[Problem]:
    """The Isolation words used by the map, Biases and opposed goals exist in the tables."""
    if not {"isolation", "isolation-map"} & set(tables):
        return []
    people = tables.get("isolation") or bundled("isolation")
    m = tables.get("isolation-map") or bundled("isolation-map")
    words = {*people["professions"], *people["positive"], *people["negative"]}
    goals = {g["goal"] for g in people["goals"]}
    out = []
    for key in ("compatible", "incompatible"):
        for i, pair in enumerate(m[key]):
            parts = pair.split(" / ")
            unknown = [w for w in parts if w not in words]
            if len(parts) != 2 or unknown:
                out.append(error(RULE, f"`{pair}` is not two descriptors of the tables as `Word / Word`",
                                 "use Professions and Descriptors of isolation.yaml (add new words there too)",
                                 ("isolation-map", key)))
    for b in people["biases"]:
        if b["color"] not in ("red", "green") or not set(b["falls_on"]) <= words:
            out.append(error(RULE, f"the Bias `{b['bias']}` needs `color: red` or `green` and falls_on words "
                                   "of the tables", "name Professions and Descriptors it weighs on", ("isolation", "biases")))
    for pair in m["opposed_goals"]:
        if len(pair) != 2 or not set(pair) <= goals:
            out.append(error(RULE, f"opposed goals {pair} are not two Goals of the table",
                             "name two goals of isolation.yaml", ("isolation-map", "opposed_goals")))
    return out
