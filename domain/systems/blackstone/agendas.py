"""Secret agendas (blackstone-fortress.md#SETUP: each character card starts secret agenda side
up; #INSPIRATION: an explorer that achieves its agenda turns to its inspired side). The rules
leave the agendas to the cards: the pack gives each explorer one (`agenda`) of a kind from this
closed list, each read from what the combat counts. Checked when the explorer's activation ends
(combat.end_activation), so a hostile slain by its overwatch counts at its next activation's end."""

from __future__ import annotations

from collections.abc import Callable

from domain.events import Event
from domain.systems.blackstone import events as ev
from domain.systems.blackstone.state import Battle, Track

#: kind -> how far the explorer has come in this combat.
KINDS: dict[str, Callable[[Track], int]] = {
    # Slay `amount` hostiles in one combat.
    "slay": lambda track: track.slain,
    # Take `amount` discovery cards in one combat.
    "discover": lambda track: track.discoveries,
}


def achieved(battle: Battle, track: Track) -> list[Event]:
    """The agenda achieved and the card turned; nothing if inspired already (it stays so until
    the end of the expedition) or if the explorer has no agenda."""
    agenda = battle.profile(track).agenda
    if agenda is None or track.inspired or KINDS[agenda.kind](track) < agenda.amount:
        return []
    return [ev.AgendaAchieved(track.id, agenda.name, agenda.kind, agenda.amount), ev.Inspired(track.id)]
