"""The initiative phase after the deal (blackstone-fortress.md#COMBAT, 2. Initiative phase):
covering fire swaps two explorers' cards; gambits swap an explorer's with a hostile group's."""

from __future__ import annotations

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.kit import pools
from domain.systems.blackstone import battlefield as bf
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import inspiration, rerolls
from domain.systems.blackstone.combat import spend
from domain.systems.blackstone.commands import CoveringFire, Gambit
from domain.systems.blackstone.state import Battle, Track, side_of
from domain.systems.blackstone.versions import rule

COMBAT = rule("COMBAT")
#: blackstone-fortress.md#INSPIRATION: a gambit without an activation die costs 2 points.
FREE_GAMBIT = 2


def dealt(battle: Battle, unit: str) -> Track:
    """An explorer whose card is on the combat track, in the initiative phase."""
    if battle.phase != "initiative":
        raise RuleError("not_initiative_phase", COMBAT, params={"phase": battle.phase})
    track = battle.tracks.get(unit)
    if track is None or unit not in battle.order:
        raise RuleError("unknown_explorer", COMBAT, params={"names": [unit], "known": [c for c in battle.order if c in battle.tracks]})
    return track


def covering_fire(battle: Battle, command: CoveringFire) -> list[Event]:
    """Two explorers visible to each other swap cards; each moves once a phase, and only
    before gambits begin (the steps come in this order)."""
    one, other = dealt(battle, command.unit), dealt(battle, command.other)
    if one.id == other.id or battle.gambits:
        raise RuleError("no_covering_fire", COMBAT, params={"unit": one.id, "other": other.id})
    if moved := [t.id for t in (one, other) if t.swapped]:
        raise RuleError("moved_once", COMBAT, params={"units": moved})
    if not see_each_other(battle, one, other):
        raise RuleError("not_in_sight", COMBAT, params={"unit": one.id, "other": other.id})
    return [ev.InitiativeSwapped(one.id, other.id, "covering fire")]


def see_each_other(battle: Battle, one: Track, other: Track) -> bool:
    """Some miniature of one explorer sees some miniature of the other (sight is symmetric)."""
    spots = [[battle.miniatures[m].at for m in t.miniatures if battle.miniatures[m].on_board] for t in (one, other)]
    return any(bf.sees(battle, a, b) for a in spots[0] for b in spots[1])


def gambit(battle: Battle, command: Gambit, dice: DiceBox, actor: str) -> list[Event]:
    """An activation die (no destiny die) or 2 inspiration points, then an agility roll:
    success swaps with the closest hostile group card to the left or right, a critical
    success with any group card (`command.group`)."""
    track = dealt(battle, command.unit)
    if command.inspiration:
        events: list[Event] = [inspiration.spend(track, FREE_GAMBIT, "gambit")]
    else:
        events = [spend(battle, track, command.die, False, 1, "gambit")]
    die = side_of(battle, track).agility
    rolled, faces = rerolls.action_roll(
        battle, die, 1, dice, purpose=f"agility roll: {track.id}", rule=rule("AGILITY ROLLS"), actor=actor, unit=track.id, reroller=track if command.reroll else None
    )
    outcome = pools.outcome(battle.action_dice[die].table(), faces[0])
    events += [*rolled, ev.GambitRolled(track.id, die, faces[0], outcome)]
    partner = swap_partner(battle, track.id, outcome, command.group)
    return events + ([ev.InitiativeSwapped(track.id, partner, "gambit")] if partner else [])


def swap_partner(battle: Battle, unit: str, outcome: str, wanted: str) -> str | None:
    """The group card a gambit swaps with: on a critical success the one wanted (if it is a
    group card on the track), else the closest to either side; equally close: the wanted one
    if it is one of them, else the one to the left."""
    groups = [i for i, card in enumerate(battle.order) if card not in battle.tracks]
    if outcome == pools.FAILURE or not groups:
        return None
    if outcome == pools.CRITICAL and wanted in battle.order and wanted not in battle.tracks:
        return wanted
    here = battle.order.index(unit)
    nearest = min(abs(i - here) for i in groups)
    closest = [battle.order[i] for i in groups if abs(i - here) == nearest]
    return wanted if wanted in closest else closest[0]
