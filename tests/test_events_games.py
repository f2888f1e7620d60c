"""Events without dice of Dirt, Sapio, Fight Sphere and the Fight Club game
(docs/rules/events.md): each kept and broken, each through `roll --apply` and through
`playaid event … --apply`, which must write the very same bytes."""

from __future__ import annotations

import json

import yaml

from conftest import EXAMPLES, rules
from playaid.systems import REGISTRY
from playaid.systems.events import events_of

DIRT_TABLE = """\
system: dirt
kind: setup
name: The quarry
characters:
  - name: Moss
    stats: {mental: 2, physical: 5, social: 3}
    job: Roofer
    hobby: Skateboarding
    lost: {combat: {physical: 1}, scene: {social: 2}, session: {mental: 1}}
    controlled: true
  - {name: Scout, stats: {mental: 3, physical: 4, social: 3}, job: Park ranger, hobby: Birdwatching}
"""


def copy_examples(files, game: str, *names: str):
    for name in names:
        files.write(name, (EXAMPLES[game] / name).read_text(encoding="utf-8"))


def both_ways(run, files, scene_text: str, *event_args: str) -> dict:
    """Apply the scene with `roll` and the same event with `playaid event`; the files written
    must be byte for byte the same. Returns the first file written, as data."""
    path = files.write("event-scene.yaml", scene_text)
    rolled = run("roll", path, "--apply", "--out", files.root / "a")
    said = run("event", *event_args, "--apply", "--out", files.root / "b")
    assert rolled.exit_code == 0 and said.exit_code == 0, rolled.output + said.output
    written = sorted(p.name for p in (files.root / "a").iterdir())
    assert written == sorted(p.name for p in (files.root / "b").iterdir()) and written
    for name in written:
        assert (files.root / "a" / name).read_bytes() == (files.root / "b" / name).read_bytes()
    return yaml.safe_load((files.root / "a" / written[0]).read_text(encoding="utf-8"))


def character(data: dict, name: str) -> dict:
    return next(c for c in data["characters"] if c["name"] == name)


# -- Dirt: a combat, a scene or a session ends ------------------------------------------------

def test_dirt_the_end_of_a_combat_gives_back_only_what_was_lost_until_then(files, run):
    files.write("table.yaml", DIRT_TABLE)
    setup = both_ways(run, files, "system: dirt\nkind: scene\ntype: end\nsetup: table.yaml\nends: combat\n",
                      "dirt", "end", "combat", "--setup", str(files.root / "table.yaml"))
    moss = character(setup, "Moss")
    assert moss["lost"]["combat"]["physical"] == 0 and moss["lost"]["scene"] == {"social": 2}
    assert moss["controlled"] is False


def test_dirt_the_end_of_a_session_gives_back_everything(files, run):
    files.write("table.yaml", DIRT_TABLE)
    result = run("event", "dirt", "end", "session", "--setup", files.root / "table.yaml", "--json")
    back = {(s["stat"], s["back"]) for s in json.loads(result.output)["steps"] if "back" in s}
    assert back == {("physical", 1), ("social", 2), ("mental", 1)}


def test_dirt_an_end_must_say_what_ends(files, run):
    files.write("table.yaml", DIRT_TABLE)
    assert "dirt.scene-shape" in rules(files.problems("e.yaml", "system: dirt\nkind: scene\ntype: end\n"
                                                            "setup: table.yaml\n"), "error")
    assert run("event", "dirt", "end", "--setup", files.root / "table.yaml").exit_code == 2
    wrong = run("event", "dirt", "end", "forever", "--setup", files.root / "table.yaml")
    assert wrong.exit_code == 1 and "WHO:" in wrong.output and "forever" in wrong.output


# -- Sapio: rest, Luck given ------------------------------------------------------------------

def sapio_table(files):
    copy_examples(files, "sapio", "rooftops.yaml", "ines.yaml", "wren.yaml")
    return str(files.root / "rooftops.yaml")


def test_sapio_rest_heals_through_roll_and_event_alike(files, run):
    table = sapio_table(files)
    setup = both_ways(run, files, "system: sapio\nkind: scene\ntype: rest\nsetup: rooftops.yaml\n"
                                  "character: Ines Varga\nrest: {days: 1, gathered: true}\n",
                      "sapio", "rest", "Ines Varga", "--setup", table, "--days", "1", "--gathered")
    ines = character(setup, "Ines Varga")
    assert not ines.get("injuries") and not ines.get("stresses")


