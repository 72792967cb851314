"""Who commands what (domain/systems/ruinstars/seats.py): a player's seat is their squad (co-op
mini squads: their own mini squad), the Bugs' is `swarm`; a squad's choice is its own, and mini
squads fielded as one leave it to the Squad Leader's player. What each reader sees (views.py)."""

from __future__ import annotations

from domain.contract import Viewer
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars.seats import seats
from domain.systems.ruinstars.views import Activation, UnitLine, view
from tests.ruinstars.game import CORE, PVP, Game
from tests.ruinstars.test_building import MINIS, with_squads


def test_a_unit_is_its_squads_to_command_and_a_bug_the_swarms():
    game = Game(PVP, pack=CORE)
    assert seats(game.game, cmd.Activate(unit="oda-venn")) == ("cinder-watch",)
    assert seats(game.game, cmd.Move(unit="trooper", x=1, y=1)) == ("first-mission",)
    assert seats(game.game, cmd.ChooseFirst(squad="first-mission", first="cinder-watch")) == (
        "first-mission",
    )
    game.deploy_all()
    game.start_turn(1, 2)
    assert seats(game.game, cmd.Activate(unit="bug-1")) == ("swarm",)
    assert seats(game.game, cmd.AcceptRoll(squad="swarm")) == ("swarm",)
    # a unit the mission does not know has no seat: the rules refuse the command
    assert seats(game.game, cmd.Activate(unit="nobody")) == ()


def test_mini_squads_command_their_own_units_and_the_squad_leaders_player_their_choices():
    game = Game("Red, Blue", pack=with_squads(*MINIS), mini_squads=True, squad_leader="leader-2")
    assert seats(game.game, cmd.Activate(unit="trooper")) == ("red",)
    assert seats(game.game, cmd.EndActivation(unit="fighter")) == ("blue",)
    assert seats(game.game, cmd.OpportunityAttack(squad="red+blue", attacker="leader")) == ("red",)
    assert seats(game.game, cmd.OpportunityAttack(squad="red+blue", attacker="none")) == ("blue",)


def test_every_reader_sees_each_units_act_arm_hit_and_status_and_whose_activation_it_is():
    """Nothing is hidden (views.py): the host, a player and a spectator read the same lines."""
    game = Game("First Mission", pack=CORE)
    game.deploy_all()
    game.start_turn(orders=[(1, 2, 6, 6, 6)])
    game.do(cmd.Activate(unit="leader"))
    game.do(cmd.Move(unit="leader", x=12, y=11))
    seen = [view(game.game, Viewer(role, "ann", ("first-mission",))) for role in ("host", "player", "spectator")]
    assert seen[0] == seen[1] == seen[2]
    lines = {line.id: line for line in seen[0].lines}
    assert lines["leader"] == UnitLine("leader", "Leader", "first-mission", 3, 2, 3, 4, 4, "ready", False)
    assert lines["trooper"] == UnitLine("trooper", "Trooper", "first-mission", 2, 0, 3, 3, 3, "ready", False)
    assert lines["bug-1"] == UnitLine("bug-1", "Bug", "swarm", 2, 0, 3, 1, 1, "ready", False)
    assert lines["spawn-point-1"] == UnitLine("spawn-point-1", "Spawn Point", "swarm", 0, 0, 4, 1, 1, "ready", True)
    assert seen[0].activation == Activation("first-mission", "leader", "")
    assert seen[0].orders == {"first-mission": 2}
