"""`playaid new --ask` walked to a valid file for every game and kind, answered as a person
would: choices by name and by number, a wrong answer first and then a right one. The file
each interview writes must pass `playaid validate --strict`."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from conftest import EXAMPLES
from playaid.cli import cli
from playaid.systems import REGISTRY

BACKSTORY = ("Rok ran a bakery on the east side of Szeged for twenty years, up before dawn, flour in his beard, "
             "arguing with suppliers and feeding half the street on credit. He had a wife who sang off key and a "
             "son who wanted nothing to do with bread. He woke in the Sphere with an axe beside him.")
SURGEON = ("A field medic from a war nobody else on the Sphere remembers, the Surgeon stitches wounds for anyone "
           "who pays in batteries and keeps a ledger of every debt. He speaks softly, never sleeps in the same "
           "place twice, and treats the other Gladiators as patients not yet admitted to his ward.")

# (game, kind): the answers typed, one per question, and the wrong answers the transcript
# must show refused (each followed in the answers by a right one)
WALKS: dict[tuple[str, str], tuple[list[str], list[str]]] = {
    ("fight-sphere", "character"): (
        ["Rok Varga", "gladiator", "1", BACKSTORY, "", "death wish", "His son must never learn he ran.",
         "a woodcutter's axe", "2", "Søren Kierkegaard", "", "", ""],
        ["`role` is `gladiator`", "drive is needed", "`2` has no letters"]),
    ("fight-sphere", "setup"): (
        ["The Rust Layer", "Alice, Bob", "dana.yaml, bo.yaml, surgeon.yaml, vix.yaml", "", "",
         "Dana Okafor, Bo Reyes; The Surgeon, Vix", "", "", "", ""],
        []),
    ("fight-sphere", "scene"): (
        ["campaign.yaml", "fight", "1", "Hold the bridge", "Dana Okafor", "maybe", "yes", "true", "2",
         "Marrow, the scrap-priest", '"Marrow, the scrap-priest"', "", "", "", "", ""],
        ["`type` is `fight`", "must be true or false, not `maybe`", "must be a whole number, not `true`",
         "has no Relationship with Marrow"]),
    ("isolation", "character"): (
        ["Alice Marsh", "Nurse", "Kind, Patient, Brave", "Nosy, Stubborn, Jumpy", "Doctors", "Get the kids out",
         "healthy", "Mia", ""],
        []),
    ("isolation", "setup"): (
        ["The Farmhouse", "alice.yaml, bob.yaml, eve.yaml", "four", "2", "3",
         "Alice Moreau, Bob Tanner", "green", "", "Old friends",
         "Alice Moreau, Eve Lindqvist", "purple", "2", "9", "1", "Arrogant / Arrogant",
         "Bob Tanner, Eve Lindqvist", "1", "descriptor", "Handy / Resourceful",
         "A snowed-in farmhouse", "The storm", "Mia", ""],
        ["must be a whole number, not `four`", "`links[1].color` is `purple`", "`9` is not one of the numbers"]),
    ("isolation", "scene"): (
        ["farmhouse.yaml", "1", "Bob Tanner", "Board up the windows", "Alice Moreau, Eve Lindqvist", "",
         "hard", "1", "Bob Tanner", "one", "1", "", "the action is his profession", "", "", "", "", ""],
        ["must be a whole number, not `one`"]),
    ("sapio", "character"): (
        ["Mara Voss", "Roof Runner", "Leaping, Climbing", "Roof Runner", "Leaping", "1", "Night Clerk",
         "Agile, Clever, Quick", "Agile, Perceptive", "1", "Hide in Plain Sight",
         "The TN to hide is never more than 4.", "hiding", "9", "4", "", "", "", "", "", "", "", "Violence is not the answer",
         "Stealing isn't a big deal", "Mia", "2", "", ""],
        ["one Specialization under the Profession, not 2", "two Qualities, not 3", "9 is out of range",
         "principle is needed"]),
    ("sapio", "setup"): (["Rooftops", "wren.yaml, ines.yaml", "Ari", "A rain-soaked port city", ""], []),
    ("sapio", "scene"): (
        ["wren.yaml", "check", "", "Leap the gap", "3", "fully", "full", "", "Leaping", "Agile", "1",
         "Hide in Plain Sight", "", "", "", "", "", "", "", "", "", "", "", "", "", "", ""],
        ["`invoke.profession` is `fully`"]),
    ("sapio", "dice"): (
        ["hit, spare", "; ; spiral; spare; hit; hit; hit; hit, spare; hit, spiral; hit, hit; hit, hit, spiral; "
         "spare, spare", "My dice", ""],
        ["the Spiral die has 12 faces"]),
    ("fight-club", "character"): (
        ["Dale Pruitt", "Publishers, Parents, Constant rush", "Claims adjuster, unpublished novelist", "three", "3",
         "Mr. Hobbs", "Publishers", "Ann", "Carol", "Parents", "Cat", "Priya", "Constant rush", "Dan",
         "3", "3", "3", "Ben", ""],
        ["give a whole number from 0 to 20"]),
    ("fight-club", "setup"): (["Tuesday basement", "marty.yaml, dale.yaml", "Ann, Ben, Cat, Dan", ""], []),
    ("fight-club", "scene"): (
        ["fight", "2", "club.yaml", "Dale Pruitt", "Mr. Hobbs answers the letters", "Publishers", "3", ""],
        ["`type` is `fight`"]),
    ("fight-club", "deck"): (["Office edition", "The printer, Reply-all chains, Open-plan seating"], []),
    ("dirt", "character"): (
        ["Moss", "6", "five", "4", "5", "3", "3", "4", "3", "", "Roofer", "Skateboarding", "rope, knife", "Leo", ""],
        ["6 is out of range", "must be a whole number, not `five`", "M + P + S is 12", "job is needed"]),
    ("dirt", "setup"): (["The quarry", "moss.yaml, scout.yaml", "Rin", "An old quarry", "The foreman", "The dog"],
                        []),
    ("dirt", "scene"): (
        ["unopposed", "Climb the fence", "moss.yaml", "strength", "2", "job", "hard", "", "", "", "", "", ""],
        ["`stat` is `strength`"]),
    ("contest", "character"): (
        ["Harrow", "Strength: d6, Agility: d8, Social Standing: d10", "Oratory: d7", "", "Bullhorn: d6",
         "Stubborn: d8", "Dockworker", "Leo", "",
         "Oratory: d8", ""],  # asked again at the end: d7 may be a die rolled electronically (`e_dice`)
        ["d7 is not a die of the game", "asked again for e_dice, skills"]),
    ("contest", "setup"): (["Shore party", "harrow.yaml", "Ros", ""], []),
    ("contest", "scene"): (
        ["Talk the rioters into going home", "two", "2", "Harrow", "harrow.yaml",
         "attribute: Social Standing, skill: Oratory, gear: Bullhorn", "", "", "",
         "The crowd", "", "", "d10, d8, d6, d6, d6", "", "", "", "", "", "", "", "", ""],
        ["give a whole number from 1 to 20"]),
}

EXTRA_FILES = {
    # the GM makes the NPC Gladiators first (by `new` too, see test_a_campaign_made_by_interviews)
    "fight-sphere": {
        "surgeon.yaml": {"system": "fight-sphere", "name": "The Surgeon", "role": "npc", "player": "Alice",
                         "backstory": SURGEON, "drive": "reason-to-live", "weapon": "A bone saw",
                         "drive_text": "He wants his discharge papers."},
        "vix.yaml": {"system": "fight-sphere", "name": "Vix", "role": "npc", "player": "Bob",
                     "backstory": SURGEON.replace("the Surgeon", "Vix"), "drive": "death-wish",
                     "weapon": "A motorbike chain", "drive_text": "She wants to ride off the edge."},
    },
}


def table(tmp_path: Path, game: str) -> Path:
    """A folder holding the game's examples, as a GM's folder would."""
    folder = tmp_path / game
    shutil.copytree(EXAMPLES[game], folder)
    for name, data in EXTRA_FILES.get(game, {}).items():
        (folder / name).write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return folder


def interview(folder: Path, game: str, kind: str, answers: list[str]):
    before = set(folder.iterdir())
    result = CliRunner().invoke(cli, ["new", game, kind, "--ask", "--out", str(folder)],
                                input="\n".join(answers) + "\n")
    made = sorted(set(folder.iterdir()) - before)
    return result, made


def test_every_game_and_kind_has_a_walk():
    assert set(WALKS) == {(g, k) for g in REGISTRY for k in REGISTRY[g].models}


@pytest.mark.parametrize("game,kind", sorted(WALKS))
def test_interview_walks_to_a_file_validate_strict_accepts(game, kind, tmp_path):
    answers, refused = WALKS[(game, kind)]
    folder = table(tmp_path, game)
    result, made = interview(folder, game, kind, answers)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    for wrong in refused:
        assert wrong in result.output, (wrong, result.output)
    assert [p.suffix for p in made] == [".yaml"], made
    assert f"wrote {made[0]}: valid" in result.output
    strict = CliRunner().invoke(cli, ["validate", "--strict", str(made[0])])
    assert strict.exit_code == 0, strict.output + made[0].read_text(encoding="utf-8")


def test_the_drive_is_written_as_text_and_asked_until_given(tmp_path):
    answers, _ = WALKS[("fight-sphere", "character")]
    folder = table(tmp_path, "fight-sphere")
    result, made = interview(folder, "fight-sphere", "character", answers)
    assert "Enter to leave it out" not in next(line for line in result.output.splitlines() if line.startswith("drive "))
    data = yaml.safe_load(made[0].read_text(encoding="utf-8"))
    assert data["drive"] == "death-wish" and data["role"] == "pc" and data["player"] == "Søren Kierkegaard"


def test_sapio_asks_luck_and_the_talents_effect_not_side_specializations(tmp_path):
    answers, _ = WALKS[("sapio", "character")]
    folder = table(tmp_path, "sapio")
    result, made = interview(folder, "sapio", "character", answers)
    assert "side_professions.0.specializations" not in result.output
    data = yaml.safe_load(made[0].read_text(encoding="utf-8"))
    assert data["luck"] == 2 and data["talents"][0]["tn_cap"] == 4
    assert data["side_professions"] == [{"name": "Night Clerk"}]


def test_a_campaign_made_by_interviews_rolls(tmp_path):
    """The persona's evening: Gladiators made with `new`, the setup and a scene too, then rolled."""
    folder = tmp_path / "campaign"
    folder.mkdir()
    for name, role, player, drive in (("Rok Varga", "pc", "Alice", "1"), ("The Surgeon", "npc", "Alice", "2"),
                                      ("Ilka Tóth", "pc", "Bob", "reason to live"), ("Vix", "2", "Bob", "1")):
        answers = [name, role, BACKSTORY, drive, "Something to fight for.", "a knife", player, "", "", ""]
        result, _ = interview(folder, "fight-sphere", "character", answers)
        assert result.exit_code == 0, result.output
    files = ", ".join(p.name for p in sorted(folder.glob("*.yaml")))
    result, made = interview(folder, "fight-sphere", "setup", ["Layer One", "Alice, Bob", files, "", "", "", "", "", "", ""])
    assert result.exit_code == 0, result.output
    answers = [made[0].name, "conflict", "Cross the bridge", "Rok Varga", "", "1", "", "", "", "", "", ""]
    result, scene = interview(folder, "fight-sphere", "scene", answers)
    assert result.exit_code == 0, result.output
    rolled = CliRunner().invoke(cli, ["roll", str(scene[0]), "--seed", "3"])
    assert rolled.exit_code == 0, rolled.output


