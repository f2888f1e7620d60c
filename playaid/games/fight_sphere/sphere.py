"""The Sphere as a table plays it: Layers, Episodes, the cast and its truces.

Rule text 000, "Game Structure", "Episodes & Layers", "The Core" and "The Enemy of My
Enemy". A setup is one Layer of one game: its Threshold, the Episodes running on it,
and every Gladiator made for the game, players' and NPCs alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playaid.convert import spec
from playaid.problems import Path, Problem, error
from playaid.systems.base import Resolver
from playaid.systems.cast import Member, find, resolve_cast
from .gladiators import Gladiator, check_gladiator

SURFACE_THRESHOLD = 5


def threshold(layer: int) -> int:
    """Dice the GM rolls against a player on `layer`: five at the surface (Layer 1), one more per Layer."""
    return SURFACE_THRESHOLD - 1 + layer


@dataclass(frozen=True)
class Setup:
    name: str = spec(doc="the name of the game")
    players: list[str] = spec(doc="the players at the table (not the GM)")
    characters: list[str | Gladiator] = spec(doc="every Gladiator of the game: files (relative to this file) or inline")
    layer: int = spec(1, doc="the Layer being played; 1 is the surface", minimum=1, rule="fight-sphere.layer",
                      hint="Layers count from 1, the surface of The Sphere")
    core: bool = spec(False, doc="true when this is the Core Episode, the last one")
    episodes: list[list[str]] = spec(default_factory=list, doc="the Episodes on this Layer, each a list of Gladiators")
    truces: list[list[str]] = spec(default_factory=list, doc="pairs of Gladiators holding a truce")
    met: list[list[str]] = spec(default_factory=list, doc="pairs of Gladiators who have met in their current Episode")
    disengaged: list[list[str]] = spec(default_factory=list,
                                       doc="pairs whose Encounter the first broke off by Disengagement; only the GM's "
                                           "resume picks one up")
    removed_npcs: list[str] = spec(default_factory=list, doc="non-Gladiator NPCs removed from the game (a "
                                                             "Relationship driven below zero): no one relates to them")
    notes: str = spec("", doc="anything else")

    def threshold(self) -> int:
        return threshold(self.layer)


def same(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


def pair_key(a: str, b: str) -> frozenset[str]:
    return frozenset((a.casefold(), b.casefold()))


@dataclass(frozen=True)
class Sphere:
    """A setup with its cast loaded: what the procedures and scene checks look things up in."""

    setup: Setup
    members: tuple[Member, ...]

    @property
    def gladiators(self) -> list[Gladiator]:
        return [m.model for m in self.members]

    def gladiator(self, name: str) -> Gladiator | None:
        return next((g for g in self.gladiators if same(g.name, name)), None)

    def threshold(self) -> int:
        return self.setup.threshold()

    @property
    def npc_deaths(self) -> list[str]:
        """The NPC Gladiators who have died; once all have, the next Episode is The Core."""
        return [g.name for g in self.gladiators if not g.is_pc and g.state == "dead"]

    def episode_of(self, name: str) -> list[str] | None:
        """The Gladiators sharing `name`'s Episode; at The Core every PC, listed or not."""
        for episode in self.setup.episodes:
            if any(same(n, name) for n in episode):
                return list(episode)
        if self.setup.core:
            return [g.name for g in self.gladiators if g.is_pc]
        return None

    def truce(self, a: str, b: str) -> bool:
        return any(len(t) == 2 and pair_key(*t) == pair_key(a, b) for t in self.setup.truces)

    def have_met(self, a: str, b: str) -> bool:
        return any(len(m) == 2 and pair_key(*m) == pair_key(a, b) for m in self.setup.met)


def load_sphere(setup: Setup, ref: str, resolver: Resolver) -> Sphere:
    """The cast of `setup`, which a scene names as `ref` (its character files are
    relative to the setup). Problems of the setup itself are reported when the setup
    is loaded, not here."""
    members = []
    beside = resolver.beside(ref)
    for i, entry in enumerate(setup.characters):
        model = entry
        if isinstance(entry, str):
            model = beside.resolve(entry, "character", ("characters", i))
        if model is not None:
            members.append(Member(model, ("characters", i)))
    return Sphere(setup, tuple(members))


def check_setup(s: Setup, resolver: Resolver) -> list[Problem]:
    return checked_sphere(s, resolver)[1]


