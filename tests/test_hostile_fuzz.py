"""Deep nesting and special files through every command that reads input: exit 1 with a
message, never a traceback, a crash or a hang.

Generated cases run in-process under an alarm (a hang fails the test instead of the run);
a few run as real processes too, since a crash in libyaml kills the process outright.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES, ROOT
from playaid.cli import cli

TIMEOUT = 20
COMMANDS = {
    "validate": ["validate"],
    "roll": ["roll"],
    "packet": ["packet"],
    "sheet": ["sheet"],
    "net --faces": ["net", "--faces"],
    "odds --scene": ["odds", "isolation", "--scene"],
}
WRITES = {"packet", "sheet", "net --faces"}
"""Commands that take --out: pointed into the test's folder, and checked to stay empty."""


@contextmanager
def deadline(seconds: int):
    def expire(_signum, _frame):
        raise TimeoutError(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _args(command: str, target: Path | str, out: Path) -> list[str]:
    args = [*COMMANDS[command], str(target)]
    return args + ["--out", str(out)] if command in WRITES else args


def _refused(command: str, target: Path | str, out: Path) -> str:
    with deadline(TIMEOUT):
        result = CliRunner().invoke(cli, _args(command, target, out))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code == 1, result.output
    assert "error [" in result.output and "Traceback" not in result.output
    assert not out.exists() or not any(out.iterdir()), "a refused input wrote files"
    return result.output


def _nesting(draw_openers: list[str]) -> str:
    """Text nesting the given openers inside each other, flow and block style mixed."""
    flow = "".join(draw_openers)
    closers = "".join({"[": "]", "{a: ": "}"}[o] for o in reversed(draw_openers))
    return flow + "x" + closers


deep_texts = st.builds(
    lambda openers, block, where: _place(_nesting(openers), block, where),
    st.lists(st.sampled_from(["[", "{a: "]), min_size=65, max_size=30000),
    st.integers(0, 200),
    st.sampled_from(["name", "notes", "top"]),
)


def _place(flow: str, block: int, where: str) -> str:
    """The nesting as the value of a field, under `block` levels of block-style lists."""
    lines = [f"{'  ' * i}- " for i in range(block)]
    head = "system: isolation\nkind: scene\n"
    if where == "top":
        return head + "deep:\n" + "\n".join(lines) + ("\n" if lines else "") + "  " * block + flow + "\n"
    return head + f"{where}:\n" + "\n".join(lines + ["  " * block + flow]) + "\n"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow, HealthCheck.data_too_large])
@given(text=deep_texts, command=st.sampled_from(sorted(COMMANDS)))
def test_deep_nesting_is_refused_by_every_command(tmp_path_factory, text, command):
    folder = tmp_path_factory.mktemp("deep")
    path = folder / "deep.yaml"
    path.write_text(text, encoding="utf-8")
    output = _refused(command, path, folder / "out")
    assert "yaml.too-deep" in output or "yaml.syntax" in output


def _special(kind: str, folder: Path) -> Path:
    """A path of `kind` in `folder` (or a device of this machine)."""
    path = folder / f"{kind}.yaml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "loop":
        path.symlink_to(path.name)
    elif kind == "device":
        return Path("/dev/zero")
    elif kind == "folder":
        path.mkdir()
        (path / "x.yaml").write_text("system: dirt\n", encoding="utf-8")
    elif kind == "proc":
        path.symlink_to("/proc/self/environ")
    elif kind == "utf16":
        path.write_bytes("system: isolation\nname: Ann\n".encode("utf-16"))
    return path


SPECIAL = ["fifo", "loop", "device", "proc", "utf16"]
WORDS = {"fifo": "FIFO", "loop": "symlink loop", "device": "is a device", "folder": "folder",
         "proc": "/proc", "utf16": "UTF-16"}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(SPECIAL), command=st.sampled_from(sorted(COMMANDS)))
def test_special_files_named_on_the_command_line_are_refused(tmp_path_factory, kind, command):
    folder = tmp_path_factory.mktemp("special")
    output = _refused(command, _special(kind, folder), folder / "out")
    assert WORDS[kind] in output


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(SPECIAL + ["folder"]), command=st.sampled_from(["validate", "packet", "sheet"]),
       index=st.integers(0, 2))
