"""The Sapio System's Action Sequences (rule text 001, "Action Sequences in Play"), played one
turn at a time by `playaid roll` and advanced by `--apply`.

The table is the bundled rooftops setup: Wren Halloway (Roof Runner: Leaping; Night Clerk;
Agile, Perceptive) and Ines Varga (Desert Commando: Wilderness Survival, Knife Work; Camel
Trader: Haggling; Stern, Tireless, Perceptive). Faces of the default die: 1–2 blank, 3 Spiral,
4 Spare, 5–7 Hit, 8 Hit + Spare, 9 Hit + Spiral, 10 Hit + Hit, 11 Hit + Hit + Spiral, 12 Spare + Spare.
"""

from __future__ import annotations

import yaml

from conftest import EXAMPLES, roll_json
from playaid.apply import _edit, dump
from test_sapio_play import BLANK, HIT, HIT_SPIRAL, SPIRAL

CHASE = EXAMPLES["sapio"] / "scene-chase.yaml"


def table(files, sequence: str, turn: str, **ines) -> object:
    """The rooftops table in a temporary folder and a sequence scene beside it."""
    for name in ("rooftops.yaml", "wren.yaml"):
        files.copy_example("sapio", name)
    data = yaml.safe_load((EXAMPLES["sapio"] / "ines.yaml").read_text(encoding="utf-8"))
    files.write("sapio/ines.yaml", yaml.safe_dump({**data, **ines}, sort_keys=False, allow_unicode=True))
    return files.write("sapio/scene.yaml", "system: sapio\nkind: scene\nsetup: rooftops.yaml\nsequence:\n"
                       + "".join(f"  {line}\n" for line in sequence.strip().splitlines()) + turn)


def errors(files) -> list[tuple[str, tuple]]:
    return [(p.rule, p.path) for p in files.problems("sapio/scene.yaml") if p.is_error]


def scene_change(out: dict) -> dict:
    [change] = [c for c in out["changes"] if c["who"] == "scene" and c["field"] == ["sequence"]]
    return change["after"]


ROUND_1 = "round: 1\ncharacters: [Ines Varga, Wren Halloway]"


# -- the example ------------------------------------------------------------------------------------

def test_the_chase_example_rolls_replays_and_its_next_turn_rolls_too(run, tmp_path):
    first = roll_json(run, CHASE, "--seed", "4")
    again = roll_json(run, CHASE, "--dice", ",".join(str(d) for d in first["rolled"]))
    assert [s["text"] for s in again["steps"]] == [s["text"] for s in first["steps"]]
    assert first["steps"][0]["rule"] == "sapio.sequence-turn"
    out = tmp_path / "next"
    applied = run("roll", CHASE, "--seed", "4", "--apply", "--out", out)
    assert applied.exit_code == 0, applied.output
    assert sorted(p.name for p in out.iterdir()) == ["rooftops.yaml", "scene-chase.yaml"]
    written = yaml.safe_load((out / "scene-chase.yaml").read_text(encoding="utf-8"))
    assert written["setup"] == "rooftops.yaml" and written["character"] == "Ines Varga"
    assert (written["sequence"]["round"], written["sequence"]["acted"], written["sequence"]["invoked"]) == (2, [], [])
    assert not {"invoke", "help", "take", "action"} & set(written)
    # the frame keeps no TN of Wren's turn: the GM sets the new one (issue 37, item 5)
    assert "tn" not in written and run("validate", out / "scene-chase.yaml").exit_code == 1
    frame = (out / "scene-chase.yaml").read_text(encoding="utf-8")
    (out / "scene-chase.yaml").write_text(frame + "tn: 2\n", encoding="utf-8")
    assert run("validate", out / "scene-chase.yaml").exit_code == 0
    assert roll_json(run, out / "scene-chase.yaml", "--seed", "1")["outcome"] in ("success", "failure")


# -- every character focal once a round, in any order ---------------------------------------------------

def test_a_character_already_focal_this_round_cannot_take_another_turn(files):
    table(files, ROUND_1 + "\nacted: [Wren Halloway]", "character: Wren Halloway\ntn: 2\n")
    assert errors(files) == [("sapio.sequence-turn", ("character",))]
    [problem] = [p for p in files.problems("sapio/scene.yaml") if p.is_error]
    assert "still to act: Ines Varga" in problem.hint
    table(files, ROUND_1 + "\nacted: [Wren Halloway]", "character: Ines Varga\ntn: 2\n")
    assert errors(files) == []


def test_a_character_outside_the_sequence_is_not_focal(files):
    table(files, "characters: [Ines Varga]", "character: Wren Halloway\ntn: 2\n")
    assert errors(files) == [("sapio.sequence-turn", ("character",))]


