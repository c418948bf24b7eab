"""Tests of arbitre.rules.kinds.duel.kind: the kind's events, views, records and replay."""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.base import (
    LISTED,
    ActionRefusedError,
    Event,
    Setup,
    Stage,
    Viewer,
)
from arbitre.rules.kinds.duel import DUEL, DuelGame, marks
from arbitre.rules.kinds.duel.commitment import verify
from arbitre.rules.kinds.duel.kind import BadRecordError, record_of, view_of
from arbitre.rules.kinds.duel.scoring import BEST_ROUND, SPEED_BONUS, try_points
from arbitre.rules.kinds.duel.words import WordList
from tests.rules.kinds.duel.samples import GUESSES, MISSES

ONE_WORD = WordList("en", GUESSES, ("CHIOT",))
THREE_WORDS = WordList("en", GUESSES, ("CHIOT", "FORTE", "TARTE"))
SPECTATOR = Viewer.spectator()


def start(
    players: tuple[str, ...] = ("ana", "bob", "cyd"),
    tools: WordList = ONE_WORD,
    **config: object,
) -> DuelGame:
    return DUEL.new_game(DUEL.configure({"rounds": 1, **config}), Setup("g1", 7, players), tools)


def guess(state: DuelGame, player: str, word: str, at: int, number: int = 1) -> dict[str, Any]:
    return dict(DUEL.act(state, player, {"guess": word, "round": number}, at).result)


def viewers(state: DuelGame) -> list[Viewer]:
    return [SPECTATOR, *(Viewer(p) for p in state.table.players), Viewer("zed")]


def snapshot(state: DuelGame, now: int) -> tuple[Any, ...]:
    views = [json.dumps(DUEL.view(state, v, now), sort_keys=True) for v in viewers(state)]
    return (json.dumps(DUEL.record(state), sort_keys=True), views, copy.deepcopy(state))


def refused(state: DuelGame, code: str, call: Callable[[], Any], now: int = 0) -> None:
    before = snapshot(state, now)
    with pytest.raises(ActionRefusedError) as error:
        call()
    assert error.value.code == code, str(error.value)
    assert snapshot(state, now) == before


def seen(events: Iterable[Event], viewer: Viewer) -> list[dict[str, Any]]:
    shown = (event.seen_by(viewer) for event in events)
    return [{"type": m.type, "data": dict(m.data)} for m in shown if m is not None]


def finish(state: DuelGame, now: int) -> int:
    """Close and open rounds until the game is over; the time it ends."""
    while state.table.stage is not Stage.OVER:
        now += 1
        if state.table.stage is Stage.PLAYING:
            DUEL.close(state, now)
        else:
            DUEL.open_next(state, now)
    return now


# -- the kind ------------------------------------------------------------------------------------


def test_the_kind_is_registered() -> None:
    assert kind("duel") is DUEL
    assert (DUEL.name, DUEL.title, DUEL.min_seats, DUEL.max_seats) == ("duel", "Duel de Mots", 2, 8)
    config = DUEL.configure({"language": "fr", "round_seconds": 90})
    assert DUEL.configure(DUEL.config_data(config)) == config


# -- events --------------------------------------------------------------------------------------


def test_round_started_publishes_the_commitment() -> None:
    state = start(round_seconds=90)
    (event,) = DUEL.open_next(state, 1_000)
    assert event.private == {}
    assert event.public is not None
    assert event.public.type == "round_started"
    assert event.public.data == {
        "round": 1,
        "opened_at": 1_000,
        "ends_at": 91_000,
        "commitment": state.table.rounds[0].commitment,
        "players": ["ana", "bob", "cyd"],
        "player_count": 3,
    }


def test_a_guess_is_private_and_its_row_public_without_letters() -> None:
    state = start()
    DUEL.open_next(state, 0)
    outcome = DUEL.act(state, "ana", {"guess": "octet", "round": 1}, 2_000)
    assert outcome.result == {
        "round": 1,
        "row": 0,
        "letters": "OCTET",
        "marks": "YYx.G",
        "tries_used": 1,
        "tries_left": 5,
        "found": False,
        "points": None,
        "extra_copy": {"letter": "T", "count": 1},
    }
    (event,) = outcome.events
    assert seen([event], Viewer("ana")) == [{"type": "guess_marked", "data": outcome.result}]
    rival_row = {"player": "ana", "round": 1, "row": 0, "marks": "YY..G"}  # no dot, no letters
    for viewer in (Viewer("bob"), SPECTATOR):
        assert seen([event], viewer) == [{"type": "rival_row", "data": rival_row}]


