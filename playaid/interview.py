"""Asking for a new file field by field, checking each answer as it is given.

The questions come from the same models `validate` builds (see `starter`): one per field,
in the model's creation order, the allowed values and limits said with the question, and
every answer built by the loader itself so a wrong one is refused with the loader's own
message before the next question. After each top-level answer an optional `check` runs
the game's rules on the file so far, so a rule that refuses the answer (a starting
character's one Specialization) asks again at once, not at the end.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from typing import Any, Callable, Literal

import yaml

from .answers import by_number, how, node, numbered, options, screened
from .convert import Builder, Invalid, describe, hints
from .problems import Path, Problem
from .safe_text import shown
from .starter import allowed, default, ordered_fields, required

Ask = Callable[[str], str]
"""Shows a question, returns the answer typed (a blank line is "")."""
Say = Callable[[str], None]
Check = Callable[[dict], list[Problem]]
"""The errors of a file holding the given top-level answers (blanks not yet asked included)."""
SKIP = object()
"""An optional field left at its default."""
MOST_ENTRIES = 20
_COUNT = re.compile(r"[0-9]{1,3}")  # ASCII digits only: `²` and `٣` are digits to isdigit(), not to int()


def _is_list_of_models(tp: Any) -> bool:
    if typing.get_origin(tp) is not list:
        return False
    return all(dataclasses.is_dataclass(a) for a in options(typing.get_args(tp)[0]))


def _plain(value: Any) -> Any:
    """A built value as plain YAML data (models as mappings, custom types as their text).

    Custom types are often `str` subclasses (a drive, a die size): the YAML writer knows
    only the exact built-in types, so those become plain text here."""
    if dataclasses.is_dataclass(value):
        return {k: _plain(v) for k, v in dataclasses.asdict(value).items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if value is None or type(value) in (str, int, bool):
        return value
    return str(value)


def needed(cls: type, f: dataclasses.Field) -> bool:
    """Required to the loader, or made at creation with no value until chosen (a Gladiator's
    drive defaults to None, and the rules refuse a Gladiator without one): Enter does not
    leave it out."""
    return required(f) or (f.name in getattr(cls, "CREATION_ORDER", ()) and default(f) is None)


def _named(problem: Problem) -> set[str]:
    """Field names a problem quotes in `backticks` (`add \\`worst_impulse:\\``)."""
    return {w.rstrip(":").split(":")[0].strip() for w in re.findall(r"`([^`]+)`", f"{problem.message} {problem.hint}")}


class Interview:
    """Asks for one model's fields; `given` keeps the top-level answers so far, as plain YAML
    data, so a stopped interview can still be written out as a draft."""

    def __init__(self, ask: Ask, say: Say, scene_type_field: str = "type", check: Check | None = None):
        """`scene_type_field`: the field whose choice decides which of a scene's fields apply."""
        self.ask, self.say = ask, say
        self.scene_type_field = scene_type_field
        self.check = check
        self.given: dict[str, Any] = {}

    def model(self, cls: type, path: Path = (), only: set[str] | None = None, every: bool = False) -> dict:
        """The answers for `cls` (`only` those fields; `every` field, optional ones too)."""
        answers: dict[str, Any] = self.given if not path else {}
        types_ = self._scene_types(cls)
        chosen = answers.get(self.scene_type_field)
        for f in ordered_fields(cls):
            if only is not None and f.name not in only:
                continue
            tp = hints(cls)[f.name]
            if only is None and not every and not self._asked(cls, f, types_, chosen):
                continue
            while True:
                value = self.field(cls, f, tp, path + (f.name,))
                answers.pop(f.name, None)
                if value is not SKIP:
                    answers[f.name] = value
                refused = self._refused(f.name) if not path else []
                if not refused:
                    break
                for p in refused:
                    self.say(f"  {shown(p.message)}" + (f" — {shown(p.hint)}" if p.hint else ""))
            if f.name == self.scene_type_field and types_:
                chosen = answers.get(f.name, default(f))
        return answers

    def _refused(self, name: str) -> list[Problem]:
        """The rules' errors at the field just answered; one quoting a field not asked yet
        (a count that depends on a later answer) waits for the check of the whole file."""
        if self.check is None:
            return []
        field_names = {f for f in self.given}
        found = []
        for p in self.check(dict(self.given)):
            if p.is_error and p.path and str(p.path[0]) == name and not p.rule.startswith("input.required"):
                later = {w for w in _named(p) if w.isidentifier() and w != name and w not in field_names}
                if not later - {str(x) for x in p.path}:
                    found.append(p)
        return found

    def _scene_types(self, cls: type) -> tuple[str, ...]:
        """The choices of a scene's `type`, or () for a model that has none."""
        tp = hints(cls).get(self.scene_type_field)
        literal = [o for o in options(tp) if typing.get_origin(o) is Literal] if tp is not None else []
        return typing.get_args(literal[0]) if literal else ()

    def _asked(self, cls: type, f: dataclasses.Field, types_: tuple[str, ...], chosen: str | None) -> bool:
        """Required fields, those of the model's creation order and optional ones left empty to
        be filled; in a scene its type, then the fields of that type (docs say `type: …`)."""
        if required(f) or f.name in getattr(cls, "CREATION_ORDER", ()):
            return True
        number = int in options(hints(cls)[f.name])
        if types_:
            if f.name == self.scene_type_field:
                return True
            doc = f.metadata.get("doc", "")
            prefix = doc.split(":", 1)[0].split(",")[0].strip() if ":" in doc else ""
            return prefix == chosen if prefix in types_ else True
        if hasattr(cls, "CREATION_ORDER"):
            # the rest of a created model is play (pain statements, losses): its texts, and
            # the numbers it starts with (Luck, a Conflict Pool), Enter keeping the start
            return (default(f) == "" and hints(cls)[f.name] is str) or (
                number and isinstance(default(f), int) and not isinstance(default(f), bool))
        # an effect stated as an optional number (a talent's TN cap) is asked, Enter leaving it out
        return default(f) in ("", [], {}) or (default(f) is None and number)

    def field(self, cls: type, f: dataclasses.Field, tp: Any, path: Path) -> Any:
        doc = f.metadata.get("doc", "")
        name = ".".join(str(p) for p in path)
        if dataclasses.is_dataclass(tp):
            self.say(f"{name}: {doc}")
            return self.model(tp, path, every=True)
        if _is_list_of_models(tp):
            return self._entries(f, tp, path)
        start = default(f)
        if needed(cls, f):
            optional = ""
        elif isinstance(start, int) and not isinstance(start, bool):
            optional = f"; Enter keeps {start}"
        else:
            optional = "; Enter to leave it out"
        question = f"{name} — {doc} ({numbered(tp) or allowed(f, tp)}{how(tp)}{optional})"
        while True:
            text = self.ask(question).strip()
            if not text:
                if not needed(cls, f):
                    return SKIP
                self.say(f"  {name} is needed: {describe(tp)}")
                continue
            value, problem = self._build(f, tp, by_number(tp, text), path)
            if problem is None:
                return _plain(value)
            self.say(f"  {shown(problem)}")

    def _entries(self, f: dataclasses.Field, tp: Any, path: Path) -> Any:
        item = typing.get_args(tp)[0]
        doc = f.metadata.get("doc", "")
        least = 1 if required(f) else 0
        while True:
            text = self.ask(f"{'.'.join(map(str, path))} — {doc}: how many? (a whole number from {least} to "
                            f"{MOST_ENTRIES}{'' if required(f) else ', Enter for none'})").strip()
            if not text and not required(f):
                return SKIP
            if _COUNT.fullmatch(text) and least <= int(text) <= MOST_ENTRIES:
                break
            self.say(f"  give a whole number from {least} to {MOST_ENTRIES}, in digits: "
                     f"the entries are asked for one by one next")
        entries = []
        for i in range(int(text)):
            cls = item if dataclasses.is_dataclass(item) else options(item)[0]
            entries.append(self.model(cls, path + (i,)))
        return entries or SKIP

    @staticmethod
    def _build(f: dataclasses.Field, tp: Any, text: str, path: Path) -> tuple[Any, str | None]:
        refusal = screened(text, tp, path)
        if refusal is not None:
            return None, refusal
        builder = Builder()
        try:
            value = builder.build(tp, node(tp, text), path)
        except Invalid:
            p = builder.problems[0]
            return None, p.message + (f" — {p.hint}" if p.hint else "")
        except yaml.YAMLError:
            return None, f"cannot read `{text}`: write {describe(tp)}{how(tp)}"
        errors = [p for p in builder.problems if p.is_error]
        if errors:  # soft to the loader (the file is still read), but never worth writing
            return None, errors[0].message + (f" — {errors[0].hint}" if errors[0].hint else "")
        lo, hi = f.metadata.get("minimum"), f.metadata.get("maximum")
        if isinstance(value, int) and not isinstance(value, bool):
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                return None, f"{value} is out of range: {allowed(f, tp)}"
        return value, None
