"""The interface every game kind implements, and the values it speaks in.

A **kind** is pure rules data and code (no I/O, no clock of its own, no randomness but its seed):
duplicate Scrabble, Duel de Mots, dupliKta, Indecix. The session service keeps what every kind
shares (ids, tokens, seats, robots, clocks, locks, events, storage, failover) and asks the kind,
through this interface only, everything that depends on the game:

* :meth:`Kind.configure`: a configuration, validated, with defaults and bounds;
* :meth:`Kind.new_game`: a new game from a :class:`Setup` (the seed decides every chance outcome:
  draws, dice, hidden words) and the kind's *tools* (what the engine layer supplies: a referee
  for duplicate, word lists for the duel);
* :meth:`Kind.phase`: where the game is and who may act now (everyone at once in duplicate,
  dupliKta and the duel; one player at a time in Indecix), and until when;
* :meth:`Kind.open_next`, :meth:`Kind.act`, :meth:`Kind.close`: the state changes. Each returns
  the :class:`Event` values it caused; :meth:`Kind.act` also returns the actor's private result;
* :meth:`Kind.view`: the game as one :class:`Viewer` may see it. It is built from what that
  viewer may know, so it holds nothing hidden *by construction*: every response and every event
  a client receives is a view or an event seen through :meth:`Event.seen_by`;
* :meth:`Kind.standings`, :meth:`Kind.record`, :meth:`Kind.replay`;
* :meth:`Kind.save` and :meth:`Kind.load`: the whole state, secrets included, for the session's
  storage (never for a client), so that any replica goes on with a game another one started;
* :meth:`Kind.shift`: move every time of the game still to come (a pause, an outage).

Time is an argument (``now_ms``, milliseconds of the session's clock): a kind never reads a
clock, so replaying a record with its times gives the same game on every machine.

Hidden information comes in two sorts (as in Game Park's rules API): hidden from everyone (the
bag, the next die, the word of the round) and secret per player (a rack, a guess's letters). A
view shows a player their own secrets and nobody's else; a spectator sees neither.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

from arbitre.rules.errors import ArbitreError

__all__ = [
    "ACTOR",
    "ACTORS",
    "AWAITED",
    "DEADLINE",
    "LISTED",
    "ActionRefusedError",
    "BestMoves",
    "Chaptered",
    "Contested",
    "DealOrder",
    "Dealing",
    "Event",
    "InvalidConfigError",
    "Judgement",
    "Kind",
    "Message",
    "Outcome",
    "Packaged",
    "PartedKind",
    "Phase",
    "Previewing",
    "Refereed",
    "ResultsView",
    "RobotSeating",
    "Setup",
    "SharedViewing",
    "Simultane",
    "SimultaneResults",
    "Stage",
    "Standing",
    "TurnRevealing",
    "Viewer",
    "actor_context",
    "joined_event",
    "listed",
    "shared_ranks",
]

ConfigT = TypeVar("ConfigT")
StateT = TypeVar("StateT")
ToolsT = TypeVar("ToolsT", contravariant=True)


class InvalidConfigError(ArbitreError):
    """A configuration the kind cannot play: an unknown setting, a value out of its bounds."""

    code = "bad_config"


class ActionRefusedError(ArbitreError):
    """An action the rules refuse now; nothing changed. ``code`` says why, in a stable word
    (``not_in_list``, ``round_over``, ``no_tries_left``, ...), the message says it to people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Stage(StrEnum):
    """Where a game is in its life."""

    WAITING = "waiting"  # seated, not started
    PLAYING = "playing"  # a turn or a round is open
    BETWEEN = "between"  # a turn or round is closed and revealed; the next one is not open
    OVER = "over"  # nothing more will be played


