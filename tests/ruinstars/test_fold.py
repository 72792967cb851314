"""The mission state after each event as the players read it (domain/systems/ruinstars/evolve.py;
the view shows the state whole): whose turn and phase, each unit's ACT, `done` marks, HIT and
place, the squads' Tactical Orders, the roll in flight and the choice pending."""

from __future__ import annotations

import msgspec

from domain.kit.boards.inches import base_radius_inches
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars.state import Held
from tests.ruinstars.game import CORE, NO_ORDERS, PVP, QUIET, Game
from tests.ruinstars.test_carrying import battle
from tests.ruinstars.test_skills import planner_pack
from tests.ruinstars.test_specials import engaged, melee

#: Four TO dice of 1-3: four Tactical Orders for the Cinder Watch.
FOUR = (1, 1, 1, 1, 6)


def patch(game: Game, unit: str, **changes) -> None:
    """Change a unit outside the rules (the rule under test starts there)."""
    models = {**game.game.models, unit: msgspec.structs.replace(game.unit(unit), **changes)}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, models=models))


def test_set_up_keeps_the_rules_version_and_puts_the_spawn_points_down_as_items():
    game = Game("First Mission", pack=CORE)
    assert game.game.rules == "2e"
    point = game.unit("spawn-point-1")
    item = game.game.items["Spawn Point"]
    assert (point.squad, point.item, point.hit, point.status) == ("swarm", True, item.hit, "ready")
    assert point.radius == base_radius_inches(item.base)
    assert (point.at.x, point.at.y, point.at.radius) == (3, 3, base_radius_inches(item.base))


def test_a_pvp_turn_starts_in_the_initiative_phase_until_the_winner_chooses_who_goes_first():
    """ruinstars-2e.md#TURNS: nobody is up or activating; the Cinder Watch won the roll-off and
    chooses between the two squads."""
    game = Game(PVP, pack=QUIET)
    game.deploy_all()
    game.start_turn(1, 2)
    state = game.game
    assert (state.turn, state.phase, state.up, state.active, state.last) == (1, "initiative", "", "", "")
    assert (state.pending.who, state.pending.kind, state.pending.options) == (
        "cinder-watch",
        "first",
        ("cinder-watch", "first-mission"),
    )
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="first-mission"))
    assert (game.game.phase, game.game.up, game.game.pending) == ("activations", "first-mission", None)


def test_the_turn_ends_with_nobody_up_and_the_next_starts_afresh():
    """#ALTERNATING ACTIVATIONS: once no unit is Ready the turn is at its end and no squad is up;
    the next turn's start forgets who went last (the Cinder Watch, with a fifth unit), and each unit may make an Attack of
    Opportunity and use its TO skill again."""
    game = Game(PVP, pack=planner_pack())
    game.place({"oda-venn": (12, 12), "trooper": (12, 14)})
    game.start_turn(1, 2, orders=[(1, 6, 6, 6, 6), (1, 6, 6, 6, 6)])
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="cinder-watch"))
    game.do(cmd.Activate(unit="oda-venn"))
    game.do(cmd.UseSkill(unit="oda-venn", skill="Strategize", orders=1))
    game.do(cmd.Move(unit="oda-venn", x=12, y=9))
    game.do(cmd.OpportunityAttack(squad="first-mission", attacker="trooper", weapon="Melee Weapon"), 6, 6, 6)
    assert (game.unit("oda-venn").skills_used, game.unit("trooper").opportunity) == (("Strategize",), True)
    assert game.game.held == Held("oda-venn", 12, 9, 0) and game.unit("oda-venn").at.y == 12
    game.do(cmd.AcceptRoll(squad="first-mission"))
    assert game.game.held is None and (game.unit("oda-venn").at.x, game.unit("oda-venn").at.y) == (12, 9)
    game.do(cmd.EndActivation(unit="oda-venn"))
    while game.game.phase == "activations":
        unit = next(m.id for m in game.game.units_of(game.game.up) if m.status == "ready")
        game.do(cmd.Activate(unit=unit))
        game.do(cmd.EndActivation(unit=unit))
    assert (game.game.phase, game.game.up, game.game.active, game.game.last) == (
        "end_of_turn",
        "",
        "",
        "cinder-watch",
    )
    game.do(cmd.EndTurn())
    game.start_turn(2, 1, orders=[(1, 6, 6, 6, 6), NO_ORDERS])
    state = game.game
    assert (state.turn, state.phase, state.up, state.active, state.last) == (2, "initiative", "", "", "")
    assert (game.unit("oda-venn").skills_used, game.unit("trooper").opportunity) == ((), False)
    assert {m.status for m in state.units_of("cinder-watch")} == {"ready"}


