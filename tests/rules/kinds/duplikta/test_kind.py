"""Tests of arbitre.rules.kinds.duplikta.kind: dupliKta behind the game-kind interface (seats,
phases, actions and their refusals, events, views and their secrets, standings, records and
replay, saving, shifting), and properties of random games played through it."""

from __future__ import annotations

import json
import random
import zlib
from collections import Counter
from collections.abc import Callable, Container
from dataclasses import dataclass
from itertools import chain
from string import ascii_lowercase
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.rules.draw import Bag
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.base import ActionRefusedError, Event, Kind, Setup, Stage, Viewer
from arbitre.rules.kinds.duplikta import DupliktaConfig, ExchangeKind, Tools
from arbitre.rules.kinds.duplikta.kind import DUPLIKTA, BadRecordError, DupliktaTable
from arbitre.rules.kinds.duplikta.table import REVEAL_MS, BadStateError
from arbitre.rules.move import Move

PLAYERS = ("ana", "bob")
SPECTATOR = Viewer.spectator()
#: A long seed: its digits appear nowhere else by chance.
SEED = 7_310_442_968_153
SEEDS = st.integers(10**12, 2**62)
#: The players' choices, from the seed of a random.Random.
CHOICES = st.integers(0, 2**32).map(random.Random)


@dataclass(frozen=True)
class Lexicon:
    """Tools whose lexicon holds every word but those ``refused``."""

    refused: frozenset[str] = frozenset()

    @property
    def lexicon(self) -> Container[str]:
        return self

    def __contains__(self, word: object) -> bool:
        return word not in self.refused

    def best_move(self, board: Any, rack: str, tiles: Any, reversed_words: bool) -> str | None:
        """None: no move generator runs over every word (the best move is tested elsewhere)."""
        return None


def refusing(*words: str) -> Lexicon:
    """A lexicon without ``words``, read forwards or backwards (reversed words count)."""
    return Lexicon(frozenset(words) | frozenset(word[::-1] for word in words))


@dataclass(frozen=True)
class Hashed:
    """Tools whose lexicon holds a fixed three quarters of all words (by their CRC)."""

    @property
    def lexicon(self) -> Container[str]:
        return self

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and zlib.crc32(word.encode()) % 4 != 0

    def best_move(self, board: Any, rack: str, tiles: Any, reversed_words: bool) -> str | None:
        """None: no move generator runs over these words (the best move is tested elsewhere)."""
        return None


EVERY = Lexicon()
#: A set of 60 tokens (the fewest a game takes), for shorter games.
SHORT = {
    "name": "court",
    "letters": {
        letter: {"count": count, "value": value}
        for letter, count, value in (
            ("A", 7, 1),
            ("E", 10, 1),
            ("I", 6, 1),
            ("O", 4, 1),
            ("U", 3, 1),
            ("N", 4, 1),
            ("R", 5, 1),
            ("S", 5, 1),
            ("T", 5, 1),
            ("L", 3, 2),
            ("K", 1, 10),
            ("Z", 1, 10),
        )
    },
    "blanks": 6,
}


def new(
    seed: int = SEED, *, tools: Tools = EVERY, players: tuple[str, ...] = PLAYERS, **config: Any
) -> DupliktaTable:
    """A game of ``config`` from ``seed``, not started."""
    return DUPLIKTA.new_game(DUPLIKTA.configure(config), Setup("g1", seed, players), tools)


def start(
    seed: int = SEED, *, now: int = 1_000, tools: Tools = EVERY, **config: Any
) -> DupliktaTable:
    """A game of ``config`` from ``seed``, its first turn dealt at ``now``."""
    state = new(seed, tools=tools, **config)
    DUPLIKTA.open_next(state, now)
    return state


def rack_of(state: DupliktaTable, player: str) -> str:
    game = state.game
    assert game is not None
    return game.rack_of(player)


def opening(rack: str, tokens: int = 2, *, down: bool = False) -> str:
    """A first move from H8 of the first ``tokens`` of ``rack`` (a blank as an ``e``)."""
    word = "".join("e" if token == "?" else token for token in rack[:tokens])
    return f"{'8H' if down else 'H8'} {word}"


def confirm(state: DupliktaTable, player: str, move: str | None, now: int) -> dict[str, Any]:
    game = state.game
    assert game is not None
    action = {"turn": game.number, "confirm": move}
    return dict(DUPLIKTA.act(state, player, action, now).result)


def viewers(state: DupliktaTable) -> list[Viewer]:
    return [SPECTATOR, *(Viewer(p) for p in state.seats), Viewer("zed")]


def snapshot(state: DupliktaTable, now: int) -> tuple[Any, ...]:
    """Everything a client or the storage may read of ``state`` at ``now``, as JSON."""
    return (
        json.dumps(DUPLIKTA.save(state), sort_keys=True),
        json.dumps(DUPLIKTA.record(state), sort_keys=True),
        [json.dumps(DUPLIKTA.view(state, v, now), sort_keys=True) for v in viewers(state)],
        DUPLIKTA.phase(state, now),
        DUPLIKTA.standings(state),
    )


def refused(state: DupliktaTable, code: str, call: Callable[[], Any], now: int = 0) -> None:
    """``call`` is refused with ``code`` and changes nothing."""
    before = snapshot(state, now)
    with pytest.raises(ActionRefusedError) as error:
        call()
    assert error.value.code == code, str(error.value)
    assert snapshot(state, now) == before


def seen(events: tuple[Event, ...] | list[Event], viewer: Viewer = SPECTATOR) -> list[Any]:
    """The events as ``viewer`` sees them, as (type, data)."""
    shown = (event.seen_by(viewer) for event in events)
    return [(m.type, dict(m.data)) for m in shown if m is not None]


def closed_turn(events: tuple[Event, ...]) -> dict[str, Any]:
    (data,) = [data for kind, data in seen(events) if kind == "turn_closed"]
    return dict(data)


