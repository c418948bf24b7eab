"""Who may call the services: the credentials between the platform's parts.

Every call to a service carries its caller's credential, a bearer token in the ``authorization``
metadata (:func:`open_channel`, :func:`open_aio_channel`). :class:`Authenticator`, a server
interceptor, finds the caller's :class:`Identity` by comparing the token with every credential
the server knows, in constant time, and lets the call reach its servicer only when
:data:`ALLOWED` lists that identity for the method: ``UNAUTHENTICATED`` without a known
credential, ``PERMISSION_DENIED`` for a method the identity may not call (only the session
closes a turn, the one call that writes standings). The gRPC health service stays open:
Kubernetes' native gRPC probes send no metadata.

A process knows the credentials :meth:`Credentials.from_environment` reads: each identity's from
the file ``ARBITRE_<IDENTITY>_TOKEN_FILE`` names (a Kubernetes Secret mounted as files), or from
``ARBITRE_<IDENTITY>_TOKEN`` itself (how ``arbitre up`` hands the gateway its own). A server
accepts the identities whose credential it knows; a client sends its own identity's. A server
that knows none is open, which :func:`check_open` allows on a loopback address only.
"""

from __future__ import annotations

import enum
import hmac
import ipaddress
import logging
import os
import re
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import grpc
import grpc.aio

__all__ = [
    "ALLOWED",
    "OPEN_SERVICES",
    "Authenticator",
    "CredentialError",
    "Credentials",
    "Identity",
    "check_open",
    "is_loopback",
    "open_aio_channel",
    "open_channel",
]

log = logging.getLogger(__name__)


class Identity(enum.StrEnum):
    """A caller of the services."""

    GATEWAY = "gateway"
    SESSION = "session"

    @property
    def file_variable(self) -> str:
        """The variable naming the file of this identity's credential."""
        return f"ARBITRE_{self.name}_TOKEN_FILE"

    @property
    def value_variable(self) -> str:
        """The variable holding this identity's credential itself."""
        return f"ARBITRE_{self.name}_TOKEN"


_ANYONE = frozenset(Identity)
_GATEWAY = frozenset({Identity.GATEWAY})
_SESSION = frozenset({Identity.SESSION})