@dataclass(frozen=True, slots=True)
class Setup:
    """What a new game starts from: the session's ``game_id``, the ``seed`` that decides every
    chance outcome (secret until the end), and the seated ``players`` (ids, in seating order)."""

    game_id: str
    seed: int
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who looks at the game: a seated ``player`` (their id), or a spectator (``None``), who
    sees only what is public."""

    player: str | None = None

    @classmethod
    def spectator(cls) -> Viewer:
        return cls(None)


@dataclass(frozen=True, slots=True)
class Phase:
    """The game now: its ``stage``; ``number``, the turn or round open or last closed (0 before
    the first); ``actors``, who may act now; ``deadline_ms``, until when an open turn or round
    takes actions (``None``: no deadline, or nothing open); ``due_ms``, when the session's clock
    must call :meth:`Kind.close` (the deadline, or earlier: the moment everyone had acted, when a
    turn or round ends early; ``None`` with nothing open); ``next_ms``, when it must call
    :meth:`Kind.open_next` by itself (``None``: it waits for someone to ask)."""

    stage: Stage
    number: int
    actors: frozenset[str] = frozenset()
    deadline_ms: int | None = None
    due_ms: int | None = None
    next_ms: int | None = None


@dataclass(frozen=True, slots=True)
class Message:
    """One event as one audience sees it: its ``type`` (``round_started``, ``guess_marked``,
    ...) and its JSON-ready ``data``."""

    type: str
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``public`` is what everyone may see (``None``: nothing);
    ``private`` gives, for some players, what they alone see instead (a guesser's letters and
    marks, while the others get the colours only).

    ``throttled``: the public event only tells a count (how many answered) that the next event
    of its type supersedes, so the session may skip some of them within a period of its own
    choosing (every event goes to every client: thousands of players would flood them), never
    the last one before a step (the one of the action that makes the turn due). The kind says
    only *what* may be skipped, never how often."""

    public: Message | None
    private: Mapping[str, Message] = field(default_factory=dict)
    throttled: bool = False

    def seen_by(self, viewer: Viewer) -> Message | None:
        """The event as ``viewer`` may see it, or ``None`` when they see nothing of it."""
        if viewer.player is not None and viewer.player in self.private:
            return self.private[viewer.player]
        return self.public


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an accepted action gives: the actor's private ``result`` (JSON-ready) and the
    ``events`` it caused."""

    result: Mapping[str, Any]
    events: tuple[Event, ...] = ()


@dataclass(frozen=True, slots=True)
class Judgement:
    """An action judged against its actor's part of the game, not stored yet (see
    :class:`PartedKind`): the ``player``; the turn or round ``number`` it is for; ``part``, the
    actor's part once the action is taken (JSON-ready), to be stored only if the part read is
    still the stored one; ``claim``, the name of an order the store must hand out when it stores
    it (the duel's ``"solved"``: the n-th player to find the word), else ``None``; ``detail``,
    what :meth:`PartedKind.announce` needs to say it (JSON-ready).

    Two things the store does with the open turn's shared fields, so that it needs no kind's
    knowledge: ``closes_by``, when the claim is handed order 1 (the first to claim), the open
    turn's deadline becomes at most this (the duel's closing window: the first find + 20 s);
    ``finishes``, the actor is done with the open turn once this is stored (a duel player who
    found the word or spent their sixth try, a duplicate player who answered): the store counts
    the actors done, each once, and the turn is due at once when that count reaches the
    context's :data:`AWAITED` (every turn's context has it)."""

    player: str
    number: int
    part: Mapping[str, Any]
    claim: str | None = None
    detail: Mapping[str, Any] = field(default_factory=dict)
    closes_by: int | None = None
    finishes: bool = False


#: The key of a :meth:`PartedKind.context` giving the open turn's deadline (Unix ms): the store
#: keeps it current (a first claim's ``closes_by`` lowers it), so a judgement reads the deadline
#: the store checks.
DEADLINE = "deadline_ms"
#: The key of a :meth:`PartedKind.context` giving how many actors done make the open turn due:
#: every actor of the turn but those who left before they were done (the store's count of
#: actors done includes those who left after).
AWAITED = "awaited"
#: The key of a :meth:`PartedKind.context` holding what it knows of each actor alone (player ->
#: a small JSON-ready mapping: a room's seat and warnings), so that the shared context stays the
#: same size whatever the number of players. The store keeps the entries apart and an action
#: reads its actor's alone: :meth:`PartedKind.judge` and :meth:`PartedKind.announce` get
#: :func:`actor_context`, the context without :data:`ACTORS` and with :data:`ACTOR`.
ACTORS = "actors"
#: The key of the context a judge gets (:func:`actor_context`) giving its actor's entry of
#: :data:`ACTORS` (``None``: the actor has none); absent when the kind's context has no
#: :data:`ACTORS`.
ACTOR = "actor"


def actor_context(context: Mapping[str, Any], player: str) -> dict[str, Any]:
    """The context ``player``'s action is judged with: ``context`` (a
    :meth:`PartedKind.context`) without its :data:`ACTORS`, and with :data:`ACTOR` their entry
    of it (``None`` for none); ``context`` itself (a copy) when it has no :data:`ACTORS`. The
    session's store gives a judge the same from what it keeps apart."""
    if ACTORS not in context:
        return dict(context)
    actors = context[ACTORS]
    shared = {key: value for key, value in context.items() if key != ACTORS}
    shared[ACTOR] = actors.get(player) if isinstance(actors, Mapping) else None
    return shared


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of a kind's ranking: ``rank`` (players who tie share it: 1, 2, 2, 4), the
    ``player``, their ``total`` and the kind's own figures in ``details`` (JSON-ready: the
    négatif and % of top in duplicate, the rounds found in the duel)."""

    rank: int
    player: str
    total: int
    details: Mapping[str, Any] = field(default_factory=dict)


#: Most players, answers, rows and standings lines a view or an event lists: a room or a
#: simultané of thousands shows its first ones, the viewer's own and counts; every table is
#: shown whole.
LISTED = 50


def listed(players: Sequence[str], viewer: str | None) -> list[str]:
    """The first :data:`LISTED` of ``players``, and ``viewer`` when they come later.

    >>> listed([f"p{n}" for n in range(60)], "p59")[-2:]
    ['p49', 'p59']
    """
    shown = list(players[:LISTED])
    if viewer is not None and viewer not in shown and viewer in players:
        shown.append(viewer)
    return shown


def joined_event(player: str, players: int, data: Mapping[str, Any]) -> Event:
    """The public ``player_joined`` event of ``player``'s seating, the game then of ``players``
    (``data``: the kind's own fields). A table's seatings, and a room's first :data:`LISTED`,
    are each told; past them a seating only changes a count (the views list the first ones),
    so it is throttled: the next one supersedes it."""
    message = Message("player_joined", {"player": player, "players": players, **data})
    return Event(message, throttled=players > LISTED)


def shared_ranks(keys: Sequence[tuple[str, tuple[Any, ...]]]) -> list[tuple[int, str]]:
    """Standard competition ranks for ``(player, key)`` pairs sorted best first: equal keys share
    a rank (1, 2, 2, 4).

    >>> shared_ranks([("ana", (9,)), ("bob", (7,)), ("cyd", (7,)), ("dan", (1,))])
    [(1, 'ana'), (2, 'bob'), (2, 'cyd'), (4, 'dan')]
    """
    ranks: list[tuple[int, str]] = []
    previous: tuple[Any, ...] | None = None
    rank = 0
    for place, (player, key) in enumerate(keys, start=1):
        if key != previous:
            rank, previous = place, key
        ranks.append((rank, player))
    return ranks


class Kind(Protocol, Generic[ConfigT, StateT, ToolsT]):
    """A game kind. ``name`` is its key in the registry and in every API (``duplicate``,
    ``duel``); ``title`` its name for people; ``min_seats``/``max_seats`` the table sizes it
    plays at.

    Every method is pure: it reads and changes only the state it is given. A method that refuses
    raises :class:`ActionRefusedError` (or :class:`InvalidConfigError`) and leaves the state as
    it was.
    """

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def min_seats(self) -> int: ...

    @property
    def max_seats(self) -> int: ...

    def configure(self, data: Mapping[str, object]) -> ConfigT:
        """The configuration ``data`` describes (missing settings take their defaults), or
        :class:`InvalidConfigError`."""
        ...

    def config_data(self, config: ConfigT) -> dict[str, Any]:
        """``config`` as JSON-ready data that :meth:`configure` reads back to an equal value."""
        ...

    def new_game(self, config: ConfigT, setup: Setup, tools: ToolsT) -> StateT:
        """A game at :attr:`Stage.WAITING`, its chance outcomes fixed by ``setup.seed``."""
        ...

    def seat(self, state: StateT, player: str, now_ms: int) -> tuple[Event, ...]:
        """Seat ``player`` in a game under way (at the kind's rules for late arrivals), or
        :class:`ActionRefusedError`."""
        ...

    def leave(self, state: StateT, player: str, now_ms: int) -> tuple[Event, ...]:
        """``player`` leaves: what they played still counts, and nobody waits for them any more
        (an open turn or round may end early without them); :class:`ActionRefusedError` when
        they are not seated."""
        ...

    def phase(self, state: StateT, now_ms: int) -> Phase:
        """Where ``state`` is at ``now_ms`` and who may act."""
        ...

    def open_next(self, state: StateT, now_ms: int) -> tuple[Event, ...]:
        """Open the next turn or round (the first one starts the game), or end the game when
        there is none; :class:`ActionRefusedError` when it cannot open now (a turn is open, too
        few players)."""
        ...

    def act(self, state: StateT, player: str, action: Mapping[str, Any], now_ms: int) -> Outcome:
        """Apply ``player``'s ``action`` (an answer, a guess, a placement, a roll)."""
        ...

    def close(self, state: StateT, now_ms: int) -> tuple[Event, ...]:
        """Close the open turn or round: score it and reveal what it hid."""
        ...

    def view(self, state: StateT, viewer: Viewer, now_ms: int) -> dict[str, Any]:
        """The game as ``viewer`` may see it at ``now_ms``: JSON-ready, nothing hidden."""
        ...

    def standings(self, state: StateT) -> list[Standing]:
        """The ranking over what is closed, best first."""
        ...

    def record(self, state: StateT) -> dict[str, Any]:
        """The game's record: what is closed, and, once the game is over, everything needed to
        check it (the seed and what it decided)."""
        ...

    def save(self, state: StateT) -> dict[str, Any]:
        """The whole state as JSON-ready data, secrets included: for the session's storage only,
        never for a client."""
        ...

    def load(self, data: Mapping[str, Any], tools: ToolsT) -> StateT:
        """The state :meth:`save` wrote (an :class:`ArbitreError` for data it did not write)."""
        ...

    def shift(self, state: StateT, delta_ms: int) -> None:
        """Move every deadline and time still to come by ``delta_ms`` (a pause, an outage): the
        open turn or round keeps the time it had left (a kind may move an open round whole, its
        opening included, so that its record still replays)."""
        ...

    def replay(self, record: Mapping[str, Any], tools: ToolsT) -> StateT:
        """The game a finished record describes, played again from its seed and its actions; an
        :class:`ArbitreError` when the record does not hold together."""
        ...


class PartedKind(Kind[ConfigT, StateT, ToolsT], Protocol):
    """A kind whose actions change only their actor's **part** of the open turn or round (a
    duel player's rows, a duplicate player's answer), so that the session takes an action
    without loading the whole game: ten thousand players guess at once, each touching their own
    part, while the steps (open, close, seat, leave, shift) run under the game's lock on the
    whole state.

    The session's path for one action: read the :meth:`context` the last step wrote (with the
    step's version) and the actor's stored part; :meth:`judge` (pure; refusals raise
    :class:`ActionRefusedError` and nothing is stored); store the new part atomically, only if
    the part read is unchanged, no step ran since (the context's version), and the turn is
    still open and before its deadline (else judge again, or refuse), handing out the order the
    judgement claims (once per actor and turn: an actor who claims again keeps their order);
    :meth:`announce` with the claim's count once stored. The steps use :meth:`detach` and
    :meth:`attach` to keep the parts apart from the rest of the state.

    Taking every action through this path or through :meth:`Kind.act` gives the same game.
    """

    @property
    def claims(self) -> tuple[str, ...]:
        """The names of every claim its judgements may make (the duel's ``"solved"``), so that
        a step reads the orders the store handed out for each."""
        ...

    def context(self, state: StateT) -> dict[str, Any]:
        """What judging an action of the open turn or round needs (JSON-ready, small, secrets
        included: the session's storage only, never a client); with nothing open, what the
        refusals need (``{}`` will do). What it knows of each actor alone goes under
        :data:`ACTORS`, so that the rest keeps its size whatever the number of actors: judging
        and announcing an action then get :func:`actor_context` (its actor's entry alone)."""
        ...

    def part(self, state: StateT, player: str) -> dict[str, Any] | None:
        """``player``'s part of the open turn or round (``None``: they have none yet)."""
        ...

    def judge(
        self,
        context: Mapping[str, Any],
        part: Mapping[str, Any] | None,
        player: str,
        action: Mapping[str, Any],
        now_ms: int,
        tools: ToolsT,
    ) -> Judgement:
        """``player``'s ``action`` judged against their ``part`` and the ``context`` as
        :func:`actor_context` gives it to them, or :class:`ActionRefusedError` (not seated,
        not open, too late, a word not in the list...)."""
        ...

    def announce(
        self, context: Mapping[str, Any], judgement: Judgement, order: int | None
    ) -> Outcome:
        """The outcome of a stored ``judgement``; ``order`` is how many actors hold its claim
        once it is stored (for the actor's first claim, their own order: the n-th to find),
        ``None`` without a claim."""
        ...

    def detach(
        self, state: StateT
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]], dict[str, dict[str, int]]]:
        """The state as the rest (:meth:`Kind.save` without the open parts), the open parts by
        player and the orders handed out so far (claim -> player -> order)."""
        ...

    def attach(
        self,
        rest: Mapping[str, Any],
        parts: Mapping[str, Mapping[str, Any]],
        orders: Mapping[str, Mapping[str, int]],
        tools: ToolsT,
    ) -> StateT:
        """The whole state again from what :meth:`detach` gave, with the ``parts`` as stored
        since and the ``orders`` handed out meanwhile (claim -> player -> order, from 1); an
        :class:`ArbitreError` with code ``bad_state`` for parts or orders that do not fit."""
        ...


