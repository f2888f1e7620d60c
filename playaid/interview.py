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
from .limits import limit_of
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


def _files_or_inline(tp: Any) -> bool:
    """A list of file names or inline models (a setup's characters)."""
    if typing.get_origin(tp) is not list:
        return False
    item = options(typing.get_args(tp)[0])
    return str in item and any(dataclasses.is_dataclass(o) for o in item)


def _plain(value: Any) -> Any:
    """A built value as plain YAML data (models as mappings, custom types as their text).

    Custom types are often `str` subclasses (a drive, a die size): the YAML writer knows
    only the exact built-in types, so those become plain text here."""
    if dataclasses.is_dataclass(value):
        # the parts given, as a user would write them: defaults left out
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if required(f) or getattr(value, f.name) != default(f)}
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


def _speaks_of(problem: Problem, fields: set[str], words: bool = True) -> bool:
    """Whether a problem names one of `fields` quoted (`against:`) or, with `words`, in
    words (`connections` in "has no Connection")."""
    text = f"{problem.message} {problem.hint}".casefold()
    return bool(_named(problem) & fields) or (words and any(f.replace("_", " ").rstrip("s") in text for f in fields))


class Interview:
    """Asks for one model's fields; `given` keeps the top-level answers so far, as plain YAML
    data, so a stopped interview can still be written out as a draft."""

    def __init__(self, ask: Ask, say: Say, scene_type_field: str = "type", check: Check | None = None):
        """`scene_type_field`: the field whose choice decides which of a scene's fields apply."""
        self.ask, self.say = ask, say
        self.scene_type_field = scene_type_field
        self.check = check
        self.given: dict[str, Any] = {}
        self.root: type | None = None

    def model(self, cls: type, path: Path = (), only: set[str] | None = None, every: bool = False) -> dict:
        """The answers for `cls` (`only` those fields; `every` field, optional ones too)."""
        answers: dict[str, Any] = self.given if not path else {}
        if not path:
            self.root = cls
        types_ = self._scene_types(cls)
        chosen = answers.get(self.scene_type_field)
        for f in ordered_fields(cls):
            if only is not None and f.name not in only:
                continue
            tp = hints(cls)[f.name]
            if only is None and not every and not self._asked(cls, f, types_, chosen):
                continue
            if ".".join(str(p) for p in path + (f.name,) if isinstance(p, str)) in getattr(
                    self.root, "CREATION_LEAVES", ()):
                continue  # the rules leave it empty at creation: a question only one answer fits
            while True:
                value = self.field(cls, f, tp, path + (f.name,))
                answers.pop(f.name, None)
                if value is not SKIP:
                    answers[f.name] = value
                refused = self._refused(f.name) if not path else []
                if not refused:
                    break
                for line in dict.fromkeys(f"  {shown(p.message)}" + (f" — {shown(p.hint)}" if p.hint else "")
                                          for p in refused):
                    self.say(line)
            if f.name == self.scene_type_field and types_:
                chosen = answers.get(f.name, default(f))
        return answers

    def _refused(self, name: str, waiting: bool = True) -> list[Problem]:
        """The rules' errors at the field just answered, or at the file naming it ("add
        `principle:`"). One that speaks of a field not asked yet ("Publishers has no
        Connection" while the connections come next) waits for the check of the whole file,
        unless not `waiting` (then only one quoting another such field is left out: "add
        `difficulty:`, or name one in `against:`" makes neither needed)."""
        if self.check is None:
            return []
        later = {f.name for f in dataclasses.fields(self.root)} - set(self.given) - {name}
        found = []
        for p in self.check(dict(self.given)):
            if not p.is_error or p.rule == "input.required" or _speaks_of(p, later, words=waiting):
                continue
            if (p.path and str(p.path[0]) == name) or (not p.path and name in _named(p)):
                found.append(p)
        return found

    def _rules_need(self, cls: type, f: dataclasses.Field, path: Path) -> bool:
        """Whether Enter can leave the field out: not when the loader needs it, nor when the
        rules refuse the file so far without it (a Sapio character's Principle)."""
        if needed(cls, f):
            return True
        if len(path) != 1 or self.check is None:
            return False
        kept = self.given.pop(f.name, SKIP)
        try:
            return bool(self._refused(f.name, waiting=False))
        finally:
            if kept is not SKIP:
                self.given[f.name] = kept

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
        if f.metadata.get("played"):  # play writes it (the Stress at the top of the scenario)
            return False
        if f.name in getattr(cls, "CREATION_THEN", ()):
            return True
        if types_:
            if f.name == self.scene_type_field:
                return True
            doc = f.metadata.get("doc", "")
            prefix = doc.split(":", 1)[0].split(",")[0].strip() if ":" in doc else ""
            return prefix == chosen if prefix in types_ else True
        start = default(f)
        # numbers are asked with Enter keeping their start (a Layer, Luck, a Conflict Pool of 5)
        # or leaving them out (a talent's TN cap): they decide what a roll does
        if int in options(hints(cls)[f.name]) and (start is None or type(start) is int):
            return True
        if hasattr(cls, "CREATION_ORDER"):
            # the rest of a created model is play (pain statements, losses): only its texts
            return start == "" and hints(cls)[f.name] is str
        # an entry's optional parts (a contest side's character, assets or dice): Enter leaves them out
        return start in ("", [], {}) or start is None

    def field(self, cls: type, f: dataclasses.Field, tp: Any, path: Path) -> Any:
        doc = f.metadata.get("doc", "")
        name = ".".join(str(p) for p in path)
        if dataclasses.is_dataclass(tp):
            self.say(f"{name}: {doc}")
            return self.model(tp, path, every=True)
        if _is_list_of_models(tp):
            return self._entries(f, tp, path)
        start = default(f)
        must = self._rules_need(cls, f, path)
        if must:
            optional = ""
        elif isinstance(start, int) and not isinstance(start, bool):
            optional = f"; Enter keeps {start}"
        else:
            optional = "; Enter to leave it out"
        what = numbered(tp) or allowed(f, tp)
        several = how(tp)
        if _files_or_inline(tp):
            # an inline entry cannot be typed on one line: names (or files) are what is asked for
            files = limit_of(path)[1] == "a file or a name"
            what, several = ("file names, relative to this file" if files else "names"), ", separated by commas"
        question = f"{name} — {doc} ({what}{several}{optional})"
        while True:
            text = self.ask(question).strip()
            if not text:
                if not must:
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
            return None, f"cannot read `{text}`: write {allowed(f, tp)}{how(tp)}"
        errors = [p for p in builder.problems if p.is_error]
        if errors:  # soft to the loader (the file is still read), but never worth writing
            return None, errors[0].message + (f" — {errors[0].hint}" if errors[0].hint else "")
        lo, hi = f.metadata.get("minimum"), f.metadata.get("maximum")
        if isinstance(value, int) and not isinstance(value, bool):
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                return None, f"{value} is out of range: {allowed(f, tp)}"
        return value, None
