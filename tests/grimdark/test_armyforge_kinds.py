"""What an Army Forge unit is and the base it stands on (domain/systems/grimdark/armyforge_kinds.py,
grimdark-future-1.5.md#Unit Types): the kind from its rules' Tough, Transport, Aircraft, Fear and
Regeneration and how many models it has; the base from the round one Army Forge suggests, else
the square one, else its kind's."""

from __future__ import annotations

import pytest

from domain.systems.grimdark.armyforge_kinds import UnitType, unit_type
from domain.systems.grimdark.armyforge_shapes import Bases, Unit


@pytest.mark.parametrize(
    ("size", "rules", "kind"),
    [
        (1, ["Tough(5)"], UnitType("infantry", False, 25)),
        (1, ["Tough(6)"], UnitType("vehicle", False, 60)),
        (2, ["Tough(6)"], UnitType("infantry", False, 25)),
        (3, ["Tough(6)", "Transport(6)"], UnitType("vehicle", False, 60)),
        (1, ["Tough(6)", "Fear(1)"], UnitType("monster", False, 60)),
        (1, ["Tough(6)", "Regeneration"], UnitType("monster", False, 60)),
        (1, ["Tough(14)", "Fear(2)"], UnitType("monster", False, 60)),
        (1, ["Tough(15)"], UnitType("titan", False, 100)),
        (4, ["Tough(15)", "Fear(3)"], UnitType("titan", False, 100)),
        (1, ["Aircraft"], UnitType("vehicle", True, 60)),
        (1, ["Aircraft", "Fear(1)", "Tough(6)"], UnitType("vehicle", True, 60)),
        (5, ["Fear(1)"], UnitType("infantry", False, 25)),
    ],
)
def test_the_kind_comes_from_tough_transport_aircraft_and_living_rules(size, rules, kind):
    assert unit_type(Unit(size=size), rules) == kind


@pytest.mark.parametrize(
    ("bases", "base"),
    [
        (Bases(round="32", square="25"), 32),
        (Bases(round="none", square="28"), 28),
        (Bases(round="90x52"), 90),
        (Bases(square="35x60"), 60),
        (Bases(round=40), 40),
        (Bases(round="none", square="none"), 60),
        (None, 60),
    ],
)
def test_the_base_is_the_round_one_else_the_square_one_else_the_kinds(bases, base):
    assert unit_type(Unit(bases=bases), ["Tough(6)"]).base == base