def test_special_files_named_by_a_setup_are_refused(tmp_path_factory, kind, command, index):
    folder = tmp_path_factory.mktemp("setup")
    for name in ("alice.yaml", "bob.yaml", "eve.yaml", "farmhouse.yaml"):
        shutil.copy(EXAMPLES["isolation"] / name, folder / name)
    special = _special(kind, folder)
    setup = folder / "farmhouse.yaml"
    names = ["alice.yaml", "bob.yaml", "eve.yaml"]
    text = setup.read_text(encoding="utf-8").replace(names[index], str(special), 1)
    assert text != setup.read_text(encoding="utf-8")
    setup.write_text(text, encoding="utf-8")
    output = _refused(command, setup, folder / "out")
    assert WORDS[kind] in output and "farmhouse.yaml:" in output


@pytest.mark.parametrize("command", ["validate", "packet", "net --faces", "odds --scene"])
def test_thirty_thousand_brackets_do_not_kill_the_process(tmp_path, command):
    path = tmp_path / "deep.yaml"
    path.write_text("system: sapio\nkind: dice\nname: " + "[" * 30000 + "]" * 30000 + "\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "playaid", *_args(command, path, tmp_path / "out")],
                          capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path)
    assert done.returncode == 1, (done.returncode, done.stderr[-2000:])
    assert "yaml.too-deep" in done.stdout and "Traceback" not in done.stderr


LONG_FIELDS = {"name": 80, "player": 80, "bias": 200, "notes": 2000}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(sorted(LONG_FIELDS)), extra=st.integers(1, 100_000),
       breakable=st.booleans(), command=st.sampled_from(sorted(set(COMMANDS) - {"net --faces"})))
def test_a_text_past_its_limit_is_refused_at_once_by_every_command(tmp_path_factory, field, extra, breakable, command):
    """A long name once took minutes to lay out; now every command refuses it before rendering."""
    folder = tmp_path_factory.mktemp("long")
    for name in ("alice.yaml", "bob.yaml", "eve.yaml", "farmhouse.yaml", "scene-board-up.yaml"):
        shutil.copy(EXAMPLES["isolation"] / name, folder / name)
    size = LONG_FIELDS[field] + extra
    text = ("word " * size)[:size - 1] + "x" if breakable else "W" * size
    alice = folder / "alice.yaml"
    alice.write_text("\n".join(ln for ln in alice.read_text(encoding="utf-8").splitlines()
                                if not ln.startswith(f"{field}:")) + f"\n{field}: {text}\n", encoding="utf-8")
    target = folder / ("scene-board-up.yaml" if command in ("roll", "odds --scene") else
                       "alice.yaml" if command in ("sheet", "validate") else "farmhouse.yaml")
    output = _refused(command, target, folder / "out")
    assert "[input.too-long]" in output and f"at most {LONG_FIELDS[field]}" in output


# Players files and convention plans (issue 42): any text gives names or problems at a line, never a
# traceback, a control character in what is printed, or one person seated twice.
NAME_CHARS = st.sampled_from(["A", "n", "é", "e\u0301", "Ａ", "ｎ", "李", "Σ", " ", "\u00a0", "\u200b", "\u00ad",
                              "\u200d", "\u202e", "\u2066", "\x1b", "\x07", "\t", "\x0b", "\x85", "\u2028", "\r",
                              ",", '"', "#", ";", "-", "1"])
NAMES = st.lists(NAME_CHARS, max_size=12).map("".join)
NAME_LINES = st.lists(NAMES, max_size=12)


HEADERS = st.sampled_from([("name", "email"), ("Email", "Player"), (" NOM ",), ("First", "Mail"), ()])
"""Header rows of a sign-up export: a known column of names first or not, one column, none known, none."""


