"""ruinstars-2e.md#TURNS, End of Turn: Mission Points scored by the mission; #MISSION END:
Victory, Earn MP, Apply Injuries (one D6 per unit Taken Out, the mission's table), `outcome`."""

from __future__ import annotations

import msgspec
import pytest

from domain.events import DiceRolled
from domain.kit.content import ContentError
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars.content import Injury
from domain.systems.ruinstars.loading import load_pack
from tests.ruinstars.game import ANYWHERE, NO_ORDERS, PVP, Game

#: A table of our own for the tests: the core rules leave the table to the play mode books.
TABLE = (Injury((1,), "Dead"), Injury((2, 3), "Wounded"), Injury((4, 5, 6), "Recovered"))


def one_turn(**changes) -> Game:
    """Survive in one turn, changed by `changes`, both squads placed; the Cinder Watch wins
    initiative and activates first."""
    survive = msgspec.structs.replace(ANYWHERE.named("missions", "survive"), turns=1, **changes)
    game = Game(PVP, pack=msgspec.structs.replace(ANYWHERE, missions=(survive,)))
    game.place({"teo-marsh": (12, 19.5), "trooper": (12, 12), "wren": (12, 18)})
    game.start_turn(1, 2, orders=(NO_ORDERS, NO_ORDERS))
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="cinder-watch"))
    return game


def test_survive_is_won_when_every_spawn_point_is_taken_out_and_earns_the_reward():
    """One spawn point, Taken Out by Teo Marsh's Hatchet (2 strikes, 6 misses; save 5 fails)."""
    game = one_turn(spawn_points=((12, 21),), reward=3)
    game.do(cmd.Activate(unit="teo-marsh"))
    game.do(cmd.MeleeCombat(unit="teo-marsh", weapon="Hatchet", target="spawn-point-1"), 2, 6, 5)
    game.do(cmd.EndActivation(unit="teo-marsh"))
    ended = game.finish_turn()
    assert ended == [
        ev.TurnEnded(1),
        ev.MissionDecided("victory", ["cinder-watch", "first-mission"]),
        ev.MissionPointsEarned("cinder-watch", 0, 3, 3),
        ev.MissionPointsEarned("first-mission", 0, 3, 3),
    ]
    assert (game.game.outcome, game.game.winners, game.game.mp) == (
        "victory",
        ("cinder-watch", "first-mission"),
        {"cinder-watch": 3, "first-mission": 3},
    )
    assert game.refused(cmd.StartTurn()).code == "mission_over"


def test_attrition_scores_force_value_at_the_end_of_the_turn_and_injuries_are_rolled():
    """The Trooper Takes Out Wren (FV 1): the First Mission scores 1 MP, wins on Mission Points
    and earns the reward; Wren rolls a 2 on the Injury table: Wounded."""
    game = one_turn(scoring="attrition", victory="mission_points", reward=2, injuries=TABLE)
    game.do(cmd.Activate(unit="teo-marsh"))
    game.do(cmd.EndActivation(unit="teo-marsh"))
    game.do(cmd.Activate(unit="trooper"))
    game.do(
        cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="wren"),
        *(1, 1, 6),
        *(6, 6, 6, 6),
    )
    assert game.unit("wren").status == "taken_out"
    game.do(cmd.EndActivation(unit="trooper"))
    ended = game.finish_turn(2)
    rolled = [e for e in ended if isinstance(e, DiceRolled)]
    assert [(r.sides, r.purpose, r.rule, r.actor, r.results) for r in rolled] == [
        ([6], "injuries", "ruinstars-2e.md#MISSION END", "host", [2])
    ]
    assert [e for e in ended if not isinstance(e, DiceRolled)] == [
        ev.MissionPointsScored("cinder-watch", 0, 0, []),
        ev.MissionPointsScored("first-mission", 1, 1, ["wren"]),
        ev.TurnEnded(1),
        ev.MissionDecided("victory", ["first-mission"]),
        ev.MissionPointsEarned("cinder-watch", 0, 0, 0),
        ev.MissionPointsEarned("first-mission", 1, 2, 3),
        ev.UnitInjured("wren", 2, "Wounded"),
    ]
    assert (game.game.outcome, game.game.mp, game.unit("wren").injury) == (
        "victory",
        {"cinder-watch": 0, "first-mission": 3},
        (2, "Wounded"),
    )


