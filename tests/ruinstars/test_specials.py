"""ruinstars-2e.md#WEAPON SPECIALS applied in combat, with the Cinder Watch's weapons (the core
pack gives every special to some card). Centres 2" apart are Adjacent (32 mm bases)."""

from __future__ import annotations

from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from tests.ruinstars.game import NO_ORDERS
from tests.ruinstars.test_combat import battle, of

#: A Cinder Watch unit at (12, 12) next to the Trooper at (12, 14).
CLOSE = {"trooper": (12, 14)}


def engaged(unit: str, *, orders=(NO_ORDERS, NO_ORDERS), **spots):
    game = battle({unit: (12, 12), **CLOSE, **spots}, orders=orders, first="cinder-watch")
    game.do(cmd.Activate(unit=unit))
    return game


def melee(unit: str, weapon: str, target: str = "trooper", **more) -> cmd.MeleeCombat:
    return cmd.MeleeCombat(unit=unit, weapon=weapon, target=target, **more)


def ranged(unit: str, weapon: str, target: str = "trooper", **more) -> cmd.RangedCombat:
    return cmd.RangedCombat(unit=unit, weapon=weapon, target=target, **more)


def test_double_melee_the_second_melee_with_the_weapon_costs_1_less():
    """2MC: Issa Quill's Twin Knives twice for 1 ACT each; Teo Marsh's Hatchet would cost 2."""
    game = engaged("issa-quill")
    first = game.do(melee("issa-quill", "Twin Knives"), 6, 6, 6)
    second = game.do(melee("issa-quill", "Twin Knives"), 6, 6, 6)
    assert [of(e, ev.AttackRolled)[0].act for e in (first, second)] == [1, 1]
    assert game.unit("issa-quill").act == 1
    plain = engaged("teo-marsh")
    plain.do(melee("teo-marsh", "Hatchet"), 6, 6)
    refused = plain.refused(melee("teo-marsh", "Hatchet"))
    assert (refused.code, refused.params["cost"]) == ("not_enough_act", 2)


def test_double_ranged_the_second_shot_with_the_weapon_costs_1_less():
    """2RC: the Needle Pistol twice for 1 ACT each."""
    game = battle({"issa-quill": (12, 12), "trooper": (12, 18)}, first="cinder-watch")
    game.do(cmd.Activate(unit="issa-quill"))
    shots = [game.do(ranged("issa-quill", "Needle Pistol"), 6, 6) for _ in range(2)]
    assert [of(e, ev.AttackRolled)[0].act for e in shots] == [1, 1]


def test_accurate_re_rolls_up_to_x_attack_dice_for_free():
    """ACC1: Oda Venn's Longshot Carbine: one free re-roll; a second die would cost a TO."""
    game = battle({"oda-venn": (12, 12), "trooper": (12, 18)}, first="cinder-watch")
    game.do(cmd.Activate(unit="oda-venn"))
    game.do(ranged("oda-venn", "Longshot Carbine"), 6, 6, 6)
    assert game.game.roll.free == {"ACC": 1}
    broke = game.refused(cmd.Reroll(squad="cinder-watch", dice=[0, 1]), 1, 1)
    assert (broke.code, broke.rule, broke.params) == (
        "not_enough_orders",
        "ruinstars-2e.md#USING TACTICAL ORDERS",
        {"squad": "cinder-watch", "orders": 1, "left": 0},
    )
    events = game.do(cmd.Reroll(squad="cinder-watch", dice=[0]), 1, 6, 6)
    assert events[1] == ev.DiceRerolled("cinder-watch", [0], [6, 6, 6], [1, 6, 6], ["ACC"], 0)
    assert of(events, ev.AttackResolved)[0].damage == 2


def test_autohit_x_attack_dice_strike_without_a_roll():
    """AUT1: Wren's Arc Lash (ATT 3) rolls 2 dice and strikes once more."""
    game = engaged("wren")
    events = game.do(melee("wren", "Arc Lash"), 6, 6, 5)
    assert of(events, ev.AttackRolled)[0].faces == [6, 6]
    assert of(events, ev.AttackResolved) == [ev.AttackResolved("wren", "trooper", 1, 0, 1)]


