"""Folding Grimdark Future's events into the battle: the one function the write side, every
projection and every replay use."""

from __future__ import annotations

import re

import msgspec

from domain.kit.folding import folder
from domain.systems.grimdark import events as ev
from domain.systems.grimdark import joining
from domain.systems.grimdark.content import BARE_HANDS, LASTING_SPELLS, Army
from domain.systems.grimdark.state import (
    DEPLOYMENT,
    DEPLOYMENT_ROLL_OFF,
    EDGE,
    EDGES,
    FIRST_MARKER,
    MARKERS,
    MISSION_ROLL,
    OBJECTIVE_ROLL_OFF,
    OVER,
    ROUNDS,
    SCOUT_ROLL_OFF,
    Casting,
    Casualties,
    Game,
    Marker,
    Melee,
    Model,
    Storm,
    Unit,
)

replace = msgspec.structs.replace


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _set_up(event: ev.MissionSetUp) -> Game:
    sides = event.sides or [[a.id] for a in event.armies]
    side_of = {army: side[0] for side in sides for army in side}
    units: dict[str, Unit] = {}
    for army in event.armies:
        units.update(_units(army, side_of[army.id], set(units)))
    phase = MISSION_ROLL if event.table else DEPLOYMENT_ROLL_OFF
    spells = {army.id: army.spells for army in event.armies}
    return Game(
        event.rules, event.mission, tuple(side[0] for side in sides), units, phase, tuple(event.table), spells=spells, mysteries=tuple(event.mysteries), solo=event.solo, points=event.points
    )


def _list_taken(game: Game, event: ev.ArmyListTaken) -> Game:
    """The seat's units give way to the list's, numbered apart from every other army's."""
    army = event.army
    side = next(u.side for u in game.units.values() if u.army == army.id)
    kept = {k: u for k, u in game.units.items() if u.army != army.id}
    units = {**kept, **_units(army, side, set(kept))}
    warnings = {k: v for k, v in game.list_warnings.items() if k != army.id} | ({army.id: tuple(event.warnings)} if event.warnings else {})
    return replace(game, units=units, spells={**game.spells, army.id: army.spells}, list_warnings=dict(sorted(warnings.items())))


def _mission_rolled(game: Game, event: ev.MissionRolled) -> Game:
    return replace(game, mission=game.table[event.face - 1], table=(), phase=DEPLOYMENT_ROLL_OFF)


def _units(army: Army, side: str, taken: set[str]) -> dict[str, Unit]:
    """Units by a readable id (their name, numbered when two share one); models `<unit>-1`, ..."""
    units = {}
    for profile in army.units:
        unit_id, n = slug(profile.name), 1
        while unit_id in taken or unit_id in units:
            n += 1
            unit_id = f"{slug(profile.name)}-{n}"
        groups = [g for g in profile.models for _ in range(g.count)]
        models = tuple(
            Model(f"{unit_id}-{k}", group.name, group.weapons if any(w.melee for w in group.weapons) else (*group.weapons, BARE_HANDS))
            for k, group in enumerate(groups, 1)
        )
        units[unit_id] = Unit(unit_id, side, army.id, profile, models, size=len(models))
    return units


def _unit(game: Game, unit_id: str, **changes: object) -> Game:
    return replace(game, units={**game.units, unit_id: replace(game.units[unit_id], **changes)})


def _placed(unit: Unit, positions: list[tuple[float, float]]) -> tuple[Model, ...]:
    return tuple(replace(m, x=x, y=y) for m, (x, y) in zip(unit.models, positions, strict=True))


def _rolled_off(game: Game, event: ev.RolledOff) -> Game:
    if event.purpose == "deployment":
        return replace(game, phase=EDGE, deploys_first=event.winner, up=event.winner)
    if event.purpose == "scouts":
        return replace(game, phase=DEPLOYMENT, up=event.winner)
    return replace(game, phase=FIRST_MARKER, up=event.winner)


