from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.rules import InvalidNotationError, Position, parse_square, square_notation

from .strategies import positions


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("H4", Position(7, 3, True)),
        ("4H", Position(7, 3, False)),
        ("h4", Position(7, 3, True)),
        ("4h", Position(7, 3, False)),
        ("A1", Position(0, 0, True)),
        ("O15", Position(14, 14, True)),
        ("15O", Position(14, 14, False)),
        ("1A", Position(0, 0, False)),
    ],
)
def test_from_notation(text: str, expected: Position) -> None:
    assert Position.from_notation(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "H0",
        "P1",
        "H16",
        "16H",
        "0H",
        "44",
        "HH",
        "",
        " ",
        " H4",
        "H4 ",
        "H 4",
        "H04",
        "H4H",
        "4H4",
        "H-4",
        "É4",
        "H١",
    ],
)
def test_bad_notation(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        Position.from_notation(text)


def test_board_size_limits_the_notation() -> None:
    assert Position.from_notation("U21", size=21) == Position(20, 20, True)
    with pytest.raises(InvalidNotationError, match="A-O"):
        Position.from_notation("U21")
    with pytest.raises(InvalidNotationError):
        Position.from_notation("F1", size=5)


def test_not_a_string() -> None:
    with pytest.raises(InvalidNotationError):
        Position.from_notation(44)  # type: ignore[arg-type]


def test_constructor_checks() -> None:
    with pytest.raises(InvalidNotationError):
        Position(26, 0)
    with pytest.raises(InvalidNotationError):
        Position(-1, 0)
    with pytest.raises(TypeError):
        Position(1.0, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Position(1, 0, 1)  # type: ignore[arg-type]


def test_squares() -> None:
    assert parse_square("H8") == (7, 7)
    assert square_notation(7, 7) == "H8"
    with pytest.raises(InvalidNotationError):
        parse_square("8H")


@given(positions())
def test_round_trip(position: Position) -> None:
    assert Position.from_notation(position.notation()) == position
    assert str(position) == position.notation()


@given(positions())
def test_lowercase_round_trip(position: Position) -> None:
    assert Position.from_notation(position.notation().lower()) == position


@given(positions(26), st.integers(1, 26))
def test_any_size(position: Position, size: int) -> None:
    text = position.notation()
    if position.row < size and position.col < size:
        assert Position.from_notation(text, size) == position
    else:
        with pytest.raises(InvalidNotationError):
            Position.from_notation(text, size)


@given(positions())
def test_transpose_twice(position: Position) -> None:
    assert position.transposed().transposed() == position
    assert position.transposed().horizontal is not position.horizontal
