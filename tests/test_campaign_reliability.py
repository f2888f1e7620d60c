"""A kill -9 mid-apply and two applies at once never leave a table half-changed (issue 36)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import EXAMPLES, ROOT

SCENE = "scene-fight.yaml"
"""A Fight Club round: it changes two character files (Marty's and Dale's)."""


def _table(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    shutil.copytree(EXAMPLES["fight-club"], folder)
    return folder


def _start(folder: Path, marks: Path, pause_at: str | None, seconds: str = "60", **env: str) -> subprocess.Popen:
    marks.mkdir(exist_ok=True)
    extra = {"PLAYAID_TEST_PAUSE_AT": pause_at or "", "PLAYAID_TEST_PAUSE_DIR": str(marks),
             "PLAYAID_TEST_PAUSE_SECONDS": seconds, "PYTHONPATH": str(ROOT), **env}
    return subprocess.Popen([sys.executable, "-m", "playaid", "roll", str(folder / SCENE), "--seed", "5", "--apply"],
                            cwd=folder.parent, env={**os.environ, **extra},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for(mark: Path, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 120
    while not mark.exists():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, f"{mark.name} never reached"
        time.sleep(0.05)


def _journal(folder: Path) -> list[dict]:
    text = (folder / ".playaid" / "journal.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("point, new_ones", [("intent", 0), ("wrote-1", 1), ("files", 2)])
def test_a_kill_mid_apply_leaves_each_file_old_or_new_and_the_next_command_finishes_it(tmp_path, run, point,
                                                                                        new_ones):
    folder = _table(tmp_path)
    process = _start(folder, tmp_path / "marks", point)
    _wait_for(tmp_path / "marks" / point, process)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    [entry] = _journal(folder)  # the intent, and no "done"
    files = entry["files"]
    assert [f["path"] for f in files] == ["marty.yaml", "dale.yaml"]
    states = [_sha(folder / f["path"]) for f in files]
    assert all(s in (f["old"], f["new"]) for s, f in zip(states, files))
    assert sum(s == f["new"] for s, f in zip(states, files)) == new_ones
    assert (folder / ".playaid" / "lock").exists()  # left behind by the killed process
    (folder / ".dale.yaml.k1ll3d.part").write_bytes(b"half a fil")  # as a kill inside a write leaves it

    log = run("journal", folder, "--json")  # the next command: takes over the stale lock, finishes the entry
    assert log.exit_code == 0, log.output
    assert json.loads(log.stdout)["entries"][0]["status"] == "finished"
    assert [_sha(folder / f["path"]) for f in files] == [f["new"] for f in files]
    assert _journal(folder)[-1]["done"] == 1 and _journal(folder)[-1]["recovered"] == "finished"
    assert not (folder / ".playaid" / "lock").exists()
    assert [p.name for p in folder.glob(".*.part")] == []
    assert run("undo", folder).exit_code == 0  # and it undoes like any other entry
    assert [_sha(folder / f["path"]) for f in files] == [f["old"] for f in files]


def test_a_file_edited_after_the_kill_makes_the_entry_roll_back(tmp_path, run):
    folder = _table(tmp_path)
    process = _start(folder, tmp_path / "marks", "wrote-1")
    _wait_for(tmp_path / "marks" / "wrote-1", process)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    [entry] = _journal(folder)
    dale = folder / "dale.yaml"
    dale.write_bytes(dale.read_bytes() + b"# edited by hand\n")
    edited = dale.read_bytes()
    result = run("roll", folder / "scene-wake-up.yaml", "--seed", "1", "--apply")
    assert result.exit_code == 0, result.output
    assert _journal(folder)[1] == {"rolled_back": 1, "edited": ["dale.yaml"], "at": _journal(folder)[1]["at"]}
    assert dale.read_bytes().startswith(edited[:-20]) and b"# edited by hand" in dale.read_bytes()
    marty = entry["files"][0]
    assert marty["path"] == "marty.yaml"
    # marty was put back before the new roll changed it: the new entry starts from the old bytes
    assert _journal(folder)[2]["files"][0] == {**_journal(folder)[2]["files"][0], "old": marty["old"]}


def test_a_second_apply_waits_for_the_first_and_nothing_is_lost(tmp_path):
    folder = _table(tmp_path)
    first = _start(folder, tmp_path / "marks", "intent", seconds="3")
    _wait_for(tmp_path / "marks" / "intent", first)
    second = _start(folder, tmp_path / "marks2", None)
    out1, err1 = first.communicate(timeout=120)
    out2, err2 = second.communicate(timeout=120)
    assert first.returncode == 0 and second.returncode == 0, (err1, err2)
    lines = _journal(folder)
    assert [e.get("entry", e.get("done")) for e in lines] == [1, 1, 2, 2]  # one after the other, never interleaved
    a, b = lines[0], lines[2]
    for fa, fb in zip(a["files"], b["files"]):
        assert fb["old"] == fa["new"]  # the second read what the first wrote
    assert _sha(folder / "marty.yaml") == b["files"][0]["new"]


def test_a_second_apply_that_cannot_wait_is_refused_clearly_and_a_dead_holder_is_taken_over(tmp_path, run):
    folder = _table(tmp_path)
    before = {p.name: p.read_bytes() for p in folder.glob("*.yaml")}
    first = _start(folder, tmp_path / "marks", "intent")
    _wait_for(tmp_path / "marks" / "intent", first)
    second = _start(folder, tmp_path / "marks2", None, PLAYAID_LOCK_WAIT="0.3")
    out, err = second.communicate(timeout=120)
    assert second.returncode == 1
    assert "another playaid is changing the files" in err and f"process {first.pid}" in err
    assert "playaid roll" in err and ".playaid/lock" in err
    assert {p.name: p.read_bytes() for p in folder.glob("*.yaml")} == before
    os.kill(first.pid, signal.SIGKILL)
    first.wait()
    result = run("roll", folder / "scene-wake-up.yaml", "--seed", "1", "--apply")
    assert result.exit_code == 0, result.output
    statuses = json.loads(run("journal", folder, "--json").stdout)["entries"]
    assert [(e["entry"], e["status"]) for e in statuses] == [(1, "finished"), (2, "done")]


def test_two_threads_of_one_process_exclude_each_other(tmp_path, monkeypatch):
    import threading

    from playaid.campaign import CampaignError, table_lock

    monkeypatch.setenv("PLAYAID_LOCK_WAIT", "0.2")
    inside, refused = threading.Event(), []

    def other():
        inside.wait()
        try:
            with table_lock(tmp_path, "the studio"):
                pass
        except CampaignError as exc:
            refused.append(str(exc))

    thread = threading.Thread(target=other)
    thread.start()
    with table_lock(tmp_path, "playaid roll"):
        with table_lock(tmp_path, "playaid roll"):  # the same thread takes it again
            inside.set()
            thread.join()
    assert refused and "playaid roll" in refused[0]
    with table_lock(tmp_path, "after"):  # let go: free again
        pass
