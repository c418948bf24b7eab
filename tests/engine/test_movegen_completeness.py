"""The compiled move generator finds exactly the moves that brute force finds.

Random small positions: a 5x5 to 9x9 layout with random premiums and start square, a small
lexicon over a small alphabet, a board filled by a few random legal moves (found by the brute
force of :mod:`tests.engine.brute_force`), a rack of up to the rules' rack size with 0 to 2
blanks (never more of a tile than the set holds), under each preset rules (duplicate, classic,
"7 et 8", "7 sur 8") and with the French tile set, a set whose blank is worth points, a set
without blanks, or a set lacking a letter that only a blank can then play. For each, the
generator's moves (their new tiles, notation and score), ``count``, ``has_move``, the order of
the moves and the top (best score, tied moves, choice of a random tie-break) all agree with the
brute force. Racks made of a lexicon word's letters exercise moves that put down the whole rack.

About 35 s in all; ``--hypothesis-show-statistics`` shows what the examples cover.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from arbitre.engine.lexicon import Lexicon
from arbitre.engine.movegen import TIE_BREAK_KEYS, GeneratedMove, MoveGenerator, TieBreak
from arbitre.rules import (
    BLANK,
    CLASSIC,
    DUPLICATE,
    FRENCH,
    SEVEN_AMONG_EIGHT,
    SEVEN_AND_EIGHT,
    Board,
    BoardLayout,
    LetterInfo,
    PlayRules,
    Premium,
    Rack,
    TileSet,
    place,
)
from tests.engine.brute_force import (
    DEFAULT_KEYS,
    BruteMove,
    NewTiles,
    brute_force_moves,
    expected_top,
)

RULES = (DUPLICATE, CLASSIC, SEVEN_AND_EIGHT, SEVEN_AMONG_EIGHT)
#: Letters the small lexicons draw from: common and rare, cheap and expensive in French.
LETTERS = "AEIOUBCLNRSTZ"
#: Premium symbols of a layout map, plain squares most likely.
SYMBOLS = "......dtDT"
#: Letter values of the random tile sets; letters worth nothing (like blanks) are common.
letter_values = st.sampled_from([0, 0, 1, 2, 10]) | st.integers(0, 10)


def examples(count: int) -> settings:
    """Hypothesis settings for ``count`` examples: no deadline, slow data generation is fine
    (the board is filled by brute force)."""
    return settings(
        max_examples=count,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


class Case:
    """A position to search: board, rack, lexicon (and its words), tile set and rules.

    A plain class so that a falsifying example prints the layout and the board as text."""

    __slots__ = ("board", "lexicon", "rack", "rules", "tiles", "words")

    def __init__(
        self, board: Board, rack: str, lexicon: Lexicon, tiles: TileSet, rules: PlayRules
    ) -> None:
        self.board = board
        self.rack = rack
        self.lexicon = lexicon
        self.words = list(lexicon)
        self.tiles = tiles
        self.rules = rules

    def __repr__(self) -> str:
        values = {info.letter: info.value for info in self.tiles.letters if info.count}
        letters = "".join(sorted(set("".join(self.words))))
        return (
            f"<Case rules={self.rules.name} rack={self.rack!r} words={self.words}\n"
            f"tiles={self.tiles.name} blanks={self.tiles.blanks} blank_value="
            f"{self.tiles.blank_value} values={ {k: values.get(k) for k in letters} }\n"
            f"layout (start {self.board.layout.start}):\n{self.board.layout.to_text()}\n"
            f"board:\n{self.board}>"
        )


@st.composite
def layouts(draw: st.DrawFn, min_size: int = 5) -> BoardLayout:
    """A ``min_size`` to 9x9 layout with random premiums and start, from a text map or built
    directly."""
    size = draw(st.integers(min_size, 9))
    symbols = draw(st.lists(st.sampled_from(SYMBOLS), min_size=size * size, max_size=size * size))
    start = (draw(st.integers(0, size - 1)), draw(st.integers(0, size - 1)))
    if draw(st.booleans()):
        symbols[start[0] * size + start[1]] = "*"
        text = "\n".join("".join(symbols[r * size : (r + 1) * size]) for r in range(size))
        return BoardLayout.from_text(f"random{size}", text)
    grid = tuple(
        tuple(Premium(symbol) for symbol in symbols[r * size : (r + 1) * size]) for r in range(size)
    )
    return BoardLayout(f"random{size}", size, grid, start)


@st.composite
def tile_sets(draw: st.DrawFn, alphabet: str, lacking: bool = False) -> TileSet:
    """The French set or a set over ``alphabet`` with random values and either valued blanks or
    none; with ``lacking``, a set over ``alphabet`` without its first letter and with blanks
    (only a blank can play that letter)."""
    if lacking:
        kind = "valued-blank"
        letters = alphabet[1:]
    else:
        kind = draw(st.sampled_from(["french", "valued-blank", "no-blank"]))
        letters = alphabet
    if kind == "french":
        return FRENCH
    count = -(-60 // len(letters))  # enough tiles for a valid set
    infos = tuple(
        LetterInfo(letter, count, draw(letter_values), vowel=letter in "AEIOU")
        for letter in letters
    )
    if kind == "no-blank":
        return TileSet("no-blank", infos, 0)
    return TileSet("valued-blank", infos, 2, draw(st.integers(1, 5)))


def take(bag: Counter[str], letters: Iterable[str], room: int) -> list[str]:
    """Up to ``room`` of ``letters``, in order, as far as ``bag`` holds them (taken out of it)."""
    taken: list[str] = []
    for letter in letters:
        if len(taken) < room and bag[letter] > 0:
            bag[letter] -= 1
            taken.append(letter)
    return taken


@st.composite
def racks(
    draw: st.DrawFn,
    tiles: TileSet,
    rules: PlayRules,
    alphabet: str,
    words: list[str],
    full: bool = False,
) -> str:
    """Up to ``rules.rack_size`` tiles over ``alphabet`` (that many when ``full`` and the set
    allows) with 0 to 2 blanks, never more of a tile than the set holds, often holding a lexicon
    word's letters so that long plays happen."""
    bag = Counter({letter: tiles.count(letter) for letter in alphabet})
    size = rules.rack_size
    length = size if full else draw(st.just(size) | st.integers(0, size))
    blanks = draw(st.integers(0, min(2, tiles.blanks, length)))
    chosen: list[str] = []
    if words and draw(st.integers(0, 3)) > 0:  # three times in four
        longest_first = sorted(words, key=lambda word: (-len(word), word))
        chosen = take(bag, draw(st.sampled_from(longest_first)), length - blanks)
    pool = sorted(bag.elements())
    missing = min(length - blanks - len(chosen), len(pool))
    if pool:
        picked = st.lists(
            st.sampled_from(range(len(pool))), min_size=missing, max_size=missing, unique=True
        )
        chosen += [pool[index] for index in draw(picked)]
    return "".join(draw(st.permutations(chosen))) + BLANK * blanks


