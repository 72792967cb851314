"""Free play in inches (domain/systems/ruinstars/free.py): the battlefield's edges and the
deployment zone (#DEPLOYMENT), climbing (#VERTICAL MOVEMENT), Adjacency on a raised piece
(#ADJACENT), Cover 1" from terrain (#COVER), sight past a unit Taken Out (#LINE OF SIGHT) and
the ends a Bug's move toward its enemy tries (#FIRST MISSION UNITS, Bug). 32 mm bases."""

from __future__ import annotations

import math

import msgspec
import pytest

from domain.kit.boards.inches import Base
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars.content import Piece
from domain.systems.ruinstars.free import INCHES
from tests.ruinstars.game import ANYWHERE, NO_ORDERS, PVP, QUIET, Game
from tests.ruinstars.test_combat import battle, of
from tests.ruinstars.test_terrain import battle as walled
from tests.ruinstars.test_terrain import box

#: A 32 mm base's radius in inches.
R = 32 / 25.4 / 2


def on(terrain) -> Game:
    """PvP on a battlefield with these pieces, deployment anywhere, nobody placed yet."""
    pack = msgspec.structs.replace(ANYWHERE, missions=tuple(msgspec.structs.replace(m, terrain=terrain) for m in ANYWHERE.missions))
    return Game(PVP, pack=pack)


def test_a_base_must_lie_wholly_on_the_battlefield_its_edge_may_touch_the_edge():
    """#DEPLOYMENT: the 24" battlefield; a base whose edge touches the table's edge is on it."""
    game = Game(PVP, pack=ANYWHERE)
    for x, y in ((R - 0.01, 12.0), (12.0, 24 - R + 0.01), (24 - R + 0.01, 12.0), (12.0, R - 0.01)):
        refused = game.refused(cmd.Deploy(unit="trooper", x=x, y=y))
        assert (refused.code, refused.params) == ("off_the_battlefield", {"unit": "trooper", "x": x, "y": y, "size": 24})
    game.do(cmd.Deploy(unit="trooper", x=R, y=R))
    game.do(cmd.Deploy(unit="wren", x=24 - R, y=24 - R))
    assert (game.unit("trooper").at.x, game.unit("wren").at.y) == (R, 24 - R)


def test_deployment_within_4_inches_of_the_centre_counts_both_directions():
    """#DEPLOYMENT (Survive): the base's nearest edge within 4" of the centre (12, 12); 5" due
    north puts it 4.37" away."""
    game = Game(PVP, pack=QUIET)
    refused = game.refused(cmd.Deploy(unit="trooper", x=12, y=17))
    assert (refused.code, refused.params) == ("outside_deployment", {"unit": "trooper", "inches": round(5 - R, 2), "within": 4})


def test_climbing_from_a_tower_down_onto_a_lower_ledge():
    """#VERTICAL MOVEMENT: off the 4" tower onto the 2" ledge: 1" over the edge and 4 - 2 - 2 =
    0" down, then 1" to crest the ledge, nothing up: 2" of climbing on a 3.16" line."""
    game = walled({"wren": (13.5, 7.5)})
    game.do(cmd.Activate(unit="wren"))
    (moved,) = game.do(cmd.Move(unit="wren", x=16.5, y=8.5))
    assert (moved.inches, moved.climb, game.unit("wren").at.z) == (round(math.hypot(3, 1) + 2, 3), 2.0, 2)


def test_climbing_over_a_crate_on_a_deck_the_unit_stands_on():
    """#VERTICAL MOVEMENT: on a 2" deck, over a 3" crate on it: 1" up and 1" to crest, then 1"
    over the edge and 3 - 2 - 2 = 0" down; the deck itself costs nothing."""
    game = on((Piece("deck", box(2, 2, 10, 10), 2, elevated=True, climbable=True), Piece("crate", box(5.5, 2, 6, 10), 3, climbable=True)))
    game.place({"wren": (4.5, 6)})
    game.start_turn(1, 2, orders=[NO_ORDERS, NO_ORDERS])
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="cinder-watch"))
    game.do(cmd.Activate(unit="wren"))
    (moved,) = game.do(cmd.Move(unit="wren", x=7, y=6))
    assert (moved.inches, moved.climb) == (5.5, 3.0)


def test_units_on_one_raised_piece_are_adjacent_across_it():
    """#ADJACENT: the ledge they both stand on is no wall between them."""
    game = walled({"trooper": (17, 10), "wren": (19, 10)}, first="first-mission")
    game.do(cmd.Activate(unit="trooper"))
    events = game.do(cmd.MeleeCombat(unit="trooper", weapon="Melee Weapon", target="wren"), 6, 6, 6)
    assert of(events, ev.AttackResolved) == [ev.AttackResolved("trooper", "wren", 0, 0, 0)]


