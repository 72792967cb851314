"""grimdark-future-1.5.md#Multi-Player Games: two sides of two armies each, a player per army;
the points split evenly, the unit limits counted per side, the sides alternating one unit at a
time whichever of their players activates it."""

from __future__ import annotations

import msgspec
import pytest

from domain.contract import Setup
from domain.errors import RuleError
from domain.systems.grimdark import SYSTEM
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.content import Army
from domain.systems.grimdark.setup import Options, setup
from tests.grimdark.game import BROOD, SHALLOW, SPOTS, VANGUARD, Game, row

RESERVE, SPAWN = "ashen-reserve", "thornback-spawn"
FOUR_ARMIES = f"{VANGUARD}+{RESERVE},{BROOD}+{SPAWN}"


def _split(army: Army, first: list[str], other_id: str, other_name: str) -> tuple[Army, Army]:
    keep = tuple(u for u in army.units if u.name in first)
    rest = tuple(u for u in army.units if u.name not in first and u.name not in ("Dust Riders", "Creeper Swarm"))
    return msgspec.structs.replace(army, units=keep), Army(other_id, other_name, rest)


#: Each sample army split in two for two players a side (185 + 205 and 210 + 200 points).
FOUR = msgspec.structs.replace(
    SHALLOW,
    armies=(
        *_split(SHALLOW.armies[0], ["Captain Hale Morrow", "Vanguard Squad"], RESERVE, "Ashen Reserve"),
        *_split(SHALLOW.armies[1], ["Brood Mother", "Skitter Swarm"], SPAWN, "Thornback Spawn"),
    ),
)


def test_four_players_in_two_sides_each_commanding_only_their_own_army():
    game = Game(FOUR_ARMIES, pack=FOUR)
    assert game.game.sides == (VANGUARD, BROOD)
    assert {u.id: (u.side, u.army) for u in game.game.units.values() if u.side == VANGUARD} == {
        "captain-hale-morrow": (VANGUARD, VANGUARD),
        "vanguard-squad": (VANGUARD, VANGUARD),
        "ridge-squad": (VANGUARD, RESERVE),
        "mortar-team": (VANGUARD, RESERVE),
    }
    assert SYSTEM.seats(game.game, cmd.Hold(unit="ridge-squad")) == (RESERVE,)
    assert SYSTEM.seats(game.game, cmd.PickEdge(side=VANGUARD, edge="south")) == (VANGUARD,)
    game.prepare()
    order = ["captain-hale-morrow", "brood-mother", "vanguard-squad", "spine-spitters", "ridge-squad", "bone-crushers", "mortar-team", "skitter-swarm"]
    for unit in order:
        x, y = SPOTS[unit]
        back = -1.5 if game.unit(unit).side == VANGUARD else 1.5
        game.do(cmd.Deploy(unit=unit, positions=row(x, y, len(game.unit(unit).models), 2.0 if unit == "bone-crushers" else 1.5, back)))
    assert (game.game.round, game.game.up) == (1, VANGUARD)
    game.do(cmd.Hold(unit="ridge-squad"))  # the reserve's player activates for the side
    assert game.refused(cmd.Hold(unit="mortar-team")).params == {"side": VANGUARD, "up": BROOD}
    game.do(cmd.Hold(unit="bone-crushers"))
    assert game.game.up == VANGUARD


def _sides(armies: str, pack=FOUR):
    return setup(Setup("1.5", Options(armies=armies), {"core": pack}))


def test_the_points_are_split_between_a_sides_players_and_the_limits_count_for_the_side():
    assert _sides(FOUR_ARMIES).sides == [[VANGUARD, RESERVE], [BROOD, SPAWN]]
    big = msgspec.structs.replace(FOUR, armies=tuple(msgspec.structs.replace(a, units=(*a.units, a.units[-1])) if a.id == RESERVE else a for a in FOUR.armies))
    with pytest.raises(RuleError) as over:
        _sides(FOUR_ARMIES, pack=big)
    assert (over.value.code, over.value.rule, over.value.params) == ("army_over_points", "grimdark-future-1.5.md#Multi-Player Games", {"army": RESERVE, "points": 300, "max": 250})
    heroes = msgspec.structs.replace(FOUR, armies=tuple(msgspec.structs.replace(a, units=(a.units[0], SHALLOW.armies[0].units[0])) if a.id == RESERVE else a for a in FOUR.armies))
    with pytest.raises(RuleError) as two:
        _sides(FOUR_ARMIES, pack=heroes)
    assert (two.value.code, two.value.params) == ("army_heroes", {"army": f"{VANGUARD}+{RESERVE}", "heroes": 2, "min": 1, "max": 1})
    with pytest.raises(RuleError) as three:
        _sides(f"{VANGUARD},{BROOD},{SPAWN}")
    assert three.value.code == "bad_armies"
