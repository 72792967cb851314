"""A Grimdark Future battle over HTTP (README.md#http-api): each player holds one army and commands
only its own units and side (403 otherwise), a spectator reads along, refusals come in English and
German citing grimdark-future-1.5.md, and the typed faces of a manual-dice mission are the dice."""

from __future__ import annotations

from tests.grimdark.game import ORDER, SPOTS, row
from tests.harness import Campaign, Member

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
    assert game["units"]["brood-mother"]["models"][0] | {"weapons": None} == {"id": "brood-mother-1", "name": "Brood Mother", "weapons": None, "x": 10.0, "y": 42.0, "wounds": 0, "own": None}


def _deployed(client) -> tuple[Campaign, Member, Member, str]:
    """A Duel on the core table, prepared and deployed over HTTP by ann (the Vanguard, south)
    and bob (the Brood, north), with markers at (6, 24), (30, 24) and (54, 24): round 1 is next."""
    campaign = Campaign(client, "Border War")
    ann = campaign.invite("ann", "player", [VANGUARD])
    bob = campaign.invite("bob", "player", [BROOD])
    battle = campaign.mission("Duel", "grimdark-future", dice_mode="manual", client_seed="gf")
    players = {VANGUARD: ann, BROOD: bob}
    ann.accepted(battle, {"type": "RollOff", "purpose": "deployment"}, faces=[6, 1])
    ann.accepted(battle, {"type": "PickEdge", "side": VANGUARD, "edge": "south"})
    bob.accepted(battle, {"type": "RollOff", "purpose": "objectives"}, faces=[1, 1, 6])
    bob.accepted(battle, {"type": "ChooseFirstMarker", "side": BROOD, "first": VANGUARD})
    for side, x in ((VANGUARD, 6), (BROOD, 30), (VANGUARD, 54)):
        players[side].accepted(battle, {"type": "PlaceMarker", "side": side, "x": x, "y": 24})
    units = {u: (VANGUARD if k % 2 == 0 else BROOD) for k, u in enumerate(ORDER)}
    for unit in ORDER:
        x, y = SPOTS[unit]
        y, back = (y, -1.5) if units[unit] == VANGUARD else (y + 18, 1.5)
        size = {"captain-hale-morrow": 1, "brood-mother": 1, "mortar-team": 3, "bone-crushers": 3, "dust-riders": 4, "spine-spitters": 5}.get(unit, 5 if units[unit] == VANGUARD else 8)
        players[units[unit]].accepted(battle, {"type": "Deploy", "unit": unit, "positions": row(x, y, size, 2.0 if unit == "bone-crushers" else 1.5, back)})
    return campaign, ann, bob, battle


def test_the_owner_removes_its_casualties_and_only_the_owner(client):
    """The Mortar Team's Blast(3) takes 4 wounds off the Skitter Swarm: bob picks the models, not
    ann, and the Skitters, at half, pass their morale test with a 6."""
    _, ann, bob, battle = _deployed(client)
    shot = ann.accepted(battle, {"type": "Hold", "unit": "mortar-team", "target": "skitter-swarm"}, faces=[4, 4, 1, 3, 3, 3, 3, 1, 1])
    assert shot["events"][-1]["event"] == {"type": "CasualtiesDue", "unit": "skitter-swarm", "wounds": 4, "then": "end", "deadly": 0}
    picks = {"type": "RemoveCasualties", "unit": "skitter-swarm", "models": [f"skitter-swarm-{k}" for k in (5, 6, 7, 8)]}
    not_hers = ann.command(battle, picks, faces=[6])
    assert (not_hers.status_code, not_hers.json()["code"], not_hers.json()["params"]["units"]) == (403, "not_your_unit", [BROOD])
    taken = bob.accepted(battle, picks, faces=[6])
    types = [r["event"]["type"] for r in taken["events"]]
    assert types == ["ModelRemoved"] * 4 + ["CasualtiesTaken", "DiceRolled", "MoraleTested", "ActivationEnded"]
    assert taken["events"][6]["event"] == {"type": "MoraleTested", "unit": "skitter-swarm", "face": 6, "target": 5, "passed": True, "modifier": 0}


