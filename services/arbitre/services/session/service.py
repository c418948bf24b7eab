"""The session servicer (``arbitre.v1.Session``): each RPC runs its part of the service (the
seam's, :mod:`arbitre.services.session.seam`, for a game of every kind; the open tables, the
events and the fair-play check) through :func:`~arbitre.services.session.refusals._call`, which
turns its refusals and failures into the call's status."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any

import grpc

from arbitre.services.session.accounts import Accounts
from arbitre.services.session.contests import Contests
from arbitre.services.session.environments import Environments
from arbitre.services.session.events import EventStreams
from arbitre.services.session.limits import MAX_ACT_BATCH
from arbitre.services.session.lobby import Lobby
from arbitre.services.session.refusals import ItemContext, ItemRefusedError, _call, _refuse
from arbitre.v1 import session_pb2, session_pb2_grpc

if TYPE_CHECKING:
    from arbitre.services.archive.store import ArchiveStore, FinishedGame

__all__ = ["SessionService"]

log = logging.getLogger(__package__)


class SessionService(
    Lobby, Contests, Environments, Accounts, EventStreams, session_pb2_grpc.SessionServicer
):
    """Games of every kind in ``redis`` (a redis-py client), with ``peers`` for what a kind's
    tools ask of the other services (duplicate's tops and verdicts), on the seam
    (:mod:`arbitre.services.session.seam`).

    With an :attr:`archive`, a finished game no longer in Redis is read from it by
    ``GetRecord`` and ``GetStandings`` (:mod:`arbitre.services.session.archiver` fills it)."""

    #: The archive of finished games (``None``: none).
    archive: ArchiveStore | None = None

    def _state(self, game_id: str, token: str) -> Any:
        return self._kind_state(game_id, token)

    # -- creating and joining ---------------------------------------------------------------

    def CreateGame(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._create(request))

    def ReleasePackage(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._command(request, self._kind_release_key))

    def Join(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._join(request))

    def AddRobot(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._kind_add_robot(request))

    # -- organiser commands -----------------------------------------------------------------

    def Start(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._kind_command(request, "start"))

    def Pause(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._kind_command(request, "pause"))

    def Resume(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._kind_command(request, "resume"))

    def OpenNext(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._kind_command(request, "next"))

    # -- actions ----------------------------------------------------------------------------

    def Next(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._kind_ready(request))

    def Act(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._act(request))

    def ActBatch(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._act_batch(request))

    def _act_batch(self, request: Any) -> Any:
        """Each action as :meth:`Act` takes it, one after the other: its answer, or the status
        that call would have ended with. What the actions read first is read for all of them
        at once (:meth:`_prefetched`)."""
        if len(request.actions) > MAX_ACT_BATCH:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"a batch holds at most {MAX_ACT_BATCH} actions, not {len(request.actions)}",
            )
        answer = session_pb2.ActBatchResponse()
        prefetched = self._prefetched(request.actions)
        for action, read in zip(request.actions, prefetched, strict=True):
            outcome = answer.outcomes.add()
            try:
                outcome.answer.CopyFrom(_call(ItemContext(), partial(self._act, action, read)))
            except ItemRefusedError as refused:
                outcome.refusal.code = refused.code.value[0]
                outcome.refusal.message = refused.message
        return answer

    def Leave(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._leave(request))

    # -- reading ----------------------------------------------------------------------------

    def GetGame(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._state(self._checked_id(request.game_id), request.token))

    def _read(
        self,
        context: Any,
        request: Any,
        read: Any,
        archived: Callable[[FinishedGame, Any], Any] | None = None,
    ) -> Any:
        """``read(game_id, game, request)`` of the game ``request.game_id`` names; with
        ``archived``, ``archived(finished, request)`` of the game the archive holds when Redis
        no longer has it."""

        def call() -> Any:
            game_id = self._checked_id(request.game_id)
            game = self.store.game(game_id)
            if "kind" not in game and archived is not None:
                finished = self._archived(game_id)
                if finished is not None:
                    return archived(finished, request)
            return read(game_id, game if "kind" in game else self._game(game_id), request)

        return _call(context, call)

    def _archived(self, game_id: str) -> FinishedGame | None:
        """The finished game ``game_id`` from the archive (``None``: no archive, or not in
        it); UNAVAILABLE while the archive's database does not answer."""
        if self.archive is None:
            return None
        from sqlalchemy.exc import SQLAlchemyError  # the archive's: loaded with it only

        try:
            return self.archive.get(game_id)
        except SQLAlchemyError as error:
            log.warning("the archive failed: %s", error)
            _refuse(grpc.StatusCode.UNAVAILABLE, "the archive of finished games is down; retry")

    def GetTurn(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._read(context, request, self._kind_turn)

    def GetStandings(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._read(context, request, self._kind_standings, _archived_standings)

    def GetRecord(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._read(
            context,
            request,
            lambda game_id, game, _: self._kind_record(game_id, game),
            lambda finished, _: _archived_record(finished),
        )

    def GetReview(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._read(
            context, request, lambda game_id, game, _: self._kind_review(game_id, game)
        )

    def GetResults(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._read(context, request, self._kind_results)

    def UploadCentre(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._read(context, request, self._kind_upload_centre)

    # -- contests ----------------------------------------------------------------------------

    def CreateContest(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._create_contest(request))

    def GetContest(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._get_contest(request))

    def CloseContest(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._close_contest(request))

    # -- saved environments (the archive's database) ----------------------------------------

    def SaveEnvironment(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._save_environment(request))

    def GetEnvironment(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._get_environment(request))

    def ListEnvironments(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._list_environments(request))

    def DeleteEnvironment(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._delete_environment(request))

    # -- accounts (the archive's database) --------------------------------------------------

    def SignUp(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._sign_up(request))

    def SignIn(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._sign_in(request))

    def SignOut(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._sign_out(request))

    def GetAccount(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._get_account(request))

    def DeleteAccount(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._delete_account(request))

    def IssueApiKey(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._issue_api_key(request))

    def ListApiKeys(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._list_api_keys(request))

    def RevokeApiKey(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._revoke_api_key(request))

    def ListMyGames(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._list_my_games(request))

    def ClaimSeat(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._claim_seat(request))

    def GetFigures(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._get_figures(request))

    def GetRankings(self, request: Any, context: Any) -> Any:  # noqa: N802
        return _call(context, lambda: self._get_rankings(request))

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


def _archived_record(finished: FinishedGame) -> Any:
    """``GetRecord`` of an archived game."""
    from arbitre.services.archive.messages import record_message

    return record_message(finished)


def _archived_standings(finished: FinishedGame, request: Any) -> Any:
    """``GetStandings`` of an archived game: the page the request asks for."""
    from arbitre.services.archive.messages import standings_message

    if request.offset < 0 or request.limit < 0:
        _refuse(grpc.StatusCode.INVALID_ARGUMENT, "offset and limit: 0 or more")
    return standings_message(finished, request.offset, request.limit)
