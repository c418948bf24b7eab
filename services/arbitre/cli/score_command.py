"""``arbitre score``: batch scoring of JSON lines, one result line per input line.

A line that cannot be scored (bad JSON, bad board, illegal move, a line over
:data:`MAX_LINE_BYTES`, ...) gets a result with ``error`` set and the run goes on. The exit
status is 0 unless stdin cannot be read (or an option is wrong: 2).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any, Protocol, TextIO

from arbitre.engine.analysis import Analyst, failure, lexicon_by_language
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.rules.errors import ArbitreError
from arbitre.rules.play_rules import play_rules
from arbitre.rules.tiles import TileSet, tile_set

log = logging.getLogger(__name__)

#: Longest input line scored; a board is about 300 bytes, so this is generous.
MAX_LINE_BYTES = 64 * 1024


class LineSource(Protocol):
    """What stdin's binary buffer offers: ``readline`` with a size limit."""

    def readline(self, size: int = -1, /) -> bytes: ...


def register(commands: Any) -> None:
    """Add the ``score`` subcommand to ``commands`` (an argparse subparsers object)."""
    parser = commands.add_parser(
        "score",
        help="score moves given as JSON lines on stdin",
        description="Read JSON lines {id, board, move[, tiles, rack, rules]} on stdin; write one "
        "JSON line {id, score, words, legal, in_lexicon, unknown_words, error, ...} per line.",
    )
    parser.add_argument(
        "--lexicon",
        metavar="ID_OR_PATH",
        help="lexicon for every line (default: the shipped lexicon of each line's tile set)",
    )
    parser.add_argument(
        "--tiles",
        default="fr",
        metavar="fr|en|PATH",
        help="default tile set: a preset or a JSON file of a custom set (default: fr)",
    )
    parser.add_argument(
        "--rules",
        default="duplicate",
        metavar="NAME",
        help="default rules: duplicate (default), classic, 7sur8, 7et8",
    )
    parser.set_defaults(run=run)


def load_tiles(spec: str) -> TileSet:
    """A preset by name, else a custom tile set read from a JSON file."""
    path = Path(spec)
    if not path.is_file():
        return tile_set(spec)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ArbitreError(f"cannot read tile set {path}: {error}") from error
    if not isinstance(data, dict):
        raise ArbitreError(f"{path}: a tile set file holds one JSON object")
    return TileSet.from_mapping(data)


def imposed_lexicon(lexicon: Lexicon, tiles: TileSet) -> Lexicon:
    """A :data:`~arbitre.engine.analysis.LexiconChooser` (with ``lexicon`` bound) that
    chooses ``lexicon`` whatever the tiles: a ``--lexicon`` option's."""
    return lexicon


def run(arguments: argparse.Namespace) -> int:
    try:
        tiles = load_tiles(arguments.tiles)
        rules = play_rules(arguments.rules)
        chooser = lexicon_by_language
        if arguments.lexicon is not None:
            chooser = partial(imposed_lexicon, load_lexicon(arguments.lexicon))
    except ArbitreError as error:
        print(f"arbitre score: {error}", file=sys.stderr)
        return 2
    analyst = Analyst(tiles, rules, chooser)
    return score_stream(analyst, sys.stdin.buffer, sys.stdout)


def score_stream(analyst: Analyst, source: LineSource, out: TextIO) -> int:
    """Score every line of ``source`` onto ``out``; returns the exit status."""
    try:
        for line in input_lines(source):
            if line is None:
                result = failure(None, f"line longer than {MAX_LINE_BYTES} bytes", "line_too_long")
            else:
                result = _score_line(analyst, line)
            out.write(json.dumps(result) + "\n")
            out.flush()
    except UnreadableInputError as error:
        print(f"arbitre score: {error}", file=sys.stderr)
        return 1
    return 0


class UnreadableInputError(Exception):
    """Reading the input failed (the ``OSError`` is its cause)."""


def input_lines(source: LineSource) -> Iterator[bytes | None]:
    """The lines of ``source`` one at a time, blank ones skipped; ``None`` for a line over
    :data:`MAX_LINE_BYTES` (read no further than its end). A failure to read raises
    :class:`UnreadableInputError`."""
    try:
        while True:
            line = source.readline(MAX_LINE_BYTES + 1)
            if not line:
                return
            if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
                _skip_rest_of_line(source)
                yield None
            elif line.strip():
                yield line
    except OSError as error:
        raise UnreadableInputError(f"cannot read stdin: {error}") from error


def decode_json_line(line: bytes) -> tuple[Any, str | None]:
    """``(request, None)`` for a line of JSON, else ``(None, why)`` for a line that is not
    (the caller reports it with the code ``bad_json``), nested too deeply included."""
    try:
        return json.loads(line), None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        return None, f"not a JSON line: {error}"
    except RecursionError:
        return None, "not a JSON line: nested too deeply"


def _score_line(analyst: Analyst, line: bytes) -> dict[str, Any]:
    request, bad = decode_json_line(line)
    if bad is not None:
        return failure(None, bad, "bad_json")
    try:
        return analyst.score_request(request)
    except Exception as error:  # a bug must not end the batch: report it on this line
        log.exception("internal error on a line")
        request_id = request.get("id") if isinstance(request, dict) else None
        return failure(request_id, f"internal error: {error!r}", "internal_error")


def _skip_rest_of_line(source: LineSource) -> None:
    while True:
        chunk = source.readline(MAX_LINE_BYTES)
        if not chunk or chunk.endswith(b"\n"):
            return