def test_a_duel_played_to_its_end_over_http_replays_to_the_same_events(client):
    """Four rounds of alternating activations; the Vanguard's captain rushes to a marker and holds
    it alone, so the Vanguard wins 1 to 0, and every command decided again gives the same events."""
    campaign, ann, bob, battle = _deployed(client)
    ann.accepted(battle, {"type": "Rush", "unit": "captain-hale-morrow", "positions": [[6, 21.5]]})
    first = True
    for _round in range(4):
        for vanguard, brood in zip(ORDER[::2], ORDER[1::2], strict=True):
            if not first:
                ann.accepted(battle, {"type": "Hold", "unit": vanguard})
            first = False
            last = bob.accepted(battle, {"type": "Hold", "unit": brood})
    assert [r["event"]["type"] for r in last["events"][-2:]] == ["RoundEnded", "BattleEnded"]
    assert last["events"][-1]["event"] | {"type": None} == {"type": None, "seized": {VANGUARD: 1, BROOD: 0}, "outcome": VANGUARD}
    game = ann.mission(battle)["game"]
    assert (game["phase"], game["round"], game["outcome"]) == ("over", 4, VANGUARD)
    over = bob.command(battle, {"type": "Hold", "unit": "brood-mother"})
    assert (over.status_code, over.json()["code"], over.json()["params"]) == (422, "battle_over", {"outcome": VANGUARD})
    campaign.host.end(battle)  # reveals the seed: every command can be decided again
    report = ann.read(f"/missions/{battle}/replay/check")
    assert report == {"ok": True, "commands": 59, "checked": 59, "unverifiable": [], "mismatches": []}


def test_a_squad_deploys_inside_relic_hunts_brick_house_and_the_enemy_is_refused_in_german(client):
    """grimdark-future-1.5.md#Solid Buildings over HTTP: the brick house (Transport 11) stands in
    the south zone; once the Vanguard holds it, no Brood unit gets in."""
    campaign = Campaign(client, "Border War")
    ann = campaign.invite("ann", "player", [VANGUARD])
    bob = campaign.invite("bob", "player", [BROOD])
    sam = campaign.invite("sam", "spectator")
    battle = campaign.mission("Relic Hunt", "grimdark-future", options={"mission": "relic-hunt"}, dice_mode="manual", client_seed="gf")
    players = {VANGUARD: ann, BROOD: bob}
    ann.accepted(battle, {"type": "RollOff", "purpose": "deployment"}, faces=[6, 1])
    ann.accepted(battle, {"type": "PickEdge", "side": VANGUARD, "edge": "south"})
    bob.accepted(battle, {"type": "RollOff", "purpose": "objectives"}, faces=[1, 6])  # three markers
    bob.accepted(battle, {"type": "ChooseFirstMarker", "side": BROOD, "first": VANGUARD})
    for side, x in ((VANGUARD, 6), (BROOD, 20), (VANGUARD, 54)):
        players[side].accepted(battle, {"type": "PlaceMarker", "side": side, "x": x, "y": 24})
    ann.accepted(battle, {"type": "Deploy", "unit": "captain-hale-morrow", "positions": [[10, 6]]})
    bob.accepted(battle, {"type": "Deploy", "unit": "brood-mother", "positions": [[10, 42]]})
    inside = ann.accepted(battle, {"type": "Deploy", "unit": "vanguard-squad", "positions": [], "transport": "brick-house"})
    assert inside["events"][0]["event"] == {"type": "UnitDeployed", "unit": "vanguard-squad", "positions": [[63.0, 9.0]] * 5, "joined": [], "transport": "brick-house", "reserve": False}
    refused = bob.command(battle, {"type": "Deploy", "unit": "spine-spitters", "positions": [], "transport": "brick-house"}, headers={"accept-language": "de"})
    assert refused.status_code == 422
    assert refused.json() | {"current_version": None} == {
        "code": "building_held",
        "rule": "grimdark-future-1.5.md#Solid Buildings",
        "message": "brick-house hält der Gegner: vanguard-squad",
        "field": "command.transport",
        "current_version": None,
        "params": {"building": "brick-house", "units": ["vanguard-squad"]},
    }
    assert sam.mission(battle)["game"]["units"]["vanguard-squad"]["inside"] == "brick-house"
