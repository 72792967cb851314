"""The table: no rules but the dice tray, for groups playing a game we do not model."""

from __future__ import annotations

from domain.contract import GameSystem

#: Free notes about the game being played ({"game": "..."}): the tray keeps them, reads none.
Notes = dict[str, str]

SYSTEM = GameSystem(name="table", title="Any game: table dice tray only", versions=("1",), options=Notes)
