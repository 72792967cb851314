"""`GET /systems/{name}/packs/{pack}`: what a content pack offers a mission's options, by kind
with names and ids, in the pack's order (README.md#game-systems), so a client need not ask for
them blind; an unknown system or pack is a 404 naming it."""

from __future__ import annotations

from litestar.testing import TestClient

from tests.harness import Campaign


def test_a_pack_lists_what_the_mission_options_may_name(client: TestClient):
    pack = client.get("/systems/star-quest/packs/core").json()
    assert {"missions", "heroes", "enemies", "weapons"} <= set(pack["contents"])
    missions = {m["id"]: m["name"] for m in pack["contents"]["missions"]}
    assert missions == {"hold-the-relay": "Hold the Relay", "scrapyard-brawl": "Scrapyard Brawl", "sump-recovery": "The Sump Recovery"}
    heroes = [h["name"] for h in pack["contents"]["heroes"]]
    assert heroes[:2] == ["Sera Vantis", "Gorm Hadley"]
    # the names listed are the ones the options take
    campaign = Campaign(client, "Salvage")
    assert campaign.create_mission("B", "star-quest", "en", {"mission": "scrapyard-brawl", "heroes": ", ".join(heroes[:2])}).status_code == 201

    armies = client.get("/systems/grimdark-future/packs/core").json()["contents"]["armies"]
    assert armies[:2] == [{"name": "Ashen Vanguard", "id": "ashen-vanguard"}, {"name": "Thornback Brood", "id": "thornback-brood"}]
    combats = client.get("/systems/blackstone-fortress/packs/core").json()["contents"]["combat_cards"]
    assert {"name": "The sunken passage", "id": "sunken-passage"} in combats


def test_an_unknown_system_or_pack_is_a_404_naming_it(client: TestClient):
    for path in ("/systems/star-quest/packs/nope", "/systems/nowhere/packs/core", "/systems/table/packs/core"):
        answer = client.get(path)
        assert (answer.status_code, answer.json()["code"]) == (404, "not_found"), path
        assert path in answer.json()["message"] or "nowhere" in answer.json()["message"]