def test_the_first_find_opens_the_closing_window() -> None:
    state = start()
    DUEL.open_next(state, 0)
    outcome = DUEL.act(state, "bob", {"guess": "chiot", "round": 1}, 5_000)
    assert outcome.result["points"] == BEST_ROUND
    assert outcome.result["found"]
    assert seen(outcome.events[1:], SPECTATOR) == [
        {"type": "closing_window", "data": {"round": 1, "opened_at": 5_000, "ends_at": 25_000}}
    ]
    assert len(DUEL.act(state, "ana", {"guess": "chiot", "round": 1}, 6_000).events) == 1


def test_round_over_reveals_everything_and_game_over_the_seed() -> None:
    state = start(players=("ana", "bob"), tools=THREE_WORDS, rounds=3)
    DUEL.open_next(state, 0)
    word = state.secrets.words[0]
    guess(state, "ana", "octet" if word != "OCTET" else "crane", 1_000)
    guess(state, "ana", word, 2_000)
    (over,) = DUEL.close(state, 3_000)
    assert over.public is not None
    assert over.public.type == "round_over"
    data = dict(over.public.data)
    assert verify(data["commitment"], "g1", 1, data["salt"], data["word"])
    assert data["word"] == word
    assert data["solvers"] == ["ana"]
    assert data["players"][0]["rows"][1] == {"letters": word, "marks": "GGGGG", "at_ms": 2_000}
    assert [(p["player"], p["points"], p["place"]) for p in data["players"]] == [
        ("ana", 50 + 15, 1),
        ("bob", 0, None),
    ]
    assert [(s["rank"], s["player"], s["total"]) for s in data["standings"]] == [
        (1, "ana", 65),
        (2, "bob", 0),
    ]
    DUEL.open_next(state, 4_000)
    DUEL.close(state, 5_000)
    DUEL.open_next(state, 6_000)
    last = DUEL.close(state, 7_000)
    assert [e.public.type for e in last if e.public] == ["round_over", "game_over"]
    assert last[1].public is not None
    assert last[1].public.data["seed"] == 7
    assert last[1].public.data["standings"][0]["total"] == 65


def test_seat_and_leave_events() -> None:
    state = start(players=("ana", "bob"), tools=THREE_WORDS, rounds=3)
    assert seen(DUEL.seat(state, "cyd", 0), SPECTATOR) == [
        {"type": "player_joined", "data": {"player": "cyd", "players": 3, "from_round": 1}}
    ]
    DUEL.open_next(state, 1)
    assert seen(DUEL.seat(state, "dan", 2), SPECTATOR)[0]["data"]["from_round"] == 2
    assert seen(DUEL.leave(state, "ana", 3), SPECTATOR) == [
        {"type": "player_left", "data": {"player": "ana", "round": 1}}
    ]


def test_a_room_tells_its_first_listed_joins_and_counts_the_others() -> None:
    """Each of a room's first LISTED seatings is told; past them a seating is a count the next
    one supersedes (throttled), as the views list the first players only."""
    state = start(players=(), seats=0)
    joined = [DUEL.seat(state, f"p{n}", n)[0] for n in range(LISTED + 2)]
    assert [event.throttled for event in joined] == [False] * LISTED + [True, True]
    told = [event.public.data for event in joined if event.public is not None]
    assert [data["players"] for data in told] == list(range(1, LISTED + 3))
    assert told[-1] == {"player": f"p{LISTED + 1}", "players": LISTED + 2, "from_round": 1}


# -- refusals ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {"guess": "crane"},
        {"round": 1},
        {"guess": "crane", "round": "1"},
        {"guess": "crane", "round": True},
        {"guess": 12345, "round": 1},
        {"guess": "crane", "round": 1, "hard": True},
        ["crane", 1],
    ],
)
def test_malformed_actions(action: Any) -> None:
    state = start()
    DUEL.open_next(state, 0)
    refused(state, "bad_action", lambda: DUEL.act(state, "ana", action, 1))


