"""What a player reads of the table's measures (domain/systems/grimdark/geometry.py;
grimdark-future-1.5.md#General Principles, #Movement, #Solid Buildings, #Special Rules): the
refusals of a place off the table, in a building, incoherent, through or too near a unit, each
naming the section of the move that was refused, the model, the measure and the field; the units
that are not in the way (a Flyer's, one not deployed yet); and the ground within 3" of a marker
whose mystery made it difficult."""

from __future__ import annotations

import math
from typing import Any

import msgspec

from domain.kit.boards import inches
from domain.kit.boards.inches import Base
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import geometry
from tests.grimdark.game import BROOD, ORDER, SHALLOW, SPOTS, VANGUARD, Game, convoy_ready, row, with_rules
from tests.grimdark.test_buildings import prepared

PREPARATION = "grimdark-future-1.5.md#Preparation"
MOVEMENT = "grimdark-future-1.5.md#Movement"
SPECIAL = "grimdark-future-1.5.md#Special Rules"
BUILDINGS = "grimdark-future-1.5.md#Solid Buildings"
ACTIVATION = "grimdark-future-1.5.md#Activation"
#: The 30" deep test table is 72" wide; a 25 mm base's radius is 0.492", the Brood Mother's
#: 50 mm one's 0.984".
WIDTH, DEPTH, SMALL, LARGE = 72, 30, inches.base_radius_inches(25), inches.base_radius_inches(50)


def read(error: Any) -> tuple[str, str, dict, str | None]:
    """What a player reads of a refusal: its code, section, parameters and the field at fault."""
    return error.code, error.rule, error.params, error.field


def test_a_base_over_any_table_edge_is_off_the_table_naming_the_model_and_the_table():
    """#General Principles: the whole base on the table; its edge on the table's edge is on it."""
    game = Game()
    game.prepare()
    east = game.refused(cmd.Deploy(unit="captain-hale-morrow", positions=[(WIDTH - SMALL / 2, 10)]))
    assert read(east) == ("off_table", PREPARATION, {"model": "captain-hale-morrow-1", "x": WIDTH - SMALL / 2, "y": 10, "width": WIDTH, "depth": DEPTH}, "positions")
    assert game.refused(cmd.Deploy(unit="captain-hale-morrow", positions=[(SMALL / 2, 10)])).code == "off_table"
    assert game.refused(cmd.Deploy(unit="captain-hale-morrow", positions=[(10, SMALL / 2)])).code == "off_table"
    game.do(cmd.Deploy(unit="captain-hale-morrow", positions=[(WIDTH - SMALL, SMALL)]))
    north = game.refused(cmd.Deploy(unit="brood-mother", positions=[(4, DEPTH - LARGE / 2)]))
    assert read(north) == ("off_table", PREPARATION, {"model": "brood-mother-1", "x": 4, "y": DEPTH - LARGE / 2, "width": WIDTH, "depth": DEPTH}, "positions")
    game.do(cmd.Deploy(unit="brood-mother", positions=[(LARGE, DEPTH - LARGE)]))
    assert [(m.x, m.y) for m in game.unit("brood-mother").models] == [(LARGE, DEPTH - LARGE)]


def test_the_placement_refusals_name_the_field_of_the_positions():
    game = prepared()
    inside = game.refused(cmd.Deploy(unit="captain-hale-morrow", positions=[(20, 5)]))
    assert read(inside) == ("in_building", BUILDINGS, {"model": "captain-hale-morrow-1", "building": "blockhouse"}, "positions")
    spread = game.refused(cmd.Deploy(unit="vanguard-squad", positions=[(2, 2), (4, 2), (6, 2), (8, 2), (10, 2)]))
    assert read(spread) == ("not_coherent", MOVEMENT, {"unit": "vanguard-squad", "near": 2.0, "far": 6.0}, "positions")
    assert read(game.refused(cmd.Deploy(unit="captain-hale-morrow", positions=[]))) == ("wrong_model_count", PREPARATION, {"unit": "captain-hale-morrow", "models": 1, "given": 0}, "positions")
    game.do(cmd.Deploy(unit="captain-hale-morrow", positions=[(4, 10)]))
    game.do(cmd.Deploy(unit="brood-mother", positions=[(4, 20)]))
    near = game.refused(cmd.Deploy(unit="vanguard-squad", positions=row(5.5, 10, 5)))
    assert read(near) == ("too_close", MOVEMENT, {"unit": "vanguard-squad", "other": "captain-hale-morrow", "gap": 0.52, "keep": 1.0}, "positions")


