"""ruinstars-2e.md#ATTACKS OF OPPORTUNITY: a unit moving out of Adjacency to an enemy may be
attacked by one of them, in melee, for free; 2" of its movement given up blunt one ATT die;
one such attack per unit per turn. The Trooper at (12, 14) is Adjacent to Teo Marsh at (12, 12)."""

from __future__ import annotations

from domain.events import DiceRolled
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from tests.ruinstars.test_combat import battle, of


def engaged(**spots):
    game = battle(
        {"teo-marsh": (12, 12), "trooper": (12, 14), **spots}, first="cinder-watch"
    )
    game.do(cmd.Activate(unit="teo-marsh"))
    return game


def strike(attacker="trooper", weapon="Melee Weapon"):
    return cmd.OpportunityAttack(squad="first-mission", attacker=attacker, weapon=weapon)


def test_leaving_adjacency_holds_the_move_for_a_free_melee_attack_then_it_goes_on():
    game = engaged()
    held = game.do(cmd.Move(unit="teo-marsh", x=12, y=8))
    assert held == [
        ev.MoveHeld(
            ev.UnitMoved("teo-marsh", 12, 8, 4, 1, "move", 0), 0, 0, "first-mission", ["trooper"]
        )
    ]
    assert game.unit("teo-marsh").act == 1
    waiting = game.refused(cmd.EndActivation(unit="teo-marsh"))
    assert (waiting.code, waiting.params["kind"]) == ("choice_pending", "attack_of_opportunity")
    events = game.do(strike(), *(1, 6, 6), *(6, 6))
    assert events[0] == ev.OpportunityTaken("first-mission", "trooper", "teo-marsh")
    attack = of(events, ev.AttackRolled)[0]
    assert (attack.unit, attack.target, attack.melee, attack.act, attack.orders) == (
        "trooper",
        "teo-marsh",
        True,
        0,
        0,
    )
    assert {(d.actor, d.rule) for d in of(events, DiceRolled)} == {("host", "ruinstars-2e.md#MELEE COMBAT")}
    assert of(events, ev.SavesResolved) == [
        ev.SavesResolved("teo-marsh", "trooper", 2, 0, 0, 2, 1, 0)
    ]
    assert events[-1] == ev.HeldMoveMade("teo-marsh", 12, 8)
    assert (game.unit("teo-marsh").at.y, game.unit("trooper").opportunity) == (8, True)


def test_each_2_inches_given_up_blunt_one_att_die():
    """Teo Marsh moves 2" and gives up 4": the Trooper rolls 1 die of 3."""
    game = engaged()
    over = game.refused(cmd.Move(unit="teo-marsh", x=12, y=10, blunt=4.5))
    assert (over.code, over.params) == ("too_far", {"unit": "teo-marsh", "inches": 6.5, "max": 6})
    game.do(cmd.Move(unit="teo-marsh", x=12, y=10, blunt=4))
    events = game.do(strike(), 6)
    assert of(events, ev.AttackRolled)[0].faces == [6]


def test_the_enemy_may_let_it_pass_and_a_unit_taken_out_does_not_move_on():
    """Wren, Taken Out by the Trooper's attack, stays off the battlefield and its activation ends."""
    game = engaged(wren=(14, 14))
    game.do(cmd.Move(unit="teo-marsh", x=12, y=8))
    other = game.refused(cmd.OpportunityAttack(squad="first-mission", attacker="leader"))
    assert (other.code, other.params["options"]) == ("option_not_offered", ["none", "trooper"])
    assert game.do(strike("none")) == [
        ev.OpportunityDeclined("first-mission"),
        ev.HeldMoveMade("teo-marsh", 12, 8),
    ]
    game.do(cmd.EndActivation(unit="teo-marsh"))
    game.do(cmd.Activate(unit="leader"))
    game.do(cmd.EndActivation(unit="leader"))
    game.do(cmd.Activate(unit="wren"))
    game.do(cmd.Move(unit="wren", x=18, y=14))
    events = game.do(strike(), *(1, 1, 1), *[6] * 6)
    assert events[-1] == ev.UnitTakenOut("wren", "trooper")
    assert (game.unit("wren").at, game.game.held, game.game.active) == (None, None, "")


def test_one_attack_of_opportunity_per_unit_per_turn_and_none_while_staying_adjacent():
    """Teo Marsh moves along the Trooper (no attack), then dashes off (the Trooper attacks);
    Wren leaving the Trooper later in the turn draws no second attack."""
    game = engaged(wren=(14, 14))
    along = game.do(cmd.Move(unit="teo-marsh", x=13.5, y=12.5))
    assert [type(e) for e in along] == [ev.UnitMoved]
    game.do(cmd.Dash(unit="teo-marsh", x=13.5, y=10.5))
    game.do(strike(), 6, 6, 6)
    game.do(cmd.EndActivation(unit="teo-marsh"))
    game.do(cmd.Activate(unit="leader"))
    game.do(cmd.EndActivation(unit="leader"))
    game.do(cmd.Activate(unit="wren"))
    free = game.do(cmd.Move(unit="wren", x=18, y=14))
    assert [type(e) for e in free] == [ev.UnitMoved]


def test_an_attack_blunted_to_no_dice_rolls_nothing():
    """The Trooper moves 2" and gives up 4": Teo Marsh's Hatchet (ATT 2) rolls no die."""
    game = battle({"teo-marsh": (12, 12), "trooper": (12, 14)}, first="first-mission")
    game.do(cmd.Activate(unit="trooper"))
    game.do(cmd.Move(unit="trooper", x=12, y=16, blunt=4))
    events = game.do(
        cmd.OpportunityAttack(squad="cinder-watch", attacker="teo-marsh", weapon="Hatchet")
    )
    assert [type(e).__name__ for e in events] == [
        "OpportunityTaken",
        "AttackRolled",
        "AttackResolved",
        "HeldMoveMade",
    ]
    assert of(events, ev.AttackRolled)[0].faces == []


def test_the_attack_of_opportunitys_refusals_cite_it_and_name_the_melee_weapons():
    """ruinstars-2e.md#ATTACKS OF OPPORTUNITY: only a held move is answered, by the squad asked,
    with a melee weapon of the attacker's."""
    game = engaged()
    refusals = [game.refused(strike())]
    game.do(cmd.Move(unit="teo-marsh", x=12, y=8))
    refusals += [
        game.refused(strike(weapon="Ranged Weapon")),
        game.refused(cmd.OpportunityAttack(squad="cinder-watch", attacker="trooper")),
    ]
    where = "ruinstars-2e.md#ATTACKS OF OPPORTUNITY"
    assert [(r.code, r.rule, r.params) for r in refusals] == [
        ("nothing_pending", where, {"who": "first-mission"}),
        (
            "no_such_weapon",
            where,
            {"unit": "trooper", "weapon": "Ranged Weapon", "weapons": ["Melee Weapon"]},
        ),
        (
            "not_your_choice",
            where,
            {"who": "cinder-watch", "waiting_for": "first-mission", "kind": "attack_of_opportunity"},
        ),
    ]
