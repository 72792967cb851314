"""ruinstars-2e.md#USING TACTICAL ORDERS, #RE-ROLLS, #COMBAT: the roll in flight as its owner
spends on it (re-roll, +/-1) or accepts it, and the Armor Saves each counted roll leads to:
what the refusals name, the dice each step records, a melee chain past a unit on its duty
(#STAT CARDS, Duty Before Death). Free play, 32 mm bases: centres 2" apart are Adjacent."""

from __future__ import annotations

import msgspec

from domain.events import DiceRolled
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars import positions
from tests.ruinstars.game import ANYWHERE, NO_ORDERS, PVP, Game
from tests.ruinstars.test_combat import battle, of
from tests.ruinstars.test_terrain import battle as walled

USING = "ruinstars-2e.md#USING TACTICAL ORDERS"
MELEE = "ruinstars-2e.md#MELEE COMBAT"
RANGED = "ruinstars-2e.md#RANGED COMBAT"
#: Two TO dice of 1-3 for the First Mission (ruinstars-2e.md#TACTICAL ORDERS), none for the Watch.
TWO_ORDERS = [(6, 6, 6, 6, 6), (1, 2, 6, 6, 6)]
ONE_ORDER = [(6, 6, 6, 6, 6), (1, 6, 6, 6, 6)]


def at_brannoc(orders) -> object:
    """The Trooper (Melee Weapon ATT 3, SKL 3) Adjacent to Brannoc (ARM 4, HIT 4, Duty Before
    Death), the First Mission first, with these TO."""
    game = battle({"trooper": (12, 14), "brannoc": (12, 12)}, orders=orders)
    game.do(cmd.Activate(unit="trooper"))
    return game


def rolls(events):
    return [(e.purpose, e.rule, e.actor, e.unit, e.sides) for e in of(events, DiceRolled)]


def test_a_melee_chain_passes_over_a_unit_on_its_duty():
    """#MELEE COMBAT: two Critical Strikes and a strike are 5 damage; Brannoc's one Critical Save
    blocks 1 and returns 1, and he falls to 0 HIT: his duty is called (#STAT CARDS). The Trooper
    saves the returned point with a Critical Save of its own, whose 1 damage back goes to nobody:
    Brannoc on his duty rolls no more saves."""
    game = at_brannoc(ONE_ORDER)
    game.do(cmd.MeleeCombat(unit="trooper", weapon="Melee Weapon", target="brannoc"), 1, 1, 6)
    events = game.do(cmd.Reroll(squad="first-mission", dice=[2]), 2, *(1, 6, 6, 6, 6), 1)
    assert rolls(events) == [
        ("re-roll: trooper", "ruinstars-2e.md#RE-ROLLS", "host", "trooper", [6]),
        ("armor saves: brannoc against trooper", MELEE, "host", "brannoc", [6] * 5),
        ("armor saves: trooper against brannoc", MELEE, "host", "trooper", [6]),
    ]
    assert of(events, ev.SavesResolved) == [
        ev.SavesResolved("brannoc", "trooper", 5, 1, 1, 4, 0, 1),
        ev.SavesResolved("trooper", "brannoc", 1, 1, 1, 0, 3, 1),
    ]
    assert of(events, ev.DutyCalled) == [ev.DutyCalled("brannoc", "trooper")]
    assert game.game.roll is None


def test_a_changed_die_counts_and_the_saves_it_leads_to_are_rolled_by_the_same_player():
    """#USING TACTICAL ORDERS: the Trooper's 3 lowered to 2 by its one TO; the roll counts at
    once and Brannoc's saves, then the Trooper's, follow in the same step."""
    game = at_brannoc(ONE_ORDER)
    game.do(cmd.MeleeCombat(unit="trooper", weapon="Melee Weapon", target="brannoc"), 1, 1, 4)
    events = game.do(cmd.ChangeDie(squad="first-mission", die=2, by=-1), *(1, 6, 6, 6, 6), 5)
    assert events[0] == ev.DieChanged("first-mission", 2, 4, -1, 1, 3)
    assert [r[2] for r in rolls(events)] == ["host", "host"]
    assert of(events, ev.SavesResolved)[-1] == ev.SavesResolved("trooper", "brannoc", 1, 0, 0, 1, 2, 0)