def test_a_move_through_a_building_or_a_unit_names_them_and_the_positions():
    game = prepared()
    for unit_id in ("captain-hale-morrow", "brood-mother", "vanguard-squad", "spine-spitters", "ridge-squad", "bone-crushers", "mortar-team", "skitter-swarm", "dust-riders", "creeper-swarm"):
        x, y = SPOTS[unit_id]
        back = -1.5 if game.unit(unit_id).side == VANGUARD else 1.5
        places = {"ridge-squad": row(22, 10, 5), "mortar-team": row(22, 2, 3)}.get(unit_id) or row(x, y, len(game.unit(unit_id).models), 2.0 if unit_id == "bone-crushers" else 1.5, back)
        game.do(cmd.Deploy(unit=unit_id, positions=places))
    through = game.refused(cmd.Advance(unit="mortar-team", positions=row(22, 8, 3)))
    assert read(through) == ("through_building", BUILDINGS, {"unit": "mortar-team", "model": "mortar-team-1", "building": "blockhouse"}, "positions")
    squad = game.refused(cmd.Rush(unit="captain-hale-morrow", positions=[(14.25, 7.5)]))
    assert read(squad) == ("through_unit", MOVEMENT, {"unit": "captain-hale-morrow", "other": "vanguard-squad"}, "positions")


def _wind_step(pack: Any = SHALLOW, places: dict | None = None) -> Game:
    """Round 1, the Captain has cast (a 4) and may move the Vanguard Squad up to 6"."""
    game = Game(pack=pack)
    game.ready(places)
    game.do(cmd.Cast(unit="captain-hale-morrow"), 4)
    return game


def _spell(game: Game, positions: list) -> Any:
    return game.refused(cmd.CastSpell(unit="captain-hale-morrow", spell="Wind Step", target="vanguard-squad", positions=positions))


def test_a_spells_move_refused_names_the_spells_section_and_its_measure():
    """#Special Rules, Psychic(X), our move spell: measured to the hundredth, on the table,
    coherent, not through nor within 1" of another unit."""
    game = _wind_step(places={"vanguard-squad": row(2, 4, 5)})
    far = _spell(game, [(x + 3, y + 5.6) for x, y in row(2, 4, 5)])
    assert read(far) == ("too_far", SPECIAL, {"unit": "vanguard-squad", "action": "spell", "max": 6, "inches": 6.35}, "positions")
    off = _spell(game, [(x - 1.75, y) for x, y in row(2, 4, 5)])
    assert read(off) == ("off_table", SPECIAL, {"model": "vanguard-squad-1", "x": 0.25, "y": 4, "width": WIDTH, "depth": DEPTH}, "positions")
    spread = _spell(game, [(2, 4), (3.5, 4), (5, 4), (6.5, 4), (2, 7.5)])
    assert read(spread) == ("not_coherent", SPECIAL, {"unit": "vanguard-squad", "near": 2.0, "far": 6.0}, "positions")
    near = _spell(game, [(x, y + 4.5) for x, y in row(2, 4, 5)])
    assert (near.code, near.rule, near.params["other"]) == ("too_close", SPECIAL, "captain-hale-morrow")


#: The Captain just south of the Vanguard Squad's way 6" south: over two of its models' ways.
IN_THE_WAY = {"captain-hale-morrow": [(14.25, 6.5)]}
SOUTH = [(x, y - 6) for x, y in row(12, 10, 5)]


def test_a_spells_move_goes_round_a_unit_unless_the_unit_moved_flies():
    """#Special Rules, Flying: through units; a move spell moves the unit as its own move would."""
    walking = _wind_step(places=IN_THE_WAY)
    assert read(_spell(walking, SOUTH)) == ("through_unit", SPECIAL, {"unit": "vanguard-squad", "other": "captain-hale-morrow"}, "positions")
    flying = _wind_step(pack=with_rules("Vanguard Squad", rules=("Flying",)), places=IN_THE_WAY)
    flying.do(cmd.CastSpell(unit="captain-hale-morrow", spell="Wind Step", target="vanguard-squad", positions=SOUTH))
    flying.do(cmd.AllowSpell(side=BROOD))
    assert [(m.x, m.y) for m in flying.unit("vanguard-squad").models] == SOUTH


def test_a_flyer_is_not_in_the_way_of_a_move():
    """#Unit Types, Flyers: no physical interaction; the Convoy Squad advances past the Hawk
    Skimmer, over its base."""
    game = convoy_ready(inside=(), places={"hawk-skimmer": [(27.5, 5.0)], "convoy-squad": row(26, 11, 5)})
    game.do(cmd.Hold(unit="mule-carrier"))
    game.do(cmd.Hold(unit="brood-mother"))
    past = [(x, y - 9) for x, y in row(26, 11, 5)]
    game.do(cmd.Rush(unit="convoy-squad", positions=past))
    assert [(m.x, m.y) for m in game.unit("convoy-squad").models] == past


