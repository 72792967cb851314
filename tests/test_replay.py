"""Replay, the determinism check and disputes (README.md#replay, README.md#disputes)."""

from __future__ import annotations

import msgspec

from api.http.bodies import MissionView
from domain import replay
from domain.codecs import mission_codec
from tests.conftest import Table


def _play(table: Table) -> None:
    client = table.client
    client.post(table.url("/client-seed"), json={"contribution": "ann"}, headers=table.player)
    for notation in ("3d6", "d20+2", "2d3"):
        table.roll(notation)
    client.post(table.url("/shuffles"), json={"deck": list("abcdefg"), "purpose": "deck"}, headers=table.player)
    client.post(table.url("/seed/rotate"), json={}, headers=table.host)
    table.roll("4d6")


def _events(table: Table) -> list[dict]:
    return table.client.get(table.url("/events?limit=1000"), headers=table.spectator).json()["events"]


def test_every_position_replays_to_the_state_the_log_implies(table: Table):
    _play(table)
    live = table.state()
    records = msgspec.convert(_events(table), list[mission_codec("table").record_type])
    for position in range(1, live["version"] + 1):
        step = table.client.get(table.url(f"/replay?at={position}"), headers=table.spectator).json()
        assert step["position"] == position and step["event"]["position"] == position
        expected = MissionView.of(replay.fold(records[:position]))
        assert step["state"] == msgspec.json.decode(msgspec.json.encode(expected))
        assert step["state"]["version"] == position
        assert step["previous"] == (position - 1 if position > 1 else None)
        assert step["next"] == (position + 1 if position < live["version"] else None)
    last = table.client.get(table.url("/replay"), headers=table.spectator).json()
    assert last["state"] == live


def test_a_step_says_what_its_event_changed(table: Table):
    position = table.roll("2d6")["events"][0]["position"]
    step = table.client.get(table.url(f"/replay?at={position}"), headers=table.spectator).json()
    changed = {c["path"]: (c["before"], c["after"]) for c in step["changes"]}
    assert changed["epochs.0.next_nonce"] == (0, 1)
    assert changed["epochs.0.rolled"] == (False, True)
    assert changed["version"] == (position - 1, position)
    outside = table.client.get(table.url(f"/replay?at={position + 1}"), headers=table.spectator)
    assert outside.status_code == 422 and outside.json()["code"] == "position_out_of_range"


def test_recorded_commands_decided_again_give_the_same_events(table: Table):
    _play(table)
    before = table.client.get(table.url("/replay/check"), headers=table.spectator).json()
    assert before["ok"] and before["unverifiable"], "the current epoch is not revealed yet"
    table.client.post(table.url("/end"), json={}, headers=table.host)
    report = table.client.get(table.url("/replay/check"), headers=table.spectator).json()
    assert report == {"ok": True, "commands": 8, "checked": 8, "unverifiable": [], "mismatches": []}


def test_a_forged_roll_fails_the_determinism_check(table: Table):
    _play(table)
    table.client.post(table.url("/end"), json={}, headers=table.host)
    records = msgspec.convert(_events(table), list[mission_codec("table").record_type])
    forged = list(records)
    roll = next(r for r in records if type(r.event).__name__ == "DiceRolled")
    faces = [f % 6 + 1 for f in roll.event.faces]
    forged[roll.position - 1] = msgspec.structs.replace(roll, event=msgspec.structs.replace(roll.event, faces=faces, results=faces))
    assert replay.check_determinism(records).ok
    report = replay.check_determinism(forged)
    assert not report.ok and [m.batch for m in report.mismatches] == [roll.position]


def test_a_dispute_upheld_leaves_the_roll_standing(table: Table):
    position = table.roll("3d6")["events"][0]["position"]
    disputed = table.client.post(table.url("/disputes"), json={"roll": position, "reason": "die fell off the table"}, headers=table.player)
    assert disputed.status_code == 201
    assert table.state()["disputes"] == {str(position): "die fell off the table"}
    again = table.client.post(table.url("/disputes"), json={"roll": position, "reason": "twice"}, headers=table.player)
    assert again.status_code == 422 and again.json()["code"] == "already_disputed"
    by_player = table.client.post(table.url(f"/disputes/{position}/verdict"), json={"verdict": "upheld"}, headers=table.player)
    assert by_player.status_code == 403
    upheld = table.client.post(table.url(f"/disputes/{position}/verdict"), json={"verdict": "upheld", "note": "it landed flat"}, headers=table.host)
    assert [e["event"]["type"] for e in upheld.json()["events"]] == ["DisputeResolved"]
    assert table.state()["disputes"] == {} and table.state()["annulled"] == []


