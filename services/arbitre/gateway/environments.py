"""The gateway's routes of saved environments: a game kind's options saved under a name (and an
optional password), to fill a create form again later. The session keeps them in the archive's
database (:mod:`arbitre.services.session.environments`); the gateway reads the request, calls it
over gRPC and answers JSON.

- ``POST /v1/environments`` ``{kind, name, options, password?, overwrite?}`` → 201, the
  environment (its options as the kind wrote them back);
- ``GET /v1/environments?kind=duplikta`` → ``{environments}``, by name (a protected one's
  options are ``null``);
- ``GET /v1/environments/{kind}/{name}`` → the environment, with its options;
- ``DELETE /v1/environments/{kind}/{name}`` → the environment deleted, without its options.

The password of an environment that has one goes in the ``X-Environment-Password`` header (never
in the URL, which logs and histories keep), percent-encoded as UTF-8 (as JavaScript's
``encodeURIComponent`` does: a header carries ASCII only). Errors: 400 ``bad_options``,
``bad_name`` or ``bad_kind``; 403 ``wrong_password`` (missing or wrong); 404; 409
``name_taken``. Saving, loading and deleting share the ``environments`` rate limit
(:mod:`arbitre.gateway.rate_limits`), which bounds the guesses at a password. No password is
logged: the gateway logs methods and paths only.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from flask import Flask, Response, jsonify, request

from arbitre.gateway import openapi
from arbitre.gateway.errors import ApiError, bad_request
from arbitre.gateway.reading import Body, json_object, query_arguments, shown
from arbitre.v1 import session_pb2

if TYPE_CHECKING:
    from arbitre.gateway.app import Gateway

__all__ = ["PASSWORD_HEADER", "add_environment_routes", "environment_data"]

#: The request header that carries an environment's password.
PASSWORD_HEADER = "X-Environment-Password"

#: The codes of the session's refusals the caller acts on, by status.
_CODES = frozenset(
    {
        (400, "bad_options"),
        (400, "bad_name"),
        (400, "bad_kind"),
        (400, "bad_password"),
        (403, "wrong_password"),
        (404, "not_found"),
        (409, "name_taken"),
    }
)


def environment_data(message: Any) -> dict[str, Any]:
    """An ``Environment`` message as the API shows it."""
    return {
        "kind": message.kind,
        "name": message.name,
        "protected": message.protected,
        "options": json.loads(message.options_json) if message.options_json else None,
        "created_ms": message.created_ms,
        "updated_ms": message.updated_ms,
    }


def _call(gateway: Gateway, method: str, message: Any) -> Any:
    """The session's ``method``; a refusal keeps the code its message starts with."""
    try:
        return gateway.call("session", method, message)
    except ApiError as error:
        reason, _, said = error.message.partition(":")
        if (error.status, reason) in _CODES:
            error.code, error.message = reason, said.strip() or error.message
        raise


def _kind(kind: str, status: int = 400) -> str:
    if kind not in openapi.GAME_KINDS:
        message = f"kind {shown(kind)}: the kinds are {', '.join(openapi.GAME_KINDS)}"
        if status == 404:
            raise ApiError(404, "not_found", message)
        raise bad_request(message, "bad_kind")
    return kind


def _password() -> str:
    """The password of :data:`PASSWORD_HEADER` (``""``: none sent), decoded."""
    given = request.headers.get(PASSWORD_HEADER, "")
    if not given:
        return ""
    if not given.isascii() or len(given) > 3 * openapi.MAX_ENVIRONMENT_PASSWORD_CHARS:
        raise bad_request(
            f"{PASSWORD_HEADER}: the password percent-encoded as UTF-8 (encodeURIComponent), "
            f"at most {openapi.MAX_ENVIRONMENT_PASSWORD_CHARS} characters",
            "bad_password",
        )
    try:
        return unquote(given, errors="strict")
    except UnicodeDecodeError:
        raise bad_request(f"{PASSWORD_HEADER}: not percent-encoded UTF-8", "bad_password") from None


def add_environment_routes(app: Flask, gateway: Gateway) -> None:
    """Add the environment routes to ``app``, calling the session service through
    ``gateway``."""

    @app.post("/v1/environments")
    def save_environment() -> Response:
        body = Body(
            json_object(),
            required=("kind", "name", "options"),
            optional=("password", "overwrite"),
        )
        kind = _kind(body.text("kind", openapi.MAX_NAME_CHARS))
        name = body.text("name", openapi.MAX_ENVIRONMENT_NAME_CHARS + 20)
        options = body.data["options"]
        if not isinstance(options, dict):
            raise bad_request("options must be an object (the kind's game options)", "bad_options")
        message = session_pb2.SaveEnvironmentRequest(
            kind=kind,
            name=name,
            options_json=json.dumps(options),
            password=body.optional_text("password", openapi.MAX_ENVIRONMENT_PASSWORD_CHARS),
            overwrite=bool(body.boolean("overwrite")),
        )
        response = jsonify(environment_data(_call(gateway, "SaveEnvironment", message)))
        response.status_code = 201
        return response

    @app.get("/v1/environments")
    def list_environments() -> Response:
        arguments = query_arguments(("kind",))
        if "kind" not in arguments:
            raise bad_request("the query parameter kind is required (?kind=duplikta)")
        message = session_pb2.ListEnvironmentsRequest(kind=_kind(arguments["kind"]))
        found = _call(gateway, "ListEnvironments", message)
        return jsonify({"environments": [environment_data(each) for each in found.environments]})

    @app.get("/v1/environments/<kind>/<name>")
    def get_environment(kind: str, name: str) -> Response:
        query_arguments(())
        message = session_pb2.EnvironmentRequest(
            kind=_kind(kind, 404), name=name, password=_password()
        )
        return jsonify(environment_data(_call(gateway, "GetEnvironment", message)))

    @app.delete("/v1/environments/<kind>/<name>")
    def delete_environment(kind: str, name: str) -> Response:
        query_arguments(())
        message = session_pb2.EnvironmentRequest(
            kind=_kind(kind, 404), name=name, password=_password()
        )
        return jsonify(environment_data(_call(gateway, "DeleteEnvironment", message)))
