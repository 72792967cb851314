"""ruinstars-2e.md#BUILDING YOUR SQUAD checked when a mission is set up: 100 GP with the optional
gear chosen, 4 to 10 units, exactly one Leader, Unique units, weapons and skills once; co-op mini
squads (50/34/25 GP) fielded together with one Squad Leader."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.contract import Setup
from domain.errors import RuleError
from domain.kit.content import ContentError
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars.content import Pick, Squad
from domain.systems.ruinstars.loading import load_pack
from domain.systems.ruinstars.setup import Options, setup
from tests.ruinstars.game import ANYWHERE, CORE, Game

BUILDING = "ruinstars-2e.md#BUILDING YOUR SQUAD"


def with_squads(*squads: Squad, cards: tuple = (), pack: Any = CORE) -> Any:
    """The core pack (or `pack`) with these squads (and these cards) added."""
    return msgspec.structs.replace(
        pack, squads=(*pack.squads, *squads), units=(*pack.units, *cards)
    )


def refused(squads: str, pack: Any = CORE, **options: Any) -> RuleError:
    with pytest.raises(RuleError) as error:
        setup(Setup("2e", Options(squads=squads, **options), {"core": pack}))
    assert error.value.rule == BUILDING
    return error.value


def test_the_cinder_watch_takes_its_optional_gear_for_exactly_100_gp():
    """88 GP of units, Longshot Carbine 4, Rotor Cannon 5, Shard Launcher 3."""
    game = Game()
    assert game.game.squads[0].gear == {
        "oda-venn": ("Longshot Carbine",),
        "brannoc": ("Rotor Cannon",),
        "teo-marsh": ("Shard Launcher",),
    }
    assert [w.name for w in game.game.weapons(game.unit("brannoc"))] == [
        "Rotor Cannon",
        "Gauntlet",
    ]


def test_a_squad_over_100_gp_is_refused_with_its_total():
    """The Cinder Watch and one more Trooper (15 GP): 115 GP."""
    pack = with_squads(
        Squad("Heavy Watch", (*CORE.named("squads", "Cinder Watch").units, "Trooper"))
    )
    error = refused("Heavy Watch", pack)
    assert (error.code, error.params) == (
        "over_budget",
        {"squad": "Heavy Watch", "gp": 115, "budget": 100},
    )


def test_optional_gear_not_chosen_costs_nothing_and_cannot_be_used():
    """Without the Longshot Carbine (4 GP) and the Rotor Cannon (5 GP): 72 GP, and Oda Venn has
    no ranged weapon."""
    squad = Squad("Light Watch", ("Oda Venn", "Brannoc", "Issa Quill", "Wren"))
    game = Game("Light Watch, First Mission", pack=with_squads(squad, pack=ANYWHERE))
    assert [w.name for w in game.game.weapons(game.unit("brannoc"))] == ["Gauntlet"]
    game.place({"oda-venn": (12, 12), "leader": (12, 18)})
    game.start_turn(1, 2)
    game.do(cmd.ChooseFirst(squad="light-watch", first="light-watch"))
    game.do(cmd.Activate(unit="oda-venn"))
    error = game.refused(
        cmd.RangedCombat(unit="oda-venn", weapon="Longshot Carbine", target="leader")
    )
    assert (error.code, error.params) == (
        "no_such_weapon",
        {"unit": "oda-venn", "weapon": "Longshot Carbine", "weapons": []},
    )


@pytest.mark.parametrize(
    ("units", "count"),
    [
        (("Leader", "Trooper", "Fighter"), 3),
        (("Leader", *["Trooper"] * 10), 11),
    ],
)
def test_a_squad_has_4_to_10_units(units, count):
    pack = with_squads(Squad("Odd", units))
    error = refused("Odd", pack)
    assert (error.code, error.params) == (
        "squad_size",
        {"squad": "Odd", "units": count, "fewest": 4, "most": 10},
    )


@pytest.mark.parametrize(
    ("units", "leaders"),
    [
        (("Trooper", "Fighter", "Shooter", "Trooper"), []),
        (("Leader", "Leader", "Fighter", "Shooter"), ["Leader", "Leader"]),
    ],
)
def test_a_squad_has_exactly_one_leader(units, leaders):
    error = refused("Odd", with_squads(Squad("Odd", units)))
    assert (error.code, error.params) == (
        "leader_count",
        {"squad": "Odd", "leaders": len(leaders), "allowed": [1], "names": leaders},
    )


def test_a_unique_unit_is_fielded_once():
    """A Unique copy of Wren fielded twice."""
    lone = msgspec.structs.replace(CORE.named("units", "Wren"), name="Lone Wren", unique=True)
    pack = with_squads(
        Squad("Twins", ("Oda Venn", "Lone Wren", "Lone Wren", "Trooper")),
        cards=(lone,),
    )
    error = refused("Twins", pack)
    assert (error.code, error.params) == (
        "unique_twice",
        {"squad": "Twins", "kind": "unit", "name": "Lone Wren", "count": 2, "most": 1},
    )


def test_a_unique_weapon_is_carried_by_one_unit():
    """The Longshot Carbine is Unique (`*`): a second carbine on a copy of Oda is refused."""
    aide = msgspec.structs.replace(
        CORE.named("units", "Oda Venn"), name="Oda's Aide", leader=False, unique=False, gp=10
    )
    pack = with_squads(
        Squad(
            "Carbines",
            (
                Pick("Oda Venn", ("Longshot Carbine",)),
                Pick("Oda's Aide", ("Longshot Carbine",)),
                "Wren",
                "Wren",
            ),
        ),
        cards=(aide,),
    )
    error = refused("Carbines", pack)
    assert (error.code, error.params) == (
        "unique_twice",
        {"squad": "Carbines", "kind": "weapon", "name": "Longshot Carbine", "count": 2, "most": 1},
    )


def test_a_unique_skill_is_in_the_squad_once():
    """A skill written with a trailing `*` (Strategize*) on two units."""
    planner = msgspec.structs.replace(
        CORE.named("units", "Wren"), name="Planner", skills=("Strategize*",)
    )
    pack = with_squads(
        Squad("Planners", ("Leader", "Planner", "Planner", "Trooper")), cards=(planner,)
    )
    error = refused("Planners", pack)
    assert (error.code, error.params) == (
        "unique_twice",
        {"squad": "Planners", "kind": "skill", "name": "Strategize", "count": 2, "most": 1},
    )


MINIS = (
    Squad("Red", ("Leader", "Trooper")),
    Squad("Blue", ("Leader", "Fighter")),
    Squad("Grey", ("Shooter",)),
)


def test_mini_squads_are_fielded_together_with_their_squad_leader():
    """Two players, 35 GP each of 50; the Squad Leader is Blue's Leader (`leader-2`)."""
    game = Game("Red, Blue", pack=with_squads(*MINIS), mini_squads=True, squad_leader="leader-2")
    (squad,) = game.game.squads
    assert (squad.id, squad.name, squad.leader) == ("red+blue", "Red + Blue", "leader-2")
    assert [u for u, _ in squad.units] == ["leader", "trooper", "leader-2", "fighter"]