EVERY = sorted(WALKS)


@pytest.mark.parametrize("game,kind", EVERY)
@pytest.mark.parametrize("hostile", ["[" * 1000, "{" * 1000, "²", "\x1b]0;owned\x07", "x" * 2_000_000])
def test_hostile_answers_are_refused_in_one_line_for_every_game_and_kind(game, kind, hostile, tmp_path):
    folder = table(tmp_path, game)
    # every question answered the same way until the answers run out
    result, made = interview(folder, game, kind, [hostile] * 4)
    assert not isinstance(result.exception, (RecursionError, ValueError)), result.exception
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), repr(result.exception)
    # what we print, without the answers as typed (a terminal echoes those itself)
    said = "\n".join(line for line in result.output.splitlines() if not line.startswith("> "))
    assert "Traceback" not in said and "\x1b" not in said and "\x07" not in said
    assert len(said) < 20_000  # the answer is never echoed back whole
    for path in made:  # a draft keeps what was accepted, never an answer over its limit or raw controls
        if len(hostile) > 1000 or "\x1b" in hostile:
            assert hostile not in path.read_text(encoding="utf-8")


def test_a_long_name_is_refused_at_the_prompt_by_the_name_limit(tmp_path):
    folder = table(tmp_path, "dirt")
    result, _ = interview(folder, "dirt", "character", ["x" * 2_000_000, "Moss"])
    assert "this answer is 2000000 characters; `name` (a name) holds at most 80: type a shorter one" in result.output


