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

- ``deal [--seed N] [--games G] [--mode M] [--blitz-seconds S] [--title T] [--key-file F]``
  prints the package (:mod:`arbitre.rules.game_package`, as ``arbitre package prepare`` prints
  it) of a deal (:mod:`arbitre.rules.kinds.indecix.package`): a match of ``G`` games (1 to
  :data:`~arbitre.rules.kinds.indecix.config.MAX_GAMES`, default 1) in mode ``M`` (``classic``,
  the default, ``blitz`` or ``master``; the Blitz clock ``S`` seconds, 5 to 30, default 10)
  drawn from the seed ``N`` (a random 62-bit seed without it), signed with the key in ``F``
  when given. Every table of a contest created from it rolls the same dice. A bad option or an
  unreadable key file exits 2, saying why.
"""

from __future__ import annotations

import argparse
import logging
import secrets
import sys
from pathlib import Path
from typing import Any, TextIO

from arbitre.cli.package_command import RANDOM_SEED_BITS, print_json, read_key
from arbitre.cli.score_command import (
    MAX_LINE_BYTES,
    LineSource,
    decode_json_line,
)
from arbitre.cli.solve_command import answer_lines, failure
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_package import seal, sign
from arbitre.rules.kinds.base import InvalidConfigError
from arbitre.rules.kinds.indecix.config import (
    MAX_BLITZ_SECONDS,
    MAX_GAMES,
    MIN_BLITZ_SECONDS,
    IndecixConfig,
    Mode,
    configure,
)
from arbitre.rules.kinds.indecix.grid import Grid, cell_index, cell_name
from arbitre.rules.kinds.indecix.moves import IllegalPlacementError, legal_cells, place
from arbitre.rules.kinds.indecix.package import DEAL_FORMAT, deal_record

log = logging.getLogger(__name__)

__all__ = [
    "MAX_LINE_BYTES",
    "deal_package",
    "play_line",
    "play_request",
    "play_stream",
    "register",
]

#: The code of a line that is not an object, or whose fields are missing or of the wrong type.
BAD_REQUEST = "bad_request"
#: The Blitz clock of a deal without ``--blitz-seconds``: the configuration's default.
DEFAULT_BLITZ_SECONDS = IndecixConfig().blitz_seconds


def register(commands: Any) -> None:
    """Add the ``indecix`` subcommand to ``commands`` (an argparse subparsers object)."""
    parser = commands.add_parser(
        "indecix",
        help="Indecix: judge dice placements, or draw a deal for a contest",
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

    dealing = actions.add_parser(
        "deal",
        help="draw a deal (every game's dice) for a contest and print its package",
        description="Print, as JSON, the package of a deal: a match's configuration, its seed "
        "and commitment, the first game's starter and every game's 36 faces. Every table of a "
        "contest created from it rolls the same dice.",
    )
    dealing.add_argument(
        "--seed", type=int, help="the seed the dice are drawn from (default: drawn at random)"
    )
    dealing.add_argument(
        "--games", type=int, default=1, help=f"games in the match, 1 to {MAX_GAMES} (default 1)"
    )
    dealing.add_argument(
        "--mode",
        default=Mode.CLASSIC.value,
        metavar="MODE",
        help=f"{', '.join(mode.value for mode in Mode)} (default {Mode.CLASSIC.value})",
    )
    dealing.add_argument(
        "--blitz-seconds",
        type=int,
        default=DEFAULT_BLITZ_SECONDS,
        metavar="S",
        help=f"the Blitz clock, {MIN_BLITZ_SECONDS} to {MAX_BLITZ_SECONDS} seconds (default "
        f"{DEFAULT_BLITZ_SECONDS})",
    )
    dealing.add_argument("--title", default="", help="the contest's title")
    dealing.add_argument(
        "--key-file", type=Path, metavar="F", help="sign with the key in this file"
    )
    dealing.set_defaults(run=_run_deal)


def deal_package(
    seed: int,
    games: int = 1,
    mode: str = Mode.CLASSIC.value,
    blitz_seconds: int = DEFAULT_BLITZ_SECONDS,
    title: str = "",
    key: bytes | None = None,
) -> dict[str, Any]:
    """The package of the deal of a match of ``games`` games in ``mode`` drawn from ``seed``,
    signed with ``key`` when given; an :class:`ArbitreError` naming the option for a bad one."""
    modes = [m.value for m in Mode]
    if mode not in modes:
        raise ArbitreError(f"--mode must be one of {', '.join(modes)} (got {mode!r})")
    if not 1 <= games <= MAX_GAMES:
        raise ArbitreError(f"--games must be from 1 to {MAX_GAMES} (got {games})")
    if not MIN_BLITZ_SECONDS <= blitz_seconds <= MAX_BLITZ_SECONDS:
        raise ArbitreError(
            f"--blitz-seconds must be from {MIN_BLITZ_SECONDS} to {MAX_BLITZ_SECONDS} "
            f"(got {blitz_seconds})"
        )
    config = configure({"mode": mode, "blitz_seconds": blitz_seconds, "games": games})
    try:
        record = deal_record(config, seed)
    except InvalidConfigError as error:
        raise ArbitreError(f"--seed: {error}") from None
    package = seal({"title": title, "record": record})
    return package if key is None else sign(package, key, DEAL_FORMAT)


def _run_deal(arguments: argparse.Namespace) -> int:
    try:
        key = read_key(arguments.key_file)
        seed = arguments.seed
        if seed is None:
            seed = secrets.randbits(RANDOM_SEED_BITS)
        package = deal_package(
            seed,
            arguments.games,
            arguments.mode,
            arguments.blitz_seconds,
            arguments.title,
            key,
        )
    except (ArbitreError, OSError) as error:
        print(f"arbitre indecix deal: {error}", file=sys.stderr)
        return 2
    print_json(package)
    return 0


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
