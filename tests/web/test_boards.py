"""The boards of Blackstone Fortress, Ruinstars and Grimdark Future (README.md#web-client): each
mission made through the lobby shows every unit the API's state has, on its hex, square or base;
a command is chosen by clicking on the board (a unit, then a hex, a place or a target), the
fields it fills are the ones the command's schema names, the server accepts it, and what a
player reads next (the unit's new place, the event in the list) is pinned to the API's state.

Dice come from the server's seed: where a command needs a die's face the test reads it from
the API, never guesses it."""

from __future__ import annotations

import json
import re

import httpx
from playwright.sync_api import expect

from tests.servers import wait_until
from tests.web.pages import (
    command,
    create_campaign,
    create_mission,
    refusal,
    screenshot,
    send,
)


def token_of(page) -> str:
    return page.evaluate("Object.values(JSON.parse(localStorage.getItem('skirmish.members')))[0].token")


def state_of(server, token: str, mission_id: str) -> dict:
    answer = httpx.get(f"{server.base}/missions/{mission_id}", headers={"authorization": f"Bearer {token}"}, timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()


def field(page, name: str):
    return page.locator(f'form.command [name="{name}"]')


def select(page, tag: str) -> None:
    page.select_option("#command-type", tag)


def unit_on_board(page, unit: str):
    return page.locator(f'svg.board g[data-unit="{unit}"]')


def click_unit(page, unit: str) -> None:
    unit_on_board(page, unit).locator("circle").first.click()


def events_of(server, token: str, mission_id: str) -> list[dict]:
    answer = httpx.get(f"{server.base}/missions/{mission_id}/events?limit=1000", headers={"authorization": f"Bearer {token}"}, timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()["events"]


def assert_logged(page, server, token: str, mission_id: str, event_type: str) -> dict:
    """The API's latest event of that type, shown in the page's event list at its position."""
    last = [e for e in events_of(server, token, mission_id) if e["event"]["type"] == event_type][-1]
    page.locator(f'.log li[data-position="{last["position"]}"][data-type="{event_type}"]').wait_for(state="attached")
    return last["event"]


# -- Blackstone Fortress: hexes ------------------------------------------------------------------


def test_blackstone_fortress_hexes_picked_for_placing_and_moving(new_page, web_server, artifacts):
    page = new_page()
    create_campaign(page, "Fortress board")
    mission_id = create_mission(page, "Passage", "blackstone-fortress", options={"combat": "sunken-passage", "explorers": "Ysolde Marr, Pim and Pell"})
    token = token_of(page)
    game = state_of(web_server, token, mission_id)["game"]
    page.wait_for_selector('svg.board[data-system="blackstone-fortress"]')

    # every hex, and every miniature on its hex with its name and state in its title
    cells = {f"{c['q']},{c['r']}" for c in game["board"]["cells"]}
    assert set(page.locator("svg.board polygon.hex").evaluate_all("hs => hs.map(h => h.dataset.hex)")) == cells
    minis = {m["id"]: m for m in game["miniatures"].values() if m["at"] and not m["slain"]}
    assert {m["side"] for m in minis.values()} == {"explorer", "hostile"}
    for mini in minis.values():
        drawn = unit_on_board(page, mini["id"])
        expect(drawn).to_have_attribute("data-hex", f"{mini['at']['q']},{mini['at']['r']}")
        expect(drawn.locator("title")).to_contain_text(mini["name"])
        assert f"side-{mini['side']}" in drawn.get_attribute("class")
    assert page.locator("svg.board g.marker").count() == len(game["markers"])

    # placing: Ysolde Marr, then an arrival hex of the card: the command's q and r fill in
    select(page, "PlaceExplorer")
    click_unit(page, "ysolde-marr")
    assert field(page, "unit").input_value() == "ysolde-marr"
    arrival = next(h for h in game["card"]["arrival"] if not any(m["at"] == {"q": h[0], "r": h[1]} for m in minis.values()))
    page.locator(f'svg.board polygon[data-hex="{arrival[0]},{arrival[1]}"]').click()
    assert (field(page, "q").input_value(), field(page, "r").input_value()) == (str(arrival[0]), str(arrival[1]))
    assert send(page) == "accepted", refusal(page)
    expect(unit_on_board(page, "ysolde-marr")).to_have_attribute("data-hex", f"{arrival[0]},{arrival[1]}")
    after = state_of(web_server, token, mission_id)["game"]["miniatures"]["ysolde-marr"]["at"]
    assert [after["q"], after["r"]] == arrival
    assert assert_logged(page, web_server, token, mission_id, "MiniaturePlaced") == {"type": "MiniaturePlaced", "miniature": "ysolde-marr", "q": arrival[0], "r": arrival[1]}

    # a turn: the initiative deal, then the first explorer up moves one hex by clicks
    assert command(page, "StartTurn") == "accepted", refusal(page)
    assert command(page, "BeginActivations") == "accepted", refusal(page)

    def explorer_up():
        battle = state_of(web_server, token, mission_id)["game"]
        up = battle["order"][battle["next"]] if battle["next"] < len(battle["order"]) else None
        return battle if up in battle["tracks"] else None

    battle = wait_until(explorer_up, 30, "an explorer's activation")  # a hostile group first: the worker plays it
    up = battle["order"][battle["next"]]
    mini = battle["miniatures"][battle["tracks"][up]["miniatures"][0]]
    if mini["stunned"]:  # the hostiles' dice stunned it: it stands up first, with a die of its own (#ATTACKS)
        pair = {"miniature": mini["id"]} if len(battle["tracks"][up]["miniatures"]) > 1 else {}
        assert command(page, "StandUp", {"unit": up, "die": str(battle["tracks"][up]["dice"][0]), **pair}) == "accepted", refusal(page)
        battle = state_of(web_server, token, mission_id)["game"]
        mini = battle["miniatures"][mini["id"]]
    page.reload()
    page.wait_for_selector(f'svg.board g[data-unit="{mini["id"]}"]')
    expect(page.locator('dd[data-fact="Whose turn"]')).to_have_text(up)
    select(page, "Move")
    page.locator(f'ul.units li[data-unit="{mini["id"]}"] button').click()  # the state panel picks as the board does
    assert field(page, "unit").input_value() == up
    click_unit(page, mini["id"])
    assert field(page, "unit").input_value() == up
    if len(battle["tracks"][up]["miniatures"]) > 1:  # Pim and Pell: the miniature clicked fills in too
        assert field(page, "miniature").input_value() == mini["id"]
    die = battle["tracks"][up]["dice"][0]
    field(page, "die").fill(str(die))
    taken = {(m["at"]["q"], m["at"]["r"]) for m in battle["miniatures"].values() if m["at"] and not m["slain"]}
    here = (mini["at"]["q"], mini["at"]["r"])
    steps = [(here[0] + dq, here[1] + dr) for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))]
    to = next(h for h in steps if f"{h[0]},{h[1]}" in cells and h not in taken and h not in {(c["q"], c["r"]) for c in battle["board"]["blocked"]})
    # a hex is a button too: Enter on it fills q and r as a click does
    page.locator(f'svg.board polygon[data-hex="{here[0]},{here[1]}"]').focus()
    page.keyboard.press("Enter")
    assert (field(page, "q").input_value(), field(page, "r").input_value()) == (str(here[0]), str(here[1]))
    page.locator(f'svg.board polygon[data-hex="{to[0]},{to[1]}"]').click()
    assert (field(page, "q").input_value(), field(page, "r").input_value()) == (str(to[0]), str(to[1]))
    assert send(page) == "accepted", refusal(page)
    expect(unit_on_board(page, mini["id"])).to_have_attribute("data-hex", f"{to[0]},{to[1]}")
    moved = state_of(web_server, token, mission_id)["game"]
    assert moved["miniatures"][mini["id"]]["at"] == {"q": to[0], "r": to[1]}
    assert moved["tracks"][up]["dice"].count(die) == battle["tracks"][up]["dice"].count(die) - 1
    assert assert_logged(page, web_server, token, mission_id, "Moved")["path"][-1] == {"q": to[0], "r": to[1]}
    assert assert_logged(page, web_server, token, mission_id, "DieSpent") == {"type": "DieSpent", "unit": up, "value": die, "destiny": False, "action": "move"}
    screenshot(page, artifacts, "board-blackstone-fortress")

    # the replay draws the same board: one event before the move, the miniature on the hex it left
    position = [e["position"] for e in events_of(web_server, token, mission_id) if e["event"]["type"] == "Moved" and e["event"]["miniature"] == mini["id"]][-1]
    page.get_by_role("link", name="Replay").click()
    page.wait_for_selector("#replay-where")
    for at, hex_ in ((position - 1, here), (position, to)):
        page.locator("#replay-at").fill(str(at))
        expect(page.locator("#replay-where")).to_have_text(re.compile(f"^{at} /"))
        expect(unit_on_board(page, mini["id"])).to_have_attribute("data-hex", f"{hex_[0]},{hex_[1]}")


