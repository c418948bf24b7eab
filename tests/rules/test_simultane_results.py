"""Results of a simultané: centre files checked line by line, online players and centres ranked
together with shared places, views by série / club / country / centre, CSV and JSON exports.

The game is a real one (the engine plays it; its players answer the top or nothing), recorded as
the session service records it, with registrations for some players.
"""

from __future__ import annotations

import copy
import csv
import io
import json
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import arbitre.rules.simultane_results as module
from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules import DuplicateGame, RecordMismatchError, game_record, preset
from arbitre.rules.simultane_results import (
    CSV_COLUMNS,
    CentreResults,
    CentreResultsError,
    ResultLine,
    read_centre_results,
    results_csv,
    results_data,
    simultane_results,
    view,
)

HEADER = "name,club,serie,country,total"
#: 18 players: enough for solos (16). ana scores every top, alone on turn 2 (a solo); bob every
#: top but turn 2's; cyd the odd turns'; dan nothing; the crowd some of them.
CROWD = tuple(f"p{index:02d}" for index in range(1, 15))
PLAYERS = ("ana", "bob", "cyd", "dan", *CROWD)
REGISTRATIONS = {
    "ana": {"name": "Ana Lopez", "club": "Club de Lyon", "serie": "S1", "country": "FRA"},
    "bob": {"name": "Bob Martin", "club": "Club de Liège", "serie": "S2", "country": "BEL"},
    "cyd": {"name": "Cyd", "club": "Club de Lyon", "serie": "S3", "country": "FRA"},
    "p01": {"name": "Zoé"},
}


def answers_top(player: str, number: int) -> bool:
    if player == "ana":
        return True
    if number == 2 or player == "dan":
        return False
    if player == "bob":
        return True
    if player == "cyd":
        return number % 2 == 1
    return number % (int(player[1:]) % 4 + 2) == 0


@cache
def record_text() -> str:
    lexicon = load_lexicon("fr")
    config = preset("fisf")
    game = DuplicateGame(config, 7, MoveGeneratorReferee(lexicon, config), PLAYERS)
    while game.start_turn() is not None:
        top = game.current_top
        assert top is not None
        for player in PLAYERS:
            if answers_top(player, game.number):
                game.answer(player, top.move.notation())
        if game.number == 3:
            game.answer("dan", "H8 ZZ")  # an illegal answer scores 0
        game.close_turn()
    record = game_record(game, lexicon.info.id, lexicon.info.hash)
    record["registrations"] = REGISTRATIONS
    return json.dumps(record, ensure_ascii=False)


def game() -> dict[str, Any]:
    """A fresh copy of the recorded game (tests may change it)."""
    record: dict[str, Any] = json.loads(record_text())
    return record


RECORD = game()
TOPS = [turn["top"]["score"] for turn in RECORD["turns"]]
TOP_TOTAL: int = RECORD["top_total"]
TURN_COLUMNS = ",".join(f"t{number}" for number in range(1, len(TOPS) + 1))


def csv_file(*lines: str, header: str = HEADER) -> str:
    return "\n".join((header, *lines)) + "\n"


def per_turn(points: Sequence[object]) -> str:
    return ",".join(map(str, points))


def problems(text: str | bytes, centre: str = "Nantes") -> list[tuple[int, str]]:
    with pytest.raises(CentreResultsError) as caught:
        read_centre_results(text, RECORD, centre)
    assert caught.value.code == "bad_centre_results"
    return [(line, message) for line, message in caught.value.problems]


