"""Tests of arbitre.engine.analysis: scoring requests of the analysis API."""

import pytest

from arbitre.engine.analysis import Analyst, resolve_tiles
from arbitre.engine.lexicon import Lexicon
from arbitre.rules import ENGLISH, FRENCH, InvalidTileSetError, TileSet

EMPTY = ["." * 15] * 15
AFTER_FABACEE = ["." * 15] * 7 + ["...FABAcEE....."] + ["." * 15] * 7
FRENCH_WORDS = Lexicon.from_words(["fabacée", "kief", "chacune"], "fr-test")
ENGLISH_WORDS = Lexicon.from_words(["windy"], "en-test")


def by_language(tiles):
    return ENGLISH_WORDS if tiles.language == "en" else FRENCH_WORDS


@pytest.fixture
def analyst():
    return Analyst(choose_lexicon=by_language)


def test_a_good_request(analyst):
    result = analyst.score_request(
        {"id": 1, "board": EMPTY, "move": "H4 FABAcEE", "rack": "?EBAAEF"}
    )
    assert result == {
        "id": 1,
        "score": 80,
        "words": ["FABACEE"],
        "legal": True,
        "in_lexicon": True,
        "unknown_words": [],
        "bonus": 50,
        "error": None,
        "error_code": None,
    }


def test_the_bracket_form_of_a_blank_scores_the_same(analyst):
    plain = analyst.score_request({"board": EMPTY, "move": "H4 ChACUNE"})
    bracket = analyst.score_request({"board": EMPTY, "move": "H4 C(H)ACUNE"})
    # C on the H4 double letter, the blank H worth nothing, the centre doubling the word
    assert plain["score"] == bracket["score"] == (3 * 2 + 0 + 1 + 3 + 1 + 1 + 1) * 2 + 50


def test_tiles_pick_values_and_lexicon(analyst):
    french = analyst.score_request({"id": "f", "board": EMPTY, "move": "H4 WINDY"})
    english = analyst.score_request({"id": "e", "board": EMPTY, "move": "H4 WINDY", "tiles": "en"})
    assert french["score"] == 2 * (10 * 2 + 1 + 1 + 2 + 10)
    assert english["score"] == 2 * (4 * 2 + 1 + 1 + 2 + 4)
    assert french["unknown_words"] == ["WINDY"]
    assert english["in_lexicon"]


def test_custom_tile_set_object(analyst):
    all_blanks = {"name": "blanks", "blanks": 100, "letters": {}}
    result = analyst.score_request({"board": EMPTY, "move": "H4 fabacee", "tiles": all_blanks})
    assert result["legal"]
    assert result["score"] == 50
    upper = analyst.score_request({"board": EMPTY, "move": "H4 KIEF", "tiles": all_blanks})
    assert upper["error_code"] == "unknown_letter"


def test_rules_per_request(analyst):
    vertical = {"board": EMPTY, "move": "8H KIEF"}
    assert analyst.score_request(vertical)["error_code"] == "illegal_move:first_move_direction"
    assert analyst.score_request({**vertical, "rules": "classic"})["legal"]
    assert analyst.score_request({**vertical, "rules": "chess"})["error_code"] == "bad_rules"


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ([1, 2], "bad_request"),
        ("H4 KIEF", "bad_request"),
        ({"move": "H4 KIEF"}, "bad_board"),
        ({"board": "...", "move": "H4 KIEF"}, "bad_board"),
        ({"board": EMPTY[:14], "move": "H4 KIEF"}, "bad_board"),
        ({"board": [*EMPTY[:14], "......1........"], "move": "H4 KIEF"}, "bad_board"),
        ({"board": EMPTY}, "bad_request"),
        ({"board": EMPTY, "move": 42}, "bad_request"),
        ({"board": EMPTY, "move": "H4"}, "bad_notation"),
        ({"board": EMPTY, "move": "P1 KIEF"}, "bad_notation"),
        ({"board": EMPTY, "move": "H4 KI3F"}, "bad_notation"),
        ({"board": EMPTY, "move": "H4 KIEF", "tiles": "klingon"}, "bad_tile_set"),
        ({"board": EMPTY, "move": "H4 KIEF", "tiles": 7}, "bad_request"),
        ({"board": EMPTY, "move": "H4 KIEF", "tiles": {"name": "x"}}, "bad_tile_set"),
        ({"board": EMPTY, "move": "H5 KIEF", "rack": "KIE"}, "illegal_move:not_on_rack"),
        ({"board": EMPTY, "move": "H4 KIEF", "rack": "KIEF1"}, "bad_notation"),
        ({"board": EMPTY, "move": "H4 KIEF", "rack": "KIEFABCD"}, "bad_rack"),
        ({"board": EMPTY, "move": "H4 KIEF", "rules": 3}, "bad_request"),
        ({"board": EMPTY, "move": "A1 KIEF"}, "illegal_move:first_move_centre"),
        ({"board": AFTER_FABACEE, "move": "A1 KIEF"}, "illegal_move:not_connected"),
        ({"board": AFTER_FABACEE, "move": "H5 ABACEES"}, "illegal_move:incomplete_word"),
        ({"board": AFTER_FABACEE, "move": "H4 FIBACEE"}, "illegal_move:mismatch"),
    ],
)
def test_bad_requests_become_errors(analyst, request_, code):
    result = analyst.score_request(request_)
    assert result["error_code"] == code
    assert result["legal"] is False
    assert result["score"] == 0
    assert result["error"]
    assert result["id"] == (request_.get("id") if isinstance(request_, dict) else None)


def test_id_is_echoed_on_errors(analyst):
    assert analyst.score_request({"id": {"any": [1]}, "move": "H4"})["id"] == {"any": [1]}


def test_resolve_tiles():
    assert resolve_tiles("fr") is FRENCH
    assert resolve_tiles("EN") is ENGLISH
    custom = resolve_tiles({"name": "b", "blanks": 60, "letters": {}})
    assert isinstance(custom, TileSet)
    with pytest.raises(InvalidTileSetError):
        resolve_tiles("xx")
