"""Spell tokens gained at the start of each round (star-quest.en.md "Caster(X)"; star-quest.de.md
"SONDERREGELN", Zauberer(X)). Kept apart from casting.py so the round flow can call it without
importing the activation modules."""

from __future__ import annotations

from domain.systems.starquest import events as ev
from domain.systems.starquest.resolution import Resolution

#: A caster never holds more tokens than this; what would go past it is lost.
MAX_TOKENS = 6


def gain(res: Resolution) -> None:
    """Every caster on the table (heroes and AI units, new arrivals included) gains its X tokens."""
    battle = res.battle
    for unit in sorted(battle.units.values(), key=lambda u: u.id):
        per_round = battle.profile(unit).caster
        if not per_round or not unit.on_table:
            continue
        amount = min(per_round, MAX_TOKENS - unit.spell_tokens)
        if amount > 0:
            res.emit(ev.SpellTokensChanged(unit.id, amount, f"round {battle.round}"))