# -- the interface, seats and phases -----------------------------------------------------------


def test_the_kind_meets_the_interface() -> None:
    kind: Kind[DupliktaConfig, DupliktaTable, Tools] = DUPLIKTA
    config = kind.configure({"clock": 90, "chances": 3, "handicaps": [0, 2]})
    assert kind.configure(kind.config_data(config)) == config
    assert (kind.name, kind.title, kind.min_seats, kind.max_seats) == ("duplikta", "dupliKta", 2, 2)


def test_players_sit_and_leave_freely_before_the_start_and_the_first_seated_plays_first() -> None:
    state = new(players=(), handicaps=[0, 3])
    assert DUPLIKTA.phase(state, 0).stage is Stage.WAITING
    assert seen(DUPLIKTA.seat(state, "ana", 0)) == [("player_joined", {"player": "ana", "seat": 0})]
    refused(state, "not_enough_players", lambda: DUPLIKTA.open_next(state, 0))
    DUPLIKTA.seat(state, "bob", 0)
    refused(state, "already_seated", lambda: DUPLIKTA.seat(state, "bob", 0))
    refused(state, "table_full", lambda: DUPLIKTA.seat(state, "cyd", 0))
    assert seen(DUPLIKTA.leave(state, "ana", 0)) == [("player_left", {"player": "ana", "seat": 0})]
    refused(state, "not_seated", lambda: DUPLIKTA.leave(state, "ana", 0))
    DUPLIKTA.seat(state, "ana", 0)  # now second: the second handicap is hers
    assert state.seats == ["bob", "ana"]
    view = DUPLIKTA.view(state, Viewer("ana"), 0)
    assert [(p["player"], p["chances"]) for p in view["players"]] == [("bob", 10), ("ana", 16)]
    DUPLIKTA.open_next(state, 0)
    assert state.game is not None
    assert state.game.players == ("bob", "ana")
    assert state.game.start == {"bob": 10, "ana": 16}
    refused(state, "table_full", lambda: DUPLIKTA.seat(state, "cyd", 0))
    refused(state, "turn_open", lambda: DUPLIKTA.open_next(state, 0))


def test_a_game_starts_with_distinct_players_named_at_most_two() -> None:
    with pytest.raises(ArbitreError, match="seated twice"):
        new(players=("ana", "ana"))
    with pytest.raises(ArbitreError, match="2 seats"):
        new(players=("ana", "bob", "cyd"))
    state = new(players=())
    refused(state, "bad_player", lambda: DUPLIKTA.seat(state, "", 0))
    refused(state, "bad_player", lambda: DUPLIKTA.seat(state, "x" * 101, 0))


def test_a_turn_with_the_clock_from_the_deal_to_the_next() -> None:
    state = new(clock=60)
    events = DUPLIKTA.open_next(state, 1_000)
    rack = rack_of(state, "ana")
    dealt = {"turn": 1, "dealt_ms": 1_000, "deadline_ms": 61_000, "box_count": 95, "reliquat": ""}
    assert seen(events) == [("turn_dealt", dealt)]
    assert seen(events, Viewer("bob")) == [("turn_dealt", {**dealt, "rack": rack})]
    phase = DUPLIKTA.phase(state, 1_000)
    assert (phase.stage, phase.number, phase.actors) == (Stage.PLAYING, 1, frozenset(PLAYERS))
    assert (phase.deadline_ms, phase.due_ms, phase.next_ms) == (61_000, 61_000, None)
    refused(state, "not_due", lambda: DUPLIKTA.close(state, 60_999), 60_999)

    result = confirm(state, "ana", opening(rack), 3_500)
    assert result["ms"] == 2_500
    assert DUPLIKTA.phase(state, 3_500).actors == {"bob"}
    confirm(state, "bob", opening(rack, 3), 9_000)
    phase = DUPLIKTA.phase(state, 9_000)
    assert (phase.actors, phase.due_ms, phase.deadline_ms) == (frozenset(), 9_000, 61_000)

    closed = closed_turn(DUPLIKTA.close(state, 9_000))
    assert closed["installed"] == "bob"  # three tokens against two
    assert closed["criterion"] == "tiles"
    assert closed["players"]["bob"]["bonuses"] == {"tiles": 5}
    assert closed["players"]["ana"]["move"] == opening(rack)
    assert (closed["next_ms"], closed["over"]) == (9_000 + REVEAL_MS, False)
    phase = DUPLIKTA.phase(state, 9_000)
    assert (phase.stage, phase.number, phase.next_ms, phase.due_ms) == (
        Stage.BETWEEN,
        1,
        14_000,
        None,
    )
    refused(state, "not_open", lambda: DUPLIKTA.close(state, 9_000))
    DUPLIKTA.open_next(state, 14_000)
    phase = DUPLIKTA.phase(state, 14_000)
    assert (phase.stage, phase.number, phase.deadline_ms) == (Stage.PLAYING, 2, 74_000)


def test_without_the_clock_a_turn_waits_for_both_confirms() -> None:
    state = start(clock=0)
    phase = DUPLIKTA.phase(state, 10**9)
    assert (phase.actors, phase.deadline_ms, phase.due_ms) == (frozenset(PLAYERS), None, None)
    confirm(state, "ana", None, 2_000)
    refused(state, "not_due", lambda: DUPLIKTA.close(state, 10**9), 10**9)
    confirm(state, "bob", None, 400_000)
    assert DUPLIKTA.phase(state, 400_000).due_ms == 400_000
    closed = closed_turn(DUPLIKTA.close(state, 400_000))
    assert (closed["installed"], closed["criterion"]) == (None, "none")
    assert closed["players"]["bob"]["confirm_ms"] == 399_000


