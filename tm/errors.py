"""Errors the public API raises."""
from __future__ import annotations


class IllegalMove(ValueError):
    """A response the rules forbid; ``rule`` names the R- id that forbids it."""

    def __init__(self, message: str, rule: str = "") -> None:
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class SaveError(ValueError):
    """A save that cannot be loaded: wrong format, version or checksum."""
