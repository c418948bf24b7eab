"""An Indecix match: its table, its games and rolls, and the changes the rules allow.

An :class:`IndecixGame` is two parts. Its :class:`Match` is everything that may be shown to
someone: the seats, every game's grid and rolls so far (a die is public once rolled), the
commitment to the seed, and the seed once the match is over. Its :class:`Secrets` are what is
hidden from everyone until then: the seed and what it decides (the starter of each game and
every face still to roll). Views and records are built from the match alone, so a future roll
is not reachable from them.

**Turns.** :func:`open_next` opens a game (the first one starts the match, with both seats
taken) and rolls its first die. The roller places it (:func:`place`); then the next die is
rolled at once, for the other player. A die with no legal cell, or rolled for a player who left
the table, goes unplayed at once and the next one is rolled. In Blitz, :func:`close` at the
die's deadline loses it the same way; in Master, a drop on a cell the face forbids loses it.
After the 36th roll the game ends; in a match of several games, :func:`open_next` opens the
next one (the other player starts), and after the last game the match is over and the seed
revealed.

**Seats.** Two exactly. Before the start, players sit (:func:`seat`) and leave
(:func:`leave`) freely; the first seated is seat 0 (the digits of the grid text, the first
colour). Once started, the two seats are fixed: a player who leaves keeps their points and
their place in the standings, and each of their dice is lost as rolled (1 point to the other
player) until they sit again, which they may do while the match is not over; nobody else may
take their seat.

Every function here changes the game it is given, or raises
:class:`~arbitre.rules.kinds.base.ActionRefusedError` and leaves it as it was: every check is
made before the first change. Each change is also written to the match's :attr:`Match.steps`
(``seat``, ``leave``, ``open``, ``place``, ``close``, ``shift``, with their times), so that
:func:`save` writes the seed and the steps and :func:`load` plays them again to the same game
(:func:`apply_step`); a record is replayed the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from arbitre.rules import checked
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.base import (
    ActionRefusedError,
    InvalidConfigError,
    Phase,
    Setup,
    Stage,
    Standing,
    shared_ranks,
)
from arbitre.rules.kinds.indecix import dice, moves
from arbitre.rules.kinds.indecix.config import (
    SEATS,
    IndecixConfig,
    Mode,
    config_data,
    configure,
)
from arbitre.rules.kinds.indecix.grid import (
    LINE_CELLS,
    Grid,
    InvalidCellError,
    cell_index,
    cell_name,
    lines_through,
)
from arbitre.rules.kinds.indecix.rolls import Loss, Roll
from arbitre.rules.kinds.indecix.trays import Tray, trays, winner

__all__ = [
    "SAVE_VERSION",
    "BadStateError",
    "Ended",
    "Finished",
    "Game",
    "Happening",
    "IndecixGame",
    "Match",
    "Resolved",
    "Rolled",
    "Secrets",
    "apply_step",
    "close",
    "leave",
    "load",
    "new_game",
    "open_next",
    "phase",
    "place",
    "save",
    "seat",
    "shift",
    "standings",
]

#: The version of :func:`save`'s layout; :func:`load` reads this version only.
SAVE_VERSION = 1
#: In a match, the pause for a game's result before the next game opens by itself (the
#: session opens it earlier once every person at the table is ready).
RESULT_MS = 15_000


class BadStateError(ArbitreError):
    """Saved data that :func:`save` did not write, or whose steps the rules refuse."""

    code = "bad_state"


@dataclass(slots=True)
class Game:
    """One game of the match: its ``number`` (from 1), the seat who ``starter`` rolls first, when
    it was opened and closed, its ``grid`` now, its ``rolls`` (the last one open while the game
    is), and the full lines ``marked`` with the seat who completed them (line -> seat, until a
    capture breaks them)."""

    number: int
    starter: int
    opened_ms: int
    grid: Grid
    rolls: list[Roll] = field(default_factory=list)
    marked: dict[int, int] = field(default_factory=dict)
    closed_ms: int | None = None

    @property
    def over(self) -> bool:
        return self.closed_ms is not None

    @property
    def current(self) -> Roll | None:
        """The open roll, if any."""
        if self.rolls and self.rolls[-1].is_open:
            return self.rolls[-1]
        return None

    def trays(self) -> tuple[Tray, Tray]:
        """Both seats' trays now."""
        return trays(self.rolls)

    def winner(self) -> int | None:
        """The seat ahead now (the winner once the game is over), ``None`` when level."""
        return winner(self.trays())


