"""Validate-and-score one move in the compiled core: the same verdict, words and points as the
rules (:func:`arbitre.engine.judge.judge`), and the same error for a move that cannot be played.

Positions come from seeded games played by the tops; moves are the generated ones, each also
corrupted (a letter changed, a blank added or removed, shifted, turned) to reach every rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.engine.judge import judge
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.movegen import MoveGenerator, PreparedBoard
from arbitre.rules import (
    DUPLICATE,
    FRENCH,
    ArbitreError,
    BadRackError,
    Board,
    IllegalMoveError,
    Move,
    Position,
    Rack,
    place,
)
from tests.boards import board_with


@cache
def french() -> Lexicon:
    return load_lexicon("fr")


@cache
def generator() -> MoveGenerator:
    return MoveGenerator(french())


@cache
def positions() -> list[tuple[Board, str]]:
    """Boards before each turn of three seeded games played by the tops, with their racks."""
    out: list[tuple[Board, str]] = []
    for seed in range(3):
        rng = random.Random(seed)
        bag = [info.letter for info in FRENCH.letters for _ in range(info.count)] + ["?", "?"]
        rng.shuffle(bag)
        board, rack = Board.empty(), ""
        for _ in range(14):
            while len(rack) < 7 and bag:
                rack += bag.pop()
            out.append((board.copy(), rack))
            top = generator().top(board, rack).top
            if top is None:
                break
            placement = place(board, top.move, FRENCH, DUPLICATE)
            board.apply(placement)
            left = list(rack)
            for tile in placement.rack_tiles:
                left.remove(tile)
            rack = "".join(left)
    return out


def variants(move: Move, rng: random.Random) -> list[Move]:
    """The move and a few corruptions of it that reach the other rules."""
    word, position = move.word, move.position
    index = rng.randrange(len(word))
    letter = rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    flipped = word[index].lower() if word[index].isupper() else word[index].upper()
    out = [
        move,
        Move(position, word[:index] + letter + word[index + 1 :]),
        Move(position, word[:index] + flipped + word[index + 1 :]),
        Move(position, word + letter),
        Move(Position(position.row, position.col, not position.horizontal), word),
    ]
    if position.col + 1 < 15:
        out.append(Move(Position(position.row, position.col + 1, position.horizontal), word))
    if position.row + 1 < 15:
        out.append(Move(Position(position.row + 1, position.col, position.horizontal), word))
    return out


def outcome(call: Callable[[], Any]) -> tuple[str, Any]:
    """``("ok", value)`` or ``("error", (type, reason, message))``."""
    try:
        return ("ok", call())
    except ArbitreError as error:
        return ("error", (type(error), getattr(error, "reason", None), str(error)))


def compare(board: Board, prepared: PreparedBoard, move: Move, rack: str | None) -> None:
    rack_value = None if rack is None else Rack.from_text(rack)
    expected = outcome(lambda: judge(board, move, FRENCH, DUPLICATE, french(), rack_value))
    got = outcome(lambda: prepared.evaluate(move, rack))
    assert got[0] == expected[0], (move, got, expected)
    if expected[0] == "error":
        assert got[1] == expected[1], move
        return
    judgement = expected[1]
    evaluation = got[1]
    assert evaluation.score == judgement.score.total, move
    assert evaluation.bonus == judgement.score.bonus, move
    assert evaluation.words == judgement.score.words, move
    assert evaluation.unknown_words == judgement.unknown_words, move
    assert evaluation.points == judgement.points, move
    assert evaluation.tiles == judgement.placement.tile_count, move
    assert evaluation.blanks == judgement.placement.blank_count, move


def test_generated_moves_and_their_corruptions_are_judged_as_the_rules_do() -> None:
    rng = random.Random(7)
    checked = 0
    for board, rack in positions():
        prepared = generator().prepare(board)
        moves = prepared.moves(rack)
        for generated in rng.sample(moves, min(12, len(moves))):
            for move in variants(generated.move, rng):
                compare(board, prepared, move, None)
                compare(board, prepared, move, rack)
                checked += 2
    assert checked > 2000


@settings(max_examples=300, deadline=None)
@given(
    index=st.integers(min_value=0),
    row=st.integers(0, 14),
    col=st.integers(0, 14),
    horizontal=st.booleans(),
    word=st.text(alphabet="AEISTRNLOUZXQKaesz", min_size=2, max_size=9),
)
def test_any_move_anywhere_is_judged_as_the_rules_do(
    index: int, row: int, col: int, horizontal: bool, word: str
) -> None:
    board, rack = positions()[index % len(positions())]
    move = Move(Position(row, col, horizontal), word)
    prepared = generator().prepare(board)
    compare(board, prepared, move, None)
    compare(board, prepared, move, rack)
    compare(board, prepared, move, rack.replace("?", "")[:5] + "??")


def test_an_unknown_word_scores_its_board_value_and_is_named() -> None:
    board = board_with((7, "...FABAcEE....."))
    evaluation = generator().evaluate(board, Move.from_notation("I4 ZZ"))
    assert evaluation.unknown_words == ("ZZ", "FZ", "AZ")
    assert evaluation.points == 0
    assert evaluation.score > 0
    assert not evaluation.in_lexicon


def test_the_rack_must_hold_the_new_tiles() -> None:
    with pytest.raises(IllegalMoveError) as caught:
        generator().evaluate(Board.empty(), Move.from_notation("H4 FABACEE"), "FABACEZ")
    assert caught.value.reason == "not_on_rack"
    ok = generator().evaluate(Board.empty(), Move.from_notation("H4 FABAcEE"), "FABA?EE")
    assert (ok.score, ok.bonus, ok.tiles, ok.blanks) == (80, 50, 7, 1)


def test_a_rack_the_set_cannot_give_is_refused() -> None:
    with pytest.raises(BadRackError):
        generator().evaluate(Board.empty(), Move.from_notation("H4 FABACEE"), "ZZ")


def test_the_first_move_rules_are_the_rules_module_s() -> None:
    for notation, reason in (("H1 FABACEE", "first_move_centre"), ("8D FABACEE", None)):
        with pytest.raises(IllegalMoveError) as caught:
            generator().evaluate(Board.empty(), Move.from_notation(notation))
        assert caught.value.reason == (reason or "first_move_direction")


def test_moves_with_words_carry_the_words_the_rules_find() -> None:
    board, rack = positions()[5]
    moves = generator().prepare(board).moves(rack, 40, with_words=True)
    assert moves
    for generated in moves:
        judgement = judge(board, generated.move, FRENCH, DUPLICATE, french())
        assert generated.words == judgement.score.words
    assert all(not generated.words for generated in generator().prepare(board).moves(rack, 5))
