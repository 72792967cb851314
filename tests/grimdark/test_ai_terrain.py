"""Solo play on the core pack's tables with heights and solid buildings (ai.py, ai_activation.py;
grimdark-future-1.5.md#Terrain, #Solid Buildings): the AI never walks into a building, climbs
within its move, shoots out of a building it holds and into one the enemy holds, charges a
building the enemy holds, and picks the unit that fights when a building it holds is charged."""

from __future__ import annotations

import math

import msgspec
import pytest

from domain.kit.boards import inches
from domain.systems.grimdark import ai, ai_activation
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from tests.grimdark.game import BROOD, CORE, VANGUARD, Game, row
from tests.grimdark.solo import play
from tests.grimdark.test_buildings import SWARM_NEAR, ready


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


def _straight(game: Game, move: ev.UnitMoved) -> float:
    """How far the unit's first model went across the table in `move`, from its place before."""
    before = [e for e in game.events if isinstance(e, (ev.UnitMoved, ev.UnitDeployed, ev.UnitArrived)) and e.unit == move.unit]
    start = before[before.index(move) - 1].positions
    return math.hypot(move.positions[0][0] - start[0][0], move.positions[0][1] - start[0][1])


def test_the_ai_climbs_the_hill_within_its_moves_and_holds_it() -> None:
    """King of the Hill's hilltop is 2" high: a move onto it counts the climb in its inches. The
    Spine Spitters, at its foot, rush 7.427" across and 2" up onto it (9.427" of their 12"), and
    hold its marker to the end."""
    game = Game(f"{VANGUARD},{BROOD}", pack=ALL_ON_TABLE, mission="king-of-the-hill", dice_mode="server", solo=BROOD)
    play(game)
    hill = game.game.mission.terrain[0]
    climbs = [e for e in game.events if isinstance(e, ev.UnitMoved) and any(inches.point_in_polygon(p, hill.polygon) for p in e.positions)]
    assert [(e.unit, e.action, e.inches, round(_straight(game, e), 3)) for e in climbs] == [("spine-spitters", "rush", 9.427, 7.427)]
    assert (game.game.seized, game.game.outcome) == ({VANGUARD: 0, BROOD: 1}, BROOD)


def test_an_ambusher_placed_on_the_hilltop_climbs_down_within_its_charge() -> None:
    """With the core pack the Creeper Swarm waits in reserve and arrives on the hilltop's marker
    (placed there: no move); its charge at the Dust Riders goes 13.385" across, its climbs down
    and up counted in its 17.385" (Fast: 18" at most), and the battle ends a draw with the marker
    nobody's."""
    game = Game(f"{VANGUARD},{BROOD}", pack=CORE, mission="king-of-the-hill", dice_mode="server", solo=BROOD)
    play(game)
    hill = game.game.mission.terrain[0]
    arrived = [e for e in game.events if isinstance(e, ev.UnitArrived)]
    assert [(e.unit, e.positions[0], inches.point_in_polygon(e.positions[0], hill.polygon)) for e in arrived] == [("creeper-swarm", (36.0, 24.0), True)]
    down = [e for e in game.events if isinstance(e, ev.UnitMoved) and e.unit == "creeper-swarm" and e.action == "charge"]
    assert [(e.inches, round(_straight(game, e), 3)) for e in down] == [(17.385, 13.385)]
    assert (game.game.seized, game.game.outcome) == ({VANGUARD: 0, BROOD: 0}, "draw")


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
