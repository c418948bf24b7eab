"""The gateway's contract: the OpenAPI 3.1 document served at ``/v1/openapi.json``, and the
input limits it states (the views enforce the same constants).

The document is plain data built by :func:`document`; its schemas are JSON Schema 2020-12, as
OpenAPI 3.1 wants, and say exactly what the views accept: unknown fields are refused, optional
fields may be left out or ``null``.
"""

from __future__ import annotations

import copy
from typing import Any

from arbitre.rules.tie_break import TIE_BREAK_KEYS as RULES_TIE_BREAK_KEYS

__all__ = [
    "API_VERSION",
    "MAX_BOARD_ROWS",
    "MAX_MOVES_LIMIT",
    "MAX_MOVE_CHARS",
    "MAX_NAME_CHARS",
    "MAX_QUERY_CHARS",
    "MAX_RACK_CHARS",
    "MAX_ROW_CHARS",
    "MAX_SEARCH_LIMIT",
    "MAX_TIE_BREAK_KEYS",
    "MAX_WORD_CHARS",
    "TIE_BREAK_KEYS",
    "document",
]

API_VERSION = "0.1.0"

#: Most rows a board may have, and most squares a row (the services read boards up to 26x26;
#: the standard board, the only one a position names today, is 15x15).
MAX_BOARD_ROWS = 26
MAX_ROW_CHARS = 26
#: Longest rack text ("RU+ZXTEU" forms included; at most 16 tiles once "+" and "-" are dropped).
MAX_RACK_CHARS = 32
#: Longest move text ("H4 C(H)ACUNE" is 12 characters).
MAX_MOVE_CHARS = 64
#: Longest lexicon id, tile set name, rules name or tie-break key.
MAX_NAME_CHARS = 64
#: Most tie-break keys (each at most once).
MAX_TIE_BREAK_KEYS = 6
#: Most moves /v1/solve lists.
MAX_MOVES_LIMIT = 10_000
#: Longest word checked, and longest search query.
MAX_WORD_CHARS = 64
MAX_QUERY_CHARS = 64
#: Most words a search returns.
MAX_SEARCH_LIMIT = 10_000

