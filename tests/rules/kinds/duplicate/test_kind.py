"""The duplicate kind through the Kind interface: a whole game with the real referee, its
phases, events and results against :class:`DuplicateGame` played directly; every refusal
leaves the state as it was."""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.game_config import preset
from arbitre.rules.game_record import top_record
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.base import (
    LISTED,
    ActionRefusedError,
    InvalidConfigError,
    Phase,
    Setup,
    Stage,
    Standing,
    Viewer,
)
from arbitre.rules.kinds.duplicate import DUPLICATE
from arbitre.rules.move import Move
from tests.rules.kinds.duplicate.games import (
    PLAYERS,
    SEED,
    START_MS,
    duplicate,
    lesser_move,
    play_game,
    referee,
    refused,
    tops_of,
)

TURN_MS = 60_000
REVEAL_MS = 4_000


def kind_standings(game: DuplicateGame) -> list[Standing]:
    return [
        Standing(
            line.rank,
            line.player,
            line.total,
            {
                "negatif": line.negatif,
                "percent_of_top": line.percent_of_top,
                "tops": line.tops,
                "solos": line.solos,
            },
        )
        for line in game.standings()
    ]


def new_state(config_data: dict[str, Any] | None = None, players: tuple[str, ...] = PLAYERS):
    game_kind = duplicate()
    config = game_kind.configure(config_data or {"seconds_per_turn": 60, "reveal_seconds": 4})
    return game_kind.new_game(config, Setup("g1", SEED, players), referee(config.game))


def test_the_registry_knows_the_kind() -> None:
    game_kind = kind("duplicate")
    assert game_kind is DUPLICATE
    assert (game_kind.name, game_kind.title) == ("duplicate", "Scrabble duplicate")
    assert (game_kind.min_seats, game_kind.max_seats) == (1, 20_000)


def test_a_whole_game_through_the_kind() -> None:
    """Every turn: ``turn_started`` with the tirage, bob's answers (the top, then a lesser
    move: the last counts), ana's top closing the turn early, the reveal, the reveal's pause;
    then ``game_over``. The standings are those of the same game played directly."""
    game_kind = duplicate()
    config = game_kind.configure({"seconds_per_turn": 60, "reveal_seconds": 4})
    rules = config.game
    state = game_kind.new_game(config, Setup("g1", SEED, PLAYERS), referee(rules))
    direct = DuplicateGame(rules, SEED, referee(rules), PLAYERS)
    tops = tops_of(rules, SEED)
    now = START_MS
    assert game_kind.phase(state, now) == Phase(Stage.WAITING, 0)
    for number, (rack, top) in enumerate(tops, start=1):
        (started,) = game_kind.open_next(state, now)
        assert started.public is not None
        assert started.private == {}
        assert started.public.type == "turn_started"
        assert dict(started.public.data) == {
            "turn": number,
            "rack": rack,
            "board": game_kind.view(state, Viewer.spectator(), now)["board"],
            "deadline_ms": now + TURN_MS,
        }
        deadline = now + TURN_MS
        assert game_kind.phase(state, now) == Phase(
            Stage.PLAYING, number, frozenset(PLAYERS), deadline, deadline
        )
        tiles = game_kind.view(state, Viewer("bob"), now)["tiles"]
        lesser = lesser_move(rules, started.public.data["board"], tiles) or top
        first = game_kind.act(state, "bob", {"move": top}, now + 1_000)
        assert first.result["answers"] == 1
        changed = game_kind.act(state, "bob", {"move": lesser, "turn": number}, now + 2_000)
        verdict = referee(rules).judge(direct.board, Move.from_notation(lesser), tiles)
        assert dict(changed.result) == {
            "turn": number,
            "move": lesser,
            "score": verdict.score,
            "answers": 1,
        }
        (counted,) = changed.events
        assert counted.public is not None
        assert (counted.public.type, dict(counted.public.data)) == (
            "answer_count",
            {"turn": number, "answers": 1, "players": 2},
        )
        assert game_kind.phase(state, now + 2_000).due_ms == deadline  # ana has not
        game_kind.act(state, "ana", {"move": top}, now + 2_500)
        # Everyone answered: due at once (bob first answered at +1000, ana at +2500); answers
        # are still taken until the deadline.
        assert game_kind.phase(state, now + 2_500) == Phase(
            Stage.PLAYING, number, frozenset(PLAYERS), deadline, now + 2_500
        )
        closed_at = now + 3_000
        (revealed,) = game_kind.close(state, closed_at)
        played = direct.play_turn([("ana", top), ("bob", lesser)])
        assert played is not None
        assert revealed.public is not None
        assert revealed.public.type == "turn_revealed"
        # The event says the turn, its top and how many answered; every answer is the view's.
        assert dict(revealed.public.data) == {
            "turn": number,
            "top": top_record(played.top),
            "answers": 2,
        }
        data = game_kind.view(state, Viewer.spectator(), closed_at)["reveal"]
        assert (data["number"], data["rack"], data["top"]["move"]) == (number, rack, top)
        points = {answer["player"]: answer["points"] for answer in data["answers"]}
        assert points == {answer.player: answer.points for answer in played.answers}
        assert {answer["player"]: answer["move"] for answer in data["answers"]} == {
            "ana": top,
            "bob": lesser,
        }
        assert game_kind.phase(state, closed_at) == Phase(
            Stage.BETWEEN, number, next_ms=closed_at + REVEAL_MS
        )
        assert game_kind.standings(state) == kind_standings(direct)
        now = closed_at + REVEAL_MS
    (over,) = game_kind.open_next(state, now)
    assert direct.start_turn() is None
    assert direct.end is not None
    assert over.public is not None
    assert (over.public.type, dict(over.public.data)) == ("game_over", {"reason": direct.end.value})
    assert game_kind.phase(state, now) == Phase(Stage.OVER, len(tops))
    standings = game_kind.standings(state)
    assert standings == kind_standings(direct)
    assert standings[0].player == "ana"
    assert standings[0].details["tops"] == len(tops)
    assert standings[0].details["negatif"] == 0


