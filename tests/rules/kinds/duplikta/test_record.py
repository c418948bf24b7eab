"""Whole seeded games played with the real referee (the move generator finds the moves, the
shipped French lexicon judges them), with exchanges, refused moves and passes, and their record
replayed to the same totals."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from arbitre.rules.board import Board
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.duplikta import (
    DupliktaConfig,
    DupliktaGame,
    game_record,
    replay,
)
from arbitre.rules.kinds.duplikta.record import RecordMismatchError
from arbitre.rules.kinds.duplikta.scoring import judge_move
from arbitre.rules.move import Move
from arbitre.rules.rack import Rack
from tests.rules.kinds.duplikta.samples import PLAYERS, french, referee

SEED = 5_306_118_274
CONFIGS = {
    "defaults": DupliktaConfig(),
    "no reversed words, a handicap": DupliktaConfig(
        clock_seconds=0, chances_halves=8, handicaps=(0, 3)
    ),
}


def moves_of(game: DupliktaGame, player: str) -> list[str]:
    """The legal moves of ``player``'s own rack, best first."""
    return [move.notation for move in referee().prepared(game.board).moves(game.rack_of(player))]


def refused_move(game: DupliktaGame, player: str, moves: list[str]) -> str | None:
    """A move that can be placed from ``player``'s rack but forms a word that is not valid."""
    rack = Rack(game.rack_of(player))
    config = game.config
    for notation in moves[:30]:
        move = Move.from_notation(notation)
        for word in (move.word[::-1], move.word[1:] + move.word[0]):
            try:
                verdict = judge_move(
                    game.board,
                    Move(move.position, word),
                    rack,
                    config.tiles,
                    referee().lexicon,
                    config.reversed_words,
                )
            except ArbitreError:  # this one cannot be placed
                continue
            if not verdict.accepted:
                return f"{move.position.notation()} {word}"
    return None


