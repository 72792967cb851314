"""What a resource or stronghold artefact card may do (blackstone-fortress.md#RESOURCE CARDS):
the closed list of kinds (docs/blackstone-content-format.md, "Resource and artefact card
effects"), checked at load, and the permanent cards' bonuses to a roll or an action. Using a
card is card_play.py's (in a combat) or recovery_cards.py's (in the recovery step)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from domain.systems.blackstone import events as ev
from domain.systems.blackstone.content import ActionDie, PlayCard
from domain.systems.blackstone.state import Battle, Track

DISCARDED, EXHAUSTED, PERMANENT = "discarded", "exhausted", "permanent"
#: When a card that is not permanent is used: in its holder's combat activation (`UseCard`),
#: in the recovery step of an exploration round (`UseRecoveryCard`) or by the server itself at
#: the Precipice's trading step (trading.py, when its holder visits a spacecraft).
COMBAT, RECOVERY, PRECIPICE = "combat", "recovery", "precipice"
#: A permanent card used once an expedition in the exploration step (`LookAhead`, peeking.py).
EXPLORATION = "exploration"


class Kind(NamedTuple):
    #: The uses a card of this kind may have.
    uses: tuple[str, ...]
    #: It reads `amount` (then at least 1).
    amount: bool
    #: When it is used (permanent kinds: never, their bonus always counts).
    step: str = COMBAT


#: kind -> which uses it fits, whether it reads an amount, and when it is used.
KINDS: dict[str, Kind] = {
    # Nothing the server plays: the table reads the text; using it only discards or exhausts it.
    "none": Kind((DISCARDED, EXHAUSTED, PERMANENT), False),
    # `amount` wounds (not grievous ones) off the holder's card.
    "heal": Kind((DISCARDED, EXHAUSTED), True),
    # `amount` inspiration points (4 at most, #INSPIRATION).
    "inspiration": Kind((DISCARDED, EXHAUSTED), True),
    # The holder's next attack this activation rolls `amount` more dice.
    "extra_dice": Kind((DISCARDED, EXHAUSTED), True),
    # The holder's next attack this activation re-rolls up to `amount` failed dice, for free.
    "reroll": Kind((DISCARDED, EXHAUSTED), True),
    # `amount` wounds (not grievous ones) off an explorer next to one of the holder's miniatures.
    "heal_ally": Kind((DISCARDED, EXHAUSTED), True),
    # A hostile next to one of the holder's miniatures goes one hex further away.
    "push": Kind((DISCARDED, EXHAUSTED), False),
    # In the recovery step: one more vitality roll for the holder, at once.
    "vitality_roll": Kind((DISCARDED,), False, RECOVERY),
    # At the Precipice's trading step: `amount` more trading points when the holder visits a spacecraft.
    "trading_point": Kind((DISCARDED,), True, PRECIPICE),
    # Permanent, once an expedition in the exploration step: the holder's player alone sees the next exploration card.
    "peek_exploration": Kind((PERMANENT,), False, EXPLORATION),
    # Permanent: each attack of the holder at `min_range` to `max_range` hexes rolls `amount` more dice.
    "attack_dice": Kind((PERMANENT,), True),
    # Permanent: the holder's attacks at `min_range` to `max_range` hexes ignore cover.
    "ignore_cover": Kind((PERMANENT,), False),
    # Permanent: the holder's weapon actions need an activation die `amount` lower (1 at least).
    "cheaper_weapons": Kind((PERMANENT,), True),
    # Permanent: the holder's defence rolls use the action die `amount` sizes larger.
    "defence_die": Kind((PERMANENT,), True),
    # Permanent: the holder's vitality rolls use the action die `amount` sizes larger.
    "vitality_die": Kind((PERMANENT,), True),
    # Permanent: the holder's recovery roll in the recovery step counts `amount` grievous wounds fewer.
    "recovery_roll": Kind((PERMANENT,), True),
    # Permanent: a hostile whose attack at 1 hex wounds the holder (still in action) suffers `amount` wounds.
    "retaliate": Kind((PERMANENT,), True),
}


def problems(card: PlayCard) -> list[tuple[str, str]]:
    """What is wrong with a card's effect: (field under the card, problem) pairs."""
    spec = KINDS.get(card.effect.kind)
    if spec is None:
        return [("effect.kind", f"unknown effect kind {card.effect.kind!r}; known: {sorted(KINDS)}")]
    found = []
    if card.use not in spec.uses:
        found.append(("use", f"effect kind {card.effect.kind!r} needs a card that is {' or '.join(spec.uses)}, not {card.use}"))
    if spec.amount and card.effect.amount < 1:
        found.append(("effect.amount", f"effect kind {card.effect.kind!r} needs an amount of at least 1"))
    if not 0 <= card.effect.die <= 6:
        found.append(("effect.die", f"an activation die cost is 0 (none) to 6, not {card.effect.die}"))
    if card.effect.min_range < 0 or card.effect.max_range < 0:
        found.append(("effect.min_range", "ranges are 0 (no limit) or more hexes"))
    return found