def test_at_the_deadline_nobody_may_act_and_who_did_not_confirm_passes() -> None:
    state = start(clock=30)
    rack = rack_of(state, "ana")
    confirm(state, "ana", opening(rack), 5_000)
    assert DUPLIKTA.phase(state, 31_000).actors == frozenset()
    action = {"turn": 1, "confirm": None}
    refused(state, "too_late", lambda: DUPLIKTA.act(state, "bob", action, 31_000), 31_000)
    closed = closed_turn(DUPLIKTA.close(state, 31_000))
    bob = closed["players"]["bob"]
    assert (bob["move"], bob["confirm_ms"], bob["points"]) == (None, None, 0)
    assert closed["installed"] == "ana"


def test_speed_decides_between_equal_moves_with_the_clock_on() -> None:
    state = start(clock=60)
    move = opening(rack_of(state, "ana"))
    confirm(state, "ana", move, 2_500)
    confirm(state, "bob", move, 3_000)
    closed = closed_turn(DUPLIKTA.close(state, 3_000))
    assert (closed["installed"], closed["criterion"]) == ("ana", "speed")
    ana, bob = closed["players"]["ana"], closed["players"]["bob"]
    assert (ana["confirm_ms"], bob["confirm_ms"]) == (1_500, 2_000)
    assert ana["bonuses"] == {"speed": 2}
    assert ana["points"] == bob["points"] + 2


# -- actions and their refusals ----------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        "H8 JOUR",
        {},
        {"turn": 1},
        {"turn": 1, "confirm": None, "why": "no"},
        {"turn": 1, "redraw": "A", "confirm": None},
        {"turn": 1, "exchange": "A"},
        {"turn": 1, "redraw": "A", "for": "E"},
        {"confirm": None},
        {"turn": True, "confirm": None},
        {"turn": 0, "confirm": None},
        {"turn": "1", "confirm": None},
        {"turn": 1, "confirm": 7},
        {"turn": 1, "confirm": None, "loupe": None},
        {"turn": 1, "redraw": ["A"]},
        {"turn": 1, "exchange": "A", "for": "E" * 101},
    ],
)
def test_a_malformed_action_is_refused(action: Any) -> None:
    state = start()
    refused(state, "bad_action", lambda: DUPLIKTA.act(state, "ana", action, 2_000), 2_000)


def test_actions_are_refused_when_the_game_cannot_take_them() -> None:
    state = new()
    pass_ = {"turn": 1, "confirm": None}
    refused(state, "not_open", lambda: DUPLIKTA.act(state, "ana", pass_, 0))
    DUPLIKTA.open_next(state, 1_000)
    refused(state, "not_seated", lambda: DUPLIKTA.act(state, "zed", pass_, 2_000), 2_000)
    second = {"turn": 2, "confirm": None}
    refused(state, "wrong_turn", lambda: DUPLIKTA.act(state, "ana", second, 2_000), 2_000)
    rack = rack_of(state, "ana")
    absent = next(letter for letter in "ZYXWKJQ" if letter not in rack)
    redraw = {"turn": 1, "redraw": absent}
    refused(state, "not_on_rack", lambda: DUPLIKTA.act(state, "ana", redraw, 2_000), 2_000)
    off = {"turn": 1, "confirm": "A1 " + opening(rack).split()[1]}
    code = "illegal_move:first_move_centre"
    refused(state, code, lambda: DUPLIKTA.act(state, "ana", off, 2_000), 2_000)
    garbled = {"turn": 1, "confirm": "H8"}
    refused(state, "bad_notation", lambda: DUPLIKTA.act(state, "ana", garbled, 2_000), 2_000)
    with_loupe = {"turn": 1, "confirm": opening(rack), "loupe": rack[-1]}
    refused(state, "loupe_with_move", lambda: DUPLIKTA.act(state, "ana", with_loupe, 2_000), 2_000)
    confirm(state, "ana", None, 2_000)
    refused(state, "already_confirmed", lambda: DUPLIKTA.act(state, "ana", pass_, 2_500), 2_500)
    confirm(state, "bob", None, 3_000)
    DUPLIKTA.close(state, 3_000)
    refused(state, "not_open", lambda: DUPLIKTA.act(state, "ana", second, 3_000), 3_000)


def test_a_request_at_the_loupe_is_told_to_its_player_alone() -> None:
    state = start(clock=60)
    rack = rack_of(state, "ana")
    others = [SPECTATOR, Viewer("bob"), Viewer("zed")]
    before = [DUPLIKTA.view(state, viewer, 2_000) for viewer in others]
    token = rack[0]
    wanted = "E" if token != "E" else "A"  # plenty of them left in the box
    bob_box = DUPLIKTA.view(state, Viewer("bob"), 2_000)["you"]["box"]
    outcome = DUPLIKTA.act(state, "ana", {"turn": 1, "exchange": token, "for": wanted}, 2_000)
    result = dict(outcome.result)
    assert result["exchange"] == {
        "kind": "exchange",
        "given": token,
        "wanted": wanted,
        "received": wanted,
        "cost": "1",
    }
    assert result["rack"] == rack_of(state, "ana") != rack
    assert (result["chances"], result["chances_text"]) == (8, "4")
    assert Counter(result["box"]) == Counter(bob_box) - Counter(wanted) + Counter(token)
    assert [event.public for event in outcome.events] == [None]
    assert seen(outcome.events, Viewer("ana")) == [("loupe", result)]
    assert [DUPLIKTA.view(state, viewer, 2_000) for viewer in others] == before
    you = DUPLIKTA.view(state, Viewer("ana"), 2_000)["you"]
    assert (you["rack"], you["chances"], you["box"]) == (result["rack"], 8, result["box"])
    assert you["exchanges"] == [result["exchange"]]
    # the public Chances are told at the close
    assert [p["chances"] for p in DUPLIKTA.view(state, SPECTATOR, 2_000)["players"]] == [10, 10]


