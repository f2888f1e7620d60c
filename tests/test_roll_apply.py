"""`playaid roll --apply --out DIR`: consequences go to copies, never to the originals
(without --out they go into the files in place: tests/test_campaign_apply.py)."""

from __future__ import annotations

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playaid.apply import apply_changes
from playaid.outputs import OutputFolder
from playaid.systems.play import Change

MOSS = "system: dirt\nname: Moss\nstats: {mental: 2, physical: 5, social: 3}\njob: Roofer\nhobby: Skateboarding\n"
SCOUT = "system: dirt\nname: Scout\nstats: {mental: 3, physical: 4, social: 3}\njob: Park ranger\nhobby: Birdwatching\n"
FIGHT = """system: dirt
kind: scene
type: opposed
fight: true
sides:
  - {character: scout.yaml, stat: physical, dice: [5, 5, 5, 5]}
  - {character: moss.yaml, stat: physical, applies: hobby, dice: [1, 1, 1, 1, 1]}
damage_dice: [3, 4]
"""


def test_apply_writes_a_copy_of_the_changed_character_and_leaves_the_original(files, run):
    files.write("moss.yaml", MOSS)
    files.write("scout.yaml", SCOUT)
    scene = files.write("fight.yaml", FIGHT)
    out = files.root / "out"
    result = run("roll", scene, "--apply", "--out", out)
    assert result.exit_code == 0, result.output
    assert f"wrote {out / 'moss.yaml'}" in result.output
    copy = yaml.safe_load((out / "moss.yaml").read_text(encoding="utf-8"))
    assert copy["lost"] == {"scene": {"physical": 2}} and copy["disrupted"] is True  # injured: until the scene ends
    assert (files.root / "moss.yaml").read_text(encoding="utf-8") == MOSS
    assert not (out / "scout.yaml").exists()
    # the copy is itself a valid character the next scene can use
    assert run("validate", out / "moss.yaml").exit_code == 0


def test_apply_refuses_to_write_over_the_original(files, run):
    files.write("moss.yaml", MOSS)
    files.write("scout.yaml", SCOUT)
    scene = files.write("fight.yaml", FIGHT)
    result = run("roll", scene, "--apply", "--out", files.root)
    assert result.exit_code == 1 and "never writes over" in result.output
    assert (files.root / "moss.yaml").read_text(encoding="utf-8") == MOSS


def test_a_setup_copy_holds_the_whole_cast_inline(files):
    files.write("moss.yaml", MOSS)
    files.write("table.yaml", "system: dirt\nkind: setup\nname: T\ncharacters:\n  - moss.yaml\n"
                "  - {name: Scout, stats: {mental: 3, physical: 4, social: 3}, job: a, hobby: b}\n")
    scene = files.write("s.yaml", "system: dirt\nkind: scene\nsetup: table.yaml\n")
    changes = (Change("Scout", ("reductions", "social"), 0, 1, ""), Change("setup", ("objective",), "", "Escape", ""))
    [path] = apply_changes(scene, changes, OutputFolder(files.root / "out"))
    copy = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [c["name"] for c in copy["characters"]] == ["Moss", "Scout"]
    assert copy["characters"][1]["reductions"] == {"social": 1} and copy["objective"] == "Escape"
    assert "system" not in copy["characters"][0]
    assert files.problems("out/table.yaml") == []


def test_every_games_applied_copy_is_itself_valid(tmp_path, run):
    """The copy --apply writes is the table's next state: it must validate as it stands."""
    from conftest import EXAMPLES

    scenes = ["isolation/scene-take-the-keys.yaml", "fight-sphere/scene-conflict.yaml",
              "fight-sphere/scene-encounter.yaml", "fight-club/scene-fight.yaml", "sapio/scene-leap.yaml"]
    for i, scene in enumerate(scenes):
        out = tmp_path / str(i)
        result = run("roll", EXAMPLES / scene, "--seed", "5", "--apply", "--out", out)
        assert result.exit_code == 0, result.output
        [copy] = list(out.iterdir())
        checked = run("validate", copy)
        assert checked.exit_code == 0, (scene, checked.output)


