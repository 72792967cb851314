"""The combat turn (blackstone-fortress.md#COMBAT): the destiny phase, the initiative phase,
the explorers' activations with their actions, the end of an activation, the event phase."""

from __future__ import annotations

from collections import Counter

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.kit import decks, pools
from domain.kit.boards import hex as hx
from domain.systems.blackstone import battlefield as bf
from domain.systems.blackstone import agendas, card_kinds, inspiration, rerolls, twists
from domain.systems.blackstone import events as ev
from domain.systems.blackstone.commands import Attack, EndActivation, ExplorerCommand, Move
from domain.systems.blackstone.content import Weapon
from domain.systems.blackstone.evolve import evolve
from domain.systems.blackstone.state import HOSTILE, Battle, Miniature, Track, group_card, side_of
from domain.systems.blackstone.stun import stun
from domain.systems.blackstone.wounds import suffer
from domain.systems.blackstone.versions import rule

DESTINY_DICE = 5
#: An explorer spends at most 2 destiny dice a turn (blackstone-fortress.md#COMBAT, 3. Activation phase).
DESTINY_PER_TURN = 2
#: A slain total from which the inspiration point comes without a roll (#INSPIRATION ROLL).
SURE_INSPIRATION = 20
BLACKSTONE = 20

# -- destiny and initiative ------------------------------------------------------------------------


def start_turn(battle: Battle, dice: DiceBox, actor: str) -> list[Event]:
    if battle.phase not in ("deployment", "turn_over"):
        raise RuleError("turn_running", rule("COMBAT"), params={"turn": battle.turn, "phase": battle.phase})
    turn = battle.turn + 1
    events: list[Event] = [ev.TurnStarted(turn)]
    if not battle.no_destiny:  # #EVENT TABLE, Unfulfilled destiny: no roll this turn
        roll = dice.roll([6] * DESTINY_DICE, purpose="destiny dice", rule=rule("COMBAT"), actor=actor)
        events += [roll, ev.DestinyRolled(roll.results, unique_faces(roll.results))]
    for track in sorted(battle.tracks.values(), key=lambda t: t.id):
        if track.out_of_action:
            continue
        spaces = track.empty_spaces
        faces: list[int] = []
        if spaces:
            activation = dice.roll([6] * spaces, purpose=f"activation roll: {track.id}", rule=rule("COMBAT"), actor=actor, unit=track.id)
            events.append(activation)
            faces = activation.results
        events.append(ev.ActivationRolled(track.id, faces))
    order: list[str] = []
    for cards in initiative_piles(battle, turn):
        shuffle = decks.shuffle(decks.Deck("initiative", tuple(cards), hidden=True), dice, purpose="shuffle the initiative deck", rule=rule("COMBAT"), actor=actor)
        events.append(shuffle)
        order += decks.order_of(shuffle)
    events.append(ev.InitiativeDealt(order))
    return events


def unique_faces(faces: list[int]) -> list[int]:
    """Destiny dice showing a number no other die shows are kept (#COMBAT, 1. Destiny phase)."""
    counts = Counter(faces)
    return sorted(f for f in faces if counts[f] == 1)


def initiative_piles(battle: Battle, turn: int) -> list[list[str]]:
    """The cards shuffled for the initiative deck, as one pile, or on an ambush's first turn the
    hostile groups' pile dealt before the explorers' (#COMBAT, 2. Initiative phase)."""
    explorers = sorted(t.id for t in battle.tracks.values() if not t.out_of_action)
    groups = sorted(group_card(n) for n in {m.group for m in battle.miniatures.values() if m.side == HOSTILE})
    if battle.card.ambush and turn == 1:
        return [p for p in (groups, explorers) if p]
    return [explorers + groups]


def begin_activations(battle: Battle) -> list[Event]:
    if battle.phase != "initiative":
        raise RuleError("not_initiative_phase", rule("COMBAT"), params={"phase": battle.phase})
    return [ev.ActivationsBegun(battle.order[0])]


