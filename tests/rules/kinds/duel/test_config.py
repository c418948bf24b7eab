"""Tests of arbitre.rules.kinds.duel.config."""

from __future__ import annotations

import itertools

import pytest

from arbitre.rules.kinds.base import InvalidConfigError
from arbitre.rules.kinds.duel.alphabet import LANGUAGES, Language
from arbitre.rules.kinds.duel.config import (
    CLOSING_WINDOW_MS,
    MAX_REVEAL_SECONDS,
    MAX_SEATS,
    MIN_SEATS,
    ROUND_COUNTS,
    ROUND_SECONDS,
    DuelConfig,
    config_data,
    configure,
)


def test_defaults() -> None:
    config = configure({})
    assert config == DuelConfig()
    assert config_data(config) == {
        "language": "en",
        "round_seconds": 120,
        "rounds": 3,
        "seats": 4,
        "reveal_seconds": 15,
        "words": "shipped",
    }
    assert (config.round_ms, config.reveal_ms) == (120_000, 15_000)


def test_constants() -> None:
    assert ROUND_SECONDS == (90, 120, 150, 180)
    assert ROUND_COUNTS == (1, 3, 5)
    assert (MIN_SEATS, MAX_SEATS, MAX_REVEAL_SECONDS) == (2, 8, 600)
    assert CLOSING_WINDOW_MS == 20_000


@pytest.mark.parametrize(
    ("lang", "seconds", "rounds"), list(itertools.product(LANGUAGES, ROUND_SECONDS, ROUND_COUNTS))
)
def test_every_allowed_setting_round_trips(lang: Language, seconds: int, rounds: int) -> None:
    data = {"language": lang.value, "round_seconds": seconds, "rounds": rounds}
    config = configure(data)
    assert (config.language, config.round_seconds, config.rounds) == (lang, seconds, rounds)
    assert configure(config_data(config)) == config


@pytest.mark.parametrize("seats", [MIN_SEATS, 5, MAX_SEATS])
@pytest.mark.parametrize("reveal", [0, 15, MAX_REVEAL_SECONDS])
def test_bounds_are_included(seats: int, reveal: int) -> None:
    config = configure({"seats": seats, "reveal_seconds": reveal, "words": "/lists/fr.txt"})
    assert (config.seats, config.reveal_seconds, config.words) == (seats, reveal, "/lists/fr.txt")
    assert configure(config_data(config)) == config


def test_language_codes_are_read_loosely() -> None:
    assert configure({"language": " FR "}).language is Language.FR


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"colour": "red"}, "unknown setting(s): colour"),
        ({"language": "de"}, "no language has the code 'de'"),
        ({"language": 5}, "language must be a language code"),
        ({"round_seconds": 100}, "round_seconds must be one of 90, 120, 150, 180 (got 100)"),
        ({"round_seconds": "120"}, "round_seconds must be a whole number"),
        ({"round_seconds": 120.0}, "round_seconds must be a whole number"),
        ({"rounds": 2}, "rounds must be one of 1, 3, 5 (got 2)"),
        ({"rounds": True}, "rounds must be a whole number"),
        ({"seats": 1}, "seats must be 0 (a room) or from 2 to 8 (got 1)"),
        ({"seats": 9}, "seats must be 0 (a room) or from 2 to 8 (got 9)"),
        ({"reveal_seconds": -1}, "reveal_seconds must be from 0 to 600 (got -1)"),
        ({"reveal_seconds": 601}, "reveal_seconds must be from 0 to 600 (got 601)"),
        ({"words": ""}, "words must name a word list"),
        ({"words": 3}, "words must name a word list"),
        ({"words": "w" * 201}, "words must be at most 200 characters"),
    ],
)
def test_refused_settings_say_why(data: dict[str, object], says: str) -> None:
    with pytest.raises(InvalidConfigError) as refused:
        configure(data)
    assert says in str(refused.value)
    assert refused.value.code == "bad_config"


def test_a_configuration_is_validated_when_built_directly() -> None:
    with pytest.raises(InvalidConfigError):
        DuelConfig(rounds=4)
    with pytest.raises(InvalidConfigError):
        DuelConfig(language="en")  # type: ignore[arg-type]


def test_configure_needs_a_mapping() -> None:
    with pytest.raises(InvalidConfigError):
        configure(["rounds"])  # type: ignore[arg-type]
