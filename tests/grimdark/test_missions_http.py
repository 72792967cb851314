"""Each of the six missions (grimdark-future-1.5.md#Missions) played to its end over HTTP by two
players, ann with the Ashen Vanguard and bob with the Thornback Brood, each sending only its own
army's commands (chosen by the solo rule of domain/systems/grimdark/ai.py pointed at its army),
the host rolling the roll-offs; and a four-player game in two sides the same way. A spectator
follows each battle: its stream delivers every record to the BattleEnded; once the host ends
the mission every command decides again to the same events and every roll is in the audit,
citing the rules file. The server's seed is fixed, so every die is the same each run: the outcome and the markers are pinned."""

from __future__ import annotations

import json

import pytest
from litestar.exceptions import WebSocketDisconnect

from tests.grimdark.solo import commanding, host
from tests.harness import Campaign, ScriptedPlayer, play

VANGUARD, BROOD, CONVOY = "ashen-vanguard", "thornback-brood", "iron-convoy"
#: The Brood's copy on the same side (#Multi-Player Games): its own army id.
MIRROR = f"{BROOD}-2"


def _played(client, ledger, monkeypatch, mission: str, seats: dict[str, str], armies: str, points: str = "500") -> tuple[dict, dict[str, int]]:
    """The battle played to its end; the game as the spectator reads it, and how many commands
    each army's player had accepted."""
    monkeypatch.setattr(ledger, "fresh_seed", lambda: bytes(range(32)))
    campaign = Campaign(client, "Border War")
    members = {army: campaign.invite(name, "player", [army]) for name, army in seats.items()}
    sam = campaign.invite("sam", "spectator")
    battle = campaign.mission(mission, "grimdark-future", options={"mission": mission, "armies": armies, "points": points}, dice_mode="server", client_seed=mission)
    sent = dict.fromkeys(members, 0)

    def counted(army: str):
        def observe(command, response, ms) -> None:
            sent[army] += response.status_code == 201

        return observe

    players = [ScriptedPlayer(campaign.host, battle, host)] + [ScriptedPlayer(m, battle, commanding(army), on_command=counted(army)) for army, m in members.items()]
    assert play(players, rounds=3000)
    followed = _followed(client, battle, sam)
    assert [r["position"] for r in followed] == [r.position for r in ledger.records(battle)]
    assert followed[-1]["event"]["type"] == "BattleEnded"
    game = sam.mission(battle)["game"]  # the spectator reads the end as the players do
    campaign.host.end(battle)  # reveals the seed: the battle can be decided again and audited
    commands = sum(1 for r in ledger.records(battle) if r.command is not None)
    assert sam.read(f"/missions/{battle}/replay/check") == {"ok": True, "commands": commands, "checked": commands, "unverifiable": [], "mismatches": []}
    rolls = [roll for epoch in sam.read(f"/missions/{battle}/audit")["epochs"] for roll in epoch["rolls"]]
    assert len(rolls) == sum(1 for r in followed if r["event"]["type"] == "DiceRolled")
    assert {roll["rule"].split("#")[0] for roll in rolls} == {"grimdark-future-1.5.md"}
    return game, sent


def _followed(client, battle: str, spectator) -> list[dict]:
    """Every record of the battle as the spectator's live stream (README.md#live-streams) delivers it."""
    got = []
    with client.websocket_connect(f"/missions/{battle}/ws?follow=false", headers=spectator.headers) as ws, pytest.raises(WebSocketDisconnect):
        while True:
            got.append(json.loads(ws.receive_text(timeout=10)))
    return got


@pytest.mark.parametrize(
    ("mission", "outcome", "seized", "rounds"),
    [
        ("duel", BROOD, {VANGUARD: 0, BROOD: 1}, 4),
        ("seize-ground", BROOD, {VANGUARD: 0, BROOD: 1}, 4),
        ("breakthrough", "draw", {VANGUARD: 1, BROOD: 1}, 4),
        ("king-of-the-hill", BROOD, {VANGUARD: 0, BROOD: 1}, 4),
        ("relic-hunt", "draw", {VANGUARD: 0, BROOD: 0}, 4),
        ("sabotage", BROOD, {VANGUARD: 0, BROOD: 1}, 4),  # markers destroyed
    ],
)
def test_each_mission_is_played_to_its_end_over_http_by_two_players(client, ledger, monkeypatch, mission, outcome, seized, rounds):
    game, sent = _played(client, ledger, monkeypatch, mission, {"ann": VANGUARD, "bob": BROOD}, f"{VANGUARD},{BROOD}")
    assert game["phase"] == "over" and all(sent.values())
    assert (game["outcome"], game["seized"], game["round"]) == (outcome, seized, rounds)


def test_four_players_in_two_sides_play_a_duel_to_its_end_over_http(client, ledger, monkeypatch):
    """grimdark-future-1.5.md#Multi-Player Games: the Vanguard and the Convoy against the Brood
    and its copy, 1000 points, a player per army, each side's first army's player making the
    side's choices; every command is its own player's."""
    seats = {"ann": VANGUARD, "cat": CONVOY, "bob": BROOD, "dan": MIRROR}
    game, sent = _played(client, ledger, monkeypatch, "duel", seats, f"{VANGUARD}+{CONVOY},{BROOD}+{BROOD}", points="1000")
    assert sent == {VANGUARD: 29, CONVOY: 23, BROOD: 32, MIRROR: 26}
    assert (game["phase"], game["outcome"], game["seized"], game["round"]) == ("over", "draw", {VANGUARD: 1, BROOD: 1}, 4)
    assert {army: game["units"][unit]["army"] for army, unit in ((VANGUARD, "ridge-squad"), (CONVOY, "mule-carrier"), (BROOD, "skitter-swarm"), (MIRROR, "skitter-swarm-2"))} == {
        VANGUARD: VANGUARD, CONVOY: CONVOY, BROOD: BROOD, MIRROR: MIRROR,
    }
