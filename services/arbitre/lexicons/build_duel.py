"""Build the Duel de Mots word lists (guesses and secrets) from Debian's Hunspell dictionaries.

Usage::

    python -m arbitre.lexicons.build_duel LANG|all [--out DIR] [--hunspell-dir DIR]

For each language it writes ``DIR/LANG.guesses.txt``, ``DIR/LANG.secrets.txt`` (one word per
line, reduced to the language's letters by :func:`arbitre.rules.kinds.duel.alphabet.word`,
sorted, UTF-8, with a final newline) and ``DIR/LANG.NOTICE.md`` (source, licence, recipe and
what was excluded). The default ``DIR`` is the shipped ``data/duel`` next to this module.

**Guesses** (every acceptable word):

1. Every ``.dic`` entry is read; these entries are dropped with every form derived from them:
   stems with a capital letter (proper nouns, acronyms and abbreviations such as ``NATO``,
   ``Paris``, ``ADSL``: the dictionaries mark proper nouns this way); the recipe's short list
   of lowercase abbreviations (English ``hdqrs``); for French, the entries
   :func:`arbitre.lexicons.build_french.select_entry` rejects (proper-noun, prefix and symbol
   tags, units, elision and locution fragments, its list of abbreviations); for Korean, the
   ``ONLYINCOMPOUND`` entries (conjugated stems that only stand before an auxiliary verb) and
   the ``FORBIDDENWORD`` ones (listed misspellings).
2. Every remaining entry is expanded with all its affixes (:mod:`arbitre.lexicons.hunspell`),
   except for Korean, whose affixes are particles and verb endings glued to the word: a noun
   with its particle (사과를, 사과가) is a phrase, not a word a player would guess, so the
   Korean guesses are the dictionary's headwords (nouns, adverbs, verbs and adjectives in
   their ``-다`` form...). Forbidden forms (``FORBIDDENWORD``) are dropped.
3. Each form is reduced to letters: a form with a character that is not a letter of the
   language (digits, apostrophes, hyphens, dots of abbreviations, Latin letters in Korean,
   Q/W/X in Turkish) is dropped; a form is kept when it has exactly 5 letters.

**Secrets** (the words a round may hide), chosen among the guesses:

* the word's frequency is the best Zipf value (``wordfreq``'s ``best`` list, rounded to 2
  decimals like :func:`wordfreq.zipf_frequency`) over the lowercase surface forms that reduce
  to it; it must be at least the language's ``min_zipf``;
* the word must have a **base form** among its surface forms (see :func:`is_base_form`):
  the dictionary form of its entry, so no plural, no conjugated verb, no case form derived by
  an affix (as in the original Wordle list). Some dictionaries also list inflected forms as
  bare entries (no affix flag): English plurals in ``-s`` of another word (``balls``) are not
  base forms; Turkish bare entries are inflected forms (``bilip``, ``ömrüm``); Russian bare
  entries are when another entry's affixes make the same word or when they end in a case
  ending (``щеках``, ``этими``); see :class:`Recipe`. For French and Spanish, an inflected
  form is accepted when it is very common (``inflected_min_zipf``: ``était``, ``tiene``...);
* the language's short list of offensive words (:data:`OFFENSIVE`) is removed;
* the most frequent :data:`TARGET_SECRETS` remain (ties in word order).

Frequencies are read from ``wordfreq.get_frequency_dict`` rather than ``zipf_frequency``: the
values are the same for a single word, and no tokenizer runs (Korean's needs MeCab, which is
not installed). The build is deterministic: it depends only on the dictionary files and the
``wordfreq`` data, never on the order of the ``.dic`` lines; the notice records the Debian
package version (``dpkg-query``) and the ``wordfreq`` version.
"""

from __future__ import annotations

import argparse
import math
import re
import subprocess
import sys
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Literal

from wordfreq import get_frequency_dict

