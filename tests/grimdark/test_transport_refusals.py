"""grimdark-future-1.5.md#Special Rules, Transport(X): who may ride, getting in, and the
survivors of a destroyed transport placed by their player, with what each refusal names."""

from __future__ import annotations

import msgspec

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from tests.grimdark.game import BROOD, CONVOY, Game, convoy_ready, row, with_rules
from tests.grimdark.test_transports import RAMP

TRANSPORT = "grimdark-future-1.5.md#Special Rules"


def test_only_infantry_of_the_transports_army_gets_in():
    """A vehicle is refused at deployment (the Hawk Skimmer) and when it tries to get in (the
    Mule itself); a Brood unit cannot board the Convoy's Mule; a squad already inside cannot get
    in again."""
    game = Game(f"{CONVOY},{BROOD}")
    game.prepare()
    game.do(cmd.Deploy(unit="mule-carrier", positions=[(20, 8)]))
    game.do(cmd.Deploy(unit="brood-mother", positions=[(4, 20)]))
    hawk = game.refused(cmd.Deploy(unit="hawk-skimmer", positions=[], transport="mule-carrier"))
    assert (hawk.code, hawk.rule, hawk.params, hawk.field) == ("not_infantry", TRANSPORT, {"unit": "hawk-skimmer", "kind": "vehicle"}, "unit")
    game = convoy_ready()
    mule = game.refused(cmd.Embark(unit="mule-carrier", transport="mule-carrier"))
    assert (mule.code, mule.params) == ("not_infantry", {"unit": "mule-carrier", "kind": "vehicle"})
    again = game.refused(cmd.Embark(unit="convoy-squad", transport="mule-carrier"))
    assert (again.code, again.rule, again.params) == ("inside_transport", TRANSPORT, {"unit": "convoy-squad", "transport": "mule-carrier", "action": "embark"})
    stray = game.refused(cmd.Embark(unit="escort-squad", transport="lookout-team"))
    assert (stray.code, stray.field) == ("not_a_transport", "transport")
    game.do(cmd.Hold(unit="lookout-team"))
    enemy = game.refused(cmd.Embark(unit="spine-spitters", transport="mule-carrier"))
    assert (enemy.code, enemy.rule, enemy.params) == ("not_a_transport", TRANSPORT, {"unit": "spine-spitters", "transport": "mule-carrier", "known": []})


def test_getting_in_refused_past_a_rush_names_the_activation_and_the_transport_field():
    game = convoy_ready(inside=())
    far = game.refused(cmd.Embark(unit="escort-squad", transport="mule-carrier"))
    assert (far.code, far.rule, far.field) == ("too_far", "grimdark-future-1.5.md#Activation", "transport")


def test_a_full_transport_refuses_a_unit_on_the_transport_field():
    game = convoy_ready(inside=("convoy-squad", "escort-squad"))
    full = game.refused(cmd.Embark(unit="lookout-team", transport="mule-carrier"))
    assert (full.code, full.rule, full.params, full.field) == ("transport_full", TRANSPORT, {"transport": "mule-carrier", "capacity": 11, "taken": 10, "models": 3}, "transport")


def _wrecked() -> Game:
    """The Marshal (Tough(3)) and the Convoy Squad ride in the Mule; the Spine Spitters destroy
    it (six wounds); the Marshal rolls a 1, then the squad's first model."""
    game = convoy_ready(inside=("convoy-squad", "marshal-ira-kade"))
    game.do(cmd.Hold(unit="lookout-team"))
    game.do(cmd.Hold(unit="spine-spitters", target="mule-carrier"), *[4] * 10, *[5] * 6, *[1] * 4, 1, 1, 3, 4, 5, 6)
    return game


def test_a_tough_rider_of_a_destroyed_transport_takes_one_wound_for_its_1():
    game = _wrecked()
    assert [e for e in game.events[-12:] if isinstance(e, (ev.ModelWounded, ev.ModelRemoved, ev.UnitPinned))] == [
        ev.ModelRemoved("mule-carrier", "mule-carrier-1"),
        ev.ModelWounded("marshal-ira-kade", "marshal-ira-kade-1", 1),
        ev.UnitPinned("marshal-ira-kade"),
        ev.ModelRemoved("convoy-squad", "convoy-squad-1"),
        ev.UnitPinned("convoy-squad"),
    ]


def test_survivors_are_placed_each_unit_on_the_table_within_6_inches_coherent_and_apart():
    game = _wrecked()
    other = game.refused(cmd.PlaceSurvivors(unit="escort-squad", positions=row(22, 8, 5)))
    assert (other.code, other.rule, other.params, other.field) == ("no_survivors_to_place", TRANSPORT, {"unit": "escort-squad", "waiting": ["convoy-squad", "marshal-ira-kade"]}, "unit")
    five = game.refused(cmd.PlaceSurvivors(unit="convoy-squad", positions=row(22, 8, 5)))
    assert (five.code, five.rule, five.params) == ("wrong_model_count", TRANSPORT, {"unit": "convoy-squad", "models": 4, "given": 5})
    off = game.refused(cmd.PlaceSurvivors(unit="marshal-ira-kade", positions=[(0.2, 8)]))
    assert (off.code, off.rule, off.field) == ("off_table", TRANSPORT, "positions")
    far = game.refused(cmd.PlaceSurvivors(unit="convoy-squad", positions=row(26, 8, 4)))
    assert (far.code, far.rule, far.field) == ("too_far", TRANSPORT, "positions")
    apart = game.refused(cmd.PlaceSurvivors(unit="convoy-squad", positions=[(22, 8), (23.5, 8), (25, 8), (22, 12)]))
    assert (apart.code, apart.params["unit"]) == ("not_coherent", "convoy-squad")
    game.do(cmd.PlaceSurvivors(unit="convoy-squad", positions=row(22, 8, 4)))
    near = game.refused(cmd.PlaceSurvivors(unit="marshal-ira-kade", positions=[(22, 9.5)]))
    assert (near.code, near.rule, near.params["other"]) == ("too_close", TRANSPORT, "convoy-squad")


def test_a_flying_squad_gets_out_over_a_step_without_climbing_it():
    """The Convoy Squad given Flying: 4.698" across the 2" step north of the Mule is all it moves
    (on foot, 8.7" with the climbs, test_transports)."""
    flying = with_rules("Convoy Squad", rules=("Flying",))
    pack = msgspec.structs.replace(flying, missions=tuple(msgspec.structs.replace(m, terrain=(RAMP,)) for m in flying.missions))
    game = convoy_ready(pack=pack)
    moved = game.do(cmd.Advance(unit="convoy-squad", positions=row(17, 14.5, 5)))
    assert moved[1] == ev.UnitMoved("convoy-squad", "advance", row(17, 14.5, 5), 4.698)
