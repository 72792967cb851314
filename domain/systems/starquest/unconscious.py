"""Waking an unconscious hero (star-quest.en.md#Shooting, Unconscious): the wounds it gets back,
whether a hero revives it in play (skills.revive) or the campaign wakes it between missions
(carry.wounds_kept)."""

from __future__ import annotations

#: Wounds restored to a revived hero.
REVIVE_HEALS = 3