def test_a_short_game_ends_after_its_turns() -> None:
    played = play_game({"max_turns": 3, "reveal_seconds": 0})
    assert played.turns == 3
    assert played.events[-1].public is not None
    assert dict(played.events[-1].public.data) == {"reason": "max_turns"}
    assert duplicate().standings(played.state) == kind_standings(played.direct)


def test_without_a_reveal_the_next_turn_is_due_at_the_close() -> None:
    game_kind = duplicate()
    state = new_state({"reveal_seconds": 0})
    game_kind.open_next(state, 5)
    game_kind.close(state, 70)
    assert game_kind.phase(state, 70) == Phase(Stage.BETWEEN, 1, next_ms=70)


def test_nobody_acts_once_the_time_is_up() -> None:
    game_kind = duplicate()
    state = new_state()
    game_kind.open_next(state, 0)
    assert game_kind.phase(state, TURN_MS - 1).actors == frozenset(PLAYERS)
    assert game_kind.phase(state, TURN_MS) == Phase(Stage.PLAYING, 1, frozenset(), TURN_MS, TURN_MS)


def test_an_answer_with_an_unknown_word_is_kept_and_scores_nothing() -> None:
    """Its score on the board is told at once; that its word is not valid waits for the
    reveal (0 points)."""
    game_kind = duplicate()
    state = new_state()
    game_kind.open_next(state, 0)
    tiles = game_kind.view(state, Viewer("ana"), 0)["tiles"]
    word = tiles[:2] if tiles[0] != tiles[1] else tiles[1:3]  # two letters, almost never a word
    move = f"H8 {word.replace('?', 'E')}"
    verdict = referee(state.config.game).judge(state.game.board, Move.from_notation(move), tiles)
    if verdict.error_code is not None or verdict.points:
        pytest.skip("this seed's first two tiles make a word")
    outcome = game_kind.act(state, "ana", {"move": move}, 10)
    assert outcome.result["score"] == verdict.score > 0
    game_kind.close(state, 20)
    (answer,) = game_kind.view(state, Viewer.spectator(), 20)["reveal"]["answers"]
    assert (answer["points"], answer["unknown_words"]) == (0, [word.replace("?", "E")])


def test_a_late_player_may_answer_the_open_turn_and_scored_nothing_before() -> None:
    game_kind = duplicate()
    state = new_state({"seconds_per_turn": 60, "reveal_seconds": 4, "late_join": True})
    game_kind.open_next(state, 0)
    game_kind.close(state, 10)
    game_kind.open_next(state, 20)
    (joined,) = game_kind.seat(state, "cyd", 30)
    assert joined.public is not None
    assert (joined.public.type, dict(joined.public.data)) == (
        "player_joined",
        {"player": "cyd", "players": 3},
    )
    assert game_kind.phase(state, 30).actors == frozenset({"ana", "bob", "cyd"})
    top = tops_of(state.config.game, SEED)[1][1]
    game_kind.act(state, "cyd", {"move": top}, 40)
    game_kind.close(state, 50)
    lines = {line.player: line for line in game_kind.standings(state)}
    assert lines["cyd"].rank == 1
    assert lines["cyd"].details["tops"] == 1
    assert lines["cyd"].details["negatif"] == -state.game.turns[0].top.score


def test_a_simultane_tells_its_first_listed_joins_and_counts_the_others() -> None:
    """A simultané's first LISTED seatings are each told; past them a seating is a count the
    next one supersedes (throttled): every event goes to every player."""
    game_kind = duplicate()
    state = new_state({"seconds_per_turn": 60, "reveal_seconds": 4, "seats": 0}, players=())
    joined = [game_kind.seat(state, f"p{n}", n)[0] for n in range(LISTED + 2)]
    assert [event.throttled for event in joined] == [False] * LISTED + [True, True]
    told = [event.public.data for event in joined if event.public is not None]
    assert [data["players"] for data in told] == list(range(1, LISTED + 3))


def test_without_late_join_nobody_new_is_seated_once_started() -> None:
    game_kind = duplicate()
    state = new_state()
    game_kind.open_next(state, 0)
    refused("late_join_closed", lambda: game_kind.seat(state, "cyd", 10), state)
    game_kind.leave(state, "bob", 20)
    assert len(game_kind.seat(state, "bob", 30)) == 1  # who left may come back


