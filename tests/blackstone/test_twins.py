"""The twins, Pim and Pell (blackstone-fortress.md#THE RATLING TWINS): one activation roll for
both, either acts, out of action together, one recovery roll for both (#EXPLORATION ROUNDS,
2. Recovery step). Cover from both and the rifle's owner are pinned in test_turn."""

from __future__ import annotations

import msgspec
import pytest

from domain import mission
from domain.events import DiceRolled
from domain.systems.blackstone import commands as cmd
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import twins
from tests.blackstone.game import Game

TWINS, YSOLDE = "pim-and-pell", "ysolde-marr"


def test_one_activation_roll_for_both_and_either_twin_spends_the_dice():
    game = Game()
    game.start((1, 2, 3, 4, 5), {TWINS: (6, 5, 4, 1), YSOLDE: (3, 3, 2, 1)}, (1, 1))
    assert [e.purpose for e in game.of(DiceRolled) if e.unit == TWINS] == ["activation roll: pim-and-pell"]
    game.do(cmd.Move(TWINS, miniature="pim", die=1, q=-1, r=0))
    game.do(cmd.Move(TWINS, miniature="pell", die=4, q=-2, r=1))
    assert game.battle.tracks[TWINS].dice == (6, 5)


@pytest.mark.parametrize(("face", "died"), [(2, True), (3, False)])
def test_one_recovery_roll_decides_for_both_twins(face, died):
    """Out of action together; the blackstone die at or under the grievous wounds (2) kills."""
    game = Game()
    game._apply(ev.OutOfAction(TWINS))
    tracks = {**game.battle.tracks, TWINS: msgspec.structs.replace(game.battle.tracks[TWINS], grievous=2, wounds=2)}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.battle, tracks=tracks))
    assert game.at("pim") is None and game.at("pell") is None
    box = mission.dice_box_for(game.state, server_seed=None, fresh_seed=None, manual_faces=[face])
    events = twins.recovery_rolls(game.battle.tracks.values(), box, actor="host")
    box.check_all_manual_faces_used()
    rolled = [(e.purpose, e.rule, e.actor, e.unit, e.sides) for e in events if isinstance(e, DiceRolled)]
    assert rolled == [("recovery roll: pim-and-pell", "blackstone-fortress.md#EXPLORATION ROUNDS", "host", TWINS, [20])]
    assert events[-1] == ev.RecoveryRolled(TWINS, face, 2, died)
