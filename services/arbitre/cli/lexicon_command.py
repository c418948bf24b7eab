"""``arbitre lexicon``: list, describe, print and query lexicons."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from arbitre.engine.lexicon import Lexicon, LexiconError, load_lexicon
from arbitre.lexicons.shipped import SHIPPED


def register(commands: Any) -> None:
    """Add the ``lexicon`` subcommand to ``commands`` (an argparse subparsers object)."""
    parser = commands.add_parser("lexicon", help="list, describe, print and query lexicons")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")

    shipped = actions.add_parser("list", help="the lexicons shipped with Arbitre")
    shipped.set_defaults(run=_list)

    info = actions.add_parser("info", help="id, word count and content hash, as JSON")
    info.add_argument("lexicon", metavar="ID_OR_PATH")
    info.set_defaults(run=_info)

    words = actions.add_parser("words", help="the normalised words, one per line, sorted")
    words.add_argument("lexicon", metavar="ID_OR_PATH")
    words.set_defaults(run=_words)

    check = actions.add_parser("check", help="whether each word is in the lexicon")
    check.add_argument("lexicon", metavar="ID_OR_PATH")
    check.add_argument("words", nargs="+", metavar="WORD")
    check.set_defaults(run=_check)


def _load(id_or_path: str) -> Lexicon | None:
    """The lexicon, or ``None`` after telling the user on stderr why it cannot be loaded."""
    try:
        return load_lexicon(id_or_path)
    except LexiconError as error:
        print(f"arbitre: {error}", file=sys.stderr)
        return None


def _list(arguments: argparse.Namespace) -> int:
    for lexicon in SHIPPED.values():
        print(f"{lexicon.id}\t{lexicon.licence}\t{lexicon.description}")
    return 0


def _info(arguments: argparse.Namespace) -> int:
    lexicon = _load(arguments.lexicon)
    if lexicon is None:
        return 2
    print(json.dumps(lexicon.info.as_dict()))
    return 0


def _words(arguments: argparse.Namespace) -> int:
    lexicon = _load(arguments.lexicon)
    if lexicon is None:
        return 2
    words = lexicon.automaton.words()
    sys.stdout.write("\n".join(words) + "\n" if words else "")
    sys.stdout.flush()
    return 0


def _check(arguments: argparse.Namespace) -> int:
    """Print ``WORD<TAB>yes|no`` per word; exit 1 if any word is absent."""
    lexicon = _load(arguments.lexicon)
    if lexicon is None:
        return 2
    absent = 0
    for word in arguments.words:
        present = lexicon.check(word)
        absent += not present
        print(f"{word}\t{'yes' if present else 'no'}")
    return 1 if absent else 0
