"""The event phase (blackstone-fortress.md#COMBAT, 4. Event phase; #EVENT PHASE; #EVENT TABLE):
the end-of-combat check, the leader's event roll, and each event's effect. Where an event lets
the leader pick among several (an explorer, a slain hostile, a marker, equally far portals),
the roll waits for `ResolveEvent`; with one choice or none it takes effect at once."""

from __future__ import annotations

from collections.abc import Callable

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import DiceRolled, Event
from domain.kit import decks, pools
from domain.kit.boards import hex as hx
from domain.systems.blackstone import battlefield as bf
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import inspiration
from domain.systems.blackstone.combat import BLACKSTONE
from domain.systems.blackstone.commands import ResolveEvent
from domain.systems.blackstone.evolve import evolve
from domain.systems.blackstone.explorer_actions import vitality_roll
from domain.systems.blackstone.state import EXPLORER, HOSTILE, Battle
from domain.systems.blackstone.versions import rule

TABLE = rule("EVENT TABLE")
ENCOUNTER_RESHUFFLE = "shuffle the encounter cards back into the deck"
#: The event table by blackstone die face.
EVENT_TABLE = pools.bands(
    BLACKSTONE,
    [
        (1, 1, "all_is_dust"),
        (2, 3, "unfulfilled_destiny"),
        (4, 6, "not_dead_yet"),
        (7, 10, "changing_conditions"),
        (11, 14, "escape_chamber"),
        (15, 17, "inspiration"),
        (18, 19, "heroic_effort"),
        (20, 20, "lucky_find"),
    ],
)


def roll_event(battle: Battle, dice: DiceBox, actor: str) -> list[Event]:
    """The combat ends first if it is over; else the event roll and its effect, or the wait
    for the leader's pick."""
    if battle.phase != "event":
        raise RuleError("not_event_phase", rule("COMBAT"), params={"phase": battle.phase})
    if (outcome := combat_over(battle)) is not None:
        return [ev.CombatEnded(outcome), *reshuffle_encounters(battle, dice, actor)]
    roll: DiceRolled = dice.roll([BLACKSTONE], purpose="event roll", rule=TABLE, actor=actor)
    name = pools.outcome(EVENT_TABLE, roll.results[0])
    events: list[Event] = [roll, ev.EventRolled(roll.results[0], name)]
    options = choices(battle, name)
    if len(options) > 1:
        return [*events, ev.EventChoiceAwaited(name, options)]
    return events + EFFECTS[name](battle, options[0] if options else "", dice, actor)


def reshuffle_encounters(battle: Battle, dice: DiceBox, actor: str) -> list[Event]:
    """#EVENT PHASE: when the combat ends, the encounter cards drawn go back into the deck and it
    is shuffled (hidden, as at set-up); with none drawn the deck is left as it is."""
    if not battle.encounter.discard_pile:
        return []
    return [decks.reshuffle(battle.encounter, dice, purpose=ENCOUNTER_RESHUFFLE, rule=rule("EVENT PHASE"), actor=actor)]


def resolve_event(battle: Battle, command: ResolveEvent, dice: DiceBox, actor: str) -> list[Event]:
    pending = battle.pending
    if battle.phase != "event_choice" or pending is None:
        raise RuleError("no_event_to_resolve", TABLE, params={"phase": battle.phase})
    if command.pick not in pending.options:
        raise RuleError("not_an_option", TABLE, params={"event": pending.event, "pick": command.pick, "options": list(pending.options)})
    return [ev.EventResolved(pending.event, command.pick), *EFFECTS[pending.event](battle, command.pick, dice, actor)]


def combat_over(battle: Battle) -> str | None:
    """#EVENT PHASE: every explorer out of action ("defeat"), or every one still in action in an
    escape chamber ("escaped"). An escape chamber is the hex of the portal it replaced and the
    hexes round it (a chamber is more than one hex; the maglev chamber holds a party)."""
    standing = [t for t in battle.tracks.values() if not t.out_of_action]
    if not standing:
        return "defeat"
    aboard = {c for e in battle.escapes for c in hx.area(e, 1)}
    if aboard and all(battle.miniatures[m].at in aboard for t in standing for m in t.miniatures):
        return "escaped"
    return None


def choices(battle: Battle, name: str) -> list[str]:
    """What the leader may pick for the event; empty when it needs no pick or has no effect."""
    in_action = [t.id for t in battle.tracks.values() if not t.out_of_action]
    if name == "all_is_dust":
        return [str(m.number) for m in battle.markers]
    if name == "not_dead_yet":
        return sorted(m.id for m in battle.miniatures.values() if m.side == HOSTILE and m.slain and not m.returned and return_hex(battle, m.size))
    if name == "escape_chamber":
        return [] if battle.escape_called else furthest_portals(battle)
    if name in ("inspiration", "lucky_find"):
        return in_action
    if name == "heroic_effort":
        return [t.id for t in battle.tracks.values() if t.out_of_action] or in_action
    return []


