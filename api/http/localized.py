"""What the API shows people, in their language: event descriptions on the audit document and
page and on replay steps, and the names of the special rules a mission's units carry.

The stored events and the domain's documents stay as they are (language-free); these views add
a rendered `description` or `rule_names` next to them (service/i18n has the catalogues).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from api.http.bodies import MissionView
from domain import audit
from domain.chain import Recorded
from domain.contract import Viewer
from domain.registry import SYSTEMS, system_named
from service import i18n


class DescribedRoll(audit.AuditRoll, frozen=True):
    #: What the roll was, in words, in the request's language.
    description: str = ""


class DescribedEpoch(audit.AuditEpoch, frozen=True):
    rolls: list[DescribedRoll]


class DescribedAudit(audit.AuditDocument, frozen=True):
    epochs: list[DescribedEpoch]


def described_audit(document: audit.AuditDocument, records: Iterable[Recorded], lang: str) -> DescribedAudit:
    """The audit document with each roll's description (its DiceRolled event, worded)."""
    words = {str(r.position): i18n.describe(r.event, lang) for r in records if type(r.event).__name__ == "DiceRolled"}
    epochs = [
        DescribedEpoch(
            **{f: getattr(epoch, f) for f in epoch.__struct_fields__ if f != "rolls"},
            rolls=[DescribedRoll(**msgspec.structs.asdict(roll), description=words.get(roll.event, "")) for roll in epoch.rolls],
        )
        for epoch in document.epochs
    ]
    return DescribedAudit(document.algorithm, epochs)


def mission_view(state: Any, viewer: Viewer, lang: str) -> MissionView:
    """The mission as `viewer` may see it (its game system's `view`), with its rule names in `lang`."""
    game = system_named(state.system).view(state.game, viewer) if state.game is not None else None
    return msgspec.structs.replace(MissionView.of(state, game), rule_names=rule_names(state, lang))


def rule_names(state: Any, lang: str) -> dict[str, str]:
    """Every special rule and status the mission's units carry, as content writes them
    ("Blast(3)") → its name in `lang` ("Explosion(3)")."""
    if state.game is None or state.system not in SYSTEMS:
        return {}
    return {text: i18n.rule_name(text, lang, state.system) for text in system_named(state.system).rule_texts(state.game)}

