"""The special rules an attack reads (grimdark-future-1.5.md#Special Rules), one small function
each: what it adds to the rolls to hit, how a hit wounds. The core's rolls are the kit's
(domain/kit/onepage.py); these say what the rules file adds to them."""

from __future__ import annotations

from domain.kit.boards import inches
from domain.systems.grimdark import buildings, geometry
from domain.systems.grimdark.content import Weapon
from domain.systems.grimdark.state import Game, Unit

#: Rending (a 6 to hit) and EMP (against Vehicles) always wound on 2+.
ALWAYS_WOUNDS_ON = 2


def linked(game: Game, unit: Unit, target: Unit, weapon: Weapon, melee: bool) -> int:
    """Linked: +1 to its attack rolls."""
    return 1 if weapon.rule("Linked") else 0


def stealth(game: Game, unit: Unit, target: Unit, weapon: Weapon, melee: bool) -> int:
    """Stealth: enemies get -1 to their shooting rolls against it."""
    return -1 if not melee and target.rule("Stealth") else 0


def pinned(game: Game, unit: Unit, target: Unit, weapon: Weapon, melee: bool) -> int:
    """#Morale: Pinned units have -1 to their attack rolls in melee."""
    return -1 if melee and unit.pinned else 0


def fear(game: Game, unit: Unit, target: Unit, weapon: Weapon, melee: bool) -> int:
    """Fear: a unit that failed its test before this melee gets -1 to its attack rolls."""
    return -1 if melee and game.melee is not None and unit.id in game.melee.afraid else 0


def cover(game: Game, unit: Unit, target: Unit, weapon: Weapon, melee: bool) -> int:
    """#Terrain, Cover: -1 to shooting at a unit mostly in or behind cover; Indirect: a target no
    model of the unit sees counts as in cover (once, however it is in cover); a unit inside a
    solid building is in cover (#Solid Buildings). Sniper ignores it."""
    if melee or weapon.rule("Sniper"):
        return 0
    shooters, seen = buildings.standing(game, unit), buildings.targets(game, target)
    unseen = bool(weapon.rule("Indirect")) and not any(geometry.sees(game, base, seen, (unit.id, target.id)) for base in shooters)
    return -1 if unseen or buildings.housing(game, target) or geometry.in_cover(game, shooters[0], target) else 0


def flyer(game: Game, unit: Unit, target: Unit, weapon: Weapon, melee: bool) -> int:
    """#Unit Types, Flyers: -1 to non-flyers' shooting at them; Anti-Air: +1 at enemy Flyers."""
    if melee or not target.profile.flyer:
        return 0
    return (0 if unit.profile.flyer else -1) + (1 if weapon.rule("Anti-Air") else 0)


def mysterious_terrain(game: Game, unit: Unit, target: Unit, weapon: Weapon, melee: bool) -> int:
    """#Mysterious Terrain, 5: +1 to shooting from inside the piece (most of the unit's models
    stand in it); 6: -1 to the melee rolls of a unit that charged into it (a charger's model in it)."""
    effect = "charge-penalty" if melee else "shooting-bonus"
    if melee and (game.melee is None or game.melee.attacker != unit.id):
        return 0
    inside = [sum(inches.point_in_polygon((m.x, m.y), p.polygon) for m in unit.models) for p in game.mission.terrain if p.id in game.revealed_as(effect)]
    if melee:
        return -1 if any(inside) else 0
    return 1 if any(2 * count > len(unit.models) for count in inside) else 0


def mysterious_objective(game: Game, unit: Unit, target: Unit, weapon: Weapon, melee: bool) -> int:
    """#Mysterious Objectives, 5: -1 to shooting at a unit within 3" of the marker; 6: +1 to the
    melee rolls of a unit within 3" of it."""
    if melee:
        return 1 if any(geometry.near_marker(unit, m) for m in geometry.live_markers(game, "melee-bonus")) else 0
    return -1 if any(geometry.near_marker(target, m) for m in geometry.live_markers(game, "shot-at-penalty")) else 0


def spells(game: Game, unit: Unit, target: Unit, weapon: Weapon, melee: bool) -> int:
    """#Special Rules, Psychic(X): a spell's blessing (+1 to the unit's shooting or melee rolls)
    or curse (-1 to its shooting rolls) on the attacking unit (content.SPELL_EFFECTS)."""
    if melee:
        return 1 if "melee-bonus" in unit.spelled else 0
    return (1 if "shooting-bonus" in unit.spelled else 0) - (1 if "shooting-penalty" in unit.spelled else 0)


HIT_MODIFIERS = (linked, stealth, pinned, fear, cover, flyer, mysterious_terrain, mysterious_objective, spells)


def hit_modifier(game: Game, unit: Unit, target: Unit, weapon: Weapon, melee: bool) -> int:
    return sum(rule(game, unit, target, weapon, melee) for rule in HIT_MODIFIERS)


def poison(target: Unit, weapon: Weapon) -> int:
    """Poison(X): +X to the wound roll; not against Vehicles."""
    return 0 if target.profile.kind == "vehicle" else int(weapon.rule("Poison"))


def rending(weapon: Weapon, target: Unit, hit_face: int) -> bool:
    """Rending: a 6 to hit always wounds on 2+."""
    return bool(weapon.rule("Rending")) and hit_face == 6


def emp(weapon: Weapon, target: Unit, hit_face: int) -> bool:
    """EMP: against Vehicles it always wounds on 2+."""
    return bool(weapon.rule("EMP")) and target.profile.kind == "vehicle"


def always_wounds(weapon: Weapon, target: Unit, hit_face: int) -> bool:
    return rending(weapon, target, hit_face) or emp(weapon, target, hit_face)


def limited_spent(unit: Unit, weapon: Weapon) -> bool:
    """Limited: used once, it is spent for the rest of the battle."""
    return bool(weapon.rule("Limited")) and weapon.name in unit.spent
