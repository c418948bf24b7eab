"""The marks of a Duel de Mots guess, in two passes, and what a keyboard shows of them.

A guess and the hidden word are words of the same language, one character per letter (see
:mod:`arbitre.rules.kinds.duel.alphabet`). Exact matches are marked first (green); then, left
to right, a letter is amber only while the word still holds a copy not yet matched, each amber
consuming one; any other letter is grey. A grey letter that *is* in the word is an **extra
copy**: the word holds it fewer times than the guess does, and the page draws an amber dot in
its corner. So the number of coloured copies of a letter in a row is the smaller of its counts
in the guess and in the word.

The seed's examples (secret, guess, marks):

>>> text(mark("FORTE", "OCTET"))
'Y.YYx'
>>> text(mark("TARTE", "OCTET"))
'..YYY'
>>> text(mark("CHIOT", "OCTET"))
'YYx.G'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from enum import StrEnum
from functools import lru_cache

__all__ = [
    "MARKS_CACHED",
    "Mark",
    "found",
    "from_text",
    "keyboard",
    "mark",
    "public",
    "text",
]


class Mark(StrEnum):
    """A letter's mark; the value is its character in ``arbitre duel mark`` and in records."""

    GREEN = "G"  # right letter, right place
    AMBER = "Y"  # in the word, elsewhere
    EXTRA = "x"  # grey, but the letter is in the word: an extra copy (the amber dot)
    GREY = "."  # not in the word

    @property
    def strength(self) -> int:
        """How much a keyboard key shows: green > amber > grey (an extra copy is grey)."""
        return _STRENGTH[self]


_STRENGTH = {Mark.GREEN: 3, Mark.AMBER: 2, Mark.EXTRA: 1, Mark.GREY: 1}
#: How many (word, guess) pairs :func:`mark` remembers (some 15 MB at most).
MARKS_CACHED = 1 << 16


@lru_cache(maxsize=MARKS_CACHED)
def mark(secret: str, guess: str) -> tuple[Mark, ...]:
    """The marks of ``guess`` against ``secret`` (same length, one character per letter).
    Remembered for the last :data:`MARKS_CACHED` pairs: a step of a round marks every stored
    row again to check it, the same rows at each step."""
    if len(secret) != len(guess):
        raise ValueError(f"a guess of {len(guess)} letters against a word of {len(secret)}")
    marks: list[Mark | None] = [None] * len(guess)
    unmatched: Counter[str] = Counter()
    for place, (wanted, given) in enumerate(zip(secret, guess, strict=True)):
        if wanted == given:
            marks[place] = Mark.GREEN
        else:
            unmatched[wanted] += 1
    in_word = set(secret)
    for place, given in enumerate(guess):
        if marks[place] is not None:
            continue
        if unmatched[given] > 0:
            unmatched[given] -= 1
            marks[place] = Mark.AMBER
        else:
            marks[place] = Mark.EXTRA if given in in_word else Mark.GREY
    return tuple(m for m in marks if m is not None)


def found(marks: Sequence[Mark]) -> bool:
    """Whether ``marks`` say the guess is the word (every letter green)."""
    return marks.count(Mark.GREEN) == len(marks)  # in C: asked of every row of a room


def public(marks: Sequence[Mark]) -> tuple[Mark, ...]:
    """What rivals see of a row: three states, no dot (an extra copy shows as plain grey, since
    a dot would tell them the guess repeated a letter)."""
    return tuple(Mark.GREY if m is Mark.EXTRA else m for m in marks)


def keyboard(rows: Iterable[tuple[str, Sequence[Mark]]]) -> dict[str, Mark]:
    """Each letter's strongest hint over revealed ``(guess, marks)`` rows: green beats amber,
    amber beats grey (an amber key stays amber whatever a later copy gave). A letter only ever
    marked as an extra copy shows :attr:`Mark.EXTRA`; one that met both shows the stronger."""
    keys: dict[str, Mark] = {}
    for guess, marks in rows:
        for letter, given in zip(guess, marks, strict=True):
            known = keys.get(letter)
            if known is None or given.strength > known.strength:
                keys[letter] = given
    return keys


def text(marks: Sequence[Mark]) -> str:
    """``marks`` as one character each: ``G``, ``Y``, ``x``, ``.``."""
    return "".join(marks)  # a mark is its character (a StrEnum): no lookup of each value


def from_text(value: str) -> tuple[Mark, ...]:
    """The marks :func:`text` wrote (a ``ValueError`` for any other character). Each guess
    reads its guesser's rows back from their text: a table of the four characters, not the
    enum's call per character."""
    try:
        return tuple(_MARK_OF[c] for c in value)
    except KeyError as error:
        raise ValueError(f"{error.args[0]!r} is not a valid Mark") from None


_MARK_OF = {mark.value: mark for mark in Mark}
