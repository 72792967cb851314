"""Reading a Grimdark Future pack from file contents: parse, type-check, merge, cross-check.

Pure (bytes in, a Pack or a ContentError out); a problem names the file and the field as the
author wrote them (docs/grimdark-future-content-format.md). Parsing and merging are the kit's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from domain.kit.boards import inches
from domain.kit.content import Problem, checked_pack
from domain.systems.grimdark.content import MYSTERY_EFFECTS, RULES, SECTIONS, SPELL_EFFECTS, Mystery, Pack, PackFile, Spell, TerrainPiece, split_rule

#: Quality and Defense are rolled on a D6: 2+ to 6+.
D6_VALUE = (2, 6)
MARKERS = ("d3+2", "1", "2", "3", "4", "5")
MAX_TERRAIN = 40
#: The tallest piece (inches) and the most seats a solid building has (#Solid Buildings: the
#: largest example holds 21).
MAX_HEIGHT, MAX_SEATS = 24, 30
#: How many markers a placement puts down by itself, or may hold (one per quarter).
FIXED_MARKERS = {"centre": "1", "zone-centres": "2", "quarters": "4"}


def load_pack(files: Mapping[str, bytes]) -> Pack:
    """Files by name to a checked pack; ContentError naming file, field and problem."""
    return checked_pack(files, PackFile, SECTIONS, Pack, check)


def check(pack: Pack) -> Iterator[Problem]:
    """Every range and name the types alone cannot check."""
    for section, key in (("armies", "id"), ("missions", "id")):
        seen: set[str] = set()
        for i, entry in enumerate(getattr(pack, section)):
            if getattr(entry, key) in seen:
                yield (section, i, key), f"{getattr(entry, key)!r} appears twice"
            seen.add(getattr(entry, key))
    for a, army in enumerate(pack.armies):
        names: set[str] = set()
        if not army.units:
            yield ("armies", a, "units"), "an army needs at least one unit"
        for u, unit in enumerate(army.units):
            at = ("armies", a, "units", u)
            if unit.name in names:
                yield (*at, "name"), f"{unit.name!r} appears twice in {army.id}"
            names.add(unit.name)
            yield from _range(at, unit, {"quality": D6_VALUE, "defense": D6_VALUE, "points": (1, 2000), "base": (20, 160)})
            yield from _rules((*at, "rules"), unit.rules, "unit")
            if not unit.models:
                yield (*at, "models"), "a unit needs at least one model"
            for m, models in enumerate(unit.models):
                yield from _range((*at, "models", m), models, {"count": (1, 40)})
                for w, weapon in enumerate(models.weapons):
                    yield from _range((*at, "models", m, "weapons", w), weapon, {"attacks": (1, 20), "range": (0, 120)})
                    yield from _rules((*at, "models", m, "weapons", w, "rules"), weapon.rules, "weapon")
        yield from _spells(("armies", a, "spells"), army.spells)
    yield from _mysteries(pack.mysteries)
    units = {_slug(u.name) for army in pack.armies for u in army.units}
    for i, mission in enumerate(pack.missions):
        if mission.markers not in MARKERS:
            yield ("missions", i, "markers"), f"{mission.markers!r} is not one of {', '.join(MARKERS)}"
        if mission.objective == "sabotage" and (mission.placement, mission.markers) != ("alternate", "2"):
            yield ("missions", i, "objective"), "sabotage takes two markers placed in turn, one a side"
        fixed = FIXED_MARKERS.get(mission.placement)
        if fixed is not None and mission.markers != fixed:
            yield ("missions", i, "markers"), f"{mission.placement} places {fixed} markers, not {mission.markers!r}"
        yield from _range(("missions", i), mission, {"rounds": (1, 12), "width": (24, 144), "depth": (24, 96)})
        if len(mission.terrain) > MAX_TERRAIN:
            yield ("missions", i, "terrain"), f"at most {MAX_TERRAIN} pieces, not {len(mission.terrain)}"
        for t, piece in enumerate(mission.terrain):
            if not 3 <= len(piece.polygon) <= 32:
                yield ("missions", i, "terrain", t, "polygon"), f"a piece has 3 to 32 corners, not {len(piece.polygon)}"
            off = [list(c) for c in piece.polygon if not (0 <= c[0] <= mission.width and 0 <= c[1] <= mission.depth)]
            if off:
                yield ("missions", i, "terrain", t, "polygon"), f"corners {off} are off the {mission.width}\" x {mission.depth}\" table"
            yield from _piece(("missions", i, "terrain", t), piece, units)


def _piece(at: tuple[Any, ...], piece: TerrainPiece, units: set[str]) -> Iterator[Problem]:
    """Heights, and a solid building's seats and firing ports (#Terrain, #Solid Buildings)."""
    if not 0 <= piece.height <= MAX_HEIGHT:
        yield (*at, "height"), f"{piece.height} is not in 0..{MAX_HEIGHT}"
    if piece.elevated and piece.height <= 0:
        yield (*at, "height"), "an elevated piece needs a height > 0 to stand on"
    if not 0 <= piece.transport <= MAX_SEATS:
        yield (*at, "transport"), f"{piece.transport} is not in 0..{MAX_SEATS}"
    if piece.transport and piece.elevated:
        yield (*at, "elevated"), "a solid building is one block: nobody stands on it"
    if piece.transport and piece.id in units:
        yield (*at, "id"), f"{piece.id!r} is also a unit's id; a building needs its own"
    if piece.ports and not piece.transport:
        yield (*at, "ports"), "only a solid building (transport > 0) has firing ports"
    for k, port in enumerate(piece.ports):
        if inches.point_in_polygon((port.x, port.y), piece.polygon) or inches.distance_to_polygon(inches.Base(port.x, port.y), piece.polygon) > inches.TOLERANCE:
            yield (*at, "ports", k), f"({port.x}, {port.y}) is not on the building's outline"
        if not 0 <= port.height <= piece.height:
            yield (*at, "ports", k, "height"), f"{port.height} is not in 0..{piece.height} (the building's height)"


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _mysteries(rows: tuple[Mystery, ...]) -> Iterator[Problem]:
    """Each table given is a whole die: every face from 1 to 6 in exactly one row."""
    for table, effects in MYSTERY_EFFECTS.items():
        faces: list[int] = []
        for i, row in enumerate(rows):
            if row.table != table:
                continue
            if row.effect not in effects:
                yield ("mysteries", i, "effect"), f"{row.effect!r} is not one of {', '.join(effects)}"
            if not 1 <= row.low <= row.high <= 6:
                yield ("mysteries", i, "high"), f"{row.low}..{row.high} is not a range of faces within 1..6"
            faces += range(row.low, row.high + 1)
        if faces and sorted(faces) != [1, 2, 3, 4, 5, 6]:
            yield ("mysteries",), f"the {table} table must give each face 1..6 once, not {sorted(faces)}"


