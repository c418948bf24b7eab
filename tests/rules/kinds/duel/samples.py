"""The small word list the duel's rules are tested on: the seed's examples and some others."""

from __future__ import annotations

GUESSES = frozenset(
    [
        "CHIOT",
        "FORTE",
        "TARTE",
        "OCTET",
        "CRANE",
        "SLATE",
        "MOIST",
        "GHOST",
        "PLUMB",
        "FJORD",
        "NYMPH",
        "WALTZ",
        "BRICK",
        "TATTY",
        "QUERY",
        "VIXEN",
        "JUMPY",
    ]
)
#: Six words that are not CHIOT (to spend every try).
MISSES = ("CRANE", "SLATE", "PLUMB", "FJORD", "NYMPH", "WALTZ")
