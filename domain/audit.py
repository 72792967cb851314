"""The audit document (design.md#Dice, audit format) and its independent re-computation."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from domain import dice
from domain.chain import Recorded
from domain.events import ClientSeedContributed, DiceRolled, EpochStarted, SeedRevealed


class AuditRoll(msgspec.Struct, frozen=True):
    nonce: int | None
    sides: list[int]
    faces: list[int]
    source: str
    purpose: str
    event: str
    rule: str = ""
    actor: str = ""
    results: list[int] | None = None
    replaces: int | None = None
    deck: list[str] | None = None
    order: list[str] | None = None


class AuditEpoch(msgspec.Struct, frozen=True):
    epoch: int
    commitment: str
    server_seed: str | None
    client_seed: str
    rolls: list[AuditRoll]


class AuditDocument(msgspec.Struct, frozen=True):
    algorithm: str
    epochs: list[AuditEpoch]


class RollProblem(msgspec.Struct, frozen=True):
    epoch: int
    event: str
    problem: str


class AuditReport(msgspec.Struct, frozen=True):
    ok: bool
    epochs_revealed: int
    epochs_unrevealed: int
    rolls_checked: int
    manual_rolls: int
    problems: list[RollProblem]


def build(records: Iterable[Recorded]) -> AuditDocument:
    """Collect every epoch's commitment, client seed, rolls and (once revealed) seed."""
    epochs: dict[int, dict] = {}
    for record in records:
        event = record.event
        if isinstance(event, EpochStarted):
            epochs[event.epoch] = {"commitment": event.commitment, "seed": None, "parts": [event.client_seed], "rolls": []}
        elif isinstance(event, ClientSeedContributed):
            epochs[event.epoch]["parts"].append(event.contribution)
        elif isinstance(event, SeedRevealed):
            epochs[event.epoch]["seed"] = event.server_seed
        elif isinstance(event, DiceRolled):
            epochs[event.epoch]["rolls"].append(roll_entry(event, record.position))
    return AuditDocument(
        dice.ALGORITHM,
        [
            AuditEpoch(number, e["commitment"], e["seed"], dice.effective_client_seed(e["parts"]), e["rolls"])
            for number, e in sorted(epochs.items())
        ],
    )


def roll_entry(event: DiceRolled, position: int) -> AuditRoll:
    """One roll as the audit document lists it; the document and its projection share this."""
    return AuditRoll(
        nonce=event.nonce,
        sides=event.sides,
        faces=event.faces,
        source=event.source,
        purpose=event.purpose,
        event=str(position),
        rule=event.rule,
        actor=event.actor,
        results=event.results,
        replaces=event.replaces,
        deck=event.deck,
        order=event.order,
    )


def check(document: AuditDocument) -> AuditReport:
    """Re-compute every server roll of every revealed epoch from the document alone."""
    problems: list[RollProblem] = []
    revealed = checked = manual = 0
    if document.algorithm != dice.ALGORITHM:
        problems.append(RollProblem(-1, "", f"unknown algorithm {document.algorithm!r}"))
    for epoch in document.epochs:
        seed = _seed_bytes(epoch, problems)
        revealed += seed is not None
        expected_nonce = 0
        for roll in epoch.rolls:
            if roll.source == "manual":
                manual += 1
                continue
            if roll.nonce != expected_nonce:
                problems.append(RollProblem(epoch.epoch, roll.event, f"nonce {roll.nonce}, expected {expected_nonce}"))
            expected_nonce = (roll.nonce if roll.nonce is not None else expected_nonce) + 1
            if seed is None:
                continue
            checked += 1
            recomputed = dice.faces(seed, epoch.client_seed, roll.nonce or 0, roll.sides)
            if recomputed != roll.faces:
                problems.append(RollProblem(epoch.epoch, roll.event, f"faces {roll.faces}, re-computed {recomputed}"))
            # A hidden deck's shuffle records no order: the faces are the whole proof (kit/decks.py).
            if roll.deck is not None and roll.order is not None and dice.apply_shuffle(roll.deck, recomputed) != roll.order:
                problems.append(RollProblem(epoch.epoch, roll.event, "shuffled order does not follow from the faces"))
    return AuditReport(not problems, revealed, len(document.epochs) - revealed, checked, manual, problems)


def _seed_bytes(epoch: AuditEpoch, problems: list[RollProblem]) -> bytes | None:
    if epoch.server_seed is None:
        return None
    try:
        seed = bytes.fromhex(epoch.server_seed)
    except ValueError:
        problems.append(RollProblem(epoch.epoch, "", "server_seed is not hex"))
        return None
    if dice.commitment(seed) != epoch.commitment:
        problems.append(RollProblem(epoch.epoch, "", "sha256(server_seed) does not match the commitment"))
        return None
    return seed