def permanent(cards: Mapping[str, PlayCard], held: Sequence[str], kind: str) -> list[PlayCard]:
    """The permanent cards of `kind` among those held, in the order held."""
    found = (cards.get(key) for key in held)
    return [c for c in found if c is not None and c.use == PERMANENT and c.effect.kind == kind]


def in_range(card: PlayCard, hexes: int) -> bool:
    return hexes >= card.effect.min_range and (not card.effect.max_range or hexes <= card.effect.max_range)


def applied(unit: str, cards: list[PlayCard]) -> list[ev.CardApplied]:
    return [ev.CardApplied(unit, c.id, c.effect.kind, c.effect.amount) for c in cards]


def attack_bonus(battle: Battle, track: Track, hexes: int) -> list[ev.CardApplied]:
    """The permanent cards whose extra attack dice fit an attack at `hexes` (in the order held)."""
    return applied(track.id, [c for c in permanent(battle.cards, track.cards, "attack_dice") if in_range(c, hexes)])


def cover_ignored(battle: Battle, track: Track, hexes: int) -> list[ev.CardApplied]:
    """The permanent cards that take cover away from an attack at `hexes` (#ATTACKS, Cover)."""
    return applied(track.id, [c for c in permanent(battle.cards, track.cards, "ignore_cover") if in_range(c, hexes)])


def weapon_cost(battle: Battle, track: Track, cost: int) -> tuple[int, list[ev.CardApplied]]:
    """A weapon action's activation die cost with the holder's cheaper_weapons cards (never
    under 1), and the cards that lowered it (none when it costs 1 already)."""
    cards = permanent(battle.cards, track.cards, "cheaper_weapons")
    if cost <= 1 or not cards:
        return cost, []
    return max(1, cost - sum(c.effect.amount for c in cards)), applied(track.id, cards)


def retaliation(battle: Battle, track: Track) -> list[PlayCard]:
    """The permanent cards that wound back a hostile hitting the holder at 1 hex."""
    return permanent(battle.cards, track.cards, "retaliate")


def larger_die(action_dice: Sequence[ActionDie], name: str, steps: int) -> str:
    """The action die `steps` sizes larger than `name` among the pack's (by sides); the largest
    stays the largest. `name` is one of the pack's: a pack naming another is refused at load."""
    sizes = sorted(action_dice, key=lambda d: (d.sides, d.name))
    names = [d.name for d in sizes]
    return names[min(names.index(name) + steps, len(names) - 1)]


def sized_die(action_dice: Sequence[ActionDie], cards: Mapping[str, PlayCard], unit: str, held: Sequence[str], kind: str, die: str) -> tuple[str, list[ev.CardApplied]]:
    """A defence or vitality roll's die with the holder's permanent `kind` cards (defence_die,
    vitality_die), and the cards that made it larger."""
    found = permanent(cards, held, kind)
    if not found:
        return die, []
    return larger_die(action_dice, die, sum(c.effect.amount for c in found)), applied(unit, found)


def recovery_eased(cards: Mapping[str, PlayCard], unit: str, held: Sequence[str]) -> list[ev.CardApplied]:
    """The permanent cards that count grievous wounds fewer on the holder's recovery roll."""
    return applied(unit, permanent(cards, held, "recovery_roll"))
