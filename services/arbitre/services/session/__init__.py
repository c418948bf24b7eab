"""The session service (``arbitre.v1.Session``): the life of a game of every kind, played on
the game kinds' seam (:mod:`~arbitre.services.session.seam`), all its state in Redis
(:mod:`arbitre.services.session_store`), so that any replica serves any game and a replica
started after another died picks up where it stopped.

A game is created ``waiting``; players join; the organiser starts it (``running``), or its
scheduled start does. Its kind's rules (:mod:`arbitre.rules.kinds`) say the rest: each turn or
round is a *phase*, ``turn`` (actions open until the deadline), then ``reveal`` (the results
shown until the next opens), until the game is ``over``. The organiser may pause (the clock
stops) and resume (the deadline moves by the paused time); a game whose steps keep failing is
``parked`` until its organiser resumes it. A kind's tools (duplicate's tops and verdicts) ask
the movegen and scoring services.

Errors: a bad request is ``INVALID_ARGUMENT``, an unknown game ``NOT_FOUND``, a missing token
``UNAUTHENTICATED``, a wrong one ``PERMISSION_DENIED``, an action the game cannot take now
``FAILED_PRECONDITION`` (late answer, wrong turn, game started), a peer service or Redis down
``UNAVAILABLE`` (retry).

``python -m arbitre.services.session [--address HOST:PORT]`` serves it alone: address from
``ARBITRE_SESSION_ADDRESS`` (else ``127.0.0.1:50054``), peers from ``ARBITRE_MOVEGEN_ADDRESS``,
``ARBITRE_SCORING_ADDRESS`` and ``ARBITRE_DICTIONARY_ADDRESS``, Redis from ``REDIS_URL``
(required), the archive of finished games from ``DATABASE_URL`` (unset: they are not archived,
and the saved environments and the accounts, kept in the same database, answer
``UNAVAILABLE``).

One concept a module: :mod:`~arbitre.services.session.limits` (names, limits, timings),
:mod:`~arbitre.services.session.peers`, :mod:`~arbitre.services.session.refusals` (how a call
fails), :mod:`~arbitre.services.session.base` (what the parts share),
:mod:`~arbitre.services.session.packages` (reading and opening packages),
:mod:`~arbitre.services.session.lobby` (open tables), :mod:`~arbitre.services.session.steps`
(commands, pause, the clock's steps and their failures), :mod:`~arbitre.services.session.reading`
(the fair-play check), :mod:`~arbitre.services.session.events`,
:mod:`~arbitre.services.session.clock`, :mod:`~arbitre.services.session.environments` (a
kind's options saved under a name, in the archive's database),
:mod:`~arbitre.services.session.accounts` (accounts, their seats, figures and rankings, in the
same database),
:mod:`~arbitre.services.session.archiver` (the
finished games moved to the SQL archive, :mod:`arbitre.services.archive`; imported by who runs
it only, as it loads SQLAlchemy), :mod:`~arbitre.services.session.seam` (the games of
every kind, with :mod:`~arbitre.services.session.parts_store`, the store of the kinds' fast
path: one actor's part of the open turn, kept without the game's lock),
:mod:`~arbitre.services.session.service` (the servicer, made of those parts) and
:mod:`~arbitre.services.session.main`. All of them log as ``arbitre.services.session``.
"""

from __future__ import annotations

from arbitre.api.tables import MAX_BEST_MOVES, MAX_TABLE_SEATS, MIN_TABLE_SEATS, seats_refusal
from arbitre.services.session.clock import Clock
from arbitre.services.session.limits import (
    ADDRESS_VARIABLE,
    DEFAULT_ADDRESS,
    FINISHED_TTL_MS,
    IDLE_TTL_MS,
    MAX_BACKLOG,
    MAX_CHECKED_RACK,
    MAX_CHECKED_ROWS,
    MAX_EVENT_STREAMS,
    MAX_LISTED_PLAYERS,
    MAX_PACKAGE_CHARS,
    MAX_RETRY_MS,
    MAX_SCHEDULE_MS,
    MAX_STEP_FAILURES,
    MAX_TITLE_CHARS,
    OUTAGE_MS,
    PACKAGE_KEY_VARIABLE,
    PING_SECONDS,
    RETRY_MS,
    ROBOT_NAMES,
    RUNNING_TTL_MS,
    SERVICE_NAME,
    SESSION_WORKERS,
)
from arbitre.services.session.main import main, registration
from arbitre.services.session.packages import package_key_from_environment
from arbitre.services.session.peers import Peers, peers_from_environment
from arbitre.services.session.service import SessionService

__all__ = [
    "ADDRESS_VARIABLE",
    "DEFAULT_ADDRESS",
    "FINISHED_TTL_MS",
    "IDLE_TTL_MS",
    "MAX_BACKLOG",
    "MAX_BEST_MOVES",
    "MAX_CHECKED_RACK",
    "MAX_CHECKED_ROWS",
    "MAX_EVENT_STREAMS",
    "MAX_LISTED_PLAYERS",
    "MAX_PACKAGE_CHARS",
    "MAX_RETRY_MS",
    "MAX_SCHEDULE_MS",
    "MAX_STEP_FAILURES",
    "MAX_TABLE_SEATS",
    "MAX_TITLE_CHARS",
    "MIN_TABLE_SEATS",
    "OUTAGE_MS",
    "PACKAGE_KEY_VARIABLE",
    "PING_SECONDS",
    "RETRY_MS",
    "ROBOT_NAMES",
    "RUNNING_TTL_MS",
    "SERVICE_NAME",
    "SESSION_WORKERS",
    "Clock",
    "Peers",
    "SessionService",
    "main",
    "package_key_from_environment",
    "peers_from_environment",
    "registration",
    "seats_refusal",
]
