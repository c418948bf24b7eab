"""Tests of the compiled automaton core, arbitre.engine._automaton."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.engine._automaton import Automaton, compile_words

words_strategy = st.lists(
    st.text(alphabet="ABCDEZ", min_size=1, max_size=15), max_size=60, unique=True
).map(sorted)


def build(words):
    arcs, dawg_root, gaddag_root = compile_words(sorted(words))
    automaton = Automaton(arcs, dawg_root, gaddag_root)
    automaton.validate()
    return automaton


def gaddag_paths(word):
    """Every GADDAG entry of ``word``: rev(prefix) ^ suffix, and rev(word) alone."""
    n = len(word)
    return [word[:i][::-1] + ("^" + word[i:] if i < n else "") for i in range(1, n + 1)]


@settings(max_examples=150, deadline=None)
@given(words_strategy, st.lists(st.text(alphabet="ABCDEZ", max_size=16), max_size=30))
def test_membership_and_enumeration_match_the_word_set(words, probes):
    automaton = build(words)
    assert automaton.words() == words
    for word in words:
        assert word in automaton
    for probe in probes:
        assert (probe in automaton) == (probe in set(words))


@settings(max_examples=150, deadline=None)
@given(words_strategy, st.lists(st.text(alphabet="ABCDEZ^", max_size=17), max_size=30))
def test_gaddag_holds_exactly_the_split_paths(words, probes):
    automaton = build(words)
    expected = {path for word in words for path in gaddag_paths(word)}
    for path in expected:
        assert automaton.gaddag_contains(path)
    for probe in probes:
        assert automaton.gaddag_contains(probe) == (probe in expected)


def reachable_arcs(automaton, root):
    """Indices of the arcs reachable from the list at ``root`` (walking the raw array)."""
    arcs = automaton.buffer()
    seen, lists = set(), [root]
    while lists:
        index = lists.pop()
        while index and index not in seen:
            seen.add(index)
            if arcs[index] & 0x1FFFFFF:
                lists.append(arcs[index] & 0x1FFFFFF)
            if arcs[index] & (1 << 25):
                break
            index += 1
    return seen


def test_suffixes_are_shared():
    # 26 words with the same 13-letter tail: a minimal DAWG stores the tail once.
    words = sorted(letter + "ABCDEFGHIJKLM" for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    automaton = build(words)
    assert automaton.words() == words
    assert len(reachable_arcs(automaton, automaton.dawg_root)) == 26 + 13


def test_empty_lexicon_has_no_words():
    automaton = build([])
    assert automaton.words() == []
    assert "A" not in automaton
    assert not automaton.gaddag_contains("A")


@pytest.mark.parametrize("probe", ["", "abc", "ÉTÉ", "A B", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"])
def test_odd_probes_are_absent(probe):
    assert probe not in build(["AB", "ABC"])


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["B", "A"], "sorted"),
        (["A", "A"], "sorted"),
        (["Ab"], "A-Z"),
        (["A" * 16], "length"),
        ([""], "length"),
    ],
)
def test_compile_rejects_bad_input(words, message):
    with pytest.raises(ValueError, match=message):
        compile_words(words)


def test_validate_rejects_corrupt_arcs():
    arcs, dawg_root, gaddag_root = compile_words(["AB", "CD"])
    corrupt = bytearray(arcs)
    corrupt[4:8] = (0x00FFFFFF).to_bytes(4, "little")  # child index far out of range
    with pytest.raises(ValueError, match="corrupt"):
        Automaton(bytes(corrupt), dawg_root, gaddag_root).validate()
    with pytest.raises(ValueError, match="root"):
        Automaton(arcs, len(arcs), gaddag_root)
