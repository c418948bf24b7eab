"""The Latin alphabet of the games: folding accented letters and ligatures to plain letters.

>>> fold_letters("Œuvré")
'OEuvre'
"""

from __future__ import annotations

import unicodedata
from string import ascii_letters

__all__ = ["fold_letters"]

_LETTERS = frozenset(ascii_letters)
_LIGATURES = {"Œ": "OE", "œ": "oe", "Æ": "AE", "æ": "ae"}


def fold_letters(text: str) -> str:
    """Remove accents and expand ligatures, keeping the case: ``"Œuvré"`` -> ``"OEuvre"``.

    Characters that have no plain Latin letter inside are kept as they are (the caller
    rejects them).
    """
    if text.isascii():
        return text
    text = unicodedata.normalize("NFC", text)  # a letter followed by a combining accent
    out: list[str] = []
    for char in text:
        if char.isascii():
            out.append(char)
        elif char in _LIGATURES:
            out.append(_LIGATURES[char])
        else:
            base = "".join(
                part
                for part in unicodedata.normalize("NFD", char)
                if not unicodedata.combining(part)
            )
            out.append(base if len(base) == 1 and base in _LETTERS else char)
    return "".join(out)
