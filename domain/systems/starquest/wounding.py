"""From hits to wounds, the steps every attack shares (star-quest.en.md#Shooting, #Special Rules
Reference): defense rolls, Regeneration, and wounds dealt to the models closest to the attacker.
Shooting, melee, Impact, Blast's shared hits, spells and hero skills all go through them; wounds
from anything else meet Regeneration in `Resolution.wound`."""

from __future__ import annotations

from domain.kit import onepage
from domain.systems.starquest import geometry
from domain.systems.starquest.content import Weapon
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Unit
from domain.systems.starquest.versions import ONE_PAGE
from domain.systems.starquest.weapon_rules import has_rule


def defend(res: Resolution, target: Unit, weapon: Weapon, attacker: Unit, ap: list[int], cover: bool, key: str) -> int:
    """Defense rolls, one per hit; returns the hits not blocked. Poison (Bane) re-rolls 6s."""
    if not ap:
        return 0
    defense = res.battle.profile(target).defense
    faces = res.roll(len(ap), f"{target.id} blocks {weapon.name}", key)
    if has_rule(res.battle, weapon, attacker, "Poison") or has_rule(res.battle, weapon, attacker, "Bane"):
        sixes = [i for i, f in enumerate(faces) if f == 6]
        for i, face in zip(sixes, res.roll(len(sixes), f"{target.id} re-rolls 6s against {weapon.name}", "special")):
            faces[i] = face
    bonus = 1 if cover else 0
    return onepage.wounds_from(ONE_PAGE, [onepage.passes(ONE_PAGE, f, defense, onepage.defense_modifier(ONE_PAGE, a, bonus)) for f, a in zip(faces, ap)])


def regenerate(res: Resolution, target: Unit, weapon: Weapon, attacker: Unit, wounds: int) -> int:
    """Regeneration against an attack's wounds, rolled before Deadly multiplies them; Rending,
    Poison, Bane and Unstoppable weapons leave it no roll."""
    if any(has_rule(res.battle, weapon, attacker, r) for r in ("Rending", "Poison", "Bane", "Unstoppable")):
        return wounds
    return res.regenerate(target.id, wounds)


def allocate(res: Resolution, target_id: str, wounds: int, deadly: int, origin: geometry.Base) -> None:
    """Wounds go to the model closest to the attacker until it falls, then the next; a Deadly
    wound is multiplied on one model and never carries over."""
    for _ in range(wounds):
        target = res.battle.units[target_id]
        if not target.figures or target.unconscious or target.dead:
            return
        bases = res.battle.bases(target)
        figure = target.figures[geometry.closest(origin, bases)]
        res.wound(target_id, figure.id, deadly, regenerated=True)
