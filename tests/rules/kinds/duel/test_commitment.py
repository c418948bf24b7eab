"""Tests of arbitre.rules.kinds.duel.commitment."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.rules.kinds.duel.commitment import (
    COMMITMENT_SCHEME,
    SALT_HEX_CHARS,
    commitment,
    round_salt,
    secret_words,
    verify,
)

SECRETS = ("CHIOT", "FORTE", "GHOST", "MOIST", "TARTE")
HEX = frozenset("0123456789abcdef")


def test_the_commitment_is_the_documented_hash() -> None:
    salt = "0123456789abcdef0123456789abcdef"
    expected = hashlib.sha256(f"arbitre-duel/1:g-7:2:{salt}:FORTE".encode()).hexdigest()
    assert COMMITMENT_SCHEME == "arbitre-duel/1"
    assert commitment("g-7", 2, salt, "FORTE") == expected
    assert verify(expected, "g-7", 2, salt, "FORTE")


def test_words_of_any_language_are_committed_to_in_utf8() -> None:
    salt = round_salt(1, "g", 1)
    committed = commitment("g", 1, salt, "ЕЛКАМ")
    text = f"arbitre-duel/1:g:1:{salt}:ЕЛКАМ".encode()
    assert committed == hashlib.sha256(text).hexdigest()
    assert verify(committed, "g", 1, salt, "ЕЛКАМ")


def test_the_salt_is_the_documented_hmac() -> None:
    expected = hmac.new(b"12345", b"g-7:3", hashlib.sha256).hexdigest()[:32]
    assert round_salt(12345, "g-7", 3) == expected
    assert len(expected) == SALT_HEX_CHARS == 32
    assert set(expected) <= HEX


def test_salts_differ_by_seed_game_and_round() -> None:
    salts = {
        round_salt(seed, game, number)
        for seed in (1, 2)
        for game in ("a", "b")
        for number in (1, 2, 3)
    }
    assert len(salts) == 12
    assert round_salt(1, "a", 1) == round_salt(1, "a", 1)


@given(
    st.text(min_size=1, max_size=12),
    st.integers(1, 5),
    st.sampled_from(SECRETS),
    st.integers(0, 2**63 - 1),
)
def test_a_commitment_verifies_and_changes_with_any_part(
    game_id: str, number: int, word: str, seed: int
) -> None:
    salt = round_salt(seed, game_id, number)
    committed = commitment(game_id, number, salt, word)
    assert len(committed) == 64
    assert set(committed) <= HEX
    assert verify(committed, game_id, number, salt, word)
    other_word = SECRETS[(SECRETS.index(word) + 1) % len(SECRETS)]
    other_salt = ("0" if salt[0] != "0" else "1") + salt[1:]
    assert not verify(committed, game_id + "x", number, salt, word)
    assert not verify(committed, game_id, number + 1, salt, word)
    assert not verify(committed, game_id, number, other_salt, word)
    assert not verify(committed, game_id, number, salt, other_word)
    assert not verify(
        committed[:-1] + ("0" if committed[-1] != "0" else "1"), game_id, number, salt, word
    )


def test_verify_refuses_what_no_commitment_can_be() -> None:
    salt = round_salt(1, "g", 1)
    committed = commitment("g", 1, salt, "FORTE")
    assert not verify("not a hash", "g", 1, salt, "FORTE")
    assert not verify(committed.upper(), "g", 1, salt, "FORTE")
    assert not verify(committed, "g", 1, salt, "FORT\udc80")  # a lone surrogate
    assert not verify("\udc80" * 64, "g", 1, salt, "FORTE")


@given(st.integers(-(2**70), 2**70), st.text(max_size=8), st.integers(1, 5))
def test_the_words_are_distinct_secrets_decided_by_seed_and_game(
    seed: int, game_id: str, rounds: int
) -> None:
    words = secret_words(seed, game_id, SECRETS, rounds)
    assert len(words) == rounds
    assert len(set(words)) == rounds
    assert set(words) <= set(SECRETS)
    assert words == secret_words(seed, game_id, SECRETS, rounds)
    # the first rounds' words do not depend on how many rounds follow
    assert secret_words(seed, game_id, SECRETS, 1) == words[:1]


def test_the_words_depend_on_the_seed_and_the_game() -> None:
    by_seed = {secret_words(seed, "g", SECRETS, 3) for seed in range(40)}
    by_game = {secret_words(1, f"g{n}", SECRETS, 3) for n in range(40)}
    assert len(by_seed) > 10
    assert len(by_game) > 10


def test_every_secret_can_be_a_first_word() -> None:
    firsts = Counter(secret_words(seed, "g", SECRETS, 1)[0] for seed in range(500))
    assert set(firsts) == set(SECRETS)
    assert min(firsts.values()) > 50  # about 100 each


def documented_choice(seed: int, game_id: str, secrets: tuple[str, ...], rounds: int) -> list[str]:
    """The choice as the module's docstring describes it, written again from that text."""
    pool, count = list(secrets), 0
    for place in range(rounds):
        bound = len(pool) - place
        while True:
            text = f"arbitre-duel/1:words:{seed}:{game_id}:{count}"
            count += 1
            value = int.from_bytes(hashlib.sha256(text.encode()).digest(), "big")
            if value < 2**256 - 2**256 % bound:
                break
        other = place + value % bound
        pool[place], pool[other] = pool[other], pool[place]
    return pool[:rounds]


@pytest.mark.parametrize("seed", [0, 7, -3, 2**63 - 1])
def test_the_choice_is_the_documented_one(seed: int) -> None:
    assert list(secret_words(seed, "g1", SECRETS, 5)) == documented_choice(seed, "g1", SECRETS, 5)


def test_a_known_choice_stays_the_same() -> None:
    # The scheme is fixed: a record made today must replay tomorrow, on any machine.
    assert secret_words(7, "g1", SECRETS, 3) == ("MOIST", "TARTE", "FORTE")


def test_too_few_secrets() -> None:
    with pytest.raises(ValueError, match="cannot fill 6 rounds"):
        secret_words(1, "g", SECRETS, 6)
