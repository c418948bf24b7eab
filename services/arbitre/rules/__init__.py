"""Pure game rules, no I/O: tile sets, board layouts, boards, moves and FISF notation, racks,
placement legality and scoring; the duplicate game (configuration, tirage, turns, results,
records and game sheets), which asks a :class:`Referee` for tops and verdicts.

>>> from arbitre.rules import DUPLICATE, FRENCH, Board, Move, score_move
>>> placement, result = score_move(Board.empty(), Move.from_notation("H4 FABAcEE"), FRENCH,
...                                DUPLICATE)
>>> result.total
80
"""

from arbitre.rules.alphabet import fold_letters
from arbitre.rules.board import EMPTY, Board
from arbitre.rules.coordinates import DEFAULT_SIZE, Position, parse_square, square_notation
from arbitre.rules.draw import Bag, Draw, InvalidBagError, draw_rack, pool_can_continue
from arbitre.rules.duplicate import (
    Answer,
    DuplicateGame,
    EndReason,
    GameStateError,
    PlayedTurn,
    Referee,
    TopChoice,
    Verdict,
)
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
from arbitre.rules.game_config import (
    PRESETS,
    GameConfig,
    InvalidGameConfigError,
    Minimum,
    Variant,
    preset,
)
from arbitre.rules.game_record import (
    RECORD_FORMAT,
    RecordMismatchError,
    dumps_record,
    game_record,
    game_sheet,
    replay_record,
)
from arbitre.rules.game_replay import (
    InvalidPublishedGameError,
    ReplayedTurn,
    published_rules,
    replay_published,
)
from arbitre.rules.game_sheet import (
    GameSheet,
    InvalidSheetError,
    SheetLine,
    format_sheet,
    parse_sheet,
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
from arbitre.rules.results import InvalidResultsError, Standing, TurnScores, solos, standings
from arbitre.rules.scoring import Score, WordScore, score, score_move
from arbitre.rules.tie_break import DEFAULT_TIE_BREAK_KEYS, TIE_BREAK_KEYS
from arbitre.rules.tiles import BLANK, ENGLISH, FRENCH, LetterInfo, TileSet, tile_set

__all__ = [
    "BLANK",
    "CLASSIC",
    "DEFAULT_SIZE",
    "DEFAULT_TIE_BREAK_KEYS",
    "DUPLICATE",
    "EMPTY",
    "ENGLISH",
    "FRENCH",
    "ILLEGAL_REASONS",
    "PRESETS",
    "RECORD_FORMAT",
    "SEVEN_AMONG_EIGHT",
    "SEVEN_AND_EIGHT",
    "STANDARD",
    "TIE_BREAK_KEYS",
    "Answer",
    "ArbitreError",
    "BadRackError",
    "Bag",
    "Board",
    "BoardLayout",
    "Draw",
    "DuplicateGame",
    "EndReason",
    "FormedWord",
    "GameConfig",
    "GameSheet",
    "GameStateError",
    "IllegalMoveError",
    "InvalidBagError",
    "InvalidBoardError",
    "InvalidGameConfigError",
    "InvalidNotationError",
    "InvalidPublishedGameError",
    "InvalidResultsError",
    "InvalidSheetError",
    "InvalidTileSetError",
    "LetterInfo",
    "Minimum",
    "Move",
    "Placement",
    "PlayRules",
    "PlayedTurn",
    "Position",
    "Premium",
    "Rack",
    "RackBalance",
    "RecordMismatchError",
    "Referee",
    "ReplayedTurn",
    "Score",
    "SheetLine",
    "Standing",
    "TileSet",
    "TopChoice",
    "TurnScores",
    "UnknownLetterError",
    "UnknownRulesError",
    "Variant",
    "Verdict",
    "WordScore",
    "draw_rack",
    "dumps_record",
    "fold_letters",
    "format_sheet",
    "game_record",
    "game_sheet",
    "parse_sheet",
    "parse_square",
    "parse_word",
    "place",
    "play_rules",
    "pool_can_continue",
    "preset",
    "published_rules",
    "replay_published",
    "replay_record",
    "score",
    "score_move",
    "solos",
    "square_notation",
    "standings",
    "tile_set",
]
