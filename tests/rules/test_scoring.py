from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.rules import (
    CLASSIC,
    DUPLICATE,
    FRENCH,
    SEVEN_AND_EIGHT,
    STANDARD,
    Board,
    BoardLayout,
    Move,
    Placement,
    PlayRules,
    Score,
    TileSet,
    UnknownLetterError,
    WordScore,
    place,
    score,
    score_move,
)
from tests.boards import board_with

from .strategies import Scenario, reference_words, scenarios


def points(board: Board, text: str, rules: PlayRules = DUPLICATE) -> Score:
    return score_move(board, Move.from_notation(text), FRENCH, rules)[1]


def test_first_move_with_a_blank_and_a_scrabble() -> None:
    result = points(Board.empty(), "H4 FABAcEE")
    assert result == Score(80, (WordScore("FABACEE", 30),), 50)


def test_two_double_words_multiply() -> None:
    board = board_with((4, ".......A......."))
    result = points(board, "E5 BCDAEFG", CLASSIC)  # E5 and E11 are double words
    assert result.total == (3 + 3 + 2 + 1 + 1 + 4 + 2) * 4
    assert result.bonus == 0


def test_two_triple_words_multiply() -> None:
    board = board_with((0, "...A..........."))
    result = points(board, "A1 BCDAEFGH", CLASSIC)  # A1 and A8; A4 (DL) is already covered
    assert result.total == (3 + 3 + 2 + 1 + 1 + 4 + 2 + 4) * 9 + 50


def test_double_and_triple_word_multiply() -> None:
    result = points(Board.empty(), "H1 ABCDEFGH", SEVEN_AND_EIGHT)  # H1 TW, H4 DL, H8 DW
    assert result.total == (1 + 3 + 3 + 2 * 2 + 1 + 4 + 2 + 4) * 6 + 75
    assert result.bonus == 75


def test_premiums_count_for_new_tiles_only() -> None:
    board = board_with((7, "...FABAcEE....."))
    assert points(board, "4G AF").total == 1 + 4  # F on H4 (DL) was already there
    assert points(board, "8G Ac").total == 1  # the blank on H8 is worth 0
    assert points(board, "8G AC").total == 1  # however it is written


def test_a_new_blank_is_worth_nothing_even_on_a_premium() -> None:
    assert points(Board.empty(), "H7 kA", CLASSIC).total == (0 + 1) * 2
    assert points(Board.empty(), "H7 KAk").total == (10 + 1 + 0) * 2
    assert points(Board.empty(), "H4 kABCD").total == (0 * 2 + 1 + 3 + 3 + 2) * 2


def test_a_word_premium_doubles_the_main_word_and_the_cross_word() -> None:
    board = board_with((1, "..A............"), (3, "..E............"))
    result = points(board, "C3 ZE", CLASSIC)  # Z on C3 (DW) between A on B3 and E on D3
    assert result.words == (WordScore("ZE", (10 + 1) * 2), WordScore("AZE", (1 + 10 + 1) * 2))
    assert result.total == 22 + 24


def test_a_letter_premium_counts_in_both_words() -> None:
    board = board_with((1, ".....A........."))  # A on B6 (TL, already covered)
    result = points(board, "C6 XI", CLASSIC)  # X on C6: no premium; I on C7 (DL)
    assert result.words == (WordScore("XI", 10 + 1 * 2), WordScore("AX", 1 + 10))
    board = board_with((0, "......A........"))  # A on A7
    result = points(board, "B6 BX", CLASSIC)  # B on B6 (TL), X on B7 under A7
    assert result.words == (WordScore("BX", 3 * 3 + 10), WordScore("AX", 1 + 10))


def test_layout_override_must_fit() -> None:
    board = Board.empty()
    placement = place(board, Move.from_notation("H8 AB"), FRENCH, DUPLICATE)
    plain = BoardLayout.from_text("plain", "\n".join(["." * 15] * 15))
    assert score(board, placement, FRENCH, DUPLICATE, plain).total == 4
    tiny = BoardLayout.from_text("tiny", "...\n...\n...")
    with pytest.raises(ValueError, match="does not fit"):
        score(board, placement, FRENCH, DUPLICATE, tiny)


