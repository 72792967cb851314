"""Hexfall: a game system that exists only in the tests, to prove the game-system seam.

Its commands and events reuse Star Quest's class names (`Advance`, `Hold`, `StartRound`,
`Moved`, `AiActivate`, ...) with other fields; it plays on hexes (domain/kit/boards/hex.py),
keeps a hidden deck (domain/kit/decks.py), has an AI unit the workers play, hides each hand
from the other players, and keeps campaign state between its missions. It is registered from
the tests (`domain.registry.register`), nothing outside this package names it.

The rules, in short: heroes start on the west edge of a radius-3 hexagon, the drone in the
east. Each round every hero takes one action (Advance up to 3 hexes along a free path, or
Hold) and may first draw a card; then the drone moves up to 2 hexes toward the nearest hero.
After round 2 the mission is decided: victory if no hero stands next to the drone.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.campaign_events import MissionConcluded, UnitReport
from domain.commands import HOST, PLAYERS, Command
from domain.contract import GameSystem, Setup, Viewer
from domain.errors import RuleError
from domain.events import DiceRolled, Event
from domain.kit import decks
from domain.kit.boards import hex as hx

NAME = "hexfall"
RULES = "tests/systems/hexfall/__init__.py"
MOVE, DRONE_MOVE, ROUNDS = 3, 2, 2
BOARD = hx.Board.build(hx.hexagon(3), blocked=[hx.Hex(0, 0)])
STARTS = (hx.Hex(-3, 0), hx.Hex(-3, 1), hx.Hex(-3, 2))
DRONE, DRONE_START = "drone", hx.Hex(3, 0)
DECK = "loot"


# -- messages: Star Quest's class names, other shapes ---------------------------------------------


class UnitCommand(Command):
    unit: str

    def units(self) -> tuple[str, ...]:
        return (self.unit,)


class SetUpBattle(Command, tag=True):
    roles: ClassVar[frozenset[str]] = HOST
    heroes: list[str]
    cards: list[str]


class StartRound(Command, tag=True):
    pass


class Advance(UnitCommand, tag=True):
    q: int
    r: int


class Hold(UnitCommand, tag=True):
    pass


class Draw(UnitCommand, tag=True):
    pass


class Equip(UnitCommand, tag=True):
    """Per-player set-up: before the first round, each player picks its own hero's kit."""

    kit: list[str]


class AiActivate(Command, tag=True):
    roles: ClassVar[frozenset[str]] = PLAYERS | {"worker"}
    unit: str


class BattleSetUp(Event, tag=True):
    heroes: list[str]
    cards: list[str]


class RoundStarted(Event, tag=True):
    round: int


class Moved(Event, tag=True):
    unit: str
    q: int
    r: int


class Equipped(Event, tag=True):
    unit: str
    kit: list[str]


class CardDrawn(Event, tag=True):
    unit: str
    #: None in the copy of a reader who does not hold the unit's hand.
    card: str | None


class ActivationEnded(Event, tag=True):
    unit: str


class AiPhaseStarted(Event, tag=True):
    round: int


class MissionDecided(Event, tag=True):
    outcome: str


COMMANDS = (SetUpBattle, StartRound, Advance, Hold, Draw, AiActivate, Equip)
EVENTS = (BattleSetUp, RoundStarted, Moved, CardDrawn, ActivationEnded, AiPhaseStarted, MissionDecided, Equipped)
KITS = frozenset({"blade", "carbine", "medkit", "shield"})


# -- state ----------------------------------------------------------------------------------------


class Unit(msgspec.Struct, frozen=True):
    id: str
    side: str
    at: hx.Hex
    acted: bool = False
    hand: tuple[str, ...] = ()
    kit: tuple[str, ...] = ()


class Game(msgspec.Struct, frozen=True):
    units: dict[str, Unit]
    deck: decks.Deck
    round: int = 0
    phase: str = "deploy"
    outcome: str | None = None


class UnitView(msgspec.Struct, frozen=True):
    id: str
    side: str
    at: hx.Hex
    acted: bool
    #: The cards, for a reader who holds the hand; else None, and only `cards` says how many.
    hand: tuple[str, ...] | None
    cards: int


class GameView(msgspec.Struct, frozen=True):
    """The game as a reader sees it: the deck's order by nobody, a hand by its holder."""

    units: list[UnitView]
    deck_left: int
    round: int
    phase: str
    outcome: str | None


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    heroes: str = "scout"
    cards: str = "ace,bolt,coin,dart,echo"


class Renown(msgspec.Struct, frozen=True):
    """What a Hexfall campaign keeps between missions."""

    missions: int = 0
    victories: int = 0
    #: Fortune rolled between missions, on the campaign's own provable dice.
    fortune: int = 0


class RollFortune(Command, tag="hexfall.RollFortune"):
    """Between missions: a d6 of fortune, on the campaign's dice."""


