"""ruinstars-2e.md#PLAYING ON A GRID: 2" squares named by column and row; Move 3 squares and
Dash 1 (diagonals count 1), climbing per square, Adjacency with diagonals and no wall between,
range in squares, corner-to-corner line of sight, Cover from a wall on the target's square.
Walls here lie between two squares [x1, y1, x2, y2]; heights raise squares [x, y, squares]."""

from __future__ import annotations

import msgspec
import pytest

from domain.errors import RuleError
from domain.kit.content import ContentError
from domain.systems.ruinstars import ai
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars.content import Piece
from domain.systems.ruinstars.loading import load_pack
from tests.ruinstars.game import ANYWHERE, CORE, NO_ORDERS, PVP, Game
from tests.ruinstars.test_combat import of
from tests.ruinstars.test_ending import HEADER

#: A wall along the grid line y = 4 from x = 1 to x = 4 (between rows 3 and 4), and one along
#: x = 8 beside rows 4 and 5 (between columns 7 and 8).
WALLS = (
    (1, 3, 1, 4),
    (2, 3, 2, 4),
    (3, 3, 3, 4),
    (7, 4, 8, 4),
    (7, 5, 8, 5),
)
#: A square 1 high and one 2 high.
HEIGHTS = ((10, 5, 1), (2, 9, 2))


def board(spots: dict[str, tuple[int, int]], *, walls=(), heights=(), first: str = "cinder-watch", within: int = 24) -> Game:
    """Both squads on a grid with these walls and heights, the named units where given, the
    others along their squad's edge (row 0 and row 11, from column 0 every other square); turn 1
    started, the Cinder Watch winning initiative and letting `first` go first."""
    mission = msgspec.structs.replace(
        ANYWHERE.named("missions", "survive"), grid=True, spawn_points=(), walls=walls, heights=heights, deploy_within=within
    )
    game = Game(PVP, pack=msgspec.structs.replace(ANYWHERE, missions=(mission,)))
    for row, squad in zip((0, 11), game.game.squads, strict=True):
        parked = [u for u, _ in squad.units if u not in spots]
        spots = {**spots, **{u: (2 * n, row) for n, u in enumerate(parked)}}
    for unit, (x, y) in spots.items():
        game.do(cmd.Deploy(unit=unit, x=x, y=y))
    game.start_turn(1, 2, orders=[NO_ORDERS, NO_ORDERS])
    game.do(cmd.ChooseFirst(squad="cinder-watch", first=first))
    return game


def field(spots: dict[str, tuple[int, int]], *, first: str = "cinder-watch") -> Game:
    """`board` with this file's walls and heights (the Cinder Watch on row 0, the First Mission
    on row 11)."""
    return board(spots, walls=WALLS, heights=HEIGHTS, first=first)


def test_the_grid_option_lays_survive_on_squares_and_the_bugs_spawn_on_the_squares_around():
    """Spawn points at (3, 3), (21, 5) and (12, 21) inches stand on squares (1, 1), (10, 2) and
    (6, 10); a Bug spawns on the first free square round each, in column then row order."""
    game = Game(pack=CORE, grid=True)
    assert game.game.mission.grid
    points = [(m.at.x, m.at.y) for k, m in sorted(game.game.models.items()) if k.startswith("spawn")]
    assert points == [(1, 1), (10, 2), (6, 10)]
    units = [u for s in game.game.squads for u, _ in s.units]
    for unit, x in zip(units, range(3, 9), strict=False):
        game.do(cmd.Deploy(unit=unit, x=x, y=8))
    spawned = [
        (e.unit, e.spawn_point, e.x, e.y) for e in game.start_turn() if isinstance(e, ev.BugSpawned)
    ]
    assert spawned == [
        ("bug-1", "spawn-point-1", 0, 0),
        ("bug-2", "spawn-point-2", 9, 1),
        ("bug-3", "spawn-point-3", 5, 9),
    ]


def test_deployment_within_4_inches_of_the_centre_is_squares_3_to_8_on_whole_squares():
    """The centre of the 12 x 12 squares is the corner of squares 5 and 6; square 3's near edge
    is 4" from it, square 2's 6"."""
    game = Game(pack=CORE, grid=True)
    far = game.refused(cmd.Deploy(unit="oda-venn", x=2, y=5))
    assert (far.code, far.rule, far.params) == (
        "outside_deployment",
        "ruinstars-2e.md#DEPLOYMENT",
        {"unit": "oda-venn", "inches": 6.0, "within": 4},
    )
    between = game.refused(cmd.Deploy(unit="oda-venn", x=5.5, y=5))
    assert (between.code, between.params) == (
        "not_a_square",
        {"unit": "oda-venn", "x": 5.5, "y": 5},
    )
    game.do(cmd.Deploy(unit="oda-venn", x=8, y=3))
    taken = game.refused(cmd.Deploy(unit="brannoc", x=8, y=3))
    assert (taken.code, taken.params) == ("on_another_base", {"unit": "brannoc", "others": ["oda-venn"]})


