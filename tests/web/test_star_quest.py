"""A Star Quest mission played in three browsers (README.md#web-client): the host creates the
campaign and the mission through the lobby; a player and a spectator join through their
invite links; the player deploys, activates and shoots by clicking on the board; every roll
shows in each dice tray as the server recorded it; the other two see each move and the AI's
turn (played by the server's worker) live; a dropped stream resumes without a gap or a repeat;
a refusal reads in the chosen language; the replay steps back; the audit verifies after the end.

Dice come from the server's own seed, so the test reads what was rolled from the API and pins
the trays to it rather than to fixed faces.
"""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import expect

from tests.web.pages import command, create_campaign, create_mission, invite, refusal, screenshot, send


HEROES = ("sera-vantis", "gorm-hadley")
#: scrapyard-brawl's table is 24" square; the heroes deploy along its near edge.
TABLE = 24


def select(page, tag: str) -> None:
    page.select_option("#command-type", tag)


def click_table(page, x: float, y: float) -> None:
    """Click the board at table inches (x, y), origin at the lower-left corner."""
    table = page.locator("svg.board rect.table")
    box = None
    while box is None:  # a live event may redraw the board (a new rect) between the two reads
        table.wait_for()
        box = table.bounding_box()
    table.click(position={"x": box["width"] * x / TABLE, "y": box["height"] * (1 - y / TABLE)})


def click_unit(page, unit: str) -> None:
    page.locator(f'svg.board g[data-unit="{unit}"] circle').first.click()


def field(page, name: str):
    return page.locator(f'form.command [name="{name}"]')


def join(page, link: str) -> None:
    """Open an invite link: the client keeps the token and takes it out of the address bar."""
    page.goto(link)
    page.wait_for_selector("h1:has-text('Salvage')")
    token = link.rsplit("/", 1)[1]
    assert token not in page.url and "invite" not in page.url, page.url
    held = page.evaluate("JSON.parse(localStorage.getItem('skirmish.members'))")
    assert [entry["token"] for entry in held.values()] == [token]


