"""The gateway's contract: the OpenAPI 3.1 document served at ``/v1/openapi.json``, and the
input limits it states (the views enforce the same constants).

The document is plain data built by :func:`document`; its schemas are JSON Schema 2020-12, as
OpenAPI 3.1 wants, and say exactly what the views accept: unknown fields are refused, optional
fields may be left out or ``null``. It covers the analysis routes (solve, score, lexicons: an API
key when the operator sets ``ARBITRE_API_KEYS``) and the game routes of
:mod:`arbitre.gateway.games` (the organiser's and the players' tokens as bearer tokens).
"""

from __future__ import annotations

import copy
from typing import Any

from arbitre.api.actions import MAX_REQUEST_ID, REQUEST_ID_PATTERN
from arbitre.api.contests import MAX_CONTEST_TABLES, MIN_CONTEST_TABLES
from arbitre.api.tables import MAX_BEST_MOVES, MAX_TABLE_SEATS, MIN_TABLE_SEATS
from arbitre.engine.robots.duplicate import RobotLevel
from arbitre.gateway.openapi_kinds import event_types, kind_components, kind_parts, parted_kinds
from arbitre.rules.game_config import INTEGER_RANGES, Variant
from arbitre.rules.kinds import kind as kind_named
from arbitre.rules.kinds import names as kind_names
from arbitre.rules.kinds.duplicate.config import MAX_REVEAL_SECONDS
from arbitre.rules.registration import MAX_CLUB_CHARS as REGISTRATION_CLUB_CHARS
from arbitre.rules.registration import MAX_NAME_CHARS as REGISTRATION_NAME_CHARS
from arbitre.rules.sealed_package import MAX_KEY_TEXT
from arbitre.rules.tie_break import TIE_BREAK_KEYS as RULES_TIE_BREAK_KEYS
from arbitre.services.game_keys import GAME_ID_PATTERN
from arbitre.services.open_tables import MAX_LISTED_TABLES as SESSION_LISTED_TABLES

