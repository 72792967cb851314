"""An Army Forge list taken into a battle (docs/grimdark-future-content-format.md, Army Forge
lists): a player replaces its seat's army with its own list before the deployment roll-off. The
list is converted (armyforge.py), checked against the game's size as a pack's army is
(#Preparation, The Armies; #Playing Bigger Games), and its warnings stay in the battle for every
reader to see."""

from __future__ import annotations

import msgspec

from domain.errors import RuleError
from domain.events import Event
from domain.kit.content import ContentError
from domain.systems.grimdark import armies
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.armyforge import ImportedArmy, UnknownRules, from_book, from_flat
from domain.systems.grimdark.content import FORMAT, Army
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import DEPLOYMENT_ROLL_OFF, MISSION_ROLL, Game
from domain.systems.grimdark.versions import rule

#: What the command stores: a shared list is a few kilobytes, an army book a few hundred.
MAX_LIST_BYTES = 100_000
MAX_BOOK_BYTES = 800_000
LISTS = FORMAT + "#army-forge-lists"


def submit(res: Resolution, command: cmd.SubmitArmyList) -> list[Event]:
    game = res.game
    if game.phase not in (MISSION_ROLL, DEPLOYMENT_ROLL_OFF):
        raise RuleError("lists_closed", rule("Preparation"), params={"phase": game.phase})
    seats = sorted({u.army for u in game.units.values()})
    if command.army not in seats:
        raise RuleError("unknown_army", LISTS, params={"army": command.army, "known": seats}, field="army")
    imported = _converted(command)
    side = next(u.side for u in game.units.values() if u.army == command.army)
    fielded = [imported.army if seat == command.army else _army(game, seat) for seat in game.armies_of(side)]
    armies.check(fielded, game.points, field="army_list")
    res.emit(ev.ArmyListTaken(imported.army, imported.army.points, list(imported.warnings)))
    return res.events


def _converted(command: cmd.SubmitArmyList) -> ImportedArmy:
    """The list as an army of the seat's id; a refusal names what the file breaks."""
    raw = msgspec.json.encode(command.army_list)
    book = msgspec.json.encode(command.book) if command.book else b""
    for field, data, most in (("army_list", raw, MAX_LIST_BYTES), ("book", book, MAX_BOOK_BYTES)):
        if len(data) > most:
            raise RuleError("army_list_too_big", LISTS, params={"field": field, "bytes": len(data), "max": most}, field=field)
    try:
        if book:
            return from_book(book, raw, army_id=command.army, accept_unknown=command.accept_unknown)
        return from_flat(raw, army_id=command.army, accept_unknown=command.accept_unknown)
    except UnknownRules as unknown:
        units = "; ".join(f"{w.unit}: {', '.join(w.unknown)}" for w in unknown.warnings)
        raise RuleError("army_list_unknown_rules", rule("Special Rules"), params={"units": units, "count": len(unknown.warnings)}, field="army_list") from None
    except ContentError as error:
        raise RuleError("bad_army_list", LISTS, params={"file": error.file, "at": error.field or "(file)", "problem": error.problem}, field="army_list") from None


def _army(game: Game, seat: str) -> Army:
    """A seat's army as it stands before deployment: its units' profiles."""
    return Army(seat, seat, tuple(u.profile for u in game.units.values() if u.army == seat))
