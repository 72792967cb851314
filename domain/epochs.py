"""A stream's dice epochs (design.md#Dice): the commitment, the client seed's parts, the next
nonce, whether the seed was revealed and its rolls re-computed. Missions and campaigns both
roll provable dice, so both fold their epochs with these functions."""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

from domain import dice as fair
from domain import limits
from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import (
    ClientSeedContributed,
    DiceRolled,
    EpochStarted,
    EpochVerified,
    SeedRevealed,
)

S = TypeVar("S")
DICE = "design.md#Dice"


class Epoch(msgspec.Struct, frozen=True):
    number: int
    commitment: str
    client_seed_parts: tuple[str, ...]
    next_nonce: int = 0
    rolled: bool = False
    revealed: bool = False
    #: Re-computed by the worker and every roll matched; `mismatches` names the rolls that did not.
    verified: bool = False
    mismatches: tuple[int, ...] = ()

    @property
    def checked(self) -> bool:
        return self.verified or bool(self.mismatches)

    @property
    def client_seed(self) -> str:
        return fair.effective_client_seed(self.client_seed_parts)


def dice_box(epoch: Epoch, *, server_seed: bytes | None, fresh_seed: bytes | None, manual_faces: list[int] | None = None, rolled: type[DiceRolled] = DiceRolled) -> DiceBox:
    """The dice of an epoch, for one decision."""
    return DiceBox(
        epoch=epoch.number,
        client_seed=epoch.client_seed,
        next_nonce=epoch.next_nonce,
        server_seed=server_seed,
        manual_faces=manual_faces,
        fresh_seed=fresh_seed,
        rolled=rolled,
    )


def with_epoch(state: S, epoch: Epoch) -> S:
    """`state` (any Struct with `epochs`) with one epoch replaced."""
    epochs = state.epochs  # type: ignore[attr-defined]
    if epochs and epochs[-1].number == epoch.number:
        # The current epoch (every roll changes it): epochs are numbered 0, 1, 2, ... in log
        # order, so it is the only one with its number; no scan (README.md#performance).
        return msgspec.structs.replace(state, epochs=(*epochs[:-1], epoch))
    return msgspec.structs.replace(state, epochs=tuple(epoch if e.number == epoch.number else e for e in epochs))


def started(state: S, event: EpochStarted) -> S:
    epoch = Epoch(event.epoch, event.commitment, (event.client_seed,))
    return msgspec.structs.replace(state, epochs=(*state.epochs, epoch))  # type: ignore[attr-defined]


def contributed(state: S, event: ClientSeedContributed) -> S:
    epoch = state.epochs[-1]  # type: ignore[attr-defined]
    return with_epoch(state, msgspec.structs.replace(epoch, client_seed_parts=(*epoch.client_seed_parts, event.contribution)))


def rolled(state: S, event: DiceRolled) -> S:
    epoch = state.epochs[-1]  # type: ignore[attr-defined]
    next_nonce = epoch.next_nonce if event.nonce is None else event.nonce + 1
    return with_epoch(state, msgspec.structs.replace(epoch, next_nonce=next_nonce, rolled=True))


def revealed(state: S, event: SeedRevealed) -> S:
    epoch = _numbered(state, event.epoch)
    return with_epoch(state, msgspec.structs.replace(epoch, revealed=True))


def verified(state: S, event: EpochVerified) -> S:
    epoch = _numbered(state, event.epoch)
    return with_epoch(state, msgspec.structs.replace(epoch, verified=not event.mismatches, mismatches=tuple(event.mismatches)))


def _numbered(state: Any, number: int) -> Epoch:
    return next(e for e in state.epochs if e.number == number)


def check_contribution(contribution: str, epoch: Epoch | None, field: str = "contribution") -> None:
    """A part of an epoch's client seed (design.md#Dice step 2), a mission's or a campaign's:
    short, not empty, and given before the epoch's first roll (`epoch`: None for one that opens
    with it)."""
    limits.check_text(field, contribution)
    if not contribution:
        raise RuleError("empty_contribution", DICE, params={}, field=field)
    if epoch is not None and epoch.rolled:
        raise RuleError("client_seed_locked", DICE, params={"epoch": epoch.number})
