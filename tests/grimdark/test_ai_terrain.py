"""Solo play on the core pack's tables with heights and solid buildings (ai.py, ai_activation.py;
grimdark-future-1.5.md#Terrain, #Solid Buildings): the AI never walks into a building, climbs
within its move, shoots out of a building it holds and into one the enemy holds, charges a
building the enemy holds, and picks the unit that fights when a building it holds is charged."""

from __future__ import annotations


import msgspec
import pytest

from domain.kit.boards import inches
from domain.systems.grimdark import ai, ai_activation, ai_charge
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.content import Port, TerrainPiece
from tests.grimdark.game import BROOD, CORE, ORDER, SPOTS, VANGUARD, Game, row
from tests.grimdark.test_ai_embarking import moved
from tests.grimdark.solo import play
from tests.grimdark.test_buildings import BLOCKHOUSE, SWARM_NEAR, ready


@pytest.mark.parametrize("mission", ["relic-hunt", "breakthrough", "king-of-the-hill"])
def test_the_ai_plays_a_mission_with_buildings_and_heights_to_its_end(mission: str) -> None:
    game = Game(f"{VANGUARD},{BROOD}", pack=CORE, mission=mission, dice_mode="server", solo=BROOD)
    by_ai = play(game)
    assert game.game.outcome is not None and by_ai
    # No unit of it is ever left without a target by a building near its marker: none goes in.
    assert not [e for e in game.events if isinstance(e, ev.UnitEmbarked)]
    buildings = [p.polygon for p in game.game.mission.terrain if p.transport]
    ends = [(x, y) for e in game.events if isinstance(e, (ev.UnitMoved, ev.UnitDeployed)) for x, y in e.positions]
    assert not [p for p in ends for b in buildings if inches.point_in_polygon(p, b)]


#: The core pack with the Creeper Swarm deployed on the table (no Ambush), as before it waited in
#: reserve: the Brood's rushes then bring the Spine Spitters to the foot of the hill.
ALL_ON_TABLE = msgspec.structs.replace(
    CORE, armies=tuple(msgspec.structs.replace(a, units=tuple(msgspec.structs.replace(u, rules=tuple(r for r in u.rules if r != "Ambush")) for u in a.units)) for a in CORE.armies)
)


#: The Brood deployed at the back of its zone on King of the Hill's 48" deep table.
BROOD_BACK = {
    "brood-mother": [(4, 44)], "spine-spitters": row(12, 44, 5, back=1.5), "bone-crushers": row(24, 44, 3, 2.0, 1.5),
    "skitter-swarm": row(40, 44, 8, back=1.5), "creeper-swarm": row(60, 44, 8, back=1.5),
}


def _on_the_hill(places: dict[str, list[tuple[float, float]]]) -> Game:
    """King of the Hill (the marker on the hilltop at (36, 24), 2" high) deployed, the Vanguard's
    units where `ready` puts them, the Brood's at the back; the captain has held and the units in
    `places` stand there: the Brood is up."""
    game = Game(f"{VANGUARD},{BROOD}", pack=ALL_ON_TABLE, mission="king-of-the-hill", solo=BROOD)
    game.do(cmd.RollOff(purpose="deployment"), 5, 2)
    game.do(cmd.PickEdge(side=VANGUARD, edge="south"))
    for unit_id in ORDER:
        x, y = SPOTS[unit_id]
        game.do(cmd.Deploy(unit=unit_id, positions=BROOD_BACK.get(unit_id) or row(x, y, len(game.unit(unit_id).models))))
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    moved(game, places)
    return game


def test_the_ai_climbs_the_hill_within_its_advance() -> None:
    """The Spine Spitters at the hill's foot advance toward its marker: the lead model 4" across,
    the others that step onto the 2" hilltop 2" up, 6" in all of the Advance's 6" (a straight 6"
    would be 8" with the climb: refused by its own check)."""
    game = _on_the_hill({"spine-spitters": row(28, 30, 5, back=1.5)})
    command = ai_activation.act(game.game, game.unit("spine-spitters"))
    up = [(31.2, 27.6), (32.7, 27.6), (34.2, 27.6), (35.7, 27.6), (31.2, 29.1)]
    assert command == cmd.Advance(unit="spine-spitters", positions=up, target="mortar-team")
    moved_up = game.do(msgspec.structs.replace(command, target=""))[0]  # its shot aside: no dice typed in
    assert moved_up == ev.UnitMoved("spine-spitters", "advance", up, 6.0)