__all__ = [
    "API_VERSION",
    "EVENT_TYPES",
    "FIGURE_KINDS",
    "GAME_ID_PATTERN",
    "GAME_KINDS",
    "LIMITED_PATHS",
    "MAX_ACCOUNT_NAME_CHARS",
    "MAX_ACCOUNT_PASSWORD_CHARS",
    "MAX_API_KEY_LABEL_CHARS",
    "MAX_BEST_MOVES",
    "MAX_BOARD_ROWS",
    "MAX_CENTRE_CSV_CHARS",
    "MAX_CLUB_CHARS",
    "MAX_COUNTRY_CHARS",
    "MAX_FIGURE_GAMES",
    "MAX_LICENCE_CHARS",
    "MAX_MOVES_LIMIT",
    "MAX_MOVE_CHARS",
    "MAX_NAME_CHARS",
    "MAX_OFFSET",
    "MAX_PLAYER_NAME_CHARS",
    "MAX_QUERY_CHARS",
    "MAX_RACK_CHARS",
    "MAX_RANKING_LINES",
    "MAX_REQUEST_ID_CHARS",
    "MAX_REVEAL_SECONDS",
    "MAX_ROW_CHARS",
    "MAX_SEARCH_LIMIT",
    "MAX_SEED",
    "MAX_SERIE_CHARS",
    "MAX_STANDINGS_LIMIT",
    "MAX_START_AT_MS",
    "MAX_TABLE_SEATS",
    "MAX_TIE_BREAK_KEYS",
    "MAX_TITLE_CHARS",
    "MAX_TURN",
    "MAX_WORD_CHARS",
    "MIN_ACCOUNT_PASSWORD_CHARS",
    "ROBOT_LEVELS",
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

#: Games: the highest turn number, longest reveal, title and player name, and the standings'
#: paging limits.
MAX_TURN = 10_000
#: The game kinds a game may be created as (the registry's names the platform plays).
GAME_KINDS = kind_names()
#: Longest request id of an action (its idempotency key).
MAX_REQUEST_ID_CHARS = MAX_REQUEST_ID
MAX_TITLE_CHARS = 120
#: A sealed package's release key, as typed (``RK1-`` and 14 groups of 4, spaces allowed).
MAX_RELEASE_KEY_CHARS = MAX_KEY_TEXT
MAX_PLAYER_NAME_CHARS = REGISTRATION_NAME_CHARS
MAX_CLUB_CHARS = REGISTRATION_CLUB_CHARS
#: Longest série: "S1" to "S7", or a category label.
MAX_SERIE_CHARS = 20
MAX_COUNTRY_CHARS = 3
#: Longest centre results file sent over the API: some 600 players, within the request's
#: 256 KiB even with every character JSON-escaped (``\uXXXX``, 6 bytes). Larger centres: the
#: ``arbitre results`` command line takes any size.
MAX_CENTRE_CSV_CHARS = 40_000
MAX_OFFSET = 1_000_000
MAX_STANDINGS_LIMIT = 100_000
#: Most open tables GET /v1/tables lists.
MAX_LISTED_TABLES = SESSION_LISTED_TABLES
#: Saved environments: the longest name (once trimmed) and password, as the session's store
#: (arbitre.services.archive.environments) takes them; a test checks they agree.
MAX_ENVIRONMENT_NAME_CHARS = 40
MAX_ENVIRONMENT_PASSWORD_CHARS = 200
#: Accounts: the longest name (once trimmed), the shortest and longest password, the longest
#: licence number and API key label, as the session's store (arbitre.services.archive.accounts)
#: takes them; a test checks they agree.
MAX_ACCOUNT_NAME_CHARS = 40
MIN_ACCOUNT_PASSWORD_CHARS = 8
MAX_ACCOUNT_PASSWORD_CHARS = 200
MAX_LICENCE_CHARS = 20
MAX_API_KEY_LABEL_CHARS = 60
#: Long-term figures: the kinds that have one, the most games a % of top is over, the most lines
#: of a ranking (as arbitre.services.archive.ratings and the session take them).
FIGURE_KINDS = ("duplicate", "duel", "indecix")
MAX_FIGURE_GAMES = 100
MAX_RANKING_LINES = 1000
#: The largest game seed (seeds are 63-bit).
MAX_SEED = 2**63 - 1
#: Latest scheduled start the API takes (Unix ms; the session wants one within a year).
MAX_START_AT_MS = 2**53 - 1
#: What a game id looks like (ECMA-262 pattern, as JSON Schema wants; the views check the same).

#: The levels of a robot player.
ROBOT_LEVELS = tuple(level.value for level in RobotLevel)

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
    401: "Unauthorized",
    403: "Forbidden",
    404: "NotFound",
    405: "MethodNotAllowed",
    409: "Conflict",
    413: "PayloadTooLarge",
    415: "UnsupportedMediaType",
    429: "TooManyRequests",
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
            "description": "A lexicon id (see GET /v1/lexicons); by default the lexicon of "
            'the tile set\'s language ("en" for tiles "en"), as `arbitre score` chooses, else '
            '"fr".',
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

#: The empty standard board, for the examples.
_EMPTY_BOARD = ["." * 15] * 15

_ERROR_OBJECT: dict[str, Any] = {
    "type": "object",
    "required": ["code", "message"],
    "properties": {
        "code": {
            "type": "string",
            "description": "bad_json, bad_request, unauthorized, forbidden, not_found, "
            "method_not_allowed, conflict, payload_too_large, unsupported_media_type, "
            "unavailable, bad_gateway, internal; an answer that cannot be played is a 400 "
            "whose code says why: illegal_move, bad_notation, unknown_letter, bad_rack; a game "
            "kind's refusal keeps the kind's code (bad_config and bad_action, 400; not_started, "
            "wrong_turn, too_late, not_revealed, round_open..., 409: see each route); "
            "table_full, robot_seat (a seat kept for a robot) and not_enough_players (409) "
            "at a table; not_organiser (403); "
            "bad_package and bad_centre_results (400).",
        },
        "message": {"type": "string"},
        "problems": {
            "type": "array",
            "description": "Only with bad_centre_results: every problem of the file.",
            "items": {
                "type": "object",
                "required": ["line", "message"],
                "properties": {
                    "line": {"type": "integer", "description": "0: the whole file."},
                    "message": {"type": "string"},
                },
            },
        },
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
        "examples": [{"board": _EMPTY_BOARD, "rack": "EEUESI?"}],
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
        "examples": [{"board": _EMPTY_BOARD, "move": "H4 EpIEUSE", "rack": "EEUESI?"}],
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


_INTEGER: dict[str, Any] = {"type": "integer"}


def _refined(schema: dict[str, Any], of_type: str, **keywords: Any) -> dict[str, Any]:
    """``schema`` with ``keywords`` added to it, or to each of its ``anyOf`` branches (at any
    depth: an optional field's ``X or null``) that is of JSON type ``of_type``."""
    if schema.get("type") == of_type:
        return {**schema, **keywords}
    if "anyOf" in schema:
        return {
            **schema,
            "anyOf": [_refined(branch, of_type, **keywords) for branch in schema["anyOf"]],
        }
    return schema


def _ranged(schema: dict[str, Any], low: int, high: int, description: str) -> dict[str, Any]:
    """``schema``'s integer from ``low`` to ``high``, described."""
    ranged = _refined(schema, "integer", minimum=low, maximum=high)
    return {**ranged, "description": f"{description} ({low} to {high})."}


def _rules_ranged(schema: dict[str, Any], field: str, description: str) -> dict[str, Any]:
    """``schema``'s integer in the range :data:`~arbitre.rules.game_config.INTEGER_RANGES`
    gives the rules' ``field``."""
    return _ranged(schema, *INTEGER_RANGES[field], description)


def _described(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {**schema, "description": description}


def _duplicate_config(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema of the typed ``DuplicateConfig`` with what its message cannot say: the rules'
    bounds of each setting (:data:`~arbitre.rules.game_config.INTEGER_RANGES`, the reveal's and
    a table's), the variants and tie-break keys, and what each field means."""
    fields = schema["properties"]
    return {
        **schema,
        "description": schema.get("description", "")
        + " Every field is optional (null: the preset's); a value out of its range, of the "
        "wrong type or impossible (minimums out of order, a bonus the variant cannot give, a "
        "partie joker without blanks) is a 400 bad_config saying which.",
        "properties": {
            **fields,
            "name": _described(
                fields["name"],
                'The preset the other settings override: "fisf" (default) or "online" (up to '
                "10 redraws of a rack with no legal move); another name is only a label on the "
                "FISF rules.",
            ),
            "variant": _refined(
                fields["variant"], "string", enum=[variant.value for variant in Variant]
            ),
            "lexicon": _described(fields["lexicon"], "A lexicon id (GET /v1/lexicons)."),
            "tiles": _described(
                fields["tiles"], "A tile set preset: fr or en (french and english are aliases)."
            ),
            "layout": _described(
                fields["layout"], 'The board: "standard" (default) or a text map.'
            ),
            "minimums": _described(
                fields["minimums"],
                "The tirage rule: from each from_turn on (increasing, the first 1), at least so "
                "many vowels and consonants; their sum at most the rack's size.",
            ),
            "no_move_redraws": _rules_ranged(
                fields["no_move_redraws"],
                "no_move_redraws",
                "Redraws of a rack with no legal move before the game ends",
            ),
            "max_turns": _rules_ranged(
                fields["max_turns"], "max_turns", "The number of turns, or null for a full game"
            ),
            "bonuses": _described(
                _refined(
                    fields["bonuses"],
                    "object",
                    propertyNames={"pattern": "^[0-9]{1,6}$"},
                    additionalProperties=_ranged(
                        {"type": "integer"}, *INTEGER_RANGES["bonuses.points"], "Points"
                    ),
                ),
                "Tiles played (a number as a string, possible in the variant) to points; null: "
                "the variant's (+50 for 7, 7et8 also +75 for 8).",
            ),
            "solo_bonus": _rules_ranged(
                fields["solo_bonus"], "solo_bonus", "Points for the only player on the top"
            ),
            "solo_min_players": _rules_ranged(
                fields["solo_min_players"],
                "solo_min_players",
                "Active players needed for the solo bonus",
            ),
            "tie_break": _described(
                _refined(
                    fields["tie_break"],
                    "array",
                    items={"type": "string", "enum": list(RULES_TIE_BREAK_KEYS)},
                ),
                "Criteria among equal tops, in order: distinct, never both of an opposite pair.",
            ),
            "seconds_per_turn": _rules_ranged(
                fields["seconds_per_turn"], "seconds_per_turn", "The clock of a turn, in seconds"
            ),
            "reveal_seconds": _ranged(
                fields["reveal_seconds"],
                0,
                MAX_REVEAL_SECONDS,
                "How long a closed turn is shown before the next one opens by itself, in "
                "seconds; 0 (default): at once",
            ),
            "seats": _refined(fields["seats"], "integer", minimum=0, maximum=MAX_TABLE_SEATS),
        },
    }


def _duplicate_minimum(schema: dict[str, Any]) -> dict[str, Any]:
    fields = schema["properties"]
    return {
        **schema,
        "properties": {
            "from_turn": _rules_ranged(
                fields["from_turn"], "minimums.from_turn", "The first turn of the rule"
            ),
            "vowels": _rules_ranged(fields["vowels"], "minimums.vowels", "Vowels at least"),
            "consonants": _rules_ranged(
                fields["consonants"], "minimums.consonants", "Consonants at least"
            ),
        },
    }


def _duplicate_action(schema: dict[str, Any]) -> dict[str, Any]:
    fields = schema["properties"]
    return {
        **schema,
        "properties": {
            **fields,
            "move": _described(
                _refined(fields["move"], "string", maxLength=MAX_MOVE_CHARS),
                'FISF notation, as in ScoreRequest: "H4 ChACUNE". A move that cannot be placed '
                "with the rack is a 400 whose error code says why (illegal_move, bad_notation, "
                "unknown_letter, bad_rack); one with unknown words is accepted and scores 0 at "
                "the reveal.",
            ),
            "turn": _described(
                fields["turn"],
                "The turn the answer is for (409 wrong_turn if it is not the open one); "
                "default: the open turn.",
            ),
        },
    }


def _kind_schemas() -> dict[str, Any]:
    """The schemas of the kinds' typed messages (:func:`kind_components`), duplicate's
    configuration, tirage rule and answer refined with the rules' bounds."""
    found = kind_components()
    found["DuplicateConfig"] = _duplicate_config(found["DuplicateConfig"])
    found["DuplicateMinimum"] = _duplicate_minimum(found["DuplicateMinimum"])
    found["DuplicateAction"] = _duplicate_action(found["DuplicateAction"])
    return found


_EVENT_ID: dict[str, Any] = {"type": "string", "pattern": "^[0-9]{1,20}-[0-9]{1,20}$"}


def _event_data(required: list[str], properties: dict[str, Any]) -> dict[str, Any]:
    """The data of an event: these fields at least (clients ignore any they do not know)."""
    return {"type": "object", "required": required, "properties": properties}


#: Every event of a game's stream: its type, what it means, the schema of its data.
_EVENTS: dict[str, tuple[str, dict[str, Any]]] = {
    "state": (
        "First on a stream that does not resume: the game's state, as GET /v1/games/{id} "
        "shows it to a spectator.",
        _ref("GameState"),
    ),
    "error": (
        "The gateway's stream from the session broke (no id): reconnect with Last-Event-ID.",
        _event_data(["message"], {"message": {"type": "string"}}),
    ),
}


def _all_events() -> dict[str, tuple[str, dict[str, Any]]]:
    """The events above and the typed ones (the session's own, each kind's: their schemas come
    from their messages); a type that several send has the data of any of them."""
    found = dict(_EVENTS)
    for event_type, senders in event_types().items():
        described = [found[event_type]] if event_type in found else []
        described += senders
        schemas = [schema for _, schema in described]
        found[event_type] = (
            " ".join(text for text, _ in described if text),
            schemas[0] if len(schemas) == 1 else {"anyOf": schemas},
        )
    return found


_EVENTS = _all_events()
#: The types of the events a game's stream sends.
EVENT_TYPES = tuple(_EVENTS)


def _event_schema(kind: str) -> dict[str, Any]:
    description, data = _EVENTS[kind]
    return {
        "type": "object",
        "description": description,
        "required": ["event", "data"],
        "properties": {"event": {"const": kind}, "id": _EVENT_ID, "data": data},
    }


_EVENT_SCHEMAS: dict[str, Any] = {
    "GameEvent": {
        "description": "One server-sent event of a game's stream, as a client parses it: "
        "`id:` (a stream id, to resume with Last-Event-ID), `event:` (its type) and `data:` "
        "(one line of JSON). A comment line (`: ping`) keeps an idle stream open.",
        "oneOf": [_event_schema(kind) for kind in _EVENTS],
    },
}

_KIND_SCHEMAS: dict[str, Any] = {
    **_kind_schemas(),
    "GameState": {
        "type": "object",
        "additionalProperties": False,
        "description": "A game as the caller may see it (a player by their token, else a "
        "spectator): the session's part (its status, clock, seats and roster) and `view`, the "
        "kind's view of the game for the caller, holding nothing hidden: never the top of an "
        "open turn nor another player's answer before the reveal (duplicate), never an open "
        "round's word nor a rival's letters (Duel de Mots), never a die still to roll nor the "
        "seed before the end (Indecix), never the opponent's copy of the rack, requests at the "
        "loupe or move before the turn's close, nor the seed before the end (dupliKta). Counts "
        "shared by every viewer "
        "(answers, other players' answered flags, player_count past the listed players) may "
        "lag up to half a second; the caller's own answer, seat and line are always fresh.",
        "required": [
            "game_id",
            "kind",
            "title",
            "status",
            "phase",
            "turn",
            "deadline_ms",
            "remaining_ms",
            "server_time_ms",
            "seats",
            "player_count",
            "players",
            "seed_commitment",
            "package_hash",
            "sealed",
            "key_released",
            "start_at_ms",
            "refereed",
            "you",
            "view",
        ],
        "properties": {
            "game_id": {"type": "string", "pattern": GAME_ID_PATTERN},
            "kind": {"type": "string", "enum": parted_kinds()},
            "title": {"type": "string"},
            "status": {
                "type": "string",
                "enum": ["waiting", "running", "paused", "over", "parked"],
            },
            "phase": {
                "type": "string",
                "enum": ["", "turn", "reveal"],
                "description": "turn: a turn or round open until deadline_ms; reveal: the last "
                'one shown until deadline_ms; "" before the start and once over.',
            },
            "turn": {
                "type": "integer",
                "description": "The turn or round open or last closed; 0 before the start.",
            },
            "deadline_ms": {
                "type": "integer",
                "description": "Unix time in ms: the end of the turn or of the reveal; 0 when "
                "paused or over.",
            },
            "remaining_ms": {
                "type": "integer",
                "description": "The clock's ms left: while running, until deadline_ms (as of "
                "server_time_ms); when paused, what the turn had left; 0 otherwise.",
            },
            "server_time_ms": {
                "type": "integer",
                "description": "The server's clock, which deadlines are measured on.",
            },
            "seats": {
                "type": "integer",
                "description": "A table's seats (people and robots); 0: no limit.",
            },
            "player_count": {"type": "integer", "description": "How many players joined."},
            "players": {
                "type": "array",
                "description": "The first 100 players who joined, with their names (a "
                "simultané's thousands are counted, not listed: its standings and results page "
                "through them; what each did is in the view's players).",
                "items": {
                    "type": "object",
                    "required": ["id", "name", "robot"],
                    "properties": {
                        "id": {"type": "string"},
                        "name": {"type": "string"},
                        "robot": {"type": "string", "description": "A robot's level, or ''."},
                    },
                },
            },
            "seed_commitment": {
                "type": ["string", "null"],
                "description": "SHA-256 of the game's seed with a salt, published at the "
                "creation (at the start for a sealed package); the record holds the seed once "
                "the game is over.",
            },
            "package_hash": {
                "type": ["string", "null"],
                "description": "The content hash of the pre-drawn game played, if any.",
            },
            "sealed": {
                "type": "boolean",
                "description": "Made from a sealed package not opened yet.",
            },
            "key_released": {
                "type": "boolean",
                "description": "The sealed package's release key was given: it opens at the "
                "scheduled start.",
            },
            "start_at_ms": {
                "type": "integer",
                "description": "The scheduled start (Unix ms); 0 when the organiser starts.",
            },
            "refereed": {
                "type": "boolean",
                "description": "The analysis routes refuse the position of its open turn.",
            },
            "you": {"type": ["string", "null"], "description": "The caller's player id."},
            "view": {
                "oneOf": kind_parts("GameState"),
                "description": "The kind's view of the game for the caller (nothing hidden): "
                "for duplicate, the board, the open turn's tirage, who answered, the closed "
                "turns and the standings, the caller's own answer (my_answer) and, during a "
                "reveal, the last closed turn.",
            },
            "parked_reason": {
                "type": "string",
                "description": "Only when status is parked: why the game's steps stopped "
                "(its organiser may resume it once the cause is mended).",
            },
            "paused_reason": {
                "type": ["string", "null"],
                "enum": ["away", None],
                "description": "Only when status is paused: away when the game waits for its "
                "person (a dupliKta game against Tourlou whose turn ran out while they were "
                "away; any read of the game with their token takes it up again), null for the "
                "organiser's pause.",
            },
        },
    },
    "ActRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["action"],
        "examples": [
            {"action": {"move": "H4 FANAT", "turn": 1}, "request_id": "r1"},
            {"action": {"move": "H4 FANAT"}, "dry_run": True},
            {"action": {"guess": "crane", "round": 1}, "request_id": "a1"},
        ],
        "properties": {
            "action": {
                "anyOf": kind_parts("ActRequest"),
                "description": "The action, of the game's kind.",
            },
            "request_id": {
                "type": "string",
                "pattern": REQUEST_ID_PATTERN,
                "description": "Optional: the same id again (a retry) is not taken twice.",
            },
            "dry_run": {
                "type": "boolean",
                "description": "Optional: judge the action as it would be taken and answer its "
                "result, keeping nothing (duplicate: the points of a pose before it is "
                "validated, the result's answers null); with no request_id. A kind whose dry "
                "run would tell a secret refuses it: 409 no_dry_run (Duel de Mots).",
            },
        },
    },
    "ActResponse": {
        "type": "object",
        "required": ["result", "replayed"],
        "properties": {
            "result": {
                "anyOf": kind_parts("ActResponse"),
                "description": "The actor's own result, of the game's kind.",
            },
            "replayed": {"type": "boolean"},
        },
    },
}

_GAME_SCHEMAS: dict[str, Any] = {
    "CreateGameRequest": {
        "type": "object",
        "additionalProperties": False,
        "description": "Every field is optional: an empty object creates a duplicate game of "
        "the FISF preset, with a random seed and no reveal pause. How the game is played (its "
        "rules, clock, reveal, seats) is all in `config`, the kind's configuration.",
        "examples": [
            {"title": "Club night", "seed": 42, "config": {"reveal_seconds": 10}},
            {"config": {"name": "online", "seconds_per_turn": 120, "max_turns": 20, "seats": 4}},
            {"kind": "duel", "config": {"language": "fr", "rounds": 3}, "title": "Duel"},
            {"kind": "indecix", "config": {"mode": "blitz", "blitz_seconds": 15}},
            {"kind": "duplikta", "config": {"clock": 90, "chances": 3, "handicaps": [0, 2]}},
            {"kind": "duplikta", "config": {"scenario": {"number": 41, "level": 2}}},
        ],
        "properties": {
            "kind": _optional(
                {
                    "type": "string",
                    "enum": [*GAME_KINDS, ""],
                    "description": 'The kind of game ("", like null, means duplicate).',
                }
            ),
            "config": _optional(
                {
                    "anyOf": kind_parts("CreateGameRequest"),
                    "description": "The kind's configuration (DuplicateConfig for duplicate, "
                    "DuelConfig for Duel de Mots, IndecixConfig for Indecix, DupliktaConfig for "
                    "dupliKta): the settings left out or null take their "
                    "defaults. An unknown field, a value of the wrong type, out of its range or "
                    "impossible is a 400 bad_config saying which. dupliKta's scenario "
                    "{number, level} asks the server to deal Tourlou's scenario itself (see "
                    "DupliktaConfig.scenario): no seed then, and a 503 to retry while it is "
                    "being dealt.",
                }
            ),
            "seed": _optional(
                {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": MAX_SEED,
                    "description": "The seed of the draws (the same seed and configuration "
                    "draw the same racks); a random one when left out.",
                }
            ),
            "title": _optional({"type": "string", "maxLength": MAX_TITLE_CHARS}),
            "package": _optional(
                {
                    "type": "object",
                    "description": "A pre-drawn game: for duplicate `arbitre package prepare`'s, "
                    "for Indecix a deal (`arbitre indecix deal`: the dice drawn from its seed, "
                    "drawn again here and refused when they differ; config may give colours "
                    "only), for dupliKta Tourlou's scenario (`arbitre duplikta deal`; config may "
                    "give pauses and pause_seconds only). A duplicate package: "
                    "its rules, seed and tirages are played, so seed and the rules' settings "
                    "of config must be left out (config may still give reveal_seconds, seats "
                    "and late_join). Refused (400, code bad_package) unless its content hash "
                    "matches, it is signed with the operator's key (when the server has one, "
                    "ARBITRE_PACKAGE_KEY_FILE), it was made over the server's lexicon (same "
                    "content hash) and it replays turn by turn on this server. A sealed package "
                    "(`arbitre package prepare --seal`) is checked as far as can be without its "
                    "key (hash, signature, lexicon) and stays sealed until the start: the "
                    "organiser gives its release key to /start, or beforehand to /package-key "
                    "for a scheduled start.",
                }
            ),
            "refereed": _optional(
                {
                    "type": "boolean",
                    "description": "A refereed game: while one of its turns is open, /v1/solve "
                    "and /v1/score refuse its position (403 refereed_position) unless the "
                    "operator gave API keys.",
                }
            ),
            "start_at_ms": _optional(
                {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": MAX_START_AT_MS,
                    "description": "A scheduled start, Unix ms (UTC), within the coming year: "
                    "the game starts by itself then (a simultané), of any kind; one that "
                    "cannot start then (too few players) waits for its organiser, who may "
                    "also start it earlier; 0 or left out: the organiser starts it.",
                }
            ),
        },
    },
    "CreateGameResponse": {
        "type": "object",
        "required": ["game_id", "organiser_token", "game"],
        "properties": {
            "game_id": {"type": "string", "pattern": GAME_ID_PATTERN},
            "organiser_token": {
                "type": "string",
                "description": "The organiser's secret: start, pause and resume take it as "
                "Authorization: Bearer <token>. It is given only once.",
            },
            "game": _ref("GameState"),
        },
    },
    "JoinRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["name"],
        "examples": [{"name": "Ana"}],
        "properties": {
            "name": {
                "type": "string",
                "minLength": 1,
                "maxLength": MAX_PLAYER_NAME_CHARS,
                "description": "The player's name as the standings show it: printable "
                "characters, spaces around it dropped.",
            },
            "club": _optional(
                {
                    "type": "string",
                    "maxLength": MAX_CLUB_CHARS,
                    "description": "For a simultané: the player's club or centre.",
                }
            ),
            "serie": _optional(
                {
                    "type": "string",
                    "maxLength": MAX_SERIE_CHARS,
                    "description": "The player's série, S1 (strongest) to S7, or a category "
                    "(letters); anything else is a 400.",
                }
            ),
            "country": _optional(
                {
                    "type": "string",
                    "maxLength": MAX_COUNTRY_CHARS,
                    "description": "A code of 2 or 3 letters (FRA, BEL, SUI...).",
                }
            ),
        },
    },
    "JoinResponse": {
        "type": "object",
        "required": ["player_id", "player_token", "game"],
        "properties": {
            "player_id": {"type": "string"},
            "player_token": {
                "type": "string",
                "description": "The player's secret: actions take it as Authorization: Bearer "
                "<token>. It is given only once.",
            },
            "game": _ref("GameState"),
        },
    },
    "RobotRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["level"],
        "examples": [{"level": "expert"}],
        "properties": {
            "level": {
                "type": "string",
                "enum": list(ROBOT_LEVELS),
                "description": "expert: the top most of the time; confirme: close to the "
                "top; debutant: common words only, never a scrabble, sometimes nothing.",
            },
            "name": _optional(
                {"type": "string", "minLength": 1, "maxLength": MAX_PLAYER_NAME_CHARS}
            ),
        },
    },
    "RobotResponse": {
        "type": "object",
        "required": ["player_id", "game"],
        "properties": {"player_id": {"type": "string"}, "game": _ref("GameState")},
    },
    "CommandRequest": {
        "type": "object",
        "description": "Ignored; a body, when sent, must be a JSON object.",
    },
    "StartRequest": {
        "type": "object",
        "additionalProperties": False,
        "description": "Optional: the release key of the game's sealed package.",
        "properties": {
            "release_key": {
                "type": "string",
                "maxLength": MAX_RELEASE_KEY_CHARS,
                "description": "RK1-… as `arbitre package prepare --seal` wrote it.",
            }
        },
    },
    "ReleaseKeyRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["release_key"],
        "properties": {
            "release_key": {
                "type": "string",
                "maxLength": MAX_RELEASE_KEY_CHARS,
                "description": "RK1-… as `arbitre package prepare --seal` wrote it.",
            }
        },
    },
    "ResultLine": {
        "type": "object",
        "required": [
            "place",
            "view_place",
            "name",
            "score",
            "negatif",
            "percent_of_top",
            "tops",
            "solos",
            "serie",
            "club",
            "country",
            "source",
            "centre",
            "player",
        ],
        "properties": {
            "place": {"type": "integer", "description": "Overall place, shared on ties."},
            "view_place": {
                "type": ["integer", "null"],
                "description": "The place within the view asked for; null outside one.",
            },
            "name": {"type": "string"},
            "score": {"type": "integer", "description": "Total, solo bonuses included."},
            "negatif": {"type": "integer", "description": "Total minus the cumulated top."},
            "percent_of_top": {"type": "number"},
            "tops": {"type": ["integer", "null"], "description": "null when unknown."},
            "solos": {"type": "integer"},
            "serie": {"type": "string"},
            "club": {"type": "string"},
            "country": {"type": "string"},
            "source": {"type": "string", "enum": ["online", "centre"]},
            "centre": {"type": "string", "description": "The centre of a centre line."},
            "player": {"type": "string", "description": "The player id of an online line."},
        },
    },
    "Results": {
        "type": "object",
        "required": ["results", "top_total", "turns", "lines"],
        "properties": {
            "results": {"type": "array", "items": _ref("ResultLine")},
            "top_total": _INTEGER,
            "turns": _INTEGER,
            "lines": {"type": "integer", "description": "Lines in the ranking or the view."},
        },
    },
    "CentreRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["centre", "csv"],
        "examples": [
            {
                "centre": "Club de Nantes",
                "csv": "name,club,serie,country,total\nZoé Roy,Club de Nantes,S3,FRA,96\n",
            }
        ],
        "properties": {
            "centre": {"type": "string", "minLength": 1, "maxLength": MAX_CLUB_CHARS},
            "csv": {
                "type": "string",
                "maxLength": MAX_CENTRE_CSV_CHARS,
                "description": "The centre results file: CSV with a header, columns name, "
                "club, serie, country, total, optionally t1..tN (points turn by turn) and "
                "centre (docs/simultanes.md).",
            },
        },
    },
    "CentreResponse": {
        "type": "object",
        "required": ["centre", "players"],
        "properties": {"centre": {"type": "string"}, "players": _INTEGER},
    },
    "CreateContestRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["kind", "package", "tables"],
        "description": "A contest: `tables` tables, each a game of `kind` made from the same "
        "pre-drawn `package` (for Indecix a deal, `arbitre indecix deal`), so that every table "
        "rolls the same dice to the same seats; its players are ranked seat by seat against "
        "the other tables (docs/kinds.md, Contests). Each table is checked and made as POST "
        "/v1/games makes a game from a package; a refusal comes before any table is made.",
        "examples": [{"kind": "indecix", "package": {"format": "arbitre.package/1"}, "tables": 8}],
        "properties": {
            "kind": {
                "type": "string",
                "enum": list(GAME_KINDS),
                "description": "A kind played in contests (indecix); another is a 400.",
            },
            "package": {
                "type": "object",
                "description": "The pre-drawn package every table plays, checked as POST "
                "/v1/games checks one (400 bad_package).",
            },
            "tables": {
                "type": "integer",
                "minimum": MIN_CONTEST_TABLES,
                "maximum": MAX_CONTEST_TABLES,
            },
            "config": _optional(
                {
                    "anyOf": kind_parts("CreateGameRequest"),
                    "description": "What the package leaves to each table's game (Indecix: "
                    "colours only); anything else is a 400 bad_config.",
                }
            ),
            "title": _optional({"type": "string", "maxLength": MAX_TITLE_CHARS}),
            "start_at_ms": _optional(
                {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": MAX_START_AT_MS,
                    "description": "Every table's scheduled start (Unix ms, UTC), as for a game.",
                }
            ),
        },
    },
    "CreateContestResponse": {
        "type": "object",
        "required": ["contest_id", "organiser_token", "contest"],
        "properties": {
            "contest_id": {"type": "string", "pattern": GAME_ID_PATTERN},
            "organiser_token": {
                "type": "string",
                "description": "The organiser's secret, for the contest and every table (seat "
                "robots, start, pause): given only once.",
            },
            "contest": _ref("Contest"),
        },
    },
    "Contest": {
        "type": "object",
        "required": [
            "contest_id",
            "kind",
            "title",
            "package_hash",
            "start_at_ms",
            "created_ms",
            "closed",
            "closed_reason",
            "tables_over",
            "tables",
            "standings",
        ],
        "description": "A contest now, or as it closed. While it runs, a table's game_id is "
        "given to the organiser only (null for anyone else): a finished table's record holds "
        "the rolls the other tables have still to play, so a table is reached only by the link "
        "its players were given. Once closed (every table over, or closed by the organiser) "
        "the ids are public and every table's record can be read.",
        "properties": {
            "contest_id": {"type": "string"},
            "kind": {"type": "string", "enum": list(GAME_KINDS)},
            "title": {"type": "string"},
            "package_hash": {"type": "string"},
            "start_at_ms": {"type": ["integer", "null"]},
            "created_ms": _INTEGER,
            "closed": {"type": "boolean"},
            "closed_reason": {
                "type": ["string", "null"],
                "enum": ["all_over", "organiser", None],
            },
            "tables_over": _INTEGER,
            "tables": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["number", "game_id", "status", "seats"],
                    "properties": {
                        "number": {"type": "integer", "minimum": 1},
                        "game_id": {"type": ["string", "null"]},
                        "status": {
                            "type": "string",
                            "description": "The table's game's status (waiting, running, "
                            "paused, parked, over), or expired once its game is gone.",
                        },
                        "seats": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "required": ["player", "name", "total"],
                                "properties": {
                                    "player": {"type": ["string", "null"]},
                                    "name": {"type": "string"},
                                    "total": {
                                        "type": ["integer", "null"],
                                        "description": "Once the table is over.",
                                    },
                                },
                            },
                        },
                    },
                },
            },
            "standings": {"type": "array", "items": _ref("ContestLine")},
        },
    },
    "ContestLine": {
        "type": "object",
        "required": [
            "place",
            "table",
            "seat",
            "player",
            "name",
            "total",
            "difference",
            "versus",
            "matchpoints",
        ],
        "description": "A player of a finished table, ranked by versus (equal versus share a "
        "place: 1, 2, 2, 4).",
        "properties": {
            "place": {"type": "integer", "minimum": 1},
            "table": {"type": "integer", "minimum": 1},
            "seat": {"type": "integer", "minimum": 0},
            "player": {"type": "string"},
            "name": {"type": "string"},
            "total": {"type": "integer"},
            "difference": {
                "type": "number",
                "description": "The total minus the other seats' mean at the table.",
            },
            "versus": {
                "type": "number",
                "description": "The mean, over the other finished tables, of the difference "
                "minus the same seat's difference there: points gained on the field with the "
                "same dice (0 with no other table).",
            },
            "matchpoints": {
                "type": "number",
                "description": "%: 1 per other table whose same seat did worse, 1/2 per tie.",
            },
        },
    },
    "NextResponse": {
        "type": "object",
        "required": ["turn", "ready", "of"],
        "properties": {
            "turn": {"type": "integer", "description": "The revealed turn."},
            "ready": {"type": "integer", "description": "The people ready for the next turn."},
            "of": {"type": "integer", "description": "The people at the game (not robots)."},
        },
    },
    "TurnResult": {
        "type": "object",
        "additionalProperties": False,
        "description": "A closed turn or round, everything shown: revealed is the kind's (a "
        "duplicate turn with its top, every answer and the board it was played on; a duel's "
        "round with its word, salt and rows); names gives the players' names by id. Indecix "
        "reveals no turn one at a time (409 no_turns): its resolved rolls are in its view's "
        "history and its record; nor does dupliKta: a closed turn is in the event "
        "turn_closed, the view's sheet and the record.",
        "required": ["turn", "kind", "revealed", "names"],
        "properties": {
            "turn": _INTEGER,
            "kind": {"type": "string", "enum": parted_kinds()},
            "revealed": {"oneOf": kind_parts("TurnResult")},
            "names": {"type": "object", "additionalProperties": {"type": "string"}},
            "best_moves": {
                "type": "array",
                "description": "Only when asked for with ?best=N, of a kind whose turns have "
                "best moves (duplicate; another answers 409 no_best_moves): the turn's N best "
                "moves, best first.",
                "items": {
                    "type": "object",
                    "required": ["move", "score"],
                    "properties": {"move": {"type": "string"}, "score": _INTEGER},
                },
            },
        },
    },
    "Standings": {
        "type": "object",
        "additionalProperties": False,
        "required": ["standings", "turns", "players"],
        "properties": {
            "standings": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["rank", "player", "name", "total", "details"],
                    "properties": {
                        "rank": {"type": "integer", "minimum": 1},
                        "player": {"type": "string"},
                        "name": {"type": "string"},
                        "total": {"type": "integer", "description": "Solo bonuses included."},
                        "details": {
                            "anyOf": kind_parts("NamedStanding"),
                            "description": "The kind's own figures: for duplicate, négatif "
                            "(the total minus the cumulated top), % of top, tops and solos.",
                        },
                    },
                },
            },
            "turns": {"type": "integer", "description": "How many turns or rounds are closed."},
            "players": {"type": "integer", "description": "How many players rank."},
        },
    },
    "TableList": {
        "type": "object",
        "description": "The open tables: games with seats, waiting, not full, not played from a "
        "package, created within a week, newest first. Nothing secret: no seed, no token.",
        "required": ["tables", "server_time_ms"],
        "additionalProperties": False,
        "properties": {
            "tables": {
                "type": "array",
                "maxItems": MAX_LISTED_TABLES,
                "items": {
                    "type": "object",
                    "required": [
                        "game_id",
                        "kind",
                        "language",
                        "title",
                        "seats",
                        "players",
                        "robots",
                        "variant",
                        "lexicon",
                        "seconds_per_turn",
                        "created_ms",
                    ],
                    "additionalProperties": False,
                    "properties": {
                        "game_id": {
                            "type": "string",
                            "pattern": GAME_ID_PATTERN,
                            "description": "Its page is /t/{game_id}; join it with POST "
                            "/v1/games/{game_id}/players.",
                        },
                        "kind": {"type": "string", "enum": list(GAME_KINDS)},
                        "language": {
                            "type": "string",
                            "description": "A duel's word language; empty for duplicate.",
                        },
                        "title": {"type": "string"},
                        "seats": {
                            "type": "integer",
                            "minimum": min(
                                MIN_TABLE_SEATS, *(kind_named(k).min_seats for k in GAME_KINDS)
                            ),
                            "maximum": max(
                                MAX_TABLE_SEATS, *(kind_named(k).max_seats for k in GAME_KINDS)
                            ),
                        },
                        "players": {
                            "type": "integer",
                            "minimum": 0,
                            "description": "The seats taken, robots included (fewer than seats).",
                        },
                        "robots": {"type": "integer", "minimum": 0},
                        "variant": {"type": "string"},
                        "lexicon": {"type": "string"},
                        "seconds_per_turn": {"type": "integer", "minimum": 0},
                        "created_ms": {"type": "integer", "description": "Unix ms."},
                    },
                },
            },
            "server_time_ms": {"type": "integer"},
        },
    },
    "GameReview": {
        "description": "A finished game reviewed by its kind's strongest robot: the kind's "
        "review (IndecixReview).",
        "type": "object",
        "required": ["kind", "review"],
        "additionalProperties": False,
        "properties": {
            "kind": {"type": "string", "description": "The game's kind."},
            "review": {"anyOf": kind_parts("GameReview")},
        },
    },
    "GameRecord": {
        "description": "The record of the game so far (closed turns or rounds only): the "
        "kind's own (`record`: DuplicateRecord, DuelRecord, IndecixRecord, DupliktaRecord), "
        "as `arbitre` "
        "replays it "
        "(configuration, every turn with every answer, the standings; the seed only once the "
        "game is over), with the session's part: the seed's commitment published at the "
        "creation, the salt that checks it once the game is over, the players' names and the "
        "content hash of what the kind's tools play (duplicate: its lexicon's).",
        "type": "object",
        "required": ["kind", "record", "seed_commitment", "seed_salt", "names", "fingerprint"],
        "additionalProperties": False,
        "properties": {
            "kind": {"type": "string", "description": "The game's kind."},
            "record": {"anyOf": kind_parts("GameRecord")},
            "seed_commitment": {
                "type": ["string", "null"],
                "description": "SHA-256 of the seed with its salt (arbitre.rules.seed_commitment).",
            },
            "seed_salt": {
                "type": ["string", "null"],
                "description": "Once the game is over: the salt; null before.",
            },
            "names": {
                "type": "object",
                "additionalProperties": {"type": "string"},
                "description": "Every player's name, by player id.",
            },
            "fingerprint": {
                "type": ["string", "null"],
                "description": "The content hash of what the kind's tools play (duplicate, "
                "dupliKta: its lexicon's); null for a kind without one.",
            },
        },
    },
}


