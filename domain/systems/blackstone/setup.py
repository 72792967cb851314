"""A new mission's options and the set-up command built from them and a content pack
(docs/blackstone-content-format.md): one combat (its card, the explorers, and every profile,
chamber and encounter card it may use), or an expedition with the cards it explores."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.contract import Setup
from domain.errors import RuleError
from domain.systems.blackstone.commands import SetUpBattle
from domain.systems.blackstone.content import FORMAT, Difficulty, EncounterCard, Pack
from domain.systems.blackstone.naming import slug
from domain.systems.blackstone.expedition_commands import EXPEDITION, ONE_OFF, STRONGHOLD, ExpeditionPlan, SetUpExpedition
from domain.systems.blackstone.versions import rule

#: blackstone-fortress.md#SETUP: 4 explorers at most (Rein and Raus count as one choice).
MAX_EXPLORERS = 4
ONE_OFF_RULE = rule("ONE-OFF EXPEDITIONS")


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a Blackstone Fortress combat is created with (`options` of the create body)."""

    combat: Annotated[str, msgspec.Meta(description="The id of a combat card of the pack (empty for an expedition).")] = ""
    explorers: Annotated[str, msgspec.Meta(description="1 to 4 explorer names of the pack, comma-separated.")] = ""
    pack: Annotated[str, msgspec.Meta(description="The content pack the cards, explorers and hostiles come from; the server ships core.")] = "core"
    hostile_player: Annotated[str, msgspec.Meta(description="The member who plays the hostile groups (a fifth player, seat \"hostile\"); empty: the server's AI plays them (#HOSTILE ACTIONS).")] = ""
    mode: Annotated[Literal["combat", "expedition", "stronghold", "one-off"], msgspec.Meta(description="combat: one combat; expedition: exploration rounds with combats drawn from the exploration deck; stronghold: the attack on the stronghold the quest agreed on (or the hidden vault); one-off: an expedition apart from any quest, at a difficulty.")] = "combat"
    players: Annotated[str, msgspec.Meta(description="An expedition's players clockwise, comma-separated member names, the leader first.")] = ""
    difficulty: Annotated[str, msgspec.Meta(description="A one-off expedition's difficulty level, a name the pack offers.")] = ""
    cards: Annotated[str, msgspec.Meta(description="A lone combat's resource and artefact cards, each held by one explorer of it: ysolde-marr: field-dressing, spare-cell; pim-and-pell: stim-seed (#RESOURCE CARDS).")] = ""


def setup(context: Setup) -> SetUpBattle | SetUpExpedition:
    options: Options = context.options
    pack: Pack | None = context.packs.get(options.pack)
    if pack is None:
        raise RuleError("unknown_pack", FORMAT, params={"pack": options.pack, "known": sorted(context.packs)})
    if options.mode in ("expedition", "stronghold", "one-off"):
        return expedition_setup(options, pack)
    card = pack.named("combat_cards", options.combat)
    if card is None:
        raise RuleError("unknown_combat", FORMAT, params={"combat": options.combat, "known": [c.id for c in pack.combat_cards]})
    names = party_of(options, pack)
    held = cards_held(options.cards, [slug(n) for n in names], pack)
    chambers = sorted({p.chamber for p in card.chambers})
    return SetUpBattle(
        card=card,
        chambers=[pack.named("chambers", c) for c in chambers],
        explorers=[pack.named("explorers", n) for n in names],
        hostiles=list(pack.hostiles),
        action_dice=list(pack.action_dice),
        encounter_cards=encounters(pack, every=False),
        hostile_player=options.hostile_player,
        cards=[c for c in pack.playable() if any(c.id in ids for ids in held.values())],
        held=held,
    )


def party_of(options: Options, pack: Pack) -> list[str]:
    names = listed(options.explorers)
    check_party(names)
    if unknown := [n for n in names if pack.named("explorers", n) is None]:
        raise RuleError("unknown_explorer", FORMAT, params={"names": unknown, "known": [e.name for e in pack.explorers]})
    return names


def cards_held(text: str, party: list[str], pack: Pack) -> dict[str, list[str]]:
    """The `cards` option read: explorer id -> card ids of the pack, each card held once, by an
    explorer of the combat."""
    known = {c.id for c in pack.playable()}
    held: dict[str, list[str]] = {}
    for part in (p for p in text.split(";") if p.strip()):
        holder, _, ids = part.partition(":")
        holder, cards = holder.strip(), listed(ids)
        if unknown := [c for c in cards if c not in known]:
            raise RuleError("unknown_card", FORMAT, params={"cards": unknown})
        if holder not in party or holder in held or any(c in h for h in held.values() for c in cards) or len(set(cards)) != len(cards):
            raise RuleError("bad_card_holders", rule("RESOURCE CARDS"), params={"explorer": holder, "party": party})
        held[holder] = cards
    return held


def listed(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]


def expedition_setup(options: Options, pack: Pack) -> SetUpExpedition:
    """#SETUP: an expedition sets out with 4 explorers (however many players pick them; Pim
    and Pell count as one), led by the first of 1 to 4 players; a fifth plays the hostiles."""
    names = party_of(options, pack)
    if len(names) != MAX_EXPLORERS:
        raise RuleError("expedition_party", rule("SETUP"), params={"wanted": MAX_EXPLORERS, "given": len(names)})
    objective = _objective(options, pack)
    players = listed(options.players)
    if not 1 <= len(players) <= MAX_EXPLORERS or len(set(players)) != len(players) or options.hostile_player in players:
        raise RuleError("bad_players", rule("SETUP"), params={"max": MAX_EXPLORERS, "players": players, "hostile_player": options.hostile_player})
    return SetUpExpedition(ExpeditionPlan(
        players=players,
        explorers=[pack.named("explorers", n) for n in names],
        hostiles=list(pack.hostiles),
        action_dice=list(pack.action_dice),
        chambers=list(pack.chambers),
        combat_cards=list(pack.combat_cards),
        encounter_cards=encounters(pack, every=objective is not None),
        challenge_cards=list(pack.challenge_cards),
        discovery_cards=list(pack.discovery_cards),
        cards=pack.playable(),
        hostile_player=options.hostile_player,
        kind={"stronghold": STRONGHOLD, "one-off": ONE_OFF}.get(options.mode, EXPEDITION),
        objective=objective,
    ))


def encounters(pack: Pack, every: bool) -> list[EncounterCard]:
    """The encounter deck: the cards a normal set-up uses (#SETUP), or every one (#ONE-OFF EXPEDITIONS)."""
    return [c for c in pack.encounter_cards if every or not c.set_aside]


def _objective(options: Options, pack: Pack) -> Difficulty | None:
    """A one-off expedition's difficulty level; the option is refused on any other mission."""
    if options.mode != "one-off":
        if options.difficulty:
            raise RuleError("difficulty_not_one_off", ONE_OFF_RULE, params={"mode": options.mode})
        return None
    level = pack.named("one_off_difficulties", options.difficulty)
    if level is None:
        raise RuleError("unknown_difficulty", ONE_OFF_RULE, params={"difficulty": options.difficulty, "known": [d.name for d in pack.one_off_difficulties]})
    return level


def check_party(names: list[str]) -> None:
    """1 to 4 different explorers (blackstone-fortress.md#SETUP)."""
    if not 1 <= len(names) <= MAX_EXPLORERS or len(set(names)) != len(names):
        raise RuleError("bad_party", rule("SETUP"), params={"max": MAX_EXPLORERS, "given": len(names)})
