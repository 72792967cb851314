"""Hostile groups' activations (blackstone-fortress.md#HOSTILE ACTIONS, #HOSTILE ACTIVATIONS,
#HOSTILE MOVEMENT AND ATTACKS, #BASIC HOSTILE ACTIONS, #REINFORCEMENTS): the reinforcement roll
and deployment next to a portal, then each hostile from the closest to an explorer to the
furthest, its behaviour roll and the action of the first column that applies.

Overwatch (#OVERWATCH): after each hostile's move, attack or deployment the explorers may be
offered overwatch (`overwatch.after_hostile`); the activation then pauses with the steps still
to come kept in `HostileTurn.steps`, and `ResumeHostiles` carries it on once they answered.

Where the rules leave a pick to the hostile player, the workers take it by one fixed rule,
written in docs/blackstone-rules-notes.md: equal hostiles, explorers and hexes go by the lowest
id or (q, r). A human hostile player is offered it as a pending choice instead: the order of
equally close hostiles (`HostileOrderTied`, answered by `PickHostile`), a target or a hex
(`HostileChoiceAwaited`, answered by `PickTarget`, `PickWeapon` or `PickHex`; the step is taken
again with the picks, so a step chooses before it records anything).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.events import Event
from domain.kit import choices, stacking
from domain.kit.boards import hex as hx
from domain.systems.blackstone import battlefield as bf
from domain.systems.blackstone import events as ev
from domain.systems.blackstone import overwatch
from domain.systems.blackstone.combat import BLACKSTONE, after_activation, resolve_attack
from domain.systems.blackstone.commands import ActivateHostiles, PickHex, PickHostile, PickTarget, PickWeapon, ResumeHostiles
from domain.systems.blackstone.content import Weapon
from domain.systems.blackstone.evolve import Folding
from domain.systems.blackstone.state import EXPLORER, HOSTILE, PICKED, Battle, Miniature
from domain.systems.blackstone.versions import rule

SIZES = ("small", "large", "huge")
#: blackstone-fortress.md#REINFORCEMENTS: blackstone die face -> slain hostiles returned, by
#: the size of the smallest slain hostile of the group; faces not listed return none.
REINFORCEMENTS = {"small": {1: 6, 2: 4, 3: 2}, "large": {1: 4, 2: 2, 3: 2}, "huge": {1: 1}}
FAR = 10**6
#: One step of a hostile action, and the hostile taking it.
Step = tuple[str, str]
#: The kinds of the hostile player's picks: the next hostile, a target, a weapon, a hex.
NEXT, TARGET, WEAPON, HEX = "next_hostile", "target", "weapon", "hex"


class ChoiceNeeded(Exception):
    """A step reached a pick the hostile player makes: the group waits (see `run`)."""

    def __init__(self, kind: str, options: list[str]) -> None:
        super().__init__(kind)
        self.kind, self.options = kind, options


def choose(done: Resolution, kind: str, options: list[str]) -> str:
    """One of equally valid `options`, the workers' pick first: theirs with no hostile player;
    else the hostile player's answer, or ChoiceNeeded when there is none yet."""
    if len(options) == 1 or not done.battle.hostile_player:
        return options[0]
    if kind not in done.picks:
        raise ChoiceNeeded(kind, options)
    pick = done.picks.pop(kind)
    assert pick in options, (pick, options)
    done.picked[kind] = pick
    return pick


class Resolution(Folding):
    """A group's activation so far; `picks` are the hostile player's answers (by kind) for the
    step taken again, `picked` those the current step used (kept if it waits for another)."""

    def __init__(self, battle: Battle, picks: dict[str, str] | None = None) -> None:
        super().__init__(battle)
        self.picks = dict(picks or {})
        self.picked: dict[str, str] = {}

    def mini(self, mini_id: str) -> Miniature:
        return self.battle.miniatures[mini_id]


# -- the group's activation ------------------------------------------------------------------------


