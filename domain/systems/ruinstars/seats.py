"""Who commands what (contract `seats`): a player commands the units of their squad, so a
member's seats are squad ids (co-op mini squads: their own mini squad's id). The swarm's seat is
`swarm`: the workers play it in PvE, the host (or a player seated `swarm`) in PvP."""

from __future__ import annotations

from domain.commands import Command
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars.state import NO_ATTACK, Game


def seats(game: Game | None, command: Command) -> tuple[str, ...]:
    if game is None:
        return command.units()
    if isinstance(command, cmd.UnitCommand):
        return _of_unit(game, command.unit)
    if isinstance(command, cmd.RollCommand) and game.roll and game.roll.squad == command.squad:
        return _of_unit(game, game.roll.unit)
    if isinstance(command, cmd.OpportunityAttack) and command.attacker != NO_ATTACK:
        return _of_unit(game, command.attacker) or (command.squad,)
    if isinstance(command, (cmd.ChooseFirst, cmd.OpportunityAttack, cmd.RollCommand)):
        return _of_squad(game, command.squad)
    return command.units()


def _of_unit(game: Game, unit: str) -> tuple[str, ...]:
    """The seat of the unit's squad; a unit the mission does not know has none (the rules refuse
    the command)."""
    model = game.models.get(unit)
    if model is None:
        return ()
    fielded = next((s for s in game.squads if s.id == model.squad), None)
    return (fielded.owners.get(unit, fielded.id) if fielded else model.squad,)


def _of_squad(game: Game, squad: str) -> tuple[str, ...]:
    """A squad's own choice (the first to activate, "no Attack of Opportunity"); for mini squads
    fielded as one, the Squad Leader's player makes it (the first mini squad's without one)."""
    fielded = next((s for s in game.squads if s.id == squad), None)
    if fielded is None or not fielded.owners:
        return (squad,)
    first = fielded.owners[fielded.units[0][0]]
    return (fielded.owners.get(fielded.leader, first),)
