"""Rule errors: the one way the domain refuses a command."""

from __future__ import annotations


class RuleError(Exception):
    """A command breaks a rule; nothing it would cause is written.

    `rule` names the section of the rules (or of design.md) that the command breaks, so a
    player can look it up. The domain speaks no language: it gives a code and `params` (the
    numbers and names the message needs); the API renders the message from its catalogues
    (service/i18n) in the language asked for. `message` is only a fallback for a code that has no
    catalogue entry yet.
    """

    def __init__(self, code: str, rule: str, message: str = "", status: int = 422, params: dict | None = None, field: str | None = None) -> None:
        super().__init__(message or code)
        self.code = code
        self.rule = rule
        self.message = message
        self.status = status
        self.params = dict(params or {})
        #: The one field of the command (or request) at fault, when there is one: the API names it.
        self.field = field
        #: The game system whose rules refused, set by the engine (its words name the code).
        self.system: str | None = None


class Forbidden(RuleError):
    """The actor may not issue this command (wrong role, someone else's unit)."""

    def __init__(self, code: str, rule: str, message: str = "", params: dict | None = None, field: str | None = None) -> None:
        super().__init__(code, rule, message, status=403, params=params, field=field)
