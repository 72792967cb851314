"""grimdark-future-1.5.md#Solid Buildings with known dice: a blockhouse in the Vanguard's zone of
the 30" test table with Transport(11) seats and firing ports; squads deployed inside, shooting
out of its topmost port, shot at through its ports in cover, getting in and out as with a
transport, and charged (one unit inside fights, the defender's pick when several are in)."""

from __future__ import annotations

import msgspec

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.content import Port, TerrainPiece
from service import i18n
from tests.grimdark.game import BROOD, CONVOY, ORDER, SHALLOW, SPOTS, VANGUARD, Game, row, with_rules

BUILDINGS = "grimdark-future-1.5.md#Solid Buildings"
#: 10" x 3" south of the Ridge Squad's spot; its topmost port at (23, 7) in the north wall, 3" up,
#: and a low one in the west wall.
BLOCKHOUSE = TerrainPiece("blockhouse", ((18, 4), (28, 4), (28, 7), (18, 7)), height=4, transport=11, ports=(Port(23, 7, 3), Port(18, 5.5, 1)))
#: The Skitter Swarm and the Bone Crushers swap places, so the swarm's charge reaches the blockhouse.
SWARM_NEAR = {"skitter-swarm": row(20, 19, 8, back=1.5), "bone-crushers": row(40, 20, 3, 2.0, 1.5)}


def prepared(piece: TerrainPiece = BLOCKHOUSE, more: tuple[TerrainPiece, ...] = (), pack: object = SHALLOW, **options: object) -> Game:
    """The preparation played with `piece` (and `more`) on the table of `pack`, the units still
    to deploy."""
    pack = msgspec.structs.replace(pack, missions=tuple(msgspec.structs.replace(m, terrain=(piece, *more)) for m in pack.missions))
    game = Game(pack=pack, **options)
    game.prepare()
    return game


def ready(piece: TerrainPiece = BLOCKHOUSE, inside: tuple[str, ...] = ("ridge-squad",), places: dict | None = None, more: tuple[TerrainPiece, ...] = (), **options: object) -> Game:
    """Deployed as `Game.ready` does, with `piece` (and `more`) on the table and the units `inside` in it."""
    game = prepared(piece, more, **options)
    for unit_id in ORDER:
        if unit_id in inside:
            game.do(cmd.Deploy(unit=unit_id, positions=[], transport=piece.id))
            continue
        x, y = SPOTS[unit_id]
        back = -1.5 if game.unit(unit_id).side == VANGUARD else 1.5
        gap = 2.0 if unit_id == "bone-crushers" else 1.5
        game.do(cmd.Deploy(unit=unit_id, positions=(places or {}).get(unit_id) or row(x, y, len(game.unit(unit_id).models), gap, back)))
    return game


def _shots(events):
    return [e for e in events if isinstance(e, ev.AttackResolved)]


def test_a_squad_deploys_inside_and_stands_at_the_topmost_port_off_the_table():
    game = ready()
    assert (game.unit("ridge-squad").inside, game.unit("ridge-squad").bases()) == ("blockhouse", [])
    assert {(m.x, m.y) for m in game.unit("ridge-squad").models} == {(23.0, 7.0)}
    deployed = [e for e in game.events if isinstance(e, ev.UnitDeployed) and e.unit == "ridge-squad"]
    assert deployed == [ev.UnitDeployed("ridge-squad", [(23.0, 7.0)] * 5, [], "blockhouse")]