# -- explorer actions ----------------------------------------------------------------------------------


def activating(battle: Battle, unit: str) -> Track:
    """The explorer, if its initiative card is up."""
    track = battle.tracks.get(unit)
    if track is None:
        raise RuleError("unknown_explorer", rule("COMBAT"), params={"names": [unit], "known": sorted(battle.tracks)})
    if battle.current != unit:
        raise RuleError("not_your_activation", rule("COMBAT"), params={"unit": unit, "current": battle.current or battle.phase})
    return track


def acting(battle: Battle, command: ExplorerCommand, *, standing_up: bool = False) -> tuple[Track, Miniature]:
    """The explorer whose initiative card is up, and the miniature the command moves; a stunned
    one must stand up before anything else (#ATTACKS, Stunned)."""
    track = activating(battle, command.unit)
    name = command.miniature or (track.miniatures[0] if len(track.miniatures) == 1 else "")
    if name not in track.miniatures:
        raise RuleError("which_miniature", rule("THE RATLING TWINS"), params={"unit": command.unit, "miniatures": list(track.miniatures)})
    mini = battle.miniatures[name]
    if not mini.on_board:
        raise RuleError("off_the_board", rule("WOUNDS"), params={"miniature": name})
    if mini.stunned and not standing_up:
        raise RuleError("stunned", rule("ATTACKS"), params={"miniature": name})
    return track, mini


def spend(battle: Battle, track: Track, value: int, destiny: bool, cost: int, action: str) -> ev.DieSpent:
    """One activation die of at least `cost` (#COMBAT, 3. Activation phase), or an available
    destiny die, at most 2 of them an explorer's turn."""
    if value < cost:
        raise RuleError("die_too_low", rule("COMBAT"), params={"action": action, "cost": cost, "value": value})
    if destiny:
        if value not in battle.destiny:
            raise RuleError("no_such_destiny_die", rule("COMBAT"), params={"value": value, "available": list(battle.destiny)})
        if track.destiny_spent >= DESTINY_PER_TURN:
            raise RuleError("destiny_limit", rule("COMBAT"), params={"unit": track.id, "limit": DESTINY_PER_TURN})
    elif value not in track.dice:
        raise RuleError("die_not_on_track", rule("COMBAT"), params={"value": value, "dice": list(track.dice)})
    return ev.DieSpent(track.id, value, destiny, action)


def move(battle: Battle, command: Move) -> list[Event]:
    """Move (1+): up to MOVE hexes (blackstone-fortress.md#EXPLORER ACTIONS, Move)."""
    track, mini = acting(battle, command)
    paid = spend(battle, track, command.die, command.destiny, 1, "move")
    goal = hx.Hex(command.q, command.r)
    steps = side_of(battle, track).move
    found = bf.route(battle, mini, goal, max_cost=steps)
    if found is None or found.cost == 0:
        raise RuleError("no_route", rule("EXPLORER ACTIONS"), params={"miniature": mini.id, "q": goal.q, "r": goal.r, "move": steps})
    return [paid, ev.Moved(mini.id, list(found.cells))]


def attack(battle: Battle, command: Attack, dice: DiceBox, actor: str) -> list[Event]:
    """A weapon action (#EXPLORER ACTIONS), resolved by #ATTACKS; an extra die aims (1+). A
    cheaper_weapons card lowers the die it needs (#RESOURCE CARDS, card_kinds.weapon_cost)."""
    track, mini = acting(battle, command)
    weapon = weapon_of(battle, track, mini, command.weapon)
    target = battle.miniatures.get(command.target)
    if target is None or not target.on_board or target.side != HOSTILE:
        raise RuleError("no_such_target", rule("ATTACKS"), params={"target": command.target})
    cost, cheaper = card_kinds.weapon_cost(battle, track, weapon.cost)
    events: list[Event] = [*cheaper, spend(battle, track, command.die, command.destiny, cost, "weapon")]
    if command.aim is not None:
        rest = evolve(battle, events[-1])
        events.append(spend(rest, rest.tracks[track.id], command.aim, command.aim_destiny, 1, "aim"))
    shooters = [battle.miniatures[m] for m in track.miniatures if battle.miniatures[m].on_board]
    reroller = track if command.reroll else None
    return events + resolve_attack(battle, mini, target, weapon, dice, actor, aimed=command.aim is not None, cover_from=shooters, reroller=reroller)


