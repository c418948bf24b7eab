"""The FISF game sheet: exact text, tolerant import, every validation error, and the round trip
format -> parse on every corpus game and on random sheets."""

from __future__ import annotations

from string import ascii_letters, ascii_uppercase
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_sheet import (
    SHEET_HEADER,
    GameSheet,
    InvalidSheetError,
    SheetLine,
    format_sheet,
    parse_sheet,
    sheet_from_corpus_game,
)
from tests.corpus import GAMES, game_id
from tests.rules.strategies import positions

SHORT = GameSheet(
    (
        SheetLine(1, "?EBAAEF", "FABAcEE", "H4", 80, True),
        SheetLine(2, "KEELIFE", "KIEF", "10F", 36, False),
        SheetLine(3, "EEEL+IJX", "FIXEE", "4H", 34, False),
        SheetLine(4, "-BNISRAA", "BRAISONS", "O1", 101, True),
    ),
    title="Partie d'entraînement n° 7",
)

SHORT_TEXT = """\
Partie d'entraînement n° 7
N° | Tirage   | Mot      | Réf | Points | Cumul
---+----------+----------+-----+--------+------
 1 | ?EBAAEF  | FABAcEE  | H4  |    80* |    80
 2 | KEELIFE  | KIEF     | 10F |    36  |   116
 3 | EEEL+IJX | FIXEE    | 4H  |    34  |   150
 4 | -BNISRAA | BRAISONS | O1  |   101* |   251
Top : 251 points en 4 coups
"""


def test_exact_text() -> None:
    assert format_sheet(SHORT) == SHORT_TEXT
    assert SHORT.total == 251
    assert SHORT.turns == 4


def test_exact_text_without_title() -> None:
    sheet = GameSheet((SheetLine(1, "A?", "eT", "8H", 1),))
    assert format_sheet(sheet) == (
        "N° | Tirage | Mot | Réf | Points | Cumul\n"
        "---+--------+-----+-----+--------+------\n"
        " 1 | A?     | eT  | 8H  |     1  |     1\n"
        "Top : 1 point en 1 coup\n"
    )
    assert format_sheet(GameSheet(())).splitlines()[-1] == "Top : 0 point en 0 coup"


def test_text_is_utf8_and_round_trips() -> None:
    data = format_sheet(SHORT).encode("utf-8")
    assert parse_sheet(data.decode("utf-8")) == SHORT
    assert parse_sheet(SHORT_TEXT.replace("\n", "\r\n")) == SHORT


# -- tolerant import ---------------------------------------------------------------------------

HAND_WRITTEN = """

   Ma partie du club

n°|tirage|mot|ref|points|cumul
====+=====
1 | ?ebaaef | FABA(C)EE | h4 | 80 * | 80

  2|KEELIFE   |KIEF|10f|36|116
3 | eeel + ijx | FIXÉE | 4h | 34 | 150
4 | -BNIS?AA | C(HA)CUNE | o1 | 74 | 224
5 | ABCDEFG | ÉVITÉE | 8A | 20* | 244
Top: 244 points en 5 coups.

"""


def test_tolerant_import() -> None:
    sheet = parse_sheet(HAND_WRITTEN)
    assert sheet == GameSheet(
        (
            SheetLine(1, "?EBAAEF", "FABAcEE", "H4", 80, True),
            SheetLine(2, "KEELIFE", "KIEF", "10F", 36, False),
            SheetLine(3, "EEEL+IJX", "FIXEE", "4H", 34, False),
            SheetLine(4, "-BNIS?AA", "ChaCUNE", "O1", 74, False),
            SheetLine(5, "ABCDEFG", "EVITEE", "8A", 20, True),
        ),
        title="Ma partie du club",
    )


@pytest.mark.parametrize(
    ("written", "word"),
    [
        ("C(H)ACUNE", "ChACUNE"),
        ("ChACUNE", "ChACUNE"),
        ("(CH)ACUNE", "chACUNE"),
        ("FIANÇA", "FIANCA"),
        ("AVÉRER", "AVERER"),
        ("ŒUVRE", "OEUVRE"),
        ("J(U)GÉES", "JuGEES"),
    ],
)
def test_words_are_normalised(written: str, word: str) -> None:
    text = SHORT_TEXT.replace("| FIXEE    |", f"| {written} |")
    assert parse_sheet(text).lines[2].word == word


def test_without_stars_nothing_is_a_scrabble() -> None:
    sheet = parse_sheet(SHORT_TEXT.replace("*", " "))
    assert not any(line.scrabble for line in sheet.lines)
    assert [line.points for line in sheet.lines] == [80, 36, 34, 101]


def test_singular_and_plural_footer_accepted() -> None:
    text = SHORT_TEXT.replace("Top : 251 points en 4 coups", "TOP : 251 point en 4 coup")
    assert parse_sheet(text) == SHORT


