from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.rules import (
    BLANK,
    ENGLISH,
    FRENCH,
    InvalidTileSetError,
    LetterInfo,
    TileSet,
    UnknownLetterError,
    tile_set,
)
from arbitre.rules.tiles import PRESETS

FRENCH_COUNTS = "A9 B2 C2 D3 E15 F2 G2 H2 I8 J1 K1 L5 M3 N6 O6 P2 Q1 R6 S6 T6 U6 V2 W1 X1 Y1 Z1"
FRENCH_VALUES = "A1 B3 C3 D2 E1 F4 G2 H4 I1 J8 K10 L1 M2 N1 O1 P3 Q8 R1 S1 T1 U1 V4 W10 X10 Y10 Z10"
ENGLISH_COUNTS = "A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 U4 V2 W2 X1 Y2 Z1"
ENGLISH_VALUES = "A1 B3 C3 D2 E1 F4 G2 H4 I1 J8 K5 L1 M3 N1 O1 P3 Q10 R1 S1 T1 U1 V4 W4 X8 Y4 Z10"


def parse_spec(spec: str) -> dict[str, int]:
    return {item[0]: int(item[1:]) for item in spec.split()}


@pytest.mark.parametrize(
    ("tiles", "counts", "values", "total"),
    [
        (FRENCH, FRENCH_COUNTS, FRENCH_VALUES, 102),
        (ENGLISH, ENGLISH_COUNTS, ENGLISH_VALUES, 100),
    ],
)
def test_presets_match_the_published_sets(
    tiles: TileSet, counts: str, values: str, total: int
) -> None:
    assert tiles.total == total
    assert tiles.blanks == 2
    assert tiles.blank_value == 0
    for letter, count in parse_spec(counts).items():
        assert tiles.count(letter) == count
    for letter, value in parse_spec(values).items():
        assert tiles.value(letter) == value
        assert tiles.value(letter.lower()) == 0
    assert tiles.count(BLANK) == 2
    assert tiles.value(BLANK) == 0


@pytest.mark.parametrize("tiles", [FRENCH, ENGLISH])
def test_vowels_consonants_and_the_either_way_letters(tiles: TileSet) -> None:
    for letter in "AEIOU":
        assert tiles.is_vowel(letter)
        assert not tiles.is_consonant(letter)
    for letter in "BCDFGHJKLMNPQRSTVWXZ":
        assert tiles.is_consonant(letter)
        assert not tiles.is_vowel(letter)
    assert tiles.is_vowel("Y")
    assert tiles.is_consonant("Y")
    assert tiles.info("Y").both
    assert tiles.is_vowel(BLANK)
    assert tiles.is_consonant(BLANK)
    assert tiles.is_vowel("e")
    assert tiles.is_consonant("e")


def test_languages() -> None:
    assert FRENCH.language == "fr"
    assert ENGLISH.language == "en"


@pytest.mark.parametrize(
    ("name", "expected"),
    [("fr", FRENCH), ("French", FRENCH), ("EN", ENGLISH), ("english", ENGLISH)],
)
def test_tile_set_by_name(name: str, expected: TileSet) -> None:
    assert tile_set(name) is expected


@pytest.mark.parametrize("name", ["de", "", "francais"])
def test_unknown_tile_set_name(name: str) -> None:
    with pytest.raises(InvalidTileSetError, match="unknown tile set"):
        tile_set(name)


def test_membership_and_unknown_letters() -> None:
    assert "A" in FRENCH
    assert "a" in FRENCH
    assert BLANK in FRENCH
    assert "é" not in FRENCH
    assert "AB" not in FRENCH
    with pytest.raises(UnknownLetterError):
        FRENCH.value("1")
    with pytest.raises(UnknownLetterError):
        FRENCH.info("a")
    assert FRENCH.count("é") == 0


