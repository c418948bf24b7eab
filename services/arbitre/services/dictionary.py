"""The dictionary service (``arbitre.v1.Dictionary``): the lexicons on offer, word checks and
word searches, over a :class:`LexiconRegistry`.

A caller names a lexicon by id only (``""`` is ``"fr"``); an id the registry does not offer is
``NOT_FOUND``, a bad request ``INVALID_ARGUMENT`` with a message saying what is wrong, and
anything unexpected ``INTERNAL`` with a generic message (the details go to the log).

Run it on its own with ``python -m arbitre.services.dictionary [--address HOST:PORT]``: the
address defaults to ``$ARBITRE_DICTIONARY_ADDRESS``, else ``127.0.0.1:50051``; the operator's
lexicons come from ``$ARBITRE_LEXICONS`` (see :mod:`arbitre.services.lexicons`). It says on
which port it listens and serves until SIGTERM or SIGINT (see
:func:`arbitre.services.positions.run_alone`).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TypeVar

import grpc

from arbitre.engine import search
from arbitre.engine.lexicon import Lexicon, LexiconError, LexiconInfo
from arbitre.engine.normalise import normalise_word
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.positions import run_alone
from arbitre.services.server import Registration
from arbitre.v1 import common_pb2, dictionary_pb2, dictionary_pb2_grpc

__all__ = [
    "DEFAULT_ADDRESS",
    "MAX_WORDS",
    "MAX_WORD_CHARS",
    "SERVICE_NAME",
    "DictionaryService",
    "add_to_server",
    "main",
    "registration",
]

log = logging.getLogger(__name__)

SERVICE_NAME = "arbitre.v1.Dictionary"
#: Where ``python -m arbitre.services.dictionary`` listens unless told.
DEFAULT_ADDRESS = "127.0.0.1:50051"
ADDRESS_VARIABLE = "ARBITRE_DICTIONARY_ADDRESS"
#: Most words one CheckWords call may ask about.
MAX_WORDS = 10_000
#: Longest word (in characters, as sent) CheckWords accepts.
MAX_WORD_CHARS = 64

_T = TypeVar("_T")


class _RefusalError(Exception):
    """A call answered with a status other than OK, and the message the caller reads."""

    def __init__(self, code: Any, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class DictionaryService(dictionary_pb2_grpc.DictionaryServicer):
    """The lexicons of ``registry``: list them, check words, search words."""

    def __init__(self, registry: LexiconRegistry) -> None:
        self._registry = registry

    def ListLexicons(  # noqa: N802 (the gRPC method names)
        self, request: dictionary_pb2.ListLexiconsRequest, context: grpc.ServicerContext
    ) -> dictionary_pb2.ListLexiconsResponse:
        return _answer(context, "ListLexicons", self._list_lexicons)

    def CheckWords(  # noqa: N802
        self, request: dictionary_pb2.CheckWordsRequest, context: grpc.ServicerContext
    ) -> dictionary_pb2.CheckWordsResponse:
        return _answer(context, "CheckWords", lambda: self._check_words(request))

    def Search(  # noqa: N802
        self, request: dictionary_pb2.SearchRequest, context: grpc.ServicerContext
    ) -> dictionary_pb2.SearchResponse:
        return _answer(context, "Search", lambda: self._search(request))

    def _list_lexicons(self) -> dictionary_pb2.ListLexiconsResponse:
        infos = []
        for lexicon_id in self._registry.ids:
            try:
                infos.append(_info(self._registry.get(lexicon_id).info))
            except LexiconError as error:  # an operator's list gone bad: leave it out
                log.warning("lexicon %r cannot be loaded: %s", lexicon_id, error)
        return dictionary_pb2.ListLexiconsResponse(lexicons=infos)

    def _check_words(
        self, request: dictionary_pb2.CheckWordsRequest
    ) -> dictionary_pb2.CheckWordsResponse:
        if len(request.words) > MAX_WORDS:
            raise _RefusalError(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"{len(request.words)} words: at most {MAX_WORDS} per call",
            )
        for index, word in enumerate(request.words):
            if len(word) > MAX_WORD_CHARS:
                raise _RefusalError(
                    grpc.StatusCode.INVALID_ARGUMENT,
                    f"word {index + 1}: {len(word)} characters, at most {MAX_WORD_CHARS}",
                )
        lexicon = self._lexicon(request.lexicon)
        results = []
        for word in request.words:
            normalised = normalise_word(word)
            valid = normalised is not None and normalised in lexicon
            results.append(
                dictionary_pb2.WordCheck(word=word, normalised=normalised or "", valid=valid)
            )
        return dictionary_pb2.CheckWordsResponse(lexicon=_info(lexicon.info), results=results)

    def _search(self, request: dictionary_pb2.SearchRequest) -> dictionary_pb2.SearchResponse:
        kind = request.WhichOneof("query")
        if kind is None:
            raise _RefusalError(
                grpc.StatusCode.INVALID_ARGUMENT, "no query: anagrams, pattern or plus_one"
            )
        if request.limit < 0:
            raise _RefusalError(
                grpc.StatusCode.INVALID_ARGUMENT, f"limit {request.limit}: must not be negative"
            )
        limit = min(request.limit or search.DEFAULT_LIMIT, search.MAX_LIMIT)
        lexicon = self._lexicon(request.lexicon)
        if kind == "anagrams":
            result = search.anagrams(lexicon, request.anagrams, limit)
        elif kind == "pattern":
            result = search.pattern(lexicon, request.pattern, limit)
        else:
            result = search.plus_one(lexicon, request.plus_one, limit)
        return dictionary_pb2.SearchResponse(words=result.words, truncated=result.truncated)

    def _lexicon(self, lexicon_id: str) -> Lexicon:
        """The lexicon ``lexicon_id`` (``""``: ``"fr"``); ``NOT_FOUND`` unless on offer."""
        key = lexicon_id or "fr"
        if key not in self._registry.ids:
            shown = key if len(key) <= 40 else key[:40] + "…"
            raise _RefusalError(
                grpc.StatusCode.NOT_FOUND,
                f"no lexicon {shown!r}; on offer: {', '.join(self._registry.ids)}",
            )
        try:
            return self._registry.get(key)
        except LexiconError as error:  # the operator's file: its path is not the caller's business
            log.error("lexicon %r cannot be loaded: %s", key, error)
            raise _RefusalError(
                grpc.StatusCode.INTERNAL, f"lexicon {key!r} cannot be loaded"
            ) from error


def _answer(context: grpc.ServicerContext, method: str, compute: Callable[[], _T]) -> _T:
    """The response ``compute`` makes, or the call aborted with the status its failure maps to."""
    try:
        return compute()
    except _RefusalError as refusal:
        _abort(context, refusal.code, refusal.message)
    except search.InvalidQueryError as error:
        _abort(context, grpc.StatusCode.INVALID_ARGUMENT, str(error))
    except Exception:
        log.exception("%s failed", method)
        _abort(context, grpc.StatusCode.INTERNAL, "internal error")


def _abort(context: grpc.ServicerContext, code: Any, message: str) -> NoReturn:
    context.abort(code, message)
    raise AssertionError("context.abort returned")  # it raises; this tells the type checker


def _info(info: LexiconInfo) -> common_pb2.LexiconInfo:
    return common_pb2.LexiconInfo(
        id=info.id, word_count=info.word_count, hash=info.hash, source=info.source
    )


def add_to_server(server: Any, service: DictionaryService) -> None:
    """Register ``service`` on the gRPC ``server``."""
    dictionary_pb2_grpc.add_DictionaryServicer_to_server(service, server)


def registration(registry: LexiconRegistry) -> Registration:
    """The dictionary service over ``registry``, for :func:`arbitre.services.server.start`."""
    service = DictionaryService(registry)
    return Registration(SERVICE_NAME, lambda server: add_to_server(server, service))


def main(argv: Sequence[str] | None = None) -> int:
    """Serve the dictionary until SIGTERM or SIGINT; returns the exit status (2: cannot start)."""
    return run_alone("dictionary", ADDRESS_VARIABLE, DEFAULT_ADDRESS, registration, argv)


if __name__ == "__main__":
    sys.exit(main())
