"""A new mission's options and the set-up command built from them and a content pack
(docs/ruinstars-content-format.md): the mission, every card it uses, and the squads fielded."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.contract import Setup
from domain.errors import RuleError
from domain.systems.ruinstars.commands import SetUpMission
from domain.systems.ruinstars import building, grid
from domain.systems.ruinstars.content import FORMAT, Fielded, Pack, Squad, Unit


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a Ruinstars mission is created with (`options` of the create body)."""

    mission: Annotated[str, msgspec.Meta(description="The id of a mission of the pack.")] = "survive"
    squads: Annotated[str, msgspec.Meta(description="The squads of the pack that play, comma-separated: one, or two for player against player; with mini squads, each player's mini squad (2 to 4).")] = ""
    pack: Annotated[str, msgspec.Meta(description="The content pack the missions and squads come from; the server ships core.")] = "core"
    mini_squads: Annotated[bool, msgspec.Meta(description="Co-op with mini squads (#BUILDING YOUR SQUAD): the players' squads are fielded together as one.")] = False
    squad_leader: Annotated[str, msgspec.Meta(description="With mini squads: the unit id of the Leader the players agreed on (the Squad Leader).")] = ""
    grid: Annotated[bool, msgspec.Meta(description="Play on the grid of 2\" squares (#PLAYING ON A GRID) instead of in inches.")] = False


def slug(name: str) -> str:
    return "-".join(name.lower().split())


def setup(context: Setup) -> SetUpMission:
    options: Options = context.options
    pack: Pack | None = context.packs.get(options.pack)
    if pack is None:
        raise RuleError(
            "unknown_pack",
            FORMAT,
            params={"pack": options.pack, "known": sorted(context.packs)},
        )
    mission = pack.named("missions", options.mission)
    if mission is None:
        raise RuleError(
            "unknown_mission",
            FORMAT,
            params={"mission": options.mission, "known": [m.id for m in pack.missions]},
        )
    if options.grid and not mission.grid:
        mission = grid.squared(mission)
    names = [n.strip() for n in options.squads.split(",") if n.strip()]
    if (
        not names
        or len(set(names)) != len(names)
        or any(pack.named("squads", n) is None for n in names)
    ):
        raise RuleError(
            "unknown_squad",
            FORMAT,
            params={"names": names, "known": [s.name for s in pack.squads]},
        )
    built = [pack.named("squads", n) for n in names]
    cards = {u.name: u for u in pack.units}
    limits = building.mini_limits(len(built)) if options.mini_squads else building.Limits()
    for squad in built:
        building.check(squad, cards, limits)
    squads = _field(built)
    if options.mini_squads:
        squads = [_together(squads, options.squad_leader, cards)]
    elif options.squad_leader:
        raise RuleError(
            "no_such_squad_leader",
            building.BUILDING,
            params={"squad_leader": options.squad_leader, "leaders": []},
        )
    wanted = {card for s in squads for _, card in s.units} | {mission.spawns}
    return SetUpMission(
        mission=mission,
        cards=[u for u in pack.units if u.name in wanted],
        items=[i for i in pack.items if i.name == mission.spawn_item],
        squads=squads,
    )


def _field(built: list[Squad]) -> list[Fielded]:
    """Each unit's id: its card's slug, `-2`, `-3`... for a card already taken."""
    squads, taken = [], set()
    for squad in built:
        units, gear = [], {}
        for pick in squad.picks():
            unit, n = slug(pick.card), 1
            while unit in taken:
                n += 1
                unit = f"{slug(pick.card)}-{n}"
            taken.add(unit)
            units.append((unit, pick.card))
            if pick.gear:
                gear[unit] = pick.gear
        squads.append(Fielded(slug(squad.name), squad.name, tuple(units), gear))
    return squads


def _together(minis: list[Fielded], leader: str, cards: dict[str, Unit]) -> Fielded:
    """Mini squads are one squad (their units are Squadmates); the players name the Squad
    Leader among their Leaders, and must when there is one."""
    units = tuple(u for m in minis for u in m.units)
    leaders = sorted(unit for unit, card in units if cards[card].leader)
    if leader not in leaders and (leader or leaders):
        raise RuleError(
            "no_such_squad_leader",
            building.BUILDING,
            params={"squad_leader": leader or "-", "leaders": leaders},
        )
    return Fielded(
        "+".join(m.id for m in minis),
        " + ".join(m.name for m in minis),
        units,
        {k: v for m in minis for k, v in m.gear.items()},
        leader,
        {unit: m.id for m in minis for unit, _ in m.units},
    )
