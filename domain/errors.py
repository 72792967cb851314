"""Rule errors: the one way the domain refuses a command."""

from __future__ import annotations


class RuleError(Exception):
    """A command breaks a rule; nothing it would cause is written.

    `rule` names the section of the rules (or of design.md) that the command breaks, so a
    player can look it up.
    """

    def __init__(self, code: str, rule: str, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.code = code
        self.rule = rule
        self.message = message
        self.status = status


class Forbidden(RuleError):
    """The actor may not issue this command (wrong role, someone else's unit)."""

    def __init__(self, code: str, rule: str, message: str) -> None:
        super().__init__(code, rule, message, status=403)