def lines_of(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


# -- the record -------------------------------------------------------------------------------


def test_the_game_has_what_the_tests_need() -> None:
    assert len(TOPS) > 10
    ana = next(line for line in RECORD["standings"] if line["player"] == "ana")
    assert ana["solos"] == 1
    assert ana["total"] == TOP_TOTAL + 10


def test_online_players_are_ranked_as_the_record_ranks_them() -> None:
    lines = simultane_results(RECORD)
    assert [(line.place, line.score) for line in lines] == [
        (standing["rank"], standing["total"]) for standing in RECORD["standings"]
    ]
    by_player = {line.player: line for line in lines}
    for standing in RECORD["standings"]:
        line = by_player[standing["player"]]
        assert (line.place, line.score, line.negatif) == (
            standing["rank"],
            standing["total"],
            standing["negatif"],
        )
        assert (line.percent_of_top, line.tops, line.solos) == (
            standing["percent_of_top"],
            standing["tops"],
            standing["solos"],
        )
        assert line.source == "online"
        assert line.centre == ""
    assert lines[0] == ResultLine(
        place=1,
        name="Ana Lopez",
        score=TOP_TOTAL + 10,
        negatif=10,
        percent_of_top=lines[0].percent_of_top,
        tops=len(TOPS),
        solos=1,
        serie="S1",
        club="Club de Lyon",
        country="FRA",
        source="online",
        player="ana",
    )
    assert lines[0].percent_of_top > 100
    # a player without a registration is shown by id, with empty fields
    assert (by_player["dan"].name, by_player["dan"].club, by_player["dan"].serie) == ("dan", "", "")
    assert by_player["p01"].name == "Zoé"
    assert lines[-1].player == "dan"
    assert lines[-1].score == 0


def test_a_record_without_registrations_shows_ids() -> None:
    record = game()
    del record["registrations"]
    assert {line.name for line in simultane_results(record)} == set(PLAYERS)


def test_a_player_without_a_registration_is_shown_by_the_recorded_name() -> None:
    record = game()
    record["names"] = {"dan": "Dan D.", "ana": "ignored: ana has a registration"}
    names = {line.player: line.name for line in simultane_results(record)}
    assert (names["dan"], names["ana"], names["cyd"]) == ("Dan D.", "Ana Lopez", "Cyd")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(format="other/1"), "not a duplicate game record"),
        (lambda r: r.update(top_total=r["top_total"] + 1), "top_total"),
        (lambda r: r["turns"][3].update(number=9), "turn 4"),
        (lambda r: r["turns"][0]["top"].update(score=-1), "no top score"),
        (lambda r: r.update(players="ana"), "players"),
        (lambda r: r["turns"][1]["answers"][0].update(points=999), "above the top"),
        (lambda r: r["turns"][1]["answers"][0].update(player="eve"), "unknown players"),
        (lambda r: r["turns"][1]["answers"][0].update(player=["x"]), "unhashable"),
        (lambda r: r["turns"][1].update(answers={}), "bad answers"),
        (lambda r: r["standings"][0].update(total=1), "do not add up"),
        (lambda r: r["config"].pop("solo_bonus"), "solo_bonus"),
        (lambda r: r["registrations"]["ana"].update(serie="S9"), "registration of 'ana'"),
        (lambda r: r["registrations"].update(bob=["Bob"]), "registration of 'bob'"),
    ],
)
def test_a_malformed_record_is_refused(change: Any, message: str) -> None:
    record = game()
    change(record)
    with pytest.raises(RecordMismatchError, match=message):
        simultane_results(record)


# -- reading a centre file --------------------------------------------------------------------


def test_a_file_with_per_turn_points_is_read() -> None:
    text = csv_file(
        f"Zoé Roy,Club de Nantes,s3,fra,{TOP_TOTAL},{per_turn(TOPS)}",
        f'"Martin, Luc",,,BEL,{TOP_TOTAL - TOPS[0]},0,{per_turn(TOPS[1:])}',
        header=f"{HEADER},{TURN_COLUMNS}",
    )
    results = read_centre_results(text, RECORD, "Nantes")
    assert results.centre == "Nantes"
    assert results.tops == tuple(TOPS)
    zoe, luc = results.players
    assert (zoe.line, zoe.registration.name, zoe.registration.serie) == (2, "Zoé Roy", "S3")
    assert zoe.registration.country == "FRA"
    assert (zoe.total, zoe.points, zoe.centre) == (TOP_TOTAL, tuple(TOPS), "Nantes")
    assert (luc.registration.name, luc.points) == ("Martin, Luc", (0, *TOPS[1:]))


def test_a_file_with_totals_only_is_read() -> None:
    results = read_centre_results(csv_file("Zoé,,,,0", f"Luc,,,,{TOP_TOTAL}"), RECORD, "Nantes")
    assert [(p.total, p.points) for p in results.players] == [(0, None), (TOP_TOTAL, None)]


