"""The analysis API's scoring request: a JSON-like object in, a JSON-like result out.

Request fields: ``id`` (anything, echoed), ``board`` (15 strings of 15 characters, rows A..O),
``move`` (FISF notation, ``"H4 ChACUNE"``), and optional ``tiles`` (a preset name or a custom
tile set object), ``rack`` (the tirage, ``?`` for a blank) and ``rules`` (a preset name).

Result fields: ``id``, ``score``, ``words``, ``legal``, ``in_lexicon``, ``unknown_words``,
``bonus``, ``error`` (``None`` or a message) and ``error_code`` (``None``, an error's ``code``,
or ``illegal_move:<reason>``). Every problem with a request becomes an error in its result;
:meth:`Analyst.score_request` does not raise for bad input.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from arbitre.engine.judge import judge
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.rules.board import Board
from arbitre.rules.errors import (
    ArbitreError,
    BadRackError,
    IllegalMoveError,
    InvalidBoardError,
)
from arbitre.rules.move import Move
from arbitre.rules.play_rules import DUPLICATE, PlayRules, play_rules
from arbitre.rules.rack import Rack
from arbitre.rules.tiles import FRENCH, TileSet, tile_set

#: Picks the lexicon for a request when none is imposed: by the tile set's language.
LexiconChooser = Callable[[TileSet], Lexicon]


class BadRequestError(ArbitreError):
    """A request that is not an object or whose fields have the wrong types."""

    code = "bad_request"


def default_lexicon_id(tiles: TileSet) -> str:
    """The id of the lexicon a position of ``tiles`` is checked against when none is named:
    the shipped lexicon of the tile set's language (French when it has none)."""
    return tiles.language or "fr"


def lexicon_by_language(tiles: TileSet) -> Lexicon:
    """The lexicon :func:`default_lexicon_id` names, loaded."""
    return load_lexicon(default_lexicon_id(tiles))


def resolve_tiles(spec: object) -> TileSet:
    """A tile set from a preset name (``"fr"``, ``"en"``) or a custom tile set object."""
    if isinstance(spec, str):
        return tile_set(spec)
    if isinstance(spec, Mapping):
        return TileSet.from_mapping(spec)
    raise BadRequestError(f"tiles must be a preset name or a tile set object, not {spec!r}")


class Analyst:
    """Scores requests with default tiles, rules and lexicon choice, set once per run."""

    def __init__(
        self,
        tiles: TileSet = FRENCH,
        rules: PlayRules = DUPLICATE,
        choose_lexicon: LexiconChooser = lexicon_by_language,
    ) -> None:
        self.tiles = tiles
        self.rules = rules
        self.choose_lexicon = choose_lexicon

    def score_request(self, request: object) -> dict[str, Any]:
        """The result of one request (see the module docstring); never raises for bad input."""
        request_id = request.get("id") if isinstance(request, Mapping) else None
        try:
            return self._score(request, request_id)
        except IllegalMoveError as error:
            return failure(request_id, str(error), f"{error.code}:{error.reason}")
        except ArbitreError as error:
            return failure(request_id, str(error), error.code)

    def _score(self, request: object, request_id: object) -> dict[str, Any]:
        if not isinstance(request, Mapping):
            raise BadRequestError("a request must be a JSON object")
        rows = request.get("board")
        if not isinstance(rows, list):
            raise InvalidBoardError("board must be a list of 15 strings, rows A to O")
        text = request.get("move")
        if not isinstance(text, str):
            raise BadRequestError('move must be a string such as "H4 CHACUNE"')
        tiles = resolve_tiles(request["tiles"]) if "tiles" in request else self.tiles
        rules_name = request.get("rules")
        if rules_name is not None and not isinstance(rules_name, str):
            raise BadRequestError('rules must be a preset name such as "duplicate"')
        rules = play_rules(rules_name) if rules_name is not None else self.rules
        rack = Rack.from_text(request["rack"]) if request.get("rack") is not None else None
        if rack is not None and len(rack) > rules.rack_size:
            raise BadRackError(
                f"rack {rack.text()} has {len(rack)} tiles; {rules.name} racks hold "
                f"{rules.rack_size}"
            )
        board = Board.from_rows(rows)
        move = Move.from_notation(text, size=board.size)
        lexicon = self.choose_lexicon(tiles)
        judgement = judge(board, move, tiles, rules, lexicon, rack)
        return {
            "id": request_id,
            "score": judgement.score.total,
            "words": list(judgement.words),
            "legal": True,
            "in_lexicon": judgement.in_lexicon,
            "unknown_words": list(judgement.unknown_words),
            "bonus": judgement.score.bonus,
            "error": None,
            "error_code": None,
        }


def failure(request_id: object, message: str, code: str) -> dict[str, Any]:
    """The result of a request that could not be scored."""
    return {
        "id": request_id,
        "score": 0,
        "words": [],
        "legal": False,
        "in_lexicon": False,
        "unknown_words": [],
        "bonus": 0,
        "error": message,
        "error_code": code,
    }
