"""What each viewer of a duplicate game sees: while a turn is open, neither a spectator nor a
player sees its top, another player's answer, a tirage to come or the seed (each view, each
event and each result serialised and searched); the tirages to come are those of the game of
the tops from the same seed, found locally."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.rules.kinds.base import Event, Setup, Stage, Viewer
from tests.rules.kinds.duplicate.games import (
    PLAYERS,
    SEED,
    START_MS,
    duplicate,
    lesser_move,
    referee,
    seen,
    tops_of,
)

SPECTATOR = Viewer.spectator()
ANA, BOB, STRANGER = Viewer("ana"), Viewer("bob"), Viewer("zed")


def leaks(text: str, secrets: list[str]) -> list[str]:
    return [secret for secret in secrets if secret in text]


def look(
    game_kind: Any,
    state: Any,
    now: int,
    rack: str,
    hidden: list[str],
    answered: dict[str, str],
    events: list[Event],
) -> None:
    """Every viewer's view of the open turn and what they see of its ``events`` show the tirage
    ``rack``, their own answer, and nothing ``hidden`` (but their own answer) nor any other
    player's answer in ``answered``."""
    for viewer in (SPECTATOR, ANA, BOB, STRANGER):
        own = answered.get(viewer.player or "")
        others = [move for who, move in answered.items() if who != viewer.player]
        secrets = [*(secret for secret in hidden if secret != own), *others]
        view = game_kind.view(state, viewer, now)
        assert view["rack"] == rack
        assert leaks(json.dumps(view), secrets) == [], viewer
        assert leaks(seen(events, viewer), secrets) == [], viewer
        if own is not None:
            assert view["my_answer"]["move"] == own
        else:
            assert view["my_answer"] is None


def check_a_game(seed: int, config_data: dict[str, Any]) -> int:
    """Play ``seed``'s game (bob a lesser move, ana the top) and check every view, event and
    result while each turn is open; the number of turns played."""
    game_kind = duplicate()
    config = game_kind.configure(config_data)
    rules = config.game
    tops = tops_of(rules, seed)
    state = game_kind.new_game(config, Setup("g1", seed, PLAYERS), referee(rules))
    now = START_MS
    hidden = [str(seed), *(rack for rack, _ in tops)]  # before the start: every tirage
    for viewer in (SPECTATOR, ANA, BOB, STRANGER):
        text = json.dumps(game_kind.view(state, viewer, now))
        assert leaks(text, hidden) == [], viewer
    for number, (rack, top) in enumerate(tops, start=1):
        started = game_kind.open_next(state, now)
        later = [str(seed), *(later_rack for later_rack, _ in tops[number:])]
        tiles = game_kind.view(state, ANA, now)["tiles"]
        lesser = lesser_move(rules, game_kind.view(state, ANA, now)["board"], tiles, top)
        events: list[Event] = list(started)

        look(game_kind, state, now + 2_000, rack, [*later, top], {}, events)
        answered: dict[str, str] = {}
        if lesser is not None:
            outcome = game_kind.act(state, "bob", {"move": lesser}, now + 1_000)
            assert leaks(json.dumps(dict(outcome.result)), [*later, top]) == []
            events.extend(outcome.events)
            answered["bob"] = lesser
            look(game_kind, state, now + 2_000, rack, [*later, top], answered, events)
        outcome = game_kind.act(state, "ana", {"move": top}, now + 1_500)
        events.extend(outcome.events)
        answered["ana"] = top
        look(game_kind, state, now + 2_000, rack, [*later, top], answered, events)
        (revealed,) = game_kind.close(state, now + 3_000)
        assert revealed.public is not None
        assert revealed.public.data["top"]["move"] == top
        # Closed: the top and every answer are public now; the tirages to come still are not.
        view = game_kind.view(state, SPECTATOR, now + 3_000)
        assert view["reveal"]["top"]["move"] == top
        assert leaks(json.dumps(view), later) == []
        assert leaks(seen([revealed], SPECTATOR), later) == []
        now += 3_000 + config.reveal_ms
    game_kind.open_next(state, now)
    assert game_kind.phase(state, now).stage is Stage.OVER
    return len(tops)


def test_nothing_hidden_shows_in_a_whole_game() -> None:
    assert check_a_game(SEED, {"reveal_seconds": 2}) > 10


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=10**12, max_value=2**62))  # long enough to be found only as itself
def test_nothing_hidden_shows_whatever_the_seed(seed: int) -> None:
    assert check_a_game(seed, {"max_turns": 3}) == 3


def test_a_view_says_where_the_game_is() -> None:
    game_kind = duplicate()
    config = game_kind.configure({"seconds_per_turn": 30, "reveal_seconds": 5})
    state = game_kind.new_game(config, Setup("g7", SEED, PLAYERS), referee(config.game))
    waiting = game_kind.view(state, ANA, 0)
    assert (waiting["kind"], waiting["game_id"], waiting["stage"], waiting["turn"]) == (
        "duplicate",
        "g7",
        "waiting",
        0,
    )
    assert waiting["config"] == game_kind.config_data(config)
    assert [line["total"] for line in waiting["standings"]] == [0, 0]
    game_kind.open_next(state, 1_000)
    playing = game_kind.view(state, SPECTATOR, 11_000)
    assert (playing["stage"], playing["turn"], playing["deadline_ms"]) == ("playing", 1, 31_000)
    assert (playing["remaining_ms"], playing["answers"]) == (20_000, 0)
    assert playing["players"] == [
        {"id": "ana", "answered": False, "left": False},
        {"id": "bob", "answered": False, "left": False},
    ]
    top = tops_of(config.game, SEED)[0][1]
    game_kind.act(state, "ana", {"move": top}, 12_000)
    playing = game_kind.view(state, BOB, 12_000)
    assert playing["players"][0] == {"id": "ana", "answered": True, "left": False}
    assert playing["my_answer"] is None
    game_kind.close(state, 20_000)
    between = game_kind.view(state, BOB, 21_000)
    assert (between["stage"], between["turn"], between["next_ms"]) == ("between", 1, 25_000)
    assert between["rack"] is None
    assert between["deadline_ms"] is None
    (closed,) = between["turns"]
    assert closed["top"]["move"] == top
    assert closed["points"] == {"ana": closed["top"]["score"], "bob": 0}
    assert between["top_total"] == closed["top"]["score"]
    assert [line["player"] for line in between["standings"]] == ["ana", "bob"]
