"""Ruinstars' Survive over HTTP to its end (ruinstars-2e.md#1 - SURVIVE, #MISSION END): solo and
co-op with two mini squads, the swarm played by a worker through real Redis (README.md#ai-worker:
every Bug command written once, by the worker, under its key); PvP between two players, the
host commanding the Bugs and the workers idle.

The players here deploy around the centre, then each unit activated attacks once (melee when
an enemy is Adjacent, else a ranged shot at the first target the server accepts: spawn points
first, then the closest enemies) and ends; a roll waiting for its squad is accepted. The host
starts and ends the turns. The server's seeds are fixed, so every die is the same each run."""

from __future__ import annotations

from collections import Counter

from domain.systems.ruinstars import bugs
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars.seats import seats
from domain.systems.ruinstars.state import Game, Model
from domain.verification import verify_stream
from service.ledger import Ledger
from tests.harness import Campaign, Member, ScriptedPlayer, Strategy, Turn, play
from tests.ruinstars.game import SPOTS
from tests.test_ai_worker import battle, rig, settle  # noqa: F401 - fixtures

#: Ranged targets a unit tries before it gives up its attack.
TRIES = 6


def lead(turn: Turn) -> bool:
    """The host's part: the turns."""
    game: Game | None = turn.game
    if game is None:
        return False
    deployed = all(m.at is not None for s in game.squads for m in game.units_of(s.id))
    if game.phase == "between_turns" or (game.phase == "deployment" and deployed):
        turn.accepted({"type": "StartTurn"})
        return True
    if game.phase == "end_of_turn":
        turn.accepted({"type": "EndTurn"})
        return True
    return False


def squad(seat: str):  # noqa: ANN201 - a Strategy
    """A player commanding the units of `seat`."""

    def step(turn: Turn) -> bool:
        game: Game | None = turn.game
        if game is None:
            return False
        mine = [m for m in game.models.values() if not m.item and seats(game, cmd.Activate(unit=m.id)) == (seat,)]
        ids = {m.id for m in mine}
        if game.phase == "deployment":
            return _deploy(turn, game, [m for m in mine if m.at is None])
        if game.pending is not None:
            if seats(game, cmd.ChooseFirst(squad=game.pending.who, first="")) != (seat,):
                return False
            if game.pending.kind == "first":
                turn.accepted({"type": "ChooseFirst", "squad": game.pending.who, "first": game.pending.who})
            else:
                turn.accepted({"type": "OpportunityAttack", "squad": game.pending.who, "attacker": "none"})
            return True
        if game.roll is not None:
            if game.roll.unit not in ids:
                return False
            turn.accepted({"type": "AcceptRoll", "squad": game.roll.squad})
            return True
        if game.duty is not None:
            if game.duty.unit not in ids:
                return False
            turn.accepted({"type": "PassDuty", "unit": game.duty.unit})
            return True
        if game.phase != "activations":
            return False
        if game.active in ids:
            return _attack_or_end(turn, game, game.models[game.active])
        ready = [m for m in mine if m.status == "ready" and m.squad == game.up]
        if game.active or not ready:
            return False
        turn.accepted({"type": "Activate", "unit": ready[0].id})
        return True

    return step


def _deploy(turn: Turn, game: Game, waiting: list[Model]) -> bool:
    if not waiting:
        return False
    taken = {(m.at.x, m.at.y) for m in game.models.values() if m.at is not None}
    x, y = next(spot for spot in SPOTS if spot not in taken)
    turn.accepted({"type": "Deploy", "unit": waiting[0].id, "x": x, "y": y})
    return True


def _attack_or_end(turn: Turn, game: Game, unit: Model) -> bool:
    if not unit.done:
        enemies = sorted(
            (m for m in game.models.values() if m.at is not None and m.squad != unit.squad),
            key=lambda m: (not m.item, _distance(unit, m), m.id),
        )
        weapons = game.weapons(unit)
        melee = next((w.name for w in weapons if w.kind == "melee"), None)
        ranged = next((w.name for w in weapons if w.kind == "ranged"), None)
        adjacent = [m for m in enemies if not m.item and _distance(unit, m) <= 1]
        kind, weapon = ("MeleeCombat", melee) if adjacent else ("RangedCombat", ranged)
        for target in (adjacent or enemies[:TRIES]) if weapon else ():
            if turn.send({"type": kind, "unit": unit.id, "weapon": weapon, "target": target.id}).status_code == 201:
                return True
    turn.accepted({"type": "EndActivation", "unit": unit.id})
    return True


