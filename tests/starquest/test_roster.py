"""The heroes a Star Quest campaign carries (domain/systems/starquest/roster.py): folded from the
campaign's MissionAdded and MissionConcluded, read the same by every member."""

from __future__ import annotations

from domain.campaign_events import MemberInvited, MissionAdded, MissionConcluded, UnitReport
from domain.contract import Viewer
from domain.systems.starquest import roster
from domain.systems.starquest.roster import HeroView, InMission, Roster


def played(*events) -> Roster:
    state = Roster()
    for event in events:
        state = roster.evolve(state, event)
    return state


FIRST = MissionAdded("m1", "Scrapyard Brawl", "star-quest", ["ana", "bo"])
SECOND = MissionAdded("m2", "The Vault", "star-quest", ["cy"])


def test_heroes_in_a_mission_under_way_are_playing_it():
    state = played(FIRST, SECOND)
    assert state.playing == (InMission("ana", "m1", "Scrapyard Brawl"), InMission("bo", "m1", "Scrapyard Brawl"), InMission("cy", "m2", "The Vault"))
    assert state.in_mission("bo") == InMission("bo", "m1", "Scrapyard Brawl")
    assert state.in_mission("dee") is None and state.hero("ana") is None


def test_a_concluded_mission_records_each_hero_as_it_came_out_and_frees_only_its_own():
    ended = MissionConcluded(
        "m1",
        "won",
        heroes=[UnitReport("ana", "Ana", "standing", wounds=2, conditions=["poisoned"], items=["medkit"]), UnitReport("bo", "Bo", "dead", dead=True)],
    )
    state = played(FIRST, SECOND, ended)
    assert state.playing == (InMission("cy", "m2", "The Vault"),)
    ana = state.hero("ana")
    assert (ana.name, ana.dead, ana.wounds, ana.conditions, ana.items, ana.missions) == ("Ana", False, 2, ("poisoned",), ("medkit",), ("m1",))
    assert state.hero("bo").dead and state.hero("bo").missions == ("m1",)


def test_a_hero_s_next_mission_adds_to_its_record_and_the_view_reads_it_for_everyone():
    again = MissionAdded("m3", "Deep Core", "star-quest", ["ana"])
    first = MissionConcluded("m1", "won", heroes=[UnitReport("ana", "Ana", wounds=2), UnitReport("bo", "Bo", dead=True)])
    then = MissionConcluded("m3", "lost", heroes=[UnitReport("ana", "Ana the Bold", wounds=1, items=["rifle"])])
    state = played(FIRST, first, again, then)
    assert [h.unit for h in state.heroes] == ["ana", "bo"]  # in the order they first played
    for viewer in (Viewer("spectator", "sam"), Viewer("player", "pat", ("ana",)), Viewer("host", "hal")):
        assert roster.view(state, viewer).heroes == [
            HeroView("ana", "Ana the Bold", True, 1, [], ["rifle"], 2, ["m1", "m3"]),
            HeroView("bo", "Bo", False, 0, [], [], 1, ["m1"]),
        ]


def test_other_campaign_events_leave_the_roster_as_it_was():
    state = played(FIRST)
    assert roster.evolve(state, MissionAdded("m9", "Skirmish", "grimdark-future")) == state  # no heroes in it
    assert roster.evolve(state, MissionConcluded("m7", "won")) == Roster((), state.playing)
    assert roster.evolve(state, MemberInvited("m-pat", "pat", "player", "digest")) is state
