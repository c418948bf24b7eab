"""Tests of a player's pause in dupliKta (arbitre.rules.kinds.duplikta.table and kind): the
clock stands still for both, nobody may act meanwhile, either player resumes, the deadline moves
by the time paused, each player's budget of pauses and time, a pause that ends by itself at the
pauser's time left, the refusals, and saving, loading and replaying games with pauses."""

from __future__ import annotations

import json
import random
from functools import partial
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.rules.kinds.base import ActionRefusedError, Stage, Viewer
from arbitre.rules.kinds.duplikta.kind import DUPLIKTA, DupliktaTable
from tests.rules.kinds.duplikta.test_kind import (
    SPECTATOR,
    Hashed,
    check_replays,
    confirm,
    new,
    play,
    rack_of,
    refused,
    seen,
    snapshot,
    start,
)


def act(state: DupliktaTable, player: str, key: str, now: int) -> Any:
    """``player``'s pause or resume (``key``) of the open turn at ``now``: its outcome."""
    return DUPLIKTA.act(state, player, {"turn": state.number, key: True}, now)


def test_a_pause_of_20_s_moves_the_deadline_by_20_s() -> None:
    state = start(clock=60, now=1_000)  # deadline 61 s
    paused = act(state, "ana", "pause", 10_000)
    told = {
        "turn": 1,
        "player": "ana",
        "at_ms": 10_000,
        "ends_ms": 310_000,  # 5 minutes in all by default
        "pauses_left": 2,  # 3 by default
        "pause_ms_left": 300_000,
    }
    assert paused.result == {"turn": 1, "paused": told}
    for viewer in (SPECTATOR, Viewer("ana"), Viewer("bob")):
        assert seen(paused.events, viewer) == [("turn_paused", told)]  # the opponent is told
    phase = DUPLIKTA.phase(state, 25_000)
    assert (phase.stage, phase.actors, phase.deadline_ms, phase.due_ms) == (
        Stage.PLAYING,
        frozenset(),
        None,
        310_000,
    )
    view = DUPLIKTA.view(state, Viewer("bob"), 25_000)
    assert view["pause"] == {"player": "ana", "at_ms": 10_000, "ends_ms": 310_000}
    assert view["clock"] == {
        "seconds": 60,
        "dealt_ms": 1_000,
        "deadline_ms": None,
        "remaining_ms": 51_000,  # standing still
    }
    ana, bob = view["players"]
    assert (ana["pauses_left"], ana["pause_ms_left"]) == (2, 285_000)  # 15 s so far
    assert (bob["pauses_left"], bob["pause_ms_left"]) == (3, 300_000)
    assert (view["you"]["actor"], view["you"]["can_pause"]) == (False, False)
    refused(state, "paused", lambda: confirm(state, "bob", None, 20_000), 20_000)

    resumed = act(state, "bob", "resume", 30_000)  # either player resumes
    told = {
        "turn": 1,
        "player": "ana",
        "resumed_by": "bob",
        "at_ms": 30_000,
        "paused_ms": 20_000,
        "deadline_ms": 81_000,
        "pauses_left": 2,
        "pause_ms_left": 280_000,
    }
    assert resumed.result == {"turn": 1, "resumed": told}
    assert seen(resumed.events, Viewer("ana")) == [("turn_resumed", told)]
    phase = DUPLIKTA.phase(state, 30_000)
    assert (phase.actors, phase.deadline_ms, phase.due_ms) == (frozenset(PAIR), 81_000, 81_000)
    view = DUPLIKTA.view(state, Viewer("ana"), 30_000)
    assert view["pause"] is None
    assert view["clock"]["remaining_ms"] == 51_000  # the time left before the pause
    assert view["you"]["can_pause"] is True
    assert confirm(state, "ana", None, 40_000)["ms"] == 19_000  # 9 s, then 10 s: played only


PAIR = ("ana", "bob")


