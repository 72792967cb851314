"""grimdark-future-1.5.md#Mysterious Terrain and #Mysterious Objectives as mission options: the
die is rolled on the pack's table when a unit first enters a piece or comes within 3" of a
marker, the result stays, and it does what its row says."""

from __future__ import annotations

import msgspec
import pytest

from domain.errors import RuleError
from domain.kit.content import ContentError
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.content import TerrainPiece
from domain.systems.grimdark.loading import load_pack
from domain.systems.grimdark.weapon_rules import hit_modifier
from tests.grimdark.game import CORE, SHALLOW, Game, row

MYSTERIOUS_TERRAIN = "grimdark-future-1.5.md#Mysterious Terrain"
#: Just in front of the Vanguard Squad, (12..16.5, 10) and (12, 8.5): plain ground until rolled.
POOL = TerrainPiece("pool", ((10, 11), (20, 11), (20, 13), (10, 13)))


def _on(*pieces: TerrainPiece, **options: bool) -> Game:
    pack = msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=pieces) for m in SHALLOW.missions))
    game = Game(pack=pack, **options)
    game.ready()
    return game


def test_the_core_pack_holds_both_tables_of_the_rules():
    rows = [(m.table, m.low, m.high, m.effect) for m in CORE.mysteries]
    assert rows == [
        ("terrain", 1, 2, "none"), ("terrain", 3, 3, "wounds"), ("terrain", 4, 4, "hits"), ("terrain", 5, 5, "shooting-bonus"), ("terrain", 6, 6, "charge-penalty"),
        ("objectives", 1, 2, "none"), ("objectives", 3, 3, "dangerous"), ("objectives", 4, 4, "difficult"), ("objectives", 5, 5, "shot-at-penalty"), ("objectives", 6, 6, "melee-bonus"),
    ]


def test_entering_a_piece_rolls_its_mystery_and_a_3_deals_d3_wounds_to_the_models_that_entered():
    game = _on(POOL, mysterious_terrain=True)
    events = game.do(cmd.Advance(unit="vanguard-squad", positions=row(12, 12, 5)), 3, 5, 6)
    assert ev.MysteryRevealed("terrain", "pool", 3, "wounds") in events
    rolls = [(e.purpose, e.results, e.rule) for e in events if type(e).__name__ == "DiceRolled"]
    assert rolls[:2] == [("pool: mysterious terrain", [3], MYSTERIOUS_TERRAIN), ("pool: automatic wounds on vanguard-squad", [3], MYSTERIOUS_TERRAIN)]
    removed = [e.model for e in events if isinstance(e, ev.ModelRemoved)]
    assert removed == ["vanguard-squad-1", "vanguard-squad-2", "vanguard-squad-3"]  # D3 of 5: 3; the fifth model stayed out
    assert game.game.revealed == {"pool": "wounds"}


def test_without_the_option_a_piece_is_never_rolled_for():
    game = _on(POOL)
    events = game.do(cmd.Advance(unit="vanguard-squad", positions=row(12, 12, 5)))
    assert not [e for e in events if isinstance(e, ev.MysteryRevealed)]
    assert len(game.unit("vanguard-squad").models) == 5


def test_coming_within_3_inches_of_a_marker_rolls_and_a_3_makes_its_ground_dangerous_at_once():
    """The Brood's marker at (10, 15): two models end within 3" of it and roll for dangerous terrain."""
    game = _on(mysterious_objectives=True)
    events = game.do(cmd.Advance(unit="vanguard-squad", positions=row(10, 12.5, 5)), 3, 1, 4)
    marker = next(m.id for m in game.game.markers if (m.x, m.y) == (10, 15))
    assert ev.MysteryRevealed("objectives", marker, 3, "dangerous") in events
    rolls = [(e.purpose, e.results) for e in events if type(e).__name__ == "DiceRolled"]
    assert rolls[-1] == ("vanguard-squad: dangerous terrain", [1, 4])
    assert [e.model for e in events if isinstance(e, ev.ModelRemoved)] == ["vanguard-squad-1"]


