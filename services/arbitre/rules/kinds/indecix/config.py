"""The settings of an Indecix game: its mode, each player's aids, the colours, the games of a
match.

* ``mode``: ``classic`` (no clock), ``blitz`` (a die must be placed within ``blitz_seconds`` of
  its roll, 5 to 30, default 10; past it the die is lost as in a pass) or ``master`` (no aids,
  and a die dropped on a cell its face forbids is lost as in a pass).
* ``blitz_seconds``: the Blitz clock (kept, and checked, in every mode; used in Blitz only).
* ``aids``: each seat's aids (seat 0 first): ``legal_cells`` shows the cells the rolled die may
  go on, ``capture_preview`` what each of them would capture and score. Written as a list of
  two mappings, or one mapping for both seats. By default ``legal_cells`` is on and
  ``capture_preview`` off, and in Master both are off (Master refuses an aid that is on).
* ``colours``: the seats' colours (default blue and red), two different names of
  :data:`COLOURS` or ``#rrggbb`` values.
* ``games``: how many games the match has (1 to :data:`MAX_GAMES`); the starter alternates.

A :class:`IndecixConfig` is immutable and validated on construction (an
:class:`~arbitre.rules.kinds.base.InvalidConfigError` otherwise); :func:`configure` reads
settings from data (missing ones take their defaults, unknown ones are refused) and
:func:`config_data` writes them back.

>>> config = configure({"mode": "blitz", "aids": {"capture_preview": True}})
>>> config.mode, config.blitz_seconds, config.aids[1], config.colours
(<Mode.BLITZ: 'blitz'>, 10, Aids(legal_cells=True, capture_preview=True), ('blue', 'red'))
>>> configure(config_data(config)) == config
True
>>> configure({"mode": "master"}).aids[0]
Aids(legal_cells=False, capture_preview=False)
>>> configure({"blitz_seconds": 40})
Traceback (most recent call last):
...
arbitre.rules.kinds.base.InvalidConfigError: blitz_seconds must be from 5 to 30 (got 40)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from arbitre.rules.kinds.base import InvalidConfigError

__all__ = [
    "COLOURS",
    "MAX_BLITZ_SECONDS",
    "MAX_GAMES",
    "MIN_BLITZ_SECONDS",
    "SEATS",
    "Aids",
    "IndecixConfig",
    "Mode",
    "config_data",
    "configure",
]

#: A table has exactly this many seats.
SEATS = 2
#: The Blitz clock's bounds (seconds).
MIN_BLITZ_SECONDS = 5
MAX_BLITZ_SECONDS = 30
#: The most games a match may have.
MAX_GAMES = 20
#: The colour names a seat may take (or a ``#rrggbb`` value).
COLOURS = ("blue", "red", "green", "yellow", "orange", "purple", "pink", "brown", "grey", "black")

_HEX_COLOUR = re.compile(r"#[0-9a-f]{6}")


class Mode(StrEnum):
    """How strict the game is (see the module)."""

    CLASSIC = "classic"
    BLITZ = "blitz"
    MASTER = "master"


@dataclass(frozen=True, slots=True)
class Aids:
    """One player's aids: the legal cells of the rolled die shown, and what each would capture
    and score."""

    legal_cells: bool = True
    capture_preview: bool = False

    def __post_init__(self) -> None:
        for name in ("legal_cells", "capture_preview"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidConfigError(f"the aid {name} is true or false")

    @property
    def any(self) -> bool:
        return self.legal_cells or self.capture_preview


_NO_AIDS = Aids(legal_cells=False, capture_preview=False)


@dataclass(frozen=True, slots=True)
class IndecixConfig:
    """See the module for each setting."""

    mode: Mode = Mode.CLASSIC
    blitz_seconds: int = 10
    aids: tuple[Aids, Aids] = (Aids(), Aids())
    colours: tuple[str, str] = ("blue", "red")
    games: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.mode, Mode):
            raise InvalidConfigError(f"mode must be a Mode (got {self.mode!r})")
        _within("blitz_seconds", self.blitz_seconds, MIN_BLITZ_SECONDS, MAX_BLITZ_SECONDS)
        _within("games", self.games, 1, MAX_GAMES)
        if (
            not isinstance(self.aids, tuple)
            or len(self.aids) != SEATS
            or not all(isinstance(aids, Aids) for aids in self.aids)
        ):
            raise InvalidConfigError("aids are two seats' Aids")
        if self.mode is Mode.MASTER and any(aids.any for aids in self.aids):
            raise InvalidConfigError(
                "master mode has no aids: turn legal_cells and capture_preview off"
            )
        if (
            not isinstance(self.colours, tuple)
            or len(self.colours) != SEATS
            or not all(isinstance(colour, str) for colour in self.colours)
        ):
            raise InvalidConfigError("colours are two seats' colours")
        for colour in self.colours:
            if colour not in COLOURS and not _HEX_COLOUR.fullmatch(colour):
                raise InvalidConfigError(
                    f"a colour is one of {', '.join(COLOURS)} or #rrggbb (got {colour!r})"
                )
        if self.colours[0] == self.colours[1]:
            raise InvalidConfigError("the two seats' colours must differ")

    @property
    def blitz_ms(self) -> int | None:
        """The time to place a die after its roll, in milliseconds (``None`` but in Blitz)."""
        return self.blitz_seconds * 1000 if self.mode is Mode.BLITZ else None


_SETTINGS = ("mode", "blitz_seconds", "aids", "colours", "games")


def configure(data: Mapping[str, object]) -> IndecixConfig:
    """The configuration ``data`` describes (missing settings take their defaults; aids that
    are not given are off in Master), or :class:`InvalidConfigError`."""
    if not isinstance(data, Mapping):
        raise InvalidConfigError(f"a configuration is a mapping (got {type(data).__name__})")
    unknown = sorted(str(key) for key in data if key not in _SETTINGS)
    if unknown:
        raise InvalidConfigError(
            f"unknown setting(s): {', '.join(unknown)}; the settings are: {', '.join(_SETTINGS)}"
        )
    values: dict[str, Any] = dict(data)
    mode = values.get("mode", Mode.CLASSIC.value)
    try:
        values["mode"] = Mode(mode)
    except (ValueError, TypeError):
        shown = ", ".join(m.value for m in Mode)
        raise InvalidConfigError(f"mode must be one of {shown} (got {mode!r})") from None
    default = _NO_AIDS if values["mode"] is Mode.MASTER else Aids()
    values["aids"] = _aids(values.get("aids"), default)
    if "colours" in values:
        colours = values["colours"]
        if not isinstance(colours, list | tuple) or len(colours) != 2:
            raise InvalidConfigError(f"colours is a list of two colours (got {colours!r})")
        values["colours"] = tuple(colours)
    return IndecixConfig(**values)


def config_data(config: IndecixConfig) -> dict[str, Any]:
    """``config`` as JSON-ready data that :func:`configure` reads back to an equal value."""
    return {
        "mode": config.mode.value,
        "blitz_seconds": config.blitz_seconds,
        "aids": [
            {"legal_cells": aids.legal_cells, "capture_preview": aids.capture_preview}
            for aids in config.aids
        ],
        "colours": list(config.colours),
        "games": config.games,
    }


def _aids(value: object, default: Aids) -> tuple[Aids, Aids]:
    """Both seats' aids from ``value``: ``None``, one mapping for both, or a list of two."""
    if value is None:
        return (default, default)
    if isinstance(value, Mapping):
        one = _one_aids(value, default)
        return (one, one)
    if isinstance(value, list | tuple) and len(value) == 2:
        return (_one_aids(value[0], default), _one_aids(value[1], default))
    raise InvalidConfigError("aids is one mapping for both seats or a list of two, seat 0 first")


def _one_aids(value: object, default: Aids) -> Aids:
    if not isinstance(value, Mapping):
        raise InvalidConfigError(f"a seat's aids are a mapping (got {value!r})")
    unknown = sorted(str(key) for key in value if key not in ("legal_cells", "capture_preview"))
    if unknown:
        raise InvalidConfigError(f"unknown aid(s): {', '.join(unknown)}")
    return Aids(
        legal_cells=value.get("legal_cells", default.legal_cells),
        capture_preview=value.get("capture_preview", default.capture_preview),
    )


def _within(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidConfigError(f"{name} must be a whole number (got {value!r})")
    if not low <= value <= high:
        raise InvalidConfigError(f"{name} must be from {low} to {high} (got {value})")
