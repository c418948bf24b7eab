"""Token values (a blank is worth its letter) and the judgement of a move: the project's
placement and scoring, the lexicon, reversed words."""

from __future__ import annotations

import pytest

from arbitre.rules.board import Board
from arbitre.rules.errors import IllegalMoveError, UnknownLetterError
from arbitre.rules.kinds.duplikta.scoring import judge_move, token_values, word_is_valid
from arbitre.rules.move import Move
from arbitre.rules.rack import Rack
from arbitre.rules.tiles import ENGLISH, FRENCH, TileSet

FRENCH_WORDS = frozenset({"JOUR", "JOURS", "KIWI", "ES", "OS", "EJ"})


def judged(
    board: Board, notation: str, rack: str, reversed_words: bool = False, tiles: TileSet = FRENCH
):
    return judge_move(
        board, Move.from_notation(notation), Rack(rack), tiles, FRENCH_WORDS, reversed_words
    )


def test_a_blank_is_worth_the_letter_it_stands_for() -> None:
    values = token_values(FRENCH)
    assert [values.value(token) for token in "KkWwE?"] == [10, 10, 10, 10, 1, 0]
    assert values.total("kIWI") == 22
    with pytest.raises(UnknownLetterError):
        values.value("é")


def test_a_letter_the_set_lacks_takes_the_value_of_its_language() -> None:
    blanks_fr = TileSet.from_mapping({"name": "blancs", "blanks": 60})
    blanks_en = TileSet.from_mapping({"name": "blanks", "blanks": 60, "language": "en"})
    listed = TileSet.from_mapping(
        {
            "name": "sans k",
            "letters": {"E": {"count": 60, "value": 2}, "K": {"count": 0, "value": 7}},
        }
    )
    assert token_values(blanks_fr).value("k") == FRENCH.value("K") == 10
    assert token_values(blanks_en).value("k") == ENGLISH.value("K") == 5
    assert token_values(listed).value("k") == 7  # listed with no token: the set's value
    assert token_values(listed).value("E") == 2


def test_the_first_word_may_be_vertical() -> None:
    # 8H JOURS: J on H8 (double word), S on L8 (double letter): (8+1+1+1+2) x 2.
    verdict = judged(Board.empty(), "8H JOURS", "JOURSET")
    assert verdict.accepted
    assert (verdict.score, verdict.tiles, verdict.words, verdict.rack_tiles) == (
        26,
        5,
        ("JOURS",),
        "JOURS",
    )


def test_a_blank_scores_as_its_letter() -> None:
    # H8 kIWI: (10+1+10+1) x 2 = 44, where a blank worth 0 would give 24.
    verdict = judged(Board.empty(), "H8 kIWI", "?IWIAAA")
    assert verdict.accepted
    assert verdict.score == 44
    assert verdict.placed_value == 22
    all_blanks = TileSet.from_mapping({"name": "blancs", "blanks": 60})
    assert judged(Board.empty(), "H8 kiwi", "????", tiles=all_blanks).score == 44
    english_blanks = TileSet.from_mapping({"name": "blanks", "blanks": 60, "language": "en"})
    assert judged(Board.empty(), "H8 kiwi", "????", tiles=english_blanks).score == 22  # 5+1+4+1


def test_seven_tokens_earn_50() -> None:
    verdict = judge_move(
        Board.empty(),
        Move.from_notation("H2 ENTRAIS"),
        Rack("AEINRST"),
        FRENCH,
        {"ENTRAIS"},
        False,
    )
    # E N T(H4, double letter) R A I S(H8, double word): (1+1+2+1+1+1+1) x 2 + 50.
    assert verdict.accepted
    assert verdict.score == 66


def test_a_word_not_in_the_lexicon_is_refused_not_illegal() -> None:
    verdict = judged(Board.empty(), "H8 RUOJ", "JOURSET")
    assert not verdict.accepted
    assert verdict.unknown_words == ("RUOJ",)
    assert verdict.score == 22
    assert verdict.placed_value == 11


def test_reversed_words_each_on_its_own() -> None:
    assert judged(Board.empty(), "H8 RUOJ", "JOURSET", reversed_words=True).accepted
    board = Board.empty()
    board.apply(judged(board, "H8 JOUR", "JOURSET").placement)
    # I8 ES forms ES, JE (valid as EJ read backwards) and OS:
    # ES = 1 + 1x2 (I9 double letter), JE = 8 + 1, OS = 1 + 1x2.
    forward = judged(board, "I8 ES", "ESAAAAA")
    assert forward.unknown_words == ("JE",)
    both = judged(board, "I8 ES", "ESAAAAA", reversed_words=True)
    assert both.accepted
    assert (both.words, both.reversed_words, both.score) == (("ES", "JE", "OS"), ("JE",), 15)


def test_word_is_valid() -> None:
    assert word_is_valid("JOUR", FRENCH_WORDS, False)
    assert word_is_valid("RUOJ", FRENCH_WORDS, True)
    assert not word_is_valid("RUOJ", FRENCH_WORDS, False)
    assert not word_is_valid("XYZ", FRENCH_WORDS, True)


@pytest.mark.parametrize(
    ("notation", "rack", "reason"),
    [
        ("H1 JOUR", "JOURSET", "first_move_centre"),
        ("H8 JOURS", "JOUR", "not_on_rack"),
        ("H8 J", "J", "too_short"),
    ],
)
def test_a_placement_that_breaks_a_rule_raises(notation: str, rack: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError) as raised:
        judged(Board.empty(), notation, rack)
    assert raised.value.reason == reason
