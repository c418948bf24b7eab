"""The archiver of a replica: every session replica runs one beside its clock, which moves the
finished games from Redis to the archive's database (:mod:`arbitre.services.archive`).

A game's step that ends it queues its id (:data:`~arbitre.services.game_keys.ARCHIVE_QUEUE`,
with the moment it ended) in the step's transaction. Every :data:`ARCHIVE_SECONDS`, the archiver
takes the queued games, oldest first, each claimed for :data:`CLAIM_MS` (so that replicas do
not all build the same record; a replica that dies holding a claim only delays the game that
long), reads its record and standings as ``GetRecord`` and ``GetStandings`` give them, and
inserts its row: a row already there (another replica's, or this game's before a replica died
between the commit and the queue) is left as it is. Only once the row is committed does the id
leave the queue: a failure anywhere before leaves it there for the next pass.

A database that does not answer (down, unreachable, locked) stops the pass with a warning and
the next one waits, from :data:`ARCHIVE_SECONDS` doubled at each failure up to
:data:`MAX_RETRY_SECONDS`; live games never wait for it (they do not touch the database). A game
that fails on its own (its record cannot be built) is logged and tried again later, the others
go on. A game that expired from Redis before it was archived (the database down for longer than
:data:`~arbitre.services.session.limits.FINISHED_TTL_MS`) is logged as lost and leaves the queue.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from typing import Any

import grpc
import redis as redis_module
from sqlalchemy.exc import (
    ArgumentError,
    DBAPIError,
    InterfaceError,
    OperationalError,
    SQLAlchemyError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeoutError

from arbitre.services.archive.messages import finished_game
from arbitre.services.archive.migrate import SchemaError
from arbitre.services.archive.store import ArchiveStore, FinishedGame
from arbitre.services.game_keys import ARCHIVE_QUEUE, GameKeys
from arbitre.services.session.refusals import _RefusedError
from arbitre.services.session.service import SessionService
from arbitre.v1 import session_pb2

__all__ = [
    "ARCHIVE_SECONDS",
    "CLAIM_MS",
    "MAX_RETRY_SECONDS",
    "Archiver",
    "open_archive",
    "unreachable",
]

log = logging.getLogger("arbitre.services.session")

#: How often a replica's archiver looks for finished games to archive.
ARCHIVE_SECONDS = 1.0
#: How long a replica's claim on a game it archives lasts (a record of thousands of players
#: takes a second or two to build).
CLAIM_MS = 60_000
#: The longest wait between two passes while the database fails, and before a game that failed
#: on its own is tried again.
MAX_RETRY_SECONDS = 60.0
#: Queued games read per pass (the oldest).
BATCH = 100

# KEYS: the claim. ARGV: its token. Let the claim go if it is still ours.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def unreachable(error: BaseException) -> bool:
    """Whether ``error`` says that the database cannot be used now (down, unreachable, its
    connections exhausted, locked), rather than that something is wrong with one game."""
    if isinstance(error, OperationalError | InterfaceError | PoolTimeoutError):
        return True
    return isinstance(error, DBAPIError) and error.connection_invalidated


def open_archive(url: str) -> ArchiveStore:
    """The archive at ``url``, its schema brought up to date (:mod:`arbitre.services.archive.
    migrate`); when the database cannot be reached, the archive all the same, with a warning:
    the archiver migrates it when it answers, and the finished games wait in Redis meanwhile.
    Raises :class:`ValueError` for a URL that names no database SQLAlchemy can use, and
    :class:`RuntimeError` (:class:`~arbitre.services.archive.migrate.SchemaError` among them)
    for a schema it cannot upgrade."""
    try:
        archive = ArchiveStore.open(url)
    except ArgumentError as error:
        raise ValueError(f"the archive's database URL cannot be used: {error}") from None
    try:
        before, head = archive.upgrade()
    except SQLAlchemyError as error:
        if not unreachable(error):
            raise RuntimeError(
                f"the archive's database {archive.url} cannot be migrated: {_first_line(error)}"
            ) from error
        log.warning(
            "archive: the database %s cannot be reached (%s): finished games wait in Redis "
            "until it answers",
            archive.url,
            _first_line(error),
        )
        return archive
    if before != head:
        log.info("archive: %s migrated from %s to %s", archive.url, before or "empty", head)
    return archive


def _first_line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


class Archiver:
    """A replica's archiver of the finished games of ``service`` (its Redis) into ``archive``:
    a pass every ``interval`` seconds (:meth:`archive_due`), in a thread of its own from
    :meth:`start` to :meth:`stop`; each game claimed for ``claim_ms``."""

    def __init__(
        self,
        service: SessionService,
        archive: ArchiveStore,
        interval: float = ARCHIVE_SECONDS,
        claim_ms: int = CLAIM_MS,
    ) -> None:
        self.service = service
        self.archive = archive
        self.interval = interval
        self.claim_ms = claim_ms
        self._redis: Any = service.store.redis
        self._release = self._redis.register_script(_RELEASE)
        #: Game id -> (monotonic time of its next try, the wait after that), for the games that
        #: failed on their own.
        self._retries: dict[str, tuple[float, float]] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="session-archiver", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=10)

    def _run(self) -> None:
        wait = self.interval
        while not self._stop.wait(wait):
            try:
                self.archive_due()
            except SQLAlchemyError as error:
                wait = min(MAX_RETRY_SECONDS, max(self.interval, wait * 2))
                log.warning(
                    "archive: the database %s failed (%s): finished games stay queued, next "
                    "try in %.0f s",
                    self.archive.url,
                    _first_line(error),
                    wait,
                )
                continue
            except redis_module.RedisError as error:
                log.warning("archive: Redis unreachable: %s", error)
            except SchemaError as error:
                wait = MAX_RETRY_SECONDS
                log.error("archive: %s", error)
                continue
            wait = self.interval

    def archive_due(self) -> int:
        """One pass: archive the queued games (the oldest :data:`BATCH`) that no other replica
        holds and that are not waiting to be tried again; how many left the queue. Raises the
        database's error (SQLAlchemy's) when it cannot be used, and Redis's: the games not
        archived yet stay queued."""
        if not self.archive.migrated:  # the database did not answer at the start
            self.archive.upgrade()
        now = time.monotonic()
        settled = 0
        for game_id, finished in self._redis.zrange(ARCHIVE_QUEUE, 0, BATCH - 1, withscores=True):
            retry = self._retries.get(game_id)
            if retry is not None and retry[0] > now:
                continue
            try:
                done = self.archive_game(game_id, int(finished))
            except (redis_module.RedisError, SQLAlchemyError) as error:
                if isinstance(error, redis_module.RedisError) or unreachable(error):
                    raise
                self._retry_later(game_id, error)
                continue
            except Exception as error:
                self._retry_later(game_id, error)
                continue
            self._retries.pop(game_id, None)
            settled += done
        return settled

    def _retry_later(self, game_id: str, error: BaseException) -> None:
        """Note that ``game_id`` failed on its own: try it again later, each time later."""
        wait = min(MAX_RETRY_SECONDS, max(self.interval, self._retries.get(game_id, (0, 0))[1] * 2))
        self._retries[game_id] = (time.monotonic() + wait, wait)
        log.warning(
            "archive: game %s not archived (%s): next try in %.0f s",
            game_id,
            _first_line(error),
            wait,
            exc_info=not isinstance(error, SQLAlchemyError),
        )

    def archive_game(self, game_id: str, finished_ms: int) -> bool:
        """Archive the finished game ``game_id`` (ended at ``finished_ms``) unless another
        replica holds it: whether it left the queue (archived here or before, or lost)."""
        claim = GameKeys(game_id).archiving
        token = secrets.token_hex(8)
        if not self._redis.set(claim, token, nx=True, px=self.claim_ms):
            return False
        try:
            finished = self.finished(game_id, finished_ms)
            if finished is None:
                if self.archive.get(game_id) is None:
                    log.error(
                        "archive: game %s expired from Redis before it was archived: its "
                        "record is lost",
                        game_id,
                    )
                self._redis.zrem(ARCHIVE_QUEUE, game_id)
                return True
            wrote = self.archive.add(finished, self.service.store.now_ms())
            self._redis.zrem(ARCHIVE_QUEUE, game_id)  # only once its row is committed
        finally:
            self._release(keys=[claim], args=[token])
        if wrote:
            log.info("game %s: archived", game_id)
        else:
            log.info("game %s: archived already (by another replica)", game_id)
        return True

    def finished(self, game_id: str, finished_ms: int) -> FinishedGame | None:
        """What the archive keeps of the finished game ``game_id``, read from Redis as
        ``GetRecord`` and ``GetStandings`` give it; ``None`` when Redis no longer has it."""
        service = self.service
        game = service.store.game(game_id)
        if "kind" not in game:
            return None
        try:
            record = service._kind_record(game_id, game)
            standings = service._kind_standings(game_id, game, session_pb2.GetStandingsRequest())
        except _RefusedError as refused:
            if refused.code == grpc.StatusCode.NOT_FOUND:
                return None
            raise
        return finished_game(
            game_id,
            game,
            record,
            standings,
            service.store.roster(game_id),
            service.store.robots(game_id),
            finished_ms,
        )
