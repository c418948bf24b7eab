"""Pure game rules, no I/O: tile sets, board layouts, boards, moves and FISF notation, racks,
placement legality and scoring.

>>> from arbitre.rules import DUPLICATE, FRENCH, Board, Move, score_move
>>> placement, result = score_move(Board.empty(), Move.from_notation("H4 FABAcEE"), FRENCH,
...                                DUPLICATE)
>>> result.total
80
"""

from arbitre.rules.alphabet import fold_letters
from arbitre.rules.board import EMPTY, Board
from arbitre.rules.coordinates import DEFAULT_SIZE, Position, parse_square, square_notation
from arbitre.rules.errors import (
    ILLEGAL_REASONS,
    ArbitreError,
    BadRackError,
    IllegalMoveError,
    InvalidBoardError,
    InvalidNotationError,
    InvalidTileSetError,
    UnknownLetterError,
    UnknownRulesError,
)
from arbitre.rules.layout import STANDARD, BoardLayout, Premium
from arbitre.rules.move import Move, parse_word
from arbitre.rules.placement import FormedWord, Placement, place
from arbitre.rules.play_rules import (
    CLASSIC,
    DUPLICATE,
    SEVEN_AMONG_EIGHT,
    SEVEN_AND_EIGHT,
    PlayRules,
    play_rules,
)
from arbitre.rules.rack import Rack, RackBalance
from arbitre.rules.scoring import Score, WordScore, score, score_move
from arbitre.rules.tiles import BLANK, ENGLISH, FRENCH, LetterInfo, TileSet, tile_set

__all__ = [
    "BLANK",
    "CLASSIC",
    "DEFAULT_SIZE",
    "DUPLICATE",
    "EMPTY",
    "ENGLISH",
    "FRENCH",
    "ILLEGAL_REASONS",
    "SEVEN_AMONG_EIGHT",
    "SEVEN_AND_EIGHT",
    "STANDARD",
    "ArbitreError",
    "BadRackError",
    "Board",
    "BoardLayout",
    "FormedWord",
    "IllegalMoveError",
    "InvalidBoardError",
    "InvalidNotationError",
    "InvalidTileSetError",
    "LetterInfo",
    "Move",
    "Placement",
    "PlayRules",
    "Position",
    "Premium",
    "Rack",
    "RackBalance",
    "Score",
    "TileSet",
    "UnknownLetterError",
    "UnknownRulesError",
    "WordScore",
    "fold_letters",
    "parse_square",
    "parse_word",
    "place",
    "play_rules",
    "score",
    "score_move",
    "square_notation",
    "tile_set",
]
