"""Duplicate Scrabble as a game kind: the adapter of
:class:`~arbitre.rules.duplicate.DuplicateGame` to the :class:`~arbitre.rules.kinds.base.Kind`
interface. Every rule is the rules modules' own; this module says only when each applies.

The life of a game, as the session service plays it:

* ``WAITING`` until :meth:`DuplicateKind.open_next` draws the first tirage;
* ``PLAYING``: every seated player may answer (``{"move": "H4 MOT"}``, the last answer counts)
  until the turn's deadline, its opening plus ``seconds_per_turn`` (the phase's
  ``deadline_ms``). The answer is judged at once: an illegal placement is refused, a legal one
  is kept and its score on the board told to its player alone (whether its words are valid
  waits for the reveal). Each answer publishes the number of answers, never a move. The phase's
  ``due_ms`` is the deadline, or the moment every player had answered or left when that came
  first (the turn closes early);
* :meth:`DuplicateKind.close` judges every answer, puts the top on the board and publishes the
  turn revealed; ``BETWEEN`` then lasts the configured reveal, after which the next turn opens
  (``next_ms``; the session may open it earlier, when everyone is ready);
* ``OVER`` once :meth:`DuplicateKind.open_next` finds no valid tirage, no move, or the
  configured number of turns played.

A player may be seated at any time before the end and may leave at any time
(:meth:`DuplicateKind.leave`): what they answered still counts, they stay in the standings, and
nobody waits for them; seated again, they play on. :meth:`DuplicateKind.shift` moves the open
turn's deadline or the reveal's end (a pause, an outage); :meth:`DuplicateKind.save` and
:meth:`DuplicateKind.load` are :mod:`arbitre.rules.kinds.duplicate.state`'s.

The kind is a :class:`~arbitre.rules.kinds.base.PartedKind`: a player's part is their answer to
the open turn, and :mod:`arbitre.rules.kinds.duplicate.parts` has the context, the parts, the
claim (``"answered"``) and the one implementation of the answer rules, which
:meth:`DuplicateKind.act` takes on the whole state (judge, keep, announce). Every answer
finishes its player's turn, so the session's store closes a turn early as the phase does: once
the players done reach the context's :data:`~arbitre.rules.kinds.base.AWAITED` (the roster but
who left without answering). The fast path trusts the session's own check that the actor is a
player of the game (their token), and refuses who left.

Events: ``turn_started`` (turn, tirage, board, deadline), ``answer_count`` (turn, answers,
players), ``turn_revealed`` (the turn, its top and how many answered:
:func:`~arbitre.rules.kinds.duplicate.view.revealed_event`; the view reveals the answers) and
``game_over`` (the end's reason), all public.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.rules.duplicate import (
    DuplicateGame,
    GameStateError,
    PlayedTurn,
    Referee,
    check_player_name,
)
from arbitre.rules.errors import ArbitreError
from arbitre.rules.fair_play import board_fingerprint, rack_key
from arbitre.rules.game_record import RECORD_FORMAT
from arbitre.rules.game_snapshot import turn_data, turn_from_data
from arbitre.rules.kinds.base import (
    ActionRefusedError,
    BestMoves,
    Chaptered,
    Event,
    Judgement,
    Message,
    Outcome,
    Packaged,
    PartedKind,
    Phase,
    Previewing,
    Refereed,
    ResultsView,
    Setup,
    Simultane,
    SimultaneResults,
    Stage,
    Standing,
    TurnRevealing,
    Viewer,
    joined_event,
)
from arbitre.rules.kinds.duplicate import package as packages
from arbitre.rules.kinds.duplicate import parts as parted
from arbitre.rules.kinds.duplicate import record as records
from arbitre.rules.kinds.duplicate import results as simultane
from arbitre.rules.kinds.duplicate import view as views
from arbitre.rules.kinds.duplicate.config import (
    KIND_NAME,
    MAX_SEATS,
    MIN_TABLE_SEATS,
    DuplicateConfig,
    config_data,
    read_config,
)
from arbitre.rules.kinds.duplicate.state import (
    DuplicateState,
    StateDataError,
    TurnTimes,
    state_data,
    state_from_data,
)

__all__ = ["DUPLICATE", "DuplicateKind"]


class DuplicateKind:
    """Duplicate Scrabble (see the module docstring); its tools are a
    :class:`~arbitre.rules.duplicate.Referee`."""

    @property
    def name(self) -> str:
        return KIND_NAME

    @property
    def title(self) -> str:
        return "Scrabble duplicate"

    @property
    def min_seats(self) -> int:
        return 1

    @property
    def max_seats(self) -> int:
        return MAX_SEATS

    @property
    def claims(self) -> tuple[str, ...]:
        """An answer claims :data:`~arbitre.rules.kinds.duplicate.parts.CLAIM`: the order in
        which the players first answered the open turn."""
        return (parted.CLAIM,)

    # -- configuration ----------------------------------------------------------------------

    def configure(self, data: Mapping[str, object]) -> DuplicateConfig:
        """See :func:`~arbitre.rules.kinds.duplicate.config.read_config`."""
        return read_config(data)

    def config_data(self, config: DuplicateConfig) -> dict[str, Any]:
        return config_data(config)

    # -- the game ---------------------------------------------------------------------------

    def new_game(self, config: DuplicateConfig, setup: Setup, tools: Referee) -> DuplicateState:
        """A game of ``setup.players`` whose every tirage ``setup.seed`` decides; refuses
        (``bad_player``) players the rules cannot seat."""
        seats = config.seats or MAX_SEATS
        if len(setup.players) > seats:
            raise ActionRefusedError("table_full", f"a game seats at most {seats} players")
        try:
            game = DuplicateGame(config.game, setup.seed, tools, tuple(setup.players))
        except GameStateError as error:
            raise ActionRefusedError("bad_player", str(error)) from None
        return DuplicateState(config, setup.game_id, game)

    def seat(self, state: DuplicateState, player: str, now_ms: int) -> tuple[Event, ...]:
        """Seat ``player`` before the start, or at any time before the end with
        ``late_join`` (else ``late_join_closed``): they score 0 on the turns closed before
        they came, and may answer the open turn; ``table_full`` past the table's ``seats``.
        A player who left comes back with what they had scored (and their answer to the open
        turn, if they gave one), late players or not. Public event: ``player_joined`` (the
        player and how many players the game has; their name is the session's, in its
        state)."""
        game = state.game
        config = state.config
        if state.stage is Stage.OVER:
            raise ActionRefusedError("game_over", "the game is over")
        if player in state.left:
            del state.left[player]
            return _joined(player, len(game.players))
        if player in game.players:
            raise ActionRefusedError("already_seated", f"{player!r} is seated already")
        if state.stage is not Stage.WAITING and not config.late_join:
            raise ActionRefusedError(
                "late_join_closed", "the game has started and takes no late players"
            )
        seats = config.seats or MAX_SEATS
        if len(game.players) >= seats:
            raise ActionRefusedError("table_full", f"every seat of the table is taken ({seats})")
        try:  # the rules' own check of a name (distinct: seated already, above)
            check_player_name(player)
        except GameStateError as error:
            raise ActionRefusedError("bad_player", str(error)) from None
        players = (*game.players, player)
        game.players = players
        return _joined(player, len(players))

    def leave(self, state: DuplicateState, player: str, now_ms: int) -> tuple[Event, ...]:
        """``player`` leaves (see the module docstring); refuses ``not_seated`` (not seated, or
        left already) and ``game_over``. The session announces it: no event."""
        if not state.is_seated(player):
            raise parted.not_seated(player)
        if state.stage is Stage.OVER:
            raise ActionRefusedError("game_over", "the game is over")
        state.left[player] = now_ms
        return ()

    def phase(self, state: DuplicateState, now_ms: int) -> Phase:
        """While a turn is open: the seated players act until its deadline, and it is due at
        the deadline or once every player had answered or left (the moment the players who
        answered reach the context's :data:`~arbitre.rules.kinds.base.AWAITED`, or a leave
        leaves nobody else awaited). Between two turns: the next opens by itself at the
        reveal's end, unless nobody is seated (then ``next_ms`` is ``None``: :meth:`open_next`
        would refuse)."""
        game = state.game
        stage = state.stage
        if stage is Stage.PLAYING:
            deadline = state.deadline_ms
            assert deadline is not None
            everyone = state.everyone_answered_ms
            due = deadline if everyone is None else min(deadline, everyone)
            actors = frozenset(state.seated) if now_ms < deadline else frozenset()
            return Phase(stage, game.number, actors, deadline, due)
        if stage is Stage.BETWEEN:
            return Phase(stage, len(game.turns), next_ms=state.next_turn_ms)
        return Phase(stage, len(game.turns))

    def open_next(self, state: DuplicateState, now_ms: int) -> tuple[Event, ...]:
        """Draw the next tirage and open its turn until ``now_ms`` plus the turn's time (or end
        the game: ``game_over``). Refuses while a turn is open (``turn_open``), after the end
        (``game_over``) and with nobody seated (``no_players``: none came, or all left)."""
        game = state.game
        stage = state.stage
        if stage is Stage.PLAYING:
            raise ActionRefusedError("turn_open", f"turn {game.number} is open")
        if stage is Stage.OVER:
            raise ActionRefusedError("game_over", "the game is over")
        if not state.seated_count:
            raise ActionRefusedError("no_players", "a game needs at least one seated player")
        if stage is Stage.WAITING and state.config.seats and state.seated_count < MIN_TABLE_SEATS:
            raise ActionRefusedError(
                "not_enough_players", "a table needs at least one opponent, person or robot"
            )
        draw = game.start_turn()
        state.next_ms = None
        if draw is None:
            assert game.end is not None
            return (Event(Message("game_over", {"reason": game.end.value})),)
        deadline = now_ms + state.config.turn_ms
        state.opened_ms, state.deadline_ms, state.answered = now_ms, deadline, {}
        started = {
            "turn": game.number,
            "rack": draw.notation,
            "board": list(game.board.rows()),
            "deadline_ms": deadline,
        }
        return (Event(Message("turn_started", started)),)

    def act(
        self, state: DuplicateState, player: str, action: Mapping[str, Any], now_ms: int
    ) -> Outcome:
        """Keep ``player``'s answer ``{"move": "H4 MOT", "turn": 3}`` (``turn`` optional) to
        the open turn, judged on the spot: the session's path for one answer (its check that
        ``player`` is a player of the game, against the roster; :meth:`judge`, store,
        :meth:`announce`) on the whole state. Result: ``turn``, ``move``, ``score`` (on the
        board) and ``answers`` (how many seated players answered). Refusals: ``not_seated``
        for a stranger, and see :func:`~arbitre.rules.kinds.duplicate.parts.judge`."""
        if player not in state.game.players:  # the session's check of the actor's seat
            raise parted.not_seated(player)
        context = self.context(state)
        part = self.part(state, player)
        judgement = self.judge(context, part, player, action, now_ms, state.game.referee)
        return self.announce(context, judgement, parted.keep(state, judgement))

    def close(self, state: DuplicateState, now_ms: int) -> tuple[Event, ...]:
        """Close the open turn (the rules judge every answer and put the top on the board) and
        publish it revealed; refuses (``no_turn_open``) when no turn is open."""
        if state.stage is not Stage.PLAYING or state.opened_ms is None:
            raise ActionRefusedError("no_turn_open", "no turn is open")
        played = state.game.close_turn()
        state.times.append(TurnTimes(state.opened_ms, now_ms))
        state.opened_ms, state.deadline_ms, state.answered = None, None, {}
        state.next_ms = now_ms + state.config.reveal_ms
        return (Event(Message("turn_revealed", views.revealed_event(played))),)

    def revealed_turn(self, state: DuplicateState, number: int) -> dict[str, Any]:
        """The closed turn ``number`` revealed with every answer
        (:func:`~arbitre.rules.kinds.duplicate.view.reveal`); refuses ``no_such_turn`` below 1
        and ``not_revealed`` for a turn not closed yet."""
        return views.reveal(state.game, _closed_turn(state, number))

    def best_moves(
        self, state: DuplicateState, number: int, count: int, tools: Any
    ) -> list[tuple[str, int]]:
        """The ``count`` best moves of the closed turn ``number``'s tirage on the board it was
        played on, best first, from ``tools`` (a referee that lists a position's moves,
        ``robot_moves``: the engine's or the session's over the movegen service); refusals as
        :meth:`revealed_turn`'s."""
        turn = _closed_turn(state, number)
        board = state.game.board_before(number)
        found = tools.robot_moves(board, turn.draw.rack, count, False)
        return [(move.notation, move.score) for move in found.moves[:count]]

    def view(self, state: DuplicateState, viewer: Viewer, now_ms: int) -> dict[str, Any]:
        """See :func:`~arbitre.rules.kinds.duplicate.view.view`."""
        return views.view(state, viewer, now_ms)

    def shared_view(self, state: DuplicateState) -> views.SharedView:
        """See :func:`~arbitre.rules.kinds.duplicate.view.shared_view`."""
        return views.shared_view(state)

    def own_view(
        self,
        shared: views.SharedView,
        viewer: Viewer,
        part: Mapping[str, Any] | None,
        now_ms: int,
    ) -> dict[str, Any]:
        """See :func:`~arbitre.rules.kinds.duplicate.view.own_view`."""
        return views.own_view(shared, viewer, part, now_ms)

    def shift(self, state: DuplicateState, delta_ms: int) -> None:
        """Move the open turn's deadline, or when the next turn opens by itself, by
        ``delta_ms``; what is past (openings, answers, closes, leaves) stays as it was."""
        if state.deadline_ms is not None:
            state.deadline_ms += delta_ms
        if state.next_ms is not None:
            state.next_ms += delta_ms

    # -- the parts (see arbitre.rules.kinds.duplicate.parts) --------------------------------

    def context(self, state: DuplicateState) -> dict[str, Any]:
        """See :func:`~arbitre.rules.kinds.duplicate.parts.context_data`."""
        return parted.context_data(state)

    def part(self, state: DuplicateState, player: str) -> dict[str, Any] | None:
        """``player``'s answer to the open turn as a part (``None``: they have not answered)."""
        answered = state.answered.get(player)
        return None if answered is None else parted.part_data(answered)

    def judge(
        self,
        context: Mapping[str, Any],
        part: Mapping[str, Any] | None,
        player: str,
        action: Mapping[str, Any],
        now_ms: int,
        tools: Referee,
    ) -> Judgement:
        """See :func:`~arbitre.rules.kinds.duplicate.parts.judge` (``player``: one the session
        seated; it refuses who left)."""
        return parted.judge(context, part, player, action, now_ms, tools)

    def announce(
        self, context: Mapping[str, Any], judgement: Judgement, order: int | None
    ) -> Outcome:
        """See :func:`~arbitre.rules.kinds.duplicate.parts.announce` (``order``: the claim's
        count once the answer is stored)."""
        return parted.announce(context, judgement, order)

    def preview(self, context: Mapping[str, Any], judgement: Judgement) -> dict[str, Any]:
        """See :func:`~arbitre.rules.kinds.duplicate.parts.preview`: the points of a pose, not
        kept."""
        return parted.preview(context, judgement)

    def detach(
        self, state: DuplicateState
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]], dict[str, dict[str, int]]]:
        """See :func:`~arbitre.rules.kinds.duplicate.parts.detach`."""
        return parted.detach(state)

    def attach(
        self,
        rest: Mapping[str, Any],
        parts: Mapping[str, Mapping[str, Any]],
        orders: Mapping[str, Mapping[str, int]],
        tools: Referee,
    ) -> DuplicateState:
        """See :func:`~arbitre.rules.kinds.duplicate.parts.attach`."""
        return parted.attach(rest, parts, orders, tools)

    # -- chapters: the closed turns, kept apart -------------------------------------------------

    def chapters(self, state: DuplicateState) -> tuple[PlayedTurn, ...]:
        """The closed turns (a :class:`~arbitre.rules.duplicate.PlayedTurn` never changes)."""
        return tuple(state.game.turns)

    def chapter_data(self, chapter: PlayedTurn) -> dict[str, Any]:
        """See :func:`~arbitre.rules.game_snapshot.turn_data`."""
        return turn_data(chapter)

    def chapter_from(self, data: Any, config: DuplicateConfig) -> PlayedTurn:
        """See :func:`~arbitre.rules.game_snapshot.turn_from_data` (``bad_state``)."""
        try:
            return turn_from_data(data, config.game.layout.size)
        except ArbitreError as error:
            raise StateDataError(f"a saved closed turn: {error}") from None

    def detach_open(
        self, state: DuplicateState
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]], dict[str, dict[str, int]]]:
        """See :func:`~arbitre.rules.kinds.duplicate.parts.detach` (``turns`` false)."""
        return parted.detach(state, turns=False)

    def attach_open(
        self,
        rest: Mapping[str, Any],
        parts: Mapping[str, Mapping[str, Any]],
        orders: Mapping[str, Mapping[str, int]],
        chapters: Sequence[PlayedTurn],
        tools: Referee,
    ) -> DuplicateState:
        """See :func:`~arbitre.rules.kinds.duplicate.parts.attach` (with ``turns``)."""
        return parted.attach(rest, parts, orders, tools, tuple(chapters))

    # -- storage ----------------------------------------------------------------------------

    def save(self, state: DuplicateState) -> dict[str, Any]:
        """See :func:`~arbitre.rules.kinds.duplicate.state.state_data`."""
        return state_data(state)

    def load(self, data: Mapping[str, Any], tools: Referee) -> DuplicateState:
        """See :func:`~arbitre.rules.kinds.duplicate.state.state_from_data` (its
        :class:`~arbitre.rules.kinds.duplicate.state.StateDataError`: ``bad_state``)."""
        return state_from_data(data, tools)

    # -- results ----------------------------------------------------------------------------

    def standings(self, state: DuplicateState) -> list[Standing]:
        """The rules' standings over the closed turns; ``details`` holds the ``negatif``, the
        ``percent_of_top``, the ``tops`` and the ``solos``."""
        return [
            Standing(
                line.rank,
                line.player,
                line.total,
                {
                    "negatif": line.negatif,
                    "percent_of_top": line.percent_of_top,
                    "tops": line.tops,
                    "solos": line.solos,
                },
            )
            for line in state.game.standings()
        ]

    def record(self, state: DuplicateState) -> dict[str, Any]:
        """See :func:`~arbitre.rules.kinds.duplicate.record.record`."""
        return records.record(state)

    def replay(self, record: Mapping[str, Any], tools: Referee) -> DuplicateState:
        """See :func:`~arbitre.rules.kinds.duplicate.record.replay`."""
        return records.replay(record, tools)

    # -- results across tables (see arbitre.rules.kinds.duplicate.results) ------------------

    def results(
        self,
        state: DuplicateState,
        registrations: Mapping[str, Mapping[str, str]],
        centres: Mapping[str, str],
        view: ResultsView,
        *,
        csv: bool = False,
    ) -> SimultaneResults:
        """See :func:`~arbitre.rules.kinds.duplicate.results.results`."""
        return simultane.results(state, registrations, centres, view, csv=csv)

    def check_centre(
        self,
        state: DuplicateState,
        registrations: Mapping[str, Mapping[str, str]],
        centre: str,
        text: str,
    ) -> int:
        """See :func:`~arbitre.rules.kinds.duplicate.results.check_centre`."""
        return simultane.check_centre(state, registrations, centre, text)

    def sheet(self, state: DuplicateState, title: str | None) -> str:
        """See :func:`~arbitre.rules.kinds.duplicate.results.sheet`."""
        return simultane.sheet(state, title)

    # -- fair play (see arbitre.rules.fair_play) ---------------------------------------------

    def live_positions(self, state: DuplicateState) -> frozenset[tuple[str, str]]:
        """The open turn's board with its tirage (empty between turns, before the first and
        after the end)."""
        draw = state.game.current_draw
        if state.stage is not Stage.PLAYING or draw is None:
            return frozenset()
        return frozenset({(board_fingerprint(state.game.board.rows()), rack_key(draw.rack))})

    # -- pre-drawn packages (see arbitre.rules.kinds.duplicate.package) ----------------------

    @property
    def package_format(self) -> str:
        """A duplicate package holds a game record (:mod:`arbitre.rules.game_record`)."""
        return RECORD_FORMAT

    def package_config(
        self, rules: Mapping[str, Any], settings: Mapping[str, Any]
    ) -> DuplicateConfig:
        """See :func:`~arbitre.rules.kinds.duplicate.package.package_config`."""
        return packages.package_config(rules, settings)

    def package_game(
        self, record: Mapping[str, Any], config: DuplicateConfig, tools: Referee
    ) -> int:
        """See :func:`~arbitre.rules.kinds.duplicate.package.package_game`."""
        return packages.package_game(record, config, tools)


