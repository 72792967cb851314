"""ruinstars-2e.md#MISSION ACTIONS: actions a test mission's briefing defines: "hack" (1 ACT, at
the marker "intel" at (12, 14.5), 2 MP) and "signal" (2 ACT, anywhere, no MP)."""

from __future__ import annotations

import msgspec

from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars.content import Marker, MissionAction
from tests.ruinstars.game import ANYWHERE, PVP, Game
from tests.ruinstars.test_skills import duty_called

ACTIONS = (MissionAction("hack", marker="intel", points=2), MissionAction("signal", act=2))
PACK = msgspec.structs.replace(
    ANYWHERE,
    missions=tuple(
        msgspec.structs.replace(m, markers=(Marker("intel", (12, 14.5)),), actions=ACTIONS)
        for m in ANYWHERE.missions
    ),
)
#: Cinder Watch's TO dice: three 1s, 3 TO; the First Mission squad's none.
THREE_ORDERS = ((1, 1, 1, 6, 6), (6, 6, 6, 6, 6))


def battle(spots) -> Game:
    game = Game(PVP, pack=PACK)
    game.place(spots)
    game.start_turn(1, 2, orders=THREE_ORDERS)
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="cinder-watch"))
    return game


def test_a_mission_action_scores_its_mp_and_a_repeat_costs_one_act_more():
    """Oda Venn (3 ACT) hacks twice at the marker: 1 ACT, then 2 (one of them a TO): 4 MP."""
    game = battle({"oda-venn": (12, 12.5)})
    game.do(cmd.Activate(unit="oda-venn"))
    assert game.do(cmd.PerformMissionAction(unit="oda-venn", action="hack")) == [
        ev.MissionActionPerformed("oda-venn", "hack", 1, 0, 2, 2)
    ]
    assert game.do(cmd.PerformMissionAction(unit="oda-venn", action="hack", orders=1)) == [
        ev.MissionActionPerformed("oda-venn", "hack", 1, 1, 2, 4)
    ]
    assert (game.unit("oda-venn").act, game.game.orders["cinder-watch"]) == (1, 2)
    assert game.game.mp["cinder-watch"] == 4
    third = game.refused(cmd.PerformMissionAction(unit="oda-venn", action="hack"))
    assert (third.code, third.rule, third.params) == (
        "not_enough_act",
        "ruinstars-2e.md#ACTIONS",
        {"unit": "oda-venn", "action": "hack", "cost": 3, "left": 1, "orders": 0},
    )


def test_a_mission_action_at_a_marker_needs_it_adjacent_and_controlled():
    game = battle({"oda-venn": (12, 8), "trooper": (14, 15.5), "wren": (12, 12.5)})
    game.do(cmd.Activate(unit="oda-venn"))
    far = game.refused(cmd.PerformMissionAction(unit="oda-venn", action="hack"))
    assert (far.code, far.rule, far.params) == (
        "marker_not_adjacent",
        "ruinstars-2e.md#BASIC ACTIONS",
        {"unit": "oda-venn", "marker": "intel"},
    )
    game.do(cmd.EndActivation(unit="oda-venn"))
    game.do(cmd.Activate(unit="trooper"))
    game.do(cmd.EndActivation(unit="trooper"))
    game.do(cmd.Activate(unit="wren"))
    contested = game.refused(cmd.PerformMissionAction(unit="wren", action="hack"))
    assert (contested.code, contested.rule, contested.params) == (
        "not_in_control",
        "ruinstars-2e.md#CONTROL",
        {"unit": "wren", "of": "intel", "enemies": ["trooper"]},
    )
    assert game.unit("wren").act == 2


def test_an_action_the_mission_does_not_define_is_refused_naming_those_it_does():
    game = battle({"oda-venn": (12, 8)})
    game.do(cmd.Activate(unit="oda-venn"))
    refused = game.refused(cmd.PerformMissionAction(unit="oda-venn", action="detonate"))
    assert (refused.code, refused.rule, refused.params) == (
        "no_such_mission_action",
        "ruinstars-2e.md#MISSION ACTIONS",
        {"action": "detonate", "actions": ["hack", "signal"]},
    )
    assert game.do(cmd.PerformMissionAction(unit="oda-venn", action="signal", orders=2)) == [
        ev.MissionActionPerformed("oda-venn", "signal", 0, 2, 0, 0)
    ]


def test_duty_before_death_may_perform_a_mission_action_of_1_act_for_free():
    """ruinstars-2e.md#STAT CARDS: Brannoc at 0 HIT may not signal (2 ACT) but may hack."""
    game = duty_called(PACK, at=(12, 12.5))
    dear = game.refused(cmd.PerformMissionAction(unit="brannoc", action="signal"))
    assert (dear.code, dear.rule, dear.params) == (
        "duty_action",
        "ruinstars-2e.md#STAT CARDS",
        {"unit": "brannoc", "action": "signal", "cost": 2, "orders": 0, "most": 1},
    )
    assert game.do(cmd.PerformMissionAction(unit="brannoc", action="hack")) == [
        ev.MissionActionPerformed("brannoc", "hack", 0, 0, 2, 2),
        ev.UnitTakenOut("brannoc", "trooper"),
    ]
    assert game.game.mp["cinder-watch"] == 2