@dataclass(slots=True)
class Match:
    """What may be shown of a match: ``config``, ``game_id``, the ``commitment`` to the seed, the
    players seated at its creation (``starters``), the ``seats`` (seat 0 first), the seated
    players who left (``absent``), the ``games`` opened, the ``steps`` taken, ``over``, and the
    ``seed`` once it is over."""

    config: IndecixConfig
    game_id: str
    commitment: str
    starters: tuple[str, ...]
    seats: list[str]
    absent: set[str] = field(default_factory=set)
    games: list[Game] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False
    seed: int | None = None
    #: Between two games of a match: when the next opens by itself (``None`` otherwise).
    next_ms: int | None = None

    @property
    def stage(self) -> Stage:
        if self.over:
            return Stage.OVER
        if not self.games:
            return Stage.WAITING
        return Stage.PLAYING if self.games[-1].current is not None else Stage.BETWEEN

    @property
    def number(self) -> int:
        """The roll open or last made, counted over the match (0 before the first)."""
        return sum(len(game.rolls) for game in self.games)

    @property
    def game(self) -> Game | None:
        """The game open or last played."""
        return self.games[-1] if self.games else None

    @property
    def current(self) -> Roll | None:
        """The open roll, if any."""
        return self.games[-1].current if self.games else None

    def playing(self, player: str) -> bool:
        """Whether ``player`` holds a seat and is at the table."""
        return player in self.seats and player not in self.absent


@dataclass(slots=True)
class Secrets:
    """What is hidden from everyone until the match is over: the ``seed`` and what it decides
    (see :mod:`arbitre.rules.kinds.indecix.dice`), each game's faces computed once."""

    seed: int = field(repr=False)
    _faces: dict[int, tuple[int, ...]] = field(default_factory=dict, repr=False, compare=False)

    def faces(self, game: int) -> tuple[int, ...]:
        """The 36 faces of game ``game``."""
        if game not in self._faces:
            self._faces[game] = dice.faces(self.seed, game)
        return self._faces[game]

    def starter(self, game: int) -> int:
        """The seat who starts game ``game``."""
        return dice.starter(self.seed, game)


@dataclass(slots=True)
class IndecixGame:
    """A match (the kind's state): its :class:`Match` and its :class:`Secrets`."""

    match: Match
    secrets: Secrets = field(repr=False)


@dataclass(frozen=True, slots=True)
class Rolled:
    """A die was rolled (``roll`` was open then)."""

    roll: Roll


@dataclass(frozen=True, slots=True)
class Resolved:
    """A roll was placed or lost."""

    roll: Roll


@dataclass(frozen=True, slots=True)
class Ended:
    """A game of the match ended."""

    game: Game


@dataclass(frozen=True, slots=True)
class Finished:
    """The match is over."""


#: What a change made happen, in order.
Happening = Rolled | Resolved | Ended | Finished


def new_game(config: IndecixConfig, setup: Setup) -> IndecixGame:
    """A match at :attr:`Stage.WAITING` with ``setup.players`` seated (at most two), its dice
    fixed by ``setup.seed``."""
    players = tuple(setup.players)
    if len(set(players)) != len(players):
        raise InvalidConfigError("a player is seated twice")
    if len(players) > SEATS:
        raise InvalidConfigError(f"{len(players)} players at a table of {SEATS} seats")
    match = Match(
        config=config,
        game_id=setup.game_id,
        commitment=dice.commitment(setup.seed),
        starters=players,
        seats=list(players),
    )
    return IndecixGame(match, Secrets(setup.seed))


def phase(match: Match, now_ms: int) -> Phase:
    """Where the match is at ``now_ms``: while a roll is open, its roller may act (until its
    deadline, in Blitz), and the roll is due at its deadline (Blitz only); between games the
    next one opens by itself at ``next_ms``, :data:`RESULT_MS` after the last one ended (the
    session opens it earlier once every person is ready, or the organiser does)."""
    roll = match.current
    if roll is None:
        stage = match.stage
        if stage is Stage.BETWEEN:
            return Phase(stage, match.number, next_ms=match.next_ms)
        return Phase(stage, match.number)
    late = roll.deadline_ms is not None and now_ms >= roll.deadline_ms
    actors = frozenset() if late else frozenset({match.seats[roll.player]})
    return Phase(
        Stage.PLAYING,
        roll.number,
        actors=actors,
        deadline_ms=roll.deadline_ms,
        due_ms=roll.deadline_ms,
    )


