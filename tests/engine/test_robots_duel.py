"""Duel de Mots robots: the pattern table agrees with the marks, robots see only their own rows,
play words of the list, are reproducible for a seed, the expert solves hard words in six and
plays informative guesses, delays stay in their bounds; tiny and Korean-like lists work. Their
strength and speed are measured by benchmarks/bench_duel_robots.py, not asserted here."""

from __future__ import annotations

import gzip
import math
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.engine import duel_words
from arbitre.engine.robots import duel
from arbitre.engine.robots.duel import (
    EXACT_CANDIDATES,
    PROFILES,
    TRIES,
    DuelRobot,
    PatternTable,
    Row,
    pattern_table,
    prepare,
)
from arbitre.engine.robots.duplicate import RobotLevel
from arbitre.lexicons.shipped import SHIPPED
from arbitre.rules.kinds.duel.marks import Mark, found, from_text, mark
from arbitre.rules.kinds.duel.words import WordList

#: Words that cost a careless player many tries (many neighbours differing by one letter).
HARD = ("WATCH", "HATCH", "MATCH", "FILLS", "JOKER", "RIGHT", "NIGHT", "SOUND", "SHAKE", "WOUND")


@cache
def english() -> WordList:
    """Every 5-letter ENABLE word as a guess; the 2,300 most frequent (wordfreq) as secrets."""
    import wordfreq

    with gzip.open(SHIPPED["en"].path, "rt", encoding="utf-8") as lines:
        words = sorted({w.strip().upper() for w in lines if len(w.strip()) == 5})
    ranked = sorted(words, key=lambda w: (-wordfreq.zipf_frequency(w.lower(), "en"), w))
    return WordList("en", frozenset(words), tuple(sorted(ranked[:2300])), "test")


def tiny() -> WordList:
    words = (
        "CRANE",
        "SLATE",
        "CRATE",
        "TRACE",
        "BRAKE",
        "FLAME",
        "GRAPE",
        "PLANT",
        "CHANT",
        "SHALL",
    )
    return WordList("en", frozenset(words), tuple(sorted(words)), "tiny")


def korean_like() -> WordList:
    """Words of five jamo (just single characters to a robot), secrets among them."""
    rng = random.Random(7)
    jamo = "ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎㅏㅑㅓㅕㅗㅛㅜㅠㅡㅣㅐㅔ"
    words = {"".join(rng.choice(jamo) for _ in range(5)) for _ in range(600)}
    words |= {"ㅅㅏㄱㅗㅏ", "ㅅㅏㄹㅏㅁ", "ㄴㅏㅁㅜㄹ"}
    secrets = sorted([*rng.sample(sorted(words), 150), "ㅅㅏㄱㅗㅏ"])
    return WordList("ko", frozenset(words), tuple(sorted(set(secrets))), "korean-like")


def play(robot: DuelRobot, secret: str) -> list[Row]:
    """A round of ``robot`` against ``secret``: its rows, up to the word or the last try."""
    rows: list[Row] = []
    while len(rows) < TRIES:
        guess = robot.guess(rows)
        rows.append((guess, mark(secret, guess)))
        if found(rows[-1][1]):
            break
    return rows


def fitting(words: WordList, rows: Sequence[Row]) -> list[str]:
    """The secrets that give every row its marks, marked letter by letter."""
    return [s for s in words.secrets if all(mark(s, g) == tuple(m) for g, m in rows)]


def bits(guess: str, secrets: Sequence[str]) -> float:
    """The expected information of ``guess`` over ``secrets``, from the marks themselves."""
    counts = Counter(mark(s, guess) for s in secrets).values()
    return -sum(c / len(secrets) * math.log2(c / len(secrets)) for c in counts)


words_of = st.text(alphabet="ABCD", min_size=5, max_size=5)


@settings(max_examples=60, deadline=None)
@given(st.lists(words_of, min_size=1, max_size=25, unique=True), st.data())
def test_the_table_holds_the_marks_of_every_guess_against_every_secret(
    guesses: list[str], data: st.DataObject
) -> None:
    secrets = data.draw(st.lists(st.sampled_from(guesses), min_size=1, unique=True))
    table = PatternTable(WordList("xx", frozenset(guesses), tuple(sorted(secrets)), "random"))
    for s, secret in enumerate(table.secrets):
        for g, guess in enumerate(table.guesses):
            assert table.columns[s][g] == table.code(guess, mark(secret, guess))
    # The pairs each guess tells apart, counted for all guesses at once or for some of them.
    places = range(len(table.secrets))
    apart = [
        sum(table.columns[a][g] != table.columns[b][g] for a in places for b in places if a < b)
        for g in range(len(table.guesses))
    ]
    assert table.pairs_told_apart(places) == apart
    some = data.draw(st.lists(st.sampled_from(range(len(table.guesses))), min_size=1))
    assert table.pairs_told_apart(places, some) == [apart[g] for g in some]


