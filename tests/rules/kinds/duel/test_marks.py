"""Tests of arbitre.rules.kinds.duel.marks."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.rules.kinds.duel.marks import (
    Mark,
    found,
    from_text,
    keyboard,
    mark,
    public,
    text,
)

G, Y, X, D = Mark.GREEN, Mark.AMBER, Mark.EXTRA, Mark.GREY
COLOURED = frozenset({G, Y})

# A small alphabet, so that letters repeat often.
words = st.text(st.sampled_from("ABCDE"), min_size=5, max_size=5)
pairs = st.tuples(words, words)


@pytest.mark.parametrize(
    ("secret", "expected"), [("FORTE", "Y.YYx"), ("TARTE", "..YYY"), ("CHIOT", "YYx.G")]
)
def test_the_seed_examples(secret: str, expected: str) -> None:
    assert text(mark(secret, "OCTET")) == expected


def test_examples_with_repeats() -> None:
    assert text(mark("ABBEY", "BABES")) == "YYGG."
    assert text(mark("CRANE", "EERIE")) == "xxY.G"
    assert text(mark("SPEED", "EERIE")) == "YY..x"
    assert text(mark("AAAAB", "BAAAA")) == "YGGGY"
    assert text(mark("ABBBB", "BBBBA")) == "YGGGY"
    assert text(mark("ABCDE", "AAAAA")) == "Gxxxx"


def test_mark_values() -> None:
    assert [m.value for m in Mark] == ["G", "Y", "x", "."]
    assert G.strength > Y.strength > D.strength == X.strength


def test_words_of_different_lengths() -> None:
    with pytest.raises(ValueError, match="letters"):
        mark("CRANE", "CRANES")


def test_found() -> None:
    assert found(mark("CRANE", "CRANE"))
    assert not found(mark("CRANE", "CRATE"))


def test_public_hides_the_dot() -> None:
    assert public(from_text("YYx.G")) == from_text("YY..G")


def test_text_round_trip_and_bad_characters() -> None:
    assert from_text("GYx.") == (G, Y, X, D)
    assert text((G, Y, X, D)) == "GYx."
    assert type(text((G,))) is str  # plain text, not a mark
    assert from_text("") == ()
    with pytest.raises(ValueError, match="'X'"):
        from_text("GX")


def test_keyboard_example() -> None:
    secret = "CRANE"
    rows = [(guess, mark(secret, guess)) for guess in ("EERIE", "CREPE")]
    # EERIE: xxY.G   CREPE: GGx.G
    assert keyboard(rows) == {"E": G, "R": G, "I": D, "C": G, "P": D}


def test_keyboard_amber_stays_amber_after_a_later_grey_copy() -> None:
    rows = [("EERIE", mark("SPEED", "EERIE"))]  # E is Y, Y, ..., x
    assert keyboard(rows)["E"] is Y
    only_extra = [("ABCDD", from_text("GGGGx"))]
    assert keyboard(only_extra)["D"] is G
    assert keyboard([("DD", from_text("Yx")), ("DA", from_text("x."))])["D"] is Y
    assert keyboard([("DA", from_text("x."))]) == {"D": X, "A": D}


# ---------------------------------------------------------------- properties


@given(pairs)
def test_coloured_copies_are_the_smaller_count(pair: tuple[str, str]) -> None:
    secret, guess = pair
    marks = mark(secret, guess)
    assert len(marks) == len(guess)
    coloured = Counter(g for g, m in zip(guess, marks, strict=True) if m in COLOURED)
    wanted, given_ = Counter(secret), Counter(guess)
    for letter in set(guess):
        assert coloured[letter] == min(given_[letter], wanted[letter])


@given(pairs)
def test_green_exactly_where_the_letters_are_equal(pair: tuple[str, str]) -> None:
    secret, guess = pair
    for s, g, m in zip(secret, guess, mark(secret, guess), strict=True):
        assert (m is G) == (s == g)


@given(pairs)
def test_extra_copies_are_in_the_word_grey_ones_are_not(pair: tuple[str, str]) -> None:
    secret, guess = pair
    for g, m in zip(guess, mark(secret, guess), strict=True):
        if m is X:
            assert g in secret
        if m is D:
            assert g not in secret
        if m is Y:
            assert g in secret


@given(words)
def test_a_word_against_itself_is_all_green(w: str) -> None:
    assert mark(w, w) == (G,) * len(w)
    assert found(mark(w, w))


@given(pairs)
def test_found_only_for_the_word(pair: tuple[str, str]) -> None:
    secret, guess = pair
    assert found(mark(secret, guess)) == (secret == guess)


@given(pairs)
def test_public_has_no_dot_and_otherwise_equals_the_marks(pair: tuple[str, str]) -> None:
    marks = mark(*pair)
    shown = public(marks)
    assert X not in shown
    assert len(shown) == len(marks)
    for m, s in zip(marks, shown, strict=True):
        assert s is (D if m is X else m)


@given(pairs)
def test_ambers_go_left_to_right(pair: tuple[str, str]) -> None:
    secret, guess = pair
    marks = mark(secret, guess)
    for place, (letter, m) in enumerate(zip(guess, marks, strict=True)):
        if m is X:
            later = [marks[p] for p in range(place + 1, len(guess)) if guess[p] == letter]
            assert Y not in later


@given(pairs)
def test_text_round_trips(pair: tuple[str, str]) -> None:
    marks = mark(*pair)
    assert from_text(text(marks)) == marks
    assert len(text(marks)) == len(marks)


@given(words, st.lists(words, max_size=6))
def test_keyboard_shows_each_letters_strongest_hint(secret: str, guesses: list[str]) -> None:
    rows = [(guess, mark(secret, guess)) for guess in guesses]
    keys = keyboard(rows)
    assert set(keys) == {letter for guess in guesses for letter in guess}
    for letter, shown in keys.items():
        seen = {
            m for guess, marks in rows for g, m in zip(guess, marks, strict=True) if g == letter
        }
        if G in seen:
            assert shown is G
        elif Y in seen:
            assert shown is Y  # an amber key stays amber, whatever a later copy gave
        else:
            assert seen == {shown}  # only extra copies, or only absent: never both
            assert shown is (X if letter in secret else D)