@st.composite
def cases(
    draw: st.DrawFn,
    min_moves: int = 0,
    max_moves: int = 5,
    lacking: bool = False,
    bingo: bool = False,
) -> Case:
    """A random small position: layout, lexicon, tile set (see :func:`tile_sets`), rules, a
    board filled by ``min_moves`` to ``max_moves`` random legal moves, and a rack. With
    ``bingo``, the lexicon holds a word as long as the rack and the rack holds its letters (some
    perhaps replaced by blanks): moves putting down every tile become likely."""
    layout = draw(layouts(min_size=8 if bingo else 5))
    alphabet = "".join(
        draw(
            st.lists(
                st.sampled_from(LETTERS), min_size=3 if lacking else 2, max_size=6, unique=True
            )
        )
    )
    short = st.text(alphabet=alphabet, min_size=2, max_size=4)
    long = st.text(alphabet=alphabet, min_size=5, max_size=layout.size)
    words = draw(st.lists(short | long, min_size=1, max_size=30, unique=True))
    if draw(st.booleans()):  # many two-letter words: denser boards, more cross words
        words += [first + second for first in alphabet[:3] for second in alphabet[:3]]
    tiles = draw(tile_sets(alphabet, lacking))
    rules = draw(st.sampled_from(RULES))
    long_word = ""
    if bingo:
        size = rules.rack_size
        long_word = draw(st.text(alphabet=alphabet, min_size=size, max_size=size))
        words.append(long_word)
    lexicon = Lexicon.from_words(words)
    words = list(lexicon)
    board = Board.empty(layout)
    for _ in range(draw(st.sampled_from(range(max_moves, min_moves - 1, -1)))):
        filler = draw(racks(tiles, rules, alphabet, words, full=True))
        found = brute_force_moves(board, filler, words, tiles, rules)
        if found:
            board.put(draw(st.sampled_from(sorted(found, key=sorted))))
    rack = draw(racks(tiles, rules, alphabet, words))
    if bingo:
        blanks = min(2, tiles.blanks)
        letters = draw(st.permutations(long_word))[draw(st.integers(0, blanks)) :]
        bag = Counter({letter: tiles.count(letter) for letter in alphabet})
        taken = take(bag, letters, len(letters))
        rack = "".join(taken) + BLANK * min(blanks, rules.rack_size - len(taken))
    return Case(board, rack, lexicon, tiles, rules)


def generated_by_tiles(case: Case, moves: list[GeneratedMove]) -> dict[NewTiles, GeneratedMove]:
    """The generated moves by new tiles, each checked legal with the rack; no set twice."""
    rack = Rack(case.rack)
    out: dict[NewTiles, GeneratedMove] = {}
    for generated in moves:
        placement = place(case.board, generated.move, case.tiles, case.rules, rack)
        key: NewTiles = frozenset(placement.new_tiles)
        assert key not in out, f"{generated.notation} and {out[key].notation}: same new tiles"
        assert generated.tiles == placement.tile_count, generated
        assert generated.blanks == placement.blank_count, generated
        out[key] = generated
    return out


