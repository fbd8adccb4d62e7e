"""Terraforming Mars rules engine: pure Python, deterministic, replayable.

Public API: :class:`Game`, :class:`Options`, :class:`IllegalMove` (see DESIGN.md).
"""
from __future__ import annotations

from tm.errors import IllegalMove, SaveError
from tm.game import Game
from tm.state import Options

__all__ = ["Game", "IllegalMove", "Options", "SaveError"]
ENGINE_VERSION = "0.1.0"
