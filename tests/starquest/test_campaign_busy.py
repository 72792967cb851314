"""A hero plays one mission of its campaign at a time (docs/starquest-rules-notes.md "Campaigns";
star-quest.en.md#Preparation, star-quest.de.md#VORBEREITUNG): chosen for a new mission while in
one not yet ended, it is refused (422 `hero_in_mission`, naming that mission)."""

from __future__ import annotations

import pytest

from domain import campaign as campaigns
from domain import campaign_events
from domain.errors import RuleError
from domain.systems.starquest import carry
from tests.starquest.players import start
from tests.starquest.test_campaign import _decide_set_up, _set_up
from tests.starquest.test_campaign_http import _brawl, _end, _salvage_run

SECTION = {"en": "star-quest.en.md#Preparation", "de": "star-quest.de.md#VORBEREITUNG"}


def _campaign_with_first_mission_running():
    state = campaigns.evolve(None, campaign_events.CampaignCreated("c-1", "Raid", "hal", "digest"))
    return campaigns.evolve(state, campaign_events.MissionAdded("m-1", "First Blood", "star-quest", ["ace", "cy"]))


@pytest.mark.parametrize("rules", ["en", "de"])
def test_a_hero_in_a_mission_not_yet_ended_cannot_be_chosen_for_another(rules):
    """Ace is in "First Blood", which runs: the next mission's party Ace and Bo is refused,
    naming Ace and that mission."""
    state = _campaign_with_first_mission_running()
    with pytest.raises(RuleError) as refused:
        campaigns.prepare(state, "star-quest", _set_up(rules, []), rules)
    assert (refused.value.code, refused.value.rule, refused.value.system) == ("hero_in_mission", SECTION[rules], "star-quest")
    assert refused.value.params == {"heroes": ["ace"], "mission": "First Blood"}


def test_once_the_mission_ends_its_heroes_may_be_chosen_again():
    state = _campaign_with_first_mission_running()
    state = campaigns.evolve(state, campaign_events.MissionConcluded("m-1", "victory", "victory", [campaign_events.UnitReport("ace", "Ace"), campaign_events.UnitReport("cy", "Cy")]))
    assert state.game("star-quest").playing == ()
    prepared = campaigns.prepare(state, "star-quest", _set_up("en", []), "en")
    battle = _decide_set_up("en", prepared)
    assert battle.carried["ace"].missions == 1


def test_the_party_is_recorded_with_the_mission():
    assert carry.party(_set_up("en", [])) == ["ace", "bo"]
    assert campaigns.party("star-quest", _set_up("en", [])) == ["ace", "bo"]


def test_over_http_a_hero_of_a_running_mission_is_refused_for_a_second_one(client, store):
    """POST /campaigns/{id}/missions: Gorm is in the first Brawl, which has not ended: the second
    mission is refused (422, code, rule, the Brawl named) and nothing is written; once the first
    ends, Gorm may go again."""
    table, player = _salvage_run(client)
    first = _brawl(table, "Gorm Hadley, Ilo Marrent")
    assert first.status_code == 201, first.text
    first_id = first.json()["mission_id"]
    start(player, first_id, ["gorm-hadley", "ilo-marrent"], [(4, 2), (10, 2)])
    before = store.max_notification_id()
    refused = _brawl(table, "Sera Vantis, Gorm Hadley")
    assert refused.status_code == 422, refused.text
    body = refused.json()
    assert (body["code"], body["rule"], body["params"]) == ("hero_in_mission", "star-quest.en.md#Preparation", {"heroes": ["gorm-hadley"], "mission": "Brawl"})
    assert store.max_notification_id() == before
    assert _end(table, first_id, "abandoned").status_code == 201
    again = _brawl(table, "Sera Vantis, Gorm Hadley")
    assert again.status_code == 201, again.text
