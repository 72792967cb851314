"""Heroes carried from mission to mission (docs/starquest-rules-notes.md "Campaigns"): how a
hero leaves a mission (dead, wounds healed or kept, conditions, items) and how it starts the
next; a hero killed earlier is refused (star-quest.en.md "Preparation", "Shooting" Unconscious)."""

from __future__ import annotations

import pytest

from domain import campaign as campaigns
from domain import campaign_events
from domain.errors import RuleError
from domain.systems.starquest import carry
from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest.roster import Hero, Roster
from domain.systems.starquest.state import CarriedHero
from tests.starquest.game import Game, hero

ACE, BO, CY = hero("Ace", toughness=6), hero("Bo", toughness=5), hero("Cy", toughness=4)


def _reports(game: Game) -> dict[str, campaign_events.UnitReport]:
    return {r.unit: r for r in carry.carry_out(game.battle)}


def _knock_out(game: Game, unit: str, toughness: int) -> None:
    game.apply(ev.WoundsTaken(unit, unit, toughness))
    game.apply(ev.HeroUnconscious(unit))


@pytest.mark.parametrize("rules", ["en", "de"])
def test_a_hero_standing_at_the_end_heals_every_wound_between_missions(rules):
    """Campaigns reading: wounds heal unless the hero ended unconscious."""
    game = Game(rules, heroes=[ACE, BO])
    game.apply(ev.WoundsTaken("ace", "ace", 4))
    report = _reports(game)["ace"]
    assert (report.ended, report.dead, report.wounds) == ("standing", False, 0)
    assert _reports(game)["bo"].wounds == 0


@pytest.mark.parametrize("rules", ["en", "de"])
def test_a_hero_carried_out_unconscious_keeps_its_wounds_less_a_revive(rules):
    """Unconscious at the end: woken as a revive wakes it (3 wounds restored, "Shooting"
    Unconscious), the rest carried; a Tou 4 hero keeps 1, a Tou 6 hero keeps 3."""
    game = Game(rules, heroes=[ACE, CY])
    _knock_out(game, "ace", 6)
    _knock_out(game, "cy", 4)
    reports = _reports(game)
    assert (reports["ace"].ended, reports["ace"].dead, reports["ace"].wounds) == ("unconscious", False, 3)
    assert reports["cy"].wounds == 1


def test_a_hero_of_toughness_3_carried_out_unconscious_keeps_no_wound():
    """Unconscious at the end: the revive's 3 wounds restored heal all of a Tou 3 hero's."""
    game = Game("en", heroes=[hero("Dee", toughness=3), BO])
    _knock_out(game, "dee", 3)
    assert _reports(game)["dee"].wounds == 0


def test_a_hero_that_bled_out_is_dead_in_the_campaign():
    """English "Shooting", Unconscious: three bleeding markers kill the hero; it stays dead."""
    game = Game("en", heroes=[ACE, BO])
    _knock_out(game, "ace", 6)
    for _ in range(3):
        game.next_round()
    assert game.unit("ace").dead
    report = _reports(game)["ace"]
    assert (report.ended, report.dead) == ("dead", True)


def test_the_german_rules_let_no_unconscious_hero_bleed_out():
    """star-quest.de.md has no bleeding: after the same rounds the hero is still unconscious."""
    game = Game("de", heroes=[ACE, BO])
    _knock_out(game, "ace", 6)
    for _ in range(3):
        game.next_round()
    report = _reports(game)["ace"]
    assert (report.ended, report.dead, report.wounds) == ("unconscious", False, 3)


def test_status_conditions_carry_over_as_they_stand():
    """star-quest.en.md "Status conditions": removed in play only, so they stay between missions."""
    game = Game("en", heroes=[ACE])
    game.patch("ace", statuses=frozenset({"Crippled", "Diseased"}))
    assert _reports(game)["ace"].conditions == ["Crippled", "Diseased"]


def _set_up(game_rules: str, carried: list[CarriedHero]) -> cmd.SetUpBattle:
    scene = Game(game_rules, heroes=[ACE, BO], start=False)
    setup = scene.events[2]  # MissionCreated, EpochStarted, BattleSetUp
    assert isinstance(setup, ev.BattleSetUp)
    return cmd.SetUpBattle(setup.mission, setup.heroes, setup.enemies, setup.weapons, setup.spells, carried)


def _fresh_mission(rules: str):
    from domain import mission

    state = None
    for event in mission.create(
        mission_id="m-2", campaign_id="c-1", name="next", system="star-quest", rules_version=rules,
        dice_mode="manual", client_seed="next", options={}, fresh_seed=bytes(32),
    ):  # fmt: skip
        state = mission.evolve(state, event)
    return state


