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
        assert client.get(f"{url}/audit", headers=imported["host"]).json() == then["audit"]
        assert client.get(f"{url}/verify", headers=imported["host"]).json() == then["verify"]
        assert client.get(f"{url}/events?limit=1000", headers=imported["spectator"]).json() == then["events"]
        assert client.get(f"{url}/replay/check", headers=imported["host"]).json() == then["replay_check"]


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

