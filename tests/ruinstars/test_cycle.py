"""ruinstars-2e.md#GAME CYCLE: deployment for "Survive", initiative roll-offs, alternating
activations, ACT per action, the Move action, the end of a turn; free play in inches."""

from __future__ import annotations

from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from tests.ruinstars.game import Game

PVP = "Cinder Watch, First Mission"


def ready(squads: str = "Cinder Watch") -> Game:
    game = Game(squads)
    game.deploy_all()
    return game


def test_set_up_fields_the_squads_and_places_the_spawn_points():
    """ruinstars-2e.md#1 - SURVIVE, Battlefield: three spawn points of ARM 4 HIT 1."""
    game = Game(PVP)
    assert [s.id for s in game.game.squads] == ["cinder-watch", "first-mission"]
    assert [u for u, _ in game.game.squads[1].units] == [
        "leader",
        "trooper",
        "fighter",
        "shooter",
    ]
    spawns = {k: (m.at.x, m.at.y, m.hit) for k, m in game.game.models.items() if m.item}
    assert spawns == {
        "spawn-point-1": (3, 3, 1),
        "spawn-point-2": (21, 5, 1),
        "spawn-point-3": (12, 21, 1),
    }


def test_units_deploy_within_4_inches_of_the_centre():
    """ruinstars-2e.md#DEPLOYMENT: a base whose nearest edge is more than 4" away is refused."""
    game = Game()
    game.do(cmd.Deploy(unit="oda-venn", x=15.5, y=12))
    assert game.unit("oda-venn").at.x == 15.5
    refused = game.refused(cmd.Deploy(unit="wren", x=17, y=12))
    assert (refused.code, refused.rule, refused.params) == (
        "outside_deployment",
        "ruinstars-2e.md#DEPLOYMENT",
        {"unit": "wren", "inches": 4.37, "within": 4},
    )
    on = game.refused(cmd.Deploy(unit="wren", x=15, y=12))
    assert (on.code, on.params["others"]) == ("on_another_base", ["oda-venn"])


def test_the_first_turn_waits_for_every_unit():
    game = Game()
    game.do(cmd.Deploy(unit="oda-venn", x=12, y=12))
    refused = game.refused(cmd.StartTurn())
    assert (refused.code, refused.params["units"]) == (
        "not_deployed",
        ["brannoc", "issa-quill", "teo-marsh", "wren"],
    )


def test_initiative_lowest_roll_wins_and_chooses_who_activates_first():
    """ruinstars-2e.md#TURNS, Start of Turn 3: one D6 per squad, the lowest wins."""
    game = ready(PVP)
    events = game.start_turn(5, 2)
    rolled = [e for e in events if isinstance(e, ev.InitiativeRolled)][0]
    assert (rolled.rounds, rolled.winner) == ([[5, 2]], "first-mission")
    wrong = game.refused(cmd.ChooseFirst(squad="cinder-watch", first="cinder-watch"))
    assert wrong.code == "not_your_choice"
    assert game.refused(cmd.Activate(unit="leader")).code == "choice_pending"
    game.do(cmd.ChooseFirst(squad="first-mission", first="cinder-watch"))
    assert (game.game.phase, game.game.up) == ("activations", "cinder-watch")


def test_initiative_ties_for_lowest_are_rolled_again():
    """ruinstars-2e.md#TURNS, Start of Turn 3: on a tie, re-roll."""
    game = ready(PVP)
    events = game.start_turn(3, 3, 4, 1)
    rolled = [e for e in events if isinstance(e, ev.InitiativeRolled)][0]
    assert (rolled.rounds, rolled.winner) == ([[3, 3], [4, 1]], "first-mission")


def test_squads_alternate_activations_and_a_squad_with_units_left_goes_on_alone():
    """ruinstars-2e.md#ALTERNATING ACTIVATIONS."""
    game = ready(PVP)
    game.start_turn(1, 2)
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="first-mission"))
    refused = game.refused(cmd.Activate(unit="wren"))
    assert (refused.code, refused.params) == (
        "not_your_squads_activation",
        {"unit": "wren", "up": "first-mission"},
    )
    order = [
        "leader",
        "oda-venn",
        "trooper",
        "brannoc",
        "fighter",
        "issa-quill",
        "shooter",
        "teo-marsh",
        "wren",
    ]
    for unit in order:
        assert game.game.squad_of(unit) == game.game.up
        game.do(cmd.Activate(unit=unit))
        game.do(cmd.EndActivation(unit=unit))
    assert game.game.phase == "end_of_turn"
    assert game.refused(cmd.Activate(unit="wren")).code == "cannot_activate_now"


def test_a_move_goes_up_to_6_inches_and_a_repeat_costs_one_more_act():
    """ruinstars-2e.md#ACTIONS: 3 ACT buys two Moves (1 then 2); #BASIC ACTIONS: up to 6"."""
    game = ready()
    game.start_turn()
    game.do(cmd.Activate(unit="oda-venn"))
    far = game.refused(cmd.Move(unit="oda-venn", x=12, y=18.5))
    assert (far.code, far.rule, far.params) == (
        "too_far",
        "ruinstars-2e.md#MOVEMENT",
        {"unit": "oda-venn", "inches": 6.5, "max": 6},
    )
    first = game.do(cmd.Move(unit="oda-venn", x=12, y=18))
    second = game.do(cmd.Move(unit="oda-venn", x=16, y=18))
    assert [(e.inches, e.act) for e in (*first, *second)] == [(6, 1), (4, 2)]
    assert game.unit("oda-venn").act == 0
    broke = game.refused(cmd.Move(unit="oda-venn", x=17, y=18))
    assert (broke.code, broke.params) == (
        "not_enough_act",
        {"unit": "oda-venn", "action": "move", "cost": 3, "left": 0, "orders": 0},
    )


def test_a_move_may_not_cross_an_enemy_base():
    """ruinstars-2e.md#MOVEMENT: the base may not cover an enemy's at any point."""
    game = ready(PVP)
    game.start_turn(1, 2)
    game.do(cmd.ChooseFirst(squad="cinder-watch", first="cinder-watch"))
    game.do(cmd.Activate(unit="oda-venn"))
    # Oda Venn stands at (12, 12), the First Mission's shooter at (10.5, 13.5), on the way to (9, 15).
    crossed = game.refused(cmd.Move(unit="oda-venn", x=9, y=15))
    assert (crossed.code, crossed.params["enemies"]) == ("through_enemy", ["shooter"])


def test_the_mission_ends_after_turn_4():
    """ruinstars-2e.md#TURNS: four turns; then MISSION END: the spawn points stand, so Survive
    is lost, and no unit was Taken Out: no injury is rolled."""
    game = ready()
    for turn in range(1, 5):
        game.start_turn()
        for unit in ["oda-venn", "brannoc", "issa-quill", "teo-marsh", "wren"]:
            game.do(cmd.Activate(unit=unit))
            game.do(cmd.EndActivation(unit=unit))
        ended = game.do(cmd.EndTurn())
        assert ended[0] == ev.TurnEnded(turn)
    assert ended[1:] == [
        ev.MissionDecided("defeat", []),
        ev.MissionPointsEarned("cinder-watch", 0, 0, 0),
    ]
    assert (game.game.phase, game.game.outcome, game.state.game.mp) == (
        "mission_end",
        "defeat",
        {"cinder-watch": 0},
    )
    assert game.refused(cmd.StartTurn()).code == "mission_over"
