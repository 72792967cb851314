"""Activations (grimdark-future-1.5.md#Activation, #Movement): Hold (may shoot), Advance 6" (may
shoot after moving), Rush 12" (no shooting) or Charge 12" into melee; Fast and Slow change the
moves (the One Page Rules core's table). Every model moves in a straight line, the unit stays
coherent, keeps 1" from other units unless charging, and a Pinned unit spends the activation
idle: a Hold without shooting (#Morale)."""

from __future__ import annotations

from domain.errors import RuleError
from domain.kit import onepage
from domain.kit.boards import inches
from domain.systems.grimdark import attacks, buildings, casualties, dangerous, flyers, geometry, melee, morale, mysteries, rounds, sniper, transports
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.content import TerrainPiece
from domain.systems.grimdark.state import ROUNDS, Game, Unit, Wounds
from domain.systems.grimdark.versions import ONE_PAGE, rule

ACTIVATION, MOVEMENT = "Activation", "Movement"
#: #Terrain, Difficult Terrain: no more than 6" at a time, whatever the action.
DIFFICULT_CAP = 6.0


def activating(res: Resolution, unit_id: str) -> Unit:
    game = res.game
    if game.phase != ROUNDS:
        raise RuleError("wrong_phase", rule("Playing the Game"), params={"phase": game.phase, "expected": [ROUNDS]})
    unit = res.unit(unit_id)
    if unit.side != game.up:
        raise RuleError("not_your_turn", rule("Playing the Game"), params={"side": unit.side, "up": game.up})
    if unit.reserve:
        raise RuleError("in_reserve", rule("Special Rules"), params={"unit": unit.id})
    if unit.activated:
        raise RuleError("already_activated", rule("Playing the Game"), params={"unit": unit.id, "round": game.round})
    if game.active and game.active != unit.id:
        raise RuleError("activation_under_way", rule("Playing the Game"), params={"unit": unit.id, "active": game.active})
    return unit


def not_pinned(unit: Unit, action: str) -> None:
    if unit.pinned:
        raise RuleError("pinned", rule("Morale"), params={"unit": unit.id, "action": action})


def enemy(res: Resolution, unit: Unit, target_id: str, section: str) -> Unit:
    target = res.unit(target_id, section)
    if target.side == unit.side:
        raise RuleError("not_an_enemy", rule(section), params={"unit": unit.id, "target": target.id}, field="target")
    housed = buildings.housing(res.game, target) is not None
    if housed and section == "Melee":  # #Solid Buildings: a charge is at the building, not at a unit inside
        raise RuleError("charge_the_building", rule(buildings.BUILDINGS), params={"target": target.id, "building": target.inside}, field="target")
    if target.inside and not (housed and section == "Shooting"):  # shots reach a building's ports
        raise RuleError("target_inside", rule("Special Rules"), params={"target": target.id, "transport": target.inside}, field="target")
    return target


def move(res: Resolution, unit: Unit, action: str, positions: list[tuple[float, float]], charging: str = "") -> None:
    """Check the move and record it; `charging` is the target a charge may reach. A unit inside a
    transport gets out: each model measures from the transport (#Special Rules, Transport(X)).
    Never a flyer's: it only flies an Advance (`advance`), refused every other move
    (`flyers.check_action`)."""
    bases = geometry.placed(unit, positions, MOVEMENT)
    longest, starts = check_move(res.game, unit, action, bases, charging)
    if unit.inside:
        res.emit(ev.UnitDisembarked(unit.id, unit.inside))
    res.emit(ev.UnitMoved(unit.id, action, [(b.x, b.y) for b in bases], round(longest, 3)))
    entered = mysteries.reveal(res, unit)
    dangerous.moved(res, unit, geometry.crossed(res.game, unit, bases, starts))  # with what the move revealed
    mysteries.harm(res, unit, entered)


def check_move(game: Game, unit: Unit, action: str, bases: list[inches.Base], charging: str = "") -> tuple[float, list[inches.Base] | None]:
    """Every check of a move on the ground, the same whether the unit sets off from where it
    stands or gets out of a transport or a building (then from its hull or walls): the inches
    with climbs, Difficult Terrain's cap, on the table and off buildings, coherent, no way through
    a unit or a building, 1" from other units (#Movement, #Terrain, #Solid Buildings). Returns the
    longest model's inches and where the models set off when getting out (None: from their bases)."""
    house = buildings.housing(game, unit)
    if house is not None:
        longest, starts = buildings.disembark_gap(game, unit, house, bases), buildings.exits(house, bases)
    elif unit.inside:
        longest, starts = transports.disembark_gap(game, unit, bases), transports.exits(game, unit, bases)
    else:
        longest, starts = geometry.longest_move(game, unit, bases), None
    allowance = onepage.move_inches(ONE_PAGE, action, unit.rule)
    if any(p.difficult for p in geometry.crossed(game, unit, bases, starts)) and not (unit.rule("Strider") or unit.rule("Flying")):
        allowance = min(allowance, DIFFICULT_CAP)  # #Terrain, Difficult Terrain
    if not inches.at_most(longest, allowance):
        raise RuleError("too_far", rule(ACTIVATION), params={"unit": unit.id, "action": action, "max": allowance, "inches": round(longest, 2)}, field="positions")
    geometry.check_on_table(game, unit, bases, MOVEMENT)
    geometry.check_coherent(unit, bases)
    if not unit.rule("Flying"):  # #Special Rules, Flying: through units and obstacles
        geometry.check_path(game, unit, bases, MOVEMENT, allowed=unit.inside, starts=starts)  # out of its own transport
    geometry.check_apart(game, unit, bases, MOVEMENT, allowed=charging or unit.inside)
    return longest, starts


