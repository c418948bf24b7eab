"""The typed parts a game kind puts in the session's common messages, and their JSON-ready data.

Each common message that carries a kind's data has a ``oneof`` whose fields are named after the
kinds (``protos/arbitre/v1/session.proto``): ``CreateGameRequest.kind_config``,
``GameState.view``, ``ActRequest.action``, ``ActResponse.result``, ``NamedStanding.details``,
``GameRecord.kind_record``, and ``GameEvent.payload``, where a kind's field is a message with one
field per event type (``DuelEvent.round_over``), beside the session's own events
(``GameEvent.session``, :data:`SESSION_EVENTS`). Adding a kind is adding its ``.proto`` and one
field to each of these: the code below finds a kind's field by its name and never asks which
kind it serves. The session fills the parts from the kind's data, the gateway reads them back to
the same data (:mod:`arbitre.api.proto_data`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from google.protobuf.descriptor import Descriptor
from google.protobuf.message import Message

from arbitre.api.proto_data import ProtoDataError, fill, shape, to_data

__all__ = [
    "OPTIONAL_PARTED_MESSAGES",
    "PARTED_MESSAGES",
    "SESSION_EVENTS",
    "ProtoDataError",
    "event_part",
    "has_part",
    "part",
    "put_event",
    "put_part",
    "put_part_changes",
]

#: The common messages' oneofs that carry a kind's part, by message name: every kind on the seam
#: has a field in each (a test checks it).
PARTED_MESSAGES: Mapping[str, str] = {
    "CreateGameRequest": "kind_config",
    "GameState": "view",
    "ActRequest": "action",
    "ActResponse": "result",
    "NamedStanding": "details",
    "GameRecord": "kind_record",
    "TurnResult": "kind_turn",
    "GameEvent": "payload",
}

#: The common messages' oneofs that carry the part of a kind that offers it only (a finished
#: game's review: the kinds whose engine reviews their games).
OPTIONAL_PARTED_MESSAGES: Mapping[str, str] = {
    "GameReview": "kind_review",
}

#: The field of ``GameEvent.payload`` for the session's own events (``created``,
#: ``game_started``, ``paused``, ``resumed``, ``parked``, ``package_opened``), every kind's.
SESSION_EVENTS = "session"


def has_part(message: Message, kind_name: str) -> bool:
    """Whether ``message``'s type has a typed part for the kind ``kind_name``."""
    return kind_name in _parted_fields(message.DESCRIPTOR)


def put_part(message: Message, kind_name: str, data: Any) -> None:
    """Write the kind ``kind_name``'s ``data`` into ``message``'s part for it, in place of what
    it held; a :class:`ProtoDataError` when the data does not fit (or the message has no part
    for the kind)."""
    if not has_part(message, kind_name):
        raise ProtoDataError(kind_name, f"{message.DESCRIPTOR.name} has no part for this kind")
    message.ClearField(kind_name)
    written = getattr(message, kind_name)
    written.SetInParent()  # set even when ``data`` is empty (every setting left to its default)
    fill(written, data)


def put_part_changes(
    message: Message, kind_name: str, data: Mapping[str, Any], base: Mapping[str, Any]
) -> None:
    """Make ``message``'s part for the kind ``kind_name``, which holds ``base`` (as
    :func:`put_part` wrote it), hold ``data`` instead, rewriting only the fields whose values
    differ: a player's view of a simultané of thousands is a spectator's but for a few fields
    (their answer, their line), and writing the whole of it into a message again costs
    milliseconds. A :class:`ProtoDataError` when the data does not fit."""
    if not has_part(message, kind_name):
        raise ProtoDataError(kind_name, f"{message.DESCRIPTOR.name} has no part for this kind")
    written = getattr(message, kind_name)
    written.SetInParent()
    for key in base.keys() - data.keys():
        written.ClearField(key)
    for key, value in data.items():
        if key in base and (base[key] is value or base[key] == value):
            continue
        if not isinstance(key, str) or key not in written.DESCRIPTOR.fields_by_name:
            raise ProtoDataError(str(key), "unknown field")
        old = base.get(key)
        field = shape(written.DESCRIPTOR).by_name[key]
        listed = field.repeated and field.message is not None and not field.is_map
        if listed and isinstance(old, list) and isinstance(value, list):
            _put_list_changes(getattr(written, key), value, old, key)
            continue
        written.ClearField(key)
        fill(written, {key: value})


def _put_list_changes(target: Any, value: list[Any], old: list[Any], path: str) -> None:
    """Make the repeated message field ``target``, which holds ``old``, hold ``value``: the
    items that differ written again, those added appended (a list that shrinks is written
    whole)."""
    if len(value) < len(old):
        del target[:]
        for index, item in enumerate(value):
            fill(target.add(), item, f"{path}[{index}]")
        return
    for index, item in enumerate(value):
        if index >= len(old):
            fill(target.add(), item, f"{path}[{index}]")
        elif not (old[index] is item or old[index] == item):
            target[index].Clear()
            fill(target[index], item, f"{path}[{index}]")


def part(message: Message, oneof: str, *, nulls: bool = True) -> tuple[str, Any] | None:
    """The kind's name and the data of ``message``'s part in the ``oneof``, or ``None`` when no
    part is set."""
    name = message.WhichOneof(oneof)
    if name is None:
        return None
    return name, to_data(getattr(message, name), nulls=nulls)


def put_event(event: Message, kind_name: str, event_type: str, data: Any) -> bool:
    """Write a kind's event of type ``event_type`` into a ``GameEvent``'s payload (the
    session's own with ``kind_name`` :data:`SESSION_EVENTS`); ``False`` (nothing written) when
    there is no typed event of that type, a :class:`ProtoDataError` when the data does not
    fit."""
    if not has_part(event, kind_name):
        return False
    events = getattr(event, kind_name)
    if event_type not in events.DESCRIPTOR.fields_by_name:
        return False
    fill(getattr(events, event_type), data, event_type)
    return True


def event_part(event: Message) -> tuple[str, Any] | None:
    """A ``GameEvent``'s typed event (the session's or its kind's) as its type and data, or
    ``None`` when it has none (a ``state``, a ping, duplicate's JSON)."""
    name = event.WhichOneof("payload")
    if name is None or name == "state":
        return None
    events = getattr(event, name)
    (oneof,) = events.DESCRIPTOR.oneofs
    event_type = events.WhichOneof(oneof.name)
    if event_type is None:
        return None
    return event_type, to_data(getattr(events, event_type))


@cache
def _parted_fields(descriptor: Descriptor) -> frozenset[str]:
    """The names of a message type's kinds' parts (the fields of its parted ``oneof``), found
    once per type: an action and every event of a stream ask."""
    return frozenset(
        field.name
        for oneof in descriptor.oneofs
        if oneof.name in (*PARTED_MESSAGES.values(), *OPTIONAL_PARTED_MESSAGES.values())
        for field in oneof.fields
    )
