"""Tests of word searches, arbitre.engine.search: the compiled DAWG walks against a brute force
over every word of small lexicons, French examples checked by hand, and query validation."""

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.engine._automaton import Automaton, compile_words
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.search import (
    DEFAULT_LIMIT,
    MAX_LIMIT,
    InvalidQueryError,
    SearchResult,
    anagrams,
    pattern,
    plus_one,
)
from arbitre.rules.errors import ArbitreError

# --- brute force: every word of the lexicon, tried one by one -------------------------------------


def brute_anagrams(words, letters):
    blanks = letters.count("?")
    rack = Counter(letters.replace("?", ""))
    return sorted(
        word
        for word in words
        if len(word) == len(letters) and (Counter(word) - rack).total() <= blanks
    )


def brute_pattern(words, query):
    regex = re.compile("".join("[A-Z]" if c == "?" else "[A-Z]*" if c == "*" else c for c in query))
    return sorted(word for word in words if regex.fullmatch(word))


def expected(matches, limit):
    return SearchResult(matches[:limit], len(matches) > limit)


# --- small lexicons -------------------------------------------------------------------------------

ALPHABET = "ABCDE"
lexicon_words = st.lists(st.text(alphabet=ALPHABET, min_size=2, max_size=9), max_size=80)
limits = st.integers(min_value=0, max_value=30)
SETTINGS = settings(max_examples=200, deadline=None)


@SETTINGS
@given(lexicon_words, st.text(alphabet=ALPHABET + "?", min_size=1, max_size=9), limits)
def test_anagrams_match_the_brute_force(words, letters, limit):
    lexicon = Lexicon.from_words(words)
    assert anagrams(lexicon, letters, limit) == expected(
        brute_anagrams(list(lexicon), letters), limit
    )


@SETTINGS
@given(lexicon_words, st.text(alphabet=ALPHABET + "?", min_size=1, max_size=8), limits)
def test_plus_one_is_anagrams_with_one_more_blank(words, letters, limit):
    lexicon = Lexicon.from_words(words)
    assert plus_one(lexicon, letters, limit) == expected(
        brute_anagrams(list(lexicon), letters + "?"), limit
    )


@SETTINGS
@given(lexicon_words, st.text(alphabet=ALPHABET + "?*", min_size=1, max_size=12), limits)
def test_pattern_matches_the_brute_force(words, query, limit):
    lexicon = Lexicon.from_words(words)
    assert pattern(lexicon, query, limit) == expected(brute_pattern(list(lexicon), query), limit)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text(alphabet="AB", min_size=12, max_size=15), min_size=1, max_size=40),
    st.text(alphabet="AB?", min_size=15, max_size=15),
    st.text(alphabet="AB?*", min_size=1, max_size=25).filter(
        lambda query: len(query.replace("*", "")) <= 15
    ),
)
def test_searches_reach_fifteen_letters(words, letters, query):
    lexicon = Lexicon.from_words(words)
    found = list(lexicon)
    assert anagrams(lexicon, letters, MAX_LIMIT).words == brute_anagrams(found, letters)
    assert pattern(lexicon, query, MAX_LIMIT).words == brute_pattern(found, query)
    assert plus_one(lexicon, letters[:14], MAX_LIMIT).words == brute_anagrams(
        found, letters[:14] + "?"
    )


def test_the_automaton_finds_one_letter_words_too():
    automaton = Automaton(*compile_words(["A", "AB", "B", "BA"]))
    rack = bytearray(27)
    rack[0] = 1
    assert automaton.anagrams(bytes(rack), 10) == (["A", "B"], False)
    assert automaton.pattern(b"*", 10) == (["A", "AB", "B", "BA"], False)
    assert automaton.pattern(b"*", 3) == (["A", "AB", "B"], True)
    assert automaton.pattern(b"?*A", 10) == (["BA"], False)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda a: a.anagrams(bytes(26), 1), "27 counts"),
        (lambda a: a.anagrams(bytes(27), 1), "0 tiles"),
        (lambda a: a.anagrams(bytes([16] + [0] * 26), 1), "16 tiles"),
        (lambda a: a.anagrams(bytes([1] + [0] * 26), -1), "negative"),
        (lambda a: a.pattern(b"", 1), "empty"),
        (lambda a: a.pattern(b"a", 1), "'a'"),
        (lambda a: a.pattern(b"?" * 16, 1), "more than 15"),
        (lambda a: a.pattern(b"A", -1), "negative"),
    ],
)
def test_the_automaton_checks_its_arguments(call, message):
    automaton = Automaton(*compile_words(["AB"]))
    with pytest.raises(ValueError, match=message):
        call(automaton)


