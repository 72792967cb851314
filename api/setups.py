"""Turning a new mission's options into its game system's set-up command, from content.

Content lives in packs on disk (api/content.py); the set-up command carries what the mission
uses, so the log holds it and replays never depend on a pack that may change later.
"""

from __future__ import annotations

from domain.commands import Command
from domain.errors import RuleError
from domain.systems.starquest.commands import SetUpBattle

FORMAT = "docs/content-format.md"
MAX_PARTY = 4


def setup_for(system: str, options: dict[str, str]) -> Command | None:
    if system != "star-quest":
        return None
    from api.content import builtin_pack

    pack_name = options.get("pack", "core")
    if pack_name != "core":
        raise RuleError("unknown_pack", FORMAT, f"no content pack {pack_name!r}; this server has 'core'")
    pack = builtin_pack()
    try:
        mission = pack.mission(options["mission"])
    except KeyError:
        known = ", ".join(m.id for m in pack.missions)
        raise RuleError("unknown_mission_definition", FORMAT, f"options.mission must name a mission of the pack: {known}") from None
    names = [n.strip() for n in options.get("heroes", "").split(",") if n.strip()]
    if not 1 <= len(names) <= MAX_PARTY or len(set(names)) != len(names):
        raise RuleError("bad_party", "star-quest.en.md#Preparation", f"options.heroes names 1 to {MAX_PARTY} different heroes, comma-separated: {', '.join(h.name for h in pack.heroes)}")
    try:
        heroes = [pack.hero(n) for n in names]
    except KeyError as error:
        raise RuleError("unknown_hero", FORMAT, f"{error.args[0]}; heroes of the pack: {', '.join(h.name for h in pack.heroes)}") from None
    enemy_names = {u.enemy for w in mission.waves for u in w.units}
    enemy_names |= {t.content.removeprefix("enemy:") for t in mission.search_tokens if t.content.startswith("enemy:")}
    enemies = [pack.enemy(n) for n in sorted(enemy_names)]
    profiles = [*heroes, *enemies]
    weapons = [pack.weapon(n) for n in sorted({w for p in profiles for w in p.weapons})]
    spells = [pack.spell(n) for n in sorted({s for p in profiles for s in p.spells})]
    return SetUpBattle(mission, heroes, enemies, weapons, spells)
