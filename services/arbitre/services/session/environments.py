"""Saved environments, served by the session (``SaveEnvironment``, ``GetEnvironment``,
``ListEnvironments``, ``DeleteEnvironment``): a kind's game options under a name, kept in the
archive's database by :class:`~arbitre.services.archive.environments.EnvironmentStore`.

They live with the session because the session already holds the database (it opens and
migrates the archive at its start) and the kinds' rules that check the options: the gateway,
which talks to the services over gRPC only, needs no database of its own. A session without an
archive (no ``DATABASE_URL``) answers UNAVAILABLE. The store's refusals become the call's status
with their code first (``"wrong_password: ..."``), which the gateway keeps as the HTTP error's
code. Passwords are never logged, nor echoed in a message.
"""

from __future__ import annotations

import json
import logging
import time
from typing import TYPE_CHECKING, Any

import grpc

from arbitre.services.session.refusals import _refuse
from arbitre.v1 import session_pb2

if TYPE_CHECKING:
    from arbitre.services.archive.environments import Environment, EnvironmentStore
    from arbitre.services.archive.store import ArchiveStore

__all__ = ["Environments"]

log = logging.getLogger(__package__)

#: The status of each kind of refusal of the store.
_STATUS = {
    "BadEnvironmentError": grpc.StatusCode.INVALID_ARGUMENT,
    "WrongPasswordError": grpc.StatusCode.PERMISSION_DENIED,
    "EnvironmentNotFoundError": grpc.StatusCode.NOT_FOUND,
    "NameTakenError": grpc.StatusCode.FAILED_PRECONDITION,
}


def _message(environment: Environment) -> Any:
    return session_pb2.Environment(
        kind=environment.kind,
        name=environment.name,
        options_json=""
        if environment.options is None
        else json.dumps(environment.options, separators=(",", ":")),
        protected=environment.protected,
        created_ms=environment.created_ms,
        updated_ms=environment.updated_ms,
    )


class Environments:
    """The environment calls of the session servicer (a mixin: :attr:`archive` is the
    servicer's)."""

    archive: ArchiveStore | None
    _environment_store: EnvironmentStore | None = None

    def _environments(self, work: Any) -> Any:
        """``work(store)`` on the environments' store, its refusals and the database's
        failures turned into the call's status."""
        if self.archive is None:
            _refuse(
                grpc.StatusCode.UNAVAILABLE,
                "saved environments need the archive's database (DATABASE_URL), which this "
                "session service does not have",
            )
        from sqlalchemy.exc import SQLAlchemyError

        from arbitre.services.archive.environments import (
            EnvironmentRefusedError,
            EnvironmentStore,
        )

        store = self._environment_store
        if store is None or store.engine is not self.archive.engine:
            store = self._environment_store = EnvironmentStore(self.archive.engine)
        try:
            return work(store)
        except EnvironmentRefusedError as refused:
            _refuse(_STATUS[type(refused).__name__], f"{refused.code}: {refused.message}")
        except SQLAlchemyError as error:
            log.warning("the environments' database failed: %s", type(error).__name__)
            _refuse(grpc.StatusCode.UNAVAILABLE, "the database of environments is down; retry")

    def _save_environment(self, request: Any) -> Any:
        try:
            options = json.loads(request.options_json or "{}")
        except ValueError:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "bad_options: options_json is not JSON")
        now_ms = int(time.time() * 1000)
        return _message(
            self._environments(
                lambda store: store.save(
                    request.kind,
                    request.name,
                    options,
                    request.password or None,
                    now_ms,
                    overwrite=request.overwrite,
                )
            )
        )

    def _get_environment(self, request: Any) -> Any:
        return _message(
            self._environments(
                lambda store: store.load(request.kind, request.name, request.password or None)
            )
        )

    def _list_environments(self, request: Any) -> Any:
        found = self._environments(lambda store: store.names(request.kind))
        return session_pb2.EnvironmentList(environments=[_message(each) for each in found])

    def _delete_environment(self, request: Any) -> Any:
        return _message(
            self._environments(
                lambda store: store.delete(request.kind, request.name, request.password or None)
            )
        )
