"""``arbitre package``: pre-drawn games for simultanés (:mod:`arbitre.rules.game_package`).

``arbitre package prepare --seed N [--preset P] [--turns K] [--title T] [--key-file F]`` plays
the game of the tops and prints its sealed package as JSON (signed with the key in ``F`` when
given). ``arbitre package check FILE [--key-file F]`` checks a package: its content hash, its
signature (with a key), and that its record replays with this machine's lexicon (same hash,
same tirages, same tops). Exit status: 0 when the package is sound, 1 when it is refused, 2 for
a bad option or an unreadable file.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

from arbitre.cli.game_commands import simulate
from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.lexicons.shipped import SHIPPED
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_config import PRESETS, GameConfig, preset
from arbitre.rules.game_package import PackageError, check_package, prepare_package, sign
from arbitre.rules.game_record import replay_record

__all__ = ["register"]

#: Largest package read (a full game is a few tens of KB).
MAX_PACKAGE_BYTES = 16 * 1024 * 1024
#: Largest key file.
MAX_KEY_BYTES = 4096


def register(commands: Any) -> None:
    """Add the ``package`` subcommand and its ``prepare`` and ``check`` actions."""
    parser = commands.add_parser(
        "package",
        help="prepare or check a pre-drawn game package for a simultané",
        description="Pre-drawn games: prepare a sealed (and signed) package of the game of the "
        "tops, or check one.",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    prepare = actions.add_parser("prepare", help="play the game of the tops and package it")
    prepare.add_argument("--seed", type=int, required=True, help="the bag's seed")
    prepare.add_argument("--preset", default="fisf", choices=sorted(PRESETS))
    prepare.add_argument("--turns", type=int, metavar="K", help="stop after K turns")
    prepare.add_argument("--title", default="", help="the simultané's title")
    prepare.add_argument("--key-file", type=Path, help="sign with the key in this file")
    prepare.set_defaults(run=run_prepare)
    check = actions.add_parser("check", help="check a package's hash, signature and record")
    check.add_argument("file", help="the package (JSON), - for stdin")
    check.add_argument("--key-file", type=Path, help="require a signature by this key")
    check.set_defaults(run=run_check)


def _key(path: Path | None) -> bytes | None:
    if path is None:
        return None
    with path.open("rb") as handle:
        key = handle.read(MAX_KEY_BYTES + 1).strip()
    if not key or len(key) > MAX_KEY_BYTES:
        raise ArbitreError(f"{path}: a key file holds 1 to {MAX_KEY_BYTES} bytes")
    return key


def run_prepare(arguments: argparse.Namespace) -> int:
    try:
        key = _key(arguments.key_file)
        changes: dict[str, Any] = {}
        if arguments.turns is not None:
            changes["max_turns"] = arguments.turns
        config = dataclasses.replace(preset(arguments.preset), **changes)
        lexicon = load_lexicon(config.lexicon)
        game = simulate(config, arguments.seed, lexicon)
        package = prepare_package(game, lexicon.info.id, lexicon.info.hash, arguments.title)
        if key is not None:
            package = sign(package, key)
    except (ArbitreError, OSError, ValueError) as error:
        print(f"arbitre package: {error}", file=sys.stderr)
        return 2
    json.dump(package, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


def run_check(arguments: argparse.Namespace) -> int:
    try:
        key = _key(arguments.key_file)
        if arguments.file == "-":
            data = sys.stdin.buffer.read(MAX_PACKAGE_BYTES + 1)
        else:
            with Path(arguments.file).open("rb") as handle:
                data = handle.read(MAX_PACKAGE_BYTES + 1)
        if len(data) > MAX_PACKAGE_BYTES:
            raise ArbitreError(f"{arguments.file}: more than {MAX_PACKAGE_BYTES} bytes")
        package = json.loads(data.decode("utf-8"))
    except (ArbitreError, OSError, ValueError) as error:
        print(f"arbitre package: {error}", file=sys.stderr)
        return 2
    try:
        check_package(package, key)
        record = package["record"]
        lexicon_id = record["lexicon"]["id"]
        if lexicon_id not in SHIPPED:  # a package never makes us read a path it names
            raise PackageError(f"lexicon {str(lexicon_id)[:40]!r} is not one shipped here")
        lexicon = load_lexicon(lexicon_id)
        if lexicon.info.hash != record["lexicon"]["hash"]:
            raise PackageError(
                f"lexicon {record['lexicon']['id']!r} here has another content than the "
                "package's (hash differs)"
            )
        config = GameConfig.from_mapping(record["config"])
        replay_record(record, MoveGeneratorReferee(lexicon, config))
    except (ArbitreError, KeyError, TypeError) as error:
        print(f"arbitre package: refused: {error}", file=sys.stderr)
        return 1
    turns = len(record["turns"])
    signed = "signed, " if key is not None else ""
    digest = package["content_hash"][:16]
    print(f"package ok: {signed}{turns} turns, top {record['top_total']}, hash {digest}")
    return 0