def _error_response(
    description: str, retry: bool = False, allow: bool = False, authenticate: bool = False
) -> dict[str, Any]:
    response = _json(_ref("Error"), description)
    headers: dict[str, Any] = {}
    if authenticate:
        headers["WWW-Authenticate"] = {
            "description": "How to authenticate: Bearer.",
            "schema": {"type": "string"},
        }
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
    "Unauthorized": _error_response(
        "A credential is missing or malformed: the analysis routes need an API key when the "
        "operator sets ARBITRE_API_KEYS; the organiser's commands and players' actions need a "
        "token in "
        "Authorization: Bearer <token>, and any Authorization header must have that form; the "
        "account routes: a wrong name or password (wrong_credentials, one message for both), a "
        "session token or API key unknown, expired, signed out or revoked (bad_token).",
        authenticate=True,
    ),
    "Forbidden": _error_response(
        "The credential is not one this server or this game knows: an unknown API key, not the "
        "organiser's token, not a player's token of this game; a saved environment's password "
        "missing or wrong (wrong_password); an account's API key where its session is needed "
        "(session_needed)."
    ),
    "NotFound": _error_response("No such route, lexicon, game, turn or saved environment."),
    "Conflict": _error_response(
        "The game cannot do that now: joining a game that started, starting it twice, pausing "
        "a game that is not running, an action the game cannot take now (an answer to a turn "
        "that is not open: late, paused, over), the results of a turn not revealed yet; a "
        "saved environment's or an account's name taken (name_taken)."
    ),
    "MethodNotAllowed": _error_response("The route does not take this method.", allow=True),
    "PayloadTooLarge": _error_response("The body is over the gateway's limit (256 KiB)."),
    "UnsupportedMediaType": _error_response(
        "The body is not sent as Content-Type: application/json."
    ),
    "TooManyRequests": _error_response(
        "Too many requests of this kind from this client address (code rate_limited): "
        "creating games, joining them (and seating robots), playing (the players' actions, "
        "leaving and Next), the analysis routes, saving, loading or deleting environments and "
        "signing up, in or deleting an account each have a limit per client, set by the "
        "operator (ARBITRE_RATE_LIMIT_CREATE, _JOIN, _ANSWER, _ANALYSIS, _ENVIRONMENTS, "
        "_ACCOUNTS); retry after "
        "Retry-After "
        "seconds.",
        retry=True,
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
    "example": "fr",
}