def _decide_set_up(rules: str, command: cmd.SetUpBattle):
    from domain import mission

    state = _fresh_mission(rules)
    box = mission.dice_box_for(state, server_seed=None, fresh_seed=None, manual_faces=[])
    events = mission.decide(state, command, box, "host")
    for event in events:
        state = mission.evolve(state, event)
    return state.game


@pytest.mark.parametrize("rules", ["en", "de"])
def test_a_carried_hero_starts_the_next_mission_with_its_wounds_conditions_and_items(rules):
    carried = [CarriedHero("ace", wounds=3, conditions=("Impaired",), items=("Calm Tab",), missions=1)]
    battle = _decide_set_up(rules, _set_up(rules, carried))
    ace, bo = battle.units["ace"], battle.units["bo"]
    assert (ace.figures[0].wounds, ace.statuses, ace.unconscious) == (3, frozenset({"Impaired"}), False)
    assert (bo.figures[0].wounds, bo.statuses) == (0, frozenset())
    # Items stay with the hero: what it brought in is what it carries out again.
    assert carry.carry_out(battle)[0].items == ["Calm Tab"]


def test_a_carried_hero_outside_the_party_is_passed_over():
    """Campaigns reading: a record of a hero not in this party changes nobody, and the party's
    heroes after it still start with their own."""
    carried = [CarriedHero("zed", wounds=2), CarriedHero("bo", wounds=1, conditions=("Impaired",))]
    battle = _decide_set_up("en", _set_up("en", carried))
    assert "zed" not in battle.units
    assert (battle.units["bo"].figures[0].wounds, battle.units["bo"].statuses) == (1, frozenset({"Impaired"}))


def test_carried_wounds_never_start_a_hero_unconscious():
    battle = _decide_set_up("en", _set_up("en", [CarriedHero("ace", wounds=9)]))
    assert battle.units["ace"].figures[0].wounds == ACE.toughness - 1


@pytest.mark.parametrize(("rules", "section"), [("en", "star-quest.en.md#Preparation"), ("de", "star-quest.de.md#VORBEREITUNG")])
def test_a_hero_killed_in_an_earlier_mission_cannot_be_chosen(rules, section):
    command = _set_up(rules, [CarriedHero("bo", dead=True, missions=1)])
    with pytest.raises(RuleError) as refused:
        _decide_set_up(rules, command)
    assert (refused.value.code, refused.value.rule) == ("hero_dead", section)
    assert "bo" in refused.value.params["heroes"]


def test_carry_in_copies_the_campaign_record_of_the_party_only():
    roster = Roster((
        Hero("bo", "Bo", wounds=2, conditions=("Crippled",), items=("Purge Vial",), missions=("m-1",)),
        Hero("zed", "Zed", dead=True, missions=("m-1",)),
    ))
    prepared = carry.carry_in(_set_up("en", []), roster, "en")
    assert prepared.carried == [CarriedHero("bo", 2, ("Crippled",), ("Purge Vial",), False, 1)]


class _Ended:
    """An ended mission as `campaigns.conclude` reads it."""

    def __init__(self, game: Game, outcome: str) -> None:
        self.mission_id, self.system, self.outcome, self.game = "m-1", "star-quest", outcome, game.battle


def test_the_campaign_records_a_mission_once_and_counts_missions_played():
    state = campaigns.evolve(None, campaign_events.CampaignCreated("c-1", "Raid", "hal", "digest"))
    state = campaigns.evolve(state, campaign_events.MissionAdded("m-1", "First", "star-quest"))
    game = Game("en", heroes=[ACE, BO])
    _knock_out(game, "ace", 6)
    (event,) = campaigns.conclude(state, _Ended(game, "defeat"))
    assert (event.mission_id, event.outcome, event.result) == ("m-1", "defeat", None)
    state = campaigns.evolve(state, event)
    assert campaigns.conclude(state, _Ended(game, "defeat")) == []  # exactly once
    assert state.game("star-quest").hero("ace") == Hero("ace", "Ace", False, 3, (), (), ("m-1",))
    assert state.concluded["m-1"].heroes == {"ace": "unconscious", "bo": "standing"}
    state = campaigns.evolve(state, campaign_events.MissionAdded("m-2", "Second", "star-quest"))
    second = campaign_events.MissionConcluded("m-2", "victory", "victory", [campaign_events.UnitReport("ace", "Ace")])
    state = campaigns.evolve(state, second)
    assert state.game("star-quest").hero("ace").missions == ("m-1", "m-2") and state.game("star-quest").hero("ace").wounds == 0
    assert state.game("star-quest").hero("bo").missions == ("m-1",)
