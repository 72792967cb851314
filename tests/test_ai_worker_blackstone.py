"""Blackstone Fortress's hostile groups played by the workers (README.md#ai-worker;
blackstone-fortress.md#HOSTILE ACTIONS): a combat of the sample pack over HTTP, the explorers
played by this file (stand up when stunned, shoot what they can, else end the activation, and
pass overwatch; the host leads the turn), the hostile groups by a worker, each group card once
a turn under its key; a worker killed mid-activation leaves it to another, written once; a
fifth player as the hostile player keeps the workers idle, and answers the picks the rules
leave to them.

A combat runs until it ends (every explorer out of action, or every one left in an escape
chamber) or for at most `TURNS` turns; the shooting explorers never walk to an escape chamber,
the escaping ones (`escape`) do nothing else."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from domain.kit.boards import hex as hx
from domain.systems.blackstone import battlefield as bf
from domain.systems.blackstone.commands import ActivateHostiles
from domain.systems.blackstone.state import HOSTILE, Battle, side_of
from domain.verification import verify_stream
from service.ledger import Ledger
from tests.harness import Campaign, Member, ScriptedPlayer, Turn, play
from tests.servers import wait_until
from tests.test_ai_worker import WAIT_S, WorkerProcess, battle, processes, rig, settle, worker_env  # noqa: F401 - fixtures

TURNS = 6
EXPLORERS = "Ysolde Marr, Oskra Vey"
UNITS = ("ysolde-marr", "oskra-vey")


def combat(campaign: Campaign, card: str = "passage-ambush", **options: str) -> tuple[str, Member]:
    """A combat of the core pack with server dice, its explorers commanded by "ann"."""
    ann = campaign.members.get("ann") or campaign.invite("ann", "player", UNITS)
    mission_id = campaign.mission("Expedition", "blackstone-fortress", "en", {"combat": card, "explorers": EXPLORERS, **options}, dice_mode="server", client_seed=card)
    return mission_id, ann


def lead(turn: Turn) -> bool:
    """The leader's part: start each turn, close the initiative phase, roll the event and pick
    the first option where the event asks for a pick."""
    game: Battle = turn.game
    if game.phase == "event_choice" and game.pending is not None:
        turn.accepted({"type": "ResolveEvent", "pick": game.pending.options[0]})
        return True
    command = {"deployment": "StartTurn", "turn_over": "StartTurn", "initiative": "BeginActivations", "event": "RollEvent"}.get(game.phase)
    if command is None or (command == "StartTurn" and game.turn >= TURNS):
        return False
    turn.accepted({"type": command})
    return True


def pass_overwatch(turn: Turn) -> bool:
    """OVERWATCH: an explorer offered overwatch passes; the worker then carries the group on."""
    game: Battle = turn.game
    if game.watch is None or not game.watch.waiting:
        return False
    turn.accepted({"type": "PassOverwatch", "unit": game.watch.waiting[0]})
    return True


def stand_up(turn: Turn) -> bool:
    """ATTACKS, Stunned: a stunned explorer (the Chain Flail stuns) first stands up with its
    lowest die, or with none left ends its activation."""
    game: Battle = turn.game
    track = game.tracks.get(game.current or "")
    if track is None or game.phase != "activation" or not game.miniatures[track.miniatures[0]].stunned:
        return False
    turn.accepted({"type": "StandUp", "unit": track.id, "die": min(track.dice)} if track.dice else {"type": "EndActivation", "unit": track.id})
    return True


def _acting(game: Battle):  # noqa: ANN202
    """The explorer whose card is up in the activation phase and its miniature, or None."""
    track = game.tracks.get(game.current or "")
    if track is None or game.phase != "activation":
        return None
    return track, game.miniatures[track.miniatures[0]]


def shoot_or_end(turn: Turn) -> bool:
    """The explorer whose card is up attacks the first hostile it may (its best die first), or ends."""
    game: Battle = turn.game
    if pass_overwatch(turn) or stand_up(turn):
        return True
    if (acting := _acting(game)) is None:
        return False
    track, mini = acting
    side = game.profile(track).standard
    foes = sorted((m for m in game.side(HOSTILE) if bf.sees(game, mini.at, m.at)), key=lambda m: (hx.distance(mini.at, m.at), m.id))
    adjacent = [m for m in foes if hx.distance(mini.at, m.at) == 1]
    for weapon in side.weapons:
        die = max((d for d in track.dice if d >= weapon.cost), default=None)
        target = next((m for m in (adjacent or foes) if weapon.band(hx.distance(mini.at, m.at))), None)
        if die is not None and target is not None:
            turn.accepted({"type": "Attack", "unit": track.id, "weapon": weapon.name, "target": target.id, "die": die})
            return True
    turn.accepted({"type": "EndActivation", "unit": track.id})
    return True


def escape(turn: Turn) -> bool:
    """EXPLORER ACTIONS, Summon; EVENT PHASE: the explorer whose card is up heads for an escape
    chamber: next to a portal with a 4+ it summons one; else it moves (its lowest die) to the
    hex closest by route to an escape chamber's hexes, or with none to a portal's; there, or
    with no closer hex or no die, it ends its activation."""
    game: Battle = turn.game
    if pass_overwatch(turn) or stand_up(turn):
        return True
    if (acting := _acting(game)) is None:
        return False
    track, mini = acting
    aboard = {c for e in game.escapes for c in hx.area(e, 1)}
    portal = next((p for p in game.portals if hx.distance(p, mini.at) <= 1), None)
    summon = max((d for d in track.dice if d >= 4), default=None)
    if not aboard and portal is not None and summon is not None:
        turn.accepted({"type": "Summon", "unit": track.id, "die": summon, "q": portal.q, "r": portal.r})
        return True
    best = towards_escape(game, track, mini)
    if mini.at in aboard or not track.dice or best is None:
        turn.accepted({"type": "EndActivation", "unit": track.id})
        return True
    turn.accepted({"type": "Move", "unit": track.id, "die": min(track.dice), "q": best.q, "r": best.r})
    return True


def towards_escape(game: Battle, track, mini) -> hx.Hex | None:  # noqa: ANN001 - the track and its miniature
    """The hex a move of the miniature ends in closest by route to an escape chamber's hexes
    (with none, to a portal's), lowest (q, r) of equals; None if none is closer than where it stands."""
    aboard = {c for e in game.escapes for c in hx.area(e, 1)}
    goals = aboard or {n for p in game.portals for n in hx.area(p, 1)}
    near: dict[hx.Hex, int] = {}
    for goal in goals:
        for cell, steps in hx.reachable(game.board, goal):
            near[cell] = min(steps, near.get(cell, 10**6))
    move = side_of(game, track).move
    ends = [c for c, _ in hx.reachable(game.board, mini.at, max_cost=move) if c != mini.at and bf.room_for(game, mini.size, c, leaving=mini.id) and bf.route(game, mini, c, move)]
    best = min(ends, key=lambda c: (near.get(c, 10**6), c), default=None)
    return best if best is not None and near.get(best, 10**6) < near.get(mini.at, 10**6) else None


def finished(turn: Turn) -> bool:
    game: Battle = turn.game
    return turn.outcome is not None or (game.turn >= TURNS and game.phase == "turn_over")


def group_activations(ledger: Ledger, mission_id: str) -> list[tuple[int, str, str, str]]:
    """(turn, card, actor, key) of every ActivateHostiles written, in log order."""
    out, turn_now = [], 0
    for record in ledger.records(mission_id):
        if type(record.event).__name__ == "TurnStarted":
            turn_now = record.event.turn
        if isinstance(record.command, ActivateHostiles) and type(record.event).__name__ == "HostileActivationBegun":
            out.append((turn_now, record.command.card, record.actor, record.command_key))
    return out


def assert_each_group_card_once_by_the_worker(ledger: Ledger, mission_id: str) -> int:
    """Every group card dealt in a turn that reached its event phase was activated once, in the
    dealt order, by the worker, under `ai:{mission}:{turn}:{card}`."""
    dealt: dict[int, list[str]] = {}
    turn_now = 0
    for record in ledger.records(mission_id):
        name = type(record.event).__name__
        if name == "TurnStarted":
            turn_now = record.event.turn
        elif name == "InitiativeDealt":
            dealt[turn_now] = [c for c in record.event.order if c.startswith("group-")]
    done = group_activations(ledger, mission_id)
    for turn_no, cards in dealt.items():
        assert [c for t, c, _, _ in done if t == turn_no] == cards[: len([1 for t, *_ in done if t == turn_no])], (turn_no, cards, done)
    assert all(actor == "worker" and key == f"ai:{mission_id}:{t}:{card}" for t, card, actor, key in done), done
    assert all(n == 1 for n in Counter(key for *_, key in done).values())
    assert not ledger.mission(mission_id).attention
    assert verify_stream(ledger.store.read(mission_id)).chain.ok
    return len(done)


def test_a_combat_of_the_sample_pack_the_hostiles_played_by_the_worker(rig, client):  # noqa: F811
    ledger, _, _, relay, worker = rig
    campaign = Campaign(client, "Expedition")
    mission_id, ann = combat(campaign)
    players = [ScriptedPlayer(campaign.host, mission_id, lead), ScriptedPlayer(ann, mission_id, shoot_or_end)]
    assert play(players, until=finished, rounds=3000, between=lambda: settle(relay, worker))
    game = battle(ledger, mission_id)
    assert game.outcome in ("defeat", "escaped") or (game.turn, game.phase) == (TURNS, "turn_over")
    turns = sum(1 for r in ledger.records(mission_id) if type(r.event).__name__ == "EventPhaseStarted")
    assert assert_each_group_card_once_by_the_worker(ledger, mission_id) >= 2 * (turns if game.outcome is None else turns - 1)
    kinds = Counter(type(r.event).__name__ for r in ledger.records(mission_id))
    assert kinds["BehaviourChosen"] > 0 and kinds["AttackMade"] > 0
    # OVERWATCH: every pause for the explorers' answers carried on by the worker, each once.
    resumed = [r.command_key for r in ledger.records(mission_id) if type(r.event).__name__ == "HostilesResumed"]
    assert len(resumed) == kinds["HostilesPaused"] == len(set(resumed)) and all(":resume-" in k for k in resumed)


def test_explorers_walk_to_an_escape_chamber_and_the_combat_ends_escaped(rig, client, monkeypatch):  # noqa: F811
    """EXPLORER ACTIONS, Summon; EVENT PHASE: the explorers summon an escape chamber at the
    sunken passage's portal (or the event places it) and walk in; the combat ends "escaped"
    over HTTP, the hostiles played by the worker, and the mission's stream verifies. The
    server's seeds are fixed, so the encounter (which hostiles) and every die are the same
    each run: with other dice a huge hostile may put both explorers out of action first."""
    ledger, _, _, relay, worker = rig
    monkeypatch.setattr(ledger, "fresh_seed", lambda: bytes(range(32)))
    campaign = Campaign(client, "Expedition")
    mission_id, ann = combat(campaign, "sunken-passage")
    players = [ScriptedPlayer(campaign.host, mission_id, lead), ScriptedPlayer(ann, mission_id, escape)]
    assert play(players, until=finished, rounds=3000, between=lambda: settle(relay, worker))
    game = battle(ledger, mission_id)
    assert game.outcome == "escaped" and game.escapes == (hx.Hex(3, 1),)
    aboard = set(hx.area(hx.Hex(3, 1), 1))
    assert all(game.miniatures[m].at in aboard for t in game.tracks.values() if not t.out_of_action for m in t.miniatures)
    assert assert_each_group_card_once_by_the_worker(ledger, mission_id) >= 1


def test_a_hostile_player_commands_the_groups_and_the_worker_stays_idle(rig, client):  # noqa: F811
    """HOSTILE ACTIONS: a fifth player (seat "hostile") plays them; another player may not."""
    ledger, _, _, relay, worker = rig
    campaign = Campaign(client, "Expedition")
    hela = campaign.invite("hela", "player", ("hostile",))
    mission_id, ann = combat(campaign, hostile_player="hela")
    assert hostiles_deployed_by(hela, ledger, mission_id) > 0
    campaign.host.accepted(mission_id, {"type": "StartTurn"})
    campaign.host.accepted(mission_id, {"type": "BeginActivations"})
    settle(relay, worker)
    card = battle(ledger, mission_id).current
    assert card == "group-1" or card == "group-2"  # an ambush: the groups first
    assert ann.command(mission_id, {"type": "ActivateHostiles", "card": card}).status_code == 403
    answer = hela.accepted(mission_id, {"type": "ActivateHostiles", "card": card})
    assert answer["events"] and all(r.actor == "hela" for r in ledger.records(mission_id) if isinstance(r.command, ActivateHostiles))


def pick_for(pending) -> dict:  # noqa: ANN001 - the battle's PendingChoice
    """The hostile player's answer to a pending pick: the first option offered."""
    option = pending.options[0]
    if pending.kind == "next_hostile":
        return {"type": "PickHostile", "miniature": option}
    if pending.kind == "target":
        return {"type": "PickTarget", "target": option}
    q, r = option.split(",")
    return {"type": "PickHex", "q": int(q), "r": int(r)}


def hostiles_deployed_by(player: Member, ledger: Ledger, mission_id: str) -> int:
    """BATTLEFIELD CREATION: the hostile player answers each deployment pick: how many."""
    picks = 0
    while (game := battle(ledger, mission_id)).deployment is not None:
        player.accepted(mission_id, pick_for(game.deployment.pending))
        picks += 1
    return picks


def test_the_hostile_player_answers_the_picks_the_rules_leave_to_them(rig, client, monkeypatch):  # noqa: F811
    """HOSTILE ACTIVATIONS and HOSTILE MOVEMENT AND ATTACKS over HTTP: three Scrap Wights equally
    close wait for hela's pick of the next, and (with these dice, turn 2) one attacks Ysolde or
    Oskra, in one hex, as hela picks; "ann" may not answer (403), an option not offered is
    refused (422, the rule cited, nothing written), and no worker writes for the mission."""
    ledger, _, _, relay, worker = rig
    monkeypatch.setattr(ledger, "fresh_seed", lambda: bytes(range(32)))
    campaign = Campaign(client, "Expedition")
    hela = campaign.invite("hela", "player", ("hostile",))
    mission_id, ann = combat(campaign, "sunken-passage", hostile_player="hela")
    assert ann.command(mission_id, {"type": "StartTurn"}).status_code == 403
    assert campaign.host.command(mission_id, {"type": "StartTurn"}).json()["code"] == "choice_pending"
    assert hostiles_deployed_by(hela, ledger, mission_id) == 3
    campaign.host.accepted(mission_id, {"type": "StartTurn"})
    campaign.host.accepted(mission_id, {"type": "BeginActivations"})
    kinds: list[str] = []
    while "target" not in kinds and (game := battle(ledger, mission_id)).outcome is None and game.turn <= TURNS:
        turn = game.hostile_turn
        if game.phase != "activation":
            if game.phase == "event_choice":
                campaign.host.accepted(mission_id, {"type": "ResolveEvent", "pick": game.pending.options[0]})
            else:
                campaign.host.accepted(mission_id, {"type": {"event": "RollEvent", "initiative": "BeginActivations"}.get(game.phase, "StartTurn")})
        elif game.watch is not None and game.watch.waiting:
            ann.accepted(mission_id, {"type": "PassOverwatch", "unit": game.watch.waiting[0]})
        elif game.current in game.tracks:
            ann.accepted(mission_id, {"type": "EndActivation", "unit": game.current})
        elif turn is None:
            hela.accepted(mission_id, {"type": "ActivateHostiles", "card": game.current})
        elif turn.pending is not None:
            answer = pick_for(turn.pending)
            assert ann.command(mission_id, answer).status_code == 403
            if not kinds:
                wrong = hela.command(mission_id, {"type": "PickHostile", "miniature": "ysolde-marr"}, headers={"accept-language": "de"})
                assert wrong.status_code == 422 and wrong.json()["code"] == "option_not_offered"
                assert wrong.json()["rule"] == "blackstone-fortress.md#HOSTILE ACTIVATIONS" and "steht für next_hostile nicht zur Wahl" in wrong.json()["message"]
                assert battle(ledger, mission_id) == game
            hela.accepted(mission_id, answer)
            kinds.append(turn.pending.kind)
        else:
            hela.accepted(mission_id, {"type": "ResumeHostiles", "card": turn.card})
    assert kinds[0] == "next_hostile" and kinds[-1] == "target" and set(kinds) <= {"next_hostile", "target", "hex"}
    settle(relay, worker)
    assert all(r.actor != "worker" for r in ledger.records(mission_id))


def _ambush_up(ledger: Ledger, campaign: Campaign) -> tuple[str, str]:
    """An ambush whose first turn deals the hostile groups first: the first group's card up."""
    mission_id, _ = combat(campaign)
    campaign.host.accepted(mission_id, {"type": "StartTurn"})
    campaign.host.accepted(mission_id, {"type": "BeginActivations"})
    game = battle(ledger, mission_id)
    return mission_id, game.current


@pytest.mark.slow
@pytest.mark.parametrize("stage", ["before_submit", "before_ack"])
def test_a_worker_killed_in_a_group_activation_leaves_it_to_another_exactly_once(rig, worker_env, tmp_path, processes, stage, client):  # noqa: F811
    """SIGKILL once the worker took the job: decided but nothing written (before_submit), or
    committed but not acknowledged (before_ack); a second worker finishes both groups, once each."""
    ledger, client_redis, keys, _, _ = rig
    campaign = Campaign(client, "Expedition")
    mission_id, first = _ambush_up(ledger, campaign)
    hook = {"before_submit": "SKIRMISH_WORKER_PAUSE_BEFORE_SUBMIT_MS", "before_ack": "SKIRMISH_WORKER_PAUSE_BEFORE_ACK_MS"}[stage]
    doomed = WorkerProcess(worker_env, tmp_path, "doomed", **{hook: "600000"})
    processes.append(doomed)
    paused = wait_until(lambda: doomed.said("test pause") or (not doomed.alive() and pytest.fail(doomed.log.read_text())), WAIT_S, "the worker to take the job")
    assert paused["stage"] == stage
    doomed.kill()
    written = [card for _, card, _, _ in group_activations(ledger, mission_id)]
    assert written == ([] if stage == "before_submit" else [first])
    rescuer = WorkerProcess(worker_env, tmp_path, "rescuer")
    processes.append(rescuer)
    wait_until(lambda: (battle(ledger, mission_id).current or "").startswith("group-") is False, WAIT_S, "both groups activated by the second worker")
    cards = [card for _, card, _, _ in group_activations(ledger, mission_id)]
    assert cards[0] == first and sorted(cards) == ["group-1", "group-2"]
    assert assert_each_group_card_once_by_the_worker(ledger, mission_id) == 2
    wait_until(lambda: client_redis.xpending(keys.jobs, "workers")["pending"] == 0, WAIT_S, "no job left pending")
    assert rescuer.stop() == 0
    assert msgspec.json.encode(battle(ledger, mission_id).hostile_turn) == b"null"