from arbitre.lexicons import build_french
from arbitre.lexicons.hunspell import AffixFile, DicEntry, Form, expand_entry, parse_aff, parse_dic
from arbitre.rules.kinds.duel.alphabet import (
    LANGUAGES,
    WORD_LENGTH,
    Language,
    NotALetterError,
    WrongLengthError,
    language,
    word,
)

BareEntries = Literal["base", "if_made", "inflected"]

DEFAULT_HUNSPELL_DIR = Path("/usr/share/hunspell")
DEFAULT_OUT = Path(__file__).resolve().parent / "data" / "duel"

#: The number of secrets kept at most, the most frequent first.
TARGET_SECRETS = 2_500

# Why an entry or a form was excluded: the keys of BuildResult.excluded.
PROPER_NOUN = "entries with a capital letter (proper nouns, acronyms, abbreviations)"
FRENCH_NON_WORD = (
    "entries rejected by build_french.select_entry (proper-noun/prefix/symbol tags, units, "
    "elision and locution fragments, abbreviations)"
)
ABBREVIATION = "entries in the builder's list of lowercase abbreviations"
ONLY_IN_COMPOUND = (
    "entries marked ONLYINCOMPOUND (only parts of compounds: Korean conjugated stems, English "
    "number suffixes)"
)
FORBIDDEN_ENTRY = "entries marked FORBIDDENWORD (listed misspellings)"
FORBIDDEN_FORM = "forms marked FORBIDDENWORD"
NOT_LETTERS = "short forms (5 characters at most) with a character that is not a letter"

# Secret selection: why a 5-letter guess is not a secret (keys of BuildResult.not_secret).
RARE = "below the frequency threshold"
INFLECTED = "frequent enough, but only as an inflected form (no base form)"
OFFENSIVE_WORD = "in the offensive-word list"
OVER_TARGET = "frequent enough, but beyond the target size"


#: Offensive words and slurs kept out of the secrets (they stay valid guesses), as normalised
#: words. Each list names the words of that language that the frequency selection would
#: otherwise pick; it is short on purpose, the reviewer's judgement, not a complete lexicon.
OFFENSIVE: dict[Language, frozenset[str]] = {
    Language.EN: frozenset(
        {
            "BITCH",
            "BOOBS",
            "DILDO",
            "DYKES",
            "HOMOS",
            "HONKY",
            "NEGRO",
            "PUSSY",
            "SLUTS",
            "SQUAW",
            "TITTY",
            "WHORE",
        }
    ),
    Language.FR: frozenset({"CONNE", "NEGRE", "NIQUE", "SALOP", "MERDE", "CHIER", "BITES"}),
    Language.ES: frozenset({"JODER", "VERGA", "POLLA", "ZORRA", "PUTAS", "CULOS", "PICHA"}),
    Language.RU: frozenset(
        {"БЛЯДЬ", "ГОВНО", "КУРВА", "МУДАК", "ПИДОР", "ПИЗДА", "СУЧКА", "ХУЙНЯ", "ЧУРКА", "ШЛЮХА"}
    ),
    Language.TR: frozenset({"AMCIK", "YARAK", "KAHPE", "GAVUR", "ALLAH"}),
    Language.KO: frozenset({"ㅊㅏㅇㄴㅕ", "ㅅㅐㄱㄱㅣ"}),
}


@dataclass(frozen=True)
class Recipe:
    """How one language's lists are made: its dictionary (``dictionary``.aff/.dic, from Debian
    package ``package``) and its secret selection thresholds."""

    language: Language
    dictionary: str
    package: str
    upstream: str
    licence: str
    licence_files: tuple[str, ...]
    min_zipf: float
    inflected_min_zipf: float | None = None
    expand: bool = True
    # What an entry without affix flags is. Some dictionaries list many inflected forms as bare
    # entries of their own: "inflected" (Turkish "bilip", "ömrüm": its bare entries are
    # inflected forms, except the very common ones, see inflected_min_zipf), "if_made"
    # (Russian "щеках": inflected when another entry's affixes make the same word) or "base"
    # (the others, whose bare entries are invariable words).
    bare_entries: BareEntries = "base"
    # Endings that make a bare entry an inflected form whatever bare_entries says (Russian
    # case endings that no nominative singular has: "щеках", "этому", "этими").
    bare_inflected_endings: tuple[str, ...] = ()
    # Whether a word ending in a single -s whose stem without it is a word too is a plural, not
    # a base form (English: the dictionary lists "balls", "woods", "jeans" as entries).
    plural_s: bool = False
    # Lowercase abbreviations the dictionary lists as words: dropped from the guesses.
    abbreviations: frozenset[str] = frozenset()


