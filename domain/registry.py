"""Every event and command type, gathered into the tagged unions msgspec decodes."""

from __future__ import annotations

from typing import Union

from domain.campaign import CAMPAIGN_EVENTS
from domain.commands import CORE_COMMANDS
from domain.events import CORE_EVENTS
from domain.systems import SYSTEMS

EVENT_TYPES = (*CORE_EVENTS, *CAMPAIGN_EVENTS, *(e for s in SYSTEMS.values() for e in s.events))
COMMAND_TYPES = (*CORE_COMMANDS, *(c for s in SYSTEMS.values() for c in s.commands))

AnyEvent = Union[EVENT_TYPES]  # type: ignore[valid-type]  # noqa: UP007
AnyCommand = Union[COMMAND_TYPES]  # type: ignore[valid-type]  # noqa: UP007
