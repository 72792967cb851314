"""ruinstars-2e.md#COMBAT: ranged and melee sequences, critical strikes and saves, support
re-rolls, valid targets, Taken Out; #USING TACTICAL ORDERS: re-rolls and +/-1 during a roll.
Free play in inches, 32 mm bases (0.63" radius): centres 2" apart are Adjacent."""

from __future__ import annotations

from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from tests.ruinstars.game import ANYWHERE, NO_ORDERS, PVP, Game


def battle(spots, *, orders=(NO_ORDERS, NO_ORDERS), first="first-mission") -> Game:
    """Both squads placed, turn 1 started with these TO dice; the Cinder Watch wins initiative
    and lets `first` activate first."""
    game = Game(PVP, pack=ANYWHERE)
    game.place(spots)
    game.start_turn(1, 2, orders=orders)
    game.do(cmd.ChooseFirst(squad="cinder-watch", first=first))
    return game


def kinds(events):
    return [type(e).__name__ for e in events]


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def test_ranged_strikes_deal_1_damage_a_critical_2_and_each_unsaved_point_costs_1_hit():
    """ruinstars-2e.md#RANGED COMBAT: the Trooper's ATT 3 SKL 3 at Wren (ARM 4): 1, 3, 5 are a
    Critical Strike, a strike and a miss (3 damage); saves 2, 5, 6 block 1: Wren loses 2 HIT."""
    game = battle({"trooper": (12, 12), "wren": (12, 18)})
    game.do(cmd.Activate(unit="trooper"))
    events = game.do(
        cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="wren"),
        *(1, 3, 5),
        *(2, 5, 6),
    )
    assert of(events, ev.AttackResolved) == [ev.AttackResolved("trooper", "wren", 2, 1, 3)]
    assert of(events, ev.SavesResolved) == [
        ev.SavesResolved("wren", "trooper", 3, 1, 0, 2, 1, 0)
    ]
    assert (game.unit("wren").hit, game.unit("trooper").act) == (1, 1)
    assert game.game.roll is None


def test_a_ranged_critical_save_counts_as_two_saves():
    """ruinstars-2e.md#RANGED COMBAT, Roll Armor Saves: a 1 counts as 2 saves."""
    game = battle({"trooper": (12, 12), "wren": (12, 18)})
    game.do(cmd.Activate(unit="trooper"))
    events = game.do(
        cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="wren"),
        *(1, 3, 5),
        *(1, 6, 6),
    )
    assert of(events, ev.SavesResolved) == [
        ev.SavesResolved("wren", "trooper", 3, 2, 1, 1, 2, 0)
    ]


def test_a_melee_critical_save_blocks_1_returns_1_and_chains():
    """ruinstars-2e.md#MELEE COMBAT, Roll Armor Saves: Brannoc's critical save returns 1 damage
    to the Leader, whose critical save returns it again; Brannoc's 5 then fails."""
    game = battle({"leader": (12, 12), "brannoc": (12, 14)})
    game.do(cmd.Activate(unit="leader"))
    events = game.do(
        cmd.MeleeCombat(unit="leader", weapon="Melee Weapon", target="brannoc"),
        *(2, 6, 6),
        1,
        1,
        5,
    )
    assert kinds(events)[1:] == [
        "AttackRolled",
        "AttackResolved",
        "DiceRolled",
        "SavesRolled",
        "SavesResolved",
        "DiceRolled",
        "SavesRolled",
        "SavesResolved",
        "DiceRolled",
        "SavesRolled",
        "SavesResolved",
    ]
    assert of(events, ev.SavesResolved) == [
        ev.SavesResolved("brannoc", "leader", 1, 1, 1, 0, 4, 1),
        ev.SavesResolved("leader", "brannoc", 1, 1, 1, 0, 4, 1),
        ev.SavesResolved("brannoc", "leader", 1, 0, 0, 1, 3, 0),
    ]
    assert (game.unit("brannoc").hit, game.unit("leader").hit) == (3, 4)


