"""Army Forge lists refused, and the details of what is kept (domain/systems/grimdark/armyforge.py,
docs/grimdark-future-content-format.md, Army Forge lists): a list too big or with too many units,
a saved list naming a unit or an upgrade the army book lacks, every unknown rule of every unit
named with the warnings kept on the refusal; how options replace weapons on one, some or all
models; the names a list goes by; the Fear a Vehicle's kind already gives."""

from __future__ import annotations

import json

import pytest

from domain.kit.content import ContentError
from domain.systems.grimdark.armyforge import MAX_BYTES, UnitWarning, UnknownRules, from_book, from_flat
from tests.grimdark.test_armyforge import BOOK, FLAT, KINDS, SAVED, _gear


def _json(raw: bytes) -> dict:
    return json.loads(raw)


def _bytes(data: dict) -> bytes:
    return json.dumps(data).encode()


def test_a_list_over_the_size_limit_is_refused_with_its_size():
    with pytest.raises(ContentError) as refused:
        from_flat(b" " * (MAX_BYTES + 1), army_id="wardens", file="mine.json")
    assert (refused.value.file, refused.value.field, refused.value.problem) == ("mine.json", "", "1000001 bytes; a list may hold at most 1000000")


def test_a_list_at_the_size_limit_is_read():
    padded = FLAT + b" " * (MAX_BYTES - len(FLAT))
    assert from_flat(padded, army_id="wardens", accept_unknown=True).army.name == "Saltmarsh Wardens"


def test_a_list_of_more_than_100_units_is_refused_with_the_count():
    flat = _json(FLAT)
    flat["units"] = [flat["units"][2]] * 101
    with pytest.raises(ContentError) as refused:
        from_flat(_bytes(flat), army_id="wardens", accept_unknown=True)
    assert (refused.value.field, refused.value.problem) == ("units", "101 units; a list may hold at most 100")


def test_every_unit_with_unknown_rules_is_named_and_the_refusal_keeps_the_warnings():
    flat = _json(FLAT)
    flat["units"][0]["specialRules"].append({"name": "Relentless", "rating": ""})
    with pytest.raises(UnknownRules) as refused:
        from_flat(_bytes(flat), army_id="wardens")
    error = refused.value
    assert (error.file, error.field, error.problem) == ("list.json", "units[0]", "Captain Odile Frane: not a rule of Grimdark Future 1.5: Relentless")
    assert [(more.field, more.problem) for more in error.more] == [("units[2]", "Warden Squad 2: not a rule of Grimdark Future 1.5: Relentless, Reliable (Reed Rifle)")]
    assert error.warnings == (UnitWarning("Captain Odile Frane", ("Relentless",)), UnitWarning("Warden Squad 2", ("Relentless", "Reliable (Reed Rifle)")))


def test_a_saved_list_naming_a_unit_the_book_lacks_is_refused():
    saved = _json(SAVED)
    saved["list"]["units"][1]["id"] = "zz99"
    with pytest.raises(ContentError) as refused:
        from_book(BOOK, _bytes(saved), army_id="patrol", file="patrol.json")
    assert (refused.value.file, refused.value.field, refused.value.problem) == ("patrol.json", "list.units[1].id", "'zz99' is not a unit of the army book 'Saltmarsh Wardens'")


def test_a_saved_list_naming_an_upgrade_the_book_lacks_is_refused():
    saved = _json(SAVED)
    saved["list"]["units"][0]["selectedUpgrades"][1]["upgradeId"] = "sec-cloak"
    with pytest.raises(ContentError) as refused:
        from_book(BOOK, _bytes(saved), army_id="patrol")
    assert (refused.value.field, refused.value.problem) == ("list.units[0].selectedUpgrades[1]", "upgrade 'sec-cloak' option 'opt-banner' is not in the army book")


def _squad_with(affects, count: int = 1) -> list:
    """The book's Warden Squad (5 Reed Rifles) with the mortar section affecting `affects`."""
    book = _json(BOOK)
    section = book["upgradePackages"][1]["sections"][0]
    if affects is None:
        del section["affects"]
    else:
        section["affects"] = affects
    section["options"][0]["gains"][0]["count"] = count
    saved = _json(SAVED)
    saved["list"]["units"][1]["selectedUpgrades"] = saved["list"]["units"][1]["selectedUpgrades"][:1]
    return from_book(_bytes(book), _bytes(saved), army_id="patrol").army.units[1]


