"""The workers' side in solo play (README.md#ai-worker): the army named by the mission's `solo`
option, a pure function of the battle, one command at a time. When every army is a player's
(`solo` empty) the workers do nothing.

What the solo army owes, by a fixed rule so that nobody chooses for it:
- the roll-offs are the host's; it picks the south edge, places the first marker itself, and each
  marker at the legal point nearest the table's centre (2" grid, #Preparation);
- it deploys its units in id order (Scouts last) in rows at the back of its zone, each at the
  first free spot from the west (ai_preparation.py);
- it deploys an Ambush unit in reserve; it places an arriving ambusher and the survivors of its
  destroyed transport as ai_reserves.py says;
- its activation: its first ready unit in id order (a unit inside a transport that has not
  activated yet after the others) casts as ai_psychic.py says, then acts as ai_activation.py
  says; a flyer flies as ai_flyers.py says; a unit gets into a transport or a solid building,
  and out of one, as ai_transports.py says (before it acts), and deploys inside a transport or
  a building holding a marker by the same rule (one inside a solid building with a target from
  its port, or holding a marker, stays in, shooting when it may);
- casualties: the wounded model first, then the others from the last listed to the first (the
  regular ones before Tough ones), just enough to take the wounds; a surviving unit of a melee
  stays; a charge at a building it holds is fought by its first unit inside in id order; an
  enemy's spell is blocked by its first Psychic in id order that may try, else allowed; an enemy
  ambusher it may move is left where it stands."""

from __future__ import annotations

from domain.commands import Command
from domain.errors import RuleError
from domain.systems.grimdark import (
    ai_activation,
    ai_flyers,
    ai_preparation,
    ai_psychic,
    ai_reserves,
    ai_transports,
    ambush,
    buildings,
    casualties,
    psychic,
    transports,
)
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.events import EVENTS
from domain.systems.grimdark.resolution import Resolution
from domain.systems.grimdark.state import (
    DEPLOYMENT,
    EDGE,
    FIRST_MARKER,
    MARKERS,
    OVER,
    ROUNDS,
    Game,
    Unit,
    Wounds,
)

#: Any of its events may leave the solo army something to answer or its turn to act.
WAKES = EVENTS


def ai(state) -> Command | None:  # noqa: ANN001 - the engine's MissionState
    game: Game | None = state.game
    if game is None or not game.solo or game.phase == OVER:
        return None
    answer = _answer(game)
    if answer is not None or _waiting(game):
        return answer
    return _turn(game)


def ai_key(state, command: Command) -> str:  # noqa: ANN001
    """One command per state of the mission: the round and the version it was decided on."""
    return f"{state.game.round}:v{state.version}:{type(command).__name__}"


def _answer(game: Game) -> Command | None:
    """A choice the battle waits for that the solo army must make."""
    stranded = [u for u in transports.stranded(game) if _ours(game, game.units[u])]
    if stranded:
        return ai_reserves.survivors(game, game.units[stranded[0]])
    arriving = sorted(u.id for u in game.units.values() if u.arriving and _ours(game, u))
    if arriving:
        return ai_reserves.arrive(game, game.units[arriving[0]])
    if game.shifting and game.units[game.shifting].side != game.solo and game.solo in game.sides:
        moved = game.units[game.shifting]
        return cmd.MoveAmbusher(side=game.solo, positions=[(m.x, m.y) for m in moved.models])
    if game.survivor and _ours(game, game.units[game.survivor]):
        return cmd.MoveSurvivor(unit=game.survivor)
    if game.storming is not None:
        ours = [u.id for u in buildings.occupants(game, game.storming.building) if _ours(game, u)]
        return cmd.DefendBuilding(unit=ours[0]) if ours else None
    if game.pending is not None:
        hit = game.units[game.pending.unit]
        return _casualties(hit, Wounds(game.pending.wounds, game.pending.deadly)) if _ours(game, hit) else None
    casting = game.casting
    if casting is not None and casting.spell is not None and game.solo in game.sides and game.units[casting.unit].side != game.solo:
        return _dispel(game, game.units[casting.unit]) or cmd.AllowSpell(side=game.solo)
    return None


def _dispel(game: Game, caster: Unit) -> cmd.Dispel | None:
    """Its first Psychic in id order that may block the spell tries to (#Dispelling)."""
    res = Resolution(game, None, "")  # type: ignore[arg-type] - who may block rolls no dice
    ours = [u for u in psychic.dispellers(res, caster) if _ours(game, game.units[u])]
    return cmd.Dispel(unit=ours[0]) if ours else None


def _waiting(game: Game) -> bool:
    """A choice that stops the battle until it is made, whoever owes it (decide.py's order)."""
    return bool(game.pending or game.survivor or game.storming or ambush.waiting(game) or transports.stranded(game))


def _turn(game: Game) -> Command | None:
    """What the solo army does when the battle waits for its side."""
    side = next(u.side for u in game.units.values() if u.army == game.solo)
    if (game.casting is not None and game.casting.spell is not None) or game.up != side:
        return None
    if game.phase == ROUNDS and game.active and _ours(game, game.units[game.active]):
        return _after_roll(game, game.units[game.active])
    if game.phase == ROUNDS and not game.active:
        ready = sorted((ai_transports.waits(game, u), u.id) for u in game.ready(side) if u.army == game.solo)
        if not ready:
            return None
        unit = game.units[ready[0][1]]
        if unit.profile.flyer and not unit.pinned:
            return ai_flyers.fly(game, unit)
        out = ai_transports.get_out(game, unit) if unit.inside and not unit.pinned else None
        if out is not None:
            return out
        return ai_psychic.cast(game, unit) or ai_transports.get_in(game, unit) or ai_activation.act(game, unit)
    if game.phase == DEPLOYMENT:
        return ai_preparation.next_unit(game, game.solo)
    if side != game.solo:
        return None  # a side's own choices belong to the player of its first army
    if game.phase == EDGE:
        return cmd.PickEdge(side=game.solo, edge="south")
    if game.phase == FIRST_MARKER:
        return cmd.ChooseFirstMarker(side=game.solo, first=game.solo)
    if game.phase == MARKERS:
        return ai_preparation.marker(game, game.solo)
    return None


def _after_roll(game: Game, unit: Unit) -> Command:
    """A Psychic that rolled uses its best spell, if any, then acts (#Special Rules, Psychic(X))."""
    casting = game.casting
    chosen = ai_psychic.spell(game, unit, casting.highest) if casting is not None and casting.spell is None else None
    return chosen or ai_transports.get_in(game, unit) or ai_activation.act(game, unit)


def _ours(game: Game, unit: Unit) -> bool:
    return unit.army == game.solo


def _casualties(unit: Unit, wounds: Wounds) -> cmd.RemoveCasualties:
    """The fewest models in its order that take the wounds; every model when no fewer do."""
    wounded = [m.id for m in unit.models if m.wounds]
    rest = sorted((m for m in reversed(unit.models) if m.id not in wounded), key=lambda m: unit.tough_of(m) > 1)
    order = wounded + [m.id for m in rest]
    for count in range(1, len(order)):
        try:
            casualties.check_pick(unit, order[:count], wounds)
        except RuleError:
            continue
        return cmd.RemoveCasualties(unit=unit.id, models=order[:count])
    return cmd.RemoveCasualties(unit=unit.id, models=order)
