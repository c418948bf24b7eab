"""Scoring: the points of a placement.

Every word formed counts. A letter premium applies to a new tile only; the word premiums of
the new tiles in a word multiply together (DW x DW = x4, TW x TW = x9, DW x TW = x6). A blank,
new or already on the board, is worth the tile set's ``blank_value`` (0). The rules add a bonus
by number of tiles placed (+50 for 7).

>>> from arbitre.rules.board import Board
>>> from arbitre.rules.move import Move
>>> from arbitre.rules.play_rules import DUPLICATE
>>> from arbitre.rules.tiles import FRENCH
>>> _, result = score_move(Board.empty(), Move.from_notation("H4 FABAcEE"), FRENCH, DUPLICATE)
>>> result
Score(total=80, words=(WordScore(word='FABACEE', points=30),), bonus=50)
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitre.rules.board import Board
from arbitre.rules.errors import UnknownLetterError
from arbitre.rules.layout import BoardLayout
from arbitre.rules.move import Move
from arbitre.rules.placement import Placement, place
from arbitre.rules.play_rules import PlayRules
from arbitre.rules.rack import Rack
from arbitre.rules.tiles import TileSet

__all__ = ["Score", "WordScore", "score", "score_move"]


@dataclass(frozen=True, slots=True)
class WordScore:
    """Points of one word formed; ``word`` is uppercase (blank information is in the matching
    :class:`~arbitre.rules.placement.FormedWord`, same order)."""

    word: str
    points: int


@dataclass(frozen=True, slots=True)
class Score:
    """Points of a move: ``total`` is the sum of the words' points plus ``bonus``; ``words``
    lists the main word first, then the cross words."""

    total: int
    words: tuple[WordScore, ...]
    bonus: int


def score(
    board: Board,
    placement: Placement,
    tiles: TileSet,
    rules: PlayRules,
    layout: BoardLayout | None = None,
) -> Score:
    """Score ``placement``, computed by :func:`~arbitre.rules.placement.place` on ``board``.

    Premiums come from ``layout`` (default: the board's). Only the placement is read, so the
    board may be scored before or after the placement is applied. Raises
    :class:`UnknownLetterError` if a word holds a letter that the tile set lacks (a letter on a
    board built from text, say).
    """
    if layout is None:
        layout = board.layout
    elif layout.size != board.size:
        raise ValueError(f"layout {layout.name!r} does not fit a {board.size}x{board.size} board")
    letter_multipliers = layout.letter_multipliers
    word_multipliers = layout.word_multipliers
    values = tiles.values
    new = placement.new_squares
    words: list[WordScore] = []
    total = 0
    try:
        for formed in placement.words:
            points = 0
            multiplier = 1
            for letter, square in zip(formed.letters, formed.squares, strict=True):
                if square in new:
                    points += values[letter] * letter_multipliers[square]
                    multiplier *= word_multipliers[square]
                else:
                    points += values[letter]
            points *= multiplier
            total += points
            words.append(WordScore(formed.letters.upper(), points))
    except KeyError as error:
        raise UnknownLetterError(
            f"letter {error.args[0]!r} is not in the tile set {tiles.name!r}"
        ) from None
    bonus = rules.bonuses.get(len(new), 0)
    return Score(total + bonus, tuple(words), bonus)


def score_move(
    board: Board, move: Move, tiles: TileSet, rules: PlayRules, rack: Rack | None = None
) -> tuple[Placement, Score]:
    """:func:`~arbitre.rules.placement.place` then :func:`score`; the board is unchanged."""
    placement = place(board, move, tiles, rules, rack)
    return placement, score(board, placement, tiles, rules)
