"""Tests of arbitre.rules.kinds.indecix.dice: the seed's rolls and starter, the commitment."""

from __future__ import annotations

import hashlib
from collections import Counter

from arbitre.rules.kinds.indecix.dice import (
    DICE_PER_PLAYER,
    ROLLS,
    commitment,
    faces,
    roller,
    starter,
    verify,
)


def test_a_game_is_36_rolls_18_each_in_turn() -> None:
    assert (ROLLS, DICE_PER_PLAYER) == (36, 18)
    for first in (0, 1):
        seats = [roller(first, n) for n in range(1, ROLLS + 1)]
        assert seats[0] == first
        assert Counter(seats) == {0: 18, 1: 18}
        assert all(seats[n] != seats[n + 1] for n in range(ROLLS - 1))


def test_the_rolls_depend_on_the_seed_and_the_game_only() -> None:
    assert faces(7, 1) == faces(7, 1)
    assert faces(7, 1) != faces(8, 1)
    assert faces(7, 1) != faces(7, 2)
    assert all(len(faces(seed, 1)) == ROLLS for seed in range(20))


def test_the_generator_is_the_documented_one() -> None:
    """Bytes of SHA-256("arbitre-indecix/1:dice:<seed>:<game>:<k>"), those below 252 as
    byte % 6 + 1."""
    expected: list[int] = []
    block = 0
    while len(expected) < ROLLS:
        digest = hashlib.sha256(f"arbitre-indecix/1:dice:123:2:{block}".encode()).digest()
        expected.extend(byte % 6 + 1 for byte in digest if byte < 252)
        block += 1
    assert faces(123, 2) == tuple(expected[:ROLLS])
    first = hashlib.sha256(b"arbitre-indecix/1:starter:123").digest()[0] & 1
    assert starter(123, 1) == first


def test_the_faces_are_uniform_enough() -> None:
    counts = Counter(face for seed in range(300) for face in faces(seed, 1))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(1600 < count < 2000 for count in counts.values())  # 1,800 expected each


def test_the_starter_is_drawn_then_alternates() -> None:
    firsts = Counter(starter(seed, 1) for seed in range(200))
    assert 70 < firsts[0] < 130
    for seed in range(20):
        assert [starter(seed, game) for game in (1, 2, 3)] == [
            starter(seed, 1),
            1 - starter(seed, 1),
            starter(seed, 1),
        ]


def test_the_commitment_verifies_the_seed_only() -> None:
    committed = commitment(2**62 + 5)
    assert len(committed) == 64
    assert verify(committed, 2**62 + 5)
    assert not verify(committed, 2**62 + 6)
    assert not verify("é" * 64, 1)
    assert committed == hashlib.sha256(f"arbitre-indecix/1:seed:{2**62 + 5}".encode()).hexdigest()