def test_deploying_inside_is_refused_past_its_seats_outside_the_zone_or_held_by_the_enemy():
    shed = msgspec.structs.replace(BLOCKHOUSE, transport=6)
    game = prepared(shed)
    game.do(cmd.Deploy(unit="captain-hale-morrow", positions=[(4, 10)]))
    game.do(cmd.Deploy(unit="brood-mother", positions=[(4, 20)]))
    game.do(cmd.Deploy(unit="vanguard-squad", positions=[], transport="blockhouse"))
    held = game.refused(cmd.Deploy(unit="spine-spitters", positions=[], transport="blockhouse"))
    assert (held.code, held.rule, held.params) == ("building_held", BUILDINGS, {"building": "blockhouse", "units": ["vanguard-squad"]})
    game.do(cmd.Deploy(unit="spine-spitters", positions=row(12, 20, 5, back=1.5)))
    full = game.refused(cmd.Deploy(unit="ridge-squad", positions=[], transport="blockhouse"))
    assert (full.code, full.rule, full.params) == ("transport_full", BUILDINGS, {"transport": "blockhouse", "capacity": 6, "taken": 5, "models": 5})
    on_it = game.refused(cmd.Deploy(unit="ridge-squad", positions=row(20, 7, 5)))
    assert (on_it.code, on_it.rule, on_it.params) == ("in_building", BUILDINGS, {"model": "ridge-squad-1", "building": "blockhouse"})


def test_a_building_outside_the_units_zone_takes_no_unit_at_deployment():
    outpost = msgspec.structs.replace(BLOCKHOUSE, polygon=((30, 13), (36, 13), (36, 16), (30, 16)), ports=())
    game = prepared(outpost)
    game.do(cmd.Deploy(unit="captain-hale-morrow", positions=[(4, 10)]))
    game.do(cmd.Deploy(unit="brood-mother", positions=[(4, 20)]))
    far = game.refused(cmd.Deploy(unit="vanguard-squad", positions=[], transport="blockhouse"))
    assert (far.code, far.params["edge"]) == ("outside_zone", "south")


def test_the_squad_inside_shoots_from_the_topmost_port_and_is_shot_at_in_cover():
    """Out of the port: Shredder 4, 1 to hit, 1 to wound; Long Rifles 1, 1, 1, 4, then 3: one
    wound. Back at it: eight Spine Rifle shots need 5+ (cover -1): 5, 5, 6 hit, 4, 4, 1 wound 2."""
    game = ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Hold(unit="brood-mother"))
    out = game.do(cmd.Hold(unit="ridge-squad", target="spine-spitters"), 4, 1, 1, 1, 1, 1, 4, 3)
    assert _shots(out) == [
        ev.AttackResolved("ridge-squad", "Shredder", "spine-spitters", 2, 1, 0),
        ev.AttackResolved("ridge-squad", "Long Rifle", "spine-spitters", 4, 1, 1),
    ]
    game.do(cmd.RemoveCasualties(unit="spine-spitters", models=["spine-spitters-5"]))
    back = game.do(cmd.Hold(unit="spine-spitters", target="ridge-squad"), 4, 4, 4, 4, 5, 5, 6, 1, 4, 4, 1)
    assert _shots(back) == [ev.AttackResolved("spine-spitters", "Spine Rifle", "ridge-squad", 8, 3, 2)]
    assert back[-1] == ev.CasualtiesDue("ridge-squad", 2, "end")


def test_nobody_shoots_through_a_wall_without_a_port_and_a_building_without_ports_holds_its_fire():
    south = ready(msgspec.structs.replace(BLOCKHOUSE, ports=(Port(23, 4, 3),)))
    south.do(cmd.Hold(unit="captain-hale-morrow"))
    south.do(cmd.Hold(unit="brood-mother"))
    assert south.refused(cmd.Hold(unit="ridge-squad", target="spine-spitters")).code == "no_shot"
    blind = ready(msgspec.structs.replace(BLOCKHOUSE, ports=()))
    blind.do(cmd.Hold(unit="captain-hale-morrow"))
    blind.do(cmd.Hold(unit="brood-mother"))
    refused = blind.refused(cmd.Hold(unit="ridge-squad", target="spine-spitters"))
    assert (refused.code, refused.rule, refused.params) == ("no_firing_port", BUILDINGS, {"unit": "ridge-squad", "building": "blockhouse"})
    blind.do(cmd.Hold(unit="ridge-squad"))
    assert blind.refused(cmd.Hold(unit="spine-spitters", target="ridge-squad")).code == "no_shot"


