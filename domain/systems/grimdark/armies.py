"""What an army may hold at a game's size (grimdark-future-1.5.md#Preparation, The Armies: 500pts,
at least 1 Hero, up to 2 Vehicles or Monsters; #Playing Bigger Games for larger games), checked
when a mission is set up with its armies."""

from __future__ import annotations

from domain.errors import RuleError
from domain.systems.grimdark.content import Army
from domain.systems.grimdark.versions import rule

#: #Playing Bigger Games: points -> (fewest heroes, most heroes, most vehicles or monsters, most
#: titans).
SIZES = {
    500: (1, 1, 2, 0),
    750: (1, 1, 3, 0),
    1000: (1, 2, 4, 1),
    1250: (1, 2, 5, 1),
    1500: (1, 3, 6, 1),
    1750: (1, 3, 7, 1),
    2000: (1, 4, 8, 2),
    2250: (1, 4, 9, 2),
    2500: (1, 5, 10, 2),
    2750: (1, 5, 11, 2),
    3000: (1, 6, 12, 3),
}


def section(points: int) -> str:
    return rule("Preparation" if points == 500 else "Playing Bigger Games")


def check(side: list[Army], points: int, field: str = "options.armies") -> None:
    """Refuse a side whose armies are over their share of the points (#Multi-Player Games: split
    evenly between the side's players), or that is outside the unit limits, which count for the
    whole side."""
    if points not in SIZES:
        raise RuleError("unknown_game_size", rule("Playing Bigger Games"), params={"points": points, "known": list(SIZES)}, field="options.points")
    fewest, most, vehicles, titans = SIZES[points]
    share = points // len(side)
    for army in side:
        if army.points > share:
            where = rule("Multi-Player Games") if len(side) > 1 else section(points)
            raise RuleError("army_over_points", where, params={"army": army.id, "points": army.points, "max": share}, field=field)
    name = "+".join(a.id for a in side)
    heroes = sum(1 for a in side for u in a.units if u.hero)
    if not fewest <= heroes <= most:
        raise RuleError("army_heroes", section(points), params={"army": name, "heroes": heroes, "min": fewest, "max": most}, field=field)
    big = sum(1 for a in side for u in a.units if u.kind in ("vehicle", "monster"))
    if big > vehicles:
        raise RuleError("army_vehicles", section(points), params={"army": name, "count": big, "max": vehicles}, field=field)
    huge = sum(1 for a in side for u in a.units if u.kind == "titan")
    if huge > titans:
        raise RuleError("army_titans", section(points), params={"army": name, "count": huge, "max": titans}, field=field)
