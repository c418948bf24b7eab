"""A Duel de Mots room (``seats`` 0): a simultané of many players on one word. Its views and
events list the first :data:`~arbitre.rules.kinds.duel.kind.LISTED` players, rivals, revealed
rows and standings lines, the viewer's own and counts for the rest; a guess sends no
``rival_row`` to everyone; a table (2 to 8 seats) is shown whole as before. The record stays
whole and replays."""

from __future__ import annotations

import contextlib
import json
import random
import sys
from collections import Counter
from collections.abc import Callable
from types import FrameType
from typing import Any

from arbitre.rules.kinds.base import ActionRefusedError, Setup, Viewer
from arbitre.rules.kinds.duel import DUEL, DuelGame
from arbitre.rules.kinds.duel.config import MAX_ROOM_PLAYERS, configure
from arbitre.rules.kinds.duel.game import _accepted
from arbitre.rules.kinds.duel.kind import LISTED
from arbitre.rules.kinds.duel.words import WordList
from tests.rules.kinds.duel.samples import GUESSES, MISSES

WORDS = WordList("en", GUESSES, ("CHIOT",))
PLAYERS = tuple(f"p{number:03}" for number in range(LISTED + 20))
LAST = PLAYERS[-1]


def room() -> DuelGame:
    config = DUEL.configure({"rounds": 1, "seats": 0, "round_seconds": 90})
    state = DUEL.new_game(config, Setup("room", 3, PLAYERS), WORDS)
    DUEL.open_next(state, 1_000)
    return state


def test_a_room_seats_up_to_its_most() -> None:
    assert configure({"seats": 0}).capacity == MAX_ROOM_PLAYERS
    assert configure({"seats": 5}).capacity == 5


def test_a_guess_in_a_room_tells_only_its_guesser() -> None:
    state = room()
    outcome = DUEL.act(state, LAST, {"guess": "CRANE", "round": 1}, 2_000)
    (event,) = outcome.events
    assert event.public is None
    assert event.seen_by(Viewer(LAST)) is not None
    assert event.seen_by(Viewer(PLAYERS[0])) is None


def test_a_rooms_views_list_the_first_players_and_the_viewers_own() -> None:
    state = room()
    for number, player in enumerate(PLAYERS):
        DUEL.act(state, player, {"guess": "CRANE", "round": 1}, 2_000 + number)
    view = DUEL.view(state, Viewer(LAST), 5_000)
    assert view["player_count"] == len(PLAYERS)
    assert [p["player"] for p in view["players"]] == [*PLAYERS[:LISTED], LAST]
    assert view["current"]["rivals"] == len(PLAYERS) - 1
    assert len(view["current"]["grids"]) == LISTED
    assert view["you"]["grid"]["rows"][0]["letters"] == "CRANE"
    assert [line["player"] for line in view["standings"]][-1] == LAST
    assert len(view["standings"]) == LISTED + 1
    assert len(json.dumps(view)) < 20_000


def test_a_rooms_round_started_lists_its_first_players_and_counts_them() -> None:
    config = DUEL.configure({"rounds": 1, "seats": 0, "round_seconds": 90})
    state = DUEL.new_game(config, Setup("room", 3, PLAYERS), WORDS)
    (started,) = DUEL.open_next(state, 1_000)
    assert started.public is not None
    assert started.public.type == "round_started"
    assert started.public.data["players"] == list(PLAYERS[:LISTED])
    assert started.public.data["player_count"] == len(PLAYERS)


def test_a_rooms_round_over_lists_its_finders_first() -> None:
    state = room()
    finders = PLAYERS[-3:]
    for number, player in enumerate(finders):
        DUEL.act(state, player, {"guess": "CHIOT", "round": 1}, 2_000 + number)
    events = DUEL.close(state, 100_000)
    over = next(e.public for e in events if e.public and e.public.type == "round_over")
    assert over is not None
    shown = [line["player"] for line in over.data["players"]]
    assert len(shown) == LISTED
    assert set(finders) <= set(shown)
    assert (over.data["player_count"], over.data["solver_count"]) == (len(PLAYERS), 3)
    assert len(over.data["standings"]) == LISTED
    record = DUEL.record(state)
    assert len(record["standings"]) == len(PLAYERS)  # the record stays whole
    replayed = DUEL.replay(record, WORDS)
    assert replayed.table.over


def test_a_table_is_shown_whole_with_its_rival_rows() -> None:
    config = DUEL.configure({"rounds": 1, "seats": 3, "round_seconds": 90})
    state = DUEL.new_game(config, Setup("table", 3, ("ana", "bob", "cyd")), WORDS)
    DUEL.open_next(state, 1_000)
    outcome = DUEL.act(state, "ana", {"guess": "CRANE", "round": 1}, 2_000)
    (event,) = outcome.events
    assert event.public is not None
    assert event.public.type == "rival_row"
    view = DUEL.view(state, Viewer("bob"), 3_000)
    assert len(view["current"]["grids"]) == 2
    assert view["player_count"] == 3


# -- a room's record replays in time proportional to it -------------------------------------------