def test_a_squad_gets_out_with_an_advance_measured_from_the_walls_and_not_into_them():
    game = ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Hold(unit="brood-mother"))
    far = game.refused(cmd.Advance(unit="ridge-squad", positions=row(19, 14, 5)))
    assert (far.code, far.params) == ("too_far", {"unit": "ridge-squad", "action": "advance", "max": 6.0, "inches": 6.51})
    into = game.refused(cmd.Advance(unit="ridge-squad", positions=row(19, 6, 5)))
    assert (into.code, into.rule) == ("in_building", BUILDINGS)
    out = game.do(cmd.Advance(unit="ridge-squad", positions=row(19, 9, 5)))
    assert out[:2] == [ev.UnitDisembarked("ridge-squad", "blockhouse"), ev.UnitMoved("ridge-squad", "advance", row(19, 9, 5), 1.508)]
    assert game.unit("ridge-squad").inside == "" and len(game.unit("ridge-squad").bases()) == 5


#: Along the blockhouse's north wall, 1.5" from it: a step 1" high.
STEP = TerrainPiece("step", ((18, 8.5), (28, 8.5), (28, 10), (18, 10)), height=1, elevated=True)


def test_getting_out_of_a_building_counts_the_climbs_on_the_way_from_its_walls():
    """Onto the step at y 9: 1.508" from the wall and 1" up, 2.508" of the Advance's 6"; past it
    at y 12.5, 5.008" from the wall and 1" up and down: 7.008"."""
    game = ready(more=(STEP,))
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Hold(unit="brood-mother"))
    far = game.refused(cmd.Advance(unit="ridge-squad", positions=row(19, 12.5, 5)))
    assert (far.code, far.params) == ("too_far", {"unit": "ridge-squad", "action": "advance", "max": 6.0, "inches": 7.01})
    out = game.do(cmd.Advance(unit="ridge-squad", positions=row(19, 9, 5)))
    assert out[1] == ev.UnitMoved("ridge-squad", "advance", row(19, 9, 5), 2.508)


def test_a_unit_gets_in_by_reaching_the_walls_within_a_rush():
    game = ready()
    far = game.refused(cmd.Embark(unit="captain-hale-morrow", transport="blockhouse"))
    assert (far.code, far.params) == ("too_far", {"unit": "captain-hale-morrow", "action": "embark", "max": 12.0, "inches": 13.83})
    assert game.do(cmd.Embark(unit="vanguard-squad", transport="blockhouse")) == [ev.UnitEmbarked("vanguard-squad", "blockhouse"), ev.ActivationEnded("vanguard-squad")]
    assert {(m.x, m.y) for m in game.unit("vanguard-squad").models} == {(23.0, 7.0)}


def test_no_move_goes_through_a_building():
    game = ready(places={"mortar-team": [(29, 4), (29, 5.5), (29, 7)]})
    refused = game.refused(cmd.Rush(unit="mortar-team", positions=[(17, 4), (17, 5.5), (17, 7)]))
    assert (refused.code, refused.rule, refused.params) == ("through_building", BUILDINGS, {"unit": "mortar-team", "model": "mortar-team-1", "building": "blockhouse"})


