"""What a player reads of a hostile group's activation (blackstone-fortress.md#HOSTILE
ACTIVATIONS, #HOSTILE ACTIONS, #OVERWATCH): each refusal's code, cited rule and parameters, and
each roll's purpose, rule, actor and unit, whether the activation runs at once, resumes after
overwatch or follows the hostile player's picks; with manual dice."""

from __future__ import annotations

from domain.events import DiceRolled
from domain.kit.boards.hex import Hex
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from tests.blackstone.test_hostiles import D1, D2, D3, GROUP, passage
from tests.blackstone.test_overwatch import game_at_group_1

ACTIVATIONS, ACTIONS = "blackstone-fortress.md#HOSTILE ACTIVATIONS", "blackstone-fortress.md#HOSTILE ACTIONS"
ATTACKS = "blackstone-fortress.md#ATTACKS"


def rolls(events: list) -> list[tuple]:
    return [(e.purpose, e.rule, e.actor, e.unit) for e in events if isinstance(e, DiceRolled)]


def test_the_behaviour_rolls_read_each_hostile_and_the_group_begins_with_its_hostiles():
    """HOSTILE ACTIVATIONS: the group's card names its group and the hostiles on the
    battlefield; each rolls the blackstone die (1, 2, 3: hold)."""
    game = passage()
    events = game.do(cmd.ActivateHostiles(GROUP), 1, 2, 3)
    assert events[0] == ev.HostileActivationBegun(GROUP, 1, [D1, D2, D3])
    assert rolls(events) == [(f"behaviour roll: {m}", ACTIVATIONS, "host", m) for m in (D1, D2, D3)]


def test_the_group_refusals_name_the_card_and_what_is_up():
    """HOSTILE ACTIONS: only the group whose card is up; HOSTILE ACTIVATIONS: once, and resumed
    only while paused; OVERWATCH: not while an explorer may still answer."""
    game = passage()
    assert game.refusal(cmd.ActivateHostiles("group-2")) == ("not_this_groups_turn", ACTIONS, {"card": "group-2", "current": GROUP})
    assert game.refusal(cmd.ResumeHostiles(GROUP)) == ("group_not_paused", ACTIVATIONS, {"card": GROUP})
    game = game_at_group_1()
    game.do(cmd.ActivateHostiles(GROUP), 13, 1)  # the onslaught's first attack, then overwatch
    assert game.refusal(cmd.ActivateHostiles(GROUP)) == ("group_activating", ACTIVATIONS, {"card": GROUP})
    assert game.refusal(cmd.ResumeHostiles(GROUP)) == ("overwatch_waiting", "blackstone-fortress.md#OVERWATCH", {"waiting": ["ysolde-marr", "pim-and-pell"]})


def test_a_reinforcement_roll_reads_its_group_and_comes_before_its_result():
    """HOSTILE ACTIONS, Reinforcement rolls: the slain D2 comes back on a 3; after overwatch is
    passed its attack (a 1 on the d6) rolls, read as the hostile's."""
    game = game_at_group_1()
    game.patch(D2, slain=True)
    events = game.do(cmd.ActivateHostiles(GROUP), 3)
    assert rolls(events) == [("reinforcement roll: group 1", ACTIONS, "host", None)]
    roll = events.index(next(e for e in events if isinstance(e, DiceRolled)))
    assert isinstance(events[roll + 1], ev.ReinforcementRolled)
    game.do(cmd.PassOverwatch("pim-and-pell"))
    game.do(cmd.PassOverwatch("ysolde-marr"))
    events = game.do(cmd.ResumeHostiles(GROUP), 1)
    assert rolls(events) == [(f"attack: {D2} with Slag Gun at pell", ATTACKS, "host", D2)]


def test_a_hostile_falling_back_with_no_unseen_hex_attacks_the_closest_explorer():
    """HOSTILE ACTIONS, Fall back: the wounded Rust Stalker (a 1) finds no hex the explorers do
    not see within twice its MOVE, so it attacks the closest: Ysolde next to it, Talons (2 d8)."""
    game = passage()
    game.patch(D1, name="Rust Stalker", size="large", damage=1)
    game.patch(D2, at=None)
    game.patch(D3, at=None)
    for mini, at in (("ysolde-marr", Hex(2, 0)), ("pim", Hex(0, 0)), ("pell", Hex(-2, 0))):
        game.patch(mini, at=at)
    events = game.do(cmd.ActivateHostiles(GROUP), 1, 1, 2)
    assert ev.BehaviourChosen(D1, 1, "fall_back") in events and not [e for e in events if isinstance(e, ev.Moved)]
    assert rolls(events)[1:] == [(f"attack: {D1} with Talons at ysolde-marr", ATTACKS, "host", D1)]
    assert events[-2] == ev.AttackMade(D1, "ysolde-marr", "Talons", 1, "d8", [1, 2], ["failure", "failure"], False, 0, 0)


def test_the_hostile_players_picks_carry_the_activation_on_with_the_rolls_read_as_before():
    """HOSTILE ACTIONS, Aim: the hostile player picks Ysolde; the attack (6) and her defence (1)
    roll; then the player picks which of the two Drudges left goes first, and both roll their
    behaviour (1: hold); a hostile not offered is refused citing the activations."""
    game = passage("hela")
    game.patch(D2, at=Hex(3, 1))
    game.patch(D3, at=Hex(3, 1))
    game.do(cmd.ActivateHostiles(GROUP), 5)
    events = game.do(cmd.PickTarget("ysolde-marr"), 6, 1)
    assert rolls(events) == [(f"attack: {D1} with Slag Gun at ysolde-marr", ATTACKS, "host", D1), ("defence roll: ysolde-marr against a grievous", "blackstone-fortress.md#EXPLORER DEFENSE ROLLS", "host", "ysolde-marr")]
    assert game.refused(cmd.PickHostile(D1)).rule == ACTIVATIONS
    events = game.do(cmd.PickHostile(D3), 1, 1)
    assert rolls(events) == [(f"behaviour roll: {m}", ACTIVATIONS, "host", m) for m in (D3, D2)]


def test_a_hostile_falls_back_to_the_unseen_hex_furthest_from_the_explorers():
    """HOSTILE ACTIONS, Fall back: from the explorers at (-2, 0), (0, 1), (1, 1), (2, 1) and
    (3, 1) are unseen, 3 to 6 hexes away by route; the wounded Rust Stalker ends at (3, 1)."""
    game = passage()
    game.patch(D1, name="Rust Stalker", size="large", damage=1)
    game.patch(D2, at=None)
    game.patch(D3, at=None)
    events = game.do(cmd.ActivateHostiles(GROUP), 1)
    assert [e for e in events if isinstance(e, ev.Moved)] == [ev.Moved(D1, [Hex(3, 0), Hex(3, 1)])]
