"""Reading what is not a game's own: the fair-play check of a position against the live turns
of refereed games, and the helpers the seam's reads share (a centre's name checked, the clock's
time left)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import grpc

from arbitre.rules import registration as registrations
from arbitre.rules.fair_play import board_fingerprint, helps_live_turn
from arbitre.rules.simultane_results import MAX_CENTRE_FILE_SIZE
from arbitre.services.scoring import MAX_MOVE_CHARS
from arbitre.services.session.base import SessionBase
from arbitre.services.session.limits import MAX_CHECKED_RACK, MAX_CHECKED_ROWS
from arbitre.services.session.refusals import _refuse
from arbitre.v1 import session_pb2

__all__ = ["Reading"]

log = logging.getLogger(__package__)


class Reading(SessionBase):
    """The session service's part that checks a position against the live turns."""

    def _check_position(self, request: Any) -> Any:
        rows = list(request.board)
        if (
            len(rows) > MAX_CHECKED_ROWS
            or any(len(row) > MAX_CHECKED_ROWS for row in rows)
            or len(request.rack) > MAX_CHECKED_RACK
            or len(request.move) > MAX_MOVE_CHARS
        ):  # no game's position: the analysis itself says what is wrong with it
            return session_pb2.PositionCheckResponse(live=False)
        racks = self.store.live_racks(board_fingerprint(rows))
        live = helps_live_turn(racks, rows, rack=request.rack, move=request.move)
        return session_pb2.PositionCheckResponse(live=live)


def _checked_centre(request: Any) -> str:
    """The centre's name of an ``UploadCentreRequest``, trimmed; INVALID_ARGUMENT for a name
    that is not 1 to :data:`~arbitre.rules.registration.MAX_CLUB_CHARS` printable characters or
    a file longer than :data:`~arbitre.rules.simultane_results.MAX_CENTRE_FILE_SIZE`."""
    centre: str = request.centre.strip()
    if not 0 < len(centre) <= registrations.MAX_CLUB_CHARS or not centre.isprintable():
        _refuse(
            grpc.StatusCode.INVALID_ARGUMENT,
            f"a centre's name is 1 to {registrations.MAX_CLUB_CHARS} printable characters",
        )
    if len(request.csv) > MAX_CENTRE_FILE_SIZE:
        _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the centre results file is too long")
    return centre


def _remaining_ms(game: Mapping[str, str], now: int) -> int:
    """What the clock has left: until ``deadline_ms`` while running (the turn's or the reveal's
    time), what it had left when paused, else 0."""
    deadline = int(game["deadline_ms"])
    if game["status"] == "running" and deadline:
        return max(0, deadline - now)
    return int(game["remaining_ms"])
