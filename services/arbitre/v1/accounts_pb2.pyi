from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Account(_message.Message):
    __slots__ = ("account_id", "name", "licence", "club", "serie", "country", "organiser", "created_ms")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    LICENCE_FIELD_NUMBER: _ClassVar[int]
    CLUB_FIELD_NUMBER: _ClassVar[int]
    SERIE_FIELD_NUMBER: _ClassVar[int]
    COUNTRY_FIELD_NUMBER: _ClassVar[int]
    ORGANISER_FIELD_NUMBER: _ClassVar[int]
    CREATED_MS_FIELD_NUMBER: _ClassVar[int]
    account_id: int
    name: str
    licence: str
    club: str
    serie: str
    country: str
    organiser: bool
    created_ms: int
    def __init__(self, account_id: _Optional[int] = ..., name: _Optional[str] = ..., licence: _Optional[str] = ..., club: _Optional[str] = ..., serie: _Optional[str] = ..., country: _Optional[str] = ..., organiser: _Optional[bool] = ..., created_ms: _Optional[int] = ...) -> None: ...

class SignUpRequest(_message.Message):
    __slots__ = ("name", "password", "licence", "club", "serie", "country")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    LICENCE_FIELD_NUMBER: _ClassVar[int]
    CLUB_FIELD_NUMBER: _ClassVar[int]
    SERIE_FIELD_NUMBER: _ClassVar[int]
    COUNTRY_FIELD_NUMBER: _ClassVar[int]
    name: str
    password: str
    licence: str
    club: str
    serie: str
    country: str
    def __init__(self, name: _Optional[str] = ..., password: _Optional[str] = ..., licence: _Optional[str] = ..., club: _Optional[str] = ..., serie: _Optional[str] = ..., country: _Optional[str] = ...) -> None: ...

class SignInRequest(_message.Message):
    __slots__ = ("name", "password")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    name: str
    password: str
    def __init__(self, name: _Optional[str] = ..., password: _Optional[str] = ...) -> None: ...

class SignedIn(_message.Message):
    __slots__ = ("account", "session_token", "expires_ms")
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    SESSION_TOKEN_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_MS_FIELD_NUMBER: _ClassVar[int]
    account: Account
    session_token: str
    expires_ms: int
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ..., session_token: _Optional[str] = ..., expires_ms: _Optional[int] = ...) -> None: ...

class AccountToken(_message.Message):
    __slots__ = ("token",)
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    token: str
    def __init__(self, token: _Optional[str] = ...) -> None: ...

class DeleteAccountRequest(_message.Message):
    __slots__ = ("token", "password")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    token: str
    password: str
    def __init__(self, token: _Optional[str] = ..., password: _Optional[str] = ...) -> None: ...

class IssueApiKeyRequest(_message.Message):
    __slots__ = ("token", "label")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    token: str
    label: str
    def __init__(self, token: _Optional[str] = ..., label: _Optional[str] = ...) -> None: ...

class ApiKey(_message.Message):
    __slots__ = ("key_id", "label", "prefix", "created_ms", "revoked_ms")
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    PREFIX_FIELD_NUMBER: _ClassVar[int]
    CREATED_MS_FIELD_NUMBER: _ClassVar[int]
    REVOKED_MS_FIELD_NUMBER: _ClassVar[int]
    key_id: int
    label: str
    prefix: str
    created_ms: int
    revoked_ms: int
    def __init__(self, key_id: _Optional[int] = ..., label: _Optional[str] = ..., prefix: _Optional[str] = ..., created_ms: _Optional[int] = ..., revoked_ms: _Optional[int] = ...) -> None: ...

class ApiKeyIssued(_message.Message):
    __slots__ = ("api_key", "key")
    API_KEY_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    api_key: ApiKey
    key: str
    def __init__(self, api_key: _Optional[_Union[ApiKey, _Mapping]] = ..., key: _Optional[str] = ...) -> None: ...

class ApiKeyList(_message.Message):
    __slots__ = ("api_keys",)
    API_KEYS_FIELD_NUMBER: _ClassVar[int]
    api_keys: _containers.RepeatedCompositeFieldContainer[ApiKey]
    def __init__(self, api_keys: _Optional[_Iterable[_Union[ApiKey, _Mapping]]] = ...) -> None: ...

class RevokeApiKeyRequest(_message.Message):
    __slots__ = ("token", "key_id")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    token: str
    key_id: int
    def __init__(self, token: _Optional[str] = ..., key_id: _Optional[int] = ...) -> None: ...

class MyGamesRequest(_message.Message):
    __slots__ = ("token", "limit", "kind")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    token: str
    limit: int
    kind: str
    def __init__(self, token: _Optional[str] = ..., limit: _Optional[int] = ..., kind: _Optional[str] = ...) -> None: ...