def shoot(res: Resolution, unit: Unit, target_id: str, sniped: str) -> None:
    """All models in range and in sight fire all their weapons at one target (#Shooting); the
    wounds of Sniper weapons go on the model `sniped` when one is named."""
    target = enemy(res, unit, target_id, "Shooting")
    reach = attacks.weapons_that_reach(res, unit.id, target.id, melee=False)
    if not reach:
        raise RuleError("no_shot", rule("Shooting"), params={"unit": unit.id, "target": target.id}, field="target")
    if sniped:
        sniper.check(unit, target, sniped, reach)
    wounds = attacks.attack(res, unit.id, target.id, melee=False)
    left = sniper.hit_picked(res, target.id, sniped, wounds)
    if not casualties.due(res, target.id, left, "end"):
        after_shooting(res, target.id, wounds)


def shoot_or_end(res: Resolution, unit_id: str, target: str, sniped: str) -> None:
    """Hold and Advance may shoot (#Activation); without a target the activation ends here."""
    if target:
        shoot(res, res.game.units[unit_id], target, sniped)
    elif sniped:
        raise RuleError("no_sniper", rule("Special Rules"), params={"unit": unit_id, "target": ""}, field="sniped")
    else:
        rounds.end_activation(res, unit_id)


def after_shooting(res: Resolution, target_id: str, wounds: Wounds) -> None:
    if wounds.count:
        morale.after_wounds(res, target_id)
    rounds.end_activation(res, res.game.active)


def hold(res: Resolution, command: cmd.Hold) -> list:
    unit = activating(res, command.unit)
    flyers.check_action(unit, "hold")
    if command.target:
        not_pinned(unit, "shoot")
        if buildings.housing(res.game, unit) is None:
            transports.check_inside(unit, "shoot")
        buildings.check_may_shoot(res.game, unit)
    res.emit(ev.UnitMoved(unit.id, "hold", [(m.x, m.y) for m in unit.models], 0.0))
    if not unit.inside:  # off the table, it activates in no terrain
        dangerous.moved(res, unit, geometry.crossed(res.game, unit, unit.bases()))
    shoot_or_end(res, unit.id, command.target, command.sniped)
    return res.events


def advance(res: Resolution, command: cmd.Advance) -> list:
    unit = activating(res, command.unit)
    not_pinned(unit, "advance")
    if unit.profile.flyer:
        if flyers.fly(res, unit, geometry.placed(unit, command.positions, MOVEMENT), command.back):
            flyers.check_no_shot(unit, command.target or command.sniped)
            rounds.end_activation(res, unit.id)
            return res.events
    else:
        if command.back:
            raise RuleError("flyer_not_off_table", rule("Unit Types"), params={"unit": unit.id}, field="back")
        move(res, unit, "advance", command.positions)
    shoot_or_end(res, unit.id, command.target, command.sniped)
    return res.events


def rush(res: Resolution, command: cmd.Rush) -> list:
    unit = activating(res, command.unit)
    not_pinned(unit, "rush")
    flyers.check_action(unit, "rush")
    transports.check_inside(unit, "rush")
    move(res, unit, "rush", command.positions)
    rounds.end_activation(res, unit.id)
    return res.events


def charge(res: Resolution, command: cmd.Charge) -> list:
    """#Movement: a Charge must bring at least one model into base contact with the target."""
    unit = activating(res, command.unit)
    not_pinned(unit, "charge")
    flyers.check_action(unit, "charge")
    transports.check_inside(unit, "charge")
    building = buildings.building(res.game, command.target)
    if building is not None:
        storm(res, unit, building, command.positions)
        return res.events
    target = enemy(res, unit, command.target, "Melee")
    flyers.check_target(unit, target)
    move(res, unit, "charge", command.positions, charging=target.id)
    moved = res.game.units[unit.id]
    if not any(geometry.touching(a, b) for a in moved.bases() for b in target.bases()):
        raise RuleError("no_contact", rule(MOVEMENT), params={"unit": unit.id, "target": target.id}, field="positions")
    melee.fight(res, unit.id, target.id)
    return res.events


def storm(res: Resolution, unit: Unit, building: TerrainPiece, positions: list[tuple[float, float]]) -> None:
    """#Solid Buildings: a charge at a building moves the chargers into base contact with it and
    fights one enemy unit inside: the only one, or the one the defender picks (`DefendBuilding`)."""
    inside = buildings.charged(res, unit, building)
    move(res, unit, "charge", positions)
    if not buildings.in_contact(res.game, unit, building):
        raise RuleError("no_contact", rule(MOVEMENT), params={"unit": unit.id, "target": building.id}, field="positions")
    if len(inside) == 1:
        melee.fight(res, unit.id, inside[0].id)
    else:
        res.emit(ev.BuildingCharged(unit.id, building.id, [u.id for u in inside]))


def defend(res: Resolution, command: cmd.DefendBuilding) -> list:
    """The defender's pick of the unit inside the charged building that fights (#Solid Buildings)."""
    attacker = buildings.check_defender(res.game, command)
    melee.fight(res, attacker, command.unit)
    return res.events


def embark(res: Resolution, command: cmd.Embark) -> list:
    """#Special Rules, Transport(X): the unit's action is to move into contact and get in; a
    solid building takes units the same way (#Solid Buildings)."""
    unit = activating(res, command.unit)
    not_pinned(unit, "embark")
    flyers.check_action(unit, "embark")
    building = buildings.building(res.game, command.transport)
    if building is not None:
        transports.check_inside(unit, "embark")
        buildings.embark(res, unit, building)
    else:
        transports.embark(res, command, unit)
    rounds.end_activation(res, unit.id)
    return res.events