def api(server, token: str, path: str):
    answer = httpx.get(server.base + path, headers={"authorization": f"Bearer {token}"}, timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.json()


#: What a shot rolls for (and what it makes the target roll), in English as the rules write it and in German as a reader sees it.
SHOT_PURPOSES = (
    (r"(.+) re-rolls 6s against (.+)", "{0} wiederholt 6en gegen {1}"),
    (r"(.+) to hit (.+)", "Trefferwurf: {0} gegen {1}"),
    (r"(.+) blocks (.+)", "{0} blockt {1}"),
    (r"qua test: morale", "Qua-Test: Moral"),  # the target's morale after its losses
)


def german(purpose: str) -> str:
    for english, words in SHOT_PURPOSES:
        if match := re.fullmatch(english, purpose):
            return words.format(*match.groups())
    raise AssertionError(f"a shot does not roll for {purpose!r}")


def test_a_star_quest_mission_in_three_browsers(new_page, web_server, artifacts):
    host, ann, sam = new_page(), new_page(), new_page(width=390, height=844, locale="de-DE")

    # -- the lobby: a campaign, two invites, a mission -----------------------------------------
    create_campaign(host, "Salvage", "Hana")
    assert "token" not in host.url
    links = {"ann": invite(host, "ann", "player", ", ".join(HEROES)), "sam": invite(host, "sam", "spectator")}
    assert all("#invite/" in link for link in links.values())
    screenshot(host, artifacts, "campaign")
    # the options offer what the system's pack holds (GET /systems/star-quest/packs/core)
    offered = host.locator("datalist#pack-star-quest-mission option")
    expect(offered).to_have_count(3)
    assert sorted(offered.evaluate_all("options => options.map(o => o.value)")) == ["hold-the-relay", "scrapyard-brawl", "sump-recovery"]
    # each option of the system says what it takes (its schema's description, as help text)
    heroes_field = host.locator("form", has_text="New mission").locator("label.field", has=host.locator('[name="heroes"]'))
    expect(heroes_field.locator("small.help")).to_have_text("The party: 2 to 4 hero names of the pack, comma-separated.")
    create_mission(host, "Brawl", "star-quest", "en", {"mission": "scrapyard-brawl", "heroes": "Sera Vantis, Gorm Hadley"})
    mission_url = host.url
    mission_id = mission_url.rsplit("/", 1)[1]
    host_token = host.evaluate("Object.values(JSON.parse(localStorage.getItem('skirmish.members')))[0].token")

    # -- the player and the spectator join by their links --------------------------------------
    join(ann, links["ann"])
    assert "You are ann (player)" in ann.text_content("main")
    ann.get_by_role("link", name="Brawl").click()
    join(sam, links["sam"])
    assert "Du bist sam (Zuschauer)" in sam.text_content("main")
    sam.get_by_role("link", name="Brawl").click()
    for page in (host, ann, sam):
        page.wait_for_selector(".live[data-state='live']")

    # -- deploying by clicking: a unit in the list, then its place on the board ------------------
    for hero, x in zip(HEROES, (9, 14), strict=True):
        select(ann, "DeployHero")
        ann.locator(f'.units li[data-unit="{hero}"] button').click()
        click_table(ann, x, 2)
        assert field(ann, "unit").input_value() == hero
        assert (float(field(ann, "x").input_value()), float(field(ann, "y").input_value())) == (x, 2)
        assert send(ann) == "accepted"
    # the others see both heroes on their boards without reloading
    for page in (host, sam):
        page.wait_for_selector('svg.board g[data-unit="gorm-hadley"]', state="attached")

    # -- a refusal in the reader's language ------------------------------------------------------
    select(ann, "StartRound")
    assert send(ann) == "accepted"
    select(ann, "Shoot")
    click_unit(ann, "sera-vantis")
    ann.locator('.units li[data-side="ai"] button').first.click()
    assert send(ann) == "refused"
    refusal = ann.locator("form.command p.error")
    assert "activate sera-vantis first" in refusal.text_content() and "not_activated" in refusal.text_content()
    ann.select_option("#language", "de")
    select(ann, "Shoot")
    click_unit(ann, "sera-vantis")
    ann.locator('.units li[data-side="ai"] button').first.click()
    assert send(ann) == "refused"
    assert "aktiviere zuerst sera-vantis" in ann.locator("form.command p.error").text_content()

    # -- a dropped stream resumes without a gap or a repeat --------------------------------------
    sam.evaluate("window.__skirmishStream.drop()")

    # -- activate, hold, shoot an enemy picked on the board --------------------------------------
    for tag in ("Activate", "Hold"):
        select(ann, tag)
        click_unit(ann, "sera-vantis")
        assert send(ann) == "accepted", ann.locator("form.command p.error").text_content()
    # the player reads in German: the result line names the command and describes its events
    expect(ann.locator("form.command p.ok")).to_have_text(re.compile(r"^✓ Halten: "))
    state = api(web_server, host_token, f"/missions/{mission_id}")
    enemies = sorted(u for u, unit in state["game"]["units"].items() if unit["side"] == "ai" and unit["deployed"] and not unit["dead"])
    for enemy in enemies:
        select(ann, "Shoot")
        click_unit(ann, "sera-vantis")
        click_unit(ann, enemy)
        assert field(ann, "target").input_value() == enemy
        if send(ann) == "accepted":
            break
    else:
        raise AssertionError(f"sera-vantis could shoot none of {enemies}")
    # GET /missions/{id}/descriptions: each event of the shot described in German, not its type name
    said = ann.locator("form.command p.ok")
    expect(said).to_contain_text(re.compile(rf"^✓ Schießen: ann würfelte d6 .+ für Trefferwurf: .+ gegen {enemy}"))
    expect(said).to_contain_text(f"sera-vantis griff {enemy} mit ")
    assert "DiceRolled" not in said.text_content() and "AttackResolved" not in said.text_content()
    ann.select_option("#language", "en")
    screenshot(ann, artifacts, "mission-player")

    # every roll the server recorded is in each tray, as recorded
    events = api(web_server, host_token, f"/missions/{mission_id}/events?limit=1000")["events"]
    rolls = [e for e in events if e["event"]["type"] == "DiceRolled"]
    assert rolls, "the shot rolled no dice"
    last = rolls[-1]
    for page in (ann, host, sam):
        entry = page.locator(f'.tray li[data-position="{last["position"]}"]')
        entry.wait_for()
        # the German spectator reads each purpose in German (GET /systems/star-quest/purposes)
        worded = german(last["event"]["purpose"]) if page is sam else last["event"]["purpose"]
        expect(entry.locator(".purpose")).to_have_text(worded)
        assert [int(f) for f in entry.locator(".die").all_text_contents()] == last["event"]["faces"]
        assert page.locator(".tray li").count() == len(rolls)
    # and the rest of the mission's words: the phase, the sides, a unit's state on the board
    expect(sam.locator('dd[data-fact="Phase"]')).to_have_text("Helden")
    expect(sam.locator('.units li[data-side="ai"] .side').first).to_have_text("KI")
    expect(sam.locator('svg.board g[data-unit="sera-vantis"] title')).to_have_text(re.compile(r" · aktiviert( · |$)"))

    # -- the heroes end their turn; the worker plays the AI; all three see it -------------------
    select(ann, "EndActivation")
    click_unit(ann, "sera-vantis")
    assert send(ann) == "accepted"
    for tag in ("Activate", "EndActivation"):  # by keyboard: a unit on the board is a button
        select(ann, tag)
        ann.locator('svg.board g[data-unit="gorm-hadley"]').focus()
        ann.keyboard.press("Enter")
        assert field(ann, "unit").input_value() == "gorm-hadley"
        assert send(ann) == "accepted"
    for page in (ann, host, sam):
        page.wait_for_selector('.log li[data-actor="worker"]', state="attached", timeout=60_000)
    positions = [int(p) for p in sam.locator(".log li").evaluate_all("items => items.map(i => i.dataset.position)")]
    assert sorted(positions) == list(range(1, max(positions) + 1)), "the resumed stream lost or repeated an event"
    screenshot(sam, artifacts, "mission-spectator-phone")

    # -- the replay steps back to before the heroes were deployed ---------------------------------
    ann.get_by_role("link", name="Replay").click()
    ann.wait_for_selector("#replay-where")
    deployed_at = next(e["position"] for e in events if e["event"]["type"] == "HeroDeployed")
    ann.locator("#replay-at").fill(str(deployed_at))
    expect(ann.locator("#replay-where")).to_have_text(re.compile(f"^{deployed_at} /"))
    assert ann.locator('svg.board g[data-unit="sera-vantis"]').count() == 1
    assert ann.locator('svg.board g[data-unit="gorm-hadley"]').count() == 0
    ann.get_by_role("button", name="◀ Back").click()
    expect(ann.locator("#replay-where")).to_have_text(re.compile(f"^{deployed_at - 1} /"))
    assert ann.locator('svg.board g[data-unit="sera-vantis"]').count() == 0
    screenshot(ann, artifacts, "replay")

    # -- the host ends the mission; the audit page verifies ---------------------------------------
    host.locator("form.host").get_by_label("Outcome").fill("defeat")
    host.get_by_role("button", name="End mission").click()
    host.wait_for_selector("dd:has-text('defeat')")
    host.get_by_role("link", name="Audit").click()
    host.wait_for_selector("#verdict")
    assert "Verified" in host.text_content("#verdict")
    events = api(web_server, host_token, f"/missions/{mission_id}/events?limit=1000")["events"]
    rolled = [e for e in events if e["event"]["type"] == "DiceRolled" and e["event"]["nonce"] is not None]
    assert host.locator("table.audit td", has_text="re-computed ✓").count() == len(rolled) >= len(rolls)
    screenshot(host, artifacts, "audit")

    # -- the campaign shows how the mission ended -------------------------------------------------
    host.get_by_role("link", name="Salvage").click()
    host.locator(f'tr[data-mission="{mission_id}"]').wait_for()
    row = host.locator(f'tr[data-mission="{mission_id}"] td')
    assert row.all_text_contents() == ["Brawl", "star-quest", "ended: defeat", str(len(events))]


def test_with_manual_dice_the_table_plays_the_ai_from_the_page(new_page):
    """In a manual-dice mission the worker leaves the AI to the table: the page shows the AI's
    activation due (GET /missions/{id}/ai) and plays it with the faces typed (none here: the
    sample brawl's AI rushes in round 1 without a roll)."""
    host = new_page()
    create_campaign(host, "Salvage")
    create_mission(host, "Brawl", "star-quest", "en", {"mission": "scrapyard-brawl", "heroes": "Sera Vantis, Gorm Hadley"}, dice_mode="manual")
    for hero, x in zip(HEROES, ("9", "14"), strict=True):
        assert command(host, "DeployHero", {"unit": hero, "x": x, "y": "2"}) == "accepted", refusal(host)
    assert command(host, "StartRound") == "accepted"
    for hero in HEROES:
        assert command(host, "Activate", {"unit": hero}) == "accepted"
        assert command(host, "EndActivation", {"unit": hero}) == "accepted"
    box = host.locator("section.ai")
    for unit in ("scrap-hound-1-2", "slag-drudge-1-1"):  # the AI's order: scrap hounds first
        expect(box.locator("p[data-key]")).to_contain_text(f"AiActivate unit: {unit}, action: rush")
        box.get_by_role("button", name="Play it with these dice").click()
    expect(box).to_be_hidden()
    expect(host.locator('dd[data-fact="Round"]')).to_have_text("2")