def test_an_accepted_roll_counts_and_the_next_saves_wait_for_their_owners_orders():
    """#USING TACTICAL ORDERS: the Trooper accepts its roll with a TO left; Brannoc's saves count
    at once (no TO), the Trooper's returned point waits for its own TO."""
    game = at_brannoc(ONE_ORDER)
    game.do(cmd.MeleeCombat(unit="trooper", weapon="Melee Weapon", target="brannoc"), 1, 1, 2)
    events = game.do(cmd.AcceptRoll(squad="first-mission"), *(1, 6, 6, 6, 6), 4)
    assert [r[:3] for r in rolls(events)] == [
        ("armor saves: brannoc against trooper", MELEE, "host"),
        ("armor saves: trooper against brannoc", MELEE, "host"),
    ]
    roll = game.game.roll
    assert (roll.squad, roll.unit, roll.step, roll.faces, roll.damage) == ("first-mission", "trooper", "saves", (4,), 1)


def test_ranged_saves_are_rolled_under_ranged_combat():
    """#RANGED COMBAT, Roll Armor Saves: one die per point of damage, for the unit hit."""
    game = battle({"trooper": (12, 12), "wren": (12, 18)})
    game.do(cmd.Activate(unit="trooper"))
    events = game.do(cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="wren"), *(1, 3, 5), *(2, 5, 6))
    assert rolls(events)[1] == ("armor saves: wren against trooper", RANGED, "host", "wren", [6, 6, 6])


def test_refusals_name_the_roll_the_die_and_the_change():
    """#USING TACTICAL ORDERS: no roll to spend on; another squad's roll; a die the roll does not have; +0, or a face
    taken past 1-6; more TO than the squad has. A 5 raised to 6 is allowed."""
    game = at_brannoc(TWO_ORDERS)
    none = game.refused(cmd.Reroll(squad="first-mission", dice=[0]))
    assert (none.code, none.rule, none.params) == ("no_roll", USING, {"squad": "first-mission"})
    game.do(cmd.MeleeCombat(unit="trooper", weapon="Melee Weapon", target="brannoc"), 5, 6, 6)
    theirs = game.refused(cmd.AcceptRoll(squad="cinder-watch"))
    assert (theirs.code, theirs.rule, theirs.params) == (
        "not_your_roll",
        USING,
        {"squad": "cinder-watch", "owner": "first-mission", "unit": "trooper"},
    )
    missing = game.refused(cmd.ChangeDie(squad="first-mission", die=3, by=1))
    assert (missing.code, missing.rule, missing.params) == ("no_such_die", USING, {"die": 3, "dice": 3})
    for die, by, face, result in ((0, 0, 5, 5), (1, 1, 6, 7)):
        wrong = game.refused(cmd.ChangeDie(squad="first-mission", die=die, by=by))
        assert (wrong.code, wrong.rule, wrong.params) == (
            "impossible_change",
            USING,
            {"die": die, "face": face, "by": by, "result": result},
        )
    dear = game.refused(cmd.ChangeDie(squad="first-mission", die=1, by=-3))
    assert (dear.code, dear.rule, dear.params) == ("not_enough_orders", USING, {"squad": "first-mission", "orders": 3, "left": 2})
    assert game.do(cmd.ChangeDie(squad="first-mission", die=0, by=1)) == [ev.DieChanged("first-mission", 0, 5, 1, 1, 6)]


def test_two_support_re_rolls_pay_for_two_dice():
    """#MELEE COMBAT, Modifiers: Wren and Issa Quill both Adjacent to the Trooper give Teo
    Marsh's attack two free re-rolls, spent on both dice at once."""
    game = battle(
        {"teo-marsh": (12, 12), "trooper": (12, 14), "wren": (14, 14), "issa-quill": (10, 14), "fighter": (12, 16)},
        first="cinder-watch",
    )
    game.do(cmd.Activate(unit="teo-marsh"))
    game.do(cmd.MeleeCombat(unit="teo-marsh", weapon="Hatchet", target="trooper"), 5, 6)
    assert game.game.roll.free == {"support": 2}
    events = game.do(cmd.Reroll(squad="cinder-watch", dice=[0, 1]), 5, 6)
    assert events[1] == ev.DiceRerolled("cinder-watch", [0, 1], [5, 6], [5, 6], ["support", "support"], 0)


def test_no_cover_in_melee():
    """#COVER: a ranged attack's target only; the Trooper reaches round the half wall that would
    hide part of Wren from a shot."""
    game = walled({"trooper": (11.4, 14.4), "wren": (12, 16.2)}, first="first-mission")
    assert positions.in_cover(game.game, game.unit("trooper"), game.unit("wren"))
    game.do(cmd.Activate(unit="trooper"))
    events = game.do(cmd.MeleeCombat(unit="trooper", weapon="Melee Weapon", target="wren"), 3, 6, 6, 5)
    assert of(events, ev.SavesRolled)[0].free == {}