def test_the_table_of_a_real_list_agrees_with_the_marks() -> None:
    words = english()
    table = pattern_table(words)
    assert pattern_table(words) is table  # built once per list
    assert table.nbytes == len(words.guesses) * len(words.secrets)
    rng = random.Random(3)
    for _ in range(3000):
        s, g = rng.randrange(len(table.secrets)), rng.randrange(len(table.guesses))
        marks = mark(table.secrets[s], table.guesses[g])
        assert table.columns[s][g] == table.code(table.guesses[g], marks)


def test_the_candidates_use_the_extra_copy_dot() -> None:
    words = english()
    robot = DuelRobot(words, RobotLevel.EXPERT, 1)
    marks = mark("FORTE", "OCTET")
    assert "x" in "".join(m.value for m in marks)  # Y.YYx: the second T is an extra copy
    rows: list[Row] = [("OCTET", marks)]
    assert set(robot.candidates(rows)) == set(fitting(words, rows))
    # The same colours with a plain grey instead of the dot: no word gives these marks.
    plain = tuple(Mark.GREY if m is Mark.EXTRA else m for m in marks)
    assert robot.table.code("OCTET", plain) is None
    assert robot.candidates([("OCTET", plain)]) == ()
    # A dot on a letter with no coloured copy is just as impossible.
    assert robot.table.code("OCTET", from_text("x....")) is None


@pytest.mark.parametrize("level", list(RobotLevel))
def test_a_robot_is_reproducible_for_a_seed(level: RobotLevel) -> None:
    words = english()
    for secret in ("CRANE", "WATCH", "JOKER"):
        first = play(DuelRobot(words, level, 5), secret)
        assert first == play(DuelRobot(words, level, 5), secret)
        robot = DuelRobot(words, level, 5)
        assert [robot.delay_ms(first[:n]) for n in range(len(first))] == [
            DuelRobot(words, level, 5).delay_ms(first[:n]) for n in range(len(first))
        ]


@pytest.mark.parametrize("level", list(RobotLevel))
def test_a_robot_plays_words_of_the_list_and_never_twice_the_same(level: RobotLevel) -> None:
    words = english()
    rng = random.Random(11)
    for seed, secret in enumerate(rng.sample(words.secrets, 25)):
        rows = play(DuelRobot(words, level, seed), secret)
        guesses = [guess for guess, _ in rows]
        assert all(guess in words.guesses for guess in guesses)
        assert len(set(guesses)) == len(guesses)


def test_the_expert_solves_hard_words_within_six() -> None:
    words = english()
    for seed in range(3):
        for secret in HARD:
            assert secret in words.secrets
            rows = play(DuelRobot(words, RobotLevel.EXPERT, seed), secret)
            assert found(rows[-1][1]), (secret, rows)
            assert len(rows) <= TRIES


def test_a_robot_guesses_from_its_own_rows_only() -> None:
    """Rows made by hand: the guess depends on them alone (the robot is never told the word),
    and whatever the robot was asked before."""
    words = english()
    rows: list[Row] = [("TARES", from_text("Y....")), ("DOILY", from_text(".G..."))]
    expert = DuelRobot(words, RobotLevel.EXPERT, 2)
    answer = expert.guess(rows)
    expert.guess([("CRANE", from_text("Y.G.."))])  # another round in between
    assert expert.guess(rows) == answer
    assert DuelRobot(words, RobotLevel.EXPERT, 2).guess(rows) == answer
    assert set(expert.candidates(rows)) == set(fitting(words, rows))
    # A consistent player's guess fits every row it was given, on its last try at least.
    late = [*rows, *((guess, mark("MOUNT", guess)) for guess in ("CHAMP", "BOUGH", "NOUNS"))]
    for level in (RobotLevel.CONFIRME, RobotLevel.DEBUTANT):
        guess = DuelRobot(words, level, 9).guess(late)
        assert guess in fitting(words, late)


def test_every_expert_guess_fits_the_marks_or_is_more_informative_than_any_that_does() -> None:
    """The expert maximises information: after its opener, a guess that does not fit the marks
    so far is strictly more informative than every secret that does."""
    words = english()
    rng = random.Random(5)
    informative = 0
    for seed, secret in enumerate(rng.sample(words.secrets, 20)):
        rows = play(DuelRobot(words, RobotLevel.EXPERT, seed), secret)
        for number in range(1, len(rows)):
            guess = rows[number][0]
            possible = fitting(words, rows[:number])
            if guess in possible or len(possible) > EXACT_CANDIDATES:
                continue
            informative += 1
            assert bits(guess, possible) > max(bits(c, possible) for c in possible) + 1e-9
    assert informative > 0  # it does play words that cannot be the answer


def test_the_expert_opens_with_one_of_the_most_informative_words() -> None:
    words = english()
    table = pattern_table(words)
    best = table.openers()[: PROFILES[RobotLevel.EXPERT].openers]
    openers = {DuelRobot(words, RobotLevel.EXPERT, seed).guess([]) for seed in range(20)}
    assert openers <= {table.guesses[place] for _, place in best}
    assert len(openers) > 1  # the seed varies it
    top_bits, top = table.openers()[0]
    assert math.isclose(top_bits, bits(table.guesses[top], words.secrets))