def test_a_stunned_unit_of_act_3_activates_with_2_and_is_no_longer_stunned():
    """#WEAPON SPECIALS, STN: Oda Venn's Shock Maul's Critical Strike stuns the Leader (ACT 3)."""
    game = engaged("oda-venn", trooper=(6, 20), leader=(12, 14))
    game.do(melee("oda-venn", "Shock Maul", target="leader"), 1, 6, 6)
    events = game.do(cmd.AcceptRoll(squad="cinder-watch"), 6, 6)
    assert ev.UnitStunned("leader") in events and game.unit("leader").stunned is True
    game.do(cmd.EndActivation(unit="oda-venn"))
    assert (game.unit("oda-venn").status, game.unit("oda-venn").act, game.unit("oda-venn").done) == ("activated", 0, {})
    game.do(cmd.Activate(unit="leader"))
    assert (game.unit("leader").act, game.unit("leader").stunned, game.unit("leader").done) == (2, False, {})


def test_actions_paid_with_tactical_orders_leave_the_act_and_count_for_their_repeats():
    """#USING TACTICAL ORDERS: Oda Venn picks the intel up and gives it to Issa Quill, who drops it; Wren opens the gate: each paid
    with 1 TO of the Cinder Watch's 4; `done` counts each action for its repeat price."""
    game = battle({"oda-venn": (12, 12.5), "wren": (18, 12.5), "issa-quill": (10.5, 12.5)}, orders=[FOUR, NO_ORDERS])
    game.do(cmd.Activate(unit="oda-venn"))
    game.do(cmd.PickUp(unit="oda-venn", marker="intel", orders=1))
    assert (game.game.orders["cinder-watch"], game.unit("oda-venn").act, game.unit("oda-venn").done) == (3, 3, {"pick_up": 1})
    assert (game.game.markers, game.unit("oda-venn").carrying) == ({}, ("intel",))
    game.do(cmd.Give(unit="oda-venn", marker="intel", to="issa-quill", orders=1))
    assert game.game.orders["cinder-watch"] == 2
    assert game.unit("oda-venn").done == {"pick_up": 1, "give": 1}
    assert (game.unit("oda-venn").carrying, game.unit("issa-quill").carrying) == ((), ("intel",))
    game.do(cmd.EndActivation(unit="oda-venn"))
    game.do(cmd.Activate(unit="trooper"))
    game.do(cmd.EndActivation(unit="trooper"))
    game.do(cmd.Activate(unit="issa-quill"))
    game.do(cmd.Drop(unit="issa-quill", marker="intel", x=8.5, y=12.5, orders=1))
    assert (game.game.orders["cinder-watch"], game.unit("issa-quill").act, game.unit("issa-quill").done) == (1, 3, {"drop": 1})
    assert (game.game.markers["intel"].x, game.game.markers["intel"].y) == (8.5, 12.5)
    game.do(cmd.EndActivation(unit="issa-quill"))
    game.do(cmd.Activate(unit="fighter"))
    game.do(cmd.EndActivation(unit="fighter"))
    game.do(cmd.Activate(unit="wren"))
    game.do(cmd.OpenCloseDoor(unit="wren", door="gate", orders=1))
    assert (game.game.orders["cinder-watch"], game.unit("wren").act, game.unit("wren").done) == (0, 2, {"door": 1})
    assert game.game.open_doors == ("gate",) and game.game.terrain == ()


def test_a_heavy_shot_after_a_move_paid_with_orders_marks_the_shot_and_its_free_rerolls():
    """HVY after a Move costs 1 more: Brannoc's Rotor Cannon for 2 TO, his last ACT kept; the shot clears
    the Move's mark and sets the Heavy one; RLT gives a free re-roll to each 6, and two re-rolled
    leave three. A Move after it costs 1 more again and clears the Heavy mark."""
    game = battle({"brannoc": (12, 6), "trooper": (12, 18), "leader": (17, 18)}, orders=[FOUR, NO_ORDERS])
    game.do(cmd.Activate(unit="brannoc"))
    game.do(cmd.Move(unit="brannoc", x=12, y=8))
    assert (game.unit("brannoc").act, game.unit("brannoc").done) == (1, {"move": 1, "moved": 1})
    game.do(cmd.RangedCombat(unit="brannoc", weapon="Rotor Cannon", target="trooper", orders=2), 6, 6, 5, 5, 5)
    assert (game.unit("brannoc").act, game.game.orders["cinder-watch"], game.unit("brannoc").spent) == (1, 2, ())
    assert game.unit("brannoc").done == {"move": 1, "ranged": 1, "weapon:Rotor Cannon": 1, "heavy-fired": 1}
    roll = game.game.roll
    assert (roll.step, roll.unit, roll.other, roll.weapon, roll.stat, roll.free) == (
        "attack", "brannoc", "trooper", "Rotor Cannon", 4, {"RLT": 5}
    )
    game.do(cmd.Reroll(squad="cinder-watch", dice=[0, 1]), 5, 5)
    roll = game.game.roll
    assert (roll.faces, roll.rerolled, roll.free) == ((5, 5, 5, 5, 5), (0, 1), {"RLT": 3})
    assert game.game.orders["cinder-watch"] == 2
    game.do(cmd.AcceptRoll(squad="cinder-watch"))
    assert game.game.roll is None
    game.do(cmd.Move(unit="brannoc", x=12, y=9, orders=2))  # 1, +1 repeated, +1 after the Heavy shot
    assert (game.unit("brannoc").act, game.game.orders["cinder-watch"]) == (0, 0)
    assert game.unit("brannoc").done == {"move": 2, "ranged": 1, "weapon:Rotor Cannon": 1, "moved": 1}


