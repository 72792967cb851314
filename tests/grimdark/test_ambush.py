"""grimdark-future-1.5.md#Special Rules, Ambush, with known dice: the Brood's Creeper Swarm kept
in reserve; from round 2 a 4+ brings it, placed over 6" from enemies; on a 5+ the opponent moves
it up to 12"; in the last round it comes without a roll."""

from __future__ import annotations

from typing import Any

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from tests.grimdark.game import BROOD, ORDER, SHALLOW, SPOTS, VANGUARD, Game, row, with_rules

SPECIAL = "grimdark-future-1.5.md#Special Rules"


def in_reserve(reserved: tuple[str, ...] = ("creeper-swarm",), pack: Any = SHALLOW) -> Game:
    """Deployed as `ready` does, but the Creeper Swarm (or the units `reserved`) kept in reserve."""
    game = Game(pack=pack)
    game.prepare()
    plain = game.refused(cmd.Deploy(unit="captain-hale-morrow", positions=[], reserve=True))
    assert (plain.code, plain.rule, plain.params) == ("no_ambush", SPECIAL, {"unit": "captain-hale-morrow"})
    for unit_id in ORDER:
        if unit_id in reserved:
            assert game.do(cmd.Deploy(unit=unit_id, positions=[], reserve=True))[0].reserve
            continue
        x, y = SPOTS[unit_id]
        back = -1.5 if game.unit(unit_id).side == VANGUARD else 1.5
        game.do(cmd.Deploy(unit=unit_id, positions=row(x, y, len(game.unit(unit_id).models), 2.0 if unit_id == "bone-crushers" else 1.5, back)))
    return game


def hold_all(game: Game, *faces: int) -> list:
    """Every unit holds, in turn, to the end of the round; `faces` for the next round's start."""
    start = game.game.round
    while True:
        ready = game.game.ready(game.game.up)
        last = sum(len(game.game.ready(s)) for s in game.game.sides) == 1
        events = game.do(cmd.Hold(unit=ready[0].id), *(faces if last else ()))
        if game.game.round != start:
            return events


def test_a_4_brings_the_ambusher_placed_over_6_inches_from_enemies_and_a_5_lets_the_opponent_move_it():
    game = in_reserve()
    assert game.game.phase == "rounds" and "creeper-swarm" not in [u.id for u in game.game.ready(BROOD)]
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    idle = game.refused(cmd.Hold(unit="creeper-swarm"))
    assert (idle.code, idle.rule, idle.params) == ("in_reserve", SPECIAL, {"unit": "creeper-swarm"})
    started = hold_all(game, 4)
    assert started[-1] == ev.AmbushRolled("creeper-swarm", 4, True)
    assert [(e.purpose, e.results, e.rule) for e in started if type(e).__name__ == "DiceRolled"] == [("creeper-swarm: ambush", [4], SPECIAL)]
    waits = game.refused(cmd.Hold(unit="brood-mother"))
    assert (waits.code, waits.params) == ("ambush_pending", {"units": ["creeper-swarm"]})
    near = game.refused(cmd.ArriveFromAmbush(unit="creeper-swarm", positions=row(40, 16, 8, back=1.5)), 6)
    assert (near.code, near.params) == ("ambush_too_close", {"unit": "creeper-swarm", "enemy": "dust-riders", "gap": 5.02, "min": 6.0})
    arrived = game.do(cmd.ArriveFromAmbush(unit="creeper-swarm", positions=row(40, 24, 8, back=1.5)), 5)
    assert [e for e in arrived if type(e).__name__ != "DiceRolled"] == [
        ev.UnitArrived("creeper-swarm", row(40, 24, 8, back=1.5)),
        ev.AmbushShiftRolled("creeper-swarm", 5, True),
    ]
    mine = game.refused(cmd.MoveAmbusher(side=BROOD, positions=row(52, 24, 8, back=1.5)))
    assert mine.code == "not_the_enemy_side"
    far = game.refused(cmd.MoveAmbusher(side=VANGUARD, positions=row(53, 24, 8, back=1.5)))
    assert (far.code, far.params) == ("too_far", {"unit": "creeper-swarm", "action": "ambush_shift", "max": 12.0, "inches": 13.0})
    assert game.do(cmd.MoveAmbusher(side=VANGUARD, positions=row(52, 24, 8, back=1.5))) == [
        ev.UnitMoved("creeper-swarm", "ambush_shift", row(52, 24, 8, back=1.5), 12.0)
    ]
    assert game.game.up == BROOD and "creeper-swarm" in [u.id for u in game.game.ready(BROOD)]


def test_below_4_it_stays_in_reserve_and_in_the_last_round_it_arrives_without_a_roll():
    game = in_reserve()
    assert hold_all(game, 3)[-1] == ev.AmbushRolled("creeper-swarm", 3, False)
    assert game.unit("creeper-swarm").reserve and not game.unit("creeper-swarm").arriving
    assert hold_all(game, 2)[-1] == ev.AmbushRolled("creeper-swarm", 2, False)
    last = hold_all(game)
    assert last[-1] == ev.AmbushRolled("creeper-swarm", 0, True) and game.game.round == 4
    arrived = game.do(cmd.ArriveFromAmbush(unit="creeper-swarm", positions=row(40, 24, 8, back=1.5)), 4)
    assert arrived[-1] == ev.AmbushShiftRolled("creeper-swarm", 4, False)
    assert game.game.shifting == "" and not game.unit("creeper-swarm").reserve


