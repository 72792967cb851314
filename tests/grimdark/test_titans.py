"""grimdark-future-1.5.md#Unit Types, Titans, and #Playing Bigger Games: the Bone Crushers made a
titan of one model (a test army: a titan needs a game of 1000 pts or more): 6 automatic hits
with AP(2) whenever it fights in melee, Fear, and the titan limits of the table."""

from __future__ import annotations

import msgspec
import pytest

from domain.contract import Setup
from domain.errors import RuleError
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.setup import Options, setup
from tests.grimdark.game import SHALLOW, Game

CONTACT = 24 + 0.492126 + 0.787402


def _titan(u):
    return msgspec.structs.replace(u, kind="titan", models=(msgspec.structs.replace(u.models[0], count=1),)) if u.name == "Bone Crushers" else u


TITANS = msgspec.structs.replace(SHALLOW, armies=tuple(msgspec.structs.replace(a, units=tuple(_titan(u) for u in a.units)) for a in SHALLOW.armies))


def test_a_titan_needs_a_game_of_1000_points():
    with pytest.raises(RuleError) as refused:
        setup(Setup("1.5", Options(), {"core": TITANS}))
    assert (refused.value.code, refused.value.rule, refused.value.params) == ("army_titans", "grimdark-future-1.5.md#Preparation", {"army": "thornback-brood", "count": 1, "max": 0})
    assert setup(Setup("1.5", Options(points=1000), {"core": TITANS})).armies[1].units[4].kind == "titan"


def test_a_titan_strikes_back_with_6_automatic_hits_at_ap_2_and_has_fear():
    """The Dust Riders charge it: they fail their test against its Fear, miss, and its six hits
    wound their Defense 4+ on 2+ (AP(2)) before its claws strike."""
    game = Game(pack=TITANS, points=1000)
    game.ready()
    for unit_id in ("captain-hale-morrow", "brood-mother", "vanguard-squad", "spine-spitters", "ridge-squad", "skitter-swarm", "mortar-team", "creeper-swarm"):
        game.do(cmd.Hold(unit=unit_id))
    charge = cmd.Charge(unit="dust-riders", target="bone-crushers", positions=[(CONTACT + 1.5 * k, 20) for k in range(4)])
    events = game.do(charge, 3, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 1, 1)
    assert [e for e in events if isinstance(e, (ev.FearFailed, ev.AttackResolved))] == [
        ev.FearFailed("dust-riders"),
        ev.AttackResolved("dust-riders", "Lance", "bone-crushers", 4, 0, 0),
        ev.AttackResolved("bone-crushers", "Titan", "dust-riders", 6, 6, 2),
        ev.AttackResolved("bone-crushers", "Crushing Claws", "dust-riders", 3, 0, 0),
    ]
    rolls = [(e.purpose, e.results, e.rule) for e in events if type(e).__name__ == "DiceRolled"]
    assert rolls[2] == ("bone-crushers: Titan to wound dust-riders", [2, 2, 1, 1, 1, 1], "grimdark-future-1.5.md#Special Rules")
    assert events[-1] == ev.CasualtiesDue("dust-riders", 2, "melee_end")
