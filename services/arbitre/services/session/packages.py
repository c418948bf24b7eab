"""Pre-drawn game packages: reading the one a game is created from (its content hash and, with
the operator's key, its signature checked) and opening a sealed one with its release key (the
seam checks that it replays here, with its kind); what opening one writes; the operator's key,
from the file the environment names."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping
from typing import Any

import grpc

from arbitre.rules.game_package import PackageError, check_package
from arbitre.rules.game_record import RECORD_FORMAT
from arbitre.rules.sealed_package import (
    PackageKind,
    ReleaseKey,
    SealedSummary,
    check_sealed,
    open_sealed,
    package_kind,
)
from arbitre.services.session.base import SessionBase, _seed_fields
from arbitre.services.session.limits import MAX_PACKAGE_CHARS, PACKAGE_KEY_VARIABLE
from arbitre.services.session.refusals import _refuse

__all__ = ["Packages", "opened_fields", "package_key_from_environment"]

log = logging.getLogger(__package__)


class Packages(SessionBase):
    """The session service's part that reads, checks and opens game packages."""

    def _read_package(self, text: str, record_format: str) -> tuple[Any, SealedSummary | None]:
        """The package in ``text``, holding a record of ``record_format`` (the kind's), its
        hash (and signature, with the operator's key) checked, and, for a sealed package (a
        duplicate game's), what it says of itself."""
        if len(text) > MAX_PACKAGE_CHARS:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the package is too long")
        try:
            package = json.loads(text)
        except (ValueError, RecursionError):
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the package is not valid JSON")
        try:
            if package_kind(package) is PackageKind.SEALED:
                if record_format != RECORD_FORMAT:
                    raise PackageError("only a duplicate game's package is played sealed")
                return package, check_sealed(package, self.package_key)
            return check_package(package, self.package_key, record_format), None
        except PackageError as error:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"bad_package: {error}")

    def _unsealed(self, game: Mapping[str, str], key_text: str) -> Any:
        """The package a sealed game (of any kind) plays, opened with the release key
        ``key_text``, not checked further: FAILED_PRECONDITION without a key,
        INVALID_ARGUMENT for a mistyped or wrong one."""
        if not key_text:
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                "the game's package is sealed: give its release key (release_key)",
            )
        try:
            key = ReleaseKey.from_text(key_text)
            return open_sealed(json.loads(game["sealed_package"]), key, self.package_key)
        except PackageError as error:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"{error.code}: {error}")


def opened_fields(
    package: Mapping[str, Any], seed: int
) -> tuple[dict[str, str | int], dict[str, str]]:
    """What opening a sealed ``package`` of ``seed`` writes in its game's hash (the seed and
    its commitment, the package no longer sealed, its hash) and the ``package_opened`` event's
    data (every kind's)."""
    fields: dict[str, str | int] = {
        **_seed_fields(seed),
        "sealed_package": "",
        "release_key": "",
        "opened_package_hash": package["content_hash"],
    }
    opened = {
        "package_hash": package["content_hash"],
        "seed_commitment": str(fields["seed_commitment"]),
    }
    return fields, opened


def package_key_from_environment(environ: Mapping[str, str] = os.environ) -> bytes | None:
    """The operator's package key: the contents of the file ``ARBITRE_PACKAGE_KEY_FILE`` names
    (spaces around it dropped); ``None`` when unset. Raises :class:`OSError` for a missing file
    and :class:`ValueError` for an empty one."""
    path = environ.get(PACKAGE_KEY_VARIABLE)
    if not path:
        return None
    with open(path, "rb") as file:
        key = file.read().strip()
    if not key:
        raise ValueError(f"{PACKAGE_KEY_VARIABLE}: {path} is empty")
    return key