class Chaptered(Protocol):
    """A :class:`PartedKind` whose state grows by *chapters* that never change once closed (a
    duplicate game's closed turns: at ten thousand players, some 1.5 MB of verdicts each). The
    session keeps each chapter apart, written once when it closes, and reads it back once per
    process: a step then restores and writes what the open turn holds, not every turn played.

    :meth:`detach_open` and :meth:`attach_open` are :meth:`PartedKind.detach` and
    :meth:`PartedKind.attach` without the closed chapters: ``attach_open(*detach_open(s),
    chapters(s), tools)`` is ``s`` again, and ``attach_open`` of a rest that still holds its
    chapters (one :meth:`PartedKind.detach` gave), with none given, is ``attach``."""

    def chapters(self, state: Any) -> Sequence[Any]:
        """The closed chapters of ``state``, oldest first: values that never change (a state
        restored with them shares them, across threads)."""
        ...

    def chapter_data(self, chapter: Any) -> dict[str, Any]:
        """``chapter`` as JSON-ready data."""
        ...

    def chapter_from(self, data: Any, config: Any) -> Any:
        """The chapter :meth:`chapter_data` gave, of a game of configuration ``config``; an
        :class:`ArbitreError` with code ``bad_state`` when ``data`` is none."""
        ...

    def detach_open(
        self, state: Any
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]], dict[str, dict[str, int]]]:
        """:meth:`PartedKind.detach`, the rest without the closed chapters."""
        ...

    def attach_open(
        self,
        rest: Mapping[str, Any],
        parts: Mapping[str, Mapping[str, Any]],
        orders: Mapping[str, Mapping[str, int]],
        chapters: Sequence[Any],
        tools: Any,
    ) -> Any:
        """:meth:`PartedKind.attach` of a rest :meth:`detach_open` gave, with its closed
        ``chapters`` (``bad_state`` when they do not fit it)."""
        ...


