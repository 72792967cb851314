"""Messages in English and German (README.md#languages): the catalogues, Accept-Language, the
refusals over HTTP in both languages, event descriptions, rule names, and the rules file a
refusal cites for English and German missions."""

from __future__ import annotations

import re
import string
from pathlib import Path

import httpx
import pytest

from domain.codecs import campaign_codec, mission_codec
from domain.registry import SYSTEMS
from domain.systems.starquest.commands import Activate, Advance, DeployHero
from domain.systems.starquest.content import RULES
from service import i18n
from tests.harness import Campaign, Member, created
from tests.starquest.game import Game, hero

ROOT = Path(__file__).resolve().parent.parent
SECTIONS = ("errors", "events", "rules", "statuses")


def _fields(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def _flat(language: str, system: str = "star-quest") -> dict[str, str]:
    c = i18n.catalogue(language, system)
    flat = {f"{s}.{k}": v for s in SECTIONS for k, v in c.get(s, {}).items()}
    flat |= {f"terms.{t}.{k}": v for t, words in c["terms"].items() for k, v in words.items()}
    return flat


# -- the catalogues -----------------------------------------------------------------------------


def test_every_catalogue_key_is_in_both_languages_with_the_same_parameters():
    english, german = _flat("en"), _flat("de")
    assert set(english) == set(german), set(english) ^ set(german)
    for key, text in english.items():
        assert _fields(text) == _fields(german[key]), key


def test_the_german_catalogue_is_german_not_a_copy():
    """Each error and event line differs from the English one, except where both languages
    use the same words (technical details passed through)."""
    english, german = _flat("en"), _flat("de")
    same = [k for k in english if k.startswith(("errors.", "events.")) and english[k] == german[k] and english[k] != "{detail}"]
    assert same == []


def _raised_codes() -> set[str]:
    """Every error code the server can answer, found where it is raised (so a new refusal
    without a catalogue entry fails this test)."""
    pattern = re.compile(
        r"""(?:RuleError|Forbidden|refuse|ApiError\(\s*\d+,|ExportError|ImportRefused\(\s*\d+,|_standing_roll\([^"\n]*)\s*\(?\s*"([a-z_]+)"(?:[^\n]*?variant["=:\s]+"([a-z_]+)")?"""
    )
    found = set()
    for folder in ("domain", "service", "api", "workers"):
        for path in (ROOT / folder).rglob("*.py"):
            for code, variant in pattern.findall(path.read_text("utf-8")):
                found.add(f"{code}.{variant}" if variant else code)
    return found


def test_every_error_the_server_raises_has_a_message_in_both_languages():
    codes = _raised_codes()
    assert {"too_far", "bad_dice_notation.range", "no_shot.weapon", "not_rerollable", "wrong_role.export", "export_invalid"} <= codes
    http = {"not_found", "not_found.route", "version_conflict", "unavailable", "internal_error", "malformed_body", "unauthorized", "forbidden", "method_not_allowed", "too_large", "http_error"}
    for language in i18n.LANGUAGES:
        known = {code for system in SYSTEMS for code in i18n.catalogue(language, system)["errors"]}
        missing = (codes | http) - known
        assert not missing, (language, missing)


def test_every_event_type_has_a_description_in_both_languages():
    """A new event type without a description in either language fails here."""
    for language in i18n.LANGUAGES:
        for system in SYSTEMS:
            events = i18n.catalogue(language, system)["events"]
            owned = {k for s in SYSTEMS.values() for k in s.campaign_events}
            types = (*mission_codec(system).events, *(k for k in campaign_codec().events if k not in owned))
            missing = [t.__name__ for t in types if t.__name__ not in events]
            assert not missing, (language, system, missing)
            # A system's campaign events are its own words, keyed by their tag (i18n.describe).
            for kind in SYSTEMS[system].campaign_events:
                tag = kind.__struct_config__.tag
                assert tag in events, (language, system, tag)
                assert _fields(events[tag]) <= set(kind.__struct_fields__), tag
            for kind in types:
                derived = {"EpochVerified": {"mismatch_count"}, "DiceRolled": {"dice"}, "CampaignDiceRolled": {"dice"}}.get(kind.__name__, set())
                assert _fields(events[kind.__name__]) <= set(kind.__struct_fields__) | derived, kind.__name__


def test_every_special_rule_has_a_name_in_both_languages_and_german_uses_the_german_rules_names():
    for language in i18n.LANGUAGES:
        assert set(i18n.catalogue(language, "star-quest")["rules"]) == set(RULES)
    assert [i18n.rule_name(r, "de", "star-quest") for r in ("AP(2)", "Blast(3)", "Bane", "Impact(4)", "Crippled")] == ["PB(2)", "Explosion(3)", "Verderben", "Aufprall(4)", "Gelähmt"]
    assert i18n.rule_name("Blast(3)", "en", "star-quest") == "Blast(3)"
    assert i18n.rule_name("Homebrew(2)", "de", "star-quest") == "Homebrew(2)"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_error_message_renders_with_its_parameters(language):
    """Each entry fills in from parameters of the kinds the raisers pass (numbers for format
    specs, lists joined), in both languages."""
    for key, template in i18n.catalogue(language, "star-quest")["errors"].items():
        params = {}
        for _, name, spec, _ in string.Formatter().parse(template):
            if name:
                params[name] = 2.5 if spec else ["a", "b"] if name in ("units", "known") else "x"
        code, _, variant = key.partition(".")
        text = i18n.error_message(code, {**params, **({"variant": variant} if variant else {})}, language)
        assert text != code and "{" not in text.replace("{detail}", ""), (key, text)


# -- choosing the language ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, "en"),
        ("", "en"),
        ("de", "de"),
        ("de-DE", "de"),
        ("de-AT,en;q=0.5", "de"),
        ("DE-ch", "de"),
        ("fr, de;q=0.8, en;q=0.7", "de"),
        ("en;q=0.9, de;q=0.95", "de"),
        ("de;q=0.5, en", "en"),
        ("de;q=0, en", "en"),
        ("fr, it", "en"),
        ("*", "en"),
        ("fr, *;q=0.5, de;q=0.4", "en"),
        ("de;q=abc", "en"),
        ("en-GB, de", "en"),
    ],
)
def test_accept_language_is_read_with_q_values(header, expected):
    assert i18n.negotiate(header) == expected