def test_an_option_replaces_weapons_on_as_many_models_as_it_affects():
    rifle, mortar = ("Reed Rifle", 24, 1, ()), ("Bog Mortar", 30, 1, ("Blast(3)", "Indirect"))
    assert _gear(_squad_with(None)) == [("Warden Squad", 4, [rifle]), ("Warden Squad", 1, [mortar])]
    assert _gear(_squad_with("2")) == [("Warden Squad", 3, [rifle]), ("Warden Squad", 2, [mortar])]
    assert _gear(_squad_with(2)) == [("Warden Squad", 3, [rifle]), ("Warden Squad", 2, [mortar])]
    assert _gear(_squad_with("all")) == [("Warden Squad", 5, [mortar])]
    assert _gear(_squad_with("some")) == [("Warden Squad", 4, [rifle]), ("Warden Squad", 1, [mortar])]


def test_an_option_for_all_models_gives_each_its_items_rules():
    squad = from_book(BOOK, SAVED, army_id="patrol").army.units[1]
    assert (squad.rules, squad.points) == (("Scout", "Strider"), 120)


def test_a_saved_list_without_a_name_takes_the_army_name_else_the_id():
    saved = _json(SAVED)
    saved["list"]["name"] = ""
    assert from_book(BOOK, _bytes(saved), army_id="patrol").army.name == "Saltmarsh Wardens"
    saved["armyName"] = ""
    assert from_book(BOOK, _bytes(saved), army_id="patrol").army.name == "patrol"


def test_a_flat_export_without_a_name_takes_the_id_and_a_unit_without_loadout_its_equipment():
    flat = _json(FLAT)
    del flat["name"]
    captain = flat["units"][0]
    captain["equipment"] = captain.pop("loadout")[:1]
    imported = from_flat(_bytes(flat), army_id="wardens", accept_unknown=True)
    assert imported.army.name == "wardens"
    assert _gear(imported.army.units[0]) == [("Captain Odile Frane", 1, [("Marsh Carbine", 18, 2, ("AP(1)",))])]


def test_units_of_the_same_name_are_numbered_from_the_second():
    flat = _json(FLAT)
    flat["units"] = [flat["units"][1], flat["units"][1], flat["units"][1]]
    names = [u.name for u in from_flat(_bytes(flat), army_id="wardens").army.units]
    assert names == ["Warden Squad", "Warden Squad 2", "Warden Squad 3"]


def test_a_later_fear_x_is_reported_on_infantry_and_left_to_the_kind_on_a_monster():
    """1.5's Fear has no X, and every Vehicle or Monster has it (#Unit Types): Fear(2) makes the
    Kiln Crawler a Monster, whose kind gives it Fear; the Acolytes' Fear(1) is a rule 1.5 does
    not know."""
    kinds = _json(KINDS)
    kinds["units"][1]["specialRules"] = [{"name": "Fear", "rating": "1"}]
    kinds["units"][2]["specialRules"].append({"name": "Fear", "rating": "2"})
    imported = from_flat(_bytes(kinds), army_id="choir", accept_unknown=True)
    acolytes, crawler = imported.army.units[1], imported.army.units[2]
    assert (acolytes.kind, acolytes.rules, crawler.kind, crawler.rules) == ("infantry", (), "monster", ("Tough(6)", "Transport(11)", "Impact(3)"))
    assert imported.warnings == (UnitWarning("Cinder Seer", ("Ash Storm (spell)", "Kindle (spell)")), UnitWarning("Choir Acolytes", ("Fear(1)",)))


def test_a_rule_given_twice_is_kept_once_and_a_caster_is_a_psychic():
    kinds = _json(KINDS)
    kinds["units"][0]["specialRules"] += [{"name": "Tough", "rating": "3"}, {"name": "Caster", "rating": " 2 "}]
    seer = from_flat(_bytes(kinds), army_id="choir", accept_unknown=True).army.units[0]
    assert (seer.rules, seer.hero) == (("Tough(3)", "Psychic(2)"), True)


def test_a_list_of_100_units_is_read():
    flat = _json(FLAT)
    flat["units"] = [flat["units"][1]] * 100
    army = from_flat(_bytes(flat), army_id="wardens").army
    assert (len(army.units), army.units[-1].name) == (100, "Warden Squad 100")