def _distance(a: Model, b: Model) -> float:
    assert a.at is not None and b.at is not None
    return ((a.at.x - b.at.x) ** 2 + (a.at.y - b.at.y) ** 2) ** 0.5 - a.radius - b.radius


def bugs_by_the_host(turn: Turn) -> bool:
    """PvP: the host starts and ends the turns and commands the Bugs by their Behavior
    (bugs.py), accepting the swarm's rolls."""
    game: Game | None = turn.game
    if game is None or lead(turn):
        return False if game is None else True
    if game.roll is not None and game.roll.squad == "swarm":
        turn.accepted({"type": "AcceptRoll", "squad": "swarm"})
        return True
    if game.pending is not None or game.roll is not None or game.duty is not None:
        return False
    if game.phase != "activations" or game.up != "swarm":
        return False
    if game.active:
        command = bugs.next_action(game, game.models[game.active])
    else:
        command = cmd.Activate(unit=min((m for m in game.units_of("swarm") if m.status == "ready"), key=lambda m: (len(m.id), m.id)).id)
    turn.accepted({"type": type(command).__name__, **{f: getattr(command, f) for f in command.__struct_fields__}})
    return True


def survive(rig, client, monkeypatch, squads: str, players: dict[str, str], **options: str) -> tuple[Campaign, list[Member], str]:  # noqa: ANN001, F811
    """A campaign with these players (name -> seat) and Survive with these squads, the
    server's seeds fixed."""
    monkeypatch.setattr(rig[0], "fresh_seed", lambda: bytes(range(32)))
    campaign = Campaign(client, "Dark City")
    members = [campaign.invite(name, "player", (seat,)) for name, seat in players.items()]
    options = {"squads": squads, **options}
    return campaign, members, campaign.mission("Survive", "ruinstars", "2e", options, dice_mode="server", client_seed="survive")


def swarm_records(ledger: Ledger, mission_id: str) -> list:
    """The records of every command for the swarm (its units, rolls and choices)."""
    out = []
    for record in ledger.records(mission_id):
        command = record.command
        unit = getattr(command, "unit", "") if isinstance(command, cmd.UnitCommand) else ""
        squad = getattr(command, "squad", "")
        if unit.startswith("bug-") or squad == "swarm":
            out.append(record)
    return out


def kinds(ledger: Ledger, mission_id: str) -> Counter:
    return Counter(type(r.event).__name__ for r in ledger.records(mission_id))


def standing(game: Game) -> set[str]:
    """The player units and spawn points not Taken Out."""
    return {m.id for m in game.models.values() if m.status != "taken_out" and (m.item or m.squad != "swarm")}


def played(rig, campaign: Campaign, mission_id: str, host: Strategy, seats_of: dict[Member, str]) -> Game:  # noqa: ANN001, F811
    """The mission played by the host and each member for its seat, the relay and the worker
    running between rounds, to its end: four turns, the chain intact, nobody's attention needed."""
    ledger, _, _, relay, worker = rig
    players = [ScriptedPlayer(campaign.host, mission_id, host)]
    players += [ScriptedPlayer(member, mission_id, squad(seat)) for member, seat in seats_of.items()]
    assert play(players, rounds=4000, between=lambda: settle(relay, worker))
    game = battle(ledger, mission_id)
    turns = [r.event.turn for r in ledger.records(mission_id) if type(r.event).__name__ == "TurnEnded"]
    assert turns == [1, 2, 3, 4] and game.phase == "mission_end"
    assert not ledger.mission(mission_id).attention
    assert verify_stream(ledger.store.read(mission_id)).chain.ok
    return game