def test_a_die_changed_twice_keeps_both_changes_and_the_saves_roll_names_no_weapon():
    """#USING TACTICAL ORDERS: +/-1 per TO, stacked on one die: Oda Venn's 4 made a 2 for 2 TO
    (a Strike either way at SKL 5); the Trooper's saves then wait for its squad's one TO."""
    game = engaged("oda-venn", orders=(FOUR, (1, 6, 6, 6, 6)))
    game.do(melee("oda-venn", "Shock Maul"), 4, 6, 6)
    game.do(cmd.ChangeDie(squad="cinder-watch", die=0, by=-1))
    game.do(cmd.ChangeDie(squad="cinder-watch", die=0, by=-1))
    assert (game.game.roll.faces, game.game.roll.changes) == ((4, 6, 6), (-2, 0, 0))
    assert game.game.orders["cinder-watch"] == 2
    game.do(cmd.Reroll(squad="cinder-watch", dice=[1]), 6)
    game.do(cmd.AcceptRoll(squad="cinder-watch"), 5)
    roll = game.game.roll
    assert (roll.squad, roll.step, roll.unit, roll.other, roll.weapon, roll.stat, roll.faces, roll.damage) == (
        "first-mission", "saves", "trooper", "oda-venn", "", 3, (5,), 1
    )


def test_strategize_adds_its_order_to_those_the_squad_has_left():
    game = engaged("oda-venn", orders=(FOUR, NO_ORDERS))
    game.do(cmd.UseSkill(unit="oda-venn", skill="Strategize"))
    assert (game.game.orders["cinder-watch"], game.unit("oda-venn").act, game.unit("oda-venn").done) == (
        5, 2, {"Strategize": 1}
    )


def test_a_unit_taken_out_while_activating_ends_its_activation_and_the_other_squad_is_up():
    """#ATTACKS OF OPPORTUNITY and #ALTERNATING ACTIVATIONS: Wren (1 HIT left) moves away from
    the Trooper, whose attack takes her out with 1 ACT unused; the First Mission is up next, as
    after any Cinder Watch activation."""
    game = engaged("wren", trooper=(12, 14))
    patch(game, "wren", hit=1)
    game.do(cmd.Move(unit="wren", x=12, y=9))
    events = game.do(cmd.OpportunityAttack(squad="first-mission", attacker="trooper", weapon="Melee Weapon"), 1, 6, 6, 6, 6)
    assert events[-1] == ev.UnitTakenOut("wren", "trooper")
    wren = game.unit("wren")
    assert (wren.status, wren.at, wren.hit, wren.act, wren.done, wren.out_by) == ("taken_out", None, 0, 0, {}, "trooper")
    assert (game.game.active, game.game.up, game.game.last, game.game.held) == ("", "first-mission", "cinder-watch", None)
    assert game.unit("trooper").done == {"melee": 1, "weapon:Melee Weapon": 1}
    game.do(cmd.Activate(unit="trooper"))
    assert (game.unit("trooper").act, game.unit("trooper").done) == (2, {})


def test_each_combat_action_counts_for_its_kind_and_for_its_weapon():
    """#ACTIONS and 2MC: Issa Quill's Twin Knives twice in one activation."""
    game = engaged("issa-quill")
    game.do(melee("issa-quill", "Twin Knives"), 6, 6, 6)
    assert game.unit("issa-quill").done == {"melee": 1, "weapon:Twin Knives": 1}
    game.do(melee("issa-quill", "Twin Knives"), 6, 6, 6)
    assert (game.unit("issa-quill").act, game.unit("issa-quill").done) == (1, {"melee": 2, "weapon:Twin Knives": 2})