def bucket(count: int) -> str:
    """A rough size class, for hypothesis statistics."""
    return "0" if count == 0 else "1-9" if count < 10 else "10-99" if count < 100 else "100+"


def difference(
    expected: Mapping[NewTiles, BruteMove], got: Mapping[NewTiles, GeneratedMove]
) -> str:
    """What the generator missed, added or scored differently, for an assertion message."""
    lines = []
    for key in expected.keys() - got.keys():
        lines.append(f"missed {expected[key].move.notation()} {expected[key].score}")
    for key in got.keys() - expected.keys():
        lines.append(f"extra {got[key].notation} {got[key].score}")
    for key in expected.keys() & got.keys():
        want, have = expected[key], got[key]
        if (want.move, want.score) != (have.move, have.score):
            lines.append(
                f"brute force {want.move.notation()} {want.score}, "
                f"generator {have.notation} {have.score}"
            )
    return "\n".join(sorted(lines))


def check_top(case: Case, keys: tuple[str, ...] = DEFAULT_KEYS) -> None:
    """The top (from ``top`` and from ``solve``) under the tie-break ``keys`` is the brute
    force's best score, tied moves and choice."""
    expected = brute_force_moves(case.board, case.rack, case.words, case.tiles, case.rules)
    best, tied, chosen = expected_top(expected, case.board, keys)
    generator = MoveGenerator(case.lexicon, case.tiles, case.rules, TieBreak(keys))
    prepared = generator.prepare(case.board)
    for top in (prepared.top(case.rack), prepared.solve(case.rack).top):
        assert top.best_score == best
        assert [(one.move, one.score) for one in top.best_moves] == [
            (one.move, one.score) for one in tied
        ]
        if chosen is None:
            assert top.top is None
        else:
            assert top.top is not None
            assert (top.top.move, top.top.score) == (chosen.move, chosen.score)


tie_breaks = st.lists(st.sampled_from(sorted(TIE_BREAK_KEYS)), max_size=3, unique=True).map(tuple)


@pytest.mark.slow
@examples(300)
@given(cases())
def test_the_moves_are_exactly_those_of_the_brute_force(case: Case) -> None:
    expected = brute_force_moves(case.board, case.rack, case.words, case.tiles, case.rules)
    generator = MoveGenerator(case.lexicon, case.tiles, case.rules)
    prepared = generator.prepare(case.board)
    moves = prepared.moves(case.rack)
    got = generated_by_tiles(case, moves)
    event(f"rules {case.rules.name}, tiles {case.tiles.name}")
    event(f"tiles on the board: {bucket(case.board.tile_count)}")
    event(f"moves: {bucket(len(expected))}")
    event(f"most tiles put down: {max((one.tiles for one in expected.values()), default=0)}")
    assert not difference(expected, got), difference(expected, got)
    assert prepared.count(case.rack) == len(expected)
    assert prepared.has_move(case.rack) == bool(expected)
    assert generator.has_move(case.board, case.rack) == bool(expected)
    # best first, then reading order, then the word
    order = [(-one.score, one.reading_order, one.move.word) for one in moves]
    assert order == sorted(order)
    assert prepared.moves(case.rack, limit=3) == moves[:3]
    assert prepared.solve(Rack(case.rack)).moves == tuple(moves)


@pytest.mark.slow
@examples(150)
@given(cases(max_moves=1, bingo=True))
def test_moves_putting_down_the_whole_rack_are_found(case: Case) -> None:
    expected = brute_force_moves(case.board, case.rack, case.words, case.tiles, case.rules)
    event(f"most tiles put down: {max((one.tiles for one in expected.values()), default=0)}")
    prepared = MoveGenerator(case.lexicon, case.tiles, case.rules).prepare(case.board)
    got = generated_by_tiles(case, prepared.moves(case.rack))
    assert not difference(expected, got), difference(expected, got)
    check_top(case)


@pytest.mark.slow
@examples(150)
@given(cases(min_moves=1), st.just(DEFAULT_KEYS) | tie_breaks)
def test_the_top_is_the_brute_force_best_after_the_tie_break(
    case: Case, keys: tuple[str, ...]
) -> None:
    assume(not case.board.is_empty())
    check_top(case, keys)


@examples(60)
@given(cases(max_moves=0))
def test_the_top_on_an_empty_board_is_the_best_horizontal_move(case: Case) -> None:
    check_top(case)


@examples(40)
@given(cases(min_moves=1, lacking=True))
def test_a_blank_may_stand_for_a_letter_the_set_lacks(case: Case) -> None:
    """The rules let a blank play any letter, even one the tile set lacks; the generator
    plays such blanks and must then accept the board they are on."""
    expected = brute_force_moves(case.board, case.rack, case.words, case.tiles, case.rules)
    prepared = MoveGenerator(case.lexicon, case.tiles, case.rules).prepare(case.board)
    got = generated_by_tiles(case, prepared.moves(case.rack))
    assert not difference(expected, got), difference(expected, got)