def _edge(game: Game, event: ev.EdgePicked) -> Game:
    other = next(e for e in EDGES if e != event.edge)
    return replace(game, phase=OBJECTIVE_ROLL_OFF, edges={event.side: event.edge, game.other(event.side): other}, up="")


def _counted(game: Game, event: ev.MarkersCounted) -> Game:
    return replace(game, markers_due=event.count)


def _first_marker(game: Game, event: ev.FirstMarkerChosen) -> Game:
    return replace(game, phase=MARKERS, up=event.first)


def _marker(game: Game, event: ev.MarkerPlaced) -> Game:
    """A side's marker passes the turn to the other; the mission's own (no side) pass nothing."""
    owner = event.side if game.mission.objective == "sabotage" else ""
    markers = (*game.markers, Marker(event.marker, event.x, event.y, owner=owner))
    if len(markers) < game.markers_due:
        return replace(game, markers=markers, up=game.other(event.side) if event.side else game.up)
    return replace(game, markers=markers, phase=DEPLOYMENT, up=game.deploys_first)


def _deployed(game: Game, event: ev.UnitDeployed) -> Game:
    unit = joining.merged(game.units[event.unit], [game.units[u] for u in event.joined])
    units = {k: v for k, v in game.units.items() if k not in event.joined}
    placed = replace(unit, models=_placed(unit, event.positions), deployed=True, inside=event.transport, reserve=event.reserve)
    game = replace(game, units={**units, unit.id: placed})
    order = (game.other(unit.side), unit.side)
    regular = [s for s in order if any(not u.deployed and not u.scout for u in game.of_side(s))]
    if regular:
        return replace(game, up=regular[0])
    scouts = [s for s in order if any(not u.deployed for u in game.of_side(s))]
    if len(scouts) == 2 and not any(u.scout and u.deployed for u in game.units.values()):
        return replace(game, phase=SCOUT_ROLL_OFF, up="")
    return replace(game, up=scouts[0] if scouts else "")


def _round(game: Game, event: ev.RoundStarted) -> Game:
    units = {k: replace(u, activated=False, cast=False, dispelled=False) for k, u in game.units.items()}
    game = replace(game, phase=ROUNDS, units=units, round=event.round, up=event.first, finished_first="")
    other = game.other(event.first)
    return game if game.ready(event.first) or not game.ready(other) else replace(game, up=other)


def _revealed(game: Game, event: ev.MysteryRevealed) -> Game:
    return replace(game, revealed={**game.revealed, event.place: event.effect})


def _moved(game: Game, event: ev.UnitMoved) -> Game:
    """A unit's own action makes it the active unit; defenders closing in on a charge and the
    survivors of a destroyed transport or of a melee do not. The units inside a transport go where it goes."""
    unit = game.units[event.unit]
    game = _unit(game, event.unit, models=_placed(unit, event.positions))
    if event.positions:
        riders = [u for u in game.units.values() if u.inside == event.unit]
        for rider in riders:
            game = _unit(game, rider.id, models=_placed(rider, [event.positions[0]] * len(rider.models)))
    if event.action in ("close_in", "bail_out", "ambush_shift", "survive", "spell"):
        return replace(game, shifting="") if event.action == "ambush_shift" else game
    return replace(game, active=event.unit, casting=None)


def _embarked(game: Game, event: ev.UnitEmbarked) -> Game:
    """Into a transport (its first model's place) or a solid building (its own spot)."""
    unit, building = game.units[event.unit], game.building(event.transport)
    transport = game.units[event.transport].models[0] if building is None else None
    spot = building.spot() if building is not None else (transport.x, transport.y)
    return _unit(game, event.unit, inside=event.transport, models=_placed(unit, [spot] * len(unit.models)))


def _ambush_rolled(game: Game, event: ev.AmbushRolled) -> Game:
    return _unit(game, event.unit, arriving=event.arrives)


