"""`validate` given folders it cannot look into, or names the system refuses (issue 26 item 4)."""

from __future__ import annotations

import errno
import os

from conftest import EXAMPLES


def test_a_folder_that_cannot_be_searched_is_a_problem_not_a_traceback(tmp_path, run, monkeypatch):
    (tmp_path / "ok").mkdir()
    (tmp_path / "ok" / "moss.yaml").write_bytes((EXAMPLES["dirt"] / "moss.yaml").read_bytes())
    (tmp_path / "locked").mkdir()
    real = os.scandir

    def scandir(path="."):
        if os.fspath(path).endswith("locked"):  # as a folder without the x right refuses a user
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    result = run("validate", tmp_path)
    assert result.exit_code == 1
    assert "[input.unreadable-folder] cannot look into" in result.output and "locked: Permission denied" in result.output
    assert "fix: give yourself read and search rights" in result.output
    assert "checked 1 file" in result.output  # what could be read still was


def test_a_name_too_long_for_the_system_is_a_problem(run):
    result = run("validate", "a" * 5000)
    assert result.exit_code == 1
    assert "Traceback" not in result.output and len(result.output) < 3000