def test_the_pauses_a_game_run_out() -> None:
    state = start(clock=60, now=0, pauses=2)
    for at in (1_000, 3_000):
        act(state, "bob", "pause", at)
        act(state, "bob", "resume", at + 1_000)
    view = DUPLIKTA.view(state, Viewer("bob"), 6_000)
    assert (view["players"][1]["pauses_left"], view["players"][1]["pause_ms_left"]) == (0, 298_000)
    assert view["you"]["can_pause"] is False
    refused(state, "no_pause_left", lambda: act(state, "bob", "pause", 6_000), 6_000)
    act(state, "ana", "pause", 6_000)  # ana's budget is her own
    assert DUPLIKTA.phase(state, 6_000).due_ms == 306_000


def test_a_pause_ends_by_itself_at_the_players_time_left() -> None:
    state = start(clock=60, now=1_000, pause_seconds=30)
    act(state, "ana", "pause", 10_000)
    assert DUPLIKTA.phase(state, 39_999).due_ms == 40_000
    refused(state, "not_due", lambda: DUPLIKTA.close(state, 39_999), 39_999)
    ended = DUPLIKTA.close(state, 40_250)  # the session's clock, a little late
    assert seen(ended) == [
        (
            "turn_resumed",
            {
                "turn": 1,
                "player": "ana",
                "resumed_by": None,
                "at_ms": 40_000,
                "paused_ms": 30_000,
                "deadline_ms": 91_000,
                "pauses_left": 2,
                "pause_ms_left": 0,
            },
        )
    ]
    assert state.steps[-1] == {"step": "pause_over", "at_ms": 40_250}
    phase = DUPLIKTA.phase(state, 40_250)
    assert (phase.stage, phase.deadline_ms, phase.due_ms) == (Stage.PLAYING, 91_000, 91_000)
    refused(state, "no_pause_left", lambda: act(state, "ana", "pause", 41_000), 41_000)
    # a second pause ends at what is left of the time: 30 s less the first pause's 12 s
    again = start(clock=60, now=0, pause_seconds=30)
    act(again, "bob", "pause", 1_000)
    act(again, "ana", "resume", 13_000)
    assert act(again, "bob", "pause", 20_000).result["paused"]["ends_ms"] == 38_000


def test_a_pause_and_a_resume_are_refused_when_they_cannot_be_taken() -> None:
    state = new(clock=60)
    refused(state, "not_open", lambda: DUPLIKTA.act(state, "ana", {"turn": 1, "pause": True}, 0))
    DUPLIKTA.open_next(state, 0)
    for action, code in (
        ({"turn": 1, "pause": False}, "bad_action"),
        ({"turn": 1, "pause": 1}, "bad_action"),
        ({"turn": 1, "pause": True, "resume": True}, "bad_action"),
        ({"turn": 1, "resume": True, "confirm": None}, "bad_action"),
        ({"turn": 1, "pause": True, "loupe": ""}, "bad_action"),
        ({"turn": 2, "pause": True}, "wrong_turn"),
        ({"turn": 1, "resume": True}, "not_paused"),
    ):
        refused(state, code, partial(DUPLIKTA.act, state, "ana", action, 1), 1)
    refused(state, "not_seated", lambda: act(state, "zed", "pause", 1_000), 1_000)
    confirm(state, "ana", None, 1_000)
    refused(state, "already_confirmed", lambda: act(state, "ana", "pause", 2_000), 2_000)
    act(state, "bob", "pause", 2_000)
    refused(state, "paused", lambda: act(state, "bob", "pause", 3_000), 3_000)
    rack = rack_of(state, "bob")
    for action in ({"turn": 1, "redraw": rack[0]}, {"turn": 1, "confirm": None}):
        refused(state, "paused", partial(DUPLIKTA.act, state, "bob", action, 3_000), 3_000)
    refused(state, "not_due", lambda: DUPLIKTA.close(state, 200_000), 200_000)  # never closes
    act(state, "ana", "resume", 3_000)  # a player who confirmed may resume
    refused(state, "too_late", lambda: act(state, "bob", "pause", 61_000), 61_000)  # 60 s + 1 s


def test_with_the_clock_off_a_pause_still_stops_play() -> None:
    state = start(clock=0, now=0)
    act(state, "ana", "pause", 5_000)
    phase = DUPLIKTA.phase(state, 6_000)
    assert (phase.actors, phase.deadline_ms, phase.due_ms) == (frozenset(), None, 305_000)
    refused(state, "paused", lambda: confirm(state, "bob", None, 6_000), 6_000)
    resumed = act(state, "bob", "resume", 9_000).result["resumed"]
    assert (resumed["deadline_ms"], resumed["paused_ms"]) == (None, 4_000)
    assert DUPLIKTA.phase(state, 9_000).due_ms is None
    assert confirm(state, "bob", None, 10_000)["ms"] == 6_000


