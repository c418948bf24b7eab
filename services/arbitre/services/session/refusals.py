"""How a session call ends when it cannot be served: :func:`_refuse` ends it with a gRPC status
code and a message; :func:`_call` runs a call's work and turns refusals, peers' and Redis's
failures into the call's status (the codes listed in :mod:`arbitre.services.session`)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, NoReturn

import grpc
import redis as redis_module

from arbitre.services.positions import abort
from arbitre.services.session_store import GameBusyError, LostLockError

__all__ = ["ItemContext", "ItemRefusedError"]

log = logging.getLogger(__package__)


class _RefusedError(Exception):
    """A call to end with ``code`` and ``message``."""

    def __init__(self, code: Any, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _refuse(code: Any, message: str) -> NoReturn:
    raise _RefusedError(code, message)


class ItemRefusedError(Exception):
    """An item of a batch ended as a call would have, with ``code`` (a ``grpc.StatusCode``)
    and ``message``: what :class:`ItemContext` raises where a call's context aborts."""

    def __init__(self, code: Any, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class ItemContext:
    """The context :func:`_call` is given for one item of a batch: ending it raises
    :class:`ItemRefusedError` instead of ending the whole call."""

    def abort(self, code: Any, message: str) -> NoReturn:
        raise ItemRefusedError(code, message)


def _call(context: Any, action: Callable[[], Any]) -> Any:
    """Run ``action``, turning refusals and outages into the call's status."""
    try:
        return action()
    except _RefusedError as refused:
        abort(context, refused.code, refused.message)
    except grpc.RpcError as error:
        code = error.code() if hasattr(error, "code") else None
        if code in (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.NOT_FOUND):
            abort(context, code, error.details())
        log.warning("a peer service failed: %s", error)
        abort(context, grpc.StatusCode.UNAVAILABLE, "a service this game needs is down; retry")
    except redis_module.RedisError as error:
        log.warning("Redis failed: %s", error)
        abort(context, grpc.StatusCode.UNAVAILABLE, "the game store is unreachable; retry")
    except GameBusyError:
        abort(context, grpc.StatusCode.UNAVAILABLE, "the game is busy; retry")
    except LostLockError:
        abort(context, grpc.StatusCode.UNAVAILABLE, "the game changed meanwhile; retry")
    except Exception:
        log.exception("session call failed")
        abort(context, grpc.StatusCode.INTERNAL, "the session service failed; see its log")
