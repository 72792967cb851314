"""A new mission's options and the set-up command built from them and a content pack
(docs/ruinstars-content-format.md): the mission, every card it uses, and the squads fielded."""

from __future__ import annotations

import msgspec

from domain.contract import Setup
from domain.errors import RuleError
from domain.systems.ruinstars.commands import SetUpMission
from domain.systems.ruinstars.content import FORMAT, Fielded, Pack


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a Ruinstars mission is created with (`options` of the create body)."""

    mission: str = "survive"
    #: The squads of the pack that play, comma-separated: one, or two for PvP.
    squads: str = ""
    pack: str = "core"


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
    squads, taken = [], set()
    for name in names:
        units = []
        for card in pack.named("squads", name).units:
            unit, n = slug(card), 1
            while unit in taken:
                n += 1
                unit = f"{slug(card)}-{n}"
            taken.add(unit)
            units.append((unit, card))
        squads.append(Fielded(slug(name), name, tuple(units)))
    wanted = {card for s in squads for _, card in s.units} | {mission.spawns}
    return SetUpMission(
        mission=mission,
        cards=[u for u in pack.units if u.name in wanted],
        items=[i for i in pack.items if i.name == mission.spawn_item],
        squads=squads,
    )
