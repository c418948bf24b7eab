"""Pre-drawn game packages: a duplicate game prepared in advance for a simultané, made tamper-
evident by a content hash and, when the operator has a key, an HMAC signature. (Such a package
is in clear; the encrypted one handed to centres is :mod:`arbitre.rules.sealed_package`. Here
:func:`seal` only adds the format and the content hash.)

A package holds the record of the game of the tops (:func:`arbitre.rules.game_record.
game_record` of a game with no players: configuration, seed, lexicon id and hash, every turn's
tirage, rejections, top and equal moves, the end) and a title. Its **content hash** is the
SHA-256 of the package's canonical JSON (keys sorted, no spaces, UTF-8) without the hash and
the signature; its **signature** is the HMAC-SHA256 of that hash with the operator's key.
:func:`check_package` refuses a package whose hash does not match its content, whose signature
does not match (when a key is given, a signature is required), or whose record is not a
duplicate game record; a server then replays the record with its own lexicon
(:func:`arbitre.rules.game_record.replay_record`) to know the turns are what its engine finds.

>>> package = seal({"title": "Simultané", "record": {"format": "arbitre.duplicate/1"}})
>>> check_package(package) is package
True
>>> signed = sign(package, b"operator key")
>>> check_package(signed, b"operator key") is signed
True
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping
from typing import Any

from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_record import RECORD_FORMAT, game_record

__all__ = [
    "PACKAGE_FORMAT",
    "PackageError",
    "canonical_json",
    "check_integrity",
    "check_package",
    "content_hash",
    "prepare_package",
    "seal",
    "sign",
    "signature",
]

PACKAGE_FORMAT = "arbitre.package/1"
#: Fields outside the hashed content.
_SEAL_FIELDS = ("content_hash", "signature")


class PackageError(ArbitreError):
    """A package that cannot be trusted: not a package, content changed, signature missing or
    wrong."""

    code = "bad_package"


def canonical_json(data: Any) -> bytes:
    """``data`` as canonical JSON: keys sorted, no spaces, UTF-8; :class:`PackageError` for
    what JSON cannot hold or UTF-8 cannot write (a lone surrogate ``"\\ud800"``, which JSON
    text may hold), or what nests too deep to write."""
    try:
        return json.dumps(
            data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        ).encode("utf-8")
    except (TypeError, ValueError, RecursionError) as error:
        raise PackageError(f"a package is JSON data: {str(error)[:200]}") from None


def content_hash(package: Mapping[str, Any]) -> str:
    """The SHA-256 (hex) of ``package``'s canonical JSON, its hash and signature left out."""
    content = {key: value for key, value in package.items() if key not in _SEAL_FIELDS}
    return hashlib.sha256(canonical_json(content)).hexdigest()


def seal(content: Mapping[str, Any]) -> dict[str, Any]:
    """``content`` (a title and a record) as a package: format and content hash added."""
    package = {key: value for key, value in content.items() if key not in _SEAL_FIELDS}
    package["format"] = PACKAGE_FORMAT
    package["content_hash"] = content_hash(package)
    return package


def signature(digest: str, key: bytes) -> str:
    """The HMAC-SHA256 (hex) of the content hash ``digest`` under the operator's ``key``."""
    return hmac.new(key, digest.encode("ascii"), hashlib.sha256).hexdigest()


def sign(
    package: Mapping[str, Any], key: bytes, record_format: str = RECORD_FORMAT
) -> dict[str, Any]:
    """``package`` (checked first, as :func:`check_package` does for ``record_format``) with the
    HMAC-SHA256 of its content hash under ``key``."""
    if not key:
        raise PackageError("a signing key cannot be empty")
    checked = check_package(package, None, record_format)
    return {**checked, "signature": signature(checked["content_hash"], key)}


def check_package(
    package: Any, key: bytes | None = None, record_format: str = RECORD_FORMAT
) -> Any:
    """``package`` itself when it is a package holding a record of ``record_format`` (a
    duplicate game record by default; a game kind's, such as an Indecix deal, when given) whose
    content hash matches and, with ``key``, whose signature matches; :class:`PackageError`
    saying what is wrong otherwise."""
    if not isinstance(package, Mapping) or package.get("format") != PACKAGE_FORMAT:
        raise PackageError(f"not a game package (format {PACKAGE_FORMAT!r})")
    record = package.get("record")
    if not isinstance(record, Mapping) or record.get("format") != record_format:
        what = "duplicate game record" if record_format == RECORD_FORMAT else "record"
        raise PackageError(f"the package holds no {what} ({record_format!r})")
    check_integrity(package, key)
    return package


def check_integrity(data: Mapping[str, Any], key: bytes | None, what: str = "package") -> None:
    """Raise :class:`PackageError` unless ``data``'s ``content_hash`` matches its content and,
    with ``key``, its ``signature`` matches that hash (``what`` names it in the messages)."""
    stated = data.get("content_hash")
    if not isinstance(stated, str) or not hmac.compare_digest(
        stated.encode("utf-8", "replace"), content_hash(data).encode("ascii")
    ):
        raise PackageError(f"the {what}'s content does not match its content hash")
    if key is not None:
        signed = data.get("signature")
        if not isinstance(signed, str):
            raise PackageError(f"the {what} is not signed")
        if not hmac.compare_digest(
            signed.encode("utf-8", "replace"), signature(stated, key).encode("ascii")
        ):
            raise PackageError(f"the {what}'s signature does not match this key")


def prepare_package(
    game: DuplicateGame, lexicon_id: str, lexicon_hash: str, title: str = ""
) -> dict[str, Any]:
    """The sealed package of ``game``, a game with no players played to its end by the tops
    (its referee's), over the lexicon ``lexicon_id`` whose content hash is ``lexicon_hash``."""
    if game.players:
        raise PackageError("a package is the game of the tops: prepare it without players")
    if not game.over:
        raise PackageError("play the game to its end before packaging it")
    return seal({"title": title, "record": game_record(game, lexicon_id, lexicon_hash)})