def test_a_unit_at_0_hit_is_taken_out_and_removed():
    """ruinstars-2e.md#COMBAT: zero HIT: Taken Out, removed from the battlefield."""
    game = battle({"trooper": (12, 12), "wren": (12, 18)})
    game.do(cmd.Activate(unit="trooper"))
    events = game.do(
        cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="wren"),
        *(1, 1, 6),
        *(6, 6, 6, 6),
    )
    assert events[-2:] == [
        ev.SavesResolved("wren", "trooper", 4, 0, 0, 3, 0, 0),
        ev.UnitTakenOut("wren", "trooper"),
    ]
    wren = game.unit("wren")
    assert (wren.status, wren.at, wren.hit) == ("taken_out", None, 0)
    gone = game.refused(
        cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="wren", orders=1)
    )
    assert (gone.code, gone.params["target"]) == ("no_such_target", "wren")


def test_a_squad_whose_leader_is_taken_out_rolls_3_to_dice_and_gains_1_per_unit_taken_out():
    """ruinstars-2e.md#TACTICAL ORDERS: 3 dice once the Leader is Taken Out, +1 TO per unit."""
    game = battle({"issa-quill": (12, 12), "leader": (12, 18)}, first="cinder-watch")
    game.do(cmd.Activate(unit="issa-quill"))
    game.do(
        cmd.RangedCombat(unit="issa-quill", weapon="Needle Pistol", target="leader"),
        *(1, 1),
        *(6, 6, 6, 6),
    )
    assert game.unit("leader").status == "taken_out"
    game.do(cmd.EndActivation(unit="issa-quill"))
    game.finish_turn()
    events = game.start_turn(1, 2, orders=[(1, 2, 3, 4, 5), (1, 4, 5)])
    assert of(events, ev.OrdersRolled) == [
        ev.OrdersRolled("cinder-watch", 5, 3, 0, 3),
        ev.OrdersRolled("first-mission", 3, 1, 1, 2),
    ]
    assert game.game.to_dice == {"cinder-watch": 5, "first-mission": 3}


def test_tactical_orders_re_roll_a_die_once_and_change_one_by_1_during_the_roll():
    """ruinstars-2e.md#USING TACTICAL ORDERS: the roll waits while its squad has TO; a re-rolled
    die is final (#RE-ROLLS); once the TO are spent the roll counts."""
    game = battle(
        {"issa-quill": (12, 12), "trooper": (12, 18)},
        orders=[(1, 1, 6, 6, 6), NO_ORDERS],
        first="cinder-watch",
    )
    game.do(cmd.Activate(unit="issa-quill"))
    rolled = game.do(
        cmd.RangedCombat(unit="issa-quill", weapon="Needle Pistol", target="trooper"), 5, 6
    )
    assert kinds(rolled)[1:] == ["AttackRolled"]
    assert (game.game.roll.faces, game.game.roll.squad) == ((5, 6), "cinder-watch")
    waiting = game.refused(cmd.EndActivation(unit="issa-quill"))
    assert (waiting.code, waiting.rule, waiting.params) == (
        "roll_in_flight",
        "ruinstars-2e.md#USING TACTICAL ORDERS",
        {"squad": "cinder-watch", "unit": "issa-quill", "step": "attack"},
    )
    other = game.refused(cmd.Reroll(squad="first-mission", dice=[1]))
    assert (other.code, other.params) == (
        "not_your_roll",
        {"squad": "first-mission", "owner": "cinder-watch", "unit": "issa-quill"},
    )
    again = game.do(cmd.Reroll(squad="cinder-watch", dice=[1]), 2)
    assert again[1:] == [ev.DiceRerolled("cinder-watch", [1], [5, 6], [5, 2], ["orders"], 1)]
    once = game.refused(cmd.Reroll(squad="cinder-watch", dice=[1]), 3)
    assert (once.code, once.rule, once.params) == (
        "already_rerolled",
        "ruinstars-2e.md#RE-ROLLS",
        {"die": 1, "face": 2},
    )
    counted = game.do(cmd.ChangeDie(squad="cinder-watch", die=0, by=-1), 4, 4)
    assert counted[0] == ev.DieChanged("cinder-watch", 0, 5, -1, 1, 4)
    assert of(counted, ev.AttackResolved) == [
        ev.AttackResolved("issa-quill", "trooper", 2, 0, 2)
    ]
    assert of(counted, ev.SavesResolved) == [
        ev.SavesResolved("trooper", "issa-quill", 2, 0, 0, 2, 1, 0)
    ]
    assert game.game.orders == {"cinder-watch": 0, "first-mission": 0}


