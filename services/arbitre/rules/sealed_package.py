"""Sealed game packages: a package (:mod:`arbitre.rules.game_package`) encrypted for the centres
and servers of a simultané, opened at the start with the release key the organiser gives then.

A sealed package is one JSON object. Its **public part** is what a centre or a server may know
before the start, and nothing of the game: ``format`` (:data:`SEALED_FORMAT`), ``title``,
``lexicon`` (``{"id", "hash"}``), ``config`` (the game's rules, as in a record), ``turns`` (how
many the game of the tops has), ``commitment``, ``cipher`` (:data:`CIPHER`) and ``nonce``. Then:

- ``ciphertext``: the package's canonical JSON, padded with spaces to a multiple of
  :data:`PADDING` bytes, encrypted with AES-256-GCM under a key derived (HKDF-SHA256) from the
  release key, with a random 96-bit ``nonce`` and the public part as associated data: a changed
  title, configuration or number of turns makes it fail to open, like a changed byte of it.
- ``commitment``: the HMAC-SHA256 of the package's content hash under a second key derived from
  the release key. Once the key is given, anyone checks that the package is the one committed
  to (:func:`open_sealed` does); before, it says nothing: a plain hash would let whoever guesses
  the seed confirm the guess offline.
- ``content_hash`` and, with the operator's key, ``signature``: over everything else, computed
  as for an open package (:func:`~arbitre.rules.game_package.check_integrity`), so a server
  refuses a sealed package its operator did not sign before anyone has the key.

The **release key** (:class:`ReleaseKey`) is 256 random bits, written ``RK1-`` and 56 letters
and digits in groups of four (base32 of the key and a 24-bit check of it), so that a mistyped
key is told apart from a wrong one.

The ciphertext's length still tells the package's size to :data:`PADDING` bytes, and ``turns``
tells whether the bag ran out: with a seed chosen at random (``arbitre package prepare`` without
``--seed``) neither narrows anything down; with a small chosen seed, whoever tries every seed
could compare.

>>> from arbitre.rules.game_config import GameConfig
>>> from arbitre.rules.game_package import seal
>>> record = {"format": "arbitre.duplicate/1", "config": GameConfig().to_mapping(),
...           "lexicon": {"id": "fr", "hash": "00"}, "turns": [{"rack": "AEINRST"}]}
>>> package = seal({"title": "Simultané", "record": record})
>>> sealed, key = seal_package(package)
>>> "AEINRST" in str(sealed), package_kind(sealed) is PackageKind.SEALED
(False, True)
>>> check_sealed(sealed).turns
1
>>> open_sealed(sealed, ReleaseKey.from_text(key.text())) == package
True
"""

from __future__ import annotations

import base64
import binascii
import enum
import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from arbitre.rules.game_config import GameConfig
from arbitre.rules.game_package import (
    PACKAGE_FORMAT,
    PackageError,
    canonical_json,
    check_integrity,
    check_package,
    content_hash,
    sign,
    signature,
)

__all__ = [
    "CIPHER",
    "MAX_KEY_TEXT",
    "PADDING",
    "SEALED_FORMAT",
    "PackageKind",
    "ReleaseKey",
    "ReleaseKeyError",
    "SealedSummary",
    "check_sealed",
    "open_sealed",
    "package_kind",
    "seal_package",
]

SEALED_FORMAT = "arbitre.sealed-package/1"
#: The ``cipher`` field: the only one there is.
CIPHER = "AES-256-GCM"
#: The plaintext is padded with spaces to a multiple of this many bytes.
PADDING = 4096
#: Bytes of a release key, of the nonce, of the GCM tag.
KEY_BYTES = 32
NONCE_BYTES = 12
TAG_BYTES = 16
#: A release key's text: this prefix, then base32 of the key and its check.
KEY_PREFIX = "RK1"
_CHECK_BYTES = 3
_KEY_CHARS = (KEY_BYTES + _CHECK_BYTES) * 8 // 5
_BASE32 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
#: Longest text read as a release key (the key itself, spaces and dashes).
MAX_KEY_TEXT = 200
_PUBLIC_FIELDS = ("format", "title", "lexicon", "config", "turns", "commitment", "cipher", "nonce")
_SEALED_FIELDS = frozenset((*_PUBLIC_FIELDS, "ciphertext", "content_hash"))
_FIELDS = _SEALED_FIELDS | {"signature"}


