"""Status conditions (star-quest.en.md#Status conditions, star-quest.de.md#STATUSEFFEKTE).

Conditions are unit state (`Unit.statuses`). Their lasting effects sit where the rule bites:
Crippled in `movement.move_allowance`, Diseased in `Resolution.strain`, Impaired in
`Resolution.test` and the hit roll. This module gives and removes them:

- a weapon with `inflicts` gives its condition to every unit it wounds; the host may give one
  with `InflictStatus` (a game master's call, or a mission event);
- when a unit activates, the hero may first pay to clear them all (English only), then pay to
  clear Impaired, then tests Str for Afflicted, Dex for Crippled and Wil for Diseased, in that
  order. A failed test is a hero's Str/Dex/Wil test like any other, so it may be paid to pass.
  AI units pay nothing and test their Qua (they have no Str/Dex/Wil).
"""

from __future__ import annotations

from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest import choices
from domain.systems.starquest.content import Weapon
from domain.systems.starquest.resolution import Resolution

#: The stat each condition tests to be removed; Impaired is removed only by paying.
TESTED = {"Afflicted": "str", "Crippled": "dex", "Diseased": "wil"}
STATUSES = ("Afflicted", "Crippled", "Diseased", "Impaired")
#: Wounds a failed Afflicted test deals.
AFFLICTED_WOUNDS = 1


def inflict(res: Resolution, command: cmd.InflictStatus) -> None:
    """The host gives a unit a condition: for mission events and game-master rulings."""
    unit = res.unit(command.unit)
    if command.status not in STATUSES:
        raise res.refuse("unknown_status", "status", field="status", status=command.status, known=", ".join(STATUSES))
    if not unit.on_table:
        raise res.refuse("bad_target", "status", target=unit.id, variant="status")
    if command.status in unit.statuses:
        raise res.refuse("status_present", "status", unit=unit.id, status=command.status)
    res.emit(ev.StatusGained(unit.id, command.status, "host"))


def after_attack(res: Resolution, weapon: Weapon, target_id: str, wounds: int) -> None:
    """A weapon that `inflicts` a condition gives it to a target it wounded and that is still
    standing (a killed or knocked-out target has nothing left to carry it)."""
    target = res.battle.units[target_id]
    if weapon.inflicts and wounds > 0 and target.on_table and not target.unconscious and weapon.inflicts not in target.statuses:
        res.emit(ev.StatusGained(target_id, weapon.inflicts, weapon.name))


def at_activation(res: Resolution, unit_id: str) -> None:
    """Start of the condition steps of an activation; may wait for a hero's choices."""
    unit = res.unit(unit_id)
    clear = res.battle.version.clear_statuses
    if unit.side == "hero" and unit.statuses and clear is not None and unit.can_act:
        res.emit(ev.ChoiceOffered(unit_id, "clear_statuses", clear[1], {"then": "clear_statuses", "plus": f"{clear[0]}D3"}))
        return
    _impaired(res, unit_id)


def _cleared(res: Resolution, unit_id: str, accepted: bool, context: dict[str, str]) -> None:
    """Accepted: the fixed part was paid with the answer; now the D3s, then every condition goes."""
    if not accepted:
        _impaired(res, unit_id)
        return
    dice, _ = res.battle.version.clear_statuses or (0, 0)
    res.strain(unit_id, sum(res.roll_d3(dice, "clear all status conditions", "status")), "clear status conditions")
    for status in sorted(res.unit(unit_id).statuses):
        res.emit(ev.StatusRemoved(unit_id, status, "paid"))


def _impaired(res: Resolution, unit_id: str) -> None:
    unit = res.unit(unit_id)
    if unit.side == "hero" and "Impaired" in unit.statuses and unit.can_act:
        dice, bonus = res.battle.version.impaired_cost
        res.emit(ev.ChoiceOffered(unit_id, "remove_impaired", bonus, {"then": "remove_impaired", "plus": f"{dice}D3"}))
        return
    _tests(res, unit_id, [s for s in TESTED if s in unit.statuses])


def _impaired_answered(res: Resolution, unit_id: str, accepted: bool, context: dict[str, str]) -> None:
    if accepted:
        dice, _ = res.battle.version.impaired_cost
        res.strain(unit_id, sum(res.roll_d3(dice, "remove Impaired", "status")), "remove Impaired")
        res.emit(ev.StatusRemoved(unit_id, "Impaired", "paid"))
    _tests(res, unit_id, [s for s in TESTED if s in res.unit(unit_id).statuses])


def _tests(res: Resolution, unit_id: str, due: list[str]) -> None:
    """The removal tests, one after the other; a hero's failed test waits for its answer."""
    while due:
        status, due = due[0], due[1:]
        unit = res.unit(unit_id)
        if not unit.on_table or unit.unconscious:
            return
        context = {"status": status, "remaining": ",".join(due)}
        if unit.side == "hero":
            choices.hero_test(res, unit_id, TESTED[status], f"shake off {status}", "status_test", context)
            return  # the continuation carries on with the rest
        passed = res.test(unit_id, "qua", res.battle.profile(unit).quality, f"shake off {status}")
        _tested(res, unit_id, passed, context, go_on=False)


def _tested(res: Resolution, unit_id: str, passed: bool, context: dict[str, str], go_on: bool = True) -> None:
    status = context["status"]
    if passed:
        res.emit(ev.StatusRemoved(unit_id, status, "test passed"))
    elif status == "Afflicted":
        unit = res.unit(unit_id)
        if unit.on_table:
            res.wound(unit_id, unit.figures[0].id, AFFLICTED_WOUNDS)
    if go_on:
        _tests(res, unit_id, [s for s in context["remaining"].split(",") if s])


choices.CONTINUATIONS.update(
    {
        "clear_statuses": _cleared,
        "remove_impaired": _impaired_answered,
        "status_test": _tested,
    }
)