def test_only_a_player_who_started_with_a_chance_sees_the_box() -> None:
    state = start(chances=0, handicaps=[0, 1])  # bob, the weaker, starts with 1 Chance
    ana = DUPLIKTA.view(state, Viewer("ana"), 2_000)["you"]
    bob = DUPLIKTA.view(state, Viewer("bob"), 2_000)["you"]
    assert (ana["sees_box"], ana["chances"], bob["sees_box"], bob["chances"]) == (False, 0, True, 2)
    assert ana["box"] == Bag.full(state.config.tiles, 0).contents()  # the whole token set
    assert state.game is not None
    assert bob["box"] == state.game.box.contents()
    assert len(bob["box"]) == 102 - 7
    assert DUPLIKTA.view(state, SPECTATOR, 2_000)["box_count"] == 95


def test_every_view_has_the_boards_premiums_and_the_token_set_played() -> None:
    """What a page draws of the rules comes from the rules (no copy in the page)."""
    custom = {
        "name": "mine",
        "letters": {"A": {"count": 30, "value": 1}, "Z": {"count": 30, "value": 7}},
    }
    for state in (new(), start(tiles="en"), new(tile_set=custom)):
        for viewer in viewers(state):
            view = DUPLIKTA.view(state, viewer, 2_000)
            assert len(view["board_layout"]) == 15
            assert (view["board_layout"][7][7], view["board_layout"][0][0]) == ("*", "T")
            assert view["token_set"] == state.config.tiles.to_mapping()
    assert DUPLIKTA.view(new(), SPECTATOR, 0)["token_set"]["letters"]["K"]["value"] == 10  # fr
    assert DUPLIKTA.view(start(tiles="en"), SPECTATOR, 0)["token_set"]["letters"]["K"]["value"] == 5
    assert (
        DUPLIKTA.view(new(tile_set=custom), SPECTATOR, 0)["token_set"]["letters"]["Z"]["value"] == 7
    )


def test_a_confirm_tells_only_that_the_player_confirmed() -> None:
    state = start(clock=60)
    move = opening(rack_of(state, "ana"))
    outcome = DUPLIKTA.act(state, "ana", {"turn": 1, "confirm": move}, 4_000)
    assert seen(outcome.events) == [("player_confirmed", {"turn": 1, "player": "ana"})]
    assert seen(outcome.events, Viewer("bob")) == seen(outcome.events)
    assert seen(outcome.events, Viewer("ana")) == [("confirmed", dict(outcome.result))]
    assert outcome.result["move"] == move
    assert DUPLIKTA.view(state, Viewer("ana"), 4_000)["you"]["confirm"] == {
        key: value for key, value in outcome.result.items() if key != "turn"
    }
    players = DUPLIKTA.view(state, SPECTATOR, 4_000)["players"]
    assert [p["confirmed"] for p in players] == [True, False]


def test_a_refused_move_is_known_only_at_the_close() -> None:
    move = opening(rack_of(start(), "ana"), 3)
    word = move.split()[1].upper()
    results = []
    for tools in (EVERY, refusing(word)):
        state = start(tools=tools, clock=60)
        outcome = DUPLIKTA.act(state, "ana", {"turn": 1, "confirm": move}, 2_000)
        results.append(dict(outcome.result))
        confirm(state, "bob", None, 3_000)
        ana = closed_turn(DUPLIKTA.close(state, 3_000))["players"]["ana"]
        assert (ana["accepted"], ana["unknown_words"]) == (
            (True, []) if tools is EVERY else (False, [word])
        )
    assert results[0] == results[1]  # the same answer, valid words or not
    assert "accepted" not in results[0]
    assert results[0]["score"] > 0


def test_a_pass_tells_its_cost_at_once() -> None:
    state = start()
    rack = rack_of(state, "ana")
    result = DUPLIKTA.act(
        state, "ana", {"turn": 1, "confirm": None, "loupe": rack[0], "returned": rack[1]}, 2_000
    ).result
    assert (result["move"], result["loupe"], result["returned"]) == (None, rack[0], rack[1])
    assert result["penalty"] >= 15  # at least 10 for the loupe and 5 for the returned token


# -- leaving, coming back, the end -------------------------------------------------------------


def test_a_player_who_leaves_keeps_their_points_and_passes_until_they_sit_again() -> None:
    state = start(clock=0)
    rack = rack_of(state, "ana")
    confirm(state, "bob", opening(rack), 2_000)
    assert DUPLIKTA.phase(state, 2_000).due_ms is None
    DUPLIKTA.leave(state, "ana", 3_000)  # the turn no longer waits for her
    phase = DUPLIKTA.phase(state, 3_000)
    assert (phase.actors, phase.due_ms) == (frozenset(), 3_000)
    refused(state, "not_seated", lambda: confirm(state, "ana", None, 3_000), 3_000)
    closed = closed_turn(DUPLIKTA.close(state, 3_000))
    assert closed["players"]["ana"]["move"] is None
    assert closed["installed"] == "bob"
    DUPLIKTA.open_next(state, 8_000)
    assert DUPLIKTA.phase(state, 8_000).actors == {"bob"}
    view = DUPLIKTA.view(state, SPECTATOR, 8_000)
    assert [p["present"] for p in view["players"]] == [False, True]
    refused(state, "table_full", lambda: DUPLIKTA.seat(state, "cyd", 8_000), 8_000)
    assert seen(DUPLIKTA.seat(state, "ana", 9_000)) == [
        ("player_joined", {"player": "ana", "seat": 0})
    ]
    assert DUPLIKTA.phase(state, 9_000).actors == {"ana", "bob"}  # back in time to play
    confirm(state, "ana", None, 9_500)
    DUPLIKTA.leave(state, "bob", 10_000)
    assert DUPLIKTA.phase(state, 10_000).due_ms == 10_000
    DUPLIKTA.close(state, 10_000)
    lines = {line.player: line for line in DUPLIKTA.standings(state)}
    assert lines["bob"].total == closed["totals"]["bob"] > 0
    assert lines["ana"].details["passes"] == 2


