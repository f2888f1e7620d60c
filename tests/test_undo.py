"""`playaid undo`: the files back byte for byte; a hand edit is never lost (issue 36 item 3)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from conftest import EXAMPLES


def _table(tmp_path: Path, game: str = "isolation") -> Path:
    folder = tmp_path / game
    shutil.copytree(EXAMPLES[game], folder)
    return folder


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.yaml"))}


def _evening(run, folder: Path) -> list[dict[str, bytes]]:
    """Two rolls applied; the files before, after the first and after the second."""
    states = [_files(folder)]
    for scene, seed in (("scene-take-the-keys.yaml", "7"), ("scene-reach-the-car.yaml", "3")):
        result = run("roll", folder / scene, "--seed", seed, "--apply")
        assert result.exit_code == 0, result.output
        states.append(_files(folder))
    assert states[0] != states[1] != states[2]
    return states


def test_undo_after_undo_after_redo_round_trips_the_bytes(tmp_path, run):
    folder = _table(tmp_path)
    start, first, second = _evening(run, folder)
    undone = run("undo", folder)
    assert undone.exit_code == 0, undone.output
    assert "undid entry 2" in undone.output and "restored eve.yaml" in undone.output
    assert _files(folder) == first
    assert run("undo", folder).exit_code == 0
    assert _files(folder) == start
    assert run("undo", folder, "--redo").exit_code == 0
    assert _files(folder) == first
    assert run("undo", folder, "--redo").exit_code == 0
    assert _files(folder) == second
    assert run("undo", folder, "--steps", "2").exit_code == 0
    assert _files(folder) == start
    assert run("undo", folder, "--redo", "--steps", "2").exit_code == 0
    assert _files(folder) == second


def test_undo_more_than_there_is_changes_nothing(tmp_path, run):
    folder = _table(tmp_path)
    start, _, second = _evening(run, folder)
    result = run("undo", folder, "--steps", "3")
    assert result.exit_code == 1 and "only 2 entries to undo" in result.output
    assert _files(folder) == second
    assert run("undo", folder, "--redo").exit_code == 1  # nothing undone yet


def test_a_file_edited_by_hand_since_is_named_and_kept_unless_forced(tmp_path, run):
    folder = _table(tmp_path)
    start, first, second = _evening(run, folder)
    eve = folder / "eve.yaml"
    edited = eve.read_bytes() + b"# Eve's player wrote this after the roll\n"
    eve.write_bytes(edited)
    refused = run("undo", folder)
    assert refused.exit_code == 1
    assert str(eve) in refused.output and "--force" in refused.output
    assert eve.read_bytes() == edited and (folder / "farmhouse.yaml").read_bytes() == second["farmhouse.yaml"]
    forced = run("undo", folder, "--force")
    assert forced.exit_code == 0, forced.output
    assert _files(folder) == first
    # the hand edit is not lost: the journal kept its bytes
    journal = [json.loads(line) for line in (folder / ".playaid/journal.jsonl").read_text(encoding="utf-8").splitlines()]
    kept = {f["path"]: f["old"] for f in journal[-2]["files"]}["eve.yaml"]
    assert (folder / ".playaid/objects" / kept).read_bytes() == edited


def test_a_hand_edit_between_two_entries_stops_the_older_undo(tmp_path, run):
    folder = _table(tmp_path)
    run("roll", folder / "scene-take-the-keys.yaml", "--seed", "7", "--apply")
    setup = folder / "farmhouse.yaml"
    setup.write_bytes(setup.read_bytes().replace(b"stress: 4", b"stress: 5"))  # the GM's own call
    run("roll", folder / "scene-reach-the-car.yaml", "--seed", "3", "--apply")
    result = run("undo", folder, "--steps", "2")
    assert result.exit_code == 1 and "not as entry 1 left it" in result.output
    assert b"stress: 5" not in setup.read_bytes()  # nothing undone at all: entry 2 still applied


def test_a_new_roll_after_an_undo_starts_afresh(tmp_path, run):
    folder = _table(tmp_path)
    _evening(run, folder)
    run("undo", folder)
    assert run("roll", folder / "scene-take-the-keys.yaml", "--seed", "2", "--apply").exit_code == 0
    result = run("undo", folder, "--redo")
    assert result.exit_code == 1 and "no entries to redo" in result.output


def test_undo_without_a_journal(tmp_path, run):
    result = run("undo", tmp_path)
    assert result.exit_code == 1 and "no journal" in result.output
