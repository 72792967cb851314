"""The campaign's own dice pinned over HTTP (design.md#Dice step 2): a campaign created with a
client seed opens its first epoch with it, its players add their parts before the first roll,
and a legacy draw on a known server seed then names a known card, which anyone re-computes
from the audit once the seed is revealed."""

from __future__ import annotations

import hashlib

from tests.blackstone.conftest import quest_seed
from tests.fixtures import dice_vectors
from tests.harness import Campaign

SYSTEM = "blackstone-fortress"
PARTY = "Ysolde Marr, Brother Kettle, Oskra Vey, Pim and Pell"


def _faces(seed: bytes, client_seed: str, nonce: int, sides: list[int]) -> list[int]:
    """design.md#Dice steps 3 and 4 as the known-answer vectors write them from the text (no
    code shared with domain/dice.py)."""
    return dice_vectors.draw(seed, client_seed, nonce, sides)[0]


def _fisher_yates(deck: list[str], faces: list[int]) -> list[str]:
    """design.md#Dice step 5: i from n-1 down to 1, j = face - 1, swap."""
    order = list(deck)
    for i, face in zip(range(len(order) - 1, 0, -1), faces, strict=True):
        order[i], order[face - 1] = order[face - 1], order[i]
    return order


def _events(response) -> list[dict]:
    assert response.status_code == 201, response.text
    return [r["event"] for r in response.json()["events"]]


def test_a_pinned_client_seed_gives_a_known_legacy_card_re_computed_from_the_audit(seeded):
    campaign = Campaign(seeded, "Pinned quest", client_seed="pinned-quest")
    ann = campaign.invite("ann", "player", ["ysolde-marr", "brother-kettle", "oskra-vey", "pim-and-pell"])
    sam = campaign.invite("sam", "spectator")
    url = f"/campaigns/{campaign.id}"
    # The first epoch opened with the campaign: its commitment (the server's first seed) and
    # the pinned client seed are public before anything rolls.
    (opened,) = sam.read(f"{url}/audit")["epochs"]
    assert (opened["commitment"], opened["client_seed"], opened["server_seed"]) == (hashlib.sha256(quest_seed(1)).hexdigest(), "pinned-quest", None)

    # Players add their parts before the first roll; a spectator may not, nor may an empty part.
    assert _events(ann.post(f"{url}/client-seed", {"contribution": "ann"})) == [{"type": "CampaignClientSeedContributed", "epoch": 0, "contribution": "ann", "by": "ann"}]
    assert sam.post(f"{url}/client-seed", {"contribution": "sam"}).status_code == 403
    empty = ann.post(f"{url}/client-seed", {"contribution": ""})
    assert (empty.status_code, empty.json()["code"], empty.json()["rule"]) == (422, "empty_contribution", "design.md#Dice")

    def quest(command: dict) -> list[dict]:
        return _events(campaign.host.post(f"{url}/commands", {"command": {"type": f"{SYSTEM}.{command.pop('type')}", **command}}))

    quest({"type": "BeginQuest", "pack": "core"})
    mission = campaign.mission("First", system=SYSTEM, options={"mode": "expedition", "explorers": PARTY, "players": "ann"}, client_seed="first")
    _events(campaign.host.command(mission, {"type": "EndExpedition"}))
    assert campaign.host.end(mission, "ended").status_code == 201
    drawn = quest({"type": "DrawLegacy"})
    shuffle, card = drawn[0], drawn[-1]
    assert (card["type"], card["card"], card["number"], card["expedition"]) == (f"{SYSTEM}.LegacyDrawn", "sealed-passage", 1, mission)
    late = ann.post(f"{url}/client-seed", {"contribution": "too late"})
    assert (late.status_code, late.json()["code"], late.json()["params"]) == (422, "client_seed_locked", {"epoch": 0})

    # The reveal: the legacy shuffle re-computed from the audit alone names the card drawn.
    rotated = _events(campaign.host.post(f"{url}/commands", {"command": {"type": "RotateCampaignSeed"}}))
    assert [e["type"] for e in rotated] == ["CampaignSeedRevealed", "CampaignEpochStarted"]
    assert rotated[1]["client_seed"] == "pinned-quest"  # each new epoch starts from the pinned seed
    epoch = sam.read(f"{url}/audit")["epochs"][0]
    assert (epoch["client_seed"], epoch["server_seed"]) == ("pinned-quest:ann", quest_seed(1).hex())
    (roll,) = [r for r in epoch["rolls"] if r["purpose"] == shuffle["purpose"]]
    assert _faces(quest_seed(1), "pinned-quest:ann", roll["nonce"], roll["sides"]) == roll["faces"]
    assert _fisher_yates(roll["deck"], roll["faces"])[0] == card["card"]
    assert sam.read(f"{url}/verify")["ok"]


def test_a_manual_dice_expeditions_set_up_takes_typed_faces_and_refuses_them_elsewhere(seeded):
    """A manual-dice mission's set-up rolls take the faces typed at its creation (design.md#Dice
    step 7), as a command's do: too few names the roll; a server-dice mission refuses them,
    and so does a mission whose set-up rolls nothing."""
    campaign = Campaign(seeded, "Typed set-up")
    options = {"mode": "expedition", "explorers": PARTY, "players": "host"}
    short = campaign.create_mission("Short", system=SYSTEM, options=options, dice_mode="manual", faces=[1])
    assert (short.status_code, short.json()["code"], short.json()["params"]) == (422, "missing_faces", {"given": 1, "used": 0, "needed": [4, 3, 2], "purpose": "shuffle the combat cards"})
    server = campaign.create_mission("Server", system=SYSTEM, options=options, faces=[1])
    assert (server.status_code, server.json()["code"], server.json()["field"]) == (422, "faces_not_allowed", "faces")
    table = campaign.create_mission("Table", dice_mode="manual", faces=[3])
    assert (table.status_code, table.json()["code"], table.json()["params"]) == (422, "too_many_faces", {"left": 1})
    assert [m["name"] for m in campaign.host.read(f"/campaigns/{campaign.id}/missions")] == []