def seat(game: IndecixGame, player: str, now_ms: int) -> tuple[int, list[Happening]]:
    """Seat ``player``: the seat they take (or take back). Refused: ``game_over``,
    ``already_seated``, ``table_full`` (two seats, or a match under way that they do not
    play)."""
    match = game.match
    if match.over:
        raise ActionRefusedError("game_over", "the game is over")
    if match.playing(player):
        raise ActionRefusedError("already_seated", f"{player} is already seated")
    if match.games:
        if player not in match.seats:
            raise ActionRefusedError("table_full", "the game is under way between two players")
        match.absent.discard(player)
    else:
        if len(match.seats) >= SEATS:
            raise ActionRefusedError("table_full", "both seats are taken")
        match.seats.append(player)
    match.steps.append({"step": "seat", "player": player, "at_ms": now_ms})
    return match.seats.index(player), []


def leave(game: IndecixGame, player: str, now_ms: int) -> tuple[int, list[Happening]]:
    """``player`` leaves: the seat they held, and what happened. Before the start the seat is
    freed; after it, they keep their points and each of their dice is lost as rolled (their
    open roll, if any, at once) until they sit again. Refused: ``game_over``, ``not_seated``."""
    match = game.match
    if match.over:
        raise ActionRefusedError("game_over", "the game is over")
    if not match.playing(player):
        raise ActionRefusedError("not_seated", f"{player} is not seated")
    held = match.seats.index(player)
    happened: list[Happening] = []
    match.steps.append({"step": "leave", "player": player, "at_ms": now_ms})
    if not match.games:
        match.seats.remove(player)
        return held, happened
    match.absent.add(player)
    roll = match.current
    if roll is not None and roll.player == held:
        _lose(roll, Loss.ABSENT, now_ms, happened)
        _roll_on(game, now_ms, happened)
    return held, happened


def open_next(game: IndecixGame, now_ms: int) -> list[Happening]:
    """Open the next game of the match and roll its first die. Refused: ``game_over``,
    ``roll_open`` (a game is being played), ``not_enough_players`` (the first game needs both
    seats taken)."""
    match = game.match
    stage = match.stage
    if stage is Stage.OVER:
        raise ActionRefusedError("game_over", "the game is over")
    if stage is Stage.PLAYING:
        raise ActionRefusedError("roll_open", f"roll {match.number} is still to be played")
    if stage is Stage.WAITING and len(match.seats) < SEATS:
        raise ActionRefusedError("not_enough_players", f"a game starts with {SEATS} players")
    number = len(match.games) + 1
    match.next_ms = None
    match.games.append(Game(number, game.secrets.starter(number), now_ms, Grid.empty()))
    match.steps.append({"step": "open", "at_ms": now_ms})
    happened: list[Happening] = []
    _roll_on(game, now_ms, happened)
    return happened


def place(game: IndecixGame, player: str, cell: str, number: int, now_ms: int) -> list[Happening]:
    """``player`` puts the die of roll ``number`` on ``cell`` (its name): what happened, the
    roll's placement (or, in Master, its loss) first. Refused, in this order: ``game_over``,
    ``not_started``, ``no_roll`` (between games), ``not_seated``, ``not_your_turn``,
    ``wrong_roll`` (another roll's number), ``too_late`` (Blitz, from the deadline on),
    ``bad_cell``, ``occupied``, ``illegal_cell`` (but in Master)."""
    match = game.match
    roll = _open_roll(match)
    if not match.playing(player):
        raise ActionRefusedError("not_seated", f"{player} is not seated")
    if match.seats[roll.player] != player:
        raise ActionRefusedError("not_your_turn", f"roll {roll.number} is the other player's")
    if number != roll.number:
        raise ActionRefusedError(
            "wrong_roll", f"the die to place is roll {roll.number}'s, not roll {number}'s"
        )
    if roll.deadline_ms is not None and now_ms >= roll.deadline_ms:
        raise ActionRefusedError("too_late", f"roll {roll.number}'s time is up")
    try:
        index = cell_index(cell)
    except InvalidCellError as error:
        raise ActionRefusedError(error.code, str(error)) from None
    current = match.games[-1]
    happened: list[Happening] = []
    try:
        placement = moves.place(current.grid, index, roll.face, roll.player)
    except moves.IllegalPlacementError as error:
        if error.reason != "illegal_cell" or match.config.mode is not Mode.MASTER:
            raise ActionRefusedError(error.reason, str(error)) from None
        match.steps.append(_place_step(player, index, number, now_ms))
        roll.drop = index
        _lose(roll, Loss.ILLEGAL_DROP, now_ms, happened)
    else:
        match.steps.append(_place_step(player, index, number, now_ms))
        roll.placement = placement
        roll.at_ms = now_ms
        current.grid = placement.grid
        for taken, _ in placement.captured:
            for line in lines_through(taken):
                current.marked.pop(line, None)
        for line in lines_through(index):
            if all(placement.grid.cells[other] for other in LINE_CELLS[line]):
                current.marked[line] = roll.player
        happened.append(Resolved(roll))
    _roll_on(game, now_ms, happened)
    return happened


