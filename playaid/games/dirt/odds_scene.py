"""`playaid odds dirt --scene`: the chances of each outcome `playaid roll` reports for the scene.

Rule text 003, "Opposed Check": "The character with the most degrees of success wins … that
character's action is resolved if there were enough degrees of success to complete that
action as an unopposed check"; a tie completes neither action. So an opposed scene answers in
`roll`'s own outcomes — `win:A`, `win-incomplete:A` (more degrees, too few for the action's
difficulty), `tie`, `win:B`, `win-incomplete:B` — and only a fight (`fight: true`) adds the
damage bands, since "Fighting" is where the loser is hurt. What decides each check besides the
dice is read from the steps `roll` makes (the pools, the degrees an action `needs`, a
disrupted side's lost first degree, an ambushed or incapacitated side's 0), so the odds follow
the rules core. A round answers action by action: its actions are simultaneous, each rolled
from the round's start, so their chances do not depend on each other.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from playaid.dice import Dist, error_bound
from playaid.odds.tables import Answer, Spread, percent
from .models import DIFFICULTY
from .chances import LIMITS, SYSTEM, at_least, band, bands_of, degrees, query
from .procedures import THRESHOLD


def _bounded(dice: int, who: str) -> None:
    from playaid.odds.scene_roll import NoOdds, bounded

    if dice < 1:
        raise NoOdds(f"{who} rolls no dice (a stat at 0): nothing to compute")
    bounded(dice, LIMITS["pool"], who)


def _sides(steps: list) -> list[tuple[str, Dist, dict]]:
    """Each side of an opposed check: its name, its degrees' distribution as `roll` counts
    them, and what its step says about it (`needs`, `fight`)."""
    sides, pool = [], None
    for step in steps:
        d = step.data
        if {"character", "dice", "threshold"} <= set(d):
            pool = d
        elif "side" in d:
            if d.get("ambushed") or d.get("incapacitated"):
                dist = Dist.constant(0)
            else:
                assert pool is not None and pool["character"] == d["character"]
                _bounded(pool["dice"], d["character"])
                dist = degrees(pool["dice"], pool["threshold"])
                if d.get("lost_first"):  # disrupted: the first degree does not count
                    dist = dist.map(lambda k: max(0, k - 1))
            sides.append((d["character"], dist, d))
    return sides


def opposed_outcomes(sides: list[tuple[str, Dist, dict]]) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """P(each outcome `roll` reports) and, in a fight, P(each damage band)."""
    (first, a, about_a), (second, b, about_b) = sides
    names, needs = (first, second), (about_a["needs"], about_b["needs"])
    out = {f"win:{first}": Fraction(0), f"win-incomplete:{first}": Fraction(0), "tie": Fraction(0),
           f"win-incomplete:{second}": Fraction(0), f"win:{second}": Fraction(0)}
    bands = {name: Fraction(0) for name in bands_of()}
    total = a.total * b.total
    for x, wx in a.items():
        for y, wy in b.items():
            p = Fraction(wx * wy, total)
            bands[band(x - y)] += p
            if x == y:
                out["tie"] += p
                continue
            win = 0 if x > y else 1
            done = needs[win] is None or max(x, y) >= needs[win]
            out[f"{'win' if done else 'win-incomplete'}:{names[win]}"] += p
    return out, (bands if about_a["fight"] else {})


def _said(label: str) -> str:
    if label == "tie":
        return "tie: neither action is completed"
    kind, who = label.split(":", 1)
    return f"{who} wins and the action is completed" if kind == "win" else \
        f"{who} wins but has too few degrees to complete the action (win-incomplete)"


def check_answer(steps: list) -> tuple[dict[str, Fraction], list[str], Fraction, dict[str, Fraction]]:
    """One check's outcomes as `roll` names them, sentences saying them, the error bound of
    the open-ended pools, and the damage bands of a fight (empty otherwise)."""
    sides = _sides(steps)
    if not sides:  # unopposed: one pool against the degrees it needs
        pool = next(s.data for s in steps if {"character", "dice", "threshold"} <= set(s.data))
        _bounded(pool["dice"], pool["character"])
        needed = next(s.data["needed"] for s in steps if "needed" in s.data)
        p = at_least(pool["dice"], pool["threshold"], needed)
        return ({"success": p, "failure": 1 - p},
                [f"{pool['character']}: {pool['dice']} dice, {pool['threshold']}+ counts, needing {needed} "
                 f"degree{'s' * (needed != 1)}: {percent(p)} to succeed."], Fraction(0), {})
    out, bands = opposed_outcomes(sides)
    (first, _, _), (second, _, _) = sides
    fight = bool(bands)
    lines = [f"{first} against {second}" + (", a fight: the loser is hurt by the margin." if fight else
                                            ", not a fight: nobody is hurt, the winner's action is completed "
                                            "if its degrees reach its difficulty.")]
    lines += [f"  {_said(label)}: {percent(p)}" for label, p in out.items() if p]
    if fight:
        lines.append("By margin: " + ", ".join(f"{b.replace('-', ' ')} {percent(p)}" for b, p in bands.items()))
    return out, lines, error_bound([d for _, d, _ in sides]), bands


def _unopposed(steps: list) -> Answer:
    """One check against its difficulty: the typed query's answer (degrees and all), its
    outcomes named as `roll` names them; a disrupted check needs one degree more."""
    out, lines, _, _ = check_answer(steps)
    pool = next(s.data for s in steps if {"character", "dice", "threshold"} <= set(s.data))
    said = next(s.data for s in steps if "needed" in s.data)
    if said["needed"] != DIFFICULTY[said["difficulty"]]:  # disrupted: one degree more than its difficulty
        return Answer(SYSTEM, tuple(lines), {"pool": pool["dice"], "needed": said["needed"],
                                             "success": out["success"], "outcomes": out})
    typed = query(pool["dice"], {t: a for a, t in THRESHOLD.items()}[pool["threshold"]], said["difficulty"])
    return replace(typed, data={**typed.data, "outcomes": out})


def scene_answer(result) -> Answer:
    """The odds of a scene's roll: one check, or each action of a round."""
    steps = list(result.steps)
    starts = [i for i, s in enumerate(steps) if "action" in s.data]
    if not starts and not _sides(steps):
        return _unopposed(steps)
    if not starts:
        out, lines, bound, bands = check_answer(steps)
        data = {"outcomes": out, **({"bands": bands} if bands else {}), "error": bound}
        spread = Spread("outcome, as `playaid roll` reports it", tuple(reversed(list(out.items()))))
        return Answer(SYSTEM, tuple(lines), data, spread)
    actions, lines = [], []
    for n, (i, j) in enumerate(zip(starts, starts[1:] + [len(steps)])):
        head = steps[i]
        out, said, bound, bands = check_answer(steps[i + 1:j])
        lines.append(head.text.split(" [")[0].rstrip("."))
        lines += [f"  {line.strip()}" for line in said]
        actions.append({"action": head.data["action"], "character": head.data["character"], "outcomes": out,
                        **({"bands": bands} if bands else {}), "error": bound})
    return Answer(SYSTEM, ("A round: each action's chances, the actions being simultaneous.", *lines),
                  {"outcomes": {"round": Fraction(1)}, "actions": actions})