class Previewing(Protocol):
    """A :class:`PartedKind` that offers a *dry run* of an action: judged against its actor's
    part as it would be taken, its result told, nothing stored (duplicate: the points of a pose
    before it is validated). A kind whose dry run would tell a secret does not offer one (the
    duel: whether a word is in its list, without spending a try)."""

    def preview(self, context: Mapping[str, Any], judgement: Judgement) -> dict[str, Any]:
        """The result ``judgement`` (of :meth:`PartedKind.judge`, with ``context``) would give
        its actor, nothing kept."""
        ...


class SharedViewing(Protocol):
    """A kind whose :meth:`Kind.view` of a game of thousands splits into what every viewer of a
    moment shares, made once per moment, and each viewer's own part put on it: a player's view
    then costs their own part, not the game (duplicate: the board, the tirage, the first lines;
    then the player's answer, seat and line). A :class:`PartedKind`'s own part is the viewer's
    part of the open turn, as stored."""

    def shared_view(self, state: Any) -> Any:
        """What every viewer of ``state`` sees and what :meth:`own_view` takes; read-only once
        made (one is shared by every viewer of the moment, across threads)."""
        ...

    def own_view(
        self, shared: Any, viewer: Viewer, part: Mapping[str, Any] | None, now_ms: int
    ) -> dict[str, Any]:
        """:meth:`Kind.view` of the state ``shared`` was made from, for ``viewer`` at ``now_ms``,
        with ``part`` the viewer's part of the open turn (``None``: none, or a spectator); leaves
        ``shared`` as it was."""
        ...


