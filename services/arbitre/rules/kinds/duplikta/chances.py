"""The Chances: a ledger counted in half-units (1 is ½ Chance, 2 is one Chance).

**At the start** a player holds the Chances option; the weaker player by handicap (the higher
handicap) holds ``min(10, option + difference)`` Chances instead, even with the option at 0
(:func:`starting_chances`). Only a player who started with at least 1 Chance sees the box's
contents during the game (:func:`sees_box`; the others see the whole token set). Reversed
words are unlocked by the option alone, at 5 or more: Chances from a handicap do not count
(:func:`reversed_words_unlocked`).

**Spending** (during a turn, on the player's own copy of the rack and of the box):

- :func:`redraw`, with at least ½: the token goes back into the box and a token is drawn from
  the box at random (it may be the same one), for ½;
- :func:`exchange`, for a chosen letter or a blank (``?``): with at least 1 Chance and the token
  still in the box, the two are swapped, for 1. When none is left in the box the token
  *mutates* into it (the box does not change) for 1 when 7 tokens or fewer remain in the box,
  1½ otherwise;
- a request that cannot be met (too few Chances for what the box asks, or a redraw from an empty
  box) changes nothing but costs ½.

**A blank lettered at the loupe** (:func:`exchange` of ``?`` for a letter ``A``-``Z``) is free
and always met, whatever the player holds, even 0 Chances (the seed: a blank put on the loupe
is exchanged for any letter typed or clicked in the A-Z list). *(Decision: the blank token
becomes that letter, a real letter token on the player's copy of the rack, worth the letter's
value; the box is unchanged, as in a mutation, and nothing goes back into it. The letter is
one of the token set's, as for any exchange, else ``letter_not_in_set``: a real token of a
letter the set lacks could not be placed; a blank kept as a blank and designated in the move's
notation stands for any letter.)* Its report is of kind ``lettered``, cost 0.
A blank exchanged for a blank stays refused (``same_token``); a letter exchanged for a blank
(``?`` asked for) costs as any exchange.

Any other request needs at least ½ Chance to be made at all: without it, or for a token not on the
player's rack, a letter the token set does not have, or a token exchanged for its own letter,
it is refused (:class:`~arbitre.rules.kinds.base.ActionRefusedError`, codes
``not_enough_chances``, ``not_on_rack``, ``letter_not_in_set``, ``same_token``) and nothing
changes. The only randomness is the box's own seeded generator
(:class:`~arbitre.rules.draw.Bag`).

**Mimil** gives ½ Chance after a refused move to a player holding less than 1½ (:func:`mimil`).

>>> starting_chances(0, 5, 0), starting_chances(10, 3, 0), starting_chances(16, 4, 1)
(10, 16, 20)
>>> mimil(0), mimil(2), mimil(3)
(1, 1, 0)
>>> from arbitre.rules.draw import Bag
>>> from arbitre.rules.rack import Rack
>>> from arbitre.rules.tiles import FRENCH
>>> box = Bag("EEEEEEEEEEZ", seed=1)
>>> rack, done = exchange(Rack("KWXYAAB"), box, "K", "Z", 4, FRENCH)
>>> rack.text(), done.kind.value, done.cost, box.contents()
('AABWXYZ', 'exchange', 2, 'EEEEEEEEEEK')
>>> rack, done = exchange(rack, box, "W", "Z", 2, FRENCH)
>>> rack.text(), done.kind.value, done.cost
('AABWXYZ', 'unmet', 1)
>>> rack, done = exchange(Rack("AB?"), box, "?", "W", 0, FRENCH)  # free, even with 0
>>> rack.text(), done.kind.value, done.cost, box.contents()
('ABW', 'lettered', 0, 'EEEEEEEEEEK')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from arbitre.rules.draw import Bag
from arbitre.rules.kinds.base import ActionRefusedError
from arbitre.rules.rack import Rack
from arbitre.rules.tiles import BLANK, TileSet

__all__ = [
    "EXCHANGE_COST",
    "FEW_TOKENS",
    "LETTERED_COST",
    "MAX_HALVES",
    "MIMIL_BELOW",
    "MIMIL_GIFT",
    "MUTATION_COST",
    "MUTATION_COST_FEW",
    "REDRAW_COST",
    "UNMET_COST",
    "Exchange",
    "ExchangeKind",
    "chances_text",
    "exchange",
    "mimil",
    "redraw",
    "reversed_words_unlocked",
    "sees_box",
    "starting_chances",
]

#: The most Chances a player starts with, in halves (10 Chances).
MAX_HALVES = 20
#: Costs, in halves.
REDRAW_COST = 1
EXCHANGE_COST = 2
MUTATION_COST_FEW = 2
MUTATION_COST = 3
UNMET_COST = 1
#: A blank lettered at the loupe is free.
LETTERED_COST = 0
#: A mutation costs :data:`MUTATION_COST_FEW` when the box holds this many tokens or fewer.
FEW_TOKENS = 7
#: Mimil's gift, to a player holding less than :data:`MIMIL_BELOW`, after a refused move.
MIMIL_GIFT = 1
MIMIL_BELOW = 3
#: The option from which reversed words are accepted, in halves (5 Chances).
_REVERSED_FROM = 10


class ExchangeKind(StrEnum):
    """What became of a request at the loupe."""

    REDRAW = "redraw"  # the token went back into the box, another was drawn at random
    EXCHANGE = "exchange"  # swapped for the letter asked for, taken from the box
    MUTATION = "mutation"  # none left in the box: the token became the letter asked for
    UNMET = "unmet"  # not met: nothing changed but the ½ Chance it cost
    LETTERED = "lettered"  # a blank became the letter asked for, for free (the box unchanged)


@dataclass(frozen=True, slots=True)
class Exchange:
    """One request at the loupe: ``given``, the token put on the loupe; ``wanted``, the letter
    or ``?`` asked for (``None`` for a redraw); ``received``, the token the player holds in its
    place (``given`` itself when unmet); ``cost`` in halves."""

    kind: ExchangeKind
    given: str
    wanted: str | None
    received: str
    cost: int


def starting_chances(option: int, handicap: int, opponent_handicap: int) -> int:
    """A player's Chances at the start, in halves: the ``option`` (halves), or for the weaker
    player (the higher handicap), the option plus the difference of handicaps (whole Chances),
    at most 10 Chances."""
    difference = handicap - opponent_handicap
    if difference <= 0:
        return option
    return min(MAX_HALVES, option + 2 * difference)


def reversed_words_unlocked(option: int) -> bool:
    """Whether the Chances ``option`` (halves) accepts reversed words: 5 Chances or more."""
    return option >= _REVERSED_FROM


def sees_box(starting: int) -> bool:
    """Whether a player who started with ``starting`` halves sees the box's contents (1 Chance
    or more); the others see the whole token set."""
    return starting >= 2


def mimil(held: int) -> int:
    """Mimil's gift, in halves, after a refused move to a player holding ``held`` halves."""
    return MIMIL_GIFT if held < MIMIL_BELOW else 0


