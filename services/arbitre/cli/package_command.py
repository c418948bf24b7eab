"""``arbitre package``: pre-drawn games for simultanés (:mod:`arbitre.rules.game_package`), and
their sealed (encrypted) form for centres (:mod:`arbitre.rules.sealed_package`).

- ``prepare [--seed N] [--preset P] [--variant V] [--turns K] [--lexicon L] [--title T]
  [--key-file F] [--seal --release-key-file R]`` plays the game of the tops (from a random seed
  without ``--seed``) and prints its package as JSON, signed with the key in ``F`` when given;
  with ``--seal``, the sealed package, its release key written to the new file ``R`` (mode
  0600), never printed.
- ``seal PACKAGE --release-key-file R [--key-file F]`` seals a package ``check`` accepts.
- ``open SEALED (--release-key KEY | --release-key-file R) [--key-file F]`` prints the package
  inside a sealed one.
- ``check FILE [--key-file F] [--release-key KEY | --release-key-file R]`` checks a package: its
  content hash, its signature (with a key), and that its record replays with this machine's
  lexicon (same hash, same tirages, same tops); a sealed one without its release key, what can
  be checked without opening it. The line printed says what was not checked.

Exit status: 0 when the package is sound, 1 when it is refused, 2 for a bad option or an
unreadable (or, for a release key, existing) file.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from arbitre.cli.config_options import add_config_options, config_from_options
from arbitre.cli.game_commands import simulate
from arbitre.cli.wording import counted
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.lexicons.shipped import SHIPPED
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_config import GameConfig
from arbitre.rules.game_package import PackageError, check_package, prepare_package, sign
from arbitre.rules.game_record import RECORD_FORMAT, replay_record
from arbitre.rules.kinds import kind, names
from arbitre.rules.sealed_package import (
    PackageKind,
    ReleaseKey,
    check_sealed,
    open_sealed,
    package_kind,
    seal_package,
)

__all__ = ["RANDOM_SEED_BITS", "print_json", "read_key", "register"]

#: Largest package read (a full game is a few tens of KB).
MAX_PACKAGE_BYTES = 16 * 1024 * 1024
#: Largest key file (the operator's signing key, or a release key).
MAX_KEY_BYTES = 4096
#: Bits of the seed ``prepare`` draws when no ``--seed`` is given (as the session service).
RANDOM_SEED_BITS = 62
#: What ``check`` says it did not check.
NO_SIGNATURE = "signature not checked (no --key-file)"
STILL_SEALED = "sealed: contents not checked without the release key"


def register(commands: Any) -> None:
    """Add the ``package`` subcommand and its ``prepare``, ``seal``, ``open`` and ``check``
    actions."""
    parser = commands.add_parser(
        "package",
        help="prepare, seal, open or check a pre-drawn game package for a simultané",
        description="Pre-drawn games: prepare a package of the game of the tops (signed, and "
        "sealed for centres), seal or open one, or check one.",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    prepare = actions.add_parser("prepare", help="play the game of the tops and package it")
    prepare.add_argument("--seed", type=int, help="the bag's seed (default: drawn at random)")
    add_config_options(prepare)
    prepare.add_argument("--title", default="", help="the simultané's title")
    prepare.add_argument("--key-file", type=Path, help="sign with the key in this file")
    prepare.add_argument(
        "--seal", action="store_true", help="print the sealed package (needs --release-key-file)"
    )
    prepare.add_argument(
        "--release-key-file",
        type=Path,
        metavar="FILE",
        help="with --seal: write the release key to this new file (mode 0600)",
    )
    prepare.set_defaults(run=run_prepare)

    seal = actions.add_parser("seal", help="encrypt a package for centres, under a new key")
    seal.add_argument("file", help="the package (JSON), - for stdin")
    seal.add_argument(
        "--release-key-file",
        type=Path,
        metavar="FILE",
        required=True,
        help="write the release key to this new file (mode 0600)",
    )
    seal.add_argument("--key-file", type=Path, help="sign with the key in this file")
    seal.set_defaults(run=run_seal)

    opener = actions.add_parser("open", help="print the package inside a sealed package")
    opener.add_argument("file", help="the sealed package (JSON), - for stdin")
    _add_release_key_options(opener, required=True)
    opener.add_argument("--key-file", type=Path, help="require signatures by this key")
    opener.set_defaults(run=run_open)

    check = actions.add_parser("check", help="check a package's hash, signature and record")
    check.add_argument("file", help="the package, sealed or not (JSON), - for stdin")
    check.add_argument("--key-file", type=Path, help="require a signature by this key")
    _add_release_key_options(check, required=False)
    check.set_defaults(run=run_check)


def _add_release_key_options(parser: argparse.ArgumentParser, required: bool) -> None:
    given = parser.add_mutually_exclusive_group(required=required)
    given.add_argument("--release-key", metavar="KEY", help="the release key (RK1-…)")
    given.add_argument(
        "--release-key-file", type=Path, metavar="FILE", help="the file holding the release key"
    )


def _read_limited(path: str | Path, limit: int) -> bytes:
    if str(path) == "-":
        data = sys.stdin.buffer.read(limit + 1)
    else:
        with Path(path).open("rb") as handle:
            data = handle.read(limit + 1)
    if len(data) > limit:
        raise ArbitreError(f"{path}: more than {limit} bytes")
    return data


def read_key(path: Path | None) -> bytes | None:
    """The signing key in the file ``path`` (``None`` without one), its surrounding blanks
    stripped; :class:`ArbitreError` for an empty or too large file, :class:`OSError` for one
    that cannot be read."""
    if path is None:
        return None
    key = _read_limited(path, MAX_KEY_BYTES).strip()
    if not key:
        raise ArbitreError(f"{path}: a key file holds 1 to {MAX_KEY_BYTES} bytes")
    return key


def _release_key(arguments: argparse.Namespace) -> ReleaseKey | None:
    if arguments.release_key is not None:
        return ReleaseKey.from_text(arguments.release_key)
    if arguments.release_key_file is not None:
        data = _read_limited(arguments.release_key_file, MAX_KEY_BYTES)
        return ReleaseKey.from_text(data.decode("utf-8"))
    return None


def _write_release_key(path: Path, key: ReleaseKey) -> None:
    """Write ``key`` to the new file ``path``, readable by its owner only; never overwrite."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise ArbitreError(f"{path} exists: a release key is written to a new file") from None
    with os.fdopen(descriptor, "w", encoding="ascii") as handle:
        handle.write(key.text() + "\n")


