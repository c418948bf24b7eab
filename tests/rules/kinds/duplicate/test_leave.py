"""Players who leave a duplicate game: nobody waits for them (a turn is due as soon as every
other player answered), what they answered still counts, they stay in the standings; seated
again, they play on."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.rules.kinds.base import Phase, Setup, Stage, Viewer
from tests.rules.kinds.duplicate.games import (
    PLAYERS,
    SEED,
    duplicate,
    play_game,
    referee,
    refused,
    tops_of,
)

TURN_MS = 60_000
REVEAL_MS = 4_000
TRIO = ("ana", "bob", "cyd")


def new_state(players: tuple[str, ...] = PLAYERS) -> Any:
    game_kind = duplicate()
    config = game_kind.configure({"seconds_per_turn": 60, "reveal_seconds": 4})
    return game_kind.new_game(config, Setup("g1", SEED, players), referee(config.game))


def tops(state: Any) -> list[str]:
    return [top for _, top in tops_of(state.config.game, SEED)]


def test_leaving_closes_the_turn_early_when_the_others_answered() -> None:
    game_kind = duplicate()
    state = new_state()
    top = tops(state)
    game_kind.open_next(state, 0)
    game_kind.act(state, "ana", {"move": top[0]}, 1_000)
    assert game_kind.phase(state, 2_000).due_ms == TURN_MS  # bob is awaited
    assert game_kind.leave(state, "bob", 3_000) == ()
    # Due when bob left (ana had answered before); answers are taken until the deadline still.
    assert game_kind.phase(state, 3_000) == Phase(
        Stage.PLAYING, 1, frozenset({"ana"}), TURN_MS, 3_000
    )
    view = game_kind.view(state, Viewer.spectator(), 3_000)
    assert view["players"][1] == {"id": "bob", "answered": False, "left": True}
    assert view["answers"] == 1
    game_kind.close(state, 3_000)
    assert [(line.player, line.rank) for line in game_kind.standings(state)] == [
        ("ana", 1),
        ("bob", 2),
    ]
    # The next turn waits for ana alone: due at once when she answers.
    game_kind.open_next(state, 3_000 + REVEAL_MS)
    assert game_kind.phase(state, 7_000).actors == frozenset({"ana"})
    outcome = game_kind.act(state, "ana", {"move": top[1]}, 8_000)
    assert outcome.result["answers"] == 1
    (counted,) = outcome.events
    assert counted.public is not None
    assert dict(counted.public.data) == {"turn": 2, "answers": 1, "players": 1}
    assert game_kind.phase(state, 8_000).due_ms == 8_000


def test_a_turn_is_due_when_the_last_awaited_player_answers() -> None:
    """cyd leaves before ana answers: the turn is due when ana does, not when cyd left."""
    game_kind = duplicate()
    state = new_state(TRIO)
    top = tops(state)[0]
    game_kind.open_next(state, 0)
    game_kind.act(state, "bob", {"move": top}, 1_000)
    game_kind.leave(state, "cyd", 2_000)
    assert game_kind.phase(state, 2_000).due_ms == TURN_MS
    game_kind.act(state, "ana", {"move": top}, 5_000)
    assert game_kind.phase(state, 5_000).due_ms == 5_000


def test_what_a_leaver_answered_still_counts() -> None:
    game_kind = duplicate()
    state = new_state()
    top = tops(state)[0]
    game_kind.open_next(state, 0)
    game_kind.act(state, "bob", {"move": top}, 1_000)
    game_kind.leave(state, "bob", 2_000)
    view = game_kind.view(state, Viewer.spectator(), 2_000)
    assert view["players"][1] == {"id": "bob", "answered": True, "left": True}
    assert view["answers"] == 0  # of the players seated (ana)
    assert game_kind.phase(state, 2_000).due_ms == TURN_MS  # ana is awaited
    game_kind.close(state, TURN_MS)
    (answer,) = game_kind.view(state, Viewer.spectator(), TURN_MS)["reveal"]["answers"]
    assert (answer["player"], answer["top"]) == ("bob", True)
    lines = {line.player: line for line in game_kind.standings(state)}
    assert lines["bob"].rank == 1
    assert lines["bob"].total == answer["points"] > 0


def test_when_everyone_left_nothing_opens_until_someone_comes_back() -> None:
    game_kind = duplicate()
    state = new_state()
    top = tops(state)
    game_kind.open_next(state, 0)
    game_kind.act(state, "ana", {"move": top[0]}, 1_000)
    game_kind.leave(state, "ana", 2_000)
    game_kind.leave(state, "bob", 3_000)
    assert game_kind.phase(state, 3_000) == Phase(Stage.PLAYING, 1, frozenset(), TURN_MS, 3_000)
    game_kind.close(state, 3_000)
    assert game_kind.phase(state, 3_000) == Phase(Stage.BETWEEN, 1)  # nobody to play: no next_ms
    assert game_kind.view(state, Viewer.spectator(), 3_000)["next_ms"] is None
    refused("no_players", lambda: game_kind.open_next(state, 10_000), state)
    assert len(game_kind.seat(state, "ana", 20_000)) == 1  # she comes back, with her points
    assert game_kind.phase(state, 20_000).next_ms == 3_000 + REVEAL_MS
    game_kind.open_next(state, 20_000)
    assert game_kind.phase(state, 20_000).actors == frozenset({"ana"})
    game_kind.act(state, "ana", {"move": top[1]}, 21_000)
    game_kind.close(state, 21_000)
    (ana, bob) = game_kind.standings(state)
    assert (ana.player, ana.details["tops"], bob.player, bob.total) == ("ana", 2, "bob", 0)


def test_a_player_who_left_before_the_start_is_not_awaited() -> None:
    game_kind = duplicate()
    state = new_state()
    game_kind.leave(state, "bob", 0)
    game_kind.open_next(state, 10)
    assert game_kind.phase(state, 10).actors == frozenset({"ana"})
    game_kind.act(state, "ana", {"move": tops(state)[0]}, 20)
    assert game_kind.phase(state, 20).due_ms == 20


def test_leaving_is_refused_to_whoever_is_not_seated() -> None:
    game_kind = duplicate()
    state = new_state()
    top = tops(state)[0]
    refused("not_seated", lambda: game_kind.leave(state, "zed", 0), state)
    game_kind.open_next(state, 0)
    game_kind.leave(state, "bob", 10)
    refused("not_seated", lambda: game_kind.leave(state, "bob", 20), state)
    refused("not_seated", lambda: game_kind.act(state, "bob", {"move": top}, 20), state)
    over = play_game({"max_turns": 1})
    refused("game_over", lambda: game_kind.leave(over.state, "ana", over.end_ms), over.state)


@st.composite
def comings_and_goings(draw: st.DrawFn) -> list[tuple[int, str, str]]:
    """For each of ana, bob and cyd: an answer, a leave, both (in either order) or neither,
    at times within the turn; sorted by time."""
    steps = []
    for player in TRIO:
        for what in ("answer", "leave"):
            if draw(st.booleans()):
                steps.append((draw(st.integers(1, TURN_MS - 1)), player, what))
    return sorted(steps)


@settings(max_examples=40, deadline=None)
@given(comings_and_goings())
def test_a_turn_is_due_at_the_first_moment_nobody_is_awaited(
    steps: list[tuple[int, str, str]],
) -> None:
    """The due moment is the first of the times at which every player had answered or left
    (found here by trying each), else the deadline."""
    game_kind = duplicate()
    state = new_state(TRIO)
    top = tops(state)[0]
    game_kind.open_next(state, 0)
    done: dict[str, int] = {}  # player -> when they first answered or left
    for at, player, what in steps:
        if what == "answer" and player in state.left:
            continue  # refused: they left (checked above)
        if what == "answer":
            game_kind.act(state, player, {"move": top}, at)
        else:
            game_kind.leave(state, player, at)
        done.setdefault(player, at)
    moments = [at for at, _, _ in steps if all(done.get(p, TURN_MS) <= at for p in TRIO)]
    assert game_kind.phase(state, TURN_MS - 1).due_ms == min([TURN_MS, *moments])
    assert game_kind.phase(state, TURN_MS - 1).deadline_ms == TURN_MS
    seated = [player for player in TRIO if player not in state.left]
    view = game_kind.view(state, Viewer.spectator(), TURN_MS - 1)
    assert view["answers"] == sum(player in state.answered for player in seated)
    assert game_kind.phase(state, TURN_MS - 1).actors == frozenset(seated)
