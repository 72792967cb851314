"""Where the solo army places a marker and deploys a Scout (domain/systems/grimdark/ai_preparation.py;
grimdark-future-1.5.md#Preparation, #Special Rules Scout): a marker at the 2" grid point nearest
the table's centre outside both zones, not in a building, over 9" from every marker, and in a
quarter of its own where the mission places them by quarters; a Scout after the other units."""

from __future__ import annotations

import msgspec
import pytest

from domain.systems.grimdark import ai, ai_preparation
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.content import TerrainPiece
from domain.systems.grimdark.state import Marker
from tests.grimdark.game import BROOD, SHALLOW, VANGUARD, Game, with_rules
from tests.grimdark.solo import ROLL_OFFS, as_solo


def _edges_picked(mission: str = "duel", pack=SHALLOW) -> Game:
    """The Vanguard at the south edge of the 72" x 30" table, its zone to y 12, the Brood's from 18."""
    game = Game(f"{VANGUARD},{BROOD}", pack=pack, mission=mission)
    game.do(cmd.RollOff(purpose="deployment"), 5, 2)
    game.do(cmd.PickEdge(side=VANGUARD, edge="south"))
    return game


def _placed(game: Game, *spots: tuple[float, float]) -> cmd.PlaceMarker | None:
    markers = tuple(Marker(f"marker-{k}", x, y) for k, (x, y) in enumerate(spots, 1))
    return ai_preparation.marker(msgspec.structs.replace(game.game, markers=markers), VANGUARD)


@pytest.mark.parametrize(
    ("mission", "third", "fourth"),
    [("duel", (46.0, 14.0), (16.0, 14.0)), ("seize-ground", (46.0, 16.0), (16.0, 16.0))],
)
def test_each_marker_goes_nearest_the_centre_over_9_inches_from_the_others_and_in_its_own_quarter(mission, third, fourth):
    """The centre is (36, 15): the first at (36, 14), the second 10" west; by quarters (split at
    x 36 and y 15) the third and fourth go north of the line, into quarters still empty."""
    game = _edges_picked(mission)
    assert _placed(game) == cmd.PlaceMarker(side=VANGUARD, x=36.0, y=14.0)
    assert _placed(game, (36, 14)) == cmd.PlaceMarker(side=VANGUARD, x=26.0, y=14.0)
    assert _placed(game, (36, 14), (26, 14)) == cmd.PlaceMarker(side=VANGUARD, x=third[0], y=third[1])
    assert _placed(game, (36, 14), (26, 14), third) == cmd.PlaceMarker(side=VANGUARD, x=fourth[0], y=fourth[1])


def test_no_marker_goes_inside_a_building():
    """A hut over (36, 14): the next nearest point to the centre, (36, 16)."""
    hut = TerrainPiece("hut", ((35, 13), (37, 13), (37, 15.5), (35, 15.5)), height=3, transport=6)
    pack = msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=(hut,)) for m in SHALLOW.missions))
    assert _placed(_edges_picked(pack=pack)) == cmd.PlaceMarker(side=VANGUARD, x=36.0, y=16.0)


def test_a_scout_deploys_after_the_others_at_the_first_spot_from_the_west_clear_of_the_enemy():
    """The Dust Riders given Scout: the Vanguard deploys its Mortar Team, its Ridge Squad with the
    captain and its Vanguard Squad first, in rows at the back of its zone from the west, then the
    Riders at the next free spot, over 12" from every Brood model."""
    game = Game(f"{VANGUARD},{BROOD}", pack=with_rules("Dust Riders", rules=("Scout",)), solo=VANGUARD)
    game.prepare()
    deployed = []
    while game.game.phase != "rounds":
        if game.game.phase in ROLL_OFFS:
            game.do(cmd.RollOff(purpose=ROLL_OFFS[game.game.phase]), 5, 2)
            continue
        command = ai.ai(game.state) if game.game.up == VANGUARD else ai.ai(as_solo(game, BROOD))
        if game.game.up == VANGUARD:
            deployed.append((command.unit, command.positions[0]))
        game.do(command)
    assert deployed == [("mortar-team", (1.0, 1.0)), ("ridge-squad", (6.0, 1.0)), ("vanguard-squad", (13.0, 1.0)), ("dust-riders", (20.0, 1.0))]