def test_chain_reaction_applies_the_same_strikes_to_x_units_adjacent_to_the_target():
    """CHR1: Wren names the Fighter, next to the Trooper, as a secondary target."""
    game = engaged("wren", fighter=(14, 14), leader=(12, 18))
    two = game.refused(melee("wren", "Arc Lash", also=["fighter", "leader"]))
    assert (two.code, two.params) == (
        "secondary_targets",
        {"weapon": "Arc Lash", "most": 1, "given": ["fighter", "leader"]},
    )
    away = game.refused(melee("wren", "Arc Lash", also=["leader"]))
    assert (away.code, away.params) == (
        "not_adjacent_to_target",
        {"target": "trooper", "units": ["leader"]},
    )
    events = game.do(melee("wren", "Arc Lash", also=["fighter"]), 6, 6, 5)
    # the Trooper and the Fighter support each other's saves: each roll waits for a re-roll
    events += game.do(cmd.AcceptRoll(squad="first-mission"), 2)
    events += game.do(cmd.AcceptRoll(squad="first-mission"))
    assert [(e.unit, e.damage, e.lost) for e in of(events, ev.SavesResolved)] == [
        ("trooper", 1, 1),
        ("fighter", 1, 0),
    ]


def test_blast_hits_every_unit_adjacent_to_the_target_squadmates_too():
    """BLS: Teo Marsh's Shard Launcher at the Trooper also hits the Fighter and the Leader next
    to it; LIM: it fires once a mission."""
    game = battle(
        {"teo-marsh": (12, 6), "trooper": (12, 14), "fighter": (14, 14), "leader": (10, 14)},
        first="cinder-watch",
    )
    game.do(cmd.Activate(unit="teo-marsh"))
    events = game.do(ranged("teo-marsh", "Shard Launcher"), 3, 6, 6, 6, 6)
    assert of(events, ev.AttackRolled)[0].also == ["fighter", "leader"]
    assert [(e.unit, e.damage) for e in of(events, ev.SavesResolved)] == [
        ("trooper", 1),
        ("fighter", 1),
        ("leader", 1),
    ]
    once = game.refused(ranged("teo-marsh", "Shard Launcher", target="fighter"))
    assert (once.code, once.rule, once.params) == (
        "limited_ammo",
        "ruinstars-2e.md#WEAPON SPECIALS",
        {"unit": "teo-marsh", "weapon": "Shard Launcher"},
    )


def test_brutal_re_rolls_melee_dice_for_free_and_stun_costs_the_target_1_act():
    """BRU1 and STN: Oda Venn's Shock Maul; a Critical Strike stuns the Trooper (ACT 2 -> 1)."""
    game = engaged("oda-venn")
    game.do(melee("oda-venn", "Shock Maul"), 6, 6, 6)
    assert game.game.roll.free == {"BRU": 1}
    events = game.do(cmd.Reroll(squad="cinder-watch", dice=[0]), 1, 6, 6)
    assert of(events, ev.UnitStunned) == [ev.UnitStunned("trooper")]
    game.do(cmd.EndActivation(unit="oda-venn"))
    game.do(cmd.Activate(unit="trooper"))
    assert game.unit("trooper").act == 1
    assert not game.unit("trooper").stunned


def test_hit_strikes_attacks_with_as_many_dice_as_hit_left():
    """HIT: Brannoc's Gauntlet rolls 4 dice (HIT 4), not its ATT 2."""
    game = engaged("brannoc")
    events = game.do(melee("brannoc", "Gauntlet"), 6, 6, 6, 6)
    assert of(events, ev.AttackRolled)[0].faces == [6, 6, 6, 6]


def test_heavy_a_move_makes_the_next_shot_cost_1_more_and_a_shot_the_next_move():
    """HVY: Brannoc's Rotor Cannon; a Dash carries no penalty."""
    game = battle(
        {"brannoc": (12, 6), "trooper": (12, 18)},
        orders=[(1, 1, 1, 6, 6), NO_ORDERS],
        first="cinder-watch",
    )
    game.do(cmd.Activate(unit="brannoc"))
    game.do(cmd.Move(unit="brannoc", x=12, y=8))
    heavy = game.refused(ranged("brannoc", "Rotor Cannon"))
    assert (heavy.code, heavy.params["cost"]) == ("not_enough_act", 2)
    shot = game.do(ranged("brannoc", "Rotor Cannon", orders=1), 5, 5, 5, 5, 5)
    assert (of(shot, ev.AttackRolled)[0].act, of(shot, ev.AttackRolled)[0].orders) == (1, 1)
    game.do(cmd.AcceptRoll(squad="cinder-watch"))
    dash = game.do(cmd.Dash(unit="brannoc", x=12, y=9, orders=1))
    assert (dash[0].act, dash[0].orders) == (0, 1)
    moved = game.refused(cmd.Move(unit="brannoc", x=12, y=10, orders=1))
    assert (moved.code, moved.params["cost"]) == ("not_enough_act", 3)