def test_a_dispute_annulled_compensates_and_rolls_again(table: Table):
    original = table.roll("2d6+d3+1", "volley")["events"][0]
    position = original["position"]
    table.client.post(table.url("/disputes"), json={"roll": position, "reason": "cocked die"}, headers=table.player)
    events = table.client.post(table.url(f"/disputes/{position}/verdict"), json={"verdict": "annulled"}, headers=table.host).json()["events"]
    resolved, annulled, reroll = (e["event"] for e in events)
    assert resolved == {"type": "DisputeResolved", "roll": position, "verdict": "annulled", "note": ""}
    assert annulled == {"type": "RollAnnulled", "roll": position}
    assert reroll["type"] == "DiceRolled" and reroll["replaces"] == position
    assert (reroll["sides"], reroll["purpose"], reroll["notation"], reroll["actor"]) == ([6, 6, 6], "volley", "2d6+d3+1", "ann")
    assert reroll["nonce"] == original["event"]["nonce"] + 1
    assert table.state()["annulled"] == [position]
    log = [e["event"]["type"] for e in _events(table)]
    assert log[-5:] == ["DiceRolled", "RollDisputed", "DisputeResolved", "RollAnnulled", "DiceRolled"]
    # An annulled roll can be neither re-rolled nor disputed again.
    for path, body in (("/rolls", {"dice": "d6", "purpose": "x", "replaces": position}), ("/disputes", {"roll": position, "reason": "x"})):
        response = table.client.post(table.url(path), json=body, headers=table.player)
        assert response.status_code == 422


def test_disputes_go_on_after_the_end_without_a_re_roll(table: Table):
    position = table.roll()["events"][0]["position"]
    table.client.post(table.url("/end"), json={}, headers=table.host)
    assert table.client.post(table.url("/disputes"), json={"roll": position, "reason": "audit"}, headers=table.player).status_code == 201
    events = table.client.post(table.url(f"/disputes/{position}/verdict"), json={"verdict": "annulled"}, headers=table.host).json()["events"]
    assert [e["event"]["type"] for e in events] == ["DisputeResolved", "RollAnnulled"]
    bad = table.client.post(table.url(f"/disputes/{position}/verdict"), json={"verdict": "maybe"}, headers=table.host)
    assert bad.status_code == 422 and bad.json()["code"] == "no_open_dispute"


def test_only_rolls_can_be_disputed(table: Table):
    response = table.client.post(table.url("/disputes"), json={"roll": 1, "reason": "x"}, headers=table.player)
    assert response.status_code == 422 and response.json()["code"] == "not_disputable"


def test_campaign_history_lists_missions_with_outcomes(client):
    table = Table(client)
    table.roll()
    client.post(table.url("/end"), json={"outcome": "victory"}, headers=table.host)
    second = table.campaign.mission("Second")
    history = client.get(f"/campaigns/{table.campaign_id}/history", headers=table.spectator).json()
    assert [(m["name"], m["outcome"]) for m in history["missions"]] == [("Outpost", "victory"), ("Second", None)]
    assert history["missions"][0]["epochs_revealed"] == 1 and history["missions"][1]["mission_id"] == second


def test_the_readable_audit_page_shows_each_roll_and_its_check(table: Table):
    """Each roll's results (a d3 as a d3 with its d6 face) and total (design.md#Dice step 4)."""
    rolled = table.roll("d3+2")["events"][0]["event"]
    (face,), (result,) = rolled["faces"], rolled["results"]
    row = f"<td>[6]<td>[{face}]<td>d3 {result} (d6 {face}) = {result + 2}<td>{result + 2}<td>"
    assert row in table.client.get(table.url("/audit.html"), headers=table.spectator).text
    page = table.client.get(table.url("/audit.html"), headers=table.spectator)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "sealed until revealed" in page.text and "after the reveal" in page.text
    table.client.post(table.url("/end"), json={}, headers=table.host)
    page = table.client.get(table.url("/audit.html"), headers=table.spectator).text
    assert "re-computed ✓" in page and "Hash chain: <b class=ok>intact" in page
