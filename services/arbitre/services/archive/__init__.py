"""The archive of finished games: a SQL database (SQLAlchemy 2, Alembic migrations) where a game
goes once it is over, so that its record and standings outlive its keys in Redis.

Redis stays the home of live games; a game's step that ends it also queues its id
(:data:`~arbitre.services.game_keys.ARCHIVE_QUEUE`, in the step's transaction), and every
session replica's archiver (:mod:`arbitre.services.session.archiver`) takes the queued games,
reads their record and standings as ``GetRecord`` and ``GetStandings`` give them, and inserts
one row per game (:mod:`~arbitre.services.archive.store`). The game id is the row's primary key
and the insert does nothing when the row exists, so a game is archived once whatever replicas
race; its id leaves the queue only after the row is committed, so a replica that dies
mid-archive leaves it for the next pass, and a database that is down only delays it.

One concept a module: :mod:`~arbitre.services.archive.location` (which database: ``DATABASE_URL``
or a SQLite file in the data directory; no SQLAlchemy imported),
:mod:`~arbitre.services.archive.models` (the tables), :mod:`~arbitre.services.archive.migrate`
(Alembic, run programmatically on the migrations shipped in ``migrations/``),
:mod:`~arbitre.services.archive.store` (open, archive once, read back),
:mod:`~arbitre.services.archive.environments` (a game kind's options saved under a name, with an
optional password: the same database, served by the session) and
:mod:`~arbitre.services.archive.messages` (a finished game from and to the session's messages).
"""

from __future__ import annotations

from arbitre.services.archive.location import (
    DATABASE_URL_VARIABLE,
    SQLITE_FILE,
    database_url,
    database_url_from_environment,
)

__all__ = [
    "DATABASE_URL_VARIABLE",
    "SQLITE_FILE",
    "database_url",
    "database_url_from_environment",
]
