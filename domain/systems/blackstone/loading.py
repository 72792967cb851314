"""Reading a Blackstone Fortress pack from file contents: parse, type-check, merge, cross-check.

Pure (bytes in, a Pack or a ContentError out). A problem names the file and the field as the
author wrote them (docs/blackstone-content-format.md); parsing and merging are the kit's
(domain/kit/content.py).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Mapping
from typing import Any

import msgspec

from domain.kit.boards import hex as hx
from domain.kit.content import Problem, checked_pack
from domain.systems.blackstone import agendas, card_kinds, effects, hostile_rules
from domain.systems.blackstone.content import SECTIONS, Chamber, CombatCard, HexRef, Pack, PackFile, PlayCard, Weapon

BLACKSTONE_FACES = 20


def load_pack(files: Mapping[str, bytes]) -> Pack:
    """Files by name to a checked pack; ContentError naming file, field and problem."""
    return checked_pack(files, PackFile, SECTIONS, Pack, check)


def check(pack: Pack) -> Iterator[Problem]:
    """Every cross-reference and range the types alone cannot check."""
    dice = {d.name for d in pack.action_dice}
    yield from _unique(pack, "action_dice", "name")
    for i, die in enumerate(pack.action_dice):
        try:
            die.table()
        except ValueError as error:
            yield ("action_dice", i), str(error)
    yield from _unique(pack, "explorers", "name")
    for i, explorer in enumerate(pack.explorers):
        for part in ("standard", "inspired"):
            side = getattr(explorer, part)
            for stat in ("agility", "vitality", "defence"):
                if getattr(side, stat) not in dice:
                    yield ("explorers", i, part, stat), f"no action die {getattr(side, stat)!r}; known: {sorted(dice)}"
            for w, weapon in enumerate(side.weapons):
                yield from _weapon(weapon, ("explorers", i, part, "weapons", w), dice, explorer.figures())
        if explorer.size == "twin" and len(explorer.figures()) != 2:
            yield ("explorers", i, "miniatures"), "twins are two miniatures"
        if explorer.agenda is not None and explorer.agenda.kind not in agendas.KINDS:
            yield ("explorers", i, "agenda", "kind"), f"unknown agenda kind {explorer.agenda.kind!r}; known: {sorted(agendas.KINDS)}"
        if explorer.agenda is not None and explorer.agenda.amount < 1:
            yield ("explorers", i, "agenda", "amount"), "an agenda needs an amount of at least 1"
    yield from _unique(pack, "hostiles", "name")
    for i, hostile in enumerate(pack.hostiles):
        for w, weapon in enumerate(hostile.weapons):
            yield from _weapon(weapon, ("hostiles", i, "weapons", w), dice, ())
        faces = sorted(f for row in hostile.behaviour for f in range(row.rolls[0], row.rolls[1] + 1))
        if faces != list(range(1, BLACKSTONE_FACES + 1)):
            yield ("hostiles", i, "behaviour"), "the rows' rolls must cover 1 to 20, each face once"
        for r, row in enumerate(hostile.behaviour):
            if not row.columns:
                yield ("hostiles", i, "behaviour", r, "columns"), "a row needs at least one column"
        if hostile.move < 1 or hostile.wounds < 1:
            yield ("hostiles", i), "move and wounds are at least 1"
        if hostile.rules:
            yield ("hostiles", i, "rules"), "a hostile gains special rules from legacy cards (effect hostile_rule), not in its profile"
    yield from _unique(pack, "chambers", "id")
    for i, chamber in enumerate(pack.chambers):
        yield from _chamber(chamber, i)
    chambers = {c.id: c for c in pack.chambers}
    yield from _unique(pack, "combat_cards", "id")
    for i, card in enumerate(pack.combat_cards):
        for c, placed in enumerate(card.chambers):
            if placed.chamber not in chambers:
                yield ("combat_cards", i, "chambers", c, "chamber"), f"no chamber {placed.chamber!r}; known: {sorted(chambers)}"
            if not 0 <= placed.turn <= 5:
                yield ("combat_cards", i, "chambers", c, "turn"), f"a chamber turns 0 to 5 sixths, not {placed.turn}"
        owner = yield from _layout(pack.name, card, i, chambers)
        cells = set(owner)
        numbers = [m.number for m in card.markers]
        if sorted(numbers) != list(range(1, len(numbers) + 1)) or len(numbers) > 4:
            yield ("combat_cards", i, "markers"), f"discovery markers are numbered 1, 2, ... up to 4, not {numbers}"
        places = [("markers", m, marker.at) for m, marker in enumerate(card.markers)]
        places += [(field, k, at) for field in ("portals", "arrival", "ambush_hexes") for k, at in enumerate(getattr(card, field))]
        for field, k, at in places:
            if cells and tuple(at) not in cells:
                yield ("combat_cards", i, field, k), f"hex {list(at)} is on none of the card's chambers"
            elif tuple(at) in owner and owner[tuple(at)][1]:
                yield ("combat_cards", i, field, k), f"pack {pack.name!r}: hex {list(at)} is obstructed (chamber {owner[tuple(at)][0]!r})"
        if card.ambush and not card.ambush_hexes:
            yield ("combat_cards", i, "ambush_hexes"), "an ambush names the hexes the explorers are placed in"
        if not card.ambush and not card.arrival:
            yield ("combat_cards", i, "arrival"), "a combat that is no ambush names the maglev chamber's hexes"
    hostiles = {h.name for h in pack.hostiles}
    yield from _unique(pack, "encounter_cards", "id")
    for i, card in enumerate(pack.encounter_cards):
        for e, encounter in enumerate(card.encounters):
            for p, party in enumerate(encounter):
                if party.hostile not in hostiles:
                    yield ("encounter_cards", i, "encounters", e, p, "hostile"), f"no hostile {party.hostile!r}; known: {sorted(hostiles)}"
                if party.count < 1:
                    yield ("encounter_cards", i, "encounters", e, p, "count"), "at least 1"
    yield from _expedition_cards(pack, hostiles)
    yield from _spacecraft(pack)
    yield from _strongholds(pack)
    yield from _unique(pack, "one_off_difficulties", "name")
    yield from _unique(pack, "mortis_cards", "id")
    for i, level in enumerate(pack.one_off_difficulties):
        if level.clues < 0 or level.archeotech < 0:
            yield ("one_off_difficulties", i), "an objective counts 0 or more clues and archeotech points"


def _strongholds(pack: Pack) -> Iterator[Problem]:
    """Each stronghold (and the vault, one at most) meets cards the pack has, at least one, and
    artefact ids are unique across them (#STRONGHOLDS, #THE HIDDEN VAULT)."""
    cards = {c.id for c in pack.combat_cards} | {c.id for c in pack.challenge_cards}
    if len(pack.hidden_vault) > 1:
        yield ("hidden_vault",), "a pack has one hidden vault at most"
    seen: set[str] = set()
    for section in ("strongholds", "hidden_vault"):
        yield from _unique(pack, section, "id")
        for i, place in enumerate(getattr(pack, section)):
            if not place.cards:
                yield (section, i, "cards"), "at least one exploration card"
            for c, card in enumerate(place.cards):
                if card not in cards:
                    yield (section, i, "cards", c), f"no combat or challenge card {card!r}"
            for a, artefact in enumerate(place.artefacts):
                if artefact.id in seen:
                    yield (section, i, "artefacts", a, "id"), f"{artefact.id!r} appears twice"
                seen.add(artefact.id)
                yield from _play(PlayCard(artefact.id, artefact.name, "artefact", artefact.use, artefact.effect), (section, i, "artefacts", a))


def _spacecraft(pack: Pack) -> Iterator[Problem]:
    """Spacecraft and resource cards with ids unique across every deck, each card worth buying,
    and every explorer's ship one of them (#PRECIPICE, 3. Trading step)."""
    yield from _unique(pack, "spacecraft", "id")
    seen: set[str] = set()
    for i, ship in enumerate(pack.spacecraft):
        for r, card in enumerate(ship.resources):
            if card.id in seen:
                yield ("spacecraft", i, "resources", r, "id"), f"{card.id!r} appears twice"
            seen.add(card.id)
            if card.cost < 1:
                yield ("spacecraft", i, "resources", r, "cost"), "a resource card costs at least 1 trading point"
            yield from _play(PlayCard(card.id, card.name, "resource", card.use, card.effect), ("spacecraft", i, "resources", r))
    ships = sorted(s.id for s in pack.spacecraft)
    for i, explorer in enumerate(pack.explorers):
        if explorer.ship and explorer.ship not in ships:
            yield ("explorers", i, "ship"), f"no spacecraft {explorer.ship!r}; known: {ships}"


def _play(card: PlayCard, at: tuple[Any, ...]) -> Iterator[Problem]:
    """A resource or artefact card's effect: a kind of card_kinds.KINDS fitting its use."""
    for field, problem in card_kinds.problems(card):
        yield (*at, *field.split(".")), problem


def _expedition_cards(pack: Pack, hostiles: set[str]) -> Iterator[Problem]:
    """Discovery cards' points, and each challenge and legacy card's effects: a kind from the
    closed list (effects.py), in its place, with the fields it reads naming what exists."""
    yield from _unique(pack, "discovery_cards", "id")
    for i, card in enumerate(pack.discovery_cards):
        if card.kind == "archeotech" and card.points < 1:
            yield ("discovery_cards", i, "points"), "archeotech is worth at least 1 trading point"
        if card.kind == "clue" and card.points != 0:
            yield ("discovery_cards", i, "points"), "a clue is worth no trading points"
    decks = {deck: {c.id for c in getattr(pack, section)} for deck, section in effects.DECKS.items()}
    for section in (effects.CHALLENGE, effects.LEGACY):
        yield from _unique(pack, section, "id")
        for i, card in enumerate(getattr(pack, section)):
            for e, effect in enumerate(card.effects):
                at = (section, i, "effects", e)
                fields = msgspec.structs.asdict(effect)
                found = effects.problems(effect.kind, section, fields)
                for field, problem in found:
                    yield (*at, field), problem
                if found:
                    continue
                needs = effects.KINDS[effect.kind].needs
                if "hostile" in needs and effect.hostile not in hostiles:
                    yield (*at, "hostile"), f"no hostile {effect.hostile!r}; known: {sorted(hostiles)}"
                if "rule" in needs and effect.rule not in hostile_rules.RULES:
                    yield (*at, "rule"), f"no hostile rule {effect.rule!r}; known: {sorted(hostile_rules.RULES)}"
                if "deck" in needs and effect.deck not in decks:
                    yield (*at, "deck"), f"no deck {effect.deck!r}; known: {sorted(decks)}"
                elif "card" in needs and effect.card not in decks[effect.deck]:
                    yield (*at, "card"), f"no card {effect.card!r} in the {effect.deck} deck"


def _unique(pack: Pack, section: str, key: str) -> Iterator[Problem]:
    seen: set[str] = set()
    for i, item in enumerate(getattr(pack, section)):
        value = getattr(item, key)
        if value in seen:
            yield (section, i, key), f"{value!r} appears twice"
        seen.add(value)


def _weapon(weapon: Weapon, at: tuple[Any, ...], dice: set[str], figures: tuple[str, ...]) -> Iterator[Problem]:
    if not weapon.bands:
        yield (*at, "bands"), "a weapon needs at least one range band"
    if not 1 <= weapon.cost <= 6:
        yield (*at, "cost"), f"an activation die cost is 1 to 6, not {weapon.cost}"
    for b, band in enumerate(weapon.bands):
        if not 1 <= band.min <= band.max:
            yield (*at, "bands", b), f"a band runs from 1 hex up, not {band.min} to {band.max}"
        if band.die not in dice:
            yield (*at, "bands", b, "die"), f"no action die {band.die!r}; known: {sorted(dice)}"
        if band.count < 1:
            yield (*at, "bands", b, "count"), "at least 1 die"
    if unknown := [u for u in weapon.users if u not in figures]:
        yield (*at, "users"), f"no miniatures {unknown}; the explorer has {list(figures)}"


def _chamber(chamber: Chamber, i: int) -> Iterator[Problem]:
    cells = set(chamber.cells)
    if not cells:
        yield ("chambers", i, "cells"), "a chamber needs at least one hex"
    for k, at in enumerate(chamber.obstructed):
        if at not in cells:
            yield ("chambers", i, "obstructed", k), f"hex {list(at)} is not one of the chamber's"
    for field in ("walls", "barriers"):
        for k, (a, b) in enumerate(getattr(chamber, field)):
            if hx.distance(hx.Hex(*a), hx.Hex(*b)) != 1:
                yield ("chambers", i, field, k), f"hexes {list(a)} and {list(b)} share no side"
            elif a not in cells and b not in cells:
                yield ("chambers", i, field, k), f"the side of {list(a)} and {list(b)} is not on the chamber"


def _layout(pack: str, card: CombatCard, i: int, chambers: dict[str, Chamber]) -> Generator[Problem, None, dict[HexRef, tuple[str, bool]]]:
    """The card's hexes, each with the chamber it lies on and whether it is obstructed; a
    chamber laid over another's hexes is a problem (named at the lowest shared hex)."""
    owner: dict[HexRef, tuple[str, bool]] = {}
    for c, placed in enumerate(card.chambers):
        chamber = chambers.get(placed.chamber)
        if chamber is None or not 0 <= placed.turn <= 5:
            continue
        obstructed = set(chamber.obstructed)
        mine = {placed.put(ref): ref in obstructed for ref in chamber.cells}
        for other in sorted({owner[h][0] for h in mine if h in owner}):
            shared = min(h for h in mine if h in owner and owner[h][0] == other)
            yield ("combat_cards", i, "chambers", c), f"pack {pack!r}: chamber {placed.chamber!r} overlaps chamber {other!r} at hex {list(shared)}"
        owner |= {h: (placed.chamber, blocked) for h, blocked in mine.items() if h not in owner}
    return owner