# --- French, by hand ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def french(tmp_path_factory):
    """The shipped French lexicon, compiled once for the module (or reused from the process)."""
    return load_lexicon("fr", cache_dir=tmp_path_factory.mktemp("cache"))


def test_french_anagrams(french):
    assert anagrams(french, "CHIEN").words == ["CHIEN", "CHINE", "NICHE"]
    assert anagrams(french, "aimer").words == ["AIMER", "MAIRE", "MARIE", "RAMIE"]
    assert anagrams(french, "réseau").words == ["ERSEAU", "RESEAU", "SAUREE"]
    assert anagrams(french, "œuvre").words == ["OEUVRE", "OUVREE"]
    assert anagrams(french, "QI").words == ["QI"]
    assert anagrams(french, "KWYZ?").words == []


def test_french_anagrams_with_blanks(french):
    found = anagrams(french, "CHIE?").words
    assert {"CHIEN", "CHINE", "NICHE", "CHIER", "RICHE"} <= set(found)
    assert all(len(word) == 5 for word in found)
    two = anagrams(french, "??", limit=MAX_LIMIT)
    assert not two.truncated
    assert {"QI", "WU", "XI", "OC"} <= set(two.words)
    assert len(two.words) == 72
    assert two.words == sorted(two.words)


def test_french_plus_one(french):
    found = plus_one(french, "chien").words
    assert {"CHAINE", "CHENIL", "CHIENS", "ECHINE", "LICHEN", "NICHER"} <= set(found)
    assert "CHIEN" not in found
    assert found == anagrams(french, "CHIEN?").words


def test_french_patterns(french):
    assert pattern(french, "WO*").words[:4] == ["WOK", "WOKS", "WOLFRAM", "WOLFRAMS"]
    assert pattern(french, "*QI").words == ["QI"]
    assert pattern(french, "ch?en").words == ["CHIEN"]
    found = pattern(french, "M?R*", limit=MAX_LIMIT).words
    assert found == sorted(found)
    assert {"MARABOUT", "MER", "MUR", "MURE", "MORT"} <= set(found)
    assert "AMER" not in found
    assert pattern(french, "*").truncated
    assert len(pattern(french, "*").words) == DEFAULT_LIMIT


def test_french_limits(french):
    everything = pattern(french, "*", limit=10**9)
    assert len(everything.words) == MAX_LIMIT
    assert everything.truncated
    assert everything.words == list(french)[:MAX_LIMIT]
    assert pattern(french, "QI", limit=1) == SearchResult(["QI"], False)
    assert pattern(french, "QI", limit=0) == SearchResult([], True)
    assert pattern(french, "QQ", limit=0) == SearchResult([], False)


# --- bad queries ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("search", "query"),
    [
        (anagrams, ""),
        (anagrams, "   "),
        (anagrams, "A*B"),
        (anagrams, "ABC1"),
        (anagrams, "AUJOURD'HUI"),
        (anagrams, "ab cd"),
        (anagrams, "Ω"),
        (anagrams, "A" * 16),
        (anagrams, "œ" * 8),  # 16 letters once folded
        (anagrams, "A" * 100),
        (plus_one, "A" * 15),
        (plus_one, "*"),
        (pattern, ""),
        (pattern, "?" * 16),
        (pattern, "A-B"),
        (pattern, "*" * 65),
    ],
)
def test_bad_queries_are_refused(search, query):
    lexicon = Lexicon.from_words(["AB"])
    with pytest.raises(InvalidQueryError) as caught:
        search(lexicon, query)
    assert caught.value.code == "bad_query"
    assert isinstance(caught.value, ArbitreError)


@pytest.mark.parametrize("limit", [-1, 1.5, True, "10"])
def test_bad_limits_are_refused(limit):
    with pytest.raises(InvalidQueryError):
        anagrams(Lexicon.from_words(["AB"]), "AB", limit)


def test_queries_fold_case_accents_and_spaces():
    lexicon = Lexicon.from_words(["ÉTÉ", "TEE", "COEUR"])
    assert anagrams(lexicon, " été ").words == ["ETE", "TEE"]
    assert pattern(lexicon, "cœ*").words == ["COEUR"]
    assert pattern(lexicon, "*" * 20 + "R").words == ["COEUR"]
    assert pattern(lexicon, "?" * 15).words == []
