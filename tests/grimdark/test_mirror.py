"""A mirror match (grimdark-future-1.5.md#Preparation, #Multi-Player Games): the same army on both
sides, or twice on one side, is one seat per copy (`<army>-2`), so each player commands only its
own copy and the units' ids never clash."""

from __future__ import annotations

import msgspec

from domain.contract import Setup
from domain.systems.grimdark import SYSTEM
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.setup import Options, setup
from tests.grimdark.game import BROOD, SHALLOW, VANGUARD, Game, row
from tests.grimdark.test_buildings import BLOCKHOUSE
from tests.harness import Campaign

MIRROR = f"{VANGUARD}-2"


def test_the_same_army_on_both_sides_is_two_seats_with_their_own_units():
    game = Game(f"{VANGUARD},{VANGUARD}")
    assert game.game.sides == (VANGUARD, MIRROR)
    theirs = sorted(k for k, u in game.game.units.items() if u.army == MIRROR)
    assert theirs == ["captain-hale-morrow-2", "dust-riders-2", "mortar-team-2", "ridge-squad-2", "vanguard-squad-2"]
    assert {game.unit(k).side for k in theirs} == {MIRROR}
    assert SYSTEM.seats(game.game, cmd.Deploy(unit="captain-hale-morrow-2", positions=[])) == (MIRROR,)
    assert SYSTEM.seats(game.game, cmd.Deploy(unit="captain-hale-morrow", positions=[])) == (VANGUARD,)
    game.prepare()
    game.do(cmd.Deploy(unit="captain-hale-morrow", positions=[(4, 10)]))
    wrong = game.refused(cmd.Deploy(unit="captain-hale-morrow", positions=[(4, 10)]))
    assert wrong.code == "already_deployed"
    turn = game.refused(cmd.Deploy(unit="vanguard-squad", positions=row(12, 10, 5)))
    assert (turn.code, turn.params) == ("not_your_turn", {"side": VANGUARD, "up": MIRROR})
    game.do(cmd.Deploy(unit="captain-hale-morrow-2", positions=[(4, 20)]))
    assert (game.unit("captain-hale-morrow-2").models[0].id, game.game.up) == ("captain-hale-morrow-2-1", VANGUARD)


def test_an_army_twice_on_one_side_splits_the_points_as_two_players():
    made = setup(Setup("1.5", Options(armies=f"{VANGUARD}+{VANGUARD},{BROOD}", points=1000), {"core": SHALLOW}))
    assert made.sides == [[VANGUARD, MIRROR], [BROOD]]
    assert [(a.id, a.name, a.points) for a in made.armies] == [(VANGUARD, "Ashen Vanguard", 500), (MIRROR, "Ashen Vanguard", 500), (BROOD, "Thornback Brood", 500)]


def test_each_player_of_a_mirror_match_commands_only_its_copy_over_http(client):
    campaign = Campaign(client, "Civil War")
    ann = campaign.invite("ann", "player", [VANGUARD])
    bob = campaign.invite("bob", "player", [MIRROR])
    battle = campaign.mission("Duel", "grimdark-future", options={"mission": "duel", "armies": f"{VANGUARD},{VANGUARD}"}, dice_mode="manual", client_seed="gf")
    stolen = ann.command(battle, {"type": "Deploy", "unit": "captain-hale-morrow-2", "positions": [[4, 40]]})
    assert (stolen.status_code, stolen.json()["code"]) == (403, "not_your_unit")
    own = bob.command(battle, {"type": "Deploy", "unit": "captain-hale-morrow-2", "positions": [[4, 40]]})
    assert (own.status_code, own.json()["code"]) == (422, "wrong_phase")
    ann.accepted(battle, {"type": "RollOff", "purpose": "deployment"}, faces=[2, 5])
    bob.accepted(battle, {"type": "PickEdge", "side": MIRROR, "edge": "north"})
    assert ann.mission(battle)["game"]["edges"] == {MIRROR: "north", VANGUARD: "south"}


def test_a_building_one_copy_holds_is_held_against_the_other_copy():
    """The copies are two sides: the first copy's Ridge Squad in the blockhouse keeps the
    second copy's out (#Solid Buildings, building_held)."""
    pack = msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=(BLOCKHOUSE,)) for m in SHALLOW.missions))
    game = Game(f"{VANGUARD},{VANGUARD}", pack=pack)
    game.prepare()
    game.do(cmd.Deploy(unit="ridge-squad", positions=[], transport="blockhouse"))
    held = game.refused(cmd.Deploy(unit="ridge-squad-2", positions=[], transport="blockhouse"))
    assert (held.code, held.params) == ("building_held", {"building": "blockhouse", "units": ["ridge-squad"]})