def play(config: DupliktaConfig, seed: int = SEED) -> DupliktaGame:
    """ana letters her blanks at the loupe (free), spends Chances now and then and plays her
    best move; bob plays a middling move, and every fourth turn a refused move, every seventh a
    pass with a token on the loupe and one back in the box."""
    game = DupliktaGame(config, seed, french(), PLAYERS)
    while game.deal() is not None:
        number = game.number
        for _ in range(game.rack_of("ana").count("?")):  # her blanks lettered, for free
            game.exchange("ana", "?", "E")
        if number % 3 == 0 and game.chances_of("ana") >= 1:
            game.redraw("ana", game.rack_of("ana")[0])
        if number % 5 == 1 and game.chances_of("ana") >= 2 and game.rack_of("ana")[-1] != "E":
            game.exchange("ana", game.rack_of("ana")[-1], "E")
        ms = 1_000 * (number % 50) if config.clock_on else None
        best = moves_of(game, "ana")
        game.confirm("ana", best[0] if best else None, ms)
        options = moves_of(game, "bob")
        rack = game.rack_of("bob")
        later = None if ms is None else ms + 500
        if number % 7 == 0 and len(rack) >= 2:
            game.confirm("bob", None, later, loupe=rack[0], returned=rack[1])
        elif number % 4 == 0 and (wrong := refused_move(game, "bob", options)) is not None:
            game.confirm("bob", wrong, later)
        else:
            game.confirm("bob", options[len(options) // 2] if options else None, later)
        turn = game.close_turn()
        # Tokens are neither made nor lost: a mutation changes a token's letter, not their
        # number, and the tokens a pass puts on the loupe leave only the passing player's copy,
        # which is never installed.
        on_board = sum(1 for cell in game.board.cells if cell)
        assert on_board + len(game.box) + len(turn.reliquat) == config.tiles.total
    return game


@pytest.fixture(scope="module", params=sorted(CONFIGS))
def played(request: pytest.FixtureRequest) -> DupliktaGame:
    return play(CONFIGS[request.param])


def test_a_whole_game_ends_and_uses_every_rule(played: DupliktaGame) -> None:
    assert played.over
    sides = [side for turn in played.turns for side in turn.sides]
    assert any(side.exchanges for side in sides)
    assert any(done.kind.value == "lettered" for side in sides for done in side.exchanges)
    assert any(side.passed and side.penalty for side in sides)
    assert any(not side.passed and not side.accepted for side in sides)
    criteria = Counter(turn.criterion.value for turn in played.turns)
    assert criteria["tiles"] > 0
    assert criteria["score"] > 0


def test_totals_are_the_points_of_the_turns_and_the_adjustment(played: DupliktaGame) -> None:
    totals = Counter(played.adjustment)
    for turn in played.turns:
        totals.update(turn.points)
    assert dict(totals) == played.totals()
    assert played.sheet()[-1]["totals"] == played.totals()


def test_the_record_replays_to_the_same_totals(played: DupliktaGame) -> None:
    record = json.loads(json.dumps(game_record(played)))
    again = replay(record, french())
    assert again.totals() == played.totals() == record["totals"]
    assert again.sheet() == played.sheet()
    assert again.board == played.board
    assert again.end is played.end


def test_no_move_from_the_shared_rack_scores_more_than_the_best(played: DupliktaGame) -> None:
    """The best move of each turn is the shared rack's highest score (the rules judge it on the
    board before the turn): a player who did not change their copy at the loupe never beats it;
    the sheet adds the points against it up."""
    config = played.config
    board = Board.empty()
    against = Counter[str]()

    def judged(move: str, rack: str) -> Any:
        return judge_move(
            board,
            Move.from_notation(move),
            Rack(rack),
            config.tiles,
            french().lexicon,
            config.reversed_words,
        )

    for turn in played.turns:
        assert turn.best.move is not None
        best = judged(turn.best.move, turn.rack)
        assert best.accepted
        assert best.score == turn.best.score
        for side in turn.sides:
            assert side.against_best == side.score - turn.best.score
            if not side.exchanges:
                assert side.against_best <= 0, (turn.number, side)
            against[side.player] += side.against_best
        if turn.installed is not None:
            installed = turn.side(turn.installed)
            assert installed.move is not None
            board.apply(judged(installed.move, installed.rack).placement)
    assert board == played.board
    assert any(side.against_best == 0 for turn in played.turns for side in turn.sides)
    last = [line for line in played.sheet() if "players" in line][-1]
    assert {p: last["players"][p]["against_best_total"] for p in PLAYERS} == dict(against)


def test_the_same_seed_plays_the_same_game() -> None:
    config = CONFIGS["defaults"]
    assert game_record(play(config)) == game_record(play(config))
    assert game_record(play(config, SEED + 1))["turns"] != game_record(play(config))["turns"]


def tampered(record: dict[str, Any], change: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(record))
    first = data["turns"][0]
    if change == "points":
        first["points"]["ana"] += 1
    elif change == "rack":
        data["seed"] += 1
    elif change == "action":
        first["actions"].append({"player": "ana", "shout": "hello"})
    elif change == "totals":
        data["totals"]["bob"] -= 1
    elif change == "end":
        data["end"] = None
    elif change == "kind":
        data["kind"] = "duplicate"
    elif change == "best":
        first["best"]["score"] += 1
    elif change == "confirm":
        first["actions"] = [
            {**action, "confirm": "A1 ZZZ"} if "confirm" in action else action
            for action in first["actions"]
        ]
    return data


@pytest.mark.parametrize(
    "change", ["points", "rack", "action", "totals", "end", "kind", "confirm", "best"]
)
def test_a_record_that_does_not_hold_together_is_refused(played: DupliktaGame, change: str) -> None:
    with pytest.raises(RecordMismatchError):
        replay(tampered(game_record(played), change), french())
