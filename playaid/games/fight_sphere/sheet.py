"""Fight Sphere sheet: Conflict Pool, Relationships rated by drive, Judgment Pool, Layers."""

from __future__ import annotations

from dataclasses import dataclass

from .arithmetic import judgment_pool
from .gladiators import DEATH_WISH, DRIVE_NAMES, REASON_TO_LIVE, STARTING_POOL, Gladiator, rated
from .sphere import Setup, threshold
from playaid.language import N_, _
from playaid.render.sheets.common import Box, Field, Fitter, Namer, Text, padded, rows


@dataclass(frozen=True)
class RelationshipRow:
    npc: Field
    value: Field
    effective: str
    """Dice it adds with this drive, as printed (blank when the row is empty)."""
    resting: Field


@dataclass(frozen=True)
class LayerStep:
    layer: int
    threshold: int
    here: Box


@dataclass(frozen=True)
class FightSphereSheet:
    role: str
    drive: str
    drive_rule: str
    drive_text: Text
    backstory: Text
    weapon: Text
    conflict_pool: Field
    starting_pool: int
    relationships: list[RelationshipRow]
    judgment_pool: Field
    judgment_rule: str
    layers: list[LayerStep]
    states: list[Box]
    drives: list[Box]
    """Death Wish / Reason To Live, the one chosen ticked (both empty on a blank sheet)."""
    switched: Box
    notes: Field


_DRIVE_RULES = {
    DEATH_WISH: N_("Death Wish: each Relationship adds its value + 1 dice."),
    REASON_TO_LIVE: N_("Reason To Live: each Relationship adds its value − 1 dice (never below 0)."),
}


_ROLES = {"pc": N_("Player's Gladiator"), "npc": N_("GM's Gladiator")}
_STATES = {"active": N_("Active"), "last-standing": N_("Last Standing"), "knocked-out": N_("Knocked Out"),
           "dead": N_("Dead")}


def build(g: Gladiator | None, name: Namer, fit: Fitter, setup: Setup | None = None) -> FightSphereSheet:
    """The sheet of Gladiator `g` (None: a blank sheet); `setup` marks the Layer in play."""
    drive = str(g.drive) if g and g.drive else ""
    rels = []
    for i, r in enumerate(g.relationships if g else []):
        rels.append(RelationshipRow(name.field(f"rel{i}_npc", r.npc, chars=48), name.field(f"rel{i}_value", r.value),
                                    str(rated(r.value, drive or REASON_TO_LIVE)),
                                    name.field(f"rel{i}_resting", r.resting)))
    rels = padded(rels, rows("fight-sphere", "relationships"), lambda i: RelationshipRow(
        name.field(f"rel{i}_npc"), name.field(f"rel{i}_value"), "", name.field(f"rel{i}_resting")))
    layer = setup.layer if setup else None
    count = max(rows("fight-sphere", "layers"), layer or 0)
    steps = [LayerStep(n, threshold(n), name.box(f"layer{n}", n == layer)) for n in range(1, count + 1)]
    here = threshold(layer) if layer else None
    judgment = "" if g is None or g.judgment_pool is None else g.judgment_pool
    if here is not None and g is not None:
        judgment_rule = _("Threshold %(threshold)s + Relationships %(count)s = %(pool)s when the Gladiator "
                          "can no longer take part.") % {"threshold": here, "count": len(g.relationships),
                                                          "pool": judgment_pool(here, g.relationships)}
    else:
        judgment_rule = _("Threshold + the number of your Relationships (not their values), "
                          "when your Gladiator can no longer take part.")
    state = g.state if g else None
    return FightSphereSheet(
        role=_(_ROLES.get(g.role, "")) if g else "",
        drive=_(DRIVE_NAMES.get(drive, "")),
        drive_rule=_(_DRIVE_RULES[drive]) if drive in _DRIVE_RULES else " ".join(map(_, _DRIVE_RULES.values())),
        drive_text=fit(g.drive_text if g else "", "line", "drive"),
        backstory=fit(g.backstory if g else "", "paragraph", "backstory"),
        weapon=fit(g.weapon if g else "", "line", "weapon"),
        conflict_pool=name.field("pool", g.conflict_pool if g else ""),
        starting_pool=STARTING_POOL,
        relationships=rels,
        judgment_pool=name.field("judgment", judgment),
        judgment_rule=judgment_rule,
        layers=steps,
        states=[name.box(f"state_{s}", s == state, _(title)) for s, title in _STATES.items()],
        drives=[name.box(f"drive_{d}", d == drive, _(DRIVE_NAMES[d])) for d in (DEATH_WISH, REASON_TO_LIVE)],
        switched=name.box("switched", bool(g and g.switched), _("Drive switched (once per game)")),
        notes=name.notes(g.notes if g else ""),
    )
