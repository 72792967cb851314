"""A hero's own skills from content (star-quest.en.md#Skill actions, Hero Skills): a test of the
skill's stat; passed, the effect resolves; failed, the hero first suffers the version's strain
(1 stress, or 1 stamina spent in German) and then the effect resolves all the same. A skill takes
the hero's skill action and is used at most once per round.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.kit import onepage
from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest import choices, dangerous, geometry, skills
from domain.systems.starquest.actions import own_turn
from domain.systems.starquest.content import Cleanse, Heal, HeroSkill, Hits, Inflict, Relief, Reposition
from domain.systems.starquest.movement import stop_short
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Unit
from domain.systems.starquest.wounding import allocate
from domain.systems.starquest.versions import ONE_PAGE


def use(res: Resolution, command: cmd.UseHeroSkill) -> None:
    battle = res.battle
    own_turn(res, command.unit)
    hero = res.unit(command.unit)
    if hero.side != "hero":
        raise res.refuse("not_a_hero", "skills", unit=hero.id)
    skill = next((s for s in battle.hero(hero.profile).skills if s.name == command.skill), None)
    if skill is None:
        known = [s.name for s in battle.hero(hero.profile).skills]
        raise res.refuse("unknown_skill", "skills", field="skill", unit=hero.id, skill=command.skill, known=known)
    _CHECKS[type(skill.effect)](res, hero, skill, command)  # every effect kind content may name has a check
    skills.skill_action(res, hero.id, skill.name)
    passed = res.test(hero.id, skill.stat, getattr(battle.hero(hero.profile), choices.STATS[skill.stat]), skill.name)
    if not passed:
        res.strain(hero.id, battle.version.hero_skill_failed, f"{skill.name} failed")
    if res.unit(hero.id).can_act:  # a hero knocked out by that strain resolves nothing
        _RESOLVE[type(skill.effect)](res, hero.id, skill, command)


# -- checks: refuse before anything is rolled ----------------------------------------------------


def _target(res: Resolution, hero: Unit, skill: HeroSkill, command: cmd.UseHeroSkill, side: str) -> Unit:
    """The unit the skill works on: the hero itself by default; another must be within range."""
    target = res.unit(command.target or hero.id)
    if target.side != side or not target.on_table:
        raise res.refuse("bad_target", "skills", target=target.id, **({"variant": "friendly"} if side == "hero" else {}))
    if target.id != hero.id:
        reach = res.battle.scale(skill.range)
        gap = min(geometry.distance(res.battle.base(hero, hero.figures[0]), b) for b in res.battle.bases(target))
        if gap > reach + geometry.TOLERANCE:
            raise res.refuse("out_of_range", "skills", target=target.id, gap=gap, skill=skill.name, reach=reach, variant="skill")
    return target


def _friendly(res: Resolution, hero: Unit, skill: HeroSkill, command: cmd.UseHeroSkill) -> None:
    target = _target(res, hero, skill, command, "hero")
    if target.unconscious:
        raise res.refuse("bad_target", "shooting", target=target.id, variant="unconscious")


def _hostile(res: Resolution, hero: Unit, skill: HeroSkill, command: cmd.UseHeroSkill) -> None:
    if command.target is None:
        raise res.refuse("bad_target", "skills", skill=skill.name, variant="missing")
    target = _target(res, hero, skill, command, "ai")
    here = res.battle.base(hero, hero.figures[0])
    if not any(geometry.line_of_sight(here, b, res.battle.terrain) for b in res.battle.bases(target)):
        raise res.refuse("not_in_sight", "skills", unit=hero.id, target=target.id)


def _move_check(res: Resolution, hero: Unit, skill: HeroSkill, command: cmd.UseHeroSkill) -> None:
    table = res.battle.mission.table
    if command.x is None or command.y is None:
        raise res.refuse("no_destination", "movement", action=skill.name)
    if not (0 <= command.x <= table and 0 <= command.y <= table):
        raise res.refuse("off_table", "movement", x=command.x, y=command.y, table=table)
    if command.target not in (None, hero.id):
        raise res.refuse("bad_target", "skills", skill=skill.name, unit=hero.id, variant="skill_self")


_CHECKS: dict[type, Callable[[Resolution, Unit, HeroSkill, cmd.UseHeroSkill], None]] = {
    Heal: _friendly,
    Relief: _friendly,
    Cleanse: _friendly,
    Hits: _hostile,
    Inflict: _hostile,
    Reposition: _move_check,
}

# -- effects -----------------------------------------------------------------------------------


def _heal(res: Resolution, hero_id: str, skill: HeroSkill, command: cmd.UseHeroSkill) -> None:
    """Wounds recovered, never more than the model has taken."""
    target = res.unit(command.target or hero_id)
    figure = target.figures[0]
    healed = min(skill.effect.wounds, figure.wounds)
    if healed:
        res.emit(ev.WoundsHealed(target.id, figure.id, healed, skill.name))


def _relief(res: Resolution, hero_id: str, skill: HeroSkill, command: cmd.UseHeroSkill) -> None:
    res.relieve(command.target or hero_id, skill.effect.stress, skill.name)


def _cleanse(res: Resolution, hero_id: str, skill: HeroSkill, command: cmd.UseHeroSkill) -> None:
    target = res.unit(command.target or hero_id)
    for status in sorted(target.statuses):
        res.emit(ev.StatusRemoved(target.id, status, skill.name))


def _inflict(res: Resolution, hero_id: str, skill: HeroSkill, command: cmd.UseHeroSkill) -> None:
    """The enemy gains the condition (star-quest.en.md#Status conditions); a unit has each one once."""
    target = res.unit(command.target or "")
    if target.on_table and skill.effect.status not in target.statuses:
        res.emit(ev.StatusGained(target.id, skill.effect.status, skill.name))


def _hits(res: Resolution, hero_id: str, skill: HeroSkill, command: cmd.UseHeroSkill) -> None:
    """Hits blocked like shooting hits (#Shooting; cover counts), Regeneration as against any
    wound, wounds to the closest model."""
    battle = res.battle
    hero, target = res.unit(hero_id), res.unit(command.target or "")
    here = battle.base(hero, hero.figures[0])
    effect = skill.effect
    cover = geometry.unit_in_cover(battle.bases(target), here, battle.terrain)
    defense = battle.profile(target).defense
    faces = res.roll(effect.count, f"{target.id} blocks {skill.name}", "shooting")
    bonus = 1 if cover else 0
    blocked = sum(onepage.passes(ONE_PAGE, f, defense, onepage.defense_modifier(ONE_PAGE, effect.ap, bonus)) for f in faces)
    wounds = res.regenerate(target.id, effect.count - blocked)
    res.emit(ev.AttackResolved(hero_id, skill.name, target.id, effect.count, blocked, wounds, cover))
    allocate(res, target.id, wounds, 1, here)


def _reposition(res: Resolution, hero_id: str, skill: HeroSkill, command: cmd.UseHeroSkill) -> None:
    """A straight move of up to the effect's distance toward (x, y); like every move that is no
    charge it stops 1" short of enemies and ends 1" from friends, and dangerous terrain crossed rolls (#Movement, #Terrain)."""
    battle = res.battle
    unit = res.unit(hero_id)
    figure = unit.figures[0]
    start = battle.base(unit, figure)
    end = stop_short(battle, unit, geometry.Point(float(command.x), float(command.y)), battle.scale(skill.effect.distance))
    res.emit(ev.Moved(hero_id, [battle.standing(figure, end.x, end.y)]))
    if any(t.dangerous for t in geometry.path_terrain(geometry.Point(start.x, start.y), end, battle.terrain, radius=start.radius)):
        dangerous.moved_through(res, hero_id)


_RESOLVE: dict[type, Callable[[Resolution, str, HeroSkill, cmd.UseHeroSkill], None]] = {
    Heal: _heal,
    Relief: _relief,
    Cleanse: _cleanse,
    Hits: _hits,
    Inflict: _inflict,
    Reposition: _reposition,
}
