from arbitre.v1 import options_pb2 as _options_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DuplicateMinimum(_message.Message):
    __slots__ = ("from_turn", "vowels", "consonants")
    FROM_TURN_FIELD_NUMBER: _ClassVar[int]
    VOWELS_FIELD_NUMBER: _ClassVar[int]
    CONSONANTS_FIELD_NUMBER: _ClassVar[int]
    from_turn: int
    vowels: int
    consonants: int
    def __init__(self, from_turn: _Optional[int] = ..., vowels: _Optional[int] = ..., consonants: _Optional[int] = ...) -> None: ...

class DuplicateMinimums(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: _containers.RepeatedCompositeFieldContainer[DuplicateMinimum]
    def __init__(self, value: _Optional[_Iterable[_Union[DuplicateMinimum, _Mapping]]] = ...) -> None: ...

class DuplicateBonuses(_message.Message):
    __slots__ = ("value",)
    class ValueEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: _containers.ScalarMap[str, int]
    def __init__(self, value: _Optional[_Mapping[str, int]] = ...) -> None: ...

class DuplicateTieBreak(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, value: _Optional[_Iterable[str]] = ...) -> None: ...

class DuplicateRules(_message.Message):
    __slots__ = ("name", "variant", "lexicon", "tiles", "layout", "minimums", "no_move_redraws", "max_turns", "bonuses", "solo_bonus", "solo_min_players", "tie_break", "seconds_per_turn")
    NAME_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    LEXICON_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    MINIMUMS_FIELD_NUMBER: _ClassVar[int]
    NO_MOVE_REDRAWS_FIELD_NUMBER: _ClassVar[int]
    MAX_TURNS_FIELD_NUMBER: _ClassVar[int]
    BONUSES_FIELD_NUMBER: _ClassVar[int]
    SOLO_BONUS_FIELD_NUMBER: _ClassVar[int]
    SOLO_MIN_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TIE_BREAK_FIELD_NUMBER: _ClassVar[int]
    SECONDS_PER_TURN_FIELD_NUMBER: _ClassVar[int]
    name: str
    variant: str
    lexicon: str
    tiles: str
    layout: str
    minimums: DuplicateMinimums
    no_move_redraws: int
    max_turns: int
    bonuses: DuplicateBonuses
    solo_bonus: int
    solo_min_players: int
    tie_break: DuplicateTieBreak
    seconds_per_turn: int
    def __init__(self, name: _Optional[str] = ..., variant: _Optional[str] = ..., lexicon: _Optional[str] = ..., tiles: _Optional[str] = ..., layout: _Optional[str] = ..., minimums: _Optional[_Union[DuplicateMinimums, _Mapping]] = ..., no_move_redraws: _Optional[int] = ..., max_turns: _Optional[int] = ..., bonuses: _Optional[_Union[DuplicateBonuses, _Mapping]] = ..., solo_bonus: _Optional[int] = ..., solo_min_players: _Optional[int] = ..., tie_break: _Optional[_Union[DuplicateTieBreak, _Mapping]] = ..., seconds_per_turn: _Optional[int] = ...) -> None: ...

class DuplicateConfig(_message.Message):
    __slots__ = ("name", "variant", "lexicon", "tiles", "layout", "minimums", "no_move_redraws", "max_turns", "bonuses", "solo_bonus", "solo_min_players", "tie_break", "seconds_per_turn", "reveal_seconds", "seats", "late_join")
    NAME_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    LEXICON_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    MINIMUMS_FIELD_NUMBER: _ClassVar[int]
    NO_MOVE_REDRAWS_FIELD_NUMBER: _ClassVar[int]
    MAX_TURNS_FIELD_NUMBER: _ClassVar[int]
    BONUSES_FIELD_NUMBER: _ClassVar[int]
    SOLO_BONUS_FIELD_NUMBER: _ClassVar[int]
    SOLO_MIN_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TIE_BREAK_FIELD_NUMBER: _ClassVar[int]
    SECONDS_PER_TURN_FIELD_NUMBER: _ClassVar[int]
    REVEAL_SECONDS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    LATE_JOIN_FIELD_NUMBER: _ClassVar[int]
    name: str
    variant: str
    lexicon: str
    tiles: str
    layout: str
    minimums: DuplicateMinimums
    no_move_redraws: int
    max_turns: int
    bonuses: DuplicateBonuses
    solo_bonus: int
    solo_min_players: int
    tie_break: DuplicateTieBreak
    seconds_per_turn: int
    reveal_seconds: int
    seats: int
    late_join: bool
    def __init__(self, name: _Optional[str] = ..., variant: _Optional[str] = ..., lexicon: _Optional[str] = ..., tiles: _Optional[str] = ..., layout: _Optional[str] = ..., minimums: _Optional[_Union[DuplicateMinimums, _Mapping]] = ..., no_move_redraws: _Optional[int] = ..., max_turns: _Optional[int] = ..., bonuses: _Optional[_Union[DuplicateBonuses, _Mapping]] = ..., solo_bonus: _Optional[int] = ..., solo_min_players: _Optional[int] = ..., tie_break: _Optional[_Union[DuplicateTieBreak, _Mapping]] = ..., seconds_per_turn: _Optional[int] = ..., reveal_seconds: _Optional[int] = ..., seats: _Optional[int] = ..., late_join: _Optional[bool] = ...) -> None: ...

class DuplicateAction(_message.Message):
    __slots__ = ("move", "turn")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    move: str
    turn: int
    def __init__(self, move: _Optional[str] = ..., turn: _Optional[int] = ...) -> None: ...

class DuplicateAnswerResult(_message.Message):
    __slots__ = ("turn", "move", "score", "answers")
    TURN_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    turn: int
    move: str
    score: int
    answers: int
    def __init__(self, turn: _Optional[int] = ..., move: _Optional[str] = ..., score: _Optional[int] = ..., answers: _Optional[int] = ...) -> None: ...

class DuplicateStanding(_message.Message):
    __slots__ = ("rank", "player", "total", "negatif", "percent_of_top", "tops", "solos")
    RANK_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    NEGATIF_FIELD_NUMBER: _ClassVar[int]
    PERCENT_OF_TOP_FIELD_NUMBER: _ClassVar[int]
    TOPS_FIELD_NUMBER: _ClassVar[int]
    SOLOS_FIELD_NUMBER: _ClassVar[int]
    rank: int
    player: str
    total: int
    negatif: int
    percent_of_top: float
    tops: int
    solos: int
    def __init__(self, rank: _Optional[int] = ..., player: _Optional[str] = ..., total: _Optional[int] = ..., negatif: _Optional[int] = ..., percent_of_top: _Optional[float] = ..., tops: _Optional[int] = ..., solos: _Optional[int] = ...) -> None: ...

class DuplicateStandingDetails(_message.Message):
    __slots__ = ("negatif", "percent_of_top", "tops", "solos")
    NEGATIF_FIELD_NUMBER: _ClassVar[int]
    PERCENT_OF_TOP_FIELD_NUMBER: _ClassVar[int]
    TOPS_FIELD_NUMBER: _ClassVar[int]
    SOLOS_FIELD_NUMBER: _ClassVar[int]
    negatif: int
    percent_of_top: float
    tops: int
    solos: int
    def __init__(self, negatif: _Optional[int] = ..., percent_of_top: _Optional[float] = ..., tops: _Optional[int] = ..., solos: _Optional[int] = ...) -> None: ...

class DuplicatePlayer(_message.Message):
    __slots__ = ("id", "answered", "left")
    ID_FIELD_NUMBER: _ClassVar[int]
    ANSWERED_FIELD_NUMBER: _ClassVar[int]
    LEFT_FIELD_NUMBER: _ClassVar[int]
    id: str
    answered: bool
    left: bool
    def __init__(self, id: _Optional[str] = ..., answered: _Optional[bool] = ..., left: _Optional[bool] = ...) -> None: ...

class DuplicateMyAnswer(_message.Message):
    __slots__ = ("move", "score")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    move: str
    score: int
    def __init__(self, move: _Optional[str] = ..., score: _Optional[int] = ...) -> None: ...

class DuplicateTurnLine(_message.Message):
    __slots__ = ("turn", "rack", "top", "points")
    class PointsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    TURN_FIELD_NUMBER: _ClassVar[int]
    RACK_FIELD_NUMBER: _ClassVar[int]
    TOP_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    turn: int
    rack: str
    top: DuplicateTop
    points: _containers.ScalarMap[str, int]
    def __init__(self, turn: _Optional[int] = ..., rack: _Optional[str] = ..., top: _Optional[_Union[DuplicateTop, _Mapping]] = ..., points: _Optional[_Mapping[str, int]] = ...) -> None: ...

class DuplicateAnswer(_message.Message):
    __slots__ = ("player", "move", "points", "negatif", "top", "solo", "score", "words", "unknown_words", "error_code")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    NEGATIF_FIELD_NUMBER: _ClassVar[int]
    TOP_FIELD_NUMBER: _ClassVar[int]
    SOLO_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    WORDS_FIELD_NUMBER: _ClassVar[int]
    UNKNOWN_WORDS_FIELD_NUMBER: _ClassVar[int]
    ERROR_CODE_FIELD_NUMBER: _ClassVar[int]
    player: str
    move: str
    points: int
    negatif: int
    top: bool
    solo: bool
    score: int
    words: _containers.RepeatedScalarFieldContainer[str]
    unknown_words: _containers.RepeatedScalarFieldContainer[str]
    error_code: str
    def __init__(self, player: _Optional[str] = ..., move: _Optional[str] = ..., points: _Optional[int] = ..., negatif: _Optional[int] = ..., top: _Optional[bool] = ..., solo: _Optional[bool] = ..., score: _Optional[int] = ..., words: _Optional[_Iterable[str]] = ..., unknown_words: _Optional[_Iterable[str]] = ..., error_code: _Optional[str] = ...) -> None: ...

class DuplicateTurnRecord(_message.Message):
    __slots__ = ("number", "rack", "tiles", "rejected", "top", "alternatives", "swapped", "answers")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    RACK_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    REJECTED_FIELD_NUMBER: _ClassVar[int]
    TOP_FIELD_NUMBER: _ClassVar[int]
    ALTERNATIVES_FIELD_NUMBER: _ClassVar[int]
    SWAPPED_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    number: int
    rack: str
    tiles: str
    rejected: _containers.RepeatedScalarFieldContainer[str]
    top: DuplicateTop
    alternatives: _containers.RepeatedScalarFieldContainer[str]
    swapped: _containers.RepeatedScalarFieldContainer[str]
    answers: _containers.RepeatedCompositeFieldContainer[DuplicateAnswer]
    def __init__(self, number: _Optional[int] = ..., rack: _Optional[str] = ..., tiles: _Optional[str] = ..., rejected: _Optional[_Iterable[str]] = ..., top: _Optional[_Union[DuplicateTop, _Mapping]] = ..., alternatives: _Optional[_Iterable[str]] = ..., swapped: _Optional[_Iterable[str]] = ..., answers: _Optional[_Iterable[_Union[DuplicateAnswer, _Mapping]]] = ...) -> None: ...

class DuplicateReveal(_message.Message):
    __slots__ = ("number", "rack", "tiles", "rejected", "top", "alternatives", "swapped", "answers", "players", "board")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    RACK_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    REJECTED_FIELD_NUMBER: _ClassVar[int]
    TOP_FIELD_NUMBER: _ClassVar[int]
    ALTERNATIVES_FIELD_NUMBER: _ClassVar[int]
    SWAPPED_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    number: int
    rack: str
    tiles: str
    rejected: _containers.RepeatedScalarFieldContainer[str]
    top: DuplicateTop
    alternatives: _containers.RepeatedScalarFieldContainer[str]
    swapped: _containers.RepeatedScalarFieldContainer[str]
    answers: _containers.RepeatedCompositeFieldContainer[DuplicateAnswer]
    players: int
    board: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, number: _Optional[int] = ..., rack: _Optional[str] = ..., tiles: _Optional[str] = ..., rejected: _Optional[_Iterable[str]] = ..., top: _Optional[_Union[DuplicateTop, _Mapping]] = ..., alternatives: _Optional[_Iterable[str]] = ..., swapped: _Optional[_Iterable[str]] = ..., answers: _Optional[_Iterable[_Union[DuplicateAnswer, _Mapping]]] = ..., players: _Optional[int] = ..., board: _Optional[_Iterable[str]] = ...) -> None: ...

