"""Caps on everything a command stores (README.md#limits).

The domain checks them whichever way a command arrives (its own endpoint, `POST .../commands`,
the worker, an import of commands); the HTTP bodies declare the same numbers, so the OpenAPI
document shows them as `maxLength`/`maxItems` and a body past one is a 400 naming the field.
"""

from __future__ import annotations

from collections.abc import Sized

from domain.errors import RuleError

RULE = "README.md#limits"
#: Free text a command stores: purposes, reasons, notes, outcomes, client seeds and their
#: contributions, dice notation, a deck's cards, idempotency keys.
MAX_TEXT = 200
#: Campaign and mission names.
MAX_TITLE = 120
#: The host's and the members' names, unit names.
MAX_NAME = 80
#: Units one player commands.
MAX_UNITS = 100
#: Cards one shuffle orders.
MAX_DECK = 1000
#: Physical dice typed in with one request.
MAX_FACES = 200
#: A mission's options: how many, and the length of a name and of a value.
MAX_OPTIONS = 32
MAX_OPTION_NAME = 40
MAX_OPTION_VALUE = 400


def check_text(field: str, value: str, limit: int = MAX_TEXT) -> None:
    if len(value) > limit:
        raise RuleError("text_too_long", RULE, params={"field": field, "max": limit}, field=field)


def check_count(field: str, items: Sized, limit: int) -> None:
    if len(items) > limit:
        raise RuleError("too_many", RULE, params={"field": field, "max": limit}, field=field)


def check_options(options: dict[str, str]) -> None:
    check_count("options", options, MAX_OPTIONS)
    for name, value in options.items():
        check_text("options", name, MAX_OPTION_NAME)
        check_text(f"options.{name}", value, MAX_OPTION_VALUE)