# -- Ruinstars: inches, and the grid of squares --------------------------------------------------


def click_board(page, x: float, y: float, width: float, depth: float | None = None) -> None:
    """Click the table at board units (x, y) from the lower-left corner (inches, or squares)."""
    table = page.locator("svg.board rect.table")
    box = None
    while box is None:  # a live event may redraw the board (a new rect) between the two reads
        table.wait_for()
        box = table.bounding_box()
    table.click(position={"x": box["width"] * x / width, "y": box["height"] * (1 - y / (depth or width))})


def place_read(page) -> tuple[float, float]:
    return float(field(page, "x").input_value()), float(field(page, "y").input_value())


def near(a: tuple[float, float], b: tuple[float, float], within: float = 0.25) -> bool:
    """A click lands on a whole pixel: on a 72" table a pixel is more than a tenth of an inch."""
    return abs(a[0] - b[0]) <= within and abs(a[1] - b[1]) <= within


def deploy_by_clicks(page, unit: str, at: tuple[float, float], size: float) -> None:
    """Deploy: the unit picked in the state's list (it is not on the board yet), then its place."""
    select(page, "Deploy")
    page.locator(f'.units li[data-unit="{unit}"] button').click()
    click_board(page, at[0] + (0.5 if size == 12 else 0), at[1] + (0.5 if size == 12 else 0), size)
    assert field(page, "unit").input_value() == unit
    assert (float(field(page, "x").input_value()), float(field(page, "y").input_value())) == at
    assert send(page) == "accepted", refusal(page)
    expect(unit_on_board(page, unit)).to_have_attribute("data-at", f"{at[0]:g},{at[1]:g}")


