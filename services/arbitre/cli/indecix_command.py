"""``arbitre indecix``: the batch tool of Indecix.

- ``play``: JSON lines ``{"id", "grid", "face", "player", "cell"?}`` on stdin, one answer line
  out per line. ``grid`` is 6 strings of 6 characters, row A first: ``.`` empty, ``1``–``6`` a
  die of player 0, ``a``–``f`` a die of player 1 (``a`` = 1 … ``f`` = 6); ``face`` is the die
  to place (1–6), ``player`` who places it (0 or 1), ``cell`` where (``C4``).

  With a cell, the answer is ``{"id", "legal", "captured": [cells], "capture_points",
  "suite_points", "points", "grid"}``, ``grid`` being the grid after the move; for a cell the
  die may not go on (occupied, or its face already in the row or the column) it is
  ``{"id", "legal": false}`` and no more. Without a cell, it is ``{"id", "legal_cells":
  [cells]}`` (in reading order; empty when the die would go unplayed). Captured cells are in
  reading order.

  A line that cannot be read (not JSON, not an object, a field missing or of the wrong type, a
  grid that is not 6×6 of those characters or that has a face twice in a line, a face or a
  player out of range, a cell that is not on the grid, a line over :data:`MAX_LINE_BYTES`)
  gets ``{"id", "error", "error_code"}`` and the run goes on. Lines are read one at a time;
  answers are flushed line by line on a terminal, and otherwise whenever no more input is
  waiting. The exit status is 0 once stdin is read to its end, 1 if it cannot be read.
"""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Any, TextIO

from arbitre.cli.score_command import (
    MAX_LINE_BYTES,
    LineSource,
    decode_json_line,
)
from arbitre.cli.solve_command import answer_lines, failure
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.indecix.grid import Grid, cell_index, cell_name
from arbitre.rules.kinds.indecix.moves import IllegalPlacementError, legal_cells, place

log = logging.getLogger(__name__)

__all__ = ["MAX_LINE_BYTES", "play_line", "play_request", "play_stream", "register"]

#: The code of a line that is not an object, or whose fields are missing or of the wrong type.
BAD_REQUEST = "bad_request"


def register(commands: Any) -> None:
    """Add the ``indecix`` subcommand to ``commands`` (an argparse subparsers object)."""
    parser = commands.add_parser(
        "indecix",
        help="Indecix: legal cells, captures and points of dice placements",
        description="The batch tool of Indecix.",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    playing = actions.add_parser(
        "play",
        help="judge placements given as JSON lines on stdin",
        description="Read JSON lines {id, grid, face, player[, cell]} on stdin. grid: 6 "
        "strings of 6 characters, row A first ('.' empty, 1-6 a die of player 0, a-f a die of "
        "player 1); face: 1-6; player: 0 or 1; cell: like C4. With a cell, write {id, legal, "
        "captured, capture_points, suite_points, points, grid} (the grid after the move; "
        "{id, legal: false} for a cell the die may not go on); without one, {id, legal_cells}. "
        f"A line that cannot be read gets {{id, error, error_code}}. Lines over "
        f"{MAX_LINE_BYTES // 1024} KiB are refused; blank lines are skipped.",
    )
    playing.set_defaults(run=_run_play)


def _run_play(arguments: argparse.Namespace) -> int:
    return play_stream(sys.stdin.buffer, sys.stdout, flush_each=sys.stdout.isatty())


def play_stream(source: LineSource, out: TextIO, flush_each: bool = False) -> int:
    """Answer every line of ``source`` onto ``out``, flushing after an answer when
    ``flush_each`` or when no more input is waiting; returns the exit status."""
    return answer_lines(source, out, play_line, "indecix play", flush_each)


def play_line(line: bytes) -> dict[str, Any]:
    """The answer to one line; never raises for bad input."""
    request, bad = decode_json_line(line)
    if bad is not None:
        return failure(None, bad, "bad_json")
    request_id = request.get("id") if isinstance(request, dict) else None
    try:
        return play_request(request)
    except ArbitreError as error:
        return failure(request_id, str(error), error.code)
    except Exception as error:  # a bug must not end the batch: report it on this line
        log.exception("internal error on a line")
        return failure(request_id, f"internal error: {error!r}", "internal_error")


def play_request(request: object) -> dict[str, Any]:
    """The answer to one decoded line (an :class:`ArbitreError` for a grid or a cell that
    cannot be read)."""
    if not isinstance(request, dict):
        return failure(
            None, "a line must be a JSON object {id, grid, face, player[, cell]}", BAD_REQUEST
        )
    request_id = request.get("id")
    face, player = request.get("face"), request.get("player")
    if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
        return failure(
            request_id, f"face must be a whole number from 1 to 6 (got {face!r})", "bad_face"
        )
    if isinstance(player, bool) or player not in (0, 1):
        return failure(request_id, f"player must be 0 or 1 (got {player!r})", "bad_player")
    if "grid" not in request:
        return failure(request_id, "grid is missing: 6 strings of 6 characters", BAD_REQUEST)
    grid = Grid.from_rows(request["grid"])
    if request.get("cell") is None:
        return {"id": request_id, "legal_cells": [cell_name(c) for c in legal_cells(grid, face)]}
    cell = cell_index(request["cell"])
    try:
        placed = place(grid, cell, face, player)
    except IllegalPlacementError:
        return {"id": request_id, "legal": False}
    return {
        "id": request_id,
        "legal": True,
        "captured": [cell_name(c) for c in placed.captured_cells],
        "capture_points": placed.capture_points,
        "suite_points": placed.suite_points,
        "points": placed.points,
        "grid": placed.grid.rows(),
    }
