"""``arbitre duplikta``: the batch tools of dupliKta.

- ``resolve``: JSON lines on stdin, one turn each, one answer line out per line: each player's
  points and bonuses, who is installed and by which criterion, so that the turn rules can be
  checked without a server.

A line holds ``id`` (echoed), ``board`` (15 strings of 15 characters, ``.`` for an empty
square, a lowercase letter for a blank), ``rack`` (the shared rack, ``?`` for a blank),
``moves`` (the two players -> a move in notation, or ``null`` for a pass), and optionally
``confirm_ms``, ``totals`` (before the turn), ``previous`` (the previous turn's points),
``chances`` (Chances left, a multiple of ½ such as 2.5; or ``chances_halves``, whole halves),
``loupe`` and ``returned`` (a passing player's tokens put on the loupe or back in the box), each
a map from the two players (a player left out has 0, no time or no token), ``options`` (the
game's options as :func:`~arbitre.rules.kinds.duplikta.config.configure` reads them: ``clock``,
``chances``, ``tiles``, ...) and ``seed`` (the game's seed, for a criterion-7 draw; default 0).

The answer is ``{"id", "players": {player: {"points", "bonuses", "accepted", "passed",
"tiles", "score", "penalty", "words", "reversed_words", "unknown_words"[, "error_code"]}},
"installed", "criterion"}``; a refused move has ``error_code`` ``invalid_words``. ``installed``
is ``null`` and ``criterion`` ``"none"`` when neither move is accepted. A line that cannot be
resolved (not JSON, not an object, a field of the wrong type, a bad board or rack, a move that
cannot be placed, named by its player, a line over :data:`MAX_LINE_BYTES`) gets ``{"id",
"error", "error_code"}`` and the run goes on. Words are looked up in ``--lexicon``, or in the
shipped lexicon of the token set's language, as ``arbitre score`` does. The exit status is 0
once stdin is read to its end, 1 if it cannot be read, 2 for a bad option.

- ``deal --number N --level L [--seed S] [--options JSON] [--title T] [--key-file F]``: prints
  the package (:mod:`arbitre.rules.game_package`, as ``arbitre package prepare`` prints it) of
  Tourlou's scenario number ``N`` (1 to 9,999) at level ``L`` (1 to 6, 6 the top; see
  :mod:`arbitre.rules.kinds.duplikta.scenario`): the game's options (``--options``, as
  ``POST /v1/games`` takes them: ``clock``, ``chances``, ``tiles``...), its seed (without
  ``--seed``, the number's, :func:`~arbitre.rules.kinds.duplikta.scenario.scenario_seed`: the
  game a server deals for ``config.scenario`` ``{number, level}`` with the same options) and,
  turn by turn to the game's end, the rack dealt and the move Tourlou
  plays at that level (the shipped lexicon of the token set's language), checked by playing it
  again as a server does; signed with the key in ``F`` when given. A bad option or an
  unreadable key file exits 2, saying why.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import sys
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from arbitre.cli.package_command import print_json, read_key
from arbitre.cli.score_command import (
    MAX_LINE_BYTES,
    LineSource,
    decode_json_line,
    imposed_lexicon,
)
from arbitre.cli.solve_command import answer_lines, failure
from arbitre.engine.analysis import BadRequestError, LexiconChooser, lexicon_by_language
from arbitre.engine.kind_tools import tools_for
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.robots.duplikta import scenario_game
from arbitre.rules.board import Board
from arbitre.rules.errors import ArbitreError, BadRackError, IllegalMoveError, InvalidBoardError
from arbitre.rules.game_package import seal, sign
from arbitre.rules.kinds.base import InvalidConfigError
from arbitre.rules.kinds.duplikta.config import PLAYERS, RULES, configure
from arbitre.rules.kinds.duplikta.penalties import pass_penalty, refusal_penalty
from arbitre.rules.kinds.duplikta.resolution import Contender, resolution_random, resolve
from arbitre.rules.kinds.duplikta.scenario import (
    MAX_NUMBER,
    SCENARIO_FORMAT,
    package_game,
    scenario_record,
    scenario_seed,
)
from arbitre.rules.kinds.duplikta.scoring import MoveVerdict, judge_move, token_values
from arbitre.rules.move import Move
from arbitre.rules.rack import Rack
from arbitre.rules.tiles import TileSet

log = logging.getLogger(__name__)

__all__ = ["MAX_LINE_BYTES", "register", "resolve_line", "resolve_request", "resolve_stream"]

#: The code of a line whose fields are missing or of the wrong type.
BAD_REQUEST = BadRequestError.code
_PER_PLAYER = ("confirm_ms", "totals", "previous", "chances", "chances_halves")
_TOKENS = ("loupe", "returned")


def register(commands: Any) -> None:
    """Add the ``duplikta`` subcommand to ``commands`` (an argparse subparsers object)."""
    parser = commands.add_parser(
        "duplikta",
        help="dupliKta: resolve turns given as JSON lines",
        description="The batch tools of dupliKta.",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    resolving = actions.add_parser(
        "resolve",
        help="resolve turns given as JSON lines on stdin",
        description="Read JSON lines {id, board, rack, moves, confirm_ms, totals, previous, "
        "chances, options, seed} on stdin; write one JSON line {id, players: {p: {points, "
        "bonuses, accepted, ...}}, installed, criterion} per line (or {id, error, error_code} "
        f"for a line that cannot be resolved). Lines over {MAX_LINE_BYTES // 1024} KiB are "
        "refused; blank lines are skipped.",
    )
    resolving.add_argument(
        "--lexicon",
        metavar="ID_OR_PATH",
        help="lexicon for every line (default: the shipped lexicon of each line's token set)",
    )
    resolving.set_defaults(run=_run_resolve)

    dealing = actions.add_parser(
        "deal",
        help="draw Tourlou's scenario (racks and its moves at a level) and print its package",
        description="Print, as JSON, the package of a scenario: a numbered, pre-drawn game "
        "against Tourlou whose word is always installed, at a level from 1 to 6 (6: its best "
        "move; L: the move at (6 - L) x 10 %% of its moves, best first).",
    )
    dealing.add_argument("--number", type=int, required=True, help="the scenario's number")
    dealing.add_argument("--level", type=int, required=True, help="Tourlou's level, 1 to 6")
    dealing.add_argument(
        "--seed",
        type=int,
        help="the game's seed (default: the number's, as a server deals the scenario)",
    )
    dealing.add_argument(
        "--options", default="{}", help="the game's options as JSON (default: the defaults)"
    )
    dealing.add_argument("--title", default="", help="the package's title")
    dealing.add_argument("--key-file", type=Path, help="sign the package with this key")
    dealing.set_defaults(run=_run_deal)


def scenario_package(
    number: int,
    level: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    title: str = "",
    key: bytes | None = None,
) -> dict[str, Any]:
    """The package of Tourlou's scenario ``number`` at ``level`` with the game's ``options``,
    played from ``seed`` (see the module), checked by playing it again, signed with ``key``
    when given; an :class:`ArbitreError` naming the option for a bad one."""
    if not 1 <= level <= 6:
        raise ArbitreError(f"--level must be from 1 to 6 (got {level})")
    if not 1 <= number <= MAX_NUMBER:
        raise ArbitreError(f"--number must be from 1 to {MAX_NUMBER} (got {number})")
    if not 0 <= seed < 2**63:
        raise ArbitreError(f"--seed must be a whole number from 0 to 2**63 - 1 (got {seed})")
    try:
        base = configure(dict(options or {}))
        if base.scenario is not None:
            raise InvalidConfigError("the scenario is made here: no scenario in the options")
        tools = tools_for("duplikta", base)
    except InvalidConfigError as error:
        raise ArbitreError(f"--options: {error}") from None
    config, racks = scenario_game(number, level, seed, base, tools)
    info = tools.lexicon.info
    record = scenario_record(config, seed, racks, {"id": info.id, "hash": info.hash})
    package_game(record, config, tools)  # as a server checks it
    package = seal({"title": title, "record": record})
    return package if key is None else sign(package, key, SCENARIO_FORMAT)


def _run_deal(arguments: argparse.Namespace) -> int:
    try:
        key = read_key(arguments.key_file)
        seed = arguments.seed
        if seed is None:
            seed = scenario_seed(arguments.number)
        try:
            options = json.loads(arguments.options)
        except ValueError:
            raise ArbitreError("--options must be a JSON object") from None
        if not isinstance(options, dict):
            raise ArbitreError("--options must be a JSON object")
        package = scenario_package(
            arguments.number, arguments.level, seed, options, arguments.title, key
        )
    except (ArbitreError, OSError) as error:
        print(f"arbitre duplikta deal: {error}", file=sys.stderr)
        return 2
    print_json(package)
    return 0


def _run_resolve(arguments: argparse.Namespace) -> int:
    chooser: LexiconChooser = lexicon_by_language
    if arguments.lexicon is not None:
        try:
            chooser = partial(imposed_lexicon, load_lexicon(arguments.lexicon))
        except ArbitreError as error:
            print(f"arbitre duplikta resolve: {error}", file=sys.stderr)
            return 2
    return resolve_stream(chooser, sys.stdin.buffer, sys.stdout, flush_each=sys.stdout.isatty())


def resolve_stream(
    lexicons: LexiconChooser, source: LineSource, out: TextIO, flush_each: bool = False
) -> int:
    """Resolve every line of ``source`` onto ``out``, flushing after an answer when
    ``flush_each`` or when no more input is waiting; returns the exit status."""
    return answer_lines(
        source, out, partial(resolve_line, lexicons), "duplikta resolve", flush_each
    )


def resolve_line(lexicons: LexiconChooser, line: bytes) -> dict[str, Any]:
    """The answer to one line; never raises for bad input."""
    request, bad = decode_json_line(line)
    if bad is not None:
        return failure(None, bad, "bad_json")
    try:
        return resolve_request(lexicons, request)
    except Exception as error:  # a bug must not end the batch: report it on this line
        log.exception("internal error on a line")
        request_id = request.get("id") if isinstance(request, dict) else None
        return failure(request_id, f"internal error: {error!r}", "internal_error")


def resolve_request(lexicons: LexiconChooser, request: object) -> dict[str, Any]:
    """The answer to one decoded line (see the module docstring)."""
    if not isinstance(request, dict):
        return failure(
            None, "a line must be a JSON object {id, board, rack, moves, ...}", BAD_REQUEST
        )
    request_id = request.get("id")
    try:
        return {"id": request_id, **_resolve(lexicons, request)}
    except IllegalMoveError as error:
        return failure(request_id, str(error), f"{error.code}:{error.reason}")
    except ArbitreError as error:
        return failure(request_id, str(error), error.code)


class _PlayerMoveError(ArbitreError):
    """A player's move that cannot be placed: the placement's error, named by its player."""

    def __init__(self, player: str, error: ArbitreError) -> None:
        super().__init__(f"{player}: {error}")
        reason = getattr(error, "reason", None)
        self.code = f"{error.code}:{reason}" if reason else error.code


def _resolve(lexicons: LexiconChooser, request: Mapping[str, Any]) -> dict[str, Any]:
    config = configure(_mapping(request, "options"))
    rows = request.get("board")
    if not isinstance(rows, list):
        raise InvalidBoardError("board must be a list of 15 strings, rows A to O")
    board = Board.from_rows(rows)
    text = request.get("rack")
    if not isinstance(text, str):
        raise BadRequestError('rack must be a string such as "AEIRST?"')
    rack = Rack.from_text(text)
    if len(rack) > RULES.rack_size:
        raise BadRackError(f"rack {rack.text()} has {len(rack)} tokens; a rack holds 7")
    moves = request.get("moves")
    if (
        not isinstance(moves, dict)
        or len(moves) != PLAYERS
        or not all(move is None or isinstance(move, str) for move in moves.values())
    ):
        raise BadRequestError("moves must map the two players to a move in notation or null")
    players: list[str] = list(moves)
    seed = request.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise BadRequestError("seed must be a whole number >= 0")
    numbers = {name: _per_player(request, name, players) for name in _PER_PLAYER}
    if request.get("chances") is not None and request.get("chances_halves") is not None:
        raise BadRequestError("give chances or chances_halves, not both")
    tokens = {name: _tokens(request, name, players) for name in _TOKENS}
    lexicon = lexicons(config.tiles)
    values = token_values(config.tiles)
    contenders = []
    answers: dict[str, dict[str, Any]] = {}
    for player in players:
        move = moves[player]
        verdict = None
        if move is None:
            loupe, returned = tokens["loupe"][player], tokens["returned"][player]
            try:
                rack.take(loupe + returned)
            except IllegalMoveError as error:
                raise _PlayerMoveError(player, error) from None
            score, penalty = 0, pass_penalty(loupe, returned, values)
        else:
            if tokens["loupe"][player] or tokens["returned"][player]:
                raise BadRequestError(f"{player}: loupe and returned tokens come with a pass only")
            verdict = _judge(
                player, board, move, rack, config.tiles, lexicon, config.reversed_words
            )
            if verdict.accepted:
                score, penalty = verdict.score, 0
            else:
                placed = "".join(letter for _, _, letter in verdict.placement.new_tiles)
                score, penalty = 0, refusal_penalty(placed, values)
        halves = numbers["chances_halves"][player]
        chances = numbers["chances"][player]
        contenders.append(
            Contender(
                player,
                accepted=verdict is not None and verdict.accepted,
                tiles=0 if verdict is None else verdict.tiles,
                points=score - penalty,
                confirm_ms=numbers["confirm_ms"][player],
                total=numbers["totals"][player] or 0,
                previous=numbers["previous"][player] or 0,
                chances=halves if halves is not None else chances or 0,
            )
        )
        answers[player] = _answer(verdict, score, penalty)
    first, second = contenders
    resolution = resolve(first, second, clock=config.clock_on, draws=resolution_random(seed))
    for player in players:
        answers[player]["points"] = resolution.points[player]
        answers[player]["bonuses"] = dict(resolution.bonuses[player])
    return {
        "players": answers,
        "installed": resolution.installed,
        "criterion": resolution.criterion.value,
    }


def _judge(
    player: str,
    board: Board,
    text: str,
    rack: Rack,
    tiles: TileSet,
    lexicon: Lexicon,
    reversed_words: bool,
) -> MoveVerdict:
    try:
        move = Move.from_notation(text, size=board.size)
        return judge_move(board, move, rack, tiles, lexicon, reversed_words)
    except ArbitreError as error:
        raise _PlayerMoveError(player, error) from None


def _answer(verdict: MoveVerdict | None, score: int, penalty: int) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "points": 0,
        "bonuses": {},
        "accepted": verdict is not None and verdict.accepted,
        "passed": verdict is None,
        "tiles": 0 if verdict is None else verdict.tiles,
        "score": score,
        "penalty": penalty,
        "words": [] if verdict is None else list(verdict.words),
        "reversed_words": [] if verdict is None else list(verdict.reversed_words),
        "unknown_words": [] if verdict is None else list(verdict.unknown_words),
    }
    if verdict is not None and not verdict.accepted:
        answer["error_code"] = "invalid_words"
    return answer


def _mapping(request: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    value = request.get(name)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadRequestError(f"{name} must be an object")
    return value


def _players_map(request: Mapping[str, Any], name: str, players: list[str]) -> Mapping[str, Any]:
    value = _mapping(request, name)
    strangers = sorted(str(key) for key in value if key not in players)
    if strangers:
        raise BadRequestError(f"{name}: {', '.join(strangers)} not among the moves' players")
    return value


def _per_player(request: Mapping[str, Any], name: str, players: list[str]) -> dict[str, int | None]:
    """A map of whole numbers by player (``chances``: Chances, a multiple of ½, as halves);
    ``None`` for a player left out."""
    value = _players_map(request, name, players)
    numbers: dict[str, int | None] = {}
    for player in players:
        number = value.get(player)
        if number is None:
            numbers[player] = None
            continue
        if name == "chances":
            numbers[player] = _halves(player, number)
            continue
        if isinstance(number, bool) or not isinstance(number, int):
            raise BadRequestError(f"{name}: {player} needs a whole number")
        if name in ("confirm_ms", "chances_halves") and number < 0:
            raise BadRequestError(f"{name}: {player} needs a number >= 0")
        numbers[player] = number
    return numbers


def _halves(player: str, chances: object) -> int:
    if isinstance(chances, bool) or not isinstance(chances, int | float):
        raise BadRequestError(f"chances: {player} needs a number of Chances such as 2.5")
    halves = chances * 2
    if not math.isfinite(halves) or halves < 0 or halves != int(halves):
        raise BadRequestError(f"chances: {player} needs a multiple of ½ Chance, >= 0")
    return int(halves)


def _tokens(request: Mapping[str, Any], name: str, players: list[str]) -> dict[str, str]:
    value = _players_map(request, name, players)
    tokens: dict[str, str] = {}
    for player in players:
        text = value.get(player) or ""
        if not isinstance(text, str):
            raise BadRequestError(f'{name}: {player} needs tokens, such as "K?"')
        tokens[player] = Rack(text).text()
    return tokens
