"""A new Star Quest mission's options, and the set-up command built from them and a content
pack (docs/content-format.md). The command carries every profile the mission uses, so the log
holds it and replays never depend on a pack that may change later."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.contract import Setup
from domain.errors import RuleError
from domain.systems.starquest.commands import SetUpBattle
from domain.systems.starquest.resolution import rule_for

FORMAT = "docs/content-format.md"
#: A party is 2 to 4 heroes (star-quest.en.md#Preparation, The Party; star-quest.de.md#VORBEREITUNG).
MIN_PARTY, MAX_PARTY = 2, 4


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a Star Quest mission is created with (`options` of the create body)."""

    mission: Annotated[str, msgspec.Meta(description="The id of a mission of the pack (its table, terrain, enemies and goals).")] = ""
    heroes: Annotated[str, msgspec.Meta(description="The party: 2 to 4 hero names of the pack, comma-separated.")] = ""
    pack: Annotated[str, msgspec.Meta(description="The content pack the mission, heroes and enemies come from; the server ships core.")] = "core"


def setup(context: Setup) -> SetUpBattle:
    options: Options = context.options
    pack = context.packs.get(options.pack)
    if pack is None:
        raise RuleError("unknown_pack", FORMAT, params={"pack": options.pack, "known": sorted(context.packs)}, field="options.pack")
    try:
        mission = pack.mission(options.mission)
    except KeyError:
        known = ", ".join(m.id for m in pack.missions)
        raise RuleError("unknown_mission_definition", FORMAT, params={"known": known}, field="options.mission") from None
    names = [n.strip() for n in options.heroes.split(",") if n.strip()]
    check_party(context.version, names)
    if unknown := [n for n in names if n not in {h.name for h in pack.heroes}]:
        raise RuleError("unknown_hero", FORMAT, params={"names": unknown, "known": [h.name for h in pack.heroes]}, field="options.heroes")
    heroes = [pack.hero(n) for n in names]
    enemy_names = {u.enemy for w in mission.waves for u in w.units}
    enemy_names |= {t.content.removeprefix("enemy:") for t in mission.search_tokens if t.content.startswith("enemy:")}
    enemies = [pack.enemy(n) for n in sorted(enemy_names)]
    profiles = [*heroes, *enemies]
    weapons = [pack.weapon(n) for n in sorted({w for p in profiles for w in p.weapons})]
    spells = [pack.spell(n) for n in sorted({s for p in profiles for s in p.spells})]
    return SetUpBattle(mission, heroes, enemies, weapons, spells)


def check_party(version: str, names: list[str]) -> None:
    """2 to 4 different heroes (star-quest.en.md#Preparation, The Party): checked when the options
    are read and again when the set-up is decided, so no path gets round it."""
    if not MIN_PARTY <= len(names) <= MAX_PARTY or len(set(names)) != len(names):
        raise RuleError("bad_party", rule_for(version, "setup"), params={"min": MIN_PARTY, "max": MAX_PARTY, "given": len(names)})