def test_the_ambush_refusals_name_the_section_the_parameters_and_the_field():
    """#Special Rules, Ambush: nothing to place or to move before the die brings the swarm; then
    its place must hold all eight models on the table, coherent and 1" from other units; the
    Brood may not move its own ambusher, nor may an unknown side, and the Vanguard only 12"."""
    game = in_reserve()
    unknown = game.refused(cmd.ArriveFromAmbush(unit="nobody", positions=row(40, 24, 8, back=1.5)))
    assert (unknown.code, unknown.params) == ("not_arriving", {"unit": "nobody", "waiting": []})
    early = game.refused(cmd.ArriveFromAmbush(unit="creeper-swarm", positions=row(40, 24, 8, back=1.5)))
    assert (early.code, early.rule, early.params, early.field) == ("not_arriving", SPECIAL, {"unit": "creeper-swarm", "waiting": []}, "unit")
    unmoved = game.refused(cmd.MoveAmbusher(side=VANGUARD, positions=row(52, 24, 8, back=1.5)))
    assert (unmoved.code, unmoved.rule, unmoved.params) == ("not_arriving", SPECIAL, {"unit": "", "waiting": []})
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    hold_all(game, 4)
    other = game.refused(cmd.ArriveFromAmbush(unit="skitter-swarm", positions=row(40, 24, 8, back=1.5)))
    assert other.params == {"unit": "skitter-swarm", "waiting": ["creeper-swarm"]}
    seven = game.refused(cmd.ArriveFromAmbush(unit="creeper-swarm", positions=row(40, 24, 7, back=1.5)))
    assert (seven.code, seven.rule) == ("wrong_model_count", SPECIAL)
    off = game.refused(cmd.ArriveFromAmbush(unit="creeper-swarm", positions=row(40, 29.8, 8, back=1.5)))
    assert (off.code, off.rule) == ("off_table", SPECIAL)
    near = game.refused(cmd.ArriveFromAmbush(unit="creeper-swarm", positions=row(40, 22.5, 8, back=1.5)))
    assert (near.code, near.rule, near.params["other"]) == ("too_close", SPECIAL, "skitter-swarm")
    apart = game.refused(cmd.ArriveFromAmbush(unit="creeper-swarm", positions=[*row(40, 24, 7, back=1.5), (60, 28)]))
    assert apart.code == "not_coherent"
    arrived = game.do(cmd.ArriveFromAmbush(unit="creeper-swarm", positions=row(40, 24, 8, back=1.5)), 5)
    assert [(e.purpose, e.rule) for e in arrived if type(e).__name__ == "DiceRolled"] == [("creeper-swarm: ambush, the opponent moves it on a 5+", SPECIAL)]
    waits = game.refused(cmd.Hold(unit="brood-mother"))
    assert (waits.code, waits.params) == ("ambush_pending", {"units": ["creeper-swarm"]})
    mine = game.refused(cmd.MoveAmbusher(side=BROOD, positions=row(52, 24, 8, back=1.5)))
    assert (mine.code, mine.rule, mine.params, mine.field) == ("not_the_enemy_side", SPECIAL, {"side": BROOD, "caster": "creeper-swarm"}, "side")
    stranger = game.refused(cmd.MoveAmbusher(side="nobody", positions=row(52, 24, 8, back=1.5)))
    assert stranger.code == "not_the_enemy_side"
    far = game.refused(cmd.MoveAmbusher(side=VANGUARD, positions=row(53, 24, 8, back=1.5)))
    assert (far.rule, far.field) == (SPECIAL, "positions")
    slant = game.refused(cmd.MoveAmbusher(side=VANGUARD, positions=[(x + 12, y + 1) for x, y in row(40, 24, 8, back=1.5)]))
    assert slant.params["inches"] == 12.04
    shifted = [(x + 1, y + 2) for x, y in row(40, 24, 8, back=1.5)]
    assert game.do(cmd.MoveAmbusher(side=VANGUARD, positions=shifted)) == [ev.UnitMoved("creeper-swarm", "ambush_shift", shifted, 2.236)]


def test_two_ambushers_roll_in_the_order_of_their_ids_and_both_come_in_the_last_round():
    """The Skitter Swarm given Ambush too: from round 2 the Creeper Swarm rolls first; in round
    4 both arrive without a roll."""
    game = in_reserve(("creeper-swarm", "skitter-swarm"), with_rules("Skitter Swarm", rules=("Ambush",)))
    started = hold_all(game, 3, 2)
    assert [e for e in started if isinstance(e, ev.AmbushRolled)] == [ev.AmbushRolled("creeper-swarm", 3, False), ev.AmbushRolled("skitter-swarm", 2, False)]
    hold_all(game, 1, 1)
    last = hold_all(game)
    assert [e for e in last if isinstance(e, ev.AmbushRolled)] == [ev.AmbushRolled("creeper-swarm", 0, True), ev.AmbushRolled("skitter-swarm", 0, True)]
