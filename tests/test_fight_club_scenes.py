"""The Fight Club frustration game: what a scene must say before it is played."""

from __future__ import annotations

import pytest
import yaml

from conftest import rules

GAME = "fight-club"


@pytest.fixture
def scene(files):
    """Write a scene next to copies of the example table; return its problems."""
    for name in ("club.yaml", "marty.yaml", "dale.yaml", "club-week-two.yaml", "deck-custom.yaml"):
        files.copy_example(GAME, name)

    def problems(body: str, setup: str = "club.yaml") -> list:
        return files.problems(f"{GAME}/s.yaml", f"system: fight-club\nkind: scene\nsetup: {setup}\n" + body)

    return problems


def fight(*fists: str, framed_by: str = "Dale Pruitt", extra: str = "") -> str:
    return (f"type: fight-round\nframed_by: {framed_by}\nfists:\n"
            + "".join(f"  - {f}\n" for f in fists) + extra)


MARTY_HITS = "{who: Marty Kowalski, tokens: {frustration: 2}, points_at: [Dale Pruitt]}"
DALE_HITS = "{who: Dale Pruitt, tokens: {pain: 1}, points_at: Marty Kowalski}"


def test_a_fight_round_of_two_fighters_pointing_at_each_other_keeps_the_rules(scene):
    assert scene(fight(MARTY_HITS, DALE_HITS)) == []


# -- shape -------------------------------------------------------------------------------

def test_a_scene_needs_the_fields_of_its_type(scene):
    assert scene("type: wake-up\nactive: Marty Kowalski\n") == []
    problems = scene("type: wake-up\n")
    assert rules(problems) == {"fight-club.scene-shape"} and "`active`" in problems[0].message


def test_a_scene_may_not_carry_fields_of_another_type(scene):
    problems = scene("type: wake-up\nactive: Marty Kowalski\nchoice: submit\n")
    assert rules(problems) == {"fight-club.scene-shape"} and "no `choice`" in problems[0].message


def test_police_from_earlier_rounds_is_not_negative(scene):
    assert "fight-club.scene-shape" in rules(scene(fight(MARTY_HITS, DALE_HITS, extra="police: -1\n")))


def test_a_scene_naming_a_character_outside_the_cast_is_refused(scene):
    problems = scene("type: wake-up\nactive: Marty Kowalsky\n")
    assert rules(problems) == {"scene.unknown-character"} and "Marty Kowalski" in problems[0].hint


def test_a_scene_in_another_folder_finds_the_setups_characters_relative_to_the_setup(files):
    for name in ("club.yaml", "marty.yaml", "dale.yaml"):
        files.copy_example(GAME, name)
    problems = files.problems("scenes/s.yaml", "system: fight-club\nkind: scene\nsetup: ../fight-club/club.yaml\n"
                              "type: wake-up\nactive: Dale Pruitt\n")
    assert problems == []


# -- confront ----------------------------------------------------------------------------

def confront(who="Dale Pruitt", card="Publishers", choice="submit", extra="") -> str:
    return f"type: confront\nactive: {who}\nfrustration: {card}\nchoice: {choice}\n{extra}"


def test_a_confrontation_is_with_a_frustration_the_character_holds(scene):
    assert scene(confront()) == []
    problems = scene(confront(card="The Boss"))
    assert rules(problems) == {"fight-club.confront-frustration"}
    assert "Publishers, Parents, Constant rush" in problems[0].hint


def test_fighting_it_out_needs_pain_equal_to_retirement(scene):
    assert scene(confront(choice="fight-it-out")) == []  # Pain 3, Retirement 3
    problems = scene(confront("Marty Kowalski", "The Boss", "fight-it-out"), "club-week-two.yaml")  # Pain 2, Retirement 3
    assert rules(problems) == {"fight-club.not-enough-pain"}
    assert "3" in problems[0].message and "2 Pain" in problems[0].message


def test_pain_for_a_lost_stake_comes_only_after_shirking(scene):
    assert scene(confront(choice="shirk", extra="pain_given_by: [Ann, Cat]\n")) == []
    assert rules(scene(confront(choice="submit", extra="pain_given_by: [Ann]\n"))) == {"fight-club.stake-pain"}


def test_pain_for_a_lost_stake_comes_once_from_each_other_player(scene):
    assert rules(scene(confront(choice="shirk", extra="pain_given_by: [Ben]\n"))) == {"fight-club.stake-pain"}
    assert rules(scene(confront(choice="shirk", extra="pain_given_by: [Ann, ann]\n"))) == {"fight-club.stake-pain"}


def test_pain_is_given_by_players_in_the_game(scene):
    problems = scene(confront(choice="shirk", extra="pain_given_by: [Eve]\n"))
    assert rules(problems) == {"fight-club.unknown-player"} and "Ann, Ben, Cat, Dan" in problems[0].hint


