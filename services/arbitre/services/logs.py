"""Logging of the services and the gateway: one line per record, on stderr.

``ARBITRE_LOG_FORMAT=json`` gives structured logs, one JSON object per line (``time`` in UTC ISO
8601, ``level``, ``logger``, ``message``, and ``exception`` with the traceback when there is one),
as log collectors of a cluster read them; otherwise a readable text line. ``ARBITRE_LOG_LEVEL``
sets the level (default ``INFO``).
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Mapping
from datetime import UTC, datetime

__all__ = ["JsonFormatter", "configure_logging"]

TEXT_FORMAT = "%(asctime)s %(name)s %(levelname)s %(message)s"


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


def configure_logging(environ: Mapping[str, str] = os.environ) -> None:
    """Log to stderr as the environment says (see the module docstring)."""
    handler = logging.StreamHandler(sys.stderr)
    if environ.get("ARBITRE_LOG_FORMAT", "").lower() == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter(TEXT_FORMAT))
    level = environ.get("ARBITRE_LOG_LEVEL", "INFO").upper()
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level if level in logging.getLevelNamesMapping() else "INFO")