#: Cinder Watch round the battlefield's centre (within 4" of it), in inches and in squares.
SPOTS = {
    "free": {"brannoc": (12, 12), "wren": (13.5, 12), "oda-venn": (11, 13), "issa-quill": (13, 10.5), "teo-marsh": (10.6, 11)},
    "grid": {"brannoc": (6, 6), "wren": (5, 6), "oda-venn": (5, 5), "issa-quill": (6, 5), "teo-marsh": (7, 6)},
}


def test_ruinstars_free_and_grid_boards_deploy_activate_and_move(new_page, web_server, artifacts):
    page = new_page()
    create_campaign(page, "Dark City board")
    for mode, size, move_to, inches in (("free", 24, (12, 15), 3), ("grid", 12, (6, 8), 4)):
        if mode == "grid":  # back to the campaign for the second mission
            page.get_by_role("link", name="Campaign", exact=True).click()
            page.locator("form", has_text="New mission").wait_for()
        mission_id = create_mission(page, f"Survive {mode}", "ruinstars", "2e", options={"squads": "Cinder Watch", "grid": "true" if mode == "grid" else "false"})
        token = token_of(page)
        game = state_of(web_server, token, mission_id)["game"]
        expect(page.locator("svg.board")).to_have_attribute("data-mode", mode)
        # the spawn points stand where the state says; undeployed units are not on the board yet
        spawns = [m for m in game["models"].values() if m["item"]]
        assert spawns and all(m["at"] for m in spawns)
        for item in spawns:
            expect(unit_on_board(page, item["id"])).to_have_attribute("data-at", f"{item['at']['x']:g},{item['at']['y']:g}")
            expect(unit_on_board(page, item["id"])).to_have_attribute("data-squad", "swarm")
        expect(unit_on_board(page, "brannoc")).to_have_count(0)

        for unit, at in SPOTS[mode].items():
            deploy_by_clicks(page, unit, at, size)
        assert command(page, "StartTurn") == "accepted", refusal(page)
        game = state_of(web_server, token, mission_id)["game"]
        bugs = sorted(m["id"] for m in game["models"].values() if m["squad"] == "swarm" and not m["item"])
        assert bugs
        for bug in bugs:  # the swarm's Bugs, spawned by the turn's start, come onto the board
            expect(unit_on_board(page, bug)).to_have_attribute("data-at", f"{game['models'][bug]['at']['x']:g},{game['models'][bug]['at']['y']:g}")

        # activate and move Brannoc by clicks: the unit on the board, then the place
        select(page, "Activate")
        click_unit(page, "brannoc")
        assert field(page, "unit").input_value() == "brannoc"
        assert send(page) == "accepted", refusal(page)
        select(page, "Move")
        click_unit(page, "brannoc")
        click_board(page, move_to[0] + (0.5 if mode == "grid" else 0), move_to[1] + (0.5 if mode == "grid" else 0), size)
        assert (float(field(page, "x").input_value()), float(field(page, "y").input_value())) == move_to
        assert send(page) == "accepted", refusal(page)
        expect(unit_on_board(page, "brannoc")).to_have_attribute("data-at", f"{move_to[0]},{move_to[1]}")
        moved = assert_logged(page, web_server, token, mission_id, "UnitMoved")
        assert (moved["unit"], moved["x"], moved["y"], moved["inches"], moved["act"]) == ("brannoc", move_to[0], move_to[1], inches, 1)
        brannoc = state_of(web_server, token, mission_id)["game"]["models"]["brannoc"]
        assert (brannoc["at"]["x"], brannoc["at"]["y"], brannoc["status"], brannoc["act"]) == (move_to[0], move_to[1], "ready", 1)
        expect(unit_on_board(page, "brannoc").locator("title")).to_contain_text("ACT spent 1")
        screenshot(page, artifacts, f"board-ruinstars-{mode}")


