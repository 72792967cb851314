"""Physical dice typed in for any game system's commands (README.md#manual-dice; design.md#Dice):
`POST /missions/{id}/commands` takes `faces` beside the command, every roll takes its faces from
the front, and a refusal says what is still needed; the AI's activations are submitted by the
table with the faces it rolled (`POST /missions/{id}/ai`), decided by the server. Shown on a
Star Quest mission of the sample pack (hold-the-relay: the heroes in the middle of the table)."""

from __future__ import annotations

from tests.harness import Campaign, Member, ScriptedPlayer, TableDice, created, play
from tests.starquest.players import ai_due, idle, roll_for_the_ai, start
from tests.test_ai_worker import rig, settle  # noqa: F401 - rig is a fixture

HEROES = ("sera-vantis", "gorm-hadley")
OPTIONS = {"mission": "hold-the-relay", "heroes": "Sera Vantis, Gorm Hadley"}
DRUDGE = "slag-drudge-1-1"
TO_HIT = f"Hush Rifle to hit {DRUDGE}"
SHOT = {"type": "Shoot", "unit": "sera-vantis", "target": DRUDGE, "weapons": ["Hush Rifle"]}


def relay_mission(campaign: Campaign, dice_mode: str) -> str:
    mission_id = campaign.mission("Relay", "star-quest", "en", OPTIONS, dice_mode=dice_mode, client_seed="relay")
    start(campaign.host, mission_id, HEROES, [(21.0, 21.0), (27.0, 21.0)], dice=TableDice(0) if dice_mode == "manual" else None)
    return mission_id


def aiming(host: Member, mission_id: str) -> None:
    """Sera Vantis activates and holds: her Hush Rifle (1 attack, AP 2, Lock-On) is ready."""
    host.accepted(mission_id, {"type": "Activate", "unit": "sera-vantis"})
    host.accepted(mission_id, {"type": "Hold", "unit": "sera-vantis"})


def refused(host: Member, mission_id: str, faces: list[int] | None, code: str) -> dict:
    """The shot with these faces is refused with `code` and writes nothing: the refusal's params."""
    version = host.mission(mission_id)["version"]
    response = host.command(mission_id, SHOT, **({} if faces is None else {"faces": faces}))
    assert (response.status_code, response.json()["code"]) == (422, code), response.text
    assert host.mission(mission_id)["version"] == version
    return response.json()["params"]


def test_a_shot_with_typed_dice_asks_for_each_roll_and_records_the_faces(client):
    """star-quest.en.md#Shooting: a quality test to hit, then the target's defense roll; each roll
    takes its typed faces in that order."""
    campaign = Campaign(client, "Salvage")
    mission_id = relay_mission(campaign, "manual")
    host = campaign.host
    aiming(host, mission_id)
    assert refused(host, mission_id, None, "missing_faces") == {"given": 0, "used": 0, "needed": [6], "purpose": TO_HIT}
    short = refused(host, mission_id, [5], "missing_faces")
    assert (short["given"], short["used"], short["needed"]) == (1, 1, [6]) and short["purpose"].startswith(f"{DRUDGE} blocks")
    assert refused(host, mission_id, [5, 3, 4], "too_many_faces") == {"left": 1}
    assert refused(host, mission_id, [7], "impossible_face") == {"sides": 6, "face": 7}
    german = host.command(mission_id, SHOT, headers={"accept-language": "de"})
    assert german.json()["message"] == f"der Wurf für {TO_HIT} braucht eine eingegebene Augenzahl je Würfel (Seiten: 6); 0 der 0 eingegebenen Augenzahl(en) gingen an die Würfe davor"

    events = [r["event"] for r in host.accepted(mission_id, SHOT, faces=[5, 3])["events"]]
    rolls = [e for e in events if e["type"] == "DiceRolled"]
    assert [(r["source"], r["nonce"], r["sides"], r["faces"]) for r in rolls] == [("manual", None, [6], [5]), ("manual", None, [6], [3])]
    (resolved,) = [e for e in events if e["type"] == "AttackResolved"]
    assert (resolved["hits"], resolved["blocked"], resolved["wounds"]) == (1, 0, 1)  # a 5 hits (Q3+); a 3 does not block (D5+, AP 2)
    assert [e["figure"] for e in events if e["type"] == "FigureKilled"] == [f"{DRUDGE}.1"]


def test_a_server_dice_mission_refuses_typed_faces(client):
    campaign = Campaign(client, "Salvage")
    mission_id = relay_mission(campaign, "server")
    aiming(campaign.host, mission_id)
    assert refused(campaign.host, mission_id, [5, 3], "faces_not_allowed") == {}
    assert refused(campaign.host, mission_id, [], "faces_not_allowed") == {}
    assert campaign.host.post(f"/missions/{mission_id}/ai", {"faces": []}).json()["code"] == "ai_by_worker"


def test_typed_faces_are_capped(client):
    campaign = Campaign(client, "Salvage")
    mission_id = relay_mission(campaign, "manual")
    too_many = campaign.host.command(mission_id, SHOT, faces=[1] * 201)
    assert (too_many.status_code, too_many.json()["code"], too_many.json()["field"]) == (400, "malformed_body", "faces")


