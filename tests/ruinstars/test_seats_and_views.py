"""Who commands what (domain/systems/ruinstars/seats.py): a player's seat is their squad (co-op
mini squads: their own mini squad), the Bugs' is `swarm`; a squad's choice is its own, and mini
squads fielded as one leave it to the Squad Leader's player. What each reader sees (views.py)."""

from __future__ import annotations

import msgspec

from domain.contract import Viewer
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars.content import Squad
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


def test_mini_squads_without_a_leader_leave_their_choices_to_the_first_mini_squads_player():
    """No mini squad has a Leader, so there is no Squad Leader: Grey's player (its Shooter is
    the squad's first unit) chooses for Grey + Green."""
    pack = with_squads(Squad("Grey", ("Shooter",)), Squad("Green", ("Trooper",)))
    game = Game("Grey, Green", pack=pack, mini_squads=True)
    assert [u for u, _ in game.game.squads[0].units] == ["shooter", "trooper"]
    assert seats(game.game, cmd.Activate(unit="trooper")) == ("green",)
    assert seats(game.game, cmd.OpportunityAttack(squad="grey+green", attacker="none")) == ("grey",)
    assert seats(game.game, cmd.AcceptRoll(squad="grey+green")) == ("grey",)


def red_trooper_shoots() -> Game:
    """Red's Trooper shoots bug-1 with a Tactical Order left, so the dice wait for Red + Blue."""
    game = Game("Red, Blue", pack=with_squads(*MINIS), mini_squads=True, squad_leader="leader-2")
    game.place({"leader": (12, 12), "trooper": (13.5, 12), "leader-2": (10.5, 12), "fighter": (12, 13.5)})
    game.start_turn(orders=[(1, 6, 6, 6, 6)])
    game.do(cmd.Activate(unit="trooper"))
    game.do(cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="bug-1"), 5, 5, 5)
    return game


def test_a_roll_in_flight_is_answered_by_the_player_of_the_unit_that_rolled_it():
    """Not the Squad Leader's player (Blue): Red's Trooper rolled, so Red re-rolls or accepts;
    another squad's roll command is that squad's own."""
    game = red_trooper_shoots()
    assert (game.game.roll.squad, game.game.roll.unit) == ("red+blue", "trooper")
    assert seats(game.game, cmd.AcceptRoll(squad="red+blue")) == ("red",)
    assert seats(game.game, cmd.Reroll(squad="red+blue", dice=[0])) == ("red",)
    assert seats(game.game, cmd.AcceptRoll(squad="swarm")) == ("swarm",)


def test_every_reader_sees_which_squad_a_roll_in_flight_waits_for():
    game = red_trooper_shoots()
    for role in ("host", "player", "spectator"):
        seen = view(game.game, Viewer(role, "ann", ("red",)))
        assert seen.activation == Activation("red+blue", "trooper", "red+blue")
        assert seen.roll == game.game.roll


def test_every_reader_sees_that_an_attack_of_opportunity_waits_for_the_swarm():
    """The Leader moves out of Adjacency to bug-1: the swarm chooses; the Leader's line shows
    the ACT its held Move left it, the Trooper's (not activating) none."""
    game = Game("First Mission", pack=CORE)
    game.place({"leader": (12, 12), "trooper": (13.5, 12), "fighter": (10.5, 12), "shooter": (12, 13.5)})
    game.start_turn()
    models = dict(game.game.models)
    models["bug-1"] = msgspec.structs.replace(models["bug-1"], at=msgspec.structs.replace(models["bug-1"].at, x=12, y=10.25))
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, models=models))
    game.do(cmd.Activate(unit="leader"))
    game.do(cmd.Move(unit="leader", x=8, y=12))
    seen = view(game.game, Viewer("spectator", "bob", ()))
    assert seen.activation == Activation("first-mission", "leader", "swarm")
    lines = {line.id: line for line in seen.lines}
    assert (lines["leader"].act_left, lines["trooper"].act_left) == (2, 0)


def test_a_units_act_left_is_gone_once_its_activation_ends():
    """The Leader ends its activation with 2 of its 3 ACT unused: its line shows 0 again."""
    game = Game("First Mission", pack=CORE)
    game.deploy_all()
    game.start_turn()
    game.do(cmd.Activate(unit="leader"))
    game.do(cmd.Move(unit="leader", x=12, y=11))
    game.do(cmd.EndActivation(unit="leader"))
    lines = {line.id: line for line in view(game.game, Viewer("player", "ann", ("first-mission",))).lines}
    assert (lines["leader"].act, lines["leader"].act_left, lines["leader"].status) == (3, 0, "activated")
    assert view(game.game, Viewer("host", "ann", ())).activation == Activation("swarm", "", "")
