from arbitre.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ListLexiconsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListLexiconsResponse(_message.Message):
    __slots__ = ("lexicons",)
    LEXICONS_FIELD_NUMBER: _ClassVar[int]
    lexicons: _containers.RepeatedCompositeFieldContainer[_common_pb2.LexiconInfo]
    def __init__(self, lexicons: _Optional[_Iterable[_Union[_common_pb2.LexiconInfo, _Mapping]]] = ...) -> None: ...

class CheckWordsRequest(_message.Message):
    __slots__ = ("lexicon", "words")
    LEXICON_FIELD_NUMBER: _ClassVar[int]
    WORDS_FIELD_NUMBER: _ClassVar[int]
    lexicon: str
    words: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, lexicon: _Optional[str] = ..., words: _Optional[_Iterable[str]] = ...) -> None: ...

class CheckWordsResponse(_message.Message):
    __slots__ = ("lexicon", "results")
    LEXICON_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    lexicon: _common_pb2.LexiconInfo
    results: _containers.RepeatedCompositeFieldContainer[WordCheck]
    def __init__(self, lexicon: _Optional[_Union[_common_pb2.LexiconInfo, _Mapping]] = ..., results: _Optional[_Iterable[_Union[WordCheck, _Mapping]]] = ...) -> None: ...

class WordCheck(_message.Message):
    __slots__ = ("word", "normalised", "valid")
    WORD_FIELD_NUMBER: _ClassVar[int]
    NORMALISED_FIELD_NUMBER: _ClassVar[int]
    VALID_FIELD_NUMBER: _ClassVar[int]
    word: str
    normalised: str
    valid: bool
    def __init__(self, word: _Optional[str] = ..., normalised: _Optional[str] = ..., valid: _Optional[bool] = ...) -> None: ...

class SearchRequest(_message.Message):
    __slots__ = ("lexicon", "anagrams", "pattern", "plus_one", "limit")
    LEXICON_FIELD_NUMBER: _ClassVar[int]
    ANAGRAMS_FIELD_NUMBER: _ClassVar[int]
    PATTERN_FIELD_NUMBER: _ClassVar[int]
    PLUS_ONE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    lexicon: str
    anagrams: str
    pattern: str
    plus_one: str
    limit: int
    def __init__(self, lexicon: _Optional[str] = ..., anagrams: _Optional[str] = ..., pattern: _Optional[str] = ..., plus_one: _Optional[str] = ..., limit: _Optional[int] = ...) -> None: ...

class SearchResponse(_message.Message):
    __slots__ = ("words", "truncated")
    WORDS_FIELD_NUMBER: _ClassVar[int]
    TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    words: _containers.RepeatedScalarFieldContainer[str]
    truncated: bool
    def __init__(self, words: _Optional[_Iterable[str]] = ..., truncated: _Optional[bool] = ...) -> None: ...
