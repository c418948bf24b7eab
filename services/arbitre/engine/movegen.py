"""The move generator: every legal move, the top, "is there a move", over a compiled lexicon.

A :class:`MoveGenerator` is built once for a lexicon, a tile set and rules; :meth:`prepare
<MoveGenerator.prepare>` turns a board into a :class:`PreparedBoard` (anchors and cross-checks
computed once) that answers any number of racks. The search itself is the compiled core
(:mod:`arbitre.engine._movegen`), which releases the GIL.

What counts as one move: a distinct set of new tiles (square, letter, blank or not). A blank
played as E and a real E on the same square are two moves; the two blanks are interchangeable;
a one-tile play is one move, written horizontally when it forms a horizontal word.

>>> from arbitre.engine.lexicon import Lexicon
>>> generator = MoveGenerator(Lexicon.from_words(["RAGE", "GARE", "AGE"]))
>>> top = generator.top(Board.empty(), "GAREZ")
>>> top.best_score, len(top.best_moves), top.top.notation
(10, 8, 'H5 GARE')
>>> generator.has_move(Board.empty(), "XYZ")
False
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from arbitre.engine._movegen import ALL, ANY, TOP, Engine, MoveList
from arbitre.engine._movegen import PreparedBoard as _CompiledBoard
from arbitre.engine.lexicon import Lexicon
from arbitre.rules.board import Board
from arbitre.rules.coordinates import Position
from arbitre.rules.errors import BadRackError, UnknownLetterError
from arbitre.rules.layout import BoardLayout
from arbitre.rules.move import Move
from arbitre.rules.placement import place
from arbitre.rules.play_rules import DUPLICATE, PlayRules
from arbitre.rules.rack import Rack
from arbitre.rules.scoring import WordScore
from arbitre.rules.tie_break import DEFAULT_TIE_BREAK_KEYS, TIE_BREAK_KEYS
from arbitre.rules.tiles import BLANK, FRENCH, TileSet

__all__ = [
    "DEFAULT_TIE_BREAK",
    "TIE_BREAK_KEYS",
    "BadRackError",
    "Evaluation",
    "GeneratedMove",
    "MoveGenerator",
    "PreparedBoard",
    "Solution",
    "TieBreak",
    "Top",
]


@dataclass(frozen=True, slots=True)
class GeneratedMove:
    """A legal move and its points; ``tiles`` and ``blanks`` count the tiles put down;
    ``words`` are the words it forms with their points, main word first, when asked for
    (:meth:`PreparedBoard.moves` with ``with_words=True``), else empty."""

    move: Move
    score: int
    tiles: int
    blanks: int
    words: tuple[WordScore, ...] = ()

    @property
    def notation(self) -> str:
        """FISF notation, blanks in lowercase: ``"9C EpIEUSE"``."""
        return self.move.notation()

    @property
    def horizontal(self) -> bool:
        return self.move.position.horizontal

    @property
    def reading_order(self) -> tuple[int, int, int]:
        """Top to bottom, left to right, horizontal before vertical on the same square."""
        position = self.move.position
        return (position.row, position.col, 0 if position.horizontal else 1)


@dataclass(frozen=True, slots=True)
class TieBreak:
    """How the top is chosen among tied best moves: ``keys`` in order of priority.

    Reading order, then the word, always end the comparison, so the choice is deterministic.
    """

    keys: tuple[str, ...] = DEFAULT_TIE_BREAK_KEYS

    def __post_init__(self) -> None:
        unknown = [key for key in self.keys if key not in TIE_BREAK_KEYS]
        if unknown:
            raise ValueError(
                f"unknown tie-break key(s) {', '.join(unknown)}; known: {', '.join(TIE_BREAK_KEYS)}"
            )

    @classmethod
    def parse(cls, text: str | Sequence[str]) -> TieBreak:
        """From ``"fewest_blanks,most_tiles"`` or a sequence of keys."""
        keys = text.split(",") if isinstance(text, str) else list(text)
        return cls(tuple(key.strip() for key in keys if key.strip()))

    def sort_key(self, candidate: GeneratedMove) -> tuple[object, ...]:
        """A key that sorts the preferred move first."""
        parts: list[object] = []
        for key in self.keys:
            if key == "fewest_blanks":
                parts.append(candidate.blanks)
            elif key == "most_blanks":
                parts.append(-candidate.blanks)
            elif key == "most_tiles":
                parts.append(-candidate.tiles)
            elif key == "fewest_tiles":
                parts.append(candidate.tiles)
            elif key == "reading_order":
                parts.append(candidate.reading_order)
            else:
                parts.append(candidate.move.word.upper())
        parts.append(candidate.reading_order)
        parts.append(candidate.move.word)
        return tuple(parts)

    def choose(self, candidates: Iterable[GeneratedMove]) -> GeneratedMove | None:
        """The preferred move, or ``None`` when there is none."""
        return min(candidates, key=self.sort_key, default=None)


DEFAULT_TIE_BREAK = TieBreak()


@dataclass(frozen=True, slots=True)
class Top:
    """The best moves of a position: ``best_moves`` every tied best move in reading order,
    ``top`` the one the tie-break picks (``None`` and ``best_score`` 0 when no move exists)."""

    best_score: int
    best_moves: tuple[GeneratedMove, ...]
    top: GeneratedMove | None


@dataclass(frozen=True, slots=True)
class Evaluation:
    """One move judged: ``score`` is the board value (words plus ``bonus``) even when a word
    is unknown; :attr:`points` is what a referee awards."""

    score: int
    bonus: int
    tiles: int
    blanks: int
    words: tuple[WordScore, ...]
    unknown_words: tuple[str, ...]

    @property
    def in_lexicon(self) -> bool:
        """Whether every word formed is in the lexicon."""
        return not self.unknown_words

    @property
    def points(self) -> int:
        """The score, or 0 when a word is not in the lexicon."""
        return self.score if not self.unknown_words else 0


@dataclass(frozen=True, slots=True)
class Solution:
    """A whole search: the top, ``n_moves`` legal moves, and ``moves``: all of them or the
    first ones, best first."""

    top: Top
    n_moves: int
    moves: tuple[GeneratedMove, ...]


def _rack_counts(rack: Rack | str, tiles: TileSet, rules: PlayRules) -> list[int]:
    text = rack.tiles if isinstance(rack, Rack) else rack
    if not isinstance(text, str):
        raise BadRackError(f"a rack is a string of tiles, not {rack!r}")
    counts = [0] * 27
    for tile in text:
        if tile == BLANK:
            if not tiles.blanks:
                raise BadRackError(f"the tile set {tiles.name!r} has no blank")
            counts[0] += 1
        elif "A" <= tile <= "Z" and tiles.count(tile) > 0:
            counts[ord(tile) - 64] += 1
        elif "a" <= tile <= "z" and tiles.count(tile.upper()) > 0:
            counts[ord(tile) - 96] += 1
        else:
            raise BadRackError(f"rack {text!r}: {tile!r} is not a tile of the set {tiles.name!r}")
    for code, count in enumerate(counts):
        available = tiles.blanks if code == 0 else tiles.count(chr(64 + code))
        if count > available:
            tile = BLANK if code == 0 else chr(64 + code)
            raise BadRackError(
                f"rack {text!r} holds {count} x {tile}; the set {tiles.name!r} has {available}"
            )
    if len(text) > rules.rack_size:
        raise BadRackError(
            f"rack {text!r} holds {len(text)} tiles; the rules allow {rules.rack_size}"
        )
    return counts


class PreparedBoard:
    """A board ready for many racks; the board must not change while this is in use."""

    __slots__ = ("_compiled", "board", "generator")

    def __init__(self, generator: MoveGenerator, board: Board) -> None:
        self.generator = generator
        self.board = board
        engine = generator.engine(board.layout)
        lacking = set(board.cells).difference(generator.tiles.values, ("",))
        if lacking:
            first = next(cell for cell in board.cells if cell in lacking)
            raise UnknownLetterError(
                f"the board holds {first}, which the tile set {generator.tiles.name!r} lacks"
            )
        self._compiled: _CompiledBoard = engine.prepare(board.cells)

    @staticmethod
    def _generated(
        records: list[tuple[int, int, int, bool, str, int, int]],
    ) -> list[GeneratedMove]:
        return [
            GeneratedMove(Move(Position(row, col, horizontal), word), score, tiles, blanks)
            for score, row, col, horizontal, word, tiles, blanks in records
        ]

    def moves(
        self, rack: Rack | str, limit: int | None = None, *, with_words: bool = False
    ) -> list[GeneratedMove]:
        """Every legal move for ``rack``, best first (then reading order, then the word);
        ``limit`` keeps only the first ``limit`` of that order; ``with_words`` fills each
        move's :attr:`~GeneratedMove.words`."""
        found = self._compiled.generate(self.generator.rack_counts(rack), ALL)
        found.sort()
        moves = self._generated(found.records(-1 if limit is None else limit))
        if with_words:
            moves = [
                replace(candidate, words=self.evaluate(candidate.move).words) for candidate in moves
            ]
        return moves

    def count(self, rack: Rack | str) -> int:
        """The number of legal moves for ``rack``."""
        return len(self._compiled.generate(self.generator.rack_counts(rack), ALL))

    def top(self, rack: Rack | str) -> Top:
        """The tied best moves and the tie-break's choice. On an empty board only horizontal
        moves are offered."""
        found = self._compiled.generate(self.generator.rack_counts(rack), TOP)
        found.sort()
        return self._top(found)

    def solve(self, rack: Rack | str, limit: int | None = None) -> Solution:
        """From one search: the top, the number of legal moves and the moves themselves, best
        first (only the first ``limit`` when given)."""
        found = self._compiled.generate(self.generator.rack_counts(rack), ALL)
        found.sort()
        moves = self._generated(found.records(-1 if limit is None else limit))
        return Solution(self._top(found), len(found), tuple(moves))

    def _top(self, found: MoveList) -> Top:
        best = self._generated(found.best_records(self.board.tile_count == 0))
        if not best:
            return Top(0, (), None)
        return Top(best[0].score, tuple(best), self.generator.tie_break.choose(best))

    def has_move(self, rack: Rack | str) -> bool:
        """Whether ``rack`` has at least one legal move."""
        return len(self._compiled.generate(self.generator.rack_counts(rack), ANY)) > 0

    def evaluate(self, move: Move, rack: Rack | str | None = None) -> Evaluation:
        """Validate and score ``move`` at compiled speed; ``rack``, when given, must hold its
        new tiles.

        Raises what :func:`~arbitre.rules.placement.place` raises for a move that breaks a
        placement rule (the rules module names the reason); a word missing from the lexicon
        is not an error, it is reported in :attr:`Evaluation.unknown_words`.
        """
        position = move.position
        counts = None if rack is None else self.generator.rack_counts(rack)
        found = self._compiled.evaluate(
            position.row, position.col, position.horizontal, move.word, counts
        )
        if found is None:
            generator = self.generator
            rack_value = (
                None if rack is None else (rack if isinstance(rack, Rack) else Rack.from_text(rack))
            )
            place(self.board, move, generator.tiles, generator.rules, rack_value)
            raise AssertionError(f"{move.notation()}: the compiled check and the rules disagree")
        total, bonus, tiles, blanks, words = found
        return Evaluation(
            total,
            bonus,
            tiles,
            blanks,
            tuple(WordScore(letters.upper(), points) for letters, points, _ in words),
            tuple(letters.upper() for letters, _, known in words if not known),
        )


