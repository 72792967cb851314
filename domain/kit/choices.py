"""Pending choices: the rules leave a pick to someone in the middle of a resolution, and the game waits.

A decider opens one (and records it in its own event), refuses other commands while it is open,
and checks the answer before it continues the resolution named in `context`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import msgspec

from domain.errors import RuleError


class PendingChoice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The game waits for `who` (a member or a unit) to pick one of `options`.

    `options` are sorted, so the same choice is the same bytes however it was built; `context`
    is what the resolution needs to go on afterwards (never changed in place).
    """

    who: str
    kind: str
    options: tuple[str, ...]
    context: dict[str, str] = {}


def open_choice(who: str, kind: str, options: Iterable[str], context: Mapping[str, str] | None = None) -> PendingChoice:
    """A choice among `options` (duplicates dropped); a choice with nothing to pick is a bug."""
    offered = tuple(sorted(set(options)))
    if not offered:
        raise ValueError(f"choice {kind!r} for {who!r} offers nothing to pick")
    return PendingChoice(who, kind, offered, dict(context or {}))


def check_nothing_pending(pending: PendingChoice | None, *, rule: str) -> None:
    """Refuse a command while the game waits for a pick: only the answer may come next."""
    if pending is not None:
        raise RuleError("choice_pending", rule, params={"who": pending.who, "kind": pending.kind, "options": list(pending.options)})


def check_answer(pending: PendingChoice | None, who: str, option: str, *, rule: str, kind: str | None = None) -> PendingChoice:
    """The choice `who` answers with `option`; RuleError when nothing is pending, it waits for
    someone else, it is not of the `kind` the answer is for (when given: one game may wait for
    several kinds of pick), or `option` was not offered. Nothing changes: the decider records
    the answer."""
    if pending is None:
        raise RuleError("nothing_pending", rule, params={"who": who})
    if who != pending.who:
        raise RuleError("not_your_choice", rule, params={"who": who, "waiting_for": pending.who, "kind": pending.kind})
    if kind is not None and kind != pending.kind:
        raise RuleError("not_this_choice", rule, params={"kind": kind, "waiting_for": pending.kind, "options": list(pending.options)})
    if option not in pending.options:
        raise RuleError("option_not_offered", rule, params={"option": option, "kind": pending.kind, "options": list(pending.options)})
    return pending
