"""``arbitre duel``: the batch tools of Duel de Mots.

- ``mark``: JSON lines ``{id, secret, guess[, language]}`` on stdin, one line ``{id, marks}``
  out per line (``G`` right place, ``Y`` elsewhere in the word, ``x`` an extra copy, ``.`` not
  in the word). No word list is checked, only the letters. A line that cannot be marked (not
  JSON, not an object, a field missing or not a string, an unknown language, a word that is not
  five letters of its language, a line over :data:`MAX_LINE_BYTES`) gets ``{id, error,
  error_code}`` and the run goes on. Lines are read one at a time: memory does not grow with
  the input. Answers are flushed line by line on a terminal, and otherwise whenever no more
  input is waiting (so a program may send one line and wait for its answer). The exit
  status is 0 once stdin is read to its end, 1 if it cannot be read, 2 for a bad option.
- ``words LANG [--secrets] [--count]``: the language's guesses (or secrets), sorted, one per
  line, as letters (Korean: jamo), or only their number.
- ``play``: a robot plays one round on a word of the guess list (:func:`play`) and the rows
  are printed as ``LETTERS MARKS``, then ``found in K`` or ``not found`` (or one JSON object).

``words`` and ``play`` exit 2 for an unknown language or a word they cannot use.
"""

from __future__ import annotations

import argparse
import functools
import json
import logging
import sys
from dataclasses import dataclass
from functools import partial
from typing import Any, TextIO

from arbitre.cli.score_command import (
    MAX_LINE_BYTES,
    LineSource,
    decode_json_line,
)
from arbitre.cli.solve_command import answer_lines, failure
from arbitre.engine import duel_words
from arbitre.engine.analysis import BadRequestError
from arbitre.engine.robots.duel import TRIES, DuelRobot, Row
from arbitre.engine.robots.duplicate import RobotLevel
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.duel import alphabet
from arbitre.rules.kinds.duel.marks import found as all_green
from arbitre.rules.kinds.duel.marks import mark, text
from arbitre.rules.kinds.duel.words import WordList

log = logging.getLogger(__name__)

__all__ = [
    "MAX_LINE_BYTES",
    "Round",
    "mark_line",
    "mark_request",
    "mark_stream",
    "play",
    "register",
]

#: The language of ``mark`` lines that name none, unless ``--language`` says otherwise.
DEFAULT_LANGUAGE = "en"


#: How many typed words ``mark`` remembers the letters of, and the longest text it remembers:
#: the cache holds a few megabytes at most, whatever the input.
WORD_CACHE_SIZE = 1 << 16
WORD_CACHE_MAX_CHARS = 32

#: The code of a line that is not an object, or whose fields are missing or not strings.
BAD_REQUEST = BadRequestError.code