def test_lang_query_overrides_the_header():
    assert i18n.negotiate("en", "de") == "de"
    assert i18n.negotiate("de", "en") == "en"
    assert i18n.negotiate("de", "fr") == "de"  # an unknown override is ignored


# -- the rules file a refusal cites ---------------------------------------------------------------


@pytest.mark.parametrize(("rules", "cited"), [("en", "star-quest.en.md#Movement"), ("de", "star-quest.de.md#BEWEGUNG")])
def test_a_refusal_cites_the_missions_own_rules_file_and_section(rules, cited):
    """star-quest.en.md#Movement / star-quest.de.md "BEWEGUNG": too far a move."""
    g = Game(rules)
    g.do(Activate("ace"))
    refused = g.refused(Advance("ace", 10, 40))
    assert (refused.code, refused.rule) == ("too_far", cited)
    assert refused.params["allowance"] == 6 and refused.params["length"] == pytest.approx(34)


@pytest.mark.parametrize(("rules", "cited"), [("en", "star-quest.en.md#Preparation"), ("de", "star-quest.de.md#VORBEREITUNG")])
def test_set_up_refusals_cite_the_preparation_section_of_each_file(rules, cited):
    g = Game(rules, start=False)
    assert g.refused(_set_up_again(g)).rule == cited
    assert g.refused(DeployHero("nobody", 1, 1)).rule == cited


def _set_up_again(g: Game):
    from domain.systems.starquest import commands as cmd

    battle = g.battle
    return cmd.SetUpBattle(battle.mission, list(battle.heroes), list(battle.enemies), list(battle.weapons), list(battle.spells))


# -- over HTTP ----------------------------------------------------------------------------------


def _mission(client, rules: str) -> tuple[str, Member, dict]:
    """A mission of two heroes, its id, its host and the answer that created it."""
    campaign = Campaign(client, "Salvage")
    mission = created(campaign.create_mission("B", "star-quest", rules, {"mission": "scrapyard-brawl", "heroes": "Sera Vantis, Gorm Hadley"}))
    return mission["mission_id"], campaign.host, mission