def test_a_mission_with_terrain_pieces_has_no_grid():
    pack = msgspec.structs.replace(
        CORE,
        missions=tuple(
            msgspec.structs.replace(m, terrain=(Piece("crate", ((1, 1), (2, 1), (2, 2)), 1),))
            for m in CORE.missions
        ),
    )
    with pytest.raises(RuleError) as refused:
        Game(pack=pack, grid=True)
    assert (refused.value.code, refused.value.rule, refused.value.params) == (
        "no_grid_map",
        "ruinstars-2e.md#PLAYING ON A GRID",
        {"mission": "survive", "terrain": ["crate"]},
    )


def test_a_move_is_3_squares_a_dash_1_and_a_diagonal_counts_1():
    """Wren at (2, 5): 3 squares diagonally is a Move of 6"; 4 squares is too far; then a Dash
    of 1 square (2") and not 2."""
    game = field({"wren": (2, 5)})
    game.do(cmd.Activate(unit="wren"))
    far = game.refused(cmd.Move(unit="wren", x=6, y=9))
    assert (far.code, far.rule, far.params) == (
        "too_far",
        "ruinstars-2e.md#MOVEMENT",
        {"unit": "wren", "inches": 8.0, "max": 6},
    )
    moved = game.do(cmd.Move(unit="wren", x=5, y=8))
    assert (moved[0].inches, moved[0].climb, game.unit("wren").at) == (
        6.0,
        0.0,
        msgspec.structs.replace(game.unit("wren").at, x=5, y=8, z=0),
    )
    assert game.refused(cmd.Dash(unit="wren", x=7, y=8)).params["inches"] == 4.0
    assert game.do(cmd.Dash(unit="wren", x=6, y=9))[0].inches == 2.0


def test_a_move_goes_round_a_wall_and_through_no_enemy():
    """Wren at (7, 5) behind the wall on x = 8: to (8, 5) it goes round the wall's end, (8, 6)
    diagonally then back: 2 squares. The Fighter on (8, 6) closes that way: round the top
    instead, (7, 4), (8, 3), (8, 4), (8, 5): 4 squares, too far. Wren on (1, 4) under the wall
    on y = 4 with enemies west, east and south: corners with enemies on both sides, or a wall
    and an enemy, are closed too, so there is no way at all."""
    game = field({"wren": (7, 5)})
    game.do(cmd.Activate(unit="wren"))
    assert game.do(cmd.Move(unit="wren", x=8, y=5))[0].inches == 4.0
    other = field({"wren": (7, 5), "fighter": (8, 6)})
    other.do(cmd.Activate(unit="wren"))
    assert other.refused(cmd.Move(unit="wren", x=8, y=5)).params["inches"] == 8.0
    walled = field({"wren": (1, 4), "fighter": (0, 4), "leader": (1, 5), "shooter": (2, 4)})
    walled.do(cmd.Activate(unit="wren"))
    shut = walled.refused(cmd.Move(unit="wren", x=1, y=7))
    assert (shut.code, shut.rule, shut.params) == (
        "no_route",
        "ruinstars-2e.md#MOVEMENT",
        {"unit": "wren", "x": 1, "y": 7},
    )


def test_climbing_costs_a_square_per_square_of_height_and_1_to_crest_the_first_down_is_free():
    """Oda Venn at (9, 5) onto the square 1 high at (10, 5): 1 across, 1 up, 1 to crest: 6".
    Issa Quill deployed on (10, 5) stands 2" up; down to (11, 6) is 1 across and 1 over the edge
    (the first square of descent free): 4"."""
    game = field({"oda-venn": (9, 5), "issa-quill": (4, 6)})
    game.do(cmd.Activate(unit="oda-venn"))
    up = game.do(cmd.Move(unit="oda-venn", x=10, y=5))
    assert (up[0].inches, up[0].climb, game.unit("oda-venn").at.z) == (6.0, 4.0, 2)
    down = field({"issa-quill": (10, 5)})
    assert down.unit("issa-quill").at.z == 2
    down.do(cmd.Activate(unit="issa-quill"))
    moved = down.do(cmd.Move(unit="issa-quill", x=11, y=6))
    assert (moved[0].inches, moved[0].climb, down.unit("issa-quill").at.z) == (4.0, 2.0, 0)


