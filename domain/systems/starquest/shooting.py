"""Attacks: quality tests to hit, defense rolls to block, wounds, and the special rules that
change each step (star-quest.en.md#Shooting, #Special Rules Reference). One small function a rule;
the steps from hits to wounds, which every attack shares, are in wounding.py."""

from __future__ import annotations

from domain.kit import onepage
from domain.systems.starquest import blasting, conditions, geometry
from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest.actions import own_turn
from domain.systems.starquest.content import Weapon
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Battle, Unit
from domain.systems.starquest.weapon_rules import deadly_first, has_rule
from domain.systems.starquest.wounding import allocate, defend, regenerate
from domain.systems.starquest.versions import ONE_PAGE

#: Stealth and the German Relentless look at targets further than this (full table inches).
FAR = 9.0
SHOOTING_ACTIONS = ("hold", "advance")


def shoot(res: Resolution, command: cmd.Shoot) -> None:
    turn = own_turn(res, command.unit)
    if turn.action not in SHOOTING_ACTIONS:
        raise res.refuse("cannot_shoot", "activation")
    if turn.shot:
        raise res.refuse("already_shot", "shooting", unit=command.unit)
    attacker, target = res.unit(command.unit), res.unit(command.target)
    if target.side == attacker.side or not target.on_table or target.unconscious:
        raise res.refuse("bad_target", "shooting", target=target.id)
    profile = res.battle.profile(attacker)
    ranged = [res.battle.weapon(w) for w in profile.weapons if res.battle.weapon(w).range > 0]
    chosen = ranged if command.weapons is None else [w for w in ranged if w.name in command.weapons]
    if command.weapons is not None and len(chosen) != len(set(command.weapons)):
        raise res.refuse("unknown_weapon", "shooting", field="weapons", unit=attacker.id, weapons=sorted(set(command.weapons) - {w.name for w in chosen}))
    chosen = deadly_first(res.battle, attacker, chosen)
    fired = 0
    for index, weapon in enumerate(chosen):
        target = res.battle.units[target.id]
        if not target.on_table or target.unconscious:
            break  # an earlier weapon took the target out
        if weapon.rule("Limited") and weapon.name in attacker.weapons_fired:
            if command.weapons is not None:
                raise res.refuse("limited_used", "special", weapon=weapon.name)
            continue
        shooters = shooters_for(res.battle, attacker, target, weapon)
        if not shooters:
            if command.weapons is not None:
                raise res.refuse("no_shot", "shooting", variant="weapon", unit=attacker.id, target=target.id, weapon=weapon.name)
            continue
        attack(res, attacker.id, weapon, target.id, shooters, rest=tuple(w.name for w in chosen[index + 1 :]))
        fired += 1
        if res.battle.pending is not None:
            return  # a Blast split waits for the player's pick (blasting.py); blast_answered fires the other weapons
    if not fired:
        raise res.refuse("no_shot", "shooting", unit=attacker.id, target=target.id)


def shooters_for(battle: Battle, attacker: Unit, target: Unit, weapon: Weapon) -> list[geometry.Base]:
    """The attacker's models with the target in range and in sight (Indirect needs no sight)."""
    reach = battle.scale(weapon.range)
    targets = battle.bases(target)
    able = []
    indirect = weapon.rule("Indirect")
    for base in battle.bases(attacker):
        if not any(geometry.distance(base, t) <= reach + geometry.TOLERANCE for t in targets):
            continue  # out of range: no need to look (sight lines are the costly part)
        if indirect or any(geometry.line_of_sight(base, t, battle.terrain) for t in targets):
            able.append(base)
    return able