def test_a_debutant_knows_only_frequent_words() -> None:
    words = english()
    table = pattern_table(words)
    ranks = table.ranks()
    assert ranks[words.secrets.index("ABOUT")] < 50
    known = round(len(words.secrets) * PROFILES[RobotLevel.DEBUTANT].vocabulary)
    for seed in range(30):
        opener = DuelRobot(words, RobotLevel.DEBUTANT, seed).guess([])
        assert ranks[words.secrets.index(opener)] < known
        assert len(set(opener)) == 5


@pytest.mark.parametrize("level", list(RobotLevel))
def test_delays_stay_within_the_level_bounds(level: RobotLevel) -> None:
    words = english()
    rhythm = PROFILES[level].rhythm
    for seed in range(40):
        robot = DuelRobot(words, level, seed)
        rows = play(robot, words.secrets[seed * 7])
        first = robot.delay_ms([])
        assert rhythm.first[0] <= first <= rhythm.first[1]
        for number in range(1, len(rows)):
            assert rhythm.then[0] <= robot.delay_ms(rows[:number]) <= rhythm.then[1]


def test_a_debutant_takes_longer_than_an_expert() -> None:
    expert, debutant = PROFILES[RobotLevel.EXPERT].rhythm, PROFILES[RobotLevel.DEBUTANT].rhythm
    assert debutant.first[0] > expert.first[0]
    assert debutant.then[0] > expert.then[0]
    assert debutant.then[1] > expert.then[1]


@pytest.mark.parametrize("level", list(RobotLevel))
def test_robots_play_a_tiny_list_of_their_own(level: RobotLevel) -> None:
    words = tiny()
    for seed, secret in enumerate(words.secrets):
        rows = play(DuelRobot(words, level, seed), secret)
        assert all(guess in words.guesses for guess, _ in rows)
        if level is RobotLevel.EXPERT:
            assert found(rows[-1][1])
            assert len(rows) <= 3


@pytest.mark.parametrize("level", list(RobotLevel))
def test_robots_play_words_of_any_characters(level: RobotLevel) -> None:
    words = korean_like()
    solved = 0
    for seed, secret in enumerate(words.secrets[:40]):
        rows = play(DuelRobot(words, level, seed), secret)
        assert all(guess in words.guesses and len(guess) == 5 for guess, _ in rows)
        solved += found(rows[-1][1])
    if level is RobotLevel.EXPERT:
        assert solved == 40


def test_a_robot_refuses_a_round_that_is_over_or_rows_of_another_length() -> None:
    robot = DuelRobot(tiny(), RobotLevel.EXPERT, 0)
    with pytest.raises(ValueError, match="round is over"):
        robot.guess([("CRANE", from_text("GGGGG"))])
    with pytest.raises(ValueError, match="no try left"):
        robot.guess([("SLATE", from_text("....."))] * TRIES)
    with pytest.raises(ValueError, match="letters"):
        robot.guess([("CRAN", from_text("...."))])


def test_marks_no_word_gives_still_get_a_guess() -> None:
    """Contradictory rows (made by hand): the robot keeps the latest rows some word fits."""
    words = tiny()
    rows: list[Row] = [("CRANE", from_text("GGGG.")), ("SLATE", from_text("....."))]
    for level in RobotLevel:
        guess = DuelRobot(words, level, 1).guess(rows)
        assert guess in words.guesses
        assert guess not in ("CRANE", "SLATE")


def test_a_list_too_large_for_the_budget_keeps_every_secret(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    words = korean_like()
    monkeypatch.setattr(duel, "TABLE_BUDGET", len(words.secrets) * 200)
    table = PatternTable(words)
    assert len(table.guesses) == 200
    assert set(words.secrets) <= set(table.guesses)
    robot = DuelRobot(WordList("ko", words.guesses, words.secrets, "over budget"), "expert", 0)
    for secret in words.secrets[:10]:
        rows = play(robot, secret)
        assert found(rows[-1][1])
        assert all(guess in robot.table.index for guess, _ in rows)
    # A row of a word the table left out is still read.
    outside = sorted(words.guesses - set(robot.table.guesses))[0]
    rows = [(outside, mark(words.secrets[0], outside))]
    assert set(robot.candidates(rows)) == set(fitting(words, rows))


@pytest.mark.parametrize("language", duel_words.languages())
def test_the_expert_plays_every_shipped_list(language: str) -> None:
    words = duel_words.load(language)
    for seed, secret in enumerate(words.secrets[:: len(words.secrets) // 4]):
        rows = play(DuelRobot(words, RobotLevel.EXPERT, seed), secret)
        assert found(rows[-1][1])
        assert all(guess in words.guesses for guess, _ in rows)


def test_prepare_builds_what_robots_compute_on_first_use() -> None:
    words = tiny()
    table = prepare(words)
    assert table is pattern_table(words)
    assert table.openers()
    assert len(table.ranks()) == len(words.secrets)
