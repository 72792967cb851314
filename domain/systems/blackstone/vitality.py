"""Vitality rolls (blackstone-fortress.md#EXPLORATION ROUNDS, 2. Recovery step): the explorer's
VITALITY action die (a size larger for each vitality_die card it holds, card_kinds.py); a
success heals 1, a critical success up to 2, grievous wounds first (outside a combat they heal
too, #WOUNDS)."""

from __future__ import annotations

from domain.dicebox import DiceBox
from domain.events import Event
from domain.kit import pools
from domain.systems.blackstone import card_kinds
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import expedition_events as xev
from domain.systems.blackstone.expedition_state import Expedition
from domain.systems.blackstone.explorer_actions import HEALS
from domain.systems.blackstone.state import Track
from domain.systems.blackstone.versions import rule


def held(expedition: Expedition, unit: str) -> tuple[str, ...]:
    """The resource and artefact cards the explorer holds between combats, sorted."""
    return tuple(sorted((*expedition.resources.get(unit, ()), *expedition.artefacts.get(unit, ()))))


def eased(expedition: Expedition, track: Track) -> list[ev.CardApplied]:
    """The recovery_roll cards the explorer holds, counting grievous wounds fewer on its recovery roll."""
    return card_kinds.recovery_eased(expedition.content.cards, track.id, held(expedition, track.id))


def roll(expedition: Expedition, track: Track, dice: DiceBox, actor: str) -> list[Event]:
    """One vitality roll for the explorer, and the wounds it heals."""
    content = expedition.content
    profile = content.explorers[track.profile]
    standard = (profile.inspired if track.inspired else profile.standard).vitality
    die, larger = card_kinds.sized_die(content.action_dice, content.cards, track.id, held(expedition, track.id), "vitality_die", standard)
    table = next(d for d in content.action_dice if d.name == die).table()
    rolled = dice.roll([table.sides], purpose=f"vitality roll: {track.id}", rule=rule("EXPLORATION ROUNDS"), actor=actor, unit=track.id)
    outcome = pools.outcome(table, rolled.results[0])
    events: list[Event] = [*larger, rolled, ev.VitalityRolled(track.id, die, rolled.results[0], outcome)]
    grievous = min(HEALS[outcome], track.grievous)
    wounds = min(HEALS[outcome] - grievous, track.wounds)
    return events + ([xev.Recovered(track.id, grievous, wounds)] if grievous or wounds else [])
