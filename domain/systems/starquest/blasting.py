"""Blast(X) (star-quest.en.md#Special Rules Reference, Blast(X); star-quest.de.md#SONDERREGELN,
Blast(X) [Explosion(X)]): each hit counts X times, X at most the enemy models in the target unit
and within 3" of it, and the hits are shared evenly between the target and every other enemy
unit within 3" of one of its models.

What is left over from an even split is the players' pick: a hero's player answers a pending
choice naming the units that take one more hit each (declining takes the default); the AI (and
a declining player) gives them to the target first, then to the units closest to the shooter.
"""

from __future__ import annotations

import msgspec

from domain.kit import onepage
from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest import conditions, geometry
from domain.systems.starquest.content import Weapon
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Battle, Unit
from domain.systems.starquest.weapon_rules import has_rule
from domain.systems.starquest.wounding import allocate, defend, regenerate
from domain.systems.starquest.versions import ONE_PAGE

#: Units this close to a model of the target share the hits (full table inches).
NEAR = 3.0
KIND = "blast_split"


def nearby(battle: Battle, target: Unit) -> list[Unit]:
    """The target, then every other standing unit of its side within 3" of one of its models, by id."""
    reach = battle.scale(NEAR)
    aimed = battle.bases(target)
    units = [target]
    for unit in sorted(battle.side(target.side), key=lambda u: u.id):
        if unit.id == target.id or not unit.on_table or unit.unconscious:
            continue
        if any(geometry.within(a, b, reach) for a in battle.bases(unit) for b in aimed):
            units.append(unit)
    return units


def multiply(battle: Battle, target: Unit, ap: list[int], x: int) -> list[int]:
    """Each hit X times, X at most the models of the target and the enemy models within 3" of it."""
    reach = battle.scale(NEAR)
    aimed = battle.bases(target)
    near = sum(1 for u in nearby(battle, target)[1:] for b in battle.bases(u) if any(geometry.within(b, a, reach) for a in aimed))
    times = onepage.blast_times(ONE_PAGE, x, len(target.figures) + near)
    return [a for a in ap for _ in range(times)]


def spread(res: Resolution, attacker_id: str, weapon: Weapon, target_id: str, ap: list[int], origin: geometry.Base, rest: tuple[str, ...]) -> bool:
    """Share the hits when more than the target is near; False leaves the attack to go on as usual.
    A hero's shot with hits left over from an even split waits for its player's pick."""
    battle = res.battle
    units = nearby(battle, battle.units[target_id])
    if len(units) < 2:
        return False
    ids = [u.id for u in units]
    extra = len(ap) % len(ids)
    if extra and battle.units[attacker_id].side == "hero":
        context = {
            "then": KIND,
            "weapon": weapon.name,
            "target": target_id,
            "units": _text(ids),
            "ap": _text(ap),
            "extra": str(extra),
            "origin": _text([origin.x, origin.y, origin.z, origin.radius]),
            "rest": _text(list(rest)),
        }
        res.emit(ev.ChoiceOffered(attacker_id, KIND, 0, context))
        return True
    _resolve(res, attacker_id, weapon, ids, ap, default_pick(battle, units, origin, extra), origin)
    return True


def default_pick(battle: Battle, units: list[Unit], origin: geometry.Base, extra: int) -> list[str]:
    """The target first, then the units closest to the shooter (ties by id)."""
    others = sorted(units[1:], key=lambda u: (min(geometry.distance(origin, b) for b in battle.bases(u)), u.id))
    return [u.id for u in [units[0], *others][:extra]]


def answered(res: Resolution, command: cmd.Answer) -> None:
    """The shooting player's pick (or the default on a refusal); the shot's other weapons follow
    it (shooting.blast_answered)."""
    pending = res.battle.pending
    assert pending is not None
    context = pending.context
    ids: list[str] = _read(context["units"], list[str])
    extra = int(context["extra"])
    if command.accept:
        pick = command.pick or []
        if len(set(pick)) != len(pick) or len(pick) != extra or not set(pick) <= set(ids):
            raise res.refuse("bad_blast_split", "special", extra=extra, units=ids)
    res.emit(ev.ChoiceMade(command.unit, KIND, command.accept))
    x, y, z, radius = _read(context["origin"], list[float])
    origin = geometry.Base(x, y, z, radius)
    units = [res.battle.units[u] for u in ids]
    chosen = list(command.pick or []) if command.accept else default_pick(res.battle, units, origin, extra)
    weapon = res.battle.weapon(context["weapon"])
    _resolve(res, command.unit, weapon, ids, _read(context["ap"], list[int]), chosen, origin)


def still_to_fire(context: dict[str, str]) -> tuple[str, list[str]]:
    """The shot a split waits in: its target, and the weapons it named after the Blast weapon."""
    return context["target"], _read(context["rest"], list[str])


def _resolve(res: Resolution, attacker_id: str, weapon: Weapon, ids: list[str], ap: list[int], extras: list[str], origin: geometry.Base) -> None:
    """Hits dealt out in turn to the units still owed one, then blocked, regenerated and allocated per unit."""
    shares = {u: len(ap) // len(ids) + (1 if u in extras else 0) for u in ids}
    res.emit(ev.BlastSplit(attacker_id, weapon.name, shares))
    owed, dealt = dict(shares), {u: [] for u in ids}
    turn = 0
    for a in ap:
        while not owed[ids[turn % len(ids)]]:
            turn += 1
        unit_id = ids[turn % len(ids)]
        dealt[unit_id].append(a)
        owed[unit_id] -= 1
        turn += 1
    for unit_id in ids:
        hits, unit, attacker = dealt[unit_id], res.battle.units[unit_id], res.battle.units[attacker_id]
        if not hits or not unit.on_table or unit.unconscious:
            continue
        unblocked = defend(res, unit, weapon, attacker, hits, False, "shooting")
        wounds = regenerate(res, unit, weapon, attacker, unblocked)
        res.emit(ev.AttackResolved(attacker_id, weapon.name, unit_id, len(hits), len(hits) - unblocked, wounds, False))
        allocate(res, unit_id, wounds, int(has_rule(res.battle, weapon, attacker, "Deadly") or 1), origin)
        conditions.after_attack(res, weapon, unit_id, wounds)


def _text(value: object) -> str:
    return msgspec.json.encode(value).decode()


def _read(text: str, kind: type):
    return msgspec.json.decode(text, type=kind)
