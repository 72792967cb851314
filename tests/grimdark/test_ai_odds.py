"""The solo army's estimate of a fight (domain/systems/grimdark/ai_odds.py) on the core pack's
units: the chance of one die, of a hit wounding (AP, Poison but not against a Vehicle,
Regeneration), the melee wounds with Impact and Furious on a charge and without spent Limited
weapons, the wounds a unit has left, and a charge's odds when it is expected to wipe the
defenders out."""

from __future__ import annotations

import msgspec
import pytest

from domain.systems.grimdark import ai_odds
from domain.systems.grimdark.content import Weapon
from domain.systems.grimdark.resolution import Resolution
from tests.grimdark.game import BROOD, CONVOY, SHALLOW, VANGUARD, Game, with_rules


@pytest.mark.parametrize(
    ("target", "modifier", "sixths"),
    [(4, 0, 3), (2, 0, 5), (6, 0, 1), (1, 0, 5), (4, 1, 4), (3, 1, 5), (7, 0, 0.5), (6, -1, 0.5), (5, -2, 0.5)],
)
def test_the_chance_of_one_die_counts_the_always_failing_1_and_the_follow_up_die(target, modifier, sixths):
    """A 1 always fails; past 6 a 6 needs a 4+ on a second die (half of a sixth)."""
    assert ai_odds.chance(target, modifier) == pytest.approx(sixths / 6)


def _units(armies: str = f"{VANGUARD},{BROOD}", pack=SHALLOW):
    return Game(armies, pack=pack).game.units


def _weapon(unit, name: str) -> Weapon:
    return next(w for m in unit.models for w in m.weapons if w.name == name)


def test_a_hit_wounds_on_the_attackers_roll_against_defense_with_ap_and_poison():
    units = _units()
    squad, crushers, mother = units["vanguard-squad"], units["bone-crushers"], units["brood-mother"]
    # Crushing Claws, AP(2), against Defense 4+: a 2+ (5/6).
    assert ai_odds.wound_chance(_weapon(crushers, "Crushing Claws"), squad) == pytest.approx(5 / 6)
    # Acid Spit, Poison(1), against Defense 4+: a 3+ (4/6).
    assert ai_odds.wound_chance(_weapon(mother, "Acid Spit"), squad) == pytest.approx(4 / 6)
    # A Long Rifle against the Mother (Defense 5+, Regeneration): 2/6, of which a 1-4 on the
    # Regeneration die keeps 4/6.
    assert ai_odds.wound_chance(_weapon(squad, "Long Rifle"), mother) == pytest.approx(2 / 6 * 4 / 6)


def test_poison_counts_for_nothing_against_a_vehicle():
    units = _units(f"{CONVOY},{BROOD}")
    mule, mother = units["mule-carrier"], units["brood-mother"]
    assert ai_odds.wound_chance(_weapon(mother, "Acid Spit"), mule) == pytest.approx(2 / 6)


def test_a_charge_adds_impact_hits_and_a_furious_test_a_model():
    """Three Bone Crushers, 3 Claws each at 4+ wounding the Ridge Squad on 2+: 9 x 1/2 x 5/6 = 3.75.
    With Impact(2) and Furious, a charge adds per crusher 2 x 1/2 (no AP, Defense 4+) and
    1/2 x 1/2: 1.25 each, 7.5 in all."""
    units = _units(pack=with_rules("Bone Crushers", rules=("Impact(2)", "Furious")))
    crushers, ridge = units["bone-crushers"], units["ridge-squad"]
    assert ai_odds.melee_wounds(crushers, ridge, charging=False) == pytest.approx(3.75)
    assert ai_odds.melee_wounds(crushers, ridge, charging=True) == pytest.approx(7.5)
    plain = _units()["bone-crushers"]
    assert ai_odds.melee_wounds(plain, ridge, charging=True) == pytest.approx(3.75)


