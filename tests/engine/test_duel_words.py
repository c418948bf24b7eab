"""Duel de Mots word lists: the shipped ones and a user's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre.engine import duel_words
from arbitre.engine.duel_words import WordListFileError, languages, load, load_path
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.duel.alphabet import UnknownLanguageError, letters, word
from arbitre.rules.kinds.duel.words import InvalidWordListError

# (language, guesses bounds, secrets bounds, common secrets, guesses that are not secrets,
# words that are not even guesses), as people write them.
EXPECTED = [
    (
        "en",
        (5_000, 9_000),
        (1_800, 2_500),
        ["crane", "house", "water", "table", "river"],
        ["balls", "words", "bitch"],
        ["paris", "hdqrs", "zzzzz"],
    ),
    (
        "fr",
        (6_000, 9_000),
        (1_500, 2_500),
        ["table", "livre", "monde", "aimer", "belle", "était"],
        ["aimes", "merde"],
        ["lyons", "zzzzz"],
    ),
    (
        "es",
        (7_000, 11_000),
        (1_500, 2_500),
        ["perro", "libro", "mundo", "tiene"],
        ["casas", "joder"],
        ["zzzzz", "ñañañ"],
    ),
    (
        "ru",
        (15_000, 23_000),
        (1_700, 2_500),
        ["книга", "город", "слово", "время"],
        ["книги", "блядь"],
        ["париж", "ззззз"],
    ),
    (
        "tr",
        (11_000, 18_000),
        (1_700, 2_500),
        ["dünya", "kitap", "devam", "kadın"],
        ["bilip"],
        ["izmir", "zzzzz"],
    ),
    (
        "ko",
        (5_000, 8_000),
        (2_000, 2_500),
        ["사람", "학교", "사과"],
        ["먹다", "창녀"],
        ["ㅋㅋㅋㅋㅋ"],
    ),
]


@pytest.mark.parametrize(
    ("lang", "guess_bounds", "secret_bounds", "secrets", "only_guesses", "absent"), EXPECTED
)
def test_shipped_list(
    lang: str,
    guess_bounds: tuple[int, int],
    secret_bounds: tuple[int, int],
    secrets: list[str],
    only_guesses: list[str],
    absent: list[str],
) -> None:
    words = load(lang)
    assert words.language == lang
    assert words.name == "shipped"
    assert guess_bounds[0] <= len(words.guesses) <= guess_bounds[1]
    assert secret_bounds[0] <= len(words.secrets) <= secret_bounds[1]
    assert set(words.secrets) <= words.guesses
    assert list(words.secrets) == sorted(set(words.secrets))
    secret_set = set(words.secrets)
    assert [w for w in secrets if word(w, lang) not in secret_set] == []
    assert [w for w in only_guesses if word(w, lang) in secret_set] == []
    assert [w for w in only_guesses if word(w, lang) not in words.guesses] == []
    assert [w for w in absent if word(w, lang) in words.guesses] == []


@pytest.mark.parametrize("lang", languages())
def test_every_shipped_word_is_five_letters_of_its_language(lang: str) -> None:
    words = load(lang)
    assert [w for w in words.guesses if len(w) != 5 or letters(w, lang) != w] == []


def test_languages() -> None:
    assert languages() == ("en", "fr", "es", "ru", "tr", "ko")


def test_load_is_cached_per_language() -> None:
    assert load("en") is load("en")
    assert load(" FR ") is load("fr")
    assert load("en") is not load("fr")


def test_load_unknown_language() -> None:
    with pytest.raises(UnknownLanguageError) as raised:
        load("xx")
    assert isinstance(raised.value, ArbitreError)


def test_load_path_normalises_and_skips_lines(tmp_path: Path) -> None:
    path = tmp_path / "mots.txt"
    path.write_text(
        "# my list\n\nÉlève\n  coeur \nCŒUR\nchat\naujourd'hui\nLIVRE\n", encoding="utf-8"
    )
    words = load_path(path, language="fr")
    assert words.guesses == frozenset({"ELEVE", "COEUR", "LIVRE"})
    assert words.secrets == ("COEUR", "ELEVE", "LIVRE")
    assert words.name == str(path)
    assert words.language == "fr"


def test_load_path_with_secrets(tmp_path: Path) -> None:
    guesses = tmp_path / "guesses.txt"
    secrets = tmp_path / "secrets.txt"
    guesses.write_text("사람\n학교\n", encoding="utf-8")
    secrets.write_text("사과\n사람\n", encoding="utf-8")
    words = load_path(guesses, secrets, language="ko")
    assert words.secrets == tuple(sorted(["ㅅㅏㄱㅗㅏ", "ㅅㅏㄹㅏㅁ"]))
    # every secret may be guessed
    assert words.guesses == frozenset({"ㅅㅏㄱㅗㅏ", "ㅅㅏㄹㅏㅁ", "ㅎㅏㄱㄱㅛ"})


def test_load_path_turkish_dotted_i(tmp_path: Path) -> None:
    path = tmp_path / "tr.txt"
    path.write_text("kitap\nılıca\nİzmir\n", encoding="utf-8")
    assert load_path(path, language="tr").guesses == frozenset({"KİTAP", "ILICA", "İZMİR"})


def test_load_path_errors(tmp_path: Path) -> None:
    with pytest.raises(WordListFileError, match="no word list file"):
        load_path(tmp_path / "missing.txt", language="en")
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("élève\n".encode("latin-1"))
    with pytest.raises(WordListFileError, match="not UTF-8"):
        load_path(latin1, language="fr")
    russian = tmp_path / "ru.txt"
    russian.write_text("книга\nгород\n", encoding="utf-8")
    with pytest.raises(WordListFileError, match="no word of 5 letters") as raised:
        load_path(russian, language="en")
    assert raised.value.code == "bad_word_list_file"
    assert isinstance(raised.value, ArbitreError)
    with pytest.raises(UnknownLanguageError):
        load_path(russian, language="xx")
    with pytest.raises(WordListFileError):
        load_path(tmp_path, language="en")  # a directory


def test_word_list_file_error_code() -> None:
    assert duel_words.WordListFileError.code == "bad_word_list_file"
    assert InvalidWordListError.code == "bad_word_list"
