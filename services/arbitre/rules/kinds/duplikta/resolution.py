"""Whose word stays: at the end of a turn, one player's move is installed on the board.

Each player scores their own move (or loses a penalty, see
:mod:`~arbitre.rules.kinds.duplikta.penalties`). When at least one move is accepted, the first
of these criteria that separates the two players installs one of them (:class:`Criterion`):

1. ``tiles``: more tokens placed in an accepted move (a refused move or a pass places none).
   The winner also gets +5 per extra token, :data:`TILE_BONUS` times the difference, past 5 as
   well (a lone accepted move of 3 tokens gets +15);
2. ``score``: the better score for the turn (the move's points);
3. ``speed``, only with the clock on and both confirm times known: the faster confirm (server
   milliseconds from the rack being dealt to the confirm), who also gets +2
   (:data:`SPEED_BONUS`) and wins the turn;
4. ``total``: the better game total before the turn;
5. ``previous``: the better score at the previous turn (0 at the first turn);
6. ``chances``: more Chances left;
7. ``draw``: a draw from the game's seeded generator, ``draws.randrange(2)`` picking the first
   (0) or the second (1) contender in the order given.

When neither move is accepted (both refused, both passed, or one of each) nobody is installed
(criterion ``none``): the board does not change and the same rack is played again.

>>> import random
>>> ana = Contender("ana", accepted=True, tiles=5, points=30)
>>> bob = Contender("bob", accepted=True, tiles=2, points=60)
>>> done = resolve(ana, bob, clock=False, draws=random.Random(0))
>>> done.installed, done.criterion.value, dict(done.points), dict(done.bonuses["ana"])
('ana', 'tiles', {'ana': 45, 'bob': 60}, {'tiles': 15})
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "SPEED_BONUS",
    "TILE_BONUS",
    "Contender",
    "Criterion",
    "Resolution",
    "resolution_random",
    "resolve",
]

#: Points per token placed beyond the opponent's, for the winner on criterion 1.
TILE_BONUS = 5
#: Points for the faster confirm, for the winner on criterion 3.
SPEED_BONUS = 2


class Criterion(StrEnum):
    """What decided whose move stays, in the order they are tried."""

    TILES = "tiles"
    SCORE = "score"
    SPEED = "speed"
    TOTAL = "total"
    PREVIOUS = "previous"
    CHANCES = "chances"
    DRAW = "draw"
    NONE = "none"  # neither move accepted: nothing installed
    SCENARIO = "scenario"  # Tourlou's scenario: its word is always the one installed


@dataclass(frozen=True, slots=True)
class Contender:
    """One player's side of a turn.

    ``accepted``: the move was placed and all its words are valid. ``tiles``: the tokens the
    move places (counted by criterion 1 only when accepted). ``points``: what the player scores
    before any bonus: the move's score when accepted, else minus the refusal or pass penalty.
    ``confirm_ms``: milliseconds from the deal to the confirm (``None``: unknown). ``total``:
    the game total before the turn. ``previous``: the points of the previous turn.
    ``chances``: Chances left, in halves.
    """

    player: str
    accepted: bool
    tiles: int = 0
    points: int = 0
    confirm_ms: int | None = None
    total: int = 0
    previous: int = 0
    chances: int = 0

    @property
    def placed(self) -> int:
        """Tokens placed in an accepted move (0 for a refused move or a pass)."""
        return self.tiles if self.accepted else 0


@dataclass(frozen=True, slots=True)
class Resolution:
    """The end of a turn: ``installed``, the player whose move stays (``None``: nobody);
    ``criterion``, what decided it; ``points``, each player's points for the turn, bonuses
    included; ``bonuses``, each player's bonuses by name (``tiles``, ``speed``)."""

    installed: str | None
    criterion: Criterion
    points: Mapping[str, int]
    bonuses: Mapping[str, Mapping[str, int]]


def resolution_random(seed: int) -> random.Random:
    """The generator of a game's criterion-7 draws, from the game's seed (a stream of its own:
    the box's draws do not move it)."""
    return random.Random(f"duplikta draws {seed}")


def resolve(
    first: Contender, second: Contender, *, clock: bool, draws: random.Random
) -> Resolution:
    """Whose move stays (see the module docstring); ``draws`` is used only when criterion 7 is
    reached. Raises :class:`ValueError` for two contenders of the same name."""
    if first.player == second.player:
        raise ValueError(f"two contenders named {first.player!r}")
    bonuses: dict[str, dict[str, int]] = {first.player: {}, second.player: {}}
    if not (first.accepted or second.accepted):
        return _resolution(None, Criterion.NONE, first, second, bonuses)
    tests: list[tuple[Criterion, int, int]] = [
        (Criterion.TILES, first.placed, second.placed),
        (Criterion.SCORE, first.points, second.points),
    ]
    if clock and first.confirm_ms is not None and second.confirm_ms is not None:
        tests.append((Criterion.SPEED, -first.confirm_ms, -second.confirm_ms))
    tests += [
        (Criterion.TOTAL, first.total, second.total),
        (Criterion.PREVIOUS, first.previous, second.previous),
        (Criterion.CHANCES, first.chances, second.chances),
    ]
    decided = next(((name, mine, theirs) for name, mine, theirs in tests if mine != theirs), None)
    if decided is None:
        criterion = Criterion.DRAW
        winner = (first, second)[draws.randrange(2)]
    else:
        criterion, mine, theirs = decided
        winner = first if mine > theirs else second
    if criterion is Criterion.TILES:
        bonuses[winner.player]["tiles"] = TILE_BONUS * abs(first.placed - second.placed)
    elif criterion is Criterion.SPEED:
        bonuses[winner.player]["speed"] = SPEED_BONUS
    return _resolution(winner.player, criterion, first, second, bonuses)


def scenario_resolution(person: Contender, tourlou: Contender) -> Resolution:
    """A turn of Tourlou's scenario (:mod:`~arbitre.rules.kinds.duplikta.scenario`): Tourlou's
    move stays when accepted (criterion ``scenario``), else nothing (``none``); no bonus."""
    bonuses: dict[str, dict[str, int]] = {person.player: {}, tourlou.player: {}}
    if not tourlou.accepted:
        return _resolution(None, Criterion.NONE, person, tourlou, bonuses)
    return _resolution(tourlou.player, Criterion.SCENARIO, person, tourlou, bonuses)


def _resolution(
    installed: str | None,
    criterion: Criterion,
    first: Contender,
    second: Contender,
    bonuses: dict[str, dict[str, int]],
) -> Resolution:
    points = {
        side.player: side.points + sum(bonuses[side.player].values()) for side in (first, second)
    }
    return Resolution(installed, criterion, points, bonuses)