def test_sapio_a_rest_that_heals_nothing_is_refused_naming_the_options(files, run):
    table = sapio_table(files)
    result = run("event", "sapio", "rest", "Ines Varga", "--setup", table)
    assert result.exit_code == 1 and "[sapio.heal-rest] a rest scene says how long" in result.output
    assert "on the command line: --days, --weeks, --months, --gathered, --stresses" in result.output


def test_sapio_luck_given_without_a_roll(files, run):
    table = sapio_table(files)
    before = yaml.safe_load((files.root / "ines.yaml").read_text(encoding="utf-8")).get("luck", 0)
    setup = both_ways(run, files, "system: sapio\nkind: scene\ntype: luck\nsetup: rooftops.yaml\n"
                                  "character: Ines Varga\nluck_gained:\n  - {character: Ines Varga, source: gm, "
                                  "amount: 2}\n",
                      "sapio", "luck", "Ines Varga", "--amount", "2", "--setup", table)
    assert character(setup, "Ines Varga")["luck"] == before + 2


def test_sapio_a_luck_scene_rolls_nothing_and_names_who_gains(files, run):
    sapio_table(files)
    head = "system: sapio\nkind: scene\ntype: luck\nsetup: rooftops.yaml\ncharacter: Ines Varga\n"
    gift = "luck_gained: [{character: Ines Varga, source: gm, amount: 1}]\n"
    assert rules(files.problems("ok.yaml", head + gift), "error") == set()
    for body in ("", gift + "tn: 3\n", gift + "dice: [1, 2]\n", gift + "bonus: {luck: 1}\n",
                 gift + "rest: {days: 1}\n"):
        assert "sapio.luck-event" in rules(files.problems("bad.yaml", head + body), "error"), body
    principle = head + "luck_gained: [{character: Ines Varga, source: principle, amount: 2}]\n"
    assert "sapio.luck-gained" in rules(files.problems("p.yaml", principle), "error")


# -- Fight Sphere: left for dead, removed -----------------------------------------------------

def sphere_table(files):
    copy_examples(files, "fight-sphere", "campaign.yaml", "dana.yaml", "bo.yaml")
    return str(files.root / "campaign.yaml")


def test_fight_sphere_a_pc_left_for_dead_is_knocked_out_with_a_judgment_pool(files, run):
    table = sphere_table(files)
    setup = both_ways(run, files, "system: fight-sphere\nkind: scene\nsetup: campaign.yaml\ntype: left-for-dead\n"
                                  "character: Bo Reyes\n",
                      "fight-sphere", "left-for-dead", "Bo Reyes", "--setup", table)
    bo, vix = character(setup, "Bo Reyes"), character(setup, "Vix")
    assert bo["state"] == "knocked-out" and bo["judgment_pool"] == 5  # Threshold 5 + no Relationships
    assert vix["state"] == "last-standing"  # the Episode's last Gladiator standing
    assert run("validate", files.root / "a" / "campaign.yaml").exit_code == 0


def test_fight_sphere_an_npc_removed_is_dead_but_a_pc_is_guaranteed_the_core(files, run):
    table = sphere_table(files)
    removed = json.loads(run("event", "fight-sphere", "removed", "Vix", "--setup", table, "--json").output)
    assert removed["outcome"] == "dead"
    assert {(c["who"], c["after"]) for c in removed["changes"]} >= {("Vix", "dead"), ("Bo Reyes", "last-standing")}
    pc = run("event", "fight-sphere", "removed", "Bo Reyes", "--setup", table)
    assert pc.exit_code == 1 and "PCs are guaranteed to reach The Core" in pc.output
    assert "declare `left-for-dead` instead" in pc.output


def test_fight_sphere_an_npc_left_for_dead_is_dead_and_the_dead_cannot_leave_again(files, run):
    table = sphere_table(files)
    both_ways(run, files, "system: fight-sphere\nkind: scene\nsetup: campaign.yaml\ntype: left-for-dead\n"
                          "character: Vix\n", "fight-sphere", "left-for-dead", "Vix", "--setup", table)
    again = files.write("a/again.yaml", "system: fight-sphere\nkind: scene\nsetup: campaign.yaml\n"
                                        "type: removed\ncharacter: Vix\n")
    result = run("roll", again)
    assert result.exit_code == 1 and "again.yaml:5:12: error [fight-sphere.event] Vix is dead already" in result.output
    rolled = files.write("r.yaml", "system: fight-sphere\nkind: scene\nsetup: campaign.yaml\ntype: removed\n"
                                   "character: Vix\ndice: {GM: [1]}\n")
    assert "fight-sphere.event" in rules(files.problems("r.yaml"), "error")
    assert rolled.exists()


