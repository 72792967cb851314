"""A whole Star Quest mission from the sample pack over HTTP: heroes played by this test, the
enemies by the pure AI function, to victory or defeat, in both rules versions."""

from __future__ import annotations

import pytest

from tests.harness import Campaign, ScriptedPlayer, play
from tests.starquest.players import (
    HEROES,
    PLACES,
    hero_names,
    play_the_ai,
    seek_objectives,
    start,
)

MISSIONS = PLACES


@pytest.mark.parametrize("mission", sorted(MISSIONS))
@pytest.mark.parametrize("rules", ["en", "de"])
def test_a_sample_mission_plays_to_its_end(client, rules, mission):
    campaign = Campaign(client, "Salvage")
    host, ann = campaign.host, campaign.invite("ann", "player", HEROES)
    response = campaign.create_mission(mission, "star-quest", rules, {"mission": mission, "heroes": hero_names(HEROES)})
    assert response.status_code == 201, response.text
    mission_id = response.json()["mission_id"]
    assert response.json()["game"]["rules"] == rules

    start(ann, mission_id, HEROES, MISSIONS[mission])
    heroes = ScriptedPlayer(ann, mission_id, seek_objectives)
    play([heroes, ScriptedPlayer(host, mission_id, play_the_ai)], rounds=600)
    battle = heroes.turn().game
    assert battle.outcome in ("victory", "defeat")
    assert host.end(mission_id, battle.outcome).status_code == 201
    assert ann.get(f"/missions/{mission_id}/verify").json()["ok"]
    assert ann.get(f"/missions/{mission_id}/replay/check").json()["ok"]


def test_a_player_commands_only_their_own_heroes(client):
    campaign = Campaign(client, "Salvage")
    bo = campaign.invite("bo", "player", ["gorm-hadley"])
    mission_id = campaign.mission("B", "star-quest", "en", {"mission": "scrapyard-brawl", "heroes": "Sera Vantis,Gorm Hadley"})
    refused = bo.command(mission_id, {"type": "DeployHero", "unit": "sera-vantis", "x": 5, "y": 2})
    assert refused.status_code == 403 and refused.json()["code"] == "not_your_unit"
    assert bo.command(mission_id, {"type": "DeployHero", "unit": "gorm-hadley", "x": 5, "y": 2}).status_code == 201


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"mission": "nowhere", "heroes": "Sera Vantis, Gorm Hadley"}, "unknown_mission_definition"),
        ({"mission": "scrapyard-brawl", "heroes": "Nobody, Sera Vantis"}, "unknown_hero"),
        ({"mission": "scrapyard-brawl", "heroes": ""}, "bad_party"),
        ({"mission": "scrapyard-brawl", "heroes": "Sera Vantis, Gorm Hadley", "pack": "other"}, "unknown_pack"),
    ],
)
def test_bad_mission_options_are_refused_and_write_nothing(client, ledger, options, code):
    campaign = Campaign(client, "Salvage")
    before = ledger.store.max_notification_id()
    response = campaign.create_mission("B", "star-quest", "en", options)
    assert response.status_code == 422 and response.json()["code"] == code
    assert ledger.store.max_notification_id() == before


@pytest.mark.parametrize("rules", ["en", "de"])
def test_ambush_and_scout_over_http_refusals_are_422_and_write_nothing(client, ledger, rules):
    """star-quest.en.md#Special Rules Reference (Ambush, Scout) on the sample pack's 24" table:
    a Scout move is 6" there; an ambusher waits for a round after the first."""
    campaign = Campaign(client, "Salvage")
    mission_id = campaign.mission("B", "star-quest", rules, {"mission": "scrapyard-brawl", "heroes": "Sera Vantis, Nessa Brill"})

    def send(command: dict):
        return campaign.host.command(mission_id, command)

    assert send({"type": "DeployHero", "unit": "nessa-brill", "x": 9, "y": 2}).status_code == 201
    before = ledger.store.max_notification_id()
    too_far = send({"type": "ScoutMove", "unit": "nessa-brill", "x": 9, "y": 8.5})
    assert too_far.status_code == 422 and too_far.json()["code"] == "too_far" and too_far.json()["rule"].startswith(f"star-quest.{rules}.md#")
    assert ledger.store.max_notification_id() == before
    assert send({"type": "ScoutMove", "unit": "nessa-brill", "x": 9, "y": 8}).status_code == 201
    assert send({"type": "DeployHero", "unit": "sera-vantis", "x": 14, "y": 2}).status_code == 201
    assert send({"type": "SetAside", "unit": "sera-vantis"}).status_code == 201
    assert send({"type": "StartRound"}).status_code == 201
    early = send({"type": "PlaceAmbusher", "unit": "sera-vantis", "x": 2, "y": 2})
    assert early.status_code == 422 and early.json()["code"] == "not_round_start"


def test_casting_over_http_answers_422_with_the_caster_rule(client, ledger):
    """star-quest.en.md "Caster(X)": a refused cast is a 422 naming the rule and writes nothing;
    a legal one (the sample pack's Mending Current on a friend in range) is accepted."""
    campaign = Campaign(client, "Sump")
    mission_id = campaign.mission("Sump", "star-quest", "en", {"mission": "sump-recovery", "heroes": "Ilo Marrent, Gorm Hadley"})

    def post(command: dict):
        return campaign.host.command(mission_id, command)

    for x, hero in ((4, "ilo-marrent"), (9, "gorm-hadley")):
        assert post({"type": "DeployHero", "unit": hero, "x": x, "y": 2}).status_code == 201
    assert post({"type": "StartRound"}).status_code == 201
    assert post({"type": "Activate", "unit": "ilo-marrent"}).status_code == 201
    version = ledger.mission(mission_id).version
    far = post({"type": "Cast", "unit": "ilo-marrent", "spell": "Arc Lash", "target": "sallow-cantor-1-3"})
    assert far.status_code == 422 and far.json()["code"] == "out_of_range" and far.json()["rule"] == "star-quest.en.md#Caster(X)", far.text
    greedy = post({"type": "Cast", "unit": "ilo-marrent", "spell": "Mending Current", "target": "gorm-hadley", "boost": 1})
    assert greedy.status_code == 422 and greedy.json()["code"] == "not_enough_tokens", greedy.text
    assert ledger.mission(mission_id).version == version
    assert post({"type": "Cast", "unit": "ilo-marrent", "spell": "Mending Current", "target": "gorm-hadley"}).status_code == 201
    assert ledger.mission(mission_id).game.units["ilo-marrent"].spell_tokens == 0