# -- the copy changes only what the roll changed (issue 26 item 5) ----------------------------

TRICKY = ["1:20", "Off", "on", "Yes", "no", "0x1F", "0o17", "017", "1_000", "2001-12-14", "~", "null", ".inf",
          "-.5", "+12", "'quoted'", '"dq"', "1e3", "=", "<<", "y", "N"]


def _tree(node):
    """A node as (tag, text) leaves: what a reader of the file gets, however it was written."""
    if isinstance(node, yaml.ScalarNode):
        return (node.tag, node.value)
    if isinstance(node, yaml.SequenceNode):
        return [_tree(n) for n in node.value]
    return [(_tree(k), _tree(v)) for k, v in node.value]


def _composed(path):
    return yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)


def test_values_the_roll_does_not_touch_keep_their_meaning(files, run):
    files.write("yes.yaml", "system: dirt\nname: Yes\nplayer: 1:20\nstats: {mental: 2, physical: 5, social: 3}\n"
                "job: Off\nhobby: 0x1F\n")
    files.write("table.yaml", "system: dirt\nkind: setup\nname: T\ncharacters:\n  - yes.yaml\n")
    scene = files.write("s.yaml", "system: dirt\nkind: scene\nsetup: table.yaml\n")
    [path] = apply_changes(scene, (Change("Yes", ("reductions", "social"), 0, 1, ""),), OutputFolder(files.root / "o"))
    text = path.read_text(encoding="utf-8")
    assert "name: Yes\n" in text and "player: 1:20\n" in text and "job: Off\n" in text and "hobby: 0x1F\n" in text
    copy = yaml.safe_load(text)["characters"][0]
    assert copy["reductions"] == {"social": 1}


def test_a_changed_value_that_reads_as_another_type_is_quoted(files):
    files.write("moss.yaml", MOSS)
    files.write("scout.yaml", SCOUT)
    scene = files.write("fight.yaml", FIGHT)
    [path] = apply_changes(scene, (Change("Moss", ("job",), "Roofer", "Off", ""),), OutputFolder(files.root / "o"))
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["job"] == "Off"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=st.lists(st.one_of(st.sampled_from(TRICKY), st.from_regex(r"[A-Za-z0-9 :._-]{1,12}", fullmatch=True)),
                       min_size=1, max_size=6),
       inline=st.booleans(), after=st.integers(0, 5))
def test_an_apply_round_trip_changes_nothing_else(tmp_path_factory, values, inline, after):
    root = tmp_path_factory.mktemp("apply")
    extra = "".join(f"x{i}: {v}\n" for i, v in enumerate(values))
    character = f"name: Kit\nstats: {{mental: 2, physical: 5, social: 3}}\n{extra}"
    try:
        yaml.compose(character, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return  # not YAML at all: nothing to round-trip
    if inline:
        setup = "system: dirt\nkind: setup\nname: T\ncharacters:\n" + "".join(
            ("  - " if i == 0 else "    ") + line + "\n" for i, line in enumerate(character.splitlines()))
    else:
        (root / "kit.yaml").write_text("system: dirt\n" + character, encoding="utf-8")
        setup = "system: dirt\nkind: setup\nname: T\ncharacters:\n  - kit.yaml\n"
    (root / "table.yaml").write_text(setup, encoding="utf-8")
    (root / "s.yaml").write_text("system: dirt\nkind: scene\nsetup: table.yaml\n", encoding="utf-8")
    [path] = apply_changes(root / "s.yaml", (Change("Kit", ("reductions", "social"), 0, after, ""),),
                           OutputFolder(root / "out"))
    before = _tree(yaml.compose(setup, Loader=yaml.SafeLoader))
    if not inline:
        before[3] = (before[3][0], [_tree(_composed(root / "kit.yaml"))[1:]])
    written = _tree(_composed(path))
    kit = written[3][1][0]
    assert kit[-1] == (("tag:yaml.org,2002:str", "reductions"),
                       [(("tag:yaml.org,2002:str", "social"), ("tag:yaml.org,2002:int", str(after)))])
    assert written[:3] == before[:3] and kit[:-1] == before[3][1][0]