def register(commands: Any) -> None:
    """Add the ``duel`` subcommand to ``commands`` (an argparse subparsers object)."""
    parser = commands.add_parser(
        "duel",
        help="Duel de Mots: mark guesses, list a language's words, watch a robot play",
        description="The batch tools of Duel de Mots.",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    codes = ", ".join(duel_words.languages())

    marking = actions.add_parser(
        "mark",
        help="mark guesses given as JSON lines on stdin",
        description="Read JSON lines {id, secret, guess[, language]} on stdin; write one JSON "
        "line {id, marks} per line, one mark per letter: G right place, Y elsewhere in the "
        "word, x an extra copy (grey, but the letter is in the word), . not in the word "
        "(or {id, error, error_code} for a line that cannot be marked). No word list is "
        f"checked. Lines over {MAX_LINE_BYTES // 1024} KiB are refused; blank lines are skipped.",
    )
    marking.add_argument(
        "--language",
        default=DEFAULT_LANGUAGE,
        metavar="LANG",
        help=f"language of the lines that name none: {codes} (default: {DEFAULT_LANGUAGE})",
    )
    marking.set_defaults(run=_run_mark)

    listing = actions.add_parser(
        "words",
        help="a language's guess list (or its secrets), one word per line",
        description="Print the words a guess may be in LANG (with --secrets: the words a round "
        "may hide), sorted, one per line, reduced to the language's letters (Korean: jamo).",
    )
    listing.add_argument("language", metavar="LANG", help=f"one of: {codes}")
    listing.add_argument("--secrets", action="store_true", help="the secrets, not the guesses")
    listing.add_argument("--count", action="store_true", help="print only how many words")
    listing.set_defaults(run=_run_words)

    playing = actions.add_parser(
        "play",
        help="watch a robot find a word",
        description="A robot of LEVEL plays a round on WORD: each guess and its marks, one row "
        "per line (LETTERS MARKS), then 'found in K' or 'not found'. WORD must be one of the "
        "language's guesses; it need not be a secret.",
    )
    playing.add_argument("--language", required=True, metavar="LANG", help=f"one of: {codes}")
    playing.add_argument("--secret", required=True, metavar="WORD", help="the hidden word")
    playing.add_argument(
        "--level", required=True, choices=[level.value for level in RobotLevel], help="the robot"
    )
    playing.add_argument(
        "--seed", type=int, default=0, metavar="N", help="the robot's seed (default: 0)"
    )
    playing.add_argument("--json", action="store_true", help="print one JSON object instead")
    playing.set_defaults(run=_run_play)


def _run_mark(arguments: argparse.Namespace) -> int:
    try:
        default = alphabet.language(arguments.language)
    except ArbitreError as error:
        print(f"arbitre duel mark: {error}", file=sys.stderr)
        return 2
    return mark_stream(default, sys.stdin.buffer, sys.stdout, flush_each=sys.stdout.isatty())


def mark_stream(
    default: alphabet.Language, source: LineSource, out: TextIO, flush_each: bool = False
) -> int:
    """Mark every line of ``source`` onto ``out``, flushing after an answer when
    ``flush_each`` or when no more input is waiting (a program that writes one line and waits
    for its answer gets it); returns the exit status."""
    return answer_lines(source, out, partial(mark_line, default), "duel mark", flush_each)


def mark_line(default: alphabet.Language, line: bytes) -> dict[str, Any]:
    """The answer to one line: ``{id, marks}``, or ``{id, error, error_code}``; never raises
    for bad input."""
    request, bad = decode_json_line(line)
    if bad is not None:
        return failure(None, bad, "bad_json")
    try:
        return mark_request(default, request)
    except Exception as error:  # a bug must not end the batch: report it on this line
        log.exception("internal error on a line")
        request_id = request.get("id") if isinstance(request, dict) else None
        return failure(request_id, f"internal error: {error!r}", "internal_error")


def mark_request(default: alphabet.Language, request: object) -> dict[str, Any]:
    """The answer to one decoded line, ``default`` being the language of a line that names
    none."""
    if not isinstance(request, dict):
        return failure(
            None, "a line must be a JSON object {id, secret, guess[, language]}", BAD_REQUEST
        )
    request_id = request.get("id")
    language = default
    if "language" in request:
        name = request["language"]
        if not isinstance(name, str):
            return failure(request_id, 'language must be a string such as "fr"', BAD_REQUEST)
        try:
            language = _language(name)
        except ArbitreError as error:
            return failure(request_id, str(error), error.code)
    words: list[str] = []
    for field in ("secret", "guess"):
        typed = request.get(field)
        if not isinstance(typed, str):
            return failure(
                request_id,
                f"{field} must be a string: a word of {alphabet.WORD_LENGTH} letters",
                BAD_REQUEST,
            )
        try:
            words.append(_word(typed, language))
        except ArbitreError as error:
            return failure(request_id, f"{field}: {error}", error.code)
    secret, guess = words
    return {"id": request_id, "marks": text(mark(secret, guess))}


@functools.lru_cache(maxsize=64)
def _language(name: str) -> alphabet.Language:
    """:func:`alphabet.language`, remembered (an unknown code raises each time)."""
    return alphabet.language(name)


@functools.lru_cache(maxsize=WORD_CACHE_SIZE)
def _cached_word(typed: str, language: alphabet.Language) -> str:
    return alphabet.word(typed, language)


def _word(typed: str, language: alphabet.Language) -> str:
    """:func:`alphabet.word`, remembered for short texts (a batch repeats its words)."""
    if len(typed) > WORD_CACHE_MAX_CHARS:
        return alphabet.word(typed, language)
    return _cached_word(typed, language)


def _run_words(arguments: argparse.Namespace) -> int:
    try:
        words = duel_words.load(arguments.language)
    except ArbitreError as error:
        print(f"arbitre duel words: {error}", file=sys.stderr)
        return 2
    listed = words.secrets if arguments.secrets else sorted(words.guesses)
    if arguments.count:
        print(len(listed))
    else:
        sys.stdout.write("".join(f"{word}\n" for word in listed))
        sys.stdout.flush()
    return 0


@dataclass(frozen=True, slots=True)
class Round:
    """A robot's round on ``secret``: its ``rows`` (guess, marks), oldest first."""

    language: alphabet.Language
    secret: str
    level: RobotLevel
    seed: int
    rows: tuple[Row, ...]

    @property
    def found(self) -> bool:
        """Whether the last row found the word."""
        return bool(self.rows) and all_green(self.rows[-1][1])

    def lines(self) -> list[str]:
        """One line per row (``LETTERS MARKS``, and the word as read when it differs, as in
        Korean), then ``found in K`` or ``not found``."""
        out = []
        for guess, marks in self.rows:
            shown = alphabet.display(guess, self.language)
            out.append(f"{guess} {text(marks)}" + (f"  {shown}" if shown != guess else ""))
        out.append(f"found in {len(self.rows)}" if self.found else "not found")
        return out

    def as_dict(self) -> dict[str, Any]:
        """The round as JSON: the options, ``rows`` [{guess, marks}], ``found`` and ``tries``
        (the rows played when found, else null)."""
        return {
            "language": self.language.value,
            "secret": self.secret,
            "level": self.level.value,
            "seed": self.seed,
            "rows": [{"guess": guess, "marks": text(marks)} for guess, marks in self.rows],
            "found": self.found,
            "tries": len(self.rows) if self.found else None,
        }


def play(words: WordList, secret: str, level: RobotLevel, seed: int) -> Round:
    """A robot of ``level`` (seeded with ``seed``) playing a round of :data:`TRIES` tries on
    ``secret``, a word of ``words.guesses`` already reduced to letters."""
    if not words.accepts(secret):
        raise ValueError(f"{secret!r} is not one of the guesses")
    robot = DuelRobot(words, level, seed)
    rows: list[Row] = []
    while len(rows) < TRIES and not (rows and all_green(rows[-1][1])):
        guess = robot.guess(rows)
        rows.append((guess, mark(secret, guess)))
    return Round(alphabet.language(words.language), secret, level, seed, tuple(rows))


def _run_play(arguments: argparse.Namespace) -> int:
    try:
        words = duel_words.load(arguments.language)
        secret = alphabet.word(arguments.secret, words.language)
    except ArbitreError as error:
        print(f"arbitre duel play: {error}", file=sys.stderr)
        return 2
    if not words.accepts(secret):
        print(
            f"arbitre duel play: {arguments.secret.strip()!r} ({secret}) is not in the "
            f"{words.language} guess list; the word need not be a secret, but it must be a "
            f"word a player may guess (see arbitre duel words {words.language})",
            file=sys.stderr,
        )
        return 2
    played = play(words, secret, RobotLevel(arguments.level), arguments.seed)
    if arguments.json:
        print(json.dumps(played.as_dict(), ensure_ascii=False))
    else:
        print("\n".join(played.lines()))
    return 0
