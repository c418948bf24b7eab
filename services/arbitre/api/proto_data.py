"""A game kind's JSON-ready data as its typed protobuf message, and back, losslessly.

The kinds speak JSON-ready data (:mod:`arbitre.rules.kinds.base`); the session's gRPC messages
carry each kind's data typed (``protos/arbitre/v1/duel.proto``), so that a gRPC client reads
fields, never JSON strings; the gateway serves the same data as JSON. Both sides convert with
this module, by the rules the ``.proto`` files follow:

* a message is a JSON object whose keys are its fields' names. A key the message has no field
  for is an error (:class:`ProtoDataError`), as is a value of the wrong type: a kind that adds
  to its data without adding to its messages fails at once, it never loses data silently;
* a field with presence (an ``optional`` scalar, a message) unset is ``null``; :func:`to_data`
  writes every field (with ``nulls=False``, it leaves the unset ones out: a request's settings
  that take their defaults);
* a repeated field is a list, a ``map<string, V>`` an object;
* a message with the option ``(arbitre.v1.positional)`` is a JSON array of its fields in
  order (``["ana", "CRANE", 1000]``);
* a *box*, a message whose one field is named ``value`` (an ``optional`` scalar, a repeated
  field or a map), is that value, and ``null`` unset: a list whose items may be null is a
  repeated box of a scalar; a setting that is a list or an object and may be left unset (to
  take its default) is a box of a repeated field or a map;
* a field of a ``oneof`` is written only when it is the one set; a box of an ``optional``
  scalar alone in a ``oneof`` is a key that may be left out or ``null`` (dupliKta's confirm,
  ``"confirm": null`` to pass, beside actions without the key): ``null`` sets the box empty.

``to_data(fill(Message(), data)) == data`` for every ``data`` that follows these rules: the
kinds' tests check it on their views, events, results, standings and records.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from arbitre.v1 import options_pb2

__all__ = [
    "FieldShape",
    "MessageShape",
    "ProtoDataError",
    "fill",
    "integer_bounds",
    "shape",
    "to_data",
]

M = TypeVar("M", bound=Message)

_INTEGERS = frozenset(
    {
        FieldDescriptor.TYPE_INT32,
        FieldDescriptor.TYPE_INT64,
        FieldDescriptor.TYPE_UINT32,
        FieldDescriptor.TYPE_UINT64,
        FieldDescriptor.TYPE_SINT32,
        FieldDescriptor.TYPE_SINT64,
        FieldDescriptor.TYPE_FIXED32,
        FieldDescriptor.TYPE_FIXED64,
        FieldDescriptor.TYPE_SFIXED32,
        FieldDescriptor.TYPE_SFIXED64,
    }
)
_NUMBERS = frozenset({FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT})


class ProtoDataError(ValueError):
    """Data that does not fit its message: an unknown key, a value of the wrong type or out of
    its field's range. The message names where (``config.rounds: ...``)."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}" if path else problem)
        self.path = path
        self.problem = problem


@dataclass(frozen=True, slots=True)
class FieldShape:
    """How one field reads and writes."""

    name: str
    descriptor: FieldDescriptor
    repeated: bool
    is_map: bool
    entry: tuple[FieldDescriptor, FieldDescriptor] | None  # a map's key and value fields
    message: Descriptor | None  # the field's (or the map value's) message type
    presence: bool  # singular with presence: unset is null
    in_oneof: bool  # a member of a real oneof: written only when set


@dataclass(frozen=True, slots=True)
class MessageShape:
    """How one message type reads and writes."""

    fields: tuple[FieldShape, ...]
    by_name: Mapping[str, FieldShape]
    positional: bool
    box: bool


@cache
def shape(descriptor: Descriptor) -> MessageShape:
    """How the messages of type ``descriptor`` read and write (computed once per type)."""
    fields = []
    for field in descriptor.fields:
        repeated = field.is_repeated
        entry = field.message_type
        entry_fields = None
        if repeated and entry is not None and entry.GetOptions().map_entry:
            entry_fields = (entry.fields_by_name["key"], entry.fields_by_name["value"])
            message = entry_fields[1].message_type
        else:
            message = entry
        oneof = field.containing_oneof
        real_oneof = oneof is not None and not (
            len(oneof.fields) == 1 and field.has_presence and oneof.name == f"_{field.name}"
        )
        fields.append(
            FieldShape(
                name=field.name,
                descriptor=field,
                repeated=repeated,
                is_map=entry_fields is not None,
                entry=entry_fields,
                message=message,
                presence=not repeated and field.has_presence,
                in_oneof=real_oneof,
            )
        )
    extension: Any = options_pb2.positional
    positional = bool(descriptor.GetOptions().Extensions[extension])
    box = (
        len(fields) == 1
        and fields[0].name == "value"
        and (fields[0].presence or fields[0].repeated)
    )
    return MessageShape(
        fields=tuple(fields),
        by_name={f.name: f for f in fields},
        positional=positional,
        box=box,
    )


# -- data -> message ---------------------------------------------------------------------------


