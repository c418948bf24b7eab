"""The bounds of a table and of a revealed turn's listing, which the session service enforces
and the gateway checks and documents: stated once, here (both sides import this module)."""

from __future__ import annotations

__all__ = ["MAX_BEST_MOVES", "MAX_TABLE_SEATS", "MIN_TABLE_SEATS", "seats_refusal"]

#: A table (seed 003) seats 2 to 6 players, people and robots: at least one opponent.
MIN_TABLE_SEATS = 2
MAX_TABLE_SEATS = 6
#: Most best moves a revealed turn lists.
MAX_BEST_MOVES = 100


def seats_refusal(seats: int) -> str:
    """Why ``seats`` cannot be a duplicate game's (the one wording of the service and the
    gateway), or ``""`` when it can: 0 (no limit) or a table of :data:`MIN_TABLE_SEATS` to
    :data:`MAX_TABLE_SEATS`.

    >>> seats_refusal(4), seats_refusal(0)
    ('', '')
    >>> seats_refusal(9)
    'seats: a table has 2 to 6 seats, or 0 for no limit; not 9'
    """
    if seats == 0 or MIN_TABLE_SEATS <= seats <= MAX_TABLE_SEATS:
        return ""
    return (
        f"seats: a table has {MIN_TABLE_SEATS} to {MAX_TABLE_SEATS} seats, or 0 for no limit; "
        f"not {seats}"
    )
