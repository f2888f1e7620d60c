"""The Fight Club frustration game: character, setup, deck and scene rules (rule text 002)."""

from __future__ import annotations


import pytest

from conftest import EXAMPLES, rules
from playaid.games.fight_club import RULES
from playaid.games.fight_club.deck import STANDARD_DECK_FILE, pile, standard_deck

GAME = "fight-club"


def marty(frustrations=("The Boss", "Heavy traffic", "Bad coffee"), players=("Ben", "Cat", "Dan"),
          tokens=(3, 3, 3), extra="", player="Ann") -> str:
    links = "\n".join(f"  - {{npc: NPC {i}, frustration: {f}, played_by: {p}}}"
                      for i, (f, p) in enumerate(zip(frustrations, players)))
    f, p, r = tokens
    return (f"system: fight-club\nname: Marty Kowalski\nplayer: {player}\n"
            f"frustrations: [{', '.join(frustrations)}]\n"
            f"connections:\n{links or '  []'}\n"
            f"tokens: {{frustration: {f}, pain: {p}, retirement: {r}}}\n{extra}")


def test_the_example_files_keep_every_rule(run):
    result = run("validate", EXAMPLES[GAME], "--strict")
    assert result.exit_code == 0, result.output


def test_the_standard_deck_holds_each_frustration_of_the_rule_text_once(run):
    cards = pile(standard_deck())
    # 64 names in the rule text's table; "Machines" and "Animals" are listed twice
    assert len(cards) == 62
    assert len({c.casefold() for c in cards}) == len(cards)
    assert {"Machines", "Animals", "Stamp Collecting", "Rumors", "Women"} <= set(cards)
    assert run("validate", STANDARD_DECK_FILE, "--strict").exit_code == 0


def test_the_rule_ids_are_all_prefixed_with_the_game():
    assert all(r.startswith("fight-club.") for r in RULES)


# -- frustrations ------------------------------------------------------------------------

def test_a_new_character_with_three_frustrations_keeps_the_count_rule(files):
    assert files.problems("m.yaml", marty()) == []


@pytest.mark.parametrize("cards", [("The Boss", "Heavy traffic"), ("The Boss", "Heavy traffic", "Bad coffee", "Sex")])
def test_two_or_four_frustrations_are_the_old_hands_option_and_warn(files, cards):
    problems = files.problems("m.yaml", marty(cards, ("Ben", "Cat", "Dan", "Eve"), (len(cards),) * 3))
    assert rules(problems) == {"fight-club.frustration-count"}
    assert rules(problems, "error") == set()


@pytest.mark.parametrize("cards", [("The Boss",), ("The Boss", "Sex", "Men", "Women", "Music")])
def test_one_or_five_frustrations_are_errors(files, cards):
    problems = files.problems("m.yaml", marty(cards, ("Ben", "Cat", "Dan", "Eve", "Fay"), (len(cards),) * 3))
    assert "fight-club.frustration-count" in rules(problems, "error")


def test_a_character_in_play_may_hold_any_number_of_frustrations(files):
    problems = files.problems("m.yaml", marty(("The Boss",), tokens=(5, 0, 6),
                                              extra="fought_out: [Bad coffee, Heavy traffic]\nin_play: true\n"))
    assert problems == []


def test_a_frustration_held_twice_is_an_error(files):
    problems = files.problems("m.yaml", marty(("The Boss", "the boss", "Bad coffee")))
    assert "fight-club.repeated-frustration" in rules(problems, "error")


def test_a_frustration_fought_out_cannot_still_be_held(files):
    problems = files.problems("m.yaml", marty(extra="fought_out: [The Boss]\nin_play: true\n"))
    assert rules(problems) == {"fight-club.repeated-frustration"}


def test_a_card_not_in_the_standard_deck_is_a_custom_frustration_and_warns(files):
    problems = files.problems("m.yaml", marty(("The Boss", "Heavy traffic", "The printer")))
    assert rules(problems) == {"fight-club.unknown-frustration"}
    assert problems[0].severity == "warning"


