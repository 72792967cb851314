"""The boards of Blackstone Fortress, Ruinstars and Grimdark Future (README.md#web-client): each
mission made through the lobby shows every unit the API's state has, on its hex, square or base;
a command is chosen by clicking on the board (a unit, then a hex, a place or a target), the
fields it fills are the ones the command's schema names, the server accepts it, and what a
player reads next (the unit's new place, the event in the list) is pinned to the API's state.

Dice come from the server's seed: where a command needs a die's face the test reads it from
the API, never guesses it."""

from __future__ import annotations

import httpx
from playwright.sync_api import expect

from tests.servers import wait_until
from tests.web.pages import command, create_campaign, create_mission, refusal, screenshot, send


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
    page.reload()
    page.wait_for_selector(f'svg.board g[data-unit="{mini["id"]}"]')
    select(page, "Move")
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
    page.locator(f'svg.board polygon[data-hex="{to[0]},{to[1]}"]').click()
    assert send(page) == "accepted", refusal(page)
    expect(unit_on_board(page, mini["id"])).to_have_attribute("data-hex", f"{to[0]},{to[1]}")
    moved = state_of(web_server, token, mission_id)["game"]
    assert moved["miniatures"][mini["id"]]["at"] == {"q": to[0], "r": to[1]}
    assert moved["tracks"][up]["dice"].count(die) == battle["tracks"][up]["dice"].count(die) - 1
    assert assert_logged(page, web_server, token, mission_id, "Moved")["path"][-1] == {"q": to[0], "r": to[1]}
    assert assert_logged(page, web_server, token, mission_id, "DieSpent") == {"type": "DieSpent", "unit": up, "value": die, "destiny": False, "action": "move"}
    screenshot(page, artifacts, "board-blackstone-fortress")


# -- Ruinstars: inches, and the grid of squares --------------------------------------------------


def click_board(page, x: float, y: float, size: float) -> None:
    """Click the table at board units (x, y) from the lower-left corner (inches, or squares)."""
    table = page.locator("svg.board rect.table")
    box = table.bounding_box()
    table.click(position={"x": box["width"] * x / size, "y": box["height"] * (1 - y / size)})


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
