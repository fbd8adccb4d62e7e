"""Terraforming Mars rules engine: pure Python, deterministic, replayable.

Public API: :class:`Game`, :class:`Options`, :class:`IllegalMove` (see DESIGN.md).
"""
from __future__ import annotations

from tm import expansions
from tm.core.errors import IllegalMove, SaveError
from tm.core.state import Options
from tm.game import Game
from tm.persist.codec import ENGINE_VERSION

expansions.install()  # the listed load order: every set's cards and manifests, once

__all__ = ["ENGINE_VERSION", "Game", "IllegalMove", "Options", "SaveError"]
