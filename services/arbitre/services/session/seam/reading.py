"""The seam's reads: a game's state as its caller may see it (a spectator's built once per step and
half a second), its standings, its record (with its game sheet for a
:class:`~arbitre.rules.kinds.base.Simultane` kind) and, for such a kind, a simultané's results
across tables with the centres' files merged (and their upload)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Mapping
from typing import Any

import grpc

from arbitre.api.kind_parts import put_part, put_part_changes
from arbitre.api.tables import MAX_BEST_MOVES
from arbitre.engine.robots.planner import reviewer_for
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.base import ActionRefusedError, ResultsView, Stage, Standing, Viewer
from arbitre.rules.simultane_results import CentreResultsError
from arbitre.services.game_keys import GameKeys
from arbitre.services.kind_names import enum_of_name
from arbitre.services.session.limits import (
    MAX_LISTED_PLAYERS,
    SPECTATOR_VIEW_SECONDS,
    VIEW_KEPT_PER_BUILD,
)
from arbitre.services.session.reading import _checked_centre, _remaining_ms
from arbitre.services.session.refusals import _refuse, _RefusedError
from arbitre.services.session.seam.away import Away
from arbitre.services.session.seam.base import (
    _CONSISTENT_READS,
    _STAMP_FIELDS,
    _VIEWS_CACHED,
    Moment,
    refusal_status,
    view_stamp,
)
from arbitre.v1 import common_pb2, scoring_pb2, session_pb2

__all__ = ["KindReading"]

#: What :meth:`KindReading._own_part` gives when the game moved on under the read.
_MOVED_ON = object()
#: Finished games' reviews kept per process.
_REVIEWS_CACHED = 64

log = logging.getLogger("arbitre.services.session")


class KindReading(Away):
    """The seam's reads: a game's state for its caller, its standings, its record."""

    # -- reading ----------------------------------------------------------------------------------

    def _kind_state(self, game_id: str, token: str) -> Any:
        """The game as the caller may see it: a player by their token, else a spectator.

        What every viewer shares of a moment of the game is built once per step (the game
        hash's :func:`view_stamp`) and :data:`SPECTATOR_VIEW_SECONDS` (the players' actions
        between steps show in it that much later), its clock and roster always now: a
        spectator's state whole, and for a kind whose view splits
        (:class:`~arbitre.rules.kinds.base.SharedViewing`) the shared part a player's own part
        is put on (their part of the open turn, read at every call); a player of another kind
        has their view built from the whole game."""
        for _ in range(_CONSISTENT_READS):
            table = self.store.table(game_id, MAX_LISTED_PLAYERS)
            game, now = table.game, table.now_ms
            if "kind" not in game:
                _refuse(grpc.StatusCode.NOT_FOUND, f"no game {game_id!r}")
            game_kind = kind(game["kind"])
            player = self.store.player_of(game_id, token) if token else None
            if player is not None and self._seen(game_id, player, game):
                continue  # back from away: the game went on, read it again
            if player is not None and not _sharing(game_kind):
                return self._kind_state_built(game_id, game, table, player, now)
            moment = self._moment(game_id, table)
            part: Any = None
            if player is None or moment.shared is None or not moment.open_turn:
                break
            read = self._own_part(game_id, player, moment)
            if read is not _MOVED_ON:
                part = read
                break
        else:
            _refuse(grpc.StatusCode.UNAVAILABLE, f"game {game_id!r} is moving on: read it again")
        state = session_pb2.GameState()
        state.CopyFrom(moment.state)
        state.server_time_ms, state.remaining_ms = now, _remaining_ms(game, now)
        del state.players[:]
        state.players.extend(_roster(table))
        state.player_count = table.player_count
        if player is not None and moment.shared is not None:
            sharing: Any = game_kind
            view = sharing.own_view(moment.shared, Viewer(player), part, now)
            state.you = player
            if moment.view is not None and state.WhichOneof("view") == game["kind"]:
                put_part_changes(state, game["kind"], view, moment.view)
            else:
                put_part(state, game["kind"], view)
        return state

    def _own_part(self, game_id: str, player: str, moment: Moment) -> Any:
        """``player``'s part of the open turn of ``moment`` (``None``: none yet), read in one
        transaction with the game's turn and phase, or :data:`_MOVED_ON` when a step moved the
        game on since ``moment`` was read (a close takes the turn's parts away: the part read
        then would say the player never acted)."""
        keys = GameKeys(game_id)
        with self.store.redis.pipeline(transaction=True) as pipe:
            pipe.hmget(keys.game, "status", "phase", "turn")
            pipe.hget(keys.parts(moment.turn), player)
            (status, phase, turn), text = pipe.execute()
        if (status, phase, turn) != (moment.stamp[0], moment.stamp[1], moment.stamp[2]):
            return _MOVED_ON
        return json.loads(text) if text is not None else None

    def _moment(self, game_id: str, table: Any) -> Moment:
        """What every viewer shares of the game as ``table`` read it, or later: kept per process
        while its stamp is the same, for :data:`SPECTATOR_VIEW_SECONDS` or
        :data:`VIEW_KEPT_PER_BUILD` times its build when more. While it is built anew (its
        time is up, its stamp the same), the readers get the one kept rather than wait."""
        read_at = time.monotonic()
        stamp = view_stamp(table.game)
        with self._views_lock:
            cached = self._views.get(game_id)
        same = cached is not None and cached.stamp == stamp
        if cached is not None and same and read_at - cached.built_at < cached.kept_for:
            return cached
        building = self._building[hash(game_id) % len(self._building)]
        if not building.acquire(blocking=not same):
            assert cached is not None
            return cached  # being built anew by another reader: no step came between
        try:
            # One build at a time per game: those who waited take the one built since they
            # read the game (it is at least as new as what they read).
            with self._views_lock:
                cached = self._views.get(game_id)
            if cached is not None and cached.built_at >= read_at:
                return cached
            return self._build_moment(game_id, table)
        finally:
            building.release()

    def _build_moment(self, game_id: str, table: Any) -> Moment:
        """The moment of the game as ``table`` read it (or later), built and kept."""
        built_at = time.monotonic()
        fresh, game_kind, state = self._viewed(game_id, table.game)
        now = table.now_ms
        sharing: Any = game_kind if _sharing(game_kind) and state is not None else None
        shared = sharing.shared_view(state) if sharing is not None else None
        view: Any = None
        if sharing is not None:
            view = sharing.own_view(shared, Viewer(None), None, now)
        elif state is not None:
            view = game_kind.view(state, Viewer(None), now)
        game_state = self._game_state(game_id, fresh, table, None, now, view)
        moment = Moment(
            stamp=view_stamp(fresh),
            built_at=built_at,
            state=game_state,
            shared=shared,
            turn=int(fresh.get("turn") or 0),
            open_turn=fresh.get("phase") == "turn",
            view=view,
            kept_for=max(
                SPECTATOR_VIEW_SECONDS, VIEW_KEPT_PER_BUILD * (time.monotonic() - built_at)
            ),
        )
        with self._views_lock:
            self._views[game_id] = moment
            self._views.move_to_end(game_id)
            while len(self._views) > _VIEWS_CACHED:
                self._views.popitem(last=False)
        return moment

    def _kind_state_built(
        self,
        game_id: str,
        game: Mapping[str, str],
        table: Any,
        player: str | None,
        now: int,
    ) -> Any:
        """The game's state for ``player`` (``None``: a spectator), its session's fields and the
        kind's view read at one moment (:meth:`_load_fresh`)."""
        game, game_kind, state = self._viewed(game_id, game)
        view = None if state is None else game_kind.view(state, Viewer(player), now)
        return self._game_state(game_id, game, table, player, now, view)

    def _viewed(self, game_id: str, game: Mapping[str, str]) -> tuple[dict[str, str], Any, Any]:
        """The game hash, its kind and its state as a view shows them (:meth:`_load_fresh`):
        a clocks' outage not yet given back to the kind at a step is given back, as the next
        step will; a parked game whose state cannot be read has no state (``None``: its
        session's part shows, and why it is parked), any other such game fails."""
        try:
            fresh, game_kind, state = self._load_fresh(game_id, game)
        except _RefusedError:
            raise
        except Exception:
            if game.get("status") != "parked":
                raise
            log.warning("game %s: parked, and its state cannot be read", game_id, exc_info=True)
            return dict(game), kind(game["kind"]), None
        outage = int(fresh.get("outage_ms") or 0)
        if outage:
            game_kind.shift(state, outage)
        return fresh, game_kind, state

    def _game_state(
        self,
        game_id: str,
        game: Mapping[str, str],
        table: Any,
        player: str | None,
        now: int,
        view: Mapping[str, Any] | None,
    ) -> Any:
        """The ``GameState`` of the game hash ``game`` for ``player`` (``None``: a spectator),
        with the kind's ``view`` (``None``: none) and the roster of ``table``."""
        deadline = int(game.get("deadline_ms") or 0)
        built = session_pb2.GameState(
            game_id=game_id,
            kind=enum_of_name(game["kind"]),
            kind_name=game["kind"],
            status=game["status"],
            phase=game.get("phase", ""),
            turn=int(game.get("turn") or 0),
            deadline_ms=deadline if game["status"] == "running" else 0,
            remaining_ms=_remaining_ms(game, now),
            server_time_ms=now,
            players=_roster(table),
            player_count=table.player_count,
            title=game.get("title", ""),
            seats=int(game.get("seats") or 0),
            seed_commitment=game.get("seed_commitment", ""),
            package_hash=game.get("package_hash", ""),
            sealed=bool(game.get("sealed_package")),
            key_released=bool(game.get("release_key")),
            parked_reason=game.get("parked_reason", "") if game["status"] == "parked" else "",
            paused_reason=game.get("paused_reason", "") if game["status"] == "paused" else "",
            start_at_ms=int(game.get("start_at_ms") or 0),
            refereed=game.get("refereed") == "1",
            you=player or "",
        )
        if view is not None:
            put_part(built, game["kind"], view)
        return built

    def _kind_standings(self, game_id: str, game: Mapping[str, str], request: Any) -> Any:
        """A page of the standings (``offset``, ``limit``: 0 for every line), with names. The
        lines change only at a step (a kind's standings are over what is closed): they are
        computed once per step and process, and a page names only its own players, so that
        thousands of players reading theirs do not load the game each."""
        if request.offset < 0 or request.limit < 0:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "offset and limit: 0 or more")
        lines, turns = self._standings_of(game_id, game)
        limit = request.limit or len(lines)
        shown = lines[request.offset : request.offset + limit]
        players = [line.player for line in shown]
        names = self.store.redis.hmget(GameKeys(game_id).players, players) if players else []
        standings = session_pb2.GameStandings(turns=turns, players=len(lines))
        for line, name in zip(shown, names, strict=True):
            named = standings.standings.add(
                standing=scoring_pb2.Standing(rank=line.rank, player=line.player, total=line.total),
                name=name or "",
            )
            put_part(named, game["kind"], dict(line.details))
        return standings

    def _standings_of(self, game_id: str, game: Mapping[str, str]) -> tuple[list[Standing], int]:
        """The game's standings lines and how many turns or rounds they are over (the closed
        ones), as the last step left them: kept per process while the game hash's stamp is the
        same."""
        stamp = tuple(game.get(field, "") for field in _STAMP_FIELDS)
        with self._views_lock:
            cached = self._kind_lines.get(game_id)
        if cached is not None and cached[0] == stamp:
            return cached[1], cached[2]
        fresh, game_kind, state = self._load_fresh(game_id, game)
        lines = game_kind.standings(state)
        phase = game_kind.phase(state, self.store.now_ms())
        turns = phase.number - 1 if phase.stage is Stage.PLAYING else phase.number  # closed
        with self._views_lock:
            self._kind_lines[game_id] = (
                tuple(fresh.get(field, "") for field in _STAMP_FIELDS),
                lines,
                turns,
            )
            self._kind_lines.move_to_end(game_id)
            while len(self._kind_lines) > _VIEWS_CACHED:
                self._kind_lines.popitem(last=False)
        return lines, turns

    def _kind_turn(self, game_id: str, game: Mapping[str, str], request: Any) -> Any:
        """A closed turn or round of the game, everything shown, with the players' names
        (``GetTurn``): the kind's :meth:`~arbitre.rules.kinds.base.TurnRevealing.revealed_turn`.
        NOT_FOUND for a turn no game has, FAILED_PRECONDITION for one not revealed yet or a
        kind that does not reveal its turns one at a time. With ``best_moves`` (0 to
        :data:`MAX_BEST_MOVES`), the turn's best moves too, from a kind that has some
        (:class:`~arbitre.rules.kinds.base.BestMoves`; another refuses, FAILED_PRECONDITION)."""
        if not 0 <= request.best_moves <= MAX_BEST_MOVES:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"best_moves: 0 to {MAX_BEST_MOVES}")
        game_kind, state = self._load(game_id, game)
        best = getattr(game_kind, "best_moves", None)
        if request.best_moves and best is None:
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                f"no_best_moves: a {game['kind']} game's turns have no best moves",
            )
        revealing = getattr(game_kind, "revealed_turn", None)
        if revealing is None:
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                f"no_turns: a {game['kind']} game's turns are not read one at a time",
            )
        try:
            revealed: dict[str, Any] = revealing(state, request.turn)
        except ActionRefusedError as error:
            status = (
                grpc.StatusCode.NOT_FOUND
                if error.code == "no_such_turn"
                else grpc.StatusCode.FAILED_PRECONDITION
            )
            _refuse(status, f"{error.code}: {error}")
        found = session_pb2.TurnResult(turn=request.turn)
        put_part(found, game["kind"], revealed)
        if request.best_moves and best is not None:
            tools = self._kind_and_tools(game)[1]
            listed = best(state, request.turn, request.best_moves, tools)
            found.best_moves.extend(
                common_pb2.ScoredMove(notation=move, score=points) for move, points in listed
            )
        found.names.update(self.store.redis.hgetall(GameKeys(game_id).players))
        return found

    def _kind_record(self, game_id: str, game: Mapping[str, str]) -> Any:
        """The kind's record, typed, and its game sheet (under the game's title) when the kind
        writes one (:meth:`~arbitre.rules.kinds.base.Simultane.sheet`); the session's part:
        the seed's commitment, its salt once the game is over (the kind's record then holds
        the seed: anyone checks it was the one committed to), the players' names and the
        fingerprint of what the kind's tools play."""
        if game.get("sealed_package"):
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                "sealed: the game's package is sealed until the start; nothing of it is played",
            )
        fresh, game_kind, state = self._load_fresh(game_id, game)
        fingerprint = self.tools.fingerprint(fresh["kind"], self._kind_and_tools(fresh)[1])
        found = session_pb2.GameRecord(
            seed_commitment=fresh.get("seed_commitment", ""),
            seed_salt=fresh.get("seed_salt", "") if fresh.get("status") == "over" else "",
            names=dict(self.store.roster(game_id)),
            fingerprint=fingerprint or "",
        )
        put_part(found, game["kind"], game_kind.record(state))
        sheet = getattr(game_kind, "sheet", None)
        if sheet is not None:
            found.sheet = sheet(state, game.get("title") or None)
        return found

    def _kind_review(self, game_id: str, game: Mapping[str, str]) -> Any:
        """The finished game reviewed by its kind's strongest robot
        (:func:`~arbitre.engine.robots.planner.reviewer_for`), typed; FAILED_PRECONDITION
        ``no_review`` for a kind without one and ``not_over`` before the end (a review of a
        live game would be an aid). A finished game never changes: its review is kept per
        process (:data:`_REVIEWS_CACHED` of them)."""
        reviewer = reviewer_for(game["kind"])
        if reviewer is None:
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                f"no_review: a {game['kind']} game has no review",
            )
        if game.get("status") != "over":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, "not_over: a game is reviewed once over")
        with self._views_lock:
            cached = self._reviews.get(game_id)
        if cached is None:
            game_kind, state = self._load(game_id, game)
            cached = session_pb2.GameReview()
            put_part(cached, game["kind"], reviewer(game_kind.record(state)))
            with self._views_lock:
                self._reviews[game_id] = cached
                while len(self._reviews) > _REVIEWS_CACHED:
                    self._reviews.popitem(last=False)
        return cached

    # -- a simultané's results across tables --------------------------------------------------

    def _simultane(self, game: Mapping[str, str]) -> Any:
        """The game's kind as a :class:`~arbitre.rules.kinds.base.Simultane`;
        FAILED_PRECONDITION ``no_results`` for a kind that does not rank its tables together."""
        game_kind = kind(game["kind"])
        if not all(hasattr(game_kind, name) for name in ("results", "check_centre")):
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                f"no_results: a {game['kind']} game has no results across tables",
            )
        return game_kind

    def _kind_registrations(self, game_id: str) -> dict[str, dict[str, str]]:
        """Every player's registration as a kind reads it: player id -> ``name`` and the
        ``club``, ``serie`` and ``country`` they gave (read after the game's state: every
        player of the state is in it)."""
        registered = self.store.registrations(game_id)
        return {
            player: {"name": name, **registered.get(player, {})}
            for player, name in self.store.roster(game_id)
        }

    def _kind_results(self, game_id: str, game: Mapping[str, str], request: Any) -> Any:
        """``GetResults``: the kind's
        :meth:`~arbitre.rules.kinds.base.Simultane.results` of the online players with the
        centres merged, whole or as the request's view (its empty fields: any), as JSON data
        or CSV text."""
        simultane = self._simultane(game)
        _, state = self._load(game_id, game)
        shown = ResultsView(
            serie=request.serie or None,
            club=request.club or None,
            country=request.country or None,
            centre=request.centre or None,
        )
        found = simultane.results(
            state,
            self._kind_registrations(game_id),
            self.store.centres(game_id),
            shown,
            csv=request.csv,
        )
        answer = session_pb2.Results(
            top_total=found.top_total, turns=found.turns, lines=len(found.lines)
        )
        if request.csv:
            answer.csv = found.csv
        else:
            answer.results_json = json.dumps(list(found.lines), ensure_ascii=False)
        return answer

    def _kind_upload_centre(self, game_id: str, game: Mapping[str, str], request: Any) -> Any:
        """``UploadCentre``: the organiser merges a centre's file into a game that is over,
        checked by the kind (:meth:`~arbitre.rules.kinds.base.Simultane.check_centre`); a file
        with any problem is refused whole (``accepted`` false, every problem listed) and
        nothing changes. A centre's new file replaces its earlier one."""
        self._organiser(game, request.token)
        simultane = self._simultane(game)
        centre = _checked_centre(request)
        _, state = self._load(game_id, game)
        try:
            players = simultane.check_centre(
                state, self._kind_registrations(game_id), centre, request.csv
            )
        except ActionRefusedError as error:
            _refuse(refusal_status(error.code), f"{error.code}: {error}")
        except CentreResultsError as error:
            return session_pb2.UploadCentreResponse(
                accepted=False,
                centre=centre,
                problems=[
                    session_pb2.CentreProblem(line=line, message=message)
                    for line, message in error.problems
                ],
            )
        self.store.set_centre(game_id, centre, request.csv)
        log.info("game %s: centre %r merged (%d players)", game_id, centre, players)
        return session_pb2.UploadCentreResponse(accepted=True, centre=centre, players=players)


def _sharing(game_kind: Any) -> bool:
    """Whether the kind's view splits into a shared and an own part
    (:class:`~arbitre.rules.kinds.base.SharedViewing`)."""
    return hasattr(game_kind, "shared_view") and hasattr(game_kind, "own_view")


def _roster(table: Any) -> list[Any]:
    """The first players of ``table``'s roster, named, robots with their level."""
    return [
        session_pb2.Player(
            id=seated, name=name, robot=table.robots.get(seated, {}).get("level", "")
        )
        for seated, name in table.roster
    ]
