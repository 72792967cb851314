"""A Star Quest mission's options read against a content pack (domain/systems/starquest/setup.py,
docs/content-format.md): the refusals name what is wrong and what the pack has; the set-up
command carries the party in the order named and every enemy, weapon and spell the mission
uses, each once, by name."""

from __future__ import annotations

import msgspec
import pytest

from domain.contract import Setup
from domain.errors import RuleError
from domain.systems.starquest.setup import Options, setup
from service.ledger import packs_of, system_named

CORE = packs_of(system_named("star-quest"))["core"]
HEROES = ["Sera Vantis", "Gorm Hadley", "Ilo Marrent", "Nessa Brill", "Tamsin Rook"]


def _refused(**options) -> RuleError:
    with pytest.raises(RuleError) as refused:
        setup(Setup("en", Options(**options), {"core": CORE}))
    return refused.value


def test_an_unknown_pack_mission_or_hero_is_refused_naming_what_the_pack_has():
    pack = _refused(pack="other", mission="scrapyard-brawl", heroes="Sera Vantis, Gorm Hadley")
    assert (pack.code, pack.rule, pack.field, pack.params) == ("unknown_pack", "docs/content-format.md", "options.pack", {"pack": "other", "known": ["core"]})
    where = _refused(mission="nowhere", heroes="Sera Vantis, Gorm Hadley")
    assert (where.code, where.rule, where.field, where.params) == (
        "unknown_mission_definition",
        "docs/content-format.md",
        "options.mission",
        {"known": "hold-the-relay, scrapyard-brawl, sump-recovery"},
    )
    who = _refused(mission="scrapyard-brawl", heroes="Sera Vantis, Nobody")
    assert (who.code, who.rule, who.field, who.params) == ("unknown_hero", "docs/content-format.md", "options.heroes", {"names": ["Nobody"], "known": HEROES})


def test_the_set_up_carries_the_party_and_every_enemy_weapon_and_spell_the_mission_uses():
    """Sump Recovery's waves, and an enemy that waits under a search token (here a Scrap Hound,
    in no wave): the party as named (spaces and an empty name dropped), the enemies, weapons and
    spells by name, each once."""
    mission = CORE.mission("sump-recovery")
    tokens = tuple(msgspec.structs.replace(t, content="enemy:Scrap Hound") if t.content.startswith("enemy:") else t for t in mission.search_tokens)
    pack = msgspec.structs.replace(CORE, missions=tuple(msgspec.structs.replace(m, search_tokens=tokens) if m.id == mission.id else m for m in CORE.missions))
    command = setup(Setup("en", Options(mission="sump-recovery", heroes=" Ilo Marrent ,Sera Vantis,"), {"core": pack}))
    assert command.mission.id == "sump-recovery"
    assert [h.name for h in command.heroes] == ["Ilo Marrent", "Sera Vantis"]
    assert [e.name for e in command.enemies] == ["Gutter Stalker", "Sallow Cantor", "Scrap Hound", "Slag Drudge", "Spire Turret", "Vane Kite"]
    assert [w.name for w in command.weapons] == [
        "Censer Staff", "Conduit Staff", "Corroded Jaws", "Hook Talons", "Hooked Blade", "Hush Rifle",
        "Needle Sling", "Rivet Gun", "Snub Pistol", "Spark Thrower", "Twin Repeater", "Work Knife",
    ]  # fmt: skip
    assert [s.name for s in command.spells] == ["Arc Lash", "Cinder Psalm", "Dirge of Rust", "Hollow Hymn", "Mending Current", "Static Snare"]
