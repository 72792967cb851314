"""Only Flying moves through other units (star-quest.en.md "Special Rules Reference", Flying;
star-quest.de.md "Fliegen"): a model's straight way may not pass over an enemy model's base."""

from __future__ import annotations

import pytest

from domain.systems.starquest import commands as cmd
from tests.starquest.game import Game, enemy, hero, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
BLOCKER = enemy("Blocker", weapons=("Gun",), toughness=3)


def blocked(rules: str, *rules_of_ace: str) -> Game:
    """Ace at (24, 6), a Blocker standing in its way at (24, 10)."""
    game = Game(rules, heroes=[hero("Ace", rules=rules_of_ace)], enemies=[BLOCKER], waves=[wave(1, "Blocker", (24.0, 10.0))], at={"ace": (24.0, 6.0)}, sentry=False)
    game.do(cmd.Activate("ace"))
    return game


@BOTH
def test_a_model_may_not_move_through_an_enemy_base(rules):
    game = blocked(rules)
    error = game.refused(cmd.Rush("ace", 24.0, 16.0))
    assert (error.code, error.params) == ("through_enemy", {"unit": "ace", "enemy": "blocker-1-1"})
    assert error.rule == {"en": "star-quest.en.md#Movement", "de": "star-quest.de.md#BEWEGUNG"}[rules]
    assert game.at("ace") == (24.0, 6.0)


@BOTH
def test_a_model_may_move_past_an_enemy_base_it_does_not_overlap(rules):
    game = blocked(rules)
    game.do(cmd.Rush("ace", 28.0, 12.0))  # beside the Blocker, more than 1" from it
    assert game.at("ace") == (28.0, 12.0)


@BOTH
def test_a_flying_model_moves_over_an_enemy_base(rules):
    game = blocked(rules, "Flying")
    game.do(cmd.Rush("ace", 24.0, 16.0))
    assert game.at("ace") == (24.0, 16.0)
