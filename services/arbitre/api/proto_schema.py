"""The JSON Schema of a typed message's JSON-ready data: what the gateway's OpenAPI document says
of a game kind's configuration, action, result, view, standings, events and record.

The data is :mod:`arbitre.api.proto_data`'s (the gateway serves and reads it by that module), so
the schema follows the same rules: an object of the message's fields, no other key, each
required but a field with presence, which may be ``null`` or left out (as in a request's
settings that take their defaults); a ``positional`` message an array of its fields in order; a box
its value or ``null``; a ``map<string, V>`` an object of ``V``. A message's schema is a component
named after the message (``DuelView``), which the others reference. The descriptions are the
``.proto`` files' comments (read from the descriptor set :mod:`arbitre.codegen` writes with the
generated code), so that the contract of a kind's data is stated once, in its ``.proto``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from google.protobuf import descriptor_pb2
from google.protobuf.descriptor import Descriptor, FieldDescriptor

import arbitre.v1
from arbitre.api.proto_data import FieldShape, integer_bounds, shape
from arbitre.codegen import DESCRIPTOR_SET

__all__ = ["SCHEMA_PREFIX", "components", "description_of", "reference"]

#: Where the OpenAPI document keeps its component schemas.
SCHEMA_PREFIX = "#/components/schemas/"
#: The descriptor set of ``protos/`` with its comments (``python -m arbitre.codegen`` writes it).
_DESCRIPTORS = Path(arbitre.v1.__file__).resolve().parent / DESCRIPTOR_SET

_MESSAGE = 4  # FileDescriptorProto.message_type
_FIELD = 2  # DescriptorProto.field


def reference(descriptor: Descriptor) -> dict[str, str]:
    """A reference to the component schema of ``descriptor``'s message."""
    return {"$ref": f"{SCHEMA_PREFIX}{descriptor.name}"}


def components(roots: Iterable[Descriptor]) -> dict[str, Any]:
    """The component schemas of the messages ``roots`` and of every message they hold, by
    message name."""
    found: dict[str, Any] = {}
    pending = list(roots)
    while pending:
        descriptor = pending.pop()
        if descriptor.name in found:
            continue
        found[descriptor.name] = _message_schema(descriptor)
        for field in shape(descriptor).fields:
            if field.message is None:
                continue
            if shape(field.message).box:
                boxed = shape(field.message).fields[0].message
                if boxed is not None:
                    pending.append(boxed)
            else:
                pending.append(field.message)
    return dict(sorted(found.items()))


def description_of(descriptor: Descriptor) -> str:
    """The comment of ``descriptor``'s message in its ``.proto`` ("" without one)."""
    return _comments().get(descriptor.full_name, "")


def _message_schema(descriptor: Descriptor) -> dict[str, Any]:
    layout = shape(descriptor)
    schema: dict[str, Any]
    if layout.positional:
        items = [_field_schema(field) for field in layout.fields]
        schema = {
            "type": "array",
            "prefixItems": items,
            "minItems": len(items),
            "maxItems": len(items),
        }
    else:
        schema = {
            "type": "object",
            "additionalProperties": False,
            "properties": {field.name: _field_schema(field) for field in layout.fields},
        }
        required = [f.name for f in layout.fields if not (f.in_oneof or f.presence)]
        if required:
            schema["required"] = required
    text = description_of(descriptor)
    if text:
        schema["description"] = text
    return schema


def _field_schema(field: FieldShape) -> dict[str, Any]:
    if field.entry is not None:
        schema: dict[str, Any] = {"type": "object", "additionalProperties": _value(field.entry[1])}
    elif field.repeated:
        schema = {"type": "array", "items": _element(field)}
    else:
        schema = _element(field)
        if field.presence:
            schema = {"anyOf": [schema, {"type": "null"}]}
    text = _comments().get(field.descriptor.full_name, "")
    if text:
        schema = {**schema, "description": text}
    return schema


def _element(field: FieldShape) -> dict[str, Any]:
    if field.message is None:
        return _scalar(field.descriptor)
    if shape(field.message).box:
        (value,) = shape(field.message).fields
        if value.entry is not None:
            boxed: dict[str, Any] = {
                "type": "object",
                "additionalProperties": _value(value.entry[1]),
            }
        elif value.repeated:
            boxed = {"type": "array", "items": _value(value.descriptor)}
        else:
            boxed = _value(value.descriptor)
        return {"anyOf": [boxed, {"type": "null"}]}
    return reference(field.message)


def _value(descriptor: FieldDescriptor) -> dict[str, Any]:
    if descriptor.message_type is not None:
        return reference(descriptor.message_type)
    return _scalar(descriptor)


def _scalar(descriptor: FieldDescriptor) -> dict[str, Any]:
    kind = descriptor.type
    if kind == FieldDescriptor.TYPE_STRING:
        return {"type": "string"}
    if kind == FieldDescriptor.TYPE_BOOL:
        return {"type": "boolean"}
    bounds = integer_bounds(kind)
    if bounds is not None:
        return {"type": "integer", "minimum": bounds[0], "maximum": bounds[1]}
    return {"type": "number"}


@cache
def _comments() -> dict[str, str]:
    """Every message's and field's comment, by full name, from the descriptor set."""
    files = descriptor_pb2.FileDescriptorSet.FromString(_DESCRIPTORS.read_bytes())
    found: dict[str, str] = {}
    for file in files.file:
        said = {
            tuple(location.path): " ".join(
                line.strip()
                for line in (location.leading_comments or location.trailing_comments).splitlines()
                if line.strip()
            )
            for location in file.source_code_info.location
        }
        prefix = f"{file.package}." if file.package else ""
        for m, message in enumerate(file.message_type):
            name = f"{prefix}{message.name}"
            if said.get((_MESSAGE, m)):
                found[name] = said[(_MESSAGE, m)]
            for f, field in enumerate(message.field):
                text = said.get((_MESSAGE, m, _FIELD, f))
                if text:
                    found[f"{name}.{field.name}"] = text
    return found
