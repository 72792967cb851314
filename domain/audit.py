"""The audit document (design.md#Dice, audit format) and its independent re-computation."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from domain import dice, notation
from domain.chain import Recorded
from domain.errors import RuleError
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
    #: The tray's notation ("2d6+d3+1") and its total: the sum of the results plus the constant.
    notation: str | None = None
    total: int | None = None


class AuditEpoch(msgspec.Struct, frozen=True):
    epoch: int
    commitment: str
    server_seed: str | None
    client_seed: str
    rolls: list[AuditRoll]
    #: Positions of the epoch's EpochStarted (its commitment) and of its reveal: every roll of
    #: the epoch lies between the two (None: not in the log, or not yet revealed).
    started: int | None = None
    revealed: int | None = None


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

    def epoch(number: int) -> dict:
        # A roll or reveal before its epoch started (a forged log) still lands in the document,
        # where `check` names it, instead of failing the whole audit.
        return epochs.setdefault(number, {"commitment": "", "seed": None, "parts": [], "rolls": [], "started": None, "revealed": None})

    for record in records:
        event = record.event
        if isinstance(event, EpochStarted):
            entry = epoch(event.epoch)
            entry.update(commitment=event.commitment, started=record.position)
            entry["parts"].insert(0, event.client_seed)
        elif isinstance(event, ClientSeedContributed):
            epoch(event.epoch)["parts"].append(event.contribution)
        elif isinstance(event, SeedRevealed):
            epoch(event.epoch).update(seed=event.server_seed, revealed=record.position)
        elif isinstance(event, DiceRolled):
            epoch(event.epoch)["rolls"].append(roll_entry(event, record.position))
    return AuditDocument(
        dice.ALGORITHM,
        [
            AuditEpoch(number, e["commitment"], e["seed"], dice.effective_client_seed(e["parts"]), e["rolls"], e["started"], e["revealed"])
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
        notation=event.notation,
        total=event.total,
    )


def check(document: AuditDocument) -> AuditReport:
    """Re-compute every server roll of every revealed epoch from the document alone."""
    problems: list[RollProblem] = []
    revealed = checked = manual = 0
    if document.algorithm != dice.ALGORITHM:
        problems.append(RollProblem(-1, "", f"unknown algorithm {document.algorithm!r}"))
    rolls = {roll.event: roll for epoch in document.epochs for roll in epoch.rolls}
    for epoch in document.epochs:
        if not epoch.commitment:
            problems.append(RollProblem(epoch.epoch, "", "the epoch's rolls have no commitment before them: it never started"))
        seed = _seed_bytes(epoch, problems)
        revealed += seed is not None
        expected_nonce = 0
        for roll in epoch.rolls:
            problems += [RollProblem(epoch.epoch, roll.event, p) for p in _roll_problems(epoch, roll, rolls)]
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


def _roll_problems(epoch: AuditEpoch, roll: AuditRoll, rolls: dict[str, AuditRoll]) -> list[str]:
    """What the dice spec implies about one roll, revealed or not, server or manual dice
    (design.md#Hash chain): its place between its epoch's commitment and reveal, its results
    and total, and a re-roll's dice."""
    problems = []
    position = int(roll.event) if roll.event.isdigit() else None
    if position is not None and epoch.started is not None and position < epoch.started:
        problems.append("rolled before its epoch's commitment was published")
    if position is not None and epoch.revealed is not None and position > epoch.revealed:
        problems.append(f"rolled after its epoch's reveal (event {epoch.revealed})")
    if roll.faces or roll.results:  # a hidden shuffle's faces (and results) are withheld until the reveal
        problems += _result_problems(roll)
    if roll.replaces is not None:
        problems += _reroll_problems(roll, rolls.get(str(roll.replaces)))
    return problems


def _result_problems(roll: AuditRoll) -> list[str]:
    """Each result is its face, or for a d3 its d6 face halved rounding up (design.md#Dice step 4);
    a tray roll's notation says which dice are d3s, and its total is the results plus the constant."""
    if not len(roll.sides) == len(roll.faces) == len(roll.results or ()):
        return [f"{len(roll.sides)} dice, {len(roll.faces)} faces, {len(roll.results or ())} results"]
    halved = _halved(roll)
    if isinstance(halved, str):
        return [halved]
    expected = [dice.d3_from_d6(f) if h else f for f, h in zip(roll.faces, halved, strict=True)]
    loose = roll.notation is None  # a rule's roll does not record which of its d6s are d3s
    problems = []
    for index, (side_count, face, result, want) in enumerate(zip(roll.sides, roll.faces, roll.results or (), expected, strict=True)):
        allowed = {face, dice.d3_from_d6(face)} if loose and side_count == 6 else {want}
        if result not in allowed:
            name = "d3" if halved[index] else f"d{side_count}"
            shown = " or ".join(str(a) for a in sorted(allowed))
            problems.append(f"die {index + 1} ({name}) shows {face}, so its result is {shown}, not {result}")
    if roll.notation is not None:
        total = sum(roll.results or ()) + notation.parse(roll.notation).modifier
        if roll.total != total:
            problems.append(f"total {roll.total}, the results and constant of {roll.notation} make {total}")
    elif roll.total is not None:
        problems.append(f"total {roll.total} without a notation to add up")
    return problems


def shown_dice(roll: DiceRolled | AuditRoll) -> str:
    """A roll's dice as players read them: each die's result, a d3 as a d3 with the d6 face it
    was drawn as, and the total: "d3 3 (d6 5), d6 2 = 5". A rule's roll without notation names
    a d6 a d3 where its result is its face halved; a lone d3 of face 1 reads "d6 1" (the same 1)."""
    results = roll.results or roll.faces
    if roll.notation is not None:
        halved = _halved(roll)
        kinds = halved if isinstance(halved, list) else [False] * len(roll.sides)
    else:
        visibly = any(s == 6 and r != f for s, f, r in zip(roll.sides, roll.faces, results))
        kinds = [s == 6 and r == dice.d3_from_d6(f) and (r != f or visibly) for s, f, r in zip(roll.sides, roll.faces, results)]
    dies = [f"d3 {r} (d6 {f})" if h else f"d{s} {r}" for s, f, r, h in zip(roll.sides, roll.faces, results, kinds)]
    return ", ".join(dies) + (f" = {roll.total}" if roll.total is not None else "")


def _halved(roll: DiceRolled | AuditRoll) -> list[bool] | str:
    """Which dice are d3s: as the notation says (its dice must be the roll's), else none known."""
    if roll.notation is None:
        return [False] * len(roll.sides)
    try:
        parsed = notation.parse(roll.notation)
    except RuleError:
        return f"notation {roll.notation!r} does not parse"
    if parsed.die_sides() != roll.sides:
        return f"notation {roll.notation} rolls {parsed.die_sides()}, the roll has {roll.sides}"
    return parsed.halved()


def _reroll_problems(roll: AuditRoll, replaced: AuditRoll | None) -> list[str]:
    """A re-roll rolls again the dice of the roll it replaces, nothing else (README.md#disputes)."""
    if replaced is None:
        return [f"re-rolls event {roll.replaces}, which is no roll"]
    if (roll.sides, _halved(roll), roll.deck) != (replaced.sides, _halved(replaced), replaced.deck):
        return [f"re-rolls event {roll.replaces} ({dice_label(replaced)}) with other dice ({dice_label(roll)})"]
    return []


def dice_label(roll: AuditRoll) -> str:
    """The dice of a roll in words a player reads: its notation, a shuffle, or its dice."""
    if roll.notation:
        return roll.notation
    if roll.deck is not None:
        return f"a shuffle of {len(roll.deck)}"
    return "+".join(f"d{s}" for s in roll.sides)


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
