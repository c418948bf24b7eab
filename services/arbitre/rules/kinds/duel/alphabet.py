"""The letters of each Duel de Mots language: what a person types, reduced to letters.

Words are compared letter by letter, so every word is first reduced to its language's letters:
uppercase, exactly one character per letter. Surrounding whitespace is ignored; anything else
that is not a letter is a :class:`NotALetterError`.

* **English** (``en``) and **French** (``fr``): A–Z. Accents fold to the base letter (É -> E,
  Ç -> C); a ligature counts as two letters (Œ -> OE, Æ -> AE, ß -> SS).
* **Spanish** (``es``): A–Z and Ñ, a letter of its own (27 letters); other accents fold.
* **Russian** (``ru``): the Cyrillic alphabet with Ё counted as Е (32 letters); Й stays Й.
* **Turkish** (``tr``): the 29 letters, with a case mapping of its own: dotted İ/i and dotless
  I/ı are two letters (i -> İ, ı -> I); Q, W, X are not letters; â î û fold to A İ U.
* **Korean** (``ko``): jamo, not syllables: the 26 keys of the unshifted 2-beolsik keyboard.
  A syllable splits into its jamo, and a doubled consonant, a compound vowel or a final cluster
  splits further (ㄲ -> ㄱㄱ, ㅘ -> ㅗㅏ, ㄳ -> ㄱㅅ). :func:`display` composes them back.

Every function taking a language takes a :class:`Language` or its code (see :func:`language`).

>>> letters("cœurs", "fr")
'COEURS'
>>> word(" Élève ", "fr")
'ELEVE'
>>> letters("niño", "es"), letters("ёлка", "ru")
('NIÑO', 'ЕЛКА')
>>> word("niño", "es")
Traceback (most recent call last):
...
arbitre.rules.kinds.duel.alphabet.WrongLengthError: 'niño' has 4 letters (NIÑO); a word has 5
>>> letters("Cœur!", "fr")
Traceback (most recent call last):
...
arbitre.rules.kinds.duel.alphabet.NotALetterError: '!' (U+0021) is not a letter in French (fr)
>>> letters("istanbul", "tr"), letters("ılık", "tr")
('İSTANBUL', 'ILIK')
>>> word("사과", "ko")
'ㅅㅏㄱㅗㅏ'
>>> display(letters("값어치", "ko"), "ko")
'값어치'
"""

from __future__ import annotations

import unicodedata
from enum import StrEnum

from arbitre.rules.errors import ArbitreError

__all__ = [
    "LANGUAGES",
    "WORD_LENGTH",
    "Language",
    "NotALetterError",
    "UnknownLanguageError",
    "WrongLengthError",
    "alphabet",
    "display",
    "keyboard",
    "language",
    "letters",
    "word",
]

#: The number of letters of a word.
WORD_LENGTH = 5


class Language(StrEnum):
    """A language of the words; the value is its code."""

    EN = "en"
    FR = "fr"
    ES = "es"
    RU = "ru"
    TR = "tr"
    KO = "ko"


#: Every language, in a stable order.
LANGUAGES: tuple[Language, ...] = tuple(Language)


class UnknownLanguageError(ArbitreError):
    """No language has this code."""

    code = "unknown_language"


class NotALetterError(ArbitreError):
    """A character that is not a letter of the language (and folds to none)."""

    code = "not_a_letter"


class WrongLengthError(ArbitreError):
    """A word that does not have :data:`WORD_LENGTH` letters."""

    code = "wrong_length"


_NAMES: dict[Language, str] = {
    Language.EN: "English",
    Language.FR: "French",
    Language.ES: "Spanish",
    Language.RU: "Russian",
    Language.TR: "Turkish",
    Language.KO: "Korean",
}

_LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_TURKISH = "ABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ"
_TURKISH_LOWER = "abcçdefgğhıijklmnoöprsştuüvyz"  # the same letters, one for one