def test_relentless_re_rolls_every_6_for_free_and_only_6s():
    """RLT: the Rotor Cannon's 6s again; the 5 would take a Tactical Order."""
    game = battle({"brannoc": (12, 6), "trooper": (12, 18)}, first="cinder-watch")
    game.do(cmd.Activate(unit="brannoc"))
    game.do(ranged("brannoc", "Rotor Cannon"), 6, 6, 5, 6, 2)
    five = game.refused(cmd.Reroll(squad="cinder-watch", dice=[0, 2]), 1, 1)
    assert (five.code, five.params["orders"]) == ("not_enough_orders", 1)
    events = game.do(cmd.Reroll(squad="cinder-watch", dice=[0, 1, 3]), 6, 3, 6, 6, 6)
    assert events[1].sources == ["RLT", "RLT", "RLT"]
    assert of(events, ev.AttackResolved)[0].strikes == 2


def test_rending_up_to_x_critical_strikes_cause_3_damage():
    """RND1: two Critical Strikes of the Twin Knives: 3 + 2 damage."""
    game = engaged("issa-quill")
    events = game.do(melee("issa-quill", "Twin Knives"), 1, 1, 6, *[6] * 5)
    assert of(events, ev.AttackResolved) == [
        ev.AttackResolved("issa-quill", "trooper", 2, 2, 5)
    ]


def test_point_blank_shoots_an_adjacent_enemy():
    """PBK: the Needle Pistol at the Adjacent Trooper is still a ranged attack."""
    game = engaged("issa-quill")
    events = game.do(ranged("issa-quill", "Needle Pistol"), 6, 6)
    assert of(events, ev.AttackRolled)[0].melee is False


def test_spread_shares_the_att_dice_between_targets_adjacent_to_each_other():
    """SPR: Teo Marsh's Scattergun (ATT 4): 3 dice at the Trooper, 1 at the Fighter next to it."""
    game = battle(
        {"teo-marsh": (12, 8), "trooper": (11, 13), "fighter": (13, 13), "leader": (16, 11)},
        first="cinder-watch",
    )
    game.do(cmd.Activate(unit="teo-marsh"))

    def scatter(spread, dice):
        return ranged("teo-marsh", "Scattergun", spread=spread, dice=dice)

    short = game.refused(scatter(["fighter"], [2, 1]))
    assert (short.code, short.params) == (
        "spread_dice",
        {"targets": 2, "att": 4, "dice": [2, 1]},
    )
    apart = game.refused(scatter(["leader"], [3, 1]))
    assert (apart.code, apart.params) == ("spread_apart", {"targets": ["leader", "trooper"]})
    plain = game.refused(ranged("teo-marsh", "Hatchet", spread=["fighter"], dice=[1, 1]))
    assert plain.code == "no_such_weapon"
    events = game.do(scatter(["fighter"], [3, 1]), *(1, 4, 6), 6, *(6, 6, 6))
    assert of(events, ev.AttackResolved) == [
        ev.AttackResolved("teo-marsh", "trooper", 2, 1, 3),
        ev.AttackResolved("teo-marsh", "fighter", 0, 0, 0),
    ]
    assert events[-1] == ev.UnitTakenOut("trooper", "teo-marsh")


def test_only_a_spread_weapon_takes_several_targets():
    game = battle({"issa-quill": (12, 8), "trooper": (11, 13), "fighter": (13, 13)}, first="cinder-watch")
    game.do(cmd.Activate(unit="issa-quill"))
    refused = game.refused(ranged("issa-quill", "Needle Pistol", spread=["fighter"], dice=[1, 1]))
    assert (refused.code, refused.params) == ("no_spread", {"weapon": "Needle Pistol"})
