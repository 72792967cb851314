"""A new mission's options and the set-up command built from them and a content pack
(docs/grimdark-future-content-format.md): the mission and the two armies that fight it."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.contract import Setup
from domain.errors import RuleError
from domain.systems.grimdark.armies import check
from domain.systems.grimdark.commands import SetUpMission
from domain.systems.grimdark.content import FORMAT, Army, Pack
from domain.systems.grimdark.preparation import RANDOM_MISSIONS


#: #Multi-Player Games: two to four players, each with an army.
MAX_PLAYERS = 4


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a Grimdark Future mission is created with (`options` of the create body)."""

    mission: Annotated[str, msgspec.Meta(description="A mission of the pack, or \"random\": rolled on the missions table before the battle.")] = "duel"
    armies: Annotated[str, msgspec.Meta(description="The two sides, comma-separated, each one army of the pack or several joined by + (a+b,c+d for a multi-player game); each army is one player's seat.")] = "ashen-vanguard,thornback-brood"
    pack: Annotated[str, msgspec.Meta(description="The content pack the missions, armies and terrain tables come from; the server ships core.")] = "core"
    points: Annotated[int, msgspec.Meta(description="The game's size: the most points each army may field, which also sets its unit limits.")] = 500
    mysterious_terrain: Annotated[bool, msgspec.Meta(description="Roll on the pack's mysterious terrain table when a unit first enters a terrain piece.")] = False
    mysterious_objectives: Annotated[bool, msgspec.Meta(description="Roll on the pack's mysterious objectives table when an objective marker is first seized.")] = False
    solo: Annotated[str, msgspec.Meta(description="Solo play: the army the server's AI commands; empty when every army is a player's.")] = ""


def seated(armies: list[Army]) -> list[Army]:
    """Each army a seat of its own: an army named again (a mirror match, or twice on one side)
    is the same list under the id `<army>-2`, `-3`..., so its player and its units stay apart."""
    taken: set[str] = set()
    named = {a.id for a in armies}
    seats = []
    for army in armies:
        seat, n = army.id, 1
        while seat in taken or (n > 1 and seat in named):
            n += 1
            seat = f"{army.id}-{n}"
        taken.add(seat)
        seats.append(msgspec.structs.replace(army, id=seat))
    return seats


def setup(context: Setup) -> SetUpMission:
    options: Options = context.options
    pack: Pack | None = context.packs.get(options.pack)
    if pack is None:
        raise RuleError("unknown_pack", FORMAT, params={"pack": options.pack, "known": sorted(context.packs)}, field="options.pack")
    table = [pack.mission(m) for m in RANDOM_MISSIONS] if options.mission == "random" else []
    mission = table[0] if table else pack.mission(options.mission)
    if mission is None or None in table:
        known = [m.id for m in pack.missions] + (["random"] if all(pack.mission(m) for m in RANDOM_MISSIONS) else [])
        raise RuleError("unknown_mission", FORMAT, params={"mission": options.mission, "known": known}, field="options.mission")
    named = [[n.strip() for n in side.split("+")] for side in options.armies.split(",")]
    armies = [pack.army(n) for side in named for n in side]
    if len(named) != 2 or len(armies) > MAX_PLAYERS or None in armies:
        raise RuleError("bad_armies", FORMAT, params={"names": [n for side in named for n in side], "known": [a.id for a in pack.armies]}, field="options.armies")
    fielded = seated([a for a in armies if a is not None])
    seat = iter(a.id for a in fielded)
    sides = [[next(seat) for _ in side] for side in named]
    names = [a.id for a in fielded]
    if options.solo and options.solo not in names:
        raise RuleError("unknown_solo", FORMAT, params={"solo": options.solo, "known": names}, field="options.solo")
    for side in sides:
        check([a for a in fielded if a.id in side], options.points)
    tables = [t for t, on in (("terrain", options.mysterious_terrain), ("objectives", options.mysterious_objectives)) if on]
    mysteries = [row for row in pack.mysteries if row.table in tables]
    missing = [t for t in tables if not any(row.table == t for row in mysteries)]
    if missing:
        raise RuleError("no_mystery_table", FORMAT, params={"pack": options.pack, "table": missing[0]}, field=f"options.mysterious_{missing[0]}")
    return SetUpMission(mission=mission, armies=fielded, sides=sides if len(names) > 2 else [], table=[m for m in table if m is not None], mysteries=mysteries, solo=options.solo, points=options.points)