def test_a_die_changed_to_1_is_no_critical_and_a_changed_die_is_not_re_rolled():
    """ruinstars-2e.md#USING TACTICAL ORDERS: a 2 lowered to 1 is a strike, not a Critical."""
    game = battle(
        {"issa-quill": (12, 12), "trooper": (12, 18)},
        orders=[(1, 1, 1, 6, 6), NO_ORDERS],
        first="cinder-watch",
    )
    game.do(cmd.Activate(unit="issa-quill"))
    game.do(cmd.RangedCombat(unit="issa-quill", weapon="Needle Pistol", target="trooper"), 2, 6)
    game.do(cmd.ChangeDie(squad="cinder-watch", die=0, by=-1))
    changed = game.refused(cmd.Reroll(squad="cinder-watch", dice=[0]), 3)
    assert (changed.code, changed.rule, changed.params) == ("die_changed", "ruinstars-2e.md#RE-ROLLS", {"dice": [0]})
    below = game.refused(cmd.ChangeDie(squad="cinder-watch", die=0, by=-1))
    assert (below.code, below.params) == (
        "impossible_change",
        {"die": 0, "face": 2, "by": -1, "result": 0},
    )
    events = game.do(cmd.AcceptRoll(squad="cinder-watch"), 6)
    assert of(events, ev.AttackResolved) == [
        ev.AttackResolved("issa-quill", "trooper", 1, 0, 1)
    ]
    assert game.game.orders["cinder-watch"] == 2


def test_the_target_spends_its_own_orders_on_its_saves_in_the_attackers_activation():
    """ruinstars-2e.md#USING TACTICAL ORDERS: any of your rolls, also in an opponent's activation."""
    game = battle(
        {"issa-quill": (12, 12), "trooper": (12, 18)},
        orders=[NO_ORDERS, (3, 6, 6, 6, 6)],
        first="cinder-watch",
    )
    game.do(cmd.Activate(unit="issa-quill"))
    game.do(cmd.RangedCombat(unit="issa-quill", weapon="Needle Pistol", target="trooper"), 3, 4, 4, 5)
    roll = game.game.roll
    assert (roll.squad, roll.step, roll.faces, roll.damage) == ("first-mission", "saves", (4, 5), 2)
    events = game.do(cmd.Reroll(squad="first-mission", dice=[1]), 2)
    assert events[1] == ev.DiceRerolled("first-mission", [1], [4, 5], [4, 2], ["orders"], 1)
    assert events[-1] == ev.SavesResolved("trooper", "issa-quill", 2, 1, 0, 1, 2, 0)


def test_support_each_squadmate_adjacent_to_the_target_gives_its_side_a_free_re_roll():
    """ruinstars-2e.md#MELEE COMBAT, Modifiers: Wren next to the Trooper supports Teo Marsh's
    attack; the Fighter next to the Trooper supports its saves. Free re-rolls make a roll wait."""
    game = battle(
        {"teo-marsh": (12, 12), "trooper": (12, 14), "wren": (14, 14), "fighter": (12, 16)},
        first="cinder-watch",
    )
    game.do(cmd.Activate(unit="teo-marsh"))
    game.do(cmd.MeleeCombat(unit="teo-marsh", weapon="Hatchet", target="trooper"), 5, 2)
    assert game.game.roll.free == {"support": 1}
    rerolled = game.do(cmd.Reroll(squad="cinder-watch", dice=[0]), 3, 4, 2)
    assert rerolled[1] == ev.DiceRerolled("cinder-watch", [0], [5, 2], [3, 2], ["support"], 0)
    assert (game.game.roll.squad, game.game.roll.free) == ("first-mission", {"support": 1})
    saved = game.do(cmd.Reroll(squad="first-mission", dice=[0]), 3)
    assert saved[-1] == ev.SavesResolved("trooper", "teo-marsh", 2, 2, 0, 0, 3, 0)