def weapon_of(battle: Battle, track: Track, mini: Miniature, name: str) -> Weapon:
    """One of the explorer's weapons, carried by the miniature (Rein and Raus's rifle is Rein's)."""
    weapon = next((w for w in side_of(battle, track).weapons if w.name == name), None)
    if weapon is None:
        raise RuleError("no_such_weapon", rule("EXPLORER ACTIONS"), params={"weapon": name, "known": [w.name for w in side_of(battle, track).weapons]})
    if weapon.users and mini.name not in weapon.users:
        raise RuleError("not_this_miniatures_weapon", rule("THE RATLING TWINS"), params={"weapon": weapon.name, "miniature": mini.name})
    return weapon


def resolve_attack(
    battle: Battle,
    attacker: Miniature,
    target: Miniature,
    weapon: Weapon,
    dice: DiceBox,
    actor: str,
    *,
    aimed: bool,
    cover_from: list[Miniature] | None = None,
    reroller: Track | None = None,
) -> list[Event]:
    """blackstone-fortress.md#ATTACKS: a visible target (an adjacent visible enemy first),
    range in hexes, the band's dice, cover downgrading each die, then the wounds.
    `cover_from`: the target is in cover only if in cover from each of them (Rein and Raus), and
    never from an explorer holding an ignore_cover card that fits the range (card_kinds.py);
    `reroller`: the explorer re-rolling failures with inspiration (rerolls.py)."""
    assert attacker.at is not None and target.at is not None
    if not bf.sees(battle, attacker.at, target.at):
        raise RuleError("not_visible", rule("ATTACKS"), params={"attacker": attacker.id, "target": target.id})
    adjacent = sorted(m.id for m in bf.enemies(battle, attacker.side) if hx.distance(m.at, attacker.at) == 1 and bf.sees(battle, attacker.at, m.at))
    if adjacent and target.id not in adjacent:
        raise RuleError("must_attack_adjacent", rule("ATTACKS"), params={"attacker": attacker.id, "adjacent": adjacent})
    hexes = hx.distance(attacker.at, target.at)
    band = weapon.band(hexes)
    if band is None:
        raise RuleError("out_of_range", rule("ATTACKS"), params={"weapon": weapon.name, "range": hexes, "reach": weapon.reach})
    table = battle.action_dice[band.die].table()
    events: list[Event] = []
    free = 0
    watchers = [m.at for m in (cover_from or [attacker])]
    cover = not aimed and all(bf.covered(battle, w, target.at) for w in watchers)
    if attacker.explorer:
        track = battle.tracks[attacker.explorer]
        events += card_kinds.attack_bonus(battle, track, hexes)
        bonus, free = track.bonus_dice + sum(e.amount for e in events), track.free_rerolls
        ignoring = card_kinds.cover_ignored(battle, track, hexes) if cover else []
        events, cover = events + ignoring, cover and not ignoring
    else:
        bonus = twists.hostile_extra_dice(battle, hexes)
    purpose = f"attack: {attacker.id} with {weapon.name} at {target.id}"
    rolled, faces = rerolls.action_roll(
        battle, band.die, band.count + bonus, dice, purpose=purpose, rule=rule("ATTACKS"), actor=actor, unit=attacker.id, reroller=reroller, free=(attacker.explorer, free),
        counts_as=downgraded if cover else None,
    )  # fmt: skip
    events += rolled
    outcomes = [downgraded(o) if cover else o for o in pools.classify(table, faces)]
    wounds, grievous = outcomes.count(pools.SUCCESS), outcomes.count(pools.CRITICAL)
    events.append(ev.AttackMade(attacker.id, target.id, weapon.name, hexes, band.die, faces, outcomes, cover, wounds, grievous))
    if wounds or grievous:
        by = attacker.explorer or attacker.id
        suffered = suffer(battle, target, wounds, grievous, by=by, dice=dice, actor=actor)
        events += suffered
        if weapon.stun:
            events += stun_if_wounded(battle, target.id, suffered, by=by, dice=dice, actor=actor)
        if target.explorer and hexes == 1:
            events += wound_back(battle, attacker, target, suffered, dice=dice, actor=actor)
    return events


