from arbitre.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class JudgeRequest(_message.Message):
    __slots__ = ("position", "move", "rack")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    RACK_FIELD_NUMBER: _ClassVar[int]
    position: _common_pb2.Position
    move: str
    rack: str
    def __init__(self, position: _Optional[_Union[_common_pb2.Position, _Mapping]] = ..., move: _Optional[str] = ..., rack: _Optional[str] = ...) -> None: ...

class JudgeResponse(_message.Message):
    __slots__ = ("legal", "score", "points", "bonus", "words", "unknown_words", "in_lexicon", "error", "error_code", "lexicon")
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    WORDS_FIELD_NUMBER: _ClassVar[int]
    UNKNOWN_WORDS_FIELD_NUMBER: _ClassVar[int]
    IN_LEXICON_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    ERROR_CODE_FIELD_NUMBER: _ClassVar[int]
    LEXICON_FIELD_NUMBER: _ClassVar[int]
    legal: bool
    score: int
    points: int
    bonus: int
    words: _containers.RepeatedCompositeFieldContainer[_common_pb2.WordScore]
    unknown_words: _containers.RepeatedScalarFieldContainer[str]
    in_lexicon: bool
    error: str
    error_code: str
    lexicon: _common_pb2.LexiconInfo
    def __init__(self, legal: _Optional[bool] = ..., score: _Optional[int] = ..., points: _Optional[int] = ..., bonus: _Optional[int] = ..., words: _Optional[_Iterable[_Union[_common_pb2.WordScore, _Mapping]]] = ..., unknown_words: _Optional[_Iterable[str]] = ..., in_lexicon: _Optional[bool] = ..., error: _Optional[str] = ..., error_code: _Optional[str] = ..., lexicon: _Optional[_Union[_common_pb2.LexiconInfo, _Mapping]] = ...) -> None: ...

class PlayerPoints(_message.Message):
    __slots__ = ("player", "points")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    player: str
    points: int
    def __init__(self, player: _Optional[str] = ..., points: _Optional[int] = ...) -> None: ...

class CloseTurnRequest(_message.Message):
    __slots__ = ("kind", "game_id", "turn", "top", "players", "points", "solo_bonus", "solo_min_players")
    KIND_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    TOP_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    SOLO_BONUS_FIELD_NUMBER: _ClassVar[int]
    SOLO_MIN_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    kind: _common_pb2.GameKind
    game_id: str
    turn: int
    top: int
    players: _containers.RepeatedScalarFieldContainer[str]
    points: _containers.RepeatedCompositeFieldContainer[PlayerPoints]
    solo_bonus: int
    solo_min_players: int
    def __init__(self, kind: _Optional[_Union[_common_pb2.GameKind, str]] = ..., game_id: _Optional[str] = ..., turn: _Optional[int] = ..., top: _Optional[int] = ..., players: _Optional[_Iterable[str]] = ..., points: _Optional[_Iterable[_Union[PlayerPoints, _Mapping]]] = ..., solo_bonus: _Optional[int] = ..., solo_min_players: _Optional[int] = ...) -> None: ...

class CloseTurnResponse(_message.Message):
    __slots__ = ("solos", "already_closed")
    SOLOS_FIELD_NUMBER: _ClassVar[int]
    ALREADY_CLOSED_FIELD_NUMBER: _ClassVar[int]
    solos: _containers.RepeatedScalarFieldContainer[str]
    already_closed: bool
    def __init__(self, solos: _Optional[_Iterable[str]] = ..., already_closed: _Optional[bool] = ...) -> None: ...

class StandingsRequest(_message.Message):
    __slots__ = ("kind", "game_id", "offset", "limit")
    KIND_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    kind: _common_pb2.GameKind
    game_id: str
    offset: int
    limit: int
    def __init__(self, kind: _Optional[_Union[_common_pb2.GameKind, str]] = ..., game_id: _Optional[str] = ..., offset: _Optional[int] = ..., limit: _Optional[int] = ...) -> None: ...

class Standing(_message.Message):
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

class StandingsResponse(_message.Message):
    __slots__ = ("standings", "top_total", "turns", "players")
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    TOP_TOTAL_FIELD_NUMBER: _ClassVar[int]
    TURNS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    standings: _containers.RepeatedCompositeFieldContainer[Standing]
    top_total: int
    turns: int
    players: int
    def __init__(self, standings: _Optional[_Iterable[_Union[Standing, _Mapping]]] = ..., top_total: _Optional[int] = ..., turns: _Optional[int] = ..., players: _Optional[int] = ...) -> None: ...