@dataclass(slots=True)
class MoveGenerator:
    """Moves over one lexicon, tile set and rules, on any board layout."""

    lexicon: Lexicon
    tiles: TileSet = FRENCH
    rules: PlayRules = DUPLICATE
    tie_break: TieBreak = DEFAULT_TIE_BREAK
    #: A blank is worth the letter it stands for, on the board as in a move (dupliKta), instead
    #: of the set's blank value.
    blank_as_letter: bool = False
    _engines: dict[BoardLayout, Engine] = field(default_factory=dict, init=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)
    _values: list[int] = field(default_factory=list, init=False, repr=False)
    _playable: list[bool] = field(default_factory=list, init=False, repr=False)
    _bonuses: list[int] = field(default_factory=list, init=False, repr=False)

    def __post_init__(self) -> None:
        letters = [chr(64 + code) for code in range(1, 27)]
        values = self.tiles.values
        self._values = [self.tiles.blank_value] + [values.get(letter, 0) for letter in letters]
        self._playable = [self.tiles.blanks > 0] + [self.tiles.count(c) > 0 for c in letters]
        self._bonuses = [self.rules.bonus(n) for n in range(self.rules.max_tiles_played + 1)]
        if self.rules.rack_size > 16:
            raise ValueError("the move generator handles racks of up to 16 tiles")

    def engine(self, layout: BoardLayout) -> Engine:
        """The compiled configuration for ``layout`` (built once per layout, thread-safe)."""
        engine = self._engines.get(layout)
        if engine is not None:
            return engine
        with self._lock:
            engine = self._engines.get(layout)
            if engine is not None:
                return engine
            automaton = self.lexicon.automaton
            row, col = layout.start
            engine = Engine(
                automaton.buffer(),
                automaton.dawg_root,
                automaton.gaddag_root,
                layout.size,
                bytes(layout.letter_multipliers),
                bytes(layout.word_multipliers),
                row * layout.size + col,
                self._values,
                self._playable,
                self._bonuses,
                self.rules.max_tiles_played,
                self.rules.first_move_horizontal,
                self.blank_as_letter,
            )
            self._engines[layout] = engine
        return engine

    def rack_counts(self, rack: Rack | str) -> list[int]:
        """``rack`` as the core's 27 counts; :class:`BadRackError` if the set cannot give it.

        ``?`` is a blank; a letter in either case is that letter's tile (as
        :meth:`Rack.from_text <arbitre.rules.rack.Rack.from_text>` reads racks)."""
        return _rack_counts(rack, self.tiles, self.rules)

    def prepare(self, board: Board) -> PreparedBoard:
        """``board`` with its anchors and cross-checks computed, for any number of racks."""
        return PreparedBoard(self, board)

    def moves(
        self, board: Board, rack: Rack | str, limit: int | None = None
    ) -> list[GeneratedMove]:
        """Every legal move (see :meth:`PreparedBoard.moves`)."""
        return self.prepare(board).moves(rack, limit)

    def top(self, board: Board, rack: Rack | str) -> Top:
        """The best moves and the top (see :meth:`PreparedBoard.top`)."""
        return self.prepare(board).top(rack)

    def has_move(self, board: Board, rack: Rack | str) -> bool:
        """Whether any legal move exists."""
        return self.prepare(board).has_move(rack)

    def evaluate(self, board: Board, move: Move, rack: Rack | str | None = None) -> Evaluation:
        """Validate and score one move (see :meth:`PreparedBoard.evaluate`)."""
        return self.prepare(board).evaluate(move, rack)