def fill(message: M, data: Any, path: str = "") -> M:
    """``message`` with ``data`` (its JSON-ready form) written into it, then returned; a
    :class:`ProtoDataError` naming where when ``data`` does not fit (``message`` may then hold a
    part of it: use a new one)."""
    layout = shape(message.DESCRIPTOR)
    message.SetInParent()
    if layout.box:
        _set(message, layout.fields[0], data, path)
        return message
    if layout.positional:
        if not isinstance(data, list | tuple):
            raise ProtoDataError(path, f"expected a list of {len(layout.fields)} values")
        if len(data) != len(layout.fields):
            raise ProtoDataError(path, f"expected {len(layout.fields)} values, got {len(data)}")
        for field, value in zip(layout.fields, data, strict=True):
            _set(message, field, value, f"{path}[{field.name}]")
        return message
    if not isinstance(data, Mapping):
        raise ProtoDataError(path, "expected an object")
    for key, value in data.items():
        named = layout.by_name.get(key) if isinstance(key, str) else None
        where = f"{path}.{key}" if path else str(key)
        if named is None:
            raise ProtoDataError(where, "unknown field")
        _set(message, named, value, where)
    return message


def _set(message: Message, field: FieldShape, value: Any, path: str) -> None:
    if field.entry is not None:
        if not isinstance(value, Mapping):
            raise ProtoDataError(path, "expected an object")
        target = getattr(message, field.name)
        key_field, value_field = field.entry
        for key, item in value.items():
            _check_scalar(key_field, key, f"{path}.{key}")
            if field.message is not None:
                fill(target[key], item, f"{path}.{key}")
            else:
                _check_scalar(value_field, item, f"{path}.{key}")
                target[key] = item
        return
    if field.repeated:
        if not isinstance(value, list | tuple):
            raise ProtoDataError(path, "expected a list")
        target = getattr(message, field.name)
        if field.message is not None:
            for index, item in enumerate(value):
                fill(target.add(), item, f"{path}[{index}]")
        else:
            for index, item in enumerate(value):
                _check_scalar(field.descriptor, item, f"{path}[{index}]")
            target.extend(value)
        return
    if value is None:
        if field.in_oneof and _nullable_box(field.message):
            getattr(message, field.name).SetInParent()  # the key is there, and null
            return
        if not field.presence:
            raise ProtoDataError(path, "may not be null")
        return
    if field.message is not None:
        fill(getattr(message, field.name), value, path)
        return
    _check_scalar(field.descriptor, value, path)
    try:
        setattr(message, field.name, value)
    except (ValueError, TypeError) as error:  # out of the field's range
        raise ProtoDataError(path, str(error)) from None


def _nullable_box(descriptor: Descriptor | None) -> bool:
    """Whether ``descriptor`` is a box of an ``optional`` scalar (its empty box is ``null``)."""
    if descriptor is None:
        return False
    layout = shape(descriptor)
    return layout.box and layout.fields[0].presence


def _check_scalar(field: FieldDescriptor, value: Any, path: str) -> None:
    kind = field.type
    if kind == FieldDescriptor.TYPE_STRING:
        ok = isinstance(value, str)
        expected = "text"
    elif kind == FieldDescriptor.TYPE_BOOL:
        ok = isinstance(value, bool)
        expected = "true or false"
    elif kind in _INTEGERS:
        ok = isinstance(value, int) and not isinstance(value, bool)
        expected = "an integer"
        low, high = integer_bounds(kind) or (0, 0)
        if ok and not low <= value <= high:  # never echoed: it may have thousands of digits
            raise ProtoDataError(path, f"out of range: an integer from {low} to {high}")
    elif kind in _NUMBERS:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        expected = "a number"
    else:  # bytes and enums: no kind's data has them
        raise ProtoDataError(path, f"unsupported field type {kind}")
    if not ok:
        raise ProtoDataError(path, f"expected {expected}, got {type(value).__name__}")


def integer_bounds(kind: int) -> tuple[int, int] | None:
    """The smallest and largest values of an integer field type, or ``None`` for another
    type."""
    if kind in (
        FieldDescriptor.TYPE_INT32,
        FieldDescriptor.TYPE_SINT32,
        FieldDescriptor.TYPE_SFIXED32,
    ):
        return -(2**31), 2**31 - 1
    if kind in (FieldDescriptor.TYPE_UINT32, FieldDescriptor.TYPE_FIXED32):
        return 0, 2**32 - 1
    if kind in (FieldDescriptor.TYPE_UINT64, FieldDescriptor.TYPE_FIXED64):
        return 0, 2**64 - 1
    if kind in _INTEGERS:
        return -(2**63), 2**63 - 1
    return None


# -- message -> data ---------------------------------------------------------------------------


def to_data(message: Message, *, nulls: bool = True) -> Any:
    """``message`` as JSON-ready data (the inverse of :func:`fill`); with ``nulls=False`` the
    unset fields with presence are left out instead of written ``null``."""
    layout = shape(message.DESCRIPTOR)
    if layout.box:
        field = layout.fields[0]
        if field.repeated or message.HasField(field.name):
            return _get(message, field, nulls)
        return None
    if layout.positional:
        return [_get(message, field, nulls) for field in layout.fields]
    data: dict[str, Any] = {}
    for field in layout.fields:
        if (field.presence or field.in_oneof) and not message.HasField(field.name):
            if nulls and not field.in_oneof:
                data[field.name] = None
            continue
        data[field.name] = _get(message, field, nulls)
    return data


def _get(message: Message, field: FieldShape, nulls: bool) -> Any:
    value = getattr(message, field.name)
    if field.is_map:
        if field.message is not None:
            return {key: to_data(item, nulls=nulls) for key, item in value.items()}
        return dict(value)
    if field.repeated:
        if field.message is not None:
            return [to_data(item, nulls=nulls) for item in value]
        return list(value)
    if field.message is not None:
        return to_data(value, nulls=nulls)
    return value