def _closed_turn(state: DuplicateState, number: int) -> PlayedTurn:
    """The closed turn ``number``; refuses ``no_such_turn`` below 1 and ``not_revealed`` for a
    turn not closed yet."""
    turns = state.game.turns
    if number < 1:
        raise ActionRefusedError("no_such_turn", f"no turn {number}: turns count from 1")
    if number > len(turns):
        raise ActionRefusedError("not_revealed", f"turn {number} is not revealed yet")
    return turns[number - 1]


#: The duplicate kind (the registry's entry).
DUPLICATE = DuplicateKind()

_CHECKED: PartedKind[DuplicateConfig, DuplicateState, Referee] = DUPLICATE
_PREVIEWS: Previewing = DUPLICATE
_REVEALS: TurnRevealing = DUPLICATE
_BEST: BestMoves = DUPLICATE
_RANKS_TABLES: Simultane = DUPLICATE
_REFEREES: Refereed = DUPLICATE
_PACKAGES: Packaged = DUPLICATE
_CHAPTERS: Chaptered = DUPLICATE


def _joined(player: str, players: int) -> tuple[Event, ...]:
    """The public ``player_joined`` event of ``player``'s seating, the game then of ``players``
    (throttled past the listed ones: :func:`~arbitre.rules.kinds.base.joined_event`)."""
    return (joined_event(player, players, {}),)
