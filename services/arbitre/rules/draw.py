"""The tirage: a seeded bag and the FISF rules for filling a rack.

**Bag.** :class:`Bag` holds the tiles not yet drawn (uppercase letters, ``?`` for a blank) and its
own :class:`random.Random`. The content is kept in canonical order (letters sorted, blanks last)
and a tile is drawn by ``randrange`` over that order, so a draw depends only on the multiset in
the bag and the generator's state, never on history or on ``hash()``: the same seed gives the
same game on every machine and every Python from 3.11 on. :attr:`Bag.state` and
:meth:`Bag.from_state` save and restore both as JSON-able data.

**Filling a rack** (:func:`draw_rack`). The reliquat is completed to the rack size (7, or 8 in
7 sur 8 and 7 et 8) from the bag. The rack, reliquat included, must hold the turn's minimum of
vowels and consonants (:meth:`GameConfig.minimum`: 2 and 2 up to turn 15, then 1 and 1); a blank
or a French ``Y`` counts on either side, as suits, each tile on one side only. Otherwise it is a
**rejection**: the whole rack, reliquat included, goes back into the bag and a full rack of new
tiles is drawn, again until the rack is valid.

**Lowering at the end of the bag.** The *pool* is the bag plus the reliquat. When the pool itself
cannot give the turn's minimum, each side's minimum is lowered to what the pool can give: vowels
to the pool's vowels plus either-way tiles, consonants likewise, then, if the pool has fewer tiles
than the two minimums together, the larger minimum (vowels on a tie) is lowered one at a time
until the pool meets them. A pool that can continue (below) always meets the lowered minimum, and
a rack meeting it has a positive chance at every draw, so the rejections stop.

**End of game.** :func:`draw_rack` returns ``None`` when the pool can no longer give a valid rack
(:func:`pool_can_continue`: fewer than 2 tiles, or only vowels, or only consonants, a blank or
``Y`` counting as either, so consonants plus one blank can still continue), and when the
configuration's ``max_turns`` is reached.

**Partie joker** (:attr:`Variant.JOKER`). Every rack holds one blank: when the reliquat has none
and the bag has one, a blank is taken first and the rest is drawn among the letters only (the
other blank waits in the bag until this one is gone); a rejection redraws by the same rule. The
pool is then the letters of bag and reliquat plus one blank if either holds one.

**Racks with no move.** With ``has_move`` and ``no_move_redraws > 0`` (online practice: 10), a
valid rack with no legal move is rejected too, at most ``no_move_redraws`` times per turn (not
when the rack already holds every tile a draw could take: it would come back the same); if the
last rack still has no move, the :class:`Draw` says ``playable=False`` and the game ends. With
``has_move`` and no redraws, ``playable`` is just ``has_move(rack)``.

>>> from arbitre.rules.game_config import GameConfig
>>> from arbitre.rules.tiles import FRENCH
>>> bag = Bag.full(FRENCH, seed=2024)
>>> first = draw_rack(bag, "", 1, GameConfig())
>>> len(first.rack), len(bag), first.minimum
(7, 95, (2, 2))
>>> Draw(2, "RU", "ZXTEU").notation, Draw(3, "", "BNISRAA", ("EEAUIKO",)).notation
('RU+ZXTEU', '-BNISRAA')
>>> pool_can_continue("BCDF?", FRENCH), pool_can_continue("AEIOU", FRENCH)
(True, False)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from string import ascii_uppercase
from typing import Any, Self

from arbitre.rules.errors import ArbitreError, BadRackError
from arbitre.rules.game_config import GameConfig, Variant
from arbitre.rules.rack import Rack
from arbitre.rules.tiles import BLANK, TileSet

__all__ = [
    "Bag",
    "Draw",
    "InvalidBagError",
    "draw_rack",
    "lower_minimum",
    "pool_can_continue",
]

_TILES = frozenset(ascii_uppercase) | {BLANK}
#: Words of the Mersenne Twister state (624) plus its index.
_STATE_WORDS = 625


class InvalidBagError(ArbitreError):
    """A bag that cannot exist: a character that is not a tile, a bad seed or a corrupt saved
    state."""

    code = "bad_bag"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _sort_key(tile: str) -> tuple[bool, str]:
    """Canonical order: letters alphabetically, then blanks."""
    return tile == BLANK, tile


def _check_tiles(tiles: object, where: str) -> str:
    if not isinstance(tiles, str) or not _TILES.issuperset(tiles):
        raise InvalidBagError(f"{where} {tiles!r}: uppercase letters A-Z and '?' for blanks only")
    return tiles


class Bag:
    """The tiles not yet drawn, with a seeded generator of its own.

    ``Bag(contents, seed)`` holds the tiles of ``contents`` (uppercase letters, ``?`` for a
    blank; the order given does not matter) and a :class:`random.Random` seeded with ``seed``
    (an integer >= 0). :meth:`full` fills it with a whole tile set. Bad input raises
    :class:`InvalidBagError`.
    """

    __slots__ = ("_random", "_tiles")

    def __init__(self, contents: str, seed: int) -> None:
        _check_tiles(contents, "bag contents")
        if not _is_int(seed) or seed < 0:
            raise InvalidBagError(f"seed {seed!r} must be an integer >= 0")
        self._tiles: list[str] = sorted(contents, key=_sort_key)
        self._random = random.Random(seed)

    @classmethod
    def full(cls, tiles: TileSet, seed: int) -> Self:
        """Every tile of ``tiles``: letters in alphabetical order, then the blanks."""
        letters = sorted(tiles.letters, key=lambda info: info.letter)
        contents = "".join(info.letter * info.count for info in letters) + BLANK * tiles.blanks
        return cls(contents, seed)

    # -- drawing -------------------------------------------------------------------------

    def draw(self, n: int, *, blanks: bool = True) -> str:
        """Take ``n`` random tiles (all that is left if fewer), returned in the order drawn.

        With ``blanks=False`` the blanks stay in the bag and only letters are drawn (partie
        joker). Raises :class:`ValueError` for a negative ``n``.
        """
        if not _is_int(n) or n < 0:
            raise ValueError(f"cannot draw {n!r} tiles")
        tiles = self._tiles
        limit = len(tiles) if blanks else len(tiles) - tiles.count(BLANK)
        drawn = []
        for _ in range(min(n, limit)):
            drawn.append(tiles.pop(self._random.randrange(limit)))
            limit -= 1
        return "".join(drawn)

    def put_back(self, tiles: str) -> None:
        """Return ``tiles`` (uppercase letters, ``?``) to the bag."""
        _check_tiles(tiles, "tiles put back")
        self._tiles.extend(tiles)
        self._tiles.sort(key=_sort_key)

    def take(self, tile: str) -> bool:
        """Remove one ``tile`` (a letter or ``?``) if the bag holds one; whether it did.

        Used by the partie joker to take the real letter that replaces a played blank.
        """
        if not isinstance(tile, str) or len(tile) != 1:
            raise InvalidBagError(f"take needs one tile, not {tile!r}")
        _check_tiles(tile, "tile")
        try:
            self._tiles.remove(tile)
        except ValueError:
            return False
        return True

    # -- queries ---------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._tiles)

    def __repr__(self) -> str:
        return f"Bag({self.contents()!r})"

    def counts(self) -> Counter[str]:
        """How many of each tile (``?`` for blanks) the bag holds."""
        return Counter(self._tiles)

    def contents(self) -> str:
        """The tiles in canonical order: letters sorted, then blanks."""
        return "".join(self._tiles)

    # -- saving ----------------------------------------------------------------------------

    @property
    def state(self) -> dict[str, Any]:
        """JSON-able data (contents and generator state) that :meth:`from_state` restores to a
        bag that draws exactly as this one would."""
        version, words, gauss = self._random.getstate()
        return {"contents": self.contents(), "random": [version, list(words), gauss]}

    @classmethod
    def from_state(cls, data: Mapping[str, object]) -> Self:
        """The bag saved by :attr:`state`; :class:`InvalidBagError` for anything malformed."""
        if not isinstance(data, Mapping) or set(data) != {"contents", "random"}:
            raise InvalidBagError("a bag state is a mapping with exactly contents and random")
        contents = _check_tiles(data["contents"], "bag contents")
        saved = data["random"]
        if not isinstance(saved, list | tuple) or len(saved) != 3:
            raise InvalidBagError("bag state: random must be [version, words, gauss]")
        version, words, gauss = saved
        if (
            not _is_int(version)
            or not isinstance(words, list | tuple)
            or len(words) != _STATE_WORDS
            or not all(_is_int(word) and 0 <= word < 2**32 for word in words)
            or not (gauss is None or isinstance(gauss, float))
        ):
            raise InvalidBagError("bag state: malformed generator state")
        bag = cls(contents, 0)
        try:
            bag._random.setstate((version, tuple(words), gauss))
        except (TypeError, ValueError) as error:
            raise InvalidBagError(f"bag state: {error}") from None
        return bag

    def copy(self) -> Bag:
        """An independent bag with the same contents and generator state."""
        return Bag.from_state(self.state)


@dataclass(frozen=True, slots=True)
class Draw:
    """The tirage of one turn.

    ``kept`` is the reliquat left on the rack (``""`` after a rejection), ``new`` the tiles
    drawn, in the order drawn; ``rejected`` every rack rejected during this turn, in order, each
    written whole (reliquat then new tiles). ``minimum`` is the ``(vowels, consonants)`` the
    rack was checked against, after any lowering at the end of the bag (``None`` when not
    recorded). ``playable`` is False when the rack was found to have no legal move after the
    allowed redraws: the game ends.
    """

    turn: int
    kept: str
    new: str
    rejected: tuple[str, ...] = ()
    minimum: tuple[int, int] | None = None
    playable: bool = True

    def __post_init__(self) -> None:
        if not _is_int(self.turn) or self.turn < 1:
            raise ValueError(f"turn {self.turn!r} must be an integer >= 1")
        _check_tiles(self.kept, "kept tiles")
        _check_tiles(self.new, "new tiles")
        if not isinstance(self.rejected, tuple):
            raise ValueError("rejected must be a tuple of racks")
        for rack in self.rejected:
            _check_tiles(rack, "rejected rack")
        if self.rejected and self.kept:
            raise ValueError("after a rejection nothing is kept: the whole rack was redrawn")

    @property
    def rack(self) -> str:
        """The tiles on the rack: the kept ones, then the new ones."""
        return self.kept + self.new

    @property
    def notation(self) -> str:
        """The FISF form: ``"RU+ZXTEU"`` (kept + new), ``"-BNISRAA"`` after a rejection (new
        tiles only), ``"?EBAAEF"`` when nothing was kept, and the kept tiles alone when the bag
        gave nothing new."""
        if self.rejected:
            return "-" + self.new
        if self.kept and self.new:
            return f"{self.kept}+{self.new}"
        return self.kept + self.new


def pool_can_continue(pool: str, tiles: TileSet) -> bool:
    """Whether ``pool`` (the bag plus the reliquat) can still give a valid rack: at least two
    tiles, one that counts as a vowel and another that counts as a consonant (blanks and
    French ``Y`` count as either). The end-of-game test.

    Raises :class:`~arbitre.rules.errors.InvalidNotationError` for a character that is not a
    tile and :class:`~arbitre.rules.errors.UnknownLetterError` for a letter not in ``tiles``.
    """
    return len(pool) >= 2 and Rack(pool).balance(tiles).satisfies(1, 1)


def lower_minimum(pool: str, vowels: int, consonants: int, tiles: TileSet) -> tuple[int, int]:
    """The minimum ``(vowels, consonants)`` lowered to what ``pool`` can give (see the module
    docstring); unchanged when the pool meets it.

    >>> from arbitre.rules.tiles import FRENCH
    >>> lower_minimum("AEIOUBCDFG", 2, 2, FRENCH), lower_minimum("ABCDFGH", 2, 2, FRENCH)
    ((2, 2), (1, 2))
    >>> lower_minimum("A?", 2, 2, FRENCH)
    (1, 1)
    """
    balance = Rack(pool).balance(tiles)
    lowered_vowels = min(vowels, balance.vowels + balance.either)
    lowered_consonants = min(consonants, balance.consonants + balance.either)
    while not balance.satisfies(lowered_vowels, lowered_consonants):
        if lowered_vowels >= lowered_consonants:
            lowered_vowels -= 1
        else:
            lowered_consonants -= 1
    return lowered_vowels, lowered_consonants


def _pool(bag: Bag, reliquat: str, joker: bool) -> str:
    """The tiles a rack of this turn can be made of."""
    contents = bag.contents() + reliquat
    if not joker or BLANK not in contents:
        return contents
    return contents.replace(BLANK, "") + BLANK


def _fill(bag: Bag, kept: str, size: int, joker: bool) -> str:
    """Draw the tiles completing ``kept`` to ``size`` (a blank first in a partie joker)."""
    missing = size - len(kept)
    if missing <= 0:
        return ""
    if not joker:
        return bag.draw(missing)
    first = BLANK if BLANK not in kept and bag.take(BLANK) else ""
    return first + bag.draw(missing - len(first), blanks=False)


def _can_draw_more(bag: Bag, joker: bool) -> bool:
    """Whether the bag still holds a tile that a draw could take."""
    counts = bag.counts()
    return len(bag) - (counts[BLANK] if joker else 0) > 0


def draw_rack(
    bag: Bag,
    reliquat: str,
    turn: int,
    config: GameConfig,
    has_move: Callable[[str], bool] | None = None,
) -> Draw | None:
    """Fill ``reliquat`` to a full rack for ``turn`` (1-based) from ``bag``, by the rules of the
    module docstring: minimums with rejection, lowering at the end of the bag, partie joker,
    redraws of a rack with no move. ``None`` when the game is over (the pool cannot continue,
    or ``turn`` is past ``config.max_turns``); the bag is then untouched.

    ``reliquat`` holds uppercase letters and ``?``, in any order, and comes from the previous
    rack (its tiles are not in the bag). ``has_move(rack)`` is called only on racks that meet
    the minimum. Raises :class:`~arbitre.rules.errors.BadRackError` for a reliquat longer than
    the rack, :class:`InvalidBagError` for a character that is not a tile and
    :class:`ValueError` for a turn below 1.
    """
    if not _is_int(turn) or turn < 1:
        raise ValueError(f"turn {turn!r} must be an integer >= 1")
    _check_tiles(reliquat, "reliquat")
    size = config.rack_size
    if len(reliquat) > size:
        raise BadRackError(f"the reliquat {reliquat} holds more than {size} tiles")
    if config.max_turns is not None and turn > config.max_turns:
        return None
    joker = config.variant is Variant.JOKER
    pool = _pool(bag, reliquat, joker)
    if not pool_can_continue(pool, config.tiles):
        return None
    vowels, consonants = lower_minimum(pool, *config.minimum(turn), config.tiles)
    redraws_left = config.no_move_redraws if has_move is not None else 0
    rejected: list[str] = []
    kept = reliquat
    while True:
        new = _fill(bag, kept, size, joker)
        rack = kept + new
        if Rack(rack).balance(config.tiles).satisfies(vowels, consonants):
            playable = True if has_move is None else bool(has_move(rack))
            if playable or redraws_left == 0 or not _can_draw_more(bag, joker):
                return Draw(turn, kept, new, tuple(rejected), (vowels, consonants), playable)
            redraws_left -= 1
        rejected.append(rack)
        bag.put_back(rack)
        kept = ""
