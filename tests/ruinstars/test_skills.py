"""ruinstars-2e.md#SKILLS and #STAT CARDS: the Leader skill (+1 HIT, +1 SKL on its weapons),
Strategize (1 ACT: +1 TO), a skill with a TO cost paid with TO only and once a turn
(#USING TACTICAL ORDERS)."""

from __future__ import annotations

import msgspec
import pytest

from domain.kit.content import ContentError
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars.loading import load_pack
from tests.ruinstars.game import ANYWHERE, NO_ORDERS, PVP, Game


def battle(pack=ANYWHERE, orders=(NO_ORDERS, NO_ORDERS)) -> Game:
    """Oda Venn at the centre, the Trooper 6" away; the Cinder Watch activates first."""
    game = Game(PVP, pack=pack)
    game.place({"oda-venn": (12, 12), "trooper": (12, 18)})
    game.start_turn(1, 2, orders=orders)
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="cinder-watch"))
    return game


def test_the_leader_skill_gives_1_hit_and_1_skl_on_the_units_weapons():
    """Oda Venn: HIT 5 on the card, 6 in play; the Longshot Carbine's SKL 4 rolls under 5, so
    two 5s strike."""
    game = battle()
    assert game.unit("oda-venn").hit == 6
    game.do(cmd.Activate(unit="oda-venn"))
    game.do(
        cmd.RangedCombat(unit="oda-venn", weapon="Longshot Carbine", target="trooper"),
        5,
        5,
        6,
    )
    assert game.game.roll.stat == 5
    events = game.do(cmd.AcceptRoll(squad="cinder-watch"), 6, 6)
    rolled = [e for e in events if isinstance(e, ev.AttackResolved)][0]
    assert (rolled.strikes, rolled.criticals, rolled.damage) == (2, 0, 2)
    assert game.unit("trooper").hit == 1


def test_strategize_costs_1_act_gives_1_to_and_its_repeat_costs_1_more():
    """Oda Venn (ACT 3): Strategize for 1 ACT, again for 2 (1 ACT and the TO it gained); a third
    would cost 3 with 1 ACT left."""
    game = battle()
    game.do(cmd.Activate(unit="oda-venn"))
    first = game.do(cmd.UseSkill(unit="oda-venn", skill="Strategize"))
    assert first == [
        ev.SkillUsed("oda-venn", "Strategize", 1, 0, "ACT"),
        ev.OrdersGained("cinder-watch", 1),
    ]
    assert (game.unit("oda-venn").act, game.game.orders["cinder-watch"]) == (2, 1)
    second = game.do(cmd.UseSkill(unit="oda-venn", skill="Strategize", orders=1))
    assert second[0] == ev.SkillUsed("oda-venn", "Strategize", 1, 1, "ACT")
    assert (game.unit("oda-venn").act, game.game.orders["cinder-watch"]) == (1, 1)
    third = game.refused(cmd.UseSkill(unit="oda-venn", skill="Strategize"))
    assert (third.code, third.params) == (
        "not_enough_act",
        {"unit": "oda-venn", "action": "Strategize", "cost": 3, "left": 1, "orders": 0},
    )


def test_a_unit_performs_only_its_own_skills_with_a_cost():
    game = battle()
    game.do(cmd.Activate(unit="oda-venn"))
    for skill in ("Leader", "Rally"):
        error = game.refused(cmd.UseSkill(unit="oda-venn", skill=skill))
        assert (error.code, error.rule, error.params) == (
            "no_such_skill",
            "ruinstars-2e.md#SKILLS",
            {"unit": "oda-venn", "skill": skill, "skills": ["Strategize"]},
        )


def planner_pack():
    """The pack with Oda Venn's Strategize a skill of 1 TO (a card of the tests' own)."""
    oda = ANYWHERE.named("units", "Oda Venn")
    planner = msgspec.structs.replace(oda, skills=("Leader*", "Strategize (1 TO)"))
    pack = msgspec.structs.replace(
        ANYWHERE, units=tuple(planner if u.name == "Oda Venn" else u for u in ANYWHERE.units)
    )
    return pack


def test_a_to_skill_is_paid_with_tactical_orders_only_and_once_a_turn():
    """Oda Venn's Strategize as a TO skill (a card of the test's own): 1 TO, not ACT; once a turn."""
    game = battle(planner_pack(), orders=((1, 6, 6, 6, 6), NO_ORDERS))
    game.do(cmd.Activate(unit="oda-venn"))
    with_act = game.refused(cmd.UseSkill(unit="oda-venn", skill="Strategize"))
    assert (with_act.code, with_act.rule, with_act.params) == (
        "skill_costs_orders",
        "ruinstars-2e.md#SKILLS",
        {"unit": "oda-venn", "skill": "Strategize", "cost": 1, "orders": 0},
    )
    used = game.do(cmd.UseSkill(unit="oda-venn", skill="Strategize", orders=1))
    assert used[0] == ev.SkillUsed("oda-venn", "Strategize", 0, 1, "TO")
    assert (game.unit("oda-venn").act, game.game.orders["cinder-watch"]) == (3, 1)
    again = game.refused(cmd.UseSkill(unit="oda-venn", skill="Strategize", orders=1))
    assert (again.code, again.rule, again.params) == (
        "skill_once_a_turn",
        "ruinstars-2e.md#USING TACTICAL ORDERS",
        {"unit": "oda-venn", "skill": "Strategize", "turn": 1},
    )