def test_letter_info_defaults_consonant_to_not_vowel() -> None:
    assert LetterInfo("A", 1, 1, vowel=True).consonant is False
    assert LetterInfo("B", 1, 1, vowel=False).consonant is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("a", 1, 1, True), "uppercase"),
        (("AB", 1, 1, True), "uppercase"),
        (("A", -1, 1, True), "count"),
        (("A", 1.5, 1, True), "count"),
        (("A", True, 1, True), "count"),
        (("A", 1, -2, True), "value"),
        (("A", 1, 1, "yes"), "boolean"),
        (("A", 1, 1, False, False), "vowel, a consonant or both"),
    ],
)
def test_bad_letter_info(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(InvalidTileSetError, match=message):
        LetterInfo(*args)


def test_mapping_round_trip_of_presets() -> None:
    for tiles in (FRENCH, ENGLISH):
        assert TileSet.from_mapping(tiles.to_mapping()) == tiles


def test_custom_set_from_mapping() -> None:
    tiles = TileSet.from_mapping(
        {
            "name": "mine",
            "language": "fr",
            "letters": {
                "A": {"count": 20, "value": 1, "vowel": True},
                "B": {"count": 20, "value": 3},
                "Y": {"count": 10, "value": 8, "vowel": True, "consonant": True},
                "K": {"count": 0, "value": 10},
            },
            "blanks": 10,
            "blank_value": 1,
        }
    )
    assert tiles.total == 60
    assert tiles.value("b") == 1
    assert tiles.is_vowel("A")
    assert tiles.is_consonant("B")
    assert tiles.info("Y").both
    assert "K" not in tiles  # listed but no tile carries it
    assert "C" not in tiles
    with pytest.raises(UnknownLetterError):
        tiles.value("C")


def test_all_blank_set_is_valid() -> None:
    tiles = TileSet.from_mapping({"name": "blanks", "blanks": 100})
    assert tiles.total == 100
    assert tiles.letters == ()
    assert "e" in tiles
    assert "E" not in tiles


def test_vowel_defaults_in_mapping() -> None:
    tiles = TileSet.from_mapping(
        {"name": "x", "letters": {"E": {"count": 30, "value": 1}, "T": {"count": 30, "value": 1}}}
    )
    assert tiles.is_vowel("E")
    assert not tiles.is_vowel("T")


def letters_of(total: int) -> dict[str, Any]:
    return {"A": {"count": total, "value": 1}}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"letters": letters_of(100)}, "'name'"),
        ({"name": "", "letters": letters_of(100)}, "'name'"),
        ({"name": "x", "letters": letters_of(59)}, "59 tokens"),
        ({"name": "x", "letters": letters_of(121)}, "121 tokens"),
        ({"name": "x", "blanks": 121}, "121 tokens"),
        ({"name": "x", "letters": {"a": {"count": 100, "value": 1}}}, "'a'"),
        ({"name": "x", "letters": {"É": {"count": 100, "value": 1}}}, "'É'"),
        ({"name": "x", "letters": {"AB": {"count": 100, "value": 1}}}, "'AB'"),
        ({"name": "x", "letters": {"A": {"count": -1, "value": 1}}, "blanks": 80}, "count"),
        ({"name": "x", "letters": {"A": {"count": "9", "value": 1}}, "blanks": 80}, "count"),
        ({"name": "x", "letters": {"A": {"count": 9.0, "value": 1}}, "blanks": 80}, "count"),
        ({"name": "x", "letters": {"A": {"count": True, "value": 1}}, "blanks": 80}, "count"),
        ({"name": "x", "letters": {"A": {"count": 90, "value": -1}}}, "value"),
        ({"name": "x", "letters": {"A": {"count": 90}}}, "missing 'value'"),
        ({"name": "x", "letters": {"A": {"value": 1}}}, "missing 'count'"),
        ({"name": "x", "letters": {"A": 90}}, "mapping"),
        ({"name": "x", "letters": ["A"]}, "'letters'"),
        ({"name": "x", "letters": {"A": {"count": 90, "value": 1, "vowel": 1}}}, "boolean"),
        ({"name": "x", "letters": {"A": {"count": 90, "value": 1, "points": 1}}}, "points"),
        ({"name": "x", "letters": letters_of(90), "blanks": -1}, "'blanks'"),
        ({"name": "x", "letters": letters_of(90), "blank_value": -1}, "'blank_value'"),
        ({"name": "x", "letters": letters_of(90), "language": "de"}, "language"),
        ({"name": "x", "letters": letters_of(90), "language": 3}, "language"),
        ({"name": "x", "letters": letters_of(90), "colour": "red"}, "colour"),
    ],
)
def test_bad_custom_sets(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidTileSetError, match=message):
        TileSet.from_mapping(data)


def test_from_mapping_needs_a_mapping() -> None:
    with pytest.raises(InvalidTileSetError):
        TileSet.from_mapping(["A"])  # type: ignore[arg-type]


def test_duplicate_letter_in_constructor() -> None:
    info = LetterInfo("A", 40, 1, vowel=True)
    with pytest.raises(InvalidTileSetError, match="twice"):
        TileSet("x", (info, info), blanks=0)


letter_specs = st.dictionaries(
    st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    st.fixed_dictionaries(
        {"count": st.integers(0, 6), "value": st.integers(0, 12)},
        optional={"vowel": st.booleans()},
    ),
)


@settings(max_examples=100)
@given(letter_specs, st.integers(0, 120), st.integers(0, 3))
def test_custom_sets_round_trip_or_fail_cleanly(
    letters: dict[str, dict[str, Any]], blanks: int, blank_value: int
) -> None:
    data = {"name": "gen", "letters": letters, "blanks": blanks, "blank_value": blank_value}
    total = sum(spec["count"] for spec in letters.values()) + blanks
    if 60 <= total <= 120:
        tiles = TileSet.from_mapping(data)
        assert tiles.total == total
        assert TileSet.from_mapping(tiles.to_mapping()) == tiles
    else:
        with pytest.raises(InvalidTileSetError):
            TileSet.from_mapping(data)


def test_presets_have_one_canonical_name_and_accept_aliases() -> None:
    assert dict(PRESETS) == {"fr": FRENCH, "en": ENGLISH}
    assert (FRENCH.name, ENGLISH.name) == ("fr", "en")
    assert tile_set("french") is FRENCH
    assert tile_set(" English ") is ENGLISH
    with pytest.raises(InvalidTileSetError, match=r"known: fr, en \(also french, english\)"):
        tile_set("german")
