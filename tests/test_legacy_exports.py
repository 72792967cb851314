"""Stored logs stay valid (issue: one game-system seam): a campaign export written by the
server before commands and events were decoded per game system imports into today's server,
verifies offline and online, and reads back as it did then: the same mission views, audit
documents, event pages, replay checks and campaign record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.exports import verify_export

LEGACY = Path(__file__).parent / "fixtures" / "legacy"


@pytest.fixture(scope="module")
def expected() -> dict:
    return json.loads((LEGACY / "expected.json").read_text())


@pytest.fixture
def imported(client, expected) -> dict:
    response = client.post("/imports", content=(LEGACY / "campaign.jsonl").read_bytes(), headers={"content-type": "application/x-ndjson"})
    assert response.status_code == 201, response.text
    return {role: {"authorization": token} for role, token in expected["tokens"].items()}


def test_the_legacy_export_verifies_offline():
    report = verify_export((LEGACY / "campaign.jsonl").read_bytes())
    assert report.ok, report


def test_each_legacy_mission_reads_back_as_it_did(client, imported, expected):
    for mission_id, then in expected["missions"].items():
        url = f"/missions/{mission_id}"
        assert client.get(url, headers=imported["host"]).json() == then["view"]
        assert _as_then(client.get(f"{url}/audit", headers=imported["host"]).json(), then["audit"]) == then["audit"]
        assert client.get(f"{url}/verify", headers=imported["host"]).json() == then["verify"]
        assert client.get(f"{url}/events?limit=1000", headers=imported["spectator"]).json() == then["events"]
        assert client.get(f"{url}/replay/check", headers=imported["host"]).json() == then["replay_check"]


#: Fields the audit document gained since (design.md#Hash chain: where an epoch's commitment and
#: reveal stand, a tray roll's notation and total); everything it held then reads back the same
#: but the words of each roll, which now name each die and the total ("d3 2 (d6 4)").
_ADDED_TO_EPOCHS, _ADDED_TO_ROLLS = ("started", "revealed"), ("notation", "total")


def _as_then(now: dict, then: dict) -> dict:
    for epoch, epoch_then in zip(now["epochs"], then["epochs"], strict=True):
        assert epoch["started"] is not None
        for field in _ADDED_TO_EPOCHS:
            del epoch[field]
        for roll, roll_then in zip(epoch["rolls"], epoch_then["rolls"], strict=True):
            for field in _ADDED_TO_ROLLS:
                del roll[field]
            assert roll["description"].startswith(f"{roll['actor']} rolled d")
            roll["description"] = roll_then["description"]
    return now


def test_the_legacy_campaign_reads_back_as_it_did(client, imported, expected):
    """The roster the campaign showed as `heroes` is Star Quest's now (`systems`)."""
    now = client.get(f"/campaigns/{expected['campaign_id']}", headers=imported["player"]).json()
    then = dict(expected["campaign"])
    assert now.pop("systems") == {"star-quest": {"heroes": then.pop("heroes")}}
    assert now == then


def test_a_legacy_mission_takes_new_events_that_chain_on(client, imported, expected):
    """A dispute and its verdict after the import link onto the old chain and verify."""
    mission_id, then, roll = next(
        (m, t, r) for m, t in expected["missions"].items() if t["view"]["system"] == "star-quest" for e in t["audit"]["epochs"] for r in e["rolls"]
    )
    url = f"/missions/{mission_id}"
    assert client.post(f"{url}/disputes", json={"roll": int(roll["event"]), "reason": "looked odd"}, headers=imported["player"]).status_code == 201
    verdict = client.post(f"{url}/disputes/{roll['event']}/verdict", json={"verdict": "upheld"}, headers=imported["host"])
    assert verdict.status_code == 201, verdict.text
    assert verdict.json()["version"] == then["view"]["version"] + 2
    assert client.get(f"{url}/verify", headers=imported["player"]).json()["ok"]

