"""Build the free French word list from Grammalecte/Dicollecte's Hunspell dictionary.

Usage::

    python -m arbitre.lexicons.build_french [--aff PATH] [--dic PATH] [--output PATH]

The defaults read Debian's ``hunspell-fr-comprehensive`` package (dictionary v7.0,
"toutes variantes", MPL-2.0) and write ``data/fr.txt.gz`` next to this module. Every
affix rule is expanded by :mod:`arbitre.lexicons.hunspell`; entries that cannot be
Scrabble words are dropped, and each remaining form is normalised to A–Z. The output
is the sorted list of unique words, one per line, gzip-compressed without a time
stamp or file name so that rebuilding gives byte-identical output.

Dropped entries (a dictionary line and every form derived from it):

* stems with a capital letter: proper nouns, acronyms, chemical formulas;
* stems of one character (letters, unit symbols such as ``m`` that the unit prefixes
  turn into ``cm``, ``km``...);
* units and symbols, which the dictionary marks ``KEEPCASE`` (``||``): ``kg``,
  ``ppm``, ``atm``... except the few that are also ordinary words (:data:`UNIT_WORDS`);
* entries tagged only as proper noun, prefix, suffix or symbol (``po:npr``,
  ``po:prn``, ``po:patr``, ``po:pfx``, ``po:sfx``, ``po:sign``...);
* entries tagged ``po:err``: the dictionary's elision fragments (``jusqu``, ``qu``...);
* a short list of abbreviations and fragments found by reading the output (:data:`BLOCKLIST`).

Dropped forms: anything the normaliser rejects (apostrophes, so every elided form,
hyphens, spaces, digits, letters outside the Latin alphabet, fewer than 2 or more than
15 letters).
"""

from __future__ import annotations

import argparse
import gzip
import io
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path

from arbitre.engine.normalise import normalise_word
from arbitre.lexicons.hunspell import (
    AffixFile,
    AffixRule,
    DicEntry,
    expand_words,
    parse_aff,
    parse_dic,
)

DEFAULT_AFF = Path("/usr/share/hunspell/fr.aff")
DEFAULT_DIC = Path("/usr/share/hunspell/fr.dic")
DEFAULT_OUTPUT = Path(__file__).resolve().parent / "data" / "fr.txt.gz"

# Grammatical tags (po:) that do not make a word on their own: an entry whose every
# tag is in this set is dropped ("loc.patr", a surname inside a locution, counts as "patr").
NON_WORD_TAGS = frozenset(
    {
        "npr",  # proper noun
        "prn",  # first name
        "patr",  # surname
        "pfx",  # prefix (anti, archi, semi, re...)
        "sfx",  # suffix (domain names: com, org, fr...)
        "sign",  # sign
        "ponc",  # punctuation
        "div",  # miscellaneous symbol
    }
)
ERROR_TAG = "err"  # the dictionary's elision fragments: jusqu, lorsqu, qu, t'il...
LOCUTION_TAG_PREFIX = "loc."

# Entries tagged only "loc.*" are words that occur only inside a locution; most are
# Latin or Italian fragments (a priori, ad hoc, in vitro, ipso facto, a cappella...)
# and are dropped, except these French words (and "in", an adjective of its own).
LOCUTION_WORDS = frozenset(
    {
        "antan",
        "api",
        "arrachepied",
        "berzingue",
        "catimini",
        "clochepied",
        "contrebord",
        "contrehaut",
        "contrepoil",
        "contrevoie",
        "croupetons",
        "daredare",
        "demeurant",
        "emblée",
        "empoigne",
        "envi",
        "florès",
        "giorno",
        "in",
        "jeun",
        "patata",
        "patati",
        "perpète",
        "perpette",
        "reculons",
        "sus",
        "tapinois",
        "tâtons",
        "tirelarigot",
        "traviole",
    }
)

# Units and symbols (KEEPCASE entries) that are also ordinary words in French word
# game lists but have no other entry in the dictionary; they are kept without the
# SI prefixes (no "mrad", "krad"). Bar, bit, erg, gal and var have their own noun
# entries. The other units and symbols (kg, ppm, atm, mbar...) are dropped.
UNIT_WORDS = frozenset({"ba", "rad", "tec", "tep", "tex"})