def test_a_control_character_is_refused_and_shown_escaped(tmp_path):
    folder = table(tmp_path, "dirt")
    result, _ = interview(folder, "dirt", "character", ["Mo\x1b[31mss", "Moss"])
    assert "the answer holds the control character U+001B (`\\x1b`): type printable characters only" in result.output


def test_a_count_in_other_digits_is_asked_again(tmp_path):
    folder = table(tmp_path, "sapio")
    result, _ = interview(folder, "sapio", "character", ["Mara Voss", "Roof Runner", "Leaping", "²", "٣"])
    assert result.output.count("give a whole number from 0 to 20, in digits") == 2


def test_a_stopped_interview_keeps_the_answers_given_as_a_draft(tmp_path):
    folder = table(tmp_path, "fight-sphere")
    result, made = interview(folder, "fight-sphere", "character", ["Rok Varga", "pc", BACKSTORY, "2"])
    assert result.exit_code == 1
    assert [p.name for p in made] == ["rok-varga.yaml"]
    assert f"stopped: the answers given so far are in {made[0]}" in result.output
    data = yaml.safe_load(made[0].read_text(encoding="utf-8"))
    assert data["drive"] == "reason-to-live" and data["backstory"] == BACKSTORY


def test_blank_and_ask_together_are_a_usage_error(tmp_path):
    result = CliRunner().invoke(cli, ["new", "dirt", "--blank", "--ask", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "give one of them" in result.output
    assert not list(tmp_path.iterdir())


def test_a_list_of_groups_is_read_as_the_question_describes(tmp_path):
    answers, _ = WALKS[("fight-sphere", "setup")]
    folder = table(tmp_path, "fight-sphere")
    result, made = interview(folder, "fight-sphere", "setup", answers)
    assert "one group after another separated by `;`" in result.output
    data = yaml.safe_load(made[0].read_text(encoding="utf-8"))
    assert data["truces"] == [["Dana Okafor", "Bo Reyes"], ["The Surgeon", "Vix"]]


def test_sapio_advancement_types_are_in_the_question_the_starter_and_the_help(tmp_path, run):
    """Issue 40, item 6: a newcomer meets the four types where they look, and one typed is kept."""
    from playaid.games.sapio.character import ADVANCEMENT_TYPES

    answers, _ = WALKS[("sapio", "character")]
    folder = table(tmp_path, "sapio")
    result, made = interview(folder, "sapio", "character", [*answers[:-2], "quality, side-profession", ""])
    question = next(line for line in result.output.splitlines() if line.startswith("advancements — "))
    assert all(f"`{t}`" in question for t in ADVANCEMENT_TYPES), question
    assert yaml.safe_load(made[0].read_text(encoding="utf-8"))["advancements"] == ["quality", "side-profession"]
    assert run("new", "sapio", "--blank", "--out", tmp_path / "blank").exit_code == 0
    line = next(x for x in (tmp_path / "blank" / "sapio-character.yaml").read_text(encoding="utf-8").splitlines()
                if x.startswith("advancements:"))
    assert all(f"`{t}`" in line for t in ADVANCEMENT_TYPES), line
    helped = run("new", "--help").output
    assert "sapio character `advancements`: each one of " + ", ".join(ADVANCEMENT_TYPES) in helped