def activate_group(battle: Battle, command: ActivateHostiles, dice: DiceBox, actor: str) -> list[Event]:
    """#HOSTILE ACTIONS: the group's card is up; reinforcements first, then its hostiles."""
    if battle.current != command.card or command.card in battle.tracks:
        raise RuleError("not_this_groups_turn", rule("HOSTILE ACTIONS"), params={"card": command.card, "current": battle.current or battle.phase})
    if battle.hostile_turn is not None:
        raise RuleError("group_activating", rule("HOSTILE ACTIVATIONS"), params={"card": battle.hostile_turn.card})
    group = group_number(battle, command.card)
    done = Resolution(battle)
    done.add(ev.HostileActivationBegun(command.card, group, [m.id for m in members(battle, group) if m.on_board]))
    carry_on(done, reinforce(done, group, dice, actor), dice, actor)
    return done.events


def pick_hostile(battle: Battle, command: PickHostile, dice: DiceBox, actor: str) -> list[Event]:
    """The hostile player's answer to a tie in the order (#HOSTILE ACTIVATIONS); then on."""
    turn = battle.hostile_turn
    choices.check_answer(turn.pending if turn else None, battle.hostile_player, command.miniature, rule=rule("HOSTILE ACTIVATIONS"), kind=NEXT)
    done = Resolution(battle)
    carry_on(done, activate(done, command.miniature, dice, actor), dice, actor)
    return done.events


def pick_target(battle: Battle, command: PickTarget, dice: DiceBox, actor: str) -> list[Event]:
    """The hostile player's target "as they see fit" (#HOSTILE MOVEMENT AND ATTACKS); then on."""
    return answer(battle, TARGET, command.target, dice, actor)


def pick_weapon(battle: Battle, command: PickWeapon, dice: DiceBox, actor: str) -> list[Event]:
    """The hostile player's weapon among those that reach the target ("a weapon it carries")."""
    return answer(battle, WEAPON, command.weapon, dice, actor)


def pick_hex(battle: Battle, command: PickHex, dice: DiceBox, actor: str) -> list[Event]:
    """The hostile player's hex for a move or a deployment among equal ones; then on."""
    return answer(battle, HEX, bf.hex_option(hx.Hex(command.q, command.r)), dice, actor)


def answer(battle: Battle, kind: str, option: str, dice: DiceBox, actor: str) -> list[Event]:
    """The waiting step is taken again with the pick, then the group goes on."""
    turn = battle.hostile_turn
    pending = turn.pending if turn else None
    section = "REINFORCEMENTS" if pending and pending.context.get("step") == "deploy" else "HOSTILE MOVEMENT AND ATTACKS"
    choices.check_answer(pending, battle.hostile_player, option, rule=rule(section), kind=kind)
    assert turn is not None and pending is not None
    earlier = {k.removeprefix(PICKED): v for k, v in pending.context.items() if k.startswith(PICKED)}
    done = Resolution(battle, picks={**earlier, kind: option})
    done.add(ev.HostileChoiceMade(kind, pending.context["miniature"], option))
    carry_on(done, list(turn.steps), dice, actor)
    return done.events


def resume(battle: Battle, command: ResumeHostiles, dice: DiceBox, actor: str) -> list[Event]:
    """#OVERWATCH: the explorers offered overwatch have all answered; the group's activation
    goes on with the steps it paused before."""
    turn = battle.hostile_turn
    if turn is None or turn.card != command.card or not turn.paused:
        raise RuleError("group_not_paused", rule("HOSTILE ACTIVATIONS"), params={"card": command.card})
    if battle.watch is not None:
        raise RuleError("overwatch_waiting", overwatch.OVERWATCH, params={"waiting": list(battle.watch.waiting)})
    done = Resolution(battle)
    done.add(ev.HostilesResumed(turn.card))
    carry_on(done, list(turn.steps), dice, actor)
    return done.events