def test_units_still_to_deploy_are_nowhere_on_the_table():
    """Before its deployment a unit has no place: a unit may deploy in the corner where the others'
    models wait, and a Scout counts only the enemies deployed (#Special Rules, Scout)."""

    def scouting(unit: Any) -> Any:
        return msgspec.structs.replace(unit, rules=(*unit.rules, "Scout")) if unit.name in ("Dust Riders", "Skitter Swarm") else unit

    game = Game(pack=msgspec.structs.replace(SHALLOW, armies=tuple(msgspec.structs.replace(a, units=tuple(scouting(u) for u in a.units)) for a in SHALLOW.armies)))
    game.prepare()
    game.do(cmd.Deploy(unit="captain-hale-morrow", positions=[(SMALL, SMALL)]))
    for unit in ("brood-mother", "vanguard-squad", "spine-spitters", "ridge-squad", "bone-crushers", "mortar-team", "creeper-swarm"):
        x, y = SPOTS[unit]
        back = -1.5 if game.unit(unit).side == VANGUARD else 1.5
        game.do(cmd.Deploy(unit=unit, positions=row(x, y, len(game.unit(unit).models), 2.0 if unit == "bone-crushers" else 1.5, back)))
    game.do(cmd.RollOff(purpose="scouts"), 5, 2)
    near = game.refused(cmd.Deploy(unit="dust-riders", positions=row(44, 12, 4)))
    assert read(near) == ("scout_too_close", SPECIAL, {"unit": "dust-riders", "enemy": "creeper-swarm", "gap": 7.16, "min": 12.0}, "positions")
    game.do(cmd.Deploy(unit="dust-riders", positions=row(4, 4, 4)))
    assert [(m.x, m.y) for m in game.unit("dust-riders").models] == row(4, 4, 4)


def test_the_ground_within_3_inches_of_a_difficult_marker_holds_a_rush_to_6_inches():
    """#Mysterious Objectives: a 4 makes the ground within 3" of the marker at (36, 15) difficult
    (#Terrain, Difficult Terrain: a move through it goes at most 6"). The Captain rushes at the
    marker to 2.97" of it, base to point, where the ground is difficult; 3.1" away it is not."""
    angle = -7 * math.pi / 16  # midway between two corners of the marker's ring, where it is closest
    marker = (36, 15)

    def at(reach: float) -> tuple[float, float]:
        return (round(marker[0] + (reach + SMALL) * math.cos(angle), 3), round(marker[1] + (reach + SMALL) * math.sin(angle), 3))

    start = at(10)
    places = {"captain-hale-morrow": [start], "mortar-team": row(32, 11.5, 3), "dust-riders": row(50, 4, 4)}
    pack = msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=()) for m in SHALLOW.missions))
    game = Game(pack=pack, mysterious_objectives=True)
    game.ready(places)
    game.do(cmd.Advance(unit="mortar-team", positions=row(32, 13.5, 3)), 4)
    assert game.game.revealed == {"marker-1": "difficult"}
    game.do(cmd.Hold(unit="brood-mother"))
    inside = game.refused(cmd.Rush(unit="captain-hale-morrow", positions=[at(2.97)]))
    assert read(inside) == ("too_far", ACTIVATION, {"unit": "captain-hale-morrow", "action": "rush", "max": 6.0, "inches": 7.03}, "positions")
    game.do(cmd.Rush(unit="captain-hale-morrow", positions=[at(3.1)]))
    assert (game.unit("captain-hale-morrow").models[0].x, game.unit("captain-hale-morrow").models[0].y) == at(3.1)


def test_a_model_sets_off_from_a_hull_or_wall_straight_toward_its_place():
    """Getting out of a transport or a building (transports.exits, buildings.exits): the start is
    `offset` from the hull point toward the model's place, never past it."""
    assert geometry.toward((20, 8), Base(23, 12, radius=0.5), 2.5) == Base(21.5, 10.0, radius=0.5)
    assert geometry.toward((20, 8), Base(21, 8, radius=0.5), 3.0) == Base(21.0, 8.0, radius=0.5)
    assert geometry.toward((20, 8), Base(20, 8, radius=0.5), 1.0) == Base(20.0, 8.0, radius=0.5)


def test_each_dangerous_marker_crossed_in_one_move_counts_for_the_models_that_crossed_it():
    """#Mysterious Objectives: the Mortar Team comes within 3" of two markers 9.5" apart in one
    advance; both roll a 3, dangerous ground at once; the model that came near the first and the
    one that came near the second each roll for dangerous terrain, the one between them does not."""
    game = Game(mysterious_objectives=True)
    game.do(cmd.RollOff(purpose="deployment"), 5, 2)
    game.do(cmd.PickEdge(side=VANGUARD, edge="south"))
    game.do(cmd.RollOff(purpose="objectives"), 2, 4, 3)
    game.do(cmd.ChooseFirstMarker(side=VANGUARD, first=VANGUARD))
    for side, x in ((VANGUARD, 30), (BROOD, 39.5), (VANGUARD, 60)):
        game.do(cmd.PlaceMarker(side=side, x=x, y=15))
    for unit_id in ORDER:
        x, y = SPOTS[unit_id]
        back = -1.5 if game.unit(unit_id).side == VANGUARD else 1.5
        game.do(cmd.Deploy(unit=unit_id, positions=row(x, y, len(game.unit(unit_id).models), 2.0 if unit_id == "bone-crushers" else 1.5, back)))
    events = game.do(cmd.Advance(unit="mortar-team", positions=[(33.3, 15), (34.75, 15), (36.2, 15)]), 3, 3, 4, 5)
    assert game.game.revealed == {"marker-1": "dangerous", "marker-2": "dangerous"}
    rolls = [(e.purpose, e.results) for e in events if type(e).__name__ == "DiceRolled"]
    assert rolls[-1] == ("mortar-team: dangerous terrain", [4, 5])
