"""Reading a Ruinstars pack from file contents: parse, type-check, merge, cross-check.

Pure (bytes in, a Pack or a ContentError out); a problem names the file and the field as the
author wrote them (docs/ruinstars-content-format.md). Parsing and merging are the kit's.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from domain.kit.boards import inches
from domain.kit.content import Problem, checked_pack
from domain.systems.ruinstars.content import (
    SECTIONS,
    SPECIALS,
    Mission,
    Pack,
    PackFile,
    Pick,
    Weapon,
    read_skill,
    split_special,
)
from domain.systems.ruinstars.ending import SCORINGS, VICTORIES
from domain.systems.ruinstars.skills import EFFECTS

#: A stat rolled under on a D6 (ARM, SKL) is 1 to 6: a 6 always fails, so 6 is the most it can do.
D6 = (1, 6)


def load_pack(files: Mapping[str, bytes]) -> Pack:
    """Files by name to a checked pack; ContentError naming file, field and problem."""
    return checked_pack(files, PackFile, SECTIONS, Pack, check)


def check(pack: Pack) -> Iterator[Problem]:
    """Every range and cross-reference the types alone cannot check."""
    for section in SECTIONS:
        yield from _unique(pack, section)
    for i, unit in enumerate(pack.units):
        yield from _range(
            ("units", i),
            unit,
            {"act": (1, 10), "arm": D6, "hit": (1, 20), "gp": (0, 100), "fv": (0, 20)},
        )
        for w, weapon in enumerate(unit.weapons):
            yield from _weapon(weapon, ("units", i, "weapons", w))
        for k, text in enumerate(unit.skills):
            yield from _skill(text, ("units", i, "skills", k))
    for i, item in enumerate(pack.items):
        yield from _range(("items", i), item, {"arm": D6, "hit": (1, 20)})
    cards = {u.name for u in pack.units}
    for i, squad in enumerate(pack.squads):
        if not squad.units:
            yield ("squads", i, "units"), "a squad needs at least one unit"
        for u, pick in enumerate(squad.picks()):
            yield from _pick(pack, pick, ("squads", i, "units", u))
    items = {t.name for t in pack.items}
    for i, mission in enumerate(pack.missions):
        if mission.spawn_item and mission.spawn_item not in items:
            yield (
                ("missions", i, "spawn_item"),
                f"no item {mission.spawn_item!r}; known: {sorted(items)}",
            )
        if mission.spawns and mission.spawns not in cards:
            yield (
                ("missions", i, "spawns"),
                f"no unit card {mission.spawns!r}; known: {sorted(cards)}",
            )
        yield from _range(
            ("missions", i), mission, {"size": (6, 72), "turns": (1, 12), "reward": (0, 100)}
        )
        yield from _ending(("missions", i), mission)
        yield from _terrain(("missions", i), mission)
        yield from _grid(("missions", i), mission)
        yield from _markers(("missions", i), mission)
        yield from _actions(("missions", i), mission)
        for k, (x, y) in enumerate(mission.spawn_points):
            if not (0 <= x <= mission.size and 0 <= y <= mission.size):
                yield (
                    ("missions", i, "spawn_points", k),
                    f'[{x}, {y}] is off a {mission.size}" battlefield',
                )


def _terrain(at: tuple[Any, ...], mission: Mission) -> Iterator[Problem]:
    seen: set[str] = set()
    for k, piece in enumerate(mission.terrain):
        here = (*at, "terrain", k)
        if piece.id in seen:
            yield (*here, "id"), f"{piece.id!r} appears twice"
        seen.add(piece.id)
        if len(piece.polygon) < 3:
            yield (*here, "polygon"), "a polygon needs at least 3 corners"
        elif problem := inches.polygon_problem(piece.polygon):
            yield (*here, "polygon"), problem
        for c, (x, y) in enumerate(piece.polygon):
            if not (0 <= x <= mission.size and 0 <= y <= mission.size):
                yield (*here, "polygon", c), f'[{x:g}, {y:g}] is off a {mission.size}" battlefield'
        if piece.door and piece.elevated:
            yield (*here, "door"), "a door is not elevated: nobody stands on it"
        if not 0 < piece.height <= 12:
            yield (*here, "height"), f'a height is more than 0" and at most 12", not {piece.height:g}'


def _grid(at: tuple[Any, ...], mission: Mission) -> Iterator[Problem]:
    """ruinstars-2e.md#PLAYING ON A GRID: walls between two squares side by side and raised
    squares, each on the board (size / 2 squares a side) and given once; terrain pieces are
    free play's."""
    squares = mission.size // 2
    if (mission.walls or mission.heights) and not mission.grid:
        yield (*at, "grid"), "walls and heights are the grid's: set grid"
    if mission.grid and mission.terrain:
        yield (*at, "terrain"), "terrain pieces are measured in inches: a grid mission has walls"
    if mission.grid and mission.size % 2:
        yield (*at, "size"), f'a grid of 2" squares needs an even size, not {mission.size}'

    def on(x: int, y: int) -> bool:
        return 0 <= x < squares and 0 <= y < squares

    for k, (x1, y1, x2, y2) in enumerate(mission.walls):
        if not (on(x1, y1) and on(x2, y2)) or abs(x1 - x2) + abs(y1 - y2) != 1:
            yield (*at, "walls", k), f"[{x1}, {y1}] and [{x2}, {y2}] are not squares side by side on the board"
    if len({frozenset({(a, b), (c, d)}) for a, b, c, d in mission.walls}) != len(mission.walls):
        yield (*at, "walls"), "a wall appears twice"
    for k, (x, y, h) in enumerate(mission.heights):
        if not on(x, y) or not 1 <= h <= 6:
            yield (*at, "heights", k), f"[{x}, {y}] raised {h}: a square on the board, 1 to 6 high"
    if len({(x, y) for x, y, _ in mission.heights}) != len(mission.heights):
        yield (*at, "heights"), "a square is raised twice"