def group_number(battle: Battle, card: str) -> int:
    return next(m.group for m in battle.miniatures.values() if m.side == HOSTILE and f"group-{m.group}" == card)


def members(battle: Battle, group: int) -> list[Miniature]:
    return sorted((m for m in battle.miniatures.values() if m.side == HOSTILE and m.group == group), key=lambda m: m.id)


def carry_on(done: Resolution, steps: list[Step], dice: DiceBox, actor: str) -> None:
    """Take the steps under way, then activate the waiting hostiles, closest first, until an
    overwatch offer pauses the group, a tie waits for the hostile player, or the group is done
    (its card turned, the event phase after the last card)."""
    if not run(done, steps, dice, actor):
        return
    while nearest := next_hostiles(done.battle):
        if len(nearest) > 1 and done.battle.hostile_player:
            done.add(ev.HostileOrderTied(done.battle.hostile_player, nearest))
            return
        if not run(done, activate(done, nearest[0], dice, actor), dice, actor):
            return
    turn = done.battle.hostile_turn
    assert turn is not None
    tail = after_activation(done.battle)
    done.add(ev.ActivationEnded(turn.card, []), *tail)


#: What sets off overwatch (#OVERWATCH): a hostile's finished move or attack, or its deployment.
TRIGGERS = (ev.Moved, ev.AttackMade, ev.HostileDeployed)


def run(done: Resolution, steps: list[Step], dice: DiceBox, actor: str) -> bool:
    """Take the steps one by one; after a step in which the hostile moved, attacked or was
    deployed, offer overwatch. False when an offer pauses the group (the rest is kept)."""
    left = list(steps)
    while left:
        step, mini_id = left.pop(0)
        before = len(done.events)
        done.picked = {}
        try:
            STEPS[step](done, mini_id, dice, actor)
        except ChoiceNeeded as needed:
            assert len(done.events) == before, "a step chooses before it records anything"
            waiting = [[step, mini_id], *(list(s) for s in left)]
            done.add(ev.HostileChoiceAwaited(done.battle.hostile_player, needed.kind, mini_id, step, sorted(needed.options), waiting, done.picked))
            return False
        if any(isinstance(e, TRIGGERS) for e in done.events[before:]) and (offer := overwatch.after_hostile(done.battle, mini_id)):
            done.add(*offer, ev.HostilesPaused([list(s) for s in left]))
            return False
    return True


def next_hostiles(battle: Battle) -> list[str]:
    """#HOSTILE ACTIVATIONS: the waiting hostiles closest to an explorer by the shortest route,
    measured now (those before it may have moved); several when equally close, by id."""
    turn = battle.hostile_turn
    assert turn is not None
    waiting = [battle.miniatures[m] for m in turn.waiting if battle.miniatures[m].on_board]
    if not waiting:
        return []
    near = explorer_distances(battle)
    best = min(near.get(m.at, FAR) for m in waiting)
    return sorted(m.id for m in waiting if near.get(m.at, FAR) == best)


def activate(done: Resolution, mini_id: str, dice: DiceBox, actor: str) -> list[Step]:
    """One hostile: a stunned one stands up (#ATTACKS, Stunned); any other rolls the blackstone
    die on its behaviour table and takes the first column that applies: its steps."""
    done.add(ev.HostileActivated(mini_id))
    mini = done.mini(mini_id)
    if mini.stunned:
        done.add(ev.StoodUp(mini_id))
        return []
    roll = dice.roll([BLACKSTONE], purpose=f"behaviour roll: {mini_id}", rule=rule("HOSTILE ACTIVATIONS"), actor=actor, unit=mini_id)
    action = behaviour(done.battle, mini, roll.results[0])
    done.add(roll, ev.BehaviourChosen(mini_id, roll.results[0], action))
    return [(step, mini_id) for step in ACTIONS[action]]