def test_a_charge_at_the_building_fights_the_one_unit_inside_from_its_walls():
    """Every Skitter within 2" of the walls strikes: 8 Fangs at 5+, 5 and 5 hit, 4 wounds; the
    four Ridge troopers left strike back from inside: 4, 4, 4 hit, 3 and 3 wound. The swarm
    caused fewer wounds and tests morale: 5 passes."""
    game = ready(places=SWARM_NEAR)
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    at_unit = game.refused(cmd.Charge(unit="skitter-swarm", target="ridge-squad", positions=row(20, 7.492, 8, back=1.5)))
    assert (at_unit.code, at_unit.rule, at_unit.params) == ("charge_the_building", BUILDINGS, {"target": "ridge-squad", "building": "blockhouse"})
    charge = cmd.Charge(unit="skitter-swarm", target="blockhouse", positions=row(20, 7.492, 8, back=1.5))
    events = game.do(charge, 5, 5, 1, 1, 1, 1, 1, 1, 4, 1)
    assert ev.MeleeStarted("skitter-swarm", "ridge-squad") in events
    assert _shots(events) == [ev.AttackResolved("skitter-swarm", "Fangs", "ridge-squad", 8, 2, 1)]
    back = game.do(cmd.RemoveCasualties(unit="ridge-squad", models=["ridge-squad-5"]), 4, 4, 4, 1, 3, 3, 1)
    assert _shots(back) == [ev.AttackResolved("ridge-squad", "Bayonet", "skitter-swarm", 4, 3, 2)]
    end = game.do(cmd.RemoveCasualties(unit="skitter-swarm", models=["skitter-swarm-8", "skitter-swarm-7"]), 5)
    assert [e for e in end if isinstance(e, (ev.MoraleTested, ev.MeleeEnded, ev.SurvivorMayMove, ev.ActivationEnded))] == [
        ev.MoraleTested("skitter-swarm", 5, 5, True),
        ev.MeleeEnded("skitter-swarm", "ridge-squad", 1, 2),
        ev.ActivationEnded("skitter-swarm"),
    ]
    backed = [(x, y + 1) for x, y in row(20, 7.492, 6, back=1.5)]  # 1" straight away from the north wall
    assert ev.UnitMoved("skitter-swarm", "back_off", backed, 1.0) in end
    assert game.unit("ridge-squad").inside == "blockhouse"


def test_a_charge_at_a_building_holding_several_units_waits_for_the_defenders_pick():
    game = ready(inside=("ridge-squad", "vanguard-squad"), places=SWARM_NEAR)
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    charged = game.do(cmd.Charge(unit="skitter-swarm", target="blockhouse", positions=row(20, 7.492, 8, back=1.5)))
    assert charged[-1] == ev.BuildingCharged("skitter-swarm", "blockhouse", ["ridge-squad", "vanguard-squad"])
    waits = game.refused(cmd.Hold(unit="mortar-team"))
    assert (waits.code, waits.rule, waits.params) == ("defender_to_choose", BUILDINGS, {"building": "blockhouse", "units": ["ridge-squad", "vanguard-squad"]})
    wrong = game.refused(cmd.DefendBuilding(unit="mortar-team"))
    assert (wrong.code, wrong.params) == ("not_inside", {"unit": "mortar-team", "building": "blockhouse", "inside": ["ridge-squad", "vanguard-squad"]})
    fought = game.do(cmd.DefendBuilding(unit="vanguard-squad"), *[1] * 8, *[1] * 5)
    assert fought[0] == ev.MeleeStarted("skitter-swarm", "vanguard-squad")
    assert game.game.storming is None and ev.MeleeEnded("skitter-swarm", "vanguard-squad", 0, 0) in fought


def test_a_charge_at_a_building_without_an_enemy_inside_is_refused():
    game = ready(inside=(), places=SWARM_NEAR)
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    refused = game.refused(cmd.Charge(unit="skitter-swarm", target="blockhouse", positions=row(20, 7.492, 8, back=1.5)))
    assert (refused.code, refused.rule, refused.params) == ("no_enemy_inside", BUILDINGS, {"unit": "skitter-swarm", "building": "blockhouse", "inside": []})


def test_equally_high_ports_are_all_the_topmost_so_a_squad_shoots_out_of_either_wall():
    both = ready(msgspec.structs.replace(BLOCKHOUSE, ports=(Port(23, 4, 3), Port(23, 7, 3))))
    both.do(cmd.Hold(unit="captain-hale-morrow"))
    both.do(cmd.Hold(unit="brood-mother"))
    shots = both.do(cmd.Hold(unit="ridge-squad", target="spine-spitters"), *[1] * 6)
    assert _shots(shots) == [
        ev.AttackResolved("ridge-squad", "Shredder", "spine-spitters", 2, 0, 0),
        ev.AttackResolved("ridge-squad", "Long Rifle", "spine-spitters", 4, 0, 0),
    ]