def test_positions_on_a_larger_board() -> None:
    text = SHORT_TEXT.replace("| O1  |", "| U20 |")
    with pytest.raises(InvalidSheetError, match="line 7"):
        parse_sheet(text)
    assert parse_sheet(text, size=21).lines[3].position == "U20"


# -- validation errors -------------------------------------------------------------------------


def replace_line(number: int, new: str) -> str:
    """SHORT_TEXT with its line ``number`` (1-based) replaced."""
    lines = SHORT_TEXT.splitlines()
    lines[number - 1] = new
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (replace_line(5, " 2 | KEELIFE | KIEF | 10F | 36 | 117"), 5, "running total 116"),
        (replace_line(8, "Top : 250 points en 4 coups"), 8, "total 250"),
        (replace_line(8, "Top : 251 points en 5 coups"), 8, "counts 5 coups"),
        (replace_line(4, " 0 | ?EBAAEF | FABAcEE | H4 | 80* | 80"), 4, "N° 1 was expected"),
        (replace_line(5, " 3 | KEELIFE | KIEF | 10F | 36 | 116"), 5, "N° 2 was expected"),
        (replace_line(5, " two | KEELIFE | KIEF | 10F | 36 | 116"), 5, "not a number"),
        (replace_line(5, " 2 | KEELIFE | KIEF | 10 | 36 | 116"), 5, "bad position"),
        (replace_line(5, " 2 | KEELIFE | KIEF | P1 | 36 | 116"), 5, "off the board"),
        (replace_line(5, " 2 | KEEL1FE | KIEF | 10F | 36 | 116"), 5, "bad tirage"),
        (replace_line(5, " 2 | + | KIEF | 10F | 36 | 116"), 5, "no tile"),
        (replace_line(5, " 2 | KEELIFE | KI(EF | 10F | 36 | 116"), 5, "never closed"),
        (replace_line(5, " 2 | KEELIFE | KI-EF | 10F | 36 | 116"), 5, "not a letter"),
        (replace_line(5, " 2 | KEELIFE | KIEF | 10F | 3x6 | 116"), 5, "points"),
        (replace_line(5, " 2 | KEELIFE | KIEF | 10F | 36 | -"), 5, "cumul"),
        (replace_line(5, " 2 | KEELIFE | KIEF | 10F | 36"), 5, "6 columns"),
        (replace_line(8, ""), 7, "without the footer"),
        (SHORT_TEXT + "merci\n", 9, "after the footer"),
        (replace_line(2, "N° | Tirage | Mot | Points | Cumul"), 2, "expected the header"),
        ("Partie\nDeuxième ligne\n" + SHORT_TEXT.split("\n", 1)[1], 2, "one title at most"),
        ("Top : 0 points en 0 coups\n", 1, "no header"),
        ("", 1, "no header"),
    ],
)
def test_validation_errors(text: str, line: int, message: str) -> None:
    with pytest.raises(InvalidSheetError, match=message) as caught:
        parse_sheet(text)
    error = caught.value
    assert error.line == line
    assert str(error).startswith(f"line {line}: ")
    assert error.code == "bad_sheet"
    assert isinstance(error, ArbitreError)


@pytest.mark.parametrize(
    "fields",
    [
        (0, "ABC", "ABC", "H4", 5, False),  # coups count from 1
        (1, "abc", "ABC", "H4", 5, False),  # tirage in uppercase
        (1, "AB C", "ABC", "H4", 5, False),
        (1, "+-", "ABC", "H4", 5, False),  # no tile
        (1, "ABC", "A(B)C", "H4", 5, False),  # word not in canonical form
        (1, "ABC", "ÉTÉ", "H4", 5, False),
        (1, "ABC", "", "H4", 5, False),
        (1, "ABC", "ABC", "h4", 5, False),  # position not in canonical form
        (1, "ABC", "ABC", "H04", 5, False),
        (1, "ABC", "ABC", "H4", -5, False),  # negative points
        (1, "ABC", "ABC", "H4", 5.0, False),
        (1, "ABC", "ABC", "H4", 5, 1),  # scrabble is a bool
    ],
)
def test_bad_sheet_lines(fields: tuple[Any, ...]) -> None:
    with pytest.raises(InvalidSheetError):
        SheetLine(*fields)


def test_bad_game_sheets() -> None:
    first = SheetLine(1, "ABC", "ABC", "H4", 5)
    third = SheetLine(3, "ABC", "ABC", "4H", 5)
    with pytest.raises(InvalidSheetError, match="numbered"):
        GameSheet((first, third))
    with pytest.raises(InvalidSheetError, match="numbered"):
        GameSheet((third,))
    for title in ("", " padded", "two\nlines", "a | b", "x\u2028y"):
        with pytest.raises(InvalidSheetError, match="title"):
            GameSheet((first,), title)
    assert GameSheet([first]).lines == (first,)  # type: ignore[arg-type]  # stored as a tuple