def behaviour(battle: Battle, mini: Miniature, face: int) -> str:
    """The action of the first column of the face's row whose condition applies; hold if none."""
    row = battle.hostiles[mini.name].row(face)
    return next((c.action for c in row.columns if CONDITIONS[c.when](battle, mini)), "hold")


# -- behaviour table conditions --------------------------------------------------------------------


def visible_explorers(battle: Battle, mini: Miniature) -> list[Miniature]:
    assert mini.at is not None
    return [e for e in battle.side(EXPLORER) if bf.sees(battle, mini.at, e.at)]


def adjacent_explorers(battle: Battle, mini: Miniature) -> list[Miniature]:
    return [e for e in visible_explorers(battle, mini) if hx.distance(mini.at, e.at) == 1]


CONDITIONS: dict[str, Callable[[Battle, Miniature], bool]] = {
    "always": lambda battle, mini: True,
    "adjacent": lambda battle, mini: bool(adjacent_explorers(battle, mini)),
    "in_range": lambda battle, mini: bool(targets(battle, mini)),
    "visible": lambda battle, mini: bool(visible_explorers(battle, mini)),
    "wounded": lambda battle, mini: mini.damage > 0,
}


# -- distances -------------------------------------------------------------------------------------


def distances(battle: Battle, cell: hx.Hex) -> dict[hx.Hex, int]:
    """Route distances from `cell`: round walls, through no obstructed hex (#HOSTILE ACTIVATIONS)."""
    return dict(hx.reachable(battle.board, cell))


def explorer_distances(battle: Battle) -> dict[hx.Hex, int]:
    """Each hex's route distance to the closest explorer."""
    near: dict[hx.Hex, int] = {}
    for explorer in battle.side(EXPLORER):
        for cell, steps in distances(battle, explorer.at).items():
            near[cell] = min(steps, near.get(cell, FAR))
    return near


def equally_close(battle: Battle, mini: Miniature, explorers: list[Miniature], *, furthest: bool = False) -> list[Miniature]:
    """The closest (or the furthest) of `explorers` by the shortest route, all that are equally
    so, the lowest id first: the ones the hostile player picks among ("as they see fit"). One
    no route reaches counts as furthest."""
    assert mini.at is not None
    if not explorers:
        return []
    steps = distances(battle, mini.at)
    best = (max if furthest else min)(steps.get(e.at, FAR) for e in explorers)
    return sorted((e for e in explorers if steps.get(e.at, FAR) == best), key=lambda e: e.id)


# -- attacks ---------------------------------------------------------------------------------------


def weapons_for(battle: Battle, mini: Miniature, target: Miniature) -> list[Weapon]:
    """#HOSTILE MOVEMENT AND ATTACKS: the weapons it carries that reach the target, as listed."""
    hexes = hx.distance(mini.at, target.at)
    return [w for w in battle.hostiles[mini.name].weapons if w.band(hexes) is not None]


def targets(battle: Battle, mini: Miniature) -> list[Miniature]:
    """Explorers it may attack (#ATTACKS, 1): visible and in range; only adjacent ones if any."""
    adjacent = adjacent_explorers(battle, mini)
    return [e for e in (adjacent or visible_explorers(battle, mini)) if weapons_for(battle, mini, e)]


def strike(done: Resolution, mini_id: str, target: Miniature, dice: DiceBox, actor: str, *, aimed: bool = False) -> None:
    """The attack with a weapon that reaches: the first listed, or the hostile player's pick."""
    mini = done.mini(mini_id)
    reaching = weapons_for(done.battle, mini, target)
    name = choose(done, WEAPON, [w.name for w in reaching])
    weapon = next(w for w in reaching if w.name == name)
    done.add(*resolve_attack(done.battle, mini, target, weapon, dice, actor, aimed=aimed))