class MyGame(_message.Message):
    __slots__ = ("game_id", "kind", "title", "player_id", "joined_ms", "status", "archived", "finished_ms", "rank", "total", "players", "details_json", "role")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    JOINED_MS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    ARCHIVED_FIELD_NUMBER: _ClassVar[int]
    FINISHED_MS_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    DETAILS_JSON_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    kind: str
    title: str
    player_id: str
    joined_ms: int
    status: str
    archived: bool
    finished_ms: int
    rank: int
    total: int
    players: int
    details_json: str
    role: str
    def __init__(self, game_id: _Optional[str] = ..., kind: _Optional[str] = ..., title: _Optional[str] = ..., player_id: _Optional[str] = ..., joined_ms: _Optional[int] = ..., status: _Optional[str] = ..., archived: _Optional[bool] = ..., finished_ms: _Optional[int] = ..., rank: _Optional[int] = ..., total: _Optional[int] = ..., players: _Optional[int] = ..., details_json: _Optional[str] = ..., role: _Optional[str] = ...) -> None: ...

class MyGames(_message.Message):
    __slots__ = ("games",)
    GAMES_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[MyGame]
    def __init__(self, games: _Optional[_Iterable[_Union[MyGame, _Mapping]]] = ...) -> None: ...

class ClaimSeatRequest(_message.Message):
    __slots__ = ("token", "game_id")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    token: str
    game_id: str
    def __init__(self, token: _Optional[str] = ..., game_id: _Optional[str] = ...) -> None: ...

class FiguresRequest(_message.Message):
    __slots__ = ("token", "kind", "last")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    LAST_FIELD_NUMBER: _ClassVar[int]
    token: str
    kind: str
    last: int
    def __init__(self, token: _Optional[str] = ..., kind: _Optional[str] = ..., last: _Optional[int] = ...) -> None: ...

class PercentOfTop(_message.Message):
    __slots__ = ("game_id", "finished_ms", "percent_of_top")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    FINISHED_MS_FIELD_NUMBER: _ClassVar[int]
    PERCENT_OF_TOP_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    finished_ms: int
    percent_of_top: float
    def __init__(self, game_id: _Optional[str] = ..., finished_ms: _Optional[int] = ..., percent_of_top: _Optional[float] = ...) -> None: ...

class Figures(_message.Message):
    __slots__ = ("kind", "games", "has_rating", "rating", "deviation", "volatility", "has_percent_of_top", "percent_of_top", "series")
    KIND_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    HAS_RATING_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    DEVIATION_FIELD_NUMBER: _ClassVar[int]
    VOLATILITY_FIELD_NUMBER: _ClassVar[int]
    HAS_PERCENT_OF_TOP_FIELD_NUMBER: _ClassVar[int]
    PERCENT_OF_TOP_FIELD_NUMBER: _ClassVar[int]
    SERIES_FIELD_NUMBER: _ClassVar[int]
    kind: str
    games: int
    has_rating: bool
    rating: float
    deviation: float
    volatility: float
    has_percent_of_top: bool
    percent_of_top: float
    series: _containers.RepeatedCompositeFieldContainer[PercentOfTop]
    def __init__(self, kind: _Optional[str] = ..., games: _Optional[int] = ..., has_rating: _Optional[bool] = ..., rating: _Optional[float] = ..., deviation: _Optional[float] = ..., volatility: _Optional[float] = ..., has_percent_of_top: _Optional[bool] = ..., percent_of_top: _Optional[float] = ..., series: _Optional[_Iterable[_Union[PercentOfTop, _Mapping]]] = ...) -> None: ...

class RankingsRequest(_message.Message):
    __slots__ = ("kind", "serie", "country", "limit")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SERIE_FIELD_NUMBER: _ClassVar[int]
    COUNTRY_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    kind: str
    serie: str
    country: str
    limit: int
    def __init__(self, kind: _Optional[str] = ..., serie: _Optional[str] = ..., country: _Optional[str] = ..., limit: _Optional[int] = ...) -> None: ...

class RankingLine(_message.Message):
    __slots__ = ("rank", "account_id", "name", "club", "serie", "country", "games", "rating", "deviation", "percent_of_top")
    RANK_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    CLUB_FIELD_NUMBER: _ClassVar[int]
    SERIE_FIELD_NUMBER: _ClassVar[int]
    COUNTRY_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    DEVIATION_FIELD_NUMBER: _ClassVar[int]
    PERCENT_OF_TOP_FIELD_NUMBER: _ClassVar[int]
    rank: int
    account_id: int
    name: str
    club: str
    serie: str
    country: str
    games: int
    rating: float
    deviation: float
    percent_of_top: float
    def __init__(self, rank: _Optional[int] = ..., account_id: _Optional[int] = ..., name: _Optional[str] = ..., club: _Optional[str] = ..., serie: _Optional[str] = ..., country: _Optional[str] = ..., games: _Optional[int] = ..., rating: _Optional[float] = ..., deviation: _Optional[float] = ..., percent_of_top: _Optional[float] = ...) -> None: ...

class Rankings(_message.Message):
    __slots__ = ("kind", "lines")
    KIND_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    kind: str
    lines: _containers.RepeatedCompositeFieldContainer[RankingLine]
    def __init__(self, kind: _Optional[str] = ..., lines: _Optional[_Iterable[_Union[RankingLine, _Mapping]]] = ...) -> None: ...
