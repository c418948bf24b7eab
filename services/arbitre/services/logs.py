"""Logging of the services and the gateway: one line per record, on stderr.

``ARBITRE_LOG_FORMAT=json`` gives structured logs, one JSON object per line (``time`` in UTC ISO
8601, ``level``, ``logger``, ``message``, and ``exception`` with the traceback when there is one),
as log collectors of a cluster read them; otherwise a readable text line. ``ARBITRE_LOG_LEVEL``
sets the level (default ``INFO``). ``ARBITRE_ACCESS_LOG=1`` asks the gateway for one line per
HTTP request (:func:`access_log_enabled`; off by default).

The handler writes to whatever ``sys.stderr`` is when a record is emitted, never to a stream
saved at configuration: a caller that swaps stderr for a while (pytest's ``capsys``, which then
closes its stream) leaves no handler pointing at a closed file.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import TextIO

__all__ = [
    "ACCESS_LOG_VARIABLE",
    "JsonFormatter",
    "StderrHandler",
    "access_log_enabled",
    "configure_logging",
]

TEXT_FORMAT = "%(asctime)s %(name)s %(levelname)s %(message)s"
#: The environment variable that turns on the gateway's access log (``1``, ``true``, ``yes``).
ACCESS_LOG_VARIABLE = "ARBITRE_ACCESS_LOG"


class JsonFormatter(logging.Formatter):
    """A record as one JSON object."""

    def format(self, record: logging.LogRecord) -> str:
        data = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            data["exception"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False)


class StderrHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """A stream handler on the current ``sys.stderr``, looked up at each record."""

    def __init__(self) -> None:
        logging.Handler.__init__(self)

    @property
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, _stream: TextIO) -> None:
        """Ignored: the stream is always the current ``sys.stderr``."""


def configure_logging(environ: Mapping[str, str] = os.environ) -> None:
    """Log to stderr as the environment says (see the module docstring)."""
    handler = StderrHandler()
    if environ.get("ARBITRE_LOG_FORMAT", "").lower() == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter(TEXT_FORMAT))
    level = environ.get("ARBITRE_LOG_LEVEL", "INFO").upper()
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level if level in logging.getLevelNamesMapping() else "INFO")


def access_log_enabled(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether ``ARBITRE_ACCESS_LOG`` asks for a line per HTTP request."""
    return environ.get(ACCESS_LOG_VARIABLE, "").strip().lower() in {"1", "true", "yes", "on"}