def attack_closest(done: Resolution, mini_id: str, dice: DiceBox, actor: str) -> None:
    """Attack the closest explorer in range and visible; none eligible: no attack."""
    mini = done.mini(mini_id)
    if mini.on_board and (eligible := equally_close(done.battle, mini, targets(done.battle, mini))):
        strike(done, mini_id, pick_target_of(done, eligible), dice, actor)


def pick_target_of(done: Resolution, eligible: list[Miniature]) -> Miniature:
    """The target among equally eligible explorers: the lowest id, or the hostile player's pick."""
    return done.mini(choose(done, TARGET, [e.id for e in eligible]))


# -- moves -----------------------------------------------------------------------------------------


def in_cover(battle: Battle, cell: hx.Hex) -> bool:
    """A hex that puts a hostile in cover: no explorer sees it uncovered (as at deployment)."""
    return bf.in_cover_from_all(battle, cell, [e.at for e in battle.side(EXPLORER)])


def move_towards(done: Resolution, mini_id: str) -> None:
    """#HOSTILE MOVEMENT AND ATTACKS: up to MOVE hexes towards the closest explorer, each hex
    entered closer to it; of several such hexes one in cover first, then the lowest (q, r).
    Explorers' move rules: no enemy's hex, no wall, a stop next to an enemy, no end in an
    over-full hex (it stops short instead). Equally close explorers and equally good hexes
    leave the hostile player the hex it ends in (the lowest route to it is taken)."""
    battle, mini = done.battle, done.mini(mini_id)
    if not mini.on_board:
        return
    ends: dict[hx.Hex, list[hx.Hex]] = {}
    for path in routes_towards(battle, mini):
        ends.setdefault(path[-1], path)
        if not battle.hostile_player:
            break  # the workers take the first
    if not ends:
        return
    path = ends[bf.option_hex(choose(done, HEX, [bf.hex_option(end) for end in ends]))]
    if len(path) > 1:
        done.add(ev.Moved(mini_id, path))


def routes_towards(battle: Battle, mini: Miniature) -> Iterator[list[hx.Hex]]:
    """Every move towards a closest explorer the rules allow, cut short where it would end
    over-full: the workers' first (the lowest explorer id, the lowest hex at each step), the
    rest in that order."""
    assert mini.at is not None
    foes = {e.at for e in battle.side(EXPLORER)}
    halts = {n for f in foes for n in hx.neighbours(f)}
    walls = set(battle.board.walls)
    cover: dict[hx.Hex, bool] = {}

    def covered(cell: hx.Hex) -> bool:
        if cell not in cover:
            cover[cell] = in_cover(battle, cell)
        return cover[cell]

    def onwards(path: list[hx.Hex], to_goal: dict[hx.Hex, int]) -> Iterator[list[hx.Hex]]:
        here = path[-1]
        closer = [] if len(path) > battle.hostiles[mini.name].move or (len(path) > 1 and here in halts) else [
            n for n in hx.neighbours(here) if n in to_goal and to_goal[n] < to_goal[here] and n not in foes and hx.side(here, n) not in walls
        ]
        best = min(((not covered(n), to_goal[n]) for n in closer), default=None)
        if best is None:
            yield path
        for n in sorted(closer):
            if (not covered(n), to_goal[n]) == best:
                yield from onwards([*path, n], to_goal)

    for goal in equally_close(battle, mini, battle.side(EXPLORER)):
        to_goal = distances(battle, goal.at)
        if mini.at not in to_goal:
            continue  # no route joins them
        for path in onwards([mini.at], to_goal):
            while len(path) > 1 and not bf.room_for(battle, mini.size, path[-1], leaving=mini.id):
                path = path[:-1]
            yield path


def unseen_hexes(battle: Battle) -> set[hx.Hex]:
    watchers = [e.at for e in battle.side(EXPLORER)]
    return {c for c in battle.board.cells if not any(bf.sees(battle, w, c) for w in watchers)}