class ReleaseKeyError(PackageError):
    """A release key that is malformed, mistyped, or does not open this sealed package."""

    code = "bad_release_key"


@dataclass(frozen=True)
class ReleaseKey:
    """The 256-bit key that opens a sealed package; its :meth:`text` is what the organiser
    gives at the start. Its ``repr`` never shows the secret."""

    secret: bytes = field(repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.secret, bytes) or len(self.secret) != KEY_BYTES:
            raise ReleaseKeyError(f"a release key is {KEY_BYTES} bytes")

    @classmethod
    def generate(cls) -> ReleaseKey:
        """A fresh key from the operating system's random source."""
        return cls(secrets.token_bytes(KEY_BYTES))

    @classmethod
    def from_text(cls, text: str) -> ReleaseKey:
        """The key :meth:`text` wrote; any case, spaces and dashes anywhere. The message of a
        :class:`ReleaseKeyError` never repeats the text."""
        shape = (
            f"a release key is {KEY_PREFIX}- then {_KEY_CHARS} letters and digits 2 to 7, "
            "in groups of 4, as `arbitre package` wrote it"
        )
        if not isinstance(text, str) or len(text) > MAX_KEY_TEXT:
            raise ReleaseKeyError(shape)
        compact = "".join(text.split()).replace("-", "").upper()
        body = compact[len(KEY_PREFIX) :]
        if (
            not compact.startswith(KEY_PREFIX)
            or len(body) != _KEY_CHARS
            or not _BASE32.issuperset(body)
        ):
            raise ReleaseKeyError(shape)
        data = base64.b32decode(body)
        secret, check = data[:KEY_BYTES], data[KEY_BYTES:]
        if not hmac.compare_digest(check, _key_check(secret)):
            raise ReleaseKeyError(
                "this release key is mistyped: its last characters do not match the rest "
                "(compare it letter by letter)"
            )
        return cls(secret)

    def text(self) -> str:
        """``RK1-XXXX-XXXX-…``: the key and its check in base32, in groups of 4."""
        body = base64.b32encode(self.secret + _key_check(self.secret)).decode("ascii")
        groups = [body[start : start + 4] for start in range(0, len(body), 4)]
        return "-".join((KEY_PREFIX, *groups))


def _key_check(secret: bytes) -> bytes:
    return hashlib.sha256(secret).digest()[:_CHECK_BYTES]


def _derived(key: ReleaseKey, purpose: str) -> bytes:
    """A key for one ``purpose`` (the cipher, the commitment) derived from the release key."""
    info = f"{SEALED_FORMAT} {purpose}".encode("ascii")
    return HKDF(algorithm=hashes.SHA256(), length=KEY_BYTES, salt=None, info=info).derive(
        key.secret
    )


def _commitment(package_hash: str, key: ReleaseKey) -> str:
    return hmac.new(
        _derived(key, "commitment"), package_hash.encode("ascii"), hashlib.sha256
    ).hexdigest()


class PackageKind(enum.Enum):
    """What a JSON object that holds a package is."""

    OPEN = "open"
    SEALED = "sealed"


def package_kind(data: Any) -> PackageKind | None:
    """:attr:`PackageKind.SEALED` or :attr:`PackageKind.OPEN` by ``data``'s ``format``; ``None``
    for anything else (no check beyond the format: see :func:`check_sealed` and
    :func:`~arbitre.rules.game_package.check_package`)."""
    if not isinstance(data, Mapping):
        return None
    form = data.get("format")
    if form == SEALED_FORMAT:
        return PackageKind.SEALED
    if form == PACKAGE_FORMAT:
        return PackageKind.OPEN
    return None


