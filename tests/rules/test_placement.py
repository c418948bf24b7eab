from __future__ import annotations

import pytest
from hypothesis import given, settings

from arbitre.rules import (
    CLASSIC,
    DUPLICATE,
    FRENCH,
    ILLEGAL_REASONS,
    SEVEN_AND_EIGHT,
    Board,
    IllegalMoveError,
    LetterInfo,
    Move,
    Placement,
    PlayRules,
    Position,
    Rack,
    TileSet,
    UnknownLetterError,
    place,
)
from tests.boards import board_with

from .strategies import Scenario, reference_words, scenarios

#: CHACUNE on H4, the blank H in lowercase.
CHACUNE = board_with((7, "...ChACUNE....."))


def placing(board: Board, text: str, rules: PlayRules = DUPLICATE, **kwargs: Rack) -> Placement:
    return place(board, Move.from_notation(text), FRENCH, rules, **kwargs)


def illegal(board: Board, text: str, rules: PlayRules = DUPLICATE, rack: Rack | None = None) -> str:
    snapshot = board.copy()
    with pytest.raises(IllegalMoveError) as error:
        place(board, Move.from_notation(text), FRENCH, rules, rack)
    assert board == snapshot, "place() must not change the board"
    assert error.value.reason in ILLEGAL_REASONS
    assert str(error.value)
    return error.value.reason


class TestIllegal:
    @pytest.mark.parametrize("text", ["H10 ABCDEFG", "10J ABCDEFG", "O15 AB", "15O AB"])
    def test_out_of_bounds(self, text: str) -> None:
        assert illegal(CHACUNE, text) == "out_of_bounds"

    def test_out_of_bounds_on_a_position_built_by_hand(self) -> None:
        move = Move(Position(15, 0), "AB")
        with pytest.raises(IllegalMoveError) as error:
            place(CHACUNE, move, FRENCH, DUPLICATE)
        assert error.value.reason == "out_of_bounds"

    def test_too_short(self) -> None:
        assert illegal(CHACUNE, "G5 A") == "too_short"
        assert illegal(Board.empty(), "H8 A") == "too_short"

    def test_mismatch(self) -> None:
        assert illegal(CHACUNE, "8G TAE") == "mismatch"  # H8 holds U

    def test_mismatch_names_the_square(self) -> None:
        with pytest.raises(IllegalMoveError, match="H8 holds U, not A"):
            placing(CHACUNE, "8G TAE")

    @pytest.mark.parametrize("text", ["H5 HACUNES", "H11 AB", "H1 ABC", "H2 ZO"])
    def test_incomplete_word(self, text: str) -> None:
        assert illegal(CHACUNE, text) == "incomplete_word"

    def test_incomplete_word_vertical(self) -> None:
        board = board_with((6, ".......A......."), (7, ".......B......."))
        assert illegal(board, "8I CD") == "incomplete_word"  # B above on H8
        assert illegal(board, "8E XY") == "incomplete_word"  # A below on G8

    def test_no_new_tile(self) -> None:
        assert illegal(CHACUNE, "H4 CHACUNE") == "no_new_tile"
        assert illegal(CHACUNE, "H6 ACUNE") == "incomplete_word"

    def test_first_move_centre(self) -> None:
        assert illegal(Board.empty(), "A1 ABC") == "first_move_centre"
        assert illegal(Board.empty(), "H1 ABCDEF") == "first_move_centre"
        assert illegal(Board.empty(), "8A ABCDEF", CLASSIC) == "first_move_centre"

    def test_first_move_direction(self) -> None:
        assert illegal(Board.empty(), "8F ABC") == "first_move_direction"
        assert placing(Board.empty(), "8F ABC", CLASSIC).tile_count == 3

    def test_not_connected(self) -> None:
        assert illegal(CHACUNE, "A1 ABC") == "not_connected"
        assert illegal(CHACUNE, "J4 ABC") == "not_connected"  # an empty row between

    def test_too_many_tiles(self) -> None:
        text = "8A ABCDEFGUH"  # 8 new tiles around the U on H8
        assert illegal(CHACUNE, text) == "too_many_tiles"
        assert placing(CHACUNE, text, SEVEN_AND_EIGHT).tile_count == 8

    def test_not_on_rack(self) -> None:
        with pytest.raises(IllegalMoveError, match="lacks Z") as error:
            placing(CHACUNE, "8G TUZ", rack=Rack.from_text("TABCDEF"))
        assert error.value.reason == "not_on_rack"
        assert illegal(CHACUNE, "8G TUe", rack=Rack.from_text("TE")) == "not_on_rack"
        assert illegal(CHACUNE, "8G TUE", rack=Rack.from_text("T?")) == "not_on_rack"
        assert placing(CHACUNE, "8G TUe", rack=Rack.from_text("T?")).tile_count == 2
        assert placing(CHACUNE, "8G TUE", rack=Rack.from_text("TE")).tile_count == 2

    def test_every_reason_of_place_is_covered(self) -> None:
        covered = {
            "out_of_bounds",
            "too_short",
            "mismatch",
            "no_new_tile",
            "incomplete_word",
            "first_move_centre",
            "first_move_direction",
            "not_connected",
            "not_on_rack",
            "too_many_tiles",
        }
        from_tiles_only = {"occupied", "duplicate_square", "not_in_line", "gap"}
        assert covered | from_tiles_only == set(ILLEGAL_REASONS)