class FortuneRolled(Event, tag="hexfall.FortuneRolled"):
    value: int


class ShuffleRelics(Command, tag="hexfall.ShuffleRelics"):
    """Between missions: shuffle the relic deck, whose order nobody may know until the reveal."""

    roles: ClassVar[frozenset[str]] = HOST


# -- rules ----------------------------------------------------------------------------------------


def setup(context: Setup) -> SetUpBattle:
    options: Options = context.options
    heroes = [h.strip() for h in options.heroes.split(",") if h.strip()]
    if not 1 <= len(heroes) <= len(STARTS):
        raise RuleError("bad_party", RULES, params={"max": len(STARTS)})
    return SetUpBattle(heroes, [c.strip() for c in options.cards.split(",") if c.strip()])


def decide(state, command, dice, actor, refs) -> list[Event]:  # noqa: ANN001
    game: Game | None = state.game
    if isinstance(command, SetUpBattle):
        if game is not None:
            raise RuleError("battle_set_up", RULES)
        hidden = decks.Deck(DECK, tuple(command.cards), hidden=True)
        return [BattleSetUp(command.heroes, command.cards), decks.shuffle(hidden, dice, purpose=f"shuffle {DECK}", rule=RULES, actor=actor)]
    if game is None or game.outcome is not None:
        raise RuleError("battle_over" if game else "battle_not_set_up", RULES, params={"outcome": game.outcome if game else None})
    if isinstance(command, StartRound):
        if game.phase != "deploy":
            raise RuleError("round_running", RULES, params={"round": game.round})
        return [RoundStarted(1)]
    if isinstance(command, AiActivate):
        return _drone(game, command)
    if isinstance(command, Equip):
        if game.phase != "deploy" or command.unit not in game.units or game.units[command.unit].side != "hero":
            raise RuleError("not_your_turn", RULES, params={"unit": command.unit, "phase": game.phase})
        if len(command.kit) > 2 or not set(command.kit) <= KITS:
            raise RuleError("bad_kit", RULES, params={"kit": command.kit, "known": sorted(KITS)})
        return [Equipped(command.unit, sorted(command.kit))]
    unit = _hero(game, command.unit)
    if isinstance(command, Draw):
        (card,), _ = decks.draw(game.deck, 1, rule=RULES)
        return [CardDrawn(unit.id, card)]
    if isinstance(command, Advance):
        goal = hx.Hex(command.q, command.r)
        route = hx.shortest_path(BOARD, unit.at, goal, occupied=_others(game, unit.id), max_cost=MOVE)
        if route is None:
            raise RuleError("too_far", RULES, params={"unit": unit.id, "move": MOVE, "q": command.q, "r": command.r})
        return [Moved(unit.id, goal.q, goal.r), *_acted(game, unit.id)]
    return _acted(game, unit.id)


def _hero(game: Game, unit_id: str) -> Unit:
    unit = game.units.get(unit_id)
    if unit is None or unit.side != "hero":
        raise RuleError("unknown_unit", RULES, params={"unit": unit_id})
    if game.phase != "heroes" or unit.acted:
        raise RuleError("not_your_turn", RULES, params={"unit": unit_id, "phase": game.phase})
    return unit


def _others(game: Game, unit_id: str) -> frozenset[hx.Hex]:
    return frozenset(u.at for u in game.units.values() if u.id != unit_id)


def _acted(game: Game, unit_id: str) -> list[Event]:
    events: list[Event] = [ActivationEnded(unit_id)]
    if all(u.acted or u.id == unit_id for u in game.units.values() if u.side == "hero"):
        events.append(AiPhaseStarted(game.round))
    return events


def _drone(game: Game, command: AiActivate) -> list[Event]:
    if game.phase != "ai" or command.unit != DRONE or game.units[DRONE].acted:
        raise RuleError("not_your_turn", RULES, params={"unit": command.unit, "phase": game.phase})
    events: list[Event] = []
    if (step := _drone_step(game)) is not None:
        events.append(Moved(DRONE, step.q, step.r))
    events.append(ActivationEnded(DRONE))
    if game.round >= ROUNDS:
        at = step or game.units[DRONE].at
        caught = any(hx.distance(u.at, at) <= 1 for u in game.units.values() if u.side == "hero")
        events.append(MissionDecided("defeat" if caught else "victory"))
    else:
        events.append(RoundStarted(game.round + 1))
    return events


def _drone_step(game: Game) -> hx.Hex | None:
    """Toward the nearest hero (ties: the lowest id), as far as 2 hexes along a free path."""
    drone = game.units[DRONE]
    heroes = sorted((u for u in game.units.values() if u.side == "hero"), key=lambda u: (hx.distance(u.at, drone.at), u.id))
    route = hx.shortest_path(BOARD, drone.at, heroes[0].at, occupied=_others(game, DRONE) - {heroes[0].at})
    if route is None or len(route.cells) < 3:
        return None
    return route.cells[min(DRONE_MOVE, len(route.cells) - 2)]