def test_a_tie_for_most_mission_points_is_a_draw():
    game = one_turn(scoring="attrition", victory="mission_points")
    ended = game.finish_turn()
    assert ended[-3:] == [
        ev.MissionDecided("draw", []),
        ev.MissionPointsEarned("cinder-watch", 0, 0, 0),
        ev.MissionPointsEarned("first-mission", 0, 0, 0),
    ]


HEADER = b'[pack]\nname = "t"\nversion = "1"\n'


@pytest.mark.parametrize(
    ("line", "field", "problem"),
    [
        ('victory = "last_standing"', "victory", "unknown victory 'last_standing'"),
        ('scoring = "loot"', "scoring", "unknown scoring 'loot'"),
        (
            'injuries = [{ roll = [1, 2], injury = "A" }, { roll = [2, 7], injury = "B" }]',
            "injuries[1].roll",
            "faces 1-6, each in one line, not [2, 7]",
        ),
    ],
)
def test_a_missions_victory_scoring_and_injury_table_are_checked(line, field, problem):
    mission = f'[[missions]]\nid = "m"\nname = "M"\n{line}\n'.encode()
    with pytest.raises(ContentError) as error:
        load_pack({"pack.toml": HEADER, "missions.toml": mission})
    assert (error.value.field, error.value.problem.split(";")[0]) == (
        f"missions[0].{field}",
        problem,
    )


def test_attrition_scores_only_the_turns_own_take_outs_and_an_injury_off_the_table_is_none():
    """Wren, Taken Out in turn 1, scores the First Mission 1 MP then and none in turn 2, where
    its total stays 1; the Cinder Watch's TO for Wren goes unspent; the mission has no Injury
    table, so her 4 names no injury."""
    survive = msgspec.structs.replace(
        ANYWHERE.named("missions", "survive"), turns=2, scoring="attrition", victory="mission_points"
    )
    game = Game(PVP, pack=msgspec.structs.replace(ANYWHERE, missions=(survive,)))
    game.place({"teo-marsh": (12, 19.5), "trooper": (12, 12), "wren": (12, 18)})
    game.start_turn(1, 2, orders=(NO_ORDERS, NO_ORDERS))
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="first-mission"))
    game.do(cmd.Activate(unit="trooper"))
    game.do(
        cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="wren"),
        *(1, 1, 6),
        *(6, 6, 6, 6),
    )
    game.do(cmd.EndActivation(unit="trooper"))
    first = game.finish_turn()
    assert first[:2] == [
        ev.MissionPointsScored("cinder-watch", 0, 0, []),
        ev.MissionPointsScored("first-mission", 1, 1, ["wren"]),
    ]
    game.start_turn(1, 2, orders=(NO_ORDERS, NO_ORDERS))
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="cinder-watch"))
    second = [e for e in game.finish_turn(4) if not isinstance(e, DiceRolled)]
    assert second == [
        ev.OrdersLost("cinder-watch", 1),
        ev.MissionPointsScored("cinder-watch", 0, 0, []),
        ev.MissionPointsScored("first-mission", 0, 1, []),
        ev.TurnEnded(2),
        ev.MissionDecided("victory", ["first-mission"]),
        ev.MissionPointsEarned("cinder-watch", 0, 0, 0),
        ev.MissionPointsEarned("first-mission", 1, survive.reward, 1 + survive.reward),
        ev.UnitInjured("wren", 4, ""),
    ]


def test_a_mission_won_on_points_that_scores_none_ends_in_a_draw_at_0():
    game = one_turn(victory="mission_points")
    assert game.finish_turn()[-3:] == [
        ev.MissionDecided("draw", []),
        ev.MissionPointsEarned("cinder-watch", 0, 0, 0),
        ev.MissionPointsEarned("first-mission", 0, 0, 0),
    ]
