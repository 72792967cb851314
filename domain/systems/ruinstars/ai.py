"""The workers' side of Survive's swarm, a pure function of the mission (README.md#ai-worker):
one command at a time, whatever the swarm owes now. In PvE (one player squad: solo, a shared
co-op squad or mini squads) the workers play it; in PvP (two squads) they do nothing, and the
host (or a player seated `swarm`) commands the Bugs.

What the swarm owes, by a fixed rule so that nobody chooses for it:
- an Attack of Opportunity it is asked for: always made, by the first Bug offered (id order)
  with its first melee weapon;
- its own roll in flight (the only free re-rolls it can have are Support's): each die that
  failed and may still be re-rolled is, in order, as far as the free re-rolls go; else it
  accepts the dice;
- its activation: the first Ready Bug in the order they spawned activates, then acts as its
  Behavior says (bugs.py)."""

from __future__ import annotations

from domain.commands import Command
from domain.kit import pools
from domain.systems.ruinstars import bugs, resolution, rolls
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars.state import ACTIVATIONS, NO_ATTACK, READY, SWARM, Game, Roll

#: After these the swarm may owe something: its turn to activate, its Bug's next action, a roll
#: or an Attack of Opportunity to answer.
WAKES = (
    ev.InitiativeRolled,
    ev.FirstSquadChosen,
    ev.UnitActivated,
    ev.UnitMoved,
    ev.MoveHeld,
    ev.HeldMoveMade,
    ev.AttackRolled,
    ev.SavesRolled,
    ev.DiceRerolled,
    ev.DieChanged,
    ev.AttackResolved,
    ev.SavesResolved,
    ev.ActivationEnded,
    ev.UnitTakenOut,
)


def ai(state) -> Command | None:  # noqa: ANN001 - the engine's MissionState
    game: Game | None = state.game
    if game is None or game.outcome is not None or not plays_swarm(game):
        return None
    if game.pending is not None:
        return _opportunity(game) if game.pending.who == SWARM else None
    if game.roll is not None:
        return _answer(game.roll) if game.roll.squad == SWARM else None
    if game.held is not None or game.duty is not None:
        return None
    if game.phase != ACTIVATIONS or game.up != SWARM:
        return None
    if game.active:
        return bugs.next_action(game, game.models[game.active])
    ready = [m for m in game.units_of(SWARM) if m.status == READY]
    if not ready:
        return None
    first = min(ready, key=lambda m: (len(m.id), m.id))
    return cmd.Activate(unit=first.id)


def ai_key(state, command: Command) -> str:  # noqa: ANN001
    """One command per state of the mission: the turn and the version it was decided on."""
    return f"{state.game.turn}:v{state.version}:{type(command).__name__}"


def plays_swarm(game: Game) -> bool:
    """PvE: one player squad (solo, co-op); PvP has two."""
    return len(game.squads) == 1


def _opportunity(game: Game) -> cmd.OpportunityAttack:
    assert game.pending is not None
    bug = next(game.models[o] for o in game.pending.options if o != NO_ATTACK)
    weapon = next(w for w in game.weapons(bug) if w.kind == "melee")
    return cmd.OpportunityAttack(squad=SWARM, attacker=bug.id, weapon=weapon.name)


def _answer(roll: Roll) -> cmd.Reroll | cmd.AcceptRoll:
    free = dict(roll.free)
    again = []
    for die, face in enumerate(roll.faces):
        if die in roll.rerolled or roll.changes[die]:
            continue
        if pools.outcome(rolls.test(roll.stat), face) != pools.FAILURE:
            continue
        source = resolution.free_source(free, face)
        if source is not None:
            free[source] -= 1
            again.append(die)
    if again:
        return cmd.Reroll(squad=SWARM, dice=again)
    return cmd.AcceptRoll(squad=SWARM)
