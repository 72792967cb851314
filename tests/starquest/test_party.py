"""The party is 2 to 4 heroes (star-quest.en.md#Preparation, The Party; star-quest.de.md#VORBEREITUNG,
Die Gruppe): refused when the options are read and when the set-up is decided, so no path gets
round it; a refusal writes nothing and says the limits and how many heroes were named."""

from __future__ import annotations

import pytest

from domain import mission
from domain.errors import RuleError
from domain.systems.starquest import commands as cmd
from service.ledger import setup_command
from tests.harness import Campaign
from tests.starquest.game import Game, hero

SECTION = {"en": "star-quest.en.md#Preparation", "de": "star-quest.de.md#VORBEREITUNG"}
PACK_HEROES = ["Sera Vantis", "Gorm Hadley", "Ilo Marrent", "Nessa Brill", "Tamsin Rook"]
BOTH = pytest.mark.parametrize("rules", ["en", "de"])


def _set_up(rules: str, count: int) -> list:
    """SetUpBattle of `count` inline heroes decided on a new mission (no options, no pack)."""
    g = Game(rules, heroes=[hero("Ace"), hero("Bo")], start=False)
    battle = g.battle
    heroes = [hero(f"Hero {n}") for n in range(count)]
    setup = cmd.SetUpBattle(battle.mission, heroes, list(battle.enemies), list(battle.weapons), list(battle.spells))
    state = None
    for event in mission.create(
        mission_id="m-2", campaign_id="c-1", name="party", system="star-quest", rules_version=rules, dice_mode="manual", client_seed="p", options={}, fresh_seed=bytes(32)
    ):
        state = mission.evolve(state, event)
    return mission.decide(state, setup, mission.dice_box_for(state, server_seed=None, fresh_seed=None, manual_faces=[]), "host")


@BOTH
@pytest.mark.parametrize("count", [1, 5])
def test_the_set_up_refuses_a_party_of_one_or_five(rules, count):
    with pytest.raises(RuleError) as refused:
        _set_up(rules, count)
    assert (refused.value.code, refused.value.rule) == ("bad_party", SECTION[rules])
    assert refused.value.params == {"min": 2, "max": 4, "given": count}


@BOTH
@pytest.mark.parametrize("count", [2, 4])
def test_the_set_up_takes_a_party_of_two_to_four(rules, count):
    (set_up,) = _set_up(rules, count)
    assert set_up.party == [f"hero-{n}" for n in range(count)]


@BOTH
@pytest.mark.parametrize(("names", "given"), [(PACK_HEROES[:1], 1), (PACK_HEROES, 5), (["Sera Vantis", "Sera Vantis"], 2), ([], 0)])
def test_options_naming_a_wrong_party_are_refused(rules, names, given):
    with pytest.raises(RuleError) as refused:
        setup_command("star-quest", rules, {"mission": "scrapyard-brawl", "heroes": ", ".join(names)})
    assert (refused.value.code, refused.value.rule) == ("bad_party", SECTION[rules])
    assert refused.value.params == {"min": 2, "max": 4, "given": given}


@pytest.mark.parametrize(("count", "answer"), [(1, 422), (2, 201), (4, 201), (5, 422)])
def test_a_mission_over_http_takes_two_to_four_heroes(client, ledger, count, answer):
    campaign = Campaign(client, "Salvage")
    before = ledger.store.max_notification_id()
    options = {"mission": "scrapyard-brawl", "heroes": ", ".join(PACK_HEROES[:count])}
    response = campaign.create_mission("B", "star-quest", "en", options)
    assert response.status_code == answer, response.text
    if answer == 201:
        assert len(response.json()["game"]["heroes"]) == count
        return
    assert ledger.store.max_notification_id() == before
    assert response.json()["code"] == "bad_party" and response.json()["rule"] == SECTION["en"]
    assert response.json()["message"] == f"a party is 2 to 4 different heroes (options.heroes, comma-separated); {count} named"
    german = campaign.host.post(f"/campaigns/{campaign.id}/missions", {"name": "B", "system": "star-quest", "rules_version": "de", "options": options}, headers={"accept-language": "de"})
    assert german.json()["message"] == f"eine Gruppe sind 2 bis 4 verschiedene Helden (options.heroes, durch Kommas getrennt); {count} genannt"
