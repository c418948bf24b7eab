from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

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

class DuplicateNextCount(_message.Message):
    __slots__ = ("turn", "ready", "of")
    TURN_FIELD_NUMBER: _ClassVar[int]
    READY_FIELD_NUMBER: _ClassVar[int]
    OF_FIELD_NUMBER: _ClassVar[int]
    turn: int
    ready: int
    of: int
    def __init__(self, turn: _Optional[int] = ..., ready: _Optional[int] = ..., of: _Optional[int] = ...) -> None: ...

class DuplicateGameOver(_message.Message):
    __slots__ = ("reason",)
    REASON_FIELD_NUMBER: _ClassVar[int]
    reason: str
    def __init__(self, reason: _Optional[str] = ...) -> None: ...

class DuplicateEvent(_message.Message):
    __slots__ = ("player_joined", "turn_started", "answer_count", "turn_revealed", "next_count", "game_over")
    PLAYER_JOINED_FIELD_NUMBER: _ClassVar[int]
    TURN_STARTED_FIELD_NUMBER: _ClassVar[int]
    ANSWER_COUNT_FIELD_NUMBER: _ClassVar[int]
    TURN_REVEALED_FIELD_NUMBER: _ClassVar[int]
    NEXT_COUNT_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    player_joined: DuplicatePlayerJoined
    turn_started: DuplicateTurnStarted
    answer_count: DuplicateAnswerCount
    turn_revealed: DuplicateTurnRevealed
    next_count: DuplicateNextCount
    game_over: DuplicateGameOver
    def __init__(self, player_joined: _Optional[_Union[DuplicatePlayerJoined, _Mapping]] = ..., turn_started: _Optional[_Union[DuplicateTurnStarted, _Mapping]] = ..., answer_count: _Optional[_Union[DuplicateAnswerCount, _Mapping]] = ..., turn_revealed: _Optional[_Union[DuplicateTurnRevealed, _Mapping]] = ..., next_count: _Optional[_Union[DuplicateNextCount, _Mapping]] = ..., game_over: _Optional[_Union[DuplicateGameOver, _Mapping]] = ...) -> None: ...
