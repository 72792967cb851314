"""README.md#replay on a real game: a scripted Star Quest mission, replayed at every position,
gives exactly the state the live mission had there."""

from __future__ import annotations

import msgspec

from domain import replay
from domain.registry import system_named
from domain.systems.starquest import commands as sq
from service.ledger import WORKER

HEROES = ("Sera Vantis", "Gorm Hadley")


def _play(ledger, rules: str) -> tuple[str, dict[int, bytes]]:
    
    created = ledger.create_campaign("Replay", "host")
    campaign_id, token = created.id, created.token
    _, host = ledger.authenticate(token)
    options = {"mission": "scrapyard-brawl", "heroes": ", ".join(HEROES)}
    state = ledger.create_mission(
        campaign_id, host, name="Brawl", system="star-quest", rules_version=rules, dice_mode="server",
        client_seed="replay", options=options,
    ).state  # fmt: skip
    mission_id = state.mission_id
    live = {state.version: msgspec.json.encode(state, order="sorted")}

    def do(command, actor=host) -> None:
        result = ledger.handle(mission_id, actor, command)
        now = ledger.mission(mission_id)
        live[result.version] = msgspec.json.encode(now, order="sorted")

    for n, hero in enumerate(("sera-vantis", "gorm-hadley")):
        do(sq.DeployHero(hero, 9 + 5 * n, 2))
    do(sq.StartRound())
    for _ in range(300):
        battle = ledger.mission(mission_id).game
        if battle.outcome:
            break
        if battle.pending is not None:
            do(sq.Answer(battle.pending.unit, False))
        elif battle.phase == "heroes":
            hero = next(u.id for u in battle.side("hero") if u.can_act and not u.activated)
            do(sq.Activate(hero))
            while (pending := ledger.mission(mission_id).game.pending) is not None:  # status conditions
                do(sq.Answer(pending.unit, False))
            battle = ledger.mission(mission_id).game
            if battle.units[hero].shaken or not battle.units[hero].can_act:
                do(sq.EndActivation(hero))
                continue
            do(sq.Hold(hero))
            for enemy in [u.id for u in battle.side("ai") if u.on_table]:
                try:
                    do(sq.Shoot(hero, enemy))
                    break
                except Exception:  # noqa: BLE001 - out of range or sight: try the next enemy
                    continue
            do(sq.EndActivation(hero))
        else:
            do(system_named("star-quest").ai(ledger.mission(mission_id)), WORKER)
    assert ledger.mission(mission_id).game.outcome in ("victory", "defeat")
    return mission_id, live


def test_replayed_state_equals_the_live_state_at_every_position(ledger):
    for rules in ("en", "de"):
        mission_id, live = _play(ledger, rules)
        records = ledger.records(mission_id)
        state = None
        replayed = {}
        for record in records:
            state = replay.fold([record]) if state is None else _step(state, record)
            replayed[record.position] = msgspec.json.encode(state, order="sorted")
        for position, expected in live.items():
            assert replayed[position] == expected, f"{rules}: state differs after event {position}"
        assert replay.check_determinism(records).unverifiable  # the last epoch is still sealed


def _step(state, record):
    from domain import mission

    return mission.evolve(state, record.event)