@pytest.mark.parametrize(("squad_leader", "dice"), [("leader-2", 3), ("leader", 5)])
def test_only_the_squad_leader_counts_for_the_to_dice(squad_leader, dice):
    """ruinstars-2e.md#BUILDING YOUR SQUAD: Blue's Leader is Taken Out before the first turn:
    3 TO dice when it is the Squad Leader, though Red's Leader stands; 5 when Red's is."""
    game = Game("Red, Blue", pack=with_squads(*MINIS), mini_squads=True, squad_leader=squad_leader)
    out = msgspec.structs.replace(game.unit("leader-2"), status="taken_out", hit=0)
    game.state = msgspec.structs.replace(
        game.state,
        game=msgspec.structs.replace(game.game, models={**game.game.models, "leader-2": out}),
    )
    game.do(cmd.Deploy(unit="leader", x=12, y=12))
    game.do(cmd.Deploy(unit="trooper", x=13.5, y=12))
    game.do(cmd.Deploy(unit="fighter", x=10.5, y=12))
    faces = (1, 2, 6, 6, 6)[:dice]
    events = game.do(cmd.StartTurn(), *faces)
    rolled = [e for e in events if type(e).__name__ == "OrdersRolled"][0]
    assert (rolled.dice, rolled.gained, rolled.taken_out, rolled.orders) == (dice, 2, 1, 3)


def test_a_mini_squad_keeps_to_its_share_of_gp():
    """Three players: 34 GP each, so Red's Leader and Trooper (35 GP) are too many."""
    error = refused("Red, Blue, Grey", with_squads(*MINIS), mini_squads=True, squad_leader="leader")
    assert (error.code, error.params) == (
        "over_budget",
        {"squad": "Red", "gp": 35, "budget": 34},
    )


def test_mini_squads_name_one_of_their_leaders_as_squad_leader():
    error = refused("Red, Grey", with_squads(*MINIS), mini_squads=True, squad_leader="trooper")
    assert (error.code, error.params) == (
        "no_such_squad_leader",
        {"squad_leader": "trooper", "leaders": ["leader"]},
    )
    unnamed = refused("Red, Grey", with_squads(*MINIS), mini_squads=True)
    assert unnamed.params == {"squad_leader": "-", "leaders": ["leader"]}


def test_mini_squads_are_2_to_4_players():
    error = refused("Red", with_squads(*MINIS), mini_squads=True)
    assert (error.code, error.params) == (
        "mini_squad_players",
        {"players": 1, "allowed": [2, 3, 4]},
    )


def test_a_squads_gear_names_optional_weapons_of_the_card():
    """docs/ruinstars-content-format.md: Brannoc's Gauntlet comes with him, it is no gear."""
    squads = b'[[squads]]\nname = "S"\nunits = ["Trooper", { card = "Brannoc", gear = ["Rotor Cannon", "Gauntlet"] }]\n'
    units = (
        b'[[units]]\nname = "Trooper"\nact = 2\narm = 3\nhit = 3\n'
        b'[[units]]\nname = "Brannoc"\nact = 2\narm = 4\nhit = 4\nweapons = ['
        b'{ name = "Rotor Cannon", kind = "ranged", att = 5, skl = 4, gp = 5 },'
        b'{ name = "Gauntlet", kind = "melee", att = 2, skl = 3 }]\n'
    )
    header = b'[pack]\nname = "t"\nversion = "1"\n'
    with pytest.raises(ContentError) as error:
        load_pack({"pack.toml": header + units, "squads.toml": squads})
    assert (error.value.file, error.value.field) == ("squads.toml", "squads[0].units[1].gear[1]")
    assert error.value.problem == (
        "'Gauntlet' is not optional gear of Brannoc or is given twice; optional: ['Rotor Cannon']"
    )
