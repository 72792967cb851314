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