def _spells(at: tuple[Any, ...], spells: tuple[Spell, ...]) -> Iterator[Problem]:
    names: set[str] = set()
    for s, spell in enumerate(spells):
        if spell.name in names:
            yield (*at, s, "name"), f"{spell.name!r} appears twice"
        names.add(spell.name)
        if spell.effect not in SPELL_EFFECTS:
            yield (*at, s, "effect"), f"{spell.effect!r} is not one of {', '.join(SPELL_EFFECTS)}"
            continue
        hits = (1, 20) if spell.effect == "hits" else (0, 0)
        moves = (1, 12) if spell.effect == "move" else (0, 0)
        yield from _range((*at, s), spell, {"value": (1, 6), "range": (1, 72), "hits": hits, "inches": moves})
        if spell.rules and spell.effect != "hits":
            yield (*at, s, "rules"), f"only a spell of hits wounds with weapon rules, not {spell.effect!r}"
        yield from _rules((*at, s, "rules"), spell.rules, "weapon")


def _range(at: tuple[Any, ...], entry: Any, limits: dict[str, tuple[int, int]]) -> Iterator[Problem]:
    for field, (low, high) in limits.items():
        if not low <= getattr(entry, field) <= high:
            yield (*at, field), f"{getattr(entry, field)} is not in {low}..{high}"


def _rules(at: tuple[Any, ...], rules: tuple[str, ...], place: str) -> Iterator[Problem]:
    seen: set[str] = set()
    for r, text in enumerate(rules):
        parsed = split_rule(text)
        known = RULES.get(parsed[0]) if parsed else None
        if parsed is None or known is None:
            applied = ", ".join(name for name, (where, _) in RULES.items() if where == place)
            yield (*at, r), f"{text!r} is not a {place} rule this server applies; it applies: {applied}"
            continue
        name, x = parsed
        where, values = known
        if name in seen:
            yield (*at, r), f"{name} is given twice"
        seen.add(name)
        if where != place:
            yield (*at, r), f"{name} is a {where} rule, not a {place} rule"
        elif values is None and x is not None:
            yield (*at, r), f"{name} takes no number"
        elif values is not None and (x is None or not values[0] <= x <= values[1]):
            yield (*at, r), f"{name} takes a number X in {values[0]}..{values[1]}: {name}(X)"
