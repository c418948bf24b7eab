"""Game configuration as data: the variant, lexicon, tiles, board, tirage minimums, end of game,
bonuses, solo bonus, tie-break and clock of a duplicate game.

Defaults are the FISF rules: 7 tiles, at least 2 vowels and 2 consonants up to turn 15 then 1 and
1, +50 for 7 tiles, +10 solo bonus with at least 16 players, 3 minutes per turn. The ``online``
preset is an online practice table (seed 003): the same, plus up to 10 redraws of a rack that has
no legal move.

A configuration is immutable and validated on construction; every problem raises
:class:`InvalidGameConfigError` (code ``bad_game_config``). Every integer has a range
(:data:`INTEGER_RANGES`), chosen so that whatever a game scores fits the services' signed 32-bit
fields. :meth:`GameConfig.to_mapping` gives
JSON-able data that :meth:`GameConfig.from_mapping` reads back to an equal configuration.

>>> config = preset("fisf", variant="7et8")
>>> config.rack_size, dict(config.rules.bonuses), config.minimum(15), config.minimum(16)
(8, {7: 50, 8: 75}, (2, 2), (1, 1))
>>> GameConfig.from_mapping(config.to_mapping()) == config
True
>>> preset("online").no_move_redraws
10
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import pairwise
from types import MappingProxyType
from typing import Any

from arbitre.rules.errors import ArbitreError, InvalidBoardError, InvalidTileSetError
from arbitre.rules.layout import STANDARD, BoardLayout
from arbitre.rules.play_rules import DUPLICATE, SEVEN_AMONG_EIGHT, SEVEN_AND_EIGHT, PlayRules
from arbitre.rules.tie_break import (
    DEFAULT_TIE_BREAK_KEYS,
    OPPOSITE_TIE_BREAK_KEYS,
    TIE_BREAK_KEYS,
)
from arbitre.rules.tiles import FRENCH, MAX_TOKENS, TileSet, tile_set
from arbitre.rules.tiles import PRESETS as TILE_PRESETS

__all__ = [
    "INTEGER_RANGES",
    "MAX_BONUS_POINTS",
    "MAX_NO_MOVE_REDRAWS",
    "MAX_RACK_SIZE",
    "MAX_SECONDS_PER_TURN",
    "MAX_SOLO_BONUS",
    "MAX_SOLO_MIN_PLAYERS",
    "MAX_TILE_VALUE",
    "MAX_TURNS",
    "PRESETS",
    "TIE_BREAK_CRITERIA",
    "GameConfig",
    "InvalidGameConfigError",
    "Minimum",
    "Variant",
    "overridden",
    "preset",
]

#: Names a tie-break policy may use (see :mod:`arbitre.rules.tie_break`).
TIE_BREAK_CRITERIA = frozenset(TIE_BREAK_KEYS)
_OPPOSITE_CRITERIA = OPPOSITE_TIE_BREAK_KEYS
#: Upper bound on :attr:`GameConfig.no_move_redraws` (each redraw runs a move search).
MAX_NO_MOVE_REDRAWS = 100
#: Upper bound on :attr:`GameConfig.seconds_per_turn` (one hour).
MAX_SECONDS_PER_TURN = 3600
#: Upper bound on :attr:`GameConfig.max_turns` and on a minimum's ``from_turn``: every turn puts
#: at least one tile on the board, and a tile set holds at most this many.
MAX_TURNS = MAX_TOKENS
#: Upper bound on :attr:`GameConfig.solo_bonus` (FISF: 10).
MAX_SOLO_BONUS = 1000
#: Upper bound on :attr:`GameConfig.solo_min_players` (FISF: 16); a million players is more than
#: any game will have, so this bound only refuses numbers no field can carry.
MAX_SOLO_MIN_PLAYERS = 1_000_000
#: Upper bound on the points of a bonus for the tiles played (FISF: 50; 7 et 8: 75 for 8).
MAX_BONUS_POINTS = 1000
#: Upper bound on a tile's value, blanks included, in a game's tile set (French and English: 10).
MAX_TILE_VALUE = 30
_MAX_NAME = 100
_MAX_LEXICON = 1024
_STANDARD_NAME = "standard"


class InvalidGameConfigError(ArbitreError):
    """A game configuration that cannot be played: unknown field, wrong type, impossible value,
    or an unknown preset name."""

    code = "bad_game_config"


class Variant(StrEnum):
    """How racks are made and moves rewarded; the value is the name used in data."""

    #: FISF duplicate: 7 tiles, +50 for 7.
    NORMAL = "normal"
    #: Partie joker: every rack holds a blank; a played blank is swapped for the real letter.
    JOKER = "joker"
    #: 7 sur 8: 8 tiles on the rack, at most 7 played, +50 for 7.
    SEVEN_AMONG_EIGHT = "7sur8"
    #: 7 et 8: 8 tiles on the rack, +50 for 7, +75 for 8.
    SEVEN_AND_EIGHT = "7et8"


_VARIANT_VALUES = frozenset(variant.value for variant in Variant)
_VARIANT_RULES: dict[Variant, PlayRules] = {
    Variant.NORMAL: DUPLICATE,
    Variant.JOKER: DUPLICATE,
    Variant.SEVEN_AMONG_EIGHT: SEVEN_AMONG_EIGHT,
    Variant.SEVEN_AND_EIGHT: SEVEN_AND_EIGHT,
}
#: The largest rack of any variant (8): bounds a minimum's counts and a bonus's tiles played.
MAX_RACK_SIZE = max(rules.rack_size for rules in _VARIANT_RULES.values())

#: The inclusive range of every integer of a configuration, by field (``minimums.*`` for each
#: :class:`Minimum`, ``bonuses.*`` for each bonus, ``tiles.value`` for every letter's value and
#: the blanks' in its tile set). Checked on construction; the README and the OpenAPI document
#: list them. Together they bound a game's totals: a turn scores at most a 26-letter word of
#: tiles worth :data:`MAX_TILE_VALUE` on triple letters under 8 triple words, its cross words,
#: the bonus and the solo bonus, and a game has at most :data:`MAX_TURNS` turns, which stays
#: below 2**31 (the services' int32 fields).
INTEGER_RANGES: Mapping[str, tuple[int, int]] = MappingProxyType(
    {
        "no_move_redraws": (0, MAX_NO_MOVE_REDRAWS),
        "max_turns": (1, MAX_TURNS),
        "solo_bonus": (0, MAX_SOLO_BONUS),
        "solo_min_players": (1, MAX_SOLO_MIN_PLAYERS),
        "seconds_per_turn": (1, MAX_SECONDS_PER_TURN),
        "minimums.from_turn": (1, MAX_TURNS),
        "minimums.vowels": (0, MAX_RACK_SIZE),
        "minimums.consonants": (0, MAX_RACK_SIZE),
        "bonuses.tiles": (1, MAX_RACK_SIZE),
        "bonuses.points": (0, MAX_BONUS_POINTS),
        "tiles.value": (0, MAX_TILE_VALUE),
    }
)


def _is_int(value: object) -> bool:
    """True for an ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_int(where: str, value: object, field_range: str) -> int:
    """``value`` if it is an int in the range :data:`INTEGER_RANGES` gives ``field_range``;
    :class:`InvalidGameConfigError` otherwise (never printing thousands of digits)."""
    if not _is_int(value):
        raise InvalidGameConfigError(f"{where} must be an integer, not {_shown(value)}")
    assert isinstance(value, int)
    low, high = INTEGER_RANGES[field_range]
    if not low <= value <= high:
        raise InvalidGameConfigError(f"{where} must be {low} to {high}, not {_shown(value)}")
    return value


