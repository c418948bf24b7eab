from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.rules import (
    ENGLISH,
    FRENCH,
    IllegalMoveError,
    InvalidNotationError,
    Rack,
    RackBalance,
    TileSet,
    UnknownLetterError,
)

racks = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ?", max_size=9).map(Rack)


@pytest.mark.parametrize(
    ("text", "tiles"),
    [
        ("?EBAAEF", "AABEEF?"),
        ("RU+ZXTEU", "ERTUUXZ"),
        ("-BNISRAA", "AABINRS"),
        ("ab?", "AB?"),
        ("", ""),
        ("??", "??"),
    ],
)
def test_from_text(text: str, tiles: str) -> None:
    rack = Rack.from_text(text)
    assert rack.text() == tiles
    assert len(rack) == len(tiles)


@pytest.mark.parametrize("text", ["AB C", "A1", "É", "A*", "A.B"])
def test_bad_racks(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        Rack.from_text(text)


def test_constructor_is_strict() -> None:
    with pytest.raises(InvalidNotationError):
        Rack("abc")
    with pytest.raises(InvalidNotationError):
        Rack("A+B")
    assert Rack("BA?") == Rack("?AB")


def test_multiset_queries() -> None:
    rack = Rack.from_text("?EBAAEF")
    assert rack.count("A") == 2
    assert rack.count("?") == 1
    assert rack.count("AA") == 0
    assert rack.blanks == 1
    assert "B" in rack
    assert "Z" not in rack
    assert list(rack) == list("AABEEF?")
    assert str(rack) == "AABEEF?"


def test_take_uses_blanks_only_for_lowercase_letters() -> None:
    rack = Rack.from_text("?EBAAEF")
    assert rack.take("FABAcEE") == Rack("")
    assert rack.take("Be").text() == "AAEEF"
    assert rack.take(["B", "?"]).text() == "AAEEF"
    with pytest.raises(IllegalMoveError) as error:
        rack.take("FABACEE")  # C is not on the rack: the blank is not used silently
    assert error.value.reason == "not_on_rack"
    assert "C" in str(error.value)


def test_take_names_every_missing_tile() -> None:
    with pytest.raises(IllegalMoveError, match="lacks Q Z, 2 \\? \\(blanks\\)") as error:
        Rack.from_text("ABC").take("ZAQxy")
    assert error.value.reason == "not_on_rack"


def test_require_and_missing() -> None:
    rack = Rack.from_text("AB?")
    assert rack.missing("ABc") == ""
    assert rack.missing("AAcd") == "A?"
    rack.require("Ax")
    with pytest.raises(IllegalMoveError, match="lacks A"):
        rack.require("AA")


def test_add() -> None:
    assert Rack.from_text("RU").add("ZXTEU") == Rack.from_text("RU+ZXTEU")


@given(racks, st.data())
def test_take_then_add_gives_the_rack_back(rack: Rack, data: st.DataObject) -> None:
    indexes = data.draw(st.sets(st.integers(0, len(rack) - 1)) if len(rack) else st.just(set()))
    chosen = [rack.text()[i] for i in sorted(indexes)]
    needed = ["e" if tile == "?" else tile for tile in chosen]  # a blank is placed as a letter
    left = rack.take(needed)
    assert left.add(chosen) == rack
    assert len(left) == len(rack) - len(chosen)


@pytest.mark.parametrize(
    ("text", "balance"),
    [
        ("AEIBCDY", RackBalance(3, 3, 1)),
        ("??", RackBalance(0, 0, 2)),
        ("", RackBalance(0, 0, 0)),
    ],
)
def test_balance(text: str, balance: RackBalance) -> None:
    assert Rack.from_text(text).balance(FRENCH) == balance


@pytest.mark.parametrize(
    ("text", "vowels", "consonants", "expected"),
    [
        ("AEBCDFG", 2, 2, True),
        ("AYBCDFG", 2, 2, True),  # Y as a vowel
        ("ABCDFGH", 2, 2, False),
        ("A?BCDFG", 2, 2, True),  # blank as a vowel
        ("AEIOUY?", 2, 2, True),  # Y and the blank as consonants
        ("AEIOUY", 2, 2, False),  # Y cannot count twice
        ("AEIOUUE", 2, 2, False),
        ("Y?A", 2, 2, False),  # three tiles never make four
        ("Y?", 1, 1, True),
        ("Y", 1, 1, False),
        ("EB", 1, 1, True),
        ("EE", 1, 1, False),
    ],
)
def test_satisfies_minimum(text: str, vowels: int, consonants: int, expected: bool) -> None:
    assert Rack.from_text(text).satisfies_minimum(FRENCH, vowels, consonants) is expected


def test_balance_with_a_custom_set() -> None:
    tiles = TileSet.from_mapping(
        {"name": "x", "letters": {"A": {"count": 60, "value": 1}}, "blanks": 0}
    )
    assert Rack("AA").balance(tiles) == RackBalance(2, 0, 0)
    with pytest.raises(UnknownLetterError):
        Rack("AB").balance(tiles)


@given(racks, st.integers(0, 3), st.integers(0, 3))
def test_satisfies_minimum_matches_brute_force(rack: Rack, vowels: int, consonants: int) -> None:
    flexible = [tile for tile in rack if ENGLISH.is_vowel(tile) and ENGLISH.is_consonant(tile)]
    fixed_vowels = sum(1 for tile in rack if tile in "AEIOU")
    fixed_consonants = len(rack) - fixed_vowels - len(flexible)
    possible = any(
        fixed_vowels + as_vowels >= vowels
        and fixed_consonants + len(flexible) - as_vowels >= consonants
        for as_vowels in range(len(flexible) + 1)
    )
    assert rack.satisfies_minimum(ENGLISH, vowels, consonants) is possible
