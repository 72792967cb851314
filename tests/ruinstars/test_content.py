"""The content format (docs/ruinstars-content-format.md): the core pack loads; a malformed file is
refused naming the file, the field and the problem."""

from __future__ import annotations

import pytest

from domain.kit.content import ContentError
from domain.systems.ruinstars.content import SPECIALS
from domain.systems.ruinstars.loading import load_pack
from tests.ruinstars.game import CORE

HEADER = b'[pack]\nname = "t"\nversion = "1"\n'


def test_the_core_pack_holds_the_first_missions_bug_and_spawn_point_and_uses_every_weapon_special():
    """ruinstars-2e.md#1 - SURVIVE: Bug ACT 2 ARM 3 HIT 1, Bite 3 attacks at 4; Spawn Point ARM 4 HIT 1."""
    bug = CORE.named("units", "Bug")
    assert (
        bug.act,
        bug.arm,
        bug.hit,
        [(w.name, w.kind, w.att, w.skl) for w in bug.weapons],
    ) == (2, 3, 1, [("Bite", "melee", 3, 4)])
    spawn = CORE.named("items", "Spawn Point")
    assert (spawn.arm, spawn.hit) == (4, 1)
    survive = CORE.named("missions", "survive")
    assert (
        survive.turns,
        survive.deploy_within,
        survive.spawns,
        survive.spawn_max,
        len(survive.spawn_points),
    ) == (4, 4, "Bug", 4, 3)
    used = {
        s.rstrip("0123456789") if s not in ("2MC", "2RC") else s
        for u in CORE.units
        for w in u.weapons
        for s in w.specials
    }
    assert used == set(SPECIALS)
    assert CORE.named("units", "Oda Venn").weapons[1].special("RNG") == 18


def refusal(units: str) -> ContentError:
    with pytest.raises(ContentError) as error:
        load_pack({"pack.toml": HEADER, "units.toml": units.encode()})
    return error.value


def test_an_unknown_weapon_special_names_file_field_and_problem():
    error = refusal(
        '[[units]]\nname = "A"\nact = 2\narm = 3\nhit = 3\nweapons = [{ name = "Gun", kind = "ranged", att = 2, skl = 3, specials = ["RNG6", "ZAP"] }]\n'
    )
    assert (error.file, error.field) == (
        "units.toml",
        "units[0].weapons[0].specials[1]",
    )
    assert error.problem.startswith("unknown weapon special 'ZAP'")


def test_a_special_on_the_wrong_kind_of_weapon_or_without_its_x_is_refused():
    error = refusal(
        '[[units]]\nname = "A"\nact = 2\narm = 3\nhit = 3\nweapons = [{ name = "Axe", kind = "melee", att = 2, skl = 3, specials = ["ACC1", "BRU"] }]\n'
    )
    assert [(e.field, e.problem) for e in (error, *error.more)] == [
        ("units[0].weapons[0].specials[0]", "ACC applies to ranged weapons, not melee"),
        ("units[0].weapons[0].specials[1]", "BRU takes a number x in 1..10 (BRUx)"),
    ]


def test_a_stat_out_of_range_and_a_squad_naming_no_card_are_refused():
    error = refusal(
        '[[units]]\nname = "A"\nact = 0\narm = 7\nhit = 3\n[[squads]]\nname = "S"\nunits = ["A", "B"]\n'
    )
    assert [(e.file, e.field, e.problem) for e in (error, *error.more)] == [
        ("units.toml", "units[0].act", "0 is not in 1..10"),
        ("units.toml", "units[0].arm", "7 is not in 1..6"),
        ("units.toml", "squads[0].units[1]", "no unit card 'B'; known: ['A']"),
    ]


def test_a_misspelt_field_is_named():
    error = refusal('[[units]]\nname = "A"\nact = 2\narm = 3\nhitt = 3\n')
    assert (error.file, error.field, error.problem) == (
        "units.toml",
        "units[0].hitt",
        "unknown field",
    )


def test_terrain_pieces_need_a_usable_polygon_on_the_battlefield_and_a_height():
    error = refusal(
        '[[missions]]\nid = "m"\nname = "M"\n'
        '[[missions.terrain]]\nid = "bow"\npolygon = [[0, 0], [2, 2], [2, 0], [0, 2]]\nheight = 1\n'
        '[[missions.terrain]]\nid = "out"\npolygon = [[20, 20], [30, 20], [20, 22]]\nheight = 0\n'
    )
    assert [(e.field, e.problem) for e in (error, *error.more)] == [
        (
            "missions[0].terrain[0].polygon",
            "polygon crosses itself; list its corners in order around the edge",
        ),
        ("missions[0].terrain[1].polygon[1]", '[30, 20] is off a 24" battlefield'),
        ("missions[0].terrain[1].height", 'a height is more than 0" and at most 12", not 0'),
    ]


def test_a_door_is_not_elevated_and_markers_lie_on_the_battlefield_once():
    error = refusal(
        '[[missions]]\nid = "m"\nname = "M"\n'
        '[[missions.terrain]]\nid = "gate"\npolygon = [[0, 0], [2, 0], [2, 1]]\nheight = 2\n'
        "door = true\nelevated = true\n"
        '[[missions.markers]]\nid = "intel"\nat = [3, 3]\n'
        '[[missions.markers]]\nid = "intel"\nat = [25, 3]\n'
    )
    assert [(e.field, e.problem) for e in (error, *error.more)] == [
        ("missions[0].terrain[0].door", "a door is not elevated: nobody stands on it"),
        ("missions[0].markers[1].id", "'intel' appears twice"),
        ("missions[0].markers[1].at", '[25, 3] is off a 24" battlefield'),
    ]


def test_a_mission_action_names_the_missions_marker_costs_1_to_3_act_and_0_to_10_mp():
    error = refusal(
        '[[missions]]\nid = "m"\nname = "M"\n'
        '[[missions.markers]]\nid = "intel"\nat = [3, 3]\n'
        '[[missions.actions]]\nid = "hack"\nmarker = "intel"\npoints = 2\n'
        '[[missions.actions]]\nid = "hack"\nact = 4\npoints = 11\nmarker = "relay"\n'
    )
    assert [(e.field, e.problem) for e in (error, *error.more)] == [
        ("missions[0].actions[1].id", "'hack' appears twice"),
        ("missions[0].actions[1].act", "1 to 3 ACT, not 4"),
        ("missions[0].actions[1].points", "0 to 10 MP, not 11"),
        ("missions[0].actions[1].marker", "no marker 'relay' in the mission"),
    ]