def test_a_charge_down_the_hill_counts_the_climbs_on_the_way() -> None:
    """The Creeper Swarm on the hilltop charges the Mortar Team (a won melee: 1.333 wounds expected
    against 0.556 back), every model 13.334" across; its model standing just east of the hilltop
    crosses the hill's corner, 2" up and 2" down: 17.334" of its Fast 18"."""
    game = _on_the_hill({"creeper-swarm": row(36, 24, 8, back=1.484), "mortar-team": row(30, 10, 3)})
    command = ai_charge.charge(game.game, game.unit("creeper-swarm"), ai_activation.may_stop)
    down = [(33.206, 10.962), (34.706, 10.962), (36.206, 10.962), (37.706, 10.962), (33.206, 12.446), (34.706, 12.446), (36.206, 12.446), (37.706, 12.446)]
    assert command == cmd.Charge(unit="creeper-swarm", target="mortar-team", positions=down)
    charged = next(e for e in game.do(command, *[1] * 7) if isinstance(e, ev.UnitMoved))
    assert charged == ev.UnitMoved("creeper-swarm", "charge", down, 17.334)


def test_a_unit_the_ai_holds_inside_a_building_shoots_the_nearest_enemy_from_its_port() -> None:
    """From the port at (23, 7) the Skitter Swarm is 11.5" away, the Bone Crushers 17.8"."""
    game = ready(places=SWARM_NEAR, solo=VANGUARD)
    assert ai_activation.act(game.game, game.unit("ridge-squad")) == cmd.Hold(unit="ridge-squad", target="skitter-swarm")


def test_the_ai_picks_its_first_unit_inside_when_its_building_is_charged() -> None:
    game = ready(inside=("ridge-squad", "vanguard-squad"), places=SWARM_NEAR, solo=VANGUARD)
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Charge(unit="skitter-swarm", target="blockhouse", positions=row(20, 7.492, 8, back=1.5)))
    assert ai.ai(game.state) == cmd.DefendBuilding(unit="ridge-squad")


def test_the_ai_takes_its_turn_with_a_unit_inside_a_building_as_a_unit_that_stays_in():
    """A building is no transport: its unit neither waits for it nor gets out of it. With every
    other Vanguard unit activated, the squad's turn is its shot from the port."""
    game = ready(places=SWARM_NEAR, solo=VANGUARD)
    assert ai.ai(game.state) == cmd.Cast(unit="captain-hale-morrow")  # its first unit by id, no KeyError
    units = {k: msgspec.structs.replace(u, activated=u.side == VANGUARD and k != "ridge-squad") for k, u in game.game.units.items()}
    state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, units=units))
    assert ai.ai(state) == cmd.Hold(unit="ridge-squad", target="skitter-swarm")


#: The Ridge Squad inside the blockhouse and every other Vanguard unit far from the Brood's swarm
#: and Spitters, which stand north of the blockhouse.
AROUND_THE_BLOCKHOUSE = {
    **SWARM_NEAR, "vanguard-squad": row(2, 2, 5, back=1.5), "captain-hale-morrow": [(66, 4)], "mortar-team": row(44, 2, 3),
    "dust-riders": row(54, 2, 4), "spine-spitters": row(30, 19, 5, back=1.5),
}


def test_the_ai_shoots_a_unit_inside_a_building_through_its_ports():
    """The Spine Spitters reach no unit on the table; the Ridge Squad inside is seen at the port
    at (23, 7), 13.9" off: they hold and shoot it."""
    game = ready(places=AROUND_THE_BLOCKHOUSE, solo=BROOD)
    assert ai_activation.act(game.game, game.unit("spine-spitters")) == cmd.Hold(unit="spine-spitters", target="ridge-squad")