# Abbreviations and fragments of foreign locutions, as spelt in the dictionary.
BLOCKLIST = frozenset(
    {
        # months
        "janv",
        "févr",
        "avr",
        "juil",
        "oct",
        "nov",
        "déc",
        # editing, bibliography, correspondence
        "av",  # avant (av. J.-C.)
        "bibl",
        "chap",
        "circ",
        "cit",  # op. cit.
        "coll",
        "cf",
        "conf",
        "dpi",
        "éd",
        "env",
        "etc",
        "étym",
        "fig",
        "hab",
        "ibid",
        "litt",
        "op",
        "pt",
        "réf",
        "rel",
        "suppl",
        "tél",
        "trad",
        # mathematics
        "arccos",
        "arcsin",
        "arctan",
        "cos",
        "cosh",
        "cotan",
        "cotanh",
        "div",
        "ln",
        "sin",
        "sinh",
        "tanh",
        # fragments of Latin or foreign locutions not tagged as such
        "ab",  # ab initio
        "ac",  # d'ac
        "ad",  # ad hoc
        "al",  # al dente
        "annua",
        "annuus",
        "dei",  # agnus dei
        "ecce",  # ecce homo
        "franca",  # lingua franca
        "habeas",  # habeas corpus
        "id",  # id est
        "lingua",
        "populi",  # vox populi
        "vitae",  # curriculum vitae
        "vitæ",
        # a rare spelling of "oud" that no French word game list has
        "ud",
    }
)


def select_entry(entry: DicEntry, affixes: AffixFile) -> DicEntry | None:
    """The entry to expand, or None if it cannot yield Scrabble words (see the module
    docstring). Kept units lose their prefix flags."""
    stem = entry.stem
    if len(stem) < 2 or any(char.isupper() for char in stem):
        return None
    if stem in BLOCKLIST:
        return None
    raw_tags = entry.field("po")
    tags = {tag.removeprefix(LOCUTION_TAG_PREFIX) for tag in raw_tags}
    if ERROR_TAG in tags or (tags and tags <= NON_WORD_TAGS):
        return None
    if (
        raw_tags
        and all(tag.startswith(LOCUTION_TAG_PREFIX) for tag in raw_tags)
        and stem not in LOCUTION_WORDS
    ):
        return None
    if affixes.keepcase is not None and affixes.keepcase in entry.flags:
        if stem not in UNIT_WORDS:
            return None
        flags = tuple(flag for flag in entry.flags if flag not in affixes.prefixes)
        return replace(entry, flags=flags)
    return entry


def keep_rule(rule: AffixRule) -> bool:
    """Skip the affix rules whose every form is discarded, for speed.

    An affix adding an apostrophe (the elisions ``l'``, ``d'``, ``qu'``... and a few
    imperatives such as ``va-t'en``) keeps it in the final word, which the normaliser
    rejects: a prefix is applied last, and a suffix without continuation flags has no
    further affix that could strip it. This changes the speed of the build, not its output.
    """
    if "'" not in rule.add:
        return True
    return rule.kind == "SFX" and bool(rule.continuation)


def build_words(aff_text: str, dic_text: str) -> list[str]:
    """Return the sorted unique normalised French words from ``.aff`` and ``.dic`` texts."""
    affixes = parse_aff(aff_text)
    selected = (select_entry(entry, affixes) for entry in parse_dic(dic_text, affixes))
    entries = [entry for entry in selected if entry is not None]
    forms = expand_words(entries, affixes, rule_filter=keep_rule)
    words = {word for word in map(normalise_word, forms) if word is not None}
    return sorted(words)


def gzip_bytes(words: Iterable[str]) -> bytes:
    """One word per line, gzip-compressed deterministically (no mtime, no file name)."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, compresslevel=9, mtime=0) as out:
        for word in words:
            out.write(word.encode("ascii") + b"\n")
    return buffer.getvalue()


def build_file(aff: Path, dic: Path, output: Path) -> list[str]:
    """Build the list from the dictionary files and write it to ``output``."""
    words = build_words(aff.read_text(encoding="utf-8"), dic.read_text(encoding="utf-8"))
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_bytes(gzip_bytes(words))
    return words


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m arbitre.lexicons.build_french",
        description="Build the free French word list from a Hunspell dictionary.",
    )
    parser.add_argument("--aff", type=Path, default=DEFAULT_AFF, help="the .aff file")
    parser.add_argument("--dic", type=Path, default=DEFAULT_DIC, help="the .dic file")
    parser.add_argument(
        "--output", type=Path, default=DEFAULT_OUTPUT, help="the .txt.gz file to write"
    )
    args = parser.parse_args(argv)
    for path in (args.aff, args.dic):
        if not path.is_file():
            parser.error(f"{path} not found (apt-get install hunspell-fr-comprehensive)")
    started = time.perf_counter()
    words = build_file(args.aff, args.dic, args.output)
    elapsed = time.perf_counter() - started
    print(f"{len(words)} words written to {args.output} in {elapsed:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
