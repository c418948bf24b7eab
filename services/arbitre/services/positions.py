"""What the services of duplicate positions share: reading a ``Position`` message into a
prepared board (checks, lexicon by id, a move generator per configuration), aborting a call
with a status, and the ``main`` of a service run alone.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import PurePath
from typing import Any, NoReturn

import grpc

from arbitre.engine.analysis import default_lexicon_id
from arbitre.engine.lexicon import Lexicon, LexiconError
from arbitre.engine.movegen import MoveGenerator, PreparedBoard, TieBreak
from arbitre.lexicons.shipped import SHIPPED
from arbitre.rules.board import Board
from arbitre.rules.errors import ArbitreError
from arbitre.rules.play_rules import play_rules
from arbitre.rules.tiles import tile_set
from arbitre.services.lexicons import LexiconRegistry, registry_from_environment
from arbitre.services.logs import configure_logging
from arbitre.services.server import Registration, serve_forever, start
from arbitre.v1 import common_pb2

__all__ = [
    "MAX_BOARD",
    "MAX_RACK",
    "PositionReader",
    "abort",
    "lexicon_message",
    "refuse_longer",
    "run_alone",
]

log = logging.getLogger(__name__)

#: Largest board side accepted (rows A-Z).
MAX_BOARD = 26
#: Longest rack accepted (7-et-8 racks hold 8 tiles; more is never a real tirage).
MAX_RACK = 16


def abort(context: Any, code: Any, message: str) -> NoReturn:
    """End the call with ``code`` and ``message`` (``context.abort`` raises)."""
    context.abort(code, message)
    raise AssertionError("unreachable: context.abort raises")


def refuse_longer(context: Any, text: str, limit: int, what: str) -> None:
    """``INVALID_ARGUMENT`` when ``text`` is longer than ``limit``."""
    if len(text) > limit:
        abort(
            context,
            grpc.StatusCode.INVALID_ARGUMENT,
            f"{what} is at most {limit} characters, not {len(text)}",
        )


def lexicon_message(lexicon_id: str, lexicon: Lexicon) -> Any:
    """A ``LexiconInfo``: the id the caller names it by and, of its source, only the file name
    (never a path on the server)."""
    info = lexicon.info
    return common_pb2.LexiconInfo(
        id=lexicon_id,
        word_count=info.word_count,
        hash=info.hash,
        source=PurePath(info.source).name,
    )


def _language(lexicon_id: str) -> str:
    """The tile set of a position that names none: the lexicon's language, else French."""
    shipped = SHIPPED.get(lexicon_id)
    return shipped.language if shipped is not None else "fr"


def _lexicon_of_tiles(tiles: str) -> str:
    """The lexicon of a position that names none: its tile set's language's, as ``arbitre
    score`` chooses (French without a tile set, or with one unknown: refused below)."""
    try:
        return default_lexicon_id(tile_set(tiles)) if tiles else "fr"
    except ArbitreError:
        return "fr"


class PositionReader:
    """Reads ``Position`` messages for a service (``purpose`` names it in messages)."""

    def __init__(self, registry: LexiconRegistry, purpose: str) -> None:
        self.registry = registry
        self.purpose = purpose
        self._generators: dict[tuple[str, str, str, tuple[str, ...]], MoveGenerator] = {}
        self._lock = threading.Lock()

    def generator(
        self, lexicon_id: str, tiles: str, rules: str, tie_break: tuple[str, ...] = ()
    ) -> MoveGenerator:
        """A generator per (lexicon id, tile set, rules, tie-break), built once (thread-safe)."""
        key = (lexicon_id, tiles, rules, tie_break)
        found = self._generators.get(key)
        if found is not None:
            return found
        built = MoveGenerator(
            self.registry.get(lexicon_id),
            tile_set(tiles),
            play_rules(rules),
            TieBreak(tie_break) if tie_break else TieBreak(),
        )
        with self._lock:
            return self._generators.setdefault(key, built)

    def lexicon_id(self, requested: str, context: Any) -> str:
        """``requested`` (``""``: ``"fr"``) when the registry offers it; else ``NOT_FOUND``."""
        key = requested or "fr"
        if key not in self.registry.ids:
            shown = key if len(key) <= 40 else key[:40] + "…"
            abort(
                context,
                grpc.StatusCode.NOT_FOUND,
                f"unknown lexicon {shown!r}; on offer: {', '.join(self.registry.ids)}",
            )
        return key

    def prepare(
        self, position: Any, rack: str, context: Any, tie_break: Sequence[str] = ()
    ) -> tuple[PreparedBoard, str]:
        """The position's board ready for moves and the lexicon id; aborts the call with
        ``INVALID_ARGUMENT`` (what is wrong), ``NOT_FOUND`` (an unknown lexicon) or
        ``INTERNAL`` (an operator's list that cannot be read: its path stays in the log)."""
        if position.kind not in (common_pb2.GAME_KIND_UNSPECIFIED, common_pb2.GAME_KIND_DUPLICATE):
            abort(
                context,
                grpc.StatusCode.INVALID_ARGUMENT,
                f"the {self.purpose} takes duplicate positions, not game kind {position.kind}",
            )
        rows = list(position.rows)
        if len(rows) > MAX_BOARD or any(len(row) > MAX_BOARD for row in rows):
            abort(context, grpc.StatusCode.INVALID_ARGUMENT, "a board has at most 26x26 squares")
        if len(rack) > MAX_RACK:
            abort(
                context, grpc.StatusCode.INVALID_ARGUMENT, f"a rack holds at most {MAX_RACK} tiles"
            )
        lexicon_id = self.lexicon_id(position.lexicon or _lexicon_of_tiles(position.tiles), context)
        try:
            tiles = tile_set(position.tiles or _language(lexicon_id)).name
            rules = play_rules(position.rules or "duplicate").name
            generator = self.generator(lexicon_id, tiles, rules, tuple(tie_break))
            prepared = generator.prepare(Board.from_rows(rows))
        except LexiconError as error:
            log.error("lexicon %r cannot be loaded: %s", lexicon_id, error)
            abort(context, grpc.StatusCode.INTERNAL, f"lexicon {lexicon_id!r} cannot be loaded")
        except (ArbitreError, ValueError) as error:
            abort(context, grpc.StatusCode.INVALID_ARGUMENT, str(error))
        return prepared, lexicon_id


def run_alone(
    name: str,
    address_variable: str,
    default_address: str,
    registration: Callable[[LexiconRegistry], Registration],
    argv: Sequence[str] | None = None,
) -> int:
    """The ``main`` of a service run alone: ``--address`` (else ``$address_variable``, else
    ``default_address``), lexicons from the environment, serve until SIGTERM. Exit status 2
    when it cannot start."""
    parser = argparse.ArgumentParser(prog=f"python -m arbitre.services.{name}")
    parser.add_argument(
        "--address",
        default=os.environ.get(address_variable, default_address),
        help=f"HOST:PORT to listen on (port 0: any free port; default ${address_variable}, "
        f"else {default_address})",
    )
    arguments = parser.parse_args(argv)
    configure_logging()
    try:
        registry = registry_from_environment()
        registry.load_all()
        running = start([registration(registry)], arguments.address)
    except (OSError, RuntimeError, LexiconError) as error:
        print(f"arbitre {name}: {error}", file=sys.stderr)
        return 2
    print(f"arbitre {name}: listening on port {running.port}", flush=True)
    serve_forever(running)
    return 0
