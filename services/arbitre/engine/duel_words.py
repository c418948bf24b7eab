"""Duel de Mots word lists: the shipped ones by language, or a user's own read from files.

The shipped lists live in ``arbitre/lexicons/data/duel`` (``LANG.guesses.txt`` and
``LANG.secrets.txt``, built by :mod:`arbitre.lexicons.build_duel`): one word per line, already
reduced to the language's letters. :func:`load` reads them once per language.

A user's own list (:func:`load_path`) is written as people write words: one per line, any case,
accents and syllables as typed (``Élève``, ``사과``); each line is reduced with
:func:`arbitre.rules.kinds.duel.alphabet.word`. Blank lines and lines starting with ``#`` are
comments. A line that is not a word of 5 letters of the language (another length, a digit, an
apostrophe, a letter of another alphabet) is **skipped**, so a general word list of any lengths
can be given as it is; a file in which no line is a 5-letter word is an error, which also catches
a list of the wrong language.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.duel.alphabet import (
    LANGUAGES,
    Language,
    NotALetterError,
    WrongLengthError,
    word,
)
from arbitre.rules.kinds.duel.alphabet import language as parse_language
from arbitre.rules.kinds.duel.words import WordList

__all__ = ["WordListFileError", "languages", "load", "load_path"]


class WordListFileError(ArbitreError):
    """A word list file that cannot be used: missing, unreadable, not UTF-8, or without a single
    5-letter word of its language."""

    code = "bad_word_list_file"


def languages() -> tuple[str, ...]:
    """The codes of the languages with a shipped word list, in a stable order."""
    return tuple(lang.value for lang in LANGUAGES)


def load(language: str) -> WordList:
    """The shipped word list of a language (``en``, ``fr``...; cached: the same object each
    time). An unknown code raises :class:`~arbitre.rules.kinds.duel.alphabet.
    UnknownLanguageError`."""
    return _load_shipped(parse_language(language))


@cache
def _load_shipped(lang: Language) -> WordList:
    directory = resources.files("arbitre.lexicons") / "data" / "duel"
    guesses = _shipped_words(directory / f"{lang.value}.guesses.txt", lang)
    secrets = _shipped_words(directory / f"{lang.value}.secrets.txt", lang)
    return WordList(lang.value, frozenset(guesses), tuple(secrets), name="shipped")


def _shipped_words(resource: Traversable, lang: Language) -> list[str]:
    try:
        text = resource.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise WordListFileError(
            f"the shipped {lang.value} word list is unreadable: {error}"
        ) from error
    return text.split()


def load_path(guesses: Path, secrets: Path | None = None, *, language: str) -> WordList:
    """A user's word list: the words of ``guesses`` (and of ``secrets``: every secret may be
    guessed), the secrets being those of ``secrets``, or all the guesses when it is None.

    Lines are read as described in the module docstring. ``name`` is the guesses path.
    """
    lang = parse_language(language)
    guess_words = _read_words(guesses, lang)
    secret_words = guess_words if secrets is None else _read_words(secrets, lang)
    return WordList(
        lang.value,
        frozenset(guess_words | secret_words),
        tuple(sorted(secret_words)),
        name=str(guesses),
    )


def _read_words(path: Path, lang: Language) -> set[str]:
    """The 5-letter words of a user's file, reduced to letters (other lines skipped)."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise WordListFileError(f"no word list file at {path}") from None
    except UnicodeDecodeError:
        raise WordListFileError(f"{path} is not UTF-8 text") from None
    except OSError as error:
        raise WordListFileError(f"cannot read {path}: {error.strerror or error}") from None
    found: set[str] = set()
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            found.add(word(line, lang))
        except (NotALetterError, WrongLengthError):
            continue
    if not found:
        raise WordListFileError(f"{path} has no word of 5 letters in language {lang.value!r}")
    return found