# Korean: the jamo a syllable is made of, in Unicode's order (Hangul Compatibility Jamo).
_INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
_MEDIALS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
_FINALS = "ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"  # index + 1 in a syllable
_CONSONANTS = "ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ"
_VOWELS = "ㅏㅑㅓㅕㅗㅛㅜㅠㅡㅣㅐㅔ"
_SYLLABLE_FIRST, _SYLLABLE_LAST = 0xAC00, 0xD7A3
_CONJOINING_INITIAL, _CONJOINING_MEDIAL, _CONJOINING_FINAL = 0x1100, 0x1161, 0x11A8
#: Every Korean jamo that is not a letter -> the letters it is made of.
_JAMO_PARTS: dict[str, str] = {
    "ㄲ": "ㄱㄱ", "ㄸ": "ㄷㄷ", "ㅃ": "ㅂㅂ", "ㅆ": "ㅅㅅ", "ㅉ": "ㅈㅈ",
    "ㅒ": "ㅑㅣ", "ㅖ": "ㅕㅣ", "ㅘ": "ㅗㅏ", "ㅙ": "ㅗㅐ", "ㅚ": "ㅗㅣ",
    "ㅝ": "ㅜㅓ", "ㅞ": "ㅜㅔ", "ㅟ": "ㅜㅣ", "ㅢ": "ㅡㅣ",
    "ㄳ": "ㄱㅅ", "ㄵ": "ㄴㅈ", "ㄶ": "ㄴㅎ", "ㄺ": "ㄹㄱ", "ㄻ": "ㄹㅁ", "ㄼ": "ㄹㅂ",
    "ㄽ": "ㄹㅅ", "ㄾ": "ㄹㅌ", "ㄿ": "ㄹㅍ", "ㅀ": "ㄹㅎ", "ㅄ": "ㅂㅅ",
}  # fmt: skip

_ALPHABETS: dict[Language, str] = {
    Language.EN: _LATIN,
    Language.FR: _LATIN,
    Language.ES: "ABCDEFGHIJKLMNÑOPQRSTUVWXYZ",
    Language.RU: "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ",
    Language.TR: _TURKISH,
    Language.KO: _CONSONANTS + _VOWELS,
}

_KOREAN_LETTERS = frozenset(_ALPHABETS[Language.KO])
# What display() composes: the jamo made of two letters, by their letters.
_DOUBLE_INITIALS = {_JAMO_PARTS[j]: j for j in _INITIALS if j in _JAMO_PARTS}
_COMPOUND_VOWELS = {_JAMO_PARTS[j]: j for j in _MEDIALS if j in _JAMO_PARTS}
_COMPOUND_FINALS = {_JAMO_PARTS[j]: j for j in _FINALS if j in _JAMO_PARTS}

_KEYBOARDS: dict[Language, tuple[str, ...]] = {
    Language.EN: ("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"),
    Language.FR: ("AZERTYUIOP", "QSDFGHJKLM", "WXCVBN"),
    Language.ES: ("QWERTYUIOP", "ASDFGHJKLÑ", "ZXCVBNM"),
    Language.RU: ("ЙЦУКЕНГШЩЗХЪ", "ФЫВАПРОЛДЖЭ", "ЯЧСМИТЬБЮ"),
    Language.TR: ("ERTYUIOPĞÜ", "ASDFGHJKLŞİ", "ZCVBNMÖÇ"),  # Turkish Q without Q, W, X
    Language.KO: ("ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ", "ㅁㄴㅇㄹㅎㅗㅓㅏㅣ", "ㅋㅌㅊㅍㅠㅜㅡ"),
}

_LIGATURES = {"Œ": "OE", "œ": "OE", "Æ": "AE", "æ": "AE", "ß": "SS", "ẞ": "SS"}


def _cased(letters_: str, lower: str) -> dict[str, str]:
    """Each letter and its lowercase form (``lower``, one for one) -> the letter."""
    return {**dict(zip(letters_, letters_, strict=True)), **dict(zip(lower, letters_, strict=True))}


#: For the alphabetic languages: every character (NFC) that is letters as it is -> its letters.
#: Other characters fold to their base character (NFD without combining marks) if that is here.
_FOLDS: dict[Language, dict[str, str]] = {
    Language.EN: {**_cased(_LATIN, _LATIN.lower()), **_LIGATURES},
    Language.FR: {**_cased(_LATIN, _LATIN.lower()), **_LIGATURES},
    Language.ES: {**_cased(_ALPHABETS[Language.ES], _ALPHABETS[Language.ES].lower()), **_LIGATURES},
    Language.RU: {
        **_cased(_ALPHABETS[Language.RU], _ALPHABETS[Language.RU].lower()),
        "Ё": "Е",
        "ё": "Е",
    },
    Language.TR: {
        **_cased(_TURKISH, _TURKISH_LOWER),
        **{"Â": "A", "â": "A", "Î": "İ", "î": "İ", "Û": "U", "û": "U"},
    },
}


def language(value: str) -> Language:
    """The language of code ``value`` (case and surrounding whitespace ignored), or
    :class:`UnknownLanguageError`."""
    try:
        return Language(value.strip().lower())
    except ValueError:
        codes = ", ".join(LANGUAGES)
        raise UnknownLanguageError(
            f"no language has the code {value!r}; the languages are: {codes}"
        ) from None


def alphabet(lang: Language | str) -> str:
    """The letters of ``lang``, one character each, in the language's order (Korean: the
    consonants, then the vowels)."""
    return _ALPHABETS[language(lang)]


def keyboard(lang: Language | str) -> tuple[str, ...]:
    """The rows of letter keys of ``lang``'s on-screen keyboard, top to bottom: together
    every letter of :func:`alphabet`, each once."""
    return _KEYBOARDS[language(lang)]