def test_ranged_combat_needs_a_valid_target():
    """ruinstars-2e.md#RANGED COMBAT, Select Target."""
    game = battle(
        {"trooper": (12, 12), "wren": (12, 14), "oda-venn": (12, 18), "leader": (16, 20)}
    )
    game.do(cmd.Activate(unit="trooper"))
    shoot = cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="oda-venn")
    engaged = game.refused(shoot)
    assert (engaged.code, engaged.rule, engaged.params) == (
        "adjacent_to_enemy",
        "ruinstars-2e.md#RANGED COMBAT",
        {"unit": "trooper", "enemies": ["wren"]},
    )
    wrong = game.refused(cmd.RangedCombat(unit="trooper", weapon="Melee Weapon", target="wren"))
    assert (wrong.code, wrong.params) == (
        "no_such_weapon",
        {"unit": "trooper", "weapon": "Melee Weapon", "weapons": ["Ranged Weapon"]},
    )
    friend = game.refused(cmd.MeleeCombat(unit="trooper", weapon="Melee Weapon", target="leader"))
    assert (friend.code, friend.rule, friend.params) == ("not_an_enemy", "ruinstars-2e.md#MELEE COMBAT", {"unit": "trooper", "target": "leader"})
    far = game.refused(cmd.MeleeCombat(unit="trooper", weapon="Melee Weapon", target="oda-venn"))
    assert (far.code, far.rule, far.params) == (
        "not_adjacent",
        "ruinstars-2e.md#MELEE COMBAT",
        {"unit": "trooper", "target": "oda-venn", "inches": 4.74},
    )


def test_no_target_adjacent_to_the_attackers_squadmates_out_of_range_or_behind_a_unit():
    """ruinstars-2e.md#RANGED COMBAT and #LINE OF SIGHT: a unit cannot shoot through units."""
    game = battle(
        {
            "issa-quill": (12, 4),
            "trooper": (12, 8),
            "fighter": (12, 11),
            "leader": (16, 11),
            "wren": (16, 13),
            "shooter": (20, 20),
        },
        first="cinder-watch",
    )
    game.do(cmd.Activate(unit="issa-quill"))

    def pistol(target):
        return cmd.RangedCombat(unit="issa-quill", weapon="Needle Pistol", target=target)

    engaged = game.refused(pistol("leader"))
    assert (engaged.code, engaged.rule, engaged.params) == (
        "target_engaged",
        "ruinstars-2e.md#RANGED COMBAT",
        {"target": "leader", "squadmates": ["wren"]},
    )
    far = game.refused(pistol("shooter"))
    assert (far.code, far.rule, far.params) == (
        "out_of_range",
        "ruinstars-2e.md#RANGED COMBAT",
        {"target": "shooter", "inches": 16.63, "range": 8},
    )
    hidden = game.refused(pistol("fighter"))
    assert (hidden.code, hidden.rule, hidden.params) == (
        "no_line_of_sight",
        "ruinstars-2e.md#LINE OF SIGHT",
        {"unit": "issa-quill", "target": "fighter"},
    )
    assert of(game.do(pistol("trooper"), 6, 6), ev.AttackResolved)[0].damage == 0


def test_a_spawn_point_is_attacked_like_a_unit_and_taken_out():
    """ruinstars-2e.md#1 - SURVIVE: spawn points (ARM 4, HIT 1) can be targeted in combat."""
    game = battle({"teo-marsh": (12, 19.5)}, first="cinder-watch")
    game.do(cmd.Activate(unit="teo-marsh"))
    events = game.do(
        cmd.MeleeCombat(unit="teo-marsh", weapon="Hatchet", target="spawn-point-3"), 2, 6, 5
    )
    assert events[-2:] == [
        ev.SavesResolved("spawn-point-3", "teo-marsh", 1, 0, 0, 1, 0, 0),
        ev.UnitTakenOut("spawn-point-3", "teo-marsh"),
    ]
    assert game.game.models["spawn-point-3"].at is None
