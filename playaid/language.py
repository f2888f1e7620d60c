"""The language printed pages speak: the message catalogs and which one is in use.

Every word a sheet, blank sheet or packet cover prints is an English message looked up
in the catalog of the language in use (`locale/<lang>/LC_MESSAGES/playaid.po`, gettext's
format, kept with Babel: see docs/languages.md). English is the source language, so it
needs no catalog: `gettext` returns its message as it is and Babel is never imported,
and a one-sheet run in English pays nothing for the other languages.

The language in use is a context variable, set with `speaking(lang)` around the making of
one document: a packet makes each player's sheet in that player's language and its own
pages in the table's, and the sheet builders and templates need no language argument
threaded through them. The catalogs are read from their `.po` text on first use and kept
for the process (about 8 ms each, after some 50 ms to import Babel's reader once): no compiled
`.mo` file can be stale.
"""

from __future__ import annotations

import contextvars
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Iterator, Literal

LANGUAGES = {"en": "English", "fr": "français", "de": "Deutsch", "es": "español"}
"""Each language playaid prints, by its code (`--lang`, `language:`), with its own name."""

Language = Literal[tuple(LANGUAGES)]  # type: ignore[valid-type]  # one list of codes, here and in LANGUAGES
"""A character's `language:` (the schemas list these codes; an other is refused by name)."""

LANGUAGE_DOC = ("the language this character's sheet is printed in: en, fr, de or es (English, French, "
                "German, Spanish); unset, the command line's --lang or the folder's playaid.toml decides")

ENGLISH = "en"
DOMAIN = "playaid"
LOCALE = Path(__file__).parent / "locale"

_in_use: contextvars.ContextVar[str] = contextvars.ContextVar("playaid_language", default=ENGLISH)


class UnknownLanguage(ValueError):
    """A language code playaid has no catalog for; the message lists the allowed ones."""


def allowed() -> str:
    """The codes a user may give, with their names, for messages: `en (English), fr (français), …`."""
    return ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())


def checked(code: object) -> str:
    """`code` as a language playaid prints (case and spaces forgiven), or UnknownLanguage."""
    text = str(code).strip().lower()
    if text in LANGUAGES:
        return text
    raise UnknownLanguage(f"no language `{code}`: playaid prints {allowed()}")


def current() -> str:
    """The code of the language in use (`en` unless `speaking` set another)."""
    return _in_use.get()


@contextmanager
def speaking(code: str | None) -> Iterator[str]:
    """Within this block, pages are made in language `code` (None: the one already in use)."""
    token = _in_use.set(checked(code) if code else _in_use.get())
    try:
        yield _in_use.get()
    finally:
        _in_use.reset(token)


def chosen(*choices: object) -> str:
    """The first language given among `choices` (character, command line, folder …), else English."""
    return next((checked(c) for c in choices if c), ENGLISH)


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for "mark, translate later"
    """`message`, unchanged: marks a constant for extraction, translated where it is printed."""
    return message


def gettext(message: str) -> str:
    """`message` in the language in use (as it is when the catalog lacks it)."""
    lang = _in_use.get()
    if lang == ENGLISH or not message:
        return message
    return _catalog(lang)[0].get(message) or message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that counts `n` things, in the language in use."""
    lang = _in_use.get()
    if lang == ENGLISH:
        return singular if n == 1 else plural
    messages, form = _catalog(lang)
    forms = messages.get((singular, plural))
    return forms[form(n)] if forms and forms[form(n)] else (singular if n == 1 else plural)


_ = gettext


def catalog_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def _catalog(code: str) -> tuple[dict, object]:
    """Language `code`'s translated messages (a plural message under its (singular, plural)
    key, with its forms) and its plural rule. Fuzzy entries are guesses awaiting a
    translator, so they are left out and their English prints."""
    import gettext as stdlib
    from babel.messages.pofile import read_po

    with open(catalog_path(code), "rb") as fh:
        catalog = read_po(fh, locale=code)
    messages: dict = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            messages[message.id[:2]] = list(message.string)
        elif message.string:
            messages[message.id] = message.string
    return messages, stdlib.c2py(catalog.plural_expr)


def number(value: int | float) -> str:
    """`value` written as the language in use writes numbers (`1,5` in French)."""
    lang = _in_use.get()
    if lang == ENGLISH:
        return f"{value:g}" if isinstance(value, float) else str(value)
    from babel.numbers import format_decimal

    return format_decimal(value, locale=lang)