def hidden_move(done: Resolution, mini_id: str, steps: int, *, sneaking: bool) -> bool:
    """A move ending in a hex no explorer sees. Sneak (#HOSTILE ACTIONS): entering no seen hex,
    ending as close as possible to an explorer (staying put if nothing is closer). Fall back:
    twice MOVE, any way, ending unseen as far from the explorers as it can. Then a hex in cover,
    fewer hexes moved, the lowest (q, r); the hostile player picks among ends equally close
    (or far) and equally in cover. False when there is no such move."""
    battle, mini = done.battle, done.mini(mini_id)
    if not mini.on_board:
        return False
    foes = {e.at for e in battle.side(EXPLORER)}
    unseen = unseen_hexes(battle)
    blockers = foes | (set(battle.board.cells) - unseen if sneaking else set())
    full = stacking.too_full(bf.LIMITS, bf.occupants(battle, mini.id), mini.size)
    halts = {n for f in foes for n in hx.neighbours(f)}
    ends = {c: cost for c, cost in hx.reachable(battle.board, mini.at, blockers=blockers, occupied=full, halts=halts, max_cost=steps) if c in unseen or c == mini.at}
    near = explorer_distances(battle)
    if not sneaking:
        ends.pop(mini.at, None)
        if not ends:
            return False

    def rank(cell: hx.Hex) -> tuple[int, bool]:
        return (near.get(cell, FAR) if sneaking else -near.get(cell, FAR), not in_cover(battle, cell))

    top = min(rank(c) for c in ends)
    equal = sorted((c for c in ends if rank(c) == top), key=lambda c: (ends[c], c))
    best = bf.option_hex(choose(done, HEX, [bf.hex_option(c) for c in equal]))
    if best != mini.at:
        route = hx.shortest_path(battle.board, mini.at, best, blockers=blockers, occupied=full, halts=halts, max_cost=steps)
        assert route is not None
        done.add(ev.Moved(mini_id, list(route.cells)))
    return True


# -- the actions (#HOSTILE ACTIONS, #BASIC HOSTILE ACTIONS) ----------------------------------------
# Each action is a list of steps; overwatch may come between two of them (#OVERWATCH). A step
# whose hostile was slain meanwhile does nothing.


def advance_move(done: Resolution, mini_id: str, dice: DiceBox, actor: str) -> None:
    """Advance and Charge: move towards the closest explorer."""
    move_towards(done, mini_id)


def aim(done: Resolution, mini_id: str, dice: DiceBox, actor: str) -> None:
    """Aim: attack the furthest explorer in range and visible, ignoring cover."""
    mini = done.mini(mini_id)
    if not mini.on_board:
        return
    if eligible := equally_close(done.battle, mini, targets(done.battle, mini), furthest=True):
        strike(done, mini_id, pick_target_of(done, eligible), dice, actor, aimed=True)


def charge_attack(done: Resolution, mini_id: str, dice: DiceBox, actor: str) -> None:
    """Charge, after its move: attack an adjacent and visible explorer (any of them: the lowest
    id, or the hostile player's pick), or if there is none move towards the closest explorer a
    second time."""
    mini = done.mini(mini_id)
    if not mini.on_board:
        return
    adjacent = sorted((e for e in targets(done.battle, mini) if hx.distance(mini.at, e.at) == 1), key=lambda e: e.id)
    if adjacent:
        strike(done, mini_id, pick_target_of(done, adjacent), dice, actor)
    else:
        move_towards(done, mini_id)


def fall_back(done: Resolution, mini_id: str, dice: DiceBox, actor: str) -> None:
    """Fall back: with twice its MOVE, a move ending unseen if it can; else attack the closest."""
    if not hidden_move(done, mini_id, 2 * done.battle.hostiles[done.mini(mini_id).name].move, sneaking=False):
        attack_closest(done, mini_id, dice, actor)


def sneak(done: Resolution, mini_id: str, dice: DiceBox, actor: str) -> None:
    """Sneak: a move ending as close as possible to an explorer, entering no hex they see."""
    hidden_move(done, mini_id, done.battle.hostiles[done.mini(mini_id).name].move, sneaking=True)