RECIPES: dict[Language, Recipe] = {
    recipe.language: recipe
    for recipe in (
        Recipe(
            language=Language.EN,
            dictionary="en_US",
            package="hunspell-en-us",
            upstream="SCOWL (Spell Checker Oriented Word Lists), Kevin Atkinson and contributors",
            licence="the SCOWL permission notice (permissive, notice must be kept)",
            licence_files=("en_US.copyright.txt",),
            min_zipf=2.8,
            plural_s=True,
            abbreviations=frozenset({"hdqrs"}),
        ),
        Recipe(
            language=Language.FR,
            dictionary="fr",
            package="hunspell-fr-comprehensive",
            upstream="Grammalecte / Dicollecte French dictionary, Olivier R. and contributors",
            licence="MPL-2.0",
            licence_files=("MPL-2.0.txt",),
            min_zipf=2.75,
            inflected_min_zipf=5.75,
        ),
        Recipe(
            language=Language.ES,
            dictionary="es_ES",
            package="hunspell-es",
            upstream="RLA-ES Spanish dictionary, Santiago Bosio (LibreOffice dictionaries)",
            licence="MPL-2.0 (the dictionary is GPL-3+ or LGPL-3+ or MPL-1.1+; MPL 2.0 chosen)",
            licence_files=("MPL-2.0.txt",),
            min_zipf=2.75,
            inflected_min_zipf=5.75,
        ),
        Recipe(
            language=Language.RU,
            bare_entries="if_made",
            bare_inflected_endings=("ах", "ях", "ами", "ями", "его", "ому", "ему", "ими", "ыми"),
            dictionary="ru_RU",
            package="hunspell-ru",
            upstream="Russian dictionary by Alexander I. Lebedev (LibreOffice dictionaries)",
            licence="Alexander I. Lebedev's BSD-style licence (modified versions marked)",
            licence_files=("ru_RU.LICENSE.txt",),
            min_zipf=2.75,
        ),
        Recipe(
            language=Language.TR,
            bare_entries="inflected",
            dictionary="tr_TR",
            package="hunspell-tr",
            upstream="Turkish dictionary by Harun Reşit Zafer (LibreOffice dictionaries)",
            licence="MPL-2.0",
            licence_files=("MPL-2.0.txt",),
            min_zipf=3.5,
        ),
        Recipe(
            language=Language.KO,
            dictionary="ko",
            package="hunspell-ko",
            upstream="hunspell-dict-ko, Changwoo Ryu and the spellcheck-ko contributors",
            licence=("GPL-3.0-or-later (the dictionary as a whole); its word data is CC BY-SA 4.0"),
            licence_files=("ko.copyright.txt", "GPL-3.txt"),
            min_zipf=3.0,
            expand=False,
        ),
    )
}


def is_base_form(lang: Language, form: Form) -> bool:
    """Whether ``form`` is its entry's dictionary form (a possible secret).

    French: the stem itself, an infinitive, or a singular that is not a past participle
    (``belle`` is the base form of ``beau``'s feminine, ``aimée`` is not). English: the stem
    with no affix (so no ``-s`` plural, ``-ed``, ``-ing``...). Other languages: the form equal
    to the stem (Russian and Spanish stems are nominative singulars and infinitives; Turkish
    stems are roots, and the dictionary lists its common derived words as entries of their
    own). Korean headwords are all base forms.
    """
    if lang is Language.EN:
        return not form.affixes
    if lang is Language.FR:
        morph = form.morph
        return (
            form.word == form.entry.stem
            or "po:infi" in morph
            or ("is:sg" in morph and "po:ppas" not in morph)
        )
    return form.word == form.entry.stem