def test_the_turn_order_is_the_groups_and_the_round_ends_when_all_were_focal(files, run):
    # Wren goes first this time: any order; after her, Ines is still to act
    path = table(files, ROUND_1, f"character: Wren Halloway\ntn: 1\ndice: [{HIT}]\n")
    out = roll_json(run, path)
    assert scene_change(out)["acted"] == ["Wren Halloway"] and scene_change(out)["round"] == 1
    assert any("still to act this round: Ines Varga" in s["text"] for s in out["steps"])
    path = table(files, ROUND_1 + "\nacted: [Wren Halloway]", f"character: Ines Varga\ntn: 1\ndice: [{HIT}]\n")
    after = scene_change(roll_json(run, path))
    assert (after["round"], after["acted"]) == (2, [])


def test_a_debilitated_character_takes_no_turn_and_does_not_hold_up_the_round(files, run):
    severe = [{"name": "Broken Arm", "level": "severe"}, {"name": "Deep Gash", "level": "severe"}]
    path = table(files, ROUND_1, f"character: Wren Halloway\ntn: 1\ndice: [{HIT}]\n", injuries=severe)
    out = roll_json(run, path)
    assert scene_change(out)["round"] == 2
    assert any("Ines Varga is debilitated and takes no turn" in s["text"] for s in out["steps"])


# -- threatened characters, entering the fray ---------------------------------------------------------

def test_a_threatened_character_must_take_a_turn_this_round(files):
    table(files, "characters: [Wren Halloway]\nthreatened: [Ines Varga]", "character: Wren Halloway\ntn: 2\n")
    assert errors(files) == [("sapio.sequence-threatened", ("sequence", "threatened", 0))]
    table(files, ROUND_1 + "\nthreatened: [Ines Varga]", "character: Wren Halloway\ntn: 2\n")
    assert errors(files) == []


def test_a_character_enters_the_fray_only_at_the_start_of_a_round(files, run):
    path = table(files, "characters: [Wren Halloway]\nenter: [Ines Varga]",
                 f"character: Ines Varga\ntn: 1\ndice: [{HIT}]\n")
    after = scene_change(roll_json(run, path))
    assert after["characters"] == ["Wren Halloway", "Ines Varga"] and "enter" not in after
    table(files, "characters: [Wren Halloway]\nacted: [Wren Halloway]\nenter: [Ines Varga]",
          "character: Ines Varga\ntn: 2\n")
    assert ("sapio.sequence-enter", ("sequence", "enter")) in errors(files)


# -- elements stay invoked for the round; the Main Profession again gives one die ------------------------

def test_an_element_invoked_this_round_is_not_invoked_again_by_its_owner(files):
    used = ROUND_1 + "\ninvoked: [{character: Ines Varga, element: Perceptive}, {character: Wren Halloway, element: Agile}]"
    table(files, used, "character: Wren Halloway\ntn: 2\ninvoke: {quality: Agile}\n")
    assert errors(files) == [("sapio.sequence-invoked", ("invoke",))]
    table(files, used, "character: Wren Halloway\ntn: 2\nhelp: [{character: Ines Varga, invokes: Perceptive}]\n")
    assert errors(files) == [("sapio.sequence-invoked", ("help",))]
    # Wren's own Perceptive is another element than Ines's: it is free
    table(files, used, "character: Wren Halloway\ntn: 2\ninvoke: {quality: Perceptive}\n"
                       "help: [{character: Ines Varga, invokes: Stern}]\n")
    assert errors(files) == []


def test_elements_a_defender_invoked_stay_invoked_through_the_round(files):
    used = ROUND_1 + "\ninvoked: [{character: Wren Halloway, element: Agile}]"
    table(files, used, "character: Ines Varga\ntype: versus\ndefender: {character: Wren Halloway, invokes: [Agile]}\n")
    assert errors(files) == [("sapio.sequence-invoked", ("defender", "invokes"))]


def test_the_main_profession_invoked_again_gives_one_die_and_must_be_fully_applicable(files, run):
    used = ROUND_1 + "\ninvoked: [{character: Wren Halloway, element: Roof Runner}]"
    path = table(files, used, f"character: Wren Halloway\ntn: 1\ninvoke: {{profession: full}}\ndice: [{HIT}, {BLANK}]\n")
    out = roll_json(run, path)
    [step] = [s for s in out["steps"] if s.get("source") == "Profession"]
    assert step["dice"] == 1 and step["rule"] == "sapio.sequence-invoked"
    assert "invoked again this round" in step["text"] and step["text"].endswith("[sapio.sequence-invoked].")
    table(files, used, "character: Wren Halloway\ntn: 1\ninvoke: {profession: partial}\n")
    assert errors(files) == [("sapio.sequence-invoked", ("invoke", "profession"))]
    # not yet invoked this round: two dice as always
    path = table(files, ROUND_1, f"character: Wren Halloway\ntn: 1\ninvoke: {{profession: full}}\n"
                                 f"dice: [{HIT}, {BLANK}, {BLANK}]\n")
    assert [s["dice"] for s in roll_json(run, path)["steps"] if s.get("source") == "Profession"] == [2]


