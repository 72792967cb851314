"""The army list format (docs/grimdark-future-content-format.md): the core pack's two armies and
the Duel load; a malformed list is refused naming the file, the field and the problem."""

from __future__ import annotations

import msgspec
import pytest

from domain.contract import Setup
from domain.errors import RuleError
from domain.kit.content import ContentError
from domain.systems.grimdark.loading import load_pack
from domain.systems.grimdark.setup import Options, setup
from tests.grimdark.game import CORE

HEADER = b'[pack]\nname = "t"\nversion = "1"\n'


def test_the_core_pack_holds_three_armies_of_500_points_each_with_a_hero():
    """grimdark-future-1.5.md#Preparation, The Armies: 500pts, at least one Hero."""
    assert [(a.id, a.points, [u.name for u in a.units if u.hero]) for a in CORE.armies] == [
        ("ashen-vanguard", 500, ["Captain Hale Morrow"]),
        ("thornback-brood", 500, ["Brood Mother"]),
        ("iron-convoy", 500, ["Marshal Ira Kade"]),
    ]
    squad = CORE.army("ashen-vanguard").units[1]
    assert (squad.name, squad.quality, squad.defense, squad.size, [(m.name, m.count) for m in squad.models]) == ("Vanguard Squad", 4, 4, 5, [("Sergeant", 1), ("Trooper", 4)])
    assert [(w.name, w.range, w.attacks, w.rules) for w in squad.models[0].weapons] == [("Shredder", 18, 2, ("AP(1)",)), ("Bayonet", 0, 1, ())]
    duel = CORE.mission("duel")
    assert (duel.markers, duel.rounds, duel.width, duel.depth) == ("d3+2", 4, 72, 48)


@pytest.mark.parametrize(
    ("unit", "field", "problem"),
    [
        ('quality = 7\ndefense = 4\npoints = 10\nmodels = [{ name = "A" }]', "armies[0].units[0].quality", "7 is not in 2..6"),
        (
            'quality = 4\ndefense = 4\npoints = 10\nrules = ["Bodyguard"]\nmodels = [{ name = "A" }]',
            "armies[0].units[0].rules[0]",
            "'Bodyguard' is not a unit rule this server applies; it applies: Ambush, Fast, Fear, Fearless, Flying, Furious, Impact, Psychic, Regeneration, Scout, Slow, Stealth, Strider, Tough, Transport",
        ),
        ('quality = 4\ndefense = 4\npoints = 10\nrules = ["Tough"]\nmodels = [{ name = "A" }]', "armies[0].units[0].rules[0]", "Tough takes a number X in 2..24: Tough(X)"),
        (
            'quality = 4\ndefense = 4\npoints = 10\nmodels = [{ name = "A", weapons = [{ name = "Gun", range = 24, rules = ["Tough(2)"] }] }]',
            "armies[0].units[0].models[0].weapons[0].rules[0]",
            "Tough is a unit rule, not a weapon rule",
        ),
    ],
)
def test_a_malformed_army_list_is_refused_naming_file_field_and_problem(unit, field, problem):
    army = b'[[armies]]\nid = "a"\nname = "A"\n[[armies.units]]\nname = "U"\n' + unit.encode()
    with pytest.raises(ContentError) as refused:
        load_pack({"pack.toml": HEADER, "armies.toml": army})
    assert (refused.value.file, refused.value.field, refused.value.problem) == ("armies.toml", field, problem)


@pytest.mark.parametrize(
    ("spells", "field", "problem"),
    [
        ('[{ name = "Bolt", value = 7, range = 12, hits = 2 }]', "armies[0].spells[0].value", "7 is not in 1..6"),
        ('[{ name = "Bolt", value = 2, range = 12, hits = 2, rules = ["Tough(2)"] }]', "armies[0].spells[0].rules[0]", "Tough is a unit rule, not a weapon rule"),
        ('[{ name = "Bolt", value = 2, range = 12, hits = 2 }, { name = "Bolt", value = 3, range = 6, hits = 1 }]', "armies[0].spells[1].name", "'Bolt' appears twice"),
        ('[{ name = "Bolt", value = 2, range = 12 }]', "armies[0].spells[0].hits", "0 is not in 1..20"),
        ('[{ name = "Glow", value = 2, range = 12, effect = "shine" }]', "armies[0].spells[0].effect", "'shine' is not one of hits, shooting-bonus, melee-bonus, shooting-penalty, move"),
        ('[{ name = "Glow", value = 2, range = 12, effect = "shooting-bonus", hits = 2 }]', "armies[0].spells[0].hits", "2 is not in 0..0"),
        ('[{ name = "Step", value = 2, range = 12, effect = "move" }]', "armies[0].spells[0].inches", "0 is not in 1..12"),
        ('[{ name = "Glow", value = 2, range = 12, effect = "melee-bonus", rules = ["AP(1)"] }]', "armies[0].spells[0].rules", "only a spell of hits wounds with weapon rules, not 'melee-bonus'"),
    ],
)
def test_a_malformed_spell_is_refused_naming_its_field(spells, field, problem):
    army = b'[[armies]]\nid = "a"\nname = "A"\nspells = ' + spells.encode() + b'\n[[armies.units]]\nname = "U"\nquality = 4\ndefense = 4\npoints = 10\nmodels = [{ name = "A" }]\n'
    with pytest.raises(ContentError) as refused:
        load_pack({"pack.toml": HEADER, "armies.toml": army})
    assert (refused.value.file, refused.value.field, refused.value.problem) == ("armies.toml", field, problem)


