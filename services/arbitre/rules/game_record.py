"""The JSON record of a duplicate game, its replay, and its FISF game sheet.

A record holds what it takes to replay the game and check it: the configuration, the seed, the
lexicon's id and content hash, and for every turn the tirage (FISF notation, the tiles and the
rejected racks), the top and the moves tied with it, the blanks swapped in a partie joker, and
every player's answer with its verdict, its négatif, whether it is a top and a solo.
:func:`replay_record` plays the game again from the configuration and the seed with the
recorded answers and checks every turn against the record; :func:`dumps_record` writes it the
same way, byte for byte, on every run and machine.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from arbitre.rules.duplicate import DuplicateGame, PlayedTurn, Referee, TopChoice
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_config import GameConfig
from arbitre.rules.game_sheet import GameSheet, SheetLine
from arbitre.rules.results import solos

__all__ = [
    "RECORD_FORMAT",
    "RecordMismatchError",
    "dumps_record",
    "game_record",
    "game_sheet",
    "replay_record",
    "top_record",
    "turn_record",
]

#: The ``format`` field of a record written by this module.
RECORD_FORMAT = "arbitre.duplicate/1"


class RecordMismatchError(ArbitreError):
    """A record that does not replay: a malformed record, or a turn that comes out different
    (another lexicon, another engine version, a record edited by hand)."""

    code = "record_mismatch"


def top_record(top: TopChoice) -> dict[str, Any]:
    """A top as a record shows it: move (FISF notation), score, tiles and blanks put down."""
    return {
        "move": top.move.notation(),
        "score": top.score,
        "tiles": top.tiles,
        "blanks": top.blanks,
    }


def turn_record(turn: PlayedTurn, game: DuplicateGame) -> dict[str, Any]:
    draw, top = turn.draw, turn.top
    turn_solos = solos(
        turn.scores(game.players),
        len(game.players),
        game.config.solo_bonus,
        game.config.solo_min_players,
    )
    return {
        "number": turn.number,
        "rack": draw.notation,
        "tiles": draw.rack,
        "rejected": list(draw.rejected),
        "top": top_record(top),
        "alternatives": [move.notation() for move in top.alternatives],
        "swapped": list(turn.swapped),
        "answers": [
            {
                "player": answer.player,
                "move": answer.move,
                "points": answer.points,
                "negatif": answer.points - top.score,
                "top": answer.points == top.score,
                "solo": answer.player in turn_solos,
                "score": answer.verdict.score,
                "words": list(answer.verdict.words),
                "unknown_words": list(answer.verdict.unknown_words),
                "error_code": answer.verdict.error_code,
            }
            for answer in turn.answers
        ],
    }


def game_record(game: DuplicateGame, lexicon_id: str, lexicon_hash: str) -> dict[str, Any]:
    """The record of ``game`` as it stands (closed turns only), JSON-ready."""
    return {
        "format": RECORD_FORMAT,
        "config": game.config.to_mapping(),
        "seed": game.seed,
        "lexicon": {"id": lexicon_id, "hash": lexicon_hash},
        "players": list(game.players),
        "turns": [turn_record(turn, game) for turn in game.turns],
        "end": game.end.value if game.end is not None else None,
        "top_total": game.top_total,
        "standings": [asdict(standing) for standing in game.standings()],
    }


def dumps_record(record: Mapping[str, Any]) -> str:
    """The record as JSON text: keys in the record's order, UTF-8 characters kept, one line
    per turn, a final newline; the same bytes for the same record."""
    head = {key: value for key, value in record.items() if key not in ("turns", "standings")}
    lines = ["{"]
    for key, value in head.items():
        lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
    for key in ("turns", "standings"):
        items = record.get(key, [])
        lines.append(f"  {json.dumps(key)}: [")
        for index, item in enumerate(items):
            comma = "," if index + 1 < len(items) else ""
            lines.append(f"    {json.dumps(item, ensure_ascii=False)}{comma}")
        lines.append("  ]," if key == "turns" else "  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _field(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordMismatchError(f"{where}: {key!r} is missing or not a {kind}")
    return value


def replay_record(record: Mapping[str, Any], referee: Referee) -> DuplicateGame:
    """Play the recorded game again (configuration, seed, answers) with ``referee`` and check
    every turn: tirage, top, score and each answer's points. Raises
    :class:`RecordMismatchError` at the first difference; returns the replayed game."""
    if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
        raise RecordMismatchError(f"not a duplicate game record (format {RECORD_FORMAT!r})")
    config = GameConfig.from_mapping(_field(record, "config", Mapping, "record"))
    seed = _field(record, "seed", int, "record")
    players = _field(record, "players", list, "record")
    game = DuplicateGame(config, seed, referee, tuple(players))
    for turn in _field(record, "turns", list, "record"):
        where = f"turn {game.number}"
        if not isinstance(turn, Mapping):
            raise RecordMismatchError(f"{where}: not an object")
        draw = game.start_turn()
        if draw is None:
            raise RecordMismatchError(f"{where}: the game ended ({game.end}) before this turn")
        if draw.notation != turn.get("rack"):
            raise RecordMismatchError(
                f"{where}: the tirage is {draw.notation}, the record says {turn.get('rack')}"
            )
        top = game.current_top
        recorded_top = _field(turn, "top", Mapping, where)
        assert top is not None
        if (top.move.notation(), top.score) != (
            recorded_top.get("move"),
            recorded_top.get("score"),
        ):
            raise RecordMismatchError(
                f"{where}: the top is {top.move.notation()} ({top.score}), the record says "
                f"{recorded_top.get('move')} ({recorded_top.get('score')})"
            )
        for answer in _field(turn, "answers", list, where):
            if not isinstance(answer, Mapping):
                raise RecordMismatchError(f"{where}: an answer is not an object")
            game.answer(_field(answer, "player", str, where), _field(answer, "move", str, where))
        played = game.close_turn()
        recorded = {answer["player"]: answer.get("points") for answer in turn["answers"]}
        for answer in played.answers:
            if recorded.get(answer.player) != answer.points:
                raise RecordMismatchError(
                    f"{where}: {answer.player} scores {answer.points}, the record says "
                    f"{recorded.get(answer.player)}"
                )
    if record.get("end") is not None:
        game.start_turn()
        if game.end is None:
            raise RecordMismatchError(
                f"the game goes on after turn {len(game.turns)}; the record says it ended "
                f"({record['end']})"
            )
        if game.end.value != record["end"]:
            raise RecordMismatchError(
                f"the game ended ({game.end.value}) after turn {len(game.turns)}; the record "
                f"says {record['end']}"
            )
    return game


def game_sheet(game: DuplicateGame, title: str | None = None) -> GameSheet:
    """The FISF game sheet of the tops: N°, tirage, retained word, position, points."""
    return GameSheet(
        tuple(
            SheetLine(
                turn.number,
                turn.draw.notation,
                turn.top.move.word,
                turn.top.move.position.notation(),
                turn.top.score,
                turn.top.tiles >= 7,
            )
            for turn in game.turns
        ),
        title,
    )
