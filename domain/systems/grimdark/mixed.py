"""A unit whose models do not all have a rule: a hero joined to a unit, with rules of its own
(grimdark-future-1.5.md#Unit Types, Heroes). The file says only that Defense and Morale rolls use
the value most models have; our reading carries that to the rules each roll uses, and says for the
others how the unit counts (docs/grimdark-future-rules-notes.md, Units deployed as one).

Rules not in the table are the host's (Scout, Ambush, Transport: the unit deploys and carries as
the host does); Tough, Psychic, Impact and Furious are each model's own, read where they act."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

#: How a rule some of the unit's models have counts for the unit:
#: "majority": as #Unit Types reads Defense and Morale, what more than half the models have, else
#: the host's (Fearless changes the morale roll, Regeneration the wounds after the Defense roll);
#: "all": only when every model has it (the unit moves and hides as one: Fast, Strider, Flying,
#: Stealth); "any": when one model has it (Slow holds the unit back, Fear is the hero's dread).
MIXED = {
    "Fearless": "majority",
    "Regeneration": "majority",
    "Fast": "all",
    "Strider": "all",
    "Flying": "all",
    "Stealth": "all",
    "Slow": "any",
    "Fear": "any",
}


def unit_rule(name: str, host: int | bool, models: Sequence[int | bool]) -> int | bool:
    """The rule `name` of a unit whose models have `models` (each model's X, True, or False)."""
    how = MIXED.get(name)
    if how is None or not models:
        return host
    if how == "all":
        return models[0] if all(models) else False
    if how == "any":
        return next((v for v in models if v), False)
    value, count = Counter(bool(v) for v in models).most_common(1)[0]
    if 2 * count > len(models):
        return next((v for v in models if v), False) if value else False
    return host
