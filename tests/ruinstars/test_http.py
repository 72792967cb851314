"""Over HTTP: the server checks a Ruinstars squad when a mission is created (422 with the
squad, its value and the limit, in English and German)."""

from __future__ import annotations

from tests.harness import Campaign, created


def test_creating_a_mission_checks_the_squads_against_the_building_rules(client):
    campaign = Campaign(client, "Dark City")
    options = {"squads": "Cinder Watch, First Mission", "mini_squads": "true", "squad_leader": "leader"}
    refused = campaign.create_mission("Survive", "ruinstars", "2e", options)
    german = campaign.host.post(
        f"/campaigns/{campaign.id}/missions",
        {"name": "Survive", "system": "ruinstars", "rules_version": "2e", "options": options},
        headers={"accept-language": "de"},
    )
    assert refused.status_code == german.status_code == 422, refused.text
    body = refused.json()
    assert (body["code"], body["rule"], body["params"]) == (
        "over_budget",
        "ruinstars-2e.md#BUILDING YOUR SQUAD",
        {"squad": "Cinder Watch", "gp": 100, "budget": 50},
    )
    assert body["message"] == "squad Cinder Watch costs 100 GP with its gear; it may cost at most 50 GP"
    assert german.json()["message"] == (
        "Trupp Cinder Watch kostet mit Ausrüstung 100 GP; erlaubt sind höchstens 50 GP"
    )
    mission = created(
        campaign.create_mission("Survive", "ruinstars", "2e", {"squads": "Cinder Watch"})
    )
    (squad,) = mission["game"]["squads"]
    assert (squad["name"], squad["gear"]["brannoc"]) == ("Cinder Watch", ["Rotor Cannon"])