#: Per full method name, the identities that may call it; a method not listed is refused to
#: every caller (``PERMISSION_DENIED``). ``tests/services/test_internal_auth.py`` checks that
#: every method of ``protos/`` is listed.
ALLOWED: Mapping[str, frozenset[Identity]] = {
    # Stateless reads: the gateway's analysis routes and the session's tops and verdicts.
    "/arbitre.v1.MoveGenerator/Top": _ANYONE,
    "/arbitre.v1.MoveGenerator/AllMoves": _ANYONE,
    "/arbitre.v1.MoveGenerator/HasMove": _ANYONE,
    "/arbitre.v1.Dictionary/ListLexicons": _ANYONE,
    "/arbitre.v1.Dictionary/CheckWords": _ANYONE,
    "/arbitre.v1.Dictionary/Search": _ANYONE,
    "/arbitre.v1.Scoring/Judge": _ANYONE,
    "/arbitre.v1.Scoring/Standings": _ANYONE,
    # Writes standings: the session alone, under its game's lock.
    "/arbitre.v1.Scoring/CloseTurn": _SESSION,
    # The life of a game, as the gateway's routes ask it (players' tokens checked inside).
    "/arbitre.v1.Session/CreateGame": _GATEWAY,
    "/arbitre.v1.Session/Join": _GATEWAY,
    "/arbitre.v1.Session/AddRobot": _GATEWAY,
    "/arbitre.v1.Session/Start": _GATEWAY,
    "/arbitre.v1.Session/Pause": _GATEWAY,
    "/arbitre.v1.Session/Resume": _GATEWAY,
    "/arbitre.v1.Session/GetGame": _GATEWAY,
    "/arbitre.v1.Session/Next": _GATEWAY,
    "/arbitre.v1.Session/GetTurn": _GATEWAY,
    "/arbitre.v1.Session/GetStandings": _GATEWAY,
    "/arbitre.v1.Session/GetRecord": _GATEWAY,
    "/arbitre.v1.Session/Events": _GATEWAY,
    "/arbitre.v1.Session/GetResults": _GATEWAY,
    "/arbitre.v1.Session/UploadCentre": _GATEWAY,
    "/arbitre.v1.Session/ReleasePackage": _GATEWAY,
    "/arbitre.v1.Session/CheckPosition": _GATEWAY,
    "/arbitre.v1.Session/ListTables": _GATEWAY,
    "/arbitre.v1.Session/Act": _GATEWAY,
    "/arbitre.v1.Session/ActBatch": _GATEWAY,
    "/arbitre.v1.Session/Leave": _GATEWAY,
    "/arbitre.v1.Session/OpenNext": _GATEWAY,
    "/arbitre.v1.Session/CreateContest": _GATEWAY,
    "/arbitre.v1.Session/GetContest": _GATEWAY,
    "/arbitre.v1.Session/CloseContest": _GATEWAY,
    "/arbitre.v1.Session/GetReview": _GATEWAY,
    "/arbitre.v1.Session/SaveEnvironment": _GATEWAY,
    "/arbitre.v1.Session/GetEnvironment": _GATEWAY,
    "/arbitre.v1.Session/ListEnvironments": _GATEWAY,
    "/arbitre.v1.Session/DeleteEnvironment": _GATEWAY,
    # Accounts, as the gateway's /v1/accounts routes ask them (tokens checked inside).
    "/arbitre.v1.Session/SignUp": _GATEWAY,
    "/arbitre.v1.Session/SignIn": _GATEWAY,
    "/arbitre.v1.Session/SignOut": _GATEWAY,
    "/arbitre.v1.Session/GetAccount": _GATEWAY,
    "/arbitre.v1.Session/DeleteAccount": _GATEWAY,
    "/arbitre.v1.Session/IssueApiKey": _GATEWAY,
    "/arbitre.v1.Session/ListApiKeys": _GATEWAY,
    "/arbitre.v1.Session/RevokeApiKey": _GATEWAY,
    "/arbitre.v1.Session/ListMyGames": _GATEWAY,
    "/arbitre.v1.Session/ClaimSeat": _GATEWAY,
    "/arbitre.v1.Session/GetFigures": _GATEWAY,
    "/arbitre.v1.Session/GetRankings": _GATEWAY,
    # Reflection, when a developer turns it on (ARBITRE_GRPC_REFLECTION=1).
    "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo": _ANYONE,
}

#: Services every caller reaches without a credential.
OPEN_SERVICES = frozenset({"grpc.health.v1.Health"})

#: The metadata key of the credential (gRPC keys are lower case) and its scheme.
METADATA_KEY = "authorization"
SCHEME = "Bearer "

#: What a credential may be: printable ASCII without spaces (a metadata value), long enough
#: not to be guessed.
TOKEN_PATTERN = re.compile(r"[\x21-\x7e]{32,1024}")

#: The bytes of a generated credential.
GENERATED_BYTES = 32


class CredentialError(RuntimeError):
    """A credential that cannot be used (the message says which and why)."""


def _checked(token: str, origin: str) -> str:
    if not TOKEN_PATTERN.fullmatch(token):
        raise CredentialError(
            f"{origin}: a credential is 32 to 1,024 printable ASCII characters without spaces"
        )
    return token