#: The keys a tie-break may use.
TIE_BREAK_KEYS = tuple(RULES_TIE_BREAK_KEYS)


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _optional(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` or ``null`` (an optional field may be sent as ``null``)."""
    return {"anyOf": [schema, {"type": "null"}]}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*statuses: int) -> dict[str, Any]:
    return {
        str(status): {"$ref": f"#/components/responses/{_ERROR_RESPONSES[status]}"}
        for status in statuses
    }


_ERROR_RESPONSES = {
    400: "BadRequest",
    404: "NotFound",
    405: "MethodNotAllowed",
    413: "PayloadTooLarge",
    415: "UnsupportedMediaType",
    500: "InternalError",
    502: "BadGateway",
    503: "Unavailable",
}

_POSITION_FIELDS: dict[str, Any] = {
    "board": {
        "type": "array",
        "description": "The board, rows A to O top to bottom (15 strings of 15 characters on "
        'the standard board): "." an empty square, "A"-"Z" a tile, "a"-"z" a blank.',
        "items": {"type": "string", "maxLength": MAX_ROW_CHARS},
        "maxItems": MAX_BOARD_ROWS,
    },
    "lexicon": _optional(
        {
            "type": "string",
            "maxLength": MAX_NAME_CHARS,
            "description": 'A lexicon id (see GET /v1/lexicons); default "fr".',
        }
    ),
    "tiles": _optional(
        {
            "type": "string",
            "maxLength": MAX_NAME_CHARS,
            "description": 'A tile set preset: "fr" or "en".',
        }
    ),
    "rules": _optional(
        {
            "type": "string",
            "maxLength": MAX_NAME_CHARS,
            "description": 'A rules preset: "duplicate" (default), "classic", "7sur8", "7et8".',
        }
    ),
}

_ERROR_OBJECT: dict[str, Any] = {
    "type": "object",
    "required": ["code", "message"],
    "properties": {
        "code": {
            "type": "string",
            "description": "bad_json, bad_request, not_found, method_not_allowed, "
            "payload_too_large, unsupported_media_type, unavailable, bad_gateway, internal",
        },
        "message": {"type": "string"},
    },
}

_SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "description": "Every error: a stable code for programs and a message for people.",
        "required": ["error"],
        "properties": {"error": _ERROR_OBJECT},
    },
    "SolveRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["board", "rack"],
        "properties": {
            "board": _POSITION_FIELDS["board"],
            "rack": {
                "type": "string",
                "maxLength": MAX_RACK_CHARS,
                "description": 'The tirage, "?" for a blank: "EEUESI?"; the "+" and "-" of '
                'published racks ("RU+ZXTEU", "-BNISRAA") are ignored.',
            },
            "lexicon": _POSITION_FIELDS["lexicon"],
            "tiles": _POSITION_FIELDS["tiles"],
            "rules": _POSITION_FIELDS["rules"],
            "limit": _optional(
                {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": MAX_MOVES_LIMIT,
                    "description": "List the best `limit` moves in `moves` (n_moves still "
                    "counts them all); without it no move list is sent.",
                }
            ),
            "tie_break": _optional(
                {
                    "type": "array",
                    "maxItems": MAX_TIE_BREAK_KEYS,
                    "uniqueItems": True,
                    "items": {"type": "string", "enum": list(TIE_BREAK_KEYS)},
                    "description": "How the top is chosen among tied best moves, keys in order "
                    "of priority; default fewest_blanks, most_tiles, reading_order.",
                }
            ),
        },
    },
    "SolveResponse": {
        "type": "object",
        "required": ["best_score", "best_moves", "top", "n_moves", "micros"],
        "properties": {
            "best_score": {"type": "integer", "description": "0 when no move exists"},
            "best_moves": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Every move worth best_score, reading order, FISF notation with "
                "blanks in lowercase.",
            },
            "top": {
                "type": ["string", "null"],
                "description": "The best move the tie-break picks; null when no move exists.",
            },
            "n_moves": {"type": "integer", "description": "How many legal moves exist."},
            "micros": {"type": "integer", "description": "Search time in microseconds."},
            "moves": {
                "type": "array",
                "description": "Only when `limit` is given: the best moves, best first.",
                "items": {
                    "type": "object",
                    "required": ["move", "score"],
                    "properties": {"move": {"type": "string"}, "score": {"type": "integer"}},
                },
            },
        },
    },
    "ScoreRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["board", "move"],
        "properties": {
            "board": _POSITION_FIELDS["board"],
            "move": {
                "type": "string",
                "maxLength": MAX_MOVE_CHARS,
                "description": 'FISF notation: "H4 ChACUNE" (row H, column 4, horizontal) or '
                '"4H C(H)ACUNE" (vertical); the word written whole, a blank in lowercase or '
                "in brackets.",
            },
            "rack": _optional(
                {
                    "type": "string",
                    "maxLength": MAX_RACK_CHARS,
                    "description": "The tirage; when given, the move must use its tiles.",
                }
            ),
            "lexicon": _POSITION_FIELDS["lexicon"],
            "tiles": _POSITION_FIELDS["tiles"],
            "rules": _POSITION_FIELDS["rules"],
        },
    },
    "ScoreResponse": {
        "type": "object",
        "required": [
            "legal",
            "score",
            "points",
            "bonus",
            "words",
            "unknown_words",
            "in_lexicon",
            "error",
            "error_code",
        ],
        "properties": {
            "legal": {"type": "boolean", "description": "The move can be placed (from the rack)."},
            "score": {"type": "integer", "description": "Its value on the board (0 if illegal)."},
            "points": {
                "type": "integer",
                "description": "What the player scores: 0 when illegal or a word is unknown.",
            },
            "bonus": {"type": "integer", "description": "The bonus for the tiles put down."},
            "words": {
                "type": "array",
                "items": {"type": "string"},
                "description": "The words formed, main word first.",
            },
            "unknown_words": {"type": "array", "items": {"type": "string"}},
            "in_lexicon": {"type": "boolean"},
            "error": {"type": ["string", "null"], "description": "Why the move is not legal."},
            "error_code": {
                "type": ["string", "null"],
                "description": "illegal_move:<reason>, bad_notation, unknown_letter, bad_rack.",
            },
            "lexicon": _ref("LexiconInfo"),
        },
    },
    "LexiconInfo": {
        "type": "object",
        "required": ["id", "word_count", "hash"],
        "properties": {
            "id": {"type": "string"},
            "word_count": {"type": "integer"},
            "hash": {"type": "string", "description": "Hex SHA-256 of the normalised words."},
        },
    },
    "LexiconList": {
        "type": "object",
        "required": ["lexicons"],
        "properties": {"lexicons": {"type": "array", "items": _ref("LexiconInfo")}},
    },
    "WordCheck": {
        "type": "object",
        "required": ["word", "normalised", "valid"],
        "properties": {
            "word": {"type": "string", "description": "As asked."},
            "normalised": {
                "type": ["string", "null"],
                "description": "Uppercase A-Z, accents folded; null when it cannot be a word.",
            },
            "valid": {"type": "boolean"},
        },
    },
    "SearchResult": {
        "type": "object",
        "required": ["words", "truncated"],
        "properties": {
            "words": {"type": "array", "items": {"type": "string"}},
            "truncated": {"type": "boolean", "description": "More words matched than the limit."},
        },
    },
    "Health": {
        "type": "object",
        "required": ["status", "peers"],
        "properties": {
            "status": {"type": "string", "enum": ["ok", "unavailable"]},
            "peers": {
                "type": "object",
                "additionalProperties": {"type": "string", "enum": ["serving", "down"]},
            },
            "down": {"type": "array", "items": {"type": "string"}},
            "error": _ERROR_OBJECT,
        },
    },
}


def _error_response(description: str, retry: bool = False, allow: bool = False) -> dict[str, Any]:
    response = _json(_ref("Error"), description)
    headers: dict[str, Any] = {}
    if retry:
        headers["Retry-After"] = {
            "description": "Seconds to wait before trying again.",
            "schema": {"type": "integer"},
        }
    if allow:
        headers["Allow"] = {"description": "The methods allowed.", "schema": {"type": "string"}}
    if headers:
        response["headers"] = headers
    return response


_RESPONSES: dict[str, Any] = {
    "BadRequest": _error_response(
        "The request is malformed: not JSON, a field missing, unknown or of the wrong type, a "
        "value too long, a board, rack or query the services cannot read."
    ),
    "NotFound": _error_response("No such route, or no such lexicon."),
    "MethodNotAllowed": _error_response("The route does not take this method.", allow=True),
    "PayloadTooLarge": _error_response("The body is over the gateway's limit (256 KiB)."),
    "UnsupportedMediaType": _error_response(
        "The body is not sent as Content-Type: application/json."
    ),
    "InternalError": _error_response("A bug in the gateway (logged)."),
    "BadGateway": _error_response("A service failed unexpectedly (logged)."),
    "Unavailable": _error_response(
        "A service is down or did not answer in time; retry after Retry-After seconds.",
        retry=True,
    ),
}

_LEXICON_ID = {
    "name": "lexicon_id",
    "in": "path",
    "required": True,
    "description": 'A lexicon id: "fr", "en", or one the operator added.',
    "schema": {"type": "string", "maxLength": MAX_NAME_CHARS},
}


def _search_parameter(name: str, description: str) -> dict[str, Any]:
    return {
        "name": name,
        "in": "query",
        "required": False,
        "description": description + " Give exactly one of anagrams, pattern and plus_one.",
        "schema": {"type": "string", "maxLength": MAX_QUERY_CHARS},
    }


def _post(
    summary: str, request_schema: str, response_schema: str, description: str
) -> dict[str, Any]:
    return {
        "post": {
            "summary": summary,
            "description": description,
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": _ref(request_schema)}},
            },
            "responses": {
                "200": _json(_ref(response_schema), summary),
                **_errors(400, 404, 405, 413, 415, 500, 502, 503),
            },
        }
    }


def _get(
    summary: str,
    response: dict[str, Any],
    parameters: list[dict[str, Any]] | None = None,
    errors: tuple[int, ...] = (400, 404, 405, 500, 502, 503),
) -> dict[str, Any]:
    operation: dict[str, Any] = {"summary": summary, "responses": {"200": response}}
    operation["responses"].update(_errors(*errors))
    if parameters:
        operation["parameters"] = parameters
    return {"get": operation}


def _health() -> dict[str, Any]:
    operation = _get(
        "Whether every service the gateway calls answers its gRPC health check (readiness)",
        _json(_ref("Health"), "Every service is serving."),
        errors=(405,),
    )
    unavailable = _json(_ref("Health"), "A service is down: `down` names it.")
    unavailable["headers"] = _RESPONSES["Unavailable"]["headers"]
    operation["get"]["responses"]["503"] = unavailable
    return operation


def document() -> dict[str, Any]:
    """The OpenAPI 3.1 document of the gateway (a fresh copy each call)."""
    return copy.deepcopy(_document())


def _document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Arbitre",
            "version": API_VERSION,
            "summary": "Referee for simultaneous (duplicate) word games",
            "description": "REST/JSON in front of Arbitre's gRPC services: best moves, scoring, "
            'lexicons. Every error is JSON: {"error": {"code", "message"}}; a service that is '
            "down gives 503 with Retry-After.",
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "/"}],
        "paths": {
            "/v1/solve": _post(
                "The best moves of a position",
                "SolveRequest",
                "SolveResponse",
                "Every tied best move and the top, as `arbitre solve` gives them; with `limit`, "
                "also the best `limit` moves (as `arbitre solve --all --limit`).",
            ),
            "/v1/score": _post(
                "Judge and score one move",
                "ScoreRequest",
                "ScoreResponse",
                "Place the move, score it, look its words up (as `arbitre score`). A move that "
                "cannot be played is an answer with legal false and an error_code, not a 4xx.",
            ),
            "/v1/lexicons": _get(
                "The lexicons on offer",
                _json(_ref("LexiconList"), "Every lexicon: id, word count, content hash."),
                errors=(405, 500, 502, 503),
            ),
            "/v1/lexicons/{lexicon_id}/words/{word}": _get(
                "Whether a word is in a lexicon",
                _json(_ref("WordCheck"), "The word, normalised, and whether it is valid."),
                [
                    _LEXICON_ID,
                    {
                        "name": "word",
                        "in": "path",
                        "required": True,
                        "description": "Any case; accents are folded (É→E, Œ→OE).",
                        "schema": {"type": "string", "maxLength": MAX_WORD_CHARS},
                    },
                ],
            ),
            "/v1/lexicons/{lexicon_id}/search": _get(
                "Search a lexicon",
                _json(_ref("SearchResult"), "The matching words, alphabetical."),
                [
                    _LEXICON_ID,
                    _search_parameter(
                        "anagrams", 'Every word of exactly these letters, "?" for a blank.'
                    ),
                    _search_parameter(
                        "pattern", 'Every word the pattern spells: "?" one letter, "*" any.'
                    ),
                    _search_parameter("plus_one", "Every word of these letters plus one more."),
                    {
                        "name": "limit",
                        "in": "query",
                        "required": False,
                        "description": "At most this many words (default 1,000).",
                        "schema": {"type": "integer", "minimum": 1, "maximum": MAX_SEARCH_LIMIT},
                    },
                ],
            ),
            "/v1/openapi.json": _get(
                "This document",
                {"description": "The OpenAPI 3.1 document.", "content": {"application/json": {}}},
                errors=(405,),
            ),
            "/healthz": _health(),
            "/metrics": _get(
                "Prometheus metrics",
                {
                    "description": "Request counts and latencies by endpoint and status, gRPC "
                    "errors by service, in the Prometheus text format.",
                    "content": {"text/plain": {"schema": {"type": "string"}}},
                },
                errors=(405,),
            ),
        },
        "components": {"schemas": _SCHEMAS, "responses": _RESPONSES},
    }