def test_a_player_back_after_the_other_confirmed_alone_is_too_late_for_the_turn() -> None:
    state = start(clock=0)
    DUPLIKTA.leave(state, "ana", 2_000)
    confirm(state, "bob", None, 3_000)
    DUPLIKTA.seat(state, "ana", 4_000)
    phase = DUPLIKTA.phase(state, 4_000)
    assert (phase.actors, phase.due_ms) == (frozenset(), 3_000)
    refused(state, "too_late", lambda: confirm(state, "ana", None, 4_000), 4_000)
    assert DUPLIKTA.view(state, Viewer("ana"), 4_000)["you"]["actor"] is False
    DUPLIKTA.close(state, 4_000)
    DUPLIKTA.open_next(state, 9_000)
    assert DUPLIKTA.phase(state, 9_000).actors == frozenset(PLAYERS)


def test_with_both_players_away_the_turns_pass_and_the_game_stalls() -> None:
    state = start(clock=0)
    DUPLIKTA.leave(state, "ana", 2_000)
    DUPLIKTA.leave(state, "bob", 2_000)
    now = 2_000
    for _ in range(3):
        assert DUPLIKTA.phase(state, now).due_ms == now
        events = DUPLIKTA.close(state, now)
        if state.stage is Stage.OVER:
            break
        now += REVEAL_MS
        DUPLIKTA.open_next(state, now)
        assert DUPLIKTA.phase(state, now).due_ms == now  # due at the deal
    assert state.stage is Stage.OVER
    over = dict(seen(events))["game_over"]
    assert over["end"] == "stalled"
    assert over["seed"] == SEED


def test_a_game_over_refuses_everything_and_tells_its_seed() -> None:
    state = start()
    now = 1_000
    for _ in range(3):
        confirm(state, "ana", None, now)
        confirm(state, "bob", None, now)
        DUPLIKTA.close(state, now)
        if state.stage is not Stage.OVER:
            DUPLIKTA.open_next(state, now)
    assert DUPLIKTA.phase(state, now) == DUPLIKTA.phase(state, now + 1)
    assert DUPLIKTA.phase(state, now).stage is Stage.OVER
    refused(state, "game_over", lambda: DUPLIKTA.open_next(state, now), now)
    refused(state, "game_over", lambda: DUPLIKTA.close(state, now), now)
    refused(state, "game_over", lambda: confirm(state, "ana", None, now), now)
    refused(state, "game_over", lambda: DUPLIKTA.seat(state, "cyd", now), now)
    refused(state, "game_over", lambda: DUPLIKTA.leave(state, "ana", now), now)
    view = DUPLIKTA.view(state, SPECTATOR, now)
    assert (view["seed"], view["end"], view["stage"]) == (SEED, "stalled", "over")
    assert view["sheet"][-1]["end"] == "stalled"
    # both kept the whole rack: each loses its value, nobody gains it
    first, second = DUPLIKTA.standings(state)
    assert (first.rank, second.rank, first.total) == (1, 1, second.total)
    assert first.total == first.details["adjustment"] <= 0


def test_equal_totals_share_a_rank() -> None:
    state = start()
    confirm(state, "ana", None, 2_000)
    confirm(state, "bob", None, 2_000)
    DUPLIKTA.close(state, 2_000)
    lines = DUPLIKTA.standings(state)
    assert [(line.rank, line.player, line.total) for line in lines] == [
        (1, "ana", 0),
        (1, "bob", 0),
    ]
    assert lines[0].details == {
        "seat": 0,
        "installed": 0,
        "bonuses": {},
        "refused": 0,
        "passes": 1,
        "penalties": 0,
        "adjustment": 0,
        "chances": 10,
        "against_best": 0,
    }


# -- random games --------------------------------------------------------------------------------


def attempt(state: DupliktaTable, player: str, chooser: random.Random) -> str | None:
    """A move of a few of ``player``'s tokens in a line by the board's (through the centre on
    an empty board), often legal, or ``None`` when none comes out."""
    game = state.game
    assert game is not None
    board = game.board
    tokens = list(game.rack_of(player))
    first = board.is_empty()
    if len(tokens) < (2 if first else 1):
        return None
    chooser.shuffle(tokens)
    count = chooser.randint(2 if first else 1, min(len(tokens), 4))
    letters = [chooser.choice(ascii_lowercase) if t == "?" else t for t in tokens[:count]]
    across = chooser.random() < 0.5
    if first:
        start_at = 7 - chooser.randrange(count)
        squares = [(7, start_at + i) if across else (start_at + i, 7) for i in range(count)]
    else:
        size = board.size
        anchors = [
            (row, col)
            for row in range(size)
            for col in range(size)
            if not board[row, col]
            and any(
                board.in_bounds(row + dr, col + dc) and board[row + dr, col + dc]
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            )
        ]
        row, col = chooser.choice(anchors)
        squares = []
        while len(squares) < count and board.in_bounds(row, col):
            if not board[row, col]:
                squares.append((row, col))
            row, col = (row, col + 1) if across else (row + 1, col)
    tiles = [(row, col, letter) for (row, col), letter in zip(squares, letters, strict=False)]
    try:
        return Move.from_tiles(board, tiles).notation()
    except ArbitreError:
        return None