def test_an_imported_unit_out_of_range_is_refused_in_the_list_file():
    flat = FLAT.replace(b'"quality": 4, "defense": 4', b'"quality": 4, "defense": 9')
    with pytest.raises(ContentError) as refused:
        from_flat(flat, army_id="wardens", accept_unknown=True, file="wardens.json")
    assert (refused.value.file, refused.value.field, refused.value.problem) == ("wardens.json", "armies[0].units[0].defense", "9 is not in 2..6")


def test_an_option_replacing_an_item_takes_its_rules_away():
    """The captain's Old Banner (Fearless) replaced by the Storm Banner option's Hook Blade."""
    book = _json(BOOK)
    captain = book["units"][0]
    captain["equipment"].append({"type": "ArmyBookItem", "name": "Old Banner", "count": 1, "content": [{"type": "ArmyBookRule", "name": "Fearless", "rating": ""}]})
    book["upgradePackages"][0]["sections"][0]["replaceWhat"] = ["Old Banner"]
    saved = _json(SAVED)
    saved["list"]["units"][0]["selectedUpgrades"] = saved["list"]["units"][0]["selectedUpgrades"][:1]
    imported = from_book(_bytes(book), _bytes(saved), army_id="patrol").army.units[0]
    assert imported.rules == ("Tough(3)",)
    assert _gear(imported) == [("Captain Odile Frane", 1, [("Marsh Carbine", 18, 2, ("AP(1)",)), ("Knife", 0, 1, ()), ("Hook Blade", 0, 3, ("Deadly",))])]


def test_a_book_or_a_list_that_is_not_army_forge_s_is_refused_in_its_own_file():
    with pytest.raises(ContentError) as book:
        from_book(b'{"name": "No units"}', SAVED, army_id="patrol")
    assert (book.value.file, book.value.field) == ("book.json", "units")
    with pytest.raises(ContentError) as big:
        from_book(b" " * (MAX_BYTES + 1), SAVED, army_id="patrol")
    assert (big.value.file, big.value.problem) == ("book.json", "1000001 bytes; a list may hold at most 1000000")
    with pytest.raises(ContentError) as saved:
        from_book(BOOK, b'{"armyName": "x"}', army_id="patrol")
    assert (saved.value.file, saved.value.field) == ("list.json", "list")
    with pytest.raises(ContentError) as flat:
        from_flat(b'{"name": "x"}', army_id="wardens", file="mine.json")
    assert (flat.value.file, flat.value.field) == ("mine.json", "units")


def test_a_saved_list_with_unknown_rules_is_refused_unless_accepted():
    book = BOOK.replace(b'{"name": "Scout", "rating": ""}', b'{"name": "Scout", "rating": ""}, {"name": "Relentless", "rating": ""}')
    with pytest.raises(UnknownRules) as refused:
        from_book(book, SAVED, army_id="patrol")
    assert (refused.value.file, refused.value.field, refused.value.problem) == ("list.json", "units[1]", "Warden Squad: not a rule of Grimdark Future 1.5: Relentless")
    accepted = from_book(book, SAVED, army_id="patrol", accept_unknown=True)
    assert (accepted.army.units[1].rules, accepted.warnings) == (("Scout", "Strider"), (UnitWarning("Warden Squad", ("Relentless",)),))


def test_a_ranged_and_a_melee_weapon_on_two_models_go_to_the_first():
    """Each copy goes to the first model with the fewest weapons of its kind: the Knife joins the
    Rifle on the first model, the second model is left bare."""
    flat = _json(FLAT)
    squad = flat["units"][2]
    squad["size"] = 2
    squad["specialRules"] = []
    squad["loadout"] = [
        {"type": "ArmyBookWeapon", "name": "Reed Rifle", "count": 1, "attacks": 1, "range": 24},
        {"type": "ArmyBookWeapon", "name": "Knife", "count": 1, "attacks": 1, "range": 0},
    ]
    unit = from_flat(_bytes(flat), army_id="wardens").army.units[2]
    assert _gear(unit) == [("Warden Squad 2", 1, [("Reed Rifle", 24, 1, ()), ("Knife", 0, 1, ())]), ("Warden Squad 2", 1, [])]
