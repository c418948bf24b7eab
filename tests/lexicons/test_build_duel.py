"""The Duel de Mots word lists: their recipe, and that a rebuild gives the shipped files."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.lexicons import build_duel
from arbitre.lexicons.build_duel import (
    DEFAULT_HUNSPELL_DIR,
    DEFAULT_OUT,
    RECIPES,
    build,
    word_file,
)
from arbitre.rules.kinds.duel.alphabet import LANGUAGES, Language

# Languages whose rebuild takes more than ~10 s (French, Spanish, Russian, Turkish: 12-45 s).
SLOW = frozenset({Language.FR, Language.ES, Language.RU, Language.TR})


def _have_dictionary(lang: Language) -> bool:
    name = RECIPES[lang].dictionary
    return all((DEFAULT_HUNSPELL_DIR / f"{name}.{suffix}").is_file() for suffix in ("aff", "dic"))


def _rebuild_param(lang: Language) -> object:
    marks = [
        pytest.mark.skipif(
            not _have_dictionary(lang),
            reason=f"{RECIPES[lang].dictionary}.aff/.dic absent from {DEFAULT_HUNSPELL_DIR}: "
            f"apt-get install {RECIPES[lang].package}",
        )
    ]
    if lang in SLOW:
        marks.append(pytest.mark.slow)
    return pytest.param(lang, marks=marks, id=lang.value)


@pytest.mark.parametrize("lang", [_rebuild_param(lang) for lang in LANGUAGES])
def test_rebuild_gives_the_shipped_files(lang: Language, tmp_path: Path) -> None:
    assert build_duel.main([lang.value, "--out", str(tmp_path)]) == 0
    for kind in ("guesses.txt", "secrets.txt", "NOTICE.md"):
        name = f"{lang.value}.{kind}"
        assert (tmp_path / name).read_bytes() == (DEFAULT_OUT / name).read_bytes(), name


@pytest.mark.parametrize("lang", LANGUAGES, ids=str)
def test_shipped_files_are_sorted_lists_with_their_notice(lang: Language) -> None:
    for kind in ("guesses", "secrets"):
        data = (DEFAULT_OUT / f"{lang.value}.{kind}.txt").read_bytes()
        assert data.endswith(b"\n")
        words = data.decode("utf-8").split("\n")[:-1]
        assert words == sorted(set(words))
    notice = (DEFAULT_OUT / f"{lang.value}.NOTICE.md").read_text(encoding="utf-8")
    assert RECIPES[lang].package in notice
    for licence_file in RECIPES[lang].licence_files:
        assert (DEFAULT_OUT / licence_file).is_file(), licence_file
        assert licence_file in notice


AFF = textwrap.dedent(
    """
    SET UTF-8
    FORBIDDENWORD !
    SFX S Y 1
    SFX S 0 s .
    SFX D Y 1
    SFX D 0 ed .
    SFX M Y 1
    SFX M 0 's .
    """
)
DIC_LINES = (
    "crane/SM",  # CRANE (secret); CRANES has 6 letters, CRANE'S is not letters
    "house/S",  # HOUSE (secret)
    "word/SM",  # WORDS: a guess, not a secret (inflected); WORD'S is not letters
    "Paris/M",  # a proper noun: dropped
    "hdqrs",  # an English abbreviation: dropped
    "ball",
    "balls",  # a listed plural of another word: not a base form
    "bitch/S",  # offensive: a guess, never a secret
    "zzzzz",  # not in wordfreq: a guess only
    "wrung/!",  # forbidden
    "o'er",  # an apostrophe: not letters
)


def _dic(lines: tuple[str, ...]) -> str:
    return f"{len(lines)}\n" + "\n".join(lines) + "\n"


def test_build_small_english_dictionary() -> None:
    result = build(RECIPES[Language.EN], AFF, _dic(DIC_LINES))
    assert result.guesses == ["BALLS", "BITCH", "CRANE", "HOUSE", "WORDS", "ZZZZZ"]
    assert result.secrets == ["CRANE", "HOUSE"]
    assert result.excluded[build_duel.PROPER_NOUN] == 1
    assert result.excluded[build_duel.ABBREVIATION] == 1
    assert result.excluded[build_duel.FORBIDDEN_ENTRY] == 1
    assert result.excluded[build_duel.NOT_LETTERS] == 1  # o'er (word's, 6 characters, is long)
    assert result.offensive_removed == ["BITCH"]
    assert result.not_secret[build_duel.RARE] == 1  # ZZZZZ
    assert result.not_secret[build_duel.INFLECTED] == 2  # WORDS, BALLS


@settings(max_examples=20, deadline=None)
@given(st.permutations(DIC_LINES))
def test_build_does_not_depend_on_the_order_of_the_entries(lines: list[str]) -> None:
    expected = build(RECIPES[Language.EN], AFF, _dic(DIC_LINES))
    result = build(RECIPES[Language.EN], AFF, _dic(tuple(lines)))
    assert (result.guesses, result.secrets) == (expected.guesses, expected.secrets)


def test_build_korean_takes_headwords_only() -> None:
    aff = "SET UTF-8\nFLAG num\nONLYINCOMPOUND 1\nSFX 2 Y 1\nSFX 2 0 를 .\n"
    dic = _dic(("사과/2", "사람", "학교", "가감하여/1", "abc", "나무"))
    result = build(RECIPES[Language.KO], aff, dic)
    # 사과를 (a particle) is not made; 나무 has 4 letters; abc is not Korean letters.
    assert result.guesses == sorted(["ㅅㅏㄱㅗㅏ", "ㅅㅏㄹㅏㅁ", "ㅎㅏㄱㄱㅛ"])
    assert set(result.secrets) == set(result.guesses)
    assert result.excluded[build_duel.ONLY_IN_COMPOUND] == 1


def test_build_turkish_bare_entries_are_inflected_forms() -> None:
    aff = "SET UTF-8\nFLAG num\nSFX 1 Y 1\nSFX 1 0 lar .\n"
    result = build(RECIPES[Language.TR], aff, _dic(("kitap/1", "bilip", "İzmir")))
    assert result.guesses == ["BİLİP", "KİTAP"]
    assert result.secrets == ["KİTAP"]
    assert result.excluded[build_duel.PROPER_NOUN] == 1


def test_word_file() -> None:
    assert word_file(["ÉTÉ", "ㅅㅏㄱㅗㅏ"]) == "ÉTÉ\nㅅㅏㄱㅗㅏ\n".encode()
    assert word_file([]) == b""


def test_main_rejects_an_unknown_language(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="language"):
        build_duel.main(["xx", "--out", str(tmp_path)])


def test_main_reports_a_missing_dictionary(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        build_duel.main(["en", "--out", str(tmp_path), "--hunspell-dir", str(tmp_path)])
