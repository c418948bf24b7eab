"""Tests of arbitre.rules.contest: worked rankings (the module's, ties, tables left out, a lone
table, three seats) and properties of any contest: a two-seat table's versus are opposite, each
seat's versus sum to 0 and its matchpoints average 50, places are competition ranks of versus,
the difference is the total minus the other seats' mean, and the data is rounded to 2
decimals."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from arbitre.rules.contest import ContestLine, ContestTable, SeatTotal, contest_data, rank


def table(name: str, *totals: int, over: bool = True) -> ContestTable:
    """A table whose seat ``s`` is player ``<name>-<s>`` with ``totals[s]``."""
    return ContestTable(
        name, tuple(SeatTotal(f"{name}-{seat}", total) for seat, total in enumerate(totals)), over
    )


def by_seat(lines: list[ContestLine]) -> dict[tuple[str, int], ContestLine]:
    return {(line.table, line.seat): line for line in lines}


THE_MODULE_S = [
    ContestTable("t1", (SeatTotal("ana", 60), SeatTotal("bob", 40))),
    ContestTable("t2", (SeatTotal("cyd", 50), SeatTotal("dan", 50))),
    ContestTable("t3", (SeatTotal("eve", 40), SeatTotal("fay", 50))),
]


def test_the_module_s_example() -> None:
    lines = rank(THE_MODULE_S)
    assert [
        (line.place, line.player, line.table, line.seat, line.total, line.difference, line.versus)
        for line in lines
    ] == [
        (1, "ana", "t1", 0, 60, Fraction(20), Fraction(25)),
        (2, "fay", "t3", 1, 50, Fraction(10), Fraction(20)),
        (3, "dan", "t2", 1, 50, Fraction(0), Fraction(5)),
        (4, "cyd", "t2", 0, 50, Fraction(0), Fraction(-5)),
        (5, "eve", "t3", 0, 40, Fraction(-10), Fraction(-20)),
        (6, "bob", "t1", 1, 40, Fraction(-20), Fraction(-25)),
    ]
    # ana beats both other seat-0 players, cyd one of two, eve none; and so on for seat 1
    assert [line.matchpoints for line in lines] == [100, 100, 50, 50, 0, 0]
    assert all(isinstance(line.versus, Fraction) for line in lines)


def test_equal_versus_share_a_place() -> None:
    # seat 0's differences 10, 0, 0: versus 10, -5, -5; seat 1's the opposite
    lines = rank([table("t1", 60, 50), table("t2", 50, 50), table("t3", 40, 40)])
    assert [line.place for line in lines] == [1, 2, 2, 4, 4, 6]
    assert [line.versus for line in lines] == [10, 5, 5, -5, -5, -10]
    seats = by_seat(lines)
    assert {seats["t2", 1].place, seats["t3", 1].place} == {2}
    assert {seats["t2", 0].place, seats["t3", 0].place} == {4}
    assert (seats["t1", 0].place, seats["t1", 1].place) == (1, 6)
    # equal differences score a half: t2's seat 0 ties t3's and loses to t1's
    assert seats["t2", 0].matchpoints == 25
    assert seats["t2", 1].matchpoints == 75


def test_a_table_not_over_or_with_an_empty_seat_is_left_out() -> None:
    playing = ContestTable("t4", (SeatTotal("gus", 90), SeatTotal("hal", 0)), over=False)
    waiting = ContestTable("t5", (SeatTotal("ivy", 80), SeatTotal(None, 0)))
    empty = ContestTable("t6", ())
    assert not any(t.ranked for t in (playing, waiting, empty))
    assert all(t.ranked for t in THE_MODULE_S)
    for extra in ([playing], [waiting], [empty], [playing, waiting, empty]):
        assert rank([*THE_MODULE_S, *extra]) == rank(THE_MODULE_S)
        assert rank([*extra, *THE_MODULE_S]) == rank(THE_MODULE_S)
    assert rank([playing, waiting, empty]) == []
    assert rank([]) == []


def test_one_finished_table_is_versus_0_and_matchpoints_50() -> None:
    lines = rank([table("t1", 70, 45), table("t2", 10, 90, over=False)])
    assert [(line.player, line.place, line.difference) for line in lines] == [
        ("t1-0", 1, Fraction(25)),
        ("t1-1", 1, Fraction(-25)),
    ]
    assert all((line.versus, line.matchpoints) == (Fraction(0), Fraction(50)) for line in lines)


def test_three_seats() -> None:
    lines = rank([table("t1", 30, 20, 10), table("t2", 20, 20, 20), table("t3", 25, 10, 10)])
    seats = by_seat(lines)
    # t3's seat 1: 10 against the mean of 25 and 10
    assert seats["t3", 1].difference == Fraction(-15, 2)
    assert [(line.table, line.seat, line.place, line.versus) for line in lines] == [
        ("t2", 2, 1, Fraction(45, 4)),
        ("t1", 0, 2, Fraction(15, 2)),
        ("t3", 0, 2, Fraction(15, 2)),
        ("t1", 1, 4, Fraction(15, 4)),
        ("t2", 1, 4, Fraction(15, 4)),
        ("t3", 2, 6, 0),
        ("t3", 1, 7, Fraction(-15, 2)),
        ("t1", 2, 8, Fraction(-45, 4)),
        ("t2", 0, 9, -15),
    ]
    assert {key: line.matchpoints for key, line in seats.items()} == {
        ("t1", 0): 75,
        ("t2", 0): 0,
        ("t3", 0): 75,
        ("t1", 1): 75,
        ("t2", 1): 75,
        ("t3", 1): 0,
        ("t1", 2): 0,
        ("t2", 2): 100,
        ("t3", 2): 50,
    }


def test_tables_of_different_sizes_are_compared_seat_by_seat() -> None:
    seats = by_seat(rank([table("t1", 30, 10), table("t2", 20, 20, 20)]))
    # seat 2 is at t2 only: nobody to compare with
    assert (seats["t2", 2].versus, seats["t2", 2].matchpoints) == (Fraction(0), Fraction(50))
    assert seats["t1", 0].versus == 20 - 0
    assert seats["t2", 1].versus == 0 - (-20)


def test_contest_data_is_json_ready_and_rounded() -> None:
    # seat 0's differences 3, 2, 1, 0: t2's versus 2 - 4/3, its matchpoints 2 of 3
    lines = rank([table("t1", 3, 0), table("t2", 2, 0), table("t3", 1, 0), table("t4", 0, 0)])
    data = {(item["table"], item["seat"]): item for item in contest_data(lines)}
    assert data["t2", 0] == {
        "place": 3,
        "table": "t2",
        "seat": 0,
        "player": "t2-0",
        "total": 2,
        "difference": 2.0,
        "versus": 0.67,
        "matchpoints": 66.67,
    }
    assert (data["t3", 0]["versus"], data["t3", 0]["matchpoints"]) == (-0.67, 33.33)
    assert [item["place"] for item in contest_data(lines)] == [line.place for line in lines]
    assert contest_data([]) == []


# -- properties -------------------------------------------------------------------------------

TOTALS = st.integers(-20, 300)


@st.composite
def contests(draw: st.DrawFn, seats: st.SearchStrategy[int] | None = None) -> list[ContestTable]:
    """Up to 8 tables of 2 to 4 seats (or ``seats``), some not over, some with an empty seat."""
    sizes = seats if seats is not None else st.integers(2, 4)
    tables = []
    for index in range(draw(st.integers(0, 8))):
        players = tuple(
            SeatTotal(None if draw(st.integers(0, 9)) == 0 else f"p{index}.{seat}", draw(TOTALS))
            for seat in range(draw(sizes))
        )
        tables.append(ContestTable(f"t{index}", players, over=draw(st.integers(0, 5)) > 0))
    return tables


def ranked_seats(tables: list[ContestTable]) -> list[tuple[ContestTable, int]]:
    return [(t, seat) for t in tables if t.ranked for seat in range(len(t.seats))]


@given(contests(seats=st.just(2)))
def test_a_two_seat_table_s_versus_are_opposite(tables: list[ContestTable]) -> None:
    seats = by_seat(rank(tables))
    for t in tables:
        if t.ranked:
            first, second = seats[t.table, 0], seats[t.table, 1]
            assert first.versus == -second.versus
            assert first.difference == -second.difference
            assert first.matchpoints + second.matchpoints == 100


@given(contests())
def test_each_seat_s_versus_sum_to_0_and_its_matchpoints_average_50(
    tables: list[ContestTable],
) -> None:
    per_seat: dict[int, list[ContestLine]] = defaultdict(list)
    for line in rank(tables):
        per_seat[line.seat].append(line)
    for lines in per_seat.values():
        assert sum(line.versus for line in lines) == 0
        assert sum(line.matchpoints for line in lines) == 50 * len(lines)
        assert all(0 <= line.matchpoints <= 100 for line in lines)


@given(contests())
def test_the_lines_are_the_ranked_seats_in_competition_ranking(
    tables: list[ContestTable],
) -> None:
    lines = rank(tables)
    assert sorted((line.table, line.seat) for line in lines) == sorted(
        (t.table, seat) for t, seat in ranked_seats(tables)
    )
    versus = [line.versus for line in lines]
    assert versus == sorted(versus, reverse=True)
    for line in lines:
        assert line.place == 1 + sum(1 for v in versus if v > line.versus)


@given(contests())
def test_the_difference_is_the_total_minus_the_other_seats_mean(
    tables: list[ContestTable],
) -> None:
    seats = by_seat(rank(tables))
    for t, seat in ranked_seats(tables):
        line = seats[t.table, seat]
        others = [s.total for index, s in enumerate(t.seats) if index != seat]
        assert (line.player, line.total) == (t.seats[seat].player, t.seats[seat].total)
        assert line.difference == t.seats[seat].total - Fraction(sum(others), len(others))


@given(contests())
def test_contest_data_rounds_to_2_decimals(tables: list[ContestTable]) -> None:
    lines = rank(tables)
    data = contest_data(lines)
    assert len(data) == len(lines)
    for item, line in zip(data, lines, strict=True):
        assert (item["place"], item["table"], item["seat"], item["player"], item["total"]) == (
            line.place,
            line.table,
            line.seat,
            line.player,
            line.total,
        )
        for field in ("difference", "versus", "matchpoints"):
            written, exact = item[field], getattr(line, field)
            assert isinstance(written, float)
            assert written == round(written, 2)
            assert abs(Fraction(written) - exact) <= Fraction(1, 200) + Fraction(1, 10**9)
