"""What each reader sees of a Ruinstars mission (design.md#Hash chain, hidden information): all
of it. The rules keep nothing secret: squads are fielded openly, every die (TO dice, attacks,
saves, initiative) is rolled on the table, and the Bugs follow a public list. The view adds, for
a reader, each unit's card stats beside its state and whose activation it is."""

from __future__ import annotations

import msgspec

from domain.contract import Viewer
from domain.systems.ruinstars import skills
from domain.systems.ruinstars.state import Game, Model


class UnitLine(msgspec.Struct, frozen=True):
    """A unit or item as a player reads it (ruinstars-2e.md#UNIT STATS): `act` the card's ACT,
    `act_left` what its activation has left; `hit` now of `hit_max`; status ready, activated or
    taken_out."""

    id: str
    card: str
    squad: str
    act: int
    act_left: int
    arm: int
    hit: int
    hit_max: int
    status: str
    item: bool


class Activation(msgspec.Struct, frozen=True):
    """Whose activation it is: the squad that is up and its activating unit (empty: none yet);
    `waiting_for`: the squad a roll in flight or a pending choice waits for (empty: none)."""

    squad: str
    unit: str
    waiting_for: str


class GameView(Game, frozen=True):
    """The game state with the reader's lines: every unit and the activation; `orders` (the TO
    each squad has left) is the state's own."""

    lines: tuple[UnitLine, ...] = ()
    activation: Activation | None = None


def view(game: Game | None, _viewer: Viewer) -> GameView | None:
    if game is None:
        return None
    waiting = game.roll.squad if game.roll else game.pending.who if game.pending else ""
    return GameView(
        **msgspec.structs.asdict(game),
        lines=tuple(_line(game, m) for m in game.models.values()),
        activation=Activation(game.up, game.active, waiting),
    )


def _line(game: Game, model: Model) -> UnitLine:
    """Items have no ACT; a unit's HIT at most is its card's, +1 with the Leader skill. A unit's
    ACT left is 0 outside its activation (the fold sets it when it activates and clears it when
    the activation ends or the unit is Taken Out)."""
    if model.item:
        item = game.items[model.card]
        return UnitLine(model.id, model.card, model.squad, 0, 0, item.arm, model.hit, item.hit, model.status, True)
    card = game.cards[model.card]
    return UnitLine(
        model.id, model.card, model.squad, card.act, model.act, card.arm, model.hit, skills.hit(card), model.status, False
    )