def _command(mission_id: str, host: Member, command: dict, language: str | None = None) -> httpx.Response:
    return host.command(mission_id, command, headers={"accept-language": language} if language else None)


def test_refusals_over_http_in_english_and_german(client):
    """Several 422s, each in both languages: the code and rule stay, the message changes."""
    mission_id, host, _ = _mission(client, "en")
    cases = [
        ({"type": "StartRound"}, "heroes_not_deployed", "deploy every hero first: sera-vantis, gorm-hadley", "stelle zuerst alle Helden auf: sera-vantis, gorm-hadley"),
        ({"type": "Activate", "unit": "ghost"}, "unknown_unit", "no unit 'ghost' in this mission", "keine Einheit 'ghost' in dieser Mission"),
        ({"type": "Hold", "unit": "sera-vantis"}, "not_activated", "activate sera-vantis first", "aktiviere zuerst sera-vantis"),
    ]
    for command, code, english, german in cases:
        en = _command(mission_id, host, command)
        de = _command(mission_id, host, command, "de-DE,de;q=0.9,en;q=0.8")
        assert en.status_code == de.status_code == 422, (en.text, de.text)
        assert en.json()["code"] == de.json()["code"] == code
        assert en.json()["rule"] == de.json()["rule"]
        assert en.headers["content-language"] == "en" and de.headers["content-language"] == "de"
        assert en.json()["message"] == english
        assert de.json()["message"] == german
    assert _command(mission_id, host, {"type": "DeployHero", "unit": "sera-vantis", "x": 9, "y": 2}).status_code == 201
    assert _command(mission_id, host, {"type": "DeployHero", "unit": "gorm-hadley", "x": 14, "y": 2}).status_code == 201
    assert _command(mission_id, host, {"type": "StartRound"}).status_code == 201
    assert _command(mission_id, host, {"type": "Activate", "unit": "sera-vantis"}).status_code == 201
    en = _command(mission_id, host, {"type": "Advance", "unit": "sera-vantis", "x": 9, "y": 20})
    de = _command(mission_id, host, {"type": "Advance", "unit": "sera-vantis", "x": 9, "y": 20}, "de-AT")
    assert en.json()["code"] == de.json()["code"] == "too_far"
    assert en.json()["message"] == 'Advance moves at most 3" here; that move is 18.00"'
    assert de.json()["message"] == 'Vorrücken bewegt hier höchstens 3"; diese Bewegung ist 18.00" lang'


def test_a_german_mission_cites_the_german_rules_file_over_http(client):
    mission_id, host, _ = _mission(client, "de")
    refused = _command(mission_id, host, {"type": "StartRound"}, "de")
    assert refused.json()["rule"] == "star-quest.de.md#VORBEREITUNG"
    assert refused.json()["message"] == "stelle zuerst alle Helden auf: sera-vantis, gorm-hadley"
    assert _command(mission_id, host, {"type": "DeployHero", "unit": "sera-vantis", "x": 9, "y": 2}).status_code == 201
    assert _command(mission_id, host, {"type": "DeployHero", "unit": "gorm-hadley", "x": 14, "y": 2}).status_code == 201
    assert _command(mission_id, host, {"type": "StartRound"}).status_code == 201
    assert _command(mission_id, host, {"type": "Activate", "unit": "sera-vantis"}).status_code == 201
    too_far = _command(mission_id, host, {"type": "Advance", "unit": "sera-vantis", "x": 9, "y": 20})
    assert (too_far.json()["code"], too_far.json()["rule"]) == ("too_far", "star-quest.de.md#BEWEGUNG")


def test_bad_party_cites_the_preparation_section_of_the_missions_rules(client):
    campaign = Campaign(client, "Salvage")
    body = {"name": "B", "system": "star-quest", "rules_version": "de", "options": {"mission": "scrapyard-brawl", "heroes": ""}}
    refused = campaign.host.post(f"/campaigns/{campaign.id}/missions", body, headers={"accept-language": "de"})
    assert refused.status_code == 422
    assert refused.json()["rule"] == "star-quest.de.md#VORBEREITUNG"
    assert refused.json()["message"] == "eine Gruppe sind 2 bis 4 verschiedene Helden (options.heroes, durch Kommas getrennt); 0 genannt"


