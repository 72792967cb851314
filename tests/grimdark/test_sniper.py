"""grimdark-future-1.5.md#Special Rules, Sniper, with known dice: the Iron Convoy's Lookout Team
(Quality 4+, Marksman Rifles with Sniper) shoots at Quality 2+, and its player picks the model
hit; a wound that model cannot take goes to the owner's pick."""

from __future__ import annotations

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from tests.grimdark.game import convoy_ready

SPECIAL = "grimdark-future-1.5.md#Special Rules"


def test_sniper_hits_on_2_and_its_wounds_go_on_the_model_the_attacker_picks():
    game = convoy_ready()
    events = game.do(cmd.Hold(unit="lookout-team", target="skitter-swarm", sniped="skitter-swarm-8"), 2, 2, 1, 3, 5)
    assert [e for e in events if isinstance(e, (ev.AttackResolved, ev.ModelRemoved, ev.CasualtiesDue))] == [
        ev.AttackResolved("lookout-team", "Marksman Rifle", "skitter-swarm", 3, 2, 2),
        ev.ModelRemoved("skitter-swarm", "skitter-swarm-8"),
        ev.CasualtiesDue("skitter-swarm", 1, "end"),
    ]


def test_a_pick_needs_a_sniper_weapon_and_a_model_of_the_target():
    game = convoy_ready()
    plain = game.refused(cmd.Hold(unit="escort-squad", target="skitter-swarm", sniped="skitter-swarm-1"))
    assert (plain.code, plain.rule, plain.params) == ("no_sniper", SPECIAL, {"unit": "escort-squad", "target": "skitter-swarm"})
    stray = game.refused(cmd.Hold(unit="lookout-team", target="skitter-swarm", sniped="creeper-swarm-1"))
    assert (stray.code, stray.params) == ("not_in_target", {"model": "creeper-swarm-1", "target": "skitter-swarm", "models": [f"skitter-swarm-{k}" for k in range(1, 9)]})
