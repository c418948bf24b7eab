"""The duplicate game engine, driven by the real referee (move generator and French lexicon).

Over 1,000 seeded games of the four variants: every rack meets its turn's minimum or was
recorded as a rejection; tiles are conserved (board + reliquat + bag = the tile set); the game
ends exactly when it should; every retained move is a top.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules import (
    BLANK,
    DuplicateGame,
    EndReason,
    GameConfig,
    GameStateError,
    Rack,
    Variant,
    pool_can_continue,
    preset,
)


@cache
def french() -> Lexicon:
    return load_lexicon("fr")


@cache
def referee(config: GameConfig) -> MoveGeneratorReferee:
    return MoveGeneratorReferee(french(), config)


def new_game(config: GameConfig, seed: int, players: tuple[str, ...] = ()) -> DuplicateGame:
    return DuplicateGame(config, seed, referee(config), players)


def tiles_in_play(game: DuplicateGame) -> Counter[str]:
    """Board tiles (a blank as ``?``), reliquat and bag."""
    board = Counter(BLANK if cell.islower() else cell for cell in game.board.cells if cell)
    return board + Counter(game.reliquat) + game.bag.counts()


def full_set(config: GameConfig) -> Counter[str]:
    tiles = Counter({info.letter: info.count for info in config.tiles.letters})
    tiles[BLANK] = config.tiles.blanks
    return +tiles


VARIANTS = [variant.value for variant in Variant]


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_thousand_games_keep_the_rules(variant: str) -> None:
    """250 games per variant: minimums, rejections, conservation, the end, and every retained
    move a top (its score is the best score of an independent all-moves search)."""
    config = preset("fisf").with_variant(variant)
    generator = MoveGenerator(french(), config.tiles, config.rules)
    expected_tiles = full_set(config)
    for seed in range(250):
        game = new_game(config, seed)
        while True:
            draw = game.start_turn()
            if draw is None:
                break
            top = game.current_top
            assert top is not None
            every = generator.prepare(game.board.copy()).solve(draw.rack, limit=0)
            assert top.score == every.top.best_score, (seed, draw)
            rack = Rack.from_text(draw.rack)
            vowels, consonants = draw.minimum or config.minimum(draw.turn)
            assert rack.satisfies_minimum(config.tiles, vowels, consonants), (seed, draw)
            assert len(draw.rack) <= config.rack_size
            for rejected in draw.rejected:
                assert len(rejected) <= config.rack_size
            if variant == "joker" and (BLANK in game.bag.contents() or BLANK in draw.kept):
                assert BLANK in draw.rack, (seed, draw)
            assert draw.turn == game.number
            game.close_turn()
            assert tiles_in_play(game) == expected_tiles, (seed, game.number)
        pool = game.reliquat + game.bag.contents()
        assert game.end in (EndReason.BAG, EndReason.NO_MOVE)
        if game.end is EndReason.BAG:
            assert not pool_can_continue(pool, config.tiles), (seed, pool)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_retained_move_is_a_top(variant: str) -> None:
    config = preset("fisf").with_variant(variant)
    generator = MoveGenerator(french(), config.tiles, config.rules)
    for seed in range(8):
        game = new_game(config, seed)
        while (draw := game.start_turn()) is not None:
            every = generator.prepare(game.board.copy()).solve(draw.rack, limit=0)
            top = game.current_top
            assert top is not None
            assert top.score == every.top.best_score
            assert top.move == every.top.top.move if every.top.top else False
            game.close_turn()


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    config = preset("fisf")
    first = [
        (turn.draw.notation, turn.top.move.notation()) for turn in new_game(config, 3).play_to_end()
    ]
    again = [
        (turn.draw.notation, turn.top.move.notation()) for turn in new_game(config, 3).play_to_end()
    ]
    other = [
        (turn.draw.notation, turn.top.move.notation()) for turn in new_game(config, 4).play_to_end()
    ]
    assert first == again
    assert first != other


def test_max_turns_ends_the_game_after_k_turns() -> None:
    game = new_game(preset("fisf", max_turns=10), 1)
    assert len(game.play_to_end()) == 10
    assert game.end is EndReason.MAX_TURNS
    assert game.start_turn() is None


def test_answers_are_judged_on_their_own_and_the_last_one_counts() -> None:
    game = new_game(preset("fisf"), 1, ("ana", "bob", "cyd", "dan", "eve"))
    game.play_turn()  # a first turn so that the board is not empty
    draw = game.start_turn()
    assert draw is not None
    top = game.current_top
    assert top is not None
    game.answer("ana", "H1 ZZZ")  # changed below: the last answer counts
    game.answer("ana", top.move.notation())
    game.answer("bob", "A1 QWXYZ")  # cannot be placed: not connected / not on the rack
    game.answer("cyd", "not a move")
    row, col = top.move.position.row, top.move.position.col
    played = game.close_turn()
    by_player = {answer.player: answer for answer in played.answers}
    assert by_player["ana"].points == top.score
    assert by_player["bob"].points == 0
    assert by_player["bob"].verdict.error_code
    assert by_player["cyd"].points == 0
    assert by_player["cyd"].verdict.error_code == "bad_notation"
    assert "dan" not in by_player
    assert game.board[row, col]
    standings = {standing.player: standing for standing in game.standings()}
    first_top = game.turns[0].top.score
    assert standings["ana"].total == top.score
    assert standings["ana"].negatif == -first_top
    assert standings["dan"].total == 0
    assert standings["ana"].rank == 1
    assert standings["bob"].rank == standings["dan"].rank == 2  # shared place


def test_an_unknown_word_scores_nothing() -> None:
    game = new_game(preset("fisf"), 2, ("ana",))
    draw = game.start_turn()
    assert draw is not None
    word = "".join(sorted(draw.rack.replace(BLANK, "")))[:3]
    game.answer("ana", f"H8 {word}")
    answer = game.close_turn().answers[0]
    assert answer.points == 0
    if answer.verdict.error_code is None:
        assert answer.verdict.unknown_words


def test_bad_actions_raise_and_change_nothing() -> None:
    game = new_game(preset("fisf"), 1, ("ana",))
    with pytest.raises(GameStateError):
        game.answer("ana", "H8 ZA")
    with pytest.raises(GameStateError):
        game.close_turn()
    game.start_turn()
    with pytest.raises(GameStateError):
        game.start_turn()
    with pytest.raises(GameStateError):
        game.answer("zed", "H8 ZA")
    with pytest.raises(GameStateError):
        game.answer("ana", "H8 " + "A" * 200)
    with pytest.raises(GameStateError):
        DuplicateGame(preset("fisf"), 1, referee(preset("fisf")), ("ana", "ana"))


def test_partie_joker_swaps_the_played_blank_for_the_real_letter() -> None:
    config = preset("fisf").with_variant(Variant.JOKER)
    swaps = 0
    for seed in range(10):
        game = new_game(config, seed)
        for turn in game.play_to_end():
            for letter in turn.swapped:
                swaps += 1
                assert letter.isupper()
            placed_blanks = sum(
                1 for cell in turn.top.move.word if cell.islower()
            )  # blanks written in the top (new or on the board)
            assert len(turn.swapped) <= placed_blanks
    assert swaps > 0


def test_a_lone_top_among_sixteen_players_is_a_solo() -> None:
    players = tuple(f"p{index:02d}" for index in range(16))
    game = new_game(preset("fisf"), 5, players)
    game.start_turn()
    top = game.current_top
    assert top is not None
    game.answer("p00", top.move.notation())
    game.close_turn()
    by_player = {standing.player: standing for standing in game.standings()}
    assert by_player["p00"].solos == 1
    assert by_player["p00"].total == top.score + game.config.solo_bonus
    assert by_player["p01"].total == 0


def test_a_played_joker_comes_back_and_the_real_letter_takes_its_square() -> None:
    """Seed 0, partie joker, turn 1: ?LYMAGQ, top H3 MYGALe, 52 = (M2 + Y10 x2 on H4 + G2 + A1
    + L1 + the blank 0 on H8) x2 for the centre. The E is in the bag: it replaces the blank on
    H8, the blank returns to the rack beside the Q, and the E counts 1 point in later words."""
    config = preset("fisf").with_variant(Variant.JOKER)
    game = new_game(config, 0)
    draw = game.start_turn()
    assert draw is not None
    assert draw.notation == "?LYMAGQ"
    top = game.current_top
    assert top is not None
    assert (top.move.notation(), top.score) == ("H3 MYGALe", 52)
    e_in_bag = game.bag.counts()["E"]
    played = game.close_turn()
    assert played.swapped == ("E",)
    assert game.board[7, 7] == "E"
    assert game.bag.counts()["E"] == e_in_bag - 1
    assert sorted(game.reliquat) == ["?", "Q"]
    assert tiles_in_play(game) == full_set(config)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_board_of_a_closed_turn_is_rebuilt_from_the_tops_before_it(variant: str) -> None:
    """``board_before`` gives the board each turn was played on, partie joker's swaps made
    again, for every closed turn; a turn that is not closed is refused."""
    config = preset("fisf", max_turns=12).with_variant(variant)
    for seed in (5, 6):
        game = new_game(config, seed)
        seen = []
        while game.start_turn() is not None:
            seen.append(game.board.rows())
            game.close_turn()
        assert [game.board_before(n).rows() for n in range(1, len(seen) + 1)] == seen
        for number in (0, len(seen) + 1):
            with pytest.raises(GameStateError):
                game.board_before(number)
