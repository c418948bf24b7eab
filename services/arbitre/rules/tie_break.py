"""The tie-break of the top: the criteria a policy may combine, in order of priority among moves
of equal score, and the default policy (online practice: fewest blanks, then most tiles, then
first in reading order).

The move generator applies a policy (:class:`arbitre.engine.movegen.TieBreak`); game
configurations and the HTTP API name its keys from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["DEFAULT_TIE_BREAK_KEYS", "OPPOSITE_TIE_BREAK_KEYS", "TIE_BREAK_KEYS"]

#: Every key a tie-break policy may use, and what it prefers.
TIE_BREAK_KEYS: Mapping[str, str] = MappingProxyType(
    {
        "fewest_blanks": "fewer blanks put down",
        "most_blanks": "more blanks put down",
        "most_tiles": "more tiles put down",
        "fewest_tiles": "fewer tiles put down",
        "reading_order": "starts first top to bottom, left to right, horizontal first",
        "alphabetical": "the word first in alphabetical order",
    }
)
#: Pairs of keys that contradict each other: a policy holds at most one of each pair.
OPPOSITE_TIE_BREAK_KEYS = (("fewest_blanks", "most_blanks"), ("most_tiles", "fewest_tiles"))
#: The default policy.
DEFAULT_TIE_BREAK_KEYS = ("fewest_blanks", "most_tiles", "reading_order")