@dataclass(frozen=True, slots=True)
class Credentials:
    """The credentials a process knows, by identity (never printed)."""

    tokens: Mapping[Identity, str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for identity, token in self.tokens.items():
            _checked(token, f"the {identity} credential")
        if len(set(self.tokens.values())) < len(self.tokens):
            raise CredentialError("two identities have the same credential")

    @classmethod
    def generate(cls) -> Credentials:
        """A fresh random credential for every identity (an in-process platform's)."""
        return cls({identity: secrets.token_urlsafe(GENERATED_BYTES) for identity in Identity})

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] = os.environ) -> Credentials:
        """The credentials the environment gives (see the module's documentation). Raises
        :class:`OSError` for a file that cannot be read and :class:`CredentialError` for a bad
        credential or an identity given both ways."""
        tokens: dict[Identity, str] = {}
        for identity in Identity:
            path = environ.get(identity.file_variable)
            value = environ.get(identity.value_variable)
            if path and value:
                raise CredentialError(
                    f"set {identity.file_variable} or {identity.value_variable}, not both"
                )
            if path:
                with open(path, encoding="ascii", errors="replace") as file:
                    tokens[identity] = _checked(file.read().strip(), identity.file_variable)
            elif value:
                tokens[identity] = _checked(value.strip(), identity.value_variable)
        return cls(tokens)

    def __bool__(self) -> bool:
        return bool(self.tokens)

    def token(self, identity: Identity) -> str | None:
        """``identity``'s credential, ``None`` when this process does not know it."""
        return self.tokens.get(identity)

    def only(self, identity: Identity) -> Credentials:
        """Just ``identity``'s credential (what to hand to a process of that identity)."""
        token = self.tokens.get(identity)
        return Credentials({} if token is None else {identity: token})

    def environment(self, environ: Mapping[str, str] = os.environ) -> dict[str, str]:
        """``environ`` for a child process that knows these credentials and no others: its
        credential variables replaced by these (as :meth:`from_environment` reads them)."""
        variables = {v for i in Identity for v in (i.file_variable, i.value_variable)}
        kept = {name: value for name, value in environ.items() if name not in variables}
        return {**kept, **{i.value_variable: token for i, token in self.tokens.items()}}

    def identify(self, token: str) -> Identity | None:
        """Whose credential ``token`` is: compared with every known one in constant time."""
        offered = token.encode("utf-8", "replace")
        found = None
        for identity, known in self.tokens.items():
            if hmac.compare_digest(offered, known.encode("ascii")):
                found = identity
        return found


def is_loopback(address: str) -> bool:
    """Whether a server address (``HOST:PORT``, ``[V6]:PORT``, ``unix:PATH``) is reachable from
    this machine only."""
    if address.startswith(("unix:", "unix-abstract:")):
        return True
    host = address.rpartition(":")[0].strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_open(address: str, credentials: Credentials) -> None:
    """Refuse to serve ``address`` without credentials unless it is a loopback address (a
    developer's machine), where it warns. Raises :class:`RuntimeError`."""
    if credentials:
        return
    if not is_loopback(address):
        variables = ", ".join(identity.file_variable for identity in Identity)
        raise RuntimeError(
            f"refusing to serve {address} without credentials: set {variables} "
            "(or listen on 127.0.0.1)"
        )
    log.warning("no credentials: any local process may call every method on %s", address)


def _bearer(metadata: Iterable[Any] | None) -> str:
    """The bearer token of ``metadata``, else ``""``."""
    for key, value in metadata or ():
        if key == METADATA_KEY and isinstance(value, str) and value.startswith(SCHEME):
            return value[len(SCHEME) :]
    return ""


class Authenticator(grpc.ServerInterceptor):
    """Lets a call reach its servicer only with a credential of ``credentials`` whose identity
    :data:`ALLOWED` lists for its method; health checks always."""

    def __init__(self, credentials: Credentials) -> None:
        self._credentials = credentials

    def intercept_service(self, continuation: Callable[[Any], Any], details: Any) -> Any:
        method: str = details.method
        if method.lstrip("/").partition("/")[0] in OPEN_SERVICES:
            return continuation(details)
        identity = self._credentials.identify(_bearer(details.invocation_metadata))
        if identity is None:
            code, message = grpc.StatusCode.UNAUTHENTICATED, "no valid caller credential"
        elif identity not in ALLOWED.get(method, ()):
            code, message = grpc.StatusCode.PERMISSION_DENIED, f"{identity} may not call {method}"
        else:
            return continuation(details)
        return _refusal(continuation(details), method, code, message)