def _plural_s(surface: str) -> bool:
    """Whether an English word ends like a plural in -s (not -ss, -us, -is)."""
    return surface.endswith("s") and not surface.endswith(("ss", "us", "is"))


def exclusion_reason(lang: Language, entry: DicEntry, affixes: AffixFile) -> str | None:
    """Why ``entry`` (and every form of it) is dropped, or None to expand it."""
    if any(char.isupper() for char in entry.stem):
        return PROPER_NOUN
    if entry.stem in RECIPES[lang].abbreviations:
        return ABBREVIATION
    if lang is Language.FR and build_french.select_entry(entry, affixes) is None:
        return FRENCH_NON_WORD
    if affixes.forbiddenword is not None and affixes.forbiddenword in entry.flags:
        return FORBIDDEN_ENTRY
    if affixes.onlyincompound is not None and affixes.onlyincompound in entry.flags:
        return ONLY_IN_COMPOUND
    return None


@dataclass
class BuildResult:
    """The lists of one language and how they were obtained."""

    recipe: Recipe
    guesses: list[str]
    secrets: list[str]
    entries: int
    excluded: Counter[str] = field(default_factory=Counter)
    not_secret: Counter[str] = field(default_factory=Counter)
    offensive_removed: list[str] = field(default_factory=list)


def _forms(
    lang: Language, entry: DicEntry, affixes: AffixFile, expand: bool
) -> Iterable[tuple[str, bool, bool]]:
    """(surface form, is a base form, is forbidden) of an entry."""
    if not expand:
        yield entry.stem, True, False
        return
    rule_filter = build_french.keep_rule if lang is Language.FR else None
    for form in expand_entry(entry, affixes, rule_filter=rule_filter):
        yield form.word, is_base_form(lang, form), form.forbidden


# Combining marks: a character of an NFC word that may reduce to no letter (an accent that did
# not compose). Every other character gives one letter or more, or is not a letter at all.
_COMBINING = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def _too_long(surface: str) -> bool:
    """Whether ``surface`` certainly has more than 5 letters: a quick test before
    :func:`~arbitre.rules.kinds.duel.alphabet.word`, which is slower. Every character but a
    combining mark is one letter or more (a Korean conjoining jamo too), or not a letter."""
    return len(surface) > WORD_LENGTH and _COMBINING.search(surface) is None


def zipf_table(lang: Language) -> Callable[[str], float]:
    """The Zipf frequency of a lowercase word in ``wordfreq``'s best list (0 if absent)."""
    frequencies = get_frequency_dict(lang.value)

    def zipf(surface: str) -> float:
        found = frequencies.get(unicodedata.normalize("NFC", surface))
        return round(math.log10(found) + 9, 2) if found else 0.0

    return zipf


