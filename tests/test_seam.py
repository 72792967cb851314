"""The game-system seam (domain/contract.py): a second system, registered from the tests, whose
commands and events reuse Star Quest's class names, runs side by side with a Star Quest mission
in the same server and the same worker; each reader sees what they may of its hidden deck and
hands; its campaign state is kept; old and new logs verify."""

from __future__ import annotations

import json

import msgspec
import pytest
import redis

from domain import registry
from domain.campaign_events import CAMPAIGN_COMMANDS, CAMPAIGN_EVENTS
from domain.codecs import mission_codec
from domain.commands import CORE_COMMANDS
from domain.contract import GameSystem
from domain.events import CORE_EVENTS
from domain.kit import decks
from service.ledger import Ledger
from tests.harness import Campaign, Member
from tests.systems import hexfall
from workers.jobs import Keys
from workers.relay import Relay
from workers.worker import Worker

STAR_QUEST_OPTIONS = {"mission": "scrapyard-brawl", "heroes": "Sera Vantis, Gorm Hadley"}


@pytest.fixture
def with_hexfall():
    registry.register(hexfall.SYSTEM)
    yield hexfall.SYSTEM
    registry.unregister(hexfall.NAME)


@pytest.fixture
def workers(ledger: Ledger, redis_url: str, redis_prefix: str):
    client = redis.Redis.from_url(redis_url)
    keys = Keys(redis_prefix)
    return Relay(ledger.store, client, keys, "relay-1"), Worker(ledger, client, keys, "worker-1")


def settle(relay: Relay, worker: Worker) -> None:
    for _ in range(200):
        if not relay.run_once() and not worker.run_once(block_ms=10):
            return
    pytest.fail("the jobs never ran out")


class Table:
    """A campaign (tests/harness.py) with a host, a player (ann, who holds the scout and Sera
    Vantis), a second player (bob, the runner) and a spectator (sam)."""

    def __init__(self, client) -> None:
        self.campaign = Campaign(client, "Seam")
        self.id = self.campaign.id
        self.host = self.campaign.host
        self.ann = self.campaign.invite("ann", "player", ["scout", "sera-vantis", "gorm-hadley"])
        self.bob = self.campaign.invite("bob", "player", ["runner"])
        self.sam = self.campaign.invite("sam", "spectator")

    def mission(self, system: str, options: dict) -> str:
        return self.campaign.mission(system, system=system, options=options, client_seed="seam")

    @staticmethod
    def events(mission_id: str, who: Member) -> list[dict]:
        return [r["event"] for r in who.read(f"/missions/{mission_id}/events?limit=1000")["events"]]


def test_systems_are_listed_with_their_versions_options_and_schemas(client, with_hexfall):
    listed = {s["name"]: s for s in client.get("/systems").json()}
    assert sorted(listed) == ["blackstone-fortress", "grimdark-future", "hexfall", "ruinstars", "star-quest", "table"]
    assert listed["star-quest"]["versions"] == ["en", "de"] and listed["star-quest"]["packs"] == ["core"]
    assert set(listed["hexfall"]["options"]["$defs"]["Options"]["properties"]) == {"heroes", "cards"}
    schema = client.get(listed["hexfall"]["commands_schema"]).json()
    assert schema["$defs"]["Advance"]["required"] == ["type", "unit", "q", "r"]
    star_quest = client.get(listed["star-quest"]["commands_schema"]).json()
    assert star_quest["$defs"]["Advance"]["required"] == ["type", "unit", "x", "y"]
    for path in ("/systems/chess", "/systems/chess/special-rules", "/systems/chess/schemas/commands.json"):
        unknown = client.get(path)
        assert (unknown.status_code, unknown.json()["code"], unknown.json()["params"]["id"]) == (404, "not_found", "/systems/chess")


