"""A new mission's options and the set-up command built from them and a content pack
(docs/grimdark-future-content-format.md): the mission and the two armies that fight it."""

from __future__ import annotations

import msgspec

from domain.contract import Setup
from domain.errors import RuleError
from domain.systems.grimdark.armies import check
from domain.systems.grimdark.commands import SetUpMission
from domain.systems.grimdark.content import FORMAT, Pack


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a Grimdark Future mission is created with (`options` of the create body)."""

    mission: str = "duel"
    #: The two armies of the pack that fight, comma-separated; each is a side players hold.
    armies: str = "ashen-vanguard,thornback-brood"
    pack: str = "core"
    #: The game's size: each army's points at most, and its unit limits (#Playing Bigger Games).
    points: int = 500


def setup(context: Setup) -> SetUpMission:
    options: Options = context.options
    pack: Pack | None = context.packs.get(options.pack)
    if pack is None:
        raise RuleError("unknown_pack", FORMAT, params={"pack": options.pack, "known": sorted(context.packs)}, field="options.pack")
    mission = pack.mission(options.mission)
    if mission is None:
        raise RuleError("unknown_mission", FORMAT, params={"mission": options.mission, "known": [m.id for m in pack.missions]}, field="options.mission")
    names = [n.strip() for n in options.armies.split(",") if n.strip()]
    armies = [pack.army(n) for n in names]
    if len(names) != 2 or names[0] == names[1] or None in armies:
        raise RuleError("bad_armies", FORMAT, params={"names": names, "known": [a.id for a in pack.armies]}, field="options.armies")
    fielded = [a for a in armies if a is not None]
    for army in fielded:
        check(army, options.points)
    return SetUpMission(mission=mission, armies=fielded)