class DuplicateView(_message.Message):
    __slots__ = ("kind", "game_id", "stage", "turn", "config", "players", "player_count", "board", "bag_count", "turns", "top_total", "standings", "end_reason", "rack", "tiles", "deadline_ms", "remaining_ms", "answers", "my_answer", "reveal", "next_ms", "board_layout", "tile_set")
    KIND_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PLAYER_COUNT_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    BAG_COUNT_FIELD_NUMBER: _ClassVar[int]
    TURNS_FIELD_NUMBER: _ClassVar[int]
    TOP_TOTAL_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    END_REASON_FIELD_NUMBER: _ClassVar[int]
    RACK_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    REMAINING_MS_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    MY_ANSWER_FIELD_NUMBER: _ClassVar[int]
    REVEAL_FIELD_NUMBER: _ClassVar[int]
    NEXT_MS_FIELD_NUMBER: _ClassVar[int]
    BOARD_LAYOUT_FIELD_NUMBER: _ClassVar[int]
    TILE_SET_FIELD_NUMBER: _ClassVar[int]
    kind: str
    game_id: str
    stage: str
    turn: int
    config: DuplicateConfig
    players: _containers.RepeatedCompositeFieldContainer[DuplicatePlayer]
    player_count: int
    board: _containers.RepeatedScalarFieldContainer[str]
    bag_count: int
    turns: _containers.RepeatedCompositeFieldContainer[DuplicateTurnLine]
    top_total: int
    standings: _containers.RepeatedCompositeFieldContainer[DuplicateStanding]
    end_reason: str
    rack: str
    tiles: str
    deadline_ms: int
    remaining_ms: int
    answers: int
    my_answer: DuplicateMyAnswer
    reveal: DuplicateReveal
    next_ms: int
    board_layout: _containers.RepeatedScalarFieldContainer[str]
    tile_set: DuplicateTileSet
    def __init__(self, kind: _Optional[str] = ..., game_id: _Optional[str] = ..., stage: _Optional[str] = ..., turn: _Optional[int] = ..., config: _Optional[_Union[DuplicateConfig, _Mapping]] = ..., players: _Optional[_Iterable[_Union[DuplicatePlayer, _Mapping]]] = ..., player_count: _Optional[int] = ..., board: _Optional[_Iterable[str]] = ..., bag_count: _Optional[int] = ..., turns: _Optional[_Iterable[_Union[DuplicateTurnLine, _Mapping]]] = ..., top_total: _Optional[int] = ..., standings: _Optional[_Iterable[_Union[DuplicateStanding, _Mapping]]] = ..., end_reason: _Optional[str] = ..., rack: _Optional[str] = ..., tiles: _Optional[str] = ..., deadline_ms: _Optional[int] = ..., remaining_ms: _Optional[int] = ..., answers: _Optional[int] = ..., my_answer: _Optional[_Union[DuplicateMyAnswer, _Mapping]] = ..., reveal: _Optional[_Union[DuplicateReveal, _Mapping]] = ..., next_ms: _Optional[int] = ..., board_layout: _Optional[_Iterable[str]] = ..., tile_set: _Optional[_Union[DuplicateTileSet, _Mapping]] = ...) -> None: ...

