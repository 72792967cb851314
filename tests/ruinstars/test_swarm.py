"""ruinstars-2e.md#1 - SURVIVE, Special: at the Start of Turn (#TURNS) x Bugs (x the turn, at
most 4) spawn Adjacent to each spawn point still standing; a Bug activates after each player
unit's activation, under the players' control. Spawn points are 40 mm, Bugs 32 mm: a Bug's
centre is 1.917" from the point's (0.5" between the bases), the first free of 12 spots from east."""

from __future__ import annotations

import msgspec

from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from tests.ruinstars.game import CORE, Game


def spawned(events):
    return [(e.unit, e.spawn_point, e.x, e.y) for e in events if isinstance(e, ev.BugSpawned)]


def survive(**changes) -> Game:
    mission = msgspec.structs.replace(CORE.named("missions", "survive"), **changes)
    return Game(pack=msgspec.structs.replace(CORE, missions=(mission,)))


def test_one_bug_spawns_next_to_each_spawn_point_in_turn_1_and_two_in_turn_2():
    game = Game(pack=CORE)
    game.deploy_all()
    assert spawned(game.start_turn()) == [
        ("bug-1", "spawn-point-1", 4.917, 3),
        ("bug-2", "spawn-point-2", 22.917, 5),
        ("bug-3", "spawn-point-3", 13.917, 21),
    ]
    bug = game.unit("bug-1")
    assert (bug.squad, bug.status, bug.hit) == ("swarm", "ready", 1)
    game.finish_turn()
    second = spawned(game.start_turn())
    assert [(unit, point) for unit, point, _, _ in second] == [
        ("bug-4", "spawn-point-1"),
        ("bug-5", "spawn-point-1"),
        ("bug-6", "spawn-point-2"),
        ("bug-7", "spawn-point-2"),
        ("bug-8", "spawn-point-3"),
        ("bug-9", "spawn-point-3"),
    ]
    # bug-1 still stands east of spawn point 1; at 30 degrees a base would overlap its, so the
    # next free spots are at 60 and 120 degrees.
    assert second[:2] == [
        ("bug-4", "spawn-point-1", 3.959, 4.66),
        ("bug-5", "spawn-point-1", 2.041, 4.66),
    ]


def test_spawning_stops_at_the_missions_most_per_point_and_at_a_spawn_point_taken_out():
    """`spawn_max` 1: one Bug per point in turn 2 as well; spawn point 3 Taken Out spawns none."""
    game = survive(spawn_max=1)
    game.deploy_all()
    game.start_turn()
    game.finish_turn()
    out = msgspec.structs.replace(game.game.models["spawn-point-3"], status="taken_out", at=None)
    game.state = msgspec.structs.replace(
        game.state,
        game=msgspec.structs.replace(game.game, models={**game.game.models, "spawn-point-3": out}),
    )
    assert [(u, p) for u, p, _, _ in spawned(game.start_turn())] == [
        ("bug-4", "spawn-point-1"),
        ("bug-5", "spawn-point-2"),
    ]


def test_a_bug_activates_after_each_player_unit_and_the_bugs_go_on_alone():
    """Five units of the Cinder Watch, three Bugs: unit, Bug, unit, Bug, unit, Bug, unit, unit."""
    game = Game(pack=CORE)
    game.deploy_all()
    game.start_turn()
    seen = []
    while game.game.phase == "activations":
        up = game.game.up
        unit = next(m.id for m in game.game.units_of(up) if m.status == "ready")
        seen.append(up)
        game.do(cmd.Activate(unit=unit))
        game.do(cmd.EndActivation(unit=unit))
    assert seen == ["cinder-watch", "swarm"] * 3 + ["cinder-watch"] * 2
    refused = game.refused(cmd.Activate(unit="bug-1"))
    assert refused.code == "cannot_activate_now"


def test_a_bug_is_played_by_the_players_after_a_player_unit():
    """After Oda Venn's activation the players activate bug-3: a Dash of 2" toward the centre,
    free (Swift)."""
    game = Game(pack=CORE)
    game.deploy_all()
    game.start_turn()
    wrong = game.refused(cmd.Activate(unit="bug-1"))
    assert (wrong.code, wrong.params) == (
        "not_your_squads_activation",
        {"unit": "bug-1", "up": "cinder-watch"},
    )
    game.do(cmd.Activate(unit="oda-venn"))
    game.do(cmd.EndActivation(unit="oda-venn"))
    game.do(cmd.Activate(unit="bug-3"))
    moved = game.do(cmd.Dash(unit="bug-3", x=13.917, y=19))
    assert [(e.unit, e.action, e.act) for e in moved] == [("bug-3", "dash", 0)]