# -- fight rounds ------------------------------------------------------------------------

def test_a_fight_needs_two_fighters(scene):
    problems = scene(fight(DALE_HITS.replace("Marty Kowalski", "Dale Pruitt")))
    assert "fight-club.fighters" in rules(problems)


def test_the_framer_is_one_of_the_fighters(scene):
    week_two = "club-week-two.yaml"
    assert scene(fight(MARTY_HITS, DALE_HITS, framed_by="Marty Kowalski")) == []
    problems = scene(fight(MARTY_HITS, DALE_HITS, framed_by="Marty Kowalski"), week_two)
    assert "fight-club.fighters" not in rules(problems)


def test_follow_up_fists_come_from_this_rounds_fighters(files):
    files.copy_example(GAME, "deck-custom.yaml")
    text = """
        system: fight-club
        kind: setup
        name: Three
        players: [Ann, Ben, Cat, Dan]
        characters:
          - ../fight-club/marty.yaml
          - ../fight-club/dale.yaml
          - name: Sal
            player: Cat
            frustrations: [Sex, Music, Drugs]
            connections:
              - {npc: A, frustration: Sex, played_by: Ann}
              - {npc: B, frustration: Music, played_by: Ben}
              - {npc: C, frustration: Drugs, played_by: Dan}
            tokens: {frustration: 3, pain: 3, retirement: 3}
        """
    for name in ("marty.yaml", "dale.yaml"):
        files.copy_example(GAME, name)
    files.write("three/table.yaml", text)
    body = fight(MARTY_HITS, DALE_HITS, extra="follow_up:\n  - {who: Sal}\n")
    problems = files.problems("three/s.yaml", "system: fight-club\nkind: scene\nsetup: table.yaml\n" + body)
    assert rules(problems) == {"fight-club.fighters"} and "Sal was not in this round" in problems[0].message


def test_a_fighter_has_one_or_two_fists(scene):
    two = MARTY_HITS.replace("2}", "1}")
    assert scene(fight(two, two, DALE_HITS)) == []
    assert rules(scene(fight(two, two, two, DALE_HITS))) == {"fight-club.fist-count"}


def test_a_fist_points_at_one_other_fighter(scene):
    assert rules(scene(fight(MARTY_HITS.replace("[Dale Pruitt]", "[Marty Kowalski]"), DALE_HITS))) == {
        "fight-club.fist-target"}
    assert rules(scene(fight(MARTY_HITS.replace("[Dale Pruitt]", "[Dale Pruitt, Dale Pruitt]"), DALE_HITS))) == {
        "fight-club.fist-target"}


def test_a_fist_holds_no_more_tokens_than_its_owner_has(scene):
    assert scene(fight(MARTY_HITS.replace("2}", "3}"), DALE_HITS)) == []
    problems = scene(fight(MARTY_HITS.replace("2}", "2}"), MARTY_HITS.replace("2}", "2}"), DALE_HITS))
    assert rules(problems) == {"fight-club.fist-tokens"}
    assert problems[0].message == "Marty Kowalski's fists hold 4 Frustration; Marty Kowalski has 3"


def test_a_berserk_character_raises_two_fists_from_the_second_round(scene):
    week_two = "club-week-two.yaml"  # Marty: Frustration 6 over Retirement 3
    second = "round: 2\n"
    problems = scene(fight(MARTY_HITS, DALE_HITS, extra=second), week_two)
    assert rules(problems) == {"fight-club.berserk"}
    assert scene(fight(MARTY_HITS, MARTY_HITS, DALE_HITS, extra=second), week_two) == []


def test_berserk_on_the_sheet_does_not_bind_a_first_rounds_pointed_fists(scene):
    # berserk is checked "after applying the effects of the fight"
    assert scene(fight(MARTY_HITS, DALE_HITS), "club-week-two.yaml") == []
    assert scene(fight(MARTY_HITS, DALE_HITS, extra="round: 1\n"), "club-week-two.yaml") == []


def test_round_is_a_fight_round_field(scene):
    assert rules(scene("type: wake-up\nactive: Marty Kowalski\nround: 2\n")) == {"fight-club.scene-shape"}
    assert rules(scene(fight(MARTY_HITS, DALE_HITS, extra="round: 0\n"))) == {"fight-club.scene-shape"}


# -- follow-ups, checked by playing the round --------------------------------------------

