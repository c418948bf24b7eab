"""``arbitre solve``: the best moves of positions given as JSON lines, one result line per line.

A line ``{"id", "board", "rack"}`` gets ``{"id", "best_score", "best_moves", "top", "n_moves",
"micros"}`` (and ``"moves"`` with ``--all``). A line that cannot be solved (bad JSON, bad board,
bad rack, a line over :data:`MAX_LINE_BYTES`, ...) gets ``{"id", "error", "error_code"}`` and the
run goes on. The exit status is 0 unless stdin cannot be read (1) or an option is wrong (2).

With ``--threads N`` lines are solved by a pool of N threads (the compiled search releases the
GIL) and the results are still written in input order. At most ``4 * N`` lines are read ahead,
and when no more input is ready the results of the lines already read are written before
reading on, so a program that sends a line and waits for its answer is not kept waiting.
"""

from __future__ import annotations

import argparse
import json
import logging
import select
import sys
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TextIO

from arbitre.cli.score_command import (
    MAX_LINE_BYTES,
    LineSource,
    UnreadableInputError,
    decode_json_line,
    input_lines,
    load_tiles,
)
from arbitre.engine.analysis import BadRequestError, lexicon_by_language
from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.movegen import (
    DEFAULT_TIE_BREAK,
    TIE_BREAK_KEYS,
    MoveGenerator,
    TieBreak,
)
from arbitre.rules.board import Board
from arbitre.rules.errors import ArbitreError, BadRackError, InvalidBoardError
from arbitre.rules.layout import STANDARD
from arbitre.rules.play_rules import play_rules

log = logging.getLogger(__name__)

__all__ = [
    "MAX_LINE_BYTES",
    "Solver",
    "answer_lines",
    "failure",
    "register",
    "run",
    "solve_stream",
]

#: Lines read ahead of the oldest unwritten result, per thread.
READ_AHEAD_PER_THREAD = 4


def register(commands: Any) -> None:
    """Add the ``solve`` subcommand to ``commands`` (an argparse subparsers object)."""
    parser = commands.add_parser(
        "solve",
        help="find the best moves of positions given as JSON lines on stdin",
        description="Read JSON lines {id, board, rack} on stdin; write one JSON line "
        "{id, best_score, best_moves, top, n_moves, micros[, moves]} per line, in input order "
        "(or {id, error, error_code} for a line that cannot be solved).",
    )
    parser.add_argument(
        "--lexicon",
        metavar="ID_OR_PATH",
        help="lexicon (default: the shipped lexicon of the tile set's language)",
    )
    parser.add_argument(
        "--tiles",
        default="fr",
        metavar="fr|en|PATH",
        help="tile set: a preset or a JSON file of a custom set (default: fr)",
    )
    parser.add_argument(
        "--rules",
        default="duplicate",
        metavar="NAME",
        help="rules: duplicate (default), classic, 7sur8, 7et8",
    )
    parser.add_argument(
        "--tie-break",
        type=_tie_break,
        default=DEFAULT_TIE_BREAK,
        metavar="KEYS",
        help="how the top is chosen among tied best moves: comma-separated keys among "
        f"{', '.join(TIE_BREAK_KEYS)} (default: {','.join(DEFAULT_TIE_BREAK.keys)})",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        dest="all_moves",
        help='also list every legal move, best first, as "moves": [{move, score}, ...]',
    )
    parser.add_argument(
        "--limit",
        type=_count(0),
        metavar="N",
        help="with --all, list only the N best moves (n_moves still counts them all)",
    )
    parser.add_argument(
        "--threads",
        type=_count(1),
        default=1,
        metavar="N",
        help="solve N lines at a time; results stay in input order (default: 1)",
    )
    parser.set_defaults(run=run)


def _tie_break(text: str) -> TieBreak:
    try:
        return TieBreak.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from error


