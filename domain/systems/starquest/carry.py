"""Heroes from mission to mission of a campaign: what a hero keeps after a mission, and how a
kept hero starts the next one.

The rules hand campaigns to a campaign book (star-quest.en.md "Preparation", Campaigns &
Missions) and say nothing of the time between missions; the readings below are written up in
docs/starquest-rules-notes.md ("Campaigns").
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.campaign_events import UnitReport
from domain.errors import RuleError
from domain.systems.starquest.roster import InMission, Roster
from domain.systems.starquest.slugs import slug
from domain.systems.starquest.state import Battle, CarriedHero, Unit
from domain.systems.starquest.unconscious import REVIVE_HEALS
from domain.systems.starquest.versions import VERSIONS

#: The section a campaign question falls under, in each rules file.
PREPARATION = {"en": "Preparation", "de": "VORBEREITUNG"}


def rule(rules: str) -> str:
    return f"{VERSIONS[rules].rules_file}#{PREPARATION[rules]}"


# -- after a mission ---------------------------------------------------------------------------


def carry_out(battle: Battle) -> list[UnitReport]:
    """Each hero of the party as it leaves the mission: dead or alive, and what it keeps."""
    reports = []
    for unit in battle.side("hero"):
        reports.append(
            UnitReport(
                unit=unit.id,
                name=unit.profile,
                ended=ended_as(unit),
                dead=unit.dead,
                wounds=wounds_kept(unit),
                conditions=conditions_of(unit),
                items=items_of(unit),
            )
        )
    return reports


def ended_as(unit: Unit) -> str:
    if unit.dead:
        return "dead"
    return "unconscious" if unit.unconscious else "standing"


def wounds_kept(unit: Unit) -> int:
    """A hero standing at the end heals every wound before the next mission; one carried out
    unconscious is woken as a revive wakes it (star-quest.en.md "Shooting", Unconscious: 3
    wounds restored) and keeps the rest. The dead keep what killed them (nothing to heal)."""
    wounds = sum(f.wounds for f in unit.figures)
    if unit.dead:
        return wounds
    if unit.unconscious:
        return max(0, wounds - REVIVE_HEALS)
    return 0


def conditions_of(unit: Unit) -> list[str]:
    """Status conditions stay until removed in play (star-quest.en.md "Status conditions"):
    they carry over as they stand."""
    return sorted(unit.statuses)


def items_of(unit: Unit) -> list[str]:
    """Items the hero holds at the end (found with Discover or carried in), kept for the next mission."""
    return list(unit.items)


# -- before the next one -----------------------------------------------------------------------


def party(setup: Any) -> list[str]:
    """The heroes a set-up puts in play: the campaign records them with the new mission."""
    return [slug(h.name) for h in setup.heroes]


def carry_in(setup: Any, roster: Roster, rules: str) -> Any:
    """The set-up command with the campaign's record of each hero of the party who played
    before; refused when a hero of the party is in a mission not yet ended."""
    heroes = party(setup)
    refuse_busy(rules, [playing for unit in heroes if (playing := roster.in_mission(unit)) is not None])
    carried = [
        CarriedHero(unit, hero.wounds, tuple(hero.conditions), tuple(hero.items), hero.dead, len(hero.missions))
        for unit in heroes
        if (hero := roster.hero(unit)) is not None
    ]
    return msgspec.structs.replace(setup, carried=carried)


def refuse_fallen(rules: str, carried: list[CarriedHero]) -> None:
    """A hero killed in an earlier mission is out of the campaign: it cannot be chosen again
    (star-quest.en.md "Shooting", Unconscious: a killed hero is removed from play)."""
    if dead := [c.unit for c in carried if c.dead]:
        raise RuleError("hero_dead", rule(rules), params={"heroes": dead})


def refuse_busy(rules: str, busy: list[InMission]) -> None:
    """A hero plays one mission of its campaign at a time: one in a mission not yet ended cannot
    be chosen for another (docs/starquest-rules-notes.md "Campaigns")."""
    if busy:
        raise RuleError("hero_in_mission", rule(rules), params={"heroes": [b.unit for b in busy], "mission": busy[0].mission})


def start(battle: Battle, carried: list[CarriedHero]) -> Battle:
    """Each carried hero starts with its kept wounds (never enough to start unconscious),
    conditions and items."""
    if not carried:
        return battle
    units = dict(battle.units)
    for hero in carried:
        unit = units.get(hero.unit)
        if unit is None:
            continue
        toughness = battle.hero(unit.profile).toughness
        figure = msgspec.structs.replace(unit.figures[0], wounds=min(hero.wounds, toughness - 1))
        units[hero.unit] = msgspec.structs.replace(unit, figures=(figure,), statuses=frozenset(hero.conditions), items=tuple(hero.items))
    return msgspec.structs.replace(battle, units=units, carried={h.unit: h for h in carried})
