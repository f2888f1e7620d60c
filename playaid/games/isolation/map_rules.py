"""The rules a setup's relationship map keeps (rule text: "Building The Relationship
Map", "Changing The Relationship Map", "Injury, Death and Recovery")."""

from __future__ import annotations

from collections import Counter

from playaid.fields import nearest
from playaid.problems import Problem, error, warning
from playaid.systems.base import Resolver
from playaid.systems.cast import resolve_cast
from .relationship_map import INJURY_LABELS, Link, RelationshipMap, Setup, pairs
from .character import Character, check_character, same_text

BIAS_LINKS = 2
GOAL_LINKS = 3
START_STRESS = (1, 3)


def check_setup(s: Setup, resolver: Resolver) -> list[Problem]:
    members, problems = resolve_cast(s.characters, resolver, check_character)
    cast = {m.name.casefold(): m.model for m in members}
    low, high = START_STRESS
    start, field = (s.stress, "stress") if s.stress_at_start is None else (s.stress_at_start, "stress_at_start")
    if not low <= start <= high and start >= 0:  # in play `stress` may go anywhere; the start may not
        problems.append(warning(
            "isolation.stress-start", f"the Stress Level is {start} at the start; a scenario starts at {low} to {high}",
            "fine later in play; at the top of a scenario pick 1 to 3 by how deep in trouble the cast is",
            (field,)))
    usable: list[tuple[int, Link, Character, Character]] = []
    unsure: set[frozenset] = set()
    for i, link in enumerate(s.links):
        ends, ends_problems = _ends(link, i, cast)
        problems += ends_problems
        if ends:
            usable.append((i, link, *ends))
        elif len(link.between) == 2:  # the pair a broken link meant: its error says enough
            x, y = (_meant(name, cast) for name in link.between)
            unsure |= {frozenset((p.name, q.name)) for p in x for q in y}
    for i, link, a, b in usable:
        problems += _label_problems(link, i, a, b)
    problems += _group_counts(usable)
    problems += _temporary_links(usable)
    living = [m.model for m in members if m.model.living]
    links = RelationshipMap(link for _, link, _, _ in usable)
    for a, b in pairs([c.name for c in living]):
        if not links.between(a, b) and frozenset((a, b)) not in unsure:
            problems.append(warning(
                "isolation.pair-unlinked", f"{a} and {b} share no link",
                "every character is joined to every other by at least one red or green link", ("links",)))
    for m in members:
        if not m.model.living:
            problems += _dead_links(m.model, usable)
    problems += _health_links(living, usable)
    return problems


def _meant(name: str, cast: dict[str, Character]) -> list[Character]:
    """The cast member `name` names, else the ones it may have meant (anyone, if none is near)."""
    if name.casefold() in cast:
        return [cast[name.casefold()]]
    near = nearest(name, [c.name for c in cast.values()], cutoff=0.6)
    return [cast[n.casefold()] for n in near] if near else list(cast.values())


def _ends(link: Link, i: int, cast: dict[str, Character]) -> tuple[tuple[Character, Character] | None, list[Problem]]:
    at = ("links", i, "between")
    if len(link.between) != 2:
        return None, [error("isolation.link-ends", f"a link joins two characters, this one names {len(link.between)}",
                            "write `between: [First Name, Second Name]`", at)]
    problems = []
    for j, name in enumerate(link.between):
        if name.casefold() not in cast:
            names = [c.name for c in cast.values()]
            problems.append(error("isolation.link-ends", f"`{name}` is not in the cast",
                                  _did_you_mean(nearest(name, names, cutoff=0.6)) or
                                  "links join characters of this setup, named as in their files: "
                                  + ", ".join(names), at + (j,)))
    if problems:
        return None, problems
    a, b = (cast[n.casefold()] for n in link.between)
    if a is b:
        return None, [error("isolation.link-ends", f"the link joins {a.name} with {a.name}",
                            "a link joins two different characters", at)]
    return (a, b), []


def _label_problems(link: Link, i: int, a: Character, b: Character) -> list[Problem]:
    at = ("links", i, "label")
    kind = link.kind_of()
    if link.kind is not None and not link.labelled:
        return [error("isolation.link-label", f"this {link.kind} link has no label",
                      "label it; unlabelled links are the temporary ones and take no `kind`", at)]
    if kind == "descriptor":
        return _descriptor_label(link, at, a, b)
    if kind in ("bias", "goal"):
        options = [t for c in (a, b) for t in (c.biases() if kind == "bias" else c.goals())]
        if not any(same_text(link.label, t) for t in options):
            close = nearest(link.label, options)
            return [error(f"isolation.{kind}-link-label",
                          f"`{link.label}` is not the {kind} of {a.name} or of {b.name}",
                          _did_you_mean(close) or f"label a {kind} link with the {kind} of one side: "
                          + "; ".join(options or ["none given"]), at)]
    if kind == "injury" and (link.color != "red" or not link.injury_label()):
        return [error("isolation.injury-link", f"an injury link is red and labelled Injured or Dying, not "
                      f"{link.color} `{link.label}`", "wounds add red links labelled with the wound level", at)]
    return []


def _did_you_mean(options: list[str]) -> str:
    return "did you mean " + " or ".join(f"`{o}`" for o in options) + "?" if options else ""