class DuplicateTile(_message.Message):
    __slots__ = ("count", "value")
    COUNT_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    count: int
    value: int
    def __init__(self, count: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...

class DuplicateTileSet(_message.Message):
    __slots__ = ("letters", "blanks", "blank_value")
    class LettersEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: DuplicateTile
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[DuplicateTile, _Mapping]] = ...) -> None: ...
    LETTERS_FIELD_NUMBER: _ClassVar[int]
    BLANKS_FIELD_NUMBER: _ClassVar[int]
    BLANK_VALUE_FIELD_NUMBER: _ClassVar[int]
    letters: _containers.MessageMap[str, DuplicateTile]
    blanks: int
    blank_value: int
    def __init__(self, letters: _Optional[_Mapping[str, DuplicateTile]] = ..., blanks: _Optional[int] = ..., blank_value: _Optional[int] = ...) -> None: ...

class DuplicateTurnTimes(_message.Message):
    __slots__ = ("opened_ms", "closed_ms")
    OPENED_MS_FIELD_NUMBER: _ClassVar[int]
    CLOSED_MS_FIELD_NUMBER: _ClassVar[int]
    opened_ms: int
    closed_ms: int
    def __init__(self, opened_ms: _Optional[int] = ..., closed_ms: _Optional[int] = ...) -> None: ...

