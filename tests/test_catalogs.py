"""The message catalogs: up to date with the templates and code, complete, and true to the glossary."""

from __future__ import annotations

import copy
import re
import sys

import pytest
import yaml

from conftest import ROOT
from playaid import language

sys.path.insert(0, str(ROOT / "tools"))
import catalogs  # noqa: E402  (tools/ is not a package)

TRANSLATED = [c for c in language.LANGUAGES if c != language.ENGLISH]
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@pytest.fixture(scope="module")
def extracted():
    return catalogs.extracted()


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_printed_message_is_in_the_catalog(extracted, code):
    """A message added to a template or marked in code, and not yet in a catalog, fails here
    (run `python tools/catalogs.py`, then translate it)."""
    catalog = catalogs.read(code)
    missing = [m.id for m in extracted if m.id and m.id not in catalog]
    assert not missing, f"{code}: not in the catalog (run python tools/catalogs.py): {missing}"
    gone = [m.id for m in catalog if m.id and m.id not in extracted]
    assert not gone, f"{code}: in the catalog but printed nowhere any more: {gone}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_and_keeps_its_placeholders(code):
    catalog = catalogs.read(code)
    assert not catalog.fuzzy, f"{code}: the catalog's header is marked fuzzy"
    for m in catalog:
        if not m.id:
            continue
        assert m.string, f"{code}: {m.id!r} is not translated"
        assert not m.fuzzy, f"{code}: {m.id!r} is fuzzy: check its translation and remove the flag"
        assert sorted(PLACEHOLDER.findall(m.id)) == sorted(PLACEHOLDER.findall(m.string)), (
            f"{code}: {m.string!r} must keep the placeholders of {m.id!r}")


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_header_says_who_translated_it_and_how(code):
    header = catalogs.catalog_path(code).read_text(encoding="utf-8").split("msgid", 1)[0]
    assert "Translated by" in header and "native speaker" in header and "Corrections: edit this file" in header


def _glossary() -> dict[str, dict[str, list[str]]]:
    """Each English term with its accepted translations per language, over all games; a term
    two games share with different translations is an error of the glossary."""
    data = yaml.safe_load((language.LOCALE / "glossary.yaml").read_text(encoding="utf-8"))
    terms: dict[str, dict[str, list[str]]] = {}
    for game, entries in data.items():
        for term, by_language in entries.items():
            forms = {code: [v] if isinstance(v, str) else list(v) for code, v in by_language.items()}
            assert set(forms) == set(TRANSLATED), f"{game}: {term} lacks a language"
            assert terms.setdefault(term, forms) == forms, f"{term}: two games translate it differently"
    return terms


def uses_of(term: str, message: str) -> bool:
    """Whether `message` (its placeholders' names aside) uses `term` as a word, or its plural."""
    text = PLACEHOLDER.sub("", message)
    return re.search(rf"\b{re.escape(term)}(s|es)?\b", text, re.IGNORECASE) is not None


def test_a_term_is_found_as_a_word_not_inside_another_word_or_a_placeholder():
    assert uses_of("Stat", "Stat total") and uses_of("Stat", "roll as many d6 as the stats")
    assert not uses_of("Stat", "State: %(which)s") and not uses_of("Stat", "%(stat)s: dice now")


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_rule_term_is_translated_the_same_way_everywhere(code):
    catalog = catalogs.read(code)
    wrong = []
    for term, forms in _glossary().items():
        for m in catalog:
            if m.id and uses_of(term, m.id) and not any(f.lower() in m.string.lower() for f in forms[code]):
                wrong.append(f"{m.id!r} → {m.string!r} lacks {' or '.join(forms[code])} ({term})")
    assert not wrong, f"{code}: " + "; ".join(wrong)


def test_the_glossary_check_catches_a_term_translated_otherwise(monkeypatch):
    """A message that says Injury where the glossary says Blessure is caught."""
    catalog = catalogs.read("fr")
    catalog["base Injury"].string = "Dommage de base"
    monkeypatch.setattr(catalogs, "read", lambda code: catalog)
    with pytest.raises(AssertionError, match="Blessure"):
        test_each_rule_term_is_translated_the_same_way_everywhere("fr")


def test_the_up_to_date_check_catches_a_new_message(extracted):
    grown = copy.deepcopy(extracted)
    grown.add("A message no catalog has yet")
    with pytest.raises(AssertionError, match="A message no catalog has yet"):
        test_every_printed_message_is_in_the_catalog(grown, "fr")