def test_what_a_turn_invokes_is_written_for_the_rest_of_the_round(files, run):
    path = table(files, ROUND_1, f"character: Wren Halloway\ntn: 1\ninvoke: {{quality: Agile}}\n"
                                 f"help: [{{character: Ines Varga, invokes: Stern}}]\ndice: [{HIT}, {BLANK}, {BLANK}]\n")
    assert scene_change(roll_json(run, path))["invoked"] == [
        {"character": "Wren Halloway", "element": "Agile"}, {"character": "Ines Varga", "element": "Stern"}]


# -- harm on a net Spiral falls on the focal character or a helper ------------------------------------------

HELPED = "character: Wren Halloway\ntn: 1\nhelp: [{character: Ines Varga, invokes: Stern}]\n"


def test_a_helper_takes_harm_on_a_net_spiral_only(files, run):
    take = "take: {injury: Bruised Ribs, level: minor, who: Ines Varga, when: spiral}\n"
    out = roll_json(run, table(files, ROUND_1, HELPED + take + f"dice: [{HIT_SPIRAL}, {SPIRAL}]\n"))
    assert out["outcome"] == "success"  # a success, yet the net Spiral hurts the helper
    [step] = [s for s in out["steps"] if s.get("rule") == "sapio.sequence-harm"]
    assert step["who"] == "Ines Varga" and step["text"].startswith("A net Spiral")
    assert [(c["who"], c["after"]) for c in out["changes"] if c["field"] == ["injuries"]] == [
        ("Ines Varga", [{"name": "Sunburn", "level": "minor"}, {"name": "Bruised Ribs", "level": "minor"}])]
    calm = roll_json(run, table(files, ROUND_1, HELPED + take + f"dice: [{HIT}, {BLANK}]\n"))
    assert not [c for c in calm["changes"] if c["field"] == ["injuries"]]


def test_a_spirals_harm_does_not_fall_on_a_character_outside_the_sequence(files):
    # a supporting character who is not assisting may take it (issue 37, tests/test_rules_round5.py);
    # one who takes no part in the sequence is not in the scene at all
    take = "take: {injury: Bruised Ribs, level: minor, who: Ines Varga, when: spiral}\n"
    table(files, "round: 1\ncharacters: [Wren Halloway]", "character: Wren Halloway\ntn: 1\n" + take)
    assert errors(files) == [("sapio.sequence-harm", ("take", "who"))]


def test_a_sequence_names_its_setup(files):
    files.copy_example("sapio", "wren.yaml")
    files.write("sapio/scene.yaml", "system: sapio\nkind: scene\ncharacter: wren.yaml\ntn: 2\n"
                                    "sequence: {characters: [wren.yaml]}\n")
    assert errors(files) == [("sapio.sequence-shape", ("sequence",))]


def test_a_scene_copy_edits_and_removes_fields():
    # the copy is edited as YAML nodes, as `--apply` reads it
    root = yaml.compose("character: A\ninvoke: {quality: Agile}\nsequence: {round: 1}\n")
    _edit(root, (), {"character": "B", "invoke": None, "gone": None})
    _edit(root, ("sequence", "round"), 2)
    assert yaml.safe_load(dump(root)) == {"character": "B", "sequence": {"round": 2}}


def test_the_reference_page_gives_the_sequence_procedure(tmp_path):
    from playaid.render.html import Templates
    from playaid.render.paper import paper
    from playaid.render.reference import reference_pdf

    import pdfs

    path = tmp_path / "ref.pdf"
    path.write_bytes(reference_pdf(Templates(), paper("a4"), "sapio"))
    text = " ".join(pdfs.text(path).replace("\ufffe", "-").split())
    for words in ("Action Sequences", "focal once", "the threatened must take a turn", "stay used until the round ends",
                  "treatment check", "second Severe Stress"):
        assert words in text, words


def test_in_a_fight_between_characters_the_defender_strikes_back_next(files, run, tmp_path):
    # "expanded to an Action Sequence with the aggressing character starting as focal. Both characters go"
    path = table(files, ROUND_1, "character: Ines Varga\ntype: versus\ndefender: {character: Wren Halloway, "
                                 f"invokes: [Agile]}}\ndice: [{HIT}]\n")
    out = tmp_path / "next"
    assert run("roll", path, "--apply", "--out", out).exit_code == 0
    written = yaml.safe_load((out / "scene.yaml").read_text(encoding="utf-8"))
    assert written["character"] == "Wren Halloway" and written["type"] == "versus"
    assert written["defender"] == {"character": "Ines Varga", "invokes": []}
    assert written["sequence"]["invoked"] == [{"character": "Wren Halloway", "element": "Agile"}]
    assert run("roll", out / "scene.yaml", "--seed", "2").exit_code == 0