class TurnRevealing(Protocol):
    """A kind whose closed turns (or rounds) can be read one at a time, everything shown: public
    once closed (duplicate: the tirage, the top, every answer with its points, the board it was
    played on; the duel: the word, its salt, the rows)."""

    def revealed_turn(self, state: Any, number: int) -> dict[str, Any]:
        """The closed turn ``number`` (from 1) of ``state``, JSON-ready;
        :class:`ActionRefusedError` ``not_revealed`` for the open turn or one to come,
        ``no_such_turn`` for a number no turn of the game can have (below 1)."""
        ...


@dataclass(frozen=True, slots=True)
class ResultsView:
    """Which lines of a simultané's results to keep: those whose ``serie``, ``club``,
    ``country`` and ``centre`` are the ones given (``None``: any; compared without regard to
    case or surrounding spaces; ``""`` keeps the lines where the field is empty). The default,
    every field ``None``, is the whole ranking."""

    serie: str | None = None
    club: str | None = None
    country: str | None = None
    centre: str | None = None

    @property
    def whole(self) -> bool:
        """Whether this is the whole ranking (nothing to filter)."""
        return self == ResultsView()


@dataclass(frozen=True, slots=True)
class SimultaneResults:
    """A simultané's results across tables: the ranking's ``lines`` (or the view's), JSON-ready,
    best first; ``top_total``, the cumulated top of the closed turns; ``turns``, how many are
    closed; ``csv``, the same lines as a CSV export when it was asked for (else ``None``)."""

    lines: tuple[Mapping[str, Any], ...]
    top_total: int
    turns: int
    csv: str | None = None


