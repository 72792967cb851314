"""grimdark-future-1.5.md#Playing the Game, #Activation, #Movement, #Morale, #Unit Types and
#Special Rules: what each action refuses, with the section, the parameters a player reads and
the field of the command at fault."""

from __future__ import annotations

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from tests.grimdark.game import BROOD, VANGUARD, Game, convoy_ready, row
from tests.grimdark.test_sniper import PICKED_OFF, shot

PLAYING = "grimdark-future-1.5.md#Playing the Game"
MOVEMENT = "grimdark-future-1.5.md#Movement"
MORALE = "grimdark-future-1.5.md#Morale"
SHOOTING = "grimdark-future-1.5.md#Shooting"
UNIT_TYPES = "grimdark-future-1.5.md#Unit Types"
SPECIAL = "grimdark-future-1.5.md#Special Rules"


def _refusal(game: Game, command: object) -> tuple:
    refused = game.refused(command)
    return refused.code, refused.rule, refused.params, refused.field


def test_no_unit_activates_before_the_rounds_out_of_turn_or_twice_in_a_round():
    game = Game()
    game.prepare()
    early = game.refused(cmd.Hold(unit="captain-hale-morrow"))
    assert (early.code, early.rule, early.params) == ("wrong_phase", PLAYING, {"phase": "deployment", "expected": ["rounds"]})
    game = Game()
    game.ready()
    turn = game.refused(cmd.Hold(unit="brood-mother"))
    assert (turn.code, turn.rule, turn.params) == ("not_your_turn", PLAYING, {"side": BROOD, "up": VANGUARD})
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Hold(unit="brood-mother"))
    again = game.refused(cmd.Hold(unit="captain-hale-morrow"))
    assert (again.code, again.rule, again.params) == ("already_activated", PLAYING, {"unit": "captain-hale-morrow", "round": 1})


def test_a_hold_stays_where_the_unit_stands_and_moves_0_inches():
    game = Game()
    game.ready()
    assert game.do(cmd.Hold(unit="captain-hale-morrow")) == [ev.UnitMoved("captain-hale-morrow", "hold", [(4, 10)], 0.0), ev.ActivationEnded("captain-hale-morrow")]


def _skitters_pinned() -> Game:
    """As in test_combat: the Mortar Team's Blast takes the Skitter Swarm to half and its morale
    test fails; the Brood is up."""
    game = Game()
    game.ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Hold(unit="brood-mother"))
    game.do(cmd.Hold(unit="mortar-team", target="skitter-swarm"), 4, 4, 1, 3, 3, 3, 3, 2, 1)
    game.do(cmd.RemoveCasualties(unit="skitter-swarm", models=[f"skitter-swarm-{k}" for k in (5, 6, 7, 8)]), 4, actor="bob")
    return game


def test_a_pinned_unit_is_refused_each_action_but_an_idle_hold_naming_the_action():
    game = _skitters_pinned()
    at = row(40, 19, 4)
    for command, action in (
        (cmd.Hold(unit="skitter-swarm", target="dust-riders"), "shoot"),
        (cmd.Rush(unit="skitter-swarm", positions=at), "rush"),
        (cmd.Charge(unit="skitter-swarm", target="dust-riders", positions=at), "charge"),
        (cmd.Embark(unit="skitter-swarm", transport="brood-mother"), "embark"),
    ):
        assert _refusal(game, command) == ("pinned", MORALE, {"unit": "skitter-swarm", "action": action}, None)


def test_a_flyer_is_refused_every_action_but_its_flight_naming_the_action():
    game = convoy_ready()
    for command, action in (
        (cmd.Rush(unit="hawk-skimmer", positions=[(20, 14)]), "rush"),
        (cmd.Charge(unit="hawk-skimmer", target="bone-crushers", positions=[(24, 18)]), "charge"),
        (cmd.Embark(unit="hawk-skimmer", transport="mule-carrier"), "embark"),
    ):
        refused = game.refused(command)
        assert (refused.code, refused.rule, refused.params) == ("flyer_must_fly", UNIT_TYPES, {"unit": "hawk-skimmer", "action": action})
    two = game.refused(cmd.Advance(unit="hawk-skimmer", positions=[(20, 26), (22, 26)]))
    assert (two.code, two.rule, two.params) == ("wrong_model_count", MOVEMENT, {"unit": "hawk-skimmer", "models": 1, "given": 2})