def test_every_refusal_leaves_the_state_unchanged() -> None:
    state = start(players=("ana", "bob"), tools=THREE_WORDS, rounds=3, seats=5, round_seconds=90)
    refused(state, "round_not_open", lambda: guess(state, "ana", "crane", 0))
    refused(state, "already_seated", lambda: DUEL.seat(state, "bob", 0))
    refused(state, "not_seated", lambda: DUEL.leave(state, "zed", 0))
    DUEL.seat(state, "dan", 0)
    DUEL.open_next(state, 0)
    word = state.secrets.words[0]
    DUEL.seat(state, "cyd", 10)
    DUEL.seat(state, "eve", 10)
    refused(state, "table_full", lambda: DUEL.seat(state, "fay", 11))
    refused(state, "round_open", lambda: DUEL.open_next(state, 11))
    guess(state, "ana", word, 100)
    for at, miss in enumerate(MISSES, start=200):
        guess(state, "dan", miss, at)
    guess(state, "bob", "crane", 300)
    for code, player, text, number, at in [
        ("not_seated", "zed", "crane", 1, 400),
        ("waiting", "cyd", "crane", 1, 400),
        ("already_found", "ana", "crane", 1, 400),
        ("no_tries_left", "dan", word, 1, 400),
        ("wrong_round", "bob", "slate", 2, 400),
        ("not_in_list", "bob", "zzzzz", 1, 400),
        ("not_a_letter", "bob", "sl8te", 1, 400),
        ("wrong_length", "bob", "slat", 1, 400),
        ("already_tried", "bob", "Crane", 1, 400),
        ("round_over", "bob", "slate", 1, 20_100),  # the closing window: ana found at 100
    ]:
        refused(state, code, lambda: guess(state, player, text, at, number), now=at)  # noqa: B023
    DUEL.close(state, 20_100)
    refused(state, "round_not_open", lambda: guess(state, "bob", "slate", 20_200))
    refused(state, "round_not_open", lambda: guess(state, "bob", "slate", 20_200, number=2))
    refused(state, "round_not_open", lambda: DUEL.close(state, 20_200))
    finish(state, 30_000)
    refused(state, "game_over", lambda: DUEL.open_next(state, 40_000))
    refused(state, "game_over", lambda: DUEL.seat(state, "fay", 40_000))
    refused(state, "game_over", lambda: DUEL.leave(state, "ana", 40_000))
    refused(state, "round_not_open", lambda: DUEL.close(state, 40_000))
    refused(state, "round_not_open", lambda: guess(state, "ana", "crane", 40_000, number=3))


def test_a_game_needs_two_players_to_start() -> None:
    state = start(players=("ana",))
    refused(state, "not_enough_players", lambda: DUEL.open_next(state, 0))


# -- views ---------------------------------------------------------------------------------------


