"""The solo army's Psychics (ai.py; #Special Rules, Psychic(X)): a Psychic that may cast and has
an enemy within some spell's range starts its activation by casting; after the roll it uses the
spell with the most hits among those its highest die reaches that have an enemy in range (ties:
the harder spell, then by name), at the nearest such enemy (ties by id). It uses only spells of
hits."""

from __future__ import annotations

from domain.systems.grimdark import geometry, psychic
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.content import Spell
from domain.systems.grimdark.state import Game, Unit


def cast(game: Game, unit: Unit) -> cmd.Cast | None:
    """The roll, when the unit may cast and some spell of its army has an enemy in range."""
    if not psychic.power(unit) or unit.pinned or unit.inside or unit.dispelled:
        return None
    return cmd.Cast(unit=unit.id) if any(_targets(game, unit, s) for s in _spells(game, unit)) else None


def spell(game: Game, unit: Unit, highest: int) -> cmd.CastSpell | None:
    """The best spell the roll allows, at the nearest enemy in its range; None when none fits."""
    usable = [s for s in _spells(game, unit) if s.value <= highest and _targets(game, unit, s)]
    if not usable:
        return None
    best = max(usable, key=lambda s: (s.hits, s.value, s.name))
    return cmd.CastSpell(unit=unit.id, spell=best.name, target=_targets(game, unit, best)[0])


def _spells(game: Game, unit: Unit) -> tuple[Spell, ...]:
    """The spells of hits: blessings, curses and moves are the players' to use."""
    return tuple(s for s in game.spells.get(unit.army, ()) if s.effect == "hits")


def _targets(game: Game, unit: Unit, chosen: Spell) -> list[str]:
    """The enemy units within the spell's range, nearest first (#Special Rules, Psychic(X))."""
    enemies = [e for e in game.units.values() if e.side != unit.side and not e.inside and e.bases()]
    near = [(geometry.gap(unit, e), e.id) for e in enemies if geometry.gap(unit, e) <= chosen.range]
    return [enemy_id for _, enemy_id in sorted(near)]
