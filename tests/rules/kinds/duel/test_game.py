"""Tests of arbitre.rules.kinds.duel.game: the round clock, seats, marks and points."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.rules.kinds.base import (
    AWAITED,
    ActionRefusedError,
    InvalidConfigError,
    Setup,
    Stage,
    actor_context,
)
from arbitre.rules.kinds.duel import marks
from arbitre.rules.kinds.duel.commitment import commitment, round_salt, secret_words
from arbitre.rules.kinds.duel.config import CLOSING_WINDOW_MS, configure
from arbitre.rules.kinds.duel.game import (
    MAX_GUESS_CHARS,
    BadStateError,
    DuelGame,
    attach,
    close_round,
    context,
    context_for,
    detach,
    extra_copies,
    guess,
    leave,
    load,
    new_game,
    open_round,
    part,
    phase,
    save,
    seat,
    shift,
    store,
)
from arbitre.rules.kinds.duel.parts import judge
from arbitre.rules.kinds.duel.words import WordList
from tests.rules.kinds.duel.samples import GUESSES, MISSES


def words(*secrets: str) -> WordList:
    return WordList("en", GUESSES, tuple(sorted(secrets or ("CHIOT",))))


def start(
    players: tuple[str, ...] = ("ana", "bob", "cyd"),
    secrets: tuple[str, ...] = ("CHIOT",),
    **settings: object,
) -> DuelGame:
    config = configure({"rounds": 1, **settings})
    return new_game(config, Setup("g1", 7, players), words(*secrets))


def refused(game: DuelGame, code: str, call: Callable[[], Any]) -> ActionRefusedError:
    before = copy.deepcopy(game)
    with pytest.raises(ActionRefusedError) as error:
        call()
    assert error.value.code == code, str(error.value)
    assert game == before
    return error.value


# -- a new game ----------------------------------------------------------------------------------


def test_a_new_game_waits_and_its_seed_fixed_the_words() -> None:
    game = start(secrets=("CHIOT", "FORTE", "TARTE"), rounds=3)
    assert game.table.stage is Stage.WAITING
    assert phase(game.table, 0) == phase(game.table, 10**9)
    assert phase(game.table, 0).number == 0
    assert game.secrets.words == secret_words(7, "g1", ("CHIOT", "FORTE", "TARTE"), 3)
    assert game.secrets.salts == tuple(round_salt(7, "g1", n) for n in (1, 2, 3))


def test_the_seed_is_not_shown_in_a_repr() -> None:
    game = start()
    assert "CHIOT" not in repr(game)
    assert "seed" not in repr(game.secrets)


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda: start(secrets=("CHIOT", "FORTE"), rounds=3), "fewer than the 3 rounds"),
        (lambda: start(players=("ana", "ana")), "seated twice"),
        (lambda: start(players=("a", "b", "c", "d", "e"), seats=4), "5 players at a table"),
        (
            lambda: new_game(configure({"language": "fr"}), Setup("g", 1, ()), words()),
            "the word list is in 'en', the game in 'fr'",
        ),
    ],
)
def test_a_game_needs_tools_and_players_that_fit(make: Callable[[], Any], says: str) -> None:
    with pytest.raises(InvalidConfigError, match=says):
        make()


def test_the_list_must_hold_five_letter_words() -> None:
    four = WordList("en", frozenset({"CHAT"}), ("CHAT",), length=4)
    with pytest.raises(InvalidConfigError, match="4 letters"):
        new_game(configure({"rounds": 1}), Setup("g", 1, ()), four)


# -- opening and the clock -----------------------------------------------------------------------


def test_a_round_opens_with_its_commitment_and_clock() -> None:
    game = start(round_seconds=90)
    opened = open_round(game, 5_000)
    assert (opened.number, opened.opened_ms, opened.ends_ms) == (1, 5_000, 95_000)
    assert opened.players == ("ana", "bob", "cyd")
    assert opened.commitment == commitment("g1", 1, round_salt(7, "g1", 1), "CHIOT")
    assert opened.word is None
    assert opened.salt is None
    now = phase(game.table, 6_000)
    assert now.stage is Stage.PLAYING
    assert (now.number, now.actors, now.deadline_ms, now.due_ms, now.next_ms) == (
        1,
        frozenset({"ana", "bob", "cyd"}),
        95_000,
        95_000,
        None,
    )


def test_the_first_round_needs_two_players() -> None:
    game = start(players=("ana",))
    refused(game, "not_enough_players", lambda: open_round(game, 0))
    seat(game, "bob", 1)
    assert open_round(game, 2).players == ("ana", "bob")


def test_a_round_cannot_open_twice_nor_after_the_end() -> None:
    game = start()
    open_round(game, 0)
    refused(game, "round_open", lambda: open_round(game, 1))
    close_round(game, 2)
    refused(game, "game_over", lambda: open_round(game, 3))
    refused(game, "round_not_open", lambda: close_round(game, 3))


def test_the_closing_window_shortens_the_round() -> None:
    game = start(round_seconds=90)
    open_round(game, 0)
    found = guess(game, "ana", "chiot", 1, 10_000)
    assert found.closing_window
    assert found.points == 75
    assert game.table.rounds[0].ends_ms == 10_000 + CLOSING_WINDOW_MS
    assert phase(game.table, 10_001).deadline_ms == 30_000
    assert phase(game.table, 10_001).due_ms == 30_000
    # the others still guess during the window, and a second find moves nothing
    assert not guess(game, "bob", "crane", 1, 25_000).closing_window
    assert guess(game, "bob", "chiot", 1, 29_999).points == 50 + 10
    assert game.table.rounds[0].ends_ms == 30_000
    refused(game, "round_over", lambda: guess(game, "cyd", "chiot", 1, 30_000))
    refused(game, "round_over", lambda: guess(game, "cyd", "chiot", 1, 31_000))


def test_the_closing_window_never_lengthens_the_round() -> None:
    game = start(round_seconds=90)
    open_round(game, 0)
    assert guess(game, "ana", "chiot", 1, 80_000).closing_window
    assert game.table.rounds[0].ends_ms == 90_000
    assert guess(game, "bob", "chiot", 1, 89_999).points == 60 + 10
    refused(game, "round_over", lambda: guess(game, "cyd", "chiot", 1, 90_000))


def test_at_the_end_nobody_may_act_but_the_round_waits_for_close() -> None:
    game = start(round_seconds=90)
    open_round(game, 0)
    late = phase(game.table, 90_000)
    assert (late.stage, late.actors, late.deadline_ms, late.due_ms) == (
        Stage.PLAYING,
        frozenset(),
        90_000,
        90_000,
    )
    assert phase(game.table, 89_999).actors == {"ana", "bob", "cyd"}


def test_the_round_ends_early_when_everyone_has_finished() -> None:
    game = start()
    open_round(game, 0)
    guess(game, "ana", "chiot", 1, 1_000)
    for n, miss in enumerate(MISSES):
        guess(game, "bob", miss, 1, 2_000 + n)
    assert phase(game.table, 3_000).actors == {"cyd"}
    assert phase(game.table, 3_000).deadline_ms == 21_000  # the closing window
    assert phase(game.table, 3_000).due_ms == 21_000
    guess(game, "cyd", "octet", 1, 4_000)
    guess(game, "cyd", "chiot", 1, 5_000)
    done = phase(game.table, 5_000)
    assert (done.actors, done.deadline_ms, done.due_ms) == (frozenset(), 21_000, 5_000)
    assert phase(game.table, 9_000).due_ms == 5_000
    assert phase(game.table, 9_000).deadline_ms == 21_000  # the real end does not move


def test_close_reveals_and_the_game_ends_after_the_last_round() -> None:
    game = start(secrets=("CHIOT", "FORTE", "TARTE"), rounds=3, reveal_seconds=15)
    for number in (1, 2, 3):
        opened = open_round(game, number * 100_000)
        assert opened.number == number
        closed = close_round(game, number * 100_000 + 50_000)
        assert (closed.word, closed.salt) == (
            game.secrets.words[number - 1],
            game.secrets.salts[number - 1],
        )
        between = phase(game.table, number * 100_000 + 50_001)
        if number < 3:
            assert (between.stage, between.number) == (Stage.BETWEEN, number)
            assert between.next_ms == number * 100_000 + 65_000
            assert game.table.seed is None
    assert phase(game.table, 10**6) == phase(game.table, 0)
    assert phase(game.table, 0).stage is Stage.OVER
    assert phase(game.table, 0).number == 3
    assert game.table.seed == 7


def test_a_reveal_of_zero_waits_for_the_organiser() -> None:
    game = start(secrets=("CHIOT", "FORTE", "TARTE"), rounds=3, reveal_seconds=0)
    open_round(game, 0)
    close_round(game, 10)
    assert phase(game.table, 10**9).next_ms is None
    assert phase(game.table, 10**9).stage is Stage.BETWEEN


def test_the_open_round_word_is_nowhere_in_the_table() -> None:
    game = start()
    open_round(game, 0)
    guess(game, "ana", "octet", 1, 1)
    assert "CHIOT" not in repr(dataclasses.asdict(game.table))
    close_round(game, 2)
    assert "CHIOT" in repr(dataclasses.asdict(game.table))


# -- guesses -------------------------------------------------------------------------------------


def test_a_guess_is_marked_against_the_hidden_word() -> None:
    game = start()
    open_round(game, 1_000)
    marked = guess(game, "ana", "  Octet ", 1, 3_500)
    assert (marked.index, marked.row.letters, marked.row.at_ms) == (0, "OCTET", 2_500)
    assert marks.text(marked.row.marks) == "YYx.G"
    assert marked.points is None
    assert not marked.row.found
    assert game.table.rounds[0].guesses == [("ana", "OCTET", 2_500)]


def test_the_extra_copy_message_comes_once_per_player_and_game() -> None:
    game = start(secrets=("CHIOT", "FORTE", "TARTE"), rounds=3)
    first = game.secrets.words.index("CHIOT")
    for number in range(1, first + 1):
        open_round(game, number)
        close_round(game, number)
    number = first + 1
    open_round(game, 100)
    assert guess(game, "ana", "crane", number, 101).extra_copy is None
    assert guess(game, "ana", "octet", number, 102).extra_copy == ("T", 1)
    assert guess(game, "ana", "tatty", number, 103).extra_copy is None  # T extra again
    assert guess(game, "bob", "tatty", number, 104).extra_copy == ("T", 1)


def test_the_extra_copy_message_counts_the_coloured_copies() -> None:
    game = start(secrets=("TARTE",))
    open_round(game, 0)
    marked = guess(game, "ana", "tatty", 1, 1)
    assert marks.text(marked.row.marks) == "GGxG."
    assert marked.extra_copy == ("T", 2)
    assert extra_copies(marked.row) == {"T": 2}
    assert guess(game, "bob", "octet", 1, 2).extra_copy is None  # two T, both coloured


def test_points_and_the_speed_bonus_follow_the_order_of_acceptance() -> None:
    game = start(players=("ana", "bob", "cyd", "dan"))
    open_round(game, 0)
    for n, miss in enumerate(MISSES[:5]):
        guess(game, "ana", miss, 1, 100 + n)
    assert guess(game, "ana", "chiot", 1, 1_000).points == 10 + 15  # sixth try, first
    assert guess(game, "bob", "chiot", 1, 1_000).points == 60 + 10  # same time, accepted later
    guess(game, "cyd", "crane", 1, 2_000)
    assert guess(game, "cyd", "chiot", 1, 3_000).points == 50 + 5
    assert guess(game, "dan", "chiot", 1, 4_000).points == 60  # fourth: no bonus
    results = game.table.rounds[0].results()
    assert [results[p].points for p in ("ana", "bob", "cyd", "dan")] == [25, 70, 55, 60]
    assert game.table.rounds[0].solvers == ["ana", "bob", "cyd", "dan"]


def test_the_best_round_is_75() -> None:
    game = start()
    open_round(game, 0)
    assert guess(game, "bob", "chiot", 1, 1).points == 75


def test_a_seventh_guess_is_refused() -> None:
    game = start()
    open_round(game, 0)
    for n, miss in enumerate(MISSES):
        guess(game, "ana", miss, 1, n)
    refused(game, "no_tries_left", lambda: guess(game, "ana", "chiot", 1, 10))
    assert game.table.rounds[0].result("ana").points == 0


@pytest.mark.parametrize(
    ("text", "code", "says"),
    [
        ("zzzzz", "not_in_list", "not in the list"),
        ("cr4ne", "not_a_letter", "'4'"),
        ("cran", "wrong_length", "4 letters"),
        ("cranes", "wrong_length", "6 letters"),
        ("", "wrong_length", "0 letters"),
        ("c" * (MAX_GUESS_CHARS + 1), "wrong_length", "at most 64 characters"),
    ],
)
def test_a_refused_word_spends_nothing(text: str, code: str, says: str) -> None:
    game = start()
    open_round(game, 0)
    error = refused(game, code, lambda: guess(game, "ana", text, 1, 5))
    assert says in str(error)
    assert guess(game, "ana", "crane", 1, 6).index == 0


def test_a_word_is_tried_once_per_round() -> None:
    game = start()
    open_round(game, 0)
    guess(game, "ana", "crane", 1, 1)
    refused(game, "already_tried", lambda: guess(game, "ana", " CRÂNE ", 1, 2))
    guess(game, "bob", "crane", 1, 3)  # another player may


def test_a_found_word_ends_the_players_round() -> None:
    game = start()
    open_round(game, 0)
    guess(game, "ana", "chiot", 1, 1)
    refused(game, "already_found", lambda: guess(game, "ana", "crane", 1, 2))


def test_guesses_outside_an_open_round() -> None:
    game = start(secrets=("CHIOT", "FORTE", "TARTE"), rounds=3)
    refused(game, "round_not_open", lambda: guess(game, "ana", "crane", 1, 0))
    open_round(game, 0)
    refused(game, "wrong_round", lambda: guess(game, "ana", "crane", 2, 1))
    refused(game, "wrong_round", lambda: guess(game, "ana", "crane", 0, 1))
    close_round(game, 2)
    refused(game, "round_not_open", lambda: guess(game, "ana", "crane", 1, 3))
    refused(game, "round_not_open", lambda: guess(game, "ana", "crane", 2, 3))
    for at in (10, 20):
        open_round(game, at)
        close_round(game, at + 1)
    refused(game, "round_not_open", lambda: guess(game, "ana", "crane", 3, 30))


def test_strangers_may_not_guess() -> None:
    game = start()
    open_round(game, 0)
    refused(game, "not_seated", lambda: guess(game, "zed", "crane", 1, 1))


# -- seats and people ----------------------------------------------------------------------------


def test_a_player_seated_during_a_round_waits_for_the_next() -> None:
    game = start(players=("ana", "bob"), secrets=("CHIOT", "FORTE", "TARTE"), rounds=3, seats=3)
    open_round(game, 0)
    assert seat(game, "cyd", 1_000) == 2
    assert game.table.waiting("cyd")
    assert phase(game.table, 1_000).actors == {"ana", "bob"}
    number = 1
    refused(game, "waiting", lambda: guess(game, "cyd", "crane", number, 1_001))
    for player in ("ana", "bob"):
        for n, miss in enumerate(MISSES):
            guess(game, player, miss, 1, 2_000 + n)
    everyone = phase(game.table, 3_000)
    assert (everyone.actors, everyone.due_ms) == (frozenset(), 2_005)  # cyd is not waited for
    assert everyone.deadline_ms == 120_000
    close_round(game, 3_000)
    assert "cyd" not in game.table.rounds[0].rows
    assert open_round(game, 4_000).players == ("ana", "bob", "cyd")
    assert not game.table.waiting("cyd")
    assert phase(game.table, 4_001).actors == {"ana", "bob", "cyd"}


def test_seated_before_the_start_or_between_rounds_plays_the_next_round() -> None:
    game = start(players=("ana", "bob"), secrets=("CHIOT", "FORTE", "TARTE"), rounds=3)
    assert seat(game, "cyd", 0) == 1
    open_round(game, 1)
    close_round(game, 2)
    assert seat(game, "dan", 3) == 2
    assert open_round(game, 4).players == ("ana", "bob", "cyd", "dan")


def test_seat_refusals() -> None:
    game = start(players=("ana", "bob"), secrets=("CHIOT", "FORTE", "TARTE"), rounds=3, seats=3)
    refused(game, "already_seated", lambda: seat(game, "ana", 0))
    seat(game, "cyd", 0)
    refused(game, "table_full", lambda: seat(game, "dan", 0))
    leave(game, "cyd", 1)
    seat(game, "dan", 2)
    for at in (10, 20):
        open_round(game, at)
        close_round(game, at + 1)
    open_round(game, 30)
    leave(game, "dan", 31)
    refused(game, "no_round_left", lambda: seat(game, "eve", 32))
    close_round(game, 40)
    refused(game, "game_over", lambda: seat(game, "eve", 41))
    refused(game, "game_over", lambda: leave(game, "ana", 41))


def test_a_player_who_leaves_keeps_their_rows_and_points() -> None:
    game = start()
    open_round(game, 0)
    guess(game, "ana", "chiot", 1, 1_000)
    guess(game, "bob", "octet", 1, 2_000)
    leave(game, "bob", 3_000)
    refused(game, "not_seated", lambda: guess(game, "bob", "chiot", 1, 3_001))
    refused(game, "not_seated", lambda: leave(game, "bob", 3_001))
    assert phase(game.table, 3_001).actors == {"cyd"}
    leave(game, "cyd", 4_000)
    assert phase(game.table, 4_000).actors == frozenset()
    assert phase(game.table, 4_000).due_ms == 4_000
    assert phase(game.table, 4_000).deadline_ms == 21_000
    close_round(game, 4_000)
    results = game.table.rounds[0].results()
    assert (results["ana"].points, results["bob"].tries, results["cyd"].tries) == (75, 1, 0)
    assert [s.player for s in game.table.standings()] == ["ana", "bob", "cyd"]


def test_a_player_back_in_the_same_round_waits() -> None:
    game = start(secrets=("CHIOT", "FORTE", "TARTE"), rounds=3)
    open_round(game, 0)
    guess(game, "bob", "octet", 1, 1)
    leave(game, "bob", 2)
    assert seat(game, "bob", 3) == 2
    assert game.table.waiting("bob")
    refused(game, "waiting", lambda: guess(game, "bob", "crane", 1, 4))
    assert phase(game.table, 5).actors == {"ana", "cyd"}
    close_round(game, 6)
    assert game.table.players == ["ana", "bob", "cyd"]
    assert open_round(game, 7).players == ("ana", "bob", "cyd")


def test_a_player_who_leaves_twice_in_a_round_is_left_out_of_it_once() -> None:
    game = start(secrets=("CHIOT", "FORTE", "TARTE"), rounds=3)
    open_round(game, 0)
    guess(game, "bob", "octet", 1, 1)
    leave(game, "bob", 2)
    seat(game, "bob", 3)  # waits for round 2
    leave(game, "bob", 4)
    assert context(game)[AWAITED] == 2  # ana and cyd
    assert context_for(game, "ana")[AWAITED] == 2
    assert context_for(game, "ana")["players"] == 2


def test_a_judgement_of_a_player_gone_since_is_not_stored() -> None:
    game = start()
    open_round(game, 0)
    judged = judge(
        context_for(game, "bob"), part(game, "bob"), "bob", "CRANE", 1, 1_000, game.words
    )
    leave(game, "bob", 1_500)
    before = copy.deepcopy(game)
    with pytest.raises(BadStateError, match="does not fit"):
        store(game, judged)
    assert game == before


def test_standings_list_the_seated_and_those_who_played() -> None:
    game = start(players=("ana", "bob", "cyd"), secrets=("CHIOT", "FORTE", "TARTE"), rounds=3)
    seat(game, "dan", 0)
    leave(game, "dan", 1)  # left before playing: not ranked
    leave(game, "cyd", 2)
    seat(game, "eve", 3)
    assert [s.player for s in game.table.standings()] == ["ana", "bob", "eve"]
    assert game.table.ranked() == ["ana", "bob", "eve"]


def test_a_round_nobody_plays_is_done_at_once() -> None:
    game = start(players=("ana", "bob"), secrets=("CHIOT", "FORTE", "TARTE"), rounds=3)
    open_round(game, 0)
    close_round(game, 1)
    leave(game, "ana", 2)
    leave(game, "bob", 3)
    open_round(game, 10)
    assert phase(game.table, 10).actors == frozenset()
    assert phase(game.table, 10).due_ms == 10
    assert phase(game.table, 10).deadline_ms == 120_010


# -- pauses --------------------------------------------------------------------------------------


def test_a_pause_in_the_middle_of_a_round_keeps_its_time_left() -> None:
    game = start(players=("ana", "bob", "cyd"), secrets=("CHIOT", "FORTE", "TARTE"), rounds=3)
    first = game.secrets.words[0]
    open_round(game, 0)
    guess(game, "ana", "crane", 1, 10_000)
    seat(game, "dan", 15_000)
    before = phase(game.table, 30_000)
    shift(game.table, 60_000)  # paused from 30 s to 90 s
    after = phase(game.table, 90_000)
    assert after == dataclasses.replace(before, deadline_ms=180_000, due_ms=180_000)
    assert before.deadline_ms == 120_000
    current = game.table.rounds[0]
    assert (current.opened_ms, current.rows["ana"][0].at_ms) == (60_000, 10_000)
    assert game.table.seating[-1].at_ms == 75_000  # dan came during the round: it moved whole
    found = guess(game, "bob", first, 1, 100_000)
    assert found.row.at_ms == 40_000  # the time played: 30 s before the pause, 10 s after
    assert found.closing_window
    assert current.ends_ms == 120_000


def test_a_pause_in_the_closing_window_keeps_its_time_left() -> None:
    game = start(round_seconds=90)
    open_round(game, 0)
    guess(game, "ana", "chiot", 1, 10_000)
    assert phase(game.table, 20_000).deadline_ms == 30_000
    shift(game.table, 5_000)  # paused from 20 s to 25 s
    after = phase(game.table, 25_000)
    assert (after.deadline_ms, after.due_ms, after.actors) == (
        35_000,
        35_000,
        frozenset({"bob", "cyd"}),
    )
    assert game.table.rounds[0].first_find_ms == 15_000
    assert guess(game, "bob", "chiot", 1, 34_999).points == 60 + 10
    refused(game, "round_over", lambda: guess(game, "cyd", "chiot", 1, 35_000))


def test_a_pause_after_everyone_finished_moves_the_close() -> None:
    game = start(players=("ana", "bob"))
    open_round(game, 0)
    guess(game, "ana", "chiot", 1, 1_000)
    guess(game, "bob", "chiot", 1, 2_000)
    shift(game.table, 500)
    assert (phase(game.table, 2_500).due_ms, phase(game.table, 2_500).deadline_ms) == (
        2_500,
        21_500,
    )


def test_a_pause_during_the_reveal_moves_the_next_opening() -> None:
    game = start(secrets=("CHIOT", "FORTE", "TARTE"), rounds=3, reveal_seconds=15)
    open_round(game, 0)
    close_round(game, 40_000)
    assert phase(game.table, 50_000).next_ms == 55_000
    shift(game.table, 10_000)  # paused from 50 s to 60 s
    assert phase(game.table, 60_000).next_ms == 65_000
    assert game.table.rounds[0].closed_ms == 40_000  # what is past stays
    assert open_round(game, 65_000).ends_ms == 185_000


@pytest.mark.parametrize("stage", ["waiting", "no_reveal", "over"])
def test_a_pause_with_nothing_to_come_moves_nothing(stage: str) -> None:
    game = start(secrets=("CHIOT", "FORTE", "TARTE"), rounds=3, reveal_seconds=0)
    if stage != "waiting":
        open_round(game, 0)
        close_round(game, 1)
    if stage == "over":
        for at in (10, 20):
            open_round(game, at)
            close_round(game, at + 1)
    before = copy.deepcopy(game)
    shift(game.table, 10_000)
    assert game == before


# -- what the game keeps to avoid passes over its players ----------------------------------------

PEOPLE = ("ana", "bob", "cyd", "dan", "eve")
MOVE = st.tuples(
    st.sampled_from(("seat", "leave", "miss", "find", "close", "open")),
    st.integers(0, len(PEOPLE) - 1),
    st.integers(0, len(MISSES) - 1),
    st.integers(0, 30_000),
)


def check_kept(game: DuelGame) -> None:
    """The lookups a game keeps say what a pass over its players says: ``everyone``, the open
    round's count of players gone unfinished (its context's ``awaited``), the players it knows
    to be out and whether it is settled; a guesser's own context is theirs of the whole one; a
    round's results are each player's result."""
    table = game.table
    assert table.everyone == set(table.players)
    for closed in table.closed:
        assert closed.results() == {p: closed.result(p) for p in closed.players}
    current = table.current
    if current is None:
        return
    assert current.left_guessing == sum(1 for p in current.left if not current.finished(p))
    assert not any(current.guessing(p) for p in current.players[: current.finished_before])
    assert (current.settled_ms is None) == bool(current.actors())
    whole = context(game)
    for player in (*PEOPLE, "zed"):
        assert context_for(game, player) == actor_context(whole, player)


@settings(max_examples=150, deadline=None)
@given(moves=st.lists(MOVE, max_size=60))
def test_what_a_game_keeps_follows_its_seats_leaves_and_guesses(
    moves: list[tuple[str, int, int, int]],
) -> None:
    game = start(PEOPLE[:2], ("CHIOT", "FORTE", "TARTE"), rounds=3, reveal_seconds=0)
    now = 0
    for what, who, miss, dt in moves:
        now += dt
        player, number = PEOPLE[who], game.table.number
        try:
            if what == "seat":
                seat(game, player, now)
            elif what == "leave":
                leave(game, player, now)
            elif what == "open":
                open_round(game, now)
            elif what == "close":
                close_round(game, now)
            else:
                word = MISSES[miss] if what == "miss" else game.secrets.words[number - 1]
                guess(game, player, word, number, now)
        except ActionRefusedError:
            continue
        check_kept(game)
        again = load(save(game), game.words)
        assert again == game
        check_kept(again)
        check_kept(attach(*detach(game), game.words))