class Simultane(Protocol):
    """A kind whose game is played at many tables at once (a simultané: duplicate, duplicate
    dice), online and offline in *centres* that played the same game on paper, and ranked
    together across tables; and which writes the game sheet of its tops.

    ``registrations`` are the session's: player id -> ``name`` and, when they gave them,
    ``club``, ``serie`` and ``country`` (a player without one is shown by their id). A centre's
    file is its results as text (CSV; the kind's format) named by the centre. Every method is
    pure and reads ``state`` only."""

    def results(
        self,
        state: Any,
        registrations: Mapping[str, Mapping[str, str]],
        centres: Mapping[str, str],
        view: ResultsView,
        *,
        csv: bool = False,
    ) -> SimultaneResults:
        """The ranking of the online players over the closed turns of ``state`` with the
        players of ``centres`` (centre name -> a file :meth:`check_centre` accepted for this
        game), kept to ``view`` (each line then gets its place in the view too), with its CSV
        export when ``csv``. Available at any time: the closed turns make the ranking."""
        ...

    def check_centre(
        self, state: Any, registrations: Mapping[str, Mapping[str, str]], centre: str, text: str
    ) -> int:
        """How many players the centre ``centre``'s file ``text`` holds, once checked against
        the game of ``state``: :class:`ActionRefusedError` ``not_over`` before the game is over
        (a centre's file is checked against every turn);
        :class:`~arbitre.rules.simultane_results.CentreResultsError` listing every problem of a
        file that cannot be merged (nothing of it is accepted)."""
        ...

    def sheet(self, state: Any, title: str | None) -> str:
        """The game sheet of the closed turns' tops, as text, under ``title`` (``None``:
        none)."""
        ...


class Refereed(Protocol):
    """A kind whose open turn has *positions* (a board with a rack) that an analysis could solve
    or score for its players: a refereed game of it keeps them live while the turn is open, and
    the analysis routes refuse them (:mod:`arbitre.rules.fair_play`). A kind without such
    positions (the duel) does not offer it, and its games cannot be refereed."""

    def live_positions(self, state: Any) -> frozenset[tuple[str, str]]:
        """The positions of ``state``'s open turn that an analysis must not solve while it is
        open, each as (:func:`~arbitre.rules.fair_play.board_fingerprint` of its board,
        :func:`~arbitre.rules.fair_play.rack_key` of its rack); empty with no turn open. Pure:
        reads ``state`` only."""
        ...