def _refusal(handler: Any, method: str, code: Any, message: str) -> Any:
    """A handler of ``handler``'s kind that ends the call with ``code``, reading nothing."""

    def refuse(_request: Any, context: Any) -> Any:
        log.warning("refused %s from %s: %s", method, context.peer(), message)
        context.abort(code, message)

    if handler is not None and handler.request_streaming and handler.response_streaming:
        return grpc.stream_stream_rpc_method_handler(refuse)
    if handler is not None and handler.request_streaming:
        return grpc.stream_unary_rpc_method_handler(refuse)
    if handler is not None and handler.response_streaming:
        return grpc.unary_stream_rpc_method_handler(refuse)
    return grpc.unary_unary_rpc_method_handler(refuse)


@dataclass(frozen=True, slots=True)
class _CallDetails:
    """A call's details as gRPC's client interceptors read them."""

    method: str
    timeout: float | None
    metadata: Sequence[tuple[str, str]]
    credentials: Any
    wait_for_ready: bool | None
    compression: Any


class _Bearer(
    grpc.UnaryUnaryClientInterceptor,
    grpc.UnaryStreamClientInterceptor,
    grpc.StreamUnaryClientInterceptor,
    grpc.StreamStreamClientInterceptor,
):
    """Adds the credential to every call of a channel."""

    def __init__(self, token: str) -> None:
        self._entry = (METADATA_KEY, SCHEME + token)

    def _details(self, details: Any) -> _CallDetails:
        return _CallDetails(
            details.method,
            details.timeout,
            (*(details.metadata or ()), self._entry),
            details.credentials,
            getattr(details, "wait_for_ready", None),
            getattr(details, "compression", None),
        )

    def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
        return continuation(self._details(details), request)

    def intercept_unary_stream(self, continuation: Any, details: Any, request: Any) -> Any:
        return continuation(self._details(details), request)

    def intercept_stream_unary(self, continuation: Any, details: Any, requests: Any) -> Any:
        return continuation(self._details(details), requests)

    def intercept_stream_stream(self, continuation: Any, details: Any, requests: Any) -> Any:
        return continuation(self._details(details), requests)


class _AioBearer:
    """Adds the credential to every call of an asyncio channel (one subclass per kind of
    call: an asyncio channel files each interceptor under the first kind it is)."""

    def __init__(self, token: str) -> None:
        self._entry = (METADATA_KEY, SCHEME + token)

    def _details(self, details: Any) -> Any:
        metadata = grpc.aio.Metadata(*(details.metadata or ()), self._entry)
        return grpc.aio.ClientCallDetails(
            details.method, details.timeout, metadata, details.credentials, details.wait_for_ready
        )


class _AioUnaryBearer(_AioBearer, grpc.aio.UnaryUnaryClientInterceptor):
    async def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
        return await continuation(self._details(details), request)


class _AioStreamBearer(_AioBearer, grpc.aio.UnaryStreamClientInterceptor):
    async def intercept_unary_stream(self, continuation: Any, details: Any, request: Any) -> Any:
        return await continuation(self._details(details), request)


def open_channel(address: str, token: str | None, options: Sequence[Any] = ()) -> Any:
    """A channel to ``address`` whose every call carries ``token`` (none: a plain channel,
    for a server that runs open)."""
    channel = grpc.insecure_channel(address, options=list(options))
    return channel if token is None else grpc.intercept_channel(channel, _Bearer(token))


def open_aio_channel(address: str, token: str | None, options: Sequence[Any] = ()) -> Any:
    """:func:`open_channel` for ``grpc.aio`` (unary and server-streaming calls)."""
    interceptors = None if token is None else [_AioUnaryBearer(token), _AioStreamBearer(token)]
    return grpc.aio.insecure_channel(address, options=list(options), interceptors=interceptors)
