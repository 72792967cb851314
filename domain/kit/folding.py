"""An `evolve` made of one handler per event type: the set-up event starts the state, every other
event goes to its type's handler, and an event a system has no handler for is a bug, said at once."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

S = TypeVar("S")


def folder(system: str, set_up: type, start: Callable[[Any], S], handlers: Mapping[type, Callable[[S, Any], S]]) -> Callable[[S | None, Any], S]:
    """The evolve function of `system`: `start(event)` for its `set_up` event, else the handler."""

    def evolve(state: S | None, event: Any) -> S:
        if isinstance(event, set_up):
            return start(event)
        assert state is not None, f"{system}: {type(event).__name__} before its set-up"
        handler = handlers.get(type(event))
        if handler is None:
            raise AssertionError(f"{system} has no {type(event).__name__}")
        return handler(state, event)

    return evolve
