"""A whole Star Quest mission from the sample pack over HTTP: heroes played by this test, the
enemies by the pure AI function, to victory or defeat, in both rules versions."""

from __future__ import annotations

import msgspec
import pytest

from domain.systems.starquest.ai import ai
from tests.conftest import Table

HEROES = ("sera-vantis", "gorm-hadley")


def _post(table: Table, command: dict, headers: dict) -> dict:
    response = table.client.post(table.url("/commands"), json={"command": command}, headers=headers)
    return response


def _hero_turn(table: Table, ledger, hero: str, headers: dict) -> None:
    """Discover the nearest search token it can, answer no to paying for a failed test; head for
    an objective to reach (else hold); shoot the first enemy any weapon reaches."""
    assert _post(table, {"type": "Activate", "unit": hero}, headers).status_code == 201
    while (pending := ledger.mission(table.mission_id).game.pending) is not None:  # status conditions: never pays
        assert _post(table, {"type": "Answer", "unit": pending.unit, "accept": False}, headers).status_code == 201
    battle = ledger.mission(table.mission_id).game
    me = battle.units[hero].figures[0]
    if battle.units[hero].shaken or not battle.units[hero].can_act:  # a Shaken hero stays idle for a whole activation to recover
        assert _post(table, {"type": "EndActivation", "unit": hero}, headers).status_code == 201
        return
    tokens = [t for t in battle.mission.search_tokens if t.id in battle.tokens]
    for token in sorted(tokens, key=lambda t: (t.at[0] - me.x) ** 2 + (t.at[1] - me.y) ** 2):
        found = _post(table, {"type": "Discover", "unit": hero, "token": token.id}, headers)
        if found.status_code == 201:
            if ledger.mission(table.mission_id).game.pending is not None:
                assert _post(table, {"type": "Answer", "unit": hero, "accept": False}, headers).status_code == 201
            break
        assert found.json()["code"] in ("too_far_to_discover", "token_not_in_sight", "too_far_to_pick_up"), found.text
    else:
        _use_skill(table, battle, hero, headers)
    battle = ledger.mission(table.mission_id).game
    if not battle.units[hero].can_act or battle.outcome:
        assert _post(table, {"type": "EndActivation", "unit": hero}, headers).status_code == 201
        return
    if not _advance_to_objective(table, battle, hero, headers):
        assert _post(table, {"type": "Hold", "unit": hero}, headers).status_code == 201
    battle = ledger.mission(table.mission_id).game
    if not battle.units[hero].can_act:  # dangerous terrain crossed may knock a hero out
        assert _post(table, {"type": "EndActivation", "unit": hero}, headers).status_code == 201
        return
    enemies = [u for u in battle.side("ai") if u.on_table]
    for enemy in sorted(enemies, key=lambda u: (u.figures[0].x - me.x) ** 2 + (u.figures[0].y - me.y) ** 2):
        shot = _post(table, {"type": "Shoot", "unit": hero, "target": enemy.id}, headers)
        if shot.status_code == 201:
            break
        assert shot.json()["code"] in ("no_shot", "bad_target"), shot.text
    assert _post(table, {"type": "EndActivation", "unit": hero}, headers).status_code == 201


def _use_skill(table: Table, battle, hero: str, headers: dict) -> None:
    """The hero's first skill: at the nearest enemy (hits), or toward it (move)."""
    skill = battle.hero(battle.units[hero].profile).skills[0]
    me = battle.units[hero].figures[0]
    enemies = sorted((u for u in battle.side("ai") if u.on_table), key=lambda u: (u.figures[0].x - me.x) ** 2 + (u.figures[0].y - me.y) ** 2)
    if not enemies:
        return
    command = {"type": "UseHeroSkill", "unit": hero, "skill": skill.name}
    if type(skill.effect).__name__ == "Hits":
        command["target"] = enemies[0].id
    else:
        command["x"], command["y"] = enemies[0].figures[0].x, enemies[0].figures[0].y
    used = _post(table, command, headers)
    assert used.status_code == 201 or used.json()["code"] in ("out_of_range", "not_in_sight"), used.text


def _advance_to_objective(table: Table, battle, hero: str, headers: dict) -> bool:
    """Advance up to 5" toward the first objective of a Reach condition; False when there is none
    or the engine refuses that move (terrain, enemies in the way)."""
    goals = [c.objective for c in battle.mission.victory if type(c).__name__ == "Reach"]
    if not goals:
        return False
    point = next(o.at for o in battle.mission.objectives if o.id == goals[0])
    me = battle.units[hero].figures[0]
    dx, dy = point[0] - me.x, point[1] - me.y
    length = (dx * dx + dy * dy) ** 0.5
    step = min(1.0, battle.scale(5.0) / length) if length else 0.0
    moved = _post(table, {"type": "Advance", "unit": hero, "x": me.x + dx * step, "y": me.y + dy * step}, headers)
    return moved.status_code == 201