def wound_back(battle: Battle, attacker: Miniature, target: Miniature, suffered: list[Event], *, dice: DiceBox, actor: str) -> list[Event]:
    """An explorer wounded at 1 hex, still in action, holding retaliate cards (#RESOURCE CARDS,
    card_kinds.py): the hostile suffers their wounds, as if from the explorer's attack."""
    after = battle
    for event in suffered:
        after = evolve(after, event)
    track = after.tracks[target.explorer]
    cards = card_kinds.retaliation(after, track)
    hostile = after.miniatures[attacker.id]
    if not cards or track.out_of_action or not hostile.on_board or not any(isinstance(e, ev.Wounded) and e.wounds + e.grievous for e in suffered):
        return []
    return [*card_kinds.applied(track.id, cards), *suffer(after, hostile, sum(c.effect.amount for c in cards), 0, by=track.id, dice=dice, actor=actor)]


def stun_if_wounded(battle: Battle, target: str, suffered: list[Event], *, by: str, dice: DiceBox, actor: str) -> list[Event]:
    """A stunning weapon (#ATTACKS, Stunned) stuns the miniature its attack wounded (after cover
    and defence rolls) if it is still on the board."""
    after = battle
    for event in suffered:
        after = evolve(after, event)
    mini = after.miniatures[target]
    if not mini.on_board or not any(isinstance(e, ev.Wounded) and e.wounds + e.grievous for e in suffered):
        return []
    return stun(after, mini, by=by, dice=dice, actor=actor)


def downgraded(outcome: str) -> str:
    """In cover, a success counts as a failure and a critical success as a success (#ATTACKS, Cover)."""
    return {pools.CRITICAL: pools.SUCCESS, pools.SUCCESS: pools.FAILURE}.get(outcome, outcome)


# -- the end of an activation ----------------------------------------------------------------------


def end_activation(battle: Battle, command: EndActivation, dice: DiceBox, actor: str) -> list[Event]:
    """#OVERWATCH: unspent dice, 1s removed and the rest 1 lower, are kept as overwatch dice;
    then #INSPIRATION ROLL if it slew hostiles in this activation, and its secret agenda
    (#INSPIRATION) if achieved."""
    track = activating(battle, command.unit)
    overwatch = sorted(v - 1 for v in track.dice if v != 1)
    events: list[Event] = []
    if track.slain_wounds:
        gained = track.slain_wounds >= SURE_INSPIRATION
        if not gained:
            roll = dice.roll([BLACKSTONE], purpose=f"inspiration roll: {track.id}", rule=rule("INSPIRATION ROLL"), actor=actor, unit=track.id)
            events.append(roll)
            gained = roll.results[0] <= track.slain_wounds
        if gained:
            events += inspiration.gain(track)
    events += agendas.achieved(battle, track)
    events.append(ev.ActivationEnded(track.id, overwatch))
    return events + after_activation(battle)


def after_activation(battle: Battle) -> list[Event]:
    """The event phase follows the last initiative card (#COMBAT, 3. Activation phase)."""
    return [ev.EventPhaseStarted(battle.turn)] if battle.next + 1 >= len(battle.order) else []