def _search_parameter(name: str, description: str) -> dict[str, Any]:
    return {
        "name": name,
        "in": "query",
        "required": False,
        "description": description + " Give exactly one of anagrams, pattern and plus_one.",
        "schema": {"type": "string", "maxLength": MAX_QUERY_CHARS},
    }


_KEY_NOTE = (
    " When the operator sets ARBITRE_API_KEYS, this route needs one of the keys, in X-API-Key "
    "or in Authorization: Bearer <key> (401 without, 403 with a wrong one); otherwise it is open."
)
#: The analysis routes: an API key (either way) when the operator sets any, else nothing.
_KEYED: list[dict[str, list[str]]] = [{"apiKey": []}, {"apiKeyBearer": []}, {}]

_SECURITY_SCHEMES: dict[str, Any] = {
    "apiKey": {
        "type": "apiKey",
        "in": "header",
        "name": "X-API-Key",
        "description": "An API key for third-party apps, on the analysis routes (solve, score, "
        "lexicons). Required only when the operator sets ARBITRE_API_KEYS (comma-separated "
        "keys); without it, those routes are open.",
    },
    "apiKeyBearer": {
        "type": "http",
        "scheme": "bearer",
        "description": "The same API key sent as Authorization: Bearer <key>; X-API-Key wins "
        "when both are sent. Required only when the operator sets ARBITRE_API_KEYS.",
    },
    "organiserToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The organiser_token POST /v1/games answered: start, pause and resume "
        "the game.",
    },
    "accountToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The session_token POST /v1/accounts or POST /v1/accounts/sessions "
        "answered, or an API key of the account (ak_...) in its place, except to sign out, "
        "delete the account or issue a key.",
    },
    "accountApiKey": {
        "type": "apiKey",
        "in": "header",
        "name": "X-API-Key",
        "description": "An API key of the account (ak_...), in place of its session token.",
    },
    "playerToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "The player_token POST /v1/games/{game_id}/players answered: act "
        "(answer the turns), say Next, leave, see one's own part in the game's state.",
    },
}