@pytest.mark.parametrize(
    ("effect", "melee", "modifier"),
    [("shot-at-penalty", False, -1), ("melee-bonus", True, 1), ("none", False, 0), ("none", True, 0)],
)
def test_a_revealed_marker_changes_the_rolls_of_units_within_3_inches(effect, melee, modifier):
    """Long Rifles of the Vanguard Squad at the Spine Spitters, both within 3" of the marker at
    (10, 15) as placed here: -1 to shooting at them, +1 to their melee rolls."""
    game = _on(mysterious_objectives=True)
    marker = next(m.id for m in game.game.markers if (m.x, m.y) == (10, 15))
    state = msgspec.structs.replace(game.game, revealed={marker: effect})
    squad = msgspec.structs.replace(state.units["vanguard-squad"], models=tuple(msgspec.structs.replace(m, y=12.5) for m in state.units["vanguard-squad"].models))
    spitters = msgspec.structs.replace(state.units["spine-spitters"], models=tuple(msgspec.structs.replace(m, y=17.5) for m in state.units["spine-spitters"].models))
    weapon = squad.models[1].weapons[0]
    assert hit_modifier(state, squad, spitters, weapon, melee) == modifier


def test_a_piece_that_lets_units_inside_shoot_better_gives_plus_1_from_inside_only():
    game = _on(POOL, mysterious_terrain=True)
    state = msgspec.structs.replace(game.game, revealed={"pool": "shooting-bonus"})
    squad, spitters = state.units["vanguard-squad"], state.units["spine-spitters"]
    weapon = squad.models[1].weapons[0]
    assert hit_modifier(state, squad, spitters, weapon, False) == 0  # standing at y 10, outside
    inside = msgspec.structs.replace(squad, models=tuple(msgspec.structs.replace(m, y=12) for m in squad.models))
    assert hit_modifier(state, inside, spitters, weapon, False) == 1


def test_a_mission_option_needs_the_pack_to_hold_the_table():
    with pytest.raises(RuleError) as refused:
        Game(pack=msgspec.structs.replace(SHALLOW, mysteries=()), mysterious_objectives=True)
    assert (refused.value.code, refused.value.params) == ("no_mystery_table", {"pack": "core", "table": "objectives"})


def test_a_table_must_give_every_face_once():
    rows = b'[[mysteries]]\ntable = "terrain"\nlow = 1\nhigh = 4\neffect = "none"\n[[mysteries]]\ntable = "terrain"\nlow = 4\nhigh = 6\neffect = "quake"\n'
    with pytest.raises(ContentError) as refused:
        load_pack({"pack.toml": b'[pack]\nname = "t"\nversion = "1"\n', "m.toml": rows})
    problems = [(refused.value.field, refused.value.problem)] + [(e.field, e.problem) for e in refused.value.more]
    assert problems == [
        ("mysteries[1].effect", "'quake' is not one of none, wounds, hits, shooting-bonus, charge-penalty"),
        ("mysteries", "the terrain table must give each face 1..6 once, not [1, 2, 3, 4, 4, 5, 6]"),
    ]


def test_a_4_deals_d6_hits_rolled_to_wound_and_the_result_stays_for_the_next_unit():
    """Vanguard Squad (Defense 4+) into the pool: face 4, then 2 hits, wound rolls 4 and 3. The
    Captain walks in after: no new mystery roll, the hits again (1 hit, a 2: no wound)."""
    game = _on(POOL, mysterious_terrain=True)
    events = game.do(cmd.Advance(unit="vanguard-squad", positions=row(12, 12, 5)), 4, 2, 4, 3)
    assert ev.MysteryRevealed("terrain", "pool", 4, "hits") in events
    rolls = [(e.purpose, e.results, e.rule) for e in events if type(e).__name__ == "DiceRolled"]
    assert rolls[:2] == [("pool: mysterious terrain", [4], MYSTERIOUS_TERRAIN), ("pool: automatic hits on vanguard-squad", [2], MYSTERIOUS_TERRAIN)]
    assert ev.AttackResolved("pool", "Mysterious terrain", "vanguard-squad", 2, 2, 1) in events
    assert [e.model for e in events if isinstance(e, ev.ModelRemoved)] == ["vanguard-squad-1"]
    game.do(cmd.Hold(unit="brood-mother"))
    events = game.do(cmd.Advance(unit="captain-hale-morrow", positions=[(9.6, 11.2)]), 1, 2)
    assert not [e for e in events if isinstance(e, ev.MysteryRevealed)]
    assert ev.AttackResolved("pool", "Mysterious terrain", "captain-hale-morrow", 1, 1, 0) in events
