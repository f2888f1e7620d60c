"""The Sapio System, issue 27 (rule text 001): Special Talents that add Hits or Spares, Luck
gained, healing, and the reading of "a second Severe".

Faces of the default die: 1–2 blank, 3 Spiral, 4 Spare, 5–7 Hit, 8 Hit + Spare, 9 Hit + Spiral,
10 Hit + Hit, 11 Hit + Hit + Spiral, 12 Spare + Spare. Every rule has a case that keeps it and one
that breaks it.
"""

from __future__ import annotations

from conftest import roll_json, rules
from test_sapio_play import HIT, HIT_SPIRAL, TWO_HITS, scene_file


def shoot(files, tn: int, dice: str, talents: list, named: str = "[Deadly Aim]", extra: str = ""):
    return scene_file(files, f"""\
character: wren.yaml
action: Loose an arrow at the guard on the far roof
tn: {tn}
invoke: {{profession: partial}}
bonus: {{talents: {named}}}
dice: {dice}
{extra}""", talents=talents)


def talent_steps(out: dict) -> list[dict]:
    return [s for s in out["steps"] if s.get("rule") == "sapio.talent-effect"]


# -- Special Talents that generate automatic Hits, Spares or Spirals ----------------------------------

def test_deadly_aim_adds_a_hit_to_a_success_and_it_upgrades_the_weapon(files, run):
    # "Deadly Aim - This character generates one additional * if they succeed in a check to shoot a bow"
    out = roll_json(run, shoot(files, 2, f"[{HIT}, {HIT}]", [{"name": "Deadly Aim"}], extra="weapon: Folding knife\n"))
    assert out["outcome"] == "success"
    [step] = talent_steps(out)
    assert step["amount"] == 1 and "the check succeeds: +1 Hit [sapio.talent-effect]" in step["text"]
    [verdict] = [s for s in out["steps"] if "extra_hits" in s and "success" in s]
    assert (verdict["hits"], verdict["extra_hits"]) == (3, 1)
    [weapon] = [s for s in out["steps"] if "weapon" in s]
    assert weapon["injury"] == "moderate"  # the Minor knife climbs with the talent's Hit beyond the TN
    # without the talent, the same dice meet the TN exactly: the knife stays Minor
    files.write("scene.yaml", (files.root / "scene.yaml").read_text().replace("[Deadly Aim]", "[]"))
    plain = roll_json(run, files.root / "scene.yaml")
    assert [s["injury"] for s in plain["steps"] if "weapon" in s] == ["minor"] and not talent_steps(plain)


def test_deadly_aim_does_not_turn_a_failure_into_a_success(files, run):
    # "if they succeed": the Hit comes after success is decided, it never meets the TN for you
    out = roll_json(run, shoot(files, 3, f"[{HIT}, {HIT}]", [{"name": "Deadly Aim"}]))
    assert out["outcome"] == "failure"
    [step] = talent_steps(out)
    assert step["amount"] == 0 and "the check fails: no Hit" in step["text"]


def test_an_automatic_hit_stated_on_the_sheet_counts_toward_the_tn(files, run):
    talents = [{"name": "Iron Will", "task": "resisting fear", "hits": 1}]
    out = roll_json(run, shoot(files, 3, f"[{HIT}, {HIT}]", talents, "[Iron Will]"))
    assert out["outcome"] == "success"  # 2 Hits on the dice + 1 automatic meet TN 3
    assert "1 automatic Hit for resisting fear — +1 Hit" in talent_steps(out)[0]["text"]


def test_lucky_in_love_adds_two_spares_that_cancel_spirals(files, run):
    # "Lucky in Love - This character adds Y Y to all checks related to romance or seduction"
    out = roll_json(run, shoot(files, 1, f"[{HIT_SPIRAL}, {HIT_SPIRAL}]", [{"name": "Lucky in Love"}],
                               "[Lucky in Love]"))
    [net] = [s for s in out["steps"] if "net" in s]
    assert (net["spares"], net["spirals"], net["net"]) == (2, 2, "none")
    files.write("scene.yaml", (files.root / "scene.yaml").read_text().replace("[Lucky in Love]", "[]"))
    plain = roll_json(run, files.root / "scene.yaml")
    assert [(s["net"], s["net_count"]) for s in plain["steps"] if "net" in s] == [("spiral", 2)]


def test_automatic_hits_join_improbable_success(files, run):
    # two dice of two Hits + 1 automatic = 5, short of nothing at TN 5: no die is added
    talents = [{"name": "Iron Will", "hits": 1}]
    out = roll_json(run, shoot(files, 5, f"[{TWO_HITS}, {TWO_HITS}]", talents, "[Iron Will]"))
    assert out["outcome"] == "success" and not any(s.get("improbable_success") for s in out["steps"])


def test_on_success_needs_automatic_symbols(files):
    from test_sapio_rules import wren

    wrong = files.problems("w.yaml", wren(talents=[{"name": "Odd", "bonus_dice": 1, "on_success": True}]))
    assert [(p.rule, p.path) for p in wrong if p.is_error] == [("sapio.talent-effect", ("talents", 0, "on_success"))]
    right = files.problems("w.yaml", wren(talents=[{"name": "Odd", "spares": 1, "on_success": True}]))
    assert "sapio.talent-effect" not in rules(right)