def test_a_marker_may_not_lie_inside_a_building():
    depot = msgspec.structs.replace(BLOCKHOUSE, polygon=((8, 14), (12, 14), (12, 16), (8, 16)), ports=())
    pack = msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=(depot,)) for m in SHALLOW.missions))
    game = Game(pack=pack)
    game.do(cmd.RollOff(purpose="deployment"), 5, 2)
    game.do(cmd.PickEdge(side=VANGUARD, edge="south"))
    game.do(cmd.RollOff(purpose="objectives"), 2, 4, 3)
    game.do(cmd.ChooseFirstMarker(side=VANGUARD, first=VANGUARD))
    refused = game.refused(cmd.PlaceMarker(side=VANGUARD, x=10, y=15))
    assert (refused.code, refused.rule, refused.params) == ("marker_in_building", BUILDINGS, {"x": 10.0, "y": 15.0, "building": "blockhouse"})


def test_a_spell_does_not_reach_a_unit_inside_a_building():
    """Spells measure from model to model (#Special Rules, Psychic(X)): a unit inside has none."""
    game = ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Cast(unit="brood-mother"), 4, 2)
    refused = game.refused(cmd.CastSpell(unit="brood-mother", spell="Spore Cloud", target="ridge-squad"))
    assert (refused.code, refused.params) == ("target_inside", {"target": "ridge-squad", "transport": "blockhouse"})


#: 8" x 3" in the Vanguard's zone; its north wall 3" south of the Brood's marker at (10, 15).
DEPOT = TerrainPiece("depot", ((6, 9), (14, 9), (14, 12), (6, 12)), height=4, transport=11)


def _picked_up(events):
    return [e for e in events if isinstance(e, ev.MarkerPickedUp)]


def test_a_squad_inside_seizes_a_marker_within_3_of_the_walls():
    """Relic Hunt: the Vanguard Squad inside the depot seizes the marker 3" from its north wall
    and picks it up after the first activation, though none of its models is on the table."""
    game = ready(DEPOT, inside=("vanguard-squad",), mission="relic-hunt")
    marker = next(m for m in game.game.markers if (m.x, m.y) == (10, 15))
    assert _picked_up(game.do(cmd.Hold(unit="captain-hale-morrow"))) == [ev.MarkerPickedUp(marker.id, "vanguard-squad")]
    assert game.unit("vanguard-squad").inside == "depot"


def test_a_squad_inside_does_not_reach_a_marker_over_3_from_the_walls():
    south = msgspec.structs.replace(DEPOT, polygon=((6, 8.5), (14, 8.5), (14, 11.5), (6, 11.5)))
    game = ready(south, inside=("vanguard-squad",), mission="relic-hunt")
    assert _picked_up(game.do(cmd.Hold(unit="captain-hale-morrow"))) == []


def test_an_enemy_within_3_of_the_marker_contests_a_squad_inside():
    """The Spine Spitters' first model 2.5" from the marker (its base's edge): nobody seizes it."""
    game = ready(DEPOT, inside=("vanguard-squad",), places={"spine-spitters": row(10, 18, 5, back=1.5)}, mission="relic-hunt")
    assert _picked_up(game.do(cmd.Hold(unit="captain-hale-morrow"))) == []


def test_a_pinned_squad_inside_seizes_nothing():
    game = ready(DEPOT, inside=("vanguard-squad",), mission="relic-hunt")
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, units={**game.game.units, "vanguard-squad": msgspec.structs.replace(game.unit("vanguard-squad"), pinned=True)}))
    assert _picked_up(game.do(cmd.Hold(unit="captain-hale-morrow"))) == []


def _on_table(*pieces: TerrainPiece, places: dict) -> Game:
    pack = msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=pieces) for m in SHALLOW.missions))
    game = Game(pack=pack)
    game.ready(places=places)
    return game


def _moved(events, action):
    return [e for e in events if isinstance(e, ev.UnitMoved) and e.action == action]


