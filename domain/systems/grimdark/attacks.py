"""Attacks (grimdark-future-1.5.md#Shooting, #Melee): one Quality test per attack, each hit rolled
against the target's Defense to wound, through the One Page Rules core (domain/kit/onepage.py)
with Grimdark Future's table; the special rules an attack reads are weapon_rules.py's, AP(X),
Blast(X) and Regeneration the core's."""

from __future__ import annotations

from domain.kit import onepage
from domain.systems.grimdark import events as ev
from domain.systems.grimdark import buildings, geometry, sniper, weapon_rules
from domain.systems.grimdark.content import Weapon
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Unit, Wounds
from domain.systems.grimdark.versions import ONE_PAGE

#: #Melee: attackers within 2" of an enemy strike.
STRIKE_REACH = 2.0
#: #Unit Types, Titans: 6 automatic hits with AP(2) for each titan model whenever it fights in melee.
TITAN, TITAN_HITS = Weapon("Titan", rules=("AP(2)",)), 6
FLYER_DISTANCE = 12


def weapons_that_reach(res: Resolution, unit_id: str, target_id: str, melee: bool) -> dict[tuple[Weapon, int], int]:
    """Each weapon that can attack `target`, with the Quality of the models that carry it (a hero's
    own in another unit), and its attacks summed over them, in the order the models carry them:
    in melee models within 2", else in range and in sight. Models inside a solid building shoot
    from its topmost port and are shot at through its ports (buildings.py); a unit inside a
    transport reaches nothing."""
    game = res.game
    unit, target = game.units[unit_id], game.units[target_id]
    found: dict[tuple[Weapon, int], int] = {}
    bases, seen_at = buildings.standing(game, unit), buildings.targets(game, target)
    if not bases:
        return found
    for model, base in zip(unit.models, bases, strict=True):
        for weapon in model.weapons:
            if weapon.melee != melee or weapon_rules.limited_spent(unit, weapon):
                continue
            if melee:
                able = buildings.within_reach(game, unit, base, target, STRIKE_REACH)
            else:
                reach = weapon.range - flyer_distance(unit, target)
                able = any(
                    geometry.in_range(at, seen_at, reach) and (weapon.rule("Indirect") or geometry.sees(game, at, seen_at, (unit.id, target.id)))
                    for at in buildings.firing_points(game, unit, base)
                )
            if able:
                key = (weapon, unit.profile_of(model).quality)
                found[key] = found.get(key, 0) + weapon.attacks
    return found


def flyer_distance(unit: Unit, target: Unit) -> int:
    """#Unit Types, Flyers: non-flyers measure 12" further to them."""
    return FLYER_DISTANCE if target.profile.flyer and not unit.profile.flyer else 0


def attack(res: Resolution, unit_id: str, target_id: str, melee: bool) -> Wounds:
    """Every weapon that reaches, one after another; the wounds caused (for casualties, morale)."""
    section = "Melee" if melee else "Shooting"
    total = Wounds()
    titan = res.game.units[unit_id]
    if melee and titan.profile.kind == "titan":
        total += automatic_hits(res, unit_id, target_id, TITAN, TITAN_HITS * len(titan.models))
    for (weapon, quality), attacks in weapons_that_reach(res, unit_id, target_id, melee).items():
        total += _one_weapon(res, unit_id, target_id, weapon, quality, attacks, section)
    return total


def _one_weapon(res: Resolution, unit_id: str, target_id: str, weapon: Weapon, quality: int, attacks: int, section: str) -> Wounds:
    unit, target = res.game.units[unit_id], res.game.units[target_id]
    modifier = weapon_rules.hit_modifier(res.game, unit, target, weapon, section == "Melee")
    faces = res.roll(attacks, f"{unit_id}: {weapon.name} to hit {target_id}", section)
    quality = sniper.SNIPER_QUALITY if weapon.rule("Sniper") else quality
    hit_faces = [f for f, hit in zip(faces, _quality_tests(res, unit_id, weapon.name, faces, quality, modifier), strict=True) if hit]
    blast = weapon.rule("Blast")
    times = onepage.blast_times(ONE_PAGE, int(blast), len(target.models)) if blast else 1
    hits = [f for f in hit_faces for _ in range(times)]
    return _wounds(res, unit_id, target_id, weapon, attacks, hits, section)


