"""A Duel de Mots word list: the words a guess may be, and the words a round may hide.

Both hold words already reduced to their language's letters (:func:`arbitre.rules.kinds.duel.
alphabet.word`: uppercase, one character per letter, five letters). The **guesses** are every
acceptable word; the **secrets** are the common words a round may hide, a part of the guesses.
Reading a list from a file is the engine's job (:mod:`arbitre.engine.duel_words`); this is the
value it gives.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitre.rules.errors import ArbitreError

__all__ = ["InvalidWordListError", "WordList"]


class InvalidWordListError(ArbitreError):
    """A word list that cannot be played: no secret, a secret that is not a guess, a word of the
    wrong length."""

    code = "bad_word_list"


@dataclass(frozen=True)
class WordList:
    """``language`` (its code: ``en``, ``fr``, ...), ``guesses`` and ``secrets`` (sorted, every
    one also a guess); ``name`` says where the list comes from (``shipped`` or a path)."""

    language: str
    guesses: frozenset[str]
    secrets: tuple[str, ...]
    name: str = "shipped"
    length: int = 5

    def __post_init__(self) -> None:
        if not self.secrets:
            raise InvalidWordListError("a word list needs at least one secret word")
        wrong = next((w for w in self.guesses if len(w) != self.length), None)
        if wrong is not None:
            raise InvalidWordListError(f"{wrong!r} is not a word of {self.length} letters")
        if list(self.secrets) != sorted(set(self.secrets)):
            raise InvalidWordListError("the secrets must be sorted, each word once")
        stray = next((w for w in self.secrets if w not in self.guesses), None)
        if stray is not None:
            raise InvalidWordListError(f"the secret {stray!r} is not one of the guesses")

    def accepts(self, word: str) -> bool:
        """Whether ``word`` (already reduced to letters) may be guessed."""
        return word in self.guesses
