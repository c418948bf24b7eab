"""Tile sets as data: which letters exist, how many of each, their values, vowels and consonants.

A tile is written as an uppercase letter ``A``–``Z``; the blank (joker) in a rack or a bag is
:data:`BLANK` (``"?"``) and, once placed on the board, the lowercase letter it stands for.

>>> FRENCH.total, FRENCH.value("K"), FRENCH.value("k"), FRENCH.count("E")
(102, 10, 0, 15)
>>> FRENCH.is_vowel("Y"), FRENCH.is_consonant("Y"), FRENCH.is_consonant("A")
(True, True, False)
>>> tile_set("en").value("K")
5
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from string import ascii_lowercase, ascii_uppercase
from types import MappingProxyType
from typing import Any

from arbitre.rules.errors import InvalidTileSetError, UnknownLetterError

__all__ = [
    "BLANK",
    "ENGLISH",
    "FRENCH",
    "MAX_TOKENS",
    "MIN_TOKENS",
    "PRESETS",
    "LetterInfo",
    "TileSet",
    "tile_set",
]

#: How a blank is written in a rack or a bag.
BLANK = "?"
#: Bounds (inclusive) on the number of tokens, blanks included, of any tile set.
MIN_TOKENS = 60
MAX_TOKENS = 120

_UPPER = frozenset(ascii_uppercase)
_LOWER = frozenset(ascii_lowercase)
_LANGUAGES = ("fr", "en")


def _is_count(value: object) -> bool:
    """True for a non-negative ``int`` (``bool`` excluded, it is not a count)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@dataclass(frozen=True, slots=True, init=False)
class LetterInfo:
    """One letter of a tile set: how many tiles carry it, their value and kind.

    A letter is a vowel, a consonant or, like the French ``Y``, both (it counts for whichever
    side suits the rack). ``consonant`` defaults to ``not vowel``.

    >>> LetterInfo("Y", 1, 10, vowel=True, consonant=True).both
    True
    >>> LetterInfo("B", 2, 3, vowel=False)
    LetterInfo(letter='B', count=2, value=3, vowel=False, consonant=True)
    """

    letter: str
    count: int
    value: int
    vowel: bool
    consonant: bool

    def __init__(
        self, letter: str, count: int, value: int, vowel: bool, consonant: bool | None = None
    ) -> None:
        if not isinstance(letter, str) or letter not in _UPPER:
            raise InvalidTileSetError(f"letter {letter!r}: must be one uppercase letter A-Z")
        if not _is_count(count):
            raise InvalidTileSetError(f"letter {letter}: count {count!r} must be an integer >= 0")
        if not _is_count(value):
            raise InvalidTileSetError(f"letter {letter}: value {value!r} must be an integer >= 0")
        if consonant is None:
            consonant = not vowel
        if not isinstance(vowel, bool) or not isinstance(consonant, bool):
            raise InvalidTileSetError(f"letter {letter}: vowel and consonant must be booleans")
        if not (vowel or consonant):
            raise InvalidTileSetError(f"letter {letter}: must be a vowel, a consonant or both")
        object.__setattr__(self, "letter", letter)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "vowel", vowel)
        object.__setattr__(self, "consonant", consonant)

    @property
    def both(self) -> bool:
        """True when the letter may count as a vowel or as a consonant (French ``Y``)."""
        return self.vowel and self.consonant


