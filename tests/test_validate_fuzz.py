"""Thousands of generated and mutated input files: `validate` never crashes or hangs.

Whatever the file holds, the answer is exit 0 or 1 with problems as text: no traceback,
no exit code but those two, and every run well within a second.
"""

from __future__ import annotations

import shutil
import string
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES, GAME_IDS
from playaid.cli import cli

EXAMPLE_FILES = sorted(EXAMPLES.rglob("*.yaml"))
SYSTEMS = [*GAME_IDS, "nope"]
KINDS = ["character", "setup", "scene", "deck", "dice", "other"]
def _keys(data) -> set[str]:
    out: set[str] = set()
    if isinstance(data, dict):
        for k, v in data.items():
            out.add(str(k))
            out |= _keys(v)
    elif isinstance(data, list):
        for v in data:
            out |= _keys(v)
    return out


KEYS = sorted({k for p in EXAMPLE_FILES for k in _keys(yaml.safe_load(p.read_text(encoding="utf-8")))})

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
    st.text(max_size=30), st.sampled_from(["d6", "d7", "green", "red", "healthy", "dead", "starting", "~", "-1"]),
    # around the text limits (80, 200, 1000, 2000) and far past them
    st.sampled_from([79, 80, 81, 199, 200, 201, 999, 1000, 1001, 1999, 2000, 2001, 30_000]).map(lambda n: "w" * n),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.one_of(st.sampled_from(KEYS), st.text(max_size=10)), inner, max_size=5),
    ),
    max_leaves=25,
)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    """A copy of the bundled examples, so setups and scenes find the files they name."""
    root = tmp_path_factory.mktemp("fuzz")
    for game, folder in EXAMPLES.items():
        shutil.copytree(folder, root / "examples" / game)
    return root


def _validate(path) -> None:
    start = time.perf_counter()
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output
    assert time.perf_counter() - start < 2


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_examples_never_crash(workdir, data):
    source = data.draw(st.sampled_from(EXAMPLE_FILES))
    lines = source.read_text(encoding="utf-8").splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        if not lines:
            break
        i = data.draw(st.integers(0, len(lines) - 1))
        how = data.draw(st.sampled_from(["drop", "repeat", "value", "junk", "indent", "cut"]))
        if how == "drop":
            del lines[i]
        elif how == "repeat":
            lines.insert(i, lines[i])
        elif how == "value" and ":" in lines[i]:
            key = lines[i].split(":", 1)[0]
            lines[i] = f"{key}: {yaml.safe_dump(data.draw(values), default_flow_style=True).strip()}"
        elif how == "junk":
            lines[i] += data.draw(st.text(alphabet=string.printable + "äΩ中😀&*!|>[]{}", max_size=12))
        elif how == "indent":
            lines[i] = "  " + lines[i]
        else:
            lines[i] = lines[i][: data.draw(st.integers(0, len(lines[i])))]
    target = workdir / "examples" / Path(EXAMPLES.relative(source)).parent / "mutant.yaml"
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _validate(target)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(system=st.sampled_from(SYSTEMS), kind=st.sampled_from(KINDS),
       body=st.dictionaries(st.sampled_from(KEYS), values, max_size=8))
def test_generated_documents_never_crash(workdir, system, kind, body):
    doc = {"system": system, "kind": kind, **body}
    target = workdir / "examples" / "generated.yaml"
    target.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    _validate(target)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=300))
def test_arbitrary_bytes_never_crash(workdir, raw):
    target = workdir / "bytes.yaml"
    target.write_bytes(raw)
    _validate(target)
