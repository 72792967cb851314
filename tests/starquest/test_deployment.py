"""Deployment (star-quest.en.md "Preparation"; de "VORBEREITUNG"): bases never overlap, and
deploying a hero again where it stands changes nothing, so it is refused and writes nothing."""

from __future__ import annotations

import pytest

from domain.systems.starquest import commands as cmd
from tests.starquest.game import Game, hero

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
SECTION = {"en": "star-quest.en.md#Preparation", "de": "star-quest.de.md#VORBEREITUNG"}


def deploying(rules: str) -> Game:
    """Ace deployed at (10, 6), Bo at (14, 6), the round not started."""
    return Game(rules, heroes=[hero("Ace"), hero("Bo")], start=False)


@BOTH
def test_two_heroes_may_not_stand_on_one_point_or_on_each_others_bases(rules):
    game = deploying(rules)
    for x in (10.0, 10.5):  # Ace's very point; half an inch away, inside Ace's base
        error = game.refused(cmd.DeployHero("bo", x, 6.0))
        assert (error.code, error.params["other"], error.rule) == ("bases_overlap", "ace", SECTION[rules])
    touching = 10.0 + 2 * game.battle.base(game.unit("ace"), game.unit("ace").figures[0]).radius
    error = game.refused(cmd.DeployHero("bo", touching, 6.0))  # touching is not overlapping, but within 1" (#Movement)
    assert (error.code, error.params) == ("too_close", {"unit": "ace", "gap": 0.0})
    game.do(cmd.DeployHero("bo", touching + 1.0, 6.0))  # 1" apart
    assert game.at("bo") == (touching + 1.0, 6.0)


@BOTH
def test_deploying_a_hero_again_where_it_stands_is_refused(rules):
    game = deploying(rules)
    error = game.refused(cmd.DeployHero("ace", 10.0, 6.0))
    assert (error.code, error.params) == ("already_there", {"unit": "ace", "x": 10.0, "y": 6.0})
    game.do(cmd.DeployHero("ace", 18.0, 6.0))  # elsewhere in the zone is fine
    assert game.at("ace") == (18.0, 6.0)
