"""Several outputs are written all or nothing; a full disk is a plain message, not a traceback."""

from __future__ import annotations

import errno
import os

import pytest

from playaid.outputs import OutputError, OutputFolder


@pytest.fixture
def disk_full_at(monkeypatch):
    """`disk_full_at(n)`: the n-th file opened for writing (1-based) fails with ENOSPC; 0: none does."""
    real = os.fdopen

    def arm(n: int):
        opened = []

        def fdopen(fd, mode="r", *args, **kwargs):
            fh = real(fd, mode, *args, **kwargs)
            if "w" not in mode:
                return fh
            opened.append(fd)
            if len(opened) == n:
                def write(_data):
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                fh.write = write
            return fh

        monkeypatch.setattr(os, "fdopen", fdopen)
        return opened

    return arm


def _listing(root):
    return sorted(str(p.relative_to(root)) for p in root.rglob("*")) if root.exists() else []


def test_a_batch_writes_nothing_when_one_file_fails(tmp_path, disk_full_at):
    out = tmp_path / "out"
    disk_full_at(3)
    with pytest.raises(OutputError, match=r"disk full while writing .*c\.pdf; nothing was written"):
        with OutputFolder(out).batch() as batch:
            for name in ("a.pdf", "sub/b.pdf", "c.pdf", "d.pdf"):
                batch.write_bytes(name, b"%PDF")
    assert _listing(out) == []


def test_a_batch_keeps_the_old_files_when_it_fails_and_replaces_them_when_it_succeeds(tmp_path, disk_full_at):
    folder = OutputFolder(tmp_path)
    folder.write_text("a.txt", "old a")
    disk_full_at(2)
    with pytest.raises(OutputError):
        with folder.batch() as batch:
            batch.write_text("a.txt", "new a")
            batch.write_text("b.txt", "new b")
    assert _listing(tmp_path) == ["a.txt"] and (tmp_path / "a.txt").read_text() == "old a"
    disk_full_at(0)  # a disk with room again
    with folder.batch() as batch:
        written = [batch.write_text("a.txt", "new a"), batch.write_text("b.txt", "new b")]
    assert written == [tmp_path / "a.txt", tmp_path / "b.txt"]
    assert [p.read_text() for p in written] == ["new a", "new b"]
    assert _listing(tmp_path) == ["a.txt", "b.txt"]


def test_a_command_writing_several_files_is_all_or_nothing_on_a_full_disk(tmp_path, disk_full_at, run):
    out = tmp_path / "out"
    disk_full_at(3)
    result = run("pregen", "dirt", "--count", "4", "--seed", "1", "--out", out)
    assert result.exit_code == 1, result.output
    assert "disk full while writing" in result.output and "nothing was written" in result.output
    assert "Traceback" not in result.output
    assert _listing(out) == []


def test_the_demo_is_all_or_nothing_too(tmp_path, disk_full_at, monkeypatch):
    from playaid import demo

    monkeypatch.setattr(demo, "STEPS", (("pre-built characters", demo._pregens),))
    disk_full_at(6)
    with pytest.raises(OutputError, match="nothing was written"):
        demo.run_demo(OutputFolder(tmp_path / "out"), "a4")
    assert _listing(tmp_path / "out") == []


def test_writers_racing_for_one_name_each_keep_their_own_file(tmp_path):
    """Check-then-rename lost files when runs raced; claiming the name exclusively does not."""
    import threading

    folder, start, made = OutputFolder(tmp_path / "out"), threading.Barrier(12), []

    def write(i):
        start.wait()
        made.append(folder.write_new("dirt-character", ".yaml", f"run {i}\n".encode()))

    threads = [threading.Thread(target=write, args=(i,)) for i in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert len(names) == len(set(made)) == 12 and "dirt-character.yaml" in names
    assert sorted((tmp_path / "out" / n).read_text() for n in names) == sorted(f"run {i}\n" for i in range(12))


def test_six_blank_starters_written_at_once_are_six_files(tmp_path):
    import subprocess
    import sys

    from conftest import ROOT

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runs = [subprocess.Popen([sys.executable, "-m", "playaid", "new", "dirt", "--blank", "--out", str(tmp_path)],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(6)]
    for proc in runs:
        assert proc.wait(timeout=120) == 0, proc.stderr.read().decode()
    assert len([p for p in tmp_path.iterdir() if p.suffix == ".yaml"]) == 6
    assert not [p for p in tmp_path.iterdir() if p.suffix == ".part"]


def test_a_full_name_series_is_a_clear_error(tmp_path, monkeypatch):
    import playaid.outputs as outputs

    monkeypatch.setattr(outputs, "NEW_NAMES", 3)
    folder = OutputFolder(tmp_path)
    for _ in range(3):
        folder.write_new("x", ".yaml", b"a")
    with pytest.raises(OutputError, match="x.yaml and 2 numbered copies are already in"):
        folder.write_new("x", ".yaml", b"b")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x-2.yaml", "x-3.yaml", "x.yaml"]