def _players_text(lines: list[str], csv_rows: bool, header: tuple = ("name", "email"), sep: str = ",") -> str:
    if not csv_rows:
        return "\n".join(lines) + "\n"
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, delimiter=sep)
    if header:
        writer.writerow(header)
    mail = len(header) != 1  # a one-column table holds the names alone
    writer.writerows(([f"{i}@example.org", line] if header[:1] == ("Email",) else [line, f"{i}@example.org"])
                     if mail else [line] for i, line in enumerate(lines))
    return out.getvalue()


def _check_names(names: list[str], problems: list, path: Path, text: str) -> None:
    from playaid.convention.names import identity, unfit

    lines = text.count("\n") + 1
    for p in problems:
        assert p.file == str(path) and 1 <= p.line <= lines and p.message and p.hint, p
        assert not any(c in p.message for c in "\x1b\x07\x85\u2028\u202e"), p.message
    if problems:
        assert names == []
        return
    assert names and all(unfit(n) is None for n in names)
    assert len({identity(n) for n in names}) == len(names)  # nobody seated twice
    assert all("\n" not in n and "\u2028" not in n and "\x85" not in n for n in names)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=NAME_LINES, csv_rows=st.booleans(), bad=st.sampled_from([b"", b"\xff", b"\xef\xbb\xbf"]),
       header=HEADERS, sep=st.sampled_from([",", "\t"]))
def test_any_players_file_gives_distinct_names_or_problems_at_their_lines(tmp_path_factory, lines, csv_rows, bad,
                                                                          header, sep):
    from playaid.convention.names import read_names

    path = tmp_path_factory.mktemp("players") / ("signups.txt" if not csv_rows else "signups.tsv" if sep == "\t"
                                                 else "signups.csv")
    text = _players_text(lines, csv_rows, header, sep)
    data = text.encode("utf-8")
    data = bad + data if bad == b"\xef\xbb\xbf" else data[: len(data) // 2] + bad + data[len(data) // 2:]
    path.write_bytes(data)
    names, problems = read_names(path)
    event("names" if names else "refused")
    _check_names(names, problems, path, data.decode("utf-8", "replace"))
    assert not any("@example.org" in n for n in names)  # an e-mail column never becomes a name
    if csv_rows and header[:1] in (("First",), ()) and any(n.strip(" \t") for n in lines):
        assert problems  # two columns and no header of names: refused, never guessed


PLAN_NAMES = st.lists(NAME_CHARS, max_size=20).map("".join)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=PLAN_NAMES, players=st.lists(NAMES, max_size=6),
       tables=st.lists(st.tuples(st.sampled_from(["dirt", "isolation", "sapio", "nope", "fight-club"]),
                                 st.one_of(st.integers(3, 5), st.integers(-1, 9)),
                                 st.one_of(st.just(1), st.integers(-1, 3))), min_size=1, max_size=3),
       seed=st.one_of(st.integers(-5, 10**12), st.text(max_size=4)))
def test_any_convention_plan_loads_clean_or_says_every_problem_at_a_line(tmp_path_factory, name, players, tables, seed):
    import json

    from playaid.convention.names import identity
    from playaid.convention.plan import load

    folder = tmp_path_factory.mktemp("plan")
    rows = "".join(f"  - {{game: {g}, count: {c}, tables: {t}}}\n" for g, c, t in tables)
    # JSON strings are YAML: escapes such as \u001b reach the loader as the characters they stand for
    text = (f"name: {json.dumps(name)}\nseed: {json.dumps(seed)}\nplayers: {json.dumps(players)}\n"
            f"tables:\n{rows}")
    path = folder / "plan.yaml"
    path.write_text(text, encoding="utf-8")
    with deadline(TIMEOUT):
        plan, problems = load(path)
    event("loaded" if plan else "refused")
    lines = text.count("\n") + 1
    if plan is None:
        assert problems and all(p.file == str(path) and 1 <= p.line <= lines and p.hint for p in problems)
        assert not any(c in p.message for p in problems for c in "\x1b\x07\x85\u2028")
        return
    assert not any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F or c in "\u2028\u202e\u2066" for c in plan.name)
    assert len({identity(n) for n in plan.names}) == len(plan.names)
