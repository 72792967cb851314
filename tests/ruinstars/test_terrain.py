"""Terrain in a mission: ruinstars-2e.md#VERTICAL MOVEMENT (climbing up and down), #ADJACENT
(same elevation, no wall between), #COVER (a re-roll of one save) and High Ground, #LINE OF
SIGHT; No Cover (NCV). The pieces are a test mission's: the Survive map gives no measures."""

from __future__ import annotations

import msgspec

from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars.content import Piece
from tests.ruinstars.game import ANYWHERE, NO_ORDERS, PVP, Game
from tests.ruinstars.test_combat import of


def box(x0, y0, x1, y1):
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


TERRAIN = (
    # a half wall, 1.5" high, covering the right half of a unit standing just behind it
    Piece("half-wall", box(12, 15, 14, 15.4), 1.5, climbable=True),
    # a tower 4" high, for High Ground
    Piece("tower", box(10, 4, 14, 8), 4, elevated=True, climbable=True),
    # a ledge 2" high
    Piece("ledge", box(16, 8, 20, 12), 2, elevated=True, climbable=True),
    # a barrier nobody agreed to climb
    Piece("barrier", box(2, 14, 6, 14.4), 1),
)
PACK = msgspec.structs.replace(
    ANYWHERE,
    missions=tuple(msgspec.structs.replace(m, terrain=TERRAIN) for m in ANYWHERE.missions),
)


def battle(spots, *, first="cinder-watch") -> Game:
    game = Game(PVP, pack=PACK)
    game.place(spots)
    game.start_turn(1, 2, orders=[NO_ORDERS, NO_ORDERS])
    game.do(cmd.ChooseFirst(squad="cinder-watch", first=first))
    return game


def test_climbing_up_costs_the_height_and_1_to_crest_climbing_down_2_less_and_1_over_the_edge():
    """ruinstars-2e.md#VERTICAL MOVEMENT: 2.5" + 2" up + 1" = 5.5"; then 4.5" + 0" + 1" = 5.5"."""
    game = battle({"wren": (14.5, 10)})
    game.do(cmd.Activate(unit="wren"))
    up = game.do(cmd.Move(unit="wren", x=17, y=10))
    assert (up[0].inches, up[0].climb, game.unit("wren").at.z) == (5.5, 3, 2)
    game.do(cmd.EndActivation(unit="wren"))
    for unit in ("leader", "oda-venn", "trooper", "brannoc", "fighter", "issa-quill", "shooter", "teo-marsh"):
        game.do(cmd.Activate(unit=unit))
        game.do(cmd.EndActivation(unit=unit))
    game.do(cmd.EndTurn())
    game.start_turn(1, 2, orders=[NO_ORDERS, NO_ORDERS])
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="cinder-watch"))
    game.do(cmd.Activate(unit="wren"))
    down = game.do(cmd.Move(unit="wren", x=21.5, y=10))
    assert (down[0].inches, down[0].climb, game.unit("wren").at.z) == (5.5, 1, 0)


def test_a_climb_counts_toward_the_move_and_only_climbable_terrain_is_climbed():
    game = battle({"wren": (12, 2), "oda-venn": (4, 12.5)})
    game.do(cmd.Activate(unit="wren"))
    high = game.refused(cmd.Move(unit="wren", x=12, y=5))
    assert (high.code, high.params) == ("too_far", {"unit": "wren", "inches": 8, "max": 6})
    game.do(cmd.EndActivation(unit="wren"))
    game.do(cmd.Activate(unit="leader"))
    game.do(cmd.EndActivation(unit="leader"))
    game.do(cmd.Activate(unit="oda-venn"))
    barrier = game.refused(cmd.Move(unit="oda-venn", x=4, y=16))
    assert (barrier.code, barrier.rule, barrier.params) == (
        "not_climbable",
        "ruinstars-2e.md#VERTICAL MOVEMENT",
        {"unit": "oda-venn", "terrain": "barrier"},
    )
    inside = Game(PVP, pack=PACK).refused(cmd.Deploy(unit="oda-venn", x=4, y=14.2))
    assert (inside.code, inside.params) == (
        "inside_terrain",
        {"unit": "oda-venn", "terrain": ["barrier"]},
    )


def test_no_adjacency_across_a_wall_or_between_elevations():
    """ruinstars-2e.md#ADJACENT: within 1" is not enough."""
    game = battle({"oda-venn": (4, 13.2), "trooper": (4, 15.2), "wren": (17, 10), "fighter": (15.3, 10)})
    game.do(cmd.Activate(unit="oda-venn"))
    wall = game.refused(cmd.MeleeCombat(unit="oda-venn", weapon="Shock Maul", target="trooper"))
    assert (wall.code, wall.params["inches"]) == ("not_adjacent", 0.74)
    game.do(cmd.EndActivation(unit="oda-venn"))
    game.do(cmd.Activate(unit="leader"))
    game.do(cmd.EndActivation(unit="leader"))
    game.do(cmd.Activate(unit="wren"))
    ledge = game.refused(cmd.MeleeCombat(unit="wren", weapon="Arc Lash", target="fighter"))
    assert (ledge.code, ledge.params["inches"]) == ("not_adjacent", 0.44)


def test_a_target_behind_terrain_within_1_inch_is_in_cover_and_re_rolls_one_save():
    """ruinstars-2e.md#COVER: the half wall hides the right half of Wren from the Trooper."""
    game = battle({"trooper": (12, 10), "wren": (12, 16.2)}, first="first-mission")
    game.do(cmd.Activate(unit="trooper"))
    game.do(cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="wren"), 3, 6, 6, 5)
    assert (game.game.roll.unit, game.game.roll.free) == ("wren", {"cover": 1})
    events = game.do(cmd.Reroll(squad="cinder-watch", dice=[0]), 4)
    assert events[1] == ev.DiceRerolled("cinder-watch", [0], [5], [4], ["cover"], 0)
    assert events[-1] == ev.SavesResolved("wren", "trooper", 1, 1, 0, 0, 3, 0)


def test_no_cover_from_4_inches_higher():
    """ruinstars-2e.md#MODIFIERS, High Ground: the Trooper on the 4" tower."""
    game = battle({"trooper": (12, 6), "wren": (12, 16.2)}, first="first-mission")
    assert game.unit("trooper").at.z == 4
    game.do(cmd.Activate(unit="trooper"))
    events = game.do(
        cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="wren"), 3, 6, 6, 5
    )
    assert of(events, ev.SavesRolled)[0].free == {}


def test_no_cover_against_a_no_cover_weapon():
    """NCV: Teo Marsh's Scattergun at the Fighter behind the half wall."""
    game = battle({"teo-marsh": (12, 10), "fighter": (12, 16.2)})
    game.do(cmd.Activate(unit="teo-marsh"))
    events = game.do(
        cmd.RangedCombat(unit="teo-marsh", weapon="Scattergun", target="fighter"),
        *(3, 6, 6, 6),
        5,
    )
    assert of(events, ev.SavesRolled)[0].free == {}