def test_cards_are_matched_whatever_their_case(files):
    assert files.problems("m.yaml", marty(("the boss", "HEAVY TRAFFIC", "Bad  coffee"))) == []


def test_a_character_naming_its_deck_is_checked_against_that_deck(files):
    files.copy_example(GAME, "deck-custom.yaml")
    ok = files.problems("fight-club/m.yaml", marty(("The printer", "Mandatory fun", "Reply-all chains"),
                                                   extra="deck: deck-custom.yaml\n"))
    assert ok == []
    off = files.problems("fight-club/n.yaml", marty(extra="deck: deck-custom.yaml\n").replace("Marty", "Nat"))
    assert rules(off) == {"fight-club.unknown-frustration"}


def test_a_setup_naming_its_deck_warns_about_cards_outside_it(files):
    files.copy_example(GAME, "deck-custom.yaml")
    files.write("fight-club/m.yaml", marty())
    problems = files.problems("fight-club/t.yaml", "system: fight-club\nkind: setup\nname: T\n"
                              "deck: deck-custom.yaml\ncharacters: [m.yaml]\n")
    assert rules(problems) == {"fight-club.unknown-frustration"}
    assert all(p.file.endswith("t.yaml") for p in problems) and len(problems) == 3


# -- tokens ------------------------------------------------------------------------------

def test_negative_tokens_are_errors(files):
    problems = files.problems("m.yaml", marty(tokens=(3, -1, 3)))
    assert "fight-club.token-count" in rules(problems, "error")


def test_a_new_character_whose_tokens_differ_from_the_card_count_warns(files):
    problems = files.problems("m.yaml", marty(tokens=(3, 2, 4)))
    assert rules(problems) == {"fight-club.starting-tokens"}
    assert "pain is 2" in problems[0].message and "retirement is 4" in problems[0].message


def test_tokens_may_differ_once_the_character_is_in_play(files):
    assert files.problems("m.yaml", marty(tokens=(0, 7, 2), extra="in_play: true\n")) == []


# -- connections -------------------------------------------------------------------------

def test_a_frustration_without_a_connection_is_an_error(files):
    problems = files.problems("m.yaml", marty(players=("Ben", "Cat")))
    assert rules(problems, "error") == {"fight-club.connection-per-frustration"}
    assert "Bad coffee has no Connection" in problems[0].message


def test_a_card_drawn_in_play_without_a_connection_only_warns(files):
    problems = files.problems("m.yaml", marty(("The Boss", "Heavy traffic", "Bad coffee", "Sex"),
                                              tokens=(5, 1, 4), extra="in_play: true\n"))
    assert rules(problems, "warning") == {"fight-club.connection-per-frustration"}
    assert rules(problems, "error") == set()


def test_a_connection_for_a_frustration_not_held_or_a_second_one_is_an_error(files):
    text = marty().replace("tokens:", "  - {npc: Twin, frustration: The Boss, played_by: Eve}\n"
                                      "  - {npc: Stranger, frustration: Sex, played_by: Fay}\ntokens:")
    problems = files.problems("m.yaml", text)
    assert rules(problems) == {"fight-club.connection-per-frustration"}
    assert sorted(p.message for p in problems) == [
        "Stranger is the Connection for Sex, which Marty Kowalski does not hold", "The Boss has two Connections"]


def test_a_connection_for_a_card_fought_out_is_kept(files):
    text = marty(("The Boss", "Heavy traffic", "Bad coffee"), tokens=(3, 0, 3),
                 extra="in_play: true\nfought_out: [Sex]\n")
    text = text.replace("tokens:", "  - {npc: Old flame, frustration: Sex, played_by: Eve}\ntokens:", 1)
    assert files.problems("m.yaml", text) == []


def test_one_player_playing_two_connections_is_an_error(files):
    problems = files.problems("m.yaml", marty(players=("Ben", "Cat", "Ben")))
    assert rules(problems) == {"fight-club.connection-players-differ"}