class DuplicateLexicon(_message.Message):
    __slots__ = ("id", "hash")
    ID_FIELD_NUMBER: _ClassVar[int]
    HASH_FIELD_NUMBER: _ClassVar[int]
    id: str
    hash: str
    def __init__(self, id: _Optional[str] = ..., hash: _Optional[str] = ...) -> None: ...

class DuplicateRecord(_message.Message):
    __slots__ = ("format", "config", "seed", "lexicon", "players", "turns", "end", "top_total", "standings", "kind", "game_id", "reveal_seconds", "times")
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    LEXICON_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TURNS_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    TOP_TOTAL_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    REVEAL_SECONDS_FIELD_NUMBER: _ClassVar[int]
    TIMES_FIELD_NUMBER: _ClassVar[int]
    format: str
    config: DuplicateRules
    seed: int
    lexicon: DuplicateLexicon
    players: _containers.RepeatedScalarFieldContainer[str]
    turns: _containers.RepeatedCompositeFieldContainer[DuplicateTurnRecord]
    end: str
    top_total: int
    standings: _containers.RepeatedCompositeFieldContainer[DuplicateStanding]
    kind: str
    game_id: str
    reveal_seconds: int
    times: _containers.RepeatedCompositeFieldContainer[DuplicateTurnTimes]
    def __init__(self, format: _Optional[str] = ..., config: _Optional[_Union[DuplicateRules, _Mapping]] = ..., seed: _Optional[int] = ..., lexicon: _Optional[_Union[DuplicateLexicon, _Mapping]] = ..., players: _Optional[_Iterable[str]] = ..., turns: _Optional[_Iterable[_Union[DuplicateTurnRecord, _Mapping]]] = ..., end: _Optional[str] = ..., top_total: _Optional[int] = ..., standings: _Optional[_Iterable[_Union[DuplicateStanding, _Mapping]]] = ..., kind: _Optional[str] = ..., game_id: _Optional[str] = ..., reveal_seconds: _Optional[int] = ..., times: _Optional[_Iterable[_Union[DuplicateTurnTimes, _Mapping]]] = ...) -> None: ...