def test_bytes_a_byte_order_mark_crlf_blank_lines_and_any_column_order_are_read() -> None:
    text = "\ufeff TOTAL ,Country,name,SERIE,club\r\n\r\n12,BEL,Zoé,S4,\r\n\r\n13,,Luc,,Club\r\n"
    for data in (text, text.encode("utf-8"), text.removeprefix("\ufeff").encode("utf-8")):
        results = read_centre_results(data, RECORD, "Nantes")
        assert [(p.line, p.registration.name, p.total) for p in results.players] == [
            (3, "Zoé", 12),
            (5, "Luc", 13),
        ]
        assert results.players[0].registration.country == "BEL"


def test_a_centre_column_names_each_lines_centre() -> None:
    text = csv_file("Zoé,,,,1,Brest", "Luc,,,,2,", header=f"{HEADER},centre")
    results = read_centre_results(text, RECORD, "Nantes")
    assert [p.centre for p in results.players] == ["Brest", "Nantes"]
    results = read_centre_results(csv_file("Zoé,,,,1,Brest", header=f"{HEADER},centre"), RECORD)
    assert (results.centre, results.players[0].centre) == ("", "Brest")
    assert problems(csv_file("Zoé,,,,1,Brest", "Luc,,,,2,", header=f"{HEADER},centre"), "") == [
        (3, "no centre: the centre cell is empty and the file has no centre name")
    ]


def test_a_file_needs_a_centre_name() -> None:
    assert problems(csv_file("Zoé,,,,1"), centre="") == [
        (0, "no centre name: give one with the file, or a centre column")
    ]
    assert problems(csv_file("Zoé,,,,1"), centre="x" * 61)[0][0] == 0


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (",Club,S1,FRA,10", "name: 1 to 40 printable characters"),
        ("   ,Club,S1,FRA,10", "name: 1 to 40 printable characters"),
        ("Zoé,Club,S9,FRA,10", "serie 'S9': S1 to S7, or a category"),
        ("Zoé,Club,S1,FRANCE,10", "country: at most 3 printable characters"),
        ("Zoé,Club,S1,F1,10", "country 'F1': a code of 2 or 3 letters"),
        (f"Zoé,{'c' * 61},S1,FRA,10", "club: at most 60 printable characters"),
        ("Zoé,Club,S1,FRA,", "total '': a whole number of points (0 or more) is expected"),
        ("Zoé,Club,S1,FRA,-3", "total '-3': a whole number"),
        ("Zoé,Club,S1,FRA,+3", "total '+3': a whole number"),
        ("Zoé,Club,S1,FRA,12.5", "total '12.5': a whole number"),
        ("Zoé,Club,S1,FRA,²", "total '²': a whole number"),
        ("Zoé,Club,S1,FRA,1234567890", "total '1234567890': a whole number"),
        (f"Zoé,Club,S1,FRA,{TOP_TOTAL + 1}", f"is above the cumulated top ({TOP_TOTAL})"),
        ("Zoé,Club,S1,FRA", "4 fields, the header has 5"),
        ("Zoé,Club,S1,FRA,10,11", "6 fields, the header has 5"),
        ('Zoé,"Club" x,S1,FRA,10', "not valid CSV"),
    ],
)
def test_a_bad_line_is_reported_with_its_number(line: str, message: str) -> None:
    found = problems(csv_file("Luc,,,,1", line, "Léa,,,,2"))
    assert len(found) == 1
    assert found[0][0] == 3
    assert message in found[0][1]


def test_every_problem_of_a_line_is_reported() -> None:
    assert problems(csv_file(",,S9,FRANCE,x")) == [
        (2, "name: 1 to 40 printable characters"),
        (2, "serie 'S9': S1 to S7, or a category"),
        (2, "country: at most 3 printable characters"),
        (2, "total 'x': a whole number of points (0 or more) is expected"),
    ]


def test_per_turn_points_are_checked_against_the_tops() -> None:
    header = f"{HEADER},{TURN_COLUMNS}"
    above = [TOPS[0] + 1, *TOPS[1:]]
    found = problems(
        csv_file(
            f"Zoé,,,,{sum(above)},{per_turn(above)}",
            f"Luc,,,,{TOP_TOTAL - 1},{per_turn(TOPS)}",
            f"Léa,,,,5,{per_turn(['x', *TOPS[1:]])}",
            f"Max,,,,{TOP_TOTAL},{per_turn(TOPS)}",
            header=header,
        )
    )
    assert found == [
        (2, f"t1: {TOPS[0] + 1} is above the top of turn 1 ({TOPS[0]})"),
        (3, f"total {TOP_TOTAL - 1} is not the sum of t1 to t{len(TOPS)} ({TOP_TOTAL})"),
        (4, "t1 'x': a whole number of points (0 or more) is expected"),
    ]