def _ending(at: tuple[Any, ...], mission: Mission) -> Iterator[Problem]:
    """Known victory and scoring; an Injury table's faces are 1-6, each in one line."""
    if mission.victory not in VICTORIES:
        yield (*at, "victory"), f"unknown victory {mission.victory!r}; known: {list(VICTORIES)}"
    if mission.scoring and mission.scoring not in SCORINGS:
        yield (*at, "scoring"), f"unknown scoring {mission.scoring!r}; known: {list(SCORINGS)}"
    seen: set[int] = set()
    for k, line in enumerate(mission.injuries):
        if not line.roll or any(not 1 <= f <= 6 or f in seen for f in line.roll):
            yield (*at, "injuries", k, "roll"), f"faces 1-6, each in one line, not {list(line.roll)}"
        seen |= set(line.roll)


def _markers(at: tuple[Any, ...], mission: Mission) -> Iterator[Problem]:
    seen: set[str] = set()
    for k, marker in enumerate(mission.markers):
        if marker.id in seen:
            yield (*at, "markers", k, "id"), f"{marker.id!r} appears twice"
        seen.add(marker.id)
        x, y = marker.at
        if not (0 <= x <= mission.size and 0 <= y <= mission.size):
            yield (*at, "markers", k, "at"), f'[{x:g}, {y:g}] is off a {mission.size}" battlefield'


def _actions(at: tuple[Any, ...], mission: Mission) -> Iterator[Problem]:
    """A mission action's id once, its cost 1 to 3 ACT, MP 0 to 10, its marker the mission's."""
    seen: set[str] = set()
    markers = {m.id for m in mission.markers}
    for k, action in enumerate(mission.actions):
        if action.id in seen:
            yield (*at, "actions", k, "id"), f"{action.id!r} appears twice"
        seen.add(action.id)
        if not 1 <= action.act <= 3:
            yield (*at, "actions", k, "act"), f"1 to 3 ACT, not {action.act}"
        if not 0 <= action.points <= 10:
            yield (*at, "actions", k, "points"), f"0 to 10 MP, not {action.points}"
        if action.marker and action.marker not in markers:
            yield (*at, "actions", k, "marker"), f"no marker {action.marker!r} in the mission"


def _skill(text: str, at: tuple[Any, ...]) -> Iterator[Problem]:
    """A skill reads as `Name`, `Name*` or `Name* (1 ACT)`; one with a cost must be one the
    server plays (a passive skill the server does not know is the card's text only)."""
    skill = read_skill(text)
    if skill is None:
        yield at, f'{text!r} is not a skill: write "Name", "Name*" or "Name (1 ACT)" / "(1 TO)"'
    elif skill.pays and skill.name not in EFFECTS:
        yield at, f"no skill {skill.name!r} with a cost is known; known: {sorted(EFFECTS)}"


def _pick(pack: Pack, pick: Pick, at: tuple[Any, ...]) -> Iterator[Problem]:
    """A squad's unit names a card, and its gear the card's optional weapons, each once."""
    card = pack.named("units", pick.card)
    if card is None:
        known = sorted(u.name for u in pack.units)
        yield at, f"no unit card {pick.card!r}; known: {known}"
        return
    optional = [w.name for w in card.weapons if w.optional]
    for g, name in enumerate(pick.gear):
        if name not in optional or name in pick.gear[:g]:
            yield (
                (*at, "gear", g),
                f"{name!r} is not optional gear of {card.name} or is given twice; optional: {optional}",
            )


def _unique(pack: Pack, section: str) -> Iterator[Problem]:
    key = "id" if section == "missions" else "name"
    seen: set[str] = set()
    for i, entry in enumerate(getattr(pack, section)):
        if getattr(entry, key) in seen:
            yield (section, i, key), f"{getattr(entry, key)!r} appears twice"
        seen.add(getattr(entry, key))


def _range(
    at: tuple[Any, ...], entry: Any, limits: dict[str, tuple[int, int]]
) -> Iterator[Problem]:
    for field, (low, high) in limits.items():
        if not low <= getattr(entry, field) <= high:
            yield (*at, field), f"{getattr(entry, field)} is not in {low}..{high}"


def _weapon(weapon: Weapon, at: tuple[Any, ...]) -> Iterator[Problem]:
    yield from _range(
        at,
        weapon,
        {"skl": D6, "att": (0 if weapon.special("HIT") else 1, 12), "gp": (0, 100)},
    )
    seen: set[str] = set()
    for s, text in enumerate(weapon.specials):
        parsed = split_special(text)
        known = SPECIALS.get(parsed[0]) if parsed else None
        if parsed is None or known is None:
            yield (
                (*at, "specials", s),
                f"unknown weapon special {text!r}; known: {', '.join(SPECIALS)}",
            )
            continue
        code, x = parsed
        values, kinds = known
        if code in seen:
            yield (*at, "specials", s), f"{code} is given twice"
        seen.add(code)
        if values is None and x is not None:
            yield (*at, "specials", s), f"{code} takes no number"
        elif values is not None and (x is None or not values[0] <= x <= values[1]):
            yield (
                (*at, "specials", s),
                f"{code} takes a number x in {values[0]}..{values[1]} ({code}x)",
            )
        if weapon.kind not in kinds:
            yield (
                (*at, "specials", s),
                f"{code} applies to {' or '.join(kinds)} weapons, not {weapon.kind}",
            )