def _refuse_existing(path: Path) -> None:
    if path.exists():  # early, before a game is played; the write itself never overwrites
        raise ArbitreError(f"{path} exists: a release key is written to a new file")


def _read_package(path: str) -> Any:
    try:
        return json.loads(_read_limited(path, MAX_PACKAGE_BYTES).decode("utf-8"))
    except RecursionError:
        raise ArbitreError(f"{path}: JSON nested too deep") from None


def print_json(data: Mapping[str, Any]) -> None:
    """Print ``data`` (a package) on stdout as the ``package`` actions do."""
    json.dump(data, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


def _usage_error(error: Exception) -> int:
    print(f"arbitre package: {error}", file=sys.stderr)
    return 2


def _refused(error: Exception) -> int:
    print(f"arbitre package: refused: {error}", file=sys.stderr)
    return 1


def _local_lexicon(lexicon_id: Any, lexicon_hash: Any) -> Lexicon:
    """The shipped lexicon ``lexicon_id`` when its content hash here is ``lexicon_hash``."""
    if not isinstance(lexicon_id, str) or lexicon_id not in SHIPPED:
        # a package never makes us read a path it names
        raise PackageError(f"lexicon {str(lexicon_id)[:40]!r} is not one shipped here")
    lexicon = load_lexicon(lexicon_id)
    if lexicon.info.hash != lexicon_hash:
        raise PackageError(
            f"lexicon {lexicon_id!r} here has another content than the package's (hash differs)"
        )
    return lexicon


def _check_open(package: Any, key: bytes | None) -> Mapping[str, Any]:
    """``package`` when ``check`` accepts it: hash, signature with ``key``, replay here."""
    check_package(package, key)
    record = package["record"]
    lexicon = _local_lexicon(record["lexicon"]["id"], record["lexicon"]["hash"])
    config = GameConfig.from_mapping(record["config"])
    replay_record(record, MoveGeneratorReferee(lexicon, config))
    return package  # type: ignore[no-any-return]


def _kind_of(package: Any) -> str | None:
    """The game kind whose packages hold a record of the format ``package``'s record has
    (Indecix's deal: :attr:`~arbitre.rules.kinds.base.Packaged.package_format`), or ``None``
    for a duplicate game's record or a format no kind plays."""
    record = package.get("record") if isinstance(package, Mapping) else None
    found = record.get("format") if isinstance(record, Mapping) else None
    if not isinstance(found, str) or found == RECORD_FORMAT:
        return None
    return next((n for n in names() if getattr(kind(n), "package_format", None) == found), None)


def _check_kind_package(name: str, package: Any, key: bytes | None) -> None:
    """Check a package of the kind ``name``: hash, signature with ``key``, and its record
    played again by the kind (a deal's dice drawn again from its seed)."""
    packaged: Any = kind(name)
    check_package(package, key, packaged.package_format)
    record = package["record"]
    rules = record.get("config")
    packaged.package_game(record, packaged.package_config(rules, {}), None)


def _signed(key: bytes | None) -> str:
    return "signed, " if key is not None else ""


def _unchecked(key: bytes | None) -> str:
    return "" if key is not None else f"; {NO_SIGNATURE}"


def run_prepare(arguments: argparse.Namespace) -> int:
    try:
        if arguments.seal and arguments.release_key_file is None:
            raise ArbitreError(
                "--seal needs --release-key-file FILE: the release key is written there, "
                "never next to the package"
            )
        if arguments.release_key_file is not None and not arguments.seal:
            raise ArbitreError("--release-key-file goes with --seal")
        if arguments.seal:
            _refuse_existing(arguments.release_key_file)
        key = read_key(arguments.key_file)
        config = config_from_options(arguments)
        seed = arguments.seed
        if seed is None:
            seed = secrets.randbits(RANDOM_SEED_BITS)
        elif arguments.seal:
            print(
                "arbitre package: warning: a chosen seed can be guessed and the game replayed; "
                "leave --seed out for a package you seal",
                file=sys.stderr,
            )
        lexicon = load_lexicon(config.lexicon)
        game = simulate(config, seed, lexicon)
        package = prepare_package(game, lexicon.info.id, lexicon.info.hash, arguments.title)
        if arguments.seal:
            package, release = seal_package(package, key)
            _write_release_key(arguments.release_key_file, release)
        elif key is not None:
            package = sign(package, key)
    except (ArbitreError, OSError, ValueError) as error:
        return _usage_error(error)
    print_json(package)
    return 0


def run_seal(arguments: argparse.Namespace) -> int:
    try:
        _refuse_existing(arguments.release_key_file)
        key = read_key(arguments.key_file)
        package = _read_package(arguments.file)
    except (ArbitreError, OSError, ValueError) as error:
        return _usage_error(error)
    try:
        if package_kind(package) is PackageKind.SEALED:
            raise PackageError("the package is sealed already")
        _check_open(package, None)
        sealed, release = seal_package(package, key)
    except (ArbitreError, KeyError, TypeError) as error:
        return _refused(error)
    try:
        _write_release_key(arguments.release_key_file, release)
    except (ArbitreError, OSError) as error:
        return _usage_error(error)
    print_json(sealed)
    return 0


def run_open(arguments: argparse.Namespace) -> int:
    try:
        key = read_key(arguments.key_file)
        release = _release_key(arguments)
        sealed = _read_package(arguments.file)
    except (ArbitreError, OSError, ValueError) as error:
        return _usage_error(error)
    assert release is not None  # the option is required
    try:
        package = open_sealed(sealed, release, key)
    except PackageError as error:
        return _refused(error)
    print_json(package)
    return 0


def run_check(arguments: argparse.Namespace) -> int:
    try:
        key = read_key(arguments.key_file)
        release = _release_key(arguments)
        package = _read_package(arguments.file)
    except (ArbitreError, OSError, ValueError) as error:
        return _usage_error(error)
    sealed = package_kind(package) is PackageKind.SEALED
    if release is not None and not sealed:
        return _usage_error(ArbitreError("a release key opens a sealed package only"))
    name = None if sealed else _kind_of(package)
    if name is not None:
        try:
            _check_kind_package(name, package, key)
        except (ArbitreError, KeyError, TypeError, AttributeError) as error:
            return _refused(error)
        print(
            f"package ok: {_signed(key)}{name}, hash {package['content_hash'][:16]}"
            f"{_unchecked(key)}"
        )
        return 0
    try:
        if sealed and release is None:
            summary = check_sealed(package, key)
            _local_lexicon(summary.lexicon_id, summary.lexicon_hash)
            print(
                f"sealed package ok: {_signed(key)}{counted(summary.turns, 'turn')}, lexicon "
                f"{summary.lexicon_id}, hash {summary.content_hash[:16]}{_unchecked(key)}; "
                f"{STILL_SEALED}"
            )
            return 0
        opened = release is not None
        if release is not None:
            package = open_sealed(package, release, key)
        _check_open(package, key)
    except (ArbitreError, KeyError, TypeError) as error:
        return _refused(error)
    record = package["record"]
    how = " (sealed, opened with the release key)" if opened else ""
    print(
        f"package ok{how}: {_signed(key)}{counted(len(record['turns']), 'turn')}, top "
        f"{record['top_total']}, hash {package['content_hash'][:16]}{_unchecked(key)}"
    )
    return 0
