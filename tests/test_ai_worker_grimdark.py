"""Grimdark Future solo over HTTP to its end (README.md#ai-worker): a Duel with the Thornback
Brood played by a worker through real Redis, every command for it written once, by the worker,
under its key; the Ashen Vanguard's player plays by the same rule (domain/systems/grimdark/ai.py
pointed at its army) and the host rolls the roll-offs. The server's seeds are fixed, so every
die is the same each run."""

from __future__ import annotations



from domain.systems.grimdark.state import Game
from domain.verification import verify_stream
from tests.grimdark.solo import commanding, host
from tests.harness import Campaign, ScriptedPlayer, play
from tests.test_ai_worker import battle, rig, settle  # noqa: F401 - fixtures

VANGUARD, BROOD = "ashen-vanguard", "thornback-brood"


def brood_command(game: Game, command: object) -> bool:
    side = getattr(command, "side", "")
    unit = getattr(command, "unit", "")
    return side == BROOD or (unit in game.units and game.units[unit].army == BROOD)


def test_duel_solo_the_brood_played_by_the_worker(rig, client, monkeypatch):  # noqa: F811
    ledger, _, _, relay, worker = rig
    monkeypatch.setattr(ledger, "fresh_seed", lambda: bytes(range(32)))
    campaign = Campaign(client, "Ash Fields")
    ann = campaign.invite("ann", "player", (VANGUARD,))
    mission_id = campaign.mission("Duel", "grimdark-future", "1.5", {"solo": BROOD}, dice_mode="server", client_seed="duel")
    refused = ann.command(mission_id, {"type": "PickEdge", "side": BROOD, "edge": "south"})
    assert (refused.status_code, refused.json()["params"]) == (403, {"member": "ann", "units": [BROOD]})
    players = [ScriptedPlayer(campaign.host, mission_id, host), ScriptedPlayer(ann, mission_id, commanding(VANGUARD))]
    finished = play(players, rounds=400, between=lambda: settle(relay, worker))
    game = battle(ledger, mission_id)
    assert finished, (game and (game.phase, game.up, game.active, game.pending), ledger.mission(mission_id).attention)
    assert game.phase == "over" and game.outcome is not None
    assert not ledger.mission(mission_id).attention
    assert verify_stream(ledger.store.read(mission_id)).chain.ok
    records = [r for r in ledger.records(mission_id) if r.command is not None]
    written = [r for r in records if brood_command(game, r.command)]
    assert written and all(r.actor == "worker" and r.command_key.startswith(f"ai:{mission_id}:") for r in written)
    keys = {r.batch: r.command_key for r in written}
    assert len(set(keys.values())) == len(keys)
    assert [r.command for r in records if r.actor == "worker" and r not in written] == []
    assert {type(r.command).__name__ for r in written} == {"PickEdge", "ChooseFirstMarker", "PlaceMarker", "Deploy", "Hold", "Rush", "Charge", "ArriveFromAmbush", "RemoveCasualties"}
    # With these seeds (the Brood's Creeper Swarm kept in reserve by Ambush, its Mother deployed
    # in the Skitter Swarm; each side charges only where it expects to win the melee) the Brood
    # holds one marker at the end and wins.
    assert (game.outcome, game.seized, len(written)) == (BROOD, {VANGUARD: 0, BROOD: 1}, 30)
