"""The free French word list: its recipe, the shipped file, and its reproducibility."""

from __future__ import annotations

import gzip
import re
import textwrap
from pathlib import Path

import pytest

from arbitre.lexicons import build_french
from arbitre.lexicons.build_french import (
    DEFAULT_AFF,
    DEFAULT_DIC,
    DEFAULT_OUTPUT,
    build_words,
    gzip_bytes,
    keep_rule,
    select_entry,
)
from arbitre.lexicons.hunspell import AffixRule, DicEntry, parse_aff, parse_dic

# The build is deterministic: this is the number of words it gives from Debian's
# hunspell-fr-comprehensive 1:7.0-1 (Grammalecte/Dicollecte 7.0).
EXPECTED_WORDS = 405_677

# The 80 two-letter words of L'Officiel du jeu Scrabble (ODS, Larousse: the reference of
# the Fédération internationale de Scrabble francophone), recent editions. Written from
# knowledge of the published list; no copy could be retrieved to check it against.
_ODS_TWO_LETTER_TEXT = """
AA AH AI AN AS AU AY BA BE BI BU CA CE CI DA DE DO DU EH EN ES ET EU EX FA FI GO
HA HE HI HM HO IF IL IN JE KA LA LE LI LU MA ME MI MU NA NE NI NO NU OC OH OM ON
OR OS OU PI PU QI RA RE RI RU SA SE SI SU TA TE TU UN US UT VA VE VS VU WU XI
"""
ODS_TWO_LETTER_WORDS = frozenset(_ODS_TWO_LETTER_TEXT.split())

PRESENT: tuple[str, ...] = (
    *("AIMASSIEZ", "FINISSIONS", "ALLASSENT", "FUSSIEZ", "EUMES", "HAISSONS"),
    *("WOK", "QAT", "QI", "EMOJI", "BAR", "RAD", "TEP", "KILOAMPERES", "OEUVRE", "IN"),
)
ABSENT: tuple[str, ...] = (
    *("CM", "KG", "ML", "KM", "PPM", "MRAD", "ETC", "AVR", "JANV", "COS", "SIN"),
    *("AB", "AD", "AL", "IBID", "FACTO", "VITRO", "JUSQU", "HM", "BE"),
)

HAVE_DICTIONARY = DEFAULT_AFF.is_file() and DEFAULT_DIC.is_file()


@pytest.fixture(scope="module")
def shipped() -> list[str]:
    return gzip.decompress(DEFAULT_OUTPUT.read_bytes()).decode("ascii").splitlines()


def test_shipped_count(shipped: list[str]) -> None:
    assert abs(len(shipped) - EXPECTED_WORDS) <= EXPECTED_WORDS // 100


def test_shipped_two_letter_words(shipped: list[str]) -> None:
    two = {word for word in shipped if len(word) == 2}
    assert len(two) == 72
    assert two <= ODS_TWO_LETTER_WORDS, sorted(two - ODS_TWO_LETTER_WORDS)


def test_shipped_forms(shipped: list[str]) -> None:
    words = set(shipped)
    assert [word for word in PRESENT if word not in words] == []
    assert [word for word in ABSENT if word in words] == []


def test_shipped_is_sorted_unique_and_normalised(shipped: list[str]) -> None:
    assert shipped == sorted(set(shipped))
    pattern = re.compile(r"[A-Z]{2,15}")
    assert [word for word in shipped if not pattern.fullmatch(word)] == []


def test_shipped_gzip_header() -> None:
    header = DEFAULT_OUTPUT.read_bytes()[:10]
    assert header[:3] == b"\x1f\x8b\x08"
    assert header[3] == 0  # no file name, no comment
    assert header[4:8] == b"\0\0\0\0"  # no time stamp


@pytest.mark.slow
@pytest.mark.skipif(
    not HAVE_DICTIONARY,
    reason=f"{DEFAULT_AFF} / {DEFAULT_DIC} absent: apt-get install hunspell-fr-comprehensive",
)
def test_rebuild_gives_the_shipped_list(tmp_path: Path) -> None:
    # Compare the words, not the compressed bytes: another zlib build may compress the same
    # words differently.
    output = tmp_path / "fr.txt.gz"
    assert build_french.main(["--output", str(output)]) == 0
    assert gzip.decompress(output.read_bytes()) == gzip.decompress(DEFAULT_OUTPUT.read_bytes())


def test_gzip_bytes_is_deterministic() -> None:
    data = gzip_bytes(["AA", "BB"])
    assert data == gzip_bytes(["AA", "BB"])
    assert gzip.decompress(data) == b"AA\nBB\n"
    assert data[3] == 0
    assert data[4:8] == b"\0\0\0\0"


AFF = textwrap.dedent(
    """
    SET UTF-8
    FLAG long
    NEEDAFFIX ()
    KEEPCASE ||
    PFX L' Y 1
    PFX L' 0 l' .
    PFX U. N 1
    PFX U. 0 m .
    SFX S. Y 2
    SFX S. 0 0/L' .
    SFX S. 0 s .
    SFX a0 Y 2
    SFX a0 er er er po:infi
    SFX a0 er ions er po:ipre
    """
)


def entry(line: str) -> DicEntry:
    return parse_dic("1\n" + line + "\n", parse_aff(AFF))[0]


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        ("cœur/S.() po:nom", True),
        ("Paris/L' po:npr", False),
        ("x/S.() po:nom", False),
        ("kg/U.||-- po:nom is:inv", False),
        ("anti/L' po:pfx", False),
        ("com/||-- po:sfx", False),
        ("jusqu/-- po:mg po:prep po:err", False),
        ("facto po:loc.adv", False),
        ("catimini po:loc.adv", True),
        ("afin/L' po:mg po:loc.prepv", True),
        ("janv/L' po:nom is:inv", False),
        ("ibn/L' po:loc.patr", False),
    ],
)
def test_select_entry(line: str, kept: bool) -> None:
    assert (select_entry(entry(line), parse_aff(AFF)) is not None) is kept


def test_kept_unit_loses_prefixes() -> None:
    selected = select_entry(entry("rad/U.||-- po:nom is:inv"), parse_aff(AFF))
    assert selected is not None
    assert "U." not in selected.flags


def test_keep_rule() -> None:
    def rule(kind: str, add: str, continuation: tuple[str, ...] = ()) -> AffixRule:
        return AffixRule(
            kind="PFX" if kind == "PFX" else "SFX",
            flag="X",
            cross_product=True,
            strip="",
            add=add,
            continuation=continuation,
            condition=".",
            morph=(),
            matches=lambda word: True,
        )

    assert keep_rule(rule("SFX", "s"))
    assert not keep_rule(rule("PFX", "l'"))
    assert not keep_rule(rule("SFX", "-t'en"))
    assert keep_rule(rule("SFX", "-t'en", ("S.",)))


def test_build_words_small_dictionary() -> None:
    dic = "5\naimer/a0() po:v1\nœuvre/S.() po:nom\nkg/U.||-- po:nom\nl'/L' po:det\nRome po:npr\n"
    assert build_words(AFF, dic) == ["AIMER", "AIMIONS", "OEUVRE", "OEUVRES"]
