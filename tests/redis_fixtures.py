"""Redis for the tests that need one: pytest fixtures to import where they are used,

    from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

* ``redis_url`` (one per test session) is the URL of the tests' Redis database:

  - ``REDIS_URL`` unset or empty: database 0 of one embedded server (no persistence) started for
    the whole session, its data directory and log under pytest's temporary directory;
  - ``REDIS_URL`` set: database 15 of that server (:data:`TEST_DATABASE`: the URL's database
    replaced), never the URL's own database, so that the tests never touch a user's database 0;
    pytest-xdist's workers (the suite runs on every core) each take their own, 15 for the first
    (``gw0``), 14 for the second, and so on down to 1 (:func:`worker_database`). Each must be
    empty when the session starts, unless ``ARBITRE_TEST_REDIS_FLUSH=1`` lets the tests flush
    what it holds: the session fails otherwise, and flushes it at its end. Two test sessions
    at once on the same ``REDIS_URL`` would flush each other's data.

* ``redis_db`` is a client (:func:`arbitre.services.redis_server.connect`, responses decoded to
  ``str``) on that database, flushed before the test: only ever the embedded server's database
  or database 15 of ``REDIS_URL``, claimed as above.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
import redis

from arbitre.services import redis_server
from arbitre.services.redis_server import EmbeddedRedis, connect

#: The database of a ``REDIS_URL`` server that the tests use.
TEST_DATABASE = 15

#: Set to 1 to let the tests flush database 15 of ``REDIS_URL`` when it is not empty.
FLUSH_VARIABLE = "ARBITRE_TEST_REDIS_FLUSH"


def database_url(url: str, database: int) -> str:
    """``url`` naming ``database`` instead of its own: in the path of a ``redis://`` or
    ``rediss://`` URL, in the query of a ``unix://`` one (a ``db`` query parameter, which
    redis-py would prefer to the path, is dropped)."""
    parts = urlsplit(url)
    query = [(key, value) for key, value in parse_qsl(parts.query) if key != "db"]
    path = parts.path
    if parts.scheme == "unix":
        query.append(("db", str(database)))
    else:
        path = f"/{database}"
    # Not urlunsplit: it would write unix:/path for unix:///path.
    return f"{parts.scheme}://{parts.netloc}{path}" + (f"?{urlencode(query)}" if query else "")


def worker_database() -> int:
    """The database of ``REDIS_URL`` this test process uses: :data:`TEST_DATABASE`, less the
    number of its pytest-xdist worker (``PYTEST_XDIST_WORKER``: ``gw0``, ``gw1``...)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    number = int(worker[2:]) if worker.startswith("gw") and worker[2:].isdigit() else 0
    if number >= TEST_DATABASE:
        pytest.fail(f"at most {TEST_DATABASE} test workers on one REDIS_URL", pytrace=False)
    return TEST_DATABASE - number


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of the tests' Redis database (see the module's docstring)."""
    if redis_server.redis_url() is None:
        data_dir = tmp_path_factory.mktemp("redis")
        with EmbeddedRedis(data_dir=data_dir, persistence=False) as server:
            yield server.url
        return
    with redis_server.redis_for() as given:  # fails at once if it does not answer
        database = worker_database()
        url = database_url(given, database)
    client = connect(url)
    try:
        keys = client.dbsize()
        if keys and os.environ.get(FLUSH_VARIABLE) != "1":
            pytest.fail(
                f"database {database} of {redis_server.REDIS_URL_VARIABLE} holds {keys} "
                f"keys, and the tests would flush it: empty it, or set {FLUSH_VARIABLE}=1 to let "
                f"them, or unset {redis_server.REDIS_URL_VARIABLE} to test on an embedded server",
                pytrace=False,
            )
        yield url
        client.flushdb()
    finally:
        client.close()


@pytest.fixture
def redis_db(redis_url: str) -> Iterator[redis.Redis]:
    """A client on the tests' Redis database, flushed before the test."""
    client = connect(redis_url)
    try:
        client.flushdb()
        yield client
    finally:
        client.close()
