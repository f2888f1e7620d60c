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
from hypothesis import HealthCheck, given, settings
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
