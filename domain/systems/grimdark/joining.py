"""Units deployed as one (grimdark-future-1.5.md#Unit Types): a Hero deployed as part of another
friendly Infantry unit, and two copies of the same Infantry unit as one big unit. The joined
units' models become the host's; a hero keeps its own profile for its attacks, its Tough and its
base, while Defense and Morale take the majority's value (state.Unit.majority)."""

from __future__ import annotations

import msgspec

from domain.errors import RuleError
from domain.systems.grimdark.state import Game, Unit
from domain.systems.grimdark.versions import rule

UNIT_TYPES = "Unit Types"


def merged(unit: Unit, others: list[Unit]) -> Unit:
    """`unit` with the models of `others` after its own: a hero's carry their profile."""
    models = [*unit.models]
    for other in others:
        own = other.profile if other.profile.hero else None
        models += [msgspec.structs.replace(m, own=own) for m in other.models]
    size = unit.size + sum(o.size for o in others)
    return msgspec.structs.replace(unit, models=tuple(models), size=size, joined=(*unit.joined, *(o.id for o in others)))


def copy_of(other: Unit, unit: Unit) -> bool:
    """The same unit but for its name (an army names each of its units apart)."""
    return msgspec.structs.replace(other.profile, name=unit.profile.name) == unit.profile


def joining(game: Game, unit: Unit, joined: list[str]) -> list[Unit]:
    """The units deployed as part of `unit`: each of its army and not deployed yet; at most one
    hero and one copy (#Unit Types: "two copies"; one hero a unit, our reading)."""
    if not joined:
        return []
    if unit.profile.kind != "infantry" or unit.profile.hero:
        raise RuleError("host_cannot_join", rule(UNIT_TYPES), params={"unit": unit.id}, field="joined")
    free = sorted(u.id for u in game.units.values() if u.army == unit.army and u.id != unit.id and not u.deployed)
    others = []
    for other_id in joined:
        other = game.units.get(other_id)
        if other is None or other_id not in free or other in others:
            raise RuleError("join_not_ready", rule(UNIT_TYPES), params={"unit": unit.id, "other": other_id, "free": free}, field="joined")
        if not other.profile.hero and not copy_of(other, unit):
            raise RuleError("not_a_copy", rule(UNIT_TYPES), params={"unit": unit.id, "other": other_id}, field="joined")
        others.append(other)
    heroes = [o.id for o in others if o.profile.hero]
    copies = [o.id for o in others if not o.profile.hero]
    if len(heroes) > 1 or len(copies) > 1:
        raise RuleError("join_too_many", rule(UNIT_TYPES), params={"unit": unit.id, "heroes": heroes, "copies": copies}, field="joined")
    return others