def seated_room(size: int) -> tuple[DuelGame, list[str]]:
    """A one-round room of ``size`` players seated one by one, its round open at 10 s; and
    its players."""
    config = DUEL.configure({"rounds": 1, "seats": 0, "round_seconds": 90})
    state = DUEL.new_game(config, Setup("room", 3, ()), WORDS)
    players = [f"p{number}" for number in range(size)]
    for number, player in enumerate(players):
        DUEL.seat(state, player, number)
    DUEL.open_next(state, 10_000)
    return state, players


def played(size: int) -> dict[str, Any]:
    """The record of a room of ``size`` players seated one by one, then one round: each player's
    four guesses at random times, the last the word for some 30 % of them; a fifth of them
    leave during the round and come back (to wait for a next round)."""
    draw = random.Random(size)
    state, players = seated_room(size)
    steps: list[tuple[int, str, str]] = []
    for player in players:  # the last try at 60 to 75 s: within 20 s of the first find
        tried = draw.sample(MISSES, 4)
        tried[-1] = "CHIOT" if draw.random() < 0.3 else tried[-1]
        steps += [(draw.randrange(11_000, 60_000), player, word) for word in tried[:-1]]
        steps.append((draw.randrange(60_000, 75_000), player, tried[-1]))
    for player in draw.sample(players, size // 5):
        steps += [(draw.randrange(11_000, 75_000), player, ""), (76_000, player, "back")]
    for at_ms, player, word in sorted(steps):
        with contextlib.suppress(ActionRefusedError):  # a guess of a player who left
            if word == "":
                DUEL.leave(state, player, at_ms)
            elif word == "back":
                DUEL.seat(state, player, at_ms)
            else:
                DUEL.act(state, player, {"guess": word, "round": 1}, at_ms)
    due = DUEL.phase(state, 0).due_ms
    assert due is not None
    DUEL.close(state, due)
    record: dict[str, Any] = json.loads(json.dumps(DUEL.record(state)))
    return record


def calls(work: Callable[[], object]) -> Counter[str]:
    """How many times ``work`` called each Python function (by name), counted, not timed."""
    counted: Counter[str] = Counter()

    def count(frame: FrameType, event: str, _: object) -> None:
        if event == "call":
            counted[frame.f_code.co_qualname] += 1

    sys.setprofile(count)
    try:
        work()
    finally:
        sys.setprofile(None)
    return counted


def test_a_rooms_replay_does_work_in_proportion_to_its_record() -> None:
    """Twice the players (and so twice the guesses and seating changes) cost a replay twice the
    function calls, not four times: no step, guess or close looks at every player each time
    (each guess's settling once did). Calls are counted: a test never times."""
    small, large = played(150), played(300)
    items = [
        len(r["players"]) + len(r["seating"]) + sum(len(x["guesses"]) for x in r["rounds"])
        for r in (small, large)
    ]
    assert 1.8 < items[1] / items[0] < 2.2
    before, after = (
        calls(lambda: DUEL.replay(small, WORDS)),
        calls(lambda: DUEL.replay(large, WORDS)),
    )
    growth = sum(after.values()) / sum(before.values())
    assert growth < 1.1 * items[1] / items[0], (growth, (after - before).most_common(5))


def open_room(size: int) -> DuelGame:
    """A room of ``size`` players with its round open: three guesses each, at random times."""
    draw = random.Random(size)
    state, players = seated_room(size)
    steps = [
        (draw.randrange(11_000, 60_000), player, word)
        for player in players
        for word in draw.sample(MISSES, 3)
    ]
    for at_ms, player, word in sorted(steps):
        DUEL.act(state, player, {"guess": word, "round": 1}, at_ms)
    return state


def test_a_rooms_guesses_in_order_stay_right_as_guesses_come() -> None:
    """The order of a round's guesses is worked out once for its rows and kept: after a load,
    an attach or new guesses, it is what working it out again gives."""
    state = open_room(40)
    current = state.table.rounds[-1]
    for player, word in (("p3", "CHIOT"), ("p7", MISSES[5]), ("p1", "CHIOT")):
        assert current.guesses == _accepted(current.players, current.rows, current.solvers)
        with contextlib.suppress(ActionRefusedError):  # a word the player tried already
            DUEL.act(state, player, {"guess": word, "round": 1}, 61_000)
        fresh = _accepted(current.players, current.rows, current.solvers)
        assert current.guesses == fresh
        assert (player, word, 61_000 - 10_000) in fresh or word != "CHIOT"
    attached = DUEL.attach(*DUEL.detach(state), WORDS)
    loaded = DUEL.load(DUEL.save(state), WORDS)
    for game in (attached, loaded):
        again = game.table.rounds[-1]
        assert again.guesses == _accepted(again.players, again.rows, again.solvers)
        assert DUEL.save(game) == DUEL.save(state)


def test_a_rooms_close_step_orders_its_guesses_once() -> None:
    """The session's close of a room (attach the parts, close, detach) orders the round's
    guesses once, however many times it reads or writes them: counted, not timed."""
    state = open_room(60)
    rest, parts, orders = DUEL.detach(state)

    def step() -> None:
        game = DUEL.attach(rest, parts, orders, WORDS)
        DUEL.close(game, 200_000)
        DUEL.detach(game)
        DUEL.record(game)

    assert calls(step)["_accepted"] == 1
