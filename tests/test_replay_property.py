"""Invariants of the pure mission decider under random command sequences (hypothesis)."""

from __future__ import annotations

import hashlib

from hypothesis import given, settings
from hypothesis import strategies as st

from domain import mission
from domain.commands import ContributeClientSeed, RollDice, RotateSeed, Shuffle
from domain.errors import RuleError
from domain.events import DiceRolled, EpochStarted

commands = st.lists(
    st.one_of(
        st.builds(RollDice, st.sampled_from(["d6", "3d6", "2d20+1", "d3", "d100", "0d6", "d1"]), st.just("p")),
        st.builds(ContributeClientSeed, st.text(min_size=1, max_size=8)),
        st.builds(Shuffle, st.lists(st.text(max_size=2), min_size=2, max_size=8), st.just("deck")),
        st.just(RotateSeed()),
    ),
    max_size=40,
)


def _seed(n: int) -> bytes:
    return hashlib.sha256(n.to_bytes(4, "big")).digest()


@settings(max_examples=60, deadline=None)
@given(commands)
def test_replaying_the_log_always_gives_the_same_state(sequence):
    seeds = {}
    events = mission.create(
        mission_id="m", campaign_id="c", name="n", system="table", rules_version=None,
        dice_mode="server", client_seed="s", options={}, fresh_seed=_seed(0),
    )  # fmt: skip
    seeds[events[1].commitment] = _seed(0)
    state = None
    for event in events:
        state = mission.evolve(state, event)
    for n, command in enumerate(sequence, start=1):
        box = mission.dice_box_for(state, server_seed=seeds[state.epoch.commitment], fresh_seed=_seed(n), manual_faces=None)
        try:
            new = mission.decide(state, command, box, "ann")
        except RuleError:
            continue  # refused: nothing to apply
        for event in new:
            if isinstance(event, EpochStarted):
                seeds[event.commitment] = _seed(n)
            state = mission.evolve(state, event)
        events += new

    replayed = None
    for event in events:
        replayed = mission.evolve(replayed, event)
    assert replayed == state
    assert state.version == len(events)
    by_epoch: dict[int, list[int]] = {}
    for event in events:
        if isinstance(event, DiceRolled):
            by_epoch.setdefault(event.epoch, []).append(event.nonce)
            assert all(1 <= f <= s for f, s in zip(event.faces, event.sides))
    assert all(nonces == list(range(len(nonces))) for nonces in by_epoch.values())