def _descriptor_label(link: Link, at: tuple, a: Character, b: Character) -> list[Problem]:
    halves = [h.strip() for h in link.label.split("/")]
    # the options listed in full and outside backticks: a long quote is shortened, a name never is
    hint = (f"write one descriptor of {a.name} and one of {b.name} as `A / B`; "
            f"{a.name}: {', '.join(a.descriptors()) or 'none'}; {b.name}: {', '.join(b.descriptors()) or 'none'}")
    if len(halves) != 2:
        return [error("isolation.descriptor-link-label",
                      f"`{link.label}` should name two descriptors, one of each character, as `A / B`", hint, at)]

    def fit(c: Character, text: str) -> list[str]:
        """`text` if it is a descriptor of `c`, else the nearest few of them."""
        exact = [d for d in c.descriptors() if same_text(text, d)]
        return exact or nearest(text, c.descriptors())

    x, y = halves
    fixes: list[str] = []
    for first, second in ((a, b), (b, a)):
        fx, fy = fit(first, x), fit(second, y)
        if same_text(x, fx[0] if fx else "") and same_text(y, fy[0] if fy else ""):
            return []
        fixes += [f"{p} / {q}" for p in fx for q in fy]
    return [error("isolation.descriptor-link-label",
                  f"`{link.label}` does not name a descriptor of {a.name} and one of {b.name}",
                  _did_you_mean(nearest(link.label, fixes)) or hint, at)]


def _group_counts(usable: list[tuple[int, Link, Character, Character]]) -> list[Problem]:
    """Bias links are added two at a time, goal links three at a time."""
    groups: Counter = Counter()
    first: dict[tuple, tuple[int, str]] = {}
    for i, link, a, b in usable:
        size = {"bias": BIAS_LINKS, "goal": GOAL_LINKS}.get(link.kind_of())
        if size and link.labelled:
            key = (link.kind_of(), frozenset((a.name, b.name)), link.color, " ".join(link.label.split()).casefold())
            groups[key] += 1
            first.setdefault(key, (i, link.label))
    problems = []
    for key, n in groups.items():
        kind, names, color, _ = key
        size = BIAS_LINKS if kind == "bias" else GOAL_LINKS
        if n % size:
            a, b = sorted(names)
            i, label = first[key]
            problems.append(warning(
                f"isolation.{kind}-link-count",
                f"{a} and {b} share {n} {color} {kind} link(s) labelled `{label}`; "
                f"{kind} links come {size} at a time",
                f"add or remove links to make a multiple of {size} (fine if one was erased between sessions)",
                ("links", i)))
    return problems


def _temporary_links(usable: list[tuple[int, Link, Character, Character]]) -> list[Problem]:
    """Unlabelled links of both colours cancel as they are formed, so a pair never keeps both."""
    colours: dict[frozenset, dict[str, int]] = {}
    for i, link, a, b in usable:
        if link.temporary:
            colours.setdefault(frozenset((a.name, b.name)), {}).setdefault(link.color, i)
    return [error("isolation.temporary-links-cancel",
                  f"{' and '.join(sorted(pair))} hold unlabelled green and unlabelled red links at once",
                  "unlabelled links of opposite colours cancel one for one; erase them in pairs",
                  ("links", max(seen.values())))
            for pair, seen in colours.items() if len(seen) == 2]


def _dead_links(c: Character, usable: list[tuple[int, Link, Character, Character]]) -> list[Problem]:
    return [(error if link.color == "red" else warning)(
        f"isolation.dead-{link.color}-links",
        f"{c.name} is dead but still holds a {'labelled ' if link.labelled else ''}{link.color} link",
        "at death red links are erased and labelled green links are shared out as unlabelled greens "
        "among the remaining pairs", ("links", i))
        for i, link, a, b in usable if c in (a, b) and (link.color == "red" or link.labelled)]


def _wounded(c: Character, label: str) -> bool:
    """Whether `c`'s health level brings red links labelled `label` (Dying brings both sets)."""
    return c.health == "dying" or (label == "Injured" and c.health == "injured")


def _health_links(living: list[Character], usable: list[tuple[int, Link, Character, Character]]) -> list[Problem]:
    """Wounds bring red Injured / Dying links to every other living character; only rolls
    between sessions remove them, and with all of one label gone the level is recovered."""
    wounds = [(i, link.injury_label(), a, b) for i, link, a, b in usable
              if link.kind_of() == "injury" and link.color == "red" and link.injury_label() and a.living and b.living]
    problems = []
    for i, label, a, b in wounds:
        if not (_wounded(a, label) or _wounded(b, label)):
            problems.append(error(
                "isolation.health-links", f"{a.name} and {b.name} share a red {label} link, but neither is "
                f"{'dying' if label == 'Dying' else 'injured or dying'}",
                "set the wounded one's `health:`, or erase the link", ("links", i)))
    bare = set()
    for c in living:
        for label in INJURY_LABELS:
            if _wounded(c, label) and not any(c in (a, b) and w == label for _, w, a, b in wounds):
                bare.add(c.name)
                problems.append(error(
                    "isolation.health-links", f"{c.name} is {c.health} but holds no red link labelled {label}",
                    f"a wound adds a red `{label}` link to every other living character; "
                    f"with all of them removed the character is back up a health level", ("links",)))
    for a, b in pairs(living):
        for label in INJURY_LABELS:
            need = [c for c in (a, b) if _wounded(c, label) and c.name not in bare]
            held = sum(1 for _, w, x, y in wounds if w == label and {x.name, y.name} == {a.name, b.name})
            if held < len(need):
                problems.append(warning(
                    "isolation.injury-links-missing",
                    f"{' and '.join(c.name for c in need)} {'is' if len(need) == 1 else 'are'} "
                    f"{'dying' if label == 'Dying' else 'wounded'} but {a.name} and {b.name} share "
                    f"{held} red {label} link(s)",
                    "a wound adds one to every other living character; only rolls between sessions remove them",
                    ("links",)))
    return problems
