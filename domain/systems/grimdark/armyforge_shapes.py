"""The two JSON shapes Army Forge (the One Page Rules army builder) gives a list in, as far as we
read them (docs/grimdark-future-content-format.md, Army Forge lists): the flat export of a list
with its choices resolved (`/api/tts`), and an army book with a saved list that refers to its
units and upgrade options by id. Fields we do not read are ignored, since the files are not ours.
"""

from __future__ import annotations

import msgspec

#: Army Forge writes some numbers as text ("4", "+1"): read either.
Number = int | str


class Shape(msgspec.Struct, frozen=True):
    pass


class Gain(Shape):
    """What a unit has or an option gives: a weapon, a rule, or an item holding either."""

    name: str = ""
    type: str = "ArmyBookRule"
    count: int = 1
    attacks: Number = 1
    range: Number = 0
    rating: Number = ""
    specialRules: tuple[Gain, ...] = ()
    content: tuple[Gain, ...] = ()


class Option(Shape):
    id: str = ""
    uid: str = ""
    label: str = ""
    cost: int = 0
    gains: tuple[Gain, ...] = ()


class Section(Shape):
    """An upgrade choice of the book: `replaceWhat` names the weapons an option takes away, from
    `affects` models ("all", or a number; one when it says nothing else)."""

    uid: str = ""
    id: str = ""
    type: str = "upgrade"
    affects: Number | None = None
    replaceWhat: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()


class Package(Shape):
    uid: str
    sections: tuple[Section, ...] = ()


class Selected(Shape):
    """An upgrade taken: resolved in the flat export, by ids in a saved list."""

    option: Option | None = None
    upgradeId: str = ""
    optionId: str = ""


class Bases(Shape):
    """The bases Army Forge suggests for a unit's models, in millimetres as text ("32", "60x35")."""

    round: Number = ""
    square: Number = ""


class SpellShape(Shape):
    """A spell of an army book: its `threshold` (the later editions' casting cost) and its
    `effect` in words, which we read into one of our effects or report."""

    name: str = ""
    threshold: Number = 0
    effect: str = ""


class Unit(Shape):
    name: str = ""
    id: str = ""
    customName: str | None = None
    size: int = 1
    cost: int = 0
    quality: Number = 0
    defense: Number = 0
    specialRules: tuple[Gain, ...] = ()
    equipment: tuple[Gain, ...] = ()
    loadout: tuple[Gain, ...] | None = None
    upgrades: tuple[str, ...] = ()
    selectedUpgrades: tuple[Selected, ...] = ()
    bases: Bases | None = None


class FlatList(Shape):
    """The flat export (`/api/tts`): each unit carries its stats, final loadout and upgrades."""

    units: tuple[Unit, ...]
    name: str = ""
    spells: tuple[SpellShape, ...] = ()


class Book(Shape):
    """An army book: its units and the upgrade packages they refer to by `uid`."""

    units: tuple[Unit, ...]
    name: str = ""
    upgradePackages: tuple[Package, ...] = ()
    spells: tuple[SpellShape, ...] = ()


class SavedListBody(Shape):
    units: tuple[Unit, ...]
    name: str = ""


class SavedList(Shape):
    """A saved list: `list.units` name a book unit by `id` and its options by section and option id."""

    list: SavedListBody
    armyName: str = ""