def test_the_openapi_document_gives_each_systems_mission_options(client):
    body = client.get("/schema/openapi.json").json()["components"]["schemas"]["NewMission"]
    options = {o["title"]: o for o in body["properties"]["options"]["anyOf"]}
    assert set(options) == {"blackstone-fortress options", "grimdark-future options", "ruinstars options", "star-quest options", "table options"}
    assert set(options["grimdark-future options"]["properties"]) == {"mission", "armies", "pack", "points", "mysterious_terrain", "mysterious_objectives", "solo"}
    assert set(options["ruinstars options"]["properties"]) == {"mission", "squads", "pack", "mini_squads", "squad_leader", "grid"}
    assert set(options["blackstone-fortress options"]["properties"]) == {"combat", "explorers", "pack", "hostile_player", "mode", "players", "difficulty", "cards"}
    assert set(options["star-quest options"]["properties"]) == {"mission", "heroes", "pack"}
    assert options["star-quest options"]["additionalProperties"] is False
    assert options["table options"]["additionalProperties"] == {"type": "string"}


def test_a_system_whose_tags_clash_with_the_engines_is_refused():
    from domain.events import DiceRolled

    with pytest.raises(registry.SystemClash):
        registry.register(GameSystem("clash", "reuses DiceRolled", ("1",), events=(DiceRolled,)))
    assert "clash" not in registry.SYSTEMS