#: Each action's steps: Advance moves then attacks the closest; Charge moves then attacks an
#: adjacent explorer or moves again; Onslaught attacks the closest twice, choosing again; Hold
#: does nothing.
ACTIONS: dict[str, tuple[str, ...]] = {
    "advance": ("move", "attack"),
    "aim": ("aim",),
    "charge": ("move", "charge_attack"),
    "fall_back": ("fall_back",),
    "hold": (),
    "onslaught": ("attack", "attack"),
    "sneak": ("sneak",),
}


# -- reinforcements (#HOSTILE ACTIONS, Reinforcement rolls; #REINFORCEMENTS) -----------------------


def reinforce(done: Resolution, group: int, dice: DiceBox, actor: str) -> list[Step]:
    """If any of the group are slain: the blackstone die against the smallest slain size; that
    many slain hostiles return (the smallest first, then by id), each deployed next to a portal
    and then attacking or moving (#HOSTILE ACTIONS): the steps, one hostile after the other."""
    slain = sorted((m for m in members(done.battle, group) if m.slain), key=lambda m: (SIZES.index(m.size), m.id))
    if not slain:
        return []
    roll = dice.roll([BLACKSTONE], purpose=f"reinforcement roll: group {group}", rule=rule("HOSTILE ACTIONS"), actor=actor)
    face, size = roll.results[0], slain[0].size
    count = REINFORCEMENTS[size].get(face, 0)
    done.add(roll, ev.ReinforcementRolled(group, face, size, count))
    return [(step, mini.id) for mini in slain[:count] for step in ("deploy", "arrive")]


def deploy(done: Resolution, mini_id: str, dice: DiceBox, actor: str) -> None:
    """A returning hostile takes the reinforcement hex; with no room it stays slain (#DEPLOYMENT)."""
    mini = done.mini(mini_id)
    if cells := reinforcement_hexes(done.battle, mini):
        cell = bf.option_hex(choose(done, HEX, [bf.hex_option(c) for c in cells]))
        done.add(ev.HostileDeployed(mini.id, mini.name, mini.group, cell.q, cell.r))


def reinforcement_hexes(battle: Battle, mini: Miniature) -> list[hx.Hex]:
    """Next to a portal, where it fits and no explorer stands, as close as possible to a hostile
    of its group on the battlefield, or with none, to an explorer: the equally close ones, the
    lowest (q, r) first (the workers' pick)."""
    friends = [m.at for m in members(battle, mini.group) if m.on_board]
    near_to = friends or [e.at for e in battle.side(EXPLORER)]
    cells = {n for p in battle.portals for n in hx.neighbours(p) if bf.room_for(battle, mini.size, n)}

    def closeness(cell: hx.Hex) -> int:
        steps = distances(battle, cell)
        return min((steps.get(t, FAR) for t in near_to), default=FAR)

    ranked = {c: closeness(c) for c in cells}
    return sorted(c for c in cells if ranked[c] == min(ranked.values()))


def arrive(done: Resolution, mini_id: str, dice: DiceBox, actor: str) -> None:
    """A reinforcement just deployed attacks the closest explorer it sees in range, or, seeing
    none, moves towards the closest explorer (#HOSTILE ACTIONS)."""
    mini = done.mini(mini_id)
    if not mini.on_board:
        return
    if targets(done.battle, mini):
        attack_closest(done, mini_id, dice, actor)
    elif not visible_explorers(done.battle, mini):
        move_towards(done, mini_id)


STEPS: dict[str, Callable[[Resolution, str, DiceBox, str], None]] = {
    "move": advance_move,
    "attack": attack_closest,
    "aim": aim,
    "charge_attack": charge_attack,
    "fall_back": fall_back,
    "sneak": sneak,
    "deploy": deploy,
    "arrive": arrive,
}
