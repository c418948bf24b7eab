"""``arbitre simulate`` and ``arbitre replay``: whole duplicate games from the command line.

``simulate`` plays a game by the tops from a seed and prints its FISF game sheet or its JSON
record. ``replay`` reads a game (our JSON record, published games in the corpus format as one
object or JSON lines, or a FISF game sheet as text), re-scores every turn and, with a lexicon,
shows the top each position allowed and what the retained move lost against it. Exit status: 0
when everything replays, 1 when a score or a turn disagrees, 2 for a bad option or an
unreadable file.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from arbitre.cli.config_options import add_config_options, config_from_options
from arbitre.cli.wording import counted
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules.board import Board
from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_config import GameConfig
from arbitre.rules.game_record import (
    RECORD_FORMAT,
    dumps_record,
    game_record,
    game_sheet,
    replay_record,
)
from arbitre.rules.game_replay import (
    ReplayedTurn,
    published_from_sheet,
    published_rules,
    replay_published,
)
from arbitre.rules.game_sheet import format_sheet, parse_sheet
from arbitre.rules.tiles import tile_set

__all__ = ["register", "replay_games", "simulate"]

#: Largest game file read (a corpus of a few hundred games fits easily).
MAX_FILE_BYTES = 64 * 1024 * 1024


def register(commands: Any) -> None:
    """Add the ``simulate`` and ``replay`` subcommands."""
    simulate_parser = commands.add_parser(
        "simulate",
        help="play a whole duplicate game by the tops from a seed",
        description="Play a duplicate game by the tops, reproducibly from --seed, and print its "
        "FISF game sheet (or its JSON record with --format json).",
    )
    simulate_parser.add_argument("--seed", type=int, required=True, help="the bag's seed")
    add_config_options(simulate_parser)
    simulate_parser.add_argument(
        "--format", choices=["sheet", "json"], default="sheet", help="output (default sheet)"
    )
    simulate_parser.set_defaults(run=run_simulate)

    replay_parser = commands.add_parser(
        "replay",
        help="re-score a game (a record, published games or a FISF sheet) against the tops",
        description="Re-score a game: our JSON record (replayed from its seed and checked turn "
        "by turn), published games in the corpus format (one JSON object or JSON lines), or a "
        "FISF game sheet as text (as `arbitre simulate` or GET /v1/games/{id}/sheet print "
        "it). With --lexicon, each turn of a published game or a sheet also shows the top of "
        "its position and what the retained move lost against it.",
    )
    replay_parser.add_argument(
        "game",
        metavar="GAME",
        help="the game file: a JSON record, published games (JSON) or a FISF sheet ('-': stdin)",
    )
    replay_parser.add_argument(
        "--lexicon",
        metavar="ID_OR_PATH",
        help="find the tops with this lexicon (a record uses its own lexicon by default)",
    )
    replay_parser.add_argument(
        "--format", choices=["text", "json"], default="text", help="output (default text)"
    )
    replay_parser.set_defaults(run=run_replay)


def simulate(config: GameConfig, seed: int, lexicon: Lexicon) -> DuplicateGame:
    """The game of the tops for ``config`` and ``seed``."""
    game = DuplicateGame(config, seed, MoveGeneratorReferee(lexicon, config))
    game.play_to_end()
    return game


def run_simulate(arguments: argparse.Namespace) -> int:
    try:
        config = config_from_options(arguments)
        lexicon = load_lexicon(config.lexicon)
        game = simulate(config, arguments.seed, lexicon)
    except (ArbitreError, ValueError) as error:
        print(f"arbitre simulate: {error}", file=sys.stderr)
        return 2
    if arguments.format == "json":
        sys.stdout.write(dumps_record(game_record(game, lexicon.info.id, lexicon.info.hash)))
    else:
        title = f"{config.name} {config.variant.value}, seed {arguments.seed}"
        sys.stdout.write(format_sheet(game_sheet(game, title)))
    return 0


def _read_games(path: str) -> Iterator[Any]:
    """The JSON values of a game file: one object, or one per line."""
    if path == "-":
        data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
    else:
        with Path(path).open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise ArbitreError(f"{path}: more than {MAX_FILE_BYTES} bytes")
    text = data.decode("utf-8")
    if not text.strip():
        raise ArbitreError(f"{path}: no game (the file is empty)")
    if not text.lstrip().startswith(("{", "[")):
        # not JSON: a FISF game sheet, as `arbitre simulate` prints it
        try:
            sheet = parse_sheet(text)
        except ArbitreError as error:
            raise ArbitreError(f"{path}: neither JSON nor a FISF game sheet ({error})") from None
        yield published_from_sheet(sheet)
        return
    try:
        yield json.loads(text)
        return
    except json.JSONDecodeError:
        pass
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                yield json.loads(line)
            except json.JSONDecodeError as error:
                raise ArbitreError(f"{path}, line {number}: not JSON ({error.msg})") from None


def _published_top_finder(game: dict[str, Any], lexicon: Lexicon) -> Any:
    generator = MoveGenerator(lexicon, tile_set(game["language"]), published_rules(game))

    def find(board: Board, rack: str) -> tuple[str, int] | None:
        top = generator.top(board, rack)
        return None if top.top is None else (top.top.notation, top.best_score)

    return find


def _turn_json(turn: ReplayedTurn) -> dict[str, Any]:
    return {
        "n": turn.number,
        "rack": turn.rack,
        "move": turn.move,
        "published": turn.published,
        "score": turn.score,
        "agrees": turn.agrees,
        "top": turn.top,
        "top_score": turn.top_score,
        "lost": turn.lost,
    }


def _turn_text(turn: ReplayedTurn) -> str:
    line = f"{turn.number:>3}  {turn.rack:<10} {turn.move:<20} {turn.score:>4}"
    if not turn.agrees:
        line += f"  (published {turn.published})"
    if turn.top_score is not None:
        top = turn.top or "-"
        line += f"  top {top} {turn.top_score}, lost {turn.lost}"
    return line


def replay_games(games: Iterator[Any], lexicon: Lexicon | None, as_json: bool) -> int:
    """Replay each game onto stdout; returns the exit status."""
    status = 0
    for index, game in enumerate(games, 1):
        name = f"game {index}"
        if isinstance(game, dict) and isinstance(game.get("record"), dict) and "kind" in game:
            game = game["record"]  # what GET /v1/games/{id}/record answers: the kind's record
        if isinstance(game, dict) and game.get("format") == RECORD_FORMAT:
            ok, report = _replay_record(game, lexicon)
        elif isinstance(game, dict):
            ok, report = _replay_published(game, lexicon)
        else:
            ok, report = False, {"error": "not a game object"}
        status = status if ok else 1
        if as_json:
            report.pop("lines", None)
            sys.stdout.write(json.dumps({"game": index, **report}, ensure_ascii=False) + "\n")
        else:
            sys.stdout.write(f"# {name}: {report.pop('summary', report.get('error'))}\n")
            for line in report.get("lines", []):
                sys.stdout.write(line + "\n")
    return status


def _replay_record(record: dict[str, Any], lexicon: Lexicon | None) -> tuple[bool, dict[str, Any]]:
    try:
        recorded = record.get("lexicon") or {}
        if not isinstance(recorded, dict):
            return False, {"error": "the record's lexicon is not an object"}
        if lexicon is None:
            lexicon = load_lexicon(str(recorded.get("id", "fr")))
        config = GameConfig.from_mapping(record["config"])
        game = replay_record(record, MoveGeneratorReferee(lexicon, config))
    except KeyError as missing:
        return False, {"error": f"the record has no {missing} field"}
    except (ArbitreError, TypeError) as error:
        return False, {"error": str(error)}
    warning = ""
    if recorded.get("hash") not in (None, lexicon.info.hash):
        warning = " (another lexicon than the recorded one, same tops)"
    sheet = format_sheet(game_sheet(game)).rstrip("\n").splitlines()
    summary = (
        f"record replays: {counted(len(game.turns), 'turn')}, top {game.top_total}, "
        f"end {game.end.value if game.end else 'not reached'}{warning}"
    )
    return True, {
        "summary": summary,
        "turns": len(game.turns),
        "top_total": game.top_total,
        "lines": sheet,
    }


def _replay_published(game: dict[str, Any], lexicon: Lexicon | None) -> tuple[bool, dict[str, Any]]:
    try:
        finder = _published_top_finder(game, lexicon) if lexicon is not None else None
        turns = replay_published(game, finder)
    except KeyError as missing:
        return False, {"error": f"the game has no {missing} field"}
    except ArbitreError as error:
        return False, {"error": str(error)}
    disagreements = [turn for turn in turns if not turn.agrees]
    total = sum(turn.score for turn in turns)
    summary = ", ".join(
        (
            counted(len(turns), "play"),
            counted(total, "point"),
            counted(len(disagreements), "score differs", "scores differ"),
        )
    )
    if lexicon is not None:
        lost = sum(turn.lost or 0 for turn in turns)
        summary += f", {counted(lost, 'point')} lost against the tops"
    return not disagreements, {
        "summary": summary,
        "turns": [_turn_json(turn) for turn in turns],
        "lines": [_turn_text(turn) for turn in turns],
    }


def run_replay(arguments: argparse.Namespace) -> int:
    try:
        lexicon = load_lexicon(arguments.lexicon) if arguments.lexicon else None
        games = list(_read_games(arguments.game))
    except (ArbitreError, OSError, UnicodeDecodeError) as error:
        print(f"arbitre replay: {error}", file=sys.stderr)
        return 2
    return replay_games(iter(games), lexicon, arguments.format == "json")