def _count(minimum: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = minimum - 1
        if value < minimum:
            raise argparse.ArgumentTypeError(f"expected an integer >= {minimum}, got {text!r}")
        return value

    return parse


def run(arguments: argparse.Namespace) -> int:
    if arguments.limit is not None and not arguments.all_moves:
        print("arbitre solve: --limit caps the list of --all; add --all", file=sys.stderr)
        return 2
    try:
        tiles = load_tiles(arguments.tiles)
        rules = play_rules(arguments.rules)
        if arguments.lexicon is not None:
            lexicon = load_lexicon(arguments.lexicon)
        else:
            lexicon = lexicon_by_language(tiles)
        generator = MoveGenerator(lexicon, tiles, rules, arguments.tie_break)
    except ValueError as error:  # ArbitreError, or rules the move generator cannot handle
        print(f"arbitre solve: {error}", file=sys.stderr)
        return 2
    generator.engine(STANDARD)  # built once here, not raced for by the threads
    log.info(
        "solving with lexicon %s (%d words), tiles %s, rules %s, %d thread(s)",
        lexicon.info.id,
        len(lexicon),
        tiles.name,
        rules.name,
        arguments.threads,
    )
    solver = Solver(generator, arguments.all_moves, arguments.limit)
    return solve_stream(solver, sys.stdin.buffer, sys.stdout, arguments.threads)


def failure(request_id: object, message: str, code: str) -> dict[str, Any]:
    """The result of a line that could not be solved."""
    return {"id": request_id, "error": message, "error_code": code}


@dataclass(frozen=True, slots=True)
class Solver:
    """Solves one line; safe to call from several threads at once."""

    generator: MoveGenerator
    all_moves: bool = False
    limit: int | None = None

    def solve_line(self, line: bytes) -> dict[str, Any]:
        """The result of one JSON line; never raises for bad input."""
        request, bad = decode_json_line(line)
        if bad is not None:
            return failure(None, bad, "bad_json")
        request_id = request.get("id") if isinstance(request, dict) else None
        try:
            return self.solve_request(request)
        except ArbitreError as error:
            return failure(request_id, str(error), error.code)
        except Exception as error:  # a bug must not end the batch: report it on this line
            log.exception("internal error on a line")
            return failure(request_id, f"internal error: {error!r}", "internal_error")

    def solve_request(self, request: object) -> dict[str, Any]:
        """The result of one decoded request; raises :class:`ArbitreError` for bad input."""
        if not isinstance(request, dict):
            raise BadRequestError("a request must be a JSON object")
        for option in ("tiles", "rules"):
            if option in request:
                raise BadRequestError(
                    f"{option!r} cannot change per line in arbitre solve: use --{option}"
                )
        rows = request.get("board")
        if not isinstance(rows, list):
            raise InvalidBoardError("board must be a list of 15 strings, rows A to O")
        rack = request.get("rack")
        if not isinstance(rack, str):
            raise BadRackError('rack must be a string of tiles such as "EEUESI?"')
        board = Board.from_rows(rows)
        rack = rack.replace("+", "").replace("-", "")  # published forms: "RU+ZXTEU", "-BNISRAA"
        limit = self.limit if self.all_moves else 0
        start = time.perf_counter_ns()
        solution = self.generator.prepare(board).solve(rack, limit)
        micros = (time.perf_counter_ns() - start) // 1000
        top = solution.top
        result: dict[str, Any] = {
            "id": request.get("id"),
            "best_score": top.best_score,
            "best_moves": [candidate.notation for candidate in top.best_moves],
            "top": top.top.notation if top.top is not None else None,
            "n_moves": solution.n_moves,
            "micros": micros,
        }
        if self.all_moves:
            result["moves"] = [
                {"move": candidate.notation, "score": candidate.score}
                for candidate in solution.moves
            ]
        return result


def solve_stream(solver: Solver, source: LineSource, out: TextIO, threads: int = 1) -> int:
    """Solve every line of ``source`` onto ``out``, in order; returns the exit status."""
    if threads <= 1:
        return _solve_serially(solver, source, out)
    return _solve_in_parallel(solver, source, out, threads)


def _solve_serially(solver: Solver, source: LineSource, out: TextIO) -> int:
    while True:
        try:
            item = _next_line(source)
        except OSError as error:
            return _read_failed(error)
        if item is None:
            return 0
        _write(out, item if isinstance(item, dict) else solver.solve_line(item))


def _solve_in_parallel(solver: Solver, source: LineSource, out: TextIO, threads: int) -> int:
    pending: deque[Future[dict[str, Any]]] = deque()
    read_ahead = READ_AHEAD_PER_THREAD * threads
    with ThreadPoolExecutor(threads, thread_name_prefix="arbitre-solve") as pool:
        try:
            while True:
                # Write the finished results at the head; wait for the oldest one when enough
                # lines are read ahead, or when reading on might wait for input.
                while pending and (
                    pending[0].done() or len(pending) >= read_ahead or not input_ready(source)
                ):
                    _write(out, pending.popleft().result())
                try:
                    item = _next_line(source)
                except OSError as error:
                    while pending:
                        _write(out, pending.popleft().result())
                    return _read_failed(error)
                if item is None:
                    while pending:
                        _write(out, pending.popleft().result())
                    return 0
                if isinstance(item, dict):
                    pending.append(_done(item))
                else:
                    pending.append(pool.submit(solver.solve_line, item))
        finally:
            for future in pending:  # the reader went away: do not solve lines nobody reads
                future.cancel()


def _next_line(source: LineSource) -> bytes | dict[str, Any] | None:
    """The next non-blank line, the error result of a line too long, or ``None`` at the end."""
    while True:
        line = source.readline(MAX_LINE_BYTES + 1)
        if not line:
            return None
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            _skip_rest_of_line(source)
            return failure(None, f"line longer than {MAX_LINE_BYTES} bytes", "line_too_long")
        if line.strip():
            return line


def _skip_rest_of_line(source: LineSource) -> None:
    while True:
        chunk = source.readline(MAX_LINE_BYTES)
        if not chunk or chunk.endswith(b"\n"):
            return


def input_ready(source: LineSource) -> bool:
    """Whether reading ``source`` now should not wait (true when this cannot be known)."""
    fileno = getattr(source, "fileno", None)
    if fileno is None:
        return True
    try:
        readable, _, _ = select.select([fileno()], [], [], 0)
    except (OSError, ValueError):  # no file descriptor, or one select cannot watch
        return True
    return bool(readable)


def answer_lines(
    source: LineSource,
    out: TextIO,
    answer: Callable[[bytes], dict[str, Any]],
    command: str,
    flush_each: bool = False,
) -> int:
    """Write ``answer`` of every JSON line of ``source`` onto ``out``, one line each (a line
    over :data:`MAX_LINE_BYTES` gets ``line_too_long``), flushing after an answer when
    ``flush_each`` or when no more input is waiting (a program that writes one line and waits
    for its answer gets it); returns the exit status: 1 when ``source`` cannot be read (said on
    stderr under ``command``'s name), else 0."""
    try:
        for line in input_lines(source):
            if line is None:
                result = failure(None, f"line longer than {MAX_LINE_BYTES} bytes", "line_too_long")
            else:
                result = answer(line)
            out.write(json.dumps(result) + "\n")
            if flush_each or not input_ready(source):  # a reader may be waiting for this answer
                out.flush()
    except UnreadableInputError as error:
        print(f"arbitre {command}: {error}", file=sys.stderr)
        return 1
    finally:
        out.flush()
    return 0


def _done(result: dict[str, Any]) -> Future[dict[str, Any]]:
    future: Future[dict[str, Any]] = Future()
    future.set_result(result)
    return future


def _write(out: TextIO, result: dict[str, Any]) -> None:
    out.write(json.dumps(result) + "\n")
    out.flush()


def _read_failed(error: OSError) -> int:
    print(f"arbitre solve: cannot read stdin: {error}", file=sys.stderr)
    return 1