def plan(
    state: DupliktaTable, chooser: random.Random, now: int
) -> tuple[int, str | None, Callable[[], tuple[Event, ...]]]:
    """A random next step of ``state`` after ``now``: its time, the player of an action
    (``None`` for another step) and the call that takes it. Actions are legal-ish: the rules
    may refuse some."""
    now += chooser.randrange(1, 3_000)
    stage = state.stage
    if stage is Stage.WAITING:
        return now, None, lambda: DUPLIKTA.open_next(state, now)
    away = sorted(state.absent)
    present = [p for p in state.seats if p not in state.absent]
    if away and chooser.random() < 0.3:
        back = chooser.choice(away)
        return now, None, lambda: DUPLIKTA.seat(state, back, now)
    if present and chooser.random() < 0.01:
        going = chooser.choice(present)
        return now, None, lambda: DUPLIKTA.leave(state, going, now)
    if chooser.random() < 0.03:
        delta = chooser.randrange(1, 60_000)

        def pause() -> tuple[Event, ...]:
            DUPLIKTA.shift(state, delta)
            return ()

        return now + delta, None, pause  # a pause: the session's clock goes on meanwhile
    if stage is Stage.BETWEEN:
        if state.next_ms is not None and chooser.random() < 0.8:
            now = max(now, state.next_ms)
        return now, None, lambda: DUPLIKTA.open_next(state, now)
    phase = DUPLIKTA.phase(state, now)
    deadline = phase.deadline_ms
    if deadline is not None and now < deadline and chooser.random() < 0.03:
        now = deadline
        phase = DUPLIKTA.phase(state, now)
    if not phase.actors:
        assert phase.due_ms is not None
        now = max(now, phase.due_ms)
        return now, None, lambda: DUPLIKTA.close(state, now)
    game = state.game
    assert game is not None
    player = chooser.choice(sorted(phase.actors))
    if chooser.random() < 0.03:
        player = chooser.choice([*PLAYERS, "zed"])  # perhaps not an actor
    turn = game.number if chooser.random() > 0.02 else game.number + 1
    rack = game.rack_of(player) if player in game.players else "E"
    token = chooser.choice(rack or "E")
    pick = chooser.random()
    action: dict[str, Any]
    if pick < 0.12:
        action = {"turn": turn, "redraw": token}
    elif pick < 0.25:
        action = {"turn": turn, "exchange": token, "for": chooser.choice("AEIKSTWZ?")}
    elif pick < 0.35:
        out = list(rack)
        chooser.shuffle(out)
        split = chooser.randrange(len(out) + 1)
        loupe = "".join(out[: chooser.randrange(split + 1)])
        action = {"turn": turn, "confirm": None, "loupe": loupe, "returned": "".join(out[split:])}
    else:
        move = None
        for _ in range(3):
            move = attempt(state, player, chooser) if player in game.players else None
            if move is not None:
                break
        if chooser.random() < 0.05:  # a move off the board's words, or off the rack
            move = f"{chooser.choice('AHO')}{chooser.randint(1, 15)} {rack[:3] or 'ZZ'}"
        action = {"turn": turn, "confirm": move}
    return now, player, lambda: DUPLIKTA.act(state, player, action, now).events


@dataclass(frozen=True)
class Taken:
    """A step taken by :func:`play`: its time, the player of an action (``None`` for another
    step), its events, or the code it was refused with."""

    now: int
    actor: str | None
    events: tuple[Event, ...]
    refused: str | None = None


def masked(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what another player's confirm may change: who has confirmed, and when
    the turn is due."""
    players = [{**line, "confirmed": None} for line in view["players"]]
    return {**view, "players": players, "due_ms": None}


def play(state: DupliktaTable, chooser: random.Random, *, now: int = 0, limit: int = 5_000) -> Any:
    """Play ``state`` to its end with random steps (:func:`plan`), yielding each step taken.

    Each action is checked on the way: refused, it changed nothing; taken, every other viewer
    sees the same game as before (but who confirmed, and when the turn is due) and its events
    tell them only that its player confirmed."""
    for _ in range(limit):
        if state.stage is Stage.OVER:
            return
        now, actor, call = plan(state, chooser, now)
        if actor is None:
            yield Taken(now, None, call())
            continue
        others = [SPECTATOR, *(Viewer(p) for p in state.seats if p != actor)]
        before = [masked(DUPLIKTA.view(state, v, now)) for v in others]
        saved = json.dumps(DUPLIKTA.save(state))
        try:
            events = call()
        except ActionRefusedError as error:
            assert json.dumps(DUPLIKTA.save(state)) == saved
            assert [masked(DUPLIKTA.view(state, v, now)) for v in others] == before
            yield Taken(now, actor, (), error.code)
            continue
        assert [masked(DUPLIKTA.view(state, v, now)) for v in others] == before
        for viewer in [*others, Viewer("zed")]:
            assert seen(events, viewer) in (
                [],
                [("player_confirmed", {"turn": state.number, "player": actor})],
            )
        yield Taken(now, actor, events)
    raise AssertionError("the game did not end")


def check_tokens(state: DupliktaTable) -> None:
    """The board, the box and the rack held are the token set, but for the mutations (and blanks
    lettered) of the moves installed; each player's own copy of an open turn too, with their
    own."""
    game = state.game
    if game is None:
        return
    expected = Counter(Bag.full(state.config.tiles, 0).contents())

    def mutate(counts: Counter[str], exchanges: Any) -> Counter[str]:
        counts = counts.copy()
        for done in exchanges:
            if done.kind in (ExchangeKind.MUTATION, ExchangeKind.LETTERED):
                counts[done.given] -= 1
                counts[done.wanted] += 1
        return counts

    for turn in game.turns:
        if turn.installed is not None:
            expected = mutate(expected, turn.side(turn.installed).exchanges)
    board = Counter("?" if t.islower() else t for row in game.board.rows() for t in row if t != ".")
    box = Counter(game.box.contents())
    if game.turn_open:
        assert board + box + Counter(game.rack) == expected
        for player in game.players:
            own = board + Counter(game.box_of(player)) + Counter(game.rack_of(player))
            assert own == mutate(expected, game.exchanges_of(player))
    else:
        held = game.turns[-1].reliquat if game.turns else ""
        assert board + box + Counter(held) == expected
    assert sum(expected.values()) == state.config.tiles.total


def told(state: DupliktaTable, taken: Taken) -> str:
    """Everything any client may read after ``taken``, as text."""
    now = taken.now
    parts = [json.dumps(DUPLIKTA.view(state, v, now)) for v in viewers(state)]
    parts += [json.dumps(seen(taken.events, v)) for v in viewers(state)]
    parts.append(json.dumps(DUPLIKTA.record(state)))
    return "\n".join(parts)


def check_replays(state: DupliktaTable, tools: Tools) -> None:
    """A finished game's record replays to the same record and standings."""
    record = DUPLIKTA.record(state)
    again = DUPLIKTA.replay(json.loads(json.dumps(record)), tools)
    assert DUPLIKTA.record(again) == record
    assert DUPLIKTA.standings(again) == DUPLIKTA.standings(state)


CONFIGS = st.fixed_dictionaries(
    {
        "tiles": st.sampled_from(["fr", SHORT]),
        "clock": st.sampled_from([0, 30, 120]),
        "chances": st.sampled_from([0, 1, 5]),
        "handicaps": st.lists(st.integers(0, 3), min_size=2, max_size=2),
    }
)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS, CHOICES, CONFIGS)
def test_random_games_keep_their_invariants(
    seed: int, chooser: random.Random, config: dict[str, Any]
) -> None:
    tools = Hashed()
    state = new(seed, tools=tools, **config)
    secret = str(seed)
    taken = None
    for taken in play(state, chooser):
        check_tokens(state)
        if state.stage is not Stage.OVER and chooser.random() < 0.2:
            assert secret not in told(state, taken)
        if chooser.random() < 0.03:
            assert snapshot(DUPLIKTA.load(DUPLIKTA.save(state), tools), taken.now) == snapshot(
                state, taken.now
            )
    assert taken is not None
    assert DUPLIKTA.view(state, SPECTATOR, taken.now)["seed"] == seed
    loaded = DUPLIKTA.load(json.loads(json.dumps(DUPLIKTA.save(state))), tools)
    assert snapshot(loaded, taken.now) == snapshot(state, taken.now)
    check_replays(state, tools)


