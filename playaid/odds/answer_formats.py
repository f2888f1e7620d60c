"""One query's answer as JSON, CSV or Markdown (a game's tables are `formats`').

The engine's chances are exact fractions; JSON and CSV carry each both as the exact fraction
("7/27") and as a float, so a reader can check a sum exactly or plot it at once. Where a game's
dice are open-ended, the answer's `error_bound` says how far the listed sum may be from 1.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import Any, Iterator, Mapping

from .tables import Answer, percent


def exact(value: Any) -> Any:
    """`value` with every chance as its exact fraction ("1/6"), everything else left out."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, Mapping):
        found = {str(k): exact(v) for k, v in value.items()}
        return {k: v for k, v in found.items() if v is not None} or None
    if isinstance(value, (list, tuple)):
        found = [exact(v) for v in value]
        return found if any(v is not None for v in found) else None
    return None


def _spread(answer: Answer) -> dict | None:
    if answer.spread is None:
        return None
    s = answer.spread
    rows = [{"outcome": label, "exactly": float(p), "at_least": float(up), "exact": {"exactly": str(p),
                                                                                    "at_least": str(up)}}
            for (label, p), up in zip(s.outcomes, s.at_least())]
    return {"axis": s.axis, "outcomes": rows, "beyond": float(s.beyond), "beyond_exact": str(s.beyond)}


def answer_json(answer: Answer) -> str:
    """The answer's data (chances as floats, as before), `exact` (the same chances as fractions)
    and `spread` (the distribution the chart draws); the words are the default format's."""
    out = {**answer.as_dict(), "exact": exact(answer.data) or {}}
    spread = _spread(answer)
    if spread is not None:
        out["spread"] = spread
    return json.dumps(out, indent=2, ensure_ascii=False) + "\n"


def _chances(value: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Fraction]]:
    """(keys leading to it, chance) of every chance in `value`, in its order."""
    if isinstance(value, Fraction):
        yield path, value
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield from _chances(v, (*path, str(k)))


def answer_csv(answer: Answer) -> str:
    """One line per chance: system, chance (its name in the JSON), outcome (the keys under it,
    joined by " / "), exact, probability; then the chart's distribution as `exactly` and
    `at least` lines, one per outcome."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["system", "chance", "outcome", "exact", "probability"])
    for (key, *under), p in _chances(answer.data):
        w.writerow([answer.system, key, " / ".join(under), str(p), f"{float(p):.12g}"])
    if answer.spread is not None:
        for (label, p), up in zip(answer.spread.outcomes, answer.spread.at_least()):
            w.writerow([answer.system, "exactly", label, str(p), f"{float(p):.12g}"])
            w.writerow([answer.system, "at least", label, str(up), f"{float(up):.12g}"])
    return out.getvalue()


def answer_markdown(answer: Answer) -> str:
    """The words, then the distribution as a table of percentages."""
    parts = [f"# Odds: {answer.system}", "\n\n".join(line.strip() for line in answer.lines)]
    if answer.spread is not None:
        s = answer.spread
        rows = [f"| {label} | {percent(p)} | {percent(up)} |" for (label, p), up in zip(s.outcomes, s.at_least())]
        parts.append("\n".join([f"| {s.axis} | exactly | at least (this or better) |", "|---|---|---|", *rows]))
        if s.beyond:
            parts.append(f"Outcomes beyond the last shown: {percent(s.beyond)} in all.")
    parts.append("Exact fractions: `--format json` or `--format csv`.")
    return "\n\n".join(parts) + "\n"


FORMATS = {"json": answer_json, "csv": answer_csv, "md": answer_markdown}
