"""The settings of a Duel de Mots game: the language of the words, the round clock, the number
of rounds and seats, the reveal pause and the word list's name.

A :class:`DuelConfig` is immutable and validated on construction: a value out of its bounds is
an :class:`~arbitre.rules.kinds.base.InvalidConfigError`. :func:`configure` reads settings from
data (missing ones take their defaults, unknown ones are refused) and :func:`config_data` writes
them back.

>>> config = configure({"language": "fr", "rounds": 5})
>>> config.language, config.round_seconds, config.rounds, config.seats
(<Language.FR: 'fr'>, 120, 5, 4)
>>> configure(config_data(config)) == config
True
>>> configure({"seats": 9})
Traceback (most recent call last):
...
arbitre.rules.kinds.base.InvalidConfigError: seats must be 0 (a room) or from 2 to 8 (got 9)
>>> configure({"seats": 0}).capacity
10000
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from arbitre.rules.kinds.base import InvalidConfigError
from arbitre.rules.kinds.duel.alphabet import Language, UnknownLanguageError, language

__all__ = [
    "CLOSING_WINDOW_MS",
    "MAX_REVEAL_SECONDS",
    "MAX_ROOM_PLAYERS",
    "MAX_SEATS",
    "MAX_WORDS_NAME_CHARS",
    "MIN_SEATS",
    "ROUND_COUNTS",
    "ROUND_SECONDS",
    "DuelConfig",
    "config_data",
    "configure",
]

#: The round clocks a game may have (1:30, 2:00, 2:30, 3:00).
ROUND_SECONDS: tuple[int, ...] = (90, 120, 150, 180)
#: The numbers of rounds a game may have.
ROUND_COUNTS: tuple[int, ...] = (1, 3, 5)
#: The table sizes a game may have; ``seats`` 0 makes it a *room*, a simultané without a seat
#: limit but this one.
MIN_SEATS = 2
MAX_SEATS = 8
MAX_ROOM_PLAYERS = 10_000
#: The longest reveal pause between two rounds (0 waits for the organiser's Next).
MAX_REVEAL_SECONDS = 600
#: The longest word list name (a name or a path).
MAX_WORDS_NAME_CHARS = 200
#: When a player first finds the word, the others have at most this long to finish.
CLOSING_WINDOW_MS = 20_000


@dataclass(frozen=True, slots=True)
class DuelConfig:
    """``language`` of the words; ``round_seconds``, each round's clock; ``rounds`` in the game;
    ``seats`` at the table (0: a room, a simultané of up to :data:`MAX_ROOM_PLAYERS` players);
    ``reveal_seconds``, how long a closed round is shown before the next one opens by itself
    (0: the next round waits for the organiser); ``words``, the name of the word list
    (``shipped``, or what the engine loads it from)."""

    language: Language = Language.EN
    round_seconds: int = 120
    rounds: int = 3
    seats: int = 4
    reveal_seconds: int = 15
    words: str = "shipped"

    def __post_init__(self) -> None:
        if not isinstance(self.language, Language):
            raise InvalidConfigError(f"language must be a Language (got {self.language!r})")
        _one_of("round_seconds", self.round_seconds, ROUND_SECONDS)
        _one_of("rounds", self.rounds, ROUND_COUNTS)
        if _integer("seats", self.seats) != 0:
            _within("seats", self.seats, MIN_SEATS, MAX_SEATS, "0 (a room) or ")
        _within("reveal_seconds", self.reveal_seconds, 0, MAX_REVEAL_SECONDS)
        if not isinstance(self.words, str) or not self.words.strip():
            raise InvalidConfigError(f"words must name a word list (got {self.words!r})")
        if len(self.words) > MAX_WORDS_NAME_CHARS:
            raise InvalidConfigError(
                f"words must be at most {MAX_WORDS_NAME_CHARS} characters (got {len(self.words)})"
            )

    @property
    def capacity(self) -> int:
        """How many players may be seated: the table's seats, or a room's most."""
        return self.seats or MAX_ROOM_PLAYERS

    @property
    def round_ms(self) -> int:
        """The round clock in milliseconds."""
        return self.round_seconds * 1000

    @property
    def reveal_ms(self) -> int:
        """The reveal pause in milliseconds (0: wait for the organiser)."""
        return self.reveal_seconds * 1000


_SETTINGS = tuple(f.name for f in fields(DuelConfig))


def configure(data: Mapping[str, object]) -> DuelConfig:
    """The configuration ``data`` describes (missing settings take their defaults), or
    :class:`InvalidConfigError` for an unknown setting or a value out of its bounds."""
    if not isinstance(data, Mapping):
        raise InvalidConfigError(f"a configuration is a mapping (got {type(data).__name__})")
    unknown = sorted(str(key) for key in data if key not in _SETTINGS)
    if unknown:
        raise InvalidConfigError(
            f"unknown setting(s): {', '.join(unknown)}; the settings are: {', '.join(_SETTINGS)}"
        )
    values: dict[str, Any] = dict(data)
    if "language" in values:
        value = values["language"]
        if not isinstance(value, str):
            raise InvalidConfigError(f"language must be a language code (got {value!r})")
        try:
            values["language"] = language(value)
        except UnknownLanguageError as error:
            raise InvalidConfigError(str(error)) from None
    return DuelConfig(**values)


def config_data(config: DuelConfig) -> dict[str, Any]:
    """``config`` as JSON-ready data that :func:`configure` reads back to an equal value."""
    return {
        "language": config.language.value,
        "round_seconds": config.round_seconds,
        "rounds": config.rounds,
        "seats": config.seats,
        "reveal_seconds": config.reveal_seconds,
        "words": config.words,
    }


def _integer(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidConfigError(f"{name} must be a whole number (got {value!r})")
    return value


def _one_of(name: str, value: object, allowed: tuple[int, ...]) -> None:
    if _integer(name, value) not in allowed:
        shown = ", ".join(str(a) for a in allowed)
        raise InvalidConfigError(f"{name} must be one of {shown} (got {value!r})")


def _within(name: str, value: object, low: int, high: int, other: str = "") -> None:
    number = _integer(name, value)
    if not low <= number <= high:
        raise InvalidConfigError(f"{name} must be {other}from {low} to {high} (got {number})")