#: A shed between the second Bone Crusher (26, 20) and the Dust Rider that charges below it.
SHED = TerrainPiece("shed", ((25.6, 18.6), (26.4, 18.6), (26.4, 19.0), (25.6, 19.0)), height=3, transport=6)
#: The first Rider touching the first Crusher (40 mm base), the others short of the Crushers.
RIDERS_AT_CRUSHERS = cmd.Charge(unit="dust-riders", target="bone-crushers", positions=[(24, 20 - 0.787402 - 0.492126), (26, 17.8), (28, 17.5), (30, 17.5)])


def test_a_defender_closing_in_stops_at_a_building_in_its_way():
    """The second Crusher goes straight at the Rider below it and stops against the shed's wall
    (19" + its 0.787" radius) instead of touching the Rider at 19.08; the third touches its Rider."""
    game = _on_table(SHED, places={"dust-riders": row(14, 12, 4)})
    events = game.do(RIDERS_AT_CRUSHERS, *[1] * 17)
    assert _moved(events, "close_in") == [ev.UnitMoved("bone-crushers", "close_in", [(24, 20), (26, 19.787), (28, 18.78)], 1.22)]
    open_table = _on_table(places={"dust-riders": row(14, 12, 4)})
    assert _moved(open_table.do(RIDERS_AT_CRUSHERS, *[1] * 17), "close_in")[0].positions[1] == (26, 19.08)


#: A shed behind the fourth Dust Rider's place in contact with the Skitters, off its way there.
SHED_BEHIND = TerrainPiece("shed", ((44.2, 17.3), (44.8, 17.3), (44.8, 17.8), (44.2, 17.8)), height=3, transport=6)


def test_the_chargers_back_off_stops_at_a_building_in_its_way():
    """The Riders charge the Skitters from the south-west; backing off 1" straight south, the
    fourth stops against the shed (17.8" + its 0.492" radius), the third goes the whole inch."""
    contact = 20 - 2 * 0.492126
    game = _on_table(SHED_BEHIND, places={"dust-riders": row(27, 12, 4), "mortar-team": row(50, 10, 3)})
    game.do(cmd.Charge(unit="dust-riders", target="skitter-swarm", positions=[(40, contact), (41.5, contact), (43, contact), (44.5, contact)]), 1, 1, 1, 1, 1, 1, 1, 4, 2)
    game.do(cmd.RemoveCasualties(unit="skitter-swarm", models=["skitter-swarm-8"]), 5, 5, 5, 1, 1, 1, 1, 4, 4, 1)
    events = game.do(cmd.RemoveCasualties(unit="dust-riders", models=["dust-riders-1", "dust-riders-2"]), 4)
    assert _moved(events, "back_off") == [ev.UnitMoved("dust-riders", "back_off", [(43, 18.016), (44.5, 18.292)], 1.0)]


#: A thin wall 1" north of the blockhouse's north wall, across the Ridge Squad's way out.
SCREEN = TerrainPiece("screen", ((17, 8), (29, 8), (29, 8.6), (17, 8.6)), height=3, transport=1)


def test_getting_out_of_a_building_is_refused_through_a_building_or_a_unit_in_the_way():
    """Out of the north wall to y 11, each model sets off touching the wall: straight north it
    would pass through the screen, or over the Mortar Team standing 1.5" from the wall; the same
    places are accepted when nothing stands in the way (5.01" of the Advance's 6")."""
    walled = ready(more=(SCREEN,))
    walled.do(cmd.Hold(unit="captain-hale-morrow"))
    walled.do(cmd.Hold(unit="brood-mother"))
    through = walled.refused(cmd.Advance(unit="ridge-squad", positions=row(19.5, 11, 5, back=1.5)))
    assert (through.code, through.rule, through.params) == ("through_building", BUILDINGS, {"unit": "ridge-squad", "model": "ridge-squad-1", "building": "screen"})
    assert [i18n.error_message(through.code, through.params, lang, system="grimdark-future") for lang in ("en", "de")] == [
        "ridge-squad-1 of ridge-squad would move through screen: nobody moves through a solid building",
        "ridge-squad-1 von ridge-squad bewegte sich durch screen: durch ein festes Gebäude bewegt sich niemand",
    ]
    crowded = ready(places={"mortar-team": [(20, 8.5), (22, 8.5), (24, 8.5)]})
    crowded.do(cmd.Hold(unit="captain-hale-morrow"))
    crowded.do(cmd.Hold(unit="brood-mother"))
    over = crowded.refused(cmd.Advance(unit="ridge-squad", positions=row(19.5, 11, 5, back=1.5)))
    assert (over.code, over.rule, over.params) == ("through_unit", "grimdark-future-1.5.md#Movement", {"unit": "ridge-squad", "other": "mortar-team"})
    clear = ready()
    clear.do(cmd.Hold(unit="captain-hale-morrow"))
    clear.do(cmd.Hold(unit="brood-mother"))
    out = clear.do(cmd.Advance(unit="ridge-squad", positions=row(19.5, 11, 5, back=1.5)))
    assert out[1] == ev.UnitMoved("ridge-squad", "advance", row(19.5, 11, 5, back=1.5), 5.008)


