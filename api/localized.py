"""What the API shows people, in their language: event descriptions on the audit document and
page and on replay steps, and the names of the special rules a mission's units carry.

The stored events and the domain's documents stay as they are (language-free); these views add
a rendered `description` or `rule_names` next to them (api/i18n has the catalogues).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec
from litestar import Request, get

from api import i18n
from api.bodies import Body, MissionView
from api.errors import language
from domain import audit
from domain.chain import Recorded
from domain.systems.starquest.content import FIELD_RULES, RULES
from domain.systems.starquest.versions import VERSIONS


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


def mission_view(state: Any, lang: str) -> MissionView:
    """The mission as MissionView shows it, with its rule names in `lang`."""
    return msgspec.structs.replace(MissionView.of(state), rule_names=rule_names(state.game, lang))


def rule_names(game: Any, lang: str) -> dict[str, str]:
    """Every special rule and status a Star Quest battle's profiles, weapons and units carry,
    as written in content ("Blast(3)") → its name in `lang` ("Explosion(3)")."""
    if game is None or not hasattr(game, "heroes"):
        return {}
    texts: set[str] = set()
    for profile in (*game.heroes, *game.enemies, *game.weapons):
        texts.update(getattr(profile, "rules", ()))
        for rule, field in FIELD_RULES.items():
            if value := getattr(profile, field, None):
                texts.add(f"{rule}({value})")
    for unit in game.units.values():
        texts.update(unit.statuses)
    return {text: i18n.rule_name(text, lang) for text in sorted(texts)}


class SpecialRuleView(Body):
    #: The name packs write (English, as in docs/content-format.md).
    name: str
    #: The name in the request's language (the German rules' own names in German).
    title: str
    #: "weapon" or "unit".
    place: str
    #: Lowest and highest X for rules written Name(X); None for plain rules.
    values: tuple[int, int] | None
    #: Rules versions that apply the rule.
    versions: list[str]


@get("/systems/star-quest/special-rules", sync_to_thread=False)
def special_rules(request: Request) -> list[SpecialRuleView]:
    """Every Star Quest special rule with its name in the request's language."""
    lang = language(request)
    german_only = VERSIONS["de"].extra_rules
    return [
        SpecialRuleView(name, i18n.rule_name(name, lang), spec.place, spec.values, ["de"] if name in german_only else ["en", "de"])
        for name, spec in RULES.items()
    ]


ROUTES = [special_rules]
