"""Every text field has a length limit by kind, reported by `validate`; rendering stays
bounded even for text that never passed validation."""

from __future__ import annotations

import re
import time

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playaid import limits
from playaid.cli import cli
from playaid.documents import Library
from tests.conftest import EXAMPLES

CHARACTER = "system: isolation\nname: {name}\nprofession: {profession}\nnotes: {notes}\nplayer: Ann\n"


def _problems(tmp_path, **fields):
    values = {"name": "Ann", "profession": "Nurse", "notes": "quiet", **fields}
    path = tmp_path / "c.yaml"
    path.write_text(CHARACTER.format(**values), encoding="utf-8")
    library = Library()
    library.load(str(path))
    return [p for p in library.problems() if p.rule == "input.too-long"]


@pytest.mark.parametrize("field, limit", [("name", limits.NAME), ("profession", limits.PHRASE),
                                          ("notes", limits.PROSE)])
def test_each_kind_of_field_keeps_its_limit_and_refuses_one_more(tmp_path, field, limit):
    assert _problems(tmp_path, **{field: "x" * limit}) == []
    [problem] = _problems(tmp_path, **{field: "x" * (limit + 1)})
    assert problem.is_error and problem.line == 2 + ["name", "profession", "notes"].index(field)
    assert f"is {limit + 1} characters" in problem.message and f"at most {limit}" in problem.message


def test_items_of_a_list_and_keys_of_a_mapping_are_limited_too(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("system: isolation\nname: A\npositive: [Kind, " + "y" * 201 + "]\n", encoding="utf-8")
    library = Library()
    library.load(str(path))
    [problem] = [p for p in library.problems() if p.rule == "input.too-long"]
    assert problem.path == ("positive", 1) and "a phrase holds at most 200" in problem.message
    assert limits.too_long("k" * (limits.KEY + 1), ("stances", "k"), key=True)[0].message.endswith(
        f"a key holds at most {limits.KEY}")


def test_file_references_get_room_for_a_path():
    assert limits.limit_of(("characters", 3)) == (limits.REFERENCE, "a file or a name")
    assert limits.limit_of(("setup",))[0] == limits.REFERENCE


def test_every_example_keeps_within_the_limits():
    result = CliRunner().invoke(cli, ["validate", *map(str, EXAMPLES.values())])
    assert "input.too-long" not in result.output and result.exit_code == 0


def test_a_long_name_is_refused_by_sheet_at_once(tmp_path):
    path = tmp_path / "long.yaml"
    path.write_text(CHARACTER.format(name="A" * 30_000, profession="Nurse", notes="n"), encoding="utf-8")
    started = time.perf_counter()
    result = CliRunner().invoke(cli, ["sheet", str(path), "--out", str(tmp_path / "out")])
    assert time.perf_counter() - started < 10
    assert result.exit_code == 1 and "[input.too-long] `name` is 30000 characters" in result.output
    assert not (tmp_path / "out").exists()


def _render_seconds(tmp_path, size: int) -> tuple[float, str]:
    """A sheet whose name and notes are `size` unbroken characters, past validation."""
    from playaid.render.html import Templates
    from playaid.render.paper import paper
    from playaid.render.sheets import cast_of, render_sheets_paged, sheet_for
    from tests.pdfs import text

    path = tmp_path / f"long{size}.yaml"
    path.write_text(CHARACTER.format(name="A" * size, profession="Nurse", notes="B" * size), encoding="utf-8")
    library = Library()
    cast = cast_of(library, path, library.load(str(path)))
    [(character, setup)] = cast.members
    started = time.perf_counter()
    sheet = sheet_for(cast.system, character, setup=setup, flat=True, warnings=[])
    pdf, _, _ = render_sheets_paged(Templates(), paper("a4"), [sheet], "long")
    seconds = time.perf_counter() - started
    (tmp_path / "long.pdf").write_bytes(pdf)
    return seconds, text(tmp_path / "long.pdf")


def test_rendering_text_that_skipped_validation_stays_bounded(tmp_path):
    # Unbounded, 30,000 characters took 30 s and 100,000 over two minutes.
    seconds, text = _render_seconds(tmp_path, 100_000)
    assert seconds < 20
    # the notes, printed once, cut to the bound with an ellipsis
    joined = re.sub(r"\s", "", text)
    assert max(map(len, re.findall("B+", joined))) == limits.RENDER_LIMIT - 1 and "B…" in joined


texts = st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs"), max_codepoint=0xFFFF), min_size=0, max_size=3000)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(["name", "player", "bias", "notes", "goal"]),
       text=st.one_of(texts, st.integers(0, 12_000).map(lambda n: "w" * n)))
def test_long_texts_are_refused_exactly_past_their_limit(tmp_path, field, text):
    import json

    quoted = json.dumps(text)  # a JSON string is a YAML double-quoted scalar
    path = tmp_path / "fuzz.yaml"
    path.write_text(f"system: isolation\nname: Ann\n{field}: {quoted}\n".replace("name: Ann\nname:", "name:"),
                    encoding="utf-8")
    started = time.perf_counter()
    result = CliRunner().invoke(cli, ["validate", "--json", str(path)])
    assert time.perf_counter() - started < 5 and result.exit_code in (0, 1), result.output
    problems = json.loads(result.output)
    limit = limits.limit_of((field,))[0]
    too_long = [p for p in problems if p["rule"] == "input.too-long"]
    assert bool(too_long) == (len(text.strip()) > limit)


def test_the_docs_list_every_field_of_each_kind():
    from tests.conftest import ROOT

    doc = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    for limit in {limit for limit, _ in limits._KINDS.values()}:
        row = next(line for line in doc.splitlines() if line.startswith("| ") and f"| {limit} |" in line)
        listed = set(re.findall(r"`(\w+)`", row))
        assert listed == {f for f, (lim, _) in limits._KINDS.items() if lim == limit}, limit
    assert f"| {limits.PHRASE} |" in doc and f"{limits.RENDER_LIMIT:,} characters" in doc