def build(recipe: Recipe, aff_text: str, dic_text: str) -> BuildResult:
    """The guesses and secrets of ``recipe``'s language from its ``.aff`` and ``.dic`` texts."""
    lang = recipe.language
    affixes = parse_aff(aff_text)
    entries = parse_dic(dic_text, affixes)
    result = BuildResult(recipe, [], [], len(entries))
    accepted: dict[str, bool] = {}  # surface form -> whether some entry has it as base form
    inflected: set[str] = set()  # the surface forms some entry makes as an inflected form
    listed: set[str] = set()  # the stems of entries without flags, for bare_entries="if_made"
    forbidden: set[str] = set()
    rejected: set[str] = set()
    for entry in entries:
        reason = exclusion_reason(lang, entry, affixes)
        if reason is not None:
            result.excluded[reason] += 1
            continue
        for surface, base, is_forbidden in _forms(lang, entry, affixes, recipe.expand):
            if is_forbidden:
                forbidden.add(surface)
            else:
                if not base:
                    inflected.add(surface)
                elif not entry.flags and (
                    recipe.bare_entries == "inflected"
                    or surface.endswith(recipe.bare_inflected_endings)
                ):
                    base = False
                elif not entry.flags and recipe.bare_entries == "if_made":
                    listed.add(surface)
                    continue
                accepted[surface] = accepted.get(surface, False) or base
    for surface in listed:
        accepted[surface] = accepted.get(surface, False) or surface not in inflected
    if recipe.plural_s:
        for surface, base in accepted.items():
            if base and _plural_s(surface) and surface[:-1] in accepted:
                accepted[surface] = False
    surfaces: dict[str, list[tuple[str, bool]]] = {}
    for surface in sorted(accepted.keys() - forbidden):
        if _too_long(surface):
            continue
        try:
            reduced = word(surface, lang)
        except WrongLengthError:
            continue
        except NotALetterError:
            rejected.add(surface)
            continue
        surfaces.setdefault(reduced, []).append((surface, accepted[surface]))
    result.excluded[FORBIDDEN_FORM] = len(forbidden)
    result.excluded[NOT_LETTERS] = len(rejected)
    result.guesses = sorted(surfaces)
    result.secrets = _secrets(recipe, surfaces, zipf_table(lang), result)
    return result


def _secrets(
    recipe: Recipe,
    surfaces: dict[str, list[tuple[str, bool]]],
    zipf: Callable[[str], float],
    result: BuildResult,
) -> list[str]:
    """Pick the secrets among the guesses (see the module docstring); count the others."""
    offensive = OFFENSIVE[recipe.language]
    candidates: list[tuple[float, str]] = []
    for reduced, forms in sorted(surfaces.items()):
        best = max(zipf(surface) for surface, _ in forms)
        base = any(flag for _, flag in forms)
        inflected_ok = recipe.inflected_min_zipf is not None and best >= recipe.inflected_min_zipf
        if best < recipe.min_zipf:
            result.not_secret[RARE] += 1
        elif not base and not inflected_ok:
            result.not_secret[INFLECTED] += 1
        elif reduced in offensive:
            result.not_secret[OFFENSIVE_WORD] += 1
            result.offensive_removed.append(reduced)
        else:
            candidates.append((-best, reduced))
    candidates.sort()
    result.not_secret[OVER_TARGET] = max(0, len(candidates) - TARGET_SECRETS)
    return sorted(reduced for _, reduced in candidates[:TARGET_SECRETS])


def package_version(package: str) -> str:
    """The installed version of a Debian package (``dpkg-query``), or ``unknown``."""
    try:
        done = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", package],
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:
        return "unknown"
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else "unknown"


def wordfreq_version() -> str:
    """The installed ``wordfreq`` version."""
    return metadata.version("wordfreq")


