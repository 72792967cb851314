"""grimdark-future-1.5.md#Morale with known dice: the roll a player reads for a morale test (its
purpose and rules section), and a Quality above 6 taking a 6 then a 4+ (#General Principles)."""

from __future__ import annotations

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from tests.grimdark.game import Game, with_quality

MORALE = "grimdark-future-1.5.md#Morale"
PRINCIPLES = "grimdark-future-1.5.md#General Principles"


def _rolls(events):
    return [(e.purpose, e.results, e.rule) for e in events if type(e).__name__ == "DiceRolled"]


def _skitters_at_half(game: Game, *dice: int):
    """The Mortar Team's Blast(3) takes the Skitters down to 4 of 8: they test morale."""
    game.ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Hold(unit="brood-mother"))
    game.do(cmd.Hold(unit="mortar-team", target="skitter-swarm"), 4, 4, 1, 3, 3, 3, 3, 2, 1)
    return game.do(cmd.RemoveCasualties(unit="skitter-swarm", models=[f"skitter-swarm-{k}" for k in (5, 6, 7, 8)]), *dice, actor="bob")


def _pinned(events) -> bool:
    return any(isinstance(e, ev.UnitPinned) for e in events)


def test_the_morale_roll_names_the_unit_and_the_morale_section():
    events = _skitters_at_half(Game(), 5)
    assert _rolls(events) == [("skitter-swarm: morale test", [5], MORALE)]
    assert ev.MoraleTested("skitter-swarm", 5, 5, True) in events
    assert not _pinned(events)


def test_a_quality_above_6_passes_morale_on_a_6_and_then_a_4():
    """Skitters of Quality 7+: a 6 rolls again; a 4 passes, a 3 fails and pins them."""
    passed = _skitters_at_half(Game(pack=with_quality("Skitter Swarm", 7)), 6, 4)
    assert _rolls(passed) == [
        ("skitter-swarm: morale test", [6], MORALE),
        ("skitter-swarm: morale, a 6 needing a 4+", [4], PRINCIPLES),
    ]
    assert ev.MoraleTested("skitter-swarm", 6, 7, True) in passed and not _pinned(passed)
    failed = _skitters_at_half(Game(pack=with_quality("Skitter Swarm", 7)), 6, 3)
    assert _rolls(failed)[-1] == ("skitter-swarm: morale, a 6 needing a 4+", [3], PRINCIPLES)
    assert ev.MoraleTested("skitter-swarm", 6, 7, False) in failed and ev.UnitPinned("skitter-swarm") in failed