def test_the_characters_own_player_cannot_play_its_connection(files):
    problems = files.problems("m.yaml", marty(players=("Ben", "Cat", "Ann")))
    assert rules(problems) == {"fight-club.connection-own-player"}


# -- the setup ---------------------------------------------------------------------------

def setup(players="[Ann, Ben, Cat, Dan]", characters="[m.yaml]") -> str:
    return f"system: fight-club\nkind: setup\nname: T\nplayers: {players}\ncharacters: {characters}\n"


def test_a_setup_whose_players_play_everyone_keeps_the_rules(files):
    files.write("m.yaml", marty())
    assert files.problems("t.yaml", setup()) == []


def test_a_connection_or_character_played_by_someone_not_in_the_game_is_an_error(files):
    files.write("m.yaml", marty())
    problems = files.problems("t.yaml", setup("[Ann, Ben, Cat]"))
    assert rules(problems) == {"fight-club.unknown-player"}
    assert "Dan" in problems[0].message
    lone = files.problems("u.yaml", setup("[Ben, Cat, Dan]"))
    assert any("played by Ann, who is not in the game" in p.message for p in lone)


def test_inline_characters_point_at_their_own_lines(files):
    problems = files.problems("t.yaml", """
        system: fight-club
        kind: setup
        name: T
        players: [Ann, Ben, Cat]
        characters:
          - name: Nat
            player: Ann
            frustrations: [Sex, Music, Drugs]
            connections:
              - {npc: A, frustration: Sex, played_by: Ben}
              - {npc: B, frustration: Music, played_by: Cat}
              - {npc: C, frustration: Drugs, played_by: Dan}
            tokens: {frustration: 3, pain: 3, retirement: 3}
        """)
    [p] = problems
    assert (p.rule, p.line, p.file.endswith("t.yaml")) == ("fight-club.unknown-player", 12, True)


def test_a_player_listed_twice_is_an_error(files):
    files.write("m.yaml", marty())
    problems = files.problems("t.yaml", setup("[Ann, Ben, Cat, Dan, ben]"))
    assert rules(problems) == {"fight-club.duplicate-player"}


# -- Pain statements ---------------------------------------------------------------------

def test_pain_statements_need_text_and_at_least_one_token(files):
    ok = marty(tokens=(3, 1, 3), extra="in_play: true\npain_statements:\n  - {text: Denise keeps her house, tokens: 2}\n")
    assert files.problems("m.yaml", ok) == []
    bad = ok.replace("tokens: 2}", "tokens: 0}\n  - {text: '', tokens: 1}")
    problems = files.problems("m.yaml", bad)
    assert rules(problems) == {"fight-club.pain-statement"} and len(problems) == 2


# -- decks -------------------------------------------------------------------------------

def deck(cards: str) -> str:
    return f"system: fight-club\nkind: deck\nname: House\ncards: {cards}\n"


def test_a_deck_with_copies_and_plain_names_keeps_the_rules(files):
    assert files.problems("d.yaml", deck("[The printer, {name: Mondays, copies: 2}]")) == []


def test_an_empty_deck_is_an_error(files):
    assert rules(files.problems("d.yaml", deck("[]"))) == {"fight-club.deck-empty"}


def test_a_card_listed_twice_is_an_error_unless_copies_say_so(files):
    problems = files.problems("d.yaml", deck("[Mondays, The printer, mondays]"))
    assert rules(problems) == {"fight-club.deck-duplicate"}
    assert "copies" in problems[0].hint


def test_a_card_name_is_one_line_of_at_most_forty_characters(files):
    assert files.problems("d.yaml", deck("[" + "x" * 40 + "]")) == []
    problems = files.problems("d.yaml", deck("[" + "x" * 41 + ", '  ']"))
    assert rules(problems) == {"fight-club.card-name"} and len(problems) == 2
    assert "1 to 40 characters" in problems[0].hint


def test_a_card_is_in_its_deck_at_least_once(files):
    assert rules(files.problems("d.yaml", deck("[{name: Mondays, copies: 0}]"))) == {"fight-club.card-copies"}
