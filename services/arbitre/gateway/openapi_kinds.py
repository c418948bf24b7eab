"""What the OpenAPI document says of the game kinds' data, made from their typed messages.

A kind's configuration, action, result, view, standings figures, record and events are its
``.proto``'s messages (``protos/arbitre/v1/duel.proto``), in the ``oneof`` parts of the session's
common messages (:data:`arbitre.api.kind_parts.PARTED_MESSAGES`); the gateway reads and writes
them with :mod:`arbitre.api.proto_data`, and their schemas come from the same messages
(:mod:`arbitre.api.proto_schema`), descriptions from the ``.proto`` comments: the contract of a
kind's data is stated once. The session's own events (``GameEvent.session``) are documented the
same way. Nothing here names a kind: a new kind's messages appear as soon as its ``.proto`` has
its fields in the common messages.
"""

from __future__ import annotations

from typing import Any

from google.protobuf.descriptor import Descriptor

from arbitre.api.kind_parts import OPTIONAL_PARTED_MESSAGES, PARTED_MESSAGES, SESSION_EVENTS
from arbitre.api.proto_schema import components, description_of, reference
from arbitre.v1 import session_pb2

__all__ = ["event_types", "kind_components", "kind_parts", "parted_kinds"]

#: The payload of a ``state`` event: not a kind's part.
_STATE = "state"


#: Every common message with a ``oneof`` of kinds' parts, and that oneof's name.
_PARTED = {**PARTED_MESSAGES, **OPTIONAL_PARTED_MESSAGES}


def _oneof_messages(message: str) -> dict[str, Descriptor]:
    """The messages of a common message's ``oneof`` of kinds' parts, by field name."""
    descriptor = getattr(session_pb2, message).DESCRIPTOR
    oneof = descriptor.oneofs_by_name[_PARTED[message]]
    return {
        field.name: field.message_type for field in oneof.fields if field.message_type is not None
    }


def parted_kinds() -> list[str]:
    """The kinds whose data the common messages carry typed (those on the session's seam)."""
    return [name for name in _oneof_messages("GameState") if name != _STATE]


def kind_parts(message: str) -> list[dict[str, Any]]:
    """References to the schemas of every kind's part of the common ``message``
    (``"GameState"``: each kind's view), in field order."""
    return [
        reference(part)
        for name, part in _oneof_messages(message).items()
        if name not in (_STATE, SESSION_EVENTS)
    ]


def _event_families() -> dict[str, Descriptor]:
    """The messages whose fields are event types: the session's and each kind's."""
    return {name: family for name, family in _oneof_messages("GameEvent").items() if name != _STATE}


def event_types() -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """Every typed event, by type: for each family that has it (the session, a kind), the
    description and the schema of its data."""
    found: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for event_type, message in _events():
        found.setdefault(event_type, []).append((description_of(message), reference(message)))
    return found


def _events() -> list[tuple[str, Descriptor]]:
    """Every typed event's type and message, family by family."""
    return [
        (field.name, field.message_type)
        for family in _event_families().values()
        for field in family.fields
        if field.message_type is not None
    ]


def kind_components() -> dict[str, Any]:
    """The component schemas of every message of the kinds' parts and of the typed events."""
    roots: list[Descriptor] = []
    for message in _PARTED:
        roots += [
            part
            for name, part in _oneof_messages(message).items()
            if name not in (_STATE, SESSION_EVENTS) and message != "GameEvent"
        ]
    roots += [message for _, message in _events()]
    return components(roots)
