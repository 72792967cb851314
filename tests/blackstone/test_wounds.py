"""Wounds (blackstone-fortress.md#ATTACKS, 4; #EXPLORER DEFENSE ROLLS; #WOUNDS): a hostile's
damage against its WOUNDS, an explorer's counters against its empty spaces; with manual dice."""

from __future__ import annotations

from domain.kit.boards.hex import Hex
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from tests.blackstone.game import Game
from tests.blackstone.test_actions import track
from tests.blackstone.test_hostiles import D1, GROUP, brute_next_to_ysolde

YSOLDE = "ysolde-marr"


def test_a_grievous_wound_is_three_damage_short_of_a_chain_brutes_wounds():
    """ATTACKS, 4: a wound is 1 damage, a grievous wound 3; the Chain Brute (WOUNDS 6) with 1
    damage takes the Shock Baton's 4 and 8 (a wound and a grievous wound): 5, still standing."""
    game = Game(explorers="Ysolde Marr")
    game.start((1, 2, 3, 4, 5), {YSOLDE: (5, 4, 2, 1)}, (1,))
    game.patch(D1, at=Hex(-1, 0), name="Chain Brute", size="large", damage=1)
    events = game.do(cmd.Attack(YSOLDE, die=4, weapon="Shock Baton", target=D1), 4, 8)
    assert events[-2:] == [ev.Wounded(D1, 1, 1), ev.Stunned(D1)]
    assert game.battle.miniatures[D1].damage == 5 and not game.battle.miniatures[D1].slain


def test_a_wound_on_the_last_empty_space_leaves_the_explorer_in_action():
    """WOUNDS: three of Ysolde's four spaces covered; the flail's one wound (5, her defence 1)
    covers the fourth; she stays in action."""
    game = brute_next_to_ysolde()
    track(game, YSOLDE, wounds=3)
    events = game.do(cmd.ActivateHostiles(GROUP), 3, 5, 1, 1)
    assert ev.Wounded(YSOLDE, 1, 0) in events and ev.OutOfAction(YSOLDE) not in events
    assert game.battle.tracks[YSOLDE].wounds == 4 and not game.battle.tracks[YSOLDE].out_of_action


def test_a_wound_and_a_grievous_wound_on_one_empty_space_put_the_explorer_out_of_action():
    """WOUNDS: one space left; the flail's 5 and 11 (a wound, a grievous wound), both kept by
    her 1s: the grievous counter takes the space and the wound puts her out of action."""
    game = brute_next_to_ysolde()
    track(game, YSOLDE, wounds=3)
    events = game.do(cmd.ActivateHostiles(GROUP), 3, 5, 11, 1, 1)
    assert events[-3:-1] == [ev.Wounded(YSOLDE, 0, 1), ev.OutOfAction(YSOLDE)]


def test_a_failed_defence_roll_is_not_re_rolled_unless_the_player_chose_to():
    """INSPIRATION; EXPLORER DEFENSE ROLLS: Ysolde has 2 points but made no standing choice to
    re-roll defence dice: her 1 stands and the wound is kept."""
    game = brute_next_to_ysolde()
    track(game, YSOLDE, inspiration=2)
    events = game.do(cmd.ActivateHostiles(GROUP), 3, 5, 1, 1)
    assert not [e for e in events if isinstance(e, (ev.Rerolled, ev.InspirationSpent))]
    assert ev.DefenceRolled(YSOLDE, "d8", 1, "failure", "wound") in events
    assert game.battle.tracks[YSOLDE].inspiration == 2
