"""grimdark-future-1.5.md#Terrain and #General Principles, Line of Sight, with pieces on the
test table: cover, difficult and dangerous terrain, and obstacles that block sight."""

from __future__ import annotations

import msgspec

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.content import TerrainPiece
from tests.grimdark.game import SHALLOW, Game, row, with_rules

#: Around the Spine Spitters, (12..16.5, 20) and (12, 21.5).
RUINS = TerrainPiece("ruins", ((10, 18.5), (19, 18.5), (19, 23), (10, 23)), cover=True)
#: Between the Vanguard Squad and the Spine Spitters, taller than a model's eyes.
WALL = TerrainPiece("wall", ((8, 14), (22, 14), (22, 15), (8, 15)), height=6, blocks_sight=True)
#: Just in front of the Vanguard Squad, (12..16.5, 10) and (12, 8.5).
MUD = TerrainPiece("mud", ((10, 11), (20, 11), (20, 13), (10, 13)), difficult=True)
#: Under the Vanguard Squad.
MINES = TerrainPiece("minefield", ((11, 7), (18, 7), (18, 11), (11, 11)), dangerous=True)


def _on(*pieces: TerrainPiece, rules: tuple[str, ...] = ()) -> Game:
    pack = msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=pieces) for m in SHALLOW.missions))
    if rules:
        armies = tuple(msgspec.structs.replace(a, units=tuple(msgspec.structs.replace(u, rules=(*u.rules, *rules)) if u.name == "Vanguard Squad" else u for u in a.units)) for a in pack.armies)
        pack = msgspec.structs.replace(pack, armies=armies)
    game = Game(pack=pack)
    game.ready()
    return game


def _attacks(events):
    return [e for e in events if isinstance(e, ev.AttackResolved)]


def test_shooting_at_a_unit_mostly_in_cover_takes_1_off_the_rolls():
    """Long Rifles (Quality 4+) at the Spine Spitters in ruins: only the 5 hits."""
    game = _on(RUINS)
    events = game.do(cmd.Hold(unit="vanguard-squad", target="spine-spitters"), 1, 1, 4, 4, 4, 5, 3)
    assert _attacks(events)[-1] == ev.AttackResolved("vanguard-squad", "Long Rifle", "spine-spitters", 4, 1, 1)


def test_an_obstacle_taller_than_the_models_blocks_line_of_sight():
    game = _on(WALL)
    assert game.refused(cmd.Hold(unit="vanguard-squad", target="spine-spitters")).code == "no_shot"


def test_a_move_through_difficult_terrain_goes_6_inches_at_most_unless_strider():
    across = cmd.Rush(unit="vanguard-squad", positions=row(12, 17, 5))
    game = _on(MUD)
    refused = game.refused(across)
    assert (refused.code, refused.params) == ("too_far", {"unit": "vanguard-squad", "action": "rush", "max": 6.0, "inches": 7.0})
    strider = _on(MUD, rules=("Strider",))
    assert strider.do(across)[0] == ev.UnitMoved("vanguard-squad", "rush", row(12, 17, 5), 7.0)


def test_a_flying_unit_is_not_held_to_6_inches_over_difficult_terrain():
    """#Special Rules, Flying: it moves over terrain as if it were not there; the refusal on
    foot names the positions."""
    across = cmd.Rush(unit="vanguard-squad", positions=row(12, 17, 5))
    assert _on(MUD).refused(across).field == "positions"
    flying = _on(MUD, rules=("Flying",))
    assert flying.do(across)[0] == ev.UnitMoved("vanguard-squad", "rush", row(12, 17, 5), 7.0)


def test_each_model_activating_in_dangerous_terrain_rolls_and_a_1_wounds_it():
    game = _on(MINES)
    events = game.do(cmd.Hold(unit="vanguard-squad"), 4, 1, 3, 5, 6)
    rolls = [(e.purpose, e.results, e.rule) for e in events if type(e).__name__ == "DiceRolled"]
    assert rolls == [("vanguard-squad: dangerous terrain", [4, 1, 3, 5, 6], "grimdark-future-1.5.md#Terrain")]
    assert ev.ModelRemoved("vanguard-squad", "vanguard-squad-2") in events  # the model that rolled the 1
    assert [m.id for m in game.unit("vanguard-squad").models] == ["vanguard-squad-1", "vanguard-squad-3", "vanguard-squad-4", "vanguard-squad-5"]


def _mined(places: dict[str, list[tuple[float, float]]], rules: tuple[str, ...] = ()) -> Game:
    pack = msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=(MINES,)) for m in SHALLOW.missions))
    game = Game(pack=with_rules("Vanguard Squad", rules=rules, pack=pack) if rules else pack)
    game.ready(places)
    return game


def test_a_model_whose_base_reaches_into_dangerous_terrain_rolls_too():
    """The squad 0.4" west of the minefield: the two models at x 10.6 stand outside it, their
    bases (0.49" across the centre) reach in; all five roll."""
    game = _mined({"vanguard-squad": row(10.6, 10, 5)})
    events = game.do(cmd.Hold(unit="vanguard-squad"), 2, 3, 4, 5, 6)
    rolls = [(e.purpose, e.results) for e in events if type(e).__name__ == "DiceRolled"]
    assert rolls == [("vanguard-squad: dangerous terrain", [2, 3, 4, 5, 6])]


def test_dangerous_terrain_puts_one_wound_on_a_tough_model_and_spares_a_flying_unit():
    """Captain Hale Morrow (Tough(3)) in the minefield rolls a 1: one wound, 2 of 3 left, no
    morale test. A Vanguard Squad with Flying holds in it and rolls nothing."""
    game = _mined({"captain-hale-morrow": [(17, 8)]})
    events = game.do(cmd.Hold(unit="captain-hale-morrow"), 1)
    assert events[2:] == [ev.ModelWounded("captain-hale-morrow", "captain-hale-morrow-1", 1), ev.ActivationEnded("captain-hale-morrow")]
    flying = _mined({}, rules=("Flying",))
    assert not any(type(e).__name__ == "DiceRolled" for e in flying.do(cmd.Hold(unit="vanguard-squad")))