def test_two_systems_with_the_same_class_names_play_side_by_side(client, ledger, workers, with_hexfall):
    relay, worker = workers
    table = Table(client)
    hexes = table.mission("hexfall", {"heroes": "scout,runner"})
    stars = table.mission("star-quest", STAR_QUEST_OPTIONS)

    # Per-player set-up: each player equips its own hero, and only its own, before the first round.
    table.ann.accepted(hexes, {"type": "Equip", "unit": "scout", "kit": ["carbine", "medkit"]})
    assert table.bob.command(hexes, {"type": "Equip", "unit": "scout", "kit": ["blade"]}).json()["code"] == "not_your_unit"
    greedy = table.bob.command(hexes, {"type": "Equip", "unit": "runner", "kit": ["blade", "shield", "medkit"]})
    assert (greedy.status_code, greedy.json()["message"]) == (422, "a kit is up to 2 of blade, carbine, medkit, shield, not blade, shield, medkit")
    table.bob.accepted(hexes, {"type": "Equip", "unit": "runner", "kit": ["shield"]})

    # The same name means each system's own command: hexes for one, inches for the other.
    table.ann.accepted(hexes, {"type": "StartRound"})
    table.ann.accepted(stars, {"type": "DeployHero", "unit": "sera-vantis", "x": 9, "y": 2})
    table.ann.accepted(stars, {"type": "DeployHero", "unit": "gorm-hadley", "x": 14, "y": 2})
    wrong_shape = table.ann.command(hexes, {"type": "Advance", "unit": "scout", "x": 1.5, "y": 2})
    assert (wrong_shape.status_code, wrong_shape.json()["field"]) == (400, "command.x"), wrong_shape.text
    other_system = table.ann.command(hexes, {"type": "DeployHero", "unit": "scout", "x": 1, "y": 1})
    assert (other_system.status_code, other_system.json()["code"]) == (422, "unknown_command")
    assert other_system.json()["message"] == "hexfall missions do not take DeployHero"

    # The engine refuses a seat the player does not hold; the system's words name its refusals.
    assert table.ann.command(hexes, {"type": "Hold", "unit": "runner"}).json()["code"] == "not_your_unit"
    too_far = table.ann.command(hexes, {"type": "Advance", "unit": "scout", "q": 2, "r": 0}, headers={"accept-language": "de"})
    assert too_far.json()["message"] == "scout erreicht (2, 0) mit 3 Feldern Bewegung nicht"

    # A hand is its holder's: ann sees her card, bob and the spectator see that she drew one.
    drawn = table.ann.accepted(hexes, {"type": "Draw", "unit": "scout"})["events"][0]["event"]
    card = drawn["card"]
    assert card in ("ace", "bolt", "coin", "dart", "echo")
    assert [e.get("card") for e in table.events(hexes, table.bob) if e["type"] == "CardDrawn"] == [None]
    assert [e.get("card") for e in table.events(hexes, table.sam) if e["type"] == "CardDrawn"] == [None]
    ann_view = {u["id"]: u for u in table.ann.get(f"/missions/{hexes}").json()["game"]["units"]}
    bob_view = {u["id"]: u for u in table.bob.get(f"/missions/{hexes}").json()["game"]["units"]}
    assert (ann_view["scout"]["hand"], bob_view["scout"]["hand"], bob_view["scout"]["cards"]) == ([card], None, 1)

    # The deck's order is nobody's, the host's included: no order, no faces, four cards left.
    for who in (table.host, table.ann, table.sam):
        (shuffle,) = [e for e in table.events(hexes, who) if e["type"] == "DiceRolled"]
        assert (shuffle["order"], shuffle["faces"], shuffle["results"]) == (None, [], [])
        assert sorted(shuffle["deck"]) == ["ace", "bolt", "coin", "dart", "echo"]
        assert who.get(f"/missions/{hexes}").json()["game"]["deck_left"] == 4
        assert json.dumps(who.get(f"/missions/{hexes}/audit").json()["epochs"][0]["rolls"][0]["faces"]) == "[]"

    # The heroes act; the worker plays the drone here and the Star Quest AI there.
    table.ann.accepted(hexes, {"type": "Advance", "unit": "scout", "q": -1, "r": 0})
    table.bob.accepted(hexes, {"type": "Hold", "unit": "runner"})
    table.ann.accepted(stars, {"type": "StartRound"})
    for hero in ("sera-vantis", "gorm-hadley"):
        for command in ({"type": "Activate", "unit": hero}, {"type": "Hold", "unit": hero}, {"type": "EndActivation", "unit": hero}):
            table.ann.accepted(stars, command)
    settle(relay, worker)
    moved = [e for e in table.events(hexes, table.sam) if e["type"] == "Moved" and e["unit"] == "drone"]
    assert moved == [{"type": "Moved", "unit": "drone", "q": 1, "r": 0}]
    assert table.sam.get(f"/missions/{hexes}").json()["game"]["round"] == 2

    # A reader's export before the end: the chain links through the redacted records.
    export = table.bob.get(f"/missions/{hexes}/export").content
    header = json.loads(export.splitlines()[0])
    assert header["streams"][0]["redacted"] == [4, 8]  # the shuffle and ann's draw
    from service.exports import verify_export

    assert verify_export(export).ok

    # Round 2, then the drone decides it; the end reveals the seed and every secret.
    table.ann.accepted(hexes, {"type": "Hold", "unit": "scout"})
    table.bob.accepted(hexes, {"type": "Advance", "unit": "runner", "q": -3, "r": 3})
    settle(relay, worker)
    assert table.sam.get(f"/missions/{hexes}").json()["game"]["outcome"] == "defeat"
    table.host.post(f"/missions/{hexes}/end", {"outcome": "defeat"})
    (shuffle,) = [e for e in table.events(hexes, table.sam) if e["type"] == "DiceRolled"]
    order = decks.order_of(mission_codec("hexfall").decode(json.dumps({"stream": hexes, "position": 4, "at": "", "actor": "", "prev_hash": "", "event": shuffle}).encode()).event)
    assert order[0] == card  # the top card of the proven order is the one ann drew
    assert [e["card"] for e in table.events(hexes, table.sam) if e["type"] == "CardDrawn"] == [card]
    assert table.sam.get(f"/missions/{hexes}/verify").json()["ok"]
    whole = table.bob.get(f"/missions/{hexes}/export").content
    assert "redacted" not in json.loads(whole.splitlines()[0])["streams"][0] and verify_export(whole).ok

    # The campaign keeps each system's own state: Hexfall's renown, Star Quest's roster later.
    campaign = table.sam.get(f"/campaigns/{table.id}").json()
    assert campaign["systems"]["hexfall"] == {"missions": 1, "victories": 0, "fortune": 0}
    assert campaign["concluded"] == [{"mission_id": hexes, "outcome": "defeat", "result": "defeat", "heroes": {"scout": "standing", "runner": "standing"}}]

    # Star Quest went on beside it, its AI played by the same worker.
    records = table.sam.get(f"/missions/{stars}/events?limit=1000").json()["events"]
    assert {r["event"]["type"] for r in records if r["actor"] == "worker"} >= {"ActivationStarted", "ActivationEnded"}
    assert table.sam.get(f"/missions/{stars}/verify").json()["ok"]