def test_the_ai_charges_a_building_the_enemy_holds():
    """The Skitter Swarm's fangs (8 attacks at 5+) beat its shooting (none): it charges the
    blockhouse, its lead model straight to the north wall, 11.5" (Fast: 16" at most)."""
    game = ready(places=AROUND_THE_BLOCKHOUSE, solo=BROOD)
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    command = ai_activation.act(game.game, game.unit("skitter-swarm"))
    assert command == cmd.Charge(unit="skitter-swarm", target="blockhouse", positions=row(20, 7.492, 8, back=1.5))
    events = game.do(command, *[1] * 8, *[1] * 5)
    moved = next(e for e in events if isinstance(e, ev.UnitMoved))
    fought = [(e.unit, e.target, e.attacks) for e in events if isinstance(e, ev.AttackResolved)]
    assert (moved.action, moved.inches) == ("charge", 11.508)
    assert fought == [("skitter-swarm", "ridge-squad", 8), ("ridge-squad", "skitter-swarm", 5)]


#: A hut in the Brood's north-east, listed before the blockhouse.
HUT = TerrainPiece("hut", ((56, 24), (62, 24), (62, 28), (56, 28)), height=3, transport=6, ports=(Port(59, 24, 2),))


def test_a_building_its_own_unit_holds_is_passed_over_for_the_next_one_the_enemy_holds():
    """The Bone Crushers hold the hut, listed first; the Ridge Squad the blockhouse: the Skitter
    Swarm charges the blockhouse."""
    game = ready(piece=HUT, more=(BLOCKHOUSE,), inside=(), places=AROUND_THE_BLOCKHOUSE, solo=BROOD)
    inside = {"ridge-squad": ("blockhouse", 23.0, 7.0), "bone-crushers": ("hut", 59.0, 24.0)}
    units = {
        **game.game.units,
        **{k: msgspec.structs.replace(game.unit(k), inside=p, models=tuple(msgspec.structs.replace(m, x=x, y=y) for m in game.unit(k).models)) for k, (p, x, y) in inside.items()},
    }
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, units=units))
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    assert ai_charge.charge(game.game, game.unit("skitter-swarm"), ai_activation.may_stop) == cmd.Charge(
        unit="skitter-swarm", target="blockhouse", positions=row(20, 7.492, 8, back=1.5)
    )


def test_a_charge_at_a_building_goes_straight_to_the_nearest_point_of_its_walls():
    """From (31, 16) the blockhouse's nearest point is its north-east corner (28, 7), 9.49" off:
    the lead Skitter stops with its base on it."""
    game = ready(places=AROUND_THE_BLOCKHOUSE, solo=BROOD)
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    moved(game, {"skitter-swarm": row(31, 16, 8, back=1.5)})
    assert ai_charge.charge(game.game, game.unit("skitter-swarm"), ai_activation.may_stop) == cmd.Charge(
        unit="skitter-swarm", target="blockhouse", positions=[(x, round(y, 3)) for x, y in row(28.156, 7.467, 8, back=1.5)]
    )


def test_a_building_under_an_inch_away_is_still_charged():
    game = ready(places=AROUND_THE_BLOCKHOUSE, solo=BROOD)
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    moved(game, {"skitter-swarm": row(20, 7.99, 8, back=1.5)})
    assert ai_charge.charge(game.game, game.unit("skitter-swarm"), ai_activation.may_stop) == cmd.Charge(
        unit="skitter-swarm", target="blockhouse", positions=row(20, 7.492, 8, back=1.5)
    )


def test_between_targets_expected_to_take_as_many_wounds_the_one_nearer_by_its_port_is_shot():
    """The Spine Spitters' 10 shots at 4+ would wound the Ridge Squad inside the blockhouse or
    the Vanguard Squad in the open (both Defense 4+) 2.5 times: the Ridge Squad's port at
    (23, 7) is 13.4" from the nearest Spitter, the Vanguard Squad 13.58": they shoot through
    the port."""
    game = ready(places=AROUND_THE_BLOCKHOUSE, solo=BROOD)
    moved(game, {"vanguard-squad": row(11.5, 15, 5, back=1.5)})
    assert ai_activation.best_target(game.game, game.unit("spine-spitters")) == "ridge-squad"
    moved(game, {"vanguard-squad": row(13, 14, 5, back=1.5)})  # 12.48" off: the nearer now
    assert ai_activation.best_target(game.game, game.unit("spine-spitters")) == "vanguard-squad"
