"""Turning a new mission's options into its game system's set-up command, from content.

Content lives in packs on disk (api/content.py); the set-up command carries what the mission
uses, so the log holds it and replays never depend on a pack that may change later.
"""

from __future__ import annotations

from domain.commands import Command
from domain.errors import RuleError
from domain.systems.starquest.commands import SetUpBattle
from domain.systems.starquest.resolution import rule_for

FORMAT = "docs/content-format.md"
MAX_PARTY = 4


def setup_for(system: str, options: dict[str, str], rules_version: str | None = None) -> Command | None:
    if system != "star-quest":
        return None
    from api.content import builtin_pack

    pack_name = options.get("pack", "core")
    if pack_name != "core":
        raise RuleError("unknown_pack", FORMAT, params={"pack": pack_name, "known": ["core"]})
    pack = builtin_pack()
    try:
        mission = pack.mission(options["mission"])
    except KeyError:
        known = ", ".join(m.id for m in pack.missions)
        raise RuleError("unknown_mission_definition", FORMAT, params={"known": known}) from None
    names = [n.strip() for n in options.get("heroes", "").split(",") if n.strip()]
    if not 1 <= len(names) <= MAX_PARTY or len(set(names)) != len(names):
        raise RuleError("bad_party", rule_for(rules_version or "en", "setup"), params={"max": MAX_PARTY, "known": [h.name for h in pack.heroes]})
    if unknown := [n for n in names if n not in {h.name for h in pack.heroes}]:
        raise RuleError("unknown_hero", FORMAT, params={"names": unknown, "known": [h.name for h in pack.heroes]})
    heroes = [pack.hero(n) for n in names]
    enemy_names = {u.enemy for w in mission.waves for u in w.units}
    enemy_names |= {t.content.removeprefix("enemy:") for t in mission.search_tokens if t.content.startswith("enemy:")}
    enemies = [pack.enemy(n) for n in sorted(enemy_names)]
    profiles = [*heroes, *enemies]
    weapons = [pack.weapon(n) for n in sorted({w for p in profiles for w in p.weapons})]
    spells = [pack.spell(n) for n in sorted({s for p in profiles for s in p.spells})]
    return SetUpBattle(mission, heroes, enemies, weapons, spells)
