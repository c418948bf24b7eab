"""A deliberately simple, obviously correct move generator, to check the compiled one against.

It lives in the tests and never in the package: it is far too slow for real use (every lexicon
word is tried at every square in both directions) and its only merit is that it leans on the
pure-Python rules, which are tested on their own:

1. for every start square, direction and lexicon word that fits on the board there (letters
   already on the board match, at least one square is empty), the empty squares it covers are
   the new tiles;
2. every way to supply those tiles from the rack is tried: each new tile is a real tile or a
   blank (lowercase) - the two blanks are interchangeable, so which blank does not matter;
3. the :class:`~arbitre.rules.move.Move` is written with the board letters as they are on the
   board, checked by :func:`arbitre.rules.placement.place` (with the rack) and scored by
   :func:`arbitre.rules.scoring.score`; it is kept when every word it forms is in the lexicon;
4. moves are deduplicated by their set of new tiles ``(row, col, letter)``: a one-tile move
   found both ways is one move, written horizontally when it forms a horizontal word.

:func:`brute_force` gives ``{frozenset(new_tiles): score}``, :func:`brute_force_moves` also
keeps each move; :func:`expected_top` applies the documented top policy to the result (on an
empty board only horizontal moves compete; every tied best move in reading order; the choice of
a tie-break read by :func:`preference`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product

from arbitre.rules import (
    BLANK,
    DUPLICATE,
    FRENCH,
    Board,
    IllegalMoveError,
    Move,
    PlayRules,
    Position,
    Rack,
    TileSet,
    UnknownLetterError,
    place,
    score,
)

__all__ = [
    "DEFAULT_KEYS",
    "BruteMove",
    "NewTiles",
    "brute_force",
    "brute_force_moves",
    "expected_top",
    "preference",
    "reading_order",
]

#: What identifies a move: its new tiles ``(row, col, letter)``, lowercase for a blank.
NewTiles = frozenset[tuple[int, int, str]]


@dataclass(frozen=True, slots=True)
class BruteMove:
    """A legal move found by brute force, with its points and the tiles it puts down."""

    move: Move
    score: int
    tiles: int
    blanks: int


def reading_order(move: Move) -> tuple[int, int, int]:
    """Top to bottom, left to right, horizontal before vertical on the same square."""
    position = move.position
    return (position.row, position.col, 0 if position.horizontal else 1)


#: The documented default tie-break.
DEFAULT_KEYS = ("fewest_blanks", "most_tiles", "reading_order")


def preference(
    keys: Sequence[str] = DEFAULT_KEYS,
) -> Callable[[BruteMove], tuple[object, ...]]:
    """A tie-break as a sort key (smallest preferred), read from its documentation: each key
    in turn (``fewest_blanks``, ``most_blanks``, ``most_tiles``, ``fewest_tiles``,
    ``reading_order``, ``alphabetical`` - the word in uppercase), then reading order, then the
    word as written."""

    def key(found: BruteMove) -> tuple[object, ...]:
        criteria = {
            "fewest_blanks": found.blanks,
            "most_blanks": -found.blanks,
            "most_tiles": -found.tiles,
            "fewest_tiles": found.tiles,
            "reading_order": reading_order(found.move),
            "alphabetical": found.move.word.upper(),
        }
        return (*(criteria[name] for name in keys), reading_order(found.move), found.move.word)

    return key


def brute_force_moves(
    board: Board,
    rack: str,
    words: Iterable[str],
    tiles: TileSet = FRENCH,
    rules: PlayRules = DUPLICATE,
) -> dict[NewTiles, BruteMove]:
    """Every legal move of ``rack`` (``?`` for a blank) on ``board`` whose words are all in
    ``words`` (normalised, uppercase), by its new tiles.

    The board is not changed. A one-tile move that reads both ways is kept once, horizontal.
    """
    lexicon = frozenset(words)
    held = Counter(rack)
    blanks = held.pop(BLANK, 0)
    checked_rack = Rack(rack)
    size = board.size
    found: dict[NewTiles, BruteMove] = {}
    for horizontal in (True, False):
        for row in range(size):
            for col in range(size):
                for word in lexicon:
                    for move in _supplies(board, row, col, horizontal, word, held, blanks, rules):
                        _try(board, move, tiles, rules, checked_rack, lexicon, found)
    return found


def brute_force(
    board: Board,
    rack: str,
    words: Iterable[str],
    tiles: TileSet = FRENCH,
    rules: PlayRules = DUPLICATE,
) -> dict[NewTiles, int]:
    """``{new tiles: score}`` of every legal move (see :func:`brute_force_moves`)."""
    return {
        key: found.score
        for key, found in brute_force_moves(board, rack, words, tiles, rules).items()
    }


def expected_top(
    found: Mapping[NewTiles, BruteMove], board: Board, keys: Sequence[str] = DEFAULT_KEYS
) -> tuple[int, list[BruteMove], BruteMove | None]:
    """``(best score, tied best moves in reading order, the choice of the tie-break keys)``;
    on an empty board only horizontal moves compete. ``(0, [], None)`` without a move."""
    candidates = list(found.values())
    if board.is_empty():
        candidates = [one for one in candidates if one.move.position.horizontal]
    if not candidates:
        return 0, [], None
    best = max(one.score for one in candidates)
    tied = sorted(
        (one for one in candidates if one.score == best),
        key=lambda one: (reading_order(one.move), one.move.word),
    )
    return best, tied, min(tied, key=preference(keys))


def _supplies(
    board: Board,
    row: int,
    col: int,
    horizontal: bool,
    word: str,
    held: Counter[str],
    blanks: int,
    rules: PlayRules,
) -> Iterable[Move]:
    """Each move writing ``word`` from ``(row, col)`` that the rack can supply."""
    size = board.size
    along = col if horizontal else row
    if along + len(word) > size:
        return
    written: list[str] = []
    new: list[int] = []  # offsets of the new tiles in the word
    for offset, letter in enumerate(word):
        square = (row, col + offset) if horizontal else (row + offset, col)
        on_board = board[square]
        if on_board:
            if on_board.upper() != letter:
                return
            written.append(on_board)
        else:
            written.append(letter)
            new.append(offset)
    if not new or len(new) > rules.max_tiles_played:
        return
    needed = Counter(word[offset] for offset in new)
    if sum(max(0, count - held[letter]) for letter, count in needed.items()) > blanks:
        return
    choices = []
    for offset in new:
        letter = word[offset]
        options = []
        if held[letter]:
            options.append(letter)
        if blanks:
            options.append(letter.lower())
        choices.append(options)
    for choice in product(*choices):
        letters = Counter(choice)
        if sum(1 for letter in choice if letter.islower()) > blanks:
            continue
        if any(letters[letter] > held[letter] for letter in letters if letter.isupper()):
            continue
        text = list(written)
        for offset, letter in zip(new, choice, strict=True):
            text[offset] = letter
        yield Move(Position(row, col, horizontal), "".join(text))


def _try(
    board: Board,
    move: Move,
    tiles: TileSet,
    rules: PlayRules,
    rack: Rack,
    lexicon: frozenset[str],
    found: dict[NewTiles, BruteMove],
) -> None:
    """Keep ``move`` in ``found`` if it is legal and every word it forms is in ``lexicon``."""
    try:
        placement = place(board, move, tiles, rules, rack)
    except (IllegalMoveError, UnknownLetterError):
        return
    if not all(formed.word in lexicon for formed in placement.words):
        return
    points = score(board, placement, tiles, rules).total
    key: NewTiles = frozenset(placement.new_tiles)
    candidate = BruteMove(move, points, placement.tile_count, placement.blank_count)
    previous = found.get(key)
    if previous is not None:
        # only a one-tile move can be written two ways; both readings score the same
        assert placement.tile_count == 1, (previous, candidate)
        assert previous.score == points, (previous, candidate)
        if not move.position.horizontal:
            return
    found[key] = candidate