@dataclass(frozen=True, slots=True)
class TileSet:
    """A complete set of tiles: letters, blanks and values.

    Contracts: letters are distinct uppercase ``A``–``Z``; the total number of tokens, blanks
    included, is between :data:`MIN_TOKENS` and :data:`MAX_TOKENS`. A blank is worth
    ``blank_value`` and counts as a vowel or a consonant, as suits. ``language`` is a hint
    (``"fr"``, ``"en"`` or ``None``) used to pick a default lexicon.

    Lookups: ``value(letter)`` (a lowercase letter is a blank), ``count(letter)`` (``"?"`` gives
    the number of blanks), ``is_vowel``/``is_consonant``; ``letter in tile_set`` is true for a
    letter that has at least one tile, for ``"?"`` and for lowercase letters when the set has
    blanks. ``values`` maps every uppercase letter of the set and every lowercase ``a``–``z`` to
    its value, for hot loops.
    """

    name: str
    letters: tuple[LetterInfo, ...]
    blanks: int
    blank_value: int = 0
    language: str | None = None
    _by_letter: dict[str, LetterInfo] = field(init=False, repr=False, compare=False)
    _values: dict[str, int] = field(init=False, repr=False, compare=False)
    _playable: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise InvalidTileSetError("a tile set needs a non-empty name")
        if not isinstance(self.letters, tuple) or not all(
            isinstance(info, LetterInfo) for info in self.letters
        ):
            raise InvalidTileSetError("letters must be a tuple of LetterInfo")
        if not _is_count(self.blanks):
            raise InvalidTileSetError(f"blanks {self.blanks!r} must be an integer >= 0")
        if not _is_count(self.blank_value):
            raise InvalidTileSetError(f"blank_value {self.blank_value!r} must be an integer >= 0")
        if self.language is not None and self.language not in _LANGUAGES:
            raise InvalidTileSetError(
                f"language {self.language!r} must be one of {', '.join(_LANGUAGES)} or None"
            )
        by_letter: dict[str, LetterInfo] = {}
        for info in self.letters:
            if info.letter in by_letter:
                raise InvalidTileSetError(f"letter {info.letter} is listed twice")
            by_letter[info.letter] = info
        total = sum(info.count for info in self.letters) + self.blanks
        if not MIN_TOKENS <= total <= MAX_TOKENS:
            raise InvalidTileSetError(
                f"tile set {self.name!r} has {total} tokens; "
                f"a tile set holds {MIN_TOKENS} to {MAX_TOKENS} tokens, blanks included"
            )
        values = {info.letter: info.value for info in self.letters}
        values.update(dict.fromkeys(ascii_lowercase, self.blank_value))
        playable = {info.letter for info in self.letters if info.count > 0}
        if self.blanks:
            playable.update(ascii_lowercase)
        object.__setattr__(self, "_by_letter", by_letter)
        object.__setattr__(self, "_values", values)
        object.__setattr__(self, "_playable", frozenset(playable))

    # -- lookups ---------------------------------------------------------------------------

    @property
    def total(self) -> int:
        """Number of tokens, blanks included."""
        return sum(info.count for info in self.letters) + self.blanks

    @property
    def values(self) -> Mapping[str, int]:
        """Value of every uppercase letter of the set and of every lowercase (blank) letter."""
        return self._values

    @property
    def playable(self) -> frozenset[str]:
        """Letters that a new tile may carry: uppercase letters with at least one tile, and
        every lowercase letter (a blank) when the set has blanks."""
        return self._playable

    def info(self, letter: str) -> LetterInfo:
        """The :class:`LetterInfo` of an uppercase letter; :class:`UnknownLetterError` if absent."""
        try:
            return self._by_letter[letter]
        except KeyError:
            raise UnknownLetterError(
                f"letter {letter!r} is not in the tile set {self.name!r}"
            ) from None

    def value(self, letter: str) -> int:
        """Points of a tile: uppercase letter, or lowercase letter / ``"?"`` for a blank."""
        if letter == BLANK:
            return self.blank_value
        try:
            return self._values[letter]
        except KeyError:
            raise UnknownLetterError(
                f"letter {letter!r} is not in the tile set {self.name!r}"
            ) from None

    def count(self, letter: str) -> int:
        """Number of tiles of an uppercase letter (0 if absent); ``"?"`` counts blanks."""
        if letter == BLANK:
            return self.blanks
        info = self._by_letter.get(letter)
        return 0 if info is None else info.count

    def is_vowel(self, letter: str) -> bool:
        """Whether a tile may count as a vowel; blanks (``"?"`` or lowercase) always may."""
        if letter == BLANK or letter in _LOWER:
            return True
        return self.info(letter).vowel

    def is_consonant(self, letter: str) -> bool:
        """Whether a tile may count as a consonant; blanks (``"?"`` or lowercase) always may."""
        if letter == BLANK or letter in _LOWER:
            return True
        return self.info(letter).consonant

    def __contains__(self, letter: object) -> bool:
        if letter == BLANK:
            return self.blanks > 0
        return letter in self._playable

    # -- JSON-like data --------------------------------------------------------------------

    @classmethod
    def from_mapping(cls, data: Mapping[str, object]) -> TileSet:
        """Build a tile set from JSON-like data, validating every field.

        ``{"name": str, "letters": {"A": {"count": int, "value": int, "vowel": bool,
        "consonant": bool}, ...}, "blanks": int, "blank_value": int, "language": str|None}``.
        ``blanks``, ``blank_value`` (0), ``language`` (None) and ``letters`` (none) are
        optional; ``vowel`` defaults to the letter being one of ``AEIOU`` and ``consonant`` to
        ``not vowel``. Unknown keys are rejected so that typos do not pass silently.

        >>> data = {"name": "tiny", "letters": {"E": {"count": 50, "value": 1}}, "blanks": 10}
        >>> TileSet.from_mapping(data).total
        60
        """
        if not isinstance(data, Mapping):
            raise InvalidTileSetError("a tile set description must be a mapping")
        _reject_unknown_keys(
            data, {"name", "letters", "blanks", "blank_value", "language"}, "tile set"
        )
        name = data.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InvalidTileSetError("tile set: 'name' must be a non-empty string")
        raw_letters = data.get("letters", {})
        if not isinstance(raw_letters, Mapping):
            raise InvalidTileSetError("tile set: 'letters' must map each letter to its data")
        letters = tuple(_letter_from_mapping(key, spec) for key, spec in raw_letters.items())
        language = data.get("language")
        if language is not None and not isinstance(language, str):
            raise InvalidTileSetError("tile set: 'language' must be a string or null")
        blanks = data.get("blanks", 0)
        blank_value = data.get("blank_value", 0)
        if not _is_count(blanks):
            raise InvalidTileSetError(f"tile set: 'blanks' {blanks!r} must be an integer >= 0")
        if not _is_count(blank_value):
            raise InvalidTileSetError(
                f"tile set: 'blank_value' {blank_value!r} must be an integer >= 0"
            )
        assert isinstance(blanks, int)
        assert isinstance(blank_value, int)
        return cls(name, letters, blanks, blank_value, language)

    def to_mapping(self) -> dict[str, Any]:
        """The JSON-like description that :meth:`from_mapping` reads back to an equal set."""
        return {
            "name": self.name,
            "language": self.language,
            "letters": {
                info.letter: {
                    "count": info.count,
                    "value": info.value,
                    "vowel": info.vowel,
                    "consonant": info.consonant,
                }
                for info in self.letters
            },
            "blanks": self.blanks,
            "blank_value": self.blank_value,
        }