# -- corpus ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game", GAMES, ids=[game_id(index, game) for index, game in enumerate(GAMES)]
)
def test_corpus_game_round_trip(game: dict[str, Any]) -> None:
    sheet = sheet_from_corpus_game(game)
    assert parse_sheet(format_sheet(sheet)) == sheet
    if game["variant"] == "duplicate":
        assert sheet.turns == len(game["turns"])
        assert [line.points for line in sheet.lines] == [turn["score"] for turn in game["turns"]]
        if game["total"] is not None:
            assert sheet.total == game["total"]


def test_corpus_conversion() -> None:
    sheets = [sheet_from_corpus_game(game) for game in GAMES]
    # Every play, less the 30 phonies withdrawn after a challenge.
    assert sum(sheet.turns for sheet in sheets) == 2504 - 30
    first = sheets[0].lines
    assert first[0] == SheetLine(1, "?EBAAEF", "FABAcEE", "H4", 80, True)
    assert first[2] == SheetLine(3, "EEEL+IJX", "FIXEE", "4H", 34, False)  # rack_raw kept
    assert sheets[0].title is None
    assert sum(line.scrabble for sheet in sheets for line in sheet.lines) == 89


def test_corpus_withdrawn_play_is_dropped() -> None:
    game: dict[str, Any] = {
        "title": "  Essai  ",
        "turns": [
            {"n": 1, "rack": "ABCDEFG", "word": "CAB", "position": "H8", "score": 14},
            {"n": 2, "rack": "EIRTUVW", "word": "WRIT", "position": "9G", "score": 30},
            {"n": 3, "rack": "EIRTUVW", "type": "withdrawn", "score": -30, "notes": ""},
            {"n": 4, "rack": "EIRTUVW", "type": "pass", "score": 0, "notes": "(PASS)"},
            {"n": 5, "rack": "EIRTUVW", "word": "C(U)TE", "position": "8h", "score": 5},
        ],
    }
    assert sheet_from_corpus_game(game) == GameSheet(
        (
            SheetLine(1, "ABCDEFG", "CAB", "H8", 14),
            SheetLine(2, "EIRTUVW", "CuTE", "8H", 5),
        ),
        "Essai",
    )
    game["turns"][0]["rack"] = "AB1"
    with pytest.raises(InvalidSheetError, match="turn 1"):
        sheet_from_corpus_game(game)


# -- properties --------------------------------------------------------------------------------

racks = st.one_of(
    st.from_regex(r"-[A-Z?]{1,8}|[A-Z?]{0,6}\+[A-Z?]{1,7}|[A-Z?]{1,8}", fullmatch=True),
    st.text(alphabet=ascii_uppercase + "?+-", min_size=1, max_size=10).filter(
        lambda rack: rack.strip("+-") != ""
    ),
)
titles = st.one_of(
    st.none(),
    st.text(
        st.characters(exclude_categories=["Cs"], exclude_characters="|"),
        min_size=1,
        max_size=30,
    ).filter(lambda title: title == title.strip() and title.splitlines() == [title]),
)


@st.composite
def sheets(draw: st.DrawFn) -> GameSheet:
    count = draw(st.integers(0, 25))
    lines = tuple(
        SheetLine(
            number,
            draw(racks),
            draw(st.text(alphabet=ascii_letters, min_size=1, max_size=15)),
            draw(positions()).notation(),
            draw(st.integers(0, 3000)),
            draw(st.booleans()),
        )
        for number in range(1, count + 1)
    )
    return GameSheet(lines, draw(titles))


@given(sheets())
def test_round_trip(sheet: GameSheet) -> None:
    text = format_sheet(sheet)
    assert parse_sheet(text) == sheet
    assert format_sheet(sheet) == text  # deterministic


@given(sheets())
def test_layout(sheet: GameSheet) -> None:
    text = format_sheet(sheet)
    assert text.endswith("\n")
    lines = text.splitlines()
    assert all(line == line.rstrip() for line in lines)
    table = lines[1:-1] if sheet.title is not None else lines[:-1]
    assert [cell.strip() for cell in table[0].split("|")] == list(SHEET_HEADER)
    assert len(table) == sheet.turns + 2
    assert len({len(line) for line in table}) == 1  # aligned: every row as wide
    bars = [i for i, char in enumerate(table[0]) if char == "|"]
    assert all([i for i, char in enumerate(row) if char == "|"] == bars for row in table[2:])
    assert lines[-1].startswith(f"Top : {sheet.total} point")
