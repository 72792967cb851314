"""The table: no rules but the dice tray, for groups playing a game we do not model."""

from __future__ import annotations

from domain.systems import GameSystem

SYSTEM = GameSystem(
    name="table",
    title="Any game: table dice tray only",
    versions=("1",),
    initial=lambda version, options: None,
)