def _post(
    summary: str, request_schema: str, response_schema: str, description: str
) -> dict[str, Any]:
    return {
        "post": {
            "summary": summary,
            "description": description + _KEY_NOTE,
            "security": _KEYED,
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": _ref(request_schema)}},
            },
            "responses": {
                "200": _json(_ref(response_schema), summary),
                **_errors(400, 401, 403, 404, 405, 413, 415, 500, 502, 503),
            },
        }
    }


def _get(
    summary: str,
    response: dict[str, Any],
    parameters: list[dict[str, Any]] | None = None,
    errors: tuple[int, ...] = (400, 404, 405, 500, 502, 503),
    keyed: bool = False,
) -> dict[str, Any]:
    operation: dict[str, Any] = {"summary": summary, "responses": {"200": response}}
    if keyed:
        operation["description"] = summary + "." + _KEY_NOTE
        operation["security"] = _KEYED
        errors = tuple(sorted({*errors, 401, 403}))
    operation["responses"].update(_errors(*errors))
    if parameters:
        operation["parameters"] = parameters
    return {"get": operation}


# -- games ---------------------------------------------------------------------------------------

_GAME_ID = {
    "name": "game_id",
    "in": "path",
    "required": True,
    "description": "The game_id POST /v1/games answered; any other id is a 404.",
    "schema": {"type": "string", "pattern": GAME_ID_PATTERN},
}
_CONTEST_ID = {
    "name": "contest_id",
    "in": "path",
    "required": True,
    "description": "The contest_id POST /v1/contests answered; any other id is a 404.",
    "schema": {"type": "string", "pattern": GAME_ID_PATTERN},
}
_TURN = {
    "name": "turn",
    "in": "path",
    "required": True,
    "description": "A turn number, from 1.",
    "schema": {"type": "integer", "minimum": 1, "maximum": MAX_TURN},
}
_EVENT_ID_PATTERN = "^[0-9]{1,20}-[0-9]{1,20}$"

#: The errors of every game route that calls the session service.
_GAME_ERRORS = (400, 404, 405, 500, 502, 503)
_BODY_ERRORS = (413, 415)
_ORGANISER: list[dict[str, list[str]]] = [{"organiserToken": []}]
_PLAYER: list[dict[str, list[str]]] = [{"playerToken": []}]


def _game_operation(
    summary: str,
    description: str,
    ok: dict[str, Any],
    *,
    status: str = "200",
    errors: tuple[int, ...] = _GAME_ERRORS,
    parameters: list[dict[str, Any]] | None = None,
    body: str | None = None,
    body_required: bool = True,
    security: list[dict[str, list[str]]] | None = None,
) -> dict[str, Any]:
    operation: dict[str, Any] = {"summary": summary, "description": description}
    if parameters:
        operation["parameters"] = parameters
    if security is not None:
        operation["security"] = security
    if body is not None:
        operation["requestBody"] = {
            "required": body_required,
            "content": {"application/json": {"schema": _ref(body)}},
        }
        errors = (*errors, *_BODY_ERRORS)
    operation["responses"] = {status: ok, **_errors(*sorted(set(errors)))}
    return operation


def _command(
    verb: str, description: str, body: str = "CommandRequest", required: bool = False
) -> dict[str, Any]:
    ignored = " Takes the organiser's token; a body, if any, is ignored but must be a JSON object."
    return {
        "post": _game_operation(
            f"{verb} the game (the organiser)",
            description
            + (ignored if body == "CommandRequest" else " Takes the organiser's token."),
            _json(_ref("GameState"), "The game's state after the command."),
            errors=(*_GAME_ERRORS, 401, 403, 409),
            parameters=[_GAME_ID],
            body=body,
            body_required=required,
            security=_ORGANISER,
        )
    }


def _kind_paths() -> dict[str, Any]:
    """The routes of a player's actions in a game of any kind, and of the organiser's Next."""
    return {
        "/v1/games/{game_id}/actions": {
            "post": _game_operation(
                "Act in a game (a player)",
                "A player's action, of the game's kind. In a duplicate game, an answer to the "
                'open turn, {"move": "H4 FANAT", "turn": 1} (turn optional: the open one), '
                "judged at once: the result gives its points on the board (its words are "
                "checked only at the reveal) and how many players answered; a later answer "
                "replaces the earlier one, and the turn ends at its deadline or once every "
                "player has answered; with dry_run, the points of a pose, kept nowhere. In Duel "
                'de Mots, a guess {"guess": "crane", "round": 1}: the result gives its letters '
                'and marks. In Indecix, a placement {"cell": "C4", "roll": 7} of the open '
                "roll's die by its player: the result gives its captures, suites and points, "
                "and the next die is rolled at once. In dupliKta, a request at the loupe "
                '{"turn": 1, "redraw": "K"} or {"turn": 1, "exchange": "K", "for": "E"}, on '
                "the player's own copy of the rack (the result: what became of it, their rack, "
                'Chances and box), or their confirm {"turn": 1, "confirm": "H8 JOUR"} (null: '
                'a pass, with "loupe" and "returned" tokens), final (the result: the move as '
                "judged and its score if its words are valid; whether they are is told at the "
                "turn's close), or a pause of the open turn from the player's budget "
                '{"turn": 1, "pause": true}, resumed by either player {"turn": 1, "resume": '
                "true} (the result and the events turn_paused, turn_resumed tell it). "
                "Refused, spending nothing, with the kind's "
                "code: 400 for a malformed action or a move that cannot be placed (bad_action, "
                "illegal_move, bad_notation, unknown_letter, bad_rack; wrong_length, "
                "not_a_letter; bad_cell; bad_tokens, letter_not_in_set, same_token, "
                "loupe_with_move), 409 for one the game cannot take now (not_started, "
                "wrong_turn, too_late, turn_closed, game_over, not_seated, paused; not_in_list, "
                "already_tried, round_not_open, round_over, no_tries_left, already_found, "
                "wrong_round, waiting, no_dry_run; not_your_turn, wrong_roll, occupied, "
                "illegal_cell, no_roll; not_open, already_confirmed, not_enough_chances, "
                "not_on_rack, not_paused, no_pause_left). "
                "A request_id sent again (a retry) gets the first answer, with replayed true, "
                "and spends nothing more.",
                _json(_ref("ActResponse"), "The action, taken."),
                errors=(*_GAME_ERRORS, 401, 403, 409),
                parameters=[_GAME_ID],
                body="ActRequest",
                security=_PLAYER,
            )
        },
        "/v1/games/{game_id}/leave": {
            "post": _game_operation(
                "Leave a game (a player)",
                "The player leaves the game: what they played still counts and nobody waits "
                "for them any more (a turn or round may end at once). A body, if any, is "
                "ignored but must be a JSON object.",
                _json(_ref("GameState"), "The game's state after the leave."),
                errors=(*_GAME_ERRORS, 401, 403, 409),
                parameters=[_GAME_ID],
                body="CommandRequest",
                body_required=False,
                security=_PLAYER,
            )
        },
        "/v1/games/{game_id}/next": _command(
            "Open the next turn or round of",
            "Between two turns or rounds, during the reveal: open the next one now (it opens "
            "by itself at the end of the reveal; a duel's only so when its pause is 0; an "
            "Indecix match's next game only so; a dupliKta turn 5 s after the close); 409 "
            "(round_open) while one is open, and before the start.",
        ),
    }


