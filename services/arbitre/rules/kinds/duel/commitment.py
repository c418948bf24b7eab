"""What a game's seed decides (each round's hidden word and salt) and what a round commits to.

**The words.** A game of ``rounds`` rounds hides ``rounds`` distinct words of its list's
secrets, chosen by :func:`secret_words` from the seed and the game id alone: a partial
Fisher–Yates shuffle of the secrets (in their sorted order) whose random numbers are 256-bit
integers, the SHA-256 of ``arbitre-duel/1:words:<seed>:<game_id>:<n>`` for n = 0, 1, 2, ...
(a number at or above the largest multiple of the range below 2**256 is skipped, so every
choice is uniform). It depends on no library's generator, so anyone can reproduce it.

**The salts.** Round r's salt is the first :data:`SALT_HEX_CHARS` hexadecimal characters (128
bits) of HMAC-SHA256 keyed with the seed (its decimal digits, in ASCII) over ``<game_id>:<r>``
(UTF-8): reproducible on replay, and one round's salt tells nothing of the seed or of another
round's.

**The commitment.** When round r opens, the game publishes the SHA-256 (hex) of
``arbitre-duel/1:<game_id>:<r>:<salt>:<word>`` (UTF-8); when it closes, it reveals the word and
the salt, and anyone checks with :func:`verify` that the word was fixed before the first guess.

>>> salt = round_salt(7, "g1", 1)
>>> len(salt)
32
>>> committed = commitment("g1", 1, salt, "FORTE")
>>> verify(committed, "g1", 1, salt, "FORTE"), verify(committed, "g1", 1, salt, "TARTE")
(True, False)
>>> words = secret_words(7, "g1", ("CHIOT", "FORTE", "TARTE"), 3)
>>> words == secret_words(7, "g1", ("CHIOT", "FORTE", "TARTE"), 3), sorted(words)
(True, ['CHIOT', 'FORTE', 'TARTE'])
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence

__all__ = [
    "COMMITMENT_SCHEME",
    "SALT_HEX_CHARS",
    "commitment",
    "round_salt",
    "secret_words",
    "verify",
]

#: The scheme's name, hashed with everything it commits to.
COMMITMENT_SCHEME = "arbitre-duel/1"
#: A salt is 128 bits, in hexadecimal.
SALT_HEX_CHARS = 32

_DRAW_BITS = 256


def secret_words(seed: int, game_id: str, secrets: Sequence[str], rounds: int) -> tuple[str, ...]:
    """The hidden words of rounds 1 to ``rounds`` (distinct), chosen from ``secrets`` by
    ``seed`` and ``game_id``; a ``ValueError`` when there are fewer secrets than rounds."""
    if rounds > len(secrets):
        raise ValueError(f"{len(secrets)} secret word(s) cannot fill {rounds} rounds")
    pool = list(secrets)
    draws = _draws(seed, game_id)
    for place in range(rounds):
        other = place + _below(len(pool) - place, draws)
        pool[place], pool[other] = pool[other], pool[place]
    return tuple(pool[:rounds])


def round_salt(seed: int, game_id: str, round_number: int) -> str:
    """The salt of round ``round_number`` of game ``game_id`` played from ``seed``."""
    key = str(seed).encode("ascii")
    message = f"{game_id}:{round_number}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()[:SALT_HEX_CHARS]


def commitment(game_id: str, round_number: int, salt: str, word: str) -> str:
    """The SHA-256 (hex) of ``arbitre-duel/1:<game_id>:<round>:<salt>:<word>``: what round
    ``round_number`` publishes about its ``word`` when it opens."""
    text = f"{COMMITMENT_SCHEME}:{game_id}:{round_number}:{salt}:{word}"
    return hashlib.sha256(text.encode()).hexdigest()


def verify(committed: str, game_id: str, round_number: int, salt: str, word: str) -> bool:
    """Whether ``committed`` is the commitment of ``word`` with ``salt`` for that round."""
    try:
        expected = commitment(game_id, round_number, salt, word)
    except UnicodeEncodeError:  # a lone surrogate: nothing was committed to with it
        return False
    return hmac.compare_digest(committed.encode("utf-8", "replace"), expected.encode("ascii"))


def _draws(seed: int, game_id: str) -> Iterator[int]:
    """The 256-bit random numbers of ``seed`` and ``game_id``, in order."""
    count = 0
    while True:
        text = f"{COMMITMENT_SCHEME}:words:{seed}:{game_id}:{count}"
        yield int.from_bytes(hashlib.sha256(text.encode()).digest(), "big")
        count += 1


def _below(bound: int, draws: Iterator[int]) -> int:
    """A uniform number from 0 to ``bound`` - 1 taken from ``draws``."""
    limit = (1 << _DRAW_BITS) - (1 << _DRAW_BITS) % bound
    while True:
        value = next(draws)
        if value < limit:
            return value % bound
