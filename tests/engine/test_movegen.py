"""Behaviour of arbitre.engine.movegen: every move of real positions is legal and scored as the
rules score it, the recorded moves are found, the top and its tie-break, the empty board, what
counts as one move, "7 et 8", bad racks and boards, other layouts, and threads.

Real positions come from the recorded games of tests/data/corpus, replayed move by move by
:func:`tests.corpus.replay`: every French game (duplicate, "7 sur 8" and classic) and one
English game in eight, each position with the rack recorded for it.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.movegen import (
    TIE_BREAK_KEYS,
    GeneratedMove,
    MoveGenerator,
    PreparedBoard,
    Solution,
    TieBreak,
    Top,
)
from arbitre.rules import (
    CLASSIC,
    DUPLICATE,
    FRENCH,
    SEVEN_AMONG_EIGHT,
    SEVEN_AND_EIGHT,
    ArbitreError,
    BadRackError,
    Board,
    BoardLayout,
    LetterInfo,
    Move,
    Position,
    Rack,
    TileSet,
    UnknownLetterError,
    place,
    score_move,
    tile_set,
)
from tests.boards import board_with
from tests.corpus import GAMES, game_id, replay, rules_for, with_blanks
from tests.engine.brute_force import BruteMove, NewTiles, preference

FRENCH_GAMES = [(index, game) for index, game in enumerate(GAMES) if game["language"] == "fr"]
ENGLISH_GAMES = [(index, game) for index, game in enumerate(GAMES) if game["language"] == "en"]
DUPLICATE_GAMES = [(index, game) for index, game in FRENCH_GAMES if game["variant"] == "duplicate"]
#: The games replayed: every French game and one English game in eight (the English games are
#: many and long; the golden file holds positions of others).
CHECKED_GAMES = FRENCH_GAMES + ENGLISH_GAMES[::8]


def games(selected: list[tuple[int, dict[str, Any]]]) -> pytest.MarkDecorator:
    """Parametrize a test by the ``game`` of each of ``selected``, named after it."""
    return pytest.mark.parametrize(
        "game", [game for _, game in selected], ids=[game_id(i, game) for i, game in selected]
    )


@pytest.fixture(scope="module")
def lexicons() -> dict[str, Lexicon]:
    return {language: load_lexicon(language) for language in ("fr", "en")}


@pytest.fixture(scope="module")
def french(lexicons: dict[str, Lexicon]) -> Lexicon:
    return lexicons["fr"]


def new_tiles(board: Board, move: Move, generator: MoveGenerator) -> NewTiles:
    """What identifies ``move`` on ``board``: its new tiles."""
    return frozenset(place(board, move, generator.tiles, generator.rules).new_tiles)


# -- real positions ---------------------------------------------------------------------------


@games(CHECKED_GAMES)
def test_every_move_of_a_real_position_is_legal_scored_and_known(game, lexicons):
    tiles = tile_set(game["language"])
    rules = rules_for(game)
    lexicon = lexicons[game["language"]]
    generator = MoveGenerator(lexicon, tiles, rules)
    for turn in replay(game):
        rack = Rack.from_text(turn.rack)
        prepared = generator.prepare(turn.board)
        moves = prepared.moves(turn.rack)
        found: dict[NewTiles, GeneratedMove] = {}
        for generated in moves:
            placement, result = score_move(turn.board, generated.move, tiles, rules, rack)
            assert result.total == generated.score, f"{turn.label}: {generated}"
            assert generated.tiles == placement.tile_count, f"{turn.label}: {generated}"
            assert generated.blanks == placement.blank_count, f"{turn.label}: {generated}"
            unknown = [word.word for word in placement.words if word.word not in lexicon]
            assert not unknown, f"{turn.label}: {generated.notation} forms {unknown}"
            key: NewTiles = frozenset(placement.new_tiles)
            assert key not in found, f"{turn.label}: {generated} and {found[key]}"
            found[key] = generated
        assert prepared.count(turn.rack) == len(moves)
        assert prepared.has_move(turn.rack) == bool(moves)
        top = prepared.top(turn.rack)
        assert top.best_score == (moves[0].score if moves else 0), turn.label

        recorded = place(turn.board, turn.move, tiles, rules, rack)
        if all(word.word in lexicon for word in recorded.words):
            key = frozenset(recorded.new_tiles)
            assert key in found, f"{turn.label}: the recorded move is not generated"
            assert found[key].score == turn.score, turn.label
            assert top.best_score >= turn.score, turn.label


@games(DUPLICATE_GAMES)
def test_top_solve_and_limits_agree_with_the_moves(game, lexicons):
    tiles = tile_set(game["language"])
    rules = rules_for(game)
    lexicon = lexicons[game["language"]]
    generator = MoveGenerator(lexicon, tiles, rules)
    for turn in replay(game):
        prepared = generator.prepare(turn.board)
        moves = prepared.moves(turn.rack)
        top = prepared.top(turn.rack)
        best = [one for one in moves if moves and one.score == moves[0].score]
        assert top.best_moves == tuple(best), turn.label
        assert top.top == TieBreak().choose(best), turn.label
        solution = prepared.solve(turn.rack)
        assert solution.top == top, turn.label
        assert solution.moves == tuple(moves), turn.label
        assert prepared.moves(turn.rack, limit=10) == moves[:10]
        assert generator.moves(turn.board, turn.rack, limit=3) == moves[:3]
        assert generator.top(turn.board, Rack.from_text(turn.rack)) == top
        assert solution.n_moves == len(moves), turn.label
        assert prepared.solve(turn.rack, limit=5) == Solution(top, len(moves), tuple(moves[:5]))


# -- the top and its tie-break ----------------------------------------------------------------


def as_brute(generated: GeneratedMove) -> BruteMove:
    return BruteMove(generated.move, generated.score, generated.tiles, generated.blanks)


#: Letters all worth 1 and a blank worth 1: a blank ties with the letter it replaces.
FLAT = TileSet(
    "flat",
    tuple(LetterInfo(letter, 20, 1, vowel=letter == "A") for letter in "ABC"),
    2,
    blank_value=1,
)


def flat_top(tie_break: TieBreak) -> Top:
    generator = MoveGenerator(Lexicon.from_words(["AB", "ABC"]), FLAT, DUPLICATE, tie_break)
    return generator.top(Board.empty(), "ABC?")


def test_every_tied_best_move_is_listed_in_reading_order():
    top = flat_top(TieBreak())
    # ABC through H8 from H6, H7 or H8, each with real tiles or a blank for one of the letters
    assert top.best_score == 6
    assert [one.notation for one in top.best_moves] == [
        f"{start} {word}" for start in ("H6", "H7", "H8") for word in ("ABC", "ABc", "AbC", "aBC")
    ]


def test_the_default_tie_break_prefers_fewer_blanks_then_more_tiles_then_reading_order():
    assert TieBreak().keys == ("fewest_blanks", "most_tiles", "reading_order")
    top = flat_top(TieBreak())
    assert top.top is not None
    assert top.top.notation == "H6 ABC"


@pytest.mark.parametrize(
    ("keys", "chosen"),
    [
        (("most_blanks",), "H6 ABc"),
        (("most_blanks", "reading_order"), "H6 ABc"),
        ("most_blanks,alphabetical", "H6 ABc"),
        (("alphabetical",), "H6 ABC"),
        (("fewest_blanks",), "H6 ABC"),
        ((), "H6 ABC"),
    ],
)
def test_custom_tie_breaks(keys, chosen):
    tie_break = TieBreak.parse(keys)
    top = flat_top(tie_break)
    assert top.top is not None
    assert top.top.notation == chosen
    assert top.best_moves == flat_top(TieBreak()).best_moves  # only the choice changes


@pytest.mark.parametrize(
    "keys",
    [
        ("fewest_tiles",),
        ("most_tiles",),
        ("alphabetical", "fewest_blanks"),
        ("most_blanks", "fewest_tiles", "alphabetical"),
        tuple(reversed(list(TIE_BREAK_KEYS))),
    ],
)
def test_tie_breaks_on_real_positions(keys, french):
    """The choice among the tied best moves follows the keys as documented (read
    independently by :func:`tests.engine.brute_force.preference`)."""
    generator = MoveGenerator(french, tie_break=TieBreak(keys))
    game = GAMES[0]
    for turn in replay(game):
        for rack in (turn.rack, with_blanks(turn.rack, 2)):
            top = generator.top(turn.board, rack)
            key = preference(keys)
            chosen = min(top.best_moves, key=lambda one: key(as_brute(one)))
            assert top.top == chosen, turn.label


def test_moves_are_listed_best_first_then_in_reading_order():
    generator = MoveGenerator(Lexicon.from_words(["AB"]), rules=CLASSIC)
    generated = generator.moves(Board.empty(), "AB")
    # every move scores 8 (the B or the A on the start's double word): top to bottom, left to
    # right, horizontal before vertical on the same square
    assert [(one.notation, one.score) for one in generated] == [
        ("8G AB", 8),
        ("H7 AB", 8),
        ("H8 AB", 8),
        ("8H AB", 8),
    ]
    assert [one.move for one in generated][1:3] == [
        Move(Position(7, 6, True), "AB"),
        Move(Position(7, 7, True), "AB"),
    ]
    assert [one.reading_order for one in generated] == [(6, 7, 1), (7, 6, 0), (7, 7, 0), (7, 7, 1)]
    assert generator.top(Board.empty(), "AB").top == generated[1]


def test_unknown_tie_break_keys_are_refused():
    with pytest.raises(ValueError, match="unknown tie-break key"):
        TieBreak(("fewest_blanks", "luck"))
    with pytest.raises(ValueError, match="luck"):
        TieBreak.parse("most_tiles, luck")
    assert TieBreak.parse(" most_tiles , alphabetical,").keys == ("most_tiles", "alphabetical")


def test_no_move_gives_an_empty_top(french):
    generator = MoveGenerator(french)
    assert generator.top(Board.empty(), "Z") == Top(0, (), None)
    assert generator.moves(Board.empty(), "") == []
    assert not generator.has_move(Board.empty(), "")
    assert generator.prepare(Board.empty()).count("W") == 0


# -- the empty board ---------------------------------------------------------------------------


def test_an_empty_board_has_only_horizontal_moves_through_the_start_in_duplicate(french):
    moves = MoveGenerator(french).moves(Board.empty(), "?EBAAEF")
    assert moves
    for generated in moves:
        assert generated.horizontal, generated
        position = generated.move.position
        assert position.row == 7
        assert position.col <= 7 < position.col + len(generated.move.word), generated
    assert moves[0].notation == "H4 FABAcEE"
    assert moves[0].score == 80


def test_classic_rules_add_the_vertical_moves_but_the_top_stays_horizontal(french):
    rack = "?EBAAEF"
    duplicate = MoveGenerator(french, rules=DUPLICATE).prepare(Board.empty())
    classic = MoveGenerator(french, rules=CLASSIC).prepare(Board.empty())
    across = {(one.move, one.score) for one in duplicate.moves(rack)}
    both = {(one.move, one.score) for one in classic.moves(rack)}
    # the standard layout is symmetric about its diagonal: each move has its transposed twin
    assert both == across | {(move.transposed(), points) for move, points in across}
    assert len(both) == 2 * len(across)
    top = classic.top(rack)
    assert top == duplicate.top(rack)
    assert all(one.horizontal for one in top.best_moves)
    assert classic.solve(rack).top == top


def test_classic_top_on_an_empty_board_is_horizontal_even_when_a_vertical_move_scores_more():
    # the two triple words below the start only reward vertical moves
    layout = BoardLayout.from_text("tall", ".....\n.....\n..*..\n..T..\n..T..")
    generator = MoveGenerator(Lexicon.from_words(["ABE", "AB", "BE"]), rules=CLASSIC)
    prepared = generator.prepare(Board.empty(layout))
    assert prepared.moves("ABE")[0].notation == "3C ABE"  # 90 points, vertical
    top = prepared.top("ABE")
    assert top.best_score == 10
    assert [one.notation for one in top.best_moves] == ["C1 ABE", "C2 ABE", "C3 ABE"]
    assert top.top is not None
    assert top.top.notation == "C1 ABE"
    assert prepared.solve("ABE").top == top


# -- what counts as one move -------------------------------------------------------------------


def test_a_blank_and_a_real_letter_on_the_same_square_are_two_moves():
    generator = MoveGenerator(Lexicon.from_words(["AB"]))
    board = board_with((7, ".......A......."))
    moves = {one.notation: one.score for one in generator.moves(board, "B?")}
    # a B right of the A (H9) or below it (I8), real (3 points) or a blank; or a blank A and
    # the B, the B next to the A on the board
    assert moves == {"H8 AB": 4, "H8 Ab": 1, "8H AB": 4, "8H Ab": 1, "9G aB": 7, "I7 aB": 7}
    # the two blanks are interchangeable: each move with both blanks is listed once
    blanks = [one.notation for one in generator.moves(board, "??")]
    assert sorted(blanks) == sorted(["H8 Ab", "8H Ab", "9G ab", "I7 ab"])


def test_a_one_tile_move_is_listed_once_written_horizontally():
    generator = MoveGenerator(Lexicon.from_words(["AB"]))
    board = board_with((6, "........A......"), (7, ".......A......."))
    moves = [one.notation for one in generator.moves(board, "B")]
    # a B on H9 reads AB across (H8-H9) and AB down (G9-H9): one move, written across
    assert moves.count("H8 AB") == 1
    assert "9G AB" not in moves
    keys = [new_tiles(board, Move.from_notation(notation), generator) for notation in moves]
    assert len(keys) == len(set(keys))
    assert sorted(moves) == sorted(["H8 AB", "8H AB", "G9 AB"])


# -- rules with eight tiles --------------------------------------------------------------------


def test_seven_and_eight_puts_down_eight_tiles_for_75_points(french):
    top = MoveGenerator(french, rules=SEVEN_AND_EIGHT).top(Board.empty(), "AEEINRST")
    assert top.top is not None
    assert top.top.tiles == 8
    assert all(one.tiles == 8 for one in top.best_moves)
    _, result = score_move(Board.empty(), top.top.move, FRENCH, SEVEN_AND_EIGHT)
    assert result.bonus == 75
    assert top.best_score == result.total == 129  # ARENITES from H1: (9 points) x 6 + 75
    assert top.top.notation == "H1 ARENITES"


def test_seven_among_eight_puts_down_at_most_seven_tiles(french):
    generator = MoveGenerator(french, rules=SEVEN_AMONG_EIGHT)
    moves = generator.moves(Board.empty(), "AEEINRST")
    assert max(one.tiles for one in moves) == 7
    for generated in moves:
        if generated.tiles == 7:
            _, result = score_move(Board.empty(), generated.move, FRENCH, SEVEN_AMONG_EIGHT)
            assert result.bonus == 50
            assert result.total == generated.score


# -- bad input -----------------------------------------------------------------------------------

NO_BLANK = TileSet(
    "no-blank", tuple(LetterInfo(letter, 12, 1, vowel=True) for letter in "AEIOU"), 0
)


@pytest.mark.parametrize(
    ("tiles", "rules", "rack"),
    [
        (FRENCH, DUPLICATE, "AB1"),
        (FRENCH, DUPLICATE, "ABÉ"),
        (NO_BLANK, DUPLICATE, "AEK"),
        (FRENCH, DUPLICATE, "ABCDEFGH"),
        (FRENCH, SEVEN_AND_EIGHT, "ABCDEFGHI"),
        (NO_BLANK, DUPLICATE, "AE?"),
        (FRENCH, DUPLICATE, "ZZ"),
        (FRENCH, DUPLICATE, "???"),
    ],
)
def test_bad_racks_raise_and_change_nothing(tiles, rules, rack, french):
    board = board_with((7, "...AEIOU......."))
    before = board.rows()
    generator = MoveGenerator(french, tiles, rules)
    prepared = generator.prepare(board)
    reference = prepared.moves("AE")
    for attempt in (
        prepared.moves,
        prepared.top,
        prepared.solve,
        prepared.count,
        prepared.has_move,
        lambda text: generator.moves(board, text),
    ):
        with pytest.raises(BadRackError) as caught:
            attempt(rack)
        assert caught.value.code == "bad_rack"
        assert isinstance(caught.value, ArbitreError)
    assert board.rows() == before
    assert prepared.moves("AE") == reference


def test_a_rack_that_is_not_a_string_is_a_bad_rack(french):
    with pytest.raises(BadRackError):
        MoveGenerator(french).moves(Board.empty(), 42)  # type: ignore[arg-type]


def test_a_board_letter_the_tile_set_lacks_is_refused(french):
    board = board_with((7, ".......K......."))
    generator = MoveGenerator(french, NO_BLANK)
    with pytest.raises(UnknownLetterError):
        generator.prepare(board)
    with pytest.raises(UnknownLetterError):
        generator.moves(board, "AE")
    assert board.rows()[7] == ".......K......."


def test_a_blank_standing_for_a_letter_the_set_lacks_stays_playable():
    """The rules let a blank play a letter that the tile set lacks (here K): the generator
    offers such a move and then accepts the board it leaves (it once refused it with
    UnknownLetterError, "the board holds K")."""
    no_k = TileSet("no-k", (LetterInfo("A", 60, 1, vowel=True),), 2)
    generator = MoveGenerator(Lexicon.from_words(["KA", "AKA"]), no_k)
    first = generator.moves(Board.empty(), "A?")
    assert [one.notation for one in first] == ["H7 kA", "H8 kA"]
    board = Board.empty()
    board.apply(place(board, first[0].move, no_k, DUPLICATE))
    assert board.rows()[7] == "......kA......."
    assert [one.notation for one in generator.moves(board, "A")] == ["H6 AkA", "7H kA"]


# -- other layouts -----------------------------------------------------------------------------

SMALL = BoardLayout.from_text(
    "eleven",
    """
    T....d....T
    .D...t...D.
    ..D.d.d.D..
    ...D...D...
    .d..t.t..d.
    d....*....d
    .d..t.t..d.
    ...D...D...
    ..D.d.d.D..
    .D...t...D.
    T....d....T
    """,
)
LARGE = BoardLayout.from_text(
    "twenty-one",
    "\n".join(
        "".join("T" if (r + c) % 10 == 0 else "d" if (r * c) % 7 == 3 else "." for c in range(21))
        for r in range(21)
    ),
    start=(10, 4),
)


@pytest.mark.parametrize("layout", [SMALL, LARGE], ids=lambda layout: layout.name)
def test_other_layouts(layout, french):
    generator = MoveGenerator(french)
    board = Board.empty(layout)
    for rack in ["?EBAAEF", "KEELIFE", "EEELIJX", "EJLRANS", "NROAHPU", "APMOEI?"]:
        prepared = generator.prepare(board)
        moves = prepared.moves(rack)
        assert moves, rack
        for generated in moves:
            _, result = score_move(board, generated.move, FRENCH, DUPLICATE, Rack(rack))
            assert result.total == generated.score, generated
        top = prepared.top(rack)
        assert top.top is not None
        board.apply(place(board, top.top.move, FRENCH, DUPLICATE))
    assert board.tile_count > 20


# -- threads -----------------------------------------------------------------------------------


def test_one_prepared_board_used_by_two_threads_at_once_gives_the_sequential_results(french):
    work: list[tuple[PreparedBoard, str]] = []
    for game in GAMES[:3]:
        generator = MoveGenerator(french, FRENCH, rules_for(game))
        work += [(generator.prepare(turn.board), turn.rack) for turn in replay(game)]

    def search(prepared: PreparedBoard, rack: str) -> tuple[object, ...]:
        # every move of the recorded rack; with two blanks (far more moves) the count and top
        blanked = with_blanks(rack, 2)
        return (
            prepared.moves(rack),
            prepared.top(rack),
            prepared.has_move(rack),
            prepared.count(blanked),
            prepared.top(blanked),
        )

    sequential = [search(prepared, rack) for prepared, rack in work]
    barriers = [threading.Barrier(2, timeout=60) for _ in work]

    def together(index: int) -> tuple[object, ...]:
        barriers[index].wait()  # both threads search the same board at the same time
        return search(*work[index])

    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = [pool.submit(together, index) for index in range(len(work)) for _ in range(2)]
        results = [future.result() for future in futures]
    assert len(results) == 2 * len(sequential) > 100
    assert results == [result for result in sequential for _ in range(2)]
