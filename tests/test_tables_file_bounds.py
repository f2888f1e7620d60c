"""A group's `--tables-file` costs little whatever it holds: tables have a size limit, the
names they make are counted rather than built, and sentences are filled by the tool with
only their own placeholders (never by `str.format`)."""

from __future__ import annotations

import time

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playaid.pregen import draw, generate
from playaid.pregen.draw import PregenError, count_names, fill, own_tables, stray_braces
from playaid.pregen.own_tables import MAX_ROWS, MAX_VALUES, load, table_names
from playaid.pregen.tables import make_tables


def _culture(given: int, family: int) -> dict:
    return {"given": [f"Given{i}" for i in range(given)], "family": [f"Family{i}" for i in range(family)]}


def _write(tmp_path, data: dict, name: str = "own.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


# -- size ------------------------------------------------------------------------------------

@pytest.mark.parametrize("given_count, family_count", [(3_000, 3_000), (40_000, 9_000)])
def test_a_huge_names_table_is_refused_quickly_naming_the_table_and_the_limit(run, tmp_path, given_count,
                                                                              family_count):
    own = _write(tmp_path, {"names": {"cultures": {"big": _culture(given_count, family_count)}}})
    started = time.perf_counter()
    result = run("pregen", "dirt", "--count", "4", "--seed", "1", "--tables-file", own, "--out", tmp_path / "o")
    assert time.perf_counter() - started < 15
    assert result.exit_code == 1, result.output
    assert f"names.cultures.big.given holds {given_count:,} entries" in result.output
    assert f"at most {MAX_ROWS:,}" in result.output and "[pregen.tables-size]" in result.output
    assert "fix:" in result.output and "Traceback" not in result.output and not (tmp_path / "o").exists()


def test_a_file_of_many_tables_within_the_row_limit_is_refused_by_its_total(tmp_path):
    cultures = {f"c{i}": _culture(600, 400) for i in range(MAX_VALUES // 1_000 + 1)}
    tables, problems = load(_write(tmp_path, {"names": {"cultures": cultures}}))
    assert tables == {} and [p.rule for p in problems] == ["pregen.tables-size"]
    assert f"at most {MAX_VALUES:,} are allowed" in problems[0].message


def test_names_at_the_limit_are_counted_not_built(tmp_path, monkeypatch):
    # A thousand given and a thousand family names make a million names: making twenty
    # tables must look at a few thousand of them, not list the million (3 GB, 40 s before).
    own = _write(tmp_path, {"names": {"cultures": {"big": _culture(MAX_ROWS, MAX_ROWS)}},
                            "replace": ["names.cultures"]})
    tables, problems = load(own)
    assert problems == []
    made = []
    real = draw._full
    monkeypatch.setattr(draw, "_full", lambda *a: made.append(1) or real(*a))
    with own_tables(tables):
        assert count_names(500) == 500
        assert len(made) == 500
        result = make_tables("contest", 8, 20, seed=1)
    assert all(t.problems == [] for t in result)
    assert len(made) < 20_000


def test_a_name_written_a_thousand_times_counts_once(tmp_path):
    own = _write(tmp_path, {"names": {"cultures": {"one": {"given": ["Ann"] * MAX_ROWS, "family": ["Ash"] * MAX_ROWS}}},
                            "replace": ["names.cultures"]})
    tables, problems = load(own)
    assert problems == []
    with own_tables(tables):
        assert count_names() == 1
        with pytest.raises(PregenError, match="holds 1 different names"):
            generate("dirt", 2, seed=1)


# -- sentences -------------------------------------------------------------------------------

@pytest.mark.parametrize("sentence, shown", [
    ("{short:>1500000000} stood up.", "{short:>1500000000}"),
    ("{nope} stood up.", "{nope}"),
    ("{0} stood up.", "{0}"),
    ("{short stood up.", "{"),
    ("{short} stood up}", "}"),
    ("{short.__class__.__mro__} stood up.", "{short.__class__.__mro__}"),
    ("{short!r} stood up.", "{short!r}"),
    ("{short[0]} stood up.", "{short[0]}"),
    ("{{short}} stood up.", "{"),
])
def test_a_sentence_with_anything_but_its_placeholders_is_refused_at_load(run, tmp_path, sentence, shown):
    own = tmp_path / "own.yaml"
    own.write_text(f"fight-sphere:\n  since:\n    - Fine, {{short}}.\n    - '{sentence}'\n", encoding="utf-8")
    started = time.perf_counter()
    result = run("pregen", "fight-sphere", "--count", "2", "--seed", "1", "--tables-file", own,
                 "--out", tmp_path / "o")
    assert time.perf_counter() - started < 15
    assert result.exit_code == 1, result.output
    assert f"own.yaml:4:7: error [pregen.tables-file] fight-sphere.since item 2 holds `{shown}`" in result.output
    assert "({short}, {years})" in result.output and "fix: write only {short}, {years}" in result.output
    assert "Traceback" not in result.output and "mro" not in result.output.replace(shown, "")
    assert not (tmp_path / "o").exists()


def test_a_drive_sentence_may_hold_only_the_name(tmp_path):
    own = _write(tmp_path, {"fight-sphere": {"death-wish": ["{short} has counted {years} bad years."]}})
    _, problems = load(own)
    assert len(problems) == 1 and "`{years}`, which is not one of its placeholders ({short})" in problems[0].message


def test_allowed_placeholders_are_filled_with_the_characters_own_values(tmp_path):
    sentence = "For {years} winters {short} kept bees, and {short} still hums."
    own = _write(tmp_path, {"fight-sphere": {part: [sentence] for part in ("past", "known_for", "taken", "since")}
                            | {"death-wish": ["{short} wants it over."]},
                            "replace": ["fight-sphere.past", "fight-sphere.death-wish"]})
    tables, problems = load(own)
    assert problems == []
    with own_tables(tables):
        batch = generate("fight-sphere", 3, seed=4)
    assert batch.problems == []
    for text in batch.files.values():
        data = yaml.safe_load(text)
        short = data["name"].split()[0] if data["name"].split()[0] in data["backstory"] else data["name"].split()[-1]
        assert f"{short} kept bees, and {short} still hums" in data["backstory"]
        assert "{" not in data["backstory"] + data["drive_text"]


def test_fill_substitutes_by_itself():
    assert fill("{short} is {years} years in", short="Ann", years="two") == "Ann is two years in"
    assert fill("a lone { stays", short="Ann") == "a lone { stays"
    with pytest.raises(KeyError):
        fill("{short:>1500000000}", short="Ann")  # str.format would have built 1.5 GB
    assert stray_braces("{short} {years} {x} }", ("short",)) == ["{years}", "{x}", "}"]


# -- fuzz ------------------------------------------------------------------------------------

_TEXT = st.text(st.sampled_from("ab {}:!.0_[]>\n"), max_size=12)
_VALUE = st.recursive(st.one_of(_TEXT, st.integers(-3, 5), st.booleans(), st.none()),
                      lambda inner: st.one_of(st.lists(inner, max_size=4),
                                              st.dictionaries(st.one_of(_TEXT, st.sampled_from(
                                                  ["past", "since", "death-wish", "relationships", "cultures",
                                                   "given", "family", "locales", "min", "max"])), inner, max_size=4)),
                      max_leaves=20)
_FILE = st.dictionaries(st.sampled_from([*table_names(), "replace", "nosuch"]), _VALUE, max_size=4)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=_FILE)
def test_fuzzed_tables_files_load_or_are_refused_and_never_crash_a_drawing(tmp_path, data):
    path = tmp_path / "fuzz.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    tables, problems = load(path)
    assert all(p.rule.startswith("pregen.") or p.rule.startswith(("yaml.", "input.")) for p in problems)
    if problems:
        return
    with own_tables(tables):
        for system in ("fight-sphere", "contest"):
            try:
                batch = generate(system, 2, seed=1)
            except PregenError:
                continue
            assert all("{" not in t or "{" in str(data) for t in batch.files.values())
