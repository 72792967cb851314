"""domain/kit/folding.py: an evolve of one handler per event type."""

from __future__ import annotations

import pytest

from domain.kit.folding import folder


class Started:
    pass


class Counted:
    pass


class Stray:
    pass


def test_the_set_up_starts_the_state_each_event_its_handler_and_a_stray_event_is_a_bug():
    evolve = folder("counter", Started, lambda event: 0, {Counted: lambda state, event: state + 1})
    assert evolve(evolve(evolve(None, Started()), Counted()), Counted()) == 2
    with pytest.raises(AssertionError, match="counter has no Stray"):
        evolve(0, Stray())
    with pytest.raises(AssertionError, match="counter: Counted before its set-up"):
        evolve(None, Counted())


def test_the_set_up_and_each_handler_receive_the_event_itself():
    """A state is built from what the event says, not only from its type."""

    class Numbered:
        def __init__(self, value: int) -> None:
            self.value = value

    class Added:
        def __init__(self, value: int) -> None:
            self.value = value

    evolve = folder("counter", Numbered, lambda event: event.value, {Added: lambda state, event: state + event.value})
    assert evolve(evolve(None, Numbered(5)), Added(3)) == 8
