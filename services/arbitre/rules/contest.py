"""A contest's ranking: many tables play the same pre-drawn game (the same seed: the same dice,
the same tiles), and every player is ranked against the players who sat in **the same seat at
the other tables**, as in duplicate bridge, so that the luck of the draw cancels out.

Each finished table gives each seat's total. For the player in seat ``s`` of table ``t``:

* the **difference** ``d(t, s)`` is their total minus the mean of the other seats' totals at
  the table (with two seats: minus the opponent's total);
* **versus** is the mean, over the other finished tables ``u``, of ``d(t, s) − d(u, s)``: how
  many points better than the rest of the field the player did with the same draw (0 when no
  other table is finished). With two seats, a table's two versus are opposite: what one player
  gains on the field, the other loses;
* the **matchpoints** percentage scores each comparison as bridge does: 1 for a better
  difference, ½ for an equal one, 0 for a worse one, over the other finished tables (50 when
  there is none).

The lines are ranked by versus, best first; equal versus share a place (1, 2, 2, 4). A table
that is not over, or one with an empty seat, is not ranked (its players are listed apart as
``unranked``). Versus and matchpoints are exact fractions here, rounded to two decimals only
when written (:func:`contest_data`).

>>> tables = [
...     ContestTable("t1", (SeatTotal("ana", 60), SeatTotal("bob", 40))),
...     ContestTable("t2", (SeatTotal("cyd", 50), SeatTotal("dan", 50))),
...     ContestTable("t3", (SeatTotal("eve", 40), SeatTotal("fay", 50))),
... ]
>>> for line in rank(tables):
...     print(line.place, line.player, int(line.difference), int(line.versus))
1 ana 20 25
2 fay 10 20
3 dan 0 5
4 cyd 0 -5
5 eve -10 -20
6 bob -20 -25
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = ["ContestLine", "ContestTable", "SeatTotal", "contest_data", "decimal", "rank"]


@dataclass(frozen=True, slots=True)
class SeatTotal:
    """One seat of a table: its ``player`` (``None``: nobody sat there) and their ``total``."""

    player: str | None
    total: int


@dataclass(frozen=True, slots=True)
class ContestTable:
    """One table of a contest: its ``table`` id (a game id), its ``seats`` in seat order, and
    whether it is ``over`` (only finished tables are ranked)."""

    table: str
    seats: tuple[SeatTotal, ...]
    over: bool = True

    @property
    def ranked(self) -> bool:
        """Whether the table takes part in the ranking: over, every seat taken."""
        return self.over and bool(self.seats) and all(s.player is not None for s in self.seats)


@dataclass(frozen=True, slots=True)
class ContestLine:
    """One player's line: ``place`` (shared on equal versus), ``table``, ``seat``, ``player``,
    ``total``, ``difference`` (total minus the other seats' mean at the table), ``versus`` and
    ``matchpoints`` (a percentage) against the same seat at the other finished tables."""

    place: int
    table: str
    seat: int
    player: str
    total: int
    difference: Fraction
    versus: Fraction
    matchpoints: Fraction


def _difference(table: ContestTable, seat: int) -> Fraction:
    others = [s.total for index, s in enumerate(table.seats) if index != seat]
    mean = Fraction(sum(others), len(others)) if others else Fraction(0)
    return table.seats[seat].total - mean


def rank(tables: Sequence[ContestTable]) -> list[ContestLine]:
    """The ranked lines of ``tables``' players (see the module); tables that are not
    :attr:`ContestTable.ranked` are left out. Tables of different numbers of seats are compared
    seat by seat over the tables that have that seat."""
    played = [table for table in tables if table.ranked]
    differences = {
        (table.table, seat): _difference(table, seat)
        for table in played
        for seat in range(len(table.seats))
    }
    unplaced: list[tuple[Fraction, ContestLine]] = []
    for table in played:
        for seat, sitting in enumerate(table.seats):
            mine = differences[(table.table, seat)]
            field = [
                differences[(other.table, seat)]
                for other in played
                if other.table != table.table and seat < len(other.seats)
            ]
            versus = sum((mine - theirs for theirs in field), Fraction(0)) / (len(field) or 1)
            points = sum(
                (
                    Fraction(1)
                    if mine > theirs
                    else Fraction(1, 2)
                    if mine == theirs
                    else Fraction(0)
                )
                for theirs in field
            )
            matchpoints = Fraction(100) * points / len(field) if field else Fraction(50)
            line = ContestLine(
                0, table.table, seat, str(sitting.player), sitting.total, mine, versus, matchpoints
            )
            unplaced.append((versus, line))
    unplaced.sort(key=lambda item: item[0], reverse=True)
    lines: list[ContestLine] = []
    place, previous = 0, None
    for position, (versus, line) in enumerate(unplaced, start=1):
        if versus != previous:
            place, previous = position, versus
        lines.append(
            ContestLine(
                place,
                line.table,
                line.seat,
                line.player,
                line.total,
                line.difference,
                line.versus,
                line.matchpoints,
            )
        )
    return lines


def decimal(value: Fraction) -> float:
    """``value`` rounded to two decimals, never ``-0.0``."""
    return round(float(value), 2) + 0.0


def contest_data(lines: Sequence[ContestLine]) -> list[dict[str, Any]]:
    """``lines`` as JSON-ready data, the fractions rounded to two decimals."""
    return [
        {
            "place": line.place,
            "table": line.table,
            "seat": line.seat,
            "player": line.player,
            "total": line.total,
            "difference": decimal(line.difference),
            "versus": decimal(line.versus),
            "matchpoints": decimal(line.matchpoints),
        }
        for line in lines
    ]
