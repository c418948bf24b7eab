"""Tests of arbitre.engine.normalise."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.engine.normalise import normalise_word
from arbitre.rules.alphabet import fold_letters


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("chacune", "CHACUNE"),
        ("ÉTÉ", "ETE"),
        ("Fiançâmes", "FIANCAMES"),
        ("cœur", "COEUR"),
        ("ŒUVRE", "OEUVRE"),
        ("ex-æquo", None),
        ("nævus", "NAEVUS"),
        ("  qi\r\n", "QI"),
        ("aujourd'hui", None),
        ("porte monnaie", None),
        ("a", None),
        ("é", None),
        ("x" * 15, "X" * 15),
        ("x" * 16, None),
        ("mp3", None),
        ("λόγος", None),
        ("", None),
    ],
)
def test_normalise_word(raw, expected):
    assert normalise_word(raw) == expected


@given(st.text())
def test_normalised_words_are_scrabble_words(text):
    word = normalise_word(text)
    if word is not None:
        assert 2 <= len(word) <= 15
        assert all("A" <= ch <= "Z" for ch in word)
        assert normalise_word(word) == word


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzàâäçéèêëîïôöùûüÿœæ", min_size=1, max_size=7))
def test_french_letters_always_normalise(text):
    word = normalise_word(text)
    if len(fold_letters(text)) >= 2:  # every French letter folds to one or two A-Z
        assert word is not None
