"""A two-mission Star Quest campaign over HTTP on real stores: a hero killed in the first
mission is refused in the second, a hero carried out unconscious starts it wounded, the end of
a mission is recorded in the campaign exactly once however often it is retried, the campaign
projection rebuilds to the live bytes, and the campaign's export still verifies and imports.
"""

from __future__ import annotations

import msgspec

from domain.campaign_events import MissionConcluded
from domain.chain import Recorded, seal
from domain.systems.starquest import events as ev
from projections.runner import Projections
from service.exports import verify_export
from service.ledger import Ledger
from service.seal import Sealer
from tests.harness import Campaign, Member
from tests.servers import in_process
from tests.starquest.players import start

PARTY = ["sera-vantis", "gorm-hadley", "ilo-marrent"]


def _salvage_run(client) -> tuple[Campaign, Member]:
    campaign = Campaign(client, "Salvage Run")
    return campaign, campaign.invite("ann", "player", PARTY)


def _brawl(campaign: Campaign, heroes: str, rules: str = "en"):
    return campaign.create_mission("Brawl", "star-quest", rules, {"mission": "scrapyard-brawl", "heroes": heroes})


def _start(player: Member, mission_id: str, heroes: list[str]) -> None:
    start(player, mission_id, heroes, [(4 + 6 * n, 2) for n in range(len(heroes))])


def _end(campaign: Campaign, mission_id: str, outcome: str, key: str | None = "end"):
    return campaign.host.end(mission_id, outcome, **({"idempotency_key": key} if key else {}))


def _scene(ledger: Ledger, mission_id: str, events: list) -> None:
    """Put engine events straight into the mission's log, chained: a short cut to a battle's
    end state (a hero bled out, one unconscious, one wounded) that server dice would only
    reach by chance. The rules that produce these events have tests of their own."""
    last = ledger.records(mission_id)[-1]
    records = []
    for event in events:
        last = seal(Recorded(mission_id, last.position + 1, "2026-01-01T00:00:00+00:00", "scene", last.hash, event, batch=last.position + 1))
        records.append(last)
    ledger.store.append(records)


def _first_mission_ends_badly(ledger: Ledger, mission_id: str) -> None:
    _scene(
        ledger,
        mission_id,
        [
            ev.WoundsTaken("sera-vantis", "sera-vantis", 5),
            ev.HeroUnconscious("sera-vantis"),
            *(ev.BleedingMarker("sera-vantis", n) for n in (1, 2, 3)),
            ev.HeroDied("sera-vantis"),
            ev.WoundsTaken("gorm-hadley", "gorm-hadley", 3),
            ev.WoundsTaken("ilo-marrent", "ilo-marrent", 4),
            ev.HeroUnconscious("ilo-marrent"),
        ],
    )


def _heroes(view: dict) -> dict[str, tuple]:
    return {h["unit"]: (h["alive"], h["wounds"], h["missions_played"]) for h in view["systems"]["star-quest"]["heroes"]}


def _conclusions(ledger: Ledger, campaign_id: str) -> list[MissionConcluded]:
    return [r.event for r in ledger.records(campaign_id) if isinstance(r.event, MissionConcluded)]


