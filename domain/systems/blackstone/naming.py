"""Ids of the miniatures and explorers of a combat, from the names content gives them."""

from __future__ import annotations


def slug(name: str) -> str:
    return "-".join(name.lower().split())
