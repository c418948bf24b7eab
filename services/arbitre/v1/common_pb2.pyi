from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GameKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_KIND_UNSPECIFIED: _ClassVar[GameKind]
    GAME_KIND_DUPLICATE: _ClassVar[GameKind]
    GAME_KIND_DUPLIKTA: _ClassVar[GameKind]
    GAME_KIND_WORD_DUEL: _ClassVar[GameKind]
    GAME_KIND_INDECIX: _ClassVar[GameKind]
GAME_KIND_UNSPECIFIED: GameKind
GAME_KIND_DUPLICATE: GameKind
GAME_KIND_DUPLIKTA: GameKind
GAME_KIND_WORD_DUEL: GameKind
GAME_KIND_INDECIX: GameKind

class Position(_message.Message):
    __slots__ = ("kind", "rows", "tiles", "rules", "lexicon")
    KIND_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    LEXICON_FIELD_NUMBER: _ClassVar[int]
    kind: GameKind
    rows: _containers.RepeatedScalarFieldContainer[str]
    tiles: str
    rules: str
    lexicon: str
    def __init__(self, kind: _Optional[_Union[GameKind, str]] = ..., rows: _Optional[_Iterable[str]] = ..., tiles: _Optional[str] = ..., rules: _Optional[str] = ..., lexicon: _Optional[str] = ...) -> None: ...

class ScoredMove(_message.Message):
    __slots__ = ("notation", "score", "tiles", "blanks", "words")
    NOTATION_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    BLANKS_FIELD_NUMBER: _ClassVar[int]
    WORDS_FIELD_NUMBER: _ClassVar[int]
    notation: str
    score: int
    tiles: int
    blanks: int
    words: _containers.RepeatedCompositeFieldContainer[WordScore]
    def __init__(self, notation: _Optional[str] = ..., score: _Optional[int] = ..., tiles: _Optional[int] = ..., blanks: _Optional[int] = ..., words: _Optional[_Iterable[_Union[WordScore, _Mapping]]] = ...) -> None: ...

class WordScore(_message.Message):
    __slots__ = ("word", "points")
    WORD_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    word: str
    points: int
    def __init__(self, word: _Optional[str] = ..., points: _Optional[int] = ...) -> None: ...

class LexiconInfo(_message.Message):
    __slots__ = ("id", "word_count", "hash", "source")
    ID_FIELD_NUMBER: _ClassVar[int]
    WORD_COUNT_FIELD_NUMBER: _ClassVar[int]
    HASH_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    id: str
    word_count: int
    hash: str
    source: str
    def __init__(self, id: _Optional[str] = ..., word_count: _Optional[int] = ..., hash: _Optional[str] = ..., source: _Optional[str] = ...) -> None: ...