def _arrived(game: Game, event: ev.UnitArrived) -> Game:
    unit = game.units[event.unit]
    return _unit(game, event.unit, models=_placed(unit, event.positions), reserve=False, arriving=False)


def _shift_rolled(game: Game, event: ev.AmbushShiftRolled) -> Game:
    return replace(game, shifting=event.unit if event.allowed else "")


def _disembarked(game: Game, event: ev.UnitDisembarked) -> Game:
    return _unit(game, event.unit, inside="")


def _due(game: Game, event: ev.CasualtiesDue) -> Game:
    return replace(game, pending=Casualties(event.unit, event.wounds, event.then, event.deadly))


def _wounded(game: Game, event: ev.ModelWounded) -> Game:
    unit = game.units[event.unit]
    models = tuple(replace(m, wounds=m.wounds + event.wounds) if m.id == event.model else m for m in unit.models)
    return _unit(game, event.unit, models=models)


def _removed(game: Game, event: ev.ModelRemoved) -> Game:
    unit = game.units[event.unit]
    model = unit.model(event.model)
    assert model is not None
    game = _unit(game, event.unit, models=tuple(m for m in unit.models if m.id != event.model))
    return _drop(game, event.unit, model.x, model.y) if game.units[event.unit].destroyed else game


def _drop(game: Game, unit_id: str, x: float, y: float) -> Game:
    """#Missions, Relic Hunt: a destroyed carrier drops its marker on the spot."""
    markers = tuple(replace(m, carrier="", x=x, y=y) if m.carrier == unit_id else m for m in game.markers)
    return replace(game, markers=markers)


def _picked_up(game: Game, event: ev.MarkerPickedUp) -> Game:
    return replace(game, markers=tuple(replace(m, carrier=event.unit) if m.id == event.marker else m for m in game.markers))


def _destroyed(game: Game, event: ev.MarkerDestroyed) -> Game:
    return replace(game, markers=tuple(replace(m, destroyed=True) if m.id == event.marker else m for m in game.markers))


def _melee_started(game: Game, event: ev.MeleeStarted) -> Game:
    return replace(game, melee=Melee(event.attacker, event.defender), storming=None)


def _building_charged(game: Game, event: ev.BuildingCharged) -> Game:
    return replace(game, storming=Storm(event.unit, event.building))


def _afraid(game: Game, event: ev.FearFailed) -> Game:
    assert game.melee is not None
    return replace(game, melee=replace(game.melee, afraid=(*game.melee.afraid, event.unit)))


def _attacked(game: Game, event: ev.AttackResolved) -> Game:
    """In a melee, count the wounds each side caused (#Melee: the side that caused fewer tests).
    A piece of terrain's hits (#Mysterious Terrain) are no unit's."""
    if event.unit not in game.units:
        return game
    game = _spend(game, event)
    melee = game.melee
    if melee is None:
        return game
    if event.unit == melee.attacker:
        return replace(game, melee=replace(melee, by_attacker=melee.by_attacker + event.wounds))
    return replace(game, melee=replace(melee, by_defender=melee.by_defender + event.wounds))


def _spend(game: Game, event: ev.AttackResolved) -> Game:
    unit = game.units[event.unit]
    limited = any(w.name == event.weapon and w.rule("Limited") for m in unit.models for w in m.weapons)
    return _unit(game, unit.id, spent=(*unit.spent, event.weapon)) if limited and event.weapon not in unit.spent else game


def _taken(game: Game, event: ev.CasualtiesTaken) -> Game:
    return replace(game, pending=None)


def _pinned(game: Game, event: ev.UnitPinned) -> Game:
    return _unit(game, event.unit, pinned=True)


def _routed(game: Game, event: ev.UnitRouted) -> Game:
    first = game.units[event.unit].models[0]
    return _drop(_unit(game, event.unit, models=()), event.unit, first.x, first.y)


def _melee_ended(game: Game, event: ev.MeleeEnded) -> Game:
    return replace(game, melee=None)


