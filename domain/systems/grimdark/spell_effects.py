"""What a spell does once it takes effect (grimdark-future-1.5.md#Special Rules, Psychic(X)): the
pack names the kind of effect (content.SPELL_EFFECTS), and each kind is one small function here.
Who a spell may target (an enemy, a friendly unit) is checked when it is cast (psychic.py)."""

from __future__ import annotations

from collections.abc import Callable

from domain.errors import RuleError
from domain.systems.grimdark import attacks, casualties, geometry, morale
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.content import Weapon
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import Casting, Unit, Wounds
from domain.systems.grimdark.versions import rule

PSYCHIC = "Special Rules"


def hits(res: Resolution, casting: Casting) -> None:
    """Automatic hits on the enemy, rolled to wound like a weapon's with the spell's rules; the
    target removes casualties and tests morale as after shooting."""
    assert casting.spell is not None
    wounds = attacks.automatic_hits(res, casting.unit, casting.target, Weapon(casting.spell.name, rules=casting.spell.rules), casting.spell.hits)
    if not casualties.due(res, casting.target, wounds, "cast"):
        after_spell(res, casting.target, wounds)


def lasting(res: Resolution, casting: Casting) -> None:
    """A blessing or a curse: it stays on the target (SpellTookEffect) and the rolls read it
    (weapon_rules.spells) until the end of the target's next activation."""


def move(res: Resolution, casting: Casting) -> None:
    """The target's models go to the places the caster named, checked when it cast."""
    target = res.game.units[casting.target]
    bases = geometry.placed(target, casting.positions, PSYCHIC)
    res.emit(ev.UnitMoved(target.id, "spell", [(b.x, b.y) for b in bases], round(geometry.longest_move(res.game, target, bases), 3)))


EFFECTS: dict[str, Callable[[Resolution, Casting], None]] = {
    "hits": hits,
    "shooting-bonus": lasting,
    "melee-bonus": lasting,
    "shooting-penalty": lasting,
    "move": move,
}


def check_move(res: Resolution, target: Unit, reach: int, positions: list[tuple[float, float]]) -> None:
    """A move spell's places, checked as any move but for Difficult and Dangerous terrain: each
    model straight up to the spell's inches (its climbs up and down elevated pieces counted), on
    the table and off solid buildings, coherent, not through other units nor buildings, nor within
    1" of other units."""
    if target.profile.flyer:
        raise RuleError("flyer_must_fly", rule("Unit Types"), params={"unit": target.id, "action": "spell"}, field="target")
    geometry.check_straight_move(res.game, target, geometry.placed(target, positions, PSYCHIC), reach, PSYCHIC, "spell")


def after_spell(res: Resolution, target_id: str, wounds: Wounds) -> None:
    if wounds.count:
        morale.after_wounds(res, target_id)
