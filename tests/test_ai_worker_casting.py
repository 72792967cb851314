"""AI casters played by the worker (README.md#ai-worker; star-quest.en.md "Caster(X) [AI Units]"):
a caster's activation is two commands, the cast and then the rest, each under its own key, and
the end of a cast (or of a hero's counter answer) makes the next step due."""

from __future__ import annotations

from collections import Counter

from domain.systems.starquest import commands as sq
from domain.systems.starquest import events as sqe
from domain.verification import verify_stream
from tests.harness import ScriptedPlayer, play
from tests.starquest.players import ai_due, idle, start
from tests.test_ai_worker import campaign, rig, settle  # noqa: F401 - rig and campaign are fixtures

OPTIONS = {"mission": "sump-recovery", "heroes": "Ilo Marrent, Gorm Hadley"}
CANTOR = "sallow-cantor-1-3"


def test_the_worker_plays_an_ai_casters_cast_and_then_its_activation(rig, campaign):  # noqa: F811
    ledger, client, keys, relay, worker = rig
    mission_id = campaign.mission("Sump", "star-quest", "en", OPTIONS, dice_mode="server", client_seed="casters")
    start(campaign.host, mission_id, ("ilo-marrent", "gorm-hadley"), [(4.0, 2.0), (9.0, 2.0)])
    heroes = ScriptedPlayer(campaign.host, mission_id, idle)  # every pending choice (a counter offer, a morale choice) declined
    for _ in range(4):
        for _ in range(10):  # the heroes, then the AI; a choice the AI's dice offer a hero waits for its answer
            play([heroes], until=ai_due, rounds=20)
            settle(relay, worker)
            if ledger.mission(mission_id).game.pending is None:
                break
        battle = ledger.mission(mission_id).game
        assert battle.outcome is not None or battle.phase == "heroes", (battle.phase, battle.pending, battle.ai_queue)
    records = ledger.records(mission_id)
    casts = [r for r in records if isinstance(r.command, sq.AiCast)]
    assert casts, "the Cantor never cast"
    assert all(r.command_key.endswith(f":{CANTOR}:cast") for r in casts)
    started = Counter((r.command_key.removesuffix(":cast"), r.event.unit) for r in records if isinstance(r.event, sqe.ActivationStarted) and r.actor == "worker")
    assert all(n == 1 for n in started.values()), started
    ended, round_ = set(), 0
    for r in records:  # the rest may end under a hero's answer (a morale choice), so go by round
        if isinstance(r.event, sqe.RoundStarted):
            round_ = r.event.round
        elif isinstance(r.event, sqe.ActivationEnded) and r.event.unit == CANTOR:
            ended.add(round_)
    cast_rounds = {int(r.command_key.split(":")[2]) for r in casts}
    battle = ledger.mission(mission_id).game
    assert cast_rounds - ended <= ({battle.round} if battle.outcome is not None else set()), (cast_rounds, ended)
    assert any(isinstance(r.event, (sqe.SpellRolled, sqe.SpellNotCast)) for r in records)
    assert not ledger.mission(mission_id).attention
    assert verify_stream(ledger.store.read(mission_id)).chain.ok
