"""Solo play with flyers, ambushers and transports (domain/systems/grimdark/ai_flyers.py,
ai_reserves.py): a flyer flies toward the nearest enemy and shoots it, or off the nearest edge and
back when nowhere has space; an Ambush unit waits in reserve (its arrival: tests/grimdark/test_ai.py);
the survivors of a destroyed transport are placed without waiting for anyone."""

from __future__ import annotations

import msgspec
import pytest

from domain.systems.grimdark import ai, ai_activation, ai_flyers, ai_preparation, ai_reserves
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.state import Marker
from tests.grimdark.game import BROOD, CONVOY, VANGUARD, Game, convoy_ready, row
from tests.grimdark.solo import as_solo, play


def test_a_solo_flyer_flies_toward_the_nearest_enemy_as_far_as_it_needs_to_end_clear_and_shoots():
    """The Hawk Skimmer at (20, 3): the nearest enemy model is a Spine Spitter at (16.5, 20); 18"
    and 19" that way end on the Spitters, 20" is clear."""
    game = convoy_ready()
    game.do(cmd.Hold(unit="convoy-squad"))
    game.do(cmd.Hold(unit="brood-mother"))
    game.do(cmd.Hold(unit="escort-squad"))
    game.do(cmd.Hold(unit="spine-spitters"))
    command = ai.ai(as_solo(game, CONVOY))
    assert command == cmd.Advance(unit="hawk-skimmer", positions=[(15.967, 22.589)], target="spine-spitters")
    moved = game.do(command, 1, 1)[0]  # the Skimmer Cannon: 2 attacks, both miss
    assert (moved.action, moved.inches) == ("advance", 20.0)


def test_with_nowhere_to_end_a_solo_flyer_leaves_by_the_nearest_edge_and_comes_back_there():
    game = convoy_ready()
    command = ai_flyers.off_the_table(game.game, game.unit("hawk-skimmer"))
    assert command == cmd.Advance(unit="hawk-skimmer", positions=[(20.0, -33.0)], back=[(20.0, 1.182)])
    assert game.do(command) == [
        ev.UnitMoved("hawk-skimmer", "advance", [(20.0, -33.0)], 36.0),
        ev.UnitMoved("hawk-skimmer", "return", [(20.0, 1.182)], 0.0),
        ev.ActivationEnded("hawk-skimmer"),
    ]


def test_a_solo_ambusher_deploys_in_reserve():
    game = Game(f"{CONVOY},{BROOD}", solo=BROOD)
    game.prepare()
    units = {k: msgspec.structs.replace(u, deployed=True) if k in ("bone-crushers", "brood-mother") else u for k, u in game.game.units.items()}
    assert ai_preparation.next_unit(msgspec.structs.replace(game.game, units=units), BROOD) == cmd.Deploy(unit="creeper-swarm", positions=[], reserve=True)


def test_the_survivors_of_a_solo_armys_destroyed_transport_are_placed_nearest_a_marker():
    """The Mule Carrier at (20, 8) gone: its squad goes in rows within 6" of it, toward the marker
    at (10, 15)."""
    game = convoy_ready()
    mule = game.unit("mule-carrier")
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, units={**game.game.units, "mule-carrier": msgspec.structs.replace(mule, models=())}))
    command = ai.ai(as_solo(game, CONVOY))
    assert command == cmd.PlaceSurvivors(unit="convoy-squad", positions=[(14.0, 12.0), (15.484, 12.0), (16.969, 12.0), (18.453, 12.0), (14.0, 13.484)])
    moved = game.do(command)[-1]
    assert (moved.action, moved.inches) == ("bail_out", 5.668)


def test_a_solo_convoy_rides_its_mule_gets_out_after_it_acted_and_plays_to_the_end():
    """The Iron Convoy solo against the Brood played by the same rule, on the seed's dice: the
    Mule Carrier deploys first, then the Convoy Squad with the Marshal joined and the Escort Squad
    inside it (the Lookouts no longer fit); in round 1 the Mule holds and shoots the Skitters,
    then the Convoy Squad gets out toward the nearest marker, where it reaches the Skitters, and
    shoots; the Skimmer flies at them first, then at the Creeper Swarm. The Escort Squad gets out
    later: in round 1 every way out of the Mule, in the table's corner, within an Advance passes
    over the Convoy Squad standing in front of it (the checks of any move)."""
    game = Game(f"{CONVOY},{BROOD}", dice_mode="server", solo=CONVOY)
    by_ai = play(game, BROOD)
    deployed = [(c.unit, c.transport or c.positions[0], c.joined) for c in by_ai if isinstance(c, cmd.Deploy)]
    assert deployed == [
        ("mule-carrier", (2.0, 28.0), []), ("convoy-squad", "mule-carrier", ["marshal-ira-kade"]), ("escort-squad", "mule-carrier", []),
        ("hawk-skimmer", (7.0, 28.0), []), ("lookout-team", (10.0, 29.0), []),
    ]
    assert [c for c in by_ai if getattr(c, "unit", "") == "mule-carrier"][1] == cmd.Hold(unit="mule-carrier", target="skitter-swarm")
    advances = [(c.unit, c.positions[0], c.target) for c in by_ai if isinstance(c, cmd.Advance)]
    assert advances[:3] == [
        ("hawk-skimmer", (7.815, 10.018), "skitter-swarm"),
        ("convoy-squad", (5.0, 24.0), "skitter-swarm"),
        ("hawk-skimmer", (7.815, 28.018), "creeper-swarm"),
    ]
    escort = [type(c).__name__ for c in by_ai if getattr(c, "unit", "") == "escort-squad"]
    assert escort[:2] == ["Deploy", "Hold"] and "Advance" in escort
    assert (game.game.round, game.game.outcome, game.game.seized) == (4, BROOD, {CONVOY: 0, BROOD: 1})


