"""Judging one answer: is the move legal here, what does it score, are its words in the lexicon.

This is the one place where the rules (placement, scoring) meet a lexicon; the batch scorer,
and later the scoring service, call :func:`judge`.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitre.engine.lexicon import Lexicon
from arbitre.rules.board import Board
from arbitre.rules.move import Move
from arbitre.rules.placement import Placement, place
from arbitre.rules.play_rules import PlayRules
from arbitre.rules.rack import Rack
from arbitre.rules.scoring import Score, score
from arbitre.rules.tiles import TileSet


@dataclass(frozen=True, slots=True)
class Judgement:
    """A legal move, its score on the board and the formed words missing from the lexicon."""

    placement: Placement
    score: Score
    unknown_words: tuple[str, ...]

    @property
    def in_lexicon(self) -> bool:
        """Whether every word formed is in the lexicon."""
        return not self.unknown_words

    @property
    def words(self) -> tuple[str, ...]:
        """The words formed, uppercase: the main word first, then the cross words."""
        return tuple(word.word for word in self.score.words)

    @property
    def points(self) -> int:
        """What a referee awards: the score, or 0 when a word is not in the lexicon."""
        return self.score.total if not self.unknown_words else 0


def judge(
    board: Board,
    move: Move,
    tiles: TileSet,
    rules: PlayRules,
    lexicon: Lexicon,
    rack: Rack | None = None,
) -> Judgement:
    """Place and score ``move`` on ``board`` (unchanged) and look its words up in ``lexicon``.

    Raises the rules' errors (:class:`~arbitre.rules.errors.IllegalMoveError`,
    :class:`~arbitre.rules.errors.UnknownLetterError`) for a move that cannot be played; a word
    missing from the lexicon is not an error, it is reported in ``unknown_words``.
    """
    placement = place(board, move, tiles, rules, rack)
    result = score(board, placement, tiles, rules)
    contains = lexicon.automaton.__contains__
    unknown = tuple(word.word for word in result.words if not contains(word.word))
    return Judgement(placement, result, unknown)