def _reject_unknown_keys(data: Mapping[Any, object], allowed: set[str], where: str) -> None:
    unknown = sorted(str(key) for key in data if key not in allowed)
    if unknown:
        raise InvalidTileSetError(
            f"{where}: unknown field(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}"
        )


def _letter_from_mapping(key: object, spec: object) -> LetterInfo:
    if not isinstance(key, str) or key not in _UPPER:
        raise InvalidTileSetError(f"tile set: letter {key!r} must be one uppercase letter A-Z")
    if not isinstance(spec, Mapping):
        raise InvalidTileSetError(f"letter {key}: expected a mapping with count and value")
    _reject_unknown_keys(spec, {"count", "value", "vowel", "consonant"}, f"letter {key}")
    for required in ("count", "value"):
        if required not in spec:
            raise InvalidTileSetError(f"letter {key}: missing {required!r}")
    count, value = spec["count"], spec["value"]
    vowel = spec.get("vowel", key in "AEIOU")
    consonant = spec.get("consonant")
    if not _is_count(count):
        raise InvalidTileSetError(f"letter {key}: count {count!r} must be an integer >= 0")
    if not _is_count(value):
        raise InvalidTileSetError(f"letter {key}: value {value!r} must be an integer >= 0")
    if not isinstance(vowel, bool) or (consonant is not None and not isinstance(consonant, bool)):
        raise InvalidTileSetError(f"letter {key}: vowel and consonant must be booleans")
    assert isinstance(count, int)
    assert isinstance(value, int)
    return LetterInfo(key, count, value, vowel, consonant)


def _preset(
    name: str, language: str, spec: str, vowels: str, both: str, blanks: int = 2
) -> TileSet:
    """Build a preset from ``"A9:1 B2:3 ..."`` (letter, count, value)."""
    letters = []
    for item in spec.split():
        letter, numbers = item[0], item[1:]
        count, value = numbers.split(":")
        is_both = letter in both
        letters.append(
            LetterInfo(
                letter,
                int(count),
                int(value),
                vowel=letter in vowels or is_both,
                consonant=letter not in vowels or is_both,
            )
        )
    return TileSet(name, tuple(letters), blanks, 0, language)


#: French tile set (FISF): 102 tiles; Y counts as a vowel or a consonant.
FRENCH = _preset(
    "fr",
    "fr",
    "A9:1 B2:3 C2:3 D3:2 E15:1 F2:4 G2:2 H2:4 I8:1 J1:8 K1:10 L5:1 M3:2 N6:1 O6:1 P2:3 Q1:8"
    " R6:1 S6:1 T6:1 U6:1 V2:4 W1:10 X1:10 Y1:10 Z1:10",
    vowels="AEIOU",
    both="Y",
)

#: Standard English tile set: 100 tiles; Y counts as a vowel or a consonant.
ENGLISH = _preset(
    "en",
    "en",
    "A9:1 B2:3 C2:3 D4:2 E12:1 F2:4 G3:2 H2:4 I9:1 J1:8 K1:5 L4:1 M2:3 N6:1 O8:1 P2:3 Q1:10"
    " R6:1 S4:1 T6:1 U4:1 V2:4 W2:4 X1:8 Y2:4 Z1:10",
    vowels="AEIOU",
    both="Y",
)

#: The preset tile sets by their canonical name, their language's code (``fr``, ``en``): the
#: name every output uses (a configuration, a position, a message).
PRESETS: Mapping[str, TileSet] = MappingProxyType(
    {tiles.name: tiles for tiles in (FRENCH, ENGLISH)}
)
#: Other names accepted for a preset on input (older records and configurations use them).
_ALIASES = {"french": FRENCH, "english": ENGLISH}


def tile_set(name: str) -> TileSet:
    """A preset tile set by name, any case: its canonical name (``"fr"``, ``"en"``, which
    :attr:`TileSet.name` holds) or an alias (``"french"``, ``"english"``).

    Raises :class:`InvalidTileSetError` for any other name.
    """
    try:
        key = name.strip().lower()
        return PRESETS.get(key) or _ALIASES[key]
    except (KeyError, AttributeError):
        raise InvalidTileSetError(
            f"unknown tile set {name!r}; known: {', '.join(PRESETS)} (also {', '.join(_ALIASES)})"
        ) from None
