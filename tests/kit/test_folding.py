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