class Untouchable:
    """Stands for a game's secrets: any use of it fails."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the secrets were read ({name})")


def test_views_and_records_never_read_the_secrets() -> None:
    state = start(tools=THREE_WORDS, rounds=3)
    DUEL.open_next(state, 0)
    guess(state, "ana", "octet", 1)
    DUEL.close(state, 2)
    DUEL.open_next(state, 3)
    guess(state, "bob", "crane", 4, number=2)
    secrets = state.secrets
    state.secrets = Untouchable()  # type: ignore[assignment]
    for viewer in viewers(state):
        assert DUEL.view(state, viewer, 5) == view_of(state.table, viewer, 5)
    assert DUEL.record(state) == record_of(state.table)
    DUEL.standings(state)
    DUEL.phase(state, 5)
    state.secrets = secrets


def test_a_player_view() -> None:
    state = start(round_seconds=90)
    DUEL.open_next(state, 0)
    guess(state, "ana", "octet", 1_000)
    guess(state, "bob", "chiot", 2_000)
    view = DUEL.view(state, Viewer("ana"), 3_000)
    assert (view["kind"], view["stage"], view["round"], view["config"]["round_seconds"]) == (
        "duel",
        "playing",
        1,
        90,
    )
    current = view["current"]
    assert (current["opened_at"], current["ends_at"], current["remaining_ms"]) == (
        0,
        22_000,
        19_000,
    )
    assert current["closing_window"] == {"opened_at": 2_000, "ends_at": 22_000}
    assert current["commitment"] == state.table.rounds[0].commitment
    assert current["grids"] == [
        {"player": "bob", "playing": True, "rows": ["GGGGG"], "found": True, "done": True},
        {"player": "cyd", "playing": True, "rows": [], "found": False, "done": False},
    ]
    assert view["you"] == {
        "player": "ana",
        "seated": True,
        "waiting": False,
        "grid": {
            "rows": [{"letters": "OCTET", "marks": "YYx.G", "at_ms": 1_000}],
            "keyboard": {"O": "Y", "C": "Y", "T": "G", "E": "."},
            "tries_used": 1,
            "tries_left": 5,
            "found": False,
            "points": None,
            "guessing": True,
        },
    }
    assert view["seed"] is None
    bob = DUEL.view(state, Viewer("bob"), 3_000)["you"]["grid"]
    assert (bob["found"], bob["points"], bob["guessing"]) == (True, 75, False)


def test_the_view_of_a_waiting_player() -> None:
    state = start(tools=THREE_WORDS, rounds=3, seats=4)
    DUEL.open_next(state, 0)
    DUEL.seat(state, "dan", 2_500)
    dan = DUEL.view(state, Viewer("dan"), 3_000)
    assert dan["you"] == {"player": "dan", "seated": True, "waiting": True, "grid": None}
    assert {"player": "dan", "seated": True, "waiting": True} in dan["players"]
    assert [g["player"] for g in dan["current"]["grids"]] == ["ana", "bob", "cyd"]


def test_a_late_first_find_does_not_lengthen_the_round() -> None:
    state = start(round_seconds=90)
    DUEL.open_next(state, 0)
    outcome = DUEL.act(state, "ana", {"guess": "chiot", "round": 1}, 80_000)
    window = {"round": 1, "opened_at": 80_000, "ends_at": 90_000}
    assert seen(outcome.events[1:], SPECTATOR) == [{"type": "closing_window", "data": window}]
    current = DUEL.view(state, SPECTATOR, 85_000)["current"]
    assert current["ends_at"] == 90_000
    assert current["closing_window"] == {"opened_at": 80_000, "ends_at": 90_000}
    assert DUEL.phase(state, 85_000).deadline_ms == 90_000


def test_the_phase_is_due_when_everyone_finished_but_its_deadline_is_the_end() -> None:
    state = start(players=("ana", "bob"), tools=THREE_WORDS, rounds=3, round_seconds=90)
    DUEL.open_next(state, 0)
    word = state.secrets.words[0]
    assert (DUEL.phase(state, 1).deadline_ms, DUEL.phase(state, 1).due_ms) == (90_000, 90_000)
    guess(state, "ana", word, 1_000)
    DUEL.leave(state, "bob", 2_000)
    phase = DUEL.phase(state, 2_000)
    assert (phase.actors, phase.deadline_ms, phase.due_ms) == (frozenset(), 21_000, 2_000)
    DUEL.seat(state, "bob", 2_500)  # back, but waiting: still nobody to guess
    refused(state, "waiting", lambda: guess(state, "bob", word, 3_000), now=3_000)
    assert DUEL.phase(state, 3_000).due_ms == 2_000


def test_a_pause_keeps_the_time_left_in_the_view() -> None:
    state = start(round_seconds=90)
    DUEL.open_next(state, 0)
    guess(state, "ana", "chiot", 10_000)
    before = DUEL.view(state, Viewer("bob"), 15_000)["current"]
    DUEL.shift(state, 7_000)
    after = DUEL.view(state, Viewer("bob"), 22_000)["current"]
    assert before["remaining_ms"] == after["remaining_ms"] == 15_000
    assert after["closing_window"] == {"opened_at": 17_000, "ends_at": 37_000}


def test_a_game_paused_mid_round_replays() -> None:
    state = start(players=("ana", "bob"), tools=THREE_WORDS, rounds=3, round_seconds=90)
    DUEL.open_next(state, 0)
    guess(state, "ana", "crane", 80_000)
    DUEL.shift(state, 30_000)  # paused at 85 s for 30 s: the round ends at 120 s
    DUEL.seat(state, "cyd", 116_000)
    guess(state, "bob", state.secrets.words[0], 119_000)
    DUEL.close(state, 120_000)
    DUEL.shift(state, 1_000)  # paused during the reveal
    assert DUEL.phase(state, 130_000).next_ms == 136_000
    finish(state, 136_000)
    record = json.loads(json.dumps(DUEL.record(state)))
    word = state.secrets.words[0]
    assert record["rounds"][0]["guesses"] == [["ana", "CRANE", 80_000], ["bob", word, 89_000]]
    assert record["seating"][0]["at_ms"] == 116_000
    assert DUEL.record(DUEL.replay(record, THREE_WORDS)) == DUEL.record(state)


def test_a_spectator_view_has_no_own_rows() -> None:
    state = start()
    DUEL.open_next(state, 0)
    guess(state, "ana", "octet", 1_000)
    view = DUEL.view(state, SPECTATOR, 1_000)
    assert view["you"] is None
    assert [g["player"] for g in view["current"]["grids"]] == ["ana", "bob", "cyd"]
    assert view["current"]["grids"][0]["rows"] == ["YY..G"]
    assert "OCTET" not in json.dumps(view)


def test_views_between_rounds_and_after_the_game() -> None:
    state = start(tools=THREE_WORDS, rounds=3, reveal_seconds=15)
    DUEL.open_next(state, 0)
    guess(state, "ana", "octet", 1_000)
    DUEL.close(state, 9_000)
    view = DUEL.view(state, SPECTATOR, 9_000)
    assert (view["stage"], view["current"], view["next_at"]) == ("between", None, 24_000)
    (closed,) = view["closed"]
    assert closed["word"] == state.secrets.words[0]
    expected = marks.text(marks.mark(state.secrets.words[0], "OCTET"))
    assert closed["players"][0]["rows"] == [{"letters": "OCTET", "marks": expected, "at_ms": 1_000}]
    assert view["seed"] is None
    finish(state, 10_000)
    over = DUEL.view(state, Viewer("bob"), 99_000)
    assert (over["stage"], over["seed"], len(over["closed"])) == ("over", 7, 3)
    assert over["next_at"] is None
    json.dumps(over)


SCRIPT: list[tuple[str, str, str, int]] = [
    ("act", "ana", "crane", 1_000),
    ("act", "bob", "slate", 1_500),
    ("act", "cyd", "moist", 2_000),
    ("act", "ana", "octet", 3_000),
    ("act", "bob", "ghost", 3_500),
    ("refused", "bob", "zzzzz", 3_600),
    ("act", "cyd", "fjord", 4_000),
    ("seat", "dan", "", 4_100),
    ("act", "ana", "<word>", 5_000),
    ("act", "bob", "plumb", 6_000),
    ("leave", "cyd", "", 6_500),
    ("act", "bob", "nymph", 7_000),
    ("act", "bob", "<word>", 8_000),
]


def test_no_view_nor_event_shows_the_word_or_a_rivals_letters() -> None:
    state = start(players=("ana", "bob", "cyd"), tools=THREE_WORDS, rounds=3, seats=4)
    events = list(DUEL.open_next(state, 0))
    secret = state.secrets.words[0]
    tried: dict[str, set[str]] = {p: set() for p in ("ana", "bob", "cyd", "dan")}
    for step, player, word, at in SCRIPT:
        word = secret if word == "<word>" else word
        if step == "act":
            outcome = DUEL.act(state, player, {"guess": word, "round": 1}, at)
            tried[player].add(word.upper())
            events.extend(outcome.events)
        elif step == "refused":
            with pytest.raises(ActionRefusedError):
                DUEL.act(state, player, {"guess": word, "round": 1}, at)
        elif step == "seat":
            events.extend(DUEL.seat(state, player, at))
        else:
            events.extend(DUEL.leave(state, player, at))
        for viewer in [SPECTATOR, *(Viewer(p) for p in tried)]:
            own = tried.get(viewer.player or "", set())
            forbidden = {w for p, ws in tried.items() if p != viewer.player for w in ws} - own
            forbidden |= set(THREE_WORDS.secrets) - own
            shown = json.dumps(DUEL.view(state, viewer, at)) + json.dumps(seen(events, viewer))
            assert forbidden, "the script must test something"
            for hidden in forbidden:
                assert hidden not in shown, (viewer, hidden)
            for word_ in own:
                assert word_ in shown  # the test can see letters where they belong
    DUEL.close(state, 9_000)
    revealed = json.dumps(DUEL.view(state, SPECTATOR, 9_000))
    assert all(w in revealed for ws in tried.values() for w in ws)
    assert secret in revealed
    assert not (set(THREE_WORDS.secrets) - {secret}) & set(revealed.split('"'))  # later rounds


# -- records and replay --------------------------------------------------------------------------


def played(reveal_seconds: int = 15) -> DuelGame:
    """A finished game of three rounds with people joining and leaving."""
    state = start(
        players=("ana", "bob"), tools=THREE_WORDS, rounds=3, seats=5, reveal_seconds=reveal_seconds
    )
    DUEL.seat(state, "cyd", 0)
    DUEL.open_next(state, 0)
    words = state.secrets.words
    guess(state, "ana", "crane", 1_000)
    guess(state, "bob", words[0], 2_000)
    DUEL.seat(state, "dan", 2_000)
    guess(state, "cyd", "slate", 2_000)
    guess(state, "cyd", words[0], 3_000)
    guess(state, "ana", words[0], 4_000)
    DUEL.close(state, 4_000)
    DUEL.seat(state, "eve", 20_000)
    DUEL.open_next(state, 20_000)  # eve, seated at the same millisecond, plays
    guess(state, "dan", words[1], 21_000, number=2)
    guess(state, "ana", "octet", 22_000, number=2)
    DUEL.leave(state, "ana", 22_000)
    DUEL.close(state, 41_000)
    DUEL.open_next(state, 50_000)
    DUEL.leave(state, "bob", 50_000)  # bob, gone at the same millisecond, still plays round 3
    guess(state, "cyd", "tatty", 51_000, number=3)
    DUEL.close(state, 170_000)
    return state


def test_the_record_holds_only_what_is_closed() -> None:
    state = start(players=("ana", "bob"), tools=THREE_WORDS, rounds=3)
    DUEL.open_next(state, 0)
    guess(state, "ana", "crane", 1_000)
    record = DUEL.record(state)
    assert record["rounds"] == []
    assert record["seed"] is None
    assert record["over"] is False
    assert state.secrets.words[0] not in json.dumps(record)
    DUEL.close(state, 2_000)
    (closed,) = DUEL.record(state)["rounds"]
    assert closed["guesses"] == [["ana", "CRANE", 1_000]]
    assert (closed["word"], closed["salt"]) == (state.secrets.words[0], state.secrets.salts[0])
    assert DUEL.record(state)["seed"] is None


def test_a_finished_record() -> None:
    state = played()
    record = DUEL.record(state)
    assert record["seed"] == 7
    assert record["over"] is True
    assert record["players"] == ["ana", "bob"]
    assert [r["players"] for r in record["rounds"]] == [
        ["ana", "bob", "cyd"],
        ["ana", "bob", "cyd", "dan", "eve"],
        ["bob", "cyd", "dan", "eve"],
    ]
    assert record["seating"][:2] == [
        {"player": "cyd", "change": "join", "at_ms": 0, "round": 0, "in_round": False},
        {"player": "dan", "change": "join", "at_ms": 2_000, "round": 1, "in_round": True},
    ]
    json.dumps(record)


def test_replay_gives_the_same_game() -> None:
    state = played()
    record = json.loads(json.dumps(DUEL.record(state)))
    again = DUEL.replay(record, THREE_WORDS)
    assert DUEL.standings(again) == DUEL.standings(state)
    assert DUEL.record(again) == DUEL.record(state)
    assert DUEL.view(again, Viewer("ana"), 0) == DUEL.view(state, Viewer("ana"), 0)


def tampered(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(json.dumps(DUEL.record(played())))
    change(record)
    return record


def other_salt(record: dict[str, Any]) -> None:
    record["rounds"][1]["salt"] = "0" * 32


def other_word(record: dict[str, Any]) -> None:
    rounds = record["rounds"]
    rounds[0]["word"], rounds[1]["word"] = rounds[1]["word"], rounds[0]["word"]


def consistent_other_word(record: dict[str, Any]) -> None:
    """Another word with a commitment that verifies: still not the seed's choice."""
    from arbitre.rules.kinds.duel.commitment import commitment

    first = record["rounds"][0]
    first["word"] = next(w for w in ("CHIOT", "FORTE", "TARTE") if w != first["word"])
    first["commitment"] = commitment("g1", 1, first["salt"], first["word"])


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (other_salt, "commitment does not verify"),
        (other_word, "commitment does not verify"),
        (consistent_other_word, "not the one the seed chooses"),
        (lambda r: r.update(seed=8), "not the one the seed chooses"),
        (lambda r: r["rounds"][0].update(commitment="ab" * 32), "does not verify"),
        (lambda r: r.pop("seed"), "no seed"),
        (lambda r: r["rounds"].pop(), "ends before the game does"),
        (lambda r: r["rounds"][0]["guesses"].insert(1, ["ana", "ZZZZZ", 1_500]), "not in the list"),
        (lambda r: r["rounds"][0]["guesses"].append(["ana", "SLATE", 30_000]), "is over"),
        (lambda r: r["rounds"][0]["guesses"].pop(), "standings differ"),
        (lambda r: r["rounds"][0]["players"].append("zed"), "players are not"),
        (lambda r: r["rounds"][0].update(ends_ms=1), "end is not"),
        (lambda r: r["standings"][0].update(total=1), "standings differ"),
        (lambda r: r["seating"].append({**r["seating"][0], "round": 9}), "rounds it does not"),
        (lambda r: r["seating"][0].update(change="sit"), "'join' or 'leave'"),
        (lambda r: r.update(config={"rounds": 2}), "rounds must be one of"),
        (lambda r: r.update(kind="duplicate"), "not a record"),
        (lambda r: r.update(rounds="all"), "rounds must be a list"),
        (lambda r: r["rounds"][0].update(opened_ms="0"), "opened_ms must be a whole number"),
        (lambda r: r["rounds"][0]["guesses"][0].pop(), "a guess is"),
        (lambda r: r["rounds"].append(r["rounds"][-1]), "recorded out of order"),
    ],
)
def test_a_record_that_does_not_hold_together(
    change: Callable[[dict[str, Any]], object], says: str
) -> None:
    with pytest.raises(BadRecordError, match=says) as error:
        DUEL.replay(tampered(change), THREE_WORDS)
    assert error.value.code == "bad_record"
    assert isinstance(error.value, ArbitreError)


