"""Tests of arbitre.rules.kinds.indecix.config: defaults, bounds, aids, colours, games."""

from __future__ import annotations

import pytest

from arbitre.rules.kinds.base import InvalidConfigError
from arbitre.rules.kinds.indecix.config import Aids, IndecixConfig, Mode, config_data, configure


def test_the_defaults() -> None:
    config = configure({})
    assert config == IndecixConfig()
    assert (config.mode, config.blitz_seconds, config.colours, config.games) == (
        Mode.CLASSIC,
        10,
        ("blue", "red"),
        1,
    )
    assert config.aids == (Aids(True, False), Aids(True, False))
    assert config.blitz_ms is None
    assert configure({"mode": "blitz"}).blitz_ms == 10_000
    assert configure({"mode": "blitz", "blitz_seconds": 5}).blitz_ms == 5_000


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"mode": "blitz", "blitz_seconds": 30},
        {"mode": "master", "games": 3},
        {"aids": [{"legal_cells": False}, {"capture_preview": True}]},
        {"colours": ["green", "#12ab9f"], "games": 20},
    ],
)
def test_configurations_round_trip(data: dict[str, object]) -> None:
    config = configure(data)
    assert configure(config_data(config)) == config


def test_aids_are_per_seat() -> None:
    config = configure({"aids": [{"legal_cells": False}, {"capture_preview": True}]})
    assert config.aids == (Aids(False, False), Aids(True, True))
    both = configure({"aids": {"capture_preview": True}})
    assert both.aids == (Aids(True, True), Aids(True, True))


def test_master_has_no_aids() -> None:
    assert configure({"mode": "master"}).aids == (Aids(False, False), Aids(False, False))
    with pytest.raises(InvalidConfigError, match="no aids"):
        configure({"mode": "master", "aids": {"legal_cells": True}})


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"mode": "bullet"}, "mode must be one of"),
        ({"mode": 3}, "mode must be one of"),
        ({"blitz_seconds": 4}, "from 5 to 30"),
        ({"blitz_seconds": 31}, "from 5 to 30"),
        ({"blitz_seconds": True}, "whole number"),
        ({"games": 0}, "from 1 to 20"),
        ({"games": 21}, "from 1 to 20"),
        ({"games": "2"}, "whole number"),
        ({"colours": ["blue", "blue"]}, "must differ"),
        ({"colours": ["blue"]}, "list of two"),
        ({"colours": ["blue", "mauve"]}, "a colour is one of"),
        ({"colours": ["blue", "#GGGGGG"]}, "a colour is one of"),
        ({"aids": [{}]}, "list of two"),
        ({"aids": {"legal_cells": 1}}, "true or false"),
        ({"aids": {"hints": True}}, "unknown aid"),
        ({"aids": [{}, "x"]}, "a mapping"),
        ({"seats": 2}, "unknown setting"),
    ],
)
def test_bad_configurations_are_refused(data: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidConfigError, match=message):
        configure(data)


def test_a_configuration_is_a_mapping() -> None:
    with pytest.raises(InvalidConfigError):
        configure([("mode", "classic")])  # type: ignore[arg-type]