def ai(state) -> Command | None:  # noqa: ANN001
    game: Game | None = state.game
    if game is None or game.outcome is not None or game.phase != "ai" or game.units[DRONE].acted:
        return None
    return AiActivate(DRONE)


def evolve(game: Game | None, event: Event) -> Game:
    if isinstance(event, BattleSetUp):
        units = {h: Unit(h, "hero", STARTS[i]) for i, h in enumerate(event.heroes)}
        units[DRONE] = Unit(DRONE, "ai", DRONE_START)
        return Game(units, decks.Deck(DECK, tuple(sorted(event.cards)), hidden=True))
    assert game is not None
    replace = msgspec.structs.replace
    if isinstance(event, DiceRolled):  # the hidden deck learns its order from its shuffle
        return replace(game, deck=decks.shuffled(game.deck, event)) if event.deck is not None else game
    if isinstance(event, RoundStarted):
        units = {k: replace(u, acted=False) for k, u in game.units.items()}
        return replace(game, units=units, round=event.round, phase="heroes")
    if isinstance(event, Moved):
        return _unit(game, event.unit, at=hx.Hex(event.q, event.r))
    if isinstance(event, CardDrawn):
        unit = game.units[event.unit]
        game = replace(game, deck=decks.drawn(game.deck, [event.card]))
        return _unit(game, event.unit, hand=(*unit.hand, event.card))
    if isinstance(event, ActivationEnded):
        return _unit(game, event.unit, acted=True)
    if isinstance(event, Equipped):
        return _unit(game, event.unit, kit=tuple(event.kit))
    if isinstance(event, AiPhaseStarted):
        return replace(game, phase="ai")
    if isinstance(event, MissionDecided):
        return replace(game, outcome=event.outcome, phase="over")
    raise AssertionError(f"hexfall has no {type(event).__name__}")


def _unit(game: Game, unit_id: str, **changes) -> Game:
    units = dict(game.units)
    units[unit_id] = msgspec.structs.replace(units[unit_id], **changes)
    return msgspec.structs.replace(game, units=units)


# -- hidden information ---------------------------------------------------------------------------


def view(game: Game | None, viewer: Viewer) -> GameView | None:
    if game is None:
        return None
    over = game.outcome is not None
    units = [
        UnitView(u.id, u.side, u.at, u.acted, u.hand if over or u.id in viewer.units else None, len(u.hand))
        for u in sorted(game.units.values(), key=lambda u: u.id)
    ]
    return GameView(units, len(game.deck.draw_pile), game.round, game.phase, game.outcome)


def visible(event: Event, viewer: Viewer, game: Game | None) -> Event | None:
    if isinstance(event, CardDrawn) and event.unit not in viewer.units and (game is None or game.outcome is None):
        return msgspec.structs.replace(event, card=None)
    return event


# -- campaign -------------------------------------------------------------------------------------


def carry_out(game: Game) -> list[UnitReport]:
    return [UnitReport(u.id, u.id, items=list(u.hand)) for u in game.units.values() if u.side == "hero"]


def campaign_evolve(renown: Renown, event: Event) -> Renown:
    if isinstance(event, MissionConcluded):
        return msgspec.structs.replace(renown, missions=renown.missions + 1, victories=renown.victories + (event.result == "victory"))
    if isinstance(event, FortuneRolled):
        return msgspec.structs.replace(renown, fortune=renown.fortune + event.value)
    return renown


RELICS = ("amulet", "banner", "crown", "dagger")


def campaign_decide(renown: Renown, command: Command, dice, actor: str) -> list[Event]:  # noqa: ANN001
    if isinstance(command, ShuffleRelics):
        return [decks.shuffle(decks.Deck("relics", RELICS, hidden=True), dice, purpose="shuffle relics", rule=RULES, actor=actor)]
    roll = dice.roll([6], purpose="fortune", rule=RULES, actor=actor)
    return [roll, FortuneRolled(roll.results[0])]


SYSTEM = GameSystem(
    name=NAME,
    title="Hexfall (a test system)",
    versions=("1",),
    commands=COMMANDS,
    events=EVENTS,
    options=Options,
    setup=setup,
    state=Game | None,
    decide=decide,
    evolve=evolve,
    follows=(DiceRolled,),
    outcome=lambda game: game.outcome,
    ai_wakes=(AiPhaseStarted,),
    ai=ai,
    ai_key=lambda state, command: f"{state.game.round}:{command.unit}",
    view=view,
    visible=visible,
    campaign_initial=Renown,
    campaign_state=Renown,
    campaign_evolve=campaign_evolve,
    campaign_events=(FortuneRolled,),
    campaign_commands=(RollFortune, ShuffleRelics),
    campaign_decide=campaign_decide,
    campaign_view=lambda renown, viewer: renown,
    carry_out=carry_out,
    words="tests.systems.hexfall.words",
)