def test_a_record_replayed_with_another_list() -> None:
    record = DUEL.record(played())
    other = WordList("en", GUESSES, ("CRANE", "GHOST", "MOIST"))
    with pytest.raises(BadRecordError, match="not the one the seed chooses"):
        DUEL.replay(record, other)
    french = WordList("fr", GUESSES, ("CHIOT", "FORTE", "TARTE"))
    with pytest.raises(BadRecordError, match="the word list is in 'fr'"):
        DUEL.replay(record, french)


def test_a_record_that_is_no_mapping() -> None:
    with pytest.raises(BadRecordError):
        DUEL.replay([], THREE_WORDS)  # type: ignore[arg-type]


# -- random games --------------------------------------------------------------------------------

POOL = ("ana", "bob", "cyd", "dan", "eve")
#: What the random players type: often the open round's word (they peek, so that rounds are
#: found), another word of the list, or something that is no word.
PEEK = "<the word>"
TEXTS = (*(PEEK,) * 12, *sorted(GUESSES), "zzzzz", "cr4ne", "abc")
STEP = st.tuples(
    st.sampled_from(("guess",) * 8 + ("seat", "leave", "stranger", "pause")),
    st.integers(0, len(POOL) - 1),
    st.integers(0, len(TEXTS) - 1),
    st.sampled_from((0, 1, 1, 300, 300, 300, 1_000, 1_000, 5_000, 19_999, 20_000, 90_000)),
)