def test_survive_solo_the_swarm_played_by_the_worker(rig, client, monkeypatch):  # noqa: F811
    ledger = rig[0]
    campaign, (ann,), mission_id = survive(rig, client, monkeypatch, "First Mission", {"ann": "first-mission"})
    game = played(rig, campaign, mission_id, lead, {ann: "first-mission"})
    written = swarm_records(ledger, mission_id)
    assert written and all(r.actor == "worker" and r.command_key.startswith(f"ai:{mission_id}:") for r in written)
    keys = {r.batch: r.command_key for r in written}
    assert len(set(keys.values())) == len(keys)
    # With these seeds: spawn point 3 falls in turn 1, the other two stand at the end of turn 4,
    # so the squad loses; three of its units were Taken Out and roll for injuries.
    assert (game.outcome, game.winners) == ("defeat", ())
    assert standing(game) == {"trooper", "spawn-point-1", "spawn-point-2"}
    lines = {line["id"]: line for line in ann.mission(mission_id)["game"]["lines"]}
    assert lines["trooper"] == {
        "id": "trooper", "card": "Trooper", "squad": "first-mission", "act": 2, "act_left": 0,
        "arm": 3, "hit": 3, "hit_max": 3, "status": "activated", "item": False,
    }
    assert (lines["leader"]["hit"], lines["leader"]["status"]) == (0, "taken_out")
    seen = kinds(ledger, mission_id)
    assert (seen["BugSpawned"], seen["UnitInjured"], seen["OpportunityTaken"]) == (21, 3, 0)
    assert seen["UnitMoved"] > 0 and seen["AttackRolled"] > 0


def test_survive_co_op_with_two_mini_squads_each_player_commanding_their_own(rig, client, monkeypatch):  # noqa: F811
    ledger = rig[0]
    seats_of = {"ann": "vanguard", "bob": "rearguard"}
    options = {"mini_squads": "true", "squad_leader": "leader"}
    campaign, (ann, bob), mission_id = survive(rig, client, monkeypatch, "Vanguard, Rearguard", seats_of, **options)
    refused = bob.command(mission_id, {"type": "Deploy", "unit": "leader", "x": 12, "y": 12})
    assert (refused.status_code, refused.json()["params"]) == (403, {"member": "bob", "units": ["vanguard"]})
    game = played(rig, campaign, mission_id, lead, {ann: "vanguard", bob: "rearguard"})
    by = {"ann": {"leader", "trooper"}, "bob": {"fighter", "shooter"}}
    for record in ledger.records(mission_id):
        if record.actor in by and isinstance(record.command, cmd.UnitCommand):
            assert record.command.unit in by[record.actor]
    assert all(r.actor == "worker" for r in swarm_records(ledger, mission_id))
    assert game.squads[0].id == "vanguard+rearguard" and (game.outcome, game.winners) == ("defeat", ())
    assert standing(game) == {"shooter", "spawn-point-1", "spawn-point-2"}
    assert kinds(ledger, mission_id)["UnitInjured"] == 3


def test_survive_pvp_the_host_commands_the_bugs_and_the_workers_stay_idle(rig, client, monkeypatch):  # noqa: F811
    ledger = rig[0]
    seats_of = {"ann": "cinder-watch", "bob": "first-mission"}
    campaign, (ann, bob), mission_id = survive(rig, client, monkeypatch, "Cinder Watch, First Mission", seats_of)
    refused = ann.command(mission_id, {"type": "Deploy", "unit": "leader", "x": 12, "y": 12})
    assert (refused.status_code, refused.json()["params"]) == (403, {"member": "ann", "units": ["first-mission"]})
    game = played(rig, campaign, mission_id, bugs_by_the_host, {ann: "cinder-watch", bob: "first-mission"})
    # With these seeds both squads, deployed side by side at the centre, shoot each other down:
    # Oda Venn alone stands, no spawn point fell, and the mission is lost.
    assert (game.outcome, game.winners) == ("defeat", ())
    assert standing(game) == {"oda-venn", "spawn-point-1", "spawn-point-2", "spawn-point-3"}
    assert all(r.actor != "worker" for r in ledger.records(mission_id))
    assert {r.actor for r in swarm_records(ledger, mission_id)} == {"host"}
    seen = kinds(ledger, mission_id)
    assert (seen["InitiativeRolled"], seen["FirstSquadChosen"], seen["UnitInjured"]) == (4, 4, 8)
    bug = ann.command(mission_id, {"type": "Activate", "unit": "bug-1"})
    assert (bug.status_code, bug.json()["params"]) == (403, {"member": "ann", "units": ["swarm"]})