def _game_paths() -> dict[str, Any]:
    return {
        **_kind_paths(),
        "/v1/games": {
            "post": _game_operation(
                "Create a game",
                "A game waiting for its players; the answer holds its id and the organiser's "
                "token (given only once). Created with an account's session token or API key, "
                "the game is the account's too (listed in GET /v1/accounts/me/games with the "
                "role organiser) and the account's credentials act as the organiser's token on "
                "any device; a bad one is a 401 and creates nothing. A game from a package "
                "(a simultané) created with an account's credential needs an organiser "
                "account: 403 not_organiser otherwise (a guest still creates one).",
                _json(_ref("CreateGameResponse"), "The game, created."),
                status="201",
                errors=(400, 401, 403, 405, 500, 502, 503),
                body="CreateGameRequest",
                security=[{}, {"accountToken": []}, {"accountApiKey": []}],
            )
        },
        "/v1/contests": {
            "post": _game_operation(
                "Create a contest (many tables, one package)",
                "Tables made from the same pre-drawn package, ranked across tables seat by "
                "seat; the answer holds the contest's id, the organiser's token (the tables' "
                "too; given only once) and every table's game_id, the links to hand out.",
                _json(_ref("CreateContestResponse"), "The contest, created."),
                status="201",
                errors=(400, 405, 500, 502, 503),
                body="CreateContestRequest",
            )
        },
        "/v1/contests/{contest_id}": {
            "get": _game_operation(
                "A contest",
                "Its tables (their game ids to the organiser only while it runs), each "
                "finished table's totals, and the finished tables' players ranked. Closed by "
                "itself once every table is over.",
                _json(_ref("Contest"), "The contest."),
                errors=(*_GAME_ERRORS, 401),
                parameters=[_CONTEST_ID],
                security=[*_ORGANISER, {}],
            )
        },
        "/v1/contests/{contest_id}/close": {
            "post": _game_operation(
                "Close a contest (the organiser)",
                "Before every table is over: the tables not over are left out of the ranking "
                "(their games go on, unranked) and every table's id becomes public, so close "
                "so only when they are abandoned. Closing a closed contest returns it as it "
                "closed. A body, if any, is ignored.",
                _json(_ref("Contest"), "The contest, closed."),
                errors=(*_GAME_ERRORS, 401, 403),
                parameters=[_CONTEST_ID],
                security=_ORGANISER,
            )
        },
        "/v1/games/{game_id}/players": {
            "post": _game_operation(
                "Join a game",
                "Players join a game until it starts (409 after, unless its configuration "
                "takes late players; 409 table_full once a table's seats are taken, "
                "robot_seat when the only seat left is a robot's: a dupliKta scenario's "
                "second seat is Tourlou's). The "
                "answer holds the player's id and token (given only once). Guests need no "
                "credential; with an account's session token or API key the seat is the "
                "account's, the club, serie and country left out taken from the account "
                "(listed in GET /v1/accounts/me/games, taken back from another "
                "device by POST /v1/accounts/me/games/{game_id}/seat); a bad one is a 401 and "
                "seats nobody.",
                _json(_ref("JoinResponse"), "The player, joined."),
                status="201",
                errors=(*_GAME_ERRORS, 401, 409),
                parameters=[_GAME_ID],
                body="JoinRequest",
                security=[{}, {"accountToken": []}, {"accountApiKey": []}],
            )
        },
        "/v1/games/{game_id}/robots": {
            "post": _game_operation(
                "Seat a robot (the organiser)",
                "A robot player joins the waiting game: it acts through the same path as "
                "people, at a moment of its own. Takes the organiser's token. Where the "
                "rules keep a seat for a robot, it takes that one (a dupliKta scenario: the "
                "second, Tourlou's, whoever sat first); 409 table_full when it is taken.",
                _json(_ref("RobotResponse"), "The robot, seated."),
                status="201",
                errors=(*_GAME_ERRORS, 401, 403, 409),
                parameters=[_GAME_ID],
                body="RobotRequest",
                security=_ORGANISER,
            )
        },
        "/v1/games/{game_id}/start": _command(
            "Start",
            "Draw the first turn of a waiting game that has a player at least. A game made "
            "from a sealed package needs its release key (in the body, unless given before to "
            "/package-key): a wrong or mistyped key is a 400 and the game keeps waiting.",
            "StartRequest",
        ),
        "/v1/games/{game_id}/package-key": _command(
            "Release the package key of",
            "Give the release key of a waiting game's sealed package ahead of its scheduled "
            "start: checked at once (400 if it does not open the package), kept, and used at "
            "the start; the package stays sealed until then.",
            "ReleaseKeyRequest",
            required=True,
        ),
        "/v1/games/{game_id}/pause": _command(
            "Pause", "Stop the clock of a running game: answers are refused until it resumes."
        ),
        "/v1/games/{game_id}/resume": _command(
            "Resume", "Restart the clock of a paused game: the deadline moves by the pause."
        ),
        "/v1/games/{game_id}": {
            "get": _game_operation(
                "The state of a game",
                "Public: the session's part (status, clock, seats, the players' names) and the "
                "kind's view (for duplicate: the board, the tirage, who answered, the closed "
                "turns and the standings). With a player's token, the view is theirs: their own "
                "answer to the open turn, their line (a token this game does not know just shows "
                "nothing more; a malformed Authorization header is a 401).",
                _json(_ref("GameState"), "The game's state."),
                errors=(*_GAME_ERRORS, 401),
                parameters=[_GAME_ID],
                security=[*_PLAYER, {}],
            )
        },
        "/v1/games/{game_id}/results": {
            "get": _game_operation(
                "A simultané's results",
                "Everyone ranked together, online players and the centres merged in, with "
                "shared places, négatif and % of top; a view keeps the lines of one série, "
                "club, country or centre (its own places in view_place); format=csv for the "
                "export (place, name, score, négatif, série, club, country...).",
                {
                    "description": "The ranking (JSON), or the CSV export.",
                    "content": {
                        "application/json": {"schema": _ref("Results")},
                        "text/csv": {"schema": {"type": "string"}},
                    },
                },
                parameters=[
                    _GAME_ID,
                    *(
                        {
                            "name": name,
                            "in": "query",
                            "required": False,
                            "description": f"Only the lines of this {name} (case and spaces "
                            "around ignored).",
                            "schema": {"type": "string", "maxLength": MAX_CLUB_CHARS},
                        }
                        for name in ("serie", "club", "country", "centre")
                    ),
                    {
                        "name": "format",
                        "in": "query",
                        "required": False,
                        "description": "json (default) or csv.",
                        "schema": {"type": "string", "enum": ["json", "csv"]},
                    },
                ],
            )
        },
        "/v1/games/{game_id}/centres": {
            "post": _game_operation(
                "Merge a centre's results (the organiser)",
                "A centre that played the game offline sends its results file once the game is "
                "over (409 before); a file with any bad line is refused whole: a 400 with code "
                "bad_centre_results and error.problems, every problem with its line number. "
                "A centre's later file replaces its earlier one.",
                _json(_ref("CentreResponse"), "The centre, merged."),
                status="201",
                errors=(*_GAME_ERRORS, 401, 403, 409),
                parameters=[_GAME_ID],
                body="CentreRequest",
                security=_ORGANISER,
            )
        },
        "/v1/games/{game_id}/turns/{turn}/next": {
            "post": _game_operation(
                "Ready for the next turn (a player)",
                "During the reveal of the turn: the player is ready to go on (event "
                "next_count). Once every person at the game is (robots always are), the next "
                "turn starts without waiting for the end of the reveal. 409 outside the "
                "turn's reveal; a body, if any, is ignored but must be a JSON object.",
                _json(_ref("NextResponse"), "Who is ready."),
                errors=(*_GAME_ERRORS, 401, 403, 409),
                parameters=[_GAME_ID, _TURN],
                body="CommandRequest",
                body_required=False,
                security=_PLAYER,
            )
        },
        "/v1/games/{game_id}/turns/{turn}": {
            "get": _game_operation(
                "The results of a revealed turn",
                "The closed turn or round, everything shown: a duplicate turn's top and every "
                "player's answer, once the turn is revealed (409 not_revealed before; 404 for a "
                f"number out of 1 to {MAX_TURN:,}); with ?best=N, also the turn's N best moves (to "
                "replay the turn; 409 no_best_moves for a kind whose turns have none).",
                _json(_ref("TurnResult"), "The turn's results."),
                errors=(*_GAME_ERRORS, 409),
                parameters=[
                    _GAME_ID,
                    _TURN,
                    {
                        "name": "best",
                        "in": "query",
                        "required": False,
                        "description": "List this many of the turn's best moves (default 0).",
                        "schema": {"type": "integer", "minimum": 0, "maximum": MAX_BEST_MOVES},
                    },
                ],
            )
        },
        "/v1/games/{game_id}/standings": {
            "get": _game_operation(
                "The standings",
                "Ranked by total after the closed turns (every player first, before any turn "
                "closes), a page at a time.",
                _json(_ref("Standings"), "A page of the standings."),
                parameters=[
                    _GAME_ID,
                    {
                        "name": "offset",
                        "in": "query",
                        "required": False,
                        "description": "Lines to skip (default 0).",
                        "schema": {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET},
                    },
                    {
                        "name": "limit",
                        "in": "query",
                        "required": False,
                        "description": "At most this many lines; 0 (default): every line.",
                        "schema": {"type": "integer", "minimum": 0, "maximum": MAX_STANDINGS_LIMIT},
                    },
                ],
            )
        },
        "/v1/games/{game_id}/record": {
            "get": _game_operation(
                "The game's record (JSON)",
                "Everything needed to replay and check the game so far, with `arbitre`.",
                _json(
                    _ref("GameRecord"),
                    "The record: the kind's, with the session's part.",
                ),
                parameters=[_GAME_ID],
            )
        },
        "/v1/games/{game_id}/review": {
            "get": _game_operation(
                "A finished game reviewed move by move",
                "The kind's strongest robot values every move of the finished game (Indecix: "
                "each placement's expected points against the best cell's, and the loss); "
                "409 not_over before the end (it would be an aid), 409 no_review for a kind "
                "without one.",
                _json(_ref("GameReview"), "The review."),
                errors=(*_GAME_ERRORS, 409),
                parameters=[_GAME_ID],
            )
        },
        "/v1/games/{game_id}/sheet": {
            "get": _game_operation(
                "The game's sheet (text)",
                "The feuille de partie of the closed turns: draws, tops, scores.",
                {
                    "description": "The sheet, plain text.",
                    "content": {"text/plain": {"schema": {"type": "string"}}},
                },
                parameters=[_GAME_ID],
            )
        },
        "/v1/games/{game_id}/events": {
            "get": _game_operation(
                "The game's events (server-sent events)",
                "A stream that never ends before the game does: first the game's state "
                "(event `state`), then every event of the game, each with its id; a comment "
                "line as a ping when idle. To resume after a break, send the last id seen in "
                "Last-Event-ID (or ?after=): the stream goes on from there, without the state "
                "(from further back than the gateway keeps, it starts again with a fresh state; "
                "an id later than the game's newest event is a 400). "
                "The events (each one GameEvent, its data one line of JSON): "
                + "; ".join(f"`{kind}`: {text}" for kind, (text, _data) in _EVENTS.items()),
                {
                    "description": "The event stream: GameEvent after GameEvent.",
                    "headers": {
                        "Cache-Control": {
                            "description": "no-cache",
                            "schema": {"type": "string"},
                        }
                    },
                    "content": {
                        "text/event-stream": {
                            "schema": {
                                "type": "string",
                                "description": "Server-sent events, each a GameEvent: "
                                "id: <id>, event: <type>, data: <JSON>, then a blank line.",
                            },
                            "x-event-schema": _ref("GameEvent"),
                        }
                    },
                },
                parameters=[
                    _GAME_ID,
                    {
                        "name": "after",
                        "in": "query",
                        "required": False,
                        "description": "The id of the last event seen (wins over Last-Event-ID).",
                        "schema": {"type": "string", "pattern": _EVENT_ID_PATTERN},
                    },
                    {
                        "name": "Last-Event-ID",
                        "in": "header",
                        "required": False,
                        "description": "The id of the last event seen, as browsers send it.",
                        "schema": {"type": "string", "pattern": _EVENT_ID_PATTERN},
                    },
                ],
            )
        },
    }


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


# -- saved environments ------------------------------------------------------------------------

_ENVIRONMENT_SCHEMAS: dict[str, Any] = {
    "SaveEnvironmentRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["kind", "name", "options"],
        "description": "A kind's game options saved under a name, to fill its create form again "
        "later. The options are checked by the kind as a game's configuration is (400 "
        "bad_options) and kept as the kind writes them back (every option, defaults too).",
        "examples": [
            {
                "kind": "duplikta",
                "name": "Club du mardi",
                "options": {"tiles": "fr", "clock": 120, "chances": 2},
                "password": "sésame",
            }
        ],
        "properties": {
            "kind": {"type": "string", "enum": list(GAME_KINDS)},
            "name": {
                "type": "string",
                "description": f"1 to {MAX_ENVIRONMENT_NAME_CHARS} characters once trimmed, no "
                "control character, no slash (400 bad_name); unique per kind whatever its case "
                "(409 name_taken unless overwrite).",
            },
            "options": {
                "type": "object",
                "description": "The kind's game options, as `config` of POST /v1/games.",
            },
            "password": _optional(
                {
                    "type": "string",
                    "maxLength": MAX_ENVIRONMENT_PASSWORD_CHARS,
                    "description": "Needed from then on to load, overwrite or delete it "
                    "(kept as an argon2id hash); empty or null: none.",
                }
            ),
            "overwrite": _optional(
                {
                    "type": "boolean",
                    "description": "Replace the environment of this name (with its password, "
                    "when it has one: else 403 wrong_password); it takes this password.",
                }
            ),
        },
    },
    "Environment": {
        "type": "object",
        "additionalProperties": False,
        "required": ["kind", "name", "protected", "options", "created_ms", "updated_ms"],
        "properties": {
            "kind": {"type": "string"},
            "name": {"type": "string", "description": "As saved (its case kept)."},
            "protected": {"type": "boolean", "description": "Whether it has a password."},
            "options": _optional(
                {
                    "type": "object",
                    "description": "The kind's options; null in a list for a protected one, "
                    "and for one deleted.",
                }
            ),
            "created_ms": {"type": "integer"},
            "updated_ms": {"type": "integer"},
        },
    },
    "EnvironmentList": {
        "type": "object",
        "additionalProperties": False,
        "required": ["environments"],
        "properties": {"environments": {"type": "array", "items": _ref("Environment")}},
    },
}

