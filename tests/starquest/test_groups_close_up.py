"""Where an AI group's models end when they close up (groups.close_up; star-quest.en.md#AI
Activations, AI Groups; star-quest.de.md#KI-AKTIVIERUNGEN, KI-Gruppen): the places of the
cluster around the lead, which of them are free, which follower takes which, and how far each
follower's own way may take it. Positions are pinned, as a player would measure them."""

from __future__ import annotations

import math

import msgspec
import pytest

from domain.systems.starquest import geometry, groups
from tests.starquest.game import Game, enemy, hero, piece, wave

BOTH = pytest.mark.parametrize("rules", ["en", "de"])
MOB = "mob-1-1"
#: A 25 mm base's radius, and the distance between neighbouring places of the cluster (two
#: radii and the 0.5" gap).
R = geometry.base_radius_inches(25)
STEP = 2 * R + 0.5
#: The rise of a cluster row: places 60 degrees round from east are this far north.
RISE = STEP * math.sqrt(3) / 2


def mob_game(rules: str, positions, *, pals=(), terrain=(), ace=(40.0, 6.0)) -> Game:
    """An ai-group Mob at `positions` (the first its lead), single-model Pal units of the same
    side at `pals`, Ace out of the way."""
    mob = msgspec.structs.replace(enemy("Mob", models=len(positions), base_mm=25), tags=("ai-group",))
    waves = [wave(1, "Mob", *positions)] + [wave(1, "Pal", p) for p in pals]
    return Game(rules, heroes=[hero("Ace")], enemies=[mob, enemy("Pal", base_mm=25)], waves=waves, terrain=list(terrain), at={"ace": ace}, sentry=False)


def close(g: Game, lead: tuple[float, float], allowance: float = 12.0) -> list[tuple[float, float]]:
    """The lead moved to `lead`, the followers where they stand: where close_up leaves them all."""
    battle, unit = g.battle, g.unit(MOB)
    moved = [battle.standing(unit.figures[0], *lead), *unit.figures[1:]]
    return [(f.x, f.y) for f in groups.close_up(battle, unit, allowance, moved)]


def near(a, b) -> bool:
    return math.isclose(a[0], b[0], abs_tol=1e-6) and math.isclose(a[1], b[1], abs_tol=1e-6)


@BOTH
def test_places_on_the_tables_very_edge_are_on_the_table(rules):
    """Closing up in the south-west corner: the lead one place from the west edge and one row
    from the south; the ring of six around it touches x = 0 and y = 0 and is all on the table, so
    the six followers take it. The same in the north-east corner with x = 48 and y = 48."""
    for lead, starts in (
        ((STEP, RISE), [(6.0, 2.0), (6.0, 4.0), (6.0, 6.0), (4.0, 6.0), (2.0, 6.0), (8.0, 8.0)]),
        ((48 - STEP, 48 - RISE), [(42.0, 46.0), (42.0, 44.0), (42.0, 42.0), (44.0, 42.0), (46.0, 42.0), (40.0, 40.0)]),
    ):
        g = mob_game(rules, [(4.0, 4.0) if lead[0] < 24 else (44.0, 44.0), *starts], ace=(24.0, 24.0))
        ring = [(lead[0] + STEP * math.cos(math.radians(a)), lead[1] + STEP * math.sin(math.radians(a))) for a in range(0, 360, 60)]
        closed = close(g, lead)
        assert near(closed[0], lead)
        assert all(any(near(place, spot) for spot in closed[1:]) for place in ring)
    assert min(x for x, _ in closed) == pytest.approx(48 - 2 * STEP) and max(y for _, y in closed) == pytest.approx(48.0)


@BOTH
def test_places_past_the_edge_are_skipped_not_the_rest(rules):
    """The lead 0.5" from the east edge: the first two places (east, 60 degrees round) are off
    the table, so the two followers take the next two (120 and 180 degrees), not where their
    own move was going."""
    g = mob_game(rules, [(40.0, 20.0), (40.0, 30.0), (44.0, 30.0)])
    closed = close(g, (47.5, 24.0))
    places = [(47.5 - STEP / 2, 24.0 + RISE), (47.5 - STEP, 24.0)]
    assert all(any(near(place, spot) for spot in closed[1:]) for place in places)


