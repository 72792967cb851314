"""What a Grimdark Future unit and battle answer about themselves (domain/systems/grimdark/state.py):
a unit's Defense and Morale by its models' majority, when it is at half strength, the wounds
attacks add up to, and which pieces are solid buildings."""

from __future__ import annotations

import msgspec
import pytest

from domain.systems.grimdark.content import Models, TerrainPiece, UnitProfile
from domain.systems.grimdark.state import Model, Unit, Wounds
from tests.grimdark.test_buildings import BLOCKHOUSE, prepared

SQUAD = UnitProfile("Ridge Squad", quality=4, defense=5, points=100, models=(Models("Trooper", 5),))
#: A hero who joined the squad: better Quality and Defense, Tough(3).
HERO = UnitProfile("Captain", quality=3, defense=3, points=60, models=(Models("Captain"),), rules=("Tough(3)",), hero=True)
GIANT = UnitProfile("Bone Crusher", quality=4, defense=4, points=80, models=(Models("Bone Crusher"),), rules=("Tough(6)",))


def unit(profile: UnitProfile, models: list[Model], size: int) -> Unit:
    return Unit("u", "a", "a", profile, tuple(models), size=size)


def troopers(n: int) -> list[Model]:
    return [Model(f"t{i}", "Trooper", ()) for i in range(n)]


def heroes(n: int) -> list[Model]:
    return [Model(f"h{i}", "Captain", (), own=HERO) for i in range(n)]


@pytest.mark.parametrize(
    ("models", "defense", "quality"),
    [
        (troopers(3) + heroes(1), 5, 4),  # most are troopers
        (troopers(1) + heroes(3), 3, 3),  # most are heroes: theirs
        (troopers(2) + heroes(2), 5, 4),  # no value held by more than half: the unit's own
        (heroes(2) + troopers(2), 5, 4),  # whichever comes first
        (heroes(1), 3, 3),
        ([], 5, 4),  # no models left: the unit's own
    ],
)
def test_defense_and_morale_are_the_values_most_models_have(models, defense, quality):
    """#Unit Types, Heroes: Defense and Morale use the value most of a unit's models have."""
    squad = unit(SQUAD, models, 5)
    assert (squad.defense, squad.morale_quality) == (defense, quality)


@pytest.mark.parametrize(("models", "size", "half"), [(5, 10, True), (6, 10, False), (1, 2, True), (2, 3, False)])
def test_a_unit_is_at_half_strength_with_half_its_models_or_fewer(models, size, half):
    """#Morale: half or less of its total size."""
    assert unit(SQUAD, troopers(models), size).at_half_or_less() is half


@pytest.mark.parametrize(("wounds", "half"), [(2, False), (3, True), (4, True)])
def test_a_unit_of_one_tough_model_is_at_half_strength_with_half_its_tough_gone(wounds, half):
    """#Morale: a unit of one model counts its Tough value: Tough(6) at 3 wounds is at half."""
    giant = unit(GIANT, [Model("g", "Bone Crusher", (), wounds=wounds)], 1)
    assert giant.at_half_or_less() is half


def test_wounds_add_up_by_kind():
    total = Wounds(3, 1, 2, 1) + Wounds(2, 2, 1, 4)
    assert (total.count, total.deadly, total.sniped, total.sniped_deadly) == (5, 3, 3, 5)


def test_a_unit_rule_reads_the_host_s_rules_and_each_model_s_own_tough():
    """mixed.py: Scout is the host's, whoever joined; a joined hero's Tough is its own."""
    scouts = msgspec.structs.replace(SQUAD, rules=("Scout",))
    squad = unit(scouts, troopers(2) + heroes(1), 3)
    assert squad.rule("Scout") is True and squad.scout
    assert unit(SQUAD, troopers(2) + heroes(1), 3).rule("Scout") is False
    assert [squad.tough_of(m) for m in squad.models] == [1, 1, 3]


def test_only_a_piece_with_seats_is_a_building_and_a_unit_s_id_is_never_one():
    """#Solid Buildings: a piece with Transport(X) seats; a unit of that id is a transport unit."""
    crate = TerrainPiece("crate", ((0, 0), (1, 0), (1, 1), (0, 1)), height=1)
    battle = prepared(BLOCKHOUSE, (crate,)).game
    assert battle.building("blockhouse") == BLOCKHOUSE
    assert battle.building("crate") is None and battle.building("") is None and battle.building("nowhere") is None
    unit_id = next(iter(battle.units))
    shadowed = msgspec.structs.replace(battle, mission=msgspec.structs.replace(battle.mission, terrain=(*battle.mission.terrain, msgspec.structs.replace(BLOCKHOUSE, id=unit_id))))
    assert shadowed.building(unit_id) is None
