"""Melee (grimdark-future-1.5.md#Melee): the chargers strike, the defenders that remain strike
back, the side that caused fewer wounds takes a morale test (Routing if it fails at half or
less, #Morale), and the attacker moves back 1". Each side's casualties are its owner's pick, so
the fight may wait for them (casualties.py) and goes on from `strike_back` or `finish`."""

from __future__ import annotations

import math

from domain.errors import RuleError
from domain.kit.boards import inches
from domain.systems.grimdark import (
    attacks,
    casualties,
    forced_moves,
    geometry,
    morale,
    rounds,
)
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Unit, Wounds
from domain.systems.grimdark.versions import rule

#: #Melee: the attacker moves back by 1" once both sides attacked.
BACK_OFF = 1.0
#: #Melee: the defenders move by up to 3" toward the chargers.
CLOSE_IN = 3.0
#: #Melee: when one unit is destroyed, the other may move by up to 3".
SURVIVOR_MOVE = 3.0
MELEE = "Melee"


def fight(res: Resolution, attacker: str, defender: str) -> None:
    res.emit(ev.MeleeStarted(attacker, defender))
    close_in(res, defender, attacker)
    for unit_id, other in ((attacker, defender), (defender, attacker)):
        fear(res, unit_id, other)
    wounds = attacks.charge_hits(res, attacker, defender)
    wounds += attacks.attack(res, attacker, defender, melee=True)
    if not casualties.due(res, defender, wounds, "strike_back"):
        strike_back(res)


def close_in(res: Resolution, defender: str, attacker: str) -> None:
    """The defenders move up to 3" into base contact, or as close as they can: each model not
    touching a charger goes straight at the closest one and stops at the first base in its way,
    with its climbs counted and short of a solid building (forced_moves.py)."""
    unit, chargers = res.game.units[defender], res.game.units[attacker].bases()
    if unit.inside:  # inside a building it fights from there (#Solid Buildings)
        return
    others = geometry.blockers(res.game, defender)
    moved, longest = [], 0.0
    for model, base in zip(unit.models, unit.bases(), strict=True):
        goal = min(chargers, key=lambda c: (inches.distance(base, c), c.x, c.y))
        if geometry.touching(base, goal):
            moved.append((model.x, model.y))
            continue
        mates = [b for b in unit.bases() if b != base]
        to = inches.move_toward(base, goal, CLOSE_IN, [*others, *mates, *chargers])
        spot, used = forced_moves.step(res.game, unit, base, (to.x, to.y), CLOSE_IN)
        moved.append(spot)
        longest = max(longest, used)
    if longest > 0:
        res.emit(ev.UnitMoved(defender, "close_in", moved, round(longest, 3)))


def fear(res: Resolution, unit_id: str, other: str) -> None:
    """Fear (#Special Rules): a unit without it tests morale before fighting one with it; failed,
    it gets -1 to its attack rolls in this melee (and nothing more)."""
    if res.game.units[other].rule("Fear") and not res.game.units[unit_id].rule("Fear"):
        if not morale.roll(res, unit_id, f"morale test against the Fear of {other}"):
            res.emit(ev.FearFailed(unit_id))


def strike_back(res: Resolution) -> None:
    fought = res.game.melee
    assert fought is not None
    wounds = Wounds()
    if not res.game.units[fought.defender].destroyed:
        wounds = attacks.attack(res, fought.defender, fought.attacker, melee=True)
    if not casualties.due(res, fought.attacker, wounds, "melee_end"):
        finish(res)


def finish(res: Resolution) -> None:
    fought = res.game.melee
    assert fought is not None
    attacker, defender = res.game.units[fought.attacker], res.game.units[fought.defender]
    if not attacker.destroyed and not defender.destroyed:
        if fought.by_attacker < fought.by_defender:
            morale.test(res, attacker.id, in_melee=True)
        elif fought.by_defender < fought.by_attacker:
            morale.test(res, defender.id, in_melee=True)
    attacker, defender = res.game.units[fought.attacker], res.game.units[fought.defender]
    if not attacker.destroyed and not defender.destroyed:
        house = res.game.building(defender.inside)
        backed = [forced_moves.step(res.game, attacker, base, goal, BACK_OFF) for base, goal in zip(attacker.bases(), _backed_off(attacker, defender, house.polygon if house else None), strict=True)]
        res.emit(ev.UnitMoved(attacker.id, "back_off", [spot for spot, _ in backed], round(max(used for _, used in backed), 3)))
    res.emit(ev.MeleeEnded(fought.attacker, fought.defender, fought.by_attacker, fought.by_defender))
    left = [u for u in (attacker, defender) if not u.destroyed]
    if len(left) == 1 and not left[0].inside:  # a unit inside a building stays in it
        res.emit(ev.SurvivorMayMove(left[0].id))
    else:
        rounds.end_activation(res, fought.attacker)


def move_survivor(res: Resolution, command: cmd.MoveSurvivor) -> list:
    """#Melee: "the other may move by up to 3"": each model straight, checked as any move (the
    table, coherency, its way, 1" from other units); then the charger's activation ends."""
    survivor = res.game.survivor
    if command.unit != survivor:
        raise RuleError("no_survivor_move", rule(MELEE), params={"unit": command.unit, "survivor": survivor}, field="unit")
    unit = res.game.units[survivor]
    if command.positions:
        bases = geometry.placed(unit, command.positions, MELEE)
        longest = geometry.check_straight_move(res.game, unit, bases, SURVIVOR_MOVE, MELEE, "survive")
        res.emit(ev.UnitMoved(unit.id, "survive", [(b.x, b.y) for b in bases], round(longest, 3)))
    rounds.end_activation(res, res.game.active)
    return res.events


def _backed_off(attacker: Unit, defender: Unit, walls: tuple[tuple[float, float], ...] | None) -> list[tuple[float, float]]:
    """Where each model would be 1" straight away from the closest enemy model's centre, or from
    the nearest point of the walls of the building the defenders are in (#Solid Buildings); the
    way there is then a forced move (forced_moves.py)."""
    moved = []
    for model in attacker.models:
        if walls is not None:
            cx, cy = inches.nearest_on_outline((model.x, model.y), walls)
        else:
            closest = min(defender.models, key=lambda d: (math.hypot(d.x - model.x, d.y - model.y), d.id))
            cx, cy = closest.x, closest.y
        dx, dy = model.x - cx, model.y - cy
        length = math.hypot(dx, dy) or 1.0
        moved.append((model.x + BACK_OFF * dx / length, model.y + BACK_OFF * dy / length))
    return moved