def checked_sphere(s: Setup, resolver: Resolver) -> tuple[Sphere, list[Problem]]:
    """The setup's cast loaded, and every problem of the setup and its Gladiators."""
    members, problems = resolve_cast(s.characters, resolver, check_gladiator)
    inline = {i for i, entry in enumerate(s.characters) if not isinstance(entry, str)}
    sphere = Sphere(s, tuple(members))

    def at(m: Member, *inside: Any) -> Path:
        return m.path + inside if m.path[-1] in inline else m.path

    problems += _check_players(s, members, at)
    names = {g.name.casefold() for g in sphere.gladiators}
    for m in members:
        for j, r in enumerate(m.model.relationships):
            if r.npc.casefold() in names:
                problems.append(error(
                    "fight-sphere.relationship-with-gladiator",
                    f"{m.name} has a Relationship with {r.npc}, who is a Gladiator",
                    "Gladiators cannot form Relationships with each other; only with non-Gladiator NPCs",
                    at(m, "relationships", j, "npc")))
    problems += _check_episodes(sphere)
    problems += _check_core(sphere)
    problems += _check_pairs(sphere)
    return sphere, problems


def _check_players(s: Setup, members: list[Member], at) -> list[Problem]:
    problems = []
    for i, player in enumerate(s.players):
        own = [m.model for m in members if same(m.model.player, player)]
        if len(own) < 2:
            problems.append(error(
                "fight-sphere.gladiators-per-player", f"{player} has made {len(own)} Gladiator(s); each player makes at least two",
                f"add Gladiators with `player: {player}`; all but one become NPCs", ("players", i)))
        pcs = [g for g in own if g.is_pc]
        if own and len(pcs) != 1:
            problems.append(error(
                "fight-sphere.pc-per-player", f"{player} plays {len(pcs)} of their Gladiators; one is the player's own",
                "mark exactly one of each player's Gladiators `role: pc`, the others `role: npc`", ("players", i)))
    for m in members:
        if not any(same(m.model.player, p) for p in s.players):
            who = f"`{m.model.player}`" if m.model.player else "no player"
            problems.append(error(
                "fight-sphere.unknown-player", f"{m.name} was made by {who}, who is not among the players",
                "every Gladiator is made by one of the `players`: " + ", ".join(s.players), at(m, "player")))
    return problems


def _check_episodes(sphere: Sphere) -> list[Problem]:
    problems: list[Problem] = []
    placed: dict[str, int] = {}
    for i, episode in enumerate(sphere.setup.episodes):
        if len(episode) < 2:
            problems.append(error(
                "fight-sphere.episode-size", f"Episode {i + 1} holds {len(episode)} Gladiator(s); it needs at least two",
                "add an NPC Gladiator, or join this Episode with another", ("episodes", i)))
        for j, name in enumerate(episode):
            _, missing = find(sphere.members, name, ("episodes", i, j), "Gladiator")
            problems += missing
            if name.casefold() in placed and not missing:
                where = (f"twice in Episode {i + 1}" if placed[name.casefold()] == i
                         else f"in Episode {placed[name.casefold()] + 1} and Episode {i + 1}")
                problems.append(error(
                    "fight-sphere.one-episode", f"{name} is {where}",
                    "each Gladiator takes part in one Episode per Layer, listed once", ("episodes", i, j)))
            placed.setdefault(name.casefold(), i)
    if sphere.setup.episodes and not sphere.setup.core:  # The Core has its own rule (`fight-sphere.core`)
        problems += _pcs_in_episodes(sphere, placed)
    return problems + _last_standing(sphere)


def _last_standing(sphere: Sphere) -> list[Problem]:
    """The Last Man Standing is "the only Gladiator left in the Episode": while another of
    its Episode is still active (or standing last too), the Episode has not ended."""
    problems: list[Problem] = []
    for i, episode in enumerate(sphere.setup.episodes):
        found = [(j, g) for j, n in enumerate(episode) if (g := sphere.gladiator(n)) is not None]
        for j, g in found:
            others = [o.name for _, o in found if o is not g and o.state in ("active", "last-standing")]
            if g.state == "last-standing" and others:
                problems.append(error(
                    "fight-sphere.last-standing",
                    f"{g.name} is marked Last Man Standing, but {', '.join(others)} "
                    f"{'is' if len(others) == 1 else 'are'} still in Episode {i + 1}",
                    f"the Last Man Standing is the only Gladiator left in the Episode: keep {g.name} `active` "
                    "until the others are dead (NPCs) or knocked out (PCs)", ("episodes", i, j)))
    return problems