def attack(res: Resolution, attacker_id: str, weapon: Weapon, target_id: str, shooters: list[geometry.Base], melee: bool = False, charging: bool = False, rest: tuple[str, ...] = ()) -> None:
    battle = res.battle
    attacker, target = battle.units[attacker_id], battle.units[target_id]
    key = "melee" if melee else "shooting"
    far = not geometry.at_most(min(geometry.distance(s, t) for s in shooters for t in battle.bases(target)), battle.scale(FAR))
    quality = 2 if has_rule(battle, weapon, attacker, "Reliable") else battle.profile(attacker).quality
    modifier = _hit_modifier(res, attacker, target, weapon, far)
    lance = int(charging and bool(has_rule(battle, weapon, attacker, "Lance") or has_rule(battle, weapon, attacker, "Thrust")))
    faces = res.roll(weapon.attacks * len(shooters), f"{weapon.name} to hit {target_id}", key)
    hit_faces = [f for f in faces if onepage.passes(ONE_PAGE, f, quality, modifier + lance)]
    if melee and (attacker.fatigued or attacker.shaken):  # Fatigue, and Shaken counts as fatigued (#Melee, #Morale)
        hit_faces = [f for f in faces if f == 6]
    sixes = sum(1 for f in hit_faces if f == 6)
    ap = [weapon.ap + lance] * len(hit_faces)
    if has_rule(battle, weapon, attacker, "Rending"):
        ap = [max(a, 4) if f == 6 else a for a, f in zip(ap, hit_faces)]
    extra = sixes if _extra_hits(res, attacker, weapon, far) or (charging and has_rule(battle, weapon, attacker, "Furious")) else 0
    ap += [weapon.ap + lance] * extra
    blast = has_rule(battle, weapon, attacker, "Blast")
    if blast:
        ap = blasting.multiply(battle, target, ap, int(blast))
    cover = not melee and not blast and not has_rule(battle, weapon, attacker, "Lock-On")
    cover = cover and geometry.unit_in_cover(battle.bases(target), shooters[0], battle.terrain, obstructions=not weapon.rule("Indirect"))
    if blast and not melee and blasting.spread(res, attacker_id, weapon, target_id, ap, shooters[0], rest):
        return  # shared with the units near the target
    unblocked = defend(res, target, weapon, attacker, ap, cover, key)
    wounds = regenerate(res, target, weapon, attacker, unblocked)
    res.emit(ev.AttackResolved(attacker_id, weapon.name, target_id, len(ap), len(ap) - unblocked, wounds, cover))
    allocate(res, target_id, wounds, int(has_rule(battle, weapon, attacker, "Deadly") or 1), shooters[0])
    conditions.after_attack(res, weapon, target_id, wounds)


def blast_answered(res: Resolution, command: cmd.Answer) -> None:
    """The pick of a Blast split (blasting.answered), then the weapons the shot named after it."""
    pending = res.battle.pending
    assert pending is not None
    target_id, rest = blasting.still_to_fire(pending.context)
    blasting.answered(res, command)
    _fire_rest(res, command.unit, target_id, rest)


def _fire_rest(res: Resolution, attacker_id: str, target_id: str, rest: list[str]) -> None:
    """The weapons the shot named after the Blast weapon; those that can no longer fire are skipped."""
    for index, name in enumerate(rest):
        attacker, target = res.battle.units[attacker_id], res.battle.units[target_id]
        if not target.on_table or target.unconscious or not attacker.can_act:
            return
        weapon = res.battle.weapon(name)
        if weapon.rule("Limited") and name in attacker.weapons_fired:
            continue
        shooters = shooters_for(res.battle, attacker, target, weapon)
        if shooters:
            attack(res, attacker_id, weapon, target_id, shooters, rest=tuple(rest[index + 1 :]))
            if res.battle.pending is not None:
                return


def _hit_modifier(res: Resolution, attacker: Unit, target: Unit, weapon: Weapon, far: bool) -> int:
    battle = res.battle
    modifier = 0
    if far and all(battle.profile(target).rule("Stealth") for _ in target.figures):
        modifier -= 1
    if weapon.rule("Indirect") and _after_moving(battle):
        modifier -= 1
    if "Impaired" in attacker.statuses:  # hits are Qua tests (#Shooting, #Status conditions)
        modifier -= 1
    if has_rule(battle, weapon, attacker, "Lock-On") or has_rule(battle, weapon, attacker, "Unstoppable"):
        modifier = max(modifier, 0)
    return modifier


def _after_moving(battle: Battle) -> bool:
    """Indirect's "shooting after moving" is the shot of an Advance ("can shoot after move",
    #Activation); a Hold's shot is not, whatever else moved the unit before it."""
    return battle.turn is not None and battle.turn.action == "advance"


def _extra_hits(res: Resolution, attacker: Unit, weapon: Weapon, far: bool) -> bool:
    """Relentless (Hold, or far targets in the German rules) and Surge add a hit per natural 6."""
    battle = res.battle
    if has_rule(battle, weapon, attacker, "Surge"):
        return True
    if not has_rule(battle, weapon, attacker, "Relentless"):
        return False
    if battle.version.relentless == "hold":
        return battle.turn is not None and battle.turn.action == "hold"
    return far