def test_a_campaign_rolls_its_own_provable_dice_between_missions(client, with_hexfall):
    """design.md#Dice on the campaign stream: a game system's campaign command rolls on the
    campaign's own epochs; the first opens epoch 0 before its roll; the host's rotation reveals
    the seed and the audit re-computes the roll."""
    table = Table(client)
    url = f"/campaigns/{table.id}"
    refused = table.ann.post(f"{url}/commands", {"command": {"type": "RotateCampaignSeed"}})
    assert (refused.status_code, refused.json()["code"]) == (403, "wrong_role")
    unknown = table.ann.post(f"{url}/commands", {"command": {"type": "hexfall.Teleport"}})
    assert (unknown.status_code, unknown.json()["code"]) == (422, "unknown_command")
    rolled = table.ann.post(f"{url}/commands", {"command": {"type": "hexfall.RollFortune"}, "idempotency_key": "f1"})
    assert rolled.status_code == 201, rolled.text
    types = [r["event"]["type"] for r in rolled.json()["events"]]
    assert types == ["CampaignEpochStarted", "CampaignDiceRolled", "hexfall.FortuneRolled"]
    roll = rolled.json()["events"][1]["event"]
    again = table.ann.post(f"{url}/commands", {"command": {"type": "hexfall.RollFortune"}, "idempotency_key": "f1"})
    assert again.json()["replayed"] and again.json()["events"] == rolled.json()["events"]
    assert table.sam.get(url).json()["systems"]["hexfall"]["fortune"] == roll["results"][0]

    before = table.sam.get(f"{url}/audit").json()
    assert before["epochs"][0]["server_seed"] is None and before["epochs"][0]["rolls"][0]["faces"] == roll["faces"]
    rotated = table.host.post(f"{url}/commands", {"command": {"type": "RotateCampaignSeed"}})
    assert [r["event"]["type"] for r in rotated.json()["events"]] == ["CampaignSeedRevealed", "CampaignEpochStarted"]
    after = table.sam.get(f"{url}/audit").json()
    assert after["epochs"][0]["server_seed"] is not None and len(after["epochs"]) == 2
    verdict = table.sam.get(f"{url}/verify").json()
    assert verdict["ok"] and verdict["dice"]["rolls_checked"] == 1


def test_a_campaign_with_its_own_dice_moves_to_another_server_and_rolls_on(client, tmp_path, with_hexfall):
    """README.md#export-and-import: a campaign whose rolls are revealed imports; the epoch its
    rotation left open has no seed here and rolled nothing, so the first roll here opens a new one."""
    import secrets

    from litestar.testing import TestClient

    from api.http.app import create_app
    from service.seal import Sealer
    from service.store import EventStore

    table = Table(client)
    url = f"/campaigns/{table.id}"
    fortune = {"command": {"type": "hexfall.RollFortune"}}
    assert table.ann.post(f"{url}/commands", fortune).status_code == 201
    export = table.host.get(f"{url}/export").content
    other = EventStore({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "other.sqlite3")})
    try:
        with TestClient(create_app(Ledger(other, Sealer(secrets.token_bytes(32))))) as there:
            refused = there.post("/imports", content=export, headers={"content-type": "application/x-ndjson"})
            assert (refused.status_code, refused.json()["code"]) == (422, "epoch_unrevealed")
            assert table.host.post(f"{url}/commands", {"command": {"type": "RotateCampaignSeed"}}).status_code == 201
            export = table.host.get(f"{url}/export").content
            assert there.post("/imports", content=export, headers={"content-type": "application/x-ndjson"}).status_code == 201
            rolled = there.post(f"{url}/commands", json=fortune, headers=table.ann.headers)
            assert rolled.status_code == 201, rolled.text
            assert [r["event"]["type"] for r in rolled.json()["events"]] == ["CampaignEpochStarted", "CampaignDiceRolled", "hexfall.FortuneRolled"]
            assert rolled.json()["events"][0]["event"]["epoch"] == 2
            verdict = there.get(f"{url}/verify", headers=table.sam.headers).json()
            assert verdict["ok"] and verdict["dice"]["rolls_checked"] == 1
    finally:
        other.close()