def test_the_solo_bonus_is_not_given_to_a_centre_player() -> None:
    # ana's online total has a solo; the same points on paper cannot be declared
    found = problems(
        csv_file(f"Zoé,,,,{TOP_TOTAL + 10},{per_turn(TOPS)}", header=f"{HEADER},{TURN_COLUMNS}")
    )
    assert found == [
        (2, f"total {TOP_TOTAL + 10} is not the sum of t1 to t{len(TOPS)} ({TOP_TOTAL})")
    ]
    assert problems(csv_file(f"Zoé,,,,{TOP_TOTAL + 10}"))[0][0] == 2


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("name,club,serie,total", "missing column: country"),
        ("name,total", "missing columns: club, serie, country"),
        (f"{HEADER},score", "unknown column 'score'"),
        (f"{HEADER},name", "column 'name' appears twice"),
        (f"{HEADER},t1,t2", f"per-turn columns t1 to t{len(TOPS)} are all needed, or none"),
        (f"{HEADER},{TURN_COLUMNS},t{len(TOPS) + 1}", f"the game has {len(TOPS)} turns"),
        (f"{HEADER},{TURN_COLUMNS},t1", "column 't1' appears twice"),
        (f"{HEADER},t0", "unknown column 't0'"),
    ],
)
def test_a_bad_header_is_reported(header: str, message: str) -> None:
    found = problems(csv_file("Zoé,,,,1", header=header))
    assert {line for line, _ in found} == {1}
    assert any(message in text for _, text in found), found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", (0, "the file is empty")),
        ("\n \r\n", (0, "the file is empty")),
        (HEADER, (2, "no player")),
        (HEADER + "\n\n", (3, "no player")),
    ],
)
def test_an_empty_file_or_a_header_alone_is_refused(text: str, expected: tuple[int, str]) -> None:
    [(line, message)] = problems(text)
    assert (line, message[: len(expected[1])]) == expected


def test_the_same_player_twice_is_refused() -> None:
    found = problems(
        csv_file("Zoé Roy,Nantes,,,1", "Luc,,,,2", "ZOÉ  roy , nantes,S2,,3", "Zoé Roy,Brest,,,4")
    )
    assert found == [(4, "the same player (name and club) as line 2")]
    found = problems(csv_file("Zoé Roy,Nantes,S9,,1", "Luc,,,,2", "zoé roy,Nantes,,,x"))
    assert found == [
        (2, "serie 'S9': S1 to S7, or a category"),
        (4, "total 'x': a whole number of points (0 or more) is expected"),
        (4, "the same player (name and club) as line 2"),
    ]


def test_a_file_that_is_not_utf8_says_where() -> None:
    data = csv_file("Zoé,,,,1", "Luc,,,,2").encode("utf-8") + "Léa,,,,3\n".encode("latin-1")
    assert problems(data) == [(4, "not UTF-8 text (save the file as CSV UTF-8)")]
    assert problems(b"\xef\xbb\xbf" + data) == [(4, "not UTF-8 text (save the file as CSV UTF-8)")]


def test_limits_are_enforced_with_clear_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    long_line = "Zoé," + "x" * module.MAX_LINE_CHARS + ",,,1"
    assert problems(csv_file("Luc,,,,1", long_line, "Léa,,,,2")) == [
        (3, f"line longer than {module.MAX_LINE_CHARS} characters")
    ]
    monkeypatch.setattr(module, "MAX_CENTRE_LINES", 3)
    read_centre_results(csv_file("A,,,,1", "B,,,,1", "C,,,,1"), RECORD, "Nantes")
    assert problems(csv_file("A,,,,1", "B,,,,1", "C,,,,1", "D,,,,1", "E,,,,1")) == [
        (5, "more than 3 players in one file; split it")
    ]
    monkeypatch.setattr(module, "MAX_CENTRE_FILE_SIZE", 20)
    assert problems(csv_file("A,,,,1")) == [(0, "the file is larger than 20 bytes; split it")]


