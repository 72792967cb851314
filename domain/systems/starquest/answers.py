"""Answer: a player's reply to the choice the mission waits for. Spell tokens against an AI cast
(casting), the pick of a Blast split (shooting, blasting), or strain paid or not, then the choice's
continuation (choices)."""

from __future__ import annotations

from domain.systems.starquest import casting, choices, shooting
from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest.resolution import Resolution


def answer(res: Resolution, command: cmd.Answer) -> None:
    pending = res.battle.pending
    if pending is None or pending.unit != command.unit:
        raise res.refuse("nothing_to_answer", "general", unit=command.unit)
    if pending.kind in casting.TOKEN_CHOICES:  # paid in spell tokens, not strain
        casting.TOKEN_CHOICES[pending.kind](res, command, pending)
        return
    if pending.kind == "blast_split":  # the pick of a Blast split
        return shooting.blast_answered(res, command)
    if command.pick is not None:
        raise res.refuse("nothing_to_pick", "general", kind=pending.kind)
    res.emit(ev.ChoiceMade(command.unit, pending.kind, command.accept))
    if command.accept:
        res.strain(command.unit, pending.cost, pending.kind.replace("_", " "))
    choices.CONTINUATIONS[pending.context["then"]](res, command.unit, command.accept, pending.context)
