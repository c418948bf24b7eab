"""Replay a published game (the corpus format of ``tests/data/corpus``): every play placed on
the board from its rack and re-scored, and, given a way to find tops, what each retained move
lost against the best move of its position.

A published game is an object with ``language`` (``"fr"`` or ``"en"``), ``variant``
(``"duplicate"`` or ``"classic"``), optionally ``eliot_variant`` (``"7among8"``) and ``turns``:
``{"n", "rack", "word", "position", "score", "type"?}``. Only ``play`` turns put tiles down; a
``withdrawn`` turn takes the previous play back off the board; other types change nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from arbitre.rules.board import Board
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_sheet import GameSheet
from arbitre.rules.move import Move
from arbitre.rules.placement import Placement
from arbitre.rules.play_rules import CLASSIC, DUPLICATE, SEVEN_AMONG_EIGHT, PlayRules
from arbitre.rules.rack import Rack
from arbitre.rules.scoring import score_move
from arbitre.rules.tiles import TileSet, tile_set

__all__ = [
    "InvalidPublishedGameError",
    "ReplayedTurn",
    "TopFinder",
    "published_from_sheet",
    "published_rules",
    "replay_published",
]

#: Finds the best move of a position: ``(board, rack) -> (move in notation, score)`` or
#: ``None`` when no move exists.
TopFinder = Callable[[Board, str], "tuple[str, int] | None"]


class InvalidPublishedGameError(ArbitreError):
    """A published game that cannot be read or replayed (a missing field, a move that cannot
    be placed)."""

    code = "bad_game"


@dataclass(frozen=True, slots=True)
class ReplayedTurn:
    """One play: as published (``published``) and as re-scored (``score``), and, when tops
    were asked for, the best move of the position and what the play lost against it."""

    number: int
    rack: str
    move: str
    published: int
    score: int
    top: str | None = None
    top_score: int | None = None

    @property
    def agrees(self) -> bool:
        """Whether the re-scored points equal the published ones."""
        return self.score == self.published

    @property
    def lost(self) -> int | None:
        """Points given away against the top (0 for a top), when the top is known."""
        return None if self.top_score is None else self.top_score - self.score


def published_rules(game: Mapping[str, Any]) -> PlayRules:
    """The rules of a published game's variant."""
    if game.get("variant") == "classic":
        return CLASSIC
    if game.get("eliot_variant") == "7among8":
        return SEVEN_AMONG_EIGHT
    return DUPLICATE


def _tiles(game: Mapping[str, Any]) -> TileSet:
    language = game.get("language")
    if language not in ("fr", "en"):
        raise InvalidPublishedGameError(f"language must be 'fr' or 'en', not {language!r}")
    return tile_set(language)


def replay_published(
    game: Mapping[str, Any], find_top: TopFinder | None = None
) -> list[ReplayedTurn]:
    """Re-score every play of ``game`` on a board built move by move (see the module
    docstring); with ``find_top``, also the top of each position (before the play). Raises
    :class:`InvalidPublishedGameError` for a turn that cannot be read or placed."""
    if not isinstance(game, Mapping) or not isinstance(game.get("turns"), list):
        raise InvalidPublishedGameError("a published game is an object with a list of turns")
    tiles = _tiles(game)
    rules = published_rules(game)
    board = Board.empty()
    previous: Placement | None = None
    out: list[ReplayedTurn] = []
    for index, turn in enumerate(game["turns"]):
        if not isinstance(turn, Mapping):
            raise InvalidPublishedGameError(f"turn {index + 1}: not an object")
        number = turn.get("n", index + 1)
        if not isinstance(number, int) or isinstance(number, bool):
            raise InvalidPublishedGameError(f"turn {index + 1}: 'n' is not an integer")
        kind = turn.get("type", "play")
        if kind == "withdrawn":
            if previous is None:
                raise InvalidPublishedGameError(f"turn {number}: nothing to withdraw")
            board.remove((row, col) for row, col, _ in previous.new_tiles)
            previous = None
            continue
        if kind != "play":
            continue
        try:
            rack_text, position, word = turn["rack"], turn["position"], turn["word"]
            if not all(isinstance(text, str) for text in (rack_text, position, word)):
                raise InvalidPublishedGameError(
                    f"turn {number}: the rack, word and position must be strings"
                )
            move = Move.from_notation(position, word)
            published = turn["score"]
            if not isinstance(published, int) or isinstance(published, bool):
                raise InvalidPublishedGameError(f"turn {number}: the score is not an integer")
            top = find_top(board, Rack.from_text(rack_text).tiles) if find_top else None
            placement, result = score_move(board, move, tiles, rules, Rack.from_text(rack_text))
        except KeyError as missing:
            raise InvalidPublishedGameError(f"turn {number}: no {missing}") from None
        except InvalidPublishedGameError:
            raise
        except ArbitreError as error:
            raise InvalidPublishedGameError(f"turn {number}: {error}") from None
        out.append(
            ReplayedTurn(
                number,
                rack_text,
                move.notation(),
                published,
                result.total,
                top[0] if top else None,
                top[1] if top else (0 if find_top else None),
            )
        )
        board.apply(placement)
        previous = placement
    return out


def published_from_sheet(sheet: GameSheet, language: str = "fr") -> dict[str, Any]:
    """A FISF game sheet as a published duplicate game (7-tile racks, the ``language``'s tile
    set), ready for :func:`replay_published`: its tirages, retained words and points."""
    return {
        "language": language,
        "variant": "duplicate",
        "title": sheet.title,
        "turns": [
            {
                "n": line.number,
                "rack": Rack.from_text(line.rack).tiles,
                "rack_raw": line.rack,
                "word": line.word,
                "position": line.position,
                "score": line.points,
            }
            for line in sheet.lines
        ],
    }
