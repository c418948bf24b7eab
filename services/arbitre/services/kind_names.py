"""The game kinds' names (:mod:`arbitre.rules.kinds`) and their ``GameKind`` values in the
protos, in one place for the services and the gateway.

>>> name_of_enum(enum_of_name("duel"))
'duel'
>>> name_of_enum(0)
'duplicate'
"""

from __future__ import annotations

from arbitre.v1 import common_pb2

__all__ = ["KIND_ENUMS", "enum_of_name", "name_of_enum"]

#: Kind name -> its ``GameKind`` value.
KIND_ENUMS: dict[str, common_pb2.GameKind] = {
    "duplicate": common_pb2.GAME_KIND_DUPLICATE,
    "duplikta": common_pb2.GAME_KIND_DUPLIKTA,
    "duel": common_pb2.GAME_KIND_WORD_DUEL,
    "indecix": common_pb2.GAME_KIND_INDECIX,
}
_NAMES: dict[int, str] = {int(value): name for name, value in KIND_ENUMS.items()}


def enum_of_name(name: str) -> common_pb2.GameKind:
    """The ``GameKind`` of the kind named ``name`` (a ``KeyError`` for an unknown name)."""
    return KIND_ENUMS[name]


def name_of_enum(value: int) -> str:
    """The name of the kind ``value`` stands for (unspecified: duplicate; a value no kind has:
    ``unknown``)."""
    if value == common_pb2.GAME_KIND_UNSPECIFIED:
        return "duplicate"
    return _NAMES.get(int(value), "unknown")
