"""Games to Play in the Dirt: character, setup and scene rules (rule text 003)."""

from __future__ import annotations

import pytest

from conftest import rules

MOSS = """
system: dirt
name: Moss
stats: {{mental: {m}, physical: {p}, social: {s}}}
job: {job}
hobby: Skateboarding
"""


def moss(m=2, p=5, s=3, job="Roofer") -> str:
    return MOSS.format(m=m, p=p, s=s, job=job)


def test_the_example_character_keeps_every_rule(files):
    assert files.problems("moss.yaml", moss()) == []


@pytest.mark.parametrize("stats, broken", [((6, 2, 2), "dirt.stat-range"), ((0, 5, 5), "dirt.stat-range"),
                                           ((1, 5, 5), "dirt.stat-total"), ((4, 4, 3), "dirt.stat-total")])
def test_stats_out_of_range_or_over_ten_in_all_are_errors(files, stats, broken):
    problems = files.problems("moss.yaml", moss(*stats))
    assert broken in rules(problems, "error")


@pytest.mark.parametrize("stats", [(5, 4, 1), (1, 2, 3)])
def test_a_stat_below_two_warns(files, stats):
    assert "dirt.stat-low" in rules(files.problems("moss.yaml", moss(*stats)), "warning")


def test_stats_of_two_or_more_and_ten_in_all_keep_the_rules(files):
    assert files.problems("moss.yaml", moss(2, 4, 4)) == []


def test_a_character_needs_a_job_and_a_hobby(files):
    problems = files.problems("moss.yaml", moss(job='""'))
    assert rules(problems) == {"dirt.job-and-hobby"}
    assert "job" in problems[0].message


def test_a_setup_of_two_players_warns_and_one_of_three_does_not(files):
    files.write("moss.yaml", moss())
    files.write("scout.yaml", moss().replace("Moss", "Scout"))
    alone = files.problems("one.yaml", "system: dirt\nkind: setup\nname: T\ncharacters: [moss.yaml]\n")
    assert "dirt.table-size" in rules(alone, "warning")
    table = files.problems("two.yaml", "system: dirt\nkind: setup\nname: T\ncharacters: [moss.yaml, scout.yaml]\n")
    assert table == []


def test_inline_characters_of_a_setup_are_checked_where_they_stand(files):
    problems = files.problems("t.yaml", """
        system: dirt
        kind: setup
        name: T
        characters:
          - {name: A, stats: {mental: 5, physical: 5, social: 5}, job: a, hobby: b}
          - {name: B, stats: {mental: 3, physical: 3, social: 3}, job: a, hobby: b}
        """)
    [p] = problems
    assert (p.rule, p.file.endswith("t.yaml"), p.line) == ("dirt.stat-total", True, 5)


def test_an_unopposed_scene_needs_its_difficulty_and_an_opposed_one_two_sides(files):
    files.write("moss.yaml", moss())
    ok = files.problems("climb.yaml", """
        system: dirt
        kind: scene
        type: unopposed
        character: moss.yaml
        stat: physical
        difficulty: hard
        """)
    assert ok == []
    bad = files.problems("fight.yaml", """
        system: dirt
        kind: scene
        type: opposed
        sides:
          - {character: moss.yaml, stat: physical}
        """)
    assert rules(bad) == {"dirt.scene-shape"}


def test_a_scene_naming_a_missing_character_file_is_refused(files):
    problems = files.problems("climb.yaml", """
        system: dirt
        kind: scene
        type: unopposed
        character: nobody.yaml
        stat: physical
        difficulty: nearly impossible
        """)
    assert rules(problems) == {"input.missing-file"}
