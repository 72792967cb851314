"""A Grimdark Future battle over HTTP (README.md#http-api): each player holds one army and commands
only its own units and side (403 otherwise), a spectator reads along, refusals come in English and
German citing grimdark-future-1.5.md, and the typed faces of a manual-dice mission are the dice."""

from __future__ import annotations

from tests.harness import Campaign

VANGUARD, BROOD = "ashen-vanguard", "thornback-brood"


def test_two_players_prepare_a_duel_each_commanding_only_their_own_army(client):
    campaign = Campaign(client, "Border War")
    ann = campaign.invite("ann", "player", [VANGUARD])
    bob = campaign.invite("bob", "player", [BROOD])
    sam = campaign.invite("sam", "spectator")
    battle = campaign.mission("Duel", "grimdark-future", options={"mission": "duel", "armies": f"{VANGUARD},{BROOD}"}, dice_mode="manual", client_seed="gf")

    rolled = ann.accepted(battle, {"type": "RollOff", "purpose": "deployment"}, faces=[5, 2])
    assert rolled["events"][-1]["event"] == {"type": "RolledOff", "purpose": "deployment", "tries": [[5, 2]], "winner": VANGUARD}
    theirs = bob.command(battle, {"type": "PickEdge", "side": VANGUARD, "edge": "north"})
    assert (theirs.status_code, theirs.json()["code"]) == (403, "not_your_unit")
    assert sam.command(battle, {"type": "PickEdge", "side": VANGUARD, "edge": "north"}).status_code == 403
    ann.accepted(battle, {"type": "PickEdge", "side": VANGUARD, "edge": "south"})
    ann.accepted(battle, {"type": "RollOff", "purpose": "objectives"}, faces=[1, 2, 6])
    bob.accepted(battle, {"type": "ChooseFirstMarker", "side": BROOD, "first": BROOD})
    refused = bob.command(battle, {"type": "PlaceMarker", "side": BROOD, "x": 30, "y": 40}, headers={"accept-language": "de"})
    assert refused.status_code == 422
    assert refused.json() | {"current_version": None} == {
        "code": "marker_in_zone",
        "rule": "grimdark-future-1.5.md#Preparation",
        "message": 'ein Marker bei (30.0, 40.0) läge in einer Aufstellungszone (12" von einer langen Kante)',
        "field": None,
        "current_version": None,
        "params": {"x": 30.0, "y": 40.0, "depth": 12},
    }
    bob.accepted(battle, {"type": "PlaceMarker", "side": BROOD, "x": 20, "y": 24})
    ann.accepted(battle, {"type": "PlaceMarker", "side": VANGUARD, "x": 50, "y": 24})
    bob.accepted(battle, {"type": "PlaceMarker", "side": BROOD, "x": 35, "y": 24})  # D3 face 1: 1 + 2 markers
    ann.accepted(battle, {"type": "Deploy", "unit": "captain-hale-morrow", "positions": [[10, 6]]})
    stolen = ann.command(battle, {"type": "Deploy", "unit": "brood-mother", "positions": [[10, 42]]})
    assert (stolen.status_code, stolen.json()["code"]) == (403, "not_your_unit")
    bob.accepted(battle, {"type": "Deploy", "unit": "brood-mother", "positions": [[10, 42]]})

    game = sam.mission(battle)["game"]
    assert (game["phase"], game["up"], game["edges"]) == ("deployment", VANGUARD, {VANGUARD: "south", BROOD: "north"})
    assert [(m["id"], m["x"], m["y"]) for m in game["markers"]] == [("marker-1", 20.0, 24.0), ("marker-2", 50.0, 24.0), ("marker-3", 35.0, 24.0)]
    assert game["units"]["brood-mother"]["models"][0] | {"weapons": None} == {"id": "brood-mother-1", "name": "Brood Mother", "weapons": None, "x": 10.0, "y": 42.0, "wounds": 0}