def _setup(pack, **options):
    return setup(Setup("1.5", Options(**options), {"core": pack}))


def _with_units(army_id: str, change):
    armies = tuple(msgspec.structs.replace(a, units=change(a.units)) if a.id == army_id else a for a in CORE.armies)
    return msgspec.structs.replace(CORE, armies=armies)


def test_an_army_is_checked_against_the_games_points_heroes_and_vehicles():
    """#Preparation: 500pts, at least one Hero, up to 2 Vehicles or Monsters; #Playing Bigger Games."""
    assert [a.id for a in _setup(CORE).armies] == ["ashen-vanguard", "thornback-brood"]
    heavy = _with_units("ashen-vanguard", lambda units: (*units, msgspec.structs.replace(units[1], name="Spare Squad")))
    with pytest.raises(RuleError) as over:
        _setup(heavy)
    assert (over.value.code, over.value.rule, over.value.params) == ("army_over_points", "grimdark-future-1.5.md#Preparation", {"army": "ashen-vanguard", "points": 610, "max": 500})
    assert [a.points for a in _setup(heavy, points=750).armies] == [610, 500]
    leaderless = _with_units("thornback-brood", lambda units: units[1:])
    with pytest.raises(RuleError) as heroes:
        _setup(leaderless)
    assert heroes.value.params == {"army": "thornback-brood", "heroes": 0, "min": 1, "max": 1}
    tanks = _with_units("thornback-brood", lambda units: (units[0], *(msgspec.structs.replace(u, kind="monster", points=10) for u in units[1:])))
    with pytest.raises(RuleError) as vehicles:
        _setup(tanks)
    assert (vehicles.value.code, vehicles.value.params) == ("army_vehicles", {"army": "thornback-brood", "count": 4, "max": 2})
    with pytest.raises(RuleError) as size:
        _setup(CORE, points=600)
    assert (size.value.code, size.value.rule, size.value.field) == ("unknown_game_size", "grimdark-future-1.5.md#Playing Bigger Games", "options.points")


_BOX = "polygon = [[10, 10], [16, 10], [16, 14], [10, 14]]"


@pytest.mark.parametrize(
    ("piece", "field", "problem"),
    [
        (f'id = "b", {_BOX}, transport = 11, ports = [{{ x = 13, y = 12, height = 2 }}]', "missions[0].terrain[0].ports[0]", "(13.0, 12.0) is not on the building's outline"),
        (f'id = "b", {_BOX}, transport = 11, ports = [{{ x = 13, y = 14, height = 4 }}]', "missions[0].terrain[0].ports[0].height", "4.0 is not in 0..3.0 (the building's height)"),
        (f'id = "b", {_BOX}, ports = [{{ x = 13, y = 14 }}]', "missions[0].terrain[0].ports", "only a solid building (transport > 0) has firing ports"),
        (f'id = "b", {_BOX}, transport = 31', "missions[0].terrain[0].transport", "31 is not in 0..30"),
        (f'id = "b", {_BOX}, transport = 6, elevated = true', "missions[0].terrain[0].elevated", "a solid building is one block: nobody stands on it"),
        (f'id = "b", {_BOX}, height = 0, elevated = true', "missions[0].terrain[0].height", "an elevated piece needs a height > 0 to stand on"),
        (f'id = "u", {_BOX}, transport = 6', "missions[0].terrain[0].id", "'u' is also a unit's id; a building needs its own"),
    ],
)
def test_a_malformed_building_or_height_is_refused_naming_its_field(piece, field, problem):
    """grimdark-future-1.5.md#Terrain, #Solid Buildings: seats, ports on the outline, heights."""
    army = b'[[armies]]\nid = "a"\nname = "A"\n[[armies.units]]\nname = "U"\nquality = 4\ndefense = 4\npoints = 10\nmodels = [{ name = "A" }]\n'
    mission = f'[[missions]]\nid = "m"\nname = "M"\nterrain = [{{ {piece} }}]\n'.encode()
    with pytest.raises(ContentError) as refused:
        load_pack({"pack.toml": HEADER, "armies.toml": army, "missions.toml": mission})
    assert (refused.value.file, refused.value.field, refused.value.problem) == ("missions.toml", field, problem)


def test_the_core_missions_declare_buildings_and_heights():
    pieces = {p.id: p for m in CORE.missions for p in m.terrain}
    assert (pieces["bunker"].transport, [(p.x, p.y, p.height) for p in pieces["bunker"].ports]) == (11, [(36, 16, 2), (36, 20, 2)])
    assert (pieces["brick-house"].transport, pieces["brick-house"].top_port()) == (11, pieces["brick-house"].ports[0])
    assert (pieces["hilltop-ruins"].elevated, pieces["hilltop-ruins"].height) == (True, 2)