def test_a_charge_at_the_building_must_touch_its_walls_and_a_unit_inside_cannot_get_in_again():
    """#Solid Buildings: the Skitters stopping 0.9" short of the north wall are refused on their
    positions, a charge named at the unit inside on its target; the Ridge Squad inside may not
    embark into the blockhouse it is in (#Special Rules, Transport(X))."""
    game = ready(places=SWARM_NEAR)
    again = game.refused(cmd.Embark(unit="ridge-squad", transport="blockhouse"))
    assert (again.code, again.rule, again.params) == ("inside_transport", "grimdark-future-1.5.md#Special Rules", {"unit": "ridge-squad", "transport": "blockhouse", "action": "embark"})
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    short = game.refused(cmd.Charge(unit="skitter-swarm", target="blockhouse", positions=row(20, 8.4, 8, back=1.5)))
    assert (short.code, short.rule, short.params, short.field) == ("no_contact", "grimdark-future-1.5.md#Movement", {"unit": "skitter-swarm", "target": "blockhouse"}, "positions")
    at_unit = game.refused(cmd.Charge(unit="skitter-swarm", target="ridge-squad", positions=row(20, 7.492, 8, back=1.5)))
    assert at_unit.field == "target"


def test_the_building_refusals_name_the_section_the_parameters_and_the_field():
    """#Solid Buildings: deploying into a building outside the zone, held by the enemy or full,
    and a defender's pick with no building charged or of a unit not inside."""
    outpost = msgspec.structs.replace(BLOCKHOUSE, polygon=((30, 13), (36, 13), (36, 16), (30, 16)), ports=())
    game = prepared(outpost)
    game.do(cmd.Deploy(unit="captain-hale-morrow", positions=[(4, 10)]))
    game.do(cmd.Deploy(unit="brood-mother", positions=[(4, 20)]))
    far = game.refused(cmd.Deploy(unit="vanguard-squad", positions=[], transport="blockhouse"))
    models = [f"vanguard-squad-{k}" for k in range(1, 6)]
    assert (far.code, far.rule, far.params, far.field) == ("outside_zone", "grimdark-future-1.5.md#Preparation", {"unit": "vanguard-squad", "models": models, "edge": "south", "depth": 12}, "transport")
    game = prepared(msgspec.structs.replace(BLOCKHOUSE, transport=6))
    game.do(cmd.Deploy(unit="captain-hale-morrow", positions=[(4, 10)]))
    game.do(cmd.Deploy(unit="brood-mother", positions=[(4, 20)]))
    game.do(cmd.Deploy(unit="vanguard-squad", positions=[], transport="blockhouse"))
    assert game.refused(cmd.Deploy(unit="spine-spitters", positions=[], transport="blockhouse")).field == "transport"
    game.do(cmd.Deploy(unit="spine-spitters", positions=row(12, 20, 5, back=1.5)))
    assert game.refused(cmd.Deploy(unit="ridge-squad", positions=[], transport="blockhouse")).field == "transport"
    ready_game = ready(places=SWARM_NEAR)
    none = ready_game.refused(cmd.DefendBuilding(unit="ridge-squad"))
    assert (none.code, none.rule, none.params, none.field) == ("no_building_charged", BUILDINGS, {"unit": "ridge-squad"}, "unit")