def close(game: IndecixGame, now_ms: int) -> list[Happening]:
    """The Blitz deadline of the open roll has come: the die is lost as in a pass, and the next
    one rolled. Refused: ``game_over``, ``not_started``, ``no_roll``, ``not_due`` (no deadline,
    or not yet)."""
    match = game.match
    roll = _open_roll(match)
    if roll.deadline_ms is None or now_ms < roll.deadline_ms:
        raise ActionRefusedError("not_due", f"roll {roll.number} has time left")
    match.steps.append({"step": "close", "at_ms": now_ms})
    happened: list[Happening] = []
    _lose(roll, Loss.TIMEOUT, now_ms, happened)
    _roll_on(game, now_ms, happened)
    return happened


def shift(game: IndecixGame, delta_ms: int) -> None:
    """Move the open roll's deadline by ``delta_ms`` (a pause, an outage): it keeps the time it
    had left; between two games, when the next opens by itself."""
    match = game.match
    roll = match.current
    if not delta_ms:
        return
    if roll is None and match.next_ms is not None:
        match.next_ms += delta_ms
    elif roll is None or roll.deadline_ms is None:
        return
    else:
        roll.deadline_ms += delta_ms
        roll.shifted_ms += delta_ms
    match.steps.append({"step": "shift", "delta_ms": delta_ms})


def standings(match: Match) -> list[Standing]:
    """Both players ranked over the match so far: on the sum of their scores, then of their
    suites, then of the opponent dice they captured; equal on all three, they share a rank.
    ``details`` gives those sums, the games won and each game's score."""
    per_game = [game.trays() for game in match.games]
    keys = []
    for place_, player in enumerate(match.seats):
        totals = [pair[place_].key for pair in per_game]
        keys.append((player, tuple(sum(key[i] for key in totals) for i in range(3))))
    ranked = sorted(keys, key=lambda item: item[1], reverse=True)
    by_player = dict(keys)
    lines = []
    for rank, player in shared_ranks(ranked):
        place_ = match.seats.index(player)
        total, suites, captured = by_player[player]
        won = sum(1 for game in match.games if game.over and game.winner() == place_)
        lines.append(
            Standing(
                rank,
                player,
                total,
                {
                    "seat": place_,
                    "suites": suites,
                    "opponent_dice_captured": captured,
                    "games_won": won,
                    "games": [pair[place_].total for pair in per_game],
                },
            )
        )
    return lines


# -- the changes' common parts ---------------------------------------------------------------


def _open_roll(match: Match) -> Roll:
    """The open roll, or the refusal saying why there is none."""
    stage = match.stage
    if stage is Stage.OVER:
        raise ActionRefusedError("game_over", "the game is over")
    if stage is Stage.WAITING:
        raise ActionRefusedError("not_started", "the game has not started")
    roll = match.current
    if roll is None:
        raise ActionRefusedError("no_roll", "no die is rolled: the next game is not open")
    return roll


def _place_step(player: str, cell: int, number: int, now_ms: int) -> dict[str, Any]:
    return {
        "step": "place",
        "player": player,
        "cell": cell_name(cell),
        "roll": number,
        "at_ms": now_ms,
    }


def _lose(roll: Roll, why: Loss, now_ms: int, happened: list[Happening]) -> None:
    roll.lost = why
    roll.at_ms = now_ms
    happened.append(Resolved(roll))


