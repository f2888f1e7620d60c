"""A large packet's worker processes end with their parent and leave no temporary folders."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT

linux_only = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")


def _setup(folder: Path, count: int) -> Path:
    rows = "".join(f"  - {{name: P{i:03d}, stats: {{mental: 3, physical: 3, social: 3}}, job: Roofer, hobby: Skating}}\n"
                   for i in range(count))
    path = folder / "big.yaml"
    path.write_text(f"system: dirt\nkind: setup\nname: Big\ncharacters:\n{rows}", encoding="utf-8")
    return path


def _packet(tmp_path: Path, count: int) -> tuple[subprocess.Popen, Path]:
    """`playaid packet` of `count` characters in a child process whose temporary folder is `tmp_path/tmp`."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = {**os.environ, "TMPDIR": str(scratch), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "playaid", "packet", str(_setup(tmp_path, count)),
                             "--out", str(tmp_path / "out")], env=env, cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return proc, scratch


def _workers(pid: int) -> list[int]:
    """The live child processes of `pid` running the same command line (its pool's workers)."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return []
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            same = (stat.parent / "cmdline").read_bytes() == command
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z" and same:
            found.append(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _wait_for(condition, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def test_a_large_packet_leaves_no_temporary_folders(tmp_path):
    proc, scratch = _packet(tmp_path, 30)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err.decode()
    assert (tmp_path / "out" / "big-packet.pdf").is_file()
    assert sorted(p.name for p in scratch.iterdir()) == []


@linux_only
def test_killing_the_packet_process_ends_its_workers(tmp_path):
    proc, scratch = _packet(tmp_path, 200)
    workers: list[int] = []
    try:
        assert _wait_for(lambda: len(_workers(proc.pid)) >= min(2, os.cpu_count() or 1), 60), "no worker started"
        workers = _workers(proc.pid)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        assert _wait_for(lambda: not any(_alive(w) for w in workers), 5), "workers outlived their parent"
        # the workers clear their scratch folder on the way out
        assert not [p.name for p in scratch.iterdir() if p.name.startswith("playaid-")]
    finally:
        proc.kill()
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_the_portable_watch_leaves_once_the_parent_is_gone():
    from playaid.render.workers import _watch

    left = []
    _watch(os.getppid() + 1, lambda: left.append(True))  # a parent id that is no longer ours
    assert left == [True]