def test_a_defenders_pick_outside_the_building_and_a_charge_at_an_empty_one_name_their_fields():
    game = ready(inside=("ridge-squad", "vanguard-squad"), places=SWARM_NEAR)
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Charge(unit="skitter-swarm", target="blockhouse", positions=row(20, 7.492, 8, back=1.5)))
    wrong = game.refused(cmd.DefendBuilding(unit="mortar-team"))
    assert (wrong.rule, wrong.field) == (BUILDINGS, "unit")
    empty = ready(inside=(), places=SWARM_NEAR)
    empty.do(cmd.Hold(unit="captain-hale-morrow"))
    assert empty.refused(cmd.Charge(unit="skitter-swarm", target="blockhouse", positions=row(20, 7.492, 8, back=1.5))).field == "target"


def test_a_building_seats_exactly_its_number_and_only_infantry():
    """Transport(11): the Ridge and Vanguard Squads and the captain fill it to 11 exactly; a
    vehicle is refused, the Hawk Skimmer (#Unit Types) as the Mule Carrier (a transport)."""
    game = ready(inside=("ridge-squad", "vanguard-squad", "captain-hale-morrow"))
    assert game.unit("captain-hale-morrow").inside == "blockhouse"
    convoy = prepared(armies=f"{CONVOY},{BROOD}")
    for unit_id in ("hawk-skimmer", "mule-carrier"):
        refused = convoy.refused(cmd.Deploy(unit=unit_id, positions=[], transport="blockhouse"))
        assert (refused.code, refused.rule, refused.params, refused.field) == ("not_infantry", BUILDINGS, {"unit": unit_id, "kind": "vehicle"}, "unit")


def test_getting_in_past_a_rush_names_the_activation_and_the_transport_field():
    game = ready()
    far = game.refused(cmd.Embark(unit="captain-hale-morrow", transport="blockhouse"))
    assert (far.code, far.rule, far.field) == ("too_far", "grimdark-future-1.5.md#Activation", "transport")


def test_a_flying_squad_gets_out_of_a_building_over_a_step_without_climbing():
    """The Ridge Squad given Flying: past the step at y 12.5 is 5.008" from the wall, no climbs
    (7.008" on foot, above)."""
    game = ready(more=(STEP,), pack=with_rules("Ridge Squad", rules=("Flying",)))
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Hold(unit="brood-mother"))
    assert game.do(cmd.Advance(unit="ridge-squad", positions=row(19, 12.5, 5)))[1] == ev.UnitMoved("ridge-squad", "advance", row(19, 12.5, 5), 5.008)


#: A thin shed between the second Bone Crusher at (26, 22) and the Dust Rider below it.
STRIP = TerrainPiece("shed", ((25.6, 20.8), (26.4, 20.8), (26.4, 21.0), (25.6, 21.0)), height=3, transport=6)


def test_a_flying_defender_closing_in_passes_over_a_building_and_one_on_foot_stops_at_it():
    """#Special Rules, Flying, and #Solid Buildings: the second Crusher goes straight at the Rider
    at (26, 18.6): on foot it stops against the shed (21" + its 0.787" radius); given Flying it
    passes over and touches the Rider (18.6" + 0.492" + 0.787")."""
    places = {"dust-riders": row(14, 12, 4), "bone-crushers": [(24, 20), (26, 22), (28, 22)]}
    charge = cmd.Charge(unit="dust-riders", target="bone-crushers", positions=[(24 - 0.787402 - 0.492126, 20), (26, 18.6), (24.5, 18.3), (23, 17.5)])
    for pack, second in ((SHALLOW, (26, 21.787)), (with_rules("Bone Crushers", rules=("Flying",)), (26, 19.88))):
        game = Game(pack=msgspec.structs.replace(pack, missions=tuple(msgspec.structs.replace(m, terrain=(STRIP,)) for m in pack.missions)))
        game.ready(places=places)
        assert _moved(game.do(charge, *[1] * 17), "close_in")[0].positions[1] == second
