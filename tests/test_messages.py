"""Messages that lead to the fix (issue 23, item 1): each names the real field, says what
to write, and sends the user to the command they meant."""

from __future__ import annotations

import re
import shutil

import pytest

from conftest import EXAMPLES
from playaid.cli import cli


def farmhouse(files, *changes: tuple[str, str]):
    """The example Isolation setup with each (old, new) change made to its text."""
    for name in ("alice.yaml", "bob.yaml", "eve.yaml"):
        files.copy_example("isolation", name)
    text = (EXAMPLES["isolation"] / "farmhouse.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    files.write("isolation/farmhouse.yaml", text)
    return files.problems("isolation/farmhouse.yaml")


# An unquoted comma inside {…}

@pytest.mark.parametrize("text, whole", [
    ("Never shakes, even under fire.", "Never shakes, even under fire."),
    ("Never shakes, even under fire, or at night.", "Never shakes, even under fire, or at night."),
])
def test_a_comma_cut_text_says_to_quote_it(files, run, text, whole):
    files.copy_example("sapio", "ines.yaml")
    old = "{name: Weather Sense, text: Always knows what the weather will be tomorrow.}"
    body = (EXAMPLES["sapio"] / "ines.yaml").read_text(encoding="utf-8")
    assert old in body
    path = files.write("sapio/ines.yaml", body.replace(old, f"{{name: Steady, text: {text}}}"))
    result = run("validate", path)
    assert result.exit_code == 1
    assert "[input.unquoted-comma] `text` is cut at a comma" in result.output
    assert f'fix: quote the text: text: "{whole}"' in result.output
    assert "unknown key" not in result.output
    assert result.output.count("error [") == 1
    quoted = files.write("sapio/ines.yaml", body.replace(old, f'{{name: Steady, text: "{text}"}}'))
    assert run("validate", quoted).exit_code == 0


def test_an_unknown_key_in_a_flow_mapping_is_still_an_unknown_key(files):
    problems = files.problems("sapio/x.yaml", "system: sapio\nname: A\ntalents:\n  - {name: Steady, txet: Calm}\n")
    assert any(p.rule == "input.unknown-key" and "did you mean `text`" in p.hint for p in problems)
    assert not any(p.rule == "input.unquoted-comma" for p in problems)


def test_a_block_mapping_key_without_value_is_not_taken_for_a_cut_text(files):
    problems = files.problems("sapio/x.yaml", "system: sapio\nname: A\ntalents:\n  - name: Steady\n"
                                              "    text: Calm\n    even under fire:\n")
    assert not any(p.rule == "input.unquoted-comma" for p in problems)


# Link labels with a typo

def test_a_descriptor_label_typo_gets_the_nearest_label(files):
    problems = farmhouse(files, ("label: Handy / Resourceful", "label: Handyy / Resourcefull"))
    [p] = [p for p in problems if p.rule == "isolation.descriptor-link-label"]
    assert p.hint == "did you mean `Handy / Resourceful`?"


def test_a_bias_label_typo_gets_the_nearest_bias(files):
    problems = farmhouse(files, ("label: Mistrustful of academic types}\n", "label: Mistrusts academic types}\n"))
    hints = [p.hint for p in problems if p.rule == "isolation.bias-link-label"]
    assert hints == ["did you mean `Mistrustful of academic types`?"] * 2


def test_a_label_far_from_every_option_lists_them_all_without_cutting_a_name(files, run):
    problems = farmhouse(files, ("label: Handy / Resourceful", "label: Zzz / Qqq"))
    [p] = [p for p in problems if p.rule == "isolation.descriptor-link-label"]
    assert "Bob Tanner:" in p.hint and "Eve Lindqvist:" in p.hint
    output = run("validate", files.root / "isolation" / "farmhouse.yaml").output
    fix = next(line for line in output.splitlines() if "fix: write one descriptor" in line)
    assert "…" not in fix and fix.rstrip().endswith(p.hint.split("; ")[-1].split(", ")[-1])


# A knock-on problem is not a problem of its own

@pytest.mark.parametrize("wrong", ["Eve Lindquist", "Eva"])
def test_a_link_to_someone_not_in_the_cast_is_one_error_and_no_unlinked_warning(files, wrong):
    problems = farmhouse(files, ("between: [Alice Moreau, Eve Lindqvist], color: green",
                                 f"between: [Alice Moreau, {wrong}], color: green"),
                         ("between: [Alice Moreau, Eve Lindqvist], color: red",
                          f"between: [Alice Moreau, {wrong}], color: red"))
    assert [p.rule for p in problems if p.rule == "isolation.link-ends"]
    assert not [p for p in problems if p.rule == "isolation.pair-unlinked"]
    hint = next(p.hint for p in problems if p.rule == "isolation.link-ends")
    assert ("did you mean `Eve Lindqvist`?" if wrong != "Eva" else "Alice Moreau, Bob Tanner, Eve Lindqvist") in hint


def test_a_pair_truly_without_a_link_is_still_warned(files):
    problems = farmhouse(files, ("between: [Alice Moreau, Eve Lindqvist], color: green",
                                 "between: [Bob Tanner, Eve Lindqvist], color: green"),
                         ("between: [Alice Moreau, Eve Lindqvist], color: red, kind: descriptor, label: Arrogant / Arrogant",
                          "between: [Bob Tanner, Alice Moreau], color: green"))
    assert [p.message for p in problems if p.rule == "isolation.pair-unlinked"] == \
        ["Alice Moreau and Eve Lindqvist share no link"]


# packet given the wrong thing

def test_packet_of_a_folder_names_its_setups(run, tmp_path):
    folder = tmp_path / "isolation"
    shutil.copytree(EXAMPLES["isolation"], folder)
    result = run("packet", folder, "--out", tmp_path / "out")
    assert result.exit_code == 1
    assert f"playaid packet {folder / 'farmhouse.yaml'}" in result.output
    assert "is a directory" not in result.output
    assert not (tmp_path / "out").exists()


def test_packet_of_a_folder_of_loose_characters_says_what_to_run(run, files, tmp_path):
    files.copy_example("dirt", "moss.yaml")
    files.copy_example("dirt", "scout.yaml")
    result = run("packet", files.root / "dirt", "--out", tmp_path / "out")
    assert result.exit_code == 1
    assert "playaid new dirt setup" in result.output
    assert f"playaid sheet {files.root / 'dirt' / 'moss.yaml'} {files.root / 'dirt' / 'scout.yaml'}" in result.output
    assert "playaid pregen dirt --count N --packet" in result.output


def test_packet_of_a_character_says_what_to_run_instead(run, files, tmp_path):
    path = files.copy_example("sapio", "ines.yaml")
    result = run("packet", path, "--out", tmp_path / "out")
    assert result.exit_code == 1
    assert "a character file" in result.output
    assert f"playaid sheet {path}" in result.output and "playaid new sapio setup" in result.output


def test_packet_of_a_scene_names_its_setup(run, tmp_path):
    result = run("packet", EXAMPLES["isolation"] / "scene-board-up.yaml", "--out", tmp_path / "out")
    assert result.exit_code == 1
    assert f"playaid packet {EXAMPLES['isolation'] / 'farmhouse.yaml'}" in result.output


# --help of every command shows clean ranges

def every_command(group=cli, prefix=()):
    import click

    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if isinstance(command, click.Group):
            yield from every_command(command, prefix + (name,))
        else:
            yield prefix + (name,)


@pytest.mark.parametrize("command", list(every_command()), ids=" ".join)
def test_no_help_shows_an_open_range_as_none(run, command):
    text = run(*command, "--help").output
    assert not re.search(r"x<=None|None<=x", text), text


# Dirt: dice at the top of an opposed fight

@pytest.mark.parametrize("fight", [True, False])
def test_top_level_dice_in_an_opposed_check_point_at_the_sides_and_damage_dice(files, fight):
    files.copy_example("dirt", "moss.yaml")
    files.copy_example("dirt", "scout.yaml")
    problems = files.problems("dirt/scene.yaml", f"""
        system: dirt
        kind: scene
        type: opposed
        fight: {str(fight).lower()}
        sides:
          - {{character: scout.yaml, stat: physical}}
          - {{character: moss.yaml, stat: physical}}
        dice: [3, 5]
        """)
    [p] = [p for p in problems if p.is_error]
    assert p.path == ("dice",) and "`sides[0].dice` and `sides[1].dice`" in p.hint
    assert ("`damage_dice`" in p.hint) == fight


def test_a_mistyped_key_with_an_empty_value_in_braces_is_a_typo_not_a_cut_text(files):
    problems = files.problems("sapio/x.yaml", "system: sapio\nname: A\ntalents:\n  - {name: Steady, txet: }\n")
    assert [p.hint for p in problems if p.rule == "input.unknown-key"] == ["did you mean `text`?"]
    assert not any(p.rule == "input.unquoted-comma" for p in problems)