def _pcs_in_episodes(sphere: Sphere, placed: dict[str, int]) -> list[Problem]:
    """Episodes are the players' choice ("the players should decide if their characters are going
    to be in Episodes with each other or not"; the GM fills gaps with NPC Gladiators): every active
    PC is in one, and an Episode of NPC Gladiators only has no one to frame an Encounter in it."""
    problems = []
    left_out = [g.name for g in sphere.gladiators if g.is_pc and g.state == "active" and g.name.casefold() not in placed]
    if left_out:
        problems.append(error(
            "fight-sphere.episode-pc", f"{', '.join(left_out)} {'is' if len(left_out) == 1 else 'are'} in no Episode on "
            "this Layer; each character engages in one Episode per Layer",
            "add each active player's Gladiator to an Episode (with another Gladiator, an NPC if need be)",
            ("episodes",)))
    for i, episode in enumerate(sphere.setup.episodes):
        found = [g for n in episode if (g := sphere.gladiator(n)) is not None]
        if found and len(found) == len(episode) and not any(g.is_pc for g in found):
            problems.append(error(
                "fight-sphere.episode-pc", f"Episode {i + 1} holds no player's Gladiator; NPC Gladiators fill the "
                "players' Episodes, and only players frame Encounters",
                "put these NPC Gladiators into the players' Episodes, or leave them out of this Layer",
                ("episodes", i)))
    return problems


def _check_core(sphere: Sphere) -> list[Problem]:
    s = sphere.setup
    if not s.core:
        return []
    problems = []
    alive = [g.name for g in sphere.gladiators if not g.is_pc and g.state != "dead"]
    if alive:
        problems.append(error(
            "fight-sphere.core", "The Core is reached only once every NPC Gladiator is dead; alive: " + ", ".join(alive),
            "play on outer Layers until they are dead, or mark them `state: dead`", ("core",)))
    pcs = {g.name.casefold(): g.name for g in sphere.gladiators if g.is_pc}
    if s.episodes:
        listed = {n.casefold() for e in s.episodes for n in e}
        absent = [name for key, name in pcs.items() if key not in listed]
        if len(s.episodes) > 1 or absent:
            problems.append(error(
                "fight-sphere.core", "The Core is one single Episode holding every player's Gladiator"
                + (f"; missing: {', '.join(absent)}" if absent else ""),
                "list one Episode with all the PCs", ("episodes",)))
        for i, episode in enumerate(s.episodes):
            for j, name in enumerate(episode):
                g = sphere.gladiator(name)
                if g is not None and not g.is_pc:
                    problems.append(error(
                        "fight-sphere.core", f"{name} is an NPC Gladiator; none is present at The Core",
                        "remove NPC Gladiators from the Core Episode", ("episodes", i, j)))
    for m in sphere.members:
        if m.model.state == "knocked-out":
            problems.append(error(
                "fight-sphere.core", f"{m.name} is knocked out, but defeat at The Core is death",
                "mark the Gladiator `state: dead`", m.path))
    return problems


def _check_pairs(sphere: Sphere) -> list[Problem]:
    problems: list[Problem] = []
    for field in ("truces", "met", "disengaged"):
        for i, pair in enumerate(getattr(sphere.setup, field)):
            if len(pair) != 2 or same(*pair):
                problems.append(error(
                    "fight-sphere.pair", f"`{field}` entry {i + 1} is not a pair of two different Gladiators",
                    "write each entry as [First Name, Second Name]", (field, i)))
                continue
            found = [find(sphere.members, n, (field, i, j), "Gladiator") for j, n in enumerate(pair)]
            for _, missing in found:
                problems += missing
            if field == "truces" and all(m is not None for m, _ in found):
                problems += _check_truce(sphere, pair, i)
    return problems


def _check_truce(sphere: Sphere, pair: list[str], i: int) -> list[Problem]:
    episode = sphere.episode_of(pair[0])
    if episode is None:
        return []
    if not any(same(n, pair[1]) for n in episode):
        return [error("fight-sphere.truce", f"{pair[0]} and {pair[1]} are in different Episodes",
                      "a truce is declared between Gladiators of the same Episode", ("truces", i))]
    standing = [n for n in episode if (g := sphere.gladiator(n)) is not None and g.state == "active"]
    if len(standing) <= 2:
        return [error("fight-sphere.truce", f"{pair[0]} and {pair[1]} are the only Gladiators left in their Episode",
                      "a truce ends the moment its two Gladiators are the only two in the Episode", ("truces", i))]
    return []

