"""The mission page stays live across a server restart (README.md#live-streams): its stream
drops, the page says it is reconnecting, and once a server answers again it resumes after the
last event it showed (Last-Event-ID), so every event is on the page exactly once, in order,
without a reload."""

from __future__ import annotations

import uuid

import httpx
import redis
from playwright.sync_api import expect

from api.cli.embedded import free_port
from tests.harness import Campaign
from tests.servers import Restarts, serve_env


def test_the_page_resumes_after_a_server_restart_without_a_gap_or_a_repeat(browser, tmp_path, redis_url):
    prefix = f"skirmish-test-{uuid.uuid4().hex[:12]}:"
    env = serve_env({}, tmp_path, "5eed" * 16, redis_url, prefix)
    try:
        with Restarts(["--workers", "0"], env, tmp_path, free_port()) as servers:
            first = servers.start("first")
            with httpx.Client(base_url=first.base, timeout=30) as http:
                campaign = Campaign(http, "Night Raid")
                ann = campaign.invite("ann", "player")
                mission_id = campaign.mission("Dice")
                ann.roll(mission_id, "2d6", "before")
            context = browser.new_context(base_url=first.base)
            try:
                page = context.new_page()
                page.goto(f"/#invite/{campaign.id}/{ann.token}")
                page.get_by_role("link", name="Dice").click()
                page.locator(".tray li[data-purpose='before']").wait_for()
                expect(page.locator(".live")).to_have_attribute("data-state", "live")

                first.stop()
                expect(page.locator(".live")).to_have_attribute("data-state", "reconnecting")
                second = servers.start("second")
                with httpx.Client(base_url=second.base, timeout=30) as http:
                    campaign.client = http
                    ann.roll(mission_id, "3d6", "after")
                    version = ann.mission(mission_id)["version"]
                page.locator(".tray li[data-purpose='after']").wait_for(timeout=30_000)
                expect(page.locator(".live")).to_have_attribute("data-state", "live")
                positions = page.locator(".log li").evaluate_all("items => items.map(i => Number(i.dataset.position))")
                assert sorted(positions) == list(range(1, version + 1)) and len(positions) == version
                assert page.locator(".tray li").count() == 2
            finally:
                context.close()
    finally:
        client = redis.Redis.from_url(redis_url)
        keys = list(client.scan_iter(match=f"{prefix}*"))
        if keys:
            client.delete(*keys)