def test_a_file_with_a_problem_is_refused_whole_and_all_its_problems_reported() -> None:
    with pytest.raises(CentreResultsError) as caught:
        read_centre_results(
            csv_file(*(f"P{index},,S9,,1" for index in range(30))), RECORD, "Nantes"
        )
    assert [line for line, _ in caught.value.problems] == list(range(2, 32))
    message = str(caught.value)
    assert message.startswith("30 problems in the centre results: line 2: serie 'S9'")
    assert message.endswith("; and 20 more")


@st.composite
def files_with_bad_lines(draw: st.DrawFn) -> tuple[str, set[int]]:
    """A centre file whose lines are good or bad (of many kinds), and the bad ones' numbers."""
    bad_kinds = [
        ",,,,1",
        "Bad{n},,S0,,1",
        "Bad{n},,,FRANCE,1",
        "Bad{n},,,,x",
        f"Bad{{n}},,,,{TOP_TOTAL + 1}",
        "Bad{n},,,",
        "Bad{n},,,,1,2",
        'Bad{n},"a"b,,,1',
        "Good0,,,,1",  # the same player as line 2
    ]
    kinds = draw(st.lists(st.sampled_from([None, *bad_kinds]), min_size=1, max_size=40))
    lines = ["Good0,,,,1"]
    bad = set()
    for index, kind in enumerate(kinds, start=1):
        if kind is None:
            lines.append(f"Good{index},,S{index % 7 + 1},FRA,{index % (TOP_TOTAL + 1)}")
        else:
            lines.append(kind.format(n=index))
            bad.add(index + 2)  # line 1 is the header, line 2 the first player
    return csv_file(*lines), bad


@given(files_with_bad_lines())
@settings(max_examples=60, deadline=None)
def test_every_bad_line_is_reported_with_its_number(case: tuple[str, set[int]]) -> None:
    text, bad = case
    if not bad:
        results = read_centre_results(text, RECORD, "Nantes")
        assert len(results.players) == text.count("\n") - 1
        return
    assert {line for line, _ in problems(text)} == bad


# -- the ranking ------------------------------------------------------------------------------


def centre(*lines: str, name: str = "Nantes", header: str = HEADER) -> CentreResults:
    return read_centre_results(csv_file(*lines, header=header), RECORD, name)


def test_centres_are_ranked_with_the_online_players() -> None:
    bob = next(s for s in RECORD["standings"] if s["player"] == "bob")
    nantes = centre(
        f"Zoé Roy,Club de Nantes,S3,FRA,{TOP_TOTAL},{per_turn(TOPS)}",
        f"Aaron,Club de Nantes,S5,FRA,{TOP_TOTAL - TOPS[0]},0,{per_turn(TOPS[1:])}",
        header=f"{HEADER},{TURN_COLUMNS}",
    )
    brest = centre(f"Abel,Club de Brest,S2,FRA,{bob['total']}", "Yann,,,,0", name="Brest")
    lines = simultane_results(RECORD, [nantes, brest])
    assert len(lines) == len(PLAYERS) + 4
    first, second = lines[:2]
    assert (first.player, first.place) == ("ana", 1)
    assert (second.name, second.place, second.source, second.centre) == (
        "Zoé Roy",
        2,
        "centre",
        "Nantes",
    )
    assert (second.negatif, second.percent_of_top, second.tops, second.solos) == (
        0,
        100.0,
        len(TOPS),
        0,
    )
    aaron = next(line for line in lines if line.name == "Aaron")
    assert (aaron.score, aaron.tops) == (TOP_TOTAL - TOPS[0], len(TOPS) - 1)
    # Abel ties bob: the same place, and "Abel" comes before "Bob Martin"
    abel = next(line for line in lines if line.name == "Abel")
    bob_line = next(line for line in lines if line.player == "bob")
    assert (abel.place, abel.tops, abel.centre) == (bob_line.place, None, "Brest")
    assert lines.index(abel) + 1 == lines.index(bob_line)
    yann = next(line for line in lines if line.name == "Yann")
    assert (yann.tops, yann.negatif, yann.percent_of_top) == (None, -TOP_TOTAL, 0.0)
    dan = next(line for line in lines if line.player == "dan")
    assert yann.place == dan.place == len(lines) - 1  # both at 0: shared last place
    assert lines.index(dan) < lines.index(yann)  # "dan" < "yann"


