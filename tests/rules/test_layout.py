from __future__ import annotations

import pytest

from arbitre.rules import STANDARD, BoardLayout, InvalidBoardError, Premium, parse_square

EXPECTED = {
    Premium.TW: "A1 A8 A15 H1 H15 O1 O8 O15",
    Premium.DW: "B2 C3 D4 E5 B14 C13 D12 E11 K5 L4 M3 N2 K11 L12 M13 N14 H8",
    Premium.TL: "B6 B10 F2 F6 F10 F14 J2 J6 J10 J14 N6 N10",
    Premium.DL: "A4 A12 C7 C9 D1 D8 D15 G3 G7 G9 G13 H4 H12 I3 I7 I9 I13 L1 L8 L15 M7 M9 O4 O12",
}


def test_standard_counts() -> None:
    counts = STANDARD.counts()
    assert counts[Premium.TW] == 8
    assert counts[Premium.DW] == 17
    assert counts[Premium.TL] == 12
    assert counts[Premium.DL] == 24
    assert counts[Premium.NONE] == 225 - 8 - 17 - 12 - 24


def test_standard_matches_the_published_lists() -> None:
    listed = {
        parse_square(square): premium
        for premium, squares in EXPECTED.items()
        for square in squares.split()
    }
    for row in range(15):
        for col in range(15):
            assert STANDARD.premium(row, col) is listed.get((row, col), Premium.NONE)


def test_standard_start_and_size() -> None:
    assert STANDARD.size == 15
    assert STANDARD.start == (7, 7)
    assert STANDARD.premium_at("H8") is Premium.DW


def test_standard_has_the_eight_symmetries() -> None:
    n = STANDARD.size - 1
    for row in range(15):
        for col in range(15):
            premium = STANDARD.premium(row, col)
            images = [
                (row, col),
                (col, row),
                (n - row, col),
                (row, n - col),
                (n - row, n - col),
                (n - col, row),
                (col, n - row),
                (n - col, n - row),
            ]
            assert all(STANDARD.premium(r, c) is premium for r, c in images)
    assert STANDARD.transposed() == STANDARD


def test_multipliers() -> None:
    assert [(p.letter_multiplier, p.word_multiplier) for p in Premium] == [
        (1, 1),
        (2, 1),
        (3, 1),
        (1, 2),
        (1, 3),
    ]
    assert STANDARD.letter_multipliers[7 * 15 + 3] == 2
    assert STANDARD.word_multipliers[0] == 3
    assert len(STANDARD.word_multipliers) == 225


def test_text_round_trip() -> None:
    assert BoardLayout.from_text("standard", STANDARD.to_text()) == STANDARD


def test_small_layout_defaults_to_the_centre() -> None:
    layout = BoardLayout.from_text("tiny", "T.T\n.D.\nT.T")
    assert layout.start == (1, 1)
    assert layout.premium(1, 1) is Premium.DW


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("T.T\n.*.\nT.", "row 3"),
        ("T.T\n.*.\nT.x", "symbol 'x' at row 3, column 3"),
        ("**.\n...\n...", "more than one start"),
        ("T", "size"),
    ],
)
def test_bad_layout_text(text: str, message: str) -> None:
    with pytest.raises(InvalidBoardError, match=message):
        BoardLayout.from_text("bad", text)


def test_start_off_the_board() -> None:
    with pytest.raises(InvalidBoardError, match="start"):
        BoardLayout.from_text("bad", "...\n...\n...", start=(3, 0))
