"""Word searches over a lexicon: anagrams (with blanks), patterns, and "plus one".

Each search walks the compiled DAWG in :mod:`arbitre.engine._automaton` without the GIL and
returns the matching words in alphabetical order, at most ``limit`` of them
(:data:`DEFAULT_LIMIT` unless told, never more than :data:`MAX_LIMIT`), with a flag telling
whether more words matched.

Queries are read like words (any case, accents folded as :func:`normalise_word` folds them)
with two wildcards: ``?`` is one letter of any kind (a blank in a rack) and, in a pattern only,
``*`` is any run of letters, none included. A query has at most 15 letters and ``?``; stars do
not count. Anything else raises :class:`InvalidQueryError`.

>>> lexicon = Lexicon.from_words(["chien", "chine", "niche", "chenil", "ne", "nie"])
>>> anagrams(lexicon, "Chien")
SearchResult(words=['CHIEN', 'CHINE', 'NICHE'], truncated=False)
>>> pattern(lexicon, "N*E").words
['NE', 'NICHE', 'NIE']
>>> plus_one(lexicon, "NE")
SearchResult(words=['NIE'], truncated=False)
>>> anagrams(lexicon, "N?", limit=0)
SearchResult(words=[], truncated=True)
"""

from __future__ import annotations

from typing import NamedTuple

from arbitre.engine.lexicon import Lexicon
from arbitre.engine.normalise import MAX_LENGTH
from arbitre.rules.alphabet import fold_letters
from arbitre.rules.errors import ArbitreError

__all__ = [
    "DEFAULT_LIMIT",
    "MAX_LIMIT",
    "MAX_QUERY_CHARS",
    "InvalidQueryError",
    "SearchResult",
    "anagrams",
    "pattern",
    "plus_one",
]

#: Words returned when the caller names no limit.
DEFAULT_LIMIT = 1_000
#: The most words one search returns, whatever the caller asks.
MAX_LIMIT = 10_000
#: Longest query text read (letters, wildcards, stars and surrounding spaces).
MAX_QUERY_CHARS = 64

BLANK = "?"
STAR = "*"
_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


class InvalidQueryError(ArbitreError):
    """A search query that is not letters and wildcards, is empty or too long, or a bad limit."""

    code = "bad_query"


class SearchResult(NamedTuple):
    """The words found, in alphabetical order, and whether more matched than the limit."""

    words: list[str]
    truncated: bool


def anagrams(lexicon: Lexicon, letters: str, limit: int = DEFAULT_LIMIT) -> SearchResult:
    """Every word of ``lexicon`` using exactly ``letters``, each ``?`` standing for any letter.

    >>> anagrams(Lexicon.from_words(["rien", "nier", "reins"]), "ei?n").words
    ['NIER', 'RIEN']
    """
    symbols = _symbols(letters, _LETTERS | {BLANK}, "anagrams")
    return _anagrams(lexicon, symbols, _limit(limit))


def plus_one(lexicon: Lexicon, letters: str, limit: int = DEFAULT_LIMIT) -> SearchResult:
    """Every word of ``lexicon`` made of ``letters`` and exactly one more letter: the anagrams
    of ``letters + "?"`` (so ``letters`` has at most 14 letters and ``?``).

    >>> plus_one(Lexicon.from_words(["rien", "nier", "reins", "rein"]), "rien").words
    ['REINS']
    """
    symbols = _symbols(letters, _LETTERS | {BLANK}, "plus_one", room=1)
    return _anagrams(lexicon, symbols + BLANK, _limit(limit))


def pattern(lexicon: Lexicon, pattern: str, limit: int = DEFAULT_LIMIT) -> SearchResult:
    """Every word of ``lexicon`` spelled by ``pattern``: a letter stands for itself, ``?`` for
    any one letter, ``*`` for any letters (none or more).

    >>> pattern(Lexicon.from_words(["mer", "mare", "mur", "amer"]), "M?R*").words
    ['MARE', 'MER', 'MUR']
    """
    symbols = _symbols(pattern, _LETTERS | {BLANK, STAR}, "pattern")
    words, truncated = lexicon.automaton.pattern(symbols.encode("ascii"), _limit(limit))
    return SearchResult(words, truncated)


def _anagrams(lexicon: Lexicon, symbols: str, limit: int) -> SearchResult:
    rack = bytearray(27)  # index 0 the blanks, 1..26 the letters A..Z
    for symbol in symbols:
        rack[0 if symbol == BLANK else ord(symbol) - 64] += 1
    words, truncated = lexicon.automaton.anagrams(bytes(rack), limit)
    return SearchResult(words, truncated)


def _symbols(text: str, allowed: frozenset[str], what: str, room: int = 0) -> str:
    """``text`` folded to uppercase A–Z and wildcards, checked: 1 to ``15 - room`` symbols
    besides stars."""
    if not isinstance(text, str):
        raise InvalidQueryError(f"{what}: a string is expected, not {type(text).__name__}")
    if len(text) > MAX_QUERY_CHARS:
        raise InvalidQueryError(f"{what}: more than {MAX_QUERY_CHARS} characters")
    symbols = fold_letters(text.strip()).upper()
    wrong = [symbol for symbol in symbols if symbol not in allowed]
    if wrong:
        wildcards = " or ".join(sorted(allowed - _LETTERS))
        raise InvalidQueryError(
            f"{what} {text!r}: {wrong[0]!r} is neither a letter A–Z nor {wildcards}"
        )
    counted = len(symbols) - symbols.count(STAR)
    if not symbols:
        raise InvalidQueryError(f"{what}: empty query")
    most = MAX_LENGTH - room
    if counted > most:
        raise InvalidQueryError(f"{what} {text!r}: {counted} letters, at most {most} allowed")
    return symbols


def _limit(limit: int) -> int:
    """``limit`` checked (a whole number, not negative) and capped at :data:`MAX_LIMIT`."""
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise InvalidQueryError(f"limit: a whole number is expected, not {limit!r}")
    if limit < 0:
        raise InvalidQueryError(f"limit {limit}: must not be negative")
    return min(limit, MAX_LIMIT)
