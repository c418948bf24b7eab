"""Tests of arbitre.rules.kinds.duel.alphabet."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.duel.alphabet import (
    LANGUAGES,
    WORD_LENGTH,
    Language,
    NotALetterError,
    UnknownLanguageError,
    WrongLengthError,
    alphabet,
    display,
    keyboard,
    language,
    letters,
    word,
)

TURKISH = "ABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ"
TURKISH_LOWER = "abcçdefgğhıijklmnoöprsştuüvyz"
KOREAN_CONSONANTS = "ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ"
KOREAN_VOWELS = "ㅏㅑㅓㅕㅗㅛㅜㅠㅡㅣㅐㅔ"

# ---------------------------------------------------------------- languages and alphabets


def test_languages_in_order() -> None:
    assert LANGUAGES == (
        Language.EN,
        Language.FR,
        Language.ES,
        Language.RU,
        Language.TR,
        Language.KO,
    )
    assert [lang.value for lang in LANGUAGES] == ["en", "fr", "es", "ru", "tr", "ko"]
    assert WORD_LENGTH == 5


@pytest.mark.parametrize(
    ("value", "expected"),
    [("en", Language.EN), ("EN", Language.EN), (" fr ", Language.FR), ("Ko", Language.KO)],
)
def test_language_from_its_code(value: str, expected: Language) -> None:
    assert language(value) is expected


def test_language_accepts_a_language() -> None:
    for lang in LANGUAGES:
        assert language(lang) is lang


@pytest.mark.parametrize("value", ["", "de", "english", "e n", "fra"])
def test_unknown_language(value: str) -> None:
    with pytest.raises(UnknownLanguageError) as caught:
        language(value)
    assert caught.value.code == "unknown_language"
    assert isinstance(caught.value, ArbitreError)


def test_unknown_language_everywhere() -> None:
    for call in (
        lambda: alphabet("xx"),
        lambda: keyboard("xx"),
        lambda: letters("abc", "xx"),
        lambda: word("abcde", "xx"),
        lambda: display("abc", "xx"),
    ):
        with pytest.raises(UnknownLanguageError):
            call()


@pytest.mark.parametrize(
    ("lang", "size"),
    [("en", 26), ("fr", 26), ("es", 27), ("ru", 32), ("tr", 29), ("ko", 26)],
)
def test_alphabet_sizes(lang: str, size: int) -> None:
    letters_ = alphabet(lang)
    assert len(letters_) == size
    assert len(set(letters_)) == size


def test_alphabets() -> None:
    assert alphabet("en") == alphabet("fr") == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    assert alphabet("es") == "ABCDEFGHIJKLMNÑOPQRSTUVWXYZ"
    assert alphabet("ru") == "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
    assert "Ё" not in alphabet("ru")
    assert alphabet("tr") == TURKISH
    assert set(alphabet("ko")) == set(KOREAN_CONSONANTS + KOREAN_VOWELS)
    assert alphabet(Language.KO) == alphabet("ko")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_alphabet_letters_are_letters_of_themselves(lang: Language) -> None:
    assert letters(alphabet(lang), lang) == alphabet(lang)


# ---------------------------------------------------------------- keyboards


@pytest.mark.parametrize("lang", LANGUAGES)
def test_keyboard_holds_every_letter_once(lang: Language) -> None:
    keys = "".join(keyboard(lang))
    assert len(keys) == len(alphabet(lang))
    assert sorted(keys) == sorted(alphabet(lang))


def test_keyboard_layouts() -> None:
    assert keyboard("en") == ("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM")
    assert keyboard("fr") == ("AZERTYUIOP", "QSDFGHJKLM", "WXCVBN")
    assert keyboard("es") == ("QWERTYUIOP", "ASDFGHJKLÑ", "ZXCVBNM")
    assert keyboard("ru")[0].startswith("ЙЦУКЕН")
    assert keyboard("ko") == ("ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ", "ㅁㄴㅇㄹㅎㅗㅓㅏㅣ", "ㅋㅌㅊㅍㅠㅜㅡ")


def test_turkish_keyboard_is_q_without_q_w_x() -> None:
    rows = keyboard("tr")
    assert not {"Q", "W", "X"} & set("".join(rows))
    assert rows[0].endswith("ĞÜ")
    assert rows[1].endswith("Şİ")
    assert rows[2].endswith("ÖÇ")


# ---------------------------------------------------------------- English


def test_english() -> None:
    assert letters("Hello", "en") == "HELLO"
    assert letters("  crane\n", "en") == "CRANE"
    assert letters("", "en") == ""
    assert letters("   ", "en") == ""
    assert letters("café", "en") == "CAFE"
    assert letters("Façade", "en") == "FACADE"
    assert letters("Æon", "en") == "AEON"
    assert letters("Œuvre", "en") == "OEUVRE"
    assert letters("Straße", "en") == "STRASSE"


@pytest.mark.parametrize("text", ["abc1", "rock-n", "don't", "two words", "héllo!", "дом", "λ"])
def test_english_refuses_what_is_not_a_letter(text: str) -> None:
    with pytest.raises(NotALetterError):
        letters(text, "en")


def test_not_a_letter_names_the_character_and_the_language() -> None:
    with pytest.raises(NotALetterError) as caught:
        letters("ab3", "en")
    assert caught.value.code == "not_a_letter"
    assert "'3'" in str(caught.value)
    assert "English" in str(caught.value)


# ---------------------------------------------------------------- French


def test_french() -> None:
    assert letters("cœurs", "fr") == "COEURS"
    assert letters("CŒURS", "fr") == "COEURS"
    assert letters("Élève", "fr") == "ELEVE"
    assert word("Élève", "fr") == "ELEVE"
    assert letters("nævus", "fr") == "NAEVUS"
    assert letters("Noël", "fr") == "NOEL"
    assert letters("où", "fr") == "OU"
    assert letters("garçon", "fr") == "GARCON"


def test_french_punctuation_is_an_error() -> None:
    with pytest.raises(NotALetterError) as caught:
        letters("Cœur!", "fr")
    assert "'!'" in str(caught.value)
    assert "French" in str(caught.value)
    for text in ("aujourd'hui", "porte-clé", "l’eau"):
        with pytest.raises(NotALetterError):
            letters(text, "fr")


def test_decomposed_accents_fold_like_composed_ones() -> None:
    decomposed = unicodedata.normalize("NFD", "Élève")
    assert decomposed != "Élève"
    assert letters(decomposed, "fr") == "ELEVE"
    assert letters("q\u0301", "fr") == "Q"  # an accent with no precomposed form


def test_a_lone_combining_mark_is_not_a_letter() -> None:
    with pytest.raises(NotALetterError):
        letters("\u0301abc", "fr")


# ---------------------------------------------------------------- Spanish


def test_spanish() -> None:
    assert letters("niño", "es") == "NIÑO"
    assert letters("NIÑO", "es") == "NIÑO"
    assert letters(unicodedata.normalize("NFD", "niño"), "es") == "NIÑO"
    assert letters("canción", "es") == "CANCION"
    assert letters("Ángel", "es") == "ANGEL"
    assert letters("pingüino", "es") == "PINGUINO"
    assert word("Niñas", "es") == "NIÑAS"


def test_spanish_n_with_tilde_is_its_own_letter() -> None:
    assert letters("ñ", "es") == "Ñ" != letters("n", "es")
    assert letters("ñ", "en") == "N"  # English folds it


# ---------------------------------------------------------------- Russian


def test_russian() -> None:
    assert letters("ёлка", "ru") == "ЕЛКА"
    assert letters("Ёж", "ru") == "ЕЖ"
    assert letters("йогурт", "ru") == "ЙОГУРТ"
    assert letters(unicodedata.normalize("NFD", "йогурт"), "ru") == "ЙОГУРТ"
    assert letters(unicodedata.normalize("NFD", "ёлка"), "ru") == "ЕЛКА"
    assert word("Книга", "ru") == "КНИГА"
    assert letters("сло\u0301во", "ru") == "СЛОВО"  # a stress mark is not a letter


@pytest.mark.parametrize("text", ["kniga", "кнuга", "дом1", "ї"])
def test_russian_refuses_latin_letters_and_others(text: str) -> None:
    with pytest.raises(NotALetterError) as caught:
        letters(text, "ru")
    assert "Russian" in str(caught.value)


# ---------------------------------------------------------------- Turkish


def test_turkish_dotted_and_dotless_i() -> None:
    assert letters("istanbul", "tr") == "İSTANBUL"
    assert letters("ılık", "tr") == "ILIK"
    assert letters("I", "tr") == "I"
    assert letters("İ", "tr") == "İ"
    assert letters("i", "tr") == "İ"
    assert letters("ı", "tr") == "I"
    assert letters("I\u0307", "tr") == "İ"  # decomposed dotted capital
    assert letters("İSTANBUL".lower(), "tr") == "İSTANBUL"  # Python's "i̇" (i + dot above)


def test_turkish_letters() -> None:
    assert letters("çğöşü", "tr") == "ÇĞÖŞÜ"
    assert letters(TURKISH_LOWER, "tr") == TURKISH
    assert word("Şeker", "tr") == "ŞEKER"
    assert letters(unicodedata.normalize("NFD", "çğöşü"), "tr") == "ÇĞÖŞÜ"


def test_turkish_circumflexes_fold() -> None:
    assert letters("kâğıt", "tr") == "KAĞIT"
    assert letters("millî", "tr") == "MİLLİ"
    assert letters("MİLLÎ", "tr") == "MİLLİ"
    assert letters("Ûmit", "tr") == "UMİT"


@pytest.mark.parametrize("text", ["Q", "q", "w", "X", "taxi", "дом"])
def test_turkish_refuses_q_w_x(text: str) -> None:
    with pytest.raises(NotALetterError) as caught:
        letters(text, "tr")
    assert "Turkish" in str(caught.value)


# ---------------------------------------------------------------- Korean


def test_korean_syllables_split_into_jamo() -> None:
    assert letters("사과", "ko") == "ㅅㅏㄱㅗㅏ"
    assert word("사과", "ko") == "ㅅㅏㄱㅗㅏ"
    assert letters("값", "ko") == "ㄱㅏㅂㅅ"
    assert letters("한국", "ko") == "ㅎㅏㄴㄱㅜㄱ"


def test_korean_doubled_consonants_split() -> None:
    assert letters("ㄲ", "ko") == "ㄱㄱ"
    assert letters("ㄸㅃㅆㅉ", "ko") == "ㄷㄷㅂㅂㅅㅅㅈㅈ"
    assert letters("까치", "ko") == "ㄱㄱㅏㅊㅣ"
    assert letters("있", "ko") == "ㅇㅣㅅㅅ"


def test_korean_compound_vowels_split() -> None:
    assert letters("ㅘ", "ko") == "ㅗㅏ"
    assert letters("ㅒㅖㅘㅙㅚㅝㅞㅟㅢ", "ko") == "ㅑㅣㅕㅣㅗㅏㅗㅐㅗㅣㅜㅓㅜㅔㅜㅣㅡㅣ"
    assert letters("의", "ko") == "ㅇㅡㅣ"


def test_korean_final_clusters_split() -> None:
    assert letters("ㄳ", "ko") == "ㄱㅅ"
    assert letters("ㄵㄶㄺㄻㄼㄽㄾㄿㅀㅄ", "ko") == "ㄴㅈㄴㅎㄹㄱㄹㅁㄹㅂㄹㅅㄹㅌㄹㅍㄹㅎㅂㅅ"
    assert letters("닭", "ko") == "ㄷㅏㄹㄱ"
    assert letters("넋", "ko") == "ㄴㅓㄱㅅ"


def test_korean_loose_jamo_equal_syllables() -> None:
    assert letters("ㅅㅏㄱㅘ", "ko") == letters("사과", "ko")
    assert letters("ㄱㅏㅄ", "ko") == letters("값", "ko")


def test_korean_conjoining_and_decomposed_input() -> None:
    assert letters("\u1109\u1161\u1100\u116a", "ko") == "ㅅㅏㄱㅗㅏ"  # 사과, conjoining jamo
    assert letters("\u1100\u1161\u11b9", "ko") == "ㄱㅏㅂㅅ"  # 값
    for text in ("사과", "값어치", "까치", "읽다"):
        decomposed = unicodedata.normalize("NFD", text)
        assert decomposed != text
        assert letters(decomposed, "ko") == letters(text, "ko")


@pytest.mark.parametrize("text", ["abc", "사과!", "사 과", "\u3164", "ㆍ", "\u1113", "\u115f"])
def test_korean_refuses_what_is_not_a_letter(text: str) -> None:
    with pytest.raises(NotALetterError) as caught:
        letters(text, "ko")
    assert "Korean" in str(caught.value)


def test_korean_word_length_counts_jamo() -> None:
    with pytest.raises(WrongLengthError) as caught:
        word("값", "ko")
    assert "4 letters" in str(caught.value)


@pytest.mark.parametrize(
    "text", ["사과", "값어치", "까치", "있어", "닭", "의사", "왜", "얘기", "한국어", "꿇다", "읽어"]
)
def test_korean_display_recomposes_syllables(text: str) -> None:
    assert display(letters(text, "ko"), "ko") == text


def test_korean_display_is_greedy_and_keeps_loose_jamo() -> None:
    assert display("ㄱㅏㄱㄱㅏ", "ko") == "각가"
    assert display("ㄱ", "ko") == "ㄱ"
    assert display("ㅏㄱ", "ko") == "ㅏㄱ"
    assert display("ㄱㅏㅏ", "ko") == "가ㅏ"
    assert display("", "ko") == ""


def test_display_leaves_other_languages_unchanged() -> None:
    for lang, text in [("en", "CRANE"), ("fr", "COEUR"), ("ru", "ЕЛКА"), ("tr", "İSTANBUL")]:
        assert display(text, lang) == text


# ---------------------------------------------------------------- word length


def test_word_length() -> None:
    assert word(" crane ", "en") == "CRANE"
    assert word("cœur", "fr") == "COEUR"  # four characters, five letters
    with pytest.raises(WrongLengthError) as caught:
        word("cœurs", "fr")
    assert caught.value.code == "wrong_length"
    assert "6 letters" in str(caught.value)
    with pytest.raises(WrongLengthError) as empty:
        word("", "en")
    assert "0 letters" in str(empty.value)


def test_a_non_letter_wins_over_the_length() -> None:
    with pytest.raises(NotALetterError):
        word("ab!", "en")


# ---------------------------------------------------------------- properties

#: Characters worth typing in each language: its letters in both cases, and forms that fold.
_FOLDING = "ÉéÈàÂâÎîÛûÑñÜüŒœÆæßЁёÍí\u0301\u0303\u0306\u0307\u0308ㄲㅘㄳ사과값 "
_TYPED = {
    lang: alphabet(lang) + (TURKISH_LOWER if lang is Language.TR else alphabet(lang).lower())
    for lang in LANGUAGES
}


@st.composite
def typed(draw: st.DrawFn) -> tuple[Language, str]:
    """A language and what someone might type in it: mostly its letters, a few characters
    that fold, 1 in 20 anything at all (Korean: also any syllable or jamo)."""
    lang = draw(st.sampled_from(LANGUAGES))
    plausible = st.sampled_from(_TYPED[lang])
    if lang is Language.KO:
        plausible = st.one_of(
            plausible,
            st.characters(min_codepoint=0x1100, max_codepoint=0x11FF),
            st.characters(min_codepoint=0x3131, max_codepoint=0x318E),
            st.characters(min_codepoint=0xAC00, max_codepoint=0xD7A3),
        )
    char = st.integers(0, 19).flatmap(
        lambda n: st.characters() if n == 0 else st.sampled_from(_FOLDING) if n < 3 else plausible
    )
    return lang, draw(st.text(char, max_size=10))


@given(typed())
def test_letters_are_letters_of_the_alphabet(case: tuple[Language, str]) -> None:
    lang, text = case
    try:
        found = letters(text, lang)
    except NotALetterError:
        event("not letters")
        return
    assert set(found) <= set(alphabet(lang))


@given(typed())
def test_letters_is_idempotent(case: tuple[Language, str]) -> None:
    lang, text = case
    try:
        found = letters(text, lang)
    except NotALetterError:
        event("not letters")
        return
    assert letters(found, lang) == found


@given(st.text(st.sampled_from(alphabet("tr") + TURKISH_LOWER)))
def test_turkish_never_confuses_dotted_and_dotless_i(text: str) -> None:
    found = letters(text, "tr")
    assert len(found) == len(text)
    assert found.count("İ") == text.count("İ") + text.count("i")
    assert found.count("I") == text.count("I") + text.count("ı")


syllables = st.text(st.characters(min_codepoint=0xAC00, max_codepoint=0xD7A3), max_size=6)


@given(syllables)
def test_korean_syllables_conjoining_and_compatibility_jamo_agree(text: str) -> None:
    found = letters(text, "ko")
    assert letters(unicodedata.normalize("NFD", text), "ko") == found
    assert letters(found, "ko") == found


@given(syllables)
def test_korean_display_gives_back_the_same_letters(text: str) -> None:
    found = letters(text, "ko")
    shown = display(found, "ko")
    assert letters(shown, "ko") == found
    assert len(shown) <= len(found)


@given(st.text(st.sampled_from(alphabet("ko")), max_size=12))
def test_korean_display_of_any_letters_splits_back(jamo: str) -> None:
    assert letters(display(jamo, "ko"), "ko") == jamo
