"""Who commands what (domain/systems/ruinstars/seats.py): a player's seat is their squad (co-op
mini squads: their own mini squad), the Bugs' is `swarm`; a squad's choice is its own, and mini
squads fielded as one leave it to the Squad Leader's player."""

from __future__ import annotations

from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars.seats import seats
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
