"""What a resource or stronghold artefact card may do (blackstone-fortress.md#RESOURCE CARDS):
the closed list of kinds (docs/blackstone-content-format.md, "Resource and artefact card
effects"), checked at load, and the permanent cards' bonus to a roll. Using a card is
card_play.py's."""

from __future__ import annotations

from typing import NamedTuple

from domain.systems.blackstone import events as ev
from domain.systems.blackstone.content import PlayCard
from domain.systems.blackstone.state import Battle, Track

DISCARDED, EXHAUSTED, PERMANENT = "discarded", "exhausted", "permanent"


class Kind(NamedTuple):
    #: The uses a card of this kind may have.
    uses: tuple[str, ...]
    #: It reads `amount` (then at least 1).
    amount: bool


#: kind -> which uses it fits and whether it reads an amount.
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
    # Permanent: each attack of the holder at `min_range` to `max_range` hexes rolls `amount` more dice.
    "attack_dice": Kind((PERMANENT,), True),
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


def attack_bonus(battle: Battle, track: Track, hexes: int) -> list[ev.CardApplied]:
    """The permanent cards whose extra attack dice fit an attack at `hexes` (in the order held)."""
    applied = []
    for key in track.cards:
        card = battle.cards.get(key)
        if card is None or card.use != PERMANENT or card.effect.kind != "attack_dice":
            continue
        effect = card.effect
        if hexes >= effect.min_range and (not effect.max_range or hexes <= effect.max_range):
            applied.append(ev.CardApplied(track.id, card.id, effect.kind, effect.amount))
    return applied