def _shown(value: object) -> str:
    """A short rendering of a value given, for messages (``repr`` of an int past Python's
    4,300 digits raises: such a value is not shown)."""
    try:
        text = repr(value)
    except ValueError:
        return "a number too long to show"
    return text if len(text) <= 60 else text[:60] + "…"


def _shorter(message: str) -> str:
    """``message`` cut to a readable length (a nested part's message may quote a long value)."""
    return message if len(message) <= 300 else message[:300] + "…"


def _check_text(where: str, value: object, limit: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidGameConfigError(f"{where} must be a non-empty string, not {_shown(value)}")
    if len(value) > limit:
        raise InvalidGameConfigError(f"{where} must be at most {limit} characters")
    return value


@dataclass(frozen=True, slots=True)
class Minimum:
    """From turn ``from_turn`` on (1-based), a rack needs at least ``vowels`` vowels and
    ``consonants`` consonants (blanks and French ``Y`` count on either side, as suits).

    Raises :class:`InvalidGameConfigError` for a value out of its range in
    :data:`INTEGER_RANGES` (turns 1 to :data:`MAX_TURNS`, counts 0 to :data:`MAX_RACK_SIZE`).
    """

    from_turn: int
    vowels: int
    consonants: int

    def __post_init__(self) -> None:
        _check_int("minimum: from_turn", self.from_turn, "minimums.from_turn")
        _check_int("minimum: vowels", self.vowels, "minimums.vowels")
        _check_int("minimum: consonants", self.consonants, "minimums.consonants")


_FISF_MINIMUMS = (Minimum(1, 2, 2), Minimum(16, 1, 1))
_FISF_TIE_BREAK = DEFAULT_TIE_BREAK_KEYS


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Every rule of a duplicate game that is data rather than code; defaults are FISF.

    - ``name``: a label (``"fisf"``, ``"online"`` or any non-empty string).
    - ``variant``: a :class:`Variant` (its string value is accepted and converted).
    - ``lexicon``: a lexicon id or path; only data here, resolved by the engine.
    - ``tiles``, ``layout``: the tile set and the board.
    - ``minimums``: the tirage rule, one :class:`Minimum` per turn range, sorted by strictly
      increasing ``from_turn``, the first from turn 1; ``vowels + consonants`` never exceeds the
      rack size (a list is accepted and stored as a tuple).
    - ``no_move_redraws``: how many times a rack with no legal move is redrawn before the game
      ends (0 to :data:`MAX_NO_MOVE_REDRAWS`; online practice: 10).
    - ``max_turns``: ``None`` for a full game, else the number of turns (1 to
      :data:`MAX_TURNS`; 10/15/20 offered).
    - ``bonuses``: ``None`` for the variant's (+50 for 7 tiles, 7 et 8 also +75 for 8), else tiles
      played -> points (0 to :data:`MAX_BONUS_POINTS`), each count of tiles possible under the
      variant (``{}``: no bonus).
    - ``solo_bonus`` (0 to :data:`MAX_SOLO_BONUS`) goes to the only player scoring the top when
      at least ``solo_min_players`` (1 to :data:`MAX_SOLO_MIN_PLAYERS`) players are active.
    - ``tie_break``: criteria among equal tops, in order: non-empty, distinct names from
      :data:`TIE_BREAK_CRITERIA`, never both of an opposite pair (``fewest_blanks`` and
      ``most_blanks``, ``most_tiles`` and ``fewest_tiles``); a list is stored as a tuple.
    - ``seconds_per_turn``: the clock (1 to :data:`MAX_SECONDS_PER_TURN`): 180 normal, 120
      semi-rapide, 60 blitz.

    Every integer is in its range of :data:`INTEGER_RANGES` (the tile set's values too: 0 to
    :data:`MAX_TILE_VALUE`). A partie joker needs a tile set with blanks. Any violation raises
    :class:`InvalidGameConfigError`. Instances are hashable (``bonuses`` is left out of the hash).
    """

    name: str = "fisf"
    variant: Variant = Variant.NORMAL
    lexicon: str = "fr"
    tiles: TileSet = FRENCH
    layout: BoardLayout = STANDARD
    minimums: tuple[Minimum, ...] = _FISF_MINIMUMS
    no_move_redraws: int = 0
    max_turns: int | None = None
    bonuses: Mapping[int, int] | None = field(default=None, hash=False)
    solo_bonus: int = 10
    solo_min_players: int = 16
    tie_break: tuple[str, ...] = _FISF_TIE_BREAK
    seconds_per_turn: int = 180
    _rules: PlayRules = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check_text("name", self.name, _MAX_NAME)
        object.__setattr__(self, "variant", _variant(self.variant))
        _check_text("lexicon", self.lexicon, _MAX_LEXICON)
        if not isinstance(self.tiles, TileSet):
            raise InvalidGameConfigError(f"tiles must be a TileSet, not {_shown(self.tiles)}")
        _check_tile_values(self.tiles)
        if not isinstance(self.layout, BoardLayout):
            raise InvalidGameConfigError(f"layout must be a BoardLayout, not {_shown(self.layout)}")
        if self.variant is Variant.JOKER and self.tiles.blanks == 0:
            raise InvalidGameConfigError(
                f"a partie joker needs blanks; the tile set {self.tiles.name!r} has none"
            )
        rules = self._build_rules()
        object.__setattr__(self, "_rules", rules)
        object.__setattr__(self, "minimums", _check_minimums(self.minimums, rules.rack_size))
        _check_int("no_move_redraws", self.no_move_redraws, "no_move_redraws")
        if self.max_turns is not None:
            _check_int("max_turns", self.max_turns, "max_turns")
        _check_int("solo_bonus", self.solo_bonus, "solo_bonus")
        _check_int("solo_min_players", self.solo_min_players, "solo_min_players")
        object.__setattr__(self, "tie_break", _check_tie_break(self.tie_break))
        _check_int("seconds_per_turn", self.seconds_per_turn, "seconds_per_turn")

    def _build_rules(self) -> PlayRules:
        base = _VARIANT_RULES[self.variant]
        if self.bonuses is None:
            return base
        if not isinstance(self.bonuses, Mapping):
            raise InvalidGameConfigError(
                f"bonuses must map tiles played to points, not {_shown(self.bonuses)}"
            )
        bonuses: dict[int, int] = {}
        for tiles, points in self.bonuses.items():
            played = _check_int("bonuses: tiles played", tiles, "bonuses.tiles")
            bonuses[played] = _check_int(
                f"bonuses: points for {played} tiles", points, "bonuses.points"
            )
        object.__setattr__(self, "bonuses", MappingProxyType(bonuses))
        try:
            return dataclasses.replace(base, bonuses=bonuses)
        except ValueError as error:
            raise InvalidGameConfigError(
                f"bonuses {bonuses} do not fit the variant {self.variant.value}: {error}"
            ) from None

    # -- derived rules ---------------------------------------------------------------------

    @property
    def rules(self) -> PlayRules:
        """The rules of play of the variant, with :attr:`bonuses` applied when given."""
        return self._rules

    @property
    def rack_size(self) -> int:
        """Tiles on a full rack: 7, or 8 in 7 sur 8 and 7 et 8."""
        return self._rules.rack_size

    def minimum(self, turn: int) -> tuple[int, int]:
        """``(vowels, consonants)`` a rack needs at ``turn`` (1-based): the last
        :class:`Minimum` whose ``from_turn`` is at most ``turn``.

        >>> GameConfig().minimum(1), GameConfig().minimum(16)
        ((2, 2), (1, 1))

        Raises :class:`ValueError` for a turn below 1.
        """
        if not _is_int(turn) or turn < 1:
            raise ValueError(f"turn {turn!r} must be an integer >= 1")
        chosen = self.minimums[0]
        for rule in self.minimums:
            if rule.from_turn > turn:
                break
            chosen = rule
        return chosen.vowels, chosen.consonants

    def with_variant(self, variant: Variant | str) -> GameConfig:
        """The same configuration with another variant (bonuses kept, so they must fit it)."""
        return dataclasses.replace(self, variant=_variant(variant))

    # -- JSON-like data --------------------------------------------------------------------

    def to_mapping(self) -> dict[str, Any]:
        """JSON-able data that :meth:`from_mapping` reads back to an equal configuration.

        ``tiles`` is a preset's canonical name (``"fr"``, ``"en"``) when the set equals it,
        else :meth:`TileSet.to_mapping`; ``layout`` is ``"standard"`` for :data:`STANDARD`, else
        ``{"name", "text" (BoardLayout.to_text), "start": [row, col]}``; ``minimums`` is a list of
        ``{"from_turn", "vowels", "consonants"}``; ``bonuses`` is ``null`` or maps the number of
        tiles, as a string (JSON keys are strings), to points.
        """
        return {
            "name": self.name,
            "variant": self.variant.value,
            "lexicon": self.lexicon,
            "tiles": _tiles_to_data(self.tiles),
            "layout": _layout_to_data(self.layout),
            "minimums": [
                {"from_turn": rule.from_turn, "vowels": rule.vowels, "consonants": rule.consonants}
                for rule in self.minimums
            ],
            "no_move_redraws": self.no_move_redraws,
            "max_turns": self.max_turns,
            "bonuses": (
                None
                if self.bonuses is None
                else {str(tiles): points for tiles, points in sorted(self.bonuses.items())}
            ),
            "solo_bonus": self.solo_bonus,
            "solo_min_players": self.solo_min_players,
            "tie_break": list(self.tie_break),
            "seconds_per_turn": self.seconds_per_turn,
        }

    @classmethod
    def from_mapping(cls, data: Mapping[str, object]) -> GameConfig:
        """Read the data of :meth:`to_mapping`; every key is optional (FISF default).

        Strict: an unknown key, a value of the wrong type (a bool is not an integer, a float is
        not an integer) or an impossible value raises :class:`InvalidGameConfigError`.
        ``tiles`` may be any name :func:`~arbitre.rules.tiles.tile_set` knows or a tile set
        mapping; ``layout`` may be ``"standard"``, a text map (named ``"custom"``) or the
        mapping form; ``bonuses`` keys may be integers or decimal strings.
        """
        if not isinstance(data, Mapping):
            raise InvalidGameConfigError("a game configuration must be a mapping")
        allowed = {f.name for f in dataclasses.fields(cls) if f.init}
        unknown = sorted(str(key) for key in data if key not in allowed)
        if unknown:
            raise InvalidGameConfigError(
                f"unknown field(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}"
            )
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            reader = _READERS.get(key)
            kwargs[key] = value if reader is None else reader(value)
        return cls(**kwargs)


def _variant(value: object) -> Variant:
    if isinstance(value, Variant):
        return value
    if isinstance(value, str) and value in _VARIANT_VALUES:
        return Variant(value)
    known = ", ".join(variant.value for variant in Variant)
    raise InvalidGameConfigError(f"unknown variant {_shown(value)}; known: {known}")


def _check_tile_values(tiles: TileSet) -> None:
    """Every value of ``tiles`` (each letter's, the blanks') within ``tiles.value``'s range."""
    values = [(f"letter {info.letter}", info.value) for info in tiles.letters]
    for where, value in (*values, ("blanks", tiles.blank_value)):
        _check_int(f"tiles {tiles.name!r}: value of {where}", value, "tiles.value")


def _check_minimums(value: object, rack_size: int) -> tuple[Minimum, ...]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise InvalidGameConfigError(f"minimums must be a sequence of Minimum, not {_shown(value)}")
    minimums = tuple(value)
    if not minimums:
        raise InvalidGameConfigError("minimums must hold at least one Minimum, from turn 1")
    for rule in minimums:
        if not isinstance(rule, Minimum):
            raise InvalidGameConfigError(f"minimums must hold Minimum objects, not {_shown(rule)}")
        if rule.vowels + rule.consonants > rack_size:
            raise InvalidGameConfigError(
                f"minimum from turn {rule.from_turn}: {rule.vowels} vowels and "
                f"{rule.consonants} consonants do not fit a rack of {rack_size}"
            )
    if minimums[0].from_turn != 1:
        raise InvalidGameConfigError(
            f"the first minimum must start at turn 1, not {minimums[0].from_turn}"
        )
    for before, after in pairwise(minimums):
        if after.from_turn <= before.from_turn:
            raise InvalidGameConfigError(
                "minimums must be sorted by strictly increasing from_turn "
                f"({before.from_turn} then {after.from_turn})"
            )
    return minimums


def _check_tie_break(value: object) -> tuple[str, ...]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise InvalidGameConfigError(f"tie_break must be a sequence of names, not {_shown(value)}")
    criteria = tuple(value)
    if not criteria:
        raise InvalidGameConfigError("tie_break must name at least one criterion")
    known = ", ".join(sorted(TIE_BREAK_CRITERIA))
    for criterion in criteria:
        if not isinstance(criterion, str) or criterion not in TIE_BREAK_CRITERIA:
            raise InvalidGameConfigError(
                f"unknown tie-break criterion {_shown(criterion)}; known: {known}"
            )
    if len(set(criteria)) != len(criteria):
        raise InvalidGameConfigError(f"tie_break lists a criterion twice: {list(criteria)}")
    for first, second in _OPPOSITE_CRITERIA:
        if first in criteria and second in criteria:
            raise InvalidGameConfigError(f"tie_break cannot hold both {first} and {second}")
    return criteria


# -- reading JSON-like data ------------------------------------------------------------------


def _tiles_to_data(tiles: TileSet) -> str | dict[str, Any]:
    for known in TILE_PRESETS.values():
        if tiles == known:
            return known.name
    return tiles.to_mapping()


def _tiles_from_data(value: object) -> TileSet:
    try:
        if isinstance(value, str):
            return tile_set(value)
        if isinstance(value, Mapping):
            return TileSet.from_mapping(value)
    except InvalidTileSetError as error:
        raise InvalidGameConfigError(f"tiles: {_shorter(str(error))}") from None
    except ValueError:  # a count so large that the tile set's own message cannot print it
        raise InvalidGameConfigError("tiles: a count or value too large to show") from None
    raise InvalidGameConfigError(f"tiles must be a preset name or a mapping, not {_shown(value)}")


def _layout_to_data(layout: BoardLayout) -> str | dict[str, Any]:
    if layout == STANDARD:
        return _STANDARD_NAME
    return {"name": layout.name, "text": layout.to_text(), "start": list(layout.start)}


def _layout_from_data(value: object) -> BoardLayout:
    if value == _STANDARD_NAME:
        return STANDARD
    try:
        if isinstance(value, str):
            return BoardLayout.from_text("custom", value)
        if isinstance(value, Mapping):
            unknown = sorted(str(key) for key in value if key not in {"name", "text", "start"})
            if unknown:
                raise InvalidGameConfigError(
                    f"layout: unknown field(s) {', '.join(unknown)}; allowed: name, start, text"
                )
            name = _check_text("layout: name", value.get("name"), _MAX_NAME)
            text = value.get("text")
            if not isinstance(text, str):
                raise InvalidGameConfigError("layout: 'text' must be the layout's text map")
            start = value.get("start")
            if start is not None and not (
                isinstance(start, list | tuple) and len(start) == 2 and all(map(_is_int, start))
            ):
                raise InvalidGameConfigError("layout: 'start' must be [row, column] or null")
            return BoardLayout.from_text(
                name, text, None if start is None else (int(start[0]), int(start[1]))
            )
    except InvalidBoardError as error:
        raise InvalidGameConfigError(f"layout: {_shorter(str(error))}") from None
    raise InvalidGameConfigError(
        f"layout must be 'standard', a text map or a mapping, not {_shown(value)}"
    )


def _minimums_from_data(value: object) -> tuple[Minimum, ...]:
    if not isinstance(value, list | tuple):
        raise InvalidGameConfigError("minimums must be a list of {from_turn, vowels, consonants}")
    minimums = []
    keys = {"from_turn", "vowels", "consonants"}
    for item in value:
        if not isinstance(item, Mapping) or set(item) != keys:
            raise InvalidGameConfigError(
                f"each minimum must be a mapping with exactly from_turn, vowels and consonants, "
                f"not {_shown(item)}"
            )
        minimums.append(Minimum(item["from_turn"], item["vowels"], item["consonants"]))
    return tuple(minimums)


def _bonuses_from_data(value: object) -> dict[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise InvalidGameConfigError(
            f"bonuses must map tiles played to points, not {_shown(value)}"
        )
    bonuses: dict[int, int] = {}
    for key, points in value.items():
        if isinstance(key, str) and key.isascii() and key.isdecimal() and len(key) <= 6:
            tiles = int(key)
        elif _is_int(key):
            tiles = key
        else:
            raise InvalidGameConfigError(f"bonuses: {_shown(key)} is not a number of tiles")
        tiles = _check_int("bonuses: tiles played", tiles, "bonuses.tiles")
        if tiles in bonuses:
            raise InvalidGameConfigError(f"bonuses: {tiles} tiles given twice")
        bonuses[tiles] = _check_int(f"bonuses: points for {tiles} tiles", points, "bonuses.points")
    return bonuses


def _names_from_data(value: object) -> tuple[str, ...]:
    if not isinstance(value, list | tuple):
        raise InvalidGameConfigError(f"tie_break must be a list of names, not {_shown(value)}")
    return tuple(value)


_READERS: dict[str, Callable[[Any], object]] = {
    "variant": _variant,
    "tiles": _tiles_from_data,
    "layout": _layout_from_data,
    "minimums": _minimums_from_data,
    "bonuses": _bonuses_from_data,
    "tie_break": _names_from_data,
    "name": lambda value: _check_text("name", value, _MAX_NAME),
    "lexicon": lambda value: _check_text("lexicon", value, _MAX_LEXICON),
}

# -- presets ---------------------------------------------------------------------------------

#: Named configurations: ``fisf`` (the FISF rules, the defaults) and ``online`` (an online
#: practice table: the same, plus up to 10 redraws of a rack with no legal move).
PRESETS: Mapping[str, GameConfig] = MappingProxyType(
    {
        "fisf": GameConfig(),
        "online": GameConfig(name="online", no_move_redraws=10),
    }
)


def overridden(
    base: GameConfig, overrides: Mapping[str, object], languages: Mapping[str, str]
) -> GameConfig:
    """``base`` with the fields of ``overrides`` (the data :meth:`GameConfig.from_mapping`
    reads). When ``overrides`` names a lexicon but no ``tiles``, and ``languages`` (a lexicon
    id's language code) gives that lexicon a language with a preset tile set other than
    ``base``'s preset tiles, the tiles become that preset: ``{"lexicon": "en"}`` over the French
    presets plays the English tiles. Custom ``base`` tiles, or a lexicon of unknown language,
    are kept.

    >>> overridden(preset("fisf"), {"lexicon": "en"}, {"en": "en"}).tiles.name
    'en'

    Raises :class:`InvalidGameConfigError` as :meth:`GameConfig.from_mapping` does.
    """
    data = {**base.to_mapping(), **overrides}
    lexicon = overrides.get("lexicon")
    if (
        "tiles" not in overrides
        and isinstance(lexicon, str)
        and base.tiles in TILE_PRESETS.values()
    ):
        tiles = TILE_PRESETS.get(languages.get(lexicon, ""))
        if tiles is not None:
            data["tiles"] = tiles.name
    return GameConfig.from_mapping(data)


def preset(name: str, /, **overrides: Any) -> GameConfig:
    """The preset configuration ``name`` (any case), with ``overrides`` applied as
    :func:`dataclasses.replace` would (a variant may be given by its string value). ``name`` is
    positional-only, so ``name=...`` overrides the configuration's own name.

    >>> preset("online", max_turns=15, seconds_per_turn=60).max_turns
    15

    Raises :class:`InvalidGameConfigError` for an unknown preset (listing the known ones), an
    unknown field or an invalid value.
    """
    key = name.strip().lower() if isinstance(name, str) else name
    base = PRESETS.get(key) if isinstance(key, str) else None
    if base is None:
        raise InvalidGameConfigError(
            f"unknown game preset {_shown(name)}; known: {', '.join(sorted(PRESETS))}"
        )
    if not overrides:
        return base
    try:
        return dataclasses.replace(base, **overrides)
    except InvalidGameConfigError:
        raise
    except (TypeError, ValueError) as error:
        raise InvalidGameConfigError(f"preset {key!r}: bad override: {error}") from None