class Packaged(Protocol):
    """A kind whose games can be played from a *pre-drawn package*
    (:mod:`arbitre.rules.game_package`: the record of a game the engine played, with its
    configuration, its seed and every turn's draw; or a sealed one,
    :mod:`arbitre.rules.sealed_package`, whose configuration is public and whose record is
    opened at the start). Pure: the package's hash, signature and the content hash of the
    lexicon it was made over are the services' to check (the kind knows no hashes)."""

    @property
    def package_format(self) -> str:
        """The ``format`` of the record a package of this kind holds (a package holding
        another is refused before its record is read)."""
        ...

    def package_config(self, rules: Mapping[str, Any], settings: Mapping[str, Any]) -> Any:
        """The configuration of a game played from a package whose record is configured by
        ``rules`` (the record's ``config``), with the typed configuration's ``settings`` that
        a package leaves to its game (duplicate: ``reveal_seconds``, ``seats``,
        ``late_join``); :class:`InvalidConfigError` for rules that do not hold or a setting
        the package brings itself."""
        ...

    def package_game(self, record: Mapping[str, Any], config: Any, tools: Any) -> int:
        """The seed of the package's ``record``, once checked that it is a game of ``config``
        (:meth:`package_config`'s) without players and that it replays with ``tools``, draw
        after draw; :class:`InvalidConfigError` for a record of another configuration, an
        :class:`ArbitreError` saying where it differs otherwise."""
        ...


@dataclass(frozen=True, slots=True)
class DealOrder:
    """A game's configuration that asks the server to deal the package the game is played
    from (see :class:`Dealing`): ``order``, what the deal is made from (JSON-ready and public:
    dupliKta's scenario number and level); ``config``, the kind's configuration the package is
    dealt with (its rules, the package's own settings aside); ``seed``, the deal's seed, which
    the order decides (the same order deals the same game on every server, over the same
    content); ``settings``, what the package leaves to its game
    (:meth:`Packaged.package_config`'s settings)."""

    order: Mapping[str, Any]
    config: Any
    seed: int
    settings: Mapping[str, Any] = field(default_factory=dict)


class Dealing(Protocol):
    """A :class:`Packaged` kind whose package a configuration may ask the server to deal
    rather than bring it (dupliKta: Tourlou's scenario by its number and level). The deal is
    the engine's (the kind's dealer, :func:`arbitre.engine.robots.planner.dealer_for`); the
    game is then made from the package dealt as from a package brought, through the same
    checks."""

    def deal_order(self, data: Mapping[str, object]) -> DealOrder | None:
        """The deal the configuration ``data`` asks for, or ``None`` (a configuration as
        ever); :class:`InvalidConfigError` for a bad one."""
        ...


class RobotSeating(Protocol):
    """A kind whose rules tell a robot's seat from a person's (dupliKta's scenarios: the second
    seat is Tourlou's, whose move of each turn the scenario gives). The session seats a robot
    with :meth:`seat_robot` and a person with :meth:`Kind.seat`; a kind without it seats both
    with :meth:`Kind.seat` (its rules do not ask who is a robot)."""

    def seat_robot(self, state: Any, player: str, now_ms: int) -> tuple[Event, ...]:
        """Seat the robot ``player`` as :meth:`Kind.seat` seats a person, in a seat the
        rules keep for robots where they keep one; :class:`ActionRefusedError` when the rules
        refuse it (no seat left for a robot)."""
        ...


class Contested(Protocol):
    """A kind whose games played from one package can be ranked together as a *contest*
    (:mod:`arbitre.rules.contest`): every table rolls or draws the same, and each seat is
    compared with the same seat at the other tables."""

    def seat_totals(self, state: Any) -> tuple[tuple[str | None, int], ...]:
        """Each seat's player (``None``: an empty seat) and total, in seat order. Pure."""
        ...


class BestMoves(Protocol):
    """A kind whose closed turns have best moves to replay them with (duplicate: the moves of
    the turn's tirage on the board it was played on, best first), found by its tools."""

    def best_moves(self, state: Any, number: int, count: int, tools: Any) -> list[tuple[str, int]]:
        """The ``count`` best moves of the closed turn ``number``, best first, as (move, points),
        asked of ``tools`` (the kind's, as :meth:`Kind.new_game` takes them); refusals as
        :meth:`TurnRevealing.revealed_turn`'s."""
        ...