@dataclass(frozen=True)
class SealedSummary:
    """What a sealed package says before it is opened (all of it checked)."""

    title: str
    lexicon_id: str
    lexicon_hash: str
    config: GameConfig
    turns: int
    commitment: str
    content_hash: str


def _public(facts: Mapping[str, Any]) -> dict[str, Any]:
    return {name: facts[name] for name in _PUBLIC_FIELDS}


def _record_facts(package: Mapping[str, Any]) -> dict[str, Any]:
    """The public facts of a checked open package, as a sealed package states them."""
    record = package["record"]
    lexicon = record.get("lexicon")
    turns = record.get("turns")
    if not isinstance(lexicon, Mapping) or not isinstance(turns, list):
        raise PackageError("the package's record has no lexicon or no turns")
    return {
        "title": package.get("title", ""),
        "lexicon": {"id": lexicon.get("id"), "hash": lexicon.get("hash")},
        "config": record.get("config"),
        "turns": len(turns),
    }


def seal_package(
    package: Mapping[str, Any], signing_key: bytes | None = None
) -> tuple[dict[str, Any], ReleaseKey]:
    """``package`` (checked first) encrypted under a fresh release key: the sealed package and
    its key. With the operator's ``signing_key``, the package inside and the sealed package are
    both signed by it. :class:`PackageError` for a package that is not sound."""
    inner = dict(check_package(package))
    if signing_key is not None:
        inner = sign(inner, signing_key)
    key = ReleaseKey.generate()
    nonce = secrets.token_bytes(NONCE_BYTES)
    facts = {
        "format": SEALED_FORMAT,
        **_record_facts(inner),
        "commitment": _commitment(inner["content_hash"], key),
        "cipher": CIPHER,
        "nonce": base64.b64encode(nonce).decode("ascii"),
    }
    _check_public(facts, frozenset(_PUBLIC_FIELDS))  # facts a sealed package cannot state
    plaintext = canonical_json(inner)
    plaintext += b" " * (-len(plaintext) % PADDING)
    ciphertext = AESGCM(_derived(key, "cipher")).encrypt(
        nonce, plaintext, canonical_json(_public(facts))
    )
    sealed: dict[str, Any] = {**facts, "ciphertext": base64.b64encode(ciphertext).decode("ascii")}
    sealed["content_hash"] = content_hash(sealed)
    if signing_key is not None:
        sealed["signature"] = signature(sealed["content_hash"], signing_key)
    return sealed, key


def _string(data: Mapping[str, Any], name: str, where: str = "sealed package") -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise PackageError(f"the {where}'s {name!r} is not a string")
    return value


def _base64(data: Mapping[str, Any], name: str) -> bytes:
    try:
        return base64.b64decode(_string(data, name), validate=True)
    except (binascii.Error, ValueError):
        raise PackageError(f"the sealed package's {name!r} is not base64") from None


