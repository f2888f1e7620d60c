"""Issue 27, rules faithfulness round 4 — Games to Play in the Dirt: a disruption over several exchanges.

"-1: The target is disrupted, meaning … if an opposed check, the first degree of success for the
next action will not count"; "-2: … controlled, meaning that the character is both disrupted and …".
"""

from __future__ import annotations

import yaml

from conftest import roll_json

MOSS = "system: dirt\nname: Moss\nstats: {mental: 2, physical: 5, social: 3}\njob: Roofer\nhobby: Skateboarding\n"
SCOUT = "system: dirt\nname: Scout\nstats: {mental: 3, physical: 4, social: 3}\njob: Park ranger\nhobby: Birdwatching\n"


def exchange(files, moss_extra: str, scout_dice: str, moss_dice: str):
    files.write("moss.yaml", MOSS + moss_extra)
    files.write("scout.yaml", SCOUT)
    return files.write("fight.yaml", "system: dirt\nkind: scene\ntype: opposed\nfight: true\nsides:\n"
                       f"  - {{character: scout.yaml, stat: physical, dice: {scout_dice}}}\n"
                       f"  - {{character: moss.yaml, stat: physical, dice: {moss_dice}}}\n")


def applied(files, run, scene) -> dict:
    out = files.root / "out"
    result = run("roll", scene, "--apply", "--out", out)
    assert result.exit_code == 0, result.output
    assert run("validate", out / "moss.yaml").exit_code == 0  # the copy reads back
    return yaml.safe_load((out / "moss.yaml").read_text(encoding="utf-8"))


def test_a_disrupted_character_losing_by_two_again_ends_disrupted(files, run):
    # Scout 3 degrees; Moss 2 rolled, the first not counting: 1 → loses by 2, controlled, disrupted anew
    scene = exchange(files, "disrupted: true\n", "[5, 5, 5, 1]", "[5, 5, 1, 1, 1]")
    out = roll_json(run, scene)
    moss = [c for c in out["changes"] if c["who"] == "Moss"]
    assert [(c["before"], c["after"]) for c in moss] == [(True, False), (False, True)]
    assert "the new disruption stands" in moss[-1]["text"]
    assert applied(files, run, scene)["disrupted"] is True


def test_a_character_not_disrupted_losing_by_two_ends_disrupted_once(files, run):
    scene = exchange(files, "", "[5, 5, 5, 1]", "[5, 1, 1, 1, 1]")
    moss = [c for c in roll_json(run, scene)["changes"] if c["who"] == "Moss"]
    assert [(c["before"], c["after"]) for c in moss] == [(False, True)]
    assert applied(files, run, scene)["disrupted"] is True


def test_a_disrupted_character_with_no_degrees_spends_the_disruption(files, run):
    # Moss rolls nothing that counts: no first degree to lose, and the disruption is spent all the same
    scene = exchange(files, "disrupted: true\n", "[1, 1, 1, 1]", "[1, 1, 1, 1, 1]")
    out = roll_json(run, scene)
    assert out["outcome"] == "tie"
    step = next(s for s in out["steps"] if s.get("character") == "Moss" and "degrees" in s)
    assert step["degrees"] == 0 and "the disruption is spent" in step["text"]
    assert applied(files, run, scene)["disrupted"] is False


def test_a_disrupted_character_with_degrees_loses_the_first_and_spends_it(files, run):
    scene = exchange(files, "disrupted: true\n", "[5, 1, 1, 1]", "[5, 5, 1, 1, 1]")
    out = roll_json(run, scene)
    step = next(s for s in out["steps"] if s.get("character") == "Moss" and "degrees" in s)
    assert step["degrees"] == 1 and out["outcome"] == "tie"
    assert applied(files, run, scene)["disrupted"] is False