# -- Grimdark Future: units of many models, terrain, objective markers ---------------------------

#: Where each army's units go, the first at the centre line of its zone (12" deep from its edge).
ORDER = {"ashen-vanguard": ["mortar-team", "captain-hale-morrow", "dust-riders", "ridge-squad", "vanguard-squad"], "thornback-brood": ["spine-spitters", "bone-crushers", "brood-mother", "creeper-swarm", "skitter-swarm"]}
ZONE_SPOTS = {"north": [(36, 37), (12, 39), (24, 39), (48, 39), (60, 39)], "south": [(36, 11), (12, 9), (24, 9), (48, 9), (60, 9)]}
MARKER_SPOTS = [(36, 30), (20, 18), (50, 32), (60, 16), (10, 30)]


def rows_of_five(count: int, base_mm: int, x: float, y: float, toward: int) -> list[list[float]]:
    step = base_mm / 25.4 + 0.5
    return [[round(x + (i % 5) * step, 2), round(y + toward * (i // 5) * step, 2)] for i in range(count)]


def post(server, token: str, mission_id: str, command: dict) -> list[dict]:
    answer = httpx.post(f"{server.base}/missions/{mission_id}/commands", headers={"authorization": f"Bearer {token}"}, json={"command": command}, timeout=30)
    assert answer.status_code == 201, answer.text
    return [e["event"] for e in answer.json()["events"]]


GERMAN_EDGES = {"north": "Nord", "south": "Süd"}
GERMAN_PHASES = {"objective_roll_off": "Wurf-Duell um die Missionsziele", "first_marker": "erster Marker", "markers": "Marker legen"}


def test_grimdark_future_markers_deployment_and_a_shot_by_clicks(new_page, web_server, artifacts):
    page = new_page()
    create_campaign(page, "Border War board")
    mission_id = create_mission(page, "Duel", "grimdark-future", options={"mission": "duel"})
    token = token_of(page)
    game = state_of(web_server, token, mission_id)["game"]
    # the table and its terrain: tall pieces that block sight are buildings, with their height
    for piece in game["mission"]["terrain"]:
        drawn = page.locator(f'svg.board g.terrain[data-terrain="{piece["id"]}"]')
        expect(drawn.locator("text")).to_have_text(f'{piece["id"]} {piece["height"]:g}"')
        assert ("building" in drawn.get_attribute("class")) == (piece["blocks_sight"] and piece["height"] >= 4)

    assert command(page, "RollOff", {"purpose": "deployment"}) == "accepted", refusal(page)
    first = state_of(web_server, token, mission_id)["game"]["up"]
    other = next(side for side in game["sides"] if side != first)
    assert command(page, "PickEdge", {"side": first, "edge": "north"}) == "accepted", refusal(page)
    edges = {first: "north", other: "south"}
    for side, edge in edges.items():
        expect(page.locator(f'svg.board rect.zone[data-zone="{side}"] title')).to_have_text(f"deployment zone of {side}: {edge} edge")
    # the board's words follow the language: in German the zones, the phase and a unit's state
    page.select_option("#language", "de")
    for side, edge in edges.items():
        expect(page.locator(f'svg.board rect.zone[data-zone="{side}"] title')).to_have_text(f"Aufstellungszone von {side}: Kante {GERMAN_EDGES[edge]}")
    phase = state_of(web_server, token, mission_id)["game"]["phase"]
    expect(page.locator('dd[data-fact="Phase"]')).to_have_text(GERMAN_PHASES[phase])
    roll_off = page.locator('.tray li[data-purpose^="deployment roll-off: "] .purpose')
    expect(roll_off.first).to_have_text(re.compile(r"^Wurf-Duell um die Aufstellung: \S+ vs \S+$"))  # a tie rolls again
    for entry in roll_off.all():
        expect(entry).to_have_text(re.compile(r"^Wurf-Duell um die Aufstellung: \S+ vs \S+$"))
    page.select_option("#language", "en")
    expect(page.locator(f'svg.board rect.zone[data-zone="{first}"] title')).to_have_text(f"deployment zone of {first}: north edge")
    assert command(page, "RollOff", {"purpose": "objectives"}) == "accepted", refusal(page)
    game = state_of(web_server, token, mission_id)["game"]
    assert command(page, "ChooseFirstMarker", {"side": game["up"], "first": game["up"]}) == "accepted", refusal(page)

    # the objective markers, each placed by a click on the table
    clicked = []
    for spot in MARKER_SPOTS[: game["markers_due"]]:
        up = state_of(web_server, token, mission_id)["game"]["up"]
        select(page, "PlaceMarker")
        field(page, "side").fill(up)
        click_board(page, spot[0], spot[1], 72, 48)
        assert near(place_read(page), spot), place_read(page)
        clicked.append(place_read(page))
        assert send(page) == "accepted", refusal(page)
    markers = state_of(web_server, token, mission_id)["game"]["markers"]
    assert [(m["x"], m["y"]) for m in markers] == clicked
    for marker in markers:
        page.locator(f'svg.board g.objective-marker[data-marker="{marker["id"]}"]').wait_for()

    # the first unit deployed by clicks: the unit in the list, then where its first model goes;
    # the board fills every model's place
    game = state_of(web_server, token, mission_id)["game"]
    side = game["up"]
    unit = ORDER[side][0]
    spot = ZONE_SPOTS[edges[side]][0]
    select(page, "Deploy")
    page.locator(f'.units li[data-unit="{unit}"] button').click()
    click_board(page, spot[0], spot[1], 72, 48)
    positions = json.loads(field(page, "positions").input_value())
    assert near(tuple(positions[0]), spot), positions
    assert send(page) == "accepted", refusal(page)
    deployed = state_of(web_server, token, mission_id)["game"]["units"][unit]
    assert [[m["x"], m["y"]] for m in deployed["models"]] == positions
    expect(unit_on_board(page, unit)).to_have_attribute("data-models", str(len(deployed["models"])))
    for model in deployed["models"]:
        expect(unit_on_board(page, unit).locator(f'circle[data-model="{model["id"]}"]')).to_have_attribute("data-at", f'{model["x"]:g},{model["y"]:g}')

    # the rest through the API, alternating as the rules have it
    placed = {side: 1, other if side == first else first: 0}
    while (game := state_of(web_server, token, mission_id)["game"])["phase"] == "deployment":
        up = game["up"]
        name = ORDER[up][placed.get(up, 0)]
        x, y = ZONE_SPOTS[edges[up]][placed.get(up, 0)]
        card = game["units"][name]
        post(web_server, token, mission_id, {"type": "Deploy", "unit": name, "positions": rows_of_five(len(card["models"]), card["profile"]["base"], x, y, 1 if edges[up] == "north" else -1)})
        placed[up] = placed.get(up, 0) + 1
    page.reload()
    for card in game["units"].values():  # every unit, every model, coloured by its army
        drawn = unit_on_board(page, card["id"])
        expect(drawn).to_have_attribute("data-army", card["army"])
        expect(drawn.locator("circle")).to_have_count(len(card["models"]))
    colours = {army: page.locator(f'svg.board g.unit[data-army="{army}"] circle').first.evaluate("c => getComputedStyle(c).fill") for army in game["sides"]}
    assert len(set(colours.values())) == 2, colours

    # a shot: the mortar team holds and fires at the spine spitters, picked on the board
    if game["up"] != "ashen-vanguard":
        post(web_server, token, mission_id, {"type": "Hold", "unit": ORDER[game["up"]][1]})
    select(page, "Hold")
    click_unit(page, "mortar-team")
    click_unit(page, "spine-spitters")
    assert (field(page, "unit").input_value(), field(page, "target").input_value()) == ("mortar-team", "spine-spitters")
    assert send(page) == "accepted", refusal(page)
    shot = assert_logged(page, web_server, token, mission_id, "AttackResolved")
    assert (shot["unit"], shot["weapon"], shot["target"], shot["attacks"]) == ("mortar-team", "Siege Mortar", "spine-spitters", 3)
    after = state_of(web_server, token, mission_id)["game"]
    if after["pending"]:  # the wounds wait for the spine spitters' player to pick casualties
        assert (after["pending"]["unit"], after["pending"]["wounds"]) == ("spine-spitters", shot["wounds"])
    left = len(after["units"]["spine-spitters"]["models"])
    if left:  # the models left, as the board draws them (5 less any the shot removed outright)
        expect(unit_on_board(page, "spine-spitters")).to_have_attribute("data-models", str(left))
    else:
        expect(unit_on_board(page, "spine-spitters")).to_have_count(0)
    activated = re.compile(r"\bactivated\b")
    if after["units"]["mortar-team"]["activated"]:
        expect(unit_on_board(page, "mortar-team")).to_have_class(activated)
    else:
        expect(unit_on_board(page, "mortar-team")).not_to_have_class(activated)
    screenshot(page, artifacts, "board-grimdark-future")
