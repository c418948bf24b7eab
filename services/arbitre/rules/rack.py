"""Racks: a multiset of tiles, uppercase letters and ``?`` for blanks.

A rack is kept in a canonical order (letters sorted, blanks last), so two racks holding the
same tiles are equal.

>>> rack = Rack.from_text("RU+ZXTEU")
>>> rack.text(), len(rack)
('ERTUUXZ', 7)
>>> rack.take("TREUz").text()
Traceback (most recent call last):
  ...
arbitre.rules.errors.IllegalMoveError: the rack ERTUUXZ lacks ? (for a blank)
>>> Rack.from_text("?EBAAEF").take("FABAcEE").text()
''
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from string import ascii_lowercase, ascii_uppercase

from arbitre.rules.errors import IllegalMoveError, InvalidNotationError
from arbitre.rules.tiles import BLANK, TileSet

__all__ = ["Rack", "RackBalance"]

_UPPER = frozenset(ascii_uppercase)
_LOWER = frozenset(ascii_lowercase)
_TILES = _UPPER | {BLANK}


def _canonical(tiles: Iterable[str]) -> str:
    letters = sorted(tiles)
    blanks = letters.count(BLANK)
    if blanks:
        letters = letters[blanks:]  # "?" sorts before "A"
    return "".join(letters) + BLANK * blanks


@dataclass(frozen=True, slots=True)
class RackBalance:
    """Vowels and consonants of a rack: tiles that count only as one or the other, and tiles
    (blanks, French ``Y``) that count as either, as suits."""

    vowels: int
    consonants: int
    either: int

    def satisfies(self, vowels: int, consonants: int) -> bool:
        """Whether the tiles can be split to give at least ``vowels`` vowels and
        ``consonants`` consonants, each flexible tile counting on one side only."""
        return (
            self.vowels + self.either >= vowels
            and self.consonants + self.either >= consonants
            and self.vowels + self.consonants + self.either >= vowels + consonants
        )


@dataclass(frozen=True, slots=True)
class Rack:
    """A multiset of tiles: ``tiles`` holds uppercase letters then one ``?`` per blank.

    The constructor sorts the tiles; :meth:`from_text` also reads published forms.
    """

    tiles: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.tiles, str) or not _TILES.issuperset(self.tiles):
            raise InvalidNotationError(
                f"bad rack {self.tiles!r}: uppercase letters A-Z and '?' for blanks"
            )
        object.__setattr__(self, "tiles", _canonical(self.tiles))

    @classmethod
    def _trusted(cls, canonical: str) -> Rack:
        """A rack from tiles already validated and in canonical order (no checks)."""
        rack = object.__new__(cls)
        object.__setattr__(rack, "tiles", canonical)
        return rack

    @classmethod
    def from_text(cls, text: str) -> Rack:
        """Read a rack as published: ``"?EBAAEF"``, ``"RU+ZXTEU"`` (kept + new) or
        ``"-BNISRAA"`` (after a rejection). ``+`` and ``-`` are ignored and letters may be in
        either case; anything else raises :class:`InvalidNotationError`."""
        if not isinstance(text, str):
            raise InvalidNotationError(f"a rack must be a string, not {text!r}")
        tiles = text.replace("+", "").replace("-", "").upper()
        if not _TILES.issuperset(tiles):
            raise InvalidNotationError(
                f"bad rack {text!r}: letters A-Z, '?' for blanks, '+' and '-' only"
            )
        return cls._trusted(_canonical(tiles))

    def text(self) -> str:
        """The tiles, letters sorted then blanks: ``"AABEEF?"``."""
        return self.tiles

    def __len__(self) -> int:
        return len(self.tiles)

    def __iter__(self) -> Iterator[str]:
        return iter(self.tiles)

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, str) and len(tile) == 1 and tile in self.tiles

    def __str__(self) -> str:
        return self.tiles

    def count(self, tile: str) -> int:
        """How many copies of ``tile`` (a letter or ``?``) the rack holds."""
        return self.tiles.count(tile) if len(tile) == 1 else 0

    @property
    def blanks(self) -> int:
        """Number of blanks."""
        return self.tiles.count(BLANK)

    def missing(self, needed: Iterable[str]) -> str:
        """The tiles of ``needed`` that the rack cannot provide, in canonical order.

        ``needed`` holds board letters: an uppercase letter needs that very tile, a lowercase
        letter (or ``?``) needs a blank. An empty result means the rack holds them all.
        """
        return _canonical(self._split(needed)[1])

    def require(self, needed: Iterable[str]) -> None:
        """Check that the rack holds ``needed`` (board letters, lowercase = blank).

        Raises :class:`IllegalMoveError` (``not_on_rack``) naming the missing tiles.
        """
        lacking = self.missing(needed)
        if lacking:
            raise IllegalMoveError("not_on_rack", _lacking_message(self, lacking))

    def take(self, needed: Iterable[str]) -> Rack:
        """The rack left after taking ``needed`` (board letters, lowercase = blank).

        Raises :class:`IllegalMoveError` (``not_on_rack``) naming the missing tiles.
        """
        left, lacking = self._split(needed)
        if lacking:
            raise IllegalMoveError("not_on_rack", _lacking_message(self, _canonical(lacking)))
        return Rack._trusted("".join(left))

    def _split(self, needed: Iterable[str]) -> tuple[list[str], list[str]]:
        """``(left, lacking)``: the rack's tiles left after taking ``needed``, and the tiles of
        ``needed`` it could not provide (a lowercase letter needs a blank)."""
        left = list(self.tiles)
        lacking: list[str] = []
        for letter in needed:
            tile = BLANK if letter in _LOWER else letter
            try:
                left.remove(tile)
            except ValueError:
                lacking.append(tile)
        return left, lacking

    def add(self, tiles: Iterable[str]) -> Rack:
        """A rack holding these tiles and ``tiles`` (uppercase letters or ``?``)."""
        return Rack(self.tiles + "".join(tiles))

    def balance(self, tiles: TileSet) -> RackBalance:
        """Count vowels, consonants and either-way tiles according to ``tiles``.

        Raises :class:`~arbitre.rules.errors.UnknownLetterError` for a letter not in the set.
        """
        vowels = consonants = either = 0
        for tile in self.tiles:
            vowel, consonant = tiles.is_vowel(tile), tiles.is_consonant(tile)
            if vowel and consonant:
                either += 1
            elif vowel:
                vowels += 1
            else:
                consonants += 1
        return RackBalance(vowels, consonants, either)

    def satisfies_minimum(self, tiles: TileSet, vowels: int = 2, consonants: int = 2) -> bool:
        """Whether the rack holds at least ``vowels`` vowels and ``consonants`` consonants,
        blanks and either-way letters (French ``Y``) counting on whichever side suits, each on
        one side only (the tirage rule: 2 and 2 up to turn 15, then 1 and 1).

        >>> from arbitre.rules.tiles import FRENCH
        >>> Rack.from_text("YBCDFGA").satisfies_minimum(FRENCH)
        True
        >>> Rack.from_text("Y?A").satisfies_minimum(FRENCH)
        False
        """
        return self.balance(tiles).satisfies(vowels, consonants)


def _lacking_message(rack: Rack, lacking: str) -> str:
    letters = lacking.rstrip(BLANK)
    blanks = len(lacking) - len(letters)
    parts = []
    if letters:
        parts.append(" ".join(letters))
    if blanks:
        parts.append(f"{BLANK} (for a blank)" if blanks == 1 else f"{blanks} {BLANK} (blanks)")
    shown = rack.tiles or "(empty)"
    return f"the rack {shown} lacks {', '.join(parts)}"
