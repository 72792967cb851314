"""The mission decider: dice, seeds and the mission's life, around a game system's own rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from domain import dice as fair
from domain import audit, epochs, limits, notation
from domain.commands import (
    ClearAttention,
    Command,
    ContributeClientSeed,
    DisputeRoll,
    EndMission,
    FlagAttention,
    RecordVerification,
    ResolveDispute,
    RollDice,
    RotateSeed,
    Shuffle,
)
from domain.dicebox import DiceBox
from domain.epochs import Epoch
from domain.errors import Forbidden, RuleError
from domain.events import (
    AttentionCleared,
    AttentionNeeded,
    ClientSeedContributed,
    DiceRolled,
    DisputeResolved,
    EpochStarted,
    EpochVerified,
    Event,
    MissionCreated,
    MissionEnded,
    RollAnnulled,
    RollDisputed,
    SeedRevealed,
)
from domain.registry import system_named

DICE = epochs.DICE
TRAY = notation.RULE
LIFE = "README.md#missions"
DISPUTES = "README.md#disputes"
RELIABILITY = "README.md#reliability"


class Attention(msgspec.Struct, frozen=True):
    """A flag raised by the AI worker (AttentionNeeded at event `event`): a person has to look."""

    reason: str
    code: str
    rule: str
    event: int


class MissionState(msgspec.Struct, frozen=True):
    mission_id: str
    campaign_id: str
    name: str
    system: str
    rules_version: str
    dice_mode: str
    options: dict[str, str]
    epochs: tuple[Epoch, ...] = ()
    #: Number of events applied: the position of the last one.
    version: int = 0
    #: Rolls replaced by a re-roll, rolls annulled, and open disputes (roll → reason).
    replaced: frozenset[int] = frozenset()
    annulled: frozenset[int] = frozenset()
    disputes: dict[int, str] = {}
    outcome: str | None = None
    game: Any = None
    #: Flags the AI worker raised, oldest first (README.md#ai-worker).
    attention: tuple[Attention, ...] = ()

    @property
    def epoch(self) -> Epoch:
        return self.epochs[-1]

    @property
    def ended(self) -> bool:
        return self.outcome is not None


def create(
    *,
    mission_id: str,
    campaign_id: str,
    name: str,
    system: str,
    rules_version: str | None,
    dice_mode: str,
    client_seed: str,
    options: dict[str, str],
    fresh_seed: bytes,
) -> list[Event]:
    """The first events of a mission: what it plays, and the commitment of its first seed."""
    game_system = system_named(system)
    version = rules_version or game_system.versions[0]
    if version not in game_system.versions:
        raise RuleError("unknown_rules_version", "README.md#game-systems", params={"system": system, "versions": game_system.versions, "version": version}, field="rules_version")
    if dice_mode not in ("server", "manual"):
        raise RuleError("unknown_dice_mode", DICE, params={"dice_mode": dice_mode}, field="dice_mode")
    limits.check_text("name", name, limits.MAX_TITLE)
    limits.check_text("client_seed", client_seed)
    limits.check_options(options)
    return [
        MissionCreated(mission_id, campaign_id, name, system, version, dice_mode, options),
        EpochStarted(0, fair.commitment(fresh_seed), client_seed),
    ]


def decide(state: MissionState, command: Command, dice: DiceBox, actor: str, refs: Mapping[int, Event] | None = None) -> list[Event]:
    """Check a command against the rules and return the events it causes.

    `refs` holds the earlier events the command names (`command.refs()`), looked up in the log
    by the caller, so the state need not keep every roll.
    """
    refs = refs or {}
    if state.ended and not isinstance(command, _AFTER_THE_END):
        raise RuleError("mission_ended", LIFE, params={"outcome": state.outcome})
    handler = _HANDLERS.get(type(command))
    if handler is not None:
        events = handler(state, command, dice, actor, refs)
    else:
        system = system_named(state.system)
        if system.decide is None or type(command) not in system.commands:
            raise RuleError("unknown_command", LIFE, params={"system": state.system, "command": type(command).__name__}, field="type")
        try:
            events = system.decide(state, command, dice, actor, refs)
        except RuleError as error:
            error.system = state.system
            raise
    dice.check_all_manual_faces_used()
    return events


def evolve(state: MissionState | None, event: Event) -> MissionState:
    """Apply one event. The write side and every projection share this function."""
    if isinstance(event, MissionCreated):
        system_named(event.system)  # a mission of a system this server does not run is refused
        return MissionState(
            mission_id=event.mission_id,
            campaign_id=event.campaign_id,
            name=event.name,
            system=event.system,
            rules_version=event.rules_version,
            dice_mode=event.dice_mode,
            options=event.options,
            version=1,
        )
    assert state is not None, "a mission's first event creates it"
    state = msgspec.structs.replace(state, version=state.version + 1)
    applier = _APPLIERS.get(type(event))
    system = system_named(state.system)
    if applier is None:
        return msgspec.structs.replace(state, game=system.evolve(state.game, event))
    state = applier(state, event)
    return msgspec.structs.replace(state, game=system.evolve(state.game, event)) if type(event) in system.follows else state


def ai_due(state: MissionState) -> Command | None:
    """The AI command due now, as the game system's pure `ai` decides it: None when nothing is
    due (the players' turn, a pending choice) or the mission or its game is over."""
    system = system_named(state.system)
    if state.ended or (state.game is not None and system.outcome(state.game) is not None):
        return None
    return system.ai(state)


def activation_key(state: MissionState, command: Command) -> str:
    """The idempotency key of an AI command: the activation it carries out, so it is written once
    whoever submits it. The game system names it (`GameSystem.ai_key`), or else the round (the
    game state's `round`, or the mission version the decision was made on) and the units:
    `ai:{mission}:{round}:{unit}` (README.md#ai-worker)."""
    system = system_named(state.system)
    if system.ai_key is not None:
        return f"ai:{state.mission_id}:{system.ai_key(state, command)}"
    marker = getattr(state.game, "round", None)
    units = "+".join(command.units()) or type(command).__name__
    return f"ai:{state.mission_id}:{marker if marker is not None else f'v{state.version}'}:{units}"


def typed_faces(events: Sequence[Event]) -> list[int]:
    """The faces a command of a manual-dice mission was given, read back from the rolls it
    caused: each roll took its faces from the front, in order (design.md#Dice)."""
    return [face for event in events if isinstance(event, DiceRolled) and event.source == "manual" for face in event.faces]


def dice_box_for(state: MissionState, *, server_seed: bytes | None, fresh_seed: bytes | None, manual_faces: list[int] | None) -> DiceBox:
    """The dice of the mission's current epoch; manual missions read typed faces instead."""
    if state.dice_mode == "manual":
        manual_faces = manual_faces or []
    elif manual_faces is not None:
        raise RuleError("faces_not_allowed", DICE, params={}, field="faces")
    return epochs.dice_box(state.epoch, server_seed=server_seed, fresh_seed=fresh_seed, manual_faces=manual_faces)


# -- deciding ---------------------------------------------------------------------------------


def _roll_dice(state: MissionState, command: RollDice, dice: DiceBox, actor: str, refs: Mapping[int, Event]) -> list[Event]:
    limits.check_text("purpose", command.purpose)
    limits.check_text("dice", command.dice)
    if command.unit is not None:
        limits.check_text("unit", command.unit, limits.MAX_NAME)
    try:
        parsed = notation.parse(command.dice)
    except RuleError as error:
        error.field = "dice"
        raise
    if command.replaces is not None:
        _may_reroll(_standing_roll(state, refs, command.replaces, "not_rerollable", TRAY, "a re-roll replaces a standing roll, once", field="replaces"), command, parsed, actor)
    return [
        dice.roll(
            parsed.die_sides(),
            purpose=command.purpose,
            rule=TRAY,
            actor=actor,
            halved=parsed.halved(),
            replaces=command.replaces,
            notation=command.dice,
            modifier=parsed.modifier,
            unit=command.unit,
        )
    ]


def _may_reroll(original: DiceRolled, command: RollDice, parsed: notation.Notation, actor: str) -> None:
    """The tray re-rolls the roller's own roll, with the same dice (README.md#disputes): another's
    roll is the host's ruling on a dispute; a rule's own re-roll is its game system's decision."""
    position = command.replaces
    if original.actor != actor:
        raise Forbidden("not_your_roll", DISPUTES, params={"position": position, "roller": original.actor}, field="replaces")
    same = original.deck is None and parsed.die_sides() == original.sides
    if same and original.notation is not None:
        same = notation.parse(original.notation).halved() == parsed.halved()
    if not same:
        raise RuleError("reroll_other_dice", DISPUTES, params={"position": position, "dice": audit.dice_label(audit.roll_entry(original, position)), "given": command.dice}, field="dice")


def _shuffle(state: MissionState, command: Shuffle, dice: DiceBox, actor: str, refs: Mapping[int, Event]) -> list[Event]:
    limits.check_text("purpose", command.purpose)
    if not 2 <= len(command.deck) <= limits.MAX_DECK:
        raise RuleError("bad_deck", DICE, params={"low": 2, "high": limits.MAX_DECK}, field="deck")
    for number, card in enumerate(command.deck):
        limits.check_text(f"deck[{number}]", card)
    return [dice.shuffle(command.deck, purpose=command.purpose, rule=DICE, actor=actor)]


def _contribute(state: MissionState, command: ContributeClientSeed, dice: DiceBox, actor: str, refs: Mapping[int, Event]) -> list[Event]:
    epochs.check_contribution(command.contribution, state.epoch)
    return [ClientSeedContributed(state.epoch.number, command.contribution, actor)]


def _rotate(state: MissionState, command: RotateSeed, dice: DiceBox, actor: str, refs: Mapping[int, Event]) -> list[Event]:
    base = state.epochs[0].client_seed_parts[0]
    return [_reveal(state, dice), EpochStarted(state.epoch.number + 1, fair.commitment(dice.fresh_seed()), base)]


def _end(state: MissionState, command: EndMission, dice: DiceBox, actor: str, refs: Mapping[int, Event]) -> list[Event]:
    limits.check_text("outcome", command.outcome)
    return [_reveal(state, dice), MissionEnded(command.outcome)]


def _record_verification(state: MissionState, command: RecordVerification, dice: DiceBox, actor: str, refs: Mapping[int, Event]) -> list[Event]:
    epoch = next((e for e in state.epochs if e.number == command.epoch), None)
    if epoch is None or not epoch.revealed:
        raise RuleError("epoch_not_revealed", DICE, params={"epoch": command.epoch})
    if epoch.checked:
        raise RuleError("epoch_already_verified", DICE, params={"epoch": command.epoch})
    return [EpochVerified(command.epoch, command.rolls_checked, command.mismatches)]


def _flag_attention(state: MissionState, command: FlagAttention, dice: DiceBox, actor: str, refs: Mapping[int, Event]) -> list[Event]:
    for field in ("reason", "code", "rule"):
        limits.check_text(field, getattr(command, field))
    return [AttentionNeeded(command.reason, command.code, command.rule)]


def _clear_attention(state: MissionState, command: ClearAttention, dice: DiceBox, actor: str, refs: Mapping[int, Event]) -> list[Event]:
    limits.check_text("reason", command.reason)
    if not state.attention:
        raise RuleError("no_attention", RELIABILITY, params={})
    if not command.reason.strip():
        raise RuleError("empty_reason", RELIABILITY, params={}, field="reason")
    return [AttentionCleared(command.reason, actor, len(state.attention))]


def _dispute(state: MissionState, command: DisputeRoll, dice: DiceBox, actor: str, refs: Mapping[int, Event]) -> list[Event]:
    limits.check_text("reason", command.reason)
    _standing_roll(state, refs, command.roll, "not_disputable", DISPUTES, "only a roll that still counts can be disputed", field="roll")
    if command.roll in state.disputes:
        raise RuleError("already_disputed", DISPUTES, params={"roll": command.roll}, field="roll")
    return [RollDisputed(command.roll, command.reason, actor)]


def _resolve(state: MissionState, command: ResolveDispute, dice: DiceBox, actor: str, refs: Mapping[int, Event]) -> list[Event]:
    limits.check_text("note", command.note)
    if command.roll not in state.disputes:
        raise RuleError("no_open_dispute", DISPUTES, params={"roll": command.roll})
    if command.verdict not in ("upheld", "annulled"):
        raise RuleError("unknown_verdict", DISPUTES, params={"verdict": command.verdict}, field="verdict")
    resolved = DisputeResolved(command.roll, command.verdict, command.note)
    if command.verdict == "upheld":
        return [resolved]
    events: list[Event] = [resolved, RollAnnulled(command.roll)]
    if not state.ended:  # after the end the seed is public: a re-roll could prove nothing
        events.append(_again(refs[command.roll], command.roll, dice))
    return events


def _again(original: Event, position: int, dice: DiceBox) -> DiceRolled:
    """The annulled roll rolled again: the same dice, purpose and rule, naming what it replaces."""
    assert isinstance(original, DiceRolled)
    if original.deck is not None:
        return msgspec.structs.replace(dice.shuffle(original.deck, purpose=original.purpose, rule=original.rule, actor=original.actor), replaces=position)
    parsed = notation.parse(original.notation) if original.notation else None
    return dice.roll(
        original.sides,
        purpose=original.purpose,
        rule=original.rule,
        actor=original.actor,
        halved=parsed.halved() if parsed else None,
        replaces=position,
        notation=original.notation,
        modifier=parsed.modifier if parsed else 0,
        unit=original.unit,
    )


def _standing_roll(state: MissionState, refs: Mapping[int, Event], position: int, code: str, rule: str, why: str, field: str) -> DiceRolled:
    event = refs.get(position)
    if not isinstance(event, DiceRolled) or position in state.replaced or position in state.annulled:
        raise RuleError(code, rule, why, params={"position": position}, field=field)
    return event


def _reveal(state: MissionState, dice: DiceBox) -> SeedRevealed:
    return SeedRevealed(state.epoch.number, state.epoch.commitment, dice.reveal().hex())


_HANDLERS: dict[type[Command], Any] = {
    RollDice: _roll_dice,
    Shuffle: _shuffle,
    ContributeClientSeed: _contribute,
    RotateSeed: _rotate,
    EndMission: _end,
    DisputeRoll: _dispute,
    ResolveDispute: _resolve,
    RecordVerification: _record_verification,
    FlagAttention: _flag_attention,
    ClearAttention: _clear_attention,
}
#: Commands a mission still takes after its end: audits, disputes and the worker's flags go on.
_AFTER_THE_END = (RecordVerification, DisputeRoll, ResolveDispute, FlagAttention, ClearAttention)


# -- evolving ---------------------------------------------------------------------------------


def _rolled(state: MissionState, event: DiceRolled) -> MissionState:
    if event.replaces is not None:
        state = msgspec.structs.replace(state, replaced=state.replaced | {event.replaces})
    return epochs.rolled(state, event)


def _ended(state: MissionState, event: MissionEnded) -> MissionState:
    return msgspec.structs.replace(state, outcome=event.outcome)


def _disputed(state: MissionState, event: RollDisputed) -> MissionState:
    return msgspec.structs.replace(state, disputes={**state.disputes, event.roll: event.reason})


def _resolved(state: MissionState, event: DisputeResolved) -> MissionState:
    return msgspec.structs.replace(state, disputes={k: v for k, v in state.disputes.items() if k != event.roll})


def _annulled(state: MissionState, event: RollAnnulled) -> MissionState:
    return msgspec.structs.replace(state, annulled=state.annulled | {event.roll})


def _verified(state: MissionState, event: EpochVerified) -> MissionState:
    """An epoch whose rolls do not re-compute needs a person as much as a stuck AI does."""
    state = epochs.verified(state, event)
    if not event.mismatches:
        return state
    reason = f"epoch {event.epoch}: {len(event.mismatches)} roll(s) do not verify: events {', '.join(map(str, event.mismatches))}"
    flag = Attention(reason, "epoch_mismatch", DICE, state.version)
    return msgspec.structs.replace(state, attention=(*state.attention, flag))


def _attention(state: MissionState, event: AttentionNeeded) -> MissionState:
    flag = Attention(event.reason, event.code, event.rule, state.version)
    return msgspec.structs.replace(state, attention=(*state.attention, flag))


def _attention_cleared(state: MissionState, event: AttentionCleared) -> MissionState:
    return msgspec.structs.replace(state, attention=())


_APPLIERS: dict[type[Event], Any] = {
    EpochStarted: epochs.started,
    ClientSeedContributed: epochs.contributed,
    DiceRolled: _rolled,
    SeedRevealed: epochs.revealed,
    MissionEnded: _ended,
    RollDisputed: _disputed,
    DisputeResolved: _resolved,
    RollAnnulled: _annulled,
    EpochVerified: _verified,
    AttentionNeeded: _attention,
    AttentionCleared: _attention_cleared,
}