# -- Fight Club: a stake lost in play --------------------------------------------------------

def club_table(files):
    copy_examples(files, "fight-club", "club.yaml", "marty.yaml", "dale.yaml")
    return str(files.root / "club.yaml")


def test_fight_club_a_lost_stake_takes_one_pain_from_each_other_player(files, run):
    table = club_table(files)
    pain = yaml.safe_load((files.root / "marty.yaml").read_text(encoding="utf-8"))["tokens"]["pain"]
    written = both_ways(run, files, "system: fight-club\nkind: scene\ntype: stakes-lost\nsetup: club.yaml\n"
                                    "active: Marty Kowalski\npain_given_by: [Ben, Cat]\n",
                        "fight-club", "stakes-lost", "Marty Kowalski", "--given-by", "Ben,Cat", "--setup", table)
    assert character(written, "Marty Kowalski")["tokens"]["pain"] == pain + 2


def test_fight_club_pain_for_a_stake_comes_from_other_players_once_each(files, run):
    table = club_table(files)
    for givers, said in (("Ann", "plays the character who lost the stake"), ("Zoe", "is not a player"),
                         ("Ben,Ben", "gives Pain twice")):
        result = run("event", "fight-club", "stakes-lost", "Marty Kowalski", "--given-by", givers, "--setup", table)
        assert result.exit_code == 1 and said in result.output, result.output
    empty = "system: fight-club\nkind: scene\ntype: stakes-lost\nsetup: club.yaml\nactive: Marty Kowalski\n"
    assert "fight-club.scene-shape" in rules(files.problems("e.yaml", empty), "error")


# -- the command, for every game ----------------------------------------------------------------

def test_help_lists_every_games_events_with_an_example(run):
    result = run("event", "--help")
    assert result.exit_code == 0
    for game in REGISTRY:
        for event in events_of(REGISTRY[game]):
            assert f"    {event.name} — " in result.output
            assert f"e.g. playaid event {game} {event.example}" in result.output


def test_a_game_without_events_says_so(run):
    quiet = next(g for g in REGISTRY if not events_of(REGISTRY[g]))
    result = run("event", quiet, "anything")
    assert result.exit_code == 2 and f"{quiet} has no event `anything`; its events: none yet" in result.output


def test_every_help_example_runs_on_the_games_bundled_examples(run, files, monkeypatch):
    import shlex
    import shutil

    monkeypatch.chdir(files.root)
    tried = 0
    for game in REGISTRY:
        for event in events_of(REGISTRY[game]):
            folder = files.root / game
            if not folder.exists():
                shutil.copytree(EXAMPLES[game], folder)
            monkeypatch.chdir(folder)
            if game == "dirt":  # the bundled Dirt examples have no setup: the table of this file
                files.write("dirt/table.yaml", DIRT_TABLE)
            result = run("event", game, *shlex.split(event.example), "--json")
            assert result.exit_code == 0, (game, event.example, result.output)
            tried += 1
    assert tried >= 8


def test_sapio_rest_of_a_character_file_without_a_setup(files, run, monkeypatch):
    sapio_table(files)
    monkeypatch.chdir(files.root)
    sheet = both_ways(run, files, "system: sapio\nkind: scene\ntype: rest\ncharacter: ines.yaml\nrest: {days: 1}\n",
                      "sapio", "rest", "ines.yaml", "--days", "1")
    assert sheet["name"] == "Ines Varga" and not sheet.get("injuries")
    assert (files.root / "ines.yaml").read_text(encoding="utf-8") == (EXAMPLES["sapio"] / "ines.yaml").read_text(
        encoding="utf-8")


def test_odds_of_a_scene_without_dice_say_it_has_none(files, run):
    """An event has no odds: said, not a traceback (a Sapio rest used to raise IndexError)."""
    rest = run("odds", "sapio", "--scene", EXAMPLES["sapio"] / "scene-rest.yaml")
    assert rest.exit_code == 1 and "rolls no dice, so it has no odds" in rest.output
    table = sphere_table(files)
    scene = files.write("left.yaml", "system: fight-sphere\nkind: scene\nsetup: campaign.yaml\ntype: left-for-dead\n"
                                     "character: Vix\n")
    assert "rolls no dice" in run("odds", "fight-sphere", "--scene", scene).output and table
    files.write("table.yaml", DIRT_TABLE)
    end = files.write("end.yaml", "system: dirt\nkind: scene\ntype: end\nsetup: table.yaml\nends: scene\n")
    assert "rolls no dice" in run("odds", "dirt", "--scene", end).output
