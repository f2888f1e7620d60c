"""Tables of the games whose setup is a party or a club: Sapio, Dirt, the contest game,
Fight Club. The characters are the ones `playaid pregen` makes; the setup adds what
each game's setup holds, drawn from `tables.yaml`.

- Sapio: a setting and a premise (the setup's `setting` and `notes`).
- Dirt: a setting, an antagonist and an objective, the fields its setup has.
- Contest: a crew (the setup's name) and a premise in `notes`.
- Fight Club: a club of 4 to 20 players, one character each, the frustration cards dealt
  from one deck without replacement and each Connection played by another player.
"""

from __future__ import annotations

from . import contest, dirt, fight_club, sapio
from .draw import Drawer, Name, PregenError, fits_table, table


def _check(system: str, count: int, title: str) -> None:
    fits_table(count, table(system)["players"], f"a {title} table seats {{low}} to {{high}} characters, one per player")


def sapio_table(draw: Drawer, count: int, players: list[str]) -> tuple[list[tuple[Name, dict]], dict]:
    _check("sapio", count, "Sapio")
    t = table("tables")["sapio"]
    setting, premise = draw.pick(t["settings"]), draw.pick(t["premises"])
    return sapio.characters(draw, count, players), {"name": setting, "setting": setting, "notes": premise}


def dirt_table(draw: Drawer, count: int, players: list[str]) -> tuple[list[tuple[Name, dict]], dict]:
    _check("dirt", count, "Dirt")
    t = table("tables")["dirt"]
    setting, antagonist, objective = (draw.pick(t[k]) for k in ("settings", "antagonists", "objectives"))
    return dirt.characters(draw, count, players), {
        "name": setting, "setting": setting, "antagonist": antagonist, "objective": objective}


def contest_table(draw: Drawer, count: int, players: list[str]) -> tuple[list[tuple[Name, dict]], dict]:
    _check("contest", count, "contest")
    t = table("tables")["contest"]
    crew, premise = draw.pick(t["crews"]), draw.pick(t["premises"])
    return contest.characters(draw, count, players), {"name": crew, "notes": premise}


def fight_club_table(draw: Drawer, count: int, players: list[str]) -> tuple[list[tuple[Name, dict]], dict]:
    _check("fight-club", count, "Fight Club")
    players = players or fight_club.default_players(count)
    if count > len(players):
        raise PregenError(f"{count} characters need {count} players, one each; "
                          f"--players names {len(players)}: name more, or lower --count")
    club = draw.pick(table("tables")["fight-club"]["clubs"])
    return fight_club.characters(draw, count, players), {"name": club, "players": players}
