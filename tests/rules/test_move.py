from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.rules import (
    Board,
    IllegalMoveError,
    InvalidNotationError,
    Move,
    Position,
    parse_word,
)
from tests.boards import board_with

from .strategies import moves


@pytest.mark.parametrize(
    ("text", "position", "word"),
    [
        ("H4 CHACUNE", Position(7, 3, True), "CHACUNE"),
        ("H4 ChACUNE", Position(7, 3, True), "ChACUNE"),
        ("H4 C(H)ACUNE", Position(7, 3, True), "ChACUNE"),
        ("H4 C(HA)CUNE", Position(7, 3, True), "ChaCUNE"),
        ("H4 (C)HACUN(E)", Position(7, 3, True), "cHACUNe"),
        ("4h chacune", Position(7, 3, False), "chacune"),
        ("  H4   CHACUNE  ", Position(7, 3, True), "CHACUNE"),
        ("H4\tÉTÉ", Position(7, 3, True), "ETE"),
        ("H4 été", Position(7, 3, True), "ete"),
        ("H4 ŒUVRE", Position(7, 3, True), "OEUVRE"),
        ("H4 œuvre", Position(7, 3, True), "oeuvre"),
        ("H4 GARÇON", Position(7, 3, True), "GARCON"),
        ("H4 (É)TÉ", Position(7, 3, True), "eTE"),
        ("H4 NAÏVE", Position(7, 3, True), "NAIVE"),
        ("H4 E\u0301TE\u0301", Position(7, 3, True), "ETE"),
    ],
)
def test_from_notation(text: str, position: Position, word: str) -> None:
    move = Move.from_notation(text)
    assert move == Move(position, word)


def test_separate_position_and_word() -> None:
    assert Move.from_notation("H4", "C(H)ACUNE") == Move.from_notation("H4 ChACUNE")


