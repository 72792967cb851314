"""Weapon specials in combat (ruinstars-2e.md#WEAPON SPECIALS): one small function each. Unique
(*) only limits squad building (docs/ruinstars-rules-notes.md)."""

from __future__ import annotations

from domain.errors import RuleError
from domain.systems.ruinstars.content import Weapon
from domain.systems.ruinstars.state import Model
from domain.systems.ruinstars.versions import rule

SPECIALS = rule("WEAPON SPECIALS")
#: Marks in a unit's `done` (per activation): a Move since it last fired a Heavy weapon, and a
#: Heavy weapon fired since its last Move.
MOVED, HEAVY_FIRED = "moved", "heavy-fired"


def uses(weapon: Weapon) -> str:
    """The `done` mark counting this weapon's combat actions in the activation."""
    return f"weapon:{weapon.name}"


def double(weapon: Weapon, done: dict[str, int]) -> int:
    """2MC/2RC: the second combat action with this weapon in an activation costs 1 less."""
    code = "2MC" if weapon.kind == "melee" else "2RC"
    return -1 if weapon.special(code) and done.get(uses(weapon), 0) == 1 else 0


def heavy(weapon: Weapon, done: dict[str, int]) -> int:
    """HVY: after a Move, the next combat action with this weapon costs 1 more (a Move after
    firing it is priced in `cycle.price`)."""
    return 1 if weapon.special("HVY") and done.get(MOVED) else 0


def combat_cost(weapon: Weapon, done: dict[str, int]) -> int:
    return double(weapon, done) + heavy(weapon, done)


def attacks(weapon: Weapon, attacker: Model) -> int:
    """HIT: the weapon's ATT is the unit's remaining HIT."""
    return attacker.hit if weapon.special("HIT") else weapon.att


def autohits(weapon: Weapon, att: int) -> int:
    """AUTx: x of the ATT dice strike without being rolled (we never roll them)."""
    return min(weapon.special("AUT") or 0, att)


def weapon_rerolls(weapon: Weapon) -> dict[str, int]:
    """ACCx (ranged) and BRUx (melee): up to x attack dice re-rolled for free."""
    code = "ACC" if weapon.kind == "ranged" else "BRU"
    x = weapon.special(code)
    return {code: x} if x else {}


def relentless(weapon: Weapon) -> bool:
    """RLT: every attack die showing 6 may be re-rolled."""
    return weapon.special("RLT") is not None


def damage(weapon: Weapon, strikes: int, criticals: int) -> int:
    """1 per strike, 2 per Critical Strike; RNDx: up to x Critical Strikes cause 3."""
    rending = min(weapon.special("RND") or 0, criticals)
    return strikes + 2 * criticals + rending


def weapon_range(weapon: Weapon) -> int | None:
    """RNGx: the most inches to a target; without it, range is infinite (#DISTANCES AND RANGE)."""
    return weapon.special("RNG")


def no_cover(weapon: Weapon) -> bool:
    """NCV: targets of this weapon do not benefit from Cover."""
    return weapon.special("NCV") is not None


def point_blank(weapon: Weapon) -> bool:
    """PBK: this ranged weapon may target an Adjacent enemy."""
    return weapon.special("PBK") is not None


def check_ammo(weapon: Weapon, attacker: Model) -> None:
    """LIM: once per mission."""
    if weapon.special("LIM") and weapon.name in attacker.spent:
        raise RuleError(
            "limited_ammo",
            SPECIALS,
            params={"unit": attacker.id, "weapon": weapon.name},
        )


def chain_reaction(weapon: Weapon) -> int:
    """CHRx: how many secondary targets Adjacent to the primary the same strikes may hit."""
    return weapon.special("CHR") or 0


def blast(weapon: Weapon) -> bool:
    """BLS: the strikes also hit every unit Adjacent to the target that it can see."""
    return weapon.special("BLS") is not None


def spread(weapon: Weapon) -> bool:
    """SPR: several targets, each Adjacent to another, share the ATT dice."""
    return weapon.special("SPR") is not None


def stuns(weapon: Weapon, criticals: int) -> bool:
    """STN: at least one Critical Strike costs the target 1 ACT in its next activation."""
    return weapon.special("STN") is not None and criticals > 0
