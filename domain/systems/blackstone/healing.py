"""The Precipice's healing step (blackstone-fortress.md#PRECIPICE, 1. Healing step): every wound
heals, as every expedition sets out unwounded; an explorer that came back out of action (the
host ended the expedition before a recovery step rolled for it) makes its recovery roll on the
campaign's dice first and dies at or under its grievous wounds."""

from __future__ import annotations

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.systems.blackstone.combat import BLACKSTONE
from domain.systems.blackstone.quest import ExpeditionRecord, Quest
from domain.systems.blackstone.quest_messages import ExplorersHealed, PrecipiceRecoveryRolled
from domain.systems.blackstone.versions import rule

HEALING = rule("PRECIPICE")


def due(quest: Quest) -> ExpeditionRecord | None:
    """The ended expedition whose Precipice still waits for recovery rolls, if any."""
    return next((r for r in quest.in_order() if r.outcome is not None and r.recovery_due), None)


def heal(quest: Quest, dice: DiceBox, actor: str) -> list[Event]:
    record = due(quest)
    if record is None:
        raise RuleError("no_healing_step_due", HEALING)
    events: list[Event] = []
    for explorer in (x for x in record.explorers if x in record.recovery_due):
        grievous = record.recovery_due[explorer]
        roll = dice.roll([BLACKSTONE], purpose=f"recovery roll: {explorer}", rule=HEALING, actor=actor, unit=explorer)
        events += [roll, PrecipiceRecoveryRolled(explorer, roll.results[0], grievous, roll.results[0] <= grievous)]
    return [*events, ExplorersHealed(record.mission_id)]
