"""The Star Quest content layer: the shipped pack, and precise errors for broken packs."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from domain.registry import system_named
from domain.systems.starquest.content import (
    RULES,
    Collect,
    Heal,
    KillAll,
    Reach,
    SpecialRule,
    Survive,
    parse_rule,
)
from domain.systems.starquest.loading import ContentError, load_pack
from service.content import load_pack_dir as _load_dir
from service.content import pack_folder, packs_of

Files = dict[str, bytes]


STAR_QUEST = system_named("star-quest")
BUILTIN_PACK = pack_folder(STAR_QUEST.packs["core"])


def builtin_pack():
    return packs_of(STAR_QUEST)["core"]


def load_pack_dir(path):
    return _load_dir(path, STAR_QUEST.load_pack)


def shipped() -> Files:
    return {e.name: e.read_bytes() for e in BUILTIN_PACK.iterdir() if e.name.endswith(".toml")}


# --- the shipped pack -------------------------------------------------------------------


def test_shipped_pack_loads_and_passes_cross_validation():
    pack = load_pack(shipped())
    assert pack == builtin_pack()
    assert (pack.name, pack.version) == ("Cinder Reach", "1.0.0")
    assert len(pack.heroes) >= 4 and len(pack.enemies) >= 8 and len(pack.missions) >= 3


def test_shipped_pack_covers_the_roles_and_rules_it_promises():
    pack = builtin_pack()
    casters = [h for h in pack.heroes if len(h.spells) >= 2]
    healers = [h for h in pack.heroes if any(isinstance(s.effect, Heal) for s in h.skills)]
    shooters = [h for h in pack.heroes if any(pack.weapon(w).range >= 24 for w in h.weapons)]
    assert casters and healers and shooters
    assert any(e.toughness >= 9 for e in pack.enemies)
    assert any(e.models > 1 and "ai-group" in e.tags for e in pack.enemies)
    used = {r.name for w in pack.weapons for r in w.special} | {r.name for e in pack.enemies for r in e.special}
    used |= {"AP"} if any(w.ap for w in pack.weapons) else set()
    used |= {"Caster"} if any(e.caster for e in pack.enemies) else set()
    promised = "Ambush AP Blast Caster Counter Deadly Fast Fear Fearless Flying Furious Immobile Impact Indirect Lance Lock-On Limited Poison Regeneration Relentless Reliable Rending Scout Slow Stealth Strider Villain"
    assert set(promised.split()) <= used


def test_shipped_missions_are_the_three_kinds():
    pack = builtin_pack()
    quick = pack.mission("scrapyard-brawl")
    assert quick.table == 24 and [type(v) for v in quick.victory] == [KillAll]
    search = pack.mission("sump-recovery")
    assert {type(v) for v in search.victory} == {Collect, Reach} and len(search.search_tokens) >= 4
    assert any(t.dangerous for t in search.terrain) and any(t.difficult for t in search.terrain)
    hold = pack.mission("hold-the-relay")
    assert [type(v) for v in hold.victory] == [Survive]
    assert len({w.round for w in hold.waves}) >= 3 and any(u.ambush for w in hold.waves for u in w.units)
    for m in pack.missions:
        assert len(m.terrain) >= 8 and m.ai_goals and len(m.deployment) >= 3


def test_pack_directory_reads_json_in_subfolders_the_same(tmp_path):
    pack = builtin_pack()
    body = msgspec.to_builtins(pack)
    header = {"name": body.pop("name"), "version": body.pop("version")}
    (tmp_path / "nested").mkdir()
    (tmp_path / "nested" / "all.json").write_text(json.dumps({"pack": header, **body}))
    (tmp_path / "README.md").write_text("not content, ignored")
    assert load_pack_dir(tmp_path) == pack


def test_yaml_is_read_when_pyyaml_is_installed():
    yaml = pytest.importorskip("yaml")
    files = shipped()
    files["items.yaml"] = yaml.safe_dump({"items": [{"name": "Spare Fuse", "effect": {"kind": "relief", "stress": 1}}]}).encode()
    assert load_pack(files).item("Spare Fuse").effect.stress == 1


def test_missing_directory_is_a_content_error(tmp_path):
    with pytest.raises(ContentError, match="not a directory"):
        load_pack_dir(tmp_path / "absent")


@pytest.mark.parametrize(
    ("text", "rule"),
    [("Blast(3)", SpecialRule("Blast", 3)), ("Lock-On", SpecialRule("Lock-On")), (" Fear(2) ", SpecialRule("Fear", 2))],
)
def test_rules_parse_to_name_and_value(text, rule):
    assert parse_rule(text, RULES[rule.name].place) == rule


# --- broken packs -----------------------------------------------------------------------


def edit(file: str, old: str, new: str, count: int = 1) -> Callable[[Files], None]:
    """Change one shipped file; the old text must be there, so a test never passes vacuously."""

    def apply(files: Files) -> None:
        text = files[file].decode()
        assert text.count(old) >= count, f"{old!r} not in {file}"
        files[file] = text.replace(old, new, count).encode()

    return apply


def add(file: str, content: str | bytes) -> Callable[[Files], None]:
    def apply(files: Files) -> None:
        files[file] = content if isinstance(content, bytes) else content.encode()

    return apply


def drop(file: str) -> Callable[[Files], None]:
    return lambda files: files.pop(file)


HERO = {"name": "A", "base_mm": 32, "str": 4, "dex": 4, "wil": 4, "quality": 4, "defense": 4, "toughness": 5, "endurance": 9, "weapons": ["Snub Pistol"]}
WEAPON = '[[weapons]]\nname = "Spare Rifle"\nrange = 24\nattacks = 1\n'
CASES = [
    # (id, change, file, field, problem)
    ("bad TOML syntax", edit("heroes.toml", "base_mm = 40", "base_mm = = 40"), "heroes.toml", "", "invalid TOML"),
    ("wrong type", edit("heroes.toml", "quality = 4\ndefense = 5", 'quality = "4"\ndefense = 5'), "heroes.toml", "heroes[2].quality", "Expected `int`, got `str`"),
    ("unknown field", edit("enemies.toml", 'name = "Spire Turret"', 'name = "Spire Turret"\narmour = 3'), "enemies.toml", "enemies[5].armour", "unknown field"),
    ("unknown section", add("extra.toml", "[[heros]]\nname = 'x'\n"), "extra.toml", "heros", "unknown field"),
    ("missing field", add("extra.toml", '[[weapons]]\nname = "Spare Rifle"\nrange = 24\n'), "extra.toml", "weapons[0].attacks", "missing required field"),
    ("unknown special rule", edit("armoury.toml", 'rules = ["Lock-On"]', 'rules = ["Lock-On", "Homing"]'), "armoury.toml", "weapons[0].rules[1]", "unknown special rule 'Homing'"),
    ("misspelt rule", edit("armoury.toml", 'rules = ["Lock-On"]', 'rules = ["Lock-on"]'), "armoury.toml", "weapons[0].rules[0]", "did you mean 'Lock-On'"),
    ("rule value out of range", edit("armoury.toml", '"Blast(3)", "Limited"', '"Blast(9)", "Limited"'), "armoury.toml", "weapons[10].rules[0]", "X must be 2..6"),
    ("rule without its value", edit("armoury.toml", '"Deadly(3)"', '"Deadly"'), "armoury.toml", "weapons[16].rules[0]", "Deadly needs a value"),
    ("AP as a rule", edit("armoury.toml", 'rules = ["Surge"]', 'rules = ["Surge", "AP(1)"]'), "armoury.toml", "weapons[4].rules[1]", "set the field `ap`"),
    ("weapon rule on a unit", edit("enemies.toml", 'rules = ["Immobile"]', 'rules = ["Immobile", "Rending"]'), "enemies.toml", "enemies[5].rules[1]", "Rending is a weapon rule"),
    ("melee rule on a gun", add("extra.toml", WEAPON + 'rules = ["Lance"]\n'), "extra.toml", "weapons[0].rules[0]", "only works on melee weapons"),
    ("rule twice", edit("enemies.toml", '"Flying", "Fast"', '"Flying", "Fast", "Fast"'), "enemies.toml", "enemies[6].rules[2]", "Fast is listed twice"),
    ("dangling weapon reference", edit("heroes.toml", '"Breach Cleaver"', '"Breech Cleaver"'), "heroes.toml", "heroes[1].weapons[0]", "no weapon named 'Breech Cleaver' in the pack; did you mean 'Breach Cleaver'?"),
    (
        "dangling reference in a second file names that file's index",
        add("more.json", json.dumps({"heroes": [HERO, {**HERO, "name": "B", "weapons": ["Snub Pistol", "Laser"]}]})),
        "more.json",
        "heroes[1].weapons[1]",
        "no weapon named 'Laser'",
    ),
    ("dangling spell", edit("heroes.toml", '"Static Snare"', '"Static Snore"'), "heroes.toml", "heroes[2].spells[1]", "no spell named 'Static Snore'"),
    ("spells without caster", edit("heroes.toml", "caster = 2\n", ""), "heroes.toml", "heroes[2].caster", "needs a caster value"),
    ("duplicate name across files", add("extra.toml", WEAPON.replace("Spare Rifle", "Rivet Gun")), "extra.toml", "weapons[0].name", "'Rivet Gun' is used twice"),
    ("polygon with 2 points", edit("mission-sump-recovery.toml", "deployment = [[0, 0], [12, 0], [12, 8], [0, 8]]", "deployment = [[0, 0], [12, 0]]"), "mission-sump-recovery.toml", "missions[0].deployment", "length >= 3"),
    ("polygon in one line", edit("mission-sump-recovery.toml", "[[0, 0], [12, 0], [12, 8], [0, 8]]", "[[0, 0], [6, 0], [12, 0]]"), "mission-sump-recovery.toml", "missions[0].deployment", "no area"),
    ("bow-tie polygon", edit("mission-hold-the-relay.toml", "[[5, 5], [12, 6], [11, 12], [4, 11]]", "[[5, 5], [12, 6], [4, 11], [11, 12]]"), "mission-hold-the-relay.toml", "missions[0].terrain[8].polygon", "crosses itself"),
    ("stat out of range", edit("heroes.toml", "str = 5", "str = 7"), "heroes.toml", "heroes[0].str", "Expected `int` <= 6"),
    ("enemy stat out of range", edit("enemies.toml", "quality = 5", "quality = 1"), "enemies.toml", "enemies[0].quality", "Expected `int` >= 2"),
    ("position off the table", edit("mission-hold-the-relay.toml", "[[46, 30], [46, 33]]", "[[49, 30], [46, 33]]"), "mission-hold-the-relay.toml", "missions[0].waves[0].units[1].positions[0]", "point (49, 30) is off the 48-inch table"),
    ("terrain off the small table", edit("mission-scrapyard-brawl.toml", "[[19, 17], [21, 17]", "[[19, 17], [25, 17]"), "mission-scrapyard-brawl.toml", "missions[0].terrain[7].polygon[1]", "off the 24-inch table"),
    ("token off the table", edit("mission-sump-recovery.toml", "at = [38, 16]", "at = [38, -1]"), "mission-sump-recovery.toml", "missions[0].search_tokens[4].at", "off the 48-inch table"),
    ("a point per model", edit("mission-sump-recovery.toml", "positions = [[46, 20], [46, 22], [47, 21]]", "positions = [[46, 20], [46, 22]]"), "mission-sump-recovery.toml", "missions[0].waves[1].units[0].positions", "3 models, 2 points"),
    ("overlapping models", edit("mission-hold-the-relay.toml", "[[46, 30], [46, 33]]", "[[46, 30], [46, 31]]"), "mission-hold-the-relay.toml", "missions[0].waves[0].units[1].positions[1]", "overlaps the model at positions[0]"),
    ("unknown enemy in a wave", edit("mission-sump-recovery.toml", 'enemy = "Spire Turret"', 'enemy = "Spire Turet"'), "mission-sump-recovery.toml", "missions[0].waves[0].units[1].enemy", "no enemy named 'Spire Turet'"),
    ("ambush without the rule", edit("mission-sump-recovery.toml", 'enemy = "Gutter Stalker"\nambush', 'enemy = "Slag Drudge"\nambush'), "mission-sump-recovery.toml", "missions[0].waves[2].units[0].ambush", "lacks the Ambush rule"),
    ("wave after the last round", edit("mission-hold-the-relay.toml", "round = 5", "round = 9"), "mission-hold-the-relay.toml", "missions[0].waves[4].round", "after the mission's last round (6)"),
    ("unknown search item", edit("mission-sump-recovery.toml", 'content = "Purge Vial"', 'content = "Purge Vail"'), "mission-sump-recovery.toml", "missions[0].search_tokens[5].content", "no item named 'Purge Vail'"),
    ("unknown token enemy", edit("mission-sump-recovery.toml", "enemy:Gutter Stalker", "enemy:Nobody"), "mission-sump-recovery.toml", "missions[0].search_tokens[4].content", "no enemy named 'Nobody'"),
    ("token on flat terrain", edit("mission-sump-recovery.toml", 'on = "pump-gantry"', 'on = "silt-bank"'), "mission-sump-recovery.toml", "missions[0].search_tokens[3].on", "not elevated"),
    ("token beside its piece", edit("mission-sump-recovery.toml", "at = [20, 34]", "at = [24, 34]"), "mission-sump-recovery.toml", "missions[0].search_tokens[3].at", "not inside terrain 'pump-gantry'"),
    ("reach an unknown objective", edit("mission-sump-recovery.toml", 'objective = "exfil-lift"', 'objective = "exit"'), "mission-sump-recovery.toml", "missions[0].victory[1].objective", "no objective named 'exit'"),
    ("collect more than there is", edit("mission-sump-recovery.toml", "tokens = 2", "tokens = 5"), "mission-sump-recovery.toml", "missions[0].victory[0].tokens", "only 4 search tokens hold an item"),
    ("survive past the end", edit("mission-hold-the-relay.toml", "rounds = 6 }", "rounds = 8 }"), "mission-hold-the-relay.toml", "missions[0].victory[0].rounds", "ends after round 6"),
    ("unknown victory kind", edit("mission-hold-the-relay.toml", 'kind = "survive"', 'kind = "endure"'), "mission-hold-the-relay.toml", "missions[0].victory[0].kind", "Invalid value 'endure'"),
    ("table size", edit("mission-hold-the-relay.toml", "table = 48", "table = 36"), "mission-hold-the-relay.toml", "missions[0].table", "Invalid enum value 36"),
    ("hostile item without range", edit("items.toml", "range = 6\n", ""), "items.toml", "items[3].range", "'hits' effect targets an enemy"),
    ("unknown effect kind", edit("items.toml", 'kind = "cleanse"', 'kind = "purge"'), "items.toml", "items[2].effect.kind", "Invalid value 'purge'"),
    ("unknown status", edit("armoury.toml", 'status = "Crippled"', 'status = "Slowed"'), "armoury.toml", "spells[1].effect.status", "Invalid enum value 'Slowed'"),
    ("unknown inflicted status", edit("armoury.toml", 'inflicts = "Crippled"', 'inflicts = "Slowed"'), "armoury.toml", "weapons[18].inflicts", "Invalid enum value 'Slowed'"),
    ("ai-group of one", edit("enemies.toml", 'tags = ["monster"]', 'tags = ["monster", "ai-group"]'), "enemies.toml", "enemies[4].tags", "ai-group needs models >= 2"),
    ("bad JSON", add("extra.json", '{"weapons": [\n  {"name": "x",}\n]}'), "extra.json", "", "invalid JSON"),
    ("duplicate JSON key", add("extra.json", '{"weapons": [], "weapons": []}'), "extra.json", "", "'weapons' appears twice"),
    ("not UTF-8", add("extra.toml", b"name = '\xff'\n"), "extra.toml", "", "not UTF-8"),
    ("unknown file type", add("notes.txt", "hello"), "notes.txt", "", "unknown file type '.txt'"),
    ("no pack header", drop("pack.toml"), "(pack)", "pack", "no file has a [pack] table"),
    ("two pack headers", add("zz.toml", '[pack]\nname = "Again"\nversion = "1.0.0"\n'), "zz.toml", "pack", "only one file may have a [pack] table"),
    ("bad version", edit("pack.toml", '"1.0.0"', '"one"'), "pack.toml", "pack.version", "matching regex"),
]


@pytest.mark.parametrize(("change", "file", "field", "problem"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_broken_pack_names_file_field_and_problem(change, file, field, problem):
    files = shipped()
    change(files)
    with pytest.raises(ContentError) as caught:
        load_pack(files)
    error = caught.value
    assert (error.file, error.field) == (file, field), str(error)
    assert problem in error.problem
    first_line = str(error).splitlines()[0]
    assert first_line.startswith(file) and (field or "(file)") in first_line and problem in first_line


def test_syntax_errors_carry_line_and_column():
    files = shipped()
    edit("heroes.toml", "base_mm = 40", "base_mm = = 40")(files)
    with pytest.raises(ContentError) as caught:
        load_pack(files)
    line = files["heroes.toml"].decode().splitlines().index("base_mm = = 40") + 1
    assert caught.value.line == line and caught.value.column is not None
    assert str(caught.value).startswith(f"heroes.toml:{line}:")
    files = shipped()
    add("extra.json", '{"weapons": [\n  {"name": "x",}\n]}')(files)
    with pytest.raises(ContentError) as caught:
        load_pack(files)
    assert (caught.value.line, caught.value.column) == (2, 16)  # the stray }


def test_all_cross_reference_problems_are_reported_at_once():
    files = shipped()
    edit("heroes.toml", '"Breach Cleaver"', '"Breech Cleaver"')(files)
    edit("heroes.toml", '"Static Snare"', '"Static Snore"')(files)
    with pytest.raises(ContentError) as caught:
        load_pack(files)
    assert [(e.file, e.field) for e in (caught.value, *caught.value.more)] == [
        ("heroes.toml", "heroes[1].weapons[0]"),
        ("heroes.toml", "heroes[2].spells[1]"),
    ]
    assert "Static Snore" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "place", "problem"),
    [
        ("Blast", "weapon", "needs a value"),
        ("Fearless(2)", "unit", "takes no value"),
        ("Caster(2)", "unit", "set the field `caster`"),
        ("Scout", "weapon", "Scout is a unit rule"),
        ("blast(3)", "weapon", "did you mean 'Blast'"),
        ("Blast 3", "weapon", "is not a rule"),
    ],
)
def test_rule_parser_explains_what_is_wrong(text, place, problem):
    with pytest.raises(ValueError, match=problem.replace("(", r"\(").replace(")", r"\)")):
        parse_rule(text, place)


def test_the_documented_example_loads():
    doc = (Path(__file__).parents[2] / "docs" / "content-format.md").read_text()
    example = doc.split("## Example", 1)[1].split("```toml", 1)[1].split("```", 1)[0]
    pack = load_pack({"pocket.toml": example.encode()})
    assert pack.mission("dock-fight").table == 24


def test_shipped_pack_has_enemy_weapons_that_inflict_status_conditions():
    """star-quest.en.md#Status conditions: conditions arise in play from enemy weapons (`inflicts`)."""
    pack = builtin_pack()
    armed = {w for e in pack.enemies for w in e.weapons}
    assert {(w.name, w.inflicts) for w in pack.weapons if w.inflicts and w.name in armed} >= {("Corroded Jaws", "Afflicted"), ("Hook Talons", "Crippled")}
