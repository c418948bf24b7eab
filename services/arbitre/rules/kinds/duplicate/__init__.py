"""Duplicate Scrabble as a game kind (see :mod:`arbitre.rules.kinds.duplicate.kind`), registered
under ``"duplicate"`` when imported.

>>> from arbitre.rules.kinds import kind
>>> kind("duplicate").title
'Scrabble duplicate'
"""

from __future__ import annotations

from arbitre.rules.kinds import register
from arbitre.rules.kinds.duplicate.config import DuplicateConfig
from arbitre.rules.kinds.duplicate.kind import DUPLICATE, DuplicateKind
from arbitre.rules.kinds.duplicate.state import DuplicateState

__all__ = ["DUPLICATE", "DuplicateConfig", "DuplicateKind", "DuplicateState"]

register(DUPLICATE)
