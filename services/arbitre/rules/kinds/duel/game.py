"""A Duel de Mots game: its table, its rounds, and the changes the rules allow.

A :class:`DuelGame` is two parts. Its :class:`Table` is everything that may ever be shown to
someone: the players, every round's rows (a guesser's letters are secret per player, but they
are *theirs*), the commitments, and a round's word and salt once the round is closed. Its
:class:`Secrets` are what is hidden from everyone until a round closes: the seed and what it
decided (the words and salts of the rounds). Views and records are built from the table alone,
so the word of an open round is not reachable from them.

Every function here changes the game it is given, or raises
:class:`~arbitre.rules.kinds.base.ActionRefusedError` and leaves it as it was: every check is
made before the first change.

A guess is judged by :func:`arbitre.rules.kinds.duel.parts.judge` against the open round's
:func:`context` and the guesser's :func:`part`, then stored (:func:`store`): :func:`guess` does
both on the game in memory, the session's fast path the same on what it stored. :func:`detach` and
:func:`attach` split a game into the rest and the open round's parts, and join them again.

:func:`save` writes the whole game, secrets included, as versioned JSON-ready data for the
session's storage (never for a client) and :func:`load` reads it back to an equal game, or
raises :class:`BadStateError`. :func:`shift` moves the game's times to come by a pause or an
outage.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence, Set
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import accumulate
from operator import itemgetter
from typing import Any

from arbitre.rules import checked
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.base import (
    ACTOR,
    ACTORS,
    ActionRefusedError,
    InvalidConfigError,
    Judgement,
    Phase,
    Setup,
    Stage,
    Standing,
)
from arbitre.rules.kinds.duel import alphabet, marks, scoring
from arbitre.rules.kinds.duel.commitment import commitment, round_salt, secret_words
from arbitre.rules.kinds.duel.config import (
    CLOSING_WINDOW_MS,
    MIN_SEATS,
    DuelConfig,
    config_data,
    configure,
)
from arbitre.rules.kinds.duel.parts import (
    MAX_GUESS_CHARS,
    SOLVED,
    BadStateError,
    Row,
    Seat,
    context_data,
    deadline_after,
    done,
    extra_copies,
    judge,
    part_data,
    read_part,
    warns,
)
from arbitre.rules.kinds.duel.scoring import RoundResult
from arbitre.rules.kinds.duel.words import WordList

__all__ = [
    "MAX_GUESS_CHARS",
    "SAVE_VERSION",
    "BadStateError",
    "DuelGame",
    "Guessed",
    "Round",
    "Row",
    "SeatChange",
    "Secrets",
    "Table",
    "attach",
    "close_round",
    "context",
    "detach",
    "extra_copies",
    "guess",
    "leave",
    "load",
    "new_game",
    "open_round",
    "part",
    "phase",
    "save",
    "seat",
    "shift",
    "store",
]


@dataclass(frozen=True, slots=True)
class SeatChange:
    """``player`` joined (``joined``) or left the table at ``at_ms``, when the game was at round
    ``round`` (0 before the first), that round open (``in_round``) or closed."""

    player: str
    joined: bool
    at_ms: int
    round: int
    in_round: bool


@dataclass(slots=True)
class Round:
    """One round: its ``number`` (from 1), ``opened_ms``, ``ends_ms`` (its end now: the clock,
    maybe shortened by the closing window; it takes guesses until then), its ``commitment``,
    the ``players`` seated at its opening, their ``rows``, the ``solvers`` in the order their
    finds were accepted, the players who ``left`` during it; ``first_find_ms`` (absolute)
    opened the closing window, ``settled_ms`` is when every player had finished. ``closed_ms``,
    ``word`` and ``salt`` are set when it closes. ``finished_before`` is how many of the first
    ``players`` are known to be out of the round (finished or gone: nobody comes back into a
    round), so that :func:`_settle` looks at each player once a round, not once a guess; it is
    a hint of no consequence (0 is always right) and no part of the round's value.
    ``left_guessing`` counts the players who left before they had finished (the context's
    ``awaited`` leaves them out): kept by :func:`leave` and :func:`load` (:func:`store` takes
    no judgement of a player who left) so that a guess's context needs no pass over those who
    left; it follows from ``left`` and ``rows``, and is no part of the round's value either."""

    number: int
    opened_ms: int
    ends_ms: int
    commitment: str
    players: tuple[str, ...]
    rows: dict[str, list[Row]]
    solvers: list[str] = field(default_factory=list)
    left: set[str] = field(default_factory=set)
    first_find_ms: int | None = None
    settled_ms: int | None = None
    closed_ms: int | None = None
    word: str | None = None
    salt: str | None = None
    finished_before: int = field(default=0, compare=False, repr=False)
    left_guessing: int = field(default=0, compare=False, repr=False)
    #: :attr:`guesses` as last worked out, with the counts of rows and solvers it was worked
    #: out for (a step of a room of thousands asks it two or three times; :func:`store`
    #: forgets it): a cache, no part of the round's value.
    kept_guesses: tuple[int, int, list[tuple[str, str, int]]] | None = field(
        default=None, compare=False, repr=False
    )

    @property
    def is_open(self) -> bool:
        return self.closed_ms is None

    def plays(self, player: str) -> bool:
        """Whether ``player`` plays this round: seated at its opening and not gone since."""
        return player in self.rows and player not in self.left

    def finished(self, player: str) -> bool:
        """Whether ``player`` has finished the round: found, or out of tries
        (:func:`~arbitre.rules.kinds.duel.parts.done`)."""
        return done(self.rows.get(player, []))

    def guessing(self, player: str) -> bool:
        """Whether ``player`` may still guess: playing, not found, tries left."""
        return self.plays(player) and not self.finished(player)

    @property
    def guesses(self) -> list[tuple[str, str, int]]:
        """Every accepted guess (player, letters, ms since the opening) in one order that the rows
        and the solvers decide, however they were stored: see :func:`_accepted`. Worked out
        once for a round's rows and solvers (:attr:`kept_guesses`)."""
        count = sum(map(len, self.rows.values()))
        kept = self.kept_guesses
        if kept is not None and kept[0] == count and kept[1] == len(self.solvers):
            return kept[2]
        guesses = _accepted(self.players, self.rows, self.solvers)
        self.kept_guesses = (count, len(self.solvers), guesses)
        return guesses

    def actors(self) -> frozenset[str]:
        """The players still guessing (whatever the clock says)."""
        return frozenset(p for p in self.players if self.guessing(p))

    def due_ms(self) -> int:
        """When the round must close: its end, or earlier the moment every player finished."""
        if self.settled_ms is None:
            return self.ends_ms
        return min(self.settled_ms, self.ends_ms)

    def result(self, player: str) -> RoundResult:
        """``player``'s result (tries, place among the solvers, solve time)."""
        rows = self.rows[player]
        if player in self.solvers:
            return RoundResult(len(rows), self.solvers.index(player) + 1, rows[-1].at_ms)
        return RoundResult(len(rows))

    def results(self) -> dict[str, RoundResult]:
        """Every player's :meth:`result`, each solver's place looked up once (not searched for
        among the solvers: a room has thousands)."""
        places = {player: place for place, player in enumerate(self.solvers, start=1)}
        results = {}
        for player in self.players:
            rows, place = self.rows[player], places.get(player)
            solve_ms = None if place is None else rows[-1].at_ms
            results[player] = RoundResult(len(rows), place, solve_ms)
        return results


