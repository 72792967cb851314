"""Action dice rolls an explorer may re-roll with inspiration (blackstone-fortress.md#INSPIRATION:
1 point a die; #SETUP: a die is re-rolled at most once and the second result applies).

A command asks for it up front (`reroll`): each die that counts as a failure (in cover, a plain
success too: #ATTACKS, Cover) is re-rolled once, a point each, as far as the explorer's points
go. With server dice a player cannot look first and choose, so the choice is the standing one
the rules make worth it (a die that counts as a failure can only improve).
"""

from __future__ import annotations

from collections.abc import Callable

from domain.dicebox import DiceBox
from domain.events import Event
from domain.kit import pools
from domain.systems.blackstone import events as ev
from domain.systems.blackstone.state import Battle, Track

#: blackstone-fortress.md#INSPIRATION: a re-roll of an action die costs 1 point.
REROLL_COST = 1


def action_roll(
    battle: Battle,
    die: str,
    count: int,
    dice: DiceBox,
    *,
    purpose: str,
    rule: str,
    actor: str,
    unit: str,
    reroller: Track | None = None,
    free: tuple[str, int] = ("", 0),
    counts_as: Callable[[str], str] | None = None,
) -> tuple[list[Event], list[int]]:
    """Roll `count` action dice named `die`; with a `reroller`, its failures once more. `free`:
    an explorer re-rolling that many failures first at no cost (a card's effect, card_play.py).
    `counts_as`: what a die's outcome will count as (cover downgrades it), so a die that will
    count as a failure is re-rolled. The events and the faces that stand."""
    table = battle.action_dice[die].table()
    roll = dice.roll([table.sides] * count, purpose=purpose, rule=rule, actor=actor, unit=unit)
    faces = list(roll.results)
    events: list[Event] = [roll]
    paid_for = reroller.inspiration // REROLL_COST if reroller is not None else 0
    if not paid_for and not free[1]:
        return events, faces
    failed = [i for i, o in enumerate(pools.classify(table, faces)) if (counts_as(o) if counts_as else o) == pools.FAILURE]
    picks = failed[: free[1] + paid_for]
    if not picks:
        return events, faces
    paid = len(picks) - min(free[1], len(picks))
    who = reroller.id if reroller is not None else free[0]
    again = dice.roll([table.sides] * len(picks), purpose=f"re-roll: {purpose}", rule=rule, actor=actor, unit=unit)
    after = list(pools.rerolled(faces, picks, again.results))
    spent = [ev.InspirationSpent(who, REROLL_COST * paid, "re-roll")] if paid else []
    events += [*spent, again, ev.Rerolled(who, picks, faces, after)]
    return events, after