NO_K = TileSet(
    "no-k",
    (
        *(info for info in FRENCH.letters if info.letter != "K"),
        LetterInfo("K", 0, 10, vowel=False),
    ),
    blanks=0,
)


class TestUnknownLetters:
    def test_a_letter_the_set_lacks(self) -> None:
        with pytest.raises(UnknownLetterError, match="letter K"):
            place(Board.empty(), Move.from_notation("H8 KA"), NO_K, DUPLICATE)

    def test_a_blank_in_a_set_without_blanks(self) -> None:
        with pytest.raises(UnknownLetterError, match="blank"):
            place(Board.empty(), Move.from_notation("H8 kA"), NO_K, DUPLICATE)

    def test_board_letters_are_not_checked(self) -> None:
        board = board_with((7, ".......K......."))
        placement = place(board, Move.from_notation("H8 KA"), NO_K, CLASSIC)
        assert placement.tile_count == 1


class TestLegal:
    def test_first_move(self) -> None:
        placement = placing(Board.empty(), "H4 C(H)ACUNE")
        assert placement.new_tiles == tuple(
            (7, 3 + i, letter) for i, letter in enumerate("ChACUNE")
        )
        assert [formed.letters for formed in placement.words] == ["ChACUNE"]
        assert placement.main_word.word == "CHACUNE"
        assert placement.cross_words == ()
        assert placement.blank_count == 1
        assert placement.rack_tiles == "C?ACUNE"
        assert placement.main_word.position(15) == Position(7, 3, True)
        assert len(placement.main_word) == 7
        assert list(placement.main_word)[:2] == [("C", 108), ("h", 109)]

    def test_board_letters_in_either_case(self) -> None:
        # H5 holds a blank h: it may be written H or h; H8 holds U: u is accepted too
        for text in ("5G THE", "5G ThE"):
            placement = placing(CHACUNE, text)
            assert placement.main_word.letters == "ThE"
            assert placement.new_tiles == ((6, 4, "T"), (8, 4, "E"))
        assert placing(CHACUNE, "8G TuE").main_word.letters == "TUE"

    def test_cross_words(self) -> None:
        placement = placing(CHACUNE, "G4 ABC")  # above C, h, A of CHACUNE
        assert placement.main_word.letters == "ABC"
        assert [formed.letters for formed in placement.cross_words] == ["AC", "Bh", "CA"]
        assert [formed.position(15) for formed in placement.cross_words] == [
            Position(6, 3, False),
            Position(6, 4, False),
            Position(6, 5, False),
        ]

    def test_cross_words_of_a_vertical_word(self) -> None:
        board = board_with((6, "...AB.........."), (8, "...CD.........."))
        placement = placing(board, "6G EFG")  # column 6 (index 5), rows G to I
        assert placement.main_word.letters == "EFG"
        assert [formed.letters for formed in placement.cross_words] == ["ABE", "CDG"]
        assert [formed.word for formed in placement.cross_words] == ["ABE", "CDG"]

    def test_hook_through_one_tile(self) -> None:
        placement = placing(CHACUNE, "H4 CHACUNES")
        assert placement.new_tiles == ((7, 10, "S"),)
        assert placement.main_word.letters == "ChACUNES"

    def test_cross_words_stop_at_the_edges(self) -> None:
        board = board_with((0, "A.............."), (1, "B.............."))
        placement = placing(board, "2A XYC", CLASSIC)
        assert [formed.letters for formed in placement.words] == ["XYC", "AX", "BY"]
        board = board_with((13, "AB............."))
        placement = placing(board, "O1 CD", CLASSIC)
        assert [formed.letters for formed in placement.words] == ["CD", "AC", "BD"]

    def test_cross_words_do_not_wrap_around_rows(self) -> None:
        # H1 and H15 are not neighbours of I15 and G1 in a flat list of squares
        board = board_with((7, "A.............Z"))
        placement = placing(board, "1G XAY", CLASSIC)
        assert [formed.letters for formed in placement.words] == ["XAY"]
        placement = placing(board, "15G XZY", CLASSIC)
        assert [formed.letters for formed in placement.words] == ["XZY"]

    def test_place_does_not_mutate(self) -> None:
        board = CHACUNE.copy()
        placing(board, "G4 ABC")
        assert board == CHACUNE


@settings(max_examples=150, deadline=None)
@given(scenarios())
def test_words_match_a_reading_of_the_board(scenario: Scenario) -> None:
    placement = scenario.placement
    assert [(w.letters, w.squares) for w in placement.words] == reference_words(
        scenario.board, placement
    )


@settings(max_examples=100, deadline=None)
@given(scenarios())
def test_from_tiles_finds_the_same_placement(scenario: Scenario) -> None:
    placement = scenario.placement
    move = Move.from_tiles(scenario.board, placement.new_tiles)
    again = place(scenario.board, move, FRENCH, scenario.rules)
    assert sorted(again.new_tiles) == sorted(placement.new_tiles)
    if placement.tile_count > 1:
        assert move == scenario.move


@settings(max_examples=100, deadline=None)
@given(scenarios())
def test_transposed_placement(scenario: Scenario) -> None:
    placement = scenario.placement
    transposed = place(scenario.board.transposed(), scenario.move.transposed(), FRENCH, CLASSIC)
    assert sorted(transposed.new_tiles) == sorted(
        (col, row, letter) for row, col, letter in placement.new_tiles
    )
    assert [w.letters for w in transposed.words] == [w.letters for w in placement.words]