def test_adjacent_squares_touch_diagonals_too_on_one_level_and_with_no_wall_between():
    """Issa Quill on (5, 5) and the Fighter on (6, 6) are Adjacent: her Twin Knives strike
    (3 dice at SKL 4, all 6s miss). Across the wall on x = 8 and onto the raised square they are
    not, though 1 square apart."""
    game = field({"issa-quill": (5, 5), "fighter": (6, 6), "wren": (7, 4), "shooter": (8, 4), "oda-venn": (9, 5), "leader": (10, 5)})
    game.do(cmd.Activate(unit="issa-quill"))
    struck = game.do(cmd.MeleeCombat(unit="issa-quill", weapon="Twin Knives", target="fighter"), 6, 6, 6)
    assert of(struck, ev.AttackRolled)[0].faces == [6, 6, 6]
    game.do(cmd.EndActivation(unit="issa-quill"))
    game.do(cmd.Activate(unit="trooper"))
    game.do(cmd.EndActivation(unit="trooper"))
    game.do(cmd.Activate(unit="wren"))
    wall = game.refused(cmd.MeleeCombat(unit="wren", weapon="Arc Lash", target="shooter"))
    assert (wall.code, wall.params) == ("not_adjacent", {"unit": "wren", "target": "shooter", "inches": 2.0})
    game.do(cmd.EndActivation(unit="wren"))
    game.do(cmd.Activate(unit="fighter"))
    game.do(cmd.EndActivation(unit="fighter"))
    game.do(cmd.Activate(unit="oda-venn"))
    level = game.refused(cmd.MeleeCombat(unit="oda-venn", weapon="Shock Maul", target="leader"))
    assert (level.code, level.params["inches"]) == ("not_adjacent", 2.0)


def test_range_counts_squares_as_if_moving_horizontally():
    """The Needle Pistol's RNG8" is 4 squares: the Shooter 4 squares off diagonally is in range
    (2 dice, both 6s miss); the Fighter 5 squares off is not (10")."""
    game = field({"issa-quill": (4, 6), "shooter": (8, 10), "fighter": (9, 6)})
    game.do(cmd.Activate(unit="issa-quill"))
    far = game.refused(cmd.RangedCombat(unit="issa-quill", weapon="Needle Pistol", target="fighter"))
    assert (far.code, far.params) == ("out_of_range", {"target": "fighter", "inches": 10.0, "range": 8})
    shot = game.do(cmd.RangedCombat(unit="issa-quill", weapon="Needle Pistol", target="shooter"), 6, 6)
    assert of(shot, ev.AttackRolled)[0].faces == [6, 6]


def test_sight_runs_from_a_corner_to_the_two_nearest_corners_without_crossing_a_wall():
    """The Trooper on (2, 2) behind the wall on y = 4: Wren on (2, 6) cannot be seen; Brannoc on
    (8, 6) can (the lines from corner (3, 3) pass the wall's end at x = 4)."""
    game = field({"trooper": (2, 2), "wren": (2, 6), "brannoc": (8, 6)}, first="first-mission")
    game.do(cmd.Activate(unit="trooper"))
    hidden = game.refused(cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="wren"))
    assert (hidden.code, hidden.rule, hidden.params) == (
        "no_line_of_sight",
        "ruinstars-2e.md#LINE OF SIGHT",
        {"unit": "trooper", "target": "wren"},
    )
    shot = game.do(cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="brannoc"), 6, 6, 6)
    assert of(shot, ev.AttackRolled)[0].target == "brannoc"


def test_a_wall_on_an_edge_of_the_targets_square_is_cover_but_not_from_2_squares_higher():
    """Wren on (2, 4), the wall on its north edge, shot from the south by the Trooper on (2, 8):
    1 strike (3, 6, 6), the save (5) fails and may be re-rolled once for Cover (a 4 saves). From
    the square 2 high at (2, 9) (4", High Ground) there is no Cover."""
    game = field({"trooper": (2, 8), "wren": (2, 4)}, first="first-mission")
    game.do(cmd.Activate(unit="trooper"))
    game.do(cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="wren"), 3, 6, 6, 5)
    assert (game.game.roll.unit, game.game.roll.free) == ("wren", {"cover": 1})
    events = game.do(cmd.Reroll(squad="cinder-watch", dice=[0]), 4)
    assert events[-1] == ev.SavesResolved("wren", "trooper", 1, 1, 0, 0, 3, 0)
    high = field({"trooper": (2, 9), "wren": (2, 4)}, first="first-mission")
    assert high.unit("trooper").at.z == 4
    high.do(cmd.Activate(unit="trooper"))
    saves = high.do(cmd.RangedCombat(unit="trooper", weapon="Ranged Weapon", target="wren"), 3, 6, 6, 5)
    assert of(saves, ev.SavesRolled)[0].free == {}


