"""The solo army's charge (ai_activation.py): a unit charges the nearest enemy its lead model can
reach in base contact within its charge move, when its melee is stronger than its shooting at
that enemy (#Activation, #Movement, #Melee). Strength is the expected hits: each weapon's attacks
times its chance to hit, (7 - Quality) / 6, its melee weapons all counted (every model fights
after the charge), its shooting only the weapons that reach the enemy from where it stands."""

from __future__ import annotations

import math
from collections.abc import Callable

from domain.kit import onepage
from domain.systems.grimdark import attacks, weapon_rules
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Game, Unit
from domain.systems.grimdark.versions import ONE_PAGE


#: Whether the unit's models may end a move of so many inches at these places, charging the named unit.
MayStop = Callable[[Game, Unit, list[tuple[float, float]], str, float], bool]


def charge(game: Game, unit: Unit, may_stop: MayStop) -> cmd.Charge | None:
    """The Charge at the nearest enemy worth it that a straight move reaches, None for none."""
    res = Resolution(game, None, "")  # type: ignore[arg-type] - reach rolls no dice
    allowance = onepage.move_inches(ONE_PAGE, "charge", unit.rule)
    lead = unit.models[0]
    radius = unit.radius(lead)
    tried = []
    for enemy in game.units.values():
        if enemy.side == unit.side or enemy.inside or enemy.profile.flyer or not enemy.bases():
            continue
        base = min(enemy.bases(), key=lambda b: (math.hypot(b.x - lead.x, b.y - lead.y), b.x, b.y))
        centres = math.hypot(base.x - lead.x, base.y - lead.y)
        length = centres - radius - base.radius
        if 0 < length <= allowance and melee_hits(unit) > shooting_hits(res, unit, enemy):
            tried.append((length, enemy.id, base, centres))
    for length, enemy_id, base, centres in sorted(tried, key=lambda t: (t[0], t[1])):
        dx, dy = (base.x - lead.x) * length / centres, (base.y - lead.y) * length / centres
        positions = [(round(m.x + dx, 3), round(m.y + dy, 3)) for m in unit.models]
        if may_stop(game, unit, positions, enemy_id, allowance):
            return cmd.Charge(unit=unit.id, target=enemy_id, positions=positions)
    return None


def melee_hits(unit: Unit) -> float:
    return sum(w.attacks * _chance(unit.profile_of(m).quality) for m in unit.models for w in m.weapons if w.melee and not weapon_rules.limited_spent(unit, w))


def shooting_hits(res: Resolution, unit: Unit, enemy: Unit) -> float:
    reach = attacks.weapons_that_reach(res, unit.id, enemy.id, melee=False)
    return sum(count * _chance(quality) for (_, quality), count in reach.items())


def _chance(quality: int) -> float:
    """#General Principles, Quality Tests: a 6 always hits, a 1 always misses."""
    return (7 - min(max(quality, 2), 6)) / 6