def test_the_table_submits_the_ais_activations_with_typed_dice_and_the_audit_lists_them(client):
    """README.md#manual-dice: the server decides the AI's command (GET shows it), the table types
    the faces; every roll is listed as manual, and the mission verifies and replays."""
    campaign = Campaign(client, "Salvage")
    ann = campaign.invite("ann", "player", HEROES)
    mission_id = relay_mission(campaign, "manual")
    dice = TableDice(7)
    heroes = ScriptedPlayer(ann, mission_id, idle, dice=dice)
    assert ann.read(f"/missions/{mission_id}/ai") == {"command": None, "key": None, "dice_mode": "manual"}
    assert ann.post(f"/missions/{mission_id}/ai", {"faces": []}).json()["code"] == "no_ai_due"
    assert play([heroes], until=ai_due, rounds=20)

    due = ann.read(f"/missions/{mission_id}/ai")
    assert due["command"]["type"] in ("AiActivate", "AiCast", "AiBegin") and due["key"] == f"ai:{mission_id}:1:{due['command']['unit']}"
    version = ann.mission(mission_id)["version"]
    sent = []
    answer = created(dice.send(lambda faces: sent.append(faces) or ann.post(f"/missions/{mission_id}/ai", {"faces": faces, "idempotency_key": "ai-1", "expected_version": version})))
    assert answer["events"][0]["command"] == due["command"] and answer["events"][0]["command_key"] == "ai-1"
    other = ann.post(f"/missions/{mission_id}/ai", {"faces": [f % 6 + 1 for f in sent[-1]] or [1], "idempotency_key": "ai-1"})
    assert (other.status_code, other.json()["code"], other.json()["params"]) == (422, "idempotency_key_reused", {"key": "ai-1"})
    again = created(ann.post(f"/missions/{mission_id}/ai", {"faces": sent[-1], "idempotency_key": "ai-1"}))
    assert again["replayed"] and again["events"] == answer["events"]
    last = answer["events"][-1]
    assert answer["receipts"] == again["receipts"] == [{"stream": mission_id, "position": last["position"], "hash": last["hash"]}]

    table_ai = ScriptedPlayer(campaign.host, mission_id, roll_for_the_ai, dice=dice)
    play([heroes, table_ai], until=lambda turn: turn.outcome is not None or turn.game.round >= 3, rounds=400)
    records = ann.read(f"/missions/{mission_id}/events?limit=1000")["events"]
    by_ai = [r for r in records if r["command"] and r["command"]["type"].startswith("Ai")]
    assert by_ai and all(r["command_key"] for r in by_ai)
    ai_rolls = [r["event"] for r in records if r["event"]["type"] == "DiceRolled" and any(r["batch"] == a["batch"] for a in by_ai)]
    assert ai_rolls, "no AI activation rolled dice"
    rolls = [r["event"] for r in records if r["event"]["type"] == "DiceRolled"]
    assert [f for r in rolls for f in r["faces"]] == dice.typed
    # The scripted players kept the receipt of the last command they sent: the log's last record.
    kept = campaign.receipts.last[mission_id]
    assert (kept.position, kept.hash) == (records[-1]["position"], records[-1]["hash"]) and set(campaign.receipts.last) == {campaign.id, mission_id}

    assert campaign.host.end(mission_id, "abandoned").status_code == 201
    audit = ann.read(f"/missions/{mission_id}/audit")
    listed = [r for e in audit["epochs"] for r in e["rolls"]]
    assert len(listed) == len(rolls) and all((r["source"], r["nonce"]) == ("manual", None) for r in listed)
    verdict = ann.read(f"/missions/{mission_id}/verify")
    assert verdict["ok"] and (verdict["dice"]["manual_rolls"], verdict["dice"]["rolls_checked"]) == (len(rolls), 0)
    assert ann.read(f"/missions/{mission_id}/replay/check")["ok"]


def test_the_worker_leaves_a_manual_missions_ai_to_the_table(rig, client):  # noqa: F811
    """README.md#ai-worker: the worker rolls no physical dice: it acknowledges the job, writes
    nothing and flags nothing; the activation stays due for the table."""
    ledger, _, _, relay, worker = rig
    campaign = Campaign(client, "Salvage")
    mission_id = relay_mission(campaign, "manual")
    assert play([ScriptedPlayer(campaign.host, mission_id, idle, dice=TableDice(1))], until=ai_due, rounds=20)
    version = ledger.mission(mission_id).version
    assert settle(relay, worker) >= 1
    assert ledger.mission(mission_id).version == version and not ledger.mission(mission_id).attention
    assert campaign.host.read(f"/missions/{mission_id}/ai")["command"] is not None


def test_the_schemas_publish_faces_and_the_ai_route(client):
    commands = client.get("/schemas/commands.json").json()["$defs"]
    assert commands["MissionCommandBody"]["properties"]["faces"]["anyOf"][0] == {"type": "array", "items": {"type": "integer"}, "maxItems": 200}
    paths = client.get("/schema/openapi.json").json()["paths"]
    assert {"get", "post"} <= set(paths["/missions/{mission_id}/ai"])
