"""The mission decider through the API: dice tray, re-rolls, shuffles, seeds, manual dice."""

from __future__ import annotations

from domain import dice
from tests.conftest import Table


def test_dice_tray_rolls_any_dice_with_a_purpose(table: Table):
    event = table.roll("2d6+d3+1", "morale test")["events"][0]["event"]
    assert event["type"] == "DiceRolled"
    assert event["sides"] == [6, 6, 6] and event["nonce"] == 0 and event["source"] == "server"
    assert event["purpose"] == "morale test" and event["actor"] == "ann"
    assert event["results"][:2] == event["faces"][:2]
    assert event["results"][2] == dice.d3_from_d6(event["faces"][2])
    assert event["total"] == sum(event["results"]) + 1


def test_each_roll_takes_the_next_nonce(table: Table):
    nonces = [table.roll()["events"][0]["event"]["nonce"] for _ in range(4)]
    assert nonces == [0, 1, 2, 3]
    assert table.state()["epochs"][0]["next_nonce"] == 4


def test_a_reroll_names_the_roll_it_replaces_once(table: Table):
    first = table.roll()["events"][0]["position"]
    again = table.roll(replaces=first)["events"][0]
    assert again["event"]["replaces"] == first
    refused = table.client.post(table.url("/rolls"), json={"dice": "3d6", "purpose": "x", "replaces": first}, headers=table.player)
    assert refused.status_code == 422 and refused.json()["code"] == "not_rerollable"


def test_a_reroll_is_the_rollers_own_with_the_same_dice(table: Table):
    """README.md#disputes: the tray re-rolls only the roller's own roll, and only its dice."""
    theirs = table.roll("2d6+d3", headers=table.host)["events"][0]["position"]
    other = table.client.post(table.url("/rolls"), json={"dice": "2d6+d3", "purpose": "x", "replaces": theirs}, headers=table.player)
    assert other.status_code == 403
    assert (other.json()["code"], other.json()["rule"]) == ("not_your_roll", "README.md#disputes")
    assert other.json()["message"] == f"event {theirs} is host's roll: only its roller re-rolls it; dispute it and the host rules"
    mine = table.roll("3d6")["events"][0]["position"]
    for other_dice in ("d20", "2d6", "2d6+d3"):
        bigger = table.client.post(table.url("/rolls"), json={"dice": other_dice, "purpose": "x", "replaces": mine}, headers=table.player)
        assert bigger.status_code == 422 and bigger.json()["code"] == "reroll_other_dice"
        assert bigger.json()["message"] == f"a re-roll rolls the same dice again: event {mine} rolled 3d6, not {other_dice}"
    again = table.roll("3D6+2", replaces=mine)["events"][0]["event"]
    assert (again["replaces"], again["sides"]) == (mine, [6, 6, 6])
    d3 = table.roll("2d6+d3", headers=table.host)["events"][0]["position"]
    swapped = table.client.post(table.url("/rolls"), json={"dice": "d3+2d6", "purpose": "x", "replaces": d3}, headers=table.host)
    assert swapped.status_code == 422 and swapped.json()["code"] == "reroll_other_dice"


def test_a_shuffle_is_one_roll_recording_both_orders(table: Table):
    deck = ["a", "b", "c", "d", "e"]
    response = table.client.post(table.url("/shuffles"), json={"deck": deck, "purpose": "event deck"}, headers=table.player)
    event = response.json()["events"][0]["event"]
    assert event["deck"] == deck and sorted(event["order"]) == deck
    assert event["sides"] == [5, 4, 3, 2]
    assert dice.apply_shuffle(deck, event["faces"]) == event["order"]


def test_client_seed_contributions_join_until_the_first_roll(table: Table):
    for part in ("ann-was-here", "bob"):
        response = table.client.post(table.url("/client-seed"), json={"contribution": part}, headers=table.player)
        assert response.status_code == 201
    assert table.state()["epochs"][0]["client_seed"] == "table-1:ann-was-here:bob"
    table.roll()
    late = table.client.post(table.url("/client-seed"), json={"contribution": "late"}, headers=table.player)
    assert late.status_code == 422 and late.json()["code"] == "client_seed_locked"


