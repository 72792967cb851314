"""The Precipice's trading step (blackstone-fortress.md#PRECIPICE, 3. Trading step): each
spacecraft's resource deck shuffled hidden on the campaign's dice and its top three cards laid
out, then the explorers of the expedition in leader order, each waited for as a pending choice:
one spacecraft visited, archeotech converted into trading points (+1 on its own ship, and the
points of the trading_point cards it holds, used up by the visit), resource cards bought, the
points left over lost."""

from __future__ import annotations

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.kit import choices, decks
from domain.systems.blackstone import precipice_cards
from domain.systems.blackstone.content import PlayCard
from domain.systems.blackstone.quest import Quest
from domain.systems.blackstone.quest_messages import ResourcesLaidOut, Trade, Traded, TradingBegun, TradingEnded, TradingTurn
from domain.systems.blackstone.versions import rule

TRADING = rule("PRECIPICE")
LAID_OUT = 3
#: The option of an explorer who visits no spacecraft.
STAY = "stay"


def begin(quest: Quest, dice: DiceBox, actor: str, order_given: list[str] | None = None) -> list[Event]:
    """After the legacy step of the last expedition: the decks laid out, the first explorer waited for."""
    if quest.trading is not None:
        raise RuleError("trading_under_way", TRADING, params={"expedition": quest.trading.expedition})
    last = quest.in_order()[-1] if quest.expeditions else None
    if quest.outcome is not None or last is None or not last.legacy_drawn or last.traded:
        raise RuleError("no_trading_step_due", TRADING)
    order = leader_order(quest, last.explorers, order_given or [])
    if not order:
        return [TradingEnded(last.mission_id)]
    events: list[Event] = []
    for ship in sorted(quest.spacecraft):
        deck = decks.Deck(f"resources:{ship}", quest.resources[ship], hidden=True)
        if deck.draw_pile:
            shuffle = decks.shuffle(deck, dice, purpose=f"shuffle the resource deck of {ship}", rule=TRADING, actor=actor)
            deck = decks.shuffled(deck, shuffle)
            events.append(shuffle)
        cards = deck.draw_pile[:LAID_OUT]
        events.append(ResourcesLaidOut(ship, list(cards)))
    return [*events, TradingBegun(last.mission_id, order, _turn(quest, order[0]))]


def leader_order(quest: Quest, explorers: tuple[str, ...], given: list[str]) -> list[str]:
    """The living explorers of the expedition in leader order: as given (each once, all of
    them), or as they set out."""
    alive = [x for x in explorers if not quest.explorers[x].dead]
    if not given:
        return alive
    if sorted(given) != sorted(alive):
        raise RuleError("not_the_leader_order", TRADING, params={"order": given, "explorers": alive})
    return list(given)


def trade(quest: Quest, command: Trade) -> list[Event]:
    """The explorer whose turn it is trades; the next one is waited for, or the step ends."""
    step = quest.trading
    if step is None:
        raise RuleError("no_trading_step", TRADING, params={"explorer": command.explorer})
    choices.check_answer(step.pending, command.explorer, command.spacecraft or STAY, rule=TRADING, kind="trade")
    if not command.spacecraft and (command.convert or command.buy):
        raise RuleError("trade_without_spacecraft", TRADING, params={"explorer": command.explorer})
    held = [c for c in quest.explorers[command.explorer].discoveries if c in quest.archeotech]
    if len(set(command.convert)) != len(command.convert) or set(command.convert) - set(held):
        raise RuleError("archeotech_not_held", TRADING, params={"explorer": command.explorer, "cards": command.convert, "held": held})
    laid = step.laid_out.get(command.spacecraft, ())
    if len(set(command.buy)) != len(command.buy) or set(command.buy) - set(laid):
        raise RuleError("resource_not_laid_out", TRADING, params={"spacecraft": command.spacecraft, "cards": command.buy, "laid_out": list(laid)})
    bonus = 1 if command.spacecraft and quest.ships.get(command.explorer) == command.spacecraft else 0
    credits = credit_cards(quest, command)
    credit = sum(c.effect.amount for c in credits)
    points = sum(quest.archeotech[c] for c in command.convert) + bonus + credit
    costs = {r.id: r.cost for r in quest.spacecraft[command.spacecraft].resources} if command.spacecraft else {}
    spent = sum(costs[c] for c in command.buy)
    if spent > points:
        raise RuleError("not_enough_trading_points", TRADING, params={"points": points, "bonus": bonus, "credit": credit, "cost": spent})
    traded = Traded(command.explorer, command.spacecraft, list(command.convert), list(command.buy), points, spent, points - spent, [c.id for c in credits])
    rest = step.order[step.order.index(command.explorer) + 1 :]
    return [traded, TradingTurn(_turn(quest, rest[0])) if rest else TradingEnded(step.expedition)]


def credit_cards(quest: Quest, command: Trade) -> list[PlayCard]:
    """#RESOURCE CARDS, read for #PRECIPICE, 3. Trading step: the trading_point cards the
    explorer holds count on its visit to a spacecraft, every one of them, and are discarded by it
    (back into their spacecraft's deck); one that visits none keeps them for its next visit. A
    card bought on this visit is not held yet: it counts on the next one."""
    return precipice_cards.of_kind(quest, command.explorer, "trading_point") if command.spacecraft else []


def _turn(quest: Quest, explorer: str) -> choices.PendingChoice:
    return choices.open_choice(explorer, "trade", [*quest.spacecraft, STAY])