def _roll_on(game: IndecixGame, now_ms: int, happened: list[Happening]) -> None:
    """Roll the next die of the open game at ``now_ms``, losing at once those without a legal
    cell or whose player left; end the game after its last roll, and the match after its last
    game."""
    match = game.match
    current = match.games[-1]
    blitz_ms = match.config.blitz_ms
    number = match.number
    while True:
        index = len(current.rolls) + 1
        if index > dice.ROLLS:
            current.closed_ms = now_ms
            happened.append(Ended(current))
            if current.number == match.config.games:
                match.over = True
                match.seed = game.secrets.seed
                happened.append(Finished())
            else:
                match.next_ms = now_ms + RESULT_MS
            return
        number += 1
        seat_ = dice.roller(current.starter, index)
        face = game.secrets.faces(current.number)[index - 1]
        roll = Roll(
            number=number,
            game=current.number,
            index=index,
            player=seat_,
            face=face,
            rolled_ms=now_ms,
            deadline_ms=None if blitz_ms is None else now_ms + blitz_ms,
        )
        current.rolls.append(roll)
        happened.append(Rolled(roll))
        if not moves.legal_cells(current.grid, face):
            _lose(roll, Loss.NO_LEGAL_CELL, now_ms, happened)
        elif match.seats[seat_] in match.absent:
            _lose(roll, Loss.ABSENT, now_ms, happened)
        else:
            return


# -- steps, saving and loading ---------------------------------------------------------------


def apply_step(game: IndecixGame, step: Mapping[str, Any]) -> list[Happening]:
    """Take ``step`` (one of :attr:`Match.steps`) again on ``game``: what it made happen. An
    :class:`~arbitre.rules.kinds.base.ActionRefusedError` when the rules refuse it now, a
    :class:`BadStateError` when it is not a step."""
    if not isinstance(step, Mapping):
        raise BadStateError(f"a step is a mapping (got {step!r})")
    kind = step.get("step")
    if kind not in ("seat", "leave", "open", "place", "close", "shift"):
        raise BadStateError(f"unknown step {kind!r}")
    if kind == "shift":
        shift(game, _integer(step.get("delta_ms"), "delta_ms"))
        return []
    at_ms = _integer(step.get("at_ms"), "at_ms")
    if kind == "open":
        return open_next(game, at_ms)
    if kind == "close":
        return close(game, at_ms)
    player = _text(step.get("player"), "player")
    if kind == "seat":
        return seat(game, player, at_ms)[1]
    if kind == "leave":
        return leave(game, player, at_ms)[1]
    cell = _text(step.get("cell"), "cell")
    return place(game, player, cell, _integer(step.get("roll"), "roll"), at_ms)


def save(game: IndecixGame) -> dict[str, Any]:
    """The whole match as JSON-ready data, the seed included: for the session's storage only,
    never for a client. It is the configuration, the seats at the creation, the seed and the
    steps taken; :func:`load` plays them again."""
    match = game.match
    return {
        "version": SAVE_VERSION,
        "config": config_data(match.config),
        "game_id": match.game_id,
        "starters": list(match.starters),
        "seed": game.secrets.seed,
        "steps": [dict(step) for step in match.steps],
        "rolls": match.number,
    }


def load(data: Mapping[str, Any]) -> IndecixGame:
    """The match :func:`save` wrote, its steps played again; a :class:`BadStateError` for data
    it did not write."""
    try:
        return _load(data)
    except BadStateError:
        raise
    except ArbitreError as error:
        raise BadStateError(f"the saved game does not load: {error}") from error


def _load(data: Mapping[str, Any]) -> IndecixGame:
    if not isinstance(data, Mapping):
        raise BadStateError("a saved game is a mapping")
    version = data.get("version")
    if isinstance(version, bool) or version != SAVE_VERSION:
        raise BadStateError(f"a saved game of version {SAVE_VERSION} is expected, not {version!r}")
    config = data.get("config")
    if not isinstance(config, Mapping):
        raise BadStateError("config must be a mapping")
    starters = _list(data.get("starters"), "starters")
    setup = Setup(
        _text(data.get("game_id"), "game_id"),
        _integer(data.get("seed"), "seed"),
        tuple(_text(player, "a player") for player in starters),
    )
    game = new_game(configure(config), setup)
    for step in _list(data.get("steps"), "steps"):
        apply_step(game, step)
    if data.get("rolls") != game.match.number:
        raise BadStateError("the steps do not make the saved number of rolls")
    return game


#: Checked reads of stored data (:mod:`arbitre.rules.checked`), refused as ``bad_state``.
_list = partial(checked.sequence, error=BadStateError)
_text = partial(checked.text, error=BadStateError)
_integer = partial(checked.integer, error=BadStateError)
