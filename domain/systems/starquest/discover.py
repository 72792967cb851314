"""Search tokens and the Discover skill action (star-quest.en.md#Skill actions, Discover).

A token within 6" and in sight is revealed on a passed Wil test (a failed one may be paid
for like any failed test); within 1" it is revealed and picked up without a roll. What it holds
comes from the mission: an item (it goes with the hero), nothing, or an enemy that appears on it.
"""

from __future__ import annotations

from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest import ambush, choices, geometry, skills
from domain.systems.starquest.content import ENEMY_PREFIX, NOTHING
from domain.systems.starquest.movement import KEEP_AWAY
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.slugs import slug
from domain.systems.starquest.state import Battle, Figure

SIGHT_REACH = 6.0
PICK_UP_REACH = 1.0


def token_base(battle: Battle, token_id: str) -> geometry.Base:
    """A token is a point on the ground (or on the elevated piece it lies on)."""
    token = next(t for t in battle.mission.search_tokens if t.id == token_id)
    x, y = token.at
    return geometry.Base(float(x), float(y), battle.ground(float(x), float(y)), 0.0)


def discover(res: Resolution, command: cmd.Discover) -> None:
    battle = res.battle
    if command.token not in battle.tokens:
        raise res.refuse("no_such_token", "skills", token=command.token)
    hero = res.unit(command.unit)
    here, token = battle.base(hero, hero.figures[0]), token_base(battle, command.token)
    gap = geometry.distance(here, token)
    close = gap <= battle.scale(PICK_UP_REACH) + geometry.TOLERANCE
    if not close:
        if command.token in battle.revealed:
            raise res.refuse("too_far_to_pick_up", "skills", token=command.token, reach=battle.scale(PICK_UP_REACH))
        if gap > battle.scale(SIGHT_REACH) + geometry.TOLERANCE:
            raise res.refuse("too_far_to_discover", "skills", token=command.token, gap=gap, reach=battle.scale(SIGHT_REACH))
        if not geometry.line_of_sight(here, token, battle.terrain):
            raise res.refuse("token_not_in_sight", "skills", unit=hero.id, token=command.token)
    skills.skill_action(res, command.unit, "discover")
    if close:
        _reveal(res, command.unit, command.token, pick_up=True)
        return
    choices.hero_test(res, command.unit, "wil", "discover", "discover", {"token": command.token})


def _discovered(res: Resolution, unit_id: str, passed: bool, context: dict[str, str]) -> None:
    """The continuation of the Wil test: a passed (or paid-for) test reveals the token from afar."""
    if passed:
        _reveal(res, unit_id, context["token"], pick_up=False)


def _reveal(res: Resolution, unit_id: str, token_id: str, pick_up: bool) -> None:
    battle = res.battle
    content = battle.tokens[token_id]
    if token_id not in battle.revealed:
        res.emit(ev.TokenRevealed(unit_id, token_id, content))
    if content.startswith(ENEMY_PREFIX):
        _enemy_appears(res, token_id, content[len(ENEMY_PREFIX) :].strip())
    elif content != NOTHING and pick_up:
        res.emit(ev.ItemFound(unit_id, token_id, content))


def _enemy_appears(res: Resolution, token_id: str, profile: str) -> None:
    """One model of the named enemy is placed on the token; it acts from the next AI phase on."""
    battle = res.battle
    token = token_base(battle, token_id)
    unit_id = f"{slug(profile)}-{token_id}"
    radius = geometry.base_radius_inches(next(p for p in battle.enemies if p.name == profile).base_mm)
    x, y = _clear_of_units(battle, token.x, token.y, radius)
    res.emit(ev.UnitPlaced(unit_id, profile, [Figure(f"{unit_id}.1", x, y, battle.ground(x, y))]))


def _clear_of_units(battle: Battle, x: float, y: float, radius: float) -> tuple[float, float]:
    """Placed on the token, but pushed straight away from each model, friend or foe, standing
    closer than 1" (#Movement: only charges bring units that close), the closest first; if that
    still leaves it too close to one, it goes to the closest free spot around the token."""
    token = geometry.Point(x, y)
    keep = battle.scale(KEEP_AWAY)
    table = float(battle.mission.table)
    bases = [b for unit in battle.units.values() if unit.on_table for b in battle.bases(unit)]
    for base in sorted(bases, key=lambda b: (b.x - x) ** 2 + (b.y - y) ** 2):
        dx, dy = x - base.x, y - base.y
        length = (dx * dx + dy * dy) ** 0.5
        need = base.radius + radius + keep
        if length < need:
            ux, uy = (dx / length, dy / length) if length > 1e-9 else (0.0, 1.0)
            x, y = min(max(base.x + ux * need, 0.0), table), min(max(base.y + uy * need, 0.0), table)
    if ambush.fits(battle, [geometry.Point(x, y)], radius, table):
        return x, y
    spot = ambush.placement(battle, token, radius, 1, None)[0]
    return spot.x, spot.y


choices.CONTINUATIONS["discover"] = _discovered