def chances_text(halves: int) -> str:
    """Halves as people write Chances.

    >>> chances_text(0), chances_text(1), chances_text(4), chances_text(5)
    ('0', '½', '2', '2½')
    """
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def redraw(rack: Rack, box: Bag, token: str, held: int) -> tuple[Rack, Exchange]:
    """Put ``token`` back into ``box`` and draw one at random, with ``held`` halves. Returns the
    player's rack after it and what happened; ``box`` is changed in place. A box with no other
    token cannot meet the request."""
    _check_request(rack, token, held)
    if not len(box):
        return rack, Exchange(ExchangeKind.UNMET, token, None, token, UNMET_COST)
    box.put_back(token)
    received = box.draw(1)
    return rack.take(token).add(received), Exchange(
        ExchangeKind.REDRAW, token, None, received, REDRAW_COST
    )


def exchange(
    rack: Rack, box: Bag, token: str, wanted: str, held: int, tiles: TileSet
) -> tuple[Rack, Exchange]:
    """Exchange ``token`` of ``rack`` for ``wanted`` (an uppercase letter, or ``?`` for a blank)
    with ``held`` halves, by the rules of the module docstring. Returns the player's rack after
    it and what happened; ``box`` is changed in place. A blank exchanged for a letter is
    lettered, for free (:data:`LETTERED_COST`), the box unchanged."""
    if token == BLANK and isinstance(wanted, str) and len(wanted) == 1 and wanted in _LETTERS:
        _check_on_rack(rack, token)
        if tiles.count(wanted) < 1:
            raise ActionRefusedError(
                "letter_not_in_set", f"the token set {tiles.name!r} has no {wanted!r} to ask for"
            )
        return rack.take(token).add(wanted), Exchange(
            ExchangeKind.LETTERED, token, wanted, wanted, LETTERED_COST
        )
    _check_request(rack, token, held)
    if (
        not isinstance(wanted, str)
        or not (wanted == BLANK or (len(wanted) == 1 and wanted.isupper()))
        or tiles.count(wanted) < 1
    ):
        shown = "a blank" if wanted == BLANK else repr(wanted)
        raise ActionRefusedError(
            "letter_not_in_set", f"the token set {tiles.name!r} has no {shown} to ask for"
        )
    if wanted == token:
        raise ActionRefusedError("same_token", f"{token} cannot be exchanged for itself")
    if box.counts()[wanted]:
        if held < EXCHANGE_COST:
            return rack, Exchange(ExchangeKind.UNMET, token, wanted, token, UNMET_COST)
        box.take(wanted)
        box.put_back(token)
        kind, cost = ExchangeKind.EXCHANGE, EXCHANGE_COST
    else:
        cost = MUTATION_COST_FEW if len(box) <= FEW_TOKENS else MUTATION_COST
        if held < cost:
            return rack, Exchange(ExchangeKind.UNMET, token, wanted, token, UNMET_COST)
        kind = ExchangeKind.MUTATION
    return rack.take(token).add(wanted), Exchange(kind, token, wanted, wanted, cost)


def _check_request(rack: Rack, token: str, held: int) -> None:
    if held < UNMET_COST:
        raise ActionRefusedError(
            "not_enough_chances", "a request at the loupe needs at least ½ Chance"
        )
    _check_on_rack(rack, token)


def _check_on_rack(rack: Rack, token: str) -> None:
    if not isinstance(token, str) or len(token) != 1 or token not in rack:
        raise ActionRefusedError(
            "not_on_rack", f"the rack {rack.text() or '(empty)'} has no {token!r}"
        )


_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
