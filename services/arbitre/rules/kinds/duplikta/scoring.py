"""Token values and the judgement of one dupliKta move.

**Values.** A letter token is worth its value in the game's token set. A blank is worth the
value of the letter it stands for, on the board as in a move (``e`` is worth an ``E``); a blank
standing for no letter yet (``?`` on a rack) is worth the set's blank value (0 in the French
set). A letter the set does not list, or lists with no token (a set of blanks only, say), is
worth its value in the preset of the set's language (French when it names none), so that a
blank standing for it is still worth something.

>>> from arbitre.rules.tiles import FRENCH
>>> values = token_values(FRENCH)
>>> values.value("K"), values.value("k"), values.value("?"), values.total("KkE?")
(10, 10, 0, 21)

**Judging** (:func:`judge_move`). The move is placed by the project's placement rules with
dupliKta's :data:`~arbitre.rules.kinds.duplikta.config.RULES` (the first word horizontal or
vertical, through the centre; the tokens from the player's rack) and scored by the project's
scoring with the values above (premiums on new tokens only, +50 for 7 tokens). A placement that
breaks a rule raises (:class:`~arbitre.rules.errors.IllegalMoveError`,
:class:`~arbitre.rules.errors.UnknownLetterError`): the player is told and may confirm again.
Every word formed is then looked up in the lexicon; with reversed words unlocked, a word is also
valid when its reverse is in the lexicon (``RUOJ`` for ``JOUR``), each word on its own. A move
with a word that is neither is *refused* (:attr:`MoveVerdict.accepted` is false).
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass
from functools import lru_cache
from string import ascii_lowercase, ascii_uppercase

from arbitre.rules.board import Board
from arbitre.rules.errors import UnknownLetterError
from arbitre.rules.kinds.duplikta.config import RULES
from arbitre.rules.move import Move
from arbitre.rules.placement import FormedWord, Placement, place
from arbitre.rules.rack import Rack
from arbitre.rules.scoring import score
from arbitre.rules.tiles import BLANK, FRENCH, PRESETS, LetterInfo, TileSet

__all__ = ["MoveVerdict", "TokenValues", "judge_move", "token_values", "word_is_valid"]

_UPPER = frozenset(ascii_uppercase)
_LOWER = frozenset(ascii_lowercase)


@dataclass(frozen=True, slots=True)
class TokenValues:
    """The values of a game's tokens (see the module docstring).

    ``scoring_tiles`` is the game's token set with every letter ``A``-``Z`` listed (those it
    lacks with no token and their fallback value): the project's scoring reads a move whose
    blanks are written as their letters against it, so that a blank scores as its letter.
    """

    tiles: TileSet
    scoring_tiles: TileSet

    def value(self, token: str) -> int:
        """The value of one token: an uppercase letter, a lowercase letter (a blank standing for
        it) or ``?`` (a blank standing for no letter). :class:`UnknownLetterError` otherwise."""
        if token == BLANK:
            return self.tiles.blank_value
        if token in _LOWER:
            token = token.upper()
        if token not in _UPPER:
            raise UnknownLetterError(f"{token!r} is not a token")
        return self.scoring_tiles.values[token]

    def total(self, tokens: Iterable[str]) -> int:
        """The sum of the values of ``tokens``."""
        return sum(self.value(token) for token in tokens)


@lru_cache(maxsize=64)
def token_values(tiles: TileSet) -> TokenValues:
    """The :class:`TokenValues` of ``tiles`` (the last sets asked for are remembered)."""
    fallback = PRESETS.get(tiles.language or FRENCH.name, FRENCH)
    listed = {info.letter: info for info in tiles.letters}
    letters = list(tiles.letters)
    for letter in ascii_uppercase:
        if letter not in listed:
            letters.append(LetterInfo(letter, 0, fallback.values.get(letter, 0), vowel=False))
    return TokenValues(
        tiles,
        TileSet(tiles.name, tuple(letters), tiles.blanks, tiles.blank_value, tiles.language),
    )


@dataclass(frozen=True, slots=True)
class MoveVerdict:
    """A move judged on a board: its ``placement``; ``score``, its points (every word formed,
    +50 for 7 tokens); ``words``, the words formed (main word first); ``reversed_words``, those
    valid only read backwards; ``unknown_words``, those valid neither way. ``placed_value`` is
    the value of the tokens it places."""

    placement: Placement
    score: int
    words: tuple[str, ...]
    reversed_words: tuple[str, ...]
    unknown_words: tuple[str, ...]
    placed_value: int

    @property
    def accepted(self) -> bool:
        """Whether every word formed is valid."""
        return not self.unknown_words

    @property
    def move(self) -> Move:
        return self.placement.move

    @property
    def tiles(self) -> int:
        """How many tokens the move places."""
        return self.placement.tile_count

    @property
    def rack_tiles(self) -> str:
        """The tokens the move takes from the rack, ``?`` for a blank."""
        return self.placement.rack_tiles


def word_is_valid(word: str, lexicon: Container[str], reversed_words: bool) -> bool:
    """Whether ``word`` (uppercase) is in ``lexicon``, or, with ``reversed_words``, its reverse.

    >>> word_is_valid("RUOJ", {"JOUR"}, True), word_is_valid("RUOJ", {"JOUR"}, False)
    (True, False)
    """
    return word in lexicon or (reversed_words and word[::-1] in lexicon)


def judge_move(
    board: Board,
    move: Move,
    rack: Rack,
    tiles: TileSet,
    lexicon: Container[str],
    reversed_words: bool,
) -> MoveVerdict:
    """Place, score and check ``move`` played from ``rack`` on ``board`` (unchanged), by the
    rules of the module docstring. Raises the placement's errors for a move that cannot be put
    on the board from this rack; a word not valid is no error, the verdict is refused."""
    placement = place(board, move, tiles, RULES, rack)
    values = token_values(tiles)
    as_letters = Placement(
        placement.move,
        tuple((row, col, letter.upper()) for row, col, letter in placement.new_tiles),
        placement.new_squares,
        tuple(FormedWord(word.letters.upper(), word.squares) for word in placement.words),
    )
    points = score(board, as_letters, values.scoring_tiles, RULES)
    words = tuple(word.word for word in placement.words)
    reversed_only = tuple(
        word
        for word in words
        if word not in lexicon and word_is_valid(word, lexicon, reversed_words)
    )
    unknown = tuple(word for word in words if not word_is_valid(word, lexicon, reversed_words))
    placed = values.total(letter for _, _, letter in placement.new_tiles)
    return MoveVerdict(placement, points.total, words, reversed_only, unknown, placed)
