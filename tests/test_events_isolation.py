"""Isolation's events without dice (docs/rules/events.md): a death, a character leaving, the
Stress Level moved — each as a scene `playaid roll` resolves and `--apply` writes, and as the
one-line `playaid event` that must give exactly the same."""

from __future__ import annotations

import json

import yaml

from conftest import rules

TABLE = """\
system: isolation
kind: setup
name: The lighthouse
stress: 2
characters:
  - {name: Ann, health: injured, goal: Keep everyone alive}
  - {name: Bo}
  - {name: Cy}
  - {name: Di, goal: Keep everyone alive}
links:
  - {between: [Ann, Bo], color: green, label: Charming / Blind}
  - {between: [Ann, Cy], color: green, label: Patient / Loud}
  - {between: [Ann, Di], color: green, label: Keep everyone alive, kind: goal}
  - {between: [Ann, Di], color: green, label: Keep everyone alive, kind: goal}
  - {between: [Ann, Di], color: green, label: Keep everyone alive, kind: goal}
  - {between: [Ann, Bo], color: red, label: Arrogant / Arrogant}
  - {between: [Ann, Bo], color: red, label: Injured, kind: injury}
  - {between: [Ann, Cy], color: red, label: Injured, kind: injury}
  - {between: [Ann, Di], color: red, label: Injured, kind: injury}
  - {between: [Ann, Cy], color: green}
  - {between: [Bo, Cy], color: red}
  - {between: [Bo, Cy], color: red, label: Stubborn / Stubborn}
  - {between: [Bo, Di], color: green, label: Handy / Handy}
  - {between: [Cy, Di], color: green, label: Quiet / Quiet}
"""


def scene(files, text: str):
    files.write("table.yaml", TABLE)
    return files.write("event.yaml", "system: isolation\nkind: scene\nsetup: table.yaml\n" + text)


