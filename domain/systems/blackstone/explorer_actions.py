"""The explorer actions besides Move and weapon actions (blackstone-fortress.md#EXPLORER
ACTIONS): Recuperate, Search, Summon and the explorers' unique actions, each with its cost;
and standing up when stunned (#ATTACKS, Stunned)."""

from __future__ import annotations

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.kit import pools
from domain.kit.boards import hex as hx
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import inspiration, rerolls, twists
from domain.systems.blackstone.battlefield import enemies, sees
from domain.systems.blackstone.combat import acting, activating, spend
from domain.systems.blackstone.commands import Recuperate, Search, StandUp, Summon, Unique
from domain.systems.blackstone.state import Battle, Track, side_of
from domain.systems.blackstone.versions import rule

ACTIONS = rule("EXPLORER ACTIONS")
RECUPERATE, SEARCH, SUMMON = 1, 4, 4
#: blackstone-fortress.md#INSPIRATION: searching a hex without a discovery marker costs 3 points.
SEARCH_WITHOUT_MARKER = 3
#: Wounds a vitality roll heals, by its outcome (#EXPLORATION ROUNDS, Vitality rolls).
HEALS = {pools.FAILURE: 0, pools.SUCCESS: 1, pools.CRITICAL: 2}


def card_action(battle: Battle, command: Recuperate | Unique) -> Track:
    """An action of the explorer, not of one miniature: the twins need not name one."""
    track = activating(battle, command.unit)
    return acting(battle, command)[0] if command.miniature or len(track.miniatures) == 1 else track


def recuperate(battle: Battle, command: Recuperate, dice: DiceBox, actor: str) -> list[Event]:
    """Recuperate (1+): a vitality roll."""
    track = card_action(battle, command)
    return [spend(battle, track, command.die, command.destiny, RECUPERATE, "recuperate"), *vitality_roll(battle, track, dice, actor, reroll=command.reroll)]


def vitality_roll(battle: Battle, track: Track, dice: DiceBox, actor: str, *, reroll: bool = False) -> list[Event]:
    """The VITALITY action die: a success heals 1 wound, a critical success up to 2; grievous
    wounds are not healed during a combat (#WOUNDS)."""
    die = side_of(battle, track).vitality
    events, faces = rerolls.action_roll(battle, die, 1, dice, purpose=f"vitality roll: {track.id}", rule=ACTIONS, actor=actor, unit=track.id, reroller=track if reroll else None)
    outcome = pools.outcome(battle.action_dice[die].table(), faces[0])
    events.append(ev.VitalityRolled(track.id, die, faces[0], outcome))
    healed = min(HEALS[outcome], track.wounds)
    return events + ([ev.Healed(track.id, healed)] if healed else [])


def search(battle: Battle, command: Search) -> list[Event]:
    """Search (4+): in a discovery marker's hex (the marker goes), or anywhere for 3
    inspiration points; never next to a hostile the explorer sees. The card is the
    expedition's discovery deck's (part 2); the combat counts it."""
    track, mini = acting(battle, command)
    assert mini.at is not None
    watched = sorted(h.id for h in enemies(battle, mini.side) if hx.distance(h.at, mini.at) == 1 and sees(battle, mini.at, h.at))
    if watched:
        raise RuleError("hostile_adjacent", ACTIONS, params={"miniature": mini.id, "hostiles": watched})
    paid = spend(battle, track, command.die, command.destiny, SEARCH, "search")
    marker = next((m.number for m in battle.markers if hx.Hex(*m.at) == mini.at), 0)
    if marker:
        return [paid, ev.DiscoveryTaken(track.id, marker)]
    if not command.inspiration:
        raise RuleError("no_discovery_marker", ACTIONS, params={"miniature": mini.id, "q": mini.at.q, "r": mini.at.r})
    return [paid, inspiration.spend(track, SEARCH_WITHOUT_MARKER, "search"), ev.DiscoveryTaken(track.id, 0)]


def summon(battle: Battle, command: Summon) -> list[Event]:
    """Summon (4+): a portal in a hex next to the miniature becomes an escape chamber; not while
    a twist forbids it (#EVENT TABLE, Changing conditions)."""
    track, mini = acting(battle, command)
    if forbidding := twists.holding(battle, "no_summon"):
        card = forbidding[0][0]
        raise RuleError("summon_forbidden", rule("EVENT TABLE"), params={"card": card.name, "twist": card.twist})
    portal = hx.Hex(command.q, command.r)
    assert mini.at is not None
    if portal not in battle.portals or hx.distance(portal, mini.at) > 1:
        raise RuleError("no_portal_adjacent", ACTIONS, params={"miniature": mini.id, "q": portal.q, "r": portal.r, "portals": [[p.q, p.r] for p in battle.portals]})
    return [spend(battle, track, command.die, command.destiny, SUMMON, "summon"), ev.EscapeChamberPlaced(portal.q, portal.r, track.id)]


def unique(battle: Battle, command: Unique) -> list[Event]:
    """An explorer's unique action at its content cost; its effect as content gives it."""
    track = card_action(battle, command)
    known = side_of(battle, track).actions
    action = next((a for a in known if a.name == command.action), None)
    if action is None:
        raise RuleError("no_such_action", ACTIONS, params={"action": command.action, "known": [a.name for a in known]})
    events: list[Event] = [spend(battle, track, command.die, command.destiny, action.cost, action.name), ev.UniqueActionTaken(track.id, action.name, action.effect, action.amount)]
    if action.effect == "heal" and (healed := min(action.amount, track.wounds)):
        events.append(ev.Healed(track.id, healed))
    return events


def stand_up(battle: Battle, command: StandUp) -> list[Event]:
    """A stunned miniature, next activated, discards an activation die to stand up (#ATTACKS,
    Stunned): any die of the card, not a destiny die (it is discarded, not spent on an action)."""
    track, mini = acting(battle, command, standing_up=True)
    if not mini.stunned:
        raise RuleError("not_stunned", rule("ATTACKS"), params={"miniature": mini.id})
    return [spend(battle, track, command.die, False, 1, "stand up"), ev.StoodUp(mini.id)]