# -- secrets, records, saving, shifting ----------------------------------------------------------


def test_no_view_and_no_event_tells_a_secret() -> None:
    state = new(clock=60, handicaps=[0, 0])
    steps: list[Taken] = [Taken(1_000, None, DUPLIKTA.open_next(state, 1_000))]
    rack = rack_of(state, "ana")
    spectator = DUPLIKTA.view(state, SPECTATOR, 1_000)
    assert (spectator["rack"], spectator["you"]) == (None, None)  # a kibitzer cannot coach
    assert DUPLIKTA.view(state, Viewer("zed"), 1_000) == spectator
    assert DUPLIKTA.view(state, Viewer("bob"), 1_000)["rack"] == rack
    token = rack[0]
    wanted = "E" if token != "E" else "A"
    exchange = {"turn": 1, "exchange": token, "for": wanted}
    steps.extend(play_actions(state, [("ana", exchange, 2_000)]))
    own = rack_of(state, "ana")
    assert own != rack
    ana_move = opening(rack_of(state, "ana"), 3)
    steps.extend(play_actions(state, [("ana", {"turn": 1, "confirm": ana_move}, 3_000)]))
    steps.extend(play_actions(state, [("bob", {"turn": 1, "redraw": rack[1]}, 4_000)]))
    bob_move = opening(rack_of(state, "bob"), 2, down=True)
    for viewer in (SPECTATOR, Viewer("bob")):
        text = json.dumps(DUPLIKTA.view(state, viewer, 4_000))
        assert ana_move not in text
        assert own not in text  # her own copy of the rack
    steps.extend(play_actions(state, [("bob", {"turn": 1, "confirm": bob_move}, 5_000)]))
    assert bob_move not in json.dumps(DUPLIKTA.view(state, Viewer("ana"), 5_000))
    record = json.dumps(DUPLIKTA.record(state))
    assert ana_move not in record
    assert bob_move not in record
    closed = Taken(5_000, None, DUPLIKTA.close(state, 5_000))
    for viewer in (SPECTATOR, Viewer("ana"), Viewer("bob")):
        text = json.dumps(DUPLIKTA.view(state, viewer, 5_000))
        assert ana_move in text
        assert bob_move in text
    steps.append(closed)
    secret = str(SEED)
    count = 0
    for taken in chain(steps, play(state, random.Random(3), now=5_000)):
        if state.stage is Stage.OVER:
            break
        count += 1
        assert secret not in told(state, taken)
        for viewer in viewers(state):
            you = DUPLIKTA.view(state, viewer, taken.now)["you"]
            if you is not None:  # the box in its canonical order, never the bag's
                assert you["box"] == "".join(sorted(you["box"], key=lambda t: (t == "?", t)))
    assert count > 100
    assert state.stage is Stage.OVER
    assert secret in json.dumps(DUPLIKTA.view(state, SPECTATOR, 10**9))


def play_actions(state: DupliktaTable, actions: list[tuple[str, dict[str, Any], int]]) -> Any:
    """Take ``actions`` (player, action, time) in turn, yielding each, checked as :func:`play`
    checks them."""
    for player, action, now in actions:
        others = [v for v in viewers(state) if v.player != player]
        before = [masked(DUPLIKTA.view(state, v, now)) for v in others]
        events = DUPLIKTA.act(state, player, action, now).events
        assert [masked(DUPLIKTA.view(state, v, now)) for v in others] == before
        yield Taken(now, player, events)


def finished_game(seed: int = SEED, chooser_seed: int = 5, **config: Any) -> DupliktaTable:
    state = new(seed, tools=Hashed(), **config)
    for _ in play(state, random.Random(chooser_seed)):
        pass
    return state