def _survivor_may_move(game: Game, event: ev.SurvivorMayMove) -> Game:
    return replace(game, survivor=event.unit)


def _psychic_rolled(game: Game, event: ev.PsychicRolled) -> Game:
    return replace(_unit(game, event.unit, cast=True), active=event.unit, casting=Casting(event.unit, event.highest))


def _spell_cast(game: Game, event: ev.SpellCast) -> Game:
    assert game.casting is not None
    spell = next(s for s in game.spells[game.units[event.unit].army] if s.name == event.spell)
    return replace(game, casting=replace(game.casting, spell=spell, target=event.target, positions=tuple(event.positions)))


def _dispel_tried(game: Game, event: ev.DispelTried) -> Game:
    game = _unit(game, event.unit, dispelled=True)
    return replace(game, casting=None) if event.blocked else game


def _spell_took_effect(game: Game, event: ev.SpellTookEffect) -> Game:
    """A lasting effect stays on its target until the end of its next activation."""
    game = replace(game, casting=None)
    if event.effect in LASTING_SPELLS:
        target = game.units[event.target]
        game = _unit(game, event.target, spelled=tuple(sorted({*target.spelled, event.effect})))
    return game


def _ended(game: Game, event: ev.ActivationEnded) -> Game:
    """#Playing the Game: sides alternate; a side with no unit left waits while the other goes on."""
    unit = game.units[event.unit]
    game = replace(_unit(game, event.unit, activated=True, pinned=False, spelled=()), active="", pending=None, survivor="")
    finished = game.finished_first or (unit.side if not game.ready(unit.side) else "")
    other = game.other(unit.side)
    up = other if game.ready(other) else unit.side if game.ready(unit.side) else ""
    return replace(game, up=up, finished_first=finished)


def _round_ended(game: Game, event: ev.RoundEnded) -> Game:
    return game


def _battle_ended(game: Game, event: ev.BattleEnded) -> Game:
    return replace(game, phase=OVER, up="", seized=event.seized, outcome=event.outcome)


_HANDLERS = {
    ev.ArmyListTaken: _list_taken,
    ev.MissionRolled: _mission_rolled,
    ev.RolledOff: _rolled_off,
    ev.EdgePicked: _edge,
    ev.MarkersCounted: _counted,
    ev.FirstMarkerChosen: _first_marker,
    ev.MarkerPlaced: _marker,
    ev.MarkerPickedUp: _picked_up,
    ev.MarkerDestroyed: _destroyed,
    ev.UnitDeployed: _deployed,
    ev.UnitEmbarked: _embarked,
    ev.UnitDisembarked: _disembarked,
    ev.BuildingCharged: _building_charged,
    ev.AmbushRolled: _ambush_rolled,
    ev.UnitArrived: _arrived,
    ev.AmbushShiftRolled: _shift_rolled,
    ev.RoundStarted: _round,
    ev.UnitMoved: _moved,
    ev.MysteryRevealed: _revealed,
    ev.MeleeStarted: _melee_started,
    ev.FearFailed: _afraid,
    ev.AttackResolved: _attacked,
    ev.CasualtiesTaken: _taken,
    ev.CasualtiesDue: _due,
    ev.ModelWounded: _wounded,
    ev.ModelRemoved: _removed,
    ev.MoraleTested: lambda game, event: game,
    ev.UnitPinned: _pinned,
    ev.UnitRouted: _routed,
    ev.MeleeEnded: _melee_ended,
    ev.SurvivorMayMove: _survivor_may_move,
    ev.PsychicRolled: _psychic_rolled,
    ev.SpellCast: _spell_cast,
    ev.DispelTried: _dispel_tried,
    ev.SpellTookEffect: _spell_took_effect,
    ev.ActivationEnded: _ended,
    ev.RoundEnded: _round_ended,
    ev.BattleEnded: _battle_ended,
}

evolve = folder("grimdark-future", ev.MissionSetUp, _set_up, _HANDLERS)
