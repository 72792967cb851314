"""Routes that list or summarise read the projections (projections/reads.py), caught up with
the log before they answer, so a client reads its own writes."""

from __future__ import annotations

from tests.conftest import Table


def test_the_mission_list_is_the_campaign_projection_and_shows_each_write_at_once(client, ledger):
    table = Table(client)
    url = f"/campaigns/{table.campaign_id}/missions"
    assert client.get(url, headers=table.spectator).json() == [
        {"mission_id": table.mission_id, "name": "Outpost", "system": "table", "outcome": None, "version": 2}
    ]
    second = table.campaign.mission("Ambush", client_seed="two")
    table.roll()
    table.roll()
    listed = client.get(url, headers=table.spectator).json()
    assert [(m["mission_id"], m["name"], m["version"]) for m in listed] == [(table.mission_id, "Outpost", 4), (second, "Ambush", 2)]
    assert client.post(table.url("/end"), json={"outcome": "held"}, headers=table.host).status_code == 201
    listed = client.get(url, headers=table.player).json()
    assert (listed[0]["outcome"], listed[0]["version"]) == ("held", ledger.mission(table.mission_id).version)
    reads = client.app.state.reads
    assert reads.projections.runners["campaign"].position() == ledger.store.max_notification_id()


def test_the_mission_list_is_for_members_of_the_campaign(client):
    table = Table(client)
    other = Table(client)
    url = f"/campaigns/{table.campaign_id}/missions"
    assert client.get(url).status_code == 401
    assert client.get(url, headers=other.host).json()["code"] == "other_campaign"
    assert client.get("/campaigns/00000000-0000-4000-8000-000000000000/missions", headers=table.host).status_code == 404


def test_the_battlefield_view_is_its_projection_row_with_the_newer_events_on_top(client, ledger):
    """A worker saved the row a while ago; the commands since show at once, and the read writes nothing."""
    from projections.runner import Projections

    table = Table(client)
    worker = Projections(ledger.store, ["battlefield"])
    worker.catch_up()
    saved = worker.tables.row("battlefield", table.mission_id)
    table.roll()
    view = client.get(table.url(), headers=table.spectator).json()
    assert view["version"] == ledger.mission(table.mission_id).version == 3
    assert view["epochs"][0]["next_nonce"] == 1
    assert worker.tables.row("battlefield", table.mission_id) == saved  # the read folded in memory
