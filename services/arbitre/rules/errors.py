"""Domain errors of the rules layer.

Every error is a :class:`ValueError` so that callers who only care about "bad input" can catch
one type, while services map each subclass to a precise, stable error code.
"""

from __future__ import annotations


class ArbitreError(ValueError):
    """Base class of every domain error raised by Arbitre."""

    code = "invalid"


class InvalidNotationError(ArbitreError):
    """A position or word could not be parsed (``"Z99 FOO"``, ``"H4"`` without a word, ...)."""

    code = "bad_notation"


class UnknownLetterError(ArbitreError):
    """A letter is not part of the tile set in use."""

    code = "unknown_letter"


class InvalidBoardError(ArbitreError):
    """A board description is malformed (wrong size, unknown character, ...)."""

    code = "bad_board"


class InvalidTileSetError(ArbitreError):
    """A tile set description is malformed (bad counts or values, too few or too many tokens)."""

    code = "bad_tile_set"


class BadRackError(ArbitreError):
    """A rack that the tile set or the rules cannot give: a tile the set lacks, more copies of
    a tile than the set holds, more tiles than a rack holds."""

    code = "bad_rack"


class UnknownRulesError(ArbitreError):
    """No preset rules (game variant) has this name."""

    code = "bad_rules"


class IllegalMoveError(ArbitreError):
    """A well-formed move that the rules do not allow on this board with this rack.

    ``reason`` is a stable machine-readable code (see :data:`ILLEGAL_REASONS`); the message is
    for humans.
    """

    code = "illegal_move"

    def __init__(self, reason: str, message: str) -> None:
        if reason not in ILLEGAL_REASONS:
            raise AssertionError(f"unregistered illegal-move reason {reason!r}")
        super().__init__(message)
        self.reason = reason


#: Every reason an :class:`IllegalMoveError` may carry, with what it means.
ILLEGAL_REASONS: dict[str, str] = {
    "out_of_bounds": "the word runs off the board",
    "too_short": "the word has fewer than two letters",
    "mismatch": "a letter of the word differs from the tile already on the board",
    "no_new_tile": "the word uses no tile from the rack",
    "incomplete_word": "a tile on the board touches the word at one end without being written",
    "first_move_centre": "the first move does not cover the centre square",
    "first_move_direction": "the first move is not placed in the required direction",
    "not_connected": "the word does not touch any tile already on the board",
    "not_on_rack": "the rack does not hold the tiles the move needs",
    "too_many_tiles": "the move places more tiles than the rules allow",
    "occupied": "a tile is placed on a square that already holds one",
    "duplicate_square": "two tiles are placed on the same square",
    "not_in_line": "the placed tiles are not on one row or one column",
    "gap": "an empty square separates the placed tiles",
}