def brawl(follow_up: str) -> str:
    # Marty 6/2/3 and Dale 2/6/3 before; after: Marty F 5 P 3 R 4 (berserk), Dale F 3 P 5 R 3 (injured, cost 1)
    return fight("{who: Marty Kowalski, tokens: {frustration: 3}, points_at: [Dale Pruitt]}",
                 "{who: Marty Kowalski, tokens: {frustration: 1, retirement: 1}, points_at: [Dale Pruitt]}",
                 "{who: Dale Pruitt, tokens: {pain: 2}, points_at: [Marty Kowalski]}",
                 framed_by="Marty Kowalski", extra="follow_up:\n" + follow_up)


def test_a_follow_up_fist_pays_to_stay(scene):
    week_two = "club-week-two.yaml"
    ok = ("  - {who: Marty Kowalski}\n  - {who: Marty Kowalski}\n"
          "  - {who: Dale Pruitt, tokens: {frustration: 1}}\n")
    assert scene(brawl(ok), week_two) == []
    problems = scene(brawl(ok.replace("{frustration: 1}", "{pain: 1}")), week_two)
    assert rules(problems) == {"fight-club.fist-cost"}
    assert "costs 1 Frustration" in problems[0].message


def test_a_berserk_character_raises_two_fists_in_the_follow_up_unless_retiring(scene):
    week_two = "club-week-two.yaml"
    problems = scene(brawl("  - {who: Marty Kowalski}\n"), week_two)
    assert rules(problems) == {"fight-club.berserk"}
    assert scene(brawl("  - {who: Marty Kowalski, tokens: {retirement: 1}}\n"), week_two) == []


def test_a_follow_up_fist_holds_no_more_than_is_left_after_the_round(scene):
    problems = scene(brawl("  - {who: Marty Kowalski, tokens: {frustration: 6}}\n  - {who: Marty Kowalski}\n"),
                     "club-week-two.yaml")
    assert rules(problems) == {"fight-club.fist-tokens"} and "after the round" in problems[0].message


def test_an_extra_fist_with_pain_says_whom_it_hurts(scene):
    week_two = "club-week-two.yaml"
    problems = scene(brawl("  - {who: Marty Kowalski}\n  - {who: Marty Kowalski, tokens: {pain: 1}}\n"), week_two)
    assert rules(problems) == {"fight-club.fist-target"}
    aimed = "  - {who: Marty Kowalski}\n  - {who: Marty Kowalski, tokens: {pain: 1}, points_at: Dale Pruitt}\n"
    assert scene(brawl(aimed), week_two) == []
    selfish = aimed.replace("points_at: Dale Pruitt", "points_at: Marty Kowalski")
    assert rules(scene(brawl(selfish), week_two)) == {"fight-club.fist-target"}


# -- end of turn -------------------------------------------------------------------------

def test_a_card_is_named_as_drawn_only_at_a_breakdown_and_only_if_left(scene):
    week_two = "club-week-two.yaml"
    end = "type: end-of-turn\nactive: Marty Kowalski\n"
    assert scene(end + "drawn: The Weather\n", week_two) == []
    assert rules(scene(end + "drawn: Parents\n", week_two)) == {"fight-club.drawn-card"}  # Dale holds it
    assert rules(scene(end + "drawn: Constant rush\n", week_two)) == {"fight-club.drawn-card"}  # destroyed
    no_breakdown = "type: end-of-turn\nactive: Dale Pruitt\ndrawn: The Weather\n"
    assert rules(scene(no_breakdown, week_two)) == {"fight-club.drawn-card"}


def test_pain_for_being_bed_ridden_needs_a_bed_ridden_character(scene):
    week_two = "club-week-two.yaml"  # Dale: Pain 6 over Retirement 3 + Frustration 2
    assert scene("type: end-of-turn\nactive: Dale Pruitt\npain_given_by: [Ann]\n", week_two) == []
    problems = scene("type: end-of-turn\nactive: Marty Kowalski\npain_given_by: [Ben]\n", week_two)
    assert rules(problems) == {"fight-club.stake-pain"}


def test_the_others_in_the_fight_are_in_the_cast_and_not_the_active_character(scene):
    assert scene("type: end-of-turn\nactive: Dale Pruitt\nfought: [Marty Kowalski]\n") == []
    problems = scene("type: end-of-turn\nactive: Dale Pruitt\nfought: [Dale Pruitt]\n")
    assert rules(problems) == {"fight-club.scene-shape"}


# -- Pain --------------------------------------------------------------------------------

def test_spending_pain_needs_the_pain(scene):
    week_two = "club-week-two.yaml"
    ok = "type: spend-pain\nactive: Dale Pruitt\nstatements:\n  - {text: Carol is happy, tokens: 5}\n"
    assert scene(ok, week_two) == []
    problems = scene(ok + "removes:\n  - {of: Marty Kowalski, statement: 1}\n", week_two)
    assert rules(problems) == {"fight-club.not-enough-pain"} and "costs 7 Pain" in problems[0].message


