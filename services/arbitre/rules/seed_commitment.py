"""A game's seed, committed to at creation and revealed at the end.

A seed decides every tirage (and so every top) of a game: whoever knows it knows the game in
advance. The server therefore keeps it secret while the game runs, and publishes instead a
**commitment**: the SHA-256 of the seed with a random salt (the salt keeps a 63-bit seed from
being found by trying seeds against the hash). At the end it reveals the seed and the salt, and
anyone can check with :func:`verify` that the game was played from the seed committed to at its
creation, so nothing was changed on the way.

>>> salt = "3b9f0c1d2e4a5b6c7d8e9f0a1b2c3d4e"
>>> committed = commitment(7, salt)
>>> len(committed)
64
>>> verify(committed, 7, salt)
True
>>> verify(committed, 8, salt)
False
"""

from __future__ import annotations

import hashlib
import hmac

__all__ = ["COMMITMENT_SCHEME", "SALT_HEX_CHARS", "commitment", "verify"]

#: What is hashed, so that the scheme can change without ambiguity.
COMMITMENT_SCHEME = "arbitre-seed/1"
#: A salt is 128 random bits, written in hexadecimal.
SALT_HEX_CHARS = 32


def commitment(seed: int, salt: str) -> str:
    """The SHA-256 (hex) of ``arbitre-seed/1:<salt>:<seed>``: what a game publishes at its
    creation about its ``seed``."""
    text = f"{COMMITMENT_SCHEME}:{salt}:{seed}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def verify(committed: str, seed: int, salt: str) -> bool:
    """Whether ``committed`` is the commitment of ``seed`` with ``salt``."""
    try:
        expected = commitment(seed, salt)
    except UnicodeEncodeError:
        return False
    return hmac.compare_digest(committed.encode("ascii", "replace"), expected.encode("ascii"))
