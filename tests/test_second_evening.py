"""A GM's second evening (issue 28), replayed end to end through the command line as the
persona played it: a Fight Sphere campaign over two Layers made by interviews, a Sapio
one-shot with a chase rolled at the table, a contest night on Letter from a subfolder,
a convention's players seated from a file, and a Fight Club deck printed double-sided.
Each step checks what a GM would look at: the message, the file it wrote, the paper."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pikepdf
import yaml
from click.testing import CliRunner

from conftest import EXAMPLES
from playaid.cli import cli
from test_new_interviews import BACKSTORY, interview, table, WALKS

GLADIATORS = (("Rok Varga", "pc", "Alice", "1"), ("The Surgeon", "npc", "Alice", "2"),
              ("Ilka Tóth", "pc", "Bob", "reason to live"), ("Vix", "2", "Bob", "1"),
              ("Mara Lind", "pc", "Cat", "death wish"), ("Old Jonas", "npc", "Cat", "2"))


def _cli(*args, **kwargs):
    return CliRunner().invoke(cli, [str(a) for a in args], **kwargs)


def test_a_fight_sphere_campaign_over_two_layers(tmp_path):
    folder = tmp_path / "campaign"
    folder.mkdir()
    for name, role, player, drive in GLADIATORS:
        answers = [name, role, BACKSTORY, drive, "Something to fight for.", "a knife", player, "", "", ""]
        result, _ = interview(folder, "fight-sphere", "character", answers)
        assert result.exit_code == 0, result.output
    files = ", ".join(p.name for p in sorted(folder.glob("*.yaml")))
    result, made = interview(folder, "fight-sphere", "setup",
                             ["Layer One", "Alice, Bob, Cat", files, "", "", "", "", "", "", ""])
    assert result.exit_code == 0, result.output
    result, scene = interview(folder, "fight-sphere", "scene",
                              [made[0].name, "conflict", "Cross the bridge", "Rok Varga", "", "1", "", "", "", "",
                               "", ""])
    assert result.exit_code == 0, result.output
    # no dice given: the tool says it rolls at random before it writes anything
    rolled = _cli("roll", scene[0], "--seed", "3", "--apply", "--out", folder / "after")
    assert rolled.exit_code == 0, rolled.output
    assert rolled.output.startswith("rolling at random (seed 3)")
    copy = folder / "after" / "layer-one.yaml"
    text = copy.read_text(encoding="utf-8")
    # the cast written inline block by block, readable, not one long flow collection
    assert "\ncharacters:\n- name: " in text and "conflict_pool: 4" in text
    # the next Layer: the same table one level down, with a higher Threshold
    data = yaml.safe_load(text)
    data["layer"], data["name"] = 2, "Layer Two"
    (folder / "layer-two.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    (folder / "bridge-two.yaml").write_text(
        "system: fight-sphere\nkind: scene\nsetup: layer-two.yaml\ntype: conflict\n"
        "conflict: Hold the lift shaft\ncharacter: Ilka Tóth\ngamble: 1\n", encoding="utf-8")
    assert _cli("validate", folder / "layer-two.yaml", folder / "bridge-two.yaml", "--strict").exit_code == 0
    second = _cli("roll", folder / "bridge-two.yaml", "--seed", "5")
    assert second.exit_code == 0, second.output
    threshold = int(re.search(r"Layer 2 has a Threshold of (\d+)", second.output)[1])
    assert threshold > int(re.search(r"Layer 1 has a Threshold of (\d+)", rolled.output)[1])


def test_a_sapio_one_shot_with_a_chase_rolled_at_the_table(tmp_path):
    folder = table(tmp_path, "sapio")
    answers, _ = WALKS[("sapio", "character")]
    result, made = interview(folder, "sapio", "character", answers)
    assert result.exit_code == 0 and made, result.output
    # the chase's turn, each die typed as the face shows it (symbols, as the prompt lists them)
    asked = _cli("roll", folder / "scene-chase.yaml", "--ask", input="hit\nhit spare\nblank\nspiral\n" + "blank\n" * 8)
    assert asked.exit_code == 0, asked.output
    again = re.search(r"the same roll again: playaid roll \S+ --dice ([\d,]+)", asked.output)
    assert again, asked.output
    typed = again[1]
    applied = _cli("roll", folder / "scene-chase.yaml", "--dice", typed, "--apply", "--out", folder / "after")
    assert applied.exit_code == 0, applied.output
    frame = yaml.safe_load((folder / "after" / "scene-chase.yaml").read_text(encoding="utf-8"))
    assert frame["sequence"]["round"] == 2 and frame["sequence"]["acted"] == []
    # the next turn rolls from the copy, the round under way, once the GM has set its TN
    assert "tn" not in frame
    frame["tn"] = 2
    (folder / "after" / "scene-chase.yaml").write_text(yaml.safe_dump(frame, sort_keys=False), encoding="utf-8")
    nxt = _cli("roll", folder / "after" / "scene-chase.yaml", "--seed", "2")
    assert nxt.exit_code == 0, nxt.output
    assert "round 2" in nxt.output.lower()


def test_a_contest_night_on_letter_from_a_subfolder(tmp_path):
    night = tmp_path / "contest-night"
    shutil.copytree(EXAMPLES["contest"], night / "tables")
    (night / "playaid.toml").write_text('paper = "letter"\n', encoding="utf-8")

    def playaid(*args: str) -> subprocess.CompletedProcess:
        # as typed in a terminal, from the subfolder: the settings file is found above it
        return subprocess.run([sys.executable, "-m", "playaid", *args], cwd=night / "tables", capture_output=True,
                              text=True, timeout=120)

    made = playaid("sheet", "harrow.yaml", "--out", "printed")
    assert made.returncode == 0, made.stderr
    assert "(US Letter)" in made.stdout and "settings from" in made.stderr and "playaid.toml" in made.stderr
    pdf = next((night / "tables" / "printed").glob("*.pdf"))
    with pikepdf.open(pdf) as doc:
        width, height = (float(v) for v in doc.pages[0].mediabox[2:])
    assert (round(width), round(height)) == (612, 792)
    odds = playaid("odds", "contest", "--scene", "scene-artifact.yaml")
    assert odds.returncode == 0 and "% to win" in odds.stdout, odds.stderr
    # a side of several pools is answered as `roll` builds it, not refused
    crew = playaid("odds", "contest", "--scene", "scene-airlock.yaml")
    assert crew.returncode == 0 and "% to win" in crew.stdout, crew.stderr
    rolled = playaid("roll", "scene-airlock.yaml", "--seed", "1")
    assert rolled.returncode == 0 and "Traceback" not in rolled.stderr, rolled.stderr


def test_a_convention_seats_its_own_player_list_once(tmp_path):
    names = [f"Player {i}" for i in range(1, 11)] + ["Søren", "Ингрид", "Ελένη", "美咲", "Ana", "Bo", "Cy", "Di",
                                                     "Ed", "Fi"]
    (tmp_path / "players.txt").write_text("# signed up at the door\n" + "\n".join(names) + "\n", encoding="utf-8")
    (tmp_path / "plan.yaml").write_text(
        "name: SpielCon\nplayers_file: players.txt\nseed: 7\ntables:\n"
        "  - {game: dirt, count: 3, tables: 4}\n  - {game: isolation, count: 4, tables: 2}\n", encoding="utf-8")
    checked = _cli("convention", tmp_path / "plan.yaml", "--check")
    assert checked.exit_code == 0, checked.output
    # twenty names for twenty seats (each seated once: tests/test_convention.py reads the seating)
    assert "6 tables, 20 players seated" in checked.output
    (tmp_path / "players.txt").write_text("\n".join(names + ["One Too Many"]) + "\n", encoding="utf-8")
    over = _cli("convention", tmp_path / "plan.yaml", "--out", tmp_path / "out")
    assert over.exit_code == 1 and not (tmp_path / "out").exists()


def test_a_fight_club_deck_printed_double_sided(tmp_path):
    out = tmp_path / "deck"
    made = _cli("deck", "--duplex", "long", "--back-offset", "1.5,0", "--out", out)
    assert made.exit_code == 0, made.output
    assert "backs moved 1.5 mm right" in made.output
    pdf = next(p for p in out.glob("*.pdf") if "fold" not in p.name)
    with pikepdf.open(pdf) as doc:
        # fronts and backs alternate: an even count, each back page right after its front
        assert len(doc.pages) % 2 == 0
