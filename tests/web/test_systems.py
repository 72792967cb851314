"""Each game system played a few commands through the forms the client generates from its
command schema (README.md#web-client; by clicks on its board: test_boards.py): the mission made
through the lobby with its options, an engine command and one of the system's own accepted, the
dice tray showing what was rolled (typed faces in a manual-dice mission)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.pages import command, create_campaign, create_mission, invite, refusal, screenshot


def _rolls(page) -> list[list[int]]:
    return [[int(f) for f in entry.locator(".die").all_text_contents()] for entry in page.locator(".tray li").all()]


def test_the_table_rolls_dice_through_the_generated_form(new_page):
    page = new_page()
    create_campaign(page, "Table talk")
    create_mission(page, "Dice", "table", dice_mode="manual")
    assert command(page, "RollDice", {"dice": "2d6", "purpose": "morale"}, faces="4, 6") == "accepted", refusal(page)
    page.wait_for_selector(".tray li")
    assert page.locator(".tray li .purpose").text_content() == "morale"
    assert _rolls(page) == [[4, 6]] and page.locator(".tray li .total").text_content() == "total 10"
    # the result line and the log say what happened in words, in English too
    expect(page.locator("form.command p.ok")).to_have_text("✓ Roll dice: host rolled d6 4, d6 6 = 10 for morale")
    expect(page.locator('.log li[data-type="DiceRolled"] .what')).to_have_text("host rolled d6 4, d6 6 = 10 for morale")
    # a roll short of faces: the server's words name the dice that ran short
    assert command(page, "RollDice", {"dice": "3d6", "purpose": "morale"}, faces="1") == "refused"
    assert "missing_faces" in refusal(page)


def test_grimdark_future_with_typed_dice(new_page, artifacts):
    page = new_page()
    create_campaign(page, "Border War")
    create_mission(page, "Duel", "grimdark-future", options={"mission": "duel"}, dice_mode="manual")
    assert command(page, "RollOff", {"purpose": "deployment"}, faces="5, 2") == "accepted", refusal(page)
    page.wait_for_selector(".tray li")
    assert _rolls(page) == [[5, 2]]
    assert command(page, "PickEdge", {"side": "ashen-vanguard", "edge": "north"}) == "accepted", refusal(page)
    assert command(page, "PickEdge", {"side": "ashen-vanguard", "edge": "south"}) == "refused"
    screenshot(page, artifacts, "grimdark-forms")


def test_blackstone_fortress_starts_its_turn_through_the_form(new_page):
    page = new_page()
    create_campaign(page, "Fortress")
    create_mission(page, "Passage", "blackstone-fortress", options={"combat": "sunken-passage", "explorers": "Ysolde Marr, Pim and Pell"})
    assert command(page, "StartTurn") == "accepted", refusal(page)
    page.wait_for_selector(".tray li[data-purpose='shuffle the initiative deck']", state="attached")
    assert page.locator(".units li").count() >= 2


@pytest.mark.parametrize("spot", [("12", "12")])
def test_ruinstars_deploys_through_the_form(new_page, spot):
    page = new_page()
    create_campaign(page, "Dark City")
    create_mission(page, "Survive", "ruinstars", "2e", options={"squads": "Cinder Watch"})
    assert command(page, "Deploy", {"unit": "brannoc", "x": spot[0], "y": spot[1]}) == "accepted", refusal(page)
    page.wait_for_selector('.units li[data-unit="brannoc"]')


def test_a_dispute_is_raised_and_annulled_on_the_audit_page(new_page, web_server):
    """README.md#disputes from the audit page: a player disputes a roll, the host annuls it; the
    annulled roll is marked and, while the mission runs, rolled again."""
    host = new_page()
    create_campaign(host, "Quarrel")
    link = invite(host, "ann", "player")
    mission_id = create_mission(host, "Dice", "table")
    assert command(host, "RollDice", {"dice": "2d6", "purpose": "loot"}) == "accepted", refusal(host)
    ann = new_page()
    ann.goto(link)
    ann.wait_for_selector("h1:has-text('Quarrel')")
    ann.goto(f"/#/mission/{mission_id}/audit")  # a link to the page: the client finds the campaign it belongs to
    row = ann.locator("table.audit tr", has_text="loot")
    roll = row.get_attribute("data-roll")
    row.get_by_role("button", name="Dispute").click()
    row.get_by_label("Why do you dispute this roll?").fill("the die fell off the table")
    row.get_by_role("button", name="Raise dispute").click()
    ann.wait_for_selector(f'tr[data-roll="{roll}"] .warning:has-text("the die fell off the table")')
    assert ann.locator(f'tr[data-roll="{roll}"]').get_by_role("button", name="Annul").count() == 0  # the host decides

    host.goto(f"/#/mission/{mission_id}/audit")
    host.locator(f'tr[data-roll="{roll}"]').get_by_role("button", name="Annul").click()
    host.wait_for_selector(f'tr[data-roll="{roll}"]:has-text("annulled")')
    assert host.locator("table.audit tbody tr").count() == 2  # the roll again, with the next nonce


def test_a_blackstone_quest_begins_through_the_campaign_command_form(new_page):
    """The campaign page's forms for a system's own campaign commands: the quest begins and the
    campaign view shows its legacy deck."""
    page = new_page()
    create_campaign(page, "Fortress quest")
    form = page.locator("form.campaign-command")
    form.locator('[name="campaign-command"]').select_option("blackstone-fortress.BeginQuest")
    form.locator('[name="pack"]').fill("core")
    form.get_by_role("button", name="Send").click()
    form.locator("p.ok:has-text('blackstone-fortress.QuestBegun')").wait_for()
    page.reload()
    carried = page.locator("section.card", has_text="Carried between missions")
    carried.locator("h3", has_text="blackstone-fortress").wait_for()
    assert "legacy" in carried.text_content()
