from arbitre.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class MovesRequest(_message.Message):
    __slots__ = ("position", "rack", "tie_break", "limit", "with_words")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    RACK_FIELD_NUMBER: _ClassVar[int]
    TIE_BREAK_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    WITH_WORDS_FIELD_NUMBER: _ClassVar[int]
    position: _common_pb2.Position
    rack: str
    tie_break: _containers.RepeatedScalarFieldContainer[str]
    limit: int
    with_words: bool
    def __init__(self, position: _Optional[_Union[_common_pb2.Position, _Mapping]] = ..., rack: _Optional[str] = ..., tie_break: _Optional[_Iterable[str]] = ..., limit: _Optional[int] = ..., with_words: _Optional[bool] = ...) -> None: ...

class TopResponse(_message.Message):
    __slots__ = ("best_score", "best_moves", "top", "micros")
    BEST_SCORE_FIELD_NUMBER: _ClassVar[int]
    BEST_MOVES_FIELD_NUMBER: _ClassVar[int]
    TOP_FIELD_NUMBER: _ClassVar[int]
    MICROS_FIELD_NUMBER: _ClassVar[int]
    best_score: int
    best_moves: _containers.RepeatedCompositeFieldContainer[_common_pb2.ScoredMove]
    top: _common_pb2.ScoredMove
    micros: int
    def __init__(self, best_score: _Optional[int] = ..., best_moves: _Optional[_Iterable[_Union[_common_pb2.ScoredMove, _Mapping]]] = ..., top: _Optional[_Union[_common_pb2.ScoredMove, _Mapping]] = ..., micros: _Optional[int] = ...) -> None: ...

class AllMovesResponse(_message.Message):
    __slots__ = ("top", "n_moves", "moves")
    TOP_FIELD_NUMBER: _ClassVar[int]
    N_MOVES_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    top: TopResponse
    n_moves: int
    moves: _containers.RepeatedCompositeFieldContainer[_common_pb2.ScoredMove]
    def __init__(self, top: _Optional[_Union[TopResponse, _Mapping]] = ..., n_moves: _Optional[int] = ..., moves: _Optional[_Iterable[_Union[_common_pb2.ScoredMove, _Mapping]]] = ...) -> None: ...

class HasMoveResponse(_message.Message):
    __slots__ = ("has_move",)
    HAS_MOVE_FIELD_NUMBER: _ClassVar[int]
    has_move: bool
    def __init__(self, has_move: _Optional[bool] = ...) -> None: ...
