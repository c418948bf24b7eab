"""Reading requests in the gateway's views: a JSON object body with exactly the documented
fields (:class:`Body`, the body sent with ``Content-Length`` or chunked), query strings with
only the documented names, strings of bounded length. Every refusal is an
:class:`~arbitre.gateway.errors.ApiError` (400, or 415 for a body that is not JSON, 413 for one
too large) saying what is wrong.
"""

from __future__ import annotations

import json
from typing import Any

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge

from arbitre.gateway import openapi
from arbitre.gateway.errors import ApiError, bad_request
from arbitre.v1 import common_pb2

__all__ = [
    "Body",
    "check_text",
    "json_kind",
    "json_object",
    "parse_json_object",
    "parse_limit",
    "query_arguments",
    "shown",
]


class _DuplicateKeyError(ValueError):
    pass


def json_object() -> dict[str, Any]:
    """The request body: a JSON object, sent as ``application/json``."""
    if not request.is_json:
        raise ApiError(
            415,
            "unsupported_media_type",
            "send the body as JSON with Content-Type: application/json",
        )
    return parse_json_object(_body())


def parse_json_object(raw: bytes) -> dict[str, Any]:
    """``raw``, a request's whole body, read as a JSON object (no duplicate keys, no NaN or
    Infinity), or a 400 saying why not."""
    if not raw.strip():
        raise bad_request("empty body: expected a JSON object", "bad_json")
    try:
        data = json.loads(raw, parse_constant=_refuse_constant, object_pairs_hook=_unique_keys)
    except _DuplicateKeyError as error:
        raise bad_request(str(error), "bad_json") from None
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError, an int too long
        raise bad_request(f"not valid JSON: {error}", "bad_json") from None
    except RecursionError:
        raise bad_request("not valid JSON: nested too deeply", "bad_json") from None
    if not isinstance(data, dict):
        raise bad_request(f"the body must be a JSON object, not {json_kind(data)}")
    return data


def _body() -> bytes:
    """The request's body, whole: with ``Content-Length`` or chunked (the server ends the
    input); a 413 when it is over ``MAX_CONTENT_LENGTH``. werkzeug stops reading a chunked body
    at the limit without a word: one byte more in the input means it was longer."""
    raw = request.get_data(cache=False)  # a 413 when Content-Length says too much
    limit = request.max_content_length
    unsized = request.content_length is None and limit is not None and len(raw) >= limit
    if unsized and request.environ["wsgi.input"].read(1):
        raise RequestEntityTooLarge()
    return raw


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKeyError(f"field {shown(key)} given twice")
        result[key] = value
    return result


class Body:
    """The fields of a JSON object body, checked: exactly the fields allowed, each typed."""

    def __init__(
        self, data: dict[str, Any], required: tuple[str, ...], optional: tuple[str, ...]
    ) -> None:
        allowed = (*required, *optional)
        unknown = [key for key in data if key not in allowed]
        if unknown:
            names = ", ".join(shown(key) for key in unknown[:5])
            raise bad_request(f"unknown field(s) {names}; expected: {', '.join(allowed)}")
        missing = [key for key in required if data.get(key) is None]
        if missing:
            raise bad_request(f"missing field(s): {', '.join(missing)}")
        self.data = data

    def text(self, name: str, max_chars: int) -> str:
        return check_text(self.data[name], name, max_chars)

    def optional_text(self, name: str, max_chars: int) -> str:
        """The field, or ``""`` when it is absent or ``null``."""
        value = self.data.get(name)
        return "" if value is None else check_text(value, name, max_chars)

    def integer(self, name: str, low: int, high: int) -> int | None:
        value = self.data.get(name)
        if value is None:
            return None
        if type(value) is not int:
            raise bad_request(f"{name} must be an integer, not {json_kind(value)}")
        if not low <= value <= high:
            raise bad_request(f"{name} must be from {low} to {high}, not {shown(value)}")
        return value

    def boolean(self, name: str) -> bool | None:
        value = self.data.get(name)
        if value is None:
            return None
        if not isinstance(value, bool):
            raise bad_request(f"{name} must be true or false, not {json_kind(value)}")
        return value

    def texts(self, name: str, max_items: int, max_chars: int) -> list[str] | None:
        value = self.data.get(name)
        if value is None:
            return None
        if not isinstance(value, list):
            raise bad_request(f"{name} must be an array of strings, not {json_kind(value)}")
        if len(value) > max_items:
            raise bad_request(f"{name}: {len(value)} items, at most {max_items}")
        return [check_text(item, f"{name}[{index}]", max_chars) for index, item in enumerate(value)]

    def tie_break(self) -> list[str] | None:
        """The tie-break keys: known ones, each at most once (which bounds how many distinct
        tie-breaks, hence move generators, a caller can make the move generator build)."""
        keys = self.texts("tie_break", openapi.MAX_TIE_BREAK_KEYS, openapi.MAX_NAME_CHARS)
        for key in keys or ():
            if key not in openapi.TIE_BREAK_KEYS:
                raise bad_request(
                    f"tie_break: unknown key {shown(key)}; "
                    f"keys: {', '.join(openapi.TIE_BREAK_KEYS)}"
                )
        if keys is not None and len(set(keys)) != len(keys):
            raise bad_request("tie_break: a key given twice")
        return keys

    def board(self) -> list[str]:
        value = self.data["board"]
        if not isinstance(value, list):
            raise bad_request(
                f"board must be an array of strings (rows A to O), not {json_kind(value)}"
            )
        if len(value) > openapi.MAX_BOARD_ROWS:
            raise bad_request(f"board: {len(value)} rows; a board has 15")
        return [
            check_text(row, f"board[{index}]", openapi.MAX_ROW_CHARS)
            for index, row in enumerate(value)
        ]

    def position(self, rows: list[str]) -> Any:
        return common_pb2.Position(
            rows=rows,
            lexicon=self.optional_text("lexicon", openapi.MAX_NAME_CHARS),
            tiles=self.optional_text("tiles", openapi.MAX_NAME_CHARS),
            rules=self.optional_text("rules", openapi.MAX_NAME_CHARS),
        )


def query_arguments(allowed: tuple[str, ...]) -> dict[str, str]:
    """The query string: only ``allowed`` names, each at most once."""
    arguments: dict[str, str] = {}
    for name in request.args:
        if name not in allowed:
            expected = f"; expected: {', '.join(allowed)}" if allowed else ""
            raise bad_request(f"unknown query parameter {shown(name)}{expected}")
        values = request.args.getlist(name)
        if len(values) != 1:
            raise bad_request(f"query parameter {name} given {len(values)} times")
        arguments[name] = values[0]
    return arguments


def parse_limit(text: str, high: int) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 6 and 1 <= int(text) <= high):
        raise bad_request(f"limit must be an integer from 1 to {high}, not {shown(text)}")
    return int(text)


def check_text(value: object, name: str, max_chars: int) -> str:
    """``value`` when it is a string of at most ``max_chars`` characters that UTF-8 can carry."""
    if not isinstance(value, str):
        raise bad_request(f"{name} must be a string, not {json_kind(value)}")
    if len(value) > max_chars:
        raise bad_request(f"{name}: {len(value)} characters, at most {max_chars}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise bad_request(f"{name}: not valid Unicode (a lone surrogate)") from None
    return value


def json_kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def shown(value: object) -> str:
    """A short, printable rendering of something the caller sent."""
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"
