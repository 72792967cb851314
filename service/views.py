"""What each reader may see: every view leaving the server goes through its game system's
per-viewer filters (domain/contract.py, hidden information)."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.campaign import CampaignState, Member
from domain.contract import Viewer
from domain.registry import SYSTEMS


def viewer_of(member: Member) -> Viewer:
    return Viewer(member.role, member.name, member.units)


def campaign_games(campaign: CampaignState, viewer: Viewer) -> dict[str, Any]:
    """What each game system of the campaign's missions keeps between them, as `viewer` may
    see it; systems that keep nothing are left out."""
    shown = {}
    for name in sorted(set(campaign.systems.values()) | set(campaign.games)):
        if name in SYSTEMS and (view := SYSTEMS[name].campaign_view(campaign.game(name), viewer)) is not None:
            shown[name] = msgspec.to_builtins(view, order="sorted")
    return shown
