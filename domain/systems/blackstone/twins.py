"""The twins (blackstone-fortress.md#THE RATLING TWINS; ours are Pim and Pell): one character
card, one activation roll and one initiative card for two miniatures (state.Track), either may
act (combat.acting), the rifle is one twin's (content `users`), cover only from both
(combat.resolve_attack), out of action together (combat.explorer_wounds), back on the board in
the same or separate hexes (event_phase.heroic_effort); and here their recovery roll."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from domain.dicebox import DiceBox
from domain.events import Event
from domain.systems.blackstone import events as ev
from domain.systems.blackstone.combat import BLACKSTONE
from domain.systems.blackstone.state import Track
from domain.systems.blackstone.versions import rule


def recovery_rolls(tracks: Iterable[Track], dice: DiceBox, actor: str, eased: Callable[[Track], list[ev.CardApplied]] = lambda _track: []) -> list[Event]:
    """In the recovery step (#EXPLORATION ROUNDS, 2. Recovery step): the blackstone die once per
    out of action character card, so once for both twins; at or under its grievous wounds it
    dies (`eased`: the recovery_roll cards counting some of them fewer, card_kinds.py)."""
    events: list[Event] = []
    for track in tracks:
        if not track.out_of_action:
            continue
        cards = eased(track)
        roll = dice.roll([BLACKSTONE], purpose=f"recovery roll: {track.id}", rule=rule("EXPLORATION ROUNDS"), actor=actor, unit=track.id)
        counted = track.grievous - sum(c.amount for c in cards)
        events += [*cards, roll, ev.RecoveryRolled(track.id, roll.results[0], track.grievous, roll.results[0] <= counted)]
    return events