def test_notation_writes_blanks_in_lowercase() -> None:
    assert Move.from_notation("H4 C(H)ACUNE").notation() == "H4 ChACUNE"
    assert str(Move.from_notation("8a ZO")) == "8A ZO"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "H4",
        "CHACUNE",
        "H4 CHA CUNE",
        "H4 CHA-CUNE",
        "H4 CHA1CUNE",
        "H4 C(HACUNE",
        "H4 CH)ACUNE",
        "H4 C((H))ACUNE",
        "H4 C(H(A))CUNE",
        "H4 C()HACUNE",
        "H4 C(h)ACUNE",
        "H4 C(Ha)CUNE",
        "H4 ()",
        "H4 CHAC?NE",
        "H4 STRAßE",
        "H4 ΑΒΓ",
        "Z99 FOO",
        "H0 FOO",
        "44 FOO",
    ],
)
def test_bad_notation(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        Move.from_notation(text)


@pytest.mark.parametrize("word", ["", "CHA CUNE", "C(H)A", "É", "?A", "A1"])
def test_constructor_takes_canonical_words_only(word: str) -> None:
    with pytest.raises(InvalidNotationError):
        Move(Position(7, 7), word)


def test_constructor_needs_a_position() -> None:
    with pytest.raises(TypeError):
        Move("H4", "FOO")  # type: ignore[arg-type]


def test_parse_word_brackets_mark_blanks() -> None:
    assert parse_word("C(HA)CUNe") == "ChaCUNe"


@given(moves)
def test_round_trip(move: Move) -> None:
    assert Move.from_notation(move.notation()) == move
    position, word = move.notation().split()
    assert Move.from_notation(position, word) == move


@st.composite
def parenthesised(draw: st.DrawFn, move: Move) -> str:
    """Write the move's blanks in parentheses, each run of blanks split at random."""
    out: list[str] = []
    word = move.word
    i = 0
    while i < len(word):
        if word[i].isupper():
            out.append(word[i])
            i += 1
            continue
        j = i
        while j < len(word) and word[j].islower():
            j += 1
        run = word[i:j]
        cut = draw(st.integers(1, len(run)))
        out.append(f"({run[:cut].upper()})")
        if cut < len(run):
            out.append(f"({run[cut:].upper()})")
        i = j
    return f"{move.position.notation()} {''.join(out)}"


@given(st.data(), moves)
def test_parenthesised_input_round_trip(data: st.DataObject, move: Move) -> None:
    text = data.draw(parenthesised(move))
    assert Move.from_notation(text) == move


ACCENTED = {"E": "ÉÈÊË", "A": "ÀÂÄ", "I": "ÎÏ", "O": "Ô", "U": "ÙÛÜ", "C": "Ç"}


@given(st.data(), moves)
def test_accents_fold_keeping_case(data: st.DataObject, move: Move) -> None:
    written = []
    for letter in move.word:
        choices = ACCENTED.get(letter.upper(), "")
        if choices and data.draw(st.booleans()):
            accented = data.draw(st.sampled_from(choices))
            written.append(accented if letter.isupper() else accented.lower())
        else:
            written.append(letter)
    assert Move.from_notation(move.position.notation(), "".join(written)) == move


@given(moves)
def test_transpose_twice(move: Move) -> None:
    assert move.transposed().transposed() == move


class TestFromTiles:
    def test_horizontal_tiles(self) -> None:
        move = Move.from_tiles(Board.empty(), [(7, 5, "C"), (7, 6, "h"), (7, 7, "A")])
        assert move == Move(Position(7, 5, True), "ChA")

    def test_vertical_tiles_in_any_order(self) -> None:
        move = Move.from_tiles(Board.empty(), [(9, 7, "T"), (7, 7, "A"), (8, 7, "R")])
        assert move == Move(Position(7, 7, False), "ART")

    def test_extends_over_board_tiles_and_fills_gaps(self) -> None:
        board = board_with((7, "....CH.CUN....."))
        move = Move.from_tiles(board, [(7, 6, "A"), (7, 10, "e")])
        assert move == Move(Position(7, 4, True), "CHACUNe")

    def test_keeps_board_blanks_lowercase(self) -> None:
        board = board_with((7, ".......aB......"))
        move = Move.from_tiles(board, [(7, 9, "S")])
        assert move.word == "aBS"

    def test_single_tile_takes_the_longer_word(self) -> None:
        board = board_with((6, ".......A......."), (7, "........BC....."))
        # at H8: across forms ?BC (3), down forms A? (2)
        assert Move.from_tiles(board, [(7, 7, "X")]) == Move(Position(7, 7, True), "XBC")
        # at H8: down forms EA? (3), across forms ?B (2)
        board = board_with((5, ".......E......."), (6, ".......A......."), (7, "........B......"))
        assert Move.from_tiles(board, [(7, 7, "T")]) == Move(Position(5, 7, False), "EAT")

    def test_single_tile_tie_goes_horizontal(self) -> None:
        board = board_with((6, ".......A......."), (7, "........B......"))
        assert Move.from_tiles(board, [(7, 7, "X")]) == Move(Position(7, 7, True), "XB")

    def test_single_tile_forming_no_word(self) -> None:
        with pytest.raises(IllegalMoveError) as error:
            Move.from_tiles(Board.empty(), [(7, 7, "A")])
        assert error.value.reason == "too_short"

    @pytest.mark.parametrize(
        ("tiles", "reason"),
        [
            ([], "no_new_tile"),
            ([(6, 7, "A"), (6, 7, "B")], "duplicate_square"),
            ([(7, 4, "A")], "occupied"),
            ([(6, 7, "A"), (8, 8, "B")], "not_in_line"),
            ([(6, 10, "A"), (6, 12, "B")], "gap"),
            ([(7, 3, "A"), (7, 15, "B")], "out_of_bounds"),
            ([(7, 15, "A")], "out_of_bounds"),
            ([(-1, 0, "A")], "out_of_bounds"),
        ],
    )
    def test_errors(self, tiles: list[tuple[int, int, str]], reason: str) -> None:
        board = board_with((7, "....CHACUNE...."))
        with pytest.raises(IllegalMoveError) as error:
            Move.from_tiles(board, tiles)
        assert error.value.reason == reason

    @pytest.mark.parametrize("letter", ["?", "É", "AB", "", "1"])
    def test_bad_letters(self, letter: str) -> None:
        with pytest.raises(InvalidNotationError):
            Move.from_tiles(Board.empty(), [(7, 7, letter)])