def furthest_portals(battle: Battle) -> list[str]:
    """The portals furthest (by route) from the closest explorer, as "q,r"."""
    explorers = [m.at for m in battle.side(EXPLORER)]

    def gap(portal: hx.Hex) -> int:
        found = [d for e in explorers if (d := bf.route_distance(battle, e, portal)) is not None]
        return min(found, default=0)

    if not battle.portals:
        return []
    far = max(gap(p) for p in battle.portals)
    return [f"{p.q},{p.r}" for p in battle.portals if gap(p) == far]


def return_hex(battle: Battle, size: str) -> hx.Hex | None:
    """The hex, with room for `size`, closest (in hexes) to an explorer on the board; ties: the
    lowest (q, r)."""
    spots = [m.at for m in battle.side(EXPLORER)]
    cells = [c for c in battle.board.cells if bf.room_for(battle, size, c)]
    if not cells or not spots:
        return None
    return min(cells, key=lambda c: (min(hx.distance(c, s) for s in spots), c))


def all_is_dust(battle: Battle, pick: str, _dice: DiceBox, _actor: str) -> list[Event]:
    """A discovery marker discarded; with none left, each explorer loses 1 point (none below 0)."""
    if pick:
        return [ev.MarkerDiscarded(int(pick))]
    return [ev.InspirationLost(t.id, 1) for t in battle.tracks.values() if t.inspiration > 0]


def unfulfilled_destiny(_battle: Battle, _pick: str, _dice: DiceBox, _actor: str) -> list[Event]:
    return [ev.DestinyForgone()]


def not_dead_yet(battle: Battle, pick: str, _dice: DiceBox, _actor: str) -> list[Event]:
    """A hostile slain in this combat, not yet returned, deployed as close to an explorer as it can."""
    if not pick:
        return []
    cell = return_hex(battle, battle.miniatures[pick].size)
    assert cell is not None  # choices() offers only hostiles with room
    return [ev.HostileReturned(pick, cell.q, cell.r)]


def changing_conditions(battle: Battle, _pick: str, _dice: DiceBox, _actor: str) -> list[Event]:
    """An encounter card drawn (marker 0: deployed nowhere); its twist, if any, holds to the end."""
    if not battle.encounter.draw_pile:
        return []
    (card,), _ = decks.draw(battle.encounter, 1, rule=TABLE)
    twist = battle.encounter_cards[card].twist
    return [ev.EncounterDrawn(0, card), *([ev.TwistDrawn(card, twist)] if twist else [])]


def escape_chamber(_battle: Battle, pick: str, _dice: DiceBox, _actor: str) -> list[Event]:
    if not pick:
        return []
    q, r = (int(v) for v in pick.split(","))
    return [ev.EscapeChamberPlaced(q, r, "event")]


def inspired(battle: Battle, pick: str, _dice: DiceBox, _actor: str) -> list[Event]:
    return inspiration.gain(battle.tracks[pick]) if pick else []


def heroic_effort(battle: Battle, pick: str, dice: DiceBox, actor: str) -> list[Event]:
    """An out of action explorer back on the battlefield, each miniature in another explorer's
    hex or as close as it fits, then its vitality roll; with none out of action, a vitality roll."""
    if not pick:
        return []
    events: list[Event] = []
    if battle.tracks[pick].out_of_action:
        events.append(ev.BackInAction(pick))
        battle = evolve(battle, events[0])
        for mini in battle.tracks[pick].miniatures:
            size = battle.miniatures[mini].size
            cell = return_hex(battle, size)
            if cell is None:
                break
            placed = ev.MiniaturePlaced(mini, cell.q, cell.r)
            events.append(placed)
            battle = evolve(battle, placed)
    return events + vitality_roll(battle, battle.tracks[pick], dice, actor)


def lucky_find(_battle: Battle, pick: str, _dice: DiceBox, _actor: str) -> list[Event]:
    return [ev.DiscoveryTaken(pick, 0)] if pick else []


EFFECTS: dict[str, Callable[[Battle, str, DiceBox, str], list[Event]]] = {
    "all_is_dust": all_is_dust,
    "unfulfilled_destiny": unfulfilled_destiny,
    "not_dead_yet": not_dead_yet,
    "changing_conditions": changing_conditions,
    "escape_chamber": escape_chamber,
    "inspiration": inspired,
    "heroic_effort": heroic_effort,
    "lucky_find": lucky_find,
}