@dataclass(slots=True)
class Table:
    """What may be shown of a game: ``config``, ``game_id``, the ``starters`` (seated at its
    creation), every player ever seated in seating order (``players``), those seated now
    (``present``), the ``rounds`` opened, the ``seating`` changes after the creation, the
    players who had the extra-copy message (``warned``), ``over``, the ``seed`` once the game
    is over, and ``next_ms``, when the next round opens by itself (set between rounds when
    there is a reveal pause). ``everyone`` is ``players`` as a set, for lookups: made from them
    here, kept with them by :func:`seat` and :func:`load`, and no part of the table's value."""

    config: DuelConfig
    game_id: str
    starters: tuple[str, ...]
    players: list[str]
    present: set[str]
    rounds: list[Round] = field(default_factory=list)
    seating: list[SeatChange] = field(default_factory=list)
    warned: set[str] = field(default_factory=set)
    over: bool = False
    seed: int | None = None
    next_ms: int | None = None
    everyone: set[str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.everyone = set(self.players)

    @property
    def stage(self) -> Stage:
        if self.over:
            return Stage.OVER
        if not self.rounds:
            return Stage.WAITING
        return Stage.PLAYING if self.rounds[-1].is_open else Stage.BETWEEN

    @property
    def number(self) -> int:
        """The round open or last closed (0 before the first)."""
        return len(self.rounds)

    @property
    def current(self) -> Round | None:
        """The open round, if any."""
        if self.rounds and self.rounds[-1].is_open:
            return self.rounds[-1]
        return None

    @property
    def closed(self) -> list[Round]:
        return [r for r in self.rounds if not r.is_open]

    def waiting(self, player: str) -> bool:
        """Whether ``player`` is seated but out of the open round (they play from the next)."""
        current = self.current
        return player in self.present and current is not None and not current.plays(player)

    def ranked(self) -> list[str]:
        """The players a ranking lists: those seated now and those who played a round."""
        played = {p for r in self.rounds for p in r.players}
        return [p for p in self.players if p in self.present or p in played]

    def standings(self) -> list[Standing]:
        """The ranking over the closed rounds."""
        return scoring.standings(self.ranked(), [r.results() for r in self.closed])


@dataclass(frozen=True, slots=True)
class Secrets:
    """What is hidden from everyone: the ``seed`` and the ``words`` and ``salts`` it chose, one
    per round."""

    seed: int = field(repr=False)
    words: tuple[str, ...] = field(repr=False)
    salts: tuple[str, ...] = field(repr=False)


@dataclass(slots=True)
class DuelGame:
    """A game: its :class:`Table`, its :class:`Secrets` and its word list."""

    table: Table
    secrets: Secrets = field(repr=False)
    words: WordList = field(repr=False)


@dataclass(frozen=True, slots=True)
class Guessed:
    """An accepted guess: the ``round``, the ``row`` and its ``index`` (from 0), the guesser's
    round ``points`` if it found the word, the ``extra_copy`` message (letter, copies in the
    word) when it is the guesser's first extra copy of the game, and whether this find opened
    the ``closing_window``."""

    round: Round
    index: int
    row: Row
    points: int | None
    extra_copy: tuple[str, int] | None
    closing_window: bool


def new_game(config: DuelConfig, setup: Setup, words: WordList) -> DuelGame:
    """A game at :attr:`Stage.WAITING`, its words and salts fixed by ``setup.seed``; an
    :class:`InvalidConfigError` when ``words`` or ``setup.players`` do not fit ``config``."""
    if words.language != config.language.value:
        raise InvalidConfigError(
            f"the word list is in {words.language!r}, the game in {config.language.value!r}"
        )
    if words.length != alphabet.WORD_LENGTH:
        raise InvalidConfigError(
            f"the word list has words of {words.length} letters, not {alphabet.WORD_LENGTH}"
        )
    if len(words.secrets) < config.rounds:
        raise InvalidConfigError(
            f"the word list has {len(words.secrets)} secret word(s), "
            f"fewer than the {config.rounds} rounds"
        )
    players = setup.players
    if len(set(players)) != len(players):
        raise InvalidConfigError("a player is seated twice")
    if len(players) > config.capacity:
        raise InvalidConfigError(f"{len(players)} players at a table of {config.capacity} seats")
    secrets = Secrets(
        seed=setup.seed,
        words=secret_words(setup.seed, setup.game_id, words.secrets, config.rounds),
        salts=tuple(
            round_salt(setup.seed, setup.game_id, number) for number in range(1, config.rounds + 1)
        ),
    )
    table = Table(
        config=config,
        game_id=setup.game_id,
        starters=tuple(players),
        players=list(players),
        present=set(players),
    )
    return DuelGame(table=table, secrets=secrets, words=words)


def phase(table: Table, now_ms: int) -> Phase:
    """Where the game is at ``now_ms``. While a round is open: the players still guessing (none
    once its end has come), its deadline (its end: the clock or the closing window) and when it
    is due to close (its end, or earlier the moment every player finished); once closed: when
    the next opens by itself (``None``: at the organiser's Next)."""
    stage = table.stage
    current = table.current
    if current is not None:
        actors = current.actors() if now_ms < current.ends_ms else frozenset()
        return Phase(
            stage,
            current.number,
            actors=actors,
            deadline_ms=current.ends_ms,
            due_ms=current.due_ms(),
        )
    if stage is Stage.BETWEEN:
        return Phase(stage, table.number, next_ms=table.next_ms)
    return Phase(stage, table.number)


def seat(game: DuelGame, player: str, now_ms: int) -> int:
    """Seat ``player`` (new, or back after leaving); the number of the round they play from.
    Between rounds they play the next one; during a round they wait for the next one."""
    table = game.table
    if table.over:
        raise ActionRefusedError("game_over", "the game is over")
    if player in table.present:
        raise ActionRefusedError("already_seated", f"{player} is already seated")
    if len(table.present) >= table.config.capacity:
        raise ActionRefusedError("table_full", f"all {table.config.capacity} seats are taken")
    if table.current is not None and table.number == table.config.rounds:
        raise ActionRefusedError(
            "no_round_left", f"round {table.number} is the last: no round is left to play"
        )
    if player not in table.everyone:  # a set: a room seats ten thousand one by one
        table.players.append(player)
        table.everyone.add(player)
    table.present.add(player)
    table.seating.append(_change(table, player, True, now_ms))
    return table.number + 1


def leave(game: DuelGame, player: str, now_ms: int) -> None:
    """``player`` leaves the table: their rows so far count, they keep their points, and the
    open round no longer waits for them."""
    table = game.table
    if table.over:
        raise ActionRefusedError("game_over", "the game is over")
    if player not in table.present:
        raise ActionRefusedError("not_seated", f"{player} is not seated")
    table.present.discard(player)
    table.seating.append(_change(table, player, False, now_ms))
    current = table.current
    if current is not None and player in current.rows:
        if player not in current.left and not current.finished(player):
            current.left_guessing += 1
        current.left.add(player)
        _settle(current, now_ms)


def open_round(game: DuelGame, now_ms: int) -> Round:
    """Open the next round for the players seated now; it ends ``round_seconds`` later."""
    table = game.table
    stage = table.stage
    if stage is Stage.OVER:
        raise ActionRefusedError("game_over", "the game is over")
    if stage is Stage.PLAYING:
        raise ActionRefusedError("round_open", f"round {table.number} is still open")
    if stage is Stage.WAITING and len(table.present) < MIN_SEATS:
        raise ActionRefusedError(
            "not_enough_players", f"a game starts with at least {MIN_SEATS} players"
        )
    number = table.number + 1
    players = tuple(p for p in table.players if p in table.present)
    index = number - 1
    opened = Round(
        number=number,
        opened_ms=now_ms,
        ends_ms=now_ms + table.config.round_ms,
        commitment=commitment(
            table.game_id, number, game.secrets.salts[index], game.secrets.words[index]
        ),
        players=players,
        rows={p: [] for p in players},
    )
    _settle(opened, now_ms)
    table.rounds.append(opened)
    table.next_ms = None
    return opened


def guess(game: DuelGame, player: str, text: str, round_number: int, now_ms: int) -> Guessed:
    """Mark ``player``'s guess ``text`` in round ``round_number`` at ``now_ms``, or refuse it as
    :func:`~arbitre.rules.kinds.duel.parts.judge` says (a refused guess spends nothing): the
    guess judged against the game's :func:`context` and the player's :func:`part`, then
    stored (:func:`store`)."""
    judgement = judge(
        context_for(game, player),
        part(game, player),
        player,
        text,
        round_number,
        now_ms,
        game.words,
    )
    order = store(game, judgement)
    current = game.table.rounds[-1]
    rows = current.rows[player]
    row = rows[-1]
    extra = judgement.detail["extra_copy"]
    return Guessed(
        round=current,
        index=len(rows) - 1,
        row=row,
        points=current.result(player).points if row.found else None,
        extra_copy=None if extra is None else (extra["letter"], extra["count"]),
        closing_window=judgement.claim == SOLVED and order == 1,
    )


def context(game: DuelGame) -> dict[str, Any]:
    """What judging a guess of the open round needs (``{}`` with nothing open), as
    :func:`~arbitre.rules.kinds.duel.parts.context_data` writes it: secrets included, for the
    session's storage only. Guesses never change it but for its ``ends_ms`` (a first find).
    Its ``awaited`` counts the players of the round who play it or were done before leaving."""
    table = game.table
    current = table.current
    if current is None:
        return {}
    earlier = {p for r in table.closed for p, rows in r.rows.items() if warns(rows)}
    first_now = {p for p in current.players if warns(current.rows[p]) and p not in earlier}
    seats = {
        p: Seat(current.plays(p), p in table.warned and p not in first_now)
        for p in current.players
        if current.plays(p)
    }
    seats.update(
        (p, Seat(False, p in table.warned and p not in first_now))
        for p in table.players
        if table.waiting(p)
    )
    return context_data(
        current.number,
        current.opened_ms,
        current.ends_ms,
        game.secrets.words[current.number - 1],
        table.config.language,
        seats,
        sum(1 for p in current.players if current.plays(p) or current.finished(p)),
    )


def context_for(game: DuelGame, player: str) -> dict[str, Any]:
    """:func:`context` as a judge of ``player``'s guess gets it
    (:func:`~arbitre.rules.kinds.base.actor_context`: their own entry alone), made without a
    pass over the players, nor over those who left the round (:attr:`Round.left_guessing`
    counts them): the whole-game path judges each guess of a room of thousands with it."""
    table = game.table
    current = table.current
    if current is None:
        return {}
    seat: Seat | None = None
    if current.plays(player) or table.waiting(player):
        rows = current.rows.get(player, [])
        earlier = any(warns(r.rows.get(player, [])) for r in table.closed)
        first_now = warns(rows) and not earlier
        seat = Seat(current.plays(player), player in table.warned and not first_now)
    shared = context_data(
        current.number,
        current.opened_ms,
        current.ends_ms,
        game.secrets.words[current.number - 1],
        table.config.language,
        {},
        len(current.players) - current.left_guessing,
    )
    del shared[ACTORS]
    shared["players"] = len(current.rows) - len(current.left)  # those who left are among them
    shared[ACTOR] = None if seat is None else seat.data()
    return shared


def part(game: DuelGame, player: str) -> dict[str, Any] | None:
    """``player``'s part of the open round: their rows (``None``: no rows, or no round open)."""
    current = game.table.current
    if current is None or not current.rows.get(player):
        return None
    return part_data(current.number, current.rows[player])


def store(game: DuelGame, judgement: Judgement) -> int | None:
    """Store ``judgement`` in the game as the session's store does on the fast path: the
    guesser's rows become its part, its claim (a find's) is handed the next order (which it
    returns; ``None`` without a claim), and order 1 lowers the round's end to at most its
    ``closes_by`` (:func:`~arbitre.rules.kinds.duel.parts.deadline_after`). Its ``finishes``
    needs nothing here: the rows say who is done, and the round is settled once nobody is left
    guessing. A :class:`BadStateError` for a judgement of another round, or of a player who
    does not play it (none is judged once gone: their rows stay as they left them)."""
    table = game.table
    current = table.current
    player = judgement.player
    if current is None or judgement.number != current.number or not current.plays(player):
        raise BadStateError(f"a judgement of {player} in round {judgement.number} does not fit")
    rows = read_part(judgement.part, current.number)
    current.rows[player] = rows
    current.kept_guesses = None
    order = None
    if judgement.claim == SOLVED:
        current.solvers.append(player)
        order = len(current.solvers)
        if order == 1:
            current.first_find_ms = judgement.detail["found_at_ms"]
    current.ends_ms = deadline_after(current.ends_ms, judgement, order)
    if warns(rows):
        table.warned.add(player)
    _settle(current, current.opened_ms + rows[-1].at_ms)
    return order


def close_round(game: DuelGame, now_ms: int) -> Round:
    """Close the open round at ``now_ms`` and reveal its word and salt; after the last round the
    game is over and its seed revealed."""
    table = game.table
    current = table.current
    if current is None:
        raise ActionRefusedError("round_not_open", "no round is open")
    index = current.number - 1
    current.closed_ms = now_ms
    current.word = game.secrets.words[index]
    current.salt = game.secrets.salts[index]
    if current.number == table.config.rounds:
        table.over = True
        table.seed = game.secrets.seed
    elif table.config.reveal_ms:
        table.next_ms = now_ms + table.config.reveal_ms
    return current


def _accepted(
    players: Sequence[str], rows: Mapping[str, Sequence[Row]], solvers: Sequence[str]
) -> list[tuple[str, str, int]]:
    """The accepted guesses (player, letters, ms since the opening) of a round whose ``players``
    have ``rows`` and whose ``solvers`` found in this order: by time, each player's rows in their
    order, ties in seating order. A row comes after its player's rows before it (at the latest
    of their times, even if it came sooner: two guesses of one player judged from the same part
    are stored in either order, each at its own time), and a find after the finds before it
    (likewise: two finds may be stored in another order than their times) and after the other
    rows of its time. So the order is the same whichever path stored the rows, and :func:`load`
    reads the solvers back from it."""
    seats = {p: n for n, p in enumerate(players)}
    place = {p: n for n, p in enumerate(solvers, start=1)}
    times = {p: list(accumulate((row.at_ms for row in rows[p]), max)) for p in players}
    find_ms: dict[str, int] = {}
    latest: int | None = None
    for solver in solvers:
        at_ms = times[solver][-1]
        latest = at_ms if latest is None else max(latest, at_ms)
        find_ms[solver] = latest

    def keyed(player: str) -> list[tuple[tuple[int, int, int], str, Row]]:
        return [
            (
                (find_ms[player], place[player], seats[player])
                if row.found and player in find_ms
                else (at_ms, 0, seats[player]),
                player,
                row,
            )
            for row, at_ms in zip(rows[player], times[player], strict=True)
        ]

    # each player's rows are in the order of their keys, and the sort is stable: ties keep
    # seating order, then each player's order (what a merge of the players' rows gives, faster)
    merged = sorted((item for p in players for item in keyed(p)), key=itemgetter(0))
    return [(player, row.letters, row.at_ms) for _, player, row in merged]


def _settle(current: Round, now_ms: int) -> None:
    """Note when every player of ``current`` has finished (found, out of tries, or gone). A
    player out of the round stays out, so the players before ``current.finished_before`` are
    not looked at again: over a round this looks at each player once, however many guesses and
    leaves call it."""
    if current.settled_ms is not None:
        return
    players, index = current.players, current.finished_before
    while index < len(players) and not current.guessing(players[index]):
        index += 1
    current.finished_before = index
    if index == len(players):
        current.settled_ms = now_ms


def _change(table: Table, player: str, joined: bool, now_ms: int) -> SeatChange:
    return SeatChange(player, joined, now_ms, table.number, table.current is not None)


# -- shifting, saving and loading ----------------------------------------------------------------

#: The version of :func:`save`'s layout; :func:`load` reads this version only.
SAVE_VERSION = 1


def shift(table: Table, delta_ms: int) -> None:
    """Move the game's times to come by ``delta_ms`` (a pause, an outage).

    An open round moves whole, as if it had opened ``delta_ms`` later: its opening, its first
    find, the seat changes during it, the moment everyone finished and its end (so its closing
    window too). It keeps the time it had left, its rows' times (solve times) count the time
    played only, and its record replays as it was played. Between rounds the next round's
    opening moves (when it opens by itself). Nothing else is to come: nothing else moves."""
    current = table.current
    if current is not None:
        current.opened_ms += delta_ms
        current.ends_ms += delta_ms
        if current.first_find_ms is not None:
            current.first_find_ms += delta_ms
        if current.settled_ms is not None:
            current.settled_ms += delta_ms
        table.seating = [
            replace(c, at_ms=c.at_ms + delta_ms) if c.in_round and c.round == current.number else c
            for c in table.seating
        ]
    elif table.next_ms is not None:
        table.next_ms += delta_ms


def save(game: DuelGame) -> dict[str, Any]:
    """The whole of ``game`` as JSON-ready data, secrets included, ``{"version": 1, ...}``: for
    the session's storage only, never for a client. Rows, marks, solvers, revealed words and
    the end of the game are not written: :func:`load` derives them."""
    table, secrets = game.table, game.secrets
    return {
        "version": SAVE_VERSION,
        "config": config_data(table.config),
        "game_id": table.game_id,
        "starters": list(table.starters),
        "players": list(table.players),
        "present": [p for p in table.players if p in table.present],
        "warned": [p for p in table.players if p in table.warned],
        "seating": [
            {
                "player": c.player,
                "joined": c.joined,
                "at_ms": c.at_ms,
                "round": c.round,
                "in_round": c.in_round,
            }
            for c in table.seating
        ],
        "rounds": [_round_data(r) for r in table.rounds],
        "next_ms": table.next_ms,
        "secrets": {
            "seed": secrets.seed,
            "words": list(secrets.words),
            "salts": list(secrets.salts),
        },
    }


def load(data: Mapping[str, Any], words: WordList) -> DuelGame:
    """The game :func:`save` wrote, equal to the one saved, with ``words``, the word list it
    was played with; a :class:`BadStateError` for anything else (never another error)."""
    try:
        return _load(data, words)
    except BadStateError:
        raise
    except ArbitreError as error:  # a configuration, a word list or a seat that does not fit
        raise BadStateError(f"the saved game does not load: {error}") from error


def detach(
    game: DuelGame,
) -> tuple[dict[str, Any], dict[str, dict[str, Any]], dict[str, dict[str, int]]]:
    """``game`` as three pieces for the fast path: the **rest**, what :func:`save` writes but for
    the open round's rows (its ``guesses`` empty, its ``first_find_ms`` null: the parts and the
    orders say them); the open round's **parts** (:func:`part`, of the players who have rows);
    the **orders** its claim was handed (``solved`` -> player -> order, from 1: the solvers'
    places). The store's set of players done is no piece: it is what the parts say
    (:func:`~arbitre.rules.kinds.duel.parts.done`). :func:`attach` joins them."""
    rest = save(game)
    current = game.table.current
    if current is None:
        return rest, {}, {}
    opened = rest["rounds"][-1]
    opened["guesses"] = []
    opened["first_find_ms"] = None
    parts = {p: data for p in current.players if (data := part(game, p)) is not None}
    orders: dict[str, dict[str, int]] = {}
    if current.solvers:
        orders[SOLVED] = {p: n for n, p in enumerate(current.solvers, start=1)}
    return rest, parts, orders


def attach(
    rest: Mapping[str, Any],
    parts: Mapping[str, Mapping[str, Any]],
    orders: Mapping[str, Mapping[str, int]],
    words: WordList,
) -> DuelGame:
    """The game :func:`detach` split, with the ``parts`` and ``orders`` as the session stored them
    since: the open round's rows are the parts', its solvers are in the order of ``solved``, its
    first find (the solver of order 1) opens the closing window, and it is settled at the latest
    find or last try when nobody is left guessing. Who is done is read off the parts (found, or
    six rows: :func:`~arbitre.rules.kinds.duel.parts.done`), not given: the store's set of
    players done is the set of those whose stored judgement ``finishes``, which is the same. A
    :class:`BadStateError` for anything the rules could not have given: a part of another round
    or of a player who does not play it, a row not marked against the word, a guess not in the
    list or tried twice, more than six rows or a row after a find, ``solved`` not handed to
    exactly the players who found (from 1, each order once), another claim, parts or orders
    with no round open."""
    try:
        return _attach(rest, parts, orders, words)
    except BadStateError:
        raise
    except ArbitreError as error:
        raise BadStateError(f"the detached game does not attach: {error}") from error


def _attach(
    rest: Mapping[str, Any],
    parts: Mapping[str, Mapping[str, Any]],
    orders: Mapping[str, Mapping[str, int]],
    words: WordList,
) -> DuelGame:
    data = dict(_mapping(rest, "the rest"))
    parts = _mapping(parts, "the parts")
    orders = _mapping(orders, "the orders")
    stray = sorted(str(claim) for claim in orders if claim != SOLVED)
    if stray:
        raise BadStateError(f"unknown claim(s): {', '.join(stray)}")
    rounds = list(_list(_field(data, "rounds"), "rounds"))
    last = _mapping(rounds[-1], f"round {len(rounds)}") if rounds else None
    if last is None or _field(last, "closed_ms") is not None:
        if parts or any(_mapping(given, "orders") for given in orders.values()):
            raise BadStateError("parts or orders while no round is open")
        return load(data, words)

    number = len(rounds)
    entry = dict(last)
    if _field(entry, "guesses") or _field(entry, "first_find_ms") is not None:
        raise BadStateError(f"the rest holds round {number}'s rows: they are the parts'")
    players = _names(entry, "players")
    secrets = _list(_field(_mapping(_field(data, "secrets"), "secrets"), "words"), "the words")
    if len(secrets) < number:
        raise BadStateError(f"no secret word for round {number}")
    word = _text(secrets[number - 1], "a secret word")
    rows: dict[str, list[Row]] = {p: [] for p in players}
    for player, stored in parts.items():
        if player not in rows:
            raise BadStateError(f"a part of {player!r}, who does not play round {number}")
        rows[player] = read_part(stored, number)
        for row in rows[player]:
            if not words.accepts(row.letters):
                raise BadStateError(f"round {number}: {player}'s {row.letters} is not in the list")
            if len(row.letters) != len(word) or row.marks != marks.mark(word, row.letters):
                raise BadStateError(f"round {number}: {player}'s {row.letters} is not marked right")

    # the rules of each player's rows are load's to check; the orders are checked on what loads
    solved = _given(orders, SOLVED)
    found = [p for p in players if rows[p] and rows[p][-1].found]
    solvers = sorted(found, key=lambda p: solved.get(p, len(players) + 1))
    entry["guesses"] = [list(g) for g in _accepted(players, rows, solvers)]
    opened_ms = _integer(_field(entry, "opened_ms"), "opened_ms")
    if solvers:
        first = opened_ms + rows[solvers[0]][-1].at_ms
        entry["first_find_ms"] = first
        entry["ends_ms"] = min(
            _integer(_field(entry, "ends_ms"), "ends_ms"), first + CLOSING_WINDOW_MS
        )
    left = set(_names(entry, "left", players))
    finished = [p for p in players if done(rows[p])]
    over = set(finished)  # membership per player: sets, or a room of thousands is quadratic
    guessing = [p for p in players if p not in left and p not in over]
    if _field(entry, "settled_ms") is None and finished and not guessing:
        entry["settled_ms"] = opened_ms + max(rows[p][-1].at_ms for p in finished)
    warned = _names(data, "warned")
    known = set(warned)
    data["warned"] = warned + [p for p in players if warns(rows[p]) and p not in known]
    data["rounds"] = [*rounds[:-1], entry]

    game = load(data, words)
    current = game.table.rounds[-1]
    _handed(SOLVED, solved, current.solvers)
    return game


def _given(orders: Mapping[str, Mapping[str, int]], claim: str) -> dict[str, int]:
    """The orders ``claim`` handed out: player -> order."""
    return {
        _text(player, f"a player of {claim}"): _integer(order, f"an order of {claim}")
        for player, order in _mapping(orders.get(claim, {}), f"the orders of {claim}").items()
    }


def _handed(claim: str, given: Mapping[str, int], players: Sequence[str]) -> None:
    """A :class:`BadStateError` unless ``claim`` was handed to exactly ``players``, in their
    order, 1, 2, ..."""
    if set(given) != set(players):
        raise BadStateError(f"{claim} was handed to {sorted(given)}, not to {sorted(players)}")
    if sorted(given.values()) != list(range(1, len(given) + 1)):
        raise BadStateError(f"the orders of {claim} are not 1 to {len(given)}")


def _round_data(r: Round) -> dict[str, Any]:
    return {
        "round": r.number,
        "opened_ms": r.opened_ms,
        "ends_ms": r.ends_ms,
        "commitment": r.commitment,
        "players": list(r.players),
        "guesses": [[player, letters, at_ms] for player, letters, at_ms in r.guesses],
        "left": [p for p in r.players if p in r.left],
        "first_find_ms": r.first_find_ms,
        "settled_ms": r.settled_ms,
        "closed_ms": r.closed_ms,
    }


def _load(data: Mapping[str, Any], words: WordList) -> DuelGame:
    saved = _mapping(data, "a saved game")
    version = saved.get("version")
    if isinstance(version, bool) or version != SAVE_VERSION:
        raise BadStateError(f"a saved game of version {SAVE_VERSION} is expected, not {version!r}")
    config = configure(_mapping(_field(saved, "config"), "config"))
    game_id = _text(_field(saved, "game_id"), "game_id")
    starters = _names(saved, "starters")
    kept = _mapping(_field(saved, "secrets"), "secrets")
    seed = _integer(_field(kept, "seed"), "the seed")
    game = new_game(config, Setup(game_id, seed, tuple(starters)), words)
    chosen = [_text(w, "a secret word") for w in _list(_field(kept, "words"), "the secret words")]
    salts = [_text(s, "a salt") for s in _list(_field(kept, "salts"), "the salts")]
    if chosen != list(game.secrets.words) or salts != list(game.secrets.salts):
        raise BadStateError("the saved secrets are not the ones the seed chooses from this list")

    table = game.table
    table.players = _names(saved, "players")
    table.everyone = set(table.players)
    if table.players[: len(starters)] != starters:
        raise BadStateError("the players must begin with the starters")
    table.present = set(_names(saved, "present", table.players))
    if len(table.present) > config.capacity:
        raise BadStateError(f"{len(table.present)} players seated at {config.capacity} seats")
    table.warned = set(_names(saved, "warned", table.players))
    rounds = _list(_field(saved, "rounds"), "rounds")
    if len(rounds) > config.rounds:
        raise BadStateError(f"{len(rounds)} rounds in a game of {config.rounds}")
    for index, entry in enumerate(rounds):
        table.rounds.append(_load_round(game, index + 1, entry, index == len(rounds) - 1))
    table.seating = [
        _seat_change(entry, table.everyone, len(rounds))
        for entry in _list(_field(saved, "seating"), "seating")
    ]
    table.over = bool(rounds) and len(rounds) == config.rounds and not table.rounds[-1].is_open
    current = table.current
    if current is not None and any(
        p not in table.present and p not in current.left for p in current.players
    ):
        raise BadStateError(f"round {current.number} has a player who is gone and not left")
    table.seed = seed if table.over else None
    next_ms = _optional_integer(_field(saved, "next_ms"), "next_ms")
    if (next_ms is not None) != (table.stage is Stage.BETWEEN and config.reveal_ms > 0):
        raise BadStateError("next_ms is set between rounds with a reveal pause, and only then")
    table.next_ms = next_ms
    return game


def _load_round(game: DuelGame, number: int, entry: object, last: bool) -> Round:
    """Round ``number`` as :func:`_round_data` wrote it; its rows marked again."""
    table = game.table
    data = _mapping(entry, f"round {number}")
    if _integer(_field(data, "round"), "round") != number:
        raise BadStateError(f"round {number} is saved out of order")
    word, salt = game.secrets.words[number - 1], game.secrets.salts[number - 1]
    committed = _text(_field(data, "commitment"), "commitment")
    if committed != commitment(table.game_id, number, salt, word):
        raise BadStateError(f"round {number}'s commitment is not the one of its word")
    players = tuple(_names(data, "players", table.players))
    loaded = Round(
        number=number,
        opened_ms=_integer(_field(data, "opened_ms"), "opened_ms"),
        ends_ms=_integer(_field(data, "ends_ms"), "ends_ms"),
        commitment=committed,
        players=players,
        rows={p: [] for p in players},
    )
    letters_of = frozenset(alphabet.alphabet(table.config.language))
    read: list[tuple[str, str, int]] = []
    for item in _list(_field(data, "guesses"), "guesses"):
        guessed = _list(item, "a guess")
        if len(guessed) != 3:
            raise BadStateError("a guess is [player, letters, ms since the opening]")
        player = _text(guessed[0], "a guesser")
        letters = _text(guessed[1], "a guess's letters")
        at_ms = _integer(guessed[2], "a guess's time")
        if player not in loaded.rows:
            raise BadStateError(f"round {number}: {player!r} guesses without playing it")
        if len(letters) != alphabet.WORD_LENGTH or not set(letters) <= letters_of:
            raise BadStateError(f"round {number}: {letters!r} is not a word's letters")
        rows = loaded.rows[player]
        if done(rows):
            raise BadStateError(f"round {number}: {player} guesses after their last try")
        if any(row.letters == letters for row in rows):
            raise BadStateError(f"round {number}: {player} tries {letters} twice")
        row = Row(letters, marks.mark(word, letters), at_ms)
        rows.append(row)
        read.append((player, letters, at_ms))
        if row.found:
            loaded.solvers.append(player)
    # saved from :attr:`Round.guesses`, in its order: kept, not worked out again at each save
    loaded.kept_guesses = (len(read), len(loaded.solvers), read)
    loaded.left = set(_names(data, "left", players))
    loaded.left_guessing = sum(1 for p in loaded.left if not loaded.finished(p))
    loaded.first_find_ms = _optional_integer(_field(data, "first_find_ms"), "first_find_ms")
    if (loaded.first_find_ms is None) != (not loaded.solvers):
        raise BadStateError(f"round {number}: first_find_ms is set when a player found, only then")
    loaded.settled_ms = _optional_integer(_field(data, "settled_ms"), "settled_ms")
    if (loaded.settled_ms is None) != bool(loaded.actors()):
        raise BadStateError(f"round {number}: settled_ms is set when nobody guesses, only then")
    loaded.closed_ms = _optional_integer(_field(data, "closed_ms"), "closed_ms")
    if loaded.closed_ms is None and not last:
        raise BadStateError(f"round {number} is open, yet a later round was opened")
    if loaded.closed_ms is not None:
        loaded.word, loaded.salt = word, salt
    return loaded


def _seat_change(entry: object, players: Collection[str], rounds: int) -> SeatChange:
    data = _mapping(entry, "a seating change")
    player = _text(_field(data, "player"), "a seated player")
    if player not in players:
        raise BadStateError(f"a seating change of {player!r}, who is not among the players")
    number = _integer(_field(data, "round"), "a seating change's round")
    if not 0 <= number <= rounds:
        raise BadStateError(f"a seating change at round {number} of {rounds} opened")
    return SeatChange(
        player=player,
        joined=_flag(_field(data, "joined"), "joined"),
        at_ms=_integer(_field(data, "at_ms"), "a seating change's time"),
        round=number,
        in_round=_flag(_field(data, "in_round"), "in_round"),
    )


def _field(data: Mapping[str, Any], key: str) -> Any:
    if key not in data:
        raise BadStateError(f"{key} is missing")
    return data[key]


def _names(data: Mapping[str, Any], key: str, among: Collection[str] | None = None) -> list[str]:
    """The list of distinct player ids at ``key``, each one of ``among`` when given."""
    names = [_text(name, f"a player in {key}") for name in _list(_field(data, key), key)]
    if len(set(names)) != len(names):
        raise BadStateError(f"a player is twice in {key}")
    known = None if among is None else among if isinstance(among, Set) else frozenset(among)
    stray = next((name for name in names if known is not None and name not in known), None)
    if stray is not None:
        raise BadStateError(f"{stray!r} in {key} is not among the players")
    return names


def _optional_integer(value: object, what: str) -> int | None:
    return None if value is None else _integer(value, what)


#: Checked reads of stored data (:mod:`arbitre.rules.checked`), refused as ``bad_state``.
_mapping = partial(checked.mapping, error=BadStateError)
_list = partial(checked.sequence, error=BadStateError)
_text = partial(checked.text, error=BadStateError)
_flag = partial(checked.flag, error=BadStateError)
_integer = partial(checked.integer, error=BadStateError)
