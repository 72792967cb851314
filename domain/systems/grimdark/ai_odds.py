"""The solo army's estimate of a fight (ai_charge.py): the wounds its attacks are expected to
cause, and whether a charge would win the melee (grimdark-future-1.5.md#Melee: the side that
caused fewer wounds loses and tests morale).

The estimate, kept simple on purpose:
- a weapon's expected wounds are its attacks times the chance to hit (a Quality test) times the
  chance to wound (the Defense roll with its AP and Poison), each chance counted face by face as
  the rules core rolls it (a 1 always fails; a 6 beyond a 6+ needs the 4+ follow-up die);
  Regeneration keeps the wounds that its die does not ignore;
- a charge adds Impact(X)'s automatic hits and one Furious test a model, wounding with no AP;
- the strike back comes from the defenders expected to be left: their melee wounds times the
  share of their wounds (Tough counted) the charge is expected not to take;
- shooting multiplies a Blast(X) weapon's hits as the rules core does;
- no modifier beyond these: cover, spells, Fear, Rending and Deadly are not counted."""

from __future__ import annotations

from domain.kit import onepage
from domain.systems.grimdark import attacks, weapon_rules
from domain.systems.grimdark.content import Weapon
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Unit
from domain.systems.grimdark.versions import ONE_PAGE

FACES = range(1, 7)


def chance(target: int, modifier: int = 0) -> float:
    """The chance one die passes `target` after `modifier` (the follow-up die counted)."""
    total = 0.0
    for face in FACES:
        if onepage.needs_second_die(ONE_PAGE, face, target, modifier):
            total += sum(onepage.passes(ONE_PAGE, face, target, modifier, second) for second in FACES) / 6
        else:
            total += onepage.passes(ONE_PAGE, face, target, modifier)
    return total / 6


def wound_chance(weapon: Weapon, target: Unit) -> float:
    """The chance a hit of `weapon` wounds `target`: the attacker's roll against its Defense (the
    one who rolls it in Grimdark Future 1.5, #Shooting), then what Regeneration leaves."""
    wounds = chance(target.defense, onepage.defense_modifier(ONE_PAGE, int(weapon.rule("AP")), weapon_rules.poison(target, weapon)))
    if target.rule("Regeneration"):
        wounds *= (ONE_PAGE.regenerates_on - 1) / 6
    return wounds


def melee_wounds(unit: Unit, target: Unit, charging: bool) -> float:
    """The wounds `unit`'s melee weapons (every model's, Limited ones spent excepted) are expected
    to cause `target`, with Impact and Furious when `charging`."""
    total = 0.0
    for model in unit.models:
        profile = unit.profile_of(model)
        for weapon in model.weapons:
            if weapon.melee and not weapon_rules.limited_spent(unit, weapon):
                total += weapon.attacks * chance(profile.quality) * wound_chance(weapon, target)
        if charging:
            plain = wound_chance(Weapon("Impact"), target)
            total += int(profile.rule("Impact")) * plain
            total += chance(profile.quality) * plain if profile.rule("Furious") else 0.0
    return total


def shooting_wounds(res: Resolution, unit: Unit, target: Unit) -> float:
    """The wounds the weapons that reach `target` from where the unit stands are expected to
    cause, a Blast(X) weapon's hits multiplied as the rules core multiplies them."""
    reach = attacks.weapons_that_reach(res, unit.id, target.id, melee=False)
    total = 0.0
    for (weapon, quality), count in reach.items():
        blast = int(weapon.rule("Blast"))
        times = onepage.blast_times(ONE_PAGE, blast, len(target.models)) if blast else 1
        total += count * chance(quality) * times * wound_chance(weapon, target)
    return total


def total_wounds(unit: Unit) -> int:
    """The wounds the unit has left: each model's Tough (1 for others) less its wounds."""
    return sum(unit.tough_of(m) - m.wounds for m in unit.models)


def charge_odds(unit: Unit, target: Unit) -> tuple[float, float]:
    """The wounds a charge of `unit` at `target` is expected to cause, and to take back from the
    defenders expected to be left."""
    dealt = melee_wounds(unit, target, charging=True)
    left = max(0.0, 1 - dealt / max(total_wounds(target), 1))
    return dealt, melee_wounds(target, unit, charging=False) * left