def test_ties_are_ordered_by_name_whatever_the_input_order() -> None:
    names = ["bea", "Fred", "Ana", "ana", "Émile", "carl"]
    rows = [f"{name},{index},,,1" for index, name in enumerate(names)]  # Ana and ana: 2 clubs
    forward = simultane_results(RECORD, [centre(*rows)])
    backward = simultane_results(RECORD, [centre(*reversed(rows))])
    assert forward == backward
    tied = [line for line in forward if line.score == 1]
    assert [line.name for line in tied] == ["Ana", "ana", "bea", "carl", "Émile", "Fred"]
    assert {line.place for line in tied} == {1 + sum(line.score > 1 for line in forward)}


def test_results_checked_against_another_game_are_refused() -> None:
    other = CentreResults("Nantes", (1, 2), ())
    with pytest.raises(CentreResultsError, match="checked against another game"):
        simultane_results(RECORD, [other])


#: A centre player's total: any, or one an online player has (a tie across sources).
centre_totals = st.one_of(
    st.integers(0, TOP_TOTAL),
    st.sampled_from(sorted({s["total"] for s in RECORD["standings"] if s["total"] <= TOP_TOTAL})),
)


@given(st.lists(centre_totals, max_size=40))
@settings(max_examples=50, deadline=None)
def test_places_are_shared_exactly_on_equal_totals(totals: list[int]) -> None:
    players = (f"P{index},,,,{total}" for index, total in enumerate(totals))
    lines = simultane_results(RECORD, [centre(*players)] if totals else [])
    scores = [line.score for line in lines]
    assert scores == sorted(scores, reverse=True)
    for index, line in enumerate(lines):
        assert line.place == 1 + sum(score > line.score for score in scores)
        if index:
            assert (line.place == lines[index - 1].place) == (line.score == lines[index - 1].score)
        assert line.negatif == line.score - TOP_TOTAL


# -- views ------------------------------------------------------------------------------------


def merged() -> list[ResultLine]:
    return simultane_results(
        RECORD,
        [
            centre(
                f"Zoé Roy,Club de Lyon,S3,FRA,{TOP_TOTAL}",
                "Luc,Club de Nantes,S1,BEL,100",
                "Léa,Club de Nantes,,,100",
            )
        ],
    )


def test_a_view_keeps_overall_places_and_gives_its_own() -> None:
    lines = merged()
    place = {line.name: line.place for line in lines}
    lyon = view(lines, club="club de lyon ")
    assert [line.name for line in lyon] == ["Ana Lopez", "Zoé Roy", "Cyd"]
    assert [line.place for line in lyon] == [1, 2, place["Cyd"]]
    assert place["Cyd"] > 2
    assert [line.view_place for line in lyon] == [1, 2, 3]
    fra = view(lines, country="fra", serie="S1")
    assert [line.name for line in fra] == ["Ana Lopez"]
    no_serie = view(lines, serie="")
    assert {line.name for line in no_serie} == {"Léa", "dan", "Zoé", *CROWD[1:]}
    at_nantes = view(lines, centre="Nantes")
    assert [(line.name, line.view_place) for line in at_nantes] == [
        ("Zoé Roy", 1),
        ("Léa", 2),
        ("Luc", 2),
    ]
    everyone = view(lines)
    assert [line.view_place for line in everyone] == [line.place for line in lines]
    assert view(lines, country="XX") == []


@given(
    st.lists(
        st.tuples(
            centre_totals,
            st.sampled_from(["S1", "S2", ""]),
            st.sampled_from(["FRA", "BEL"]),
        ),
        max_size=30,
    ),
    st.sampled_from([None, "S1", "S2", ""]),
    st.sampled_from([None, "FRA", "BEL"]),
)
@settings(max_examples=50, deadline=None)
def test_a_views_places_are_the_overall_ordering_restricted(
    players: list[tuple[int, str, str]], serie: str | None, country: str | None
) -> None:
    lines_in = (f"P{i},,{s},{c},{total}" for i, (total, s, c) in enumerate(players))
    results = [centre(*lines_in)] if players else []
    lines = simultane_results(RECORD, results)
    kept = view(lines, serie=serie, country=country)
    expected = [
        line
        for line in lines
        if (serie is None or line.serie == serie) and (country is None or line.country == country)
    ]
    assert [replace(line, view_place=None) for line in kept] == expected
    scores = [line.score for line in kept]
    for line in kept:
        assert line.view_place == 1 + sum(score > line.score for score in scores)
    # a view of a view gives the same places
    assert view(kept, serie=serie) == kept