def letters(text: str, lang: Language | str) -> str:
    """What a person typed, reduced to the letters of ``lang`` (any number, maybe none).

    Surrounding whitespace is ignored; any other character that is not a letter and does not
    fold to letters is a :class:`NotALetterError` naming it.
    """
    lang = language(lang)
    text = text.strip()
    if lang is Language.KO:
        return "".join(_jamo_letters(char) for char in text)
    folds = _FOLDS[lang]
    out: list[str] = []
    for char in unicodedata.normalize("NFC", text):
        found = folds.get(char)
        if found is None:
            if out and unicodedata.category(char) == "Mn":
                continue  # an accent that did not compose with the letter before it
            base = "".join(
                part
                for part in unicodedata.normalize("NFD", char)
                if unicodedata.category(part) != "Mn"
            )
            found = folds.get(base)
            if found is None:
                raise _not_a_letter(char, lang)
        out.append(found)
    return "".join(out)


def word(text: str, lang: Language | str) -> str:
    """:func:`letters` of ``text``, which must be :data:`WORD_LENGTH` letters, or
    :class:`WrongLengthError`."""
    found = letters(text, lang)
    if len(found) != WORD_LENGTH:
        shown = f" ({found})" if found != text.strip() else ""
        raise WrongLengthError(
            f"{text.strip()!r} has {len(found)} letters{shown}; a word has {WORD_LENGTH}"
        )
    return found


def display(letters_: str, lang: Language | str) -> str:
    """``letters_`` as people read them: Korean jamo composed into syllables, greedily from the
    left wherever they form one (compound vowels, doubled initials and final clusters included;
    a consonant followed by a vowel starts the next syllable); other languages unchanged."""
    if language(lang) is not Language.KO:
        return letters_
    out: list[str] = []
    at = 0
    while at < len(letters_):
        syllable, at = _syllable(letters_, at)
        out.append(syllable)
    return "".join(out)


def _not_a_letter(char: str, lang: Language) -> NotALetterError:
    return NotALetterError(
        f"{char!r} (U+{ord(char):04X}) is not a letter in {_NAMES[lang]} ({lang.value})"
    )


def _jamo_letters(char: str) -> str:
    """The Korean letters of one character: a syllable, a compatibility or conjoining jamo."""
    code = ord(char)
    if _SYLLABLE_FIRST <= code <= _SYLLABLE_LAST:
        index = code - _SYLLABLE_FIRST
        final = index % 28
        jamo = _INITIALS[index // 588] + _MEDIALS[index // 28 % 21]
        jamo += _FINALS[final - 1] if final else ""
        return "".join(_JAMO_PARTS.get(j, j) for j in jamo)
    if 0 <= code - _CONJOINING_INITIAL < len(_INITIALS):
        char = _INITIALS[code - _CONJOINING_INITIAL]
    elif 0 <= code - _CONJOINING_MEDIAL < len(_MEDIALS):
        char = _MEDIALS[code - _CONJOINING_MEDIAL]
    elif 0 <= code - _CONJOINING_FINAL < len(_FINALS):
        char = _FINALS[code - _CONJOINING_FINAL]
    if char in _JAMO_PARTS:
        return _JAMO_PARTS[char]
    if char in _KOREAN_LETTERS:
        return char
    raise _not_a_letter(chr(code), Language.KO)


def _syllable(text: str, at: int) -> tuple[str, int]:
    """The longest syllable starting at ``at`` (or the single character there, if none
    starts there) and where the next one starts."""

    def vowel(place: int) -> bool:
        return place < len(text) and text[place] in _VOWELS

    def consonant(place: int) -> bool:
        return place < len(text) and text[place] in _CONSONANTS

    if not consonant(at):
        return text[at], at + 1
    initial, place = text[at], at + 1
    if not vowel(place) and text[at : at + 2] in _DOUBLE_INITIALS and vowel(at + 2):
        initial, place = _DOUBLE_INITIALS[text[at : at + 2]], at + 2
    if not vowel(place):
        return text[at], at + 1
    medial, place = text[place], place + 1
    if vowel(place) and medial + text[place] in _COMPOUND_VOWELS:
        medial, place = _COMPOUND_VOWELS[medial + text[place]], place + 1
    final = ""
    if consonant(place) and not vowel(place + 1):
        final, place = text[place], place + 1
        pair = final + text[place : place + 1]
        if consonant(place) and not vowel(place + 1) and pair in _COMPOUND_FINALS:
            final, place = _COMPOUND_FINALS[pair], place + 1
    index = (_INITIALS.index(initial) * 21 + _MEDIALS.index(medial)) * 28
    index += _FINALS.index(final) + 1 if final else 0
    return chr(_SYLLABLE_FIRST + index), place