def test_the_ai_never_charges_a_flyer_it_would_charge_were_it_on_the_ground():
    """#Unit Types, Flyers: nothing moves into base contact with a flyer. The Hawk Skimmer at
    (26, 13) is within the Bone Crushers' charge: were it no flyer they would charge it; as it is,
    they rush toward their marker."""
    game = convoy_ready()
    units = {**game.game.units, "hawk-skimmer": ai_activation.moved(game.unit("hawk-skimmer"), [(26, 13)]), "bone-crushers": ai_activation.moved(game.unit("bone-crushers"), row(24, 18, 3, 2.0, 1.5))}
    battle = msgspec.structs.replace(game.game, units=units)
    assert ai_activation.act(battle, units["bone-crushers"]) == cmd.Rush(unit="bone-crushers", positions=[(31.761, 16.06), (33.761, 16.06), (35.761, 16.06)])
    grounded = msgspec.structs.replace(units["hawk-skimmer"], profile=msgspec.structs.replace(units["hawk-skimmer"].profile, flyer=False))
    on_the_ground = msgspec.structs.replace(battle, units={**units, "hawk-skimmer": grounded})
    assert ai_activation.act(on_the_ground, units["bone-crushers"]).target == "hawk-skimmer"


def _wrecked(inside: tuple[str, ...], at: tuple[float, float]) -> Game:
    """The Convoy with `inside` in its Mule Carrier, which stood at `at` when it was destroyed."""
    game = convoy_ready(inside=inside)
    units = dict(game.game.units)
    for unit_id in ("mule-carrier", *inside):
        units[unit_id] = msgspec.structs.replace(units[unit_id], models=tuple(msgspec.structs.replace(m, x=at[0], y=at[1]) for m in units[unit_id].models))
    units["mule-carrier"] = msgspec.structs.replace(units["mule-carrier"], models=())
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, units=units))
    return game


@pytest.mark.parametrize(
    ("inside", "at", "first"),
    [
        (("convoy-squad",), (30, 6), (31.0, 12.0)),
        (("convoy-squad",), (36, 24), (36.0, 18.0)),
        (("marshal-ira-kade",), (26, 8), (32.0, 13.0)),
        (("marshal-ira-kade",), (36, 6), (36.0, 12.0)),
        (("marshal-ira-kade",), (20, 8), (14.0, 13.0)),
    ],
)
def test_survivors_go_to_the_point_nearest_their_marker_up_to_6_inches_each_way_from_the_wreck(inside, at, first):
    """The grid reaches 6" east, west, north and south of where the Mule stood, no further, the
    point nearest the marker first (the lone Marshal too)."""
    game = _wrecked(inside, at)
    command = ai.ai(as_solo(game, CONVOY))
    assert (command.unit, command.positions[0]) == (inside[0], first)


@pytest.mark.parametrize(
    ("markers", "first"),
    [
        ((), (32.0, 18.0)),
        ((Marker("marker-1", 36, 15, carrier="ridge-squad"), Marker("marker-2", 56, 15)), (56.0, 14.0)),
        ((Marker("marker-1", 10, 15),), (14.0, 22.0)),
    ],
)
def test_an_ambusher_arrives_at_the_first_point_nearest_a_marker_on_the_table_else_the_centre(markers, first):
    """The Creeper Swarm in reserve, every other unit where `ready` puts it: the points nearest
    the marker (the table's centre, (36, 15), with none; a carried marker does not count) are
    within 9" of the Vanguard; the first clear one takes the swarm's first model."""
    game = Game(f"{VANGUARD},{BROOD}", solo=BROOD)
    game.ready()
    creepers = msgspec.structs.replace(game.unit("creeper-swarm"), reserve=True)
    battle = msgspec.structs.replace(game.game, units={**game.game.units, "creeper-swarm": creepers}, markers=markers)
    assert ai_reserves.arrive(battle, creepers).positions[:2] == [first, (first[0] + 1.484, first[1])]