class DuplicatePlayerJoined(_message.Message):
    __slots__ = ("player", "name", "players", "robot")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ROBOT_FIELD_NUMBER: _ClassVar[int]
    player: str
    name: str
    players: int
    robot: str
    def __init__(self, player: _Optional[str] = ..., name: _Optional[str] = ..., players: _Optional[int] = ..., robot: _Optional[str] = ...) -> None: ...

class DuplicateTurnStarted(_message.Message):
    __slots__ = ("turn", "rack", "board", "deadline_ms")
    TURN_FIELD_NUMBER: _ClassVar[int]
    RACK_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    turn: int
    rack: str
    board: _containers.RepeatedScalarFieldContainer[str]
    deadline_ms: int
    def __init__(self, turn: _Optional[int] = ..., rack: _Optional[str] = ..., board: _Optional[_Iterable[str]] = ..., deadline_ms: _Optional[int] = ...) -> None: ...

class DuplicateAnswerCount(_message.Message):
    __slots__ = ("turn", "answers", "players")
    TURN_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    turn: int
    answers: int
    players: int
    def __init__(self, turn: _Optional[int] = ..., answers: _Optional[int] = ..., players: _Optional[int] = ...) -> None: ...

class DuplicateTop(_message.Message):
    __slots__ = ("move", "score", "tiles", "blanks")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    BLANKS_FIELD_NUMBER: _ClassVar[int]
    move: str
    score: int
    tiles: int
    blanks: int
    def __init__(self, move: _Optional[str] = ..., score: _Optional[int] = ..., tiles: _Optional[int] = ..., blanks: _Optional[int] = ...) -> None: ...

class DuplicateTurnRevealed(_message.Message):
    __slots__ = ("turn", "top", "answers")
    TURN_FIELD_NUMBER: _ClassVar[int]
    TOP_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    turn: int
    top: DuplicateTop
    answers: int
    def __init__(self, turn: _Optional[int] = ..., top: _Optional[_Union[DuplicateTop, _Mapping]] = ..., answers: _Optional[int] = ...) -> None: ...

class DuplicateGameOver(_message.Message):
    __slots__ = ("reason",)
    REASON_FIELD_NUMBER: _ClassVar[int]
    reason: str
    def __init__(self, reason: _Optional[str] = ...) -> None: ...

class DuplicateEvent(_message.Message):
    __slots__ = ("player_joined", "turn_started", "answer_count", "turn_revealed", "game_over")
    PLAYER_JOINED_FIELD_NUMBER: _ClassVar[int]
    TURN_STARTED_FIELD_NUMBER: _ClassVar[int]
    ANSWER_COUNT_FIELD_NUMBER: _ClassVar[int]
    TURN_REVEALED_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    player_joined: DuplicatePlayerJoined
    turn_started: DuplicateTurnStarted
    answer_count: DuplicateAnswerCount
    turn_revealed: DuplicateTurnRevealed
    game_over: DuplicateGameOver
    def __init__(self, player_joined: _Optional[_Union[DuplicatePlayerJoined, _Mapping]] = ..., turn_started: _Optional[_Union[DuplicateTurnStarted, _Mapping]] = ..., answer_count: _Optional[_Union[DuplicateAnswerCount, _Mapping]] = ..., turn_revealed: _Optional[_Union[DuplicateTurnRevealed, _Mapping]] = ..., game_over: _Optional[_Union[DuplicateGameOver, _Mapping]] = ...) -> None: ...
