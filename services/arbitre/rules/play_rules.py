"""Rules of play as data: rack size, tiles per move, bonuses and the first move.

>>> play_rules("7et8").bonuses[8]
75
>>> DUPLICATE.bonus(7), DUPLICATE.bonus(6)
(50, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from arbitre.rules.errors import UnknownRulesError

__all__ = [
    "CLASSIC",
    "DUPLICATE",
    "SEVEN_AMONG_EIGHT",
    "SEVEN_AND_EIGHT",
    "PlayRules",
    "play_rules",
]


@dataclass(frozen=True, slots=True)
class PlayRules:
    """How moves are made and rewarded.

    ``bonuses`` maps a number of tiles played to the points added (``{7: 50}``: the scrabble).
    The first move always covers the layout's start square; ``first_move_horizontal`` also
    requires it to be horizontal (FISF duplicate).
    """

    name: str
    rack_size: int = 7
    max_tiles_played: int = 7
    bonuses: Mapping[int, int] = field(
        default_factory=lambda: MappingProxyType({7: 50}), hash=False
    )
    first_move_horizontal: bool = False

    def __post_init__(self) -> None:
        if self.rack_size < 1:
            raise ValueError(f"rules {self.name!r}: rack_size must be >= 1")
        if not 1 <= self.max_tiles_played <= self.rack_size:
            raise ValueError(f"rules {self.name!r}: max_tiles_played must be 1 to rack_size")
        bonuses = dict(self.bonuses)
        for tiles, points in bonuses.items():
            if not 1 <= tiles <= self.max_tiles_played or points < 0:
                raise ValueError(
                    f"rules {self.name!r}: bonus {points} for {tiles} tiles is not possible"
                )
        object.__setattr__(self, "bonuses", MappingProxyType(bonuses))

    def bonus(self, tiles_played: int) -> int:
        """Points added for a move that places ``tiles_played`` tiles."""
        return self.bonuses.get(tiles_played, 0)


#: FISF duplicate: 7 tiles, +50 for 7, the first move horizontal through the centre.
DUPLICATE = PlayRules("duplicate", first_move_horizontal=True)
#: Classic (turn-based) play: the first move may go either way.
CLASSIC = PlayRules("classic", first_move_horizontal=False)
#: Duplicate "7 sur 8": 8 tiles on the rack, at most 7 played, +50 for 7.
SEVEN_AMONG_EIGHT = PlayRules(
    "7sur8", rack_size=8, max_tiles_played=7, bonuses={7: 50}, first_move_horizontal=True
)
#: Duplicate "7 et 8": 8 tiles on the rack, +50 for 7, +75 for 8.
SEVEN_AND_EIGHT = PlayRules(
    "7et8", rack_size=8, max_tiles_played=8, bonuses={7: 50, 8: 75}, first_move_horizontal=True
)

_BY_NAME = {
    "duplicate": DUPLICATE,
    "classic": CLASSIC,
    "7sur8": SEVEN_AMONG_EIGHT,
    "7among8": SEVEN_AMONG_EIGHT,
    "7et8": SEVEN_AND_EIGHT,
    "7and8": SEVEN_AND_EIGHT,
}


def play_rules(name: str) -> PlayRules:
    """Preset rules by name: ``duplicate``, ``classic``, ``7sur8`` (``7among8``), ``7et8``
    (``7and8``), any case. Raises :class:`~arbitre.rules.errors.UnknownRulesError` for an unknown
    name."""
    try:
        return _BY_NAME[name.strip().lower().replace(" ", "").replace("-", "")]
    except KeyError:
        raise UnknownRulesError(
            f"unknown rules {name!r}; known: {', '.join(sorted(_BY_NAME))}"
        ) from None