def advance(state: DuelGame, now: int) -> None:
    """Do what the session's clock does at ``now``: close a round that is due, open the next one
    when its reveal is over (at once, as if the organiser pressed Next, when it waits)."""
    while True:
        phase = DUEL.phase(state, now)
        if phase.stage is Stage.PLAYING and phase.due_ms is not None:
            if now < phase.due_ms:
                assert phase.actors, "a round nobody may play is due"
                return
            DUEL.close(state, now)
        elif phase.stage is Stage.BETWEEN and (phase.next_ms is None or now >= phase.next_ms):
            DUEL.open_next(state, now)
        else:
            return


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**63 - 1),
    rounds=st.sampled_from((1, 3)),
    reveal=st.sampled_from((0, 15)),
    seats=st.integers(2, 5),
    starters=st.integers(2, 5),
    steps=st.lists(STEP, max_size=80),
)
def test_random_games_replay_to_the_same_standings(
    seed: int,
    rounds: int,
    reveal: int,
    seats: int,
    starters: int,
    steps: list[tuple[str, int, int, int]],
) -> None:
    config = DUEL.configure(
        {"rounds": rounds, "reveal_seconds": reveal, "seats": seats, "round_seconds": 90}
    )
    setup = Setup("h", seed, POOL[: min(starters, seats)])
    state = DUEL.new_game(config, setup, THREE_WORDS)
    now = 0
    DUEL.open_next(state, now)
    for what, who, text, dt in steps:
        if what == "pause":  # the session's clock stops for dt: nothing happens meanwhile
            DUEL.shift(state, dt)
        now += dt
        advance(state, now)
        if state.table.stage is Stage.OVER:
            break
        seated = sorted(state.table.present)
        player = seated[who % len(seated)] if what == "guess" and seated else POOL[who]
        before = copy.deepcopy(state)
        try:
            if what == "guess":
                number = state.table.number
                word = TEXTS[text]
                if word == PEEK:
                    word = state.secrets.words[number - 1]
                DUEL.act(state, player, {"guess": word, "round": number}, now)
            elif what == "seat":
                DUEL.seat(state, player, now)
            elif what == "leave":
                DUEL.leave(state, player, now)
            elif what == "stranger":
                DUEL.act(state, player, {"guess": TEXTS[text], "round": 1}, now)
        except ActionRefusedError:
            assert state == before
    now = finish(state, now)
    check_rounds(state, now)

    record = json.loads(json.dumps(DUEL.record(state)))
    again = DUEL.replay(record, THREE_WORDS)
    assert DUEL.standings(again) == DUEL.standings(state)
    assert DUEL.record(again) == DUEL.record(state)