def test_survive_on_the_grid_played_to_its_end_with_the_bugs_by_the_workers_rule():
    """The First Mission round the centre squares; every Bite misses (6s, and 6s again for the
    swarm's Support re-rolls). In turn 1 bug-1, spawned on (0, 0), Moves 3 squares to (3, 3),
    Dashes (free, Swift) to (4, 4) by the Leader on (5, 5) and Bites; bug-2 from (9, 1) Moves to
    (6, 4) by the Trooper. 3, 6, 9 and 12 Bugs spawn; the spawn points stand at the end of turn
    4: defeat."""
    game = Game("First Mission", pack=CORE, grid=True)
    for unit, (x, y) in {"leader": (5, 5), "trooper": (6, 5), "fighter": (5, 6), "shooter": (6, 6)}.items():
        game.do(cmd.Deploy(unit=unit, x=x, y=y))
    played, spawned = [], []
    for turn in range(1, 5):
        spawned.append(len(of(game.start_turn(), ev.BugSpawned)))
        while game.game.phase == "activations":
            command = ai.ai(game.state)
            if command is None:
                unit = next(m.id for m in game.game.units_of(game.game.up) if m.status == "ready")
                game.do(cmd.Activate(unit=unit))
                game.do(cmd.EndActivation(unit=unit))
                continue
            faces = (6, 6, 6) if isinstance(command, cmd.MeleeCombat) else (6,) * len(getattr(command, "dice", ()))
            played.append((turn, command))
            game.do(command, *faces)
        game.do(cmd.EndTurn())
    first = [c for t, c in played if t == 1 and c.unit in ("bug-1", "bug-2")]
    assert first == [
        cmd.Activate(unit="bug-1"),
        cmd.Move(unit="bug-1", x=3, y=3),
        cmd.Dash(unit="bug-1", x=4, y=4),
        cmd.MeleeCombat(unit="bug-1", weapon="Bite", target="leader"),
        cmd.EndActivation(unit="bug-1"),
        cmd.Activate(unit="bug-2"),
        cmd.Move(unit="bug-2", x=6, y=4),
        cmd.MeleeCombat(unit="bug-2", weapon="Bite", target="trooper"),
        cmd.EndActivation(unit="bug-2"),
    ]
    moves = [(e.unit, e.action, e.inches, e.act) for e in game.events if isinstance(e, ev.UnitMoved)]
    assert moves[:3] == [("bug-1", "move", 6.0, 1), ("bug-1", "dash", 2.0, 0), ("bug-2", "move", 6.0, 1)]
    assert spawned == [3, 6, 9, 12]
    assert (game.game.outcome, game.game.winners) == ("defeat", ())
    assert all(game.unit(u).hit == game.game.cards[game.unit(u).card].hit for u in ("trooper", "fighter", "shooter"))


@pytest.mark.parametrize(
    ("lines", "field", "problem"),
    [
        ("grid = true\nwalls = [[0, 0, 1, 1]]", "walls[0]", "[0, 0] and [1, 1] are not squares side by side on the board"),
        ("grid = true\nwalls = [[11, 0, 12, 0]]", "walls[0]", "[11, 0] and [12, 0] are not squares side by side on the board"),
        ("grid = true\nwalls = [[0, 0, 1, 0], [1, 0, 0, 0]]", "walls", "a wall appears twice"),
        ("grid = true\nheights = [[3, 3, 7]]", "heights[0]", "[3, 3] raised 7: a square on the board, 1 to 6 high"),
        ("grid = true\nheights = [[3, 3, 1], [3, 3, 2]]", "heights", "a square is raised twice"),
        ("walls = [[0, 0, 1, 0]]", "grid", "walls and heights are the grid's: set grid"),
        ("grid = true\nsize = 23", "size", 'a grid of 2" squares needs an even size, not 23'),
    ],
)
def test_a_grid_missions_walls_and_heights_are_checked(lines, field, problem):
    mission = f'[[missions]]\nid = "m"\nname = "M"\n{lines}\n'.encode()
    with pytest.raises(ContentError) as error:
        load_pack({"pack.toml": HEADER, "missions.toml": mission})
    assert (error.value.field, error.value.problem) == (f"missions[0].{field}", problem)


def test_leaving_an_adjacent_enemy_on_the_grid_provokes_and_each_square_given_up_blunts_1_die():
    """Wren on (4, 4) leaves the Fighter on (5, 5) for (2, 6): 2 squares (4") and 2" (a square)
    given up: held for the First Mission's Attack of Opportunity with 1 ATT die less; 4" given
    up would be 8" in all."""
    game = field({"wren": (4, 4), "fighter": (5, 5)})
    game.do(cmd.Activate(unit="wren"))
    assert game.refused(cmd.Move(unit="wren", x=2, y=6, blunt=4)).params["inches"] == 8.0
    held = game.do(cmd.Move(unit="wren", x=2, y=6, blunt=2))
    assert (held[0].move.inches, held[0].dice, held[0].squad, held[0].enemies) == (
        4.0,
        1,
        "first-mission",
        ["fighter"],
    )