def roll(run, path, *args) -> dict:
    result = run("roll", path, "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def written_setup(run, path, out) -> dict:
    result = run("roll", path, "--apply", "--out", out)
    assert result.exit_code == 0, result.output
    return yaml.safe_load((out / "table.yaml").read_text(encoding="utf-8"))


def links_of(setup: dict, who: str) -> list[dict]:
    return [link for link in setup["links"] if who in link["between"]]


def test_a_death_erases_red_links_and_shares_labelled_greens_among_the_remaining_pairs(files, run):
    path = scene(files, "type: dies\nwho: Ann\n")
    setup = written_setup(run, path, files.root / "out")
    assert links_of(setup, "Ann") == []  # red links erased, greens turned into shared ones
    ann = next(c for c in setup["characters"] if c["name"] == "Ann")
    assert ann["health"] == "dead"
    # five labelled greens (the unlabelled one is not shared) over three pairs: 2, 2, 1 in pair order;
    # Bo–Cy's first share cancels its unlabelled red first
    new = [link for link in setup["links"] if "label" not in link]
    pairs = [tuple(sorted(link["between"])) + (link["color"],) for link in new]
    assert pairs.count(("Bo", "Cy", "red")) == 0 and pairs.count(("Bo", "Cy", "green")) == 1
    assert pairs.count(("Bo", "Di", "green")) == 2 and pairs.count(("Cy", "Di", "green")) == 1
    assert setup["stress"] == 2  # a death moves the Stress only when the GM says so
    assert run("validate", files.root / "out" / "table.yaml").exit_code == 0


def test_a_dead_character_cannot_die_again_and_the_problem_points_at_who(files, run):
    path = scene(files, "type: dies\nwho: Ann\n")
    out = files.root / "out"
    written_setup(run, path, out)
    again = files.write("out/again.yaml", "system: isolation\nkind: scene\nsetup: table.yaml\ntype: dies\nwho: Ann\n")
    result = run("roll", again)
    assert result.exit_code == 1
    assert "again.yaml:5:6: error [isolation.event] Ann is dead already" in result.output
    assert "fix: name a living character" in result.output


def test_an_unknown_or_missing_name_is_an_error(files):
    scene(files, "")
    assert "scene.unknown-character" in rules(files.problems("s.yaml", "system: isolation\nkind: scene\n"
                                                              "setup: table.yaml\ntype: dies\nwho: Zed\n"))
    assert "isolation.event" in rules(files.problems("t.yaml", "system: isolation\nkind: scene\n"
                                                           "setup: table.yaml\ntype: leaves\n"))


def test_a_death_can_raise_the_stress_in_the_same_event(files, run):
    result = roll(run, scene(files, "type: dies\nwho: Bo\nby: 2\n"))
    assert result["outcome"] == "dead" and result["rolled"] == [] and result["seed"] is None
    assert {"who": "setup", "field": ["stress"], "before": 2, "after": 4} == \
        {k: v for k, v in result["changes"][-2].items() if k != "text"}
    assert {"who": "setup", "field": ["stress_at_start"], "before": None, "after": 2} == \
        {k: v for k, v in result["changes"][-1].items() if k != "text"}  # where the scenario started


def test_leaving_erases_every_link_and_shares_none(files, run):
    path = scene(files, "type: leaves\nwho: Di\n")
    setup = written_setup(run, path, files.root / "out")
    assert links_of(setup, "Di") == []
    assert len(setup["links"]) == len(yaml.safe_load(TABLE)["links"]) - 6  # no share-out: nothing added
    di = next(c for c in setup["characters"] if c["name"] == "Di")
    assert di["left"] is True and di.get("health", "healthy") == "healthy"
    assert run("validate", files.root / "out" / "table.yaml").exit_code == 0


def test_one_who_left_takes_no_part_and_is_not_counted_living(files, run):
    scene(files, "")
    out = files.root / "out"
    written_setup(run, files.write("leave.yaml", "system: isolation\nkind: scene\nsetup: table.yaml\n"
                                                 "type: leaves\nwho: Di\n"), out)
    asks = files.write("out/ask.yaml", "system: isolation\nkind: scene\nsetup: table.yaml\nactive: Ann\n"
                                       "persuade: [Di]\ndifficulty: 2\n")
    result = run("roll", asks)
    assert result.exit_code == 1 and "Di has left the locale and takes no part" in result.output
    alone = files.write("out/all.yaml", "system: isolation\nkind: scene\nsetup: table.yaml\nactive: Ann\n"
                                        "difficulty: 2\n")
    opening = roll(run, alone, "--seed", "1")["steps"][0]
    assert opening["living"] == 3 and "Di" not in opening["text"]
    again = files.write("out/again.yaml", "system: isolation\nkind: scene\nsetup: table.yaml\ntype: leaves\n"
                                          "who: Di\n")
    assert "has left the locale already" in run("roll", again).output


def test_stress_moves_by_or_to_and_warns_past_three(files, run):
    assert roll(run, scene(files, "type: stress\nby: -2\n"))["changes"][0]["after"] == 0
    assert roll(run, scene(files, "type: stress\nto: 5\n"))["changes"][0]["after"] == 5
    big = scene(files, "type: stress\nby: 4\n")
    result = run("roll", big)
    assert result.exit_code == 0 and "warning [isolation.stress-step]" in result.output
    assert "Stress Level 2 → 6" in result.output


def test_stress_events_that_break_the_rules_are_refused(files, run):
    scene(files, "")
    head = "system: isolation\nkind: scene\nsetup: table.yaml\ntype: stress\n"
    below = run("roll", files.write("below.yaml", head + "by: -3\n"))
    assert below.exit_code == 1 and "below.yaml:5:5: error [isolation.event]" in below.output
    assert "lower it by at most 2" in below.output
    for body in ("", "by: 0\n", "to: 2\n", "by: 1\nto: 3\n", "by: 1\nwho: Ann\n"):
        assert "isolation.event" in rules(files.problems("bad.yaml", head + body), "error"), body
    assert "isolation.stress-range" in rules(files.problems("neg.yaml", head + "to: -1\n"))


def test_event_fields_on_a_conflict_are_refused(files):
    scene(files, "")
    problems = files.problems("c.yaml", "system: isolation\nkind: scene\nsetup: table.yaml\nactive: Ann\n"
                                        "difficulty: 2\nwho: Bo\n")
    assert "isolation.event" in rules(problems, "error")


def test_the_event_command_resolves_and_applies_exactly_as_roll(files, run):
    path = scene(files, "type: dies\nwho: Ann\nby: 2\n")
    rolled = run("roll", path, "--apply", "--out", files.root / "a")
    said = run("event", "isolation", "dies", "Ann", "--setup", files.root / "table.yaml", "--by", "2",
               "--apply", "--out", files.root / "b")
    assert rolled.exit_code == said.exit_code == 0, said.output
    assert rolled.output.replace(str(files.root / "a"), "OUT") == said.output.replace(str(files.root / "b"), "OUT")
    assert (files.root / "a" / "table.yaml").read_bytes() == (files.root / "b" / "table.yaml").read_bytes()
    assert (files.root / "table.yaml").read_text(encoding="utf-8") == TABLE  # copies only, as roll --apply


def test_the_event_command_prints_the_scene_it_stands_for(files, run):
    scene(files, "")
    shown = run("event", "isolation", "stress", "--by=-1", "--setup", files.root / "table.yaml", "--scene")
    assert shown.exit_code == 0
    assert yaml.safe_load(shown.output) == {"system": "isolation", "kind": "scene", "type": "stress",
                                            "setup": "table.yaml", "by": -1}
    saved = files.write("saved.yaml", shown.output)
    said = run("event", "isolation", "stress", "--by", "-1", "--setup", files.root / "table.yaml", "--json")
    assert json.loads(said.output) == {**roll(run, saved), "written": []}


def test_the_event_command_says_what_is_wrong_in_its_own_words(files, run):
    scene(files, "")
    table = files.root / "table.yaml"
    dead = run("event", "isolation", "dies", "Zed", "--setup", table)
    assert dead.exit_code == 1 and "playaid event: error [scene.unknown-character] WHO:" in dead.output
    low = run("event", "isolation", "stress", "--by", "-5", "--setup", table)
    assert low.exit_code == 1 and "--by: the Stress Level is 2" in low.output
    for args, said in ((["explode", "--setup", table], "its events: dies, leaves, stress"),
                       (["stress", "--bye", "2", "--setup", table], "it takes --by, --to"),
                       (["stress", "--by", "two", "--setup", table], "takes a whole number"),
                       (["dies", "--setup", table], "needs the character who dies"),
                       (["dies", "Ann", "Bo", "--setup", table], "one too many"),
                       (["dies", "Ann"], "needs --setup FILE")):
        result = run("event", "isolation", *args)
        assert result.exit_code == 2 and said in result.output, (args, result.output)
        assert "Traceback" not in result.output


def test_the_odds_of_an_event_say_it_rolls_nothing(files, run):
    result = run("odds", "isolation", "--scene", scene(files, "type: stress\nby: 1\n"))
    assert result.exit_code == 1 and "an event without dice (`type: stress`)" in result.output


def test_the_map_draws_one_who_left_as_out_of_play(files, run):
    from playaid.games.isolation.character import Character
    from playaid.games.isolation.maps.circle import block_lines
    from playaid.games.isolation.maps.worksheet import person
    from playaid.games.isolation.maps.style import style
    from playaid.render.paper import paper

    gone = person(Character(name="Di", left=True))
    assert not gone.living
    lines = [text for text, _, _ in block_lines(4, gone, style("map", paper("a4")), False)]
    assert "Left the locale — links erased" in lines
    path = scene(files, "type: leaves\nwho: Di\n")
    written_setup(run, path, files.root / "out")
    drawn = run("map", files.root / "out" / "table.yaml", "--out", files.root / "maps")
    assert drawn.exit_code == 0, drawn.output


def test_files_playaid_writes_after_the_stress_moves_stay_valid_under_strict(run, tmp_path):
    """Issue 40, item 6: a setup playaid moved past 1-3 (an event, a roll) is checked at its
    recorded start (`stress_at_start`), so `validate --strict` passes; a setup typed with such a
    Stress and nothing recorded still warns, as the rule text asks of a scenario's start."""
    import shutil

    from conftest import EXAMPLES

    folder = tmp_path / "isolation"
    shutil.copytree(EXAMPLES["isolation"], folder)
    setup = folder / "farmhouse.yaml"
    for by in ("3", "-3", "-2"):  # 2 → 5 → 2 → 0: past the top, then down to no rolling at all
        moved = run("event", "isolation", "stress", "--by", by, "--setup", setup, "--apply")
        assert moved.exit_code == 0, moved.output
    assert "stress: 0" in setup.read_text(encoding="utf-8")
    checked = run("validate", folder, "--strict")
    assert checked.exit_code == 0 and "isolation.stress-start" not in checked.output, checked.output
    typed = setup.read_text(encoding="utf-8").replace("stress_at_start: 2\n", "")
    (folder / "typed.yaml").write_text(typed.replace("name: ", "name: Typed ", 1), encoding="utf-8")
    warned = run("validate", folder / "typed.yaml", "--strict")
    assert warned.exit_code != 0 and "isolation.stress-start" in warned.output, warned.output