def test_api_errors_and_body_errors_are_localized(client, table):
    """401, 404, 400 (unknown field, bad dice) and a table refusal, with ?lang= too."""
    no_token = client.get(table.url(), headers={"accept-language": "de"})
    assert no_token.status_code == 401 and no_token.json()["message"] == "sende 'Authorization: Bearer <token>'"
    missing = client.get("/missions/nope", headers={**table.host, "accept-language": "de"})
    assert missing.status_code == 404 and missing.json()["message"] == "nichts mit der ID nope"
    unknown = client.post(table.url("/rolls"), json={"dice": "d6", "purpose": "x", "colour": "red"}, headers={**table.player, "accept-language": "de"})
    assert unknown.status_code == 400 and unknown.json()["field"] == "colour"
    assert unknown.json()["message"] == "unbekanntes Feld `colour`: dieser Anfragekörper kennt es nicht"
    bad = client.post(table.url("/rolls") + "?lang=de", json={"dice": "0d6", "purpose": "x"}, headers=table.player)
    assert bad.status_code == 422 and bad.headers["content-language"] == "de"
    assert bad.json()["message"] == "'0d6': 1 bis 100 Würfel mit 2 bis 1000 Seiten"
    english = client.post(table.url("/rolls"), json={"dice": "0d6", "purpose": "x"}, headers={**table.player, "accept-language": "fr, en;q=0.1"})
    assert english.headers["content-language"] == "en" and english.json()["message"].startswith("'0d6': between 1 and")


# -- descriptions and names in the API ---------------------------------------------------------


def test_replay_and_audit_describe_events_in_the_requested_language(client, table):
    """A d3 reads as a d3 with the d6 face it was drawn as, and the total (design.md#Dice step 4)."""
    table.roll("d6+d3+1", purpose="rush")
    position = table.state()["version"]
    en = client.get(table.url(f"/replay?at={position}"), headers=table.player).json()
    de = client.get(table.url(f"/replay?at={position}"), headers={**table.player, "accept-language": "de"}).json()
    roll = en["event"]["event"]
    (d6, drawn), (_, d3) = roll["faces"], roll["results"]
    assert d3 == (drawn + 1) // 2 and roll["total"] == d6 + d3 + 1
    dice = f"d6 {d6}, d3 {d3} (d6 {drawn}) = {d6 + d3 + 1}"
    assert en["description"] == f"ann rolled {dice} for rush"
    assert de["description"] == f"ann würfelte {dice} für rush"
    first = client.get(table.url("/replay?at=1&lang=de"), headers=table.player).json()
    assert first["description"].startswith("Mission ") and "erstellt" in first["description"]
    audit = client.get(table.url("/audit"), headers={**table.player, "accept-language": "de-DE"}).json()
    assert audit["epochs"][0]["rolls"][-1]["description"] == de["description"]
    page = client.get(table.url("/audit.html"), headers={**table.player, "accept-language": "de"})
    assert de["description"] in page.text and page.headers["content-language"] == "de"


