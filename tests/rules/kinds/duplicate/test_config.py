"""The duplicate kind's configuration: the rules' GameConfig with its bounds (the clock of a
turn among them) and the reveal's length."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.rules.game_config import MAX_SECONDS_PER_TURN, GameConfig
from arbitre.rules.kinds.base import InvalidConfigError
from arbitre.rules.kinds.duplicate.config import (
    MAX_REVEAL_SECONDS,
    DuplicateConfig,
    config_data,
    read_config,
)


def test_defaults_are_fisf_without_a_reveal() -> None:
    config = read_config({})
    assert config == DuplicateConfig(GameConfig(), 0)
    assert (config.turn_ms, config.reveal_ms) == (180_000, 0)


@given(
    seconds=st.integers(1, MAX_SECONDS_PER_TURN),
    reveal=st.integers(0, MAX_REVEAL_SECONDS),
    turns=st.none() | st.integers(1, 50),
    variant=st.sampled_from(["normal", "joker", "7sur8", "7et8"]),
)
def test_data_reads_back_to_an_equal_configuration(
    seconds: int, reveal: int, turns: int | None, variant: str
) -> None:
    config = read_config(
        {
            "seconds_per_turn": seconds,
            "reveal_seconds": reveal,
            "max_turns": turns,
            "variant": variant,
        }
    )
    assert (config.turn_ms, config.reveal_ms) == (seconds * 1000, reveal * 1000)
    assert read_config(config_data(config)) == config


@pytest.mark.parametrize(
    "data",
    [
        {"reveal_seconds": -1},
        {"reveal_seconds": MAX_REVEAL_SECONDS + 1},
        {"reveal_seconds": True},
        {"reveal_seconds": "5"},
        {"seconds_per_turn": 0},
        {"seconds_per_turn": MAX_SECONDS_PER_TURN + 1},
        {"seconds_per_turn": 60.0},
        {"colour": "blue"},
        {"variant": "scrabble"},
    ],
)
def test_bad_configurations_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(InvalidConfigError):
        read_config(data)


def test_a_configuration_is_a_mapping() -> None:
    with pytest.raises(InvalidConfigError):
        read_config([("max_turns", 3)])  # type: ignore[arg-type]
