"""Secret agendas (blackstone-fortress.md#SETUP, #INSPIRATION): an explorer that achieves the
agenda its pack gives it turns to its inspired side, checked as its activation ends; the core
pack's agendas, with manual dice."""

from __future__ import annotations

from domain.kit.boards.hex import Hex
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from tests.blackstone.game import Game
from tests.blackstone.test_actions import DRUDGE, KETTLE, TWINS, YSOLDE, started, track


def kettle_on_the_marker() -> Game:
    """Brother Kettle alone (agenda: a discovery card in a combat), on discovery marker 1 at
    (3, 0), the Drudges there slain."""
    game = Game(explorers="Brother Kettle")
    game.start((1, 2, 3, 4, 5), {KETTLE: (5, 4, 2, 1)}, (2,))
    for n in (1, 2, 3):
        game.patch(f"ashen-drudge-1-{n}", slain=True)
    game.patch(KETTLE, at=Hex(3, 0))
    return game


def test_a_discovery_card_achieves_kettles_agenda_and_inspires_him_as_his_activation_ends():
    game = kettle_on_the_marker()
    game.do(cmd.Search(KETTLE, die=4))
    events = game.do(cmd.EndActivation(KETTLE))
    assert events[:2] == [ev.AgendaAchieved(KETTLE, "Relics for the chapel", "discover", 1), ev.Inspired(KETTLE)]
    assert game.battle.tracks[KETTLE].inspired and game.battle.tracks[KETTLE].inspiration == 0


def test_an_explorer_inspired_already_achieves_nothing_more():
    game = kettle_on_the_marker()
    track(game, KETTLE, inspired=True)
    game.do(cmd.Search(KETTLE, die=4))
    events = game.do(cmd.EndActivation(KETTLE))
    assert not [e for e in events if isinstance(e, ev.AgendaAchieved | ev.Inspired)]


def test_ysolde_slaying_her_second_hostile_of_the_combat_is_inspired():
    """A clean record: slay two hostiles in one combat. Two Drudges (2 wounds each) in cover at
    5 hexes, each hit by two 8s (criticals, successes in cover): slain. The inspiration roll (4
    wounds slain: 20 fails) gives nothing; the agenda turns her card."""
    game = started()
    game.do(cmd.EndActivation(TWINS))
    game.do(cmd.Attack(YSOLDE, weapon="Arc Carbine", target=DRUDGE, die=5), 8, 8)
    assert game.battle.tracks[YSOLDE].slain == 1
    game.do(cmd.Attack(YSOLDE, weapon="Arc Carbine", target="ashen-drudge-1-2", die=4), 8, 8)
    events = game.do(cmd.EndActivation(YSOLDE), 20)
    assert [e for e in events if isinstance(e, ev.InspirationGained)] == []
    assert ev.AgendaAchieved(YSOLDE, "A clean record", "slay", 2) in events and ev.Inspired(YSOLDE) in events
    assert game.battle.tracks[YSOLDE].slain == 2 and game.battle.tracks[YSOLDE].inspired


def test_one_hostile_slain_is_not_yet_ysoldes_agenda():
    game = started()
    game.do(cmd.EndActivation(TWINS))
    game.do(cmd.Attack(YSOLDE, weapon="Arc Carbine", target=DRUDGE, die=5), 8, 8)
    events = game.do(cmd.EndActivation(YSOLDE), 20)
    assert not [e for e in events if isinstance(e, ev.AgendaAchieved | ev.Inspired)]
    assert not game.battle.tracks[YSOLDE].inspired
