"""ruinstars-2e.md#WEAPON SPECIALS, each special's own function with the values a player reads:
costs, attack dice, free re-rolls, damage, range, and the refusal of a spent Limited weapon."""

from __future__ import annotations

import pytest

from domain.errors import RuleError
from domain.systems.ruinstars import specials
from domain.systems.ruinstars.content import Weapon
from domain.systems.ruinstars.state import Model


def gun(*codes: str, kind: str = "ranged", att: int = 4) -> Weapon:
    return Weapon(name="Gun", kind=kind, att=att, skl=4, specials=codes)


def model(hit: int = 3, spent: tuple[str, ...] = ()) -> Model:
    return Model(id="teo", card="Teo", squad="watch", hit=hit, radius=0.63, spent=spent)


@pytest.mark.parametrize(("weapon", "done", "cost"), [
    (gun("2RC"), {"weapon:Gun": 1}, -1),
    (gun("2RC"), {"weapon:Gun": 0}, 0),
    (gun("2RC"), {"weapon:Gun": 2}, 0),
    (gun("2RC"), {}, 0),
    (gun("2MC"), {"weapon:Gun": 1}, 0),  # a ranged weapon needs 2RC
    (gun("2MC", kind="melee"), {"weapon:Gun": 1}, -1),
    (gun("2RC", kind="melee"), {"weapon:Gun": 1}, 0),
    (gun("HVY"), {"moved": 1}, 1),
    (gun("HVY"), {}, 0),
    (gun(), {"moved": 1}, 0),
    (gun("HVY", "2RC"), {"moved": 1, "weapon:Gun": 1}, 0),
])
def test_a_combat_actions_cost_change(weapon, done, cost):
    """2MC/2RC: the second use in an activation costs 1 less; HVY: after a Move, 1 more."""
    assert specials.combat_cost(weapon, done) == cost


def test_hit_weapons_roll_the_units_remaining_hit_and_autohits_never_exceed_the_dice():
    assert specials.attacks(gun("HIT"), model(hit=2)) == 2
    assert specials.attacks(gun(att=5), model(hit=2)) == 5
    assert specials.autohits(gun("AUT2"), 5) == 2
    assert specials.autohits(gun("AUT3"), 2) == 2
    assert specials.autohits(gun(), 5) == 0


def test_free_rerolls_by_kind():
    assert specials.weapon_rerolls(gun("ACC2")) == {"ACC": 2}
    assert specials.weapon_rerolls(gun("BRU2", kind="melee")) == {"BRU": 2}
    assert specials.weapon_rerolls(gun("BRU2")) == {}
    assert specials.weapon_rerolls(gun("ACC1", kind="melee")) == {}


@pytest.mark.parametrize(("codes", "strikes", "criticals", "total"), [
    ((), 2, 1, 4),
    (("RND1",), 2, 2, 7),
    (("RND3",), 1, 2, 7),
    (("RND2",), 3, 0, 3),
])
def test_damage_one_per_strike_two_per_critical_three_when_rending(codes, strikes, criticals, total):
    assert specials.damage(gun(*codes), strikes, criticals) == total


def test_flags_and_numbers_of_the_other_specials():
    assert specials.weapon_range(gun("RNG8")) == 8 and specials.weapon_range(gun()) is None
    assert specials.no_cover(gun("NCV")) and not specials.no_cover(gun())
    assert specials.point_blank(gun("PBK")) and not specials.point_blank(gun())
    assert specials.relentless(gun("RLT")) and not specials.relentless(gun())
    assert specials.chain_reaction(gun("CHR2")) == 2 and specials.chain_reaction(gun()) == 0
    assert specials.blast(gun("BLS")) and not specials.blast(gun())
    assert specials.spread(gun("SPR")) and not specials.spread(gun())
    assert specials.stuns(gun("STN"), 1) and not specials.stuns(gun("STN"), 0) and not specials.stuns(gun(), 2)
    assert specials.uses(gun()) == "weapon:Gun"


def test_a_spent_limited_weapon_is_refused_by_name():
    specials.check_ammo(gun("LIM"), model())
    specials.check_ammo(gun(), model(spent=("Gun",)))
    with pytest.raises(RuleError) as refused:
        specials.check_ammo(gun("LIM"), model(spent=("Gun",)))
    assert (refused.value.code, refused.value.rule, refused.value.params) == ("limited_ammo", specials.SPECIALS, {"unit": "teo", "weapon": "Gun"})
    assert specials.SPECIALS.endswith("#WEAPON SPECIALS")