def test_spread_dice_go_to_the_targets_in_the_order_named():
    """ruinstars-2e.md#WEAPON SPECIALS, SPR: the Scattergun's 4 dice shared 2, 1, 1 over the
    Trooper, the Fighter and the Leader: 1 and 4 at the Trooper (3 damage), a 6 at each other."""
    game = battle(
        {"teo-marsh": (12, 8), "trooper": (11, 13), "fighter": (13, 13), "leader": (15, 13)},
        first="cinder-watch",
    )
    game.do(cmd.Activate(unit="teo-marsh"))
    shot = cmd.RangedCombat(unit="teo-marsh", weapon="Scattergun", target="trooper", spread=["fighter", "leader"], dice=[2, 1, 1])
    events = game.do(shot, *(1, 4, 6, 6), *(6, 6, 6))
    assert of(events, ev.AttackResolved) == [
        ev.AttackResolved("teo-marsh", "trooper", 2, 1, 3),
        ev.AttackResolved("teo-marsh", "fighter", 0, 0, 0),
        ev.AttackResolved("teo-marsh", "leader", 0, 0, 0),
    ]


def test_a_returned_point_for_a_unit_taken_out_is_dropped_and_the_next_target_saves():
    """#MELEE COMBAT with CHR1: Wren's Arc Lash (AUT1 and two Critical Strikes: 5 damage) hits the
    Trooper and the Fighter. The Trooper's Critical Save returns 1 but he is Taken Out; Wren's
    Critical Save returns 1 to nobody standing, and the Fighter's saves come next."""
    game = battle({"wren": (12, 12), "trooper": (12, 14), "fighter": (14, 14)}, first="cinder-watch")
    game.do(cmd.Activate(unit="wren"))
    game.do(cmd.MeleeCombat(unit="wren", weapon="Arc Lash", target="trooper", also=["fighter"]), *(1, 1), *(1, 6, 6, 6, 6))
    events = game.do(cmd.AcceptRoll(squad="first-mission"), 1, *(2, 6, 6, 6, 6))
    assert of(events, ev.SavesResolved) == [
        ev.SavesResolved("trooper", "wren", 5, 1, 1, 3, 0, 1),
        ev.SavesResolved("wren", "trooper", 1, 1, 1, 0, 3, 1),
        ev.SavesResolved("fighter", "wren", 5, 1, 0, 3, 0, 0),
    ]
    assert of(events, ev.UnitTakenOut) == [ev.UnitTakenOut("trooper", "wren"), ev.UnitTakenOut("fighter", "wren")]


def test_a_chain_reaction_with_a_spread_hits_the_secondary_target_with_the_first_targets_damage():
    """ruinstars-2e.md#WEAPON SPECIALS, CHR and SPR: a Scattergun given CHR1 (a pack may give a
    weapon both): 2 dice at the Trooper (a Critical Strike, 2 damage) also hit the Leader next to
    him; the Fighter's own 2 dice (a strike, 1 damage) hit only the Fighter."""
    teo = ANYWHERE.named("units", "Teo Marsh")
    weapons = tuple(msgspec.structs.replace(w, specials=(*w.specials, "CHR1")) if w.name == "Scattergun" else w for w in teo.weapons)
    pack = msgspec.structs.replace(ANYWHERE, units=tuple(msgspec.structs.replace(teo, weapons=weapons) if u.name == "Teo Marsh" else u for u in ANYWHERE.units))
    game = Game(PVP, pack=pack)
    game.place({"teo-marsh": (12, 8), "trooper": (11, 13), "fighter": (13, 13), "leader": (9, 13)})
    game.start_turn(1, 2, orders=[NO_ORDERS, NO_ORDERS])
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="cinder-watch"))
    game.do(cmd.Activate(unit="teo-marsh"))
    shot = cmd.RangedCombat(unit="teo-marsh", weapon="Scattergun", target="trooper", spread=["fighter"], dice=[2, 2], also=["leader"])
    events = game.do(shot, *(1, 6, 4, 6), *(6, 6), *(6, 6), 6)
    assert [(e.unit, e.damage, e.lost) for e in of(events, ev.SavesResolved)] == [("trooper", 2, 2), ("leader", 2, 2), ("fighter", 1, 1)]
