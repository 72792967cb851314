"""Pausing an expedition (blackstone-fortress.md#ENDING AN EXPEDITION): at the end of any
challenge or combat the players may stop and carry on another day. Reading: "the end of a
challenge or combat" is the recovery step that follows it, before its rolls; while paused the
expedition takes nothing but the host's resume (the explorers stay on it, so no other
expedition of the quest takes them)."""

from __future__ import annotations

from domain.commands import Command
from domain.errors import RuleError
from domain.events import Event
from domain.systems.blackstone import expedition_commands as xcmd
from domain.systems.blackstone import expedition_events as xev
from domain.systems.blackstone.expedition_state import RECOVERY, Expedition
from domain.systems.blackstone.versions import rule

ENDING = rule("ENDING AN EXPEDITION")


def decide(expedition: Expedition, command: Command) -> list[Event]:
    if isinstance(command, xcmd.ResumeExpedition):
        if not expedition.paused:
            raise RuleError("not_paused", ENDING)
        return [xev.ExpeditionResumed(expedition.round)]
    if expedition.paused:
        raise RuleError("expedition_paused", ENDING, params={"command": type(command).__name__, "round": expedition.round})
    if expedition.step != RECOVERY or expedition.card is None:
        raise RuleError("no_pause_now", ENDING, params={"step": expedition.step})
    return [xev.ExpeditionPaused(expedition.round, expedition.card)]
