"""What each reader sees of an expedition: everything on the table, but no deck's order and not
which cards were dealt into the exploration deck (nobody knows them until each is revealed,
the host and a hostile player included), and a look at the next exploration card only for the
players commanding the explorer who looked (peeking.py). The combat and challenge decks' draw
piles are empty once set-up (one command) has dealt them, so they show nothing either. The combat
under way is shown as part 1 shows it."""

from __future__ import annotations

import msgspec

from domain.contract import Viewer
from domain.systems.blackstone import peeking
from domain.systems.blackstone.expedition_state import Expedition
from domain.systems.blackstone.views import unordered
from domain.systems.blackstone.views import view as combat_view


def view(expedition: Expedition, viewer: Viewer) -> Expedition:
    return msgspec.structs.replace(
        expedition,
        dealt={},
        exploration=unordered(expedition.exploration),
        discovery=unordered(expedition.discovery),
        combat=combat_view(expedition.combat, viewer),
        peeks=peeking.view_peeks(expedition, viewer),
    )
