"""The solo army's charge (ai_activation.py): a unit charges the nearest enemy its lead model can
reach in base contact within its charge move, when the charge is worth it (#Activation,
#Movement, #Melee): the melee is expected to win, causing more wounds than the strike back
returns, and to wound more than its shooting at that enemy would (ai_odds.py has the estimate).
A solid building the enemy holds counts as an enemy at its walls, worth it when a charge is worth
it against every unit inside (#Solid Buildings)."""

from __future__ import annotations

import math
from collections.abc import Callable

from domain.kit import onepage
from domain.kit.boards import inches
from domain.systems.grimdark import ai_odds, buildings
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Game, Unit
from domain.systems.grimdark.versions import ONE_PAGE


#: Whether the unit's models may end a move of so many inches at these places, charging the named unit.
MayStop = Callable[[Game, Unit, list[tuple[float, float]], str, float], bool]


def charge(game: Game, unit: Unit, may_stop: MayStop) -> cmd.Charge | None:
    """The Charge at the nearest enemy worth it that a straight move reaches, None for none. A
    flyer is never charged: the rules let nothing into base contact with it (#Unit Types,
    Flyers). A building only enemies hold is charged as its units are (`_buildings`)."""
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
        if 0 < length <= allowance and worth_it(res, unit, enemy):
            tried.append((length, enemy.id, (base.x, base.y), centres))
    tried += _buildings(game, unit, allowance)
    for length, enemy_id, (x, y), centres in sorted(tried):  # the shortest move first, then by id
        dx, dy = (x - lead.x) * length / centres, (y - lead.y) * length / centres
        positions = [(round(m.x + dx, 3), round(m.y + dy, 3)) for m in unit.models]
        if may_stop(game, unit, positions, enemy_id, allowance):
            return cmd.Charge(unit=unit.id, target=enemy_id, positions=positions)
    return None


def _buildings(game: Game, unit: Unit, allowance: float) -> list[tuple[float, str, tuple[float, float], float]]:
    """Each solid building that only enemies hold, when a straight move of the lead model
    reaches its walls and a charge is worth it against every unit inside (#Solid
    Buildings): the move's inches, the building, the point of its walls and how far that is."""
    res = Resolution(game, None, "")  # type: ignore[arg-type] - reach rolls no dice
    lead = unit.models[0]
    found = []
    for piece in (p for p in game.mission.terrain if p.transport):
        inside = buildings.occupants(game, piece.id)
        if not inside or any(u.side == unit.side for u in inside):
            continue
        wall = inches.nearest_on_outline((lead.x, lead.y), piece.polygon)
        centres = math.hypot(wall[0] - lead.x, wall[1] - lead.y)
        length = centres - unit.radius(lead)
        if 0 < length <= allowance and all(worth_it(res, unit, u) for u in inside):
            found.append((length, piece.id, (wall[0], wall[1]), centres))
    return found


def worth_it(res: Resolution, unit: Unit, enemy: Unit) -> bool:
    """The charge is expected to win the melee and to wound more than shooting would."""
    dealt, taken = ai_odds.charge_odds(unit, enemy)
    return dealt > taken and dealt > ai_odds.shooting_wounds(res, unit, enemy)