def test_a_unit_inside_a_transport_may_neither_shoot_nor_charge():
    game = convoy_ready()
    shoot = game.refused(cmd.Hold(unit="convoy-squad", target="spine-spitters"))
    assert (shoot.code, shoot.rule, shoot.params) == ("inside_transport", SPECIAL, {"unit": "convoy-squad", "transport": "mule-carrier", "action": "shoot"})
    charge = game.refused(cmd.Charge(unit="convoy-squad", target="spine-spitters", positions=row(12, 19, 5)))
    assert (charge.code, charge.params["action"]) == ("inside_transport", "charge")
    game.do(cmd.Hold(unit="lookout-team"))
    inside = game.refused(cmd.Hold(unit="spine-spitters", target="convoy-squad"))
    assert (inside.code, inside.rule, inside.field) == ("target_inside", SPECIAL, "target")


def test_only_a_flyer_is_placed_back_and_a_pick_needs_a_target():
    game = convoy_ready()
    back = _refusal(game, cmd.Advance(unit="escort-squad", positions=row(36, 12, 5), back=[(36, 1)]))
    assert back == ("flyer_not_off_table", UNIT_TYPES, {"unit": "escort-squad"}, "back")
    pick = _refusal(game, cmd.Hold(unit="lookout-team", sniped="skitter-swarm-1"))
    assert pick == ("no_sniper", SPECIAL, {"unit": "lookout-team", "target": ""}, "sniped")
    moved = _refusal(game, cmd.Advance(unit="lookout-team", positions=row(52, 12, 3), sniped="skitter-swarm-1"))
    assert moved == ("no_sniper", SPECIAL, {"unit": "lookout-team", "target": ""}, "sniped")


def test_an_advance_shoots_its_target_and_puts_its_sniper_wounds_on_the_model_picked():
    """#Activation, Advance then shoot; #Special Rules, Sniper: as a Hold's shot would."""
    game = convoy_ready()
    events = game.do(cmd.Advance(unit="lookout-team", positions=row(52, 12, 3), target="skitter-swarm", sniped="skitter-swarm-8"), 2, 2, 1, 3, 5)
    assert shot(events) == PICKED_OFF


def test_a_target_must_be_a_unit_of_the_enemy_and_a_charge_must_touch_it():
    game = Game()
    game.ready()
    unknown = game.refused(cmd.Hold(unit="vanguard-squad", target="nobody"))
    assert (unknown.code, unknown.rule, unknown.params["unit"]) == ("unknown_unit", SHOOTING, "nobody")
    friend = _refusal(game, cmd.Hold(unit="vanguard-squad", target="mortar-team"))
    assert friend == ("not_an_enemy", SHOOTING, {"unit": "vanguard-squad", "target": "mortar-team"}, "target")
    short = _refusal(game, cmd.Charge(unit="dust-riders", target="skitter-swarm", positions=row(40, 18.5, 4)))
    assert short == ("no_contact", MOVEMENT, {"unit": "dust-riders", "target": "skitter-swarm"}, "positions")


def test_a_move_is_refused_too_far_off_the_table_or_too_close_on_the_positions():
    game = Game()
    game.ready()
    far = _refusal(game, cmd.Advance(unit="vanguard-squad", positions=row(12, 3.5, 5)))
    assert far == ("too_far", "grimdark-future-1.5.md#Activation", {"unit": "vanguard-squad", "action": "advance", "max": 6.0, "inches": 6.5}, "positions")
    off = game.refused(cmd.Advance(unit="captain-hale-morrow", positions=[(0.2, 10)]))
    assert (off.code, off.rule, off.field) == ("off_table", MOVEMENT, "positions")
    near = game.refused(cmd.Advance(unit="vanguard-squad", positions=row(16, 10, 5)))
    assert (near.code, near.rule, near.field) == ("too_close", MOVEMENT, "positions")
    six = game.refused(cmd.Advance(unit="vanguard-squad", positions=row(12, 10, 6)))
    assert (six.code, six.rule, six.params) == ("wrong_model_count", MOVEMENT, {"unit": "vanguard-squad", "models": 5, "given": 6})
