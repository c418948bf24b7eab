"""Fair play in refereed games: which analysis requests would help a player of a live turn.

While a turn of a *refereed* game is open, solving or scoring its position would hand a player
the top, or check their words, during the turn. The position of such a turn is recorded as the
fingerprint of its board (:func:`board_fingerprint`) with its rack (:func:`rack_key`); an
analysis request is refused (:func:`helps_live_turn`) when

- it names a rack: the same board and the same tiles (in any order, ``+``/``-`` ignored);
- it names no rack (scoring a move alone): the same board, when the board has tiles on it (a
  mid-game board is the game's own), or, on the empty board of a first turn, when the move's
  letters can all come from that turn's rack.

>>> empty = ["." * 15] * 15
>>> racks = {rack_key("EEUESI?")}
>>> helps_live_turn(racks, empty, rack="IEEUSE?")
True
>>> helps_live_turn(racks, empty, rack="QUIXOTE")
False
>>> helps_live_turn(racks, empty, move="H4 EpIEUSE")
True
>>> helps_live_turn(racks, empty, move="H4 EPIEUSE")
True
>>> helps_live_turn(racks, empty, move="H4 ZOO")
False
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Sequence

from arbitre.rules.errors import ArbitreError
from arbitre.rules.move import Move
from arbitre.rules.rack import Rack

__all__ = ["board_fingerprint", "helps_live_turn", "rack_key"]

_EMPTY = "."


def board_fingerprint(rows: Sequence[str]) -> str:
    """The SHA-256 (hex) of a board's rows (``.`` empty, letters, lowercase blanks)."""
    return hashlib.sha256("/".join(rows).encode("utf-8", "replace")).hexdigest()


def rack_key(text: str) -> str:
    """A rack as its tiles in canonical order (``"RU+ZXTEU"`` -> ``"ERTUUXZ"``); ``""`` for
    text that is no rack (which then matches nothing)."""
    try:
        return Rack.from_text(text).text()
    except ArbitreError:
        return ""


def helps_live_turn(
    live_racks: Collection[str], rows: Sequence[str], rack: str = "", move: str = ""
) -> bool:
    """Whether analysing ``rows`` with ``rack`` (or scoring ``move`` there with no rack) would
    help a player of a live turn whose board these are and whose racks are ``live_racks``
    (:func:`rack_key` of each)."""
    if not live_racks:
        return False
    if rack:
        return rack_key(rack) in live_racks
    if any(set(row) - {_EMPTY} for row in rows):
        return True
    try:
        word = Move.from_notation(move).word
    except ArbitreError:
        return False
    return any(_could_play(Rack.from_text(live), word.upper()) for live in live_racks if live)


def _could_play(rack: Rack, letters: str) -> bool:
    """Whether ``rack`` holds ``letters``, its blanks standing for any that it lacks."""
    return len(rack.missing(letters)) <= rack.blanks