def test_descriptions_endpoint_words_events_as_the_reader_sees_them(client, table):
    """GET /missions/{id}/descriptions: the replay step's words for each position asked, through
    the reader's filter (a shuffle described as the stream carries it); unknown positions left out."""
    rolled = table.roll("2d6", purpose="rush")["events"][0]
    client.post(table.url("/shuffles"), json={"deck": list("abc"), "purpose": "deck"}, headers=table.player)
    shuffled = table.state()["version"]
    asked = [("position", p) for p in (1, rolled["position"], shuffled, 9999, 2**63, 2**85)]
    de = client.get(table.url("/descriptions"), params=asked, headers={**table.spectator, "accept-language": "de"})
    assert de.status_code == 200 and de.headers["content-language"] == "de"
    body = de.json()
    assert body["language"] == "de" and set(body["descriptions"]) == {"1", str(rolled["position"]), str(shuffled)}
    faces = rolled["event"]["faces"]
    assert body["descriptions"][str(rolled["position"])] == f"ann würfelte d6 {faces[0]}, d6 {faces[1]} = {sum(faces)} für rush"
    for position in (1, shuffled):
        step = client.get(table.url(f"/replay?at={position}&lang=de"), headers=table.spectator).json()
        assert body["descriptions"][str(position)] == step["description"]
    english = client.get(table.url(f"/descriptions?position={rolled['position']}"), headers=table.spectator).json()
    assert english["descriptions"][str(rolled["position"])].startswith("ann rolled d6 ")
    too_many = client.get(table.url("/descriptions"), params=[("position", p) for p in range(1, 102)], headers=table.spectator)
    assert too_many.status_code == 422 and too_many.json()["code"] == "too_many"
    assert client.get(table.url("/descriptions?position=1")).status_code == 401


def test_every_star_quest_event_of_a_battle_is_described_in_both_languages():
    g = Game("de", heroes=[hero("Ace", rules=("Fast",))])
    g.do(Activate("ace"))
    g.do(Advance("ace", 10, 9))
    for event in g.events:
        for language in i18n.LANGUAGES:
            text = i18n.describe(event, language)
            assert text != type(event).__name__ and "{" not in text, (event, language)


def test_mission_state_names_the_units_rules_in_the_requested_language(client):
    mission_id, host, mission = _mission(client, "de")
    assert mission["rule_names"] and all(k == v for k, v in mission["rule_names"].items())
    german = host.get(f"/missions/{mission_id}", headers={"accept-language": "de"}).json()["rule_names"]
    assert set(german) == set(mission["rule_names"])
    assert any(k != v for k, v in german.items()), german
    assert all(v == i18n.rule_name(k, "de", "star-quest") for k, v in german.items())


def test_special_rules_endpoint_lists_names_in_both_languages(client):
    en = {r["name"]: r for r in client.get("/systems/star-quest/special-rules").json()}
    de = {r["name"]: r for r in client.get("/systems/star-quest/special-rules", headers={"accept-language": "de"}).json()}
    assert set(en) == set(de) == set(RULES)
    assert en["Blast"]["title"] == "Blast" and de["Blast"]["title"] == "Explosion"
    assert de["Bane"]["versions"] == ["de"] and de["AP"]["title"] == "PB"
    assert en["Lance"]["versions"] == ["en"] and en["Blast"]["versions"] == ["en", "de"]


def test_streams_take_lang_from_the_query_and_the_schema_shows_the_new_fields(client, table):
    """EventSource clients cannot set headers: ?lang= picks the language of the stream's answers."""
    token = table.player["authorization"].split()[1]
    stream = client.get(table.url(f"/stream?follow=false&token={token}&lang=de"))
    assert stream.status_code == 200 and stream.headers["content-language"] == "de"
    refused = client.get(table.url("/stream?follow=maybe&lang=de"), headers=table.player)
    assert refused.status_code == 400 and refused.json()["message"].startswith("`follow` hat einen falschen Wert")
    schema = client.get("/schema/openapi.json").text
    assert "rule_names" in schema and "/systems/{system}/special-rules" in schema and "description" in schema


# -- the purposes of rolls ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("system", "purpose", "german"),
    [
        ("star-quest", "dex test: jump", "Ges-Test: Sprung"),
        ("star-quest", "Plasma Pistol to hit R1", "Trefferwurf: Plasma Pistol gegen R1"),
        ("star-quest", "shake off Crippled", "Gelähmt abschütteln"),
        ("blackstone-fortress", "re-roll: attack: Janus with Pistol at S1", "Wiederholung: Angriff: Janus mit Pistol gegen S1"),
        ("blackstone-fortress", "shuffle the stronghold deck", "den Festungsstapel mischen"),
        ("blackstone-fortress", "defence roll: Janus against a grievous", "Verteidigungswurf: Janus gegen eine schwere Wunde"),
        ("grimdark-future", "U1: Psychic(2)", "U1: Psioniker(2)"),
        ("grimdark-future", "forest: mysterious terrain", "forest: geheimnisvolles Gelände"),
        ("ruinstars", "melee combat: a1 with Blade at b2", "Nahkampf: a1 mit Blade gegen b2"),
        ("ruinstars", "initiative, turn 2", "Initiative, Zug 2"),
    ],
)
def test_a_rolls_purpose_is_worded_in_german_and_stays_english_in_english(system, purpose, german):
    assert i18n.purpose(purpose, "de", system) == german
    assert i18n.purpose(purpose, "en", system) == purpose


