"""Every sample mission of the core pack played to its end over HTTP, in both rules versions,
with server dice (the AI played by a real worker through Redis) and with physical dice (the
table types every face, rolled from a seeded `random.Random`, and submits the AI's activations
itself: README.md#manual-dice); each mission reaches its outcome, verifies and replays.

SQLite only: the stores are covered elsewhere, and twelve whole missions are enough here."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness import Campaign, ScriptedPlayer, TableDice, play
from tests.starquest.players import HEROES, PLACES, hero_names, roll_for_the_ai, seek_objectives, start
from tests.test_ai_worker import rig, settle  # noqa: F401 - rig is a fixture


@pytest.fixture
def store_env(tmp_path: Path) -> dict[str, str]:
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "ledger.sqlite3"), "SQLITE_LOCK_TIMEOUT": "10"}


@pytest.mark.parametrize("dice_mode", ["server", "manual"])
@pytest.mark.parametrize("rules", ["en", "de"])
@pytest.mark.parametrize("mission", sorted(PLACES))
def test_a_sample_mission_plays_to_its_outcome_and_verifies(rig, client, mission, rules, dice_mode):  # noqa: F811
    _, _, _, relay, worker = rig
    campaign = Campaign(client, "Salvage")
    host, ann = campaign.host, campaign.invite("ann", "player", HEROES)
    mission_id = campaign.mission(mission, "star-quest", rules, {"mission": mission, "heroes": hero_names(HEROES)}, dice_mode=dice_mode, client_seed=f"{mission}-{rules}")
    dice = TableDice(f"{mission}-{rules}") if dice_mode == "manual" else None
    start(ann, mission_id, HEROES, PLACES[mission], dice=dice)
    heroes = ScriptedPlayer(ann, mission_id, seek_objectives, dice=dice)
    if dice is None:
        assert play([heroes], rounds=2000, between=lambda: settle(relay, worker))
    else:
        assert play([heroes, ScriptedPlayer(host, mission_id, roll_for_the_ai, dice=dice)], rounds=2000)
    battle = heroes.turn().game
    assert battle.outcome in ("victory", "defeat")
    records = ann.read(f"/missions/{mission_id}/events?limit=1000")["events"]
    rolls = [r["event"] for r in records if r["event"]["type"] == "DiceRolled"]
    assert rolls and {r["source"] for r in rolls} == {dice_mode}
    by_ai = {r["actor"] for r in records if r["command"] and r["command"]["type"].startswith("Ai")}
    assert by_ai == ({"worker"} if dice is None else {"host"})
    assert host.end(mission_id, battle.outcome).status_code == 201
    if dice is None:
        settle(relay, worker)  # the worker verifies the revealed epoch
    verdict = ann.read(f"/missions/{mission_id}/verify")
    assert verdict["ok"], verdict
    assert (verdict["dice"]["manual_rolls"] > 0) == (dice is not None) and (verdict["dice"]["rolls_checked"] > 0) == (dice is None)
    assert ann.read(f"/missions/{mission_id}/replay/check")["ok"]