def _check_public(sealed: Mapping[str, Any], required: frozenset[str]) -> SealedSummary:
    """The summary of ``sealed``'s public part; :class:`PackageError` for a field of
    ``required`` missing, a field unknown or of the wrong shape."""
    missing = sorted(required - set(sealed))
    unknown = sorted(str(name)[:40] for name in sealed if name not in _FIELDS)[:5]
    if missing or unknown:
        raise PackageError(
            "the sealed package's fields are wrong: "
            f"missing {', '.join(missing) or 'none'}, unknown {', '.join(unknown) or 'none'}"
        )
    lexicon = sealed["lexicon"]
    if not isinstance(lexicon, Mapping) or set(lexicon) != {"id", "hash"}:
        raise PackageError('the sealed package\'s \'lexicon\' is not {"id", "hash"}')
    turns = sealed["turns"]
    if not isinstance(turns, int) or isinstance(turns, bool) or turns < 1:
        raise PackageError("the sealed package's 'turns' is not a number of turns")
    try:
        config = GameConfig.from_mapping(sealed["config"])
    except (ValueError, TypeError, RecursionError) as error:  # ArbitreError is a ValueError
        raise PackageError(f"the sealed package's configuration: {str(error)[:200]}") from None
    if config.max_turns is not None and turns > config.max_turns:
        raise PackageError("the sealed package has more turns than its configuration plays")
    commitment = _string(sealed, "commitment")
    if len(commitment) != 2 * hashlib.sha256().digest_size or not set(commitment) <= set(
        "0123456789abcdef"
    ):
        raise PackageError("the sealed package's 'commitment' is not a SHA-256 HMAC in hex")
    if sealed["cipher"] != CIPHER:
        raise PackageError(f"the sealed package's cipher is not {CIPHER!r}")
    if len(_base64(sealed, "nonce")) != NONCE_BYTES:
        raise PackageError(f"the sealed package's nonce is not {NONCE_BYTES} bytes")
    return SealedSummary(
        title=_string(sealed, "title"),
        lexicon_id=_string(lexicon, "id", "sealed package's lexicon"),
        lexicon_hash=_string(lexicon, "hash", "sealed package's lexicon"),
        config=config,
        turns=turns,
        commitment=commitment,
        content_hash=str(sealed.get("content_hash", "")),
    )


def check_sealed(sealed: Any, signing_key: bytes | None = None) -> SealedSummary:
    """What ``sealed`` says before it is opened, when it is a sealed package whose public part
    is well formed, whose content hash matches and, with the operator's ``signing_key``, whose
    signature matches; :class:`PackageError` saying what is wrong otherwise. What the
    ciphertext holds is not checked: that takes the release key (:func:`open_sealed`)."""
    if package_kind(sealed) is not PackageKind.SEALED:
        raise PackageError(f"not a sealed game package (format {SEALED_FORMAT!r})")
    summary = _check_public(sealed, _SEALED_FIELDS)
    if len(_base64(sealed, "ciphertext")) <= TAG_BYTES:
        raise PackageError("the sealed package's ciphertext is empty")
    check_integrity(sealed, signing_key, "sealed package")
    return summary


def open_sealed(sealed: Any, key: ReleaseKey, signing_key: bytes | None = None) -> dict[str, Any]:
    """The open package inside ``sealed`` (checked by :func:`check_sealed` first, and itself
    checked by :func:`~arbitre.rules.game_package.check_package`, with ``signing_key`` when
    given), once ``key`` opens it, its content hash matches the commitment and its title,
    lexicon, configuration and number of turns are the ones the sealed package states.
    :class:`ReleaseKeyError` when ``key`` does not open it, :class:`PackageError` for anything
    else wrong."""
    check_sealed(sealed, signing_key)
    try:
        plaintext = AESGCM(_derived(key, "cipher")).decrypt(
            _base64(sealed, "nonce"), _base64(sealed, "ciphertext"), canonical_json(_public(sealed))
        )
    except InvalidTag:
        raise ReleaseKeyError(
            "this release key does not open the sealed package (another key, or a package "
            "changed after it was sealed)"
        ) from None
    try:
        package = json.loads(plaintext.decode("utf-8"))
    except (ValueError, RecursionError):
        raise PackageError("the sealed package holds no JSON package") from None
    check_package(package, signing_key)
    if not hmac.compare_digest(
        _commitment(package["content_hash"], key).encode("ascii"),
        str(sealed["commitment"]).encode("ascii"),
    ):
        raise PackageError("the package inside is not the one the sealed package commits to")
    facts = _record_facts(package)
    for name, value in facts.items():
        if sealed[name] != value:
            raise PackageError(
                f"the package inside has another {name} than the sealed package states"
            )
    return dict(package)
