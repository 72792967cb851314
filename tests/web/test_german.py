"""The client in German (README.md#web-client, docs/i18n.md#commands-fields-and-choices): the
generated command form names commands and fields in the server's German words, a pending
choice shows its German kind, and the board's legend is German; back in English, all of it
reads English again; a new mission's options are named and explained in German."""

from __future__ import annotations

import httpx
from playwright.sync_api import expect

from tests.web.pages import create_campaign, create_mission, screenshot

#: Each unit of both squads near the table's centre (Survive deploys within 4" of it).
SPOTS = {
    "brannoc": (12, 12), "wren": (13.5, 12), "oda-venn": (11, 13), "issa-quill": (13, 10.5), "teo-marsh": (10.6, 11),
    "leader": (12, 14.5), "trooper": (13.6, 14), "fighter": (9.6, 14.2), "shooter": (12, 9),
}


def _post(server, token: str, mission_id: str, command: dict) -> None:
    answer = httpx.post(f"{server.base}/missions/{mission_id}/commands", headers={"authorization": f"Bearer {token}"}, json={"command": command}, timeout=30)
    assert answer.status_code == 201, answer.text


def test_forms_prompts_and_legend_in_german(new_page, web_server, artifacts):
    page = new_page()
    create_campaign(page, "Zwei Trupps")
    mission_id = create_mission(page, "Duell", "ruinstars", "2e", options={"squads": "Cinder Watch, First Mission"})
    token = page.evaluate("Object.values(JSON.parse(localStorage.getItem('skirmish.members')))[0].token")
    for unit, (x, y) in SPOTS.items():
        _post(web_server, token, mission_id, {"type": "Deploy", "unit": unit, "x": x, "y": y})
    _post(web_server, token, mission_id, {"type": "StartTurn"})  # the winner of the initiative picks who goes first
    prompt = page.locator('.prompt[data-kind="first"] .kind')
    expect(prompt).to_have_text("Who activates first")

    page.select_option("#language", "de")
    expect(page.locator('#command-type option[value="RangedCombat"]')).to_have_text("Fernkampf")
    page.select_option("#command-type", "RangedCombat")
    expect(page.locator('form.command label[data-field="weapon"] > span')).to_have_text("Waffe *")
    expect(page.locator('form.command label[data-field="target"] > span')).to_have_text("Ziel *")
    expect(prompt).to_have_text("Wer zuerst aktiviert")
    # the options offered are squad ids: they stay ids in any language
    expect(page.locator('.prompt[data-kind="first"] p.options')).to_have_text("Möglichkeiten: cinder-watch, first-mission")
    legend = page.locator("figure.legend")
    expect(legend.locator("figcaption")).to_have_text("Legende")
    expect(legend.locator('li[data-swatch="selected"]')).to_have_text("ausgewählt")
    expect(legend.locator('li[data-swatch="wall"]')).to_have_text("Wand")
    expect(legend.locator('li[data-swatch="side"]')).to_have_text(["cinder-watch", "first-mission"])
    screenshot(page, artifacts, "german-forms-prompt-legend")

    page.select_option("#language", "en")
    expect(page.locator('#command-type option[value="RangedCombat"]')).to_have_text("Ranged combat")
    expect(prompt).to_have_text("Who activates first")
    expect(legend.locator("figcaption")).to_have_text("Legend")

    # the new mission's options in German: name and help from the same words
    page.select_option("#language", "de")
    page.get_by_role("link", name="Kampagne", exact=True).click()
    form = page.locator("form", has_text="Neue Mission")
    form.locator('[name="system"]').select_option("ruinstars")
    grid = form.locator('label[data-field="grid"]')
    expect(grid.locator("> span")).to_have_text("Raster")
    expect(grid.locator(".help")).to_have_text('Auf dem Raster aus 2"-Quadraten spielen statt in Zoll.')
