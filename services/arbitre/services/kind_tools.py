"""The tools a game kind is played with on the session service: the engine's own
(:func:`arbitre.engine.kind_tools.tools_for`: the duel's word lists, dupliKta's lexicon, loaded
in this process: a word is judged without a call), or, for a kind whose rules
ask other services, tools made over the session's peers (duplicate's referee: tops from the
movegen service, verdicts from the scoring service).

:class:`SessionTools` finds a kind's maker by its name, so that the session never asks which
kind it serves, and keeps the tools of each configuration it has seen (a referee is made once
per configuration and process, whatever the number of games).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from arbitre.engine.kind_tools import Words, tools_for
from arbitre.rules.kinds.base import InvalidConfigError
from arbitre.rules.kinds.duplicate.config import DuplicateConfig
from arbitre.services.remote_referee import (
    PEER_TIMEOUT,
    RemoteConfigError,
    RemoteReferee,
    position_settings,
)
from arbitre.v1 import dictionary_pb2

if TYPE_CHECKING:
    from arbitre.services.session.peers import Peers

__all__ = ["CONFIGURATIONS_KEPT", "SessionTools"]

#: Configurations whose tools a process keeps (most recently used first).
CONFIGURATIONS_KEPT = 64


def _duplicate_tools(config: DuplicateConfig, peers: Peers) -> RemoteReferee:
    """A referee over ``peers`` for ``config``: refused (``bad_config``) for a lexicon the
    dictionary service does not offer, or rules the services cannot name (a custom tile set or
    board, bonuses of one's own)."""
    rules = config.game
    offered = peers.dictionary.ListLexicons(
        dictionary_pb2.ListLexiconsRequest(), timeout=PEER_TIMEOUT
    ).lexicons
    hashes = {info.id: info.hash for info in offered}
    if rules.lexicon not in hashes:
        raise InvalidConfigError(
            f"lexicon: unknown lexicon {rules.lexicon[:40]!r}; "
            f"on offer: {', '.join(sorted(hashes))}"
        )
    try:
        settings = position_settings(rules, rules.lexicon)
    except RemoteConfigError as error:
        raise InvalidConfigError(str(error)) from None
    referee = RemoteReferee(settings, rules, peers.movegen, peers.scoring)
    referee.lexicon_hash = hashes[rules.lexicon]
    return referee


def _duplicate_fingerprint(referee: RemoteReferee) -> str | None:
    """The content hash of the lexicon ``referee`` judges with, as the dictionary service
    listed it when the referee was made."""
    return referee.lexicon_hash or None


def _lexicon_fingerprint(words: Words) -> str:
    """The content hash of the lexicon dupliKta's ``words`` judge with."""
    return words.lexicon.info.hash


#: The kinds whose tools are made over the session's peers, by kind name.
_OVER_PEERS: dict[str, Callable[[Any, Peers], Any]] = {"duplicate": _duplicate_tools}
#: The kinds whose tools play a content the session can name by its hash, by kind name.
_FINGERPRINTS: dict[str, Callable[[Any], str | None]] = {
    "duplicate": _duplicate_fingerprint,
    "duplikta": _lexicon_fingerprint,
}


class SessionTools:
    """The tools of every game a session service plays, over the peers ``peers()`` gives (asked
    when a kind's tools are first made: a service learns its peers after it is built)."""

    def __init__(self, peers: Callable[[], Peers]) -> None:
        self.peers = peers
        self._kept: OrderedDict[tuple[str, str], Any] = OrderedDict()
        self._lock = threading.Lock()

    def tools(self, kind_name: str, config: Any, config_key: str) -> Any:
        """The tools of a game of ``kind_name`` configured as ``config`` (``config_key``: its
        stored text, by which they are kept); an
        :class:`~arbitre.rules.kinds.base.InvalidConfigError` for a configuration this server
        cannot play, the peer's ``grpc.RpcError`` when a peer asked is down."""
        key = (kind_name, config_key)
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        maker = _OVER_PEERS.get(kind_name)
        made = tools_for(kind_name, config) if maker is None else maker(config, self.peers())
        with self._lock:
            self._kept[key] = made
            while len(self._kept) > CONFIGURATIONS_KEPT:
                self._kept.popitem(last=False)
        return made

    @staticmethod
    def fingerprint(kind_name: str, tools: Any) -> str | None:
        """The content hash of what ``tools`` (:meth:`tools`' for a ``kind_name`` game) play
        (duplicate: its lexicon's, as the dictionary service listed it; dupliKta: its
        lexicon's), to compare with the one a pre-drawn package was made over and to name in a
        record; ``None`` for a kind whose tools have none."""
        maker = _FINGERPRINTS.get(kind_name)
        return None if maker is None else maker(tools)
