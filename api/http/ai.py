"""The AI of a manual-dice mission (README.md#manual-dice): the workers roll no physical dice, so
the table submits each AI activation with the faces it rolled; the server decides the command
itself with the game system's pure `ai`, so nobody chooses the AI's move."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from api.http.access import answered, reader
from api.http.auth import member_of
from api.http.bodies import AiBody, AiDue
from domain import mission as missions
from service.ledger import CommandResult, Ledger

LedgerDep = NamedDependency[Ledger]


@get("/missions/{mission_id:str}/ai", sync_to_thread=True)
def ai_due(mission_id: FromPath[str], request: Request, ledger: LedgerDep) -> AiDue:
    """The AI command due now, if any, and the key it is written under."""
    state, _ = reader(request, ledger, mission_id)
    command = missions.ai_due(state)
    if command is None:
        return AiDue(None, None, state.dice_mode)
    return AiDue(msgspec.to_builtins(command), missions.activation_key(state, command), state.dice_mode)


@post("/missions/{mission_id:str}/ai", sync_to_thread=True)
def play_ai(mission_id: FromPath[str], data: JSONBody[AiBody], request: Request, ledger: LedgerDep) -> CommandResult:
    """`{faces, idempotency_key?, expected_version?}`: the AI activation due now, resolved with
    these faces (a manual-dice mission only; the workers play the others)."""
    member = member_of(request, ledger, ledger.campaign_of(mission_id))
    result = ledger.play_ai(mission_id, member, data.faces, idempotency_key=data.idempotency_key, expected_version=data.expected_version)
    return answered(ledger, mission_id, member, result)


ROUTES: list[Any] = [ai_due, play_ai]