# -- exports ----------------------------------------------------------------------------------


def line_named(name: str, **fields: Any) -> ResultLine:
    values: dict[str, Any] = {
        "place": 1,
        "name": name,
        "score": 100,
        "negatif": -16,
        "percent_of_top": 86.21,
        "tops": None,
        "solos": 0,
        "serie": "S2",
        "club": "Club",
        "country": "FRA",
        "source": "centre",
        "centre": "Nantes",
    }
    return ResultLine(**(values | fields))


def test_the_csv_export() -> None:
    lines = merged()
    rows = lines_of(results_csv(lines))
    assert rows[0] == list(CSV_COLUMNS)
    ana = ["1", "Ana Lopez", str(TOP_TOTAL + 10), "10", f"{lines[0].percent_of_top:.2f}", "S1"]
    assert rows[1] == [*ana, "Club de Lyon", "FRA", "online", ""]
    assert len(rows) == len(lines) + 1
    zoe = ["2", "Zoé Roy", str(TOP_TOTAL), "0", "100.00", "S3", "Club de Lyon", "FRA", "centre"]
    assert rows[2] == [*zoe, "Nantes"]
    assert results_csv(lines).endswith("\r\n")
    viewed = lines_of(results_csv(view(lines, country="BEL")))
    assert viewed[0] == [*CSV_COLUMNS, "view_place"]
    assert [row[-1] for row in viewed[1:]] == ["1", "2"]
    assert lines_of(results_csv([])) == [list(CSV_COLUMNS)]


def test_the_csv_export_defuses_formulas_but_not_the_negatif() -> None:
    line = line_named('=HYPERLINK("x")', club="+33", serie="@S", centre="-Brest", negatif=-16)
    [header, row] = lines_of(results_csv([line]))
    values = dict(zip(header, row, strict=True))
    assert values["name"] == '\'=HYPERLINK("x")'
    assert (values["club"], values["serie"], values["centre"]) == ("'+33", "'@S", "'-Brest")
    assert values["negatif"] == "-16"
    assert lines_of(results_csv([line_named("\tTab")]))[1][1] == "'\tTab"


@given(
    st.text(
        st.one_of(st.characters(codec="utf-8").filter(str.isprintable), st.sampled_from(',"\n\r ')),
        max_size=40,
    )
)
@settings(max_examples=200, deadline=None)
def test_the_csv_export_round_trips_any_name(name: str) -> None:
    [header, *rows] = lines_of(results_csv([line_named(name), line_named("Luc")]))
    assert header == list(CSV_COLUMNS)
    expected = "'" + name if name.startswith(("=", "+", "-", "@", "\t", "\r")) else name
    assert [row[1] for row in rows] == [expected, "Luc"]
    assert all(len(row) == len(CSV_COLUMNS) for row in rows)


def test_the_json_data() -> None:
    lines = view(merged(), club="Club de Nantes")
    data = results_data(lines)
    assert json.loads(json.dumps(data)) == data
    assert [item["name"] for item in data] == ["Léa", "Luc"]
    assert data[1] == {
        "place": lines[1].place,
        "view_place": 1,
        "name": "Luc",
        "score": 100,
        "negatif": 100 - TOP_TOTAL,
        "percent_of_top": lines[1].percent_of_top,
        "tops": None,
        "solos": 0,
        "serie": "S1",
        "club": "Club de Nantes",
        "country": "BEL",
        "source": "centre",
        "centre": "Nantes",
        "player": "",
    }
    assert [item["view_place"] for item in data] == [1, 1]
    assert results_data(simultane_results(RECORD))[0]["player"] == "ana"


def test_a_record_is_not_changed() -> None:
    record = game()
    before = copy.deepcopy(record)
    simultane_results(record, [centre("Zoé,,,,1")])
    read_centre_results(csv_file("Zoé,,,,1"), record, "Nantes")
    assert record == before
