"""`playaid watch`: every save renders the file's outputs again, in a warm worker, until Ctrl-C."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import EXAMPLES

pytest.importorskip("watchfiles", reason="playaid watch needs watchfiles (the studio's dependency)")

WAIT = 90
"""Seconds a render may take on a busy two-core machine before the test gives up."""


class Watcher:
    """`playaid watch ARGS` in its own process, its output read line by line."""

    def __init__(self, *args: str, cwd: Path):
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen([sys.executable, "-m", "playaid", "watch", *args], cwd=cwd, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def until(self, test) -> str:
        """The first line from now on that passes `test`, waiting at most WAIT seconds."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.1)
            except queue.Empty:
                assert self.proc.poll() is None, "watch ended early:\n" + "\n".join(self.seen)
                continue
            self.seen.append(line)
            if test(line):
                return line
        raise AssertionError("no such line in time:\n" + "\n".join(self.seen))

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGINT)
        code = self.proc.wait(WAIT)
        time.sleep(0)  # let the reader thread drain
        while not self.lines.empty():
            self.seen.append(self.lines.get())
        return code


def save(path: Path, text: str) -> None:
    """Save as editors do: a temporary file beside it, renamed over it."""
    tmp = path.with_name(f".{path.name}.swp~")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def test_each_save_renders_again_and_ctrl_c_ends_cleanly(tmp_path):
    moss = tmp_path / "moss.yaml"
    original = (EXAMPLES["dirt"] / "moss.yaml").read_text(encoding="utf-8")
    moss.write_text(original, encoding="utf-8")
    w = Watcher("moss.yaml", "--png", cwd=tmp_path)
    try:
        w.until(lambda line: line.startswith(f"wrote {Path('output') / 'moss.pdf'}" + ' ('))
        w.until(lambda line: line.startswith("watching 1 file"))
        renamed = original.replace("name: Moss", "name: Mossy", 1)
        assert renamed != original
        save(moss, renamed)
        w.until(lambda line: line.startswith(f"wrote {Path('output') / 'mossy.pdf'}" + ' ('))
        save(moss, renamed.replace("name: Mossy", "name: Moss Two", 1))
        w.until(lambda line: line.startswith(f"wrote {Path('output') / 'moss-two.pdf'}" + ' ('))
        save(moss, "system: dirt\nname: Moss\nmental: 9\n")  # broken: the problems, and watching goes on
        w.until(lambda line: "moss.yaml:" in line and "error [" in line)
        save(moss, original)
        w.until(lambda line: line.startswith(f"wrote {Path('output') / 'moss.pdf'}" + ' ('))
    finally:
        code = w.stop()
    assert code == 0, "\n".join(w.seen)
    assert w.seen[-1] == "stopped watching"
    assert not any("Traceback" in line for line in w.seen), "\n".join(w.seen)
    assert [line for line in w.seen if line.startswith("— ")] == ["— moss.yaml"] * 5  # one render per save
    assert (tmp_path / "output" / "moss-p1.png").is_file()  # --png
    # each render under a new name removed the sheet of the name before (issue 42, item 11)
    assert sorted(p.name for p in (tmp_path / "output").iterdir() if not p.name.startswith(".")) == ["moss-p1.png", "moss.pdf"]
    # said once, by the output folder's manifest or by the watch, whichever found it first
    assert sum(line.startswith("removed ") and "moss-two-p1.png" in line for line in w.seen) == 1, "\n".join(w.seen)


def test_the_command_of_each_kind_of_file():
    from playaid.commands.watch import args_for

    assert args_for("a.yaml", "character", "out", "a4", True) == ["sheet", "a.yaml", "--out", "out", "--paper", "a4",
                                                                  "--png"]
    assert args_for("a.yaml", "setup", "out", "letter", True)[:2] == ["packet", "a.yaml"]
    assert args_for("a.yaml", "scene", "out", "a4", False) == ["roll", "a.yaml", "--seed", "1"]
    assert args_for("a.yaml", "deck", "out", "a4", False) == ["validate", "a.yaml"]


def test_a_scene_renders_its_resolution_and_a_bad_command_line_is_refused(run, tmp_path):
    from playaid.commands.watch import render

    scene = EXAMPLES["dirt"] / "scene-fight.yaml"
    text = render(str(scene), str(tmp_path), "a4", False)
    assert text == run("roll", scene, "--seed", "1").output
    assert run("watch").exit_code == 2
    assert run("watch", tmp_path / "missing.yaml").exit_code == 2