def test_every_purpose_pattern_is_in_both_languages_with_the_same_parameters():
    for system in SYSTEMS:
        english, german = i18n.catalogue("en", system).get("purposes", {}), i18n.catalogue("de", system).get("purposes", {})
        assert set(english) == set(german), (system, set(english) ^ set(german))
        for key, text in english.items():
            assert _fields(text) == _fields(german[key]), (system, key)


def test_purposes_endpoint_words_them_in_the_request_language_and_typed_text_stays(client):
    asked = {"text": ["agility roll: Janus", "my own words"]}
    de = client.get("/systems/blackstone-fortress/purposes", params=asked, headers={"accept-language": "de"})
    assert de.status_code == 200 and de.headers["content-language"] == "de"
    assert de.json() == {"language": "de", "purposes": {"agility roll: Janus": "Gewandtheitswurf: Janus", "my own words": "my own words"}}
    en = client.get("/systems/blackstone-fortress/purposes", params=asked).json()
    assert en["purposes"]["agility roll: Janus"] == "agility roll: Janus"
    too_many = client.get("/systems/blackstone-fortress/purposes", params={"text": [str(i) for i in range(101)]})
    assert too_many.status_code == 422 and too_many.json()["code"] == "too_many"
    assert client.get("/systems/nope/purposes").status_code == 404


def test_the_audit_describes_a_rolls_purpose_in_german():
    from domain.events import DiceRolled

    roll = DiceRolled(1, 3, "server", [6], [4], [4], "agility roll: Janus", "x.md#A", "host")
    assert i18n.describe(roll, "de") == "host würfelte d6 4 für Gewandtheitswurf: Janus"


def _purposes_written(package: Path) -> set[str]:
    """Every purpose a system's code writes as a literal (f-string fields as `X1`): passed as
    `purpose=`, to the resolutions' `roll`/`roll_d3`/`test`/`hero_test`/`highest`, or kept in a
    shuffle constant."""
    shapes = (
        r'\bpurpose ?= ?f?"([^"]*)"',
        r'\b(?:res|self|morale)\.roll(?:_d3)?\([^\n"]*?f?"([^"]*)"',
        r'\bres\.test\([^\n]*?, f?"([^"]*)"\)',
        r'hero_test\(res, [^,]+, "\w+", f?"([^"]*)"',
        r'highest\(res, \w+, f?"([^"]*)"',
        r'why: str = "([^"]*)"',
        r'^\w*SHUFFLE = "([^"]*)"',
    )
    found = set()
    for path in package.rglob("*.py"):
        text = path.read_text("utf-8")
        for shape in shapes:
            found |= {re.sub(r"\{[^{}]*\}", "X1", literal) for literal in re.findall(shape, text, re.M)}
    return found


@pytest.mark.parametrize("system", sorted(name for name, game in SYSTEMS.items() if game.words))
def test_every_purpose_the_rules_write_has_an_entry_to_word_it(system):
    """A new roll whose purpose no `[purposes]` pattern matches turns this red (docs/i18n.md#roll-purposes);
    the table's purposes are what players type."""
    package = Path(SYSTEMS[system].words.replace(".", "/")).parent
    written = _purposes_written(ROOT / package)
    assert written, system
    unmatched = sorted(p for p in written if not _matched(p, system))
    assert unmatched == []


def _matched(purpose: str, system: str) -> bool:
    """An entry matches `purpose`, and the purposes it holds (`{purpose}`, `{why}`) in turn."""
    found = next(i18n.purpose_matches(purpose, system), None)
    if found is None:
        return False
    return all(value == "X1" or _matched(value, system) for name, value in found[2].items() if name in ("purpose", "why"))
