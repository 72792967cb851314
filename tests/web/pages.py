"""What the browser tests do on the client's pages, as a person would: fill the lobby's forms,
pick a command, fill its generated fields, send it and read the answer."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from playwright.sync_api import expect


def screenshot(page, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def create_campaign(page, name: str, host_name: str = "host") -> None:
    page.goto("/")
    page.get_by_label("Campaign name").fill(name)
    page.get_by_label("Your name (host)").fill(host_name)
    page.get_by_role("button", name="Create campaign").click()
    page.wait_for_selector(f"h1:has-text('{name}')")


def invite(page, name: str, role: str, units: str = "") -> str:
    """The invite link the host's page makes for a new member."""
    form = page.locator("form", has_text="Invite a member")
    form.get_by_label("Name").fill(name)
    form.locator('[name="role"]').select_option(role)
    form.get_by_label("Units they command").fill(units)
    form.get_by_role("button", name="Make invite link").click()
    return page.locator(f'p.invite[data-name="{name}"] input.link').input_value()


def create_mission(page, name: str, system: str, version: str | None = None, options: Mapping[str, str] = {}, dice_mode: str = "server") -> str:
    """Create a mission through the host's form; the mission page opens. Its id."""
    form = page.locator("form", has_text="New mission")
    form.get_by_label("Mission name").fill(name)
    form.locator('[name="system"]').select_option(system)
    if version is not None:
        form.locator('[name="rules_version"]').select_option(version)
    form.locator('[name="dice_mode"]').select_option(dice_mode)
    for option, value in options.items():
        control = form.locator(f'[name="{option}"]')
        if control.evaluate("c => c.tagName") == "SELECT":  # a boolean option: "true" / "false"
            control.select_option(value)
        else:
            control.fill(value)
    form.get_by_role("button", name="Create mission").click()
    page.wait_for_selector("form.command")
    return page.url.rsplit("/", 1)[1]


def command(page, tag: str, fields: Mapping[str, str] = {}, faces: str = "") -> str:
    """Choose a command, fill its fields (and the dice faces) and send it: "accepted" or "refused"."""
    page.select_option("#command-type", tag)
    form = page.locator("form.command")
    for name, value in fields.items():
        control = form.locator(f'[name="{name}"]')
        if control.evaluate("c => c.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)
    if faces:
        form.locator('[name="dice-faces"]').fill(faces)
    return send(page)


def send(page) -> str:
    """Press Send; the page's answer: "accepted" or "refused" (its error line says why)."""
    form = page.locator("form.command")
    before = form.get_attribute("data-sent")
    form.get_by_role("button", name="Send").click()
    expect(form).not_to_have_attribute("data-sent", before)
    return form.get_attribute("data-outcome")


def refusal(page) -> str:
    return page.locator("form.command p.error").text_content()
