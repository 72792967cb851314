"""Where the solo army's unit goes when it neither charges nor shoots (ai_activation.py): toward
the nearest marker still on the table, else the nearest enemy; holding within 3" of its marker;
a Rush capped at 6" across Difficult Terrain unless it is a Strider or flies; a unit inside a
transport stays in without a target."""

from __future__ import annotations

import msgspec

from domain.systems.grimdark import ai, ai_activation
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.content import TerrainPiece
from domain.systems.grimdark.state import Marker
from tests.grimdark.game import BROOD, SHALLOW, VANGUARD, Game, convoy_ready, row, with_rules
from tests.grimdark.test_ai_embarking import moved


def _brood_up(pack=SHALLOW, markers: tuple[Marker, ...] | None = None) -> Game:
    """The Brood solo, deployed as `ready` puts it (the Bone Crushers from (24, 20), 2" apart),
    the captain has held: the Bone Crushers act first."""
    game = Game(f"{VANGUARD},{BROOD}", pack=pack, solo=BROOD)
    game.ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    if markers is not None:
        _changed(game, markers=markers)
    return game


def _changed(game: Game, **fields) -> None:
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, **fields))


def test_the_goal_is_the_nearest_marker_on_the_table_by_straight_distance():
    """From (24, 20): the marker at (30, 19) is 6.08" off, the one at (24, 10) 10"."""
    game = _brood_up(markers=(Marker("marker-1", 24, 10), Marker("marker-2", 30, 19)))
    assert ai_activation.goal(game.game, game.unit("bone-crushers")) == (30, 19)


def test_a_carried_marker_is_no_goal():
    game = _brood_up(markers=(Marker("marker-1", 24, 10), Marker("marker-2", 30, 19, carrier="ridge-squad")))
    assert ai_activation.goal(game.game, game.unit("bone-crushers")) == (24, 10)


def test_with_every_marker_gone_the_goal_is_the_nearest_enemy_model():
    """The Ridge Squad's second trooper at (23.5, 10) is the nearest Vanguard model to (24, 20)."""
    game = _brood_up(markers=(Marker("marker-1", 30, 19, destroyed=True),))
    assert ai_activation.goal(game.game, game.unit("bone-crushers")) == (23.5, 10)


def test_with_no_marker_and_no_enemy_on_the_table_the_unit_holds():
    game = _brood_up(markers=())
    away = {k: msgspec.structs.replace(u, reserve=True) if u.side == VANGUARD else u for k, u in game.game.units.items()}
    _changed(game, units=away)
    assert ai_activation.goal(game.game, game.unit("bone-crushers")) is None
    assert ai.ai(game.state) == cmd.Hold(unit="bone-crushers")


def test_a_unit_exactly_3_inches_from_its_marker_holds_to_seize_it():
    game = _brood_up(markers=(Marker("marker-1", 24, 17),))
    assert ai.ai(game.state) == cmd.Hold(unit="bone-crushers")


MUD = TerrainPiece("mud", ((28, 17), (32, 17), (32, 19), (28, 19)), difficult=True)


def _in_mud(rules: tuple[str, ...] = (), mud: TerrainPiece = MUD) -> Game:
    pack = msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=(mud,)) for m in SHALLOW.missions))
    return _brood_up(with_rules("Bone Crushers", rules=rules, pack=pack) if rules else pack)


def test_a_rush_across_difficult_terrain_stops_at_6_inches():
    """The Bone Crushers' Slow Rush of 8" toward the marker at (36, 15) crosses the mud: 6"."""
    assert ai.ai(_in_mud().state) == cmd.Rush(unit="bone-crushers", positions=[(29.538, 17.692), (31.538, 17.692), (33.538, 17.692)])


def test_a_strider_or_a_flying_unit_rushes_its_full_8_inches_across_difficult_terrain():
    full = cmd.Rush(unit="bone-crushers", positions=[(31.385, 16.923), (33.385, 16.923), (35.385, 16.923)])
    assert ai.ai(_in_mud(("Strider",)).state) == full
    assert ai.ai(_in_mud(("Flying",)).state) == full


def test_a_move_of_exactly_6_inches_across_difficult_terrain_is_taken():
    """The marker due east at (36, 20), mud from x 28 to 32 along the crushers' row: the third
    model starts in it; the Rush goes 6" east, the most the mud allows, no less."""
    game = _in_mud(mud=TerrainPiece("mud", ((28, 19), (32, 19), (32, 21), (28, 21)), difficult=True))
    _changed(game, markers=(Marker("marker-1", 36, 20),))
    assert ai.ai(game.state) == cmd.Rush(unit="bone-crushers", positions=[(30.0, 20.0), (32.0, 20.0), (34.0, 20.0)])


def test_a_unit_inside_a_transport_holds_without_a_target():
    game = convoy_ready()
    assert ai_activation.act(game.game, game.unit("convoy-squad")) == cmd.Hold(unit="convoy-squad")


def test_the_target_expected_to_take_more_wounds_wins_over_a_nearer_one_by_a_fraction():
    """The Vanguard Squad's 4 Long Rifles and Shredder (AP(1)): at the Brood Mother 9.7" off
    (Defense 5+, Regeneration) 4 x 1/2 x 2/6 x 4/6 + 2 x 1/2 x 3/6 x 4/6 = 0.778 wounds, at the
    Bone Crushers 13.76" off (Defense 5+) 4 x 1/2 x 2/6 + 2 x 1/2 x 3/6 = 1.167: the crushers,
    the estimate compared to its sixth decimal, not to whole wounds."""
    game = Game(f"{VANGUARD},{BROOD}", solo=VANGUARD)
    far = {"spine-spitters": row(54, 28, 5, back=-1.5), "skitter-swarm": row(44, 28, 8, back=-1.5), "creeper-swarm": row(60, 24, 8, back=-1.5)}
    game.ready({"brood-mother": [(10, 21)], "bone-crushers": row(22, 24, 3, 2.0, 1.5), **far})
    assert ai_activation.best_target(game.game, game.unit("vanguard-squad")) == "bone-crushers"


def test_a_flying_unit_passes_over_a_friendly_unit_in_its_way():
    """The Spine Spitters stand in a row at y 18.2 across the Bone Crushers' way to the marker at
    (36, 15), too near its straight end. 20 degrees right, the Rush ends clear but passes over
    them: with Flying the crushers take it; on foot they go 40 degrees left."""
    spitters = {"spine-spitters": [(27.5, 18.2), (29, 18.2), (30.5, 18.2), (26, 18.2), (24.5, 18.2)]}
    flying = _brood_up(with_rules("Bone Crushers", rules=("Flying",)))
    moved(flying, spitters)
    assert ai.ai(flying.state) == cmd.Rush(unit="bone-crushers", positions=[(29.887, 14.583), (31.887, 14.583), (33.887, 14.583)])
    walking = _brood_up()
    moved(walking, spitters)
    assert ai.ai(walking.state) == cmd.Rush(unit="bone-crushers", positions=[(31.635, 22.39), (33.635, 22.39), (35.635, 22.39)])
