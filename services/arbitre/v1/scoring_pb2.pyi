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
