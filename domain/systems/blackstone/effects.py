"""The closed list of what an expedition card may do (docs/blackstone-content-format.md,
"Card effects"): every kind the engine plays, where a card may carry it and the fields it reads.

A card's text is the table's; its `effects` are what the server applies. A pack naming a kind
not listed here, or one in the wrong place, is refused at load (loading.py), so no card ever
holds an effect the engine would not play.
"""

from __future__ import annotations

from typing import NamedTuple

CHALLENGE, LEGACY = "challenge_cards", "legacy_cards"
#: The decks a legacy card may take a card out of, for later expeditions: deck -> the content
#: section holding its cards.
DECKS = {"challenge": "challenge_cards", "combat": "combat_cards", "discovery": "discovery_cards", "encounter": "encounter_cards"}


class Kind(NamedTuple):
    #: The card sections that may carry it.
    places: tuple[str, ...]
    #: The effect's fields it reads (besides `kind`); `amount` is then at least 1.
    needs: tuple[str, ...]


#: kind -> where and what. Challenge effects act in the exploration step (blackstone-fortress.md
#: #EXPLORATION ROUNDS), on every explorer in leader order; legacy effects hold for every later
#: expedition (#PRECIPICE, 2. Legacy step).
KINDS: dict[str, Kind] = {
    # Nothing the server plays: the card's text is the table's.
    "none": Kind((CHALLENGE, LEGACY), ()),
    # Each explorer makes an agility roll (#AGILITY ROLLS); a failure suffers `amount` wounds.
    "agility_or_wounds": Kind((CHALLENGE,), ("amount",)),
    # Each explorer makes an agility roll; a success draws `amount` discovery cards.
    "agility_for_discovery": Kind((CHALLENGE,), ("amount",)),
    # Each explorer suffers `amount` wounds, no roll.
    "wounds_each": Kind((CHALLENGE,), ("amount",)),
    # Each explorer gains `amount` inspiration points (#INSPIRATION: 4 at most).
    "inspiration_each": Kind((CHALLENGE,), ("amount",)),
    # Hostiles of kind `hostile` have `amount` more wounds.
    "hostile_extra_wounds": Kind((LEGACY,), ("hostile", "amount")),
    # Hostiles of kind `hostile` move `amount` hexes further.
    "hostile_extra_move": Kind((LEGACY,), ("hostile", "amount")),
    # Hostiles of kind `hostile` gain the special rule `rule` (hostile_rules.py).
    "hostile_rule": Kind((LEGACY,), ("hostile", "rule")),
    # Card `card` of deck `deck` is out of every later expedition.
    "remove_card": Kind((LEGACY,), ("deck", "card")),
    # Each explorer starts every expedition with `amount` wounds.
    "start_wounds": Kind((LEGACY,), ("amount",)),
    # Each explorer starts every expedition with `amount` inspiration points.
    "start_inspiration": Kind((LEGACY,), ("amount",)),
}


def problems(kind: str, place: str, fields: dict[str, object]) -> list[tuple[str, str]]:
    """What is wrong with one effect in section `place`: (field, problem) pairs, the field
    relative to the effect. `fields` are the effect's fields as written."""
    spec = KINDS.get(kind)
    if spec is None:
        return [("kind", f"unknown effect kind {kind!r}; known: {sorted(KINDS)}")]
    if place not in spec.places:
        return [("kind", f"effect kind {kind!r} is not for {place}; it may be on: {list(spec.places)}")]
    found = []
    for name in spec.needs:
        if name == "amount" and int(fields.get("amount") or 0) < 1:
            found.append(("amount", f"effect kind {kind!r} needs an amount of at least 1"))
        elif not fields.get(name):  # an amount of 1 or more is never falsy
            found.append((name, f"effect kind {kind!r} needs {name}"))
    return found
