"""The Hunspell reader and affix expander, on small synthetic dictionaries.

Where the ``hunspell`` command is installed, the expansions are also checked against it:
every generated form must be accepted, and the listed non-forms rejected.
"""

from __future__ import annotations

import itertools
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest

from arbitre.lexicons.hunspell import (
    DicEntry,
    HunspellError,
    compile_condition,
    expand_entry,
    expand_words,
    parse_aff,
    parse_dic,
    parse_flags,
)


def words_of(aff_text: str, dic_text: str) -> set[str]:
    affixes = parse_aff(textwrap.dedent(aff_text))
    return expand_words(parse_dic(textwrap.dedent(dic_text), affixes), affixes)


# name -> (aff, dic, expected words, words that must not be generated)
CASES: dict[str, tuple[str, str, set[str], set[str]]] = {
    "conditions_and_strip": (
        """
        SFX D Y 4
        SFX D   0     d          e
        SFX D   y     ied        [^aeiou]y
        SFX D   0     ed         [^ey]
        SFX D   0     ed         [aeiou]y
        """,
        """
        4
        bake/D
        try/D
        play/D
        walk/D
        """,
        {"bake", "baked", "try", "tried", "play", "played", "walk", "walked"},
        {"bakeed", "tryed", "plaied", "walkd"},
    ),
    "cross_product": (
        """
        PFX U Y 1
        PFX U 0 un .
        PFX N N 1
        PFX N 0 non .
        SFX S Y 1
        SFX S 0 s .
        SFX T N 1
        SFX T 0 ed .
        """,
        """
        1
        do/UNST
        """,
        {"do", "undo", "nondo", "dos", "doed", "undos"},
        {"nondos", "undoed", "nondoed"},
    ),
    "two_level_suffixes": (
        """
        SFX A Y 1
        SFX A 0 s/B .
        SFX B Y 1
        SFX B 0 x/C .
        SFX C Y 1
        SFX C 0 z .
        """,
        """
        1
        cat/A
        """,
        {"cat", "cats", "catsx"},
        {"catx", "catsxz", "catz"},
    ),
    "suffix_enables_prefix": (
        """
        PFX P Y 1
        PFX P 0 re .
        SFX A Y 1
        SFX A 0 ing/P .
        """,
        """
        1
        do/A
        """,
        {"do", "doing", "redoing"},
        {"redo"},
    ),
    "prefix_enables_suffix": (
        """
        PFX P Y 1
        PFX P 0 re/S .
        SFX S Y 1
        SFX S 0 s .
        """,
        """
        1
        do/P
        """,
        {"do", "redo", "redos"},
        {"dos"},
    ),
    "needaffix": (
        """
        NEEDAFFIX X
        PFX K Y 1
        PFX K 0 kilo/X .
        SFX S Y 2
        SFX S 0 s .
        SFX S 0 0 .
        SFX T Y 1
        SFX T 0 s .
        SFX A Y 1
        SFX A 0 ing/XT .
        """,
        """
        3
        gram/KS
        bar/TX
        walk/A
        """,
        {"gram", "grams", "kilogram", "kilograms", "bars", "walk", "walkings"},
        {"bar", "walking"},
    ),
    "long_flags_and_aliases": (
        """
        FLAG long
        AF 2
        AF AaBb # 1
        AF Bb # 2
        SFX Aa Y 1
        SFX Aa 0 s/2 .
        SFX Bb Y 1
        SFX Bb 0 ed .
        """,
        """
        2
        walk/1
        jump/2
        """,
        {"walk", "walks", "walksed", "walked", "jump", "jumped"},
        {"jumps"},
    ),
    "numeric_flags": (
        """
        FLAG num
        SFX 101 Y 1
        SFX 101 0 s .
        PFX 7 Y 1
        PFX 7 0 re .
        SFX 1 Y 1
        SFX 1 0 ing .
        """,
        """
        1
        do/101,7
        """,
        {"do", "dos", "redo", "redos"},
        {"doing"},
    ),
    "circumfix": (
        """
        CIRCUMFIX X
        PFX A Y 1
        PFX A 0 leg/X .
        PFX B Y 1
        PFX B 0 legesleg/X .
        SFX C Y 3
        SFX C 0 obb .
        SFX C 0 obb/AX .
        SFX C 0 obb/BX .
        """,
        """
        1
        nagy/C
        """,
        {"nagy", "nagyobb", "legnagyobb", "legeslegnagyobb"},
        {"legnagy", "legeslegnagy"},
    ),
    "onlyincompound_and_forbidden": (
        """
        ONLYINCOMPOUND O
        FORBIDDENWORD F
        SFX S Y 3
        SFX S 0 s .
        SFX S 0 e/O .
        SFX S 0 en .
        """,
        """
        3
        word/S
        fuge/O
        worden/F
        """,
        {"word", "words"},
        {"worde", "fuge", "worden"},
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_expansion(name: str) -> None:
    aff, dic, expected, absent = CASES[name]
    words = words_of(aff, dic)
    assert words == expected
    assert not words & absent


@pytest.mark.skipif(shutil.which("hunspell") is None, reason="the hunspell command is absent")
@pytest.mark.parametrize("name", sorted(CASES))
def test_hunspell_agrees(name: str, tmp_path: Path) -> None:
    aff, dic, _, absent = CASES[name]
    (tmp_path / "t.aff").write_text("SET UTF-8\n" + textwrap.dedent(aff), encoding="utf-8")
    (tmp_path / "t.dic").write_text(textwrap.dedent(dic).lstrip(), encoding="utf-8")
    words = sorted(words_of(aff, dic) | absent)
    result = subprocess.run(
        ["hunspell", "-d", str(tmp_path / "t"), "-l", "-i", "utf-8"],
        input="\n".join(words) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    assert set(result.stdout.split()) == absent


FRENCH = Path("/usr/share/hunspell/fr")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("hunspell") is None, reason="the hunspell command is absent")
@pytest.mark.skipif(
    not FRENCH.with_suffix(".dic").is_file(), reason="hunspell-fr-comprehensive is not installed"
)
def test_french_short_words_agree_with_hunspell() -> None:
    """Every lowercase string of 1 to 3 letters of the French alphabet: generated by the
    expander exactly when the hunspell command accepts it."""
    affixes = parse_aff(FRENCH.with_suffix(".aff").read_text(encoding="utf-8"))
    entries = parse_dic(FRENCH.with_suffix(".dic").read_text(encoding="utf-8"), affixes)
    generated = expand_words(entries, affixes, rule_filter=lambda rule: "'" not in rule.add)
    letters = "abcdefghijklmnopqrstuvwxyzàâäéèêëîïôöùûüÿçœæ"
    candidates = [
        "".join(chars) for size in (1, 2, 3) for chars in itertools.product(letters, repeat=size)
    ]
    result = subprocess.run(
        ["hunspell", "-d", str(FRENCH), "-l", "-i", "utf-8"],
        input="\n".join(candidates) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    rejected = set(result.stdout.split())
    accepted = {word for word in candidates if word not in rejected}
    assert len(accepted) > 800
    assert accepted == generated.intersection(candidates)


def test_fullstrip() -> None:
    aff = """
        SFX G Y 1
        SFX G go went go
        """
    assert words_of(aff, "1\ngo/G\n") == {"go"}
    assert words_of("FULLSTRIP\n" + textwrap.dedent(aff), "1\ngo/G\n") == {"go", "went"}


def test_utf8_flags_and_ignore() -> None:
    aff = """
        FLAG UTF-8
        IGNORE -
        SFX é Y 1
        SFX é 0 -s .
        """
    assert words_of(aff, "1\nco-op/é\n") == {"coop", "coops"}


def test_parse_flags() -> None:
    assert parse_flags("AaBbAa", "long") == ("Aa", "Bb")
    assert parse_flags("12, 007,3", "num") == ("12", "7", "3")
    assert parse_flags("AB", "short") == ("A", "B")
    assert parse_flags("éà", "UTF-8") == ("é", "à")
    assert parse_flags("", "long") == ()
    with pytest.raises(HunspellError):
        parse_flags("Aab", "long")
    with pytest.raises(HunspellError):
        parse_flags("1,x", "num")


def test_conditions() -> None:
    suffix = compile_condition("[^aeiou]y", "SFX")
    assert suffix("try")
    assert not suffix("play")
    assert not suffix("y")
    dotted = compile_condition("a.[bc]", "SFX")
    assert dotted("xazb")
    assert not dotted("xazd")
    assert not dotted("zb")
    prefix = compile_condition("[^a]b", "PFX")
    assert prefix("cbx")
    assert not prefix("abx")
    assert compile_condition(".", "SFX")("x")
    assert not compile_condition("..", "SFX")("x")
    with pytest.raises(HunspellError):
        compile_condition("[ab", "SFX")


def test_morphological_fields_and_aliases() -> None:
    affixes = parse_aff(
        textwrap.dedent(
            """
            AM 2
            AM po:nom is:mas
            AM is:pl
            SFX S Y 1
            SFX S 0 s . 2
            SFX T Y 1
            SFX T 0 x . is:pl
            """
        )
    )
    entries = parse_dic("3\nchat/S\t1\nchou/T po:nom is:mas st:chou\na\\/b po:sym\n", affixes)
    assert entries == [
        DicEntry("chat", ("S",), ("po:nom", "is:mas")),
        DicEntry("chou", ("T",), ("po:nom", "is:mas", "st:chou")),
        DicEntry("a/b", (), ("po:sym",)),
    ]
    assert entries[1].field("po") == ("nom",)
    assert entries[1].field("st") == ("chou",)
    assert entries[1].field("xx") == ()
    forms = {form.word: form for form in expand_entry(entries[0], affixes)}
    assert set(forms) == {"chat", "chats"}
    assert forms["chats"].morph == ("po:nom", "is:mas", "is:pl")
    assert forms["chats"].affixes[0].flag == "S"
    assert forms["chat"].affixes == ()
    plural = [form for form in expand_entry(entries[1], affixes) if form.word == "choux"]
    assert plural[0].morph[-1] == "is:pl"


def test_forbidden_form_flagged() -> None:
    affixes = parse_aff("FORBIDDENWORD !\nSFX S Y 1\nSFX S 0 s .\n")
    entry = parse_dic("1\nfoo/S!\n", affixes)[0]
    assert all(form.forbidden for form in expand_entry(entry, affixes))
    assert expand_words([entry], affixes) == set()


def test_rule_filter() -> None:
    affixes = parse_aff("PFX L Y 1\nPFX L 0 l' .\nSFX S Y 1\nSFX S 0 s .\n")
    entries = parse_dic("1\nami/LS\n", affixes)
    assert expand_words(entries, affixes) == {"ami", "amis", "l'ami", "l'amis"}
    kept = expand_words(entries, affixes, rule_filter=lambda rule: "'" not in rule.add)
    assert kept == {"ami", "amis"}


def test_affix_header_errors() -> None:
    with pytest.raises(HunspellError):
        parse_aff("SFX S X 1\nSFX S 0 s .\n")
    with pytest.raises(HunspellError):
        parse_aff("FLAG weird\n")
    with pytest.raises(HunspellError):
        parse_aff("AF 1\nAF A\nSFX S Y 1\nSFX S 0 s/2 .\n")