_ENVIRONMENT_PARAMETERS: list[dict[str, Any]] = [
    {
        "name": "kind",
        "in": "path",
        "required": True,
        "description": "The kind the environment is of; another is a 404.",
        "schema": {"type": "string"},
    },
    {
        "name": "name",
        "in": "path",
        "required": True,
        "description": "Its name, any case.",
        "schema": {"type": "string"},
    },
    {
        "name": "X-Environment-Password",
        "in": "header",
        "required": False,
        "description": "The environment's password when it has one (403 wrong_password when "
        "missing or wrong), percent-encoded as UTF-8 (as encodeURIComponent does). Never in "
        "the URL.",
        "schema": {"type": "string", "maxLength": 3 * MAX_ENVIRONMENT_PASSWORD_CHARS},
    },
]


def _environment_paths() -> dict[str, Any]:
    return {
        "/v1/environments": {
            "post": _game_operation(
                "Save a game's options under a name",
                "An environment: a kind's options (what its create form holds) saved under a "
                "name, with an optional password, loaded later to fill the form again.",
                _json(_ref("Environment"), "The environment, saved."),
                status="201",
                errors=(400, 403, 405, 409, 500, 502, 503),
                body="SaveEnvironmentRequest",
            ),
            "get": _game_operation(
                "A kind's saved environments",
                "Their names, by name; a protected one's options are null.",
                _json(_ref("EnvironmentList"), "The environments."),
                errors=(400, 405, 500, 502, 503),
                parameters=[
                    {
                        "name": "kind",
                        "in": "query",
                        "required": True,
                        "description": "The kind (duplikta).",
                        "schema": {"type": "string", "enum": list(GAME_KINDS)},
                    }
                ],
            ),
        },
        "/v1/environments/{kind}/{name}": {
            "get": _game_operation(
                "A saved environment, with its options",
                "Its options checked again by the kind (400 bad_options when it cannot read "
                "them any more).",
                _json(_ref("Environment"), "The environment."),
                errors=(400, 403, 404, 405, 500, 502, 503),
                parameters=_ENVIRONMENT_PARAMETERS,
            ),
            "delete": _game_operation(
                "Delete a saved environment",
                "With its password when it has one.",
                _json(_ref("Environment"), "The environment deleted (options null)."),
                errors=(400, 403, 404, 405, 500, 502, 503),
                parameters=_ENVIRONMENT_PARAMETERS,
            ),
        },
    }


# -- accounts ----------------------------------------------------------------------------------

_PASSWORD = {
    "type": "string",
    "maxLength": MAX_ACCOUNT_PASSWORD_CHARS,
    "description": f"{MIN_ACCOUNT_PASSWORD_CHARS} to {MAX_ACCOUNT_PASSWORD_CHARS} characters "
    "(400 bad_password); kept as an argon2id hash, never logged nor returned.",
}
_ACCOUNT_SCHEMAS: dict[str, Any] = {
    "SignUpRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["name", "password"],
        "description": "A new account: its name and password, and an optional registration "
        "(checked as a simultané's: 400 bad_registration) that pre-fills the player's.",
        "examples": [
            {
                "name": "Zoé",
                "password": "correct horse battery",
                "club": "Club de Lyon",
                "serie": "S3",
                "country": "FRA",
            }
        ],
        "properties": {
            "name": {
                "type": "string",
                "description": f"1 to {MAX_ACCOUNT_NAME_CHARS} printable characters once "
                "trimmed, no slash (400 bad_name); unique whatever its case (409 name_taken).",
            },
            "password": _PASSWORD,
            "licence": _optional(
                {
                    "type": "string",
                    "maxLength": MAX_LICENCE_CHARS,
                    "description": "A federation's licence number: letters, digits, spaces, "
                    "- and /.",
                }
            ),
            "club": _optional({"type": "string", "maxLength": MAX_CLUB_CHARS}),
            "serie": _optional(
                {
                    "type": "string",
                    "maxLength": MAX_SERIE_CHARS,
                    "description": "S1 to S7, or a category.",
                }
            ),
            "country": _optional(
                {
                    "type": "string",
                    "maxLength": MAX_COUNTRY_CHARS,
                    "description": "A code of 2 or 3 letters.",
                }
            ),
        },
    },
    "SignInRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["name", "password"],
        "properties": {
            "name": {"type": "string", "description": "Any case."},
            "password": {"type": "string", "maxLength": MAX_ACCOUNT_PASSWORD_CHARS},
        },
    },
    "DeleteAccountRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["password"],
        "properties": {
            "password": {
                "type": "string",
                "maxLength": MAX_ACCOUNT_PASSWORD_CHARS,
                "description": "The account's password, asked again (401 wrong_credentials).",
            }
        },
    },
    "ApiKeyRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["label"],
        "properties": {
            "label": {
                "type": "string",
                "maxLength": MAX_API_KEY_LABEL_CHARS,
                "description": "What the key is for: 1 to "
                f"{MAX_API_KEY_LABEL_CHARS} printable characters (400 bad_label).",
            }
        },
    },
    "Account": {
        "type": "object",
        "additionalProperties": False,
        "required": [
            "account_id",
            "name",
            "licence",
            "club",
            "serie",
            "country",
            "organiser",
            "created_ms",
        ],
        "properties": {
            "account_id": {"type": "integer"},
            "name": {"type": "string", "description": "As signed up (its case kept)."},
            "licence": {"type": "string"},
            "club": {"type": "string"},
            "serie": {"type": "string"},
            "country": {"type": "string"},
            "organiser": {
                "type": "boolean",
                "description": "Granted by an operator (arbitre accounts grant-organiser NAME).",
            },
            "created_ms": {"type": "integer"},
        },
    },
    "SignedIn": {
        "type": "object",
        "additionalProperties": False,
        "required": ["account", "session_token", "expires_ms"],
        "properties": {
            "account": _ref("Account"),
            "session_token": {
                "type": "string",
                "description": "The bearer token of this session (shown once; the server keeps "
                "its SHA-256 only): Authorization: Bearer <token>.",
            },
            "expires_ms": {"type": "integer", "description": "When it expires (Unix ms)."},
        },
    },
    "ApiKey": {
        "type": "object",
        "additionalProperties": False,
        "required": ["key_id", "label", "prefix", "created_ms", "revoked_ms"],
        "properties": {
            "key_id": {"type": "integer"},
            "label": {"type": "string"},
            "prefix": {"type": "string", "description": "The key's first characters."},
            "created_ms": {"type": "integer"},
            "revoked_ms": {"type": ["integer", "null"], "description": "null: in force."},
        },
    },
    "ApiKeyIssued": {
        "type": "object",
        "additionalProperties": False,
        "required": ["api_key", "key"],
        "properties": {
            "api_key": _ref("ApiKey"),
            "key": {
                "type": "string",
                "description": "The key (shown once; the server keeps its SHA-256 only).",
            },
        },
    },
    "MyGame": {
        "type": "object",
        "additionalProperties": False,
        "required": [
            "game_id",
            "kind",
            "title",
            "player_id",
            "joined_ms",
            "status",
            "role",
            "result",
        ],
        "properties": {
            "game_id": {"type": "string"},
            "kind": {"type": "string"},
            "title": {"type": "string"},
            "player_id": {
                "type": "string",
                "description": "The account's player in it (empty for the organiser's role).",
            },
            "role": {
                "type": "string",
                "enum": ["player", "organiser"],
                "description": "organiser: a game the account created signed in (its "
                "credentials act as the organiser's token).",
            },
            "joined_ms": {"type": "integer"},
            "status": {
                "type": "string",
                "description": "The game's status while live (waiting, running, paused...); "
                "over once finished; expired when neither the session nor the archive has it.",
            },
            "result": {
                "description": "The player's result from the archive once the game is "
                "archived; null before.",
                "anyOf": [
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["finished_ms", "rank", "total", "players", "details"],
                        "properties": {
                            "finished_ms": {"type": "integer"},
                            "rank": {"type": "integer"},
                            "total": {"type": "integer"},
                            "players": {"type": "integer"},
                            "details": {
                                "type": ["object", "null"],
                                "description": "The kind's figures of the standings line.",
                            },
                        },
                    },
                    {"type": "null"},
                ],
            },
        },
    },
    "Figures": {
        "type": "object",
        "additionalProperties": False,
        "required": ["kind", "games", "rating", "percent_of_top", "series"],
        "description": "An account's long-term figure in a kind: Duel de Mots and Indecix a "
        "Glicko-2 rating (updated once per archived game; null before the first), duplicate the "
        "mean % of top over its last games with each game's, oldest first (for a curve).",
        "properties": {
            "kind": {"type": "string", "enum": list(FIGURE_KINDS)},
            "games": {"type": "integer", "description": "How many games it is over."},
            "rating": {
                "anyOf": [
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["rating", "deviation", "volatility"],
                        "properties": {
                            "rating": {"type": "number"},
                            "deviation": {"type": "number"},
                            "volatility": {"type": "number"},
                        },
                    },
                    {"type": "null"},
                ]
            },
            "percent_of_top": {"type": ["number", "null"]},
            "series": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["game_id", "finished_ms", "percent_of_top"],
                    "properties": {
                        "game_id": {"type": "string"},
                        "finished_ms": {"type": "integer"},
                        "percent_of_top": {"type": "number"},
                    },
                },
            },
        },
    },
    "Rankings": {
        "type": "object",
        "additionalProperties": False,
        "required": ["kind", "lines"],
        "properties": {
            "kind": {"type": "string", "enum": list(FIGURE_KINDS)},
            "lines": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": [
                        "rank",
                        "account_id",
                        "name",
                        "club",
                        "serie",
                        "country",
                        "games",
                        "rating",
                        "deviation",
                        "percent_of_top",
                    ],
                    "properties": {
                        "rank": {"type": "integer", "description": "Shared on equal figures."},
                        "account_id": {
                            "type": ["integer", "null"],
                            "description": "null for a deleted account.",
                        },
                        "name": {
                            "type": ["string", "null"],
                            "description": "null for a deleted account (its result stays).",
                        },
                        "club": {"type": "string"},
                        "serie": {"type": "string"},
                        "country": {"type": "string"},
                        "games": {"type": "integer"},
                        "rating": {"type": ["number", "null"], "description": "Rated kinds."},
                        "deviation": {"type": ["number", "null"]},
                        "percent_of_top": {
                            "type": ["number", "null"],
                            "description": "Duplicate: the mean over the last 10 games.",
                        },
                    },
                },
            },
        },
    },
    "MyGameList": {
        "type": "object",
        "additionalProperties": False,
        "required": ["games"],
        "properties": {"games": {"type": "array", "items": _ref("MyGame")}},
    },
    "ApiKeyList": {
        "type": "object",
        "additionalProperties": False,
        "required": ["api_keys"],
        "properties": {"api_keys": {"type": "array", "items": _ref("ApiKey")}},
    },
}
_ACCOUNT: list[dict[str, list[str]]] = [{"accountToken": []}, {"accountApiKey": []}]
_FIGURE_KIND = {
    "name": "kind",
    "in": "query",
    "required": True,
    "description": "The kind: duplicate, duel or indecix (400 bad_kind otherwise).",
    "schema": {"type": "string", "enum": list(FIGURE_KINDS)},
}
_SESSION_ONLY: list[dict[str, list[str]]] = [{"accountToken": []}]
_ACCOUNT_ERRORS = (400, 401, 403, 405, 500, 502, 503)


