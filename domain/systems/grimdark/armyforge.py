"""Army Forge lists as our armies (docs/grimdark-future-content-format.md, Army Forge lists).

Army Forge holds lists for later editions than 1.5, so what a rule keeps, converts or reports is
explicit: a rule 1.5 applies the same way is kept, `CONVERTED` rewrites the few whose later
spelling means a 1.5 rule, and any other is reported by unit. The list is refused naming every
unknown rule, or, when the player accepts them, built without them and with a warning per unit.
Pure: bytes in, an ImportedArmy or a ContentError out.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from domain.kit.content import ContentError, Merged, convert, parse, refuse
from domain.systems.grimdark import armyforge_shapes as af
from domain.systems.grimdark.armyforge_kinds import FLYER_RULE, unit_type
from domain.systems.grimdark.armyforge_spells import spells as read_spells
from domain.systems.grimdark.content import (
    Army,
    Models,
    Pack,
    Place,
    UnitProfile,
    Weapon,
    applies,
    split_rule,
)
from domain.systems.grimdark.loading import check

#: A shared list is a few kilobytes; a book a few hundred.
MAX_BYTES = 1_000_000
MAX_UNITS = 100
#: A later edition's spelling -> the 1.5 rule it is (Deadly multiplies by 3 in 1.5, #Special Rules).
CONVERTED = {"Deadly(3)": "Deadly"}
#: A later edition's name -> the 1.5 rule of the same X: a caster is a Psychic (#Special Rules).
RENAMED = {"Caster": "Psychic"}
#: Rules that are a field of our unit rather than a rule: Hero, and the later Flyer (#Unit Types).
FLAGS = {"Hero", FLYER_RULE}
#: What Vehicles, Monsters and Titans always count as having (#Unit Types): a later edition's
#: Fear(X) on them is their kind's Fear, not a rule of their own.
KIND_GIVES = {"Fear"}


class UnitWarning(msgspec.Struct, frozen=True):
    """A unit accepted without the rules the 1.5 rules do not know."""

    unit: str
    unknown: tuple[str, ...]


class UnknownRules(ContentError):
    """A list refused for rules the 1.5 rules do not know: the problems, and the same by unit."""

    def __init__(self, error: ContentError, warnings: tuple[UnitWarning, ...]) -> None:
        super().__init__(error.file, error.field, error.problem, more=error.more)
        self.warnings = warnings


class ImportedArmy(msgspec.Struct, frozen=True):
    army: Army
    warnings: tuple[UnitWarning, ...] = ()


def from_flat(raw: bytes, *, army_id: str, accept_unknown: bool = False, file: str = "list.json") -> ImportedArmy:
    """The flat export (`/api/tts`): stats, final loadout and the options taken, per unit."""
    shaped = convert(file, _parsed(file, raw), af.FlatList)
    units = [(u, u.loadout if u.loadout is not None else u.equipment, sum(s.option.cost for s in u.selectedUpgrades if s.option)) for u in shaped.units]
    return _army(file, army_id, shaped.name or army_id, units, shaped.spells, accept_unknown)


def from_book(book_raw: bytes, list_raw: bytes, *, army_id: str, accept_unknown: bool = False, file: str = "list.json") -> ImportedArmy:
    """A saved list and the army book it refers to: each unit is the book's, with the options
    named by id applied (a replacing option takes its weapons away from the models it affects)."""
    book = convert("book.json", _parsed("book.json", book_raw), af.Book)
    saved = convert(file, _parsed(file, list_raw), af.SavedList)
    by_id = {u.id: u for u in book.units}
    sections = {s.uid or s.id: s for p in book.upgradePackages for s in p.sections}
    units = []
    for i, chosen in enumerate(saved.list.units):
        unit = by_id.get(chosen.id)
        if unit is None:
            raise ContentError(file, f"list.units[{i}].id", f"{chosen.id!r} is not a unit of the army book {book.name!r}")
        gear, cost = list(unit.equipment), 0
        for s, pick in enumerate(chosen.selectedUpgrades):
            section = sections.get(pick.upgradeId)
            option = next((o for o in section.options if pick.optionId in (o.id, o.uid)), None) if section else None
            if section is None or option is None:
                raise ContentError(file, f"list.units[{i}].selectedUpgrades[{s}]", f"upgrade {pick.upgradeId!r} option {pick.optionId!r} is not in the army book")
            gear, cost = _applied(gear, section, option, unit.size), cost + option.cost
        units.append((msgspec.structs.replace(unit, customName=chosen.customName), tuple(gear), cost))
    return _army(file, army_id, saved.list.name or saved.armyName or army_id, units, book.spells, accept_unknown)


def _parsed(file: str, raw: bytes) -> object:
    if len(raw) > MAX_BYTES:
        raise ContentError(file, "", f"{len(raw)} bytes; a list may hold at most {MAX_BYTES}")
    return parse(file, raw)


def _applied(gear: list[af.Gain], section: af.Section, option: af.Option, size: int) -> list[af.Gain]:
    affected = size if section.affects == "all" else int(section.affects) if str(section.affects or "").isdigit() else 1
    kept = []
    for item in gear:
        if item.name in section.replaceWhat:
            item = msgspec.structs.replace(item, count=item.count - affected)
        if item.count > 0:
            kept.append(item)
    gained = [msgspec.structs.replace(g, count=g.count * affected) for g in option.gains]
    return kept + gained


def _army(
    file: str, army_id: str, name: str, units: list[tuple[af.Unit, tuple[af.Gain, ...], int]], spell_shapes: tuple[af.SpellShape, ...], accept_unknown: bool
) -> ImportedArmy:
    """The army; its spells are read when one of its units is a Psychic, and the spells not read
    are reported on each Psychic, which would have cast them (#Special Rules, Psychic(X))."""
    if len(units) > MAX_UNITS:
        raise ContentError(file, "units", f"{len(units)} units; a list may hold at most {MAX_UNITS}")
    profiles, warnings, unknown_by_unit = [], [], []
    names: dict[str, int] = {}
    built = []
    for unit, gear, upgrades in units:
        base = unit.customName or unit.name
        names[base] = names.get(base, 0) + 1
        unit_name = base if names[base] == 1 else f"{base} {names[base]}"
        built.append(_profile(unit, unit_name, gear, upgrades))
    psychic = any(profile.rule("Psychic") for profile, _ in built)
    spells, unread = read_spells(spell_shapes) if psychic else ((), ())
    for i, (profile, unknown) in enumerate(built):
        unit_name = profile.name
        unknown = unknown + unread if profile.rule("Psychic") else unknown
        profiles.append(profile)
        if unknown:
            warnings.append(UnitWarning(unit_name, unknown))
            unknown_by_unit.append((("units", i), f"{unit_name}: not a rule of Grimdark Future 1.5: {', '.join(unknown)}"))
    in_list = Merged(None, file, {}, {})  # every problem is the list file's, at the path it names
    if unknown_by_unit and not accept_unknown:
        try:
            refuse(unknown_by_unit, in_list)
        except ContentError as error:
            raise UnknownRules(error, tuple(warnings)) from None
    army = Army(army_id, name, tuple(profiles), spells=spells)
    refuse(list(check(Pack("import", "1", armies=(army,)))), in_list)
    return ImportedArmy(army, tuple(warnings))


def _profile(unit: af.Unit, name: str, gear: tuple[af.Gain, ...], upgrades: int) -> tuple[UnitProfile, tuple[str, ...]]:
    """One unit: its rules and the rules its items and upgrades give, its weapons spread over its
    models (each copy of a weapon to the first model with the fewest weapons of its kind, ranged
    or melee, so a replacing option's weapon goes to a model the replaced one left bare)."""
    rule_gains = list(unit.specialRules) + [g for g in _flat(gear) if g.type != "ArmyBookWeapon"]
    weapons = [g for g in _flat(gear) if g.type == "ArmyBookWeapon"]
    texts = [_text(g) for g in rule_gains]
    kind = unit_type(unit, texts)
    kept, unknown = _sorted_rules([t for t in texts if kind.kind == "infantry" or _name(t) not in KIND_GIVES], "unit")
    carried: list[list[Weapon]] = [[] for _ in range(max(unit.size, 1))]
    for gain in weapons:
        own, missing = _sorted_rules([_text(r) for r in gain.specialRules], "weapon")
        unknown += [f"{r} ({gain.name})" for r in missing]
        weapon = Weapon(gain.name, attacks=int(gain.attacks), range=int(gain.range), rules=own)
        for _ in range(gain.count):
            min(carried, key=lambda one: sum(w.melee == weapon.melee for w in one)).append(weapon)
    models: list[Models] = []
    for gear_of_one in carried:
        if models and list(models[-1].weapons) == gear_of_one:
            models[-1] = msgspec.structs.replace(models[-1], count=models[-1].count + 1)
        else:
            models.append(Models(name, weapons=tuple(gear_of_one)))
    profile = UnitProfile(
        name,
        quality=int(unit.quality),
        defense=int(unit.defense),
        points=unit.cost + upgrades,
        models=tuple(models),
        rules=kept,
        hero="Hero" in texts,
        kind=kind.kind,
        flyer=kind.flyer,
        base=kind.base,
    )
    return profile, tuple(unknown)


def _name(text: str) -> str:
    return text.split("(")[0]


def _flat(gear: Iterable[af.Gain]) -> list[af.Gain]:
    """Items opened: what an item holds counts as the unit's own."""
    return [inner for g in gear for inner in (_flat(g.content) if g.type == "ArmyBookItem" else [g])]


def _text(rule: af.Gain) -> str:
    rating = str(rule.rating).strip()
    return f"{rule.name}({rating})" if rating else rule.name


def _sorted_rules(texts: list[str], place: Place) -> tuple[tuple[str, ...], list[str]]:
    """(the rules 1.5 applies, converted; the others), each once, in the list's order."""
    kept: list[str] = []
    unknown: list[str] = []
    for text in texts:
        text = CONVERTED.get(text, text)
        parsed = split_rule(text)
        if parsed and parsed[0] in RENAMED:
            text = RENAMED[parsed[0]] + text[len(parsed[0]) :]
        if text in FLAGS or text in kept or text in unknown:
            continue
        (kept if applies(text, place) else unknown).append(text)
    return tuple(kept), unknown