def test_a_to_skill_without_tactical_orders_left_is_refused_citing_skills():
    game = battle(planner_pack())
    game.do(cmd.Activate(unit="oda-venn"))
    refused = game.refused(cmd.UseSkill(unit="oda-venn", skill="Strategize", orders=1))
    assert (refused.code, refused.rule, refused.params) == (
        "not_enough_orders",
        "ruinstars-2e.md#SKILLS",
        {"squad": "cinder-watch", "orders": 1, "left": 0},
    )


HEADER = b'[pack]\nname = "t"\nversion = "1"\n'


@pytest.mark.parametrize(
    ("skill", "problem"),
    [
        ("Fly (1 TO)", "no skill 'Fly' with a cost is known"),
        ("Rally (x)", "'Rally (x)' is not a skill"),
    ],
)
def test_a_cards_skills_are_checked(skill, problem):
    units = f'[[units]]\nname = "A"\nact = 2\narm = 3\nhit = 3\nskills = ["{skill}"]\n'
    with pytest.raises(ContentError) as error:
        load_pack({"pack.toml": HEADER, "units.toml": units.encode()})
    assert error.value.field == "units[0].skills[0]"
    assert error.value.problem.startswith(problem)


def test_swift_makes_each_dash_cost_1_act_less():
    """The Bug's Swift on a copy of Oda Venn: the first Dash costs 0 ACT, the second 1, a Move 1."""
    oda = ANYWHERE.named("units", "Oda Venn")
    swift = msgspec.structs.replace(oda, skills=("Leader*", "Swift"))
    pack = msgspec.structs.replace(
        ANYWHERE, units=tuple(swift if u.name == "Oda Venn" else u for u in ANYWHERE.units)
    )
    game = battle(pack)
    game.do(cmd.Activate(unit="oda-venn"))
    dashes = [
        *game.do(cmd.Dash(unit="oda-venn", x=12, y=10)),
        *game.do(cmd.Dash(unit="oda-venn", x=12, y=8)),
        *game.do(cmd.Move(unit="oda-venn", x=12, y=4)),
    ]
    assert [(e.action, e.act) for e in dashes] == [("dash", 0), ("dash", 1), ("move", 1)]
    assert game.unit("oda-venn").act == 1


def duty_called(pack=ANYWHERE, at=(12, 12)) -> Game:
    """The Trooper's 3 Critical Strikes (6 damage) and six failed saves bring Brannoc (HIT 4,
    Duty Before Death, standing `at`) to 0 HIT."""
    game = Game(PVP, pack=pack)
    game.place({"brannoc": at, "trooper": (12, 18)})
    game.start_turn(1, 2)
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="first-mission"))
    game.do(cmd.Activate(unit="trooper"))
    events = game.do(
        cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="brannoc"),
        *(1, 1, 1),
        *[6] * 6,
    )
    assert events[-2:] == [
        ev.SavesResolved("brannoc", "trooper", 6, 0, 0, 4, 0, 0),
        ev.DutyCalled("brannoc", "trooper"),
    ]
    return game


def test_duty_before_death_a_free_action_of_1_act_then_taken_out():
    """ruinstars-2e.md#STAT CARDS: at 0 HIT Brannoc still stands for one free Move (no ACT, no
    TO), then he is Taken Out by the Trooper; meanwhile nothing else may happen."""
    game = duty_called()
    assert (game.unit("brannoc").hit, game.unit("brannoc").at.x) == (0, 12)
    waiting = game.refused(cmd.EndActivation(unit="trooper"))
    assert (waiting.code, waiting.rule, waiting.params) == (
        "duty_first",
        "ruinstars-2e.md#STAT CARDS",
        {"unit": "brannoc", "command": "EndActivation"},
    )
    paid = game.refused(cmd.Move(unit="brannoc", x=6, y=12, orders=1))
    assert (paid.code, paid.params) == (
        "duty_action",
        {"unit": "brannoc", "action": "move", "cost": 1, "orders": 1, "most": 1},
    )
    assert game.do(cmd.Move(unit="brannoc", x=6, y=12)) == [
        ev.UnitMoved("brannoc", 6, 12, 6, 0),
        ev.UnitTakenOut("brannoc", "trooper"),
    ]
    assert (game.unit("brannoc").status, game.game.duty) == ("taken_out", None)
    game.do(cmd.EndActivation(unit="trooper"))


def test_duty_before_death_fires_back_and_falls_once_the_attack_is_over():
    """Brannoc's Rotor Cannon at the Trooper: five 5s miss (SKL 4), and he is Taken Out."""
    game = duty_called()
    events = game.do(
        cmd.RangedCombat(unit="brannoc", weapon="Rotor Cannon", target="trooper"), 5, 5, 5, 5, 5
    )
    assert events[-2:] == [
        ev.AttackResolved("brannoc", "trooper", 0, 0, 0),
        ev.UnitTakenOut("brannoc", "trooper"),
    ]


def test_duty_before_death_may_pass():
    game = duty_called()
    assert game.do(cmd.PassDuty(unit="brannoc")) == [ev.UnitTakenOut("brannoc", "trooper")]
    nothing = game.refused(cmd.PassDuty(unit="brannoc"))
    assert (nothing.code, nothing.rule, nothing.params) == (
        "no_duty",
        "ruinstars-2e.md#STAT CARDS",
        {"unit": "brannoc", "duty": "-"},
    )