def test_rotation_reveals_and_starts_a_new_epoch(table: Table):
    table.roll()
    events = table.client.post(table.url("/seed/rotate"), json={}, headers=table.host).json()["events"]
    revealed, started = (e["event"] for e in events)
    assert revealed["type"] == "SeedRevealed" and revealed["epoch"] == 0
    assert dice.commitment(bytes.fromhex(revealed["server_seed"])) == revealed["commitment"]
    assert started["type"] == "EpochStarted" and started["epoch"] == 1 and started["commitment"] != revealed["commitment"]
    assert table.roll()["events"][0]["event"]["nonce"] == 0
    assert [e["epoch"] for e in table.state()["epochs"]] == [0, 1]


def test_ending_reveals_and_closes_the_mission(table: Table):
    table.roll()
    events = table.client.post(table.url("/end"), json={"outcome": "victory"}, headers=table.host).json()["events"]
    assert [e["event"]["type"] for e in events] == ["SeedRevealed", "MissionEnded"]
    assert table.state()["outcome"] == "victory"
    after = table.client.post(table.url("/rolls"), json={"dice": "d6", "purpose": "x"}, headers=table.player)
    assert after.status_code == 422 and after.json()["code"] == "mission_ended"


def test_manual_dice_are_logged_as_typed(client):
    table = Table(client, dice_mode="manual")
    event = table.roll("2d6+d3", faces=[6, 1, 5])["events"][0]["event"]
    assert event["source"] == "manual" and event["nonce"] is None
    assert event["faces"] == [6, 1, 5] and event["results"] == [6, 1, 3]
    for faces, code in (([6, 1], "missing_faces"), ([6, 1, 5, 2], "too_many_faces"), ([7, 1, 1], "impossible_face")):
        response = client.post(table.url("/rolls"), json={"dice": "2d6+d3", "purpose": "x", "faces": faces}, headers=table.player)
        assert response.status_code == 422 and response.json()["code"] == code


def test_idempotent_retry_returns_the_first_result_and_rolls_nothing(table: Table):
    body = {"dice": "4d6", "purpose": "volley", "idempotency_key": "volley-1"}
    first = table.client.post(table.url("/rolls"), json=body, headers=table.player).json()
    again = table.client.post(table.url("/rolls"), json=body, headers=table.player).json()
    assert again["replayed"] is True and first["replayed"] is False
    assert again["events"] == first["events"]
    assert table.state()["version"] == first["version"]


def test_a_stale_expected_version_is_a_conflict_naming_the_current_one(table: Table):
    version = table.state()["version"]
    table.roll()
    response = table.client.post(table.url("/rolls"), json={"dice": "d6", "purpose": "x", "expected_version": version}, headers=table.player)
    assert response.status_code == 409
    assert response.json()["current_version"] == version + 1
    ok = table.client.post(table.url("/rolls"), json={"dice": "d6", "purpose": "x", "expected_version": version + 1}, headers=table.player)
    assert ok.status_code == 201


def test_events_are_paged_from_a_position(table: Table):
    for _ in range(5):
        table.roll()
    page = table.client.get(table.url("/events?after=2&limit=3"), headers=table.spectator).json()
    assert [e["position"] for e in page["events"]] == [3, 4, 5]
    assert page["next_after"] == 5 and page["version"] == 7


def test_every_event_links_to_the_one_before(table: Table):
    for _ in range(3):
        table.roll()
    events = table.client.get(table.url("/events"), headers=table.spectator).json()["events"]
    assert events[0]["prev_hash"] == "0" * 64
    assert all(b["prev_hash"] == a["hash"] for a, b in zip(events, events[1:]))


def test_players_roll_only_for_their_own_units(table: Table):
    client = table.client
    kit = table.campaign.invite("kit", "player", ["scout-1"]).headers
    own = table.roll("d6", "scout moves", headers=kit, unit="scout-1")["events"][0]["event"]
    assert own["unit"] == "scout-1" and own["actor"] == "kit"
    version = table.state()["version"]
    refused = client.post(table.url("/rolls"), json={"dice": "d6", "purpose": "x", "unit": "scout-1"}, headers=table.player)
    assert refused.status_code == 403 and refused.json()["code"] == "not_your_unit"
    assert table.state()["version"] == version
    assert table.roll("d6", "the host runs every unit", headers=table.host, unit="scout-1")["events"][0]["event"]["unit"] == "scout-1"
