"""The services the session calls (movegen for tops, scoring for verdicts and standings, the
dictionary for its lexicons), and where the environment says they are."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arbitre.services.internal_auth import Credentials, Identity, open_channel
from arbitre.services.server import CHANNEL_OPTIONS
from arbitre.v1 import dictionary_pb2_grpc, movegen_pb2_grpc, scoring_pb2_grpc

__all__ = ["Peers", "peers_from_environment"]


@dataclass(frozen=True, slots=True)
class Peers:
    """Stubs of the services the session calls."""

    movegen: Any
    scoring: Any
    dictionary: Any

    @classmethod
    def at(cls, movegen: str, scoring: str, dictionary: str, token: str | None = None) -> Peers:
        """Stubs over channels to the three addresses (one channel per distinct address), every
        call carrying ``token``, the session's credential (none: peers that run open)."""
        channels: dict[str, Any] = {}

        def channel(address: str) -> Any:
            if address not in channels:
                channels[address] = open_channel(address, token, CHANNEL_OPTIONS)
            return channels[address]

        return cls(
            movegen_pb2_grpc.MoveGeneratorStub(channel(movegen)),
            scoring_pb2_grpc.ScoringStub(channel(scoring)),
            dictionary_pb2_grpc.DictionaryStub(channel(dictionary)),
        )


def peers_from_environment(environ: Mapping[str, str] = os.environ) -> Peers:
    """Peers at ``ARBITRE_MOVEGEN_ADDRESS``, ``ARBITRE_SCORING_ADDRESS`` and
    ``ARBITRE_DICTIONARY_ADDRESS`` (each service's own default address otherwise), called with
    the session's credential from the environment (see :mod:`arbitre.services.internal_auth`)."""
    return Peers.at(
        environ.get("ARBITRE_MOVEGEN_ADDRESS") or "127.0.0.1:50052",
        environ.get("ARBITRE_SCORING_ADDRESS") or "127.0.0.1:50053",
        environ.get("ARBITRE_DICTIONARY_ADDRESS") or "127.0.0.1:50051",
        Credentials.from_environment(environ).token(Identity.SESSION),
    )