def check_rounds(state: DuelGame, now: int) -> None:
    """Every closed round: at most 75 points each, speed bonuses to at most three players, in
    the order of their finds."""
    for closed in DUEL.view(state, SPECTATOR, now)["closed"]:
        bonuses = []
        for line in closed["players"]:
            assert 0 <= line["points"] <= BEST_ROUND
            if line["found"]:
                bonus = line["points"] - try_points(line["tries"])
                if bonus:
                    bonuses.append((line["place"], bonus))
        assert len(bonuses) <= len(SPEED_BONUS)
        assert sorted(bonuses) == list(enumerate(SPEED_BONUS[: len(bonuses)], start=1))
        assert len(closed["solvers"]) == sum(line["found"] for line in closed["players"])


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**63 - 1),
    players=st.integers(2, 8),
    guesses=st.lists(
        st.tuples(st.integers(0, 7), st.integers(0, len(TEXTS) - 1), st.integers(0, 4_000)),
        max_size=60,
    ),
)
def test_random_rounds_at_a_full_table(
    seed: int, players: int, guesses: list[tuple[int, int, int]]
) -> None:
    config = DUEL.configure({"rounds": 1, "seats": 8, "round_seconds": 90})
    state = DUEL.new_game(
        config, Setup("t", seed, tuple(f"p{n}" for n in range(players))), ONE_WORD
    )
    now = 0
    DUEL.open_next(state, now)
    for who, text, dt in guesses:
        now += dt
        advance(state, now)
        if state.table.stage is Stage.OVER:
            break
        word = "CHIOT" if TEXTS[text] == PEEK else TEXTS[text]
        with contextlib.suppress(ActionRefusedError):
            DUEL.act(state, f"p{who % players}", {"guess": word, "round": 1}, now)
    now = finish(state, now)
    check_rounds(state, now)
    again = DUEL.replay(json.loads(json.dumps(DUEL.record(state))), ONE_WORD)
    assert DUEL.standings(again) == DUEL.standings(state)
