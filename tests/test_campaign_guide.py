"""docs/during-the-session.md: every command it shows runs as written, in its order."""

from __future__ import annotations

import re
import shlex

from conftest import EXAMPLES, ROOT

GUIDE = ROOT / "docs" / "during-the-session.md"


def _commands() -> list[list[str]]:
    blocks = re.findall(r"```sh\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    return [shlex.split(line) for block in blocks for line in block.splitlines() if line.startswith("playaid ")]


def test_the_guide_shows_apply_journal_and_undo():
    shown = {words[1] for words in _commands()}
    assert {"examples", "roll", "journal", "undo"} <= shown
    assert any("--apply" in words for words in _commands()) and any("--redo" in words for words in _commands())


def test_every_command_of_the_guide_runs_on_a_copy_of_the_examples(tmp_path, run, monkeypatch):
    monkeypatch.chdir(tmp_path)
    outputs = []
    for words in _commands():
        result = run(*words[1:])
        assert result.exit_code == 0, (words, result.output)
        outputs.append(result.output)
    said = "\n".join(outputs)
    assert "examples/isolation/farmhouse.yaml: stress: 2 → 4" in said  # as the guide quotes it
    assert "playaid undo examples/isolation" in said
    reprinted = outputs[[w[1] for w in _commands()].index("reprint")]
    assert "reprinting: playaid sheet examples/isolation/farmhouse.yaml --out prints" in reprinted
    assert "reprinting: playaid packet" in reprinted and "farmhouse.yaml changed" in reprinted
    replay = [w for w in _commands() if w[1] == "roll" and "--dice" in w][0]
    assert "playaid roll " + " ".join(replay[2:]) in said  # the guide replays what the journal printed
    # after the guide's two undos the Isolation table is as the examples wrote it
    for path in EXAMPLES["isolation"].glob("*.yaml"):
        assert (tmp_path / "examples" / "isolation" / path.name).read_bytes() == path.read_bytes(), path.name
    assert (tmp_path / "after-the-fight" / "scout.yaml").exists()