def test_a_campaign_carries_its_heroes_from_mission_to_mission(client, ledger, store, store_env, tmp_path):
    table, player = _salvage_run(client)
    live = Projections(store, page_size=3, save_every_s=0)
    first = _brawl(table, "Sera Vantis, Gorm Hadley, Ilo Marrent")
    assert first.status_code == 201, first.text
    first_id = first.json()["mission_id"]
    _start(player, first_id, PARTY)
    _first_mission_ends_badly(ledger, first_id)
    live.catch_up()

    # The end is recorded in the campaign with the mission, once, however often it is retried.
    ended = _end(table, first_id, "defeat")
    assert ended.status_code == 201 and not ended.json()["replayed"], ended.text
    campaign_version = table.view(player)["version"]
    again = _end(table, first_id, "defeat")
    assert again.status_code == 201 and again.json()["replayed"]
    late = _end(table, first_id, "defeat", key=None)
    assert (late.status_code, late.json()["code"]) == (422, "mission_ended")
    assert table.view(player)["version"] == campaign_version
    assert [c.mission_id for c in _conclusions(ledger, table.id)] == [first_id]

    view = table.view(player)
    # Sera bled out; Gorm stood to the end and heals; Ilo was carried out unconscious and keeps
    # 4 - 3 wounds (docs/starquest-rules-notes.md "Campaigns").
    assert _heroes(view) == {"sera-vantis": (False, 5, 1), "gorm-hadley": (True, 0, 1), "ilo-marrent": (True, 1, 1)}
    assert view["concluded"] == [
        {"mission_id": first_id, "outcome": "defeat", "result": None,
         "heroes": {"sera-vantis": "dead", "gorm-hadley": "standing", "ilo-marrent": "unconscious"}},
    ]  # fmt: skip

    # A dead hero cannot be chosen again: 422 with code and rule, and nothing is written.
    before = store.max_notification_id()
    refused = _brawl(table, "Sera Vantis, Gorm Hadley")
    assert refused.status_code == 422, refused.text
    assert (refused.json()["code"], refused.json()["rule"]) == ("hero_dead", "star-quest.en.md#Preparation")
    assert store.max_notification_id() == before
    refused_de = _brawl(table, "Ilo Marrent, Sera Vantis", rules="de")
    assert (refused_de.status_code, refused_de.json()["rule"]) == (422, "star-quest.de.md#VORBEREITUNG")

    # The survivors start the next mission as the first left them.
    second = _brawl(table, "Gorm Hadley, Ilo Marrent", rules="de")
    assert second.status_code == 201, second.text
    second_id = second.json()["mission_id"]
    units = second.json()["game"]["units"]
    assert units["ilo-marrent"]["figures"][0]["wounds"] == 1 and not units["ilo-marrent"]["unconscious"]
    assert units["gorm-hadley"]["figures"][0]["wounds"] == 0
    assert second.json()["game"]["carried"]["ilo-marrent"]["missions"] == 1
    _start(player, second_id, ["gorm-hadley", "ilo-marrent"])
    for runner in live.runners.values():
        runner.catch_up(max_pages=2)
    assert _end(table, second_id, "victory", key="end-2").status_code == 201
    assert _heroes(table.view(player)) == {"sera-vantis": (False, 5, 1), "gorm-hadley": (True, 0, 2), "ilo-marrent": (True, 0, 2)}

    # The history shows the roster right after each mission.
    history = player.get(f"/campaigns/{table.id}/history").json()["missions"]
    assert [(m["mission_id"], m["outcome"]) for m in history] == [(first_id, "defeat"), (second_id, "victory")]
    assert _heroes(history[0]) == {"sera-vantis": (False, 5, 1), "gorm-hadley": (True, 0, 1), "ilo-marrent": (True, 1, 1)}
    assert _heroes(history[1]) == _heroes(table.view(player))
    assert history[1]["heroes"] == {"gorm-hadley": "standing", "ilo-marrent": "standing"}

    # The campaign projection, live and rebuilt, holds the same roster and ended missions.
    live.catch_up()
    row = msgspec.json.decode(live.tables.row("campaign", table.id))
    assert [(h["unit"], h["dead"], h["wounds"], len(h["missions"])) for h in row["games"]["star-quest"]["heroes"]] == [
        ("sera-vantis", True, 5, 1), ("gorm-hadley", False, 0, 2), ("ilo-marrent", False, 0, 2),
    ]  # fmt: skip
    assert [(c["mission_id"], c["outcome"]) for c in row["concluded"]] == [(first_id, "defeat"), (second_id, "victory")]
    rebuilt = Projections(store, page_size=1000)
    rebuilt.rebuild("campaign")
    assert rebuilt.tables.rows("campaign") == live.tables.rows("campaign")

    # The campaign's export verifies, and another server imports it with the same heroes.
    content = table.host.get(f"/campaigns/{table.id}/export").content
    assert verify_export(content).ok
    other_env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "other.sqlite3"), "SQLITE_LOCK_TIMEOUT": "10"}
    with in_process(other_env) as other:
        imported = other.client.post("/imports", content=content, headers={"content-type": "application/x-ndjson"})
        assert imported.status_code == 201, imported.text
        assert other.client.get(f"/campaigns/{table.id}", headers=player.headers).json() == table.view(player)


def test_an_end_that_races_a_change_of_the_campaign_is_retried_and_recorded_once(client, ledger, store, seal_key, monkeypatch):
    """Another process changes the campaign between this end's read and its write: the write
    fails as a whole, is decided again on the new campaign, and lands once; the client named
    the mission's version, which did not move, so it gets no 409."""
    table, player = _salvage_run(client)
    mission_id = _brawl(table, "Gorm Hadley, Ilo Marrent").json()["mission_id"]
    _start(player, mission_id, ["gorm-hadley", "ilo-marrent"])
    other = Ledger(store, Sealer(seal_key))  # a second API process on the same store
    append_each, raced = store.append_each, []

    def racing_append_each(appends):
        if not raced and any(isinstance(r.event, MissionConcluded) for records in appends for r in records):
            raced.append(other.invite(table.id, other.campaign(table.id).members["host"], "spectator", "sam", []))
        return append_each(appends)

    monkeypatch.setattr(store, "append_each", racing_append_each)
    version = player.get(f"/missions/{mission_id}").json()["version"]
    ended = table.host.end(mission_id, "abandoned", expected_version=version)
    assert ended.status_code == 201, ended.text
    assert raced
    assert [c.mission_id for c in _conclusions(ledger, table.id)] == [mission_id]
    view = table.view(player)
    assert [m["name"] for m in view["members"]] == ["host", "ann", "sam"]
    assert view["concluded"][0]["outcome"] == "abandoned" and _heroes(view) == {"gorm-hadley": (True, 0, 1), "ilo-marrent": (True, 0, 1)}
