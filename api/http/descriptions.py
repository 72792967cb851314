"""What a mission's events mean, in the reader's language (GET /missions/{id}/descriptions;
docs/i18n.md#event-descriptions).

The events page, the stream and a command's answer carry events as data (their type names are
the wire's, never translated); a client that shows them to people asks here for the catalogues'
`[events]` line of each position it holds. Each record passes the same per-reader filter as
every other path out (domain/visibility.py) before it is described, so a description never
tells more than the record the reader got.
"""

from __future__ import annotations

from typing import Any

from litestar import Request, get
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery

from api.http.access import reader
from api.http.bodies import Body
from api.http.errors import language
from domain import limits
from domain.visibility import shown
from service import i18n
from service.ledger import Ledger
from service.views import viewer_of

LedgerDep = NamedDependency[Ledger]

#: Positions one request may ask to have described.
MAX_POSITIONS = 100


class DescriptionsView(Body):
    #: The language they are worded in (as Content-Language says).
    language: str
    #: Each position asked for that the reader may see -> what its event means (the replay
    #: step's `description`); a position not stored yet, or hidden from the reader, is left out.
    descriptions: dict[str, str]


def _runs(positions: list[int]) -> list[tuple[int, int]]:
    """Sorted positions as (first, last) runs of consecutive ones: one read per run."""
    runs: list[tuple[int, int]] = []
    for at in sorted(set(positions)):
        if runs and at == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], at)
        else:
            runs.append((at, at))
    return runs


@get("/missions/{mission_id:str}/descriptions", sync_to_thread=True)
def describe_events(mission_id: FromPath[str], request: Request, ledger: LedgerDep, position: FromQuery[list[int] | None] = None) -> DescriptionsView:
    """The events at `?position=N&position=M...` (at most 100) described in the request's
    language (`Accept-Language` or `?lang=`), as the reader may see them: an event the reader's
    stream redacts is described redacted, one it never carries is left out."""
    asked = [p for p in dict.fromkeys(position or []) if p >= 1]
    limits.check_count("position", asked, MAX_POSITIONS)
    state, member = reader(request, ledger, mission_id)
    viewer, lang = viewer_of(member), language(request)
    described: dict[str, str] = {}
    for first, last in _runs([p for p in asked if p <= state.version]):  # later ones are not stored yet
        for record in ledger.records(mission_id, first - 1, last - first + 1):
            seen = shown(record, viewer, state)
            if seen is not None:
                described[str(record.position)] = i18n.describe(seen.event, lang)
    return DescriptionsView(lang, described)


ROUTES: list[Any] = [describe_events]
