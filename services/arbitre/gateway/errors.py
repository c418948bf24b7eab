"""JSON errors of the gateway: every failure is ``{"error": {"code", "message"}}`` with a status.

:class:`ApiError` is raised by the views and turned into a response by the app's error
handlers; :func:`http_error` does the same for werkzeug's own HTTP errors (404 for an unknown
route, 405, 413) and :func:`grpc_error` maps a failed gRPC call to what the caller should read:
``INVALID_ARGUMENT`` is 400, ``UNAUTHENTICATED`` 401, ``PERMISSION_DENIED`` 403, ``NOT_FOUND``
404, ``FAILED_PRECONDITION`` 409 (the game cannot take it now: a late answer, a game already
started), ``UNAVAILABLE`` and ``DEADLINE_EXCEEDED`` 503 with a ``Retry-After`` header, anything
else a 502 whose details stay in the log.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from flask import Response, jsonify
from werkzeug.exceptions import HTTPException

__all__ = [
    "HTTP_CODES",
    "MAX_MESSAGE_CHARS",
    "ApiError",
    "bad_request",
    "error_response",
    "grpc_error",
    "http_error",
]

log = logging.getLogger("arbitre.gateway")

#: The ``error.code`` of each status the gateway answers with when nothing more precise applies.
HTTP_CODES: dict[int, str] = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    409: "conflict",
    415: "unsupported_media_type",
    429: "rate_limited",
    500: "internal",
    502: "bad_gateway",
    503: "unavailable",
}
#: Longest message passed on from a peer (its messages never need more; a long one is cut).
MAX_MESSAGE_CHARS = 500


class ApiError(Exception):
    """A request the gateway refuses: the status, a stable code, a message for people."""

    def __init__(
        self, status: int, code: str, message: str, headers: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = dict(headers or {})

    def response(self) -> Response:
        return error_response(self.status, self.code, self.message, self.headers)


def bad_request(message: str, code: str = "bad_request") -> ApiError:
    """A 400: the request says something the gateway cannot accept."""
    return ApiError(400, code, message)


def error_response(
    status: int, code: str, message: str, headers: Mapping[str, str] | None = None
) -> Response:
    """The JSON body ``{"error": {"code", "message"}}`` with ``status`` and ``headers``."""
    response = jsonify({"error": {"code": code, "message": message}})
    response.status_code = status
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def http_error(error: HTTPException) -> Response:
    """A werkzeug HTTP error (unknown route, wrong method, body too large...) as JSON."""
    status = error.code or 500
    messages = {
        404: "no such resource; the API is described at /v1/openapi.json",
        413: "the request body is too large",
    }
    message = messages.get(status) or error.description or error.name
    headers: dict[str, str] = {}
    if status == 405:
        allowed = error.get_response().headers.get("Allow")
        if allowed:
            headers["Allow"] = allowed
            message = f"method not allowed here; allowed: {allowed}"
    return error_response(status, HTTP_CODES.get(status, "http_error"), message, headers)


def grpc_error(peer: str, code: Any, details: str | None, retry_after: int) -> ApiError:
    """What a gRPC call to ``peer`` that failed with ``code`` (a ``grpc.StatusCode``) means for
    the HTTP caller."""
    name = getattr(code, "name", str(code))
    text = _shorten(details or "")
    if name == "INVALID_ARGUMENT":
        return bad_request(text or "invalid request")
    if name == "NOT_FOUND":
        return ApiError(404, "not_found", text or "not found")
    if name == "UNAUTHENTICATED":
        return ApiError(
            401, "unauthorized", text or "a token is needed", {"WWW-Authenticate": "Bearer"}
        )
    if name == "PERMISSION_DENIED":
        return ApiError(403, "forbidden", text or "this token may not do that")
    if name == "FAILED_PRECONDITION":
        return ApiError(409, "conflict", text or "not now")
    if name in ("UNAVAILABLE", "DEADLINE_EXCEEDED"):
        log.warning("%s peer: %s (%s)", peer, name, text)
        why = "is unavailable" if name == "UNAVAILABLE" else "did not answer in time"
        return ApiError(
            503,
            "unavailable",
            f"the {peer} service {why}; retry in {retry_after} s",
            {"Retry-After": str(retry_after)},
        )
    log.error("%s peer failed: %s: %s", peer, name, text)
    return ApiError(502, "bad_gateway", f"the {peer} service failed; see the gateway's log")


def _shorten(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE_CHARS else text[:MAX_MESSAGE_CHARS] + "…"
