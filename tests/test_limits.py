"""Caps on everything a command stores (README.md#limits, domain/limits.py): each one at its
limit is accepted and written; one past it is refused with the field and the limit, and nothing
is written. A body past a cap its schema declares is a 400; a command that reaches the domain
another way (`POST .../commands`, the ledger) is a 422 `text_too_long` or `too_many`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain import limits
from domain.campaign import CampaignState, invite
from domain.commands import RollDice
from domain.errors import RuleError
from domain.mission import create
from service.ledger import Ledger
from tests.conftest import Table

README = Path(__file__).resolve().parent.parent / "README.md"
CAMPAIGNS, MEMBERS, MISSIONS = "/campaigns", "/campaigns/{c}/members", "/campaigns/{c}/missions"
ROLLS, COMMANDS = "/missions/{m}/rolls", "/missions/{m}/commands"


def text(length: int, letter: str = "x") -> str:
    return letter * length


class Limit(msgspec.Struct, frozen=True, kw_only=True):
    """One cap, and a request that stores a value of it."""

    path: str
    auth: str
    limit: int
    #: The body with the capped value of the given size.
    body: Any
    field: str
    #: 400 when the body's schema declares the cap, 422 when the domain finds it.
    status: int = 400
    code: str = "text_too_long"
    #: Steps of the scene run (and written) first: "rolled" (a roll at position 3), "disputed".
    setup: tuple[str, ...] = ()


LIMITS = {
    # -- the bodies' own caps (400, in the OpenAPI document) ---------------------------------
    "campaign-name": Limit(path=CAMPAIGNS, auth="none", limit=120, body=lambda n: {"name": text(n)}, field="name"),
    "host-name": Limit(path=CAMPAIGNS, auth="none", limit=80, body=lambda n: {"name": "Raid", "host_name": text(n)}, field="host_name"),
    "member-name": Limit(path=MEMBERS, auth="host", limit=80, body=lambda n: {"name": text(n, "b"), "role": "player"}, field="name"),
    "unit-list": Limit(path=MEMBERS, auth="host", limit=100, body=lambda n: {"name": f"p{n}", "role": "player", "units": [f"u{i}-{n}" for i in range(n)]}, field="units"),
    "unit-name": Limit(path=MEMBERS, auth="host", limit=80, body=lambda n: {"name": f"p{n}", "role": "player", "units": [text(n, "u")]}, field="units[0]"),
    "mission-name": Limit(path=MISSIONS, auth="host", limit=120, body=lambda n: {"name": text(n)}, field="name"),
    "client-seed": Limit(path=MISSIONS, auth="host", limit=200, body=lambda n: {"name": "m", "client_seed": text(n)}, field="client_seed"),
    "option-count": Limit(path=MISSIONS, auth="host", limit=32, body=lambda n: {"name": "m", "options": {f"o{i}": "v" for i in range(n)}}, field="options"),
    "option-name": Limit(path=MISSIONS, auth="host", limit=40, body=lambda n: {"name": "m", "options": {text(n, "o"): "v"}}, field="options"),
    "option-value": Limit(path=MISSIONS, auth="host", limit=400, body=lambda n: {"name": "m", "options": {"notes": text(n)}}, field="options[...]"),
    "idempotency-key": Limit(path=ROLLS, auth="player", limit=200, body=lambda n: {"dice": "d6", "purpose": "hit", "idempotency_key": text(n, "k")}, field="idempotency_key"),
    # "d6" and 99 constants "+1": 200 characters of notation that rolls one die.
    "dice": Limit(path=ROLLS, auth="player", limit=200, body=lambda n: {"dice": "d6" + "+1" * ((n - 2) // 2) + "1" * (n % 2), "purpose": "hit"}, field="dice"),
    "purpose": Limit(path=ROLLS, auth="player", limit=200, body=lambda n: {"dice": "d6", "purpose": text(n)}, field="purpose"),
    "roll-unit": Limit(path=ROLLS, auth="host", limit=80, body=lambda n: {"dice": "d6", "purpose": "hit", "unit": text(n, "u")}, field="unit"),
    "deck": Limit(path="/missions/{m}/shuffles", auth="player", limit=1000, body=lambda n: {"deck": [str(i) for i in range(n)], "purpose": "draw"}, field="deck"),
    "card": Limit(path="/missions/{m}/shuffles", auth="player", limit=200, body=lambda n: {"deck": ["a", text(n)], "purpose": "draw"}, field="deck[1]"),
    "contribution": Limit(path="/missions/{m}/client-seed", auth="player", limit=200, body=lambda n: {"contribution": text(n)}, field="contribution"),
    "outcome": Limit(path="/missions/{m}/end", auth="host", limit=200, body=lambda n: {"outcome": text(n)}, field="outcome"),
    "reason": Limit(path="/missions/{m}/disputes", auth="player", limit=200, body=lambda n: {"roll": 3, "reason": text(n)}, field="reason", setup=("rolled",)),
    "note": Limit(path="/missions/{m}/disputes/3/verdict", auth="host", limit=200, body=lambda n: {"verdict": "upheld", "note": text(n)}, field="note", setup=("rolled", "disputed")),
    # -- the domain's caps, for a command that is not one of the bodies above (422) ----------
    "command-purpose": Limit(path=COMMANDS, auth="player", limit=200, body=lambda n: {"command": {"type": "RollDice", "dice": "d6", "purpose": text(n)}}, field="purpose", status=422),
    "command-dice": Limit(path=COMMANDS, auth="player", limit=200, body=lambda n: {"command": {"type": "RollDice", "dice": "d6" + "+1" * ((n - 2) // 2) + "1" * (n % 2), "purpose": "hit"}}, field="dice", status=422),
    "command-unit": Limit(path=COMMANDS, auth="host", limit=80, body=lambda n: {"command": {"type": "RollDice", "dice": "d6", "purpose": "hit", "unit": text(n, "u")}}, field="unit", status=422),
    "command-card": Limit(path=COMMANDS, auth="player", limit=200, body=lambda n: {"command": {"type": "Shuffle", "deck": ["a", text(n)], "purpose": "draw"}}, field="deck[1]", status=422),
    "command-contribution": Limit(path=COMMANDS, auth="player", limit=200, body=lambda n: {"command": {"type": "ContributeClientSeed", "contribution": text(n)}}, field="contribution", status=422),
    "command-outcome": Limit(path=COMMANDS, auth="host", limit=200, body=lambda n: {"command": {"type": "EndMission", "outcome": text(n)}}, field="outcome", status=422),
    "command-reason": Limit(path=COMMANDS, auth="player", limit=200, body=lambda n: {"command": {"type": "DisputeRoll", "roll": 3, "reason": text(n)}}, field="reason", status=422, setup=("rolled",)),
}


def _prepare(table: Table, setup: tuple[str, ...]) -> None:
    for step in setup:
        if step == "rolled":
            table.roll()
        elif step == "disputed":
            answer = table.client.post(table.url("/disputes"), json={"roll": 3, "reason": "cocked die"}, headers=table.player)
            assert answer.status_code < 300, answer.text


def _post(table: Table, limit: Limit, size: int):
    headers = {"none": {}, "host": table.host, "player": table.player}[limit.auth]
    path = limit.path.format(c=table.campaign_id, m=table.mission_id)
    return table.client.post(path, json=limit.body(size), headers=headers)


@pytest.mark.parametrize("limit", LIMITS.values(), ids=LIMITS.keys())
def test_at_the_limit_accepted_one_past_refused_and_nothing_written(limit: Limit, table: Table, ledger: Ledger):
    _prepare(table, limit.setup)
    before = ledger.store.max_notification_id()
    past = _post(table, limit, limit.limit + 1)
    assert past.status_code == limit.status, past.text
    assert ledger.store.max_notification_id() == before, "a refused request wrote"
    problem = past.json()
    if limit.status == 400:
        assert (problem["code"], problem["field"]) == ("malformed_body", limit.field), problem
        assert f"<= {limit.limit}" in problem["message"], problem
    else:
        assert (problem["code"], problem["rule"], problem["params"]) == (limit.code, limits.RULE, {"field": limit.field, "max": limit.limit}), problem
        assert f"{limit.field} " in problem["message"] and str(limit.limit) in problem["message"], problem

    at = _post(table, limit, limit.limit)
    assert at.status_code in (200, 201), at.text
    assert ledger.store.max_notification_id() > before, "an accepted request wrote nothing"


@pytest.mark.parametrize(
    "decide, field, cap, code",
    [
        (lambda n: create(**{**_MISSION, "name": text(n)}), "name", limits.MAX_TITLE, "text_too_long"),
        (lambda n: create(**{**_MISSION, "options": {f"o{i}": "v" for i in range(n)}}), "options", limits.MAX_OPTIONS, "too_many"),
        (lambda n: create(**{**_MISSION, "options": {text(n): "v"}}), "options", limits.MAX_OPTION_NAME, "text_too_long"),
        (lambda n: create(**{**_MISSION, "options": {"notes": text(n)}}), "options.notes", limits.MAX_OPTION_VALUE, "text_too_long"),
        (lambda n: invite(_CAMPAIGN, **{**_MEMBER, "units": [f"u{i}" for i in range(n)]}), "units", limits.MAX_UNITS, "too_many"),
        (lambda n: invite(_CAMPAIGN, **{**_MEMBER, "units": ["a", text(n)]}), "units[1]", limits.MAX_NAME, "text_too_long"),
    ],
    ids=["mission-name", "option-count", "option-name", "option-value", "unit-list", "unit-name"],
)
def test_the_domain_caps_what_it_stores_whoever_asks(decide, field: str, cap: int, code: str):
    """The same caps in the domain, for commands that reach it without an HTTP body (imports of
    commands, other front-ends): at the limit events come out, one past it a rule error."""
    assert decide(cap)
    with pytest.raises(RuleError) as refused:
        decide(cap + 1)
    assert (refused.value.code, refused.value.rule, refused.value.params) == (code, limits.RULE, {"field": field, "max": cap})


_MISSION = dict(mission_id="m", campaign_id="c", name="m", system="table", rules_version=None, dice_mode="server", client_seed="s", options={}, fresh_seed=bytes(32))
_CAMPAIGN = CampaignState("c", "Raid", {})
_MEMBER = dict(member_id="p", name="ann", role="player", token_digest="d", units=[])


def test_an_idempotency_key_is_capped_by_the_ledger(table: Table, ledger: Ledger):
    """The worker and every other caller go through `Ledger.handle`, which stores the key."""
    members = ledger.campaign(table.campaign_id).members.values()
    actor = next(m for m in members if m.role == "host")
    before = ledger.store.max_notification_id()
    with pytest.raises(RuleError) as refused:
        ledger.handle(table.mission_id, actor, RollDice("d6", "hit"), idempotency_key=text(limits.MAX_TEXT + 1))
    assert refused.value.params == {"field": "idempotency_key", "max": limits.MAX_TEXT}
    assert ledger.store.max_notification_id() == before
    assert not ledger.handle(table.mission_id, actor, RollDice("d6", "hit"), idempotency_key=text(limits.MAX_TEXT)).replayed


def test_the_readme_lists_every_limit():
    """README.md#limits has a row per cap, with the number domain/limits.py enforces."""
    section = README.read_text().split("\n## Limits\n", 1)[1].split("\n## ", 1)[0]
    listed = {int(n) for n in re.findall(r"^\|[^|]+\| (\d+) \|", section, re.M)}
    caps = {value for name, value in vars(limits).items() if name.startswith("MAX_")}
    assert caps <= listed, caps - listed
