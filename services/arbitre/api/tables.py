"""The bounds of a table (the duplicate rules', :mod:`arbitre.rules.kinds.duplicate.config`)
and of a revealed turn's listing, which the session service enforces and the gateway checks
and documents: both sides import this module."""

from __future__ import annotations

from arbitre.rules.kinds.duplicate.config import MAX_TABLE_SEATS, MIN_TABLE_SEATS, seats_refusal

__all__ = ["MAX_BEST_MOVES", "MAX_TABLE_SEATS", "MIN_TABLE_SEATS", "seats_refusal"]

#: Most best moves a revealed turn lists.
MAX_BEST_MOVES = 100