def test_a_table_has_its_seats_and_starts_with_an_opponent() -> None:
    game_kind = duplicate()
    state = new_state({"seats": 3, "late_join": True}, players=("ana",))
    refused("not_enough_players", lambda: game_kind.open_next(state, 0), state)
    game_kind.seat(state, "bob", 0)
    game_kind.seat(state, "cyd", 0)
    refused("table_full", lambda: game_kind.seat(state, "dan", 0), state)
    assert game_kind.open_next(state, 0)
    for bad in ({"seats": 1}, {"seats": 7}, {"seats": True}, {"late_join": "yes"}):
        with pytest.raises(InvalidConfigError):
            game_kind.configure(bad)


def test_a_preset_is_the_base_its_settings_override() -> None:
    config = duplicate().configure({"name": "online", "max_turns": 5})
    assert config.game == preset("online", max_turns=5)
    assert duplicate().configure(duplicate().config_data(config)) == config


# -- refusals -----------------------------------------------------------------------------------


def test_refusals_change_nothing() -> None:
    game_kind = duplicate()
    state = new_state({"seconds_per_turn": 60, "reveal_seconds": 4, "late_join": True})
    rules = state.config.game
    top = tops_of(rules, SEED)[0][1]

    def answer(player: str, action: Any, now: int) -> Any:
        return lambda: game_kind.act(state, player, action, now)

    refused("not_started", answer("ana", {"move": top}, 0), state)
    refused("no_turn_open", lambda: game_kind.close(state, 0), state)
    game_kind.open_next(state, 0)
    game_kind.act(state, "bob", {"move": top}, 5)
    refused("turn_open", lambda: game_kind.open_next(state, 10), state)
    refused("not_seated", answer("zed", {"move": top}, 10), state)
    refused("too_late", answer("ana", {"move": top}, TURN_MS), state)
    refused("wrong_turn", answer("ana", {"move": top, "turn": 2}, 10), state)
    refused("wrong_turn", answer("ana", {"move": top, "turn": True}, 10), state)
    refused("bad_action", answer("ana", {"word": top}, 10), state)
    refused("bad_action", answer("ana", {"move": "   "}, 10), state)
    refused("bad_action", answer("ana", {"move": 7}, 10), state)
    refused("bad_notation", answer("ana", {"move": "Z99 MOT"}, 10), state)
    refused("bad_notation", answer("bob", {"move": "MOT"}, 10), state)  # bob keeps his top
    word = top.split()[1]
    refused("illegal_move", answer("ana", {"move": f"A1 {word}"}, 10), state, "first_move")
    refused("illegal_move", answer("ana", {"move": "H8 ZZZZ"}, 10), state, "not_on_rack")
    refused("already_seated", lambda: game_kind.seat(state, "ana", 10), state)
    refused("bad_player", lambda: game_kind.seat(state, "", 10), state)
    refused("bad_player", lambda: game_kind.seat(state, "x" * 101, 10), state)
    game_kind.close(state, 20)
    refused("turn_closed", answer("bob", {"move": top}, 30), state)
    (bob,) = [a for a in state.game.turns[0].answers if a.player == "bob"]
    assert bob.move == top  # the refused answers changed nothing


def test_after_the_end_everything_is_refused() -> None:
    game_kind = duplicate()
    played = play_game({"max_turns": 1})
    state = played.state
    refused("game_over", lambda: game_kind.open_next(state, played.end_ms), state)
    refused("game_over", lambda: game_kind.act(state, "ana", {"move": "H8 MOT"}, 0), state)
    refused("game_over", lambda: game_kind.seat(state, "cyd", 0), state)
    refused("no_turn_open", lambda: game_kind.close(state, 0), state)


def test_a_game_without_players_does_not_start() -> None:
    game_kind = duplicate()
    state = new_state(players=())
    refused("no_players", lambda: game_kind.open_next(state, 0), state)


def test_bad_rosters_are_refused() -> None:
    game_kind = duplicate()
    config = game_kind.configure({})
    with pytest.raises(ActionRefusedError) as raised:
        game_kind.new_game(config, Setup("g", 1, ("ana", "ana")), referee(config.game))
    assert raised.value.code == "bad_player"


def test_a_closed_turns_best_moves_are_found_on_the_board_it_was_played_on() -> None:
    game_kind = DUPLICATE
    state = new_state()
    rules = state.config.game
    game_kind.open_next(state, 0)
    refused("not_revealed", lambda: game_kind.best_moves(state, 1, 3, referee(rules)), state)
    game_kind.close(state, 10)
    game_kind.open_next(state, 20)
    game_kind.close(state, 30)
    for number in (1, 2):
        best = game_kind.best_moves(state, number, 3, referee(rules))
        played = state.game.turns[number - 1]
        assert len(best) == 3
        assert best[0] == (played.top.move.notation(), played.top.score)
        assert [points for _, points in best] == sorted((p for _, p in best), reverse=True)
    refused("no_such_turn", lambda: game_kind.best_moves(state, 0, 3, referee(rules)), state)