def test_the_organisers_pause_during_a_players_counts_against_nobody() -> None:
    state = start(clock=60, now=0)
    act(state, "ana", "pause", 10_000)
    DUPLIKTA.shift(state, 100_000)  # the session's pause, or an outage, of 100 s
    assert DUPLIKTA.phase(state, 115_000).due_ms == 410_000
    assert DUPLIKTA.view(state, SPECTATOR, 115_000)["players"][0]["pause_ms_left"] == 295_000
    resumed = act(state, "bob", "resume", 120_000).result["resumed"]
    assert (resumed["paused_ms"], resumed["deadline_ms"]) == (10_000, 170_000)


def test_games_with_pauses_load_and_replay_the_same() -> None:
    tools = Hashed()
    state = new(tools=tools, clock=30, pause_seconds=30, pauses=2)
    steps = [
        lambda: DUPLIKTA.open_next(state, 1_000),
        lambda: act(state, "ana", "pause", 2_000),
        lambda: act(state, "bob", "resume", 7_000),
        lambda: act(state, "bob", "pause", 8_000),
        lambda: DUPLIKTA.close(state, 38_000),  # bob's pause ran out
        lambda: act(state, "bob", "pause", 39_000),  # bob has no time left
        lambda: confirm(state, "bob", None, 40_000),
        lambda: act(state, "ana", "pause", 41_000),
        lambda: DUPLIKTA.shift(state, 4_000),
        lambda: act(state, "ana", "resume", 50_000),
    ]
    for step in steps:
        codes = []
        try:
            step()
        except ActionRefusedError as error:  # a refusal is part of the game too
            codes.append(error.code)
        assert codes in ([], ["no_pause_left"])
        saved = json.loads(json.dumps(DUPLIKTA.save(state)))
        at = 50_000
        assert snapshot(DUPLIKTA.load(saved, tools), at) == snapshot(state, at)
    assert [step["step"] for step in state.steps].count("pause_over") == 1
    assert state.times[0].deadline_ms == 31_000 + 5_000 + 30_000 + 4_000 + 5_000
    for _ in play(state, random.Random(3), now=60_000):
        pass
    record = DUPLIKTA.record(state)
    acts = [s["action"] for s in record["steps"] if s["step"] == "act"]
    assert {"turn": 1, "pause": True} in acts
    assert {"turn": 1, "resume": True} in acts
    check_replays(state, tools)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(PAIR), st.integers(0, 5_000), st.integers(0, 200_000)),
        max_size=8,
    )
)
def test_the_deadline_moves_by_the_time_paused_within_each_budget(
    pauses: list[tuple[str, int, int]],
) -> None:
    """Pauses of any length, resumed or run out: the deadline moves by the time paused, which
    never exceeds a player's budget, and the budget left is what was not spent."""
    state = start(clock=300, now=0, pauses=3, pause_seconds=60)
    now, spent = 0, dict.fromkeys(PAIR, 0)
    taken = dict.fromkeys(PAIR, 0)
    for player, before, length in pauses:
        now += before
        if taken[player] == 3 or spent[player] == 60_000:
            refused(
                state,
                "no_pause_left",
                partial(act, state, player, "pause", now),
                now,
            )
            continue
        act(state, player, "pause", now)
        taken[player] += 1
        ends = DUPLIKTA.phase(state, now).due_ms
        assert ends == now + 60_000 - spent[player]
        if now + length >= ends:
            now = ends + 1
            DUPLIKTA.close(state, now)
            spent[player] = 60_000
        else:
            now += length
            act(state, PAIR[length % 2], "resume", now)
            spent[player] += length
    assert state.times[0].deadline_ms == 300_000 + sum(spent.values())
    view = DUPLIKTA.view(state, SPECTATOR, now)
    for line in view["players"]:
        assert line["pause_ms_left"] == 60_000 - spent[line["player"]] >= 0
        assert line["pauses_left"] == 3 - taken[line["player"]]
