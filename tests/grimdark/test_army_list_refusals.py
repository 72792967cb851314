"""What a player reads when its Army Forge list is refused (domain/systems/grimdark/army_lists.py;
docs/grimdark-future-content-format.md, Army Forge lists; grimdark-future-1.5.md#Preparation): the
code, the section or document cited, the parameters of the message and the field at fault; and a
side of two players whose other army counts with the list against the side's limits."""

from __future__ import annotations

import copy
import json

from domain.systems.grimdark import commands as cmd
from tests.grimdark.game import BROOD, CONVOY, VANGUARD, Game
from tests.grimdark.test_armyforge import BOOK, FLAT, SAVED

LIST, BOOK_JSON, SAVED_JSON = json.loads(FLAT), json.loads(BOOK), json.loads(SAVED)
LISTS = "docs/grimdark-future-content-format.md#army-forge-lists"
SPECIAL = "grimdark-future-1.5.md#Special Rules"


def read(error):
    """What a player reads of a refusal: its code, section, parameters and the field at fault."""
    return error.code, error.rule, error.params, error.field


def _with_rule(data: dict, unit: int, name: str, key: str = "specialRules") -> dict:
    """`data` with the rule `name` added to its `unit`-th unit."""
    changed = copy.deepcopy(data)
    changed["units"][unit][key].append({"name": name, "rating": ""})
    return changed


def test_a_list_comes_before_the_deployment_roll_off_and_for_a_seat_of_the_battle():
    game = Game(mission="random")
    game.do(cmd.SubmitArmyList(army=VANGUARD, army_list=LIST, accept_unknown=True))  # before the mission's roll too
    unknown = game.refused(cmd.SubmitArmyList(army="wardens", army_list=LIST, accept_unknown=True))
    assert read(unknown) == ("unknown_army", LISTS, {"army": "wardens", "known": [VANGUARD, BROOD]}, "army")
    game = Game()
    game.do(cmd.RollOff(purpose="deployment"), 5, 2)
    late = game.refused(cmd.SubmitArmyList(army=VANGUARD, army_list=LIST, accept_unknown=True))
    assert read(late) == ("lists_closed", "grimdark-future-1.5.md#Preparation", {"phase": "edge"}, None)


def test_rules_1_5_does_not_know_are_named_unit_by_unit_unless_taken_with_a_warning():
    game = Game()
    both = _with_rule(LIST, 0, "Relentless")
    refused = game.refused(cmd.SubmitArmyList(army=VANGUARD, army_list=both))
    units = "Captain Odile Frane: Relentless; Warden Squad 2: Relentless, Reliable (Reed Rifle)"
    assert read(refused) == ("army_list_unknown_rules", SPECIAL, {"units": units, "count": 2}, "army_list")
    book = _with_rule(BOOK_JSON, 0, "Relentless")
    assert game.refused(cmd.SubmitArmyList(army=BROOD, army_list=SAVED_JSON, book=book)).params["count"] == 1
    taken = game.do(cmd.SubmitArmyList(army=BROOD, army_list=SAVED_JSON, book=book, accept_unknown=True))
    assert [(w.unit, w.unknown) for w in taken[0].warnings] == [("Captain Odile Frane", ("Relentless",))]


def test_a_file_too_big_or_broken_names_its_field():
    game = Game()
    at_most = {"name": "x" * (100_000 - 22), "units": []}
    assert len(json.dumps(at_most, separators=(",", ":"))) == 100_000
    assert game.refused(cmd.SubmitArmyList(army=VANGUARD, army_list=at_most)).code != "army_list_too_big"
    book = {"name": "x" * 800_000}
    big = game.refused(cmd.SubmitArmyList(army=VANGUARD, army_list=SAVED_JSON, book=book))
    assert read(big) == ("army_list_too_big", LISTS, {"field": "book", "bytes": 800_011, "max": 800_000}, "book")
    shapeless = game.refused(cmd.SubmitArmyList(army=VANGUARD, army_list={"units": 3}))
    assert read(shapeless) == ("bad_army_list", LISTS, {"file": "list.json", "at": "units", "problem": "Expected `array`, got `int`"}, "army_list")


def test_a_list_of_one_player_of_a_side_counts_with_the_other_players_army():
    """#Multi-Player Games: the side's limits count both armies; the Iron Convoy beside it brings
    one hero, so a list of two makes three where 1000 points take two."""
    game = Game(f"{VANGUARD}+{CONVOY},{BROOD}", points=1000)
    two = copy.deepcopy(LIST)
    two["units"].append(copy.deepcopy(LIST["units"][0]))
    heroes = game.refused(cmd.SubmitArmyList(army=VANGUARD, army_list=two, accept_unknown=True))
    assert read(heroes) == ("army_heroes", "grimdark-future-1.5.md#Playing Bigger Games", {"army": f"{VANGUARD}+{CONVOY}", "heroes": 3, "min": 1, "max": 2}, "army_list")
    game.do(cmd.SubmitArmyList(army=VANGUARD, army_list=LIST, accept_unknown=True))
    assert sorted(u.army for u in game.game.units.values() if u.side == VANGUARD) == [VANGUARD] * 3 + [CONVOY] * 6