def _account_paths() -> dict[str, Any]:
    signed_in = _json(_ref("SignedIn"), "Signed in: the account and its session token.")
    account = _json(_ref("Account"), "The account.")
    return {
        "/v1/accounts": {
            "post": _game_operation(
                "Sign up",
                "A new account, signed in. Guests need none to play.",
                signed_in,
                status="201",
                errors=(400, 405, 409, 500, 502, 503),
                body="SignUpRequest",
            )
        },
        "/v1/accounts/sessions": {
            "post": _game_operation(
                "Sign in",
                "A new session of the account (one a device): 401 wrong_credentials, the same "
                "message for an unknown name and a wrong password.",
                signed_in,
                status="201",
                errors=(400, 401, 405, 500, 502, 503),
                body="SignInRequest",
            )
        },
        "/v1/accounts/me/session": {
            "delete": _game_operation(
                "Sign out",
                "Ends this session (the account's other sessions and its keys go on).",
                account,
                errors=_ACCOUNT_ERRORS,
                security=_SESSION_ONLY,
            )
        },
        "/v1/accounts/me": {
            "get": _game_operation(
                "The signed-in account",
                "The account of the session token or API key.",
                account,
                errors=_ACCOUNT_ERRORS,
                security=_ACCOUNT,
            ),
            "delete": _game_operation(
                "Delete the account",
                "With its password again: its sessions and keys end, its name is free again; "
                "its finished results stay, without its name.",
                _json(_ref("Account"), "What the account was."),
                errors=_ACCOUNT_ERRORS,
                body="DeleteAccountRequest",
                security=_SESSION_ONLY,
            ),
        },
        "/v1/accounts/me/keys": {
            "post": _game_operation(
                "Issue an API key",
                "A key for a third-party app, accepted in place of the session token.",
                _json(_ref("ApiKeyIssued"), "The key (shown once)."),
                status="201",
                errors=_ACCOUNT_ERRORS,
                body="ApiKeyRequest",
                security=_SESSION_ONLY,
            ),
            "get": _game_operation(
                "The account's API keys",
                "Revoked ones too, oldest first; never the keys themselves.",
                _json(_ref("ApiKeyList"), "The keys."),
                errors=_ACCOUNT_ERRORS,
                security=_ACCOUNT,
            ),
        },
        "/v1/accounts/me/games": {
            "get": _game_operation(
                "The account's games",
                "The games the account holds a seat of (joined with its token), newest first: "
                "live ones with their status, finished ones with the player's result.",
                _json(_ref("MyGameList"), "The games."),
                errors=_ACCOUNT_ERRORS,
                security=_ACCOUNT,
                parameters=[
                    {
                        "name": "limit",
                        "in": "query",
                        "required": False,
                        "description": "At most this many (0, the default: 100).",
                        "schema": {"type": "integer", "minimum": 0, "maximum": 200},
                    },
                    {
                        "name": "kind",
                        "in": "query",
                        "required": False,
                        "description": "Only the games of this kind.",
                        "schema": {"type": "string", "enum": list(GAME_KINDS)},
                    },
                ],
            )
        },
        "/v1/accounts/me/figures": {
            "get": _game_operation(
                "The account's long-term figure in a kind",
                "Duel de Mots and Indecix: a Glicko-2 rating; duplicate: the mean % of top over "
                "the last games and their series.",
                _json(_ref("Figures"), "The figure."),
                errors=_ACCOUNT_ERRORS,
                security=_ACCOUNT,
                parameters=[
                    _FIGURE_KIND,
                    {
                        "name": "last",
                        "in": "query",
                        "required": False,
                        "description": "Duplicate: over the last this many games (0, the "
                        "default: 10).",
                        "schema": {"type": "integer", "minimum": 0, "maximum": MAX_FIGURE_GAMES},
                    },
                ],
            )
        },
        "/v1/accounts/me/games/{game_id}/seat": {
            "post": _game_operation(
                "Take one's seat back on this device",
                "A new token of the account's seat in a live game (the seat's other tokens "
                "stay good); 404 no_seat when the account holds no seat of it or it is over. "
                "A body, if any, is ignored but must be a JSON object.",
                _json(_ref("JoinResponse"), "The seat: its player id and a new token."),
                errors=(*_ACCOUNT_ERRORS, 404),
                security=_ACCOUNT,
                parameters=[_GAME_ID],
            )
        },
        "/v1/rankings": {
            "get": _game_operation(
                "A kind's public ranking",
                "Accounts by rating (Duel de Mots, Indecix) or by mean % of top over their last "
                "10 games (duplicate), best first, optionally of one série and one country. A "
                "deleted account's line stays without its name.",
                _json(_ref("Rankings"), "The ranking."),
                errors=(400, 405, 500, 502, 503),
                parameters=[
                    _FIGURE_KIND,
                    {
                        "name": "serie",
                        "in": "query",
                        "required": False,
                        "description": "Only this série (S1 to S7, or a category).",
                        "schema": {"type": "string", "maxLength": MAX_SERIE_CHARS},
                    },
                    {
                        "name": "country",
                        "in": "query",
                        "required": False,
                        "description": "Only this country (a code of 2 or 3 letters).",
                        "schema": {"type": "string", "maxLength": MAX_COUNTRY_CHARS},
                    },
                    {
                        "name": "limit",
                        "in": "query",
                        "required": False,
                        "description": "At most this many lines (0, the default: 100).",
                        "schema": {"type": "integer", "minimum": 0, "maximum": MAX_RANKING_LINES},
                    },
                ],
            )
        },
        "/v1/accounts/me/keys/{key_id}": {
            "delete": _game_operation(
                "Revoke an API key",
                "It is refused from then on (revoking twice keeps the first time).",
                _json(_ref("ApiKey"), "The key, revoked."),
                errors=(*_ACCOUNT_ERRORS, 404),
                security=_ACCOUNT,
                parameters=[
                    {
                        "name": "key_id",
                        "in": "path",
                        "required": True,
                        "description": "The key's id (of this account; another is a 404).",
                        "schema": {"type": "integer"},
                    }
                ],
            )
        },
    }


#: The operations under a rate limit per client (:mod:`arbitre.gateway.rate_limits` groups
#: their views): each documents the 429.
LIMITED_PATHS = frozenset(
    {
        ("post", "/v1/games"),
        ("post", "/v1/contests"),
        ("post", "/v1/games/{game_id}/players"),
        ("post", "/v1/games/{game_id}/robots"),
        ("post", "/v1/games/{game_id}/turns/{turn}/next"),
        ("post", "/v1/games/{game_id}/actions"),
        ("post", "/v1/games/{game_id}/leave"),
        ("post", "/v1/solve"),
        ("post", "/v1/score"),
        ("get", "/v1/lexicons/{lexicon_id}/words/{word}"),
        ("get", "/v1/lexicons/{lexicon_id}/search"),
        ("post", "/v1/environments"),
        ("get", "/v1/environments/{kind}/{name}"),
        ("delete", "/v1/environments/{kind}/{name}"),
        ("post", "/v1/accounts"),
        ("post", "/v1/accounts/sessions"),
        ("delete", "/v1/accounts/me"),
    }
)


def document() -> dict[str, Any]:
    """The OpenAPI 3.1 document of the gateway (a fresh copy each call)."""
    built = copy.deepcopy(_document())
    for method, path in LIMITED_PATHS:
        responses = built["paths"][path][method]["responses"]
        responses.update(_errors(429))
        built["paths"][path][method]["responses"] = dict(sorted(responses.items()))
    return built


def _document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Arbitre",
            "version": API_VERSION,
            "summary": "Referee for simultaneous (duplicate) word games",
            "description": "REST/JSON in front of Arbitre's gRPC services: best moves, scoring, "
            "lexicons, and games of every kind, duplicate first (create one, join it, start, "
            "pause and resume it, act in it (answer each turn), read its turns, the standings, "
            "the record and the sheet, a simultané's results, follow its events). The "
            "organiser's and the players' tokens are bearer tokens; the analysis routes need "
            "an API key only when the operator sets ARBITRE_API_KEYS. "
            'Every error is JSON: {"error": {"code", "message"}}; a service that is down gives '
            "503 with Retry-After.",
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
                errors=(400, 405, 500, 502, 503),
                keyed=True,
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
                        "example": "épieuse",
                    },
                ],
                keyed=True,
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
                keyed=True,
            ),
            "/": _get(
                "The web app",
                {
                    "description": "The browser pages of the games (index.html of the "
                    "directory ARBITRE_WEB_DIR names, web/ of a checkout by default); without "
                    "one, where this document and the health check are.",
                    "content": {
                        "text/html": {"schema": {"type": "string"}},
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["api", "health"],
                                "properties": {
                                    "api": {"type": "string", "const": "/v1/openapi.json"},
                                    "health": {"type": "string", "const": "/healthz"},
                                },
                            }
                        },
                    },
                },
                errors=(405,),
            ),
            "/console": _get(
                "The organiser's console",
                {
                    "description": "The page an organiser's account runs a simultané from "
                    "(web/console/index.html); it calls the /v1 API only.",
                    "content": {"text/html": {"schema": {"type": "string"}}},
                },
                [],
                errors=(404, 405),
            ),
            "/t/{game_id}": _get(
                "A table's page",
                {
                    "description": "The web app opened on one game: the link that invites a "
                    "player to a table (index.html, as at /).",
                    "content": {"text/html": {"schema": {"type": "string"}}},
                },
                [_GAME_ID],
                errors=(404, 405),
            ),
            "/web/{name}": _get(
                "A file of the web app",
                {
                    "description": "A script, style sheet or image of the web app, from the "
                    "same directory as index.html; a path out of it is a 404.",
                    "content": {"*/*": {"schema": {"type": "string"}}},
                },
                [
                    {
                        "name": "name",
                        "in": "path",
                        "required": True,
                        "description": "The file's path under the web directory.",
                        "schema": {"type": "string"},
                    }
                ],
                errors=(404, 405),
            ),
            "/v1/openapi.json": _get(
                "This document",
                {"description": "The OpenAPI 3.1 document.", "content": {"application/json": {}}},
                errors=(405,),
            ),
            **_game_paths(),
            **_environment_paths(),
            **_account_paths(),
            "/v1/tables": {
                "get": _game_operation(
                    "The open tables to join",
                    "The tables (games with seats) waiting for players, not full, not played "
                    "from a package, created within a week: newest first, at most "
                    f"{MAX_LISTED_TABLES}. A table leaves the list once it is full or started.",
                    _json(_ref("TableList"), "The open tables."),
                    errors=(400, 405, 500, 502, 503),
                    parameters=[
                        {
                            "name": "limit",
                            "in": "query",
                            "required": False,
                            "description": "At most this many (0, the default: "
                            f"{MAX_LISTED_TABLES}).",
                            "schema": {
                                "type": "integer",
                                "minimum": 0,
                                "maximum": MAX_LISTED_TABLES,
                            },
                        }
                    ],
                )
            },
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
        "components": {
            "schemas": {
                **_SCHEMAS,
                **_GAME_SCHEMAS,
                **_KIND_SCHEMAS,
                **_EVENT_SCHEMAS,
                **_ENVIRONMENT_SCHEMAS,
                **_ACCOUNT_SCHEMAS,
            },
            "responses": _RESPONSES,
            "securitySchemes": _SECURITY_SCHEMES,
        },
    }