def test_terrain_exactly_1_inch_from_the_target_gives_cover():
    """#COVER: the half wall 1" from Wren's base edge hides part of her: one save re-rolled."""
    game = walled({"trooper": (12, 10), "wren": (12, 15.4 + 1 + R)}, first="first-mission")
    game.do(cmd.Activate(unit="trooper"))
    game.do(cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="wren"), 3, 6, 6, 5)
    assert (game.game.roll.unit, game.game.roll.free) == ("wren", {"cover": 1})


def test_a_unit_taken_out_hides_nobody():
    """#LINE OF SIGHT: Wren, Taken Out, is off the battlefield; Issa Quill shoots the Trooper
    past where she stood."""
    game = battle({"trooper": (12, 8), "wren": (12, 12), "issa-quill": (12, 16)})
    game.do(cmd.Activate(unit="trooper"))
    events = game.do(cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="wren"), 1, 1, 1, *[6] * 6)
    assert of(events, ev.UnitTakenOut) == [ev.UnitTakenOut("wren", "trooper")]
    game.do(cmd.EndActivation(unit="trooper"))
    game.do(cmd.Activate(unit="issa-quill"))
    shot = game.do(cmd.RangedCombat(unit="issa-quill", weapon="Needle Pistol", target="trooper"), 6, 6)
    assert of(shot, ev.AttackResolved) == [ev.AttackResolved("issa-quill", "trooper", 0, 0, 0)]


def _ends(mover_at: tuple[float, float], target_at: tuple[float, float], reach: float = 6.0):
    game = Game(PVP, pack=ANYWHERE)
    mover, target = game.unit("fighter"), game.unit("wren")
    mover = msgspec.structs.replace(mover, at=Base(*mover_at, 0, R))
    target = msgspec.structs.replace(target, at=Base(*target_at, 0, R))
    return INCHES.toward(game.game, mover, target, reach)


def _swerved(start, length, heading, swerves=(0, 20, -20, 40, -40, 60, -60)):
    """The ends `length` from `start`, turned by each swerve from `heading` (degrees)."""
    return [
        (round(start[0] + length * math.cos(math.radians(heading + s)), 3), round(start[1] + length * math.sin(math.radians(heading + s)), 3))
        for s in swerves
    ]


@pytest.mark.parametrize(
    ("target", "length"),
    [((10.0, 12.0), 6.0 - 0.01), ((7.0, 8.0), 5.0 - 2 * R - 0.5), ((4.0 + 2 * R + 0.5 + 0.5, 4.0), 0.5)],
    ids=["as far as the move goes", "until 0.5 inch apart", "half an inch"],
)
def test_a_bug_heads_straight_at_its_enemy_then_swerves_20_degrees_at_a_time_left_first(target, length):
    """#FIRST MISSION UNITS, Bug (our reading, docs/ruinstars-rules-notes.md): a Move of 6" (less
    0.01") at the enemy, stopping 0.5" short of its base; the ends tried turn 20, 40 and 60
    degrees to either side, counter-clockwise first."""
    heading = math.degrees(math.atan2(target[1] - 4.0, target[0] - 4.0))
    assert _ends((4.0, 4.0), target) == _swerved((4.0, 4.0), length, heading)



def test_cover_between_two_raised_pieces_of_one_height():
    """#COVER and #MODIFIERS (High Ground): the Trooper on one 2" ledge, Wren on another behind
    a 4" wall; no higher than her, he leaves her in cover."""
    game = on(
        (
            Piece("near-ledge", box(2, 2, 8, 8), 2, elevated=True, climbable=True),
            Piece("far-ledge", box(2, 12, 8, 18), 2, elevated=True, climbable=True),
            Piece("wall", box(5, 11, 8, 11.4), 4, climbable=True),
        )
    )
    game.place({"trooper": (5, 5), "wren": (5, 12.8)})
    game.start_turn(1, 2, orders=[NO_ORDERS, NO_ORDERS])
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="first-mission"))
    assert (game.unit("trooper").at.z, game.unit("wren").at.z) == (2, 2)
    game.do(cmd.Activate(unit="trooper"))
    game.do(cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="wren"), 3, 6, 6, 5)
    assert (game.game.roll.unit, game.game.roll.free) == ("wren", {"cover": 1})
