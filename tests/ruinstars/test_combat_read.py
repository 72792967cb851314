"""Ruinstars combat refusals as a player reads them (ruinstars-2e.md#WEAPON SPECIALS, SPR): the
rule and the parameters of a Spread attack that names a target twice or is no Spread weapon's."""

from __future__ import annotations

from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars.specials import SPECIALS
from tests.ruinstars.test_combat import battle


def ranged(unit: str, weapon: str, target: str = "trooper", **more) -> cmd.RangedCombat:
    return cmd.RangedCombat(unit=unit, weapon=weapon, target=target, **more)


def test_a_spread_naming_a_target_twice_is_refused_by_name():
    game = battle({"teo-marsh": (12, 8), "trooper": (11, 13), "fighter": (13, 13)}, first="cinder-watch")
    game.do(cmd.Activate(unit="teo-marsh"))
    for spread in (["trooper"], ["fighter", "fighter"]):
        refused = game.refused(ranged("teo-marsh", "Scattergun", spread=spread, dice=[2, 1, 1][: len(spread) + 1]))
        assert (refused.code, refused.rule, refused.params) == ("spread_twice", SPECIALS, {"target": spread[-1]})


def test_dice_shared_out_need_a_spread_weapon():
    game = battle({"issa-quill": (12, 8), "trooper": (11, 13), "fighter": (13, 13)}, first="cinder-watch")
    game.do(cmd.Activate(unit="issa-quill"))
    for more in ({"spread": ["fighter"], "dice": [1, 1]}, {"dice": [1]}, {"spread": ["fighter"]}):
        refused = game.refused(ranged("issa-quill", "Needle Pistol", **more))
        assert (refused.code, refused.rule, refused.params) == ("no_spread", SPECIALS, {"weapon": "Needle Pistol"})


def test_a_spreads_dice_and_targets_are_refused_under_the_weapon_specials():
    """SPR: the dice shared out must be the ATT, at least one each, over targets Adjacent to each other."""
    game = battle({"teo-marsh": (12, 8), "trooper": (11, 13), "fighter": (13, 13), "leader": (16, 11)}, first="cinder-watch")
    game.do(cmd.Activate(unit="teo-marsh"))
    for dice in ([2, 1], [4, 0], [4]):
        refused = game.refused(ranged("teo-marsh", "Scattergun", spread=["fighter"], dice=dice))
        assert (refused.code, refused.rule, refused.params) == ("spread_dice", SPECIALS, {"targets": 2, "att": 4, "dice": dice})
    apart = game.refused(ranged("teo-marsh", "Scattergun", spread=["leader"], dice=[3, 1]))
    assert (apart.code, apart.rule, apart.params) == ("spread_apart", SPECIALS, {"targets": ["leader", "trooper"]})