def test_a_statement_contradicted_is_another_characters_and_exists(scene):
    week_two = "club-week-two.yaml"
    own = "type: spend-pain\nactive: Dale Pruitt\nremoves:\n  - {of: Dale Pruitt, statement: 1}\n"
    assert rules(scene(own, week_two)) == {"fight-club.statement-number"}
    missing = "type: spend-pain\nactive: Dale Pruitt\nremoves:\n  - {of: Marty Kowalski, statement: 2}\n"
    assert rules(scene(missing, week_two)) == {"fight-club.statement-number"}


def test_the_vote_picks_statements_that_exist_by_players_of_the_game(scene):
    week_two = "club-week-two.yaml"
    assert scene("type: endgame-vote\npicks: {Ann: 1, Dan: 2}\n", week_two) == []
    assert rules(scene("type: endgame-vote\npicks: {Ann: 3}\n", week_two)) == {"fight-club.statement-number"}
    assert rules(scene("type: endgame-vote\npicks: {Eve: 1}\n", week_two)) == {"fight-club.unknown-player"}


def test_a_statement_already_tested_is_not_picked_again(files, scene):
    text = files.root.joinpath(GAME, "club-week-two.yaml").read_text()
    files.write(f"{GAME}/tested.yaml", text.replace("tokens: 2}", "tokens: 2, verdict: 'false'}"))
    problems = scene("type: endgame-vote\npicks: {Ann: 1}\n", "tested.yaml")
    assert rules(problems) == {"fight-club.statement-number"} and "already found false" in problems[0].message


# -- Pain for a stake lost in a fight, or by refusing a provocation -------------------------

ENDS = "follow_up:\n  - {who: Dale Pruitt, tokens: {pain: 1}}\n"  # Dale is the only willing fighter


def test_pain_for_a_stake_lost_in_a_fight_goes_from_players_to_a_loser_once_the_fight_ends(scene):
    def given(stake_pain: str, follow_up: str = ENDS) -> set:
        return rules(scene(fight(MARTY_HITS, DALE_HITS, extra=follow_up + "stake_pain:\n" + stake_pain)))

    assert given("  Marty Kowalski: [Ben, Cat]\n") == set()
    assert given("  Marty Kowalski: [Zed]\n") == {"fight-club.unknown-player"}
    assert given("  Marty Kowalski: [Ann]\n") == {"fight-club.stake-pain"}  # Marty's own player
    assert given("  Marty Kowalski: [Cat, cat]\n") == {"fight-club.stake-pain"}
    assert given("  Dale Pruitt: [Cat]\n") == {"fight-club.stake-pain"}  # the winner has the stake
    assert given("  Marty Kowalski: [Cat]\n", follow_up="") == {"fight-club.stake-pain"}  # not over yet
    assert given("  Nobody Here: [Cat]\n") == {"scene.unknown-character"}


def test_a_refused_provocation_names_the_provoked_before_pain_is_given(scene):
    base = "type: no-fight\nactive: Marty Kowalski\n"
    assert scene(base + "provoked: Dale Pruitt\npain_given_by: [Ann, Cat]\n") == []
    assert rules(scene(base + "pain_given_by: [Cat]\n")) == {"fight-club.stake-pain"}
    assert rules(scene(base + "provoked: Dale Pruitt\npain_given_by: [Ben]\n")) == {"fight-club.stake-pain"}
    assert rules(scene(base + "provoked: Marty Kowalski\n")) == {"fight-club.scene-shape"}
    assert rules(scene("type: wake-up\nactive: Marty Kowalski\nprovoked: Dale Pruitt\n")) == {
        "fight-club.scene-shape"}


def test_roll_apply_writes_the_pain_given_for_a_stake_lost_in_a_fight(scene, files, run):
    scene("")  # copies the example table
    path = files.write("fight-club/s.yaml", "system: fight-club\nkind: scene\nsetup: club.yaml\n"
                       + fight(MARTY_HITS, DALE_HITS, extra=ENDS + "stake_pain:\n  Marty Kowalski: [Ben, Cat]\n"))
    out = files.root / "applied"
    result = run("roll", path, "--apply", "--out", out)
    assert result.exit_code == 0, result.output
    before = yaml.safe_load((files.root / "fight-club" / "marty.yaml").read_text(encoding="utf-8"))["tokens"]["pain"]
    table = yaml.safe_load((out / "club.yaml").read_text(encoding="utf-8"))  # the setup, its cast written in
    after = next(c for c in table["characters"] if c["name"] == "Marty Kowalski")["tokens"]["pain"]
    # Dale's one Pain, counted as Frustration and lost, deals none: the two given are all
    assert after == before + 2
