"""Normalisation of words to the Scrabble alphabet: uppercase A–Z, 2–15 letters.

Accents are removed (É→E, Ç→C), ligatures expanded (Œ→OE, Æ→AE), case folded. A word with any
other character (a hyphen, an apostrophe, a space, a digit, a letter outside the Latin alphabet)
is rejected rather than mangled: ``normalise_word`` returns ``None`` for it.
"""

from __future__ import annotations

from arbitre.rules.alphabet import fold_letters

MIN_LENGTH = 2
MAX_LENGTH = 15

_ASCII_UPPER = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def normalise_word(text: str) -> str | None:
    """Return the normalised form of one word, or ``None`` if it cannot be a Scrabble word.

    Surrounding whitespace is ignored.

    >>> normalise_word("  Fiançailles\\n")
    'FIANCAILLES'
    >>> normalise_word("œuvre")
    'OEUVRE'
    >>> normalise_word("aujourd'hui") is None
    True
    >>> normalise_word("a") is None
    True
    """
    word = text.strip()
    word = fold_letters(word).upper()
    if not MIN_LENGTH <= len(word) <= MAX_LENGTH:
        return None
    if not _ASCII_UPPER.issuperset(word):
        return None
    return word
