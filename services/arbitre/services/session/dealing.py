"""Packages the session deals itself, for a configuration that asks for one (a kind that is
:class:`~arbitre.rules.kinds.base.Dealing`: dupliKta's ``scenario`` by its number and level).

The kind reads the order from the configuration (:meth:`~arbitre.rules.kinds.base.Dealing.
deal_order`); the kind's robot deals it (:func:`arbitre.engine.robots.planner.dealer_for`);
:class:`PackageDealer` seals what it dealt as a package (signed with the operator's key when
the service has one), and the creation then reads and checks it as a package brought, through
the same path: its hash and signature, the lexicon it was made over, and a replay from its
seed (:meth:`~arbitre.services.session.seam.seating.Seating._kind_create`).

A deal is a pure function of its order, its rules, its seed and the content it is dealt over
(the tools' fingerprint: a lexicon's content hash), so it is dealt once: its package is kept in
Redis under a key made of all of them, for :data:`DEALT_TTL_SECONDS`, and every replica reads
it there. It is dealt in a thread of its own (one deal at a time per process: a deal is a
whole game played by the engine, a second or so, longer on a process's first use of a
lexicon); the same deal asked again meanwhile waits for the one under way. A creation waits
for it at most :data:`DEAL_WAIT_SECONDS`, well within the gateway's deadline of a call (10 s by
default): past that, :class:`DealPendingError`, which the session answers UNAVAILABLE
("dealing: ..., retry") and the gateway a 503 with ``Retry-After``; the deal goes on, and the
retry finds it kept.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from concurrent import futures
from typing import Any

from arbitre.engine.robots.planner import Dealer, dealer_for
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_package import seal, sign
from arbitre.rules.kinds.base import DealOrder, InvalidConfigError

__all__ = [
    "DEALT_TTL_SECONDS",
    "DEAL_WAIT_SECONDS",
    "DealPendingError",
    "PackageDealer",
    "dealt_key",
]

log = logging.getLogger("arbitre.services.session")

#: How long a creation waits for a deal before it asks its caller to retry.
DEAL_WAIT_SECONDS = 5.0
#: How long a package dealt is kept in Redis (dealt again after that, the same).
DEALT_TTL_SECONDS = 7 * 24 * 3600


class DealPendingError(ArbitreError):
    """The deal asked for is under way and was not done within the wait: retry shortly."""

    code = "dealing"


def dealt_key(kind_name: str, order: DealOrder, config_json: str, fingerprint: str | None) -> str:
    """The Redis key of the package ``order`` deals for a ``kind_name`` game of the rules
    ``config_json`` over the content ``fingerprint``: everything the deal depends on.

    >>> dealt_key("duplikta", DealOrder({"number": 1, "level": 6}, None, 7), "{}", "ab")[:7]
    'dealt:d'
    """
    made_of = json.dumps(
        [kind_name, dict(order.order), order.seed, config_json, fingerprint], sort_keys=True
    )
    return f"dealt:{kind_name}:{hashlib.sha256(made_of.encode()).hexdigest()}"


class PackageDealer:
    """The packages a session service deals (see the module), kept in ``redis`` (a redis-py
    client, ``decode_responses=True``) and signed with ``key`` when it is given."""

    def __init__(
        self, redis: Any, key: bytes | None, wait_seconds: float = DEAL_WAIT_SECONDS
    ) -> None:
        self.redis = redis
        self.key = key
        self.wait_seconds = wait_seconds
        self._pool = futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="deal")
        self._dealing: dict[str, futures.Future[str]] = {}
        self._lock = threading.Lock()

    def package_text(
        self,
        kind_name: str,
        order: DealOrder,
        config_json: str,
        tools: Any,
        fingerprint: str | None,
        record_format: str,
    ) -> str:
        """The package (JSON text) ``order`` deals for a ``kind_name`` game of the rules
        ``config_json`` with ``tools`` (whose content is ``fingerprint``), holding a record of
        ``record_format``: the one kept, or dealt now. :class:`DealPendingError` when the deal
        is not done within :attr:`wait_seconds` (it goes on); :class:`InvalidConfigError` for
        a kind whose robot deals nothing; the dealer's :class:`ArbitreError`."""
        dealer = dealer_for(kind_name)
        if dealer is None:
            raise InvalidConfigError(f"this server deals no {kind_name} package")
        key = dealt_key(kind_name, order, config_json, fingerprint)
        kept = self.redis.get(key)
        if kept is not None:
            return str(kept)
        with self._lock:
            future = self._dealing.get(key)
            if future is None:
                future = self._pool.submit(self._deal, key, dealer, order, tools, record_format)
                self._dealing[key] = future
                future.add_done_callback(lambda _done: self._forget(key))
        try:
            return future.result(timeout=self.wait_seconds)
        except futures.TimeoutError:
            raise DealPendingError(
                f"the {kind_name} package asked for is being dealt; retry in a few seconds"
            ) from None

    def shutdown(self) -> None:
        """Stop dealing: a deal under way ends, none waiting starts."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    def _forget(self, key: str) -> None:
        with self._lock:
            self._dealing.pop(key, None)

    def _deal(
        self, key: str, dealer: Dealer, order: DealOrder, tools: Any, record_format: str
    ) -> str:
        """Deal ``order``, seal (and sign) its package, keep it under ``key``: its text."""
        record = dealer(order, tools)
        package = seal({"title": "", "record": record})
        if self.key is not None:
            package = sign(package, self.key, record_format)
        text = json.dumps(package, ensure_ascii=False, separators=(",", ":"))
        self.redis.set(key, text, ex=DEALT_TTL_SECONDS)
        log.info("dealt %s (%s)", key, json.dumps(dict(order.order), sort_keys=True))
        return text
