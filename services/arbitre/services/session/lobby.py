"""The open tables that wait for players (creating, joining and seating robots are the seam's:
:mod:`arbitre.services.session.seam.seating`)."""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

import grpc

from arbitre.services import open_tables
from arbitre.services.session.limits import IDLE_TTL_MS
from arbitre.services.session.packages import Packages
from arbitre.services.session.reading import Reading
from arbitre.services.session.refusals import _refuse
from arbitre.v1 import session_pb2

__all__ = ["Lobby"]

log = logging.getLogger(__package__)


class Lobby(Packages, Reading):
    """The session service's part that lists the open tables."""

    def _list_tables(self, request: Any) -> Any:
        """The open tables created within a waiting game's lifetime, newest first."""
        if request.limit < 0:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "limit: 0 (the most) or more")
        now = self.store.now_ms()
        limit = request.limit or open_tables.MAX_LISTED_TABLES
        found = open_tables.listed(self.store.redis, now, IDLE_TTL_MS, limit)
        return session_pb2.TableList(
            tables=[session_pb2.OpenTable(**dataclasses.asdict(table)) for table in found],
            server_time_ms=now,
        )
