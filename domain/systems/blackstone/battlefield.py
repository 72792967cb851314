"""The battlefield's geometry as the rules read it, over the kit's hex board
(domain/kit/boards/hex.py) and cell limits (domain/kit/stacking.py).

- Sight: a line between hex centres, blocked by any contact with a board edge, an obstructed
  hex or a wall hexside (blackstone-fortress.md#ATTACKS, 1. Pick target). Miniatures do not block.
- Cover: the line touches or crosses a barrier hexside not of the attacker's hex (#ATTACKS, Cover).
- Range: hexes from attacker to target, the target's counted, the attacker's not (#ATTACKS, 2).
- Moves and distances: the shortest route crossing no wall, entering no obstructed hex
  (#EXPLORER ACTIONS, Move; #HOSTILE ACTIVATIONS).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from domain.kit import stacking
from domain.kit.boards import hex as hx
from domain.systems.blackstone.content import Chamber, CombatCard, HexRef
from domain.systems.blackstone.state import Battle, Miniature

#: blackstone-fortress.md#BATTLEFIELD CREATION: the most a hex can hold.
LIMITS = stacking.Limits(
    (
        {"small": 3},
        {"small": 2, "large": 1},
        {"large": 2},
        {"huge": 1},
        {"explorer": 2},
        {"twin": 2, "explorer": 1},
    )
)


def at(ref: HexRef) -> hx.Hex:
    return hx.Hex(*ref)


def build_board(card: CombatCard, chambers: Sequence[Chamber]) -> hx.Board:
    """The card's chambers turned and set down at their offsets: one board of their hexes,
    obstructed hexes blocked, walls and barriers on the hexsides where the chambers have them
    (a side turns with its two hexes)."""
    by_id = {c.id: c for c in chambers}
    cells: set[hx.Hex] = set()
    blocked: set[hx.Hex] = set()
    walls: set[hx.Side] = set()
    barriers: set[hx.Side] = set()
    for placed in card.chambers:
        chamber = by_id[placed.chamber]
        cells |= {at(placed.put(c)) for c in chamber.cells}
        blocked |= {at(placed.put(c)) for c in chamber.obstructed}
        walls |= {hx.side(at(placed.put(a)), at(placed.put(b))) for a, b in chamber.walls}
        barriers |= {hx.side(at(placed.put(a)), at(placed.put(b))) for a, b in chamber.barriers}
    return hx.Board.build(cells, blocked=blocked, walls=walls, cover_sides=barriers)


def sees(battle: Battle, a: hx.Hex, b: hx.Hex) -> bool:
    return hx.sees(battle.board, a, b, strict=True)


def covered(battle: Battle, attacker: hx.Hex, target: hx.Hex) -> bool:
    return hx.covered(battle.board, attacker, target, strict=True)


def occupants(battle: Battle, leaving: str = "") -> dict[hx.Hex, list[str]]:
    """The sizes in each occupied hex, without the miniature `leaving` (the one that moves)."""
    out: dict[hx.Hex, list[str]] = {}
    for m in battle.miniatures.values():
        if m.on_board and m.id != leaving:
            out.setdefault(m.at, []).append(m.size)
    return out


def enemies(battle: Battle, side: str) -> list[Miniature]:
    return [m for m in battle.miniatures.values() if m.on_board and m.side != side]


def room_for(battle: Battle, size: str, cell: hx.Hex, leaving: str = "") -> bool:
    """May a miniature of `size` stop in `cell`: on the board, not obstructed and within the
    hex's limits. No enemy is in it then either: no limit mixes an explorer's size with a
    hostile's (content.ExplorerSize), so the limits keep the sides apart."""
    if cell not in set(battle.board.cells) or cell in set(battle.board.blocked):
        return False
    return stacking.fits(LIMITS, (*occupants(battle, leaving).get(cell, ()), size))


def route(battle: Battle, mover: Miniature, goal: hx.Hex, max_cost: int | None) -> hx.Route[hx.Hex] | None:
    """A legal move (blackstone-fortress.md#EXPLORER ACTIONS, Move): through friends, never
    through enemies, obstructions or walls; not ending in a hex it would overfill; stopping
    on entering a hex next to an enemy."""
    assert mover.at is not None
    foes = {m.at for m in enemies(battle, mover.side)}
    full = stacking.too_full(LIMITS, occupants(battle, mover.id), mover.size)
    halts = {n for f in foes for n in hx.neighbours(f)}
    return hx.shortest_path(battle.board, mover.at, goal, blockers=foes, occupied=full, halts=halts, max_cost=max_cost)


def route_distance(battle: Battle, a: hx.Hex, b: hx.Hex) -> int | None:
    """Distance by the shortest route crossing no wall and entering no obstructed hex
    (blackstone-fortress.md#HOSTILE ACTIVATIONS); None when there is none."""
    found = hx.shortest_path(battle.board, a, b)
    return None if found is None else found.cost


def in_cover_from_all(battle: Battle, cell: hx.Hex, watchers: Iterable[hx.Hex]) -> bool:
    """No watcher has an uncovered line of sight to `cell` (unseen or behind a barrier)."""
    return all(not sees(battle, w, cell) or covered(battle, w, cell) for w in watchers)


def hex_option(cell: hx.Hex) -> str:
    """A hex as a pending choice offers it: "q,r"."""
    return f"{cell.q},{cell.r}"


def option_hex(option: str) -> hx.Hex:
    q, r = option.split(",")
    return hx.Hex(int(q), int(r))
