"""The ``arbitre`` command: one subcommand per module of this package."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence

from arbitre import __version__
from arbitre.cli import (
    accounts_command,
    db_command,
    duel_command,
    duplikta_command,
    game_commands,
    indecix_command,
    lexicon_command,
    package_command,
    results_command,
    score_command,
    solve_command,
    up_command,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="arbitre",
        description="Referee for simultaneous (duplicate) word games.",
    )
    parser.add_argument("--version", action="version", version=f"arbitre {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log progress to stderr")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    score_command.register(commands)
    solve_command.register(commands)
    duel_command.register(commands)
    duplikta_command.register(commands)
    indecix_command.register(commands)
    lexicon_command.register(commands)
    game_commands.register(commands)
    package_command.register(commands)
    results_command.register(commands)
    up_command.register(commands)
    db_command.register(commands)
    accounts_command.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    arguments = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if arguments.verbose else logging.WARNING,
        format="arbitre: %(message)s",
        stream=sys.stderr,
    )
    try:
        status: int = arguments.run(arguments)
    except BrokenPipeError:
        # The reader went away (`arbitre lexicon words fr | head`): stop quietly. Point stdout
        # at /dev/null so that the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return status
