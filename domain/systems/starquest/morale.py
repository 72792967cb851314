"""The end of an activation: Shaken recovery, Fatigue of chargers, and morale tests
(star-quest.en.md#Morale, #Melee Fatigue, #Special Rules Reference: Fear, Fearless, Villain).

A hero failing a morale test may pay strain to ignore being Shaken: the activation then waits
for that hero's answer, and `ignore_shaken_answered` carries on with the remaining tests.
"""

from __future__ import annotations

from domain.systems.starquest import events as ev
from domain.systems.starquest import choices, flow, geometry
from domain.systems.starquest.resolution import Resolution
from domain.systems.starquest.state import Battle, Figure, Unit

#: AI units this close to a Villain may test morale on its Qua (#Special Rules Reference).
VILLAIN_REACH = 12.0
#: Fearless turns a failed morale test into a pass on this or more.
FEARLESS_ON = 4
#: Enemies this tough are never Shaken; they take D3 wounds instead (#Morale, Shaken).
UNSHAKABLE_TOUGHNESS = 9


def end_of_activation(res: Resolution, unit_id: str) -> None:
    """Everything the end of an activation brings, then the activation ends and the round moves on,
    unless a hero's choice must wait for its player."""
    battle, turn = res.battle, res.battle.turn
    assert turn is not None and turn.unit == unit_id
    unit = battle.units[unit_id]
    if unit.shaken and not turn.actions and not turn.skill_action:
        res.emit(ev.ShakenRecovered(unit_id))
    if turn.charged and battle.version.charge_fatigue == "activation-end" and unit.on_table and not unit.fatigued:
        res.emit(ev.UnitFatigued(unit_id, "charged"))
    due = [u for u in sorted(turn.wounded) if must_test(res.battle, res.battle.units[u], turn.fear.get(u, 0))]
    _run_tests(res, unit_id, due)


def must_test(battle: Battle, unit: Unit, fear: int = 0) -> bool:
    """Half or less of its starting size (several models) or of its Tou (one model) left,
    counting Fear's extra wounds as if dealt (#Morale, #Special Rules Reference: Fear)."""
    if not unit.on_table or unit.unconscious:
        return False
    toughness = battle.profile(unit).toughness
    if unit.size > 1:
        return 2 * _survivors(unit.figures, toughness, fear) <= unit.size
    return 2 * (toughness - unit.figures[0].wounds - fear) <= toughness


def _survivors(figures: tuple[Figure, ...], toughness: int, extra: int) -> int:
    """Models left if `extra` more wounds fell on them, the most hurt first."""
    left = 0
    for health in sorted(toughness - f.wounds for f in figures):
        taken = min(extra, health)
        extra -= taken
        left += taken < health
    return left


def morale_quality(battle: Battle, unit: Unit) -> int:
    """The unit's Qua, or a better one of a Villain within 12" that is not Shaken (AI units only)."""
    quality = battle.profile(unit).quality
    if unit.side != "ai":
        return quality
    reach = battle.scale(VILLAIN_REACH)
    for villain in battle.side("ai"):
        if villain.id == unit.id or not villain.on_table or villain.shaken or not battle.profile(villain).rule("Villain"):
            continue
        if any(geometry.within(a, b, reach) for a in battle.bases(unit) for b in battle.bases(villain)):
            quality = min(quality, battle.profile(villain).quality)
    return quality


def _run_tests(res: Resolution, ending: str, due: list[str]) -> None:
    for index, unit_id in enumerate(due):
        if not _morale_test(res, unit_id):
            context = {"then": "ignore_shaken", "ending": ending, "remaining": ",".join(due[index + 1 :])}
            res.emit(ev.ChoiceOffered(unit_id, "ignore_shaken", res.battle.version.ignore_shaken, context))
            return
    res.emit(ev.ActivationEnded(ending))
    flow.after_activation(res)


def _morale_test(res: Resolution, unit_id: str) -> bool:
    """A Qua test; Fearless saves a failure on 4+. A failed unit is Shaken, an AI unit of Tou 9+
    takes D3 wounds instead. False when a hero failed and may pay to ignore being Shaken."""
    battle = res.battle
    unit = battle.units[unit_id]
    profile = battle.profile(unit)
    if unit.shaken:
        return True  # Shaken units always fail, and stay Shaken
    if res.test(unit_id, "qua", morale_quality(battle, unit), "morale"):
        return True
    if profile.rule("Fearless"):
        (face,) = res.roll(1, f"Fearless: {unit_id} shrugs off a failed morale test", "special")
        if face >= FEARLESS_ON:
            return True
    if unit.side == "ai" and profile.toughness >= UNSHAKABLE_TOUGHNESS:
        _d3_wounds(res, unit_id)
        return True
    if unit.side == "hero":
        return False
    res.emit(ev.UnitShaken(unit_id))
    return True


def _d3_wounds(res: Resolution, unit_id: str) -> None:
    """D3 wounds, Regeneration rolled for them together, then one at a time to the first model."""
    (wounds,) = res.roll_d3(1, f"{unit_id} cannot be Shaken: D3 wounds", "morale")
    for _ in range(res.regenerate(unit_id, wounds)):
        unit = res.battle.units[unit_id]
        if not unit.on_table:
            return
        res.wound(unit_id, unit.figures[0].id, 1, regenerated=True)


def ignore_shaken_answered(res: Resolution, unit_id: str, accepted: bool, context: dict[str, str]) -> None:
    """The hero paid to ignore being Shaken, or did not; then the remaining tests, and the end."""
    if not accepted:
        res.emit(ev.UnitShaken(unit_id))
    _run_tests(res, context["ending"], [u for u in context["remaining"].split(",") if u])


choices.CONTINUATIONS["ignore_shaken"] = ignore_shaken_answered
