"""The duplicate kind's results across tables (its ``Simultane`` capability): the online players
ranked with their registrations and the centres' players, views, the CSV export, a centre's file
checked once the game is over (refused whole, every problem listed), and the game sheet: each
the rules modules' own, read from the kind's state."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from arbitre.rules.game_record import game_record, game_sheet
from arbitre.rules.game_sheet import format_sheet
from arbitre.rules.kinds.base import ResultsView, Setup, Simultane
from arbitre.rules.kinds.duplicate import DUPLICATE
from arbitre.rules.simultane_results import (
    CentreResultsError,
    results_data,
    simultane_results,
)
from tests.rules.kinds.duplicate.games import (
    PLAYERS,
    SEED,
    play_game,
    referee,
    refused,
    tops_of,
)

SIMULTANE: Simultane = DUPLICATE
REGISTRATIONS = {
    "ana": {"name": "Ana", "club": "Club de Lyon", "serie": "S1", "country": "FRA"},
    "bob": {"name": "Bob", "club": "Club de Liège", "serie": "S3", "country": "BEL"},
}
WHOLE = ResultsView()


@pytest.fixture(scope="module")
def over() -> Any:
    """A 2-turn game played to its end: ana answers the tops, bob a lesser move."""
    return play_game({"max_turns": 2})


def centre_file(tops: list[int]) -> str:
    first, second = tops
    return (
        "name,club,serie,country,total,t1,t2\n"
        f"Zoé Roy,Club de Nantes,S1,FRA,{first + second},{first},{second}\n"
        '"Martin, Luc",Club de Nantes,S3,BEL,0,0,0\n'
    )


def tops(played: Any) -> list[int]:
    return [turn.top.score for turn in played.direct.turns]


def test_the_online_players_are_ranked_with_their_registrations(over: Any) -> None:
    found = SIMULTANE.results(over.state, REGISTRATIONS, {}, WHOLE)
    top_total = sum(tops(over))
    assert (found.top_total, found.turns, found.csv) == (top_total, 2, None)
    assert [
        (line["place"], line["player"], line["name"], line["club"], line["serie"])
        for line in found.lines
    ] == [(1, "ana", "Ana", "Club de Lyon", "S1"), (2, "bob", "Bob", "Club de Liège", "S3")]
    assert found.lines[0]["score"] == top_total
    assert found.lines[0]["negatif"] == 0
    assert found.lines[1]["negatif"] < 0
    assert all(line["view_place"] is None for line in found.lines)
    # The rules' own ranking of the same game's record, registrations added.
    record = game_record(over.direct, "fr", "")
    record["registrations"] = REGISTRATIONS
    assert list(found.lines) == results_data(simultane_results(record))


def test_a_player_without_a_registration_is_shown_by_their_id(over: Any) -> None:
    found = SIMULTANE.results(over.state, {"ana": {"name": "Ana"}}, {}, WHOLE)
    assert [(line["name"], line["club"]) for line in found.lines] == [("Ana", ""), ("bob", "")]


def test_a_centre_is_merged_and_shows_in_the_views_and_the_csv(over: Any) -> None:
    text = centre_file(tops(over))
    assert SIMULTANE.check_centre(over.state, REGISTRATIONS, "Nantes", text) == 2
    found = SIMULTANE.results(over.state, REGISTRATIONS, {"Nantes": text}, WHOLE, csv=True)
    assert [(line["place"], line["name"], line["source"]) for line in found.lines] == [
        (1, "Ana", "online"),
        (1, "Zoé Roy", "centre"),
        (3, "Bob", "online"),
        (4, "Martin, Luc", "centre"),
    ]
    assert found.csv is not None
    rows = list(csv.DictReader(io.StringIO(found.csv)))
    assert [row["name"] for row in rows] == [line["name"] for line in found.lines]
    s3 = SIMULTANE.results(over.state, REGISTRATIONS, {"Nantes": text}, ResultsView(serie="s3"))
    assert [(line["name"], line["place"], line["view_place"]) for line in s3.lines] == [
        ("Bob", 3, 1),
        ("Martin, Luc", 4, 2),
    ]
    nantes = SIMULTANE.results(
        over.state, REGISTRATIONS, {"Nantes": text}, ResultsView(centre="Nantes")
    )
    assert {line["name"] for line in nantes.lines} == {"Zoé Roy", "Martin, Luc"}
    assert nantes.top_total == found.top_total


def test_a_bad_centre_file_is_refused_with_every_problem(over: Any) -> None:
    first = tops(over)[0]
    text = (
        "name,club,serie,country,total,t1,t2\n"
        f"Good,Club,S1,FRA,{first},{first},0\n"
        f"Over the top,Club,S2,FRA,{first + 1},{first + 1},0\n"
        "Bad serie,Club,S9,FRA,0,0,0\n"
    )
    with pytest.raises(CentreResultsError) as raised:
        SIMULTANE.check_centre(over.state, REGISTRATIONS, "Lille", text)
    assert [problem.line for problem in raised.value.problems] == [3, 4]


def test_a_centre_is_checked_only_once_the_game_is_over() -> None:
    config = DUPLICATE.configure({"max_turns": 2})
    state = DUPLICATE.new_game(config, Setup("g1", SEED, PLAYERS), referee(config.game))
    refused(
        "not_over",
        lambda: SIMULTANE.check_centre(state, REGISTRATIONS, "Nantes", "name\n"),
        state,
        "once the game is over",
    )
    DUPLICATE.open_next(state, 0)
    DUPLICATE.act(state, "ana", {"move": tops_of(config.game, SEED)[0][1]}, 10)
    DUPLICATE.close(state, 20)
    refused(
        "not_over",
        lambda: SIMULTANE.check_centre(state, REGISTRATIONS, "Nantes", "name\n"),
        state,
    )
    # The results are over the closed turns, at any time.
    found = SIMULTANE.results(state, REGISTRATIONS, {}, WHOLE)
    assert found.turns == 1
    assert found.lines[0]["name"] == "Ana"
    assert found.lines[0]["score"] == found.top_total


def test_the_sheet_is_the_rules_sheet_of_the_tops(over: Any) -> None:
    sheet = SIMULTANE.sheet(over.state, "Partie du 12 mars")
    assert sheet == format_sheet(game_sheet(over.direct, "Partie du 12 mars"))
    assert sheet.startswith("Partie du 12 mars\n")
    assert f"Top : {sum(tops(over))} points en 2 coups" in sheet
    assert not SIMULTANE.sheet(over.state, None).startswith("Partie")