def test_the_record_of_a_finished_game_replays() -> None:
    state = finished_game(clock=30)
    record = DUPLIKTA.record(state)
    assert state.game is not None
    assert state.game.end is not None
    assert (record["seed"], record["over"], record["end"]) == (SEED, True, state.game.end.value)
    assert record["seats"] == list(PLAYERS)
    assert len(record["turns"]) == len(state.game.turns) > 10
    for turn in record["turns"]:
        assert set(turn) >= {"rack", "actions", "installed", "criterion", "points"}
        assert turn["deadline_ms"] == turn["dealt_ms"] + 30_000
        assert turn["dealt_ms"] <= turn["closed_ms"] <= turn["deadline_ms"]
    assert record["sheet"] == state.game.sheet()
    check_replays(state, Hashed())

    tampered = json.loads(json.dumps(record))
    tampered["turns"][0]["points"]["ana"] += 1
    with pytest.raises(BadRecordError, match="turn 1"):
        DUPLIKTA.replay(tampered, Hashed())
    tampered = json.loads(json.dumps(record))
    tampered["steps"][-1]["at_ms"] += 1
    with pytest.raises(BadRecordError, match="is not what its steps give"):
        DUPLIKTA.replay(tampered, Hashed())
    with pytest.raises(BadRecordError):
        DUPLIKTA.replay(record, EVERY)  # another lexicon judges other words
    with pytest.raises(BadRecordError, match="not a record"):
        DUPLIKTA.replay({**record, "kind": "duel"}, Hashed())
    with pytest.raises(BadRecordError, match="ends before the game does"):
        DUPLIKTA.replay({**record, "steps": record["steps"][:-1]}, Hashed())


def test_the_record_of_a_game_under_way_holds_no_seed_and_no_open_turn() -> None:
    state = start(clock=60)
    rack = rack_of(state, "ana")
    confirm(state, "ana", opening(rack), 2_000)
    record = DUPLIKTA.record(state)
    assert (record["seed"], record["over"], record["turns"]) == (None, False, [])
    assert [step["step"] for step in record["steps"]] == ["open"]
    with pytest.raises(BadRecordError, match="not over"):
        DUPLIKTA.replay(record, EVERY)
    confirm(state, "bob", None, 3_000)
    DUPLIKTA.close(state, 3_000)
    record = DUPLIKTA.record(state)
    assert [step["step"] for step in record["steps"]] == ["open", "act", "act", "close"]
    assert record["turns"][0]["actions"][0]["confirm"] == opening(rack)
    assert record["turns"][0]["dealt_ms"] == 1_000
    assert record["seed"] is None
    waiting = new(players=("ana",))
    assert DUPLIKTA.record(waiting)["totals"] == {"ana": 0}


def test_load_of_save_is_the_same_game_at_every_step() -> None:
    tools = Hashed()
    state = new(tools=tools, tiles=SHORT, clock=30, chances=1, handicaps=[2, 0])
    checked = 0
    for taken in play(state, random.Random(1)):
        if taken.refused is not None:
            continue
        saved = json.loads(json.dumps(DUPLIKTA.save(state)))
        assert str(SEED) in json.dumps(saved)  # the storage's, never a client's
        assert snapshot(DUPLIKTA.load(saved, tools), taken.now) == snapshot(state, taken.now)
        checked += 1
    assert checked > 100
    assert {step["step"] for step in state.steps} == {
        "seat",
        "leave",
        "open",
        "act",
        "close",
        "shift",
    }
    assert state.game is not None
    assert state.game.end is not None
    assert state.game.end.value == "out"
    with pytest.raises(BadStateError):
        DUPLIKTA.load({**DUPLIKTA.save(state), "turns": 0}, tools)
    with pytest.raises(BadStateError):
        DUPLIKTA.load({**DUPLIKTA.save(state), "version": 2}, tools)
    with pytest.raises(BadStateError, match="unknown step"):
        DUPLIKTA.load({**DUPLIKTA.save(state), "steps": [{"step": "jump"}]}, tools)


def test_a_shift_moves_the_open_turn_whole_and_the_next_opening() -> None:
    state = start(clock=60, now=1_000)
    DUPLIKTA.shift(state, 0)
    assert [step["step"] for step in state.steps] == ["open"]
    DUPLIKTA.shift(state, 20_000)  # a pause of 20 s
    phase = DUPLIKTA.phase(state, 30_000)
    assert (phase.deadline_ms, phase.due_ms) == (81_000, 81_000)
    view = DUPLIKTA.view(state, SPECTATOR, 30_000)
    assert view["clock"] == {
        "seconds": 60,
        "dealt_ms": 21_000,
        "deadline_ms": 81_000,
        "remaining_ms": 51_000,
    }
    assert confirm(state, "ana", None, 30_000)["ms"] == 9_000  # the time played only
    confirm(state, "bob", None, 31_000)
    DUPLIKTA.shift(state, 5_000)
    assert DUPLIKTA.phase(state, 31_000).due_ms == 36_000
    DUPLIKTA.close(state, 36_000)
    assert DUPLIKTA.phase(state, 36_000).next_ms == 36_000 + REVEAL_MS
    DUPLIKTA.shift(state, 7_000)
    assert DUPLIKTA.phase(state, 36_000).next_ms == 48_000
    record = DUPLIKTA.record(state)
    assert (record["turns"][0]["dealt_ms"], record["turns"][0]["closed_ms"]) == (26_000, 36_000)
    loaded = DUPLIKTA.load(DUPLIKTA.save(state), EVERY)
    assert snapshot(loaded, 40_000) == snapshot(state, 40_000)
    waiting = new()
    DUPLIKTA.shift(waiting, 5_000)
    assert waiting.steps == []
