"""The choices a hero's player answers by paying strain or not (star-quest.en.md#General
Principles): a failed Str/Dex/Wil test offers to pay to pass it, and rules offer their own
(stop at the ledge, ignore being Shaken, cast anyway, clear conditions). The mission waits for
the answer (answers.py); then the continuation the choice names carries on. The module that
offers a choice registers its continuation here."""

from __future__ import annotations

from collections.abc import Callable

from domain.systems.starquest import events as ev
from domain.systems.starquest.resolution import Resolution

STATS = {"str": "strength", "dex": "dexterity", "wil": "will"}

#: What carries on after a choice, by the `then` of its context: (res, unit, accepted or passed, context).
CONTINUATIONS: dict[str, Callable[[Resolution, str, bool, dict[str, str]], None]] = {}


def hero_test(res: Resolution, unit_id: str, stat: str, purpose: str, then: str, context: dict[str, str]) -> None:
    """A Str/Dex/Wil test; a failed one waits for the hero's player to pay to pass it or not."""
    hero = res.battle.hero(res.unit(unit_id).profile)
    passed = res.test(unit_id, stat, getattr(hero, STATS[stat]), purpose)
    if passed:
        CONTINUATIONS[then](res, unit_id, True, context)
        return
    cost = res.battle.version.pass_failed_test
    res.emit(ev.ChoiceOffered(unit_id, "pass_failed_test", cost, {**context, "then": then}))
