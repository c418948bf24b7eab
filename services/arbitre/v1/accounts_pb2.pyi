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