def charge_hits(res: Resolution, unit_id: str, target_id: str) -> Wounds:
    """#Special Rules: Impact(X), X automatic hits a model when charging; Furious, one Quality
    test a model, each success an automatic hit. Wounds as any hit, with no AP. Each is the
    rule of the models that have it: a joined hero's for itself, the host's for its models."""
    unit = res.game.units[unit_id]
    wounds = Wounds()
    impact = sum(int(unit.profile_of(m).rule("Impact")) for m in unit.models)
    if impact:
        wounds += automatic_hits(res, unit_id, target_id, Weapon("Impact"), impact)
    furious = [unit.profile_of(m).quality for m in unit.models if unit.profile_of(m).rule("Furious")]
    if furious:
        faces = res.roll(len(furious), f"{unit_id}: Furious", "Special Rules")
        hits = 0
        for quality in dict.fromkeys(furious):
            hits += sum(_quality_tests(res, unit_id, "Furious", [f for f, q in zip(faces, furious, strict=True) if q == quality], quality, 0))
        wounds += automatic_hits(res, unit_id, target_id, Weapon("Furious"), hits, attacks=len(faces))
    return wounds


def automatic_hits(res: Resolution, unit_id: str, target_id: str, weapon: Weapon, hits: int, attacks: int | None = None) -> Wounds:
    """Hits that need no roll to hit (Impact, Furious's successes, a spell's), rolled to wound
    with `weapon`'s rules; `attacks` as the record shows them (the hits unless said)."""
    return _wounds(res, unit_id, target_id, weapon, hits if attacks is None else attacks, [0] * hits, "Special Rules")


def _quality_tests(res: Resolution, unit_id: str, name: str, faces: list[int], quality: int, modifier: int) -> list[bool]:
    follow_up = lambda count: res.roll(count, f"{unit_id}: {name}, 6s needing a 4+", "General Principles")  # noqa: E731
    return onepage.successes(ONE_PAGE, faces, quality, modifier, follow_up)


def _wounds(res: Resolution, unit_id: str, target_id: str, weapon: Weapon, attacks: int, hits: list[int], section: str) -> Wounds:
    """Each hit (by its face to hit) rolled against the target's Defense; Regeneration after;
    a Deadly weapon's wounds are kept apart for the casualties (#Special Rules, Deadly)."""
    target = res.game.units[target_id]
    wound_faces = res.roll(len(hits), f"{unit_id}: {weapon.name} to wound {target_id}", section)
    modifier = onepage.defense_modifier(ONE_PAGE, int(weapon.rule("AP")), weapon_rules.poison(target, weapon))
    wounds = onepage.wounds_from(
        ONE_PAGE,
        [
            onepage.passes(ONE_PAGE, face, weapon_rules.ALWAYS_WOUNDS_ON) if weapon_rules.always_wounds(weapon, target, hit) else onepage.passes(ONE_PAGE, face, target.defense, modifier)
            for hit, face in zip(hits, wound_faces, strict=True)
        ],
    )
    if wounds and target.rule("Regeneration"):
        wounds = onepage.regenerated(ONE_PAGE, res.roll(wounds, f"{target_id} regenerates", "Special Rules"))
    res.emit(ev.AttackResolved(unit_id, weapon.name, target_id, attacks, len(hits), wounds))
    deadly, sniped = wounds if weapon.rule("Deadly") else 0, wounds if weapon.rule("Sniper") else 0
    return Wounds(wounds, deadly, sniped, min(deadly, sniped))
