"""A new combat's options and the set-up command built from them and a content pack
(docs/blackstone-content-format.md): the combat card, the explorers, and every profile,
chamber and encounter card the combat may use."""

from __future__ import annotations

import msgspec

from domain.contract import Setup
from domain.errors import RuleError
from domain.systems.blackstone.commands import SetUpBattle
from domain.systems.blackstone.content import FORMAT, Pack
from domain.systems.blackstone.versions import rule

#: blackstone-fortress.md#SETUP: 4 explorers at most (Rein and Raus count as one choice).
MAX_EXPLORERS = 4


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a Blackstone Fortress combat is created with (`options` of the create body)."""

    #: The id of a combat card of the pack.
    combat: str = ""
    #: 1 to 4 explorer names of the pack, comma-separated.
    explorers: str = ""
    pack: str = "core"
    #: The member who plays the hostile groups (a fifth player, whose seat is "hostile"); empty:
    #: the workers play them (blackstone-fortress.md#HOSTILE ACTIONS).
    hostile_player: str = ""


def setup(context: Setup) -> SetUpBattle:
    options: Options = context.options
    pack: Pack | None = context.packs.get(options.pack)
    if pack is None:
        raise RuleError("unknown_pack", FORMAT, params={"pack": options.pack, "known": sorted(context.packs)})
    card = pack.named("combat_cards", options.combat)
    if card is None:
        raise RuleError("unknown_combat", FORMAT, params={"combat": options.combat, "known": [c.id for c in pack.combat_cards]})
    names = [n.strip() for n in options.explorers.split(",") if n.strip()]
    check_party(names)
    if unknown := [n for n in names if pack.named("explorers", n) is None]:
        raise RuleError("unknown_explorer", FORMAT, params={"names": unknown, "known": [e.name for e in pack.explorers]})
    chambers = sorted({p.chamber for p in card.chambers})
    return SetUpBattle(
        card=card,
        chambers=[pack.named("chambers", c) for c in chambers],
        explorers=[pack.named("explorers", n) for n in names],
        hostiles=list(pack.hostiles),
        action_dice=list(pack.action_dice),
        encounter_cards=list(pack.encounter_cards),
        hostile_player=options.hostile_player,
    )


def check_party(names: list[str]) -> None:
    """1 to 4 different explorers (blackstone-fortress.md#SETUP)."""
    if not 1 <= len(names) <= MAX_EXPLORERS or len(set(names)) != len(names):
        raise RuleError("bad_party", rule("SETUP"), params={"max": MAX_EXPLORERS, "given": len(names)})