MISSIONS = {
    "scrapyard-brawl": ((9, 2), (14, 2)),
    "sump-recovery": ((4, 4), (9, 4)),
    "hold-the-relay": ((21, 21), (27, 21)),
}


@pytest.mark.parametrize("mission", sorted(MISSIONS))
@pytest.mark.parametrize("rules", ["en", "de"])
def test_a_sample_mission_plays_to_its_end(client, ledger, rules, mission):
    table = Table.__new__(Table)
    table.client = client
    created = client.post("/campaigns", json={"name": "Salvage"}).json()
    table.campaign_id, table.host = created["campaign_id"], {"authorization": f"Bearer {created['host_token']}"}
    joined = client.post(f"/campaigns/{table.campaign_id}/members", json={"name": "ann", "role": "player", "units": list(HEROES)}, headers=table.host)
    player = {"authorization": f"Bearer {joined.json()['token']}"}
    options = {"mission": mission, "heroes": "Sera Vantis, Gorm Hadley"}
    response = client.post(f"/campaigns/{table.campaign_id}/missions", json={"name": mission, "system": "star-quest", "rules_version": rules, "options": options}, headers=table.host)
    assert response.status_code == 201, response.text
    table.mission_id = response.json()["mission_id"]
    assert response.json()["game"]["rules"] == rules

    for hero, (x, y) in zip(HEROES, MISSIONS[mission], strict=True):
        assert _post(table, {"type": "DeployHero", "unit": hero, "x": x, "y": y}, player).status_code == 201
    assert _post(table, {"type": "StartRound"}, player).status_code == 201
    for _ in range(600):
        battle = ledger.mission(table.mission_id).game
        if battle.outcome:
            break
        if battle.pending is not None:  # e.g. pay to ignore Shaken: this party never pays
            assert _post(table, {"type": "Answer", "unit": battle.pending.unit, "accept": False}, player).status_code == 201
        elif battle.phase == "heroes":
            hero = next(u.id for u in battle.side("hero") if u.can_act and not u.activated)
            _hero_turn(table, ledger, hero, player)
        else:
            command = ai(battle)
            assert command is not None
            done = _post(table, msgspec.to_builtins(command), table.host)
            assert done.status_code == 201, done.text
    battle = ledger.mission(table.mission_id).game
    assert battle.outcome in ("victory", "defeat")
    assert client.post(table.url("/end"), json={"outcome": battle.outcome}, headers=table.host).status_code == 201
    assert client.get(table.url("/verify"), headers=player).json()["ok"]
    assert client.get(table.url("/replay/check"), headers=player).json()["ok"]


def test_a_player_commands_only_their_own_heroes(client):
    created = client.post("/campaigns", json={"name": "Salvage"}).json()
    host = {"authorization": f"Bearer {created['host_token']}"}
    cid = created["campaign_id"]
    joined = client.post(f"/campaigns/{cid}/members", json={"name": "bo", "role": "player", "units": ["gorm-hadley"]}, headers=host).json()
    bo = {"authorization": f"Bearer {joined['token']}"}
    options = {"mission": "scrapyard-brawl", "heroes": "Sera Vantis,Gorm Hadley"}
    mission = client.post(f"/campaigns/{cid}/missions", json={"name": "B", "system": "star-quest", "rules_version": "en", "options": options}, headers=host).json()
    url = f"/missions/{mission['mission_id']}/commands"
    refused = client.post(url, json={"command": {"type": "DeployHero", "unit": "sera-vantis", "x": 5, "y": 2}}, headers=bo)
    assert refused.status_code == 403 and refused.json()["code"] == "not_your_unit"
    assert client.post(url, json={"command": {"type": "DeployHero", "unit": "gorm-hadley", "x": 5, "y": 2}}, headers=bo).status_code == 201


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"mission": "nowhere", "heroes": "Sera Vantis"}, "unknown_mission_definition"),
        ({"mission": "scrapyard-brawl", "heroes": "Nobody"}, "unknown_hero"),
        ({"mission": "scrapyard-brawl", "heroes": ""}, "bad_party"),
        ({"mission": "scrapyard-brawl", "heroes": "Sera Vantis", "pack": "other"}, "unknown_pack"),
    ],
)
def test_bad_mission_options_are_refused_and_write_nothing(client, ledger, options, code):
    created = client.post("/campaigns", json={"name": "Salvage"}).json()
    host = {"authorization": f"Bearer {created['host_token']}"}
    before = ledger.store.max_notification_id()
    response = client.post(f"/campaigns/{created['campaign_id']}/missions", json={"name": "B", "system": "star-quest", "rules_version": "en", "options": options}, headers=host)
    assert response.status_code == 422 and response.json()["code"] == code
    assert ledger.store.max_notification_id() == before


