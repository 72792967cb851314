"""Objects an app makes on first use and keeps in its state: they create their tables in the
store, so not at start-up, and they are made once even when the first requests race."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

from litestar import Request

from service.store import EventStore

T = TypeVar("T")
_making = threading.Lock()


def kept(request: Request, name: str, make: Callable[[EventStore], T]) -> T:
    state: Any = request.app.state
    with _making:
        if state.get(name) is None:
            setattr(state, name, make(state.ledger.store))
    return state.get(name)
