"""What a game's seed decides: who starts, every die's face, and the commitment to the seed.

A game of Indecix is exactly :data:`ROLLS` rolls, :data:`DICE_PER_PLAYER` per player, in turn:
the starter rolls the odd rolls (1, 3, ... 35), the other player the even ones
(:func:`roller`). In a match of several games the starter alternates: the first game's starter
is drawn from the seed, the second game's is the other player, and so on (:func:`starter`).

**The generator** depends on no library's random numbers, so anyone can reproduce it from the
seed alone (and a duplicate-dice event plays the same rolls at every table that has the same
seed: the game id is not part of it):

* the first game's starter is seat ``b & 1``, ``b`` the first byte of the SHA-256 of
  ``arbitre-indecix/1:starter:<seed>`` (UTF-8, the seed in decimal);
* the faces of game *g* (from 1) come from the bytes of the SHA-256 of
  ``arbitre-indecix/1:dice:<seed>:<g>:<k>`` for k = 0, 1, 2, ... in turn: a byte below 252
  gives the face ``byte % 6 + 1`` and a byte from 252 to 255 is skipped, so that every face
  is equally likely (252 = 6 × 42).

**The commitment** published when a game is created is the SHA-256 (hex) of
``arbitre-indecix/1:seed:<seed>``; the seed is revealed once the game is over and anyone checks
it with :func:`verify`. (Its strength is the seed's: the session draws 64-bit seeds.)

>>> faces(7, 1) == faces(7, 1), len(faces(7, 1)), set(faces(7, 1)) <= {1, 2, 3, 4, 5, 6}
(True, 36, True)
>>> [roller(0, n) for n in (1, 2, 3)], [roller(1, n) for n in (1, 2, 3)]
([0, 1, 0], [1, 0, 1])
>>> starter(7, 1) != starter(7, 2)
True
>>> verify(commitment(7), 7), verify(commitment(7), 8)
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator

__all__ = [
    "DICE_PER_PLAYER",
    "ROLLS",
    "SCHEME",
    "commitment",
    "faces",
    "roller",
    "starter",
    "verify",
]

#: The scheme's name, hashed with everything the seed decides.
SCHEME = "arbitre-indecix/1"
#: Rolls in a game.
ROLLS = 36
#: Dice per player in a game.
DICE_PER_PLAYER = ROLLS // 2

_UNIFORM_BELOW = 252  # the largest multiple of 6 a byte can hold


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode()).digest()


def starter(seed: int, game: int) -> int:
    """The seat (0 or 1) who starts game ``game`` (from 1) of a match played from ``seed``."""
    first = _digest(f"{SCHEME}:starter:{seed}")[0] & 1
    return (first + game - 1) % 2


def roller(first: int, roll: int) -> int:
    """The seat who rolls roll ``roll`` (1 to :data:`ROLLS`) of a game that seat ``first``
    starts."""
    return (first + roll - 1) % 2


def _bytes(seed: int, game: int) -> Iterator[int]:
    block = 0
    while True:
        yield from _digest(f"{SCHEME}:dice:{seed}:{game}:{block}")
        block += 1


def faces(seed: int, game: int) -> tuple[int, ...]:
    """The faces of the :data:`ROLLS` rolls of game ``game`` (from 1) played from ``seed``, in
    order."""
    rolled: list[int] = []
    for byte in _bytes(seed, game):
        if byte < _UNIFORM_BELOW:
            rolled.append(byte % 6 + 1)
            if len(rolled) == ROLLS:
                return tuple(rolled)
    raise AssertionError("unreachable")  # pragma: no cover - _bytes never ends


def commitment(seed: int) -> str:
    """The SHA-256 (hex) of ``arbitre-indecix/1:seed:<seed>``: what a game publishes about its
    seed at its creation."""
    return hashlib.sha256(f"{SCHEME}:seed:{seed}".encode()).hexdigest()


def verify(committed: str, seed: int) -> bool:
    """Whether ``committed`` is the commitment of ``seed``."""
    return hmac.compare_digest(committed.encode("utf-8", "replace"), commitment(seed).encode())
