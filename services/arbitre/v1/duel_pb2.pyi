from arbitre.v1 import options_pb2 as _options_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DuelConfig(_message.Message):
    __slots__ = ("language", "round_seconds", "rounds", "seats", "reveal_seconds", "words")
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    ROUND_SECONDS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    REVEAL_SECONDS_FIELD_NUMBER: _ClassVar[int]
    WORDS_FIELD_NUMBER: _ClassVar[int]
    language: str
    round_seconds: int
    rounds: int
    seats: int
    reveal_seconds: int
    words: str
    def __init__(self, language: _Optional[str] = ..., round_seconds: _Optional[int] = ..., rounds: _Optional[int] = ..., seats: _Optional[int] = ..., reveal_seconds: _Optional[int] = ..., words: _Optional[str] = ...) -> None: ...

class DuelAction(_message.Message):
    __slots__ = ("guess", "round")
    GUESS_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    guess: str
    round: int
    def __init__(self, guess: _Optional[str] = ..., round: _Optional[int] = ...) -> None: ...

class DuelExtraCopy(_message.Message):
    __slots__ = ("letter", "count")
    LETTER_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    letter: str
    count: int
    def __init__(self, letter: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...

class DuelGuessResult(_message.Message):
    __slots__ = ("round", "row", "letters", "marks", "tries_used", "tries_left", "found", "points", "extra_copy")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROW_FIELD_NUMBER: _ClassVar[int]
    LETTERS_FIELD_NUMBER: _ClassVar[int]
    MARKS_FIELD_NUMBER: _ClassVar[int]
    TRIES_USED_FIELD_NUMBER: _ClassVar[int]
    TRIES_LEFT_FIELD_NUMBER: _ClassVar[int]
    FOUND_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    EXTRA_COPY_FIELD_NUMBER: _ClassVar[int]
    round: int
    row: int
    letters: str
    marks: str
    tries_used: int
    tries_left: int
    found: bool
    points: int
    extra_copy: DuelExtraCopy
    def __init__(self, round: _Optional[int] = ..., row: _Optional[int] = ..., letters: _Optional[str] = ..., marks: _Optional[str] = ..., tries_used: _Optional[int] = ..., tries_left: _Optional[int] = ..., found: _Optional[bool] = ..., points: _Optional[int] = ..., extra_copy: _Optional[_Union[DuelExtraCopy, _Mapping]] = ...) -> None: ...

class DuelRow(_message.Message):
    __slots__ = ("letters", "marks", "at_ms")
    LETTERS_FIELD_NUMBER: _ClassVar[int]
    MARKS_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    letters: str
    marks: str
    at_ms: int
    def __init__(self, letters: _Optional[str] = ..., marks: _Optional[str] = ..., at_ms: _Optional[int] = ...) -> None: ...

class DuelPlayer(_message.Message):
    __slots__ = ("player", "seated", "waiting")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEATED_FIELD_NUMBER: _ClassVar[int]
    WAITING_FIELD_NUMBER: _ClassVar[int]
    player: str
    seated: bool
    waiting: bool
    def __init__(self, player: _Optional[str] = ..., seated: _Optional[bool] = ..., waiting: _Optional[bool] = ...) -> None: ...

class DuelClosingWindow(_message.Message):
    __slots__ = ("opened_at", "ends_at")
    OPENED_AT_FIELD_NUMBER: _ClassVar[int]
    ENDS_AT_FIELD_NUMBER: _ClassVar[int]
    opened_at: int
    ends_at: int
    def __init__(self, opened_at: _Optional[int] = ..., ends_at: _Optional[int] = ...) -> None: ...

class DuelRivalGrid(_message.Message):
    __slots__ = ("player", "playing", "rows", "found", "done")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    PLAYING_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    FOUND_FIELD_NUMBER: _ClassVar[int]
    DONE_FIELD_NUMBER: _ClassVar[int]
    player: str
    playing: bool
    rows: _containers.RepeatedScalarFieldContainer[str]
    found: bool
    done: bool
    def __init__(self, player: _Optional[str] = ..., playing: _Optional[bool] = ..., rows: _Optional[_Iterable[str]] = ..., found: _Optional[bool] = ..., done: _Optional[bool] = ...) -> None: ...

class DuelOpenRound(_message.Message):
    __slots__ = ("round", "opened_at", "ends_at", "remaining_ms", "closing_window", "commitment", "rivals", "grids")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    OPENED_AT_FIELD_NUMBER: _ClassVar[int]
    ENDS_AT_FIELD_NUMBER: _ClassVar[int]
    REMAINING_MS_FIELD_NUMBER: _ClassVar[int]
    CLOSING_WINDOW_FIELD_NUMBER: _ClassVar[int]
    COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    RIVALS_FIELD_NUMBER: _ClassVar[int]
    GRIDS_FIELD_NUMBER: _ClassVar[int]
    round: int
    opened_at: int
    ends_at: int
    remaining_ms: int
    closing_window: DuelClosingWindow
    commitment: str
    rivals: int
    grids: _containers.RepeatedCompositeFieldContainer[DuelRivalGrid]
    def __init__(self, round: _Optional[int] = ..., opened_at: _Optional[int] = ..., ends_at: _Optional[int] = ..., remaining_ms: _Optional[int] = ..., closing_window: _Optional[_Union[DuelClosingWindow, _Mapping]] = ..., commitment: _Optional[str] = ..., rivals: _Optional[int] = ..., grids: _Optional[_Iterable[_Union[DuelRivalGrid, _Mapping]]] = ...) -> None: ...

class DuelRoundPlayer(_message.Message):
    __slots__ = ("player", "rows", "found", "tries", "place", "points")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    FOUND_FIELD_NUMBER: _ClassVar[int]
    TRIES_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    player: str
    rows: _containers.RepeatedCompositeFieldContainer[DuelRow]
    found: bool
    tries: int
    place: int
    points: int
    def __init__(self, player: _Optional[str] = ..., rows: _Optional[_Iterable[_Union[DuelRow, _Mapping]]] = ..., found: _Optional[bool] = ..., tries: _Optional[int] = ..., place: _Optional[int] = ..., points: _Optional[int] = ...) -> None: ...

class DuelRevealedRound(_message.Message):
    __slots__ = ("round", "opened_at", "ends_at", "closed_at", "commitment", "word", "salt", "players", "player_count", "solvers", "solver_count")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    OPENED_AT_FIELD_NUMBER: _ClassVar[int]
    ENDS_AT_FIELD_NUMBER: _ClassVar[int]
    CLOSED_AT_FIELD_NUMBER: _ClassVar[int]
    COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    WORD_FIELD_NUMBER: _ClassVar[int]
    SALT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PLAYER_COUNT_FIELD_NUMBER: _ClassVar[int]
    SOLVERS_FIELD_NUMBER: _ClassVar[int]
    SOLVER_COUNT_FIELD_NUMBER: _ClassVar[int]
    round: int
    opened_at: int
    ends_at: int
    closed_at: int
    commitment: str
    word: str
    salt: str
    players: _containers.RepeatedCompositeFieldContainer[DuelRoundPlayer]
    player_count: int
    solvers: _containers.RepeatedScalarFieldContainer[str]
    solver_count: int
    def __init__(self, round: _Optional[int] = ..., opened_at: _Optional[int] = ..., ends_at: _Optional[int] = ..., closed_at: _Optional[int] = ..., commitment: _Optional[str] = ..., word: _Optional[str] = ..., salt: _Optional[str] = ..., players: _Optional[_Iterable[_Union[DuelRoundPlayer, _Mapping]]] = ..., player_count: _Optional[int] = ..., solvers: _Optional[_Iterable[str]] = ..., solver_count: _Optional[int] = ...) -> None: ...

class DuelRoundPoints(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: int
    def __init__(self, value: _Optional[int] = ...) -> None: ...

class DuelStandingDetails(_message.Message):
    __slots__ = ("rounds_found", "tries", "solve_ms", "round_points")
    ROUNDS_FOUND_FIELD_NUMBER: _ClassVar[int]
    TRIES_FIELD_NUMBER: _ClassVar[int]
    SOLVE_MS_FIELD_NUMBER: _ClassVar[int]
    ROUND_POINTS_FIELD_NUMBER: _ClassVar[int]
    rounds_found: int
    tries: int
    solve_ms: int
    round_points: _containers.RepeatedCompositeFieldContainer[DuelRoundPoints]
    def __init__(self, rounds_found: _Optional[int] = ..., tries: _Optional[int] = ..., solve_ms: _Optional[int] = ..., round_points: _Optional[_Iterable[_Union[DuelRoundPoints, _Mapping]]] = ...) -> None: ...

class DuelStanding(_message.Message):
    __slots__ = ("rank", "player", "total", "details")
    RANK_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    DETAILS_FIELD_NUMBER: _ClassVar[int]
    rank: int
    player: str
    total: int
    details: DuelStandingDetails
    def __init__(self, rank: _Optional[int] = ..., player: _Optional[str] = ..., total: _Optional[int] = ..., details: _Optional[_Union[DuelStandingDetails, _Mapping]] = ...) -> None: ...

class DuelGrid(_message.Message):
    __slots__ = ("rows", "keyboard", "tries_used", "tries_left", "found", "points", "guessing")
    class KeyboardEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ROWS_FIELD_NUMBER: _ClassVar[int]
    KEYBOARD_FIELD_NUMBER: _ClassVar[int]
    TRIES_USED_FIELD_NUMBER: _ClassVar[int]
    TRIES_LEFT_FIELD_NUMBER: _ClassVar[int]
    FOUND_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    GUESSING_FIELD_NUMBER: _ClassVar[int]
    rows: _containers.RepeatedCompositeFieldContainer[DuelRow]
    keyboard: _containers.ScalarMap[str, str]
    tries_used: int
    tries_left: int
    found: bool
    points: int
    guessing: bool
    def __init__(self, rows: _Optional[_Iterable[_Union[DuelRow, _Mapping]]] = ..., keyboard: _Optional[_Mapping[str, str]] = ..., tries_used: _Optional[int] = ..., tries_left: _Optional[int] = ..., found: _Optional[bool] = ..., points: _Optional[int] = ..., guessing: _Optional[bool] = ...) -> None: ...

class DuelYou(_message.Message):
    __slots__ = ("player", "seated", "waiting", "grid")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEATED_FIELD_NUMBER: _ClassVar[int]
    WAITING_FIELD_NUMBER: _ClassVar[int]
    GRID_FIELD_NUMBER: _ClassVar[int]
    player: str
    seated: bool
    waiting: bool
    grid: DuelGrid
    def __init__(self, player: _Optional[str] = ..., seated: _Optional[bool] = ..., waiting: _Optional[bool] = ..., grid: _Optional[_Union[DuelGrid, _Mapping]] = ...) -> None: ...

class DuelView(_message.Message):
    __slots__ = ("kind", "game_id", "config", "stage", "round", "keyboard", "players", "player_count", "current", "next_at", "closed", "standings", "you", "seed")
    KIND_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    KEYBOARD_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PLAYER_COUNT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    NEXT_AT_FIELD_NUMBER: _ClassVar[int]
    CLOSED_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    YOU_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    kind: str
    game_id: str
    config: DuelConfig
    stage: str
    round: int
    keyboard: _containers.RepeatedScalarFieldContainer[str]
    players: _containers.RepeatedCompositeFieldContainer[DuelPlayer]
    player_count: int
    current: DuelOpenRound
    next_at: int
    closed: _containers.RepeatedCompositeFieldContainer[DuelRevealedRound]
    standings: _containers.RepeatedCompositeFieldContainer[DuelStanding]
    you: DuelYou
    seed: int
    def __init__(self, kind: _Optional[str] = ..., game_id: _Optional[str] = ..., config: _Optional[_Union[DuelConfig, _Mapping]] = ..., stage: _Optional[str] = ..., round: _Optional[int] = ..., keyboard: _Optional[_Iterable[str]] = ..., players: _Optional[_Iterable[_Union[DuelPlayer, _Mapping]]] = ..., player_count: _Optional[int] = ..., current: _Optional[_Union[DuelOpenRound, _Mapping]] = ..., next_at: _Optional[int] = ..., closed: _Optional[_Iterable[_Union[DuelRevealedRound, _Mapping]]] = ..., standings: _Optional[_Iterable[_Union[DuelStanding, _Mapping]]] = ..., you: _Optional[_Union[DuelYou, _Mapping]] = ..., seed: _Optional[int] = ...) -> None: ...

class DuelPlayerJoined(_message.Message):
    __slots__ = ("player", "from_round", "name", "robot", "players")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    FROM_ROUND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    ROBOT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    player: str
    from_round: int
    name: str
    robot: str
    players: int
    def __init__(self, player: _Optional[str] = ..., from_round: _Optional[int] = ..., name: _Optional[str] = ..., robot: _Optional[str] = ..., players: _Optional[int] = ...) -> None: ...

class DuelPlayerLeft(_message.Message):
    __slots__ = ("player", "round")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    player: str
    round: int
    def __init__(self, player: _Optional[str] = ..., round: _Optional[int] = ...) -> None: ...

class DuelRoundStarted(_message.Message):
    __slots__ = ("round", "opened_at", "ends_at", "commitment", "players", "player_count")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    OPENED_AT_FIELD_NUMBER: _ClassVar[int]
    ENDS_AT_FIELD_NUMBER: _ClassVar[int]
    COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PLAYER_COUNT_FIELD_NUMBER: _ClassVar[int]
    round: int
    opened_at: int
    ends_at: int
    commitment: str
    players: _containers.RepeatedScalarFieldContainer[str]
    player_count: int
    def __init__(self, round: _Optional[int] = ..., opened_at: _Optional[int] = ..., ends_at: _Optional[int] = ..., commitment: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ..., player_count: _Optional[int] = ...) -> None: ...

class DuelRivalRow(_message.Message):
    __slots__ = ("player", "round", "row", "marks")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROW_FIELD_NUMBER: _ClassVar[int]
    MARKS_FIELD_NUMBER: _ClassVar[int]
    player: str
    round: int
    row: int
    marks: str
    def __init__(self, player: _Optional[str] = ..., round: _Optional[int] = ..., row: _Optional[int] = ..., marks: _Optional[str] = ...) -> None: ...

class DuelClosingWindowOpened(_message.Message):
    __slots__ = ("round", "opened_at", "ends_at")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    OPENED_AT_FIELD_NUMBER: _ClassVar[int]
    ENDS_AT_FIELD_NUMBER: _ClassVar[int]
    round: int
    opened_at: int
    ends_at: int
    def __init__(self, round: _Optional[int] = ..., opened_at: _Optional[int] = ..., ends_at: _Optional[int] = ...) -> None: ...

class DuelRoundOver(_message.Message):
    __slots__ = ("round", "opened_at", "ends_at", "closed_at", "commitment", "word", "salt", "players", "player_count", "solvers", "solver_count", "standings")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    OPENED_AT_FIELD_NUMBER: _ClassVar[int]
    ENDS_AT_FIELD_NUMBER: _ClassVar[int]
    CLOSED_AT_FIELD_NUMBER: _ClassVar[int]
    COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    WORD_FIELD_NUMBER: _ClassVar[int]
    SALT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PLAYER_COUNT_FIELD_NUMBER: _ClassVar[int]
    SOLVERS_FIELD_NUMBER: _ClassVar[int]
    SOLVER_COUNT_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    round: int
    opened_at: int
    ends_at: int
    closed_at: int
    commitment: str
    word: str
    salt: str
    players: _containers.RepeatedCompositeFieldContainer[DuelRoundPlayer]
    player_count: int
    solvers: _containers.RepeatedScalarFieldContainer[str]
    solver_count: int
    standings: _containers.RepeatedCompositeFieldContainer[DuelStanding]
    def __init__(self, round: _Optional[int] = ..., opened_at: _Optional[int] = ..., ends_at: _Optional[int] = ..., closed_at: _Optional[int] = ..., commitment: _Optional[str] = ..., word: _Optional[str] = ..., salt: _Optional[str] = ..., players: _Optional[_Iterable[_Union[DuelRoundPlayer, _Mapping]]] = ..., player_count: _Optional[int] = ..., solvers: _Optional[_Iterable[str]] = ..., solver_count: _Optional[int] = ..., standings: _Optional[_Iterable[_Union[DuelStanding, _Mapping]]] = ...) -> None: ...

class DuelGameOver(_message.Message):
    __slots__ = ("standings", "seed")
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    standings: _containers.RepeatedCompositeFieldContainer[DuelStanding]
    seed: int
    def __init__(self, standings: _Optional[_Iterable[_Union[DuelStanding, _Mapping]]] = ..., seed: _Optional[int] = ...) -> None: ...

class DuelEvent(_message.Message):
    __slots__ = ("player_joined", "player_left", "round_started", "rival_row", "guess_marked", "closing_window", "round_over", "game_over")
    PLAYER_JOINED_FIELD_NUMBER: _ClassVar[int]
    PLAYER_LEFT_FIELD_NUMBER: _ClassVar[int]
    ROUND_STARTED_FIELD_NUMBER: _ClassVar[int]
    RIVAL_ROW_FIELD_NUMBER: _ClassVar[int]
    GUESS_MARKED_FIELD_NUMBER: _ClassVar[int]
    CLOSING_WINDOW_FIELD_NUMBER: _ClassVar[int]
    ROUND_OVER_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    player_joined: DuelPlayerJoined
    player_left: DuelPlayerLeft
    round_started: DuelRoundStarted
    rival_row: DuelRivalRow
    guess_marked: DuelGuessResult
    closing_window: DuelClosingWindowOpened
    round_over: DuelRoundOver
    game_over: DuelGameOver
    def __init__(self, player_joined: _Optional[_Union[DuelPlayerJoined, _Mapping]] = ..., player_left: _Optional[_Union[DuelPlayerLeft, _Mapping]] = ..., round_started: _Optional[_Union[DuelRoundStarted, _Mapping]] = ..., rival_row: _Optional[_Union[DuelRivalRow, _Mapping]] = ..., guess_marked: _Optional[_Union[DuelGuessResult, _Mapping]] = ..., closing_window: _Optional[_Union[DuelClosingWindowOpened, _Mapping]] = ..., round_over: _Optional[_Union[DuelRoundOver, _Mapping]] = ..., game_over: _Optional[_Union[DuelGameOver, _Mapping]] = ...) -> None: ...

class DuelSeatingChange(_message.Message):
    __slots__ = ("player", "change", "at_ms", "round", "in_round")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    CHANGE_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    IN_ROUND_FIELD_NUMBER: _ClassVar[int]
    player: str
    change: str
    at_ms: int
    round: int
    in_round: bool
    def __init__(self, player: _Optional[str] = ..., change: _Optional[str] = ..., at_ms: _Optional[int] = ..., round: _Optional[int] = ..., in_round: _Optional[bool] = ...) -> None: ...

class DuelRecordedGuess(_message.Message):
    __slots__ = ("player", "letters", "at_ms")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    LETTERS_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    player: str
    letters: str
    at_ms: int
    def __init__(self, player: _Optional[str] = ..., letters: _Optional[str] = ..., at_ms: _Optional[int] = ...) -> None: ...

class DuelRecordedRound(_message.Message):
    __slots__ = ("round", "opened_ms", "closed_ms", "ends_ms", "commitment", "word", "salt", "players", "guesses")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    OPENED_MS_FIELD_NUMBER: _ClassVar[int]
    CLOSED_MS_FIELD_NUMBER: _ClassVar[int]
    ENDS_MS_FIELD_NUMBER: _ClassVar[int]
    COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    WORD_FIELD_NUMBER: _ClassVar[int]
    SALT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    GUESSES_FIELD_NUMBER: _ClassVar[int]
    round: int
    opened_ms: int
    closed_ms: int
    ends_ms: int
    commitment: str
    word: str
    salt: str
    players: _containers.RepeatedScalarFieldContainer[str]
    guesses: _containers.RepeatedCompositeFieldContainer[DuelRecordedGuess]
    def __init__(self, round: _Optional[int] = ..., opened_ms: _Optional[int] = ..., closed_ms: _Optional[int] = ..., ends_ms: _Optional[int] = ..., commitment: _Optional[str] = ..., word: _Optional[str] = ..., salt: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ..., guesses: _Optional[_Iterable[_Union[DuelRecordedGuess, _Mapping]]] = ...) -> None: ...

class DuelRecord(_message.Message):
    __slots__ = ("kind", "format", "config", "game_id", "players", "seating", "rounds", "standings", "over", "seed")
    KIND_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEATING_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    kind: str
    format: int
    config: DuelConfig
    game_id: str
    players: _containers.RepeatedScalarFieldContainer[str]
    seating: _containers.RepeatedCompositeFieldContainer[DuelSeatingChange]
    rounds: _containers.RepeatedCompositeFieldContainer[DuelRecordedRound]
    standings: _containers.RepeatedCompositeFieldContainer[DuelStanding]
    over: bool
    seed: int
    def __init__(self, kind: _Optional[str] = ..., format: _Optional[int] = ..., config: _Optional[_Union[DuelConfig, _Mapping]] = ..., game_id: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ..., seating: _Optional[_Iterable[_Union[DuelSeatingChange, _Mapping]]] = ..., rounds: _Optional[_Iterable[_Union[DuelRecordedRound, _Mapping]]] = ..., standings: _Optional[_Iterable[_Union[DuelStanding, _Mapping]]] = ..., over: _Optional[bool] = ..., seed: _Optional[int] = ...) -> None: ...
