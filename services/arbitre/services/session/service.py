"""The session servicer (``arbitre.v1.Session``): each RPC runs its part of the service (the
lobby, packages, steps, answers, reading and events modules of this package) through
:func:`~arbitre.services.session.refusals._call`, which turns its refusals and failures into the
call's status."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import grpc

from arbitre.services.kind_names import name_of_enum
from arbitre.services.session.events import EventStreams
from arbitre.services.session.lobby import Lobby
from arbitre.services.session.refusals import _call, _refuse
from arbitre.services.session.seam import KindGames, is_on_seam
from arbitre.v1 import session_pb2_grpc

__all__ = ["SessionService"]


class SessionService(Lobby, KindGames, EventStreams, session_pb2_grpc.SessionServicer):
    """Games in ``redis`` (a redis-py client), with ``peers`` for tops and verdicts: duplicate
    by its own path, every other kind on the seam (:mod:`arbitre.services.session.seam`)."""

    def _on_seam(self, game_id: str) -> bool:
        """Whether the game ``game_id`` is played on the seam (an unknown game: not found)."""
        return is_on_seam(self._game(self._checked_id(game_id)))

    def _duplicate_only(self, game_id: str) -> None:
        """Refuse a duplicate game's call for a game of another kind."""
        if self._on_seam(game_id):
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, "this call is for duplicate games")

    def _state(self, game_id: str, token: str) -> Any:
        if self._on_seam(game_id):
            return self._kind_state(game_id, token)
        return super()._state(game_id, token)

    # -- creating and joining (lobby, packages) ---------------------------------------------

    def CreateGame(self, request: Any, context: Any) -> Any:  # noqa: N802
        if (
            name_of_enum(request.kind) != "duplicate"
            or request.WhichOneof("kind_config") is not None
        ):
            return _call(context, lambda: self._kind_create(request))
        return _call(context, lambda: self._create(request))

    def ReleasePackage(self, request: Any, context: Any) -> Any:  # noqa: N802
        def release() -> Any:
            if self._on_seam(request.game_id):
                return self._command(request, self._kind_release_key)
            return self._command(request, self._release_key)

        return _call(context, release)

    def Join(self, request: Any, context: Any) -> Any:  # noqa: N802
        def join() -> Any:
            if self._on_seam(request.game_id):
                return self._kind_join(request)
            return self._join(request)

        return _call(context, join)

    def AddRobot(self, request: Any, context: Any) -> Any:  # noqa: N802
        def add() -> Any:
            if self._on_seam(request.game_id):
                return self._kind_add_robot(request)
            return self._add_robot(request)

        return _call(context, add)

    # -- organiser commands (steps) ---------------------------------------------------------

    def _organiser_command(self, request: Any, name: str, duplicate: Any) -> Any:
        if self._on_seam(request.game_id):
            return self._kind_command(request, name)
        return self._command(request, duplicate)

    def Start(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._organiser_command(request, "start", self._start))

    def Pause(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._organiser_command(request, "pause", self._pause))

    def Resume(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._organiser_command(request, "resume", self._resume))

    def OpenNext(self, request: Any, context: Any) -> Any:  # noqa: N802
        def open_next() -> Any:
            if not self._on_seam(request.game_id):
                _refuse(
                    grpc.StatusCode.FAILED_PRECONDITION,
                    "a duplicate game's next turn comes when every player is ready (Next)",
                )
            return self._kind_command(request, "next")

        return _call(context, open_next)

    # -- answers and actions ----------------------------------------------------------------

    def Answer(self, request: Any, context: Any) -> Any:  # noqa: N802
        def answer() -> Any:
            self._duplicate_only(request.game_id)
            return self._answer(request)

        return _call(context, answer)

    def Preview(self, request: Any, context: Any) -> Any:  # noqa: N802
        def preview() -> Any:
            self._duplicate_only(request.game_id)
            return self._preview(request)

        return _call(context, preview)

    def Next(self, request: Any, context: Any) -> Any:  # noqa: N802
        def ready() -> Any:
            if self._on_seam(request.game_id):
                return self._kind_ready(request)
            return self._next(request)

        return _call(context, ready)

    def Act(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._act(request))

    def Leave(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._leave(request))

    # -- reading ----------------------------------------------------------------------------

    def GetGame(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._state(self._checked_id(request.game_id), request.token))

    def GetTurn(self, request: Any, context: Any) -> Any:  # noqa: N802
        def turn() -> Any:
            game_id = self._checked_id(request.game_id)
            game = self._game(game_id)
            if is_on_seam(game):
                return self._kind_turn(game_id, game, request)
            return self._turn(request)

        return _call(context, turn)

    def GetStandings(self, request: Any, context: Any) -> Any:  # noqa: N802
        def standings() -> Any:
            game_id = self._checked_id(request.game_id)
            game = self._game(game_id)
            if is_on_seam(game):
                return self._kind_standings(game_id, game, request)
            return self._standings(request)

        return _call(context, standings)

    def GetRecord(self, request: Any, context: Any) -> Any:  # noqa: N802
        def record() -> Any:
            game_id = self._checked_id(request.game_id)
            game = self._game(game_id)
            if is_on_seam(game):
                return self._kind_record(game_id, game)
            return self._record(request)

        return _call(context, record)

    def GetResults(self, request: Any, context: Any) -> Any:  # noqa: N802
        def results() -> Any:
            game_id = self._checked_id(request.game_id)
            game = self._game(game_id)
            if is_on_seam(game):
                return self._kind_results(game_id, game, request)
            return self._results(request)

        return _call(context, results)

    def UploadCentre(self, request: Any, context: Any) -> Any:  # noqa: N802
        def upload() -> Any:
            game_id = self._checked_id(request.game_id)
            game = self._game(game_id)
            if is_on_seam(game):
                return self._kind_upload_centre(game_id, game, request)
            return self._upload_centre(request)

        return _call(context, upload)

    # -- open tables (lobby) ----------------------------------------------------------------

    def ListTables(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._list_tables(request))

    # -- fair play (reading) ----------------------------------------------------------------

    def CheckPosition(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._check_position(request))

    # -- events -----------------------------------------------------------------------------

    def Events(self, request: Any, context: Any) -> Iterator[Any]:  # noqa: N802
        """The game's events, as :meth:`~arbitre.services.session.events.EventStreams._events`
        streams them."""
        return self._events(request, context)
