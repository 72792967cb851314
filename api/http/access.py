"""Who may read or write which campaign and mission: the checks every route starts with."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import msgspec
from litestar import Request

from api.http.auth import member_of
from api.http.bodies import Submitted
from api.http.errors import malformed
from domain.campaign import CampaignState, Member
from domain.codecs import Codec, mission_codec
from domain.commands import Command
from domain.errors import RuleError
from domain.mission import LIFE, MissionState
from domain.registry import SYSTEMS
from domain.visibility import shown_all
from service.ledger import CommandResult, Ledger
from service.views import viewer_of


def member_of_campaign(request: Request, ledger: Ledger, campaign_id: str) -> tuple[CampaignState, Member]:
    """404 for a campaign that does not exist before any token check, as missions do (not a 403)."""
    campaign = ledger.campaign(campaign_id)
    return campaign, member_of(request, ledger, campaign_id)


def reader(request: Request, ledger: Ledger, mission_id: str) -> tuple[MissionState, Member]:
    state = ledger.mission(mission_id)
    return state, member_of(request, ledger, state.campaign_id)


def command_for(ledger: Ledger, mission_id: str, value: dict[str, Any]) -> Command:
    """The body's command, decoded as the mission's game system reads it: another system's
    command is a 422 naming the system; a type no system knows, or wrong fields, is a 400."""
    system = ledger.mission(mission_id).system
    return decoded_command(value, mission_codec(system), LIFE, system, lambda kind: any(kind in mission_codec(s).command_tags for s in SYSTEMS))


def decoded_command(value: dict[str, Any], codec: Codec, rule: str, system: str, taken_elsewhere: Callable[[str], bool]) -> Command:
    """A body's `command` as `codec` reads it: a type `codec` does not take but
    `taken_elsewhere` knows is a 422 naming `system` and `rule`; wrong fields are a 400."""
    kind = value.get("type")
    if isinstance(kind, str) and kind not in codec.command_tags and taken_elsewhere(kind):
        raise RuleError("unknown_command", rule, params={"system": system, "command": kind}, field="command.type")
    try:
        return codec.command(value)
    except msgspec.ValidationError as error:
        raise malformed("command", error) from None


async def submit(request: Request, ledger: Ledger, mission_id: str, command: Command | dict[str, Any], body: Submitted, faces: list[int] | None = None) -> CommandResult:
    """Authenticate, then decode a command given as JSON values (after the token check, so a
    stranger learns nothing from the refusal), then hand it to the ledger with the `faces`
    typed for it, if any. On a local store on the event loop, its append awaiting the loop's
    group commit; on a networked one in a thread, where a read may wait on another machine."""
    if not ledger.store.local:
        return await asyncio.to_thread(_submit_in_thread, request, ledger, mission_id, command, body, faces)
    member, command, in_body = _admitted(request, ledger, mission_id, command)
    with _command_fields(in_body, body):
        result = await ledger.handle_on_loop(mission_id, member, command, idempotency_key=body.idempotency_key, expected_version=body.expected_version, faces=faces)
    return answered(ledger, mission_id, member, result)


def _submit_in_thread(request: Request, ledger: Ledger, mission_id: str, command: Command | dict[str, Any], body: Submitted, faces: list[int] | None = None) -> CommandResult:
    """`submit` for a thread: every read and the append wait there."""
    member, command, in_body = _admitted(request, ledger, mission_id, command)
    with _command_fields(in_body, body):
        result = ledger.handle(mission_id, member, command, idempotency_key=body.idempotency_key, expected_version=body.expected_version, faces=faces)
    return answered(ledger, mission_id, member, result)


def _admitted(request: Request, ledger: Ledger, mission_id: str, command: Command | dict[str, Any]) -> tuple[Member, Command, bool]:
    """The member submitting, the command, and whether it came as JSON values in the body."""
    member = member_of(request, ledger, ledger.campaign_of(mission_id))
    in_body = isinstance(command, dict)
    return member, command_for(ledger, mission_id, command) if in_body else command, in_body


@contextlib.contextmanager
def _command_fields(in_body: bool, body: Submitted) -> Iterator[None]:
    """A refusal naming a field of the command the body carries names it as `command.<field>`."""
    try:
        yield
    except RuleError as error:
        if in_body and error.field is not None and error.field.split(".")[0] not in type(body).__struct_fields__:
            error.field = f"command.{error.field}"
        raise


def answered(ledger: Ledger, mission_id: str, member: Member, result: CommandResult) -> CommandResult:
    """A command's answer as the member may see it."""
    state = ledger.cached_mission(mission_id) or ledger.mission(mission_id)  # the handle just cached it
    return msgspec.structs.replace(result, events=shown_all(result.events, viewer_of(member), state))
