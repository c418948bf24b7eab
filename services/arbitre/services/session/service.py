"""The session servicer (``arbitre.v1.Session``): each RPC runs its part of the service (the
lobby, packages, steps, answers, reading and events modules of this package) through
:func:`~arbitre.services.session.refusals._call`, which turns its refusals and failures into the
call's status."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arbitre.services.session.answers import Answers
from arbitre.services.session.events import EventStreams
from arbitre.services.session.lobby import Lobby
from arbitre.services.session.refusals import _call
from arbitre.v1 import session_pb2_grpc

__all__ = ["SessionService"]


class SessionService(Lobby, Answers, EventStreams, session_pb2_grpc.SessionServicer):
    """Duplicate games in ``redis`` (a redis-py client), with ``peers`` for tops and verdicts."""

    # -- creating and joining (lobby, packages) ---------------------------------------------

    def CreateGame(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._create(request))

    def ReleasePackage(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._command(request, self._release_key))

    def Join(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._join(request))

    def AddRobot(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._add_robot(request))

    # -- organiser commands (steps) ---------------------------------------------------------

    def Start(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._command(request, self._start))

    def Pause(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._command(request, self._pause))

    def Resume(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._command(request, self._resume))

    # -- answers ----------------------------------------------------------------------------

    def Answer(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._answer(request))

    def Preview(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._preview(request))

    def Next(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._next(request))

    # -- reading ----------------------------------------------------------------------------

    def GetGame(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._state(self._checked_id(request.game_id), request.token))

    def GetTurn(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._turn(request))

    def GetStandings(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._standings(request))

    def GetRecord(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._record(request))

    def GetResults(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._results(request))

    def UploadCentre(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._upload_centre(request))

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