def test_a_hidden_campaign_deck_shows_its_order_to_nobody_until_the_campaign_seed_is_revealed(client, with_hexfall):
    """Hidden information on the campaign stream too: the shuffle's faces are withheld from the
    command's answer, the audit and the host's export until the rotation reveals the seed."""
    from service.exports import verify_export

    table = Table(client)
    url = f"/campaigns/{table.id}"
    shuffled = table.host.post(f"{url}/commands", {"command": {"type": "hexfall.ShuffleRelics"}})
    assert shuffled.status_code == 201, shuffled.text
    roll = shuffled.json()["events"][1]["event"]
    assert (roll["type"], roll["order"], roll["faces"], roll["deck"]) == ("CampaignDiceRolled", None, [], ["amulet", "banner", "crown", "dagger"])
    assert table.host.get(f"{url}/audit").json()["epochs"][0]["rolls"][0]["faces"] == []
    export = table.host.get(f"{url}/export").content
    assert json.loads(export.splitlines()[0])["streams"][0]["redacted"] == [6] and verify_export(export).ok
    table.host.post(f"{url}/commands", {"command": {"type": "RotateCampaignSeed"}})
    faces = table.sam.get(f"{url}/audit").json()["epochs"][0]["rolls"][0]["faces"]
    assert len(faces) == 3 and all(1 <= f <= n for f, n in zip(faces, (4, 3, 2), strict=True))
    verdict = table.sam.get(f"{url}/verify").json()
    assert verdict["ok"] and verdict["dice"]["rolls_checked"] == 1
    whole = table.host.get(f"{url}/export").content
    assert "redacted" not in json.loads(whole.splitlines()[0])["streams"][0] and verify_export(whole).ok


def _defaults_that_change_on_the_way_back(kind: type) -> list[str]:
    """Fields whose default does not encode, decode as the field's type and encode again to the
    same bytes (an int default on a float field: 0 is stored, 0.0 is read back)."""
    changed = []
    for field in msgspec.structs.fields(kind):
        default = field.default if field.default is not msgspec.NODEFAULT else (field.default_factory() if field.default_factory is not msgspec.NODEFAULT else msgspec.NODEFAULT)
        if default is msgspec.NODEFAULT:
            continue
        sent = msgspec.json.encode(default)
        if msgspec.json.encode(msgspec.json.decode(sent, type=field.type)) != sent:
            changed.append(f"{kind.__name__}.{field.name}")
    return changed


def _messages(system: str) -> list[type]:
    if system == "(engine)":
        return [*CORE_COMMANDS, *CORE_EVENTS, *CAMPAIGN_COMMANDS, *CAMPAIGN_EVENTS]
    game = registry.SYSTEMS[system]
    return [*game.commands, *game.events, *game.campaign_commands, *game.campaign_events]


@pytest.mark.parametrize("system", ["(engine)", *sorted(registry.SYSTEMS)])
def test_every_default_of_the_commands_and_events_reads_back_as_it_was_sealed(system):
    """A command or event the server builds with a default is sealed in the chain as encoded; a
    default that reads back as other bytes would break the chain check of its own record."""
    assert [name for kind in _messages(system) for name in _defaults_that_change_on_the_way_back(kind)] == []