def test_a_spent_limited_weapon_strikes_no_more():
    units = _units(pack=with_rules("Bone Crushers", "Crushing Claws", ("Limited",)))
    crushers, ridge = units["bone-crushers"], units["ridge-squad"]
    assert ai_odds.melee_wounds(crushers, ridge, charging=False) == pytest.approx(3.75)
    spent = msgspec.structs.replace(crushers, spent=("Crushing Claws",))
    assert ai_odds.melee_wounds(spent, ridge, charging=False) == 0


def test_the_wounds_left_count_tough_less_the_wounds_taken():
    crushers = _units()["bone-crushers"]
    hurt = msgspec.structs.replace(crushers, models=(msgspec.structs.replace(crushers.models[0], wounds=2), *crushers.models[1:]))
    assert (ai_odds.total_wounds(crushers), ai_odds.total_wounds(hurt)) == (9, 7)


def test_a_charge_expected_to_take_every_wound_of_the_defenders_expects_nothing_back():
    """3.75 wounds expected on the Mortar Team's 3: nobody is left to strike back."""
    units = _units()
    assert ai_odds.charge_odds(units["bone-crushers"], units["mortar-team"]) == (pytest.approx(3.75), 0.0)


def test_the_strike_back_comes_from_the_share_of_wounds_expected_left():
    """The Skitter Swarm at the Bone Crushers: 8 Fangs x 2/6 x 2/6 (Defense 5+) = 0.889 of 9
    wounds; the crushers strike back with 9 Claws x 1/2 x 5/6 (2+ against Defense 3+) = 3.75,
    times 8.111/9 left."""
    units = _units()
    dealt, taken = ai_odds.charge_odds(units["skitter-swarm"], units["bone-crushers"])
    assert (round(dealt, 3), round(taken, 3)) == (0.889, 3.38)


def test_impact_and_furious_count_for_the_charger_not_for_the_strike_back():
    """Bone Crushers with Impact(2) and Furious charging the Ridge Squad expect 7.5 wounds (all
    five troopers' wounds: nothing comes back); charged by the Skitter Swarm, they strike back
    with their Claws alone: 9 x 1/2 x 5/6 = 3.75, times the 8.111 of 9 wounds expected left."""
    units = _units(pack=with_rules("Bone Crushers", rules=("Impact(2)", "Furious")))
    crushers, ridge, swarm = units["bone-crushers"], units["ridge-squad"], units["skitter-swarm"]
    assert ai_odds.charge_odds(crushers, ridge) == (pytest.approx(7.5), 0.0)
    dealt, taken = ai_odds.charge_odds(swarm, crushers)
    assert (round(dealt, 3), round(taken, 3)) == (0.889, 3.38)


def test_the_share_left_of_a_lone_model_with_one_wound():
    """The Mortar Team's bare hands at the last Ridge trooper (1 wound): 3 x 1/2 x 1/2 = 0.75
    expected, a quarter of him left to strike back with his Bayonet: 1/2 x 1/2 x 1/4."""
    units = _units()
    ridge = units["ridge-squad"]
    last = msgspec.structs.replace(ridge, models=ridge.models[-1:])
    assert ai_odds.charge_odds(units["mortar-team"], last) == (pytest.approx(0.75), pytest.approx(0.0625))


def test_shooting_counts_each_weapon_that_reaches_once_and_a_blast_weapon_times_its_x():
    """As `ready` deploys them: the Vanguard Squad's 4 Long Rifles and Shredder (2 shots, AP(1))
    at the Spine Spitters (Defense 3+): 4 x 1/2 x 4/6 + 2 x 1/2 x 5/6 = 2.167; the Mortar Team's
    3 Blast(3) shells at the Bone Crushers (Defense 5+): 3 x 1/2 x 3 x 2/6 = 1.5."""
    game = Game(f"{VANGUARD},{BROOD}")
    game.ready()
    res = Resolution(game.game, None, "")  # type: ignore[arg-type] - reach rolls no dice
    units = game.game.units
    assert round(ai_odds.shooting_wounds(res, units["vanguard-squad"], units["spine-spitters"]), 3) == 2.167
    assert round(ai_odds.shooting_wounds(res, units["mortar-team"], units["bone-crushers"]), 3) == 1.5