def notice(result: BuildResult, version: str, freq_version: str) -> str:
    """The Markdown notice of one language's lists."""
    recipe = result.recipe
    code = recipe.language.value
    files = ", ".join(f"[`{name}`]({name})" for name in recipe.licence_files)
    lines = [
        f"# `{code}.guesses.txt`, `{code}.secrets.txt`: Duel de Mots word lists",
        "",
        f"`{code}.guesses.txt` holds {len(result.guesses):,} words of 5 letters (every word a "
        f"player may guess); `{code}.secrets.txt` holds {len(result.secrets):,} of them, common "
        "words a round may hide. One word per line, reduced to the language's letters "
        "(`arbitre.rules.kinds.duel.alphabet.word`), sorted, UTF-8.",
        "",
        "## Source and licence",
        "",
        f"Derived from the Hunspell dictionary `{recipe.dictionary}.aff`/`{recipe.dictionary}.dic`"
        f" ({recipe.upstream}), as packaged by Debian: `{recipe.package}` {version}.",
        "",
        f"Licence of these lists: {recipe.licence}. See {files}. These lists are a modified "
        "version of the dictionary: words filtered and reduced to letters as described below.",
        "",
        f"Secrets are chosen by frequency with `wordfreq` {freq_version} (Robyn Speer; its data "
        "is used only to rank words, none of it is copied).",
        "",
        "## How they are made",
        "",
        "Recipe: `arbitre/lexicons/build_duel.py` (the module docstring states every rule), "
        "using the Hunspell affix expander `arbitre/lexicons/hunspell.py`.",
        "",
        f"* {result.entries:,} dictionary entries read.",
    ]
    lines += [
        f"* Excluded: {count:,} {reason}." for reason, count in sorted(result.excluded.items())
    ]
    expansion = (
        "every entry expanded with all its affixes"
        if recipe.expand
        else "the headwords only, not expanded with their particles and endings"
    )
    lines += [
        f"* Guesses: {expansion}; the forms of exactly 5 letters: {len(result.guesses):,} words.",
        f"* Secrets: frequency (best Zipf over the surface forms) at least {recipe.min_zipf}, "
        "a base form (the dictionary form of its entry)"
        + (
            f" unless the inflected form has Zipf at least {recipe.inflected_min_zipf}"
            if recipe.inflected_min_zipf is not None
            else ""
        )
        + f", not offensive, the {TARGET_SECRETS:,} most frequent at most: "
        f"{len(result.secrets):,} words.",
    ]
    lines += [
        f"* Guesses not kept as secrets: {count:,} {reason}."
        for reason, count in sorted(result.not_secret.items())
    ]
    removed = ", ".join(result.offensive_removed) or "none"
    lines += [
        f"* Offensive words removed from the secrets: {removed}.",
        "",
        "To rebuild (the test `tests/lexicons/test_build_duel.py` checks the result is identical):",
        "",
        "```sh",
        f"apt-get install {recipe.package}",
        f"PYTHONPATH=services python -m arbitre.lexicons.build_duel {code}",
        "```",
        "",
    ]
    return "\n".join(lines)


def word_file(words: Iterable[str]) -> bytes:
    """One word per line, UTF-8, each line ending with a newline."""
    return "".join(f"{w}\n" for w in words).encode("utf-8")


def build_language(lang: Language, hunspell_dir: Path, out: Path) -> BuildResult:
    """Build one language from ``hunspell_dir`` and write its three files to ``out``."""
    recipe = RECIPES[lang]
    aff = hunspell_dir / f"{recipe.dictionary}.aff"
    dic = hunspell_dir / f"{recipe.dictionary}.dic"
    result = build(recipe, aff.read_text(encoding="utf-8"), dic.read_text(encoding="utf-8"))
    out.mkdir(parents=True, exist_ok=True)
    code = lang.value
    (out / f"{code}.guesses.txt").write_bytes(word_file(result.guesses))
    (out / f"{code}.secrets.txt").write_bytes(word_file(result.secrets))
    text = notice(result, package_version(recipe.package), wordfreq_version())
    (out / f"{code}.NOTICE.md").write_bytes(text.encode("utf-8"))
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m arbitre.lexicons.build_duel",
        description="Build the Duel de Mots word lists from Debian's Hunspell dictionaries.",
    )
    parser.add_argument("language", help="a language code (" + ", ".join(LANGUAGES) + ") or all")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the directory to write")
    parser.add_argument(
        "--hunspell-dir", type=Path, default=DEFAULT_HUNSPELL_DIR, help="the .aff/.dic directory"
    )
    args = parser.parse_args(argv)
    langs = list(LANGUAGES) if args.language == "all" else [language(args.language)]
    for lang in langs:
        recipe = RECIPES[lang]
        for suffix in ("aff", "dic"):
            path = args.hunspell_dir / f"{recipe.dictionary}.{suffix}"
            if not path.is_file():
                parser.error(f"{path} not found (apt-get install {recipe.package})")
    for lang in langs:
        started = time.perf_counter()
        result = build_language(lang, args.hunspell_dir, args.out)
        elapsed = time.perf_counter() - started
        print(
            f"{lang.value}: {len(result.guesses)} guesses, {len(result.secrets)} secrets "
            f"written to {args.out} in {elapsed:.1f} s",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
