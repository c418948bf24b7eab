"""dupliKta's moves (arbitre.engine.duplikta_moves): the move generator scores every move as the
dupliKta rules do (a blank worth its letter on the board and in a move, a custom token set's
values, +50 for 7 tokens) on many positions of seeded games; it finds the moves the classic
generator finds, vertical first moves included; with reversed words it finds every move whose
words are valid either way, and only those; the best move is the highest score."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

import pytest

from arbitre.engine.duplikta_moves import DupliktaMoves, moves_for
from arbitre.engine.kind_tools import Words
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.rules.board import Board
from arbitre.rules.kinds.duplikta import DupliktaConfig, DupliktaGame
from arbitre.rules.kinds.duplikta.config import RULES, configure
from arbitre.rules.kinds.duplikta.scoring import judge_move, token_values
from arbitre.rules.move import Move
from arbitre.rules.rack import Rack
from arbitre.rules.tiles import FRENCH, TileSet


@cache
def french() -> Lexicon:
    return load_lexicon("fr")


def custom_set() -> TileSet:
    """60 tokens: 12 blanks worth 3, odd values, no K, W, X, Y or Z (their blanks keep the French
    values)."""
    letters = {
        letter: {"count": count, "value": value}
        for letter, count, value in (
            ("A", 5, 2), ("B", 1, 6), ("C", 2, 5), ("D", 2, 4), ("E", 8, 1), ("F", 1, 7),
            ("G", 1, 5), ("H", 1, 9), ("I", 4, 2), ("J", 1, 12), ("L", 2, 3), ("M", 2, 4),
            ("N", 3, 2), ("O", 3, 3), ("P", 1, 6), ("Q", 1, 15), ("R", 3, 1), ("S", 3, 1),
            ("T", 3, 2), ("U", 2, 3), ("V", 1, 8),
        )
    }  # fmt: skip
    data = {"name": "mine", "language": "fr", "letters": letters, "blanks": 12, "blank_value": 3}
    return configure({"tile_set": data}).tiles


TILE_SETS = {"french": FRENCH, "custom": custom_set()}


def positions(tiles: TileSet, seed: int, turns: int) -> Iterator[tuple[Board, str]]:
    """The board and shared rack of each turn of a seeded game whose best moves are played (a
    board with blanks on it, with a set of many blanks)."""
    words = Words(french())
    moves = words.moves(tiles)
    game = DupliktaGame(DupliktaConfig(tiles=tiles, clock_seconds=0), seed, words, ("a", "b"))
    for _ in range(turns):
        rack = game.deal()
        if rack is None:
            return
        yield game.board.copy(), rack
        best = moves.best(game.board, rack)
        game.confirm("a", best)
        game.confirm("b", None)
        game.close_turn()


def judged(board: Board, notation: str, rack: str, tiles: TileSet, reversed_words: bool = False):
    move = Move.from_notation(notation, size=board.size)
    return judge_move(board, move, Rack(rack), tiles, french(), reversed_words)


@pytest.mark.parametrize("name", sorted(TILE_SETS))
def test_every_move_scores_as_the_rules_score_it_on_many_positions(name: str) -> None:
    tiles = TILE_SETS[name]
    moves = moves_for(french(), tiles)
    checked = blanks_on_board = 0
    for seed in range(3):
        for board, rack in positions(tiles, seed, 14):
            blanks_on_board += any(cell.islower() for cell in board.cells)
            found = moves.robot_moves(board, rack, 0, False).moves
            sample = random.Random(seed).sample(found, min(60, len(found))) + list(found[:5])
            for move in sample:
                verdict = judged(board, move.notation, rack, tiles)
                assert verdict.accepted, move
                assert (verdict.score, verdict.tiles) == (move.score, move.tiles), move
                checked += 1
    assert checked > 2_000
    assert blanks_on_board  # board blanks, worth their letters, were scored too


def test_a_blank_is_worth_its_letter_on_the_board_and_in_the_move() -> None:
    """Hand-checked: a blank K on H8 and an E on H9 (KE), then KAKI down column 8 from it."""
    tiles = TILE_SETS["custom"]  # K is not in the set: a blank standing for it is worth 10
    lexicon = Lexicon.from_words(["KAKI", "KE"])
    board = Board.empty()
    board.put([(7, 7, "k"), (7, 8, "E")])
    found = {
        m.notation: m.score
        for m in moves_for(lexicon, tiles).robot_moves(board, "A?I", 0, False).moves
    }
    # 8H kAkI: the board's blank k (10), A (2, I8: no premium), a blank k (10, J8), I (2, K8);
    # no premium, no cross word: 24; the classic generator counts each blank 3 (the set's value)
    assert found["8H kAkI"] == 10 + 2 + 10 + 2
    assert found["9G kE"] == 10 * 2 + 1  # a blank K on G9 (double letter) over the E
    assert judged(board, "8H kAkI", "A?I", tiles).score == 24
    classic = MoveGenerator(lexicon, token_values(tiles).scoring_tiles, RULES)
    assert classic.prepare(board).evaluate(Move.from_notation("8H kAkI")).score == 3 + 2 + 3 + 2


def test_its_moves_are_the_classic_generators_with_vertical_first_moves() -> None:
    tiles = FRENCH
    moves = moves_for(french(), tiles)
    classic = MoveGenerator(french(), tiles, RULES)
    for board, rack in positions(tiles, 4, 6):
        ours = {m.notation for m in moves.robot_moves(board, rack, 0, False).moves}
        theirs = {m.notation for m in classic.prepare(board).moves(rack)}
        assert ours == theirs
        if not board.tile_count:
            assert any(not Move.from_notation(n).position.horizontal for n in ours)


def test_with_reversed_words_every_move_is_valid_either_way_and_none_is_missed() -> None:
    lexicon = Lexicon.from_words(["JOUR", "LA", "AS", "SAL"])
    forward = moves_for(lexicon, FRENCH)
    both = moves_for(lexicon, FRENCH, reversed_words=True)
    board = Board.empty()
    found = {m.notation: m.score for m in both.robot_moves(board, "RUOJLAS", 0, False).moves}
    assert "H5 RUOJ" in found
    assert "H8 RUOJ" in found
    assert "H8 LA" in found
    assert "H7 AL" in found
    assert set(forward.robot_moves(board, "RUOJLAS", 0, False).moves) <= set(
        both.robot_moves(board, "RUOJLAS", 0, False).moves
    )
    real = moves_for(french(), FRENCH, reversed_words=True)
    for board, rack in positions(FRENCH, 5, 8):
        listed = real.robot_moves(board, rack, 0, False).moves
        for move in listed[:: max(1, len(listed) // 80)]:
            verdict = judged(board, move.notation, rack, FRENCH, reversed_words=True)
            assert verdict.accepted, move
            assert verdict.score == move.score, move


def test_the_best_move_is_the_highest_score_and_none_without_a_move() -> None:
    moves = moves_for(french(), FRENCH)
    for board, rack in positions(FRENCH, 6, 6):
        best = moves.best(board, rack)
        assert best is not None
        top = max(m.score for m in moves.robot_moves(board, rack, 0, False).moves)
        assert judged(board, best, rack, FRENCH).score == top
    assert moves.best(Board.empty(), "") is None
    assert moves_for(Lexicon.from_words(["JOUR"]), FRENCH).best(Board.empty(), "XYZ") is None


def test_moves_are_made_once_per_lexicon_token_set_and_reversed_words() -> None:
    assert moves_for(french(), FRENCH) is moves_for(french(), FRENCH)
    assert moves_for(french(), FRENCH) is not moves_for(french(), TILE_SETS["custom"])
    made = DupliktaMoves(Lexicon.from_words(["JOUR"]), FRENCH)
    board = Board.empty()
    assert made.prepared(board) is made.prepared(Board.empty())
    prepared = made.prepared(board)
    board.put([(7, 7, "J")])
    assert made.prepared(board) is not prepared  # another board, prepared on its own