def test_unknown_letter_on_the_board() -> None:
    tiles = TileSet.from_mapping(
        {"name": "a", "letters": {"A": {"count": 98, "value": 1}}, "blanks": 2}
    )
    board = board_with((7, ".......K......."))
    placement = place(board, Move.from_notation("H8 KA"), tiles, CLASSIC)
    with pytest.raises(UnknownLetterError, match="'K'"):
        score(board, placement, tiles, CLASSIC)


def test_score_is_the_same_before_and_after_apply() -> None:
    board = board_with((7, "...FABAcEE....."))
    placement = place(board, Move.from_notation("G4 AB"), FRENCH, DUPLICATE)
    before = score(board, placement, FRENCH, DUPLICATE)
    board.apply(placement)
    assert score(board, placement, FRENCH, DUPLICATE) == before


# -- properties ------------------------------------------------------------------------------


def reference_score(board: Board, placement: Placement, tiles: TileSet, rules: PlayRules) -> int:
    """Score by the book, square by square, from the words read on the board."""
    size = board.size
    new = {row * size + col for row, col, _ in placement.new_tiles}
    total = 0
    for letters, squares in reference_words(board, placement):
        word_points, factor = 0, 1
        for letter, square in zip(letters, squares, strict=True):
            premium = STANDARD.premium(*divmod(square, size))
            value = tiles.blank_value if letter.islower() else tiles.value(letter)
            if square in new:
                word_points += value * premium.letter_multiplier
                factor *= premium.word_multiplier
            else:
                word_points += value
        total += word_points * factor
    return total + rules.bonuses.get(len(placement.new_tiles), 0)


def scored(scenario: Scenario) -> Score:
    return score(scenario.board, scenario.placement, FRENCH, scenario.rules)


@settings(max_examples=150, deadline=None)
@given(scenarios())
def test_matches_the_reference_scorer(scenario: Scenario) -> None:
    result = scored(scenario)
    assert result.total == reference_score(scenario.board, scenario.placement, FRENCH, CLASSIC)


@settings(max_examples=100, deadline=None)
@given(scenarios())
def test_total_is_the_words_plus_the_bonus(scenario: Scenario) -> None:
    result = scored(scenario)
    assert result.total >= 0
    assert all(word.points >= 0 for word in result.words)
    assert result.total == sum(word.points for word in result.words) + result.bonus
    assert [word.word for word in result.words] == [w.word for w in scenario.placement.words]


@settings(max_examples=100, deadline=None)
@given(scenarios())
def test_transposing_board_and_move_keeps_the_score(scenario: Scenario) -> None:
    board, move = scenario.board.transposed(), scenario.move.transposed()
    _, transposed = score_move(board, move, FRENCH, CLASSIC)
    assert transposed == scored(scenario)


BONUS_RULES = [
    CLASSIC,
    SEVEN_AND_EIGHT,
    PlayRules("odd", rack_size=8, max_tiles_played=8, bonuses={1: 3, 3: 10, 8: 75}),
]


@settings(max_examples=100, deadline=None)
@given(scenarios(rules=SEVEN_AND_EIGHT), st.sampled_from(BONUS_RULES))
def test_bonus_applies_exactly_for_the_listed_tile_counts(
    scenario: Scenario, rules: PlayRules
) -> None:
    count = scenario.placement.tile_count
    result = score(scenario.board, scenario.placement, FRENCH, rules)
    if count in rules.bonuses:
        assert result.bonus == rules.bonuses[count]
    else:
        assert result.bonus == 0
    assert result.total - result.bonus == sum(word.points for word in result.words)


@settings(max_examples=100, deadline=None)
@given(scenarios(), st.data())
def test_a_real_letter_never_scores_less_than_a_blank(
    scenario: Scenario, data: st.DataObject
) -> None:
    placement = scenario.placement
    blanks = [tile for tile in placement.new_tiles if tile[2].islower()]
    if not blanks:
        return
    row, col, letter = data.draw(st.sampled_from(blanks))
    position = scenario.move.position
    offset = col - position.col if position.horizontal else row - position.row
    word = scenario.move.word
    real = Move(position, word[:offset] + letter.upper() + word[offset + 1 :])
    _, with_letter = score_move(scenario.board, real, FRENCH, CLASSIC)
    assert with_letter.total >= scored(scenario).total