@pytest.mark.parametrize("rules", ["en", "de"])
def test_ambush_and_scout_over_http_refusals_are_422_and_write_nothing(client, ledger, rules):
    """star-quest.en.md#Special Rules Reference (Ambush, Scout) on the sample pack's 24" table:
    a Scout move is 6" there; an ambusher waits for a round after the first."""
    created = client.post("/campaigns", json={"name": "Salvage"}).json()
    host = {"authorization": f"Bearer {created['host_token']}"}
    options = {"mission": "scrapyard-brawl", "heroes": "Sera Vantis, Nessa Brill"}
    mission = client.post(f"/campaigns/{created['campaign_id']}/missions", json={"name": "B", "system": "star-quest", "rules_version": rules, "options": options}, headers=host).json()
    url = f"/missions/{mission['mission_id']}/commands"

    def send(command: dict):
        return client.post(url, json={"command": command}, headers=host)

    assert send({"type": "DeployHero", "unit": "nessa-brill", "x": 9, "y": 2}).status_code == 201
    before = ledger.store.max_notification_id()
    too_far = send({"type": "ScoutMove", "unit": "nessa-brill", "x": 9, "y": 8.5})
    assert too_far.status_code == 422 and too_far.json()["code"] == "too_far" and too_far.json()["rule"].startswith(f"star-quest.{rules}.md#")
    assert ledger.store.max_notification_id() == before
    assert send({"type": "ScoutMove", "unit": "nessa-brill", "x": 9, "y": 8}).status_code == 201
    assert send({"type": "DeployHero", "unit": "sera-vantis", "x": 14, "y": 2}).status_code == 201
    assert send({"type": "SetAside", "unit": "sera-vantis"}).status_code == 201
    assert send({"type": "StartRound"}).status_code == 201
    early = send({"type": "PlaceAmbusher", "unit": "sera-vantis", "x": 2, "y": 2})
    assert early.status_code == 422 and early.json()["code"] == "not_round_start"


def test_casting_over_http_answers_422_with_the_caster_rule(client, ledger):
    """star-quest.en.md "Caster(X)": a refused cast is a 422 naming the rule and writes nothing;
    a legal one (the sample pack's Mending Current on a friend in range) is accepted."""
    created = client.post("/campaigns", json={"name": "Sump"}).json()
    host = {"authorization": f"Bearer {created['host_token']}"}
    cid = created["campaign_id"]
    options = {"mission": "sump-recovery", "heroes": "Ilo Marrent, Gorm Hadley"}
    mission_id = client.post(f"/campaigns/{cid}/missions", json={"name": "Sump", "system": "star-quest", "rules_version": "en", "options": options}, headers=host).json()["mission_id"]

    def post(command: dict):
        return client.post(f"/missions/{mission_id}/commands", json={"command": command}, headers=host)

    for x, hero in ((4, "ilo-marrent"), (9, "gorm-hadley")):
        assert post({"type": "DeployHero", "unit": hero, "x": x, "y": 2}).status_code == 201
    assert post({"type": "StartRound"}).status_code == 201
    assert post({"type": "Activate", "unit": "ilo-marrent"}).status_code == 201
    version = ledger.mission(mission_id).version
    far = post({"type": "Cast", "unit": "ilo-marrent", "spell": "Arc Lash", "target": "sallow-cantor-1-3"})
    assert far.status_code == 422 and far.json()["code"] == "out_of_range" and far.json()["rule"] == "star-quest.en.md#Caster(X)", far.text
    greedy = post({"type": "Cast", "unit": "ilo-marrent", "spell": "Mending Current", "target": "gorm-hadley", "boost": 1})
    assert greedy.status_code == 422 and greedy.json()["code"] == "not_enough_tokens", greedy.text
    assert ledger.mission(mission_id).version == version
    assert post({"type": "Cast", "unit": "ilo-marrent", "spell": "Mending Current", "target": "gorm-hadley"}).status_code == 201
    assert ledger.mission(mission_id).game.units["ilo-marrent"].spell_tokens == 0
