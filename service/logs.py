"""Structured logs: one JSON object a line, with whatever `extra` a call site adds, the fields
bound to the request being answered (its id and route), and a traceback as a field, never as
lines of its own (README.md#logs)."""

from __future__ import annotations

import logging
import sys
import threading
from contextvars import ContextVar
from typing import Any

import msgspec

_STANDARD = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime"}
#: Fields every line written in this context carries (a request's id and route).
_bound: ContextVar[dict[str, Any]] = ContextVar("log_fields", default={})


def bind(**fields: Any) -> None:
    """Add fields to every line logged from here on in this context (an asyncio task, and the
    threads it hands work to: they run in a copy of it)."""
    _bound.set({**_bound.get(), **fields})


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {"at": self.formatTime(record), "level": record.levelname.lower(), "logger": record.name, "msg": record.getMessage()}
        line.update(_bound.get())
        line.update({k: v for k, v in record.__dict__.items() if k not in _STANDARD})
        if record.exc_info:
            line["traceback"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return msgspec.json.encode(line, enc_hook=str).decode()


def configure(level: str = "INFO") -> None:
    """Our handler on the root logger, and everything else that writes to stderr routed through
    it: the server's (uvicorn's) own loggers, warnings, and exceptions nobody caught."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    logging.basicConfig(level=level, handlers=[handler], force=True)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi"):
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.propagate = True
    logging.captureWarnings(True)
    uncaught = logging.getLogger("skirmish.uncaught")
    sys.excepthook = lambda kind, error, trace: uncaught.critical("uncaught exception", exc_info=(kind, error, trace))
    threading.excepthook = lambda hook: uncaught.error(
        "uncaught exception in a thread", exc_info=(hook.exc_type, hook.exc_value, hook.exc_traceback), extra={"thread_name": getattr(hook.thread, "name", None)}
    )