def place(angle: int, lead: tuple[float, float] = (24.0, 24.0)) -> tuple[float, float]:
    """The place of the cluster's first ring `angle` degrees round from east."""
    return (lead[0] + STEP * math.cos(math.radians(angle)), lead[1] + STEP * math.sin(math.radians(angle)))


@BOTH
@pytest.mark.parametrize(
    ("pal", "free"),
    [((24.0 + STEP, 24.0), (120, 180)), ((24.0 + STEP + R + 1.3, 24.0), (60, 120))],
    ids=["on the east place", "1.3 inch east of it"],
)
def test_a_place_another_unit_stands_within_one_inch_of_is_skipped(rules, pal, free):
    """A Pal on the east place leaves it and its two neighbours (0.5" from its base) taken; a Pal
    1.3" from the east place's centre, 0.81" from the edge of a model standing there, takes the
    east place alone. The followers take the first two free places; the nearer follower (by
    true distance, not along one axis) gets the first: B stands 1.5" east of it, A 5" south, so
    B takes it and A the next."""
    first, second = place(free[0]), place(free[1])
    a, b = (first[0], first[1] - 5.0), (first[0] + 1.5, first[1])
    g = mob_game(rules, [(24.0, 16.0), a, b], pals=[pal])
    closed = close(g, (24.0, 24.0))
    assert near(closed[0], (24.0, 24.0))
    assert near(closed[2], first) and near(closed[1], second)


@BOTH
@pytest.mark.parametrize("allowance", [0.8, 2.0])
def test_a_follower_that_stops_short_ends_one_inch_from_a_friendly_unit(rules, allowance):
    """The follower's place is 10" north; its move allows 0.8" or 2", and a Pal stands 2" north
    of it (1.02" between the bases): it stops where its base stays 1" from the Pal's, 0.016"
    on, whatever its move allowed."""
    place = (10.0 + STEP, 40.0)
    g = mob_game(rules, [(10.0, 34.0), (place[0], 30.0)], pals=[(place[0], 32.0)])
    closed = close(g, (10.0, 40.0), allowance)
    assert closed[1] == pytest.approx((place[0], 32.0 - 2 * R - 1.0))


@BOTH
def test_a_follower_whose_base_clips_difficult_terrain_goes_6_inches(rules):
    """#Terrain, Difficult: the follower's centre passes 0.3" beside a mud strip, its base
    crosses it, so its 12" of move is capped at 6"."""
    mud = piece("mud", 31.484 + 0.3, 32.0, 33.0, 34.0, difficult=True)
    place = (30.0 + STEP, 40.0)
    g = mob_game(rules, [(30.0, 20.0), (place[0], 28.0)], terrain=[mud])
    closed = close(g, (30.0, 40.0))
    assert closed[1] == pytest.approx((place[0], 34.0))


@BOTH
def test_a_follower_on_its_place_stays_and_the_fallen_take_no_place(rules):
    """One follower already stands on the east place and stays there; Ace lies dead 0.6" from
    the next place (60 degrees round): a fallen hero is off the table, so the other follower
    takes that place all the same."""
    east, next_ = place(0), place(60)
    out = R + 0.6 + geometry.base_radius_inches(32)
    ace = (next_[0] + out * math.cos(math.radians(60)), next_[1] + out * math.sin(math.radians(60)))
    g = mob_game(rules, [(24.0, 16.0), east, (20.0, next_[1])], ace=ace)
    g.patch("ace", dead=True)
    closed = close(g, (24.0, 24.0))
    assert closed[1] == east and near(closed[2], next_)


@BOTH
def test_followers_may_end_by_where_their_own_group_stood(rules):
    """C stands 0.72" east of the east place, D north of the next one: C takes the east place,
    D the next, 0.96" from where C stood; the group's own old places keep nobody away."""
    east, next_ = place(0), place(60)
    g = mob_game(rules, [(24.0, 16.0), (26.2, 24.0), (next_[0], 28.0)])
    closed = close(g, (24.0, 24.0))
    assert near(closed[1], east) and near(closed[2], next_)
