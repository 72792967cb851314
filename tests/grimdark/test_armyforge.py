"""Army Forge lists (docs/grimdark-future-content-format.md, Army Forge lists): both JSON shapes
become our army with Army Forge's points, and rules Grimdark Future 1.5 does not know are
reported per unit: refused, or accepted with a warning when the player asks for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.kit.content import ContentError
from domain.systems.grimdark.armyforge import UnitWarning, from_book, from_flat

HERE = Path(__file__).parent / "armyforge"
FLAT = (HERE / "flat.json").read_bytes()
BOOK = (HERE / "book.json").read_bytes()
SAVED = (HERE / "saved.json").read_bytes()


def _gear(unit):
    return [(m.name, m.count, [(w.name, w.range, w.attacks, w.rules) for w in m.weapons]) for m in unit.models]


def test_a_flat_export_with_unknown_rules_is_refused_naming_each_unit_and_rule():
    with pytest.raises(ContentError) as refused:
        from_flat(FLAT, army_id="wardens")
    assert (refused.value.file, refused.value.field, refused.value.problem) == (
        "list.json",
        "units[2]",
        "Warden Squad 2: not a rule of Grimdark Future 1.5: Relentless, Reliable (Reed Rifle)",
    )


def test_a_flat_export_accepted_with_warnings_keeps_what_1_5_knows_and_costs_base_plus_upgrades():
    imported = from_flat(FLAT, army_id="wardens", accept_unknown=True)
    army = imported.army
    assert (army.id, army.name, army.points) == ("wardens", "Saltmarsh Wardens", 75 + 120 + 60)
    assert imported.warnings == (UnitWarning("Warden Squad 2", ("Relentless", "Reliable (Reed Rifle)")),)
    captain, squad, second = army.units
    assert (captain.name, captain.hero, captain.quality, captain.defense, captain.points, captain.rules) == (
        "Captain Odile Frane", True, 4, 4, 75, ("Tough(3)", "Fearless"),
    )
    assert _gear(captain) == [("Captain Odile Frane", 1, [("Marsh Carbine", 18, 2, ("AP(1)",)), ("Hook Blade", 0, 3, ("Deadly",))])]
    assert (squad.points, squad.defense, squad.rules, squad.size) == (120, 5, ("Scout", "Strider"), 5)
    assert _gear(squad) == [("Warden Squad", 4, [("Reed Rifle", 24, 1, ())]), ("Warden Squad", 1, [("Bog Mortar", 30, 1, ("Blast(3)", "Indirect"))])]
    assert (second.name, second.rules, _gear(second)) == ("Warden Squad 2", (), [("Warden Squad 2", 3, [("Reed Rifle", 24, 1, ())])])


def test_a_saved_list_applies_the_book_options_it_names_and_their_costs():
    imported = from_book(BOOK, SAVED, army_id="patrol")
    captain, squad = imported.army.units
    assert (imported.army.name, imported.army.points, imported.warnings) == ("Marsh Patrol", 70 + 120, ())
    assert (captain.name, captain.points, captain.rules, captain.hero) == ("Captain Odile Frane", 70, ("Tough(3)", "Fearless"), True)
    assert _gear(captain) == [("Captain Odile Frane", 1, [("Marsh Carbine", 18, 2, ("AP(1)",)), ("Hook Blade", 0, 3, ("Deadly",))])]
    assert (squad.points, squad.rules) == (120, ("Scout", "Strider"))
    assert _gear(squad) == [("Warden Squad", 4, [("Reed Rifle", 24, 1, ())]), ("Warden Squad", 1, [("Bog Mortar", 30, 1, ("Blast(3)", "Indirect"))])]


def test_a_saved_list_naming_an_option_the_book_lacks_is_refused():
    saved = SAVED.replace(b'"opt-mortar"', b'"opt-flamer"')
    with pytest.raises(ContentError) as refused:
        from_book(BOOK, saved, army_id="patrol")
    assert (refused.value.field, refused.value.problem) == ("list.units[1].selectedUpgrades[0]", "upgrade 'sec-mortar' option 'opt-flamer' is not in the army book")


def test_a_later_deadly_other_than_3_is_reported_not_converted():
    flat = FLAT.replace(b'"name": "Deadly", "rating": "3"', b'"name": "Deadly", "rating": "6"')
    with pytest.raises(ContentError) as refused:
        from_flat(flat, army_id="wardens")
    assert (refused.value.field, refused.value.problem) == ("units[0]", "Captain Odile Frane: not a rule of Grimdark Future 1.5: Deadly(6) (Hook Blade)")


def test_an_imported_unit_out_of_range_is_refused_like_a_pack_unit():
    flat = FLAT.replace(b'"quality": "4"', b'"quality": "7"')
    with pytest.raises(ContentError) as refused:
        from_flat(flat, army_id="wardens", accept_unknown=True)
    assert (refused.value.field, refused.value.problem) == ("armies[0].units[1].quality", "7 is not in 2..6")


KINDS = (HERE / "flat_kinds.json").read_bytes()


def test_an_imported_caster_gets_the_army_spells_army_forge_words_as_ours():
    imported = from_flat(KINDS, army_id="choir", accept_unknown=True)
    seer = imported.army.units[0]
    assert (seer.name, seer.rules, seer.rule("Psychic")) == ("Cinder Seer", ("Tough(3)", "Psychic(2)"), 2)
    assert [(s.name, s.value, s.range, s.effect, s.hits, s.rules, s.inches) for s in imported.army.spells] == [
        ("Ember Lash", 4, 12, "hits", 2, ("AP(1)",), 0),
        ("Choir Hymn", 4, 12, "shooting-bonus", 0, (), 0),
        ("Soot Veil", 5, 18, "shooting-penalty", 0, (), 0),
        ("Heat Shimmer", 5, 12, "move", 0, (), 6),
        ("Furnace Roar", 6, 18, "hits", 6, ("Blast(3)", "AP(2)"), 0),
    ]
    assert imported.warnings == (UnitWarning("Cinder Seer", ("Ash Storm (spell)", "Kindle (spell)")),)


def test_spells_army_forge_words_otherwise_refuse_the_list_like_unknown_rules():
    with pytest.raises(ContentError) as refused:
        from_flat(KINDS, army_id="choir")
    assert (refused.value.field, refused.value.problem) == ("units[0]", "Cinder Seer: not a rule of Grimdark Future 1.5: Ash Storm (spell), Kindle (spell)")


def test_an_army_without_a_psychic_reads_no_spells_and_reports_none():
    flat = KINDS.replace(b'{"name": "Caster", "rating": "2"}', b'{"name": "Fearless", "rating": ""}')
    imported = from_flat(flat, army_id="choir")
    assert (imported.army.spells, imported.warnings) == ((), ())


def test_an_imported_unit_kind_and_base_come_from_its_rules_and_bases():
    army = from_flat(KINDS, army_id="choir", accept_unknown=True).army
    assert [(u.name, u.kind, u.flyer, u.base, u.rules) for u in army.units] == [
        ("Cinder Seer", "infantry", False, 32, ("Tough(3)", "Psychic(2)")),
        ("Choir Acolytes", "infantry", False, 25, ()),
        ("Kiln Crawler", "vehicle", False, 60, ("Tough(6)", "Transport(11)", "Impact(3)")),
        ("Smoke Wyrm", "monster", False, 90, ("Tough(9)",)),
        ("Furnace Colossus", "titan", False, 130, ("Tough(18)",)),
        ("Spark Kite", "vehicle", True, 60, ("Tough(3)",)),
    ]
    wyrm = army.units[3]
    assert (wyrm.rule("Fear"), wyrm.rule("Impact")) == (True, 3)


def test_a_saved_list_reads_the_book_spells_and_bases():
    book = BOOK.replace(b'"upgrades": ["pk-captain"],', b'"upgrades": ["pk-captain"], "bases": {"round": "40"},').replace(
        b'{"name": "Tough", "rating": "3"}]', b'{"name": "Tough", "rating": "3"}, {"name": "Psychic", "rating": "1"}]'
    )
    book = book.replace(b'"upgradePackages"', b'"spells": [{"id": "s1", "name": "Mire Bolt", "threshold": 2, "effect": "Target enemy unit within 12\\" takes 1 hit."}], "upgradePackages"')
    imported = from_book(book, SAVED, army_id="patrol")
    captain, squad = imported.army.units
    assert (captain.base, squad.base, captain.rule("Psychic")) == (40, 25, 1)
    assert [(s.name, s.value, s.range, s.hits) for s in imported.army.spells] == [("Mire Bolt", 5, 12, 1)]
