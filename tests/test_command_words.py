"""What clients call commands, fields and pending choices in English and German
(GET /systems/{name}/words, docs/i18n.md#commands-fields-and-choices): every command and field
of every registered system, and every kind of choice the rules open, has German words."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from api.http.words import words_of
from domain.codecs import mission_codec
from domain.registry import SYSTEMS
from domain.systems.blackstone import hostiles
from domain.systems.starquest import blasting
from service import i18n

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(name for name, game in SYSTEMS.items() if game.words or name == "table")


def _tags(system: str) -> list[str]:
    game = SYSTEMS[system]
    return [kind.__struct_config__.tag for kind in (*mission_codec(system).commands, *game.campaign_commands)]


@pytest.mark.parametrize("system", SHIPPED)
def test_every_command_and_field_has_german_words(system):
    """A new command type, or a new field of one, without a German name (and help) turns this red."""
    catalogue = i18n.catalogue("de", system)
    names, fields = catalogue.get("commands", {}), catalogue.get("fields", {})
    assert [tag for tag in _tags(system) if tag not in names] == []
    assert [tag for tag in _tags(system) if tag not in catalogue.get("command_help", {})] == []  # else the form shows English help
    for kind in (*mission_codec(system).commands, *SYSTEMS[system].campaign_commands):
        tag = kind.__struct_config__.tag
        assert [f for f in kind.__struct_fields__ if f not in fields and f"{tag}.{f}" not in fields] == [], tag


@pytest.mark.parametrize("system", SHIPPED)
def test_every_mission_option_has_a_german_name_and_help(system):
    schema = msgspec.json.schema(SYSTEMS[system].options)
    names = set(schema["$defs"][schema["$ref"].split("/")[-1]]["properties"]) if "$ref" in schema else set()
    catalogue = i18n.catalogue("de", system)
    assert sorted(names - set(catalogue.get("options", {}))) == [], system
    assert sorted(names - set(catalogue.get("option_help", {}))) == [], system


def _kinds_opened(package: Path) -> set[str]:
    """Every kind of pending choice a system's code opens as a literal: `ChoiceOffered(who, "kind"`,
    `open_choice(who, "kind"`, or a module's `KIND = "kind"`."""
    shapes = (r'ChoiceOffered\(\s*[\w.]+,\s*"(\w+)"', r'open_choice\(\s*[\w.]+,\s*"(\w+)"', r'^KIND = "(\w+)"')
    found: set[str] = set()
    for path in package.rglob("*.py"):
        text = path.read_text("utf-8")
        for shape in shapes:
            found |= set(re.findall(shape, text, re.MULTILINE))
    return found


#: Kinds named by constants the scan cannot follow: Blackstone's hostile player's picks.
NAMED = {"blackstone-fortress": {hostiles.NEXT, hostiles.TARGET, hostiles.WEAPON, hostiles.HEX}, "star-quest": {blasting.KIND}}


@pytest.mark.parametrize("system", sorted(name for name, game in SYSTEMS.items() if game.words))
def test_every_kind_of_pending_choice_has_words_in_both_languages(system):
    package = ROOT / Path(SYSTEMS[system].words.replace(".", "/")).parent
    opened = _kinds_opened(package) | NAMED.get(system, set())
    for language in i18n.LANGUAGES:
        prompts = i18n.catalogue(language, system).get("prompts", {})
        assert sorted(opened - set(prompts)) == [], (language, system)
    english, german = i18n.catalogue("en", system).get("prompts", {}), i18n.catalogue("de", system).get("prompts", {})
    assert set(english) == set(german), system
    assert [k for k in german if german[k] == english[k]] == [], system


def test_the_scan_finds_the_kinds_the_rules_open():
    assert {"pass_failed_test", "stop_at_ledge", "clear_statuses"} <= _kinds_opened(ROOT / "domain/systems/starquest")
    assert {"first", "attack_of_opportunity"} <= _kinds_opened(ROOT / "domain/systems/ruinstars")
    assert "trade" in _kinds_opened(ROOT / "domain/systems/blackstone")


def test_words_in_german_and_english_fall_back_to_the_wire_names_spelt_out():
    de, en = words_of("star-quest", "de"), words_of("star-quest", "en")
    assert de.commands["Advance"].title == "Vorrücken" and en.commands["Advance"].title == "Advance"
    assert de.commands["Advance"].fields == {"unit": "Einheit", "x": "x", "y": "y"}
    assert en.commands["Advance"].fields == {"unit": "Unit", "x": "X", "y": "Y"}
    blackstone = words_of("blackstone-fortress", "en").commands
    assert (blackstone["UseCard"].title, blackstone["blackstone-fortress.BeginQuest"].title) == ("Use card", "Begin quest")
    assert de.commands["Charge"].description.startswith("Mit einem Sturmangriff")
    assert en.commands["Charge"].description.startswith("Charge an enemy unit")  # the schema's own
    assert en.commands["StartRound"].description is None
    assert de.commands["RollDice"].description.startswith("Die Würfelschale des Tischs")
    assert de.prompts["pass_failed_test"] == "Misslungenen Test bestehen"
    assert en.prompts["pass_failed_test"] == "Pass a failed test"
    assert words_of("blackstone-fortress", "de").commands["blackstone-fortress.Trade"].title == "Handeln"
    grid_de, grid_en = words_of("ruinstars", "de").options["grid"], words_of("ruinstars", "en").options["grid"]
    assert (grid_de.title, grid_en.title) == ("Raster", "Grid")
    assert grid_de.description.startswith("Auf dem Raster") and grid_en.description.startswith("Play on the grid")


def test_words_endpoint_answers_in_the_request_language_and_may_be_cached(client):
    german = client.get("/systems/ruinstars/words", headers={"accept-language": "de-DE"})
    assert german.status_code == 200
    assert german.headers["content-language"] == "de" and "max-age=3600" in german.headers["cache-control"]
    body = german.json()
    assert body["language"] == "de"
    assert body["commands"]["RangedCombat"]["title"] == "Fernkampf"
    assert body["commands"]["RangedCombat"]["fields"]["weapon"] == "Waffe"
    assert body["prompts"] == {"attack_of_opportunity": "Gelegenheitsangriff", "first": "Wer zuerst aktiviert"}
    english = client.get("/systems/ruinstars/words?lang=en").json()
    assert english["commands"]["RangedCombat"]["title"] == "Ranged combat" and english["prompts"]["first"] == "Who activates first"
    assert client.get("/systems/table/words?lang=de").json()["commands"]["RollDice"]["fields"]["purpose"] == "Zweck"
    missing = client.get("/systems/nowhere/words")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"


def test_words_endpoint_words_a_choices_context_keys_and_terms(client):
    """A pending choice's context ({step: combat, miniature: ...}) and options in words: the
    labels from `[fields]`, the values from `[terms.*]`; values no table names are not there."""
    german = client.get("/systems/blackstone-fortress/words?lang=de").json()
    assert german["fields"]["miniature"] == "Miniatur" and german["fields"]["card"] == "Karte"
    assert german["terms"]["step"]["combat"] == "Kampf"
    english = client.get("/systems/blackstone-fortress/words?lang=en").json()
    assert english["terms"].get("step", {}).get("combat", "combat") == "combat"  # English keeps the wire word
    assert all("." not in name for name in german["fields"])
