"""The options of a dupliKta game: defaults, bounds, and their data form."""

from __future__ import annotations

import pytest

from arbitre.rules.kinds.base import InvalidConfigError
from arbitre.rules.kinds.duplikta import DupliktaConfig, config_data, configure
from arbitre.rules.tiles import FRENCH, TileSet


def test_the_defaults() -> None:
    config = configure({})
    assert config == DupliktaConfig()
    assert config.tiles is FRENCH
    assert config.tiles.total == 102
    assert config.same_racks is True
    assert (config.clock_seconds, config.clock_on, config.clock_ms) == (120, True, 120_000)
    assert (config.chances_halves, config.chances) == (10, 5.0)
    assert config.handicaps == (0, 0)
    assert config.reversed_words is True


def test_the_first_move_may_be_vertical_and_seven_tokens_earn_50() -> None:
    rules = DupliktaConfig().rules
    assert rules.first_move_horizontal is False
    assert (rules.rack_size, rules.bonus(7), rules.bonus(6)) == (7, 50, 0)


@pytest.mark.parametrize("clock", [0, 30, 120, 300])
def test_clocks_off_or_30_to_300(clock: int) -> None:
    config = configure({"clock": clock})
    assert config.clock_seconds == clock
    assert config.clock_on is (clock != 0)


def test_a_null_clock_is_off() -> None:
    assert configure({"clock": None}).clock_ms is None


@pytest.mark.parametrize("clock", [1, 29, 301, -30, 2.5, True, "120"])
def test_other_clocks_are_refused(clock: object) -> None:
    with pytest.raises(InvalidConfigError):
        configure({"clock": clock})


@pytest.mark.parametrize(
    ("chances", "halves", "reversed_words"),
    [(0, 0, False), (4, 8, False), (5, 10, True), (10, 20, True)],
)
def test_chances_are_kept_in_halves(chances: int, halves: int, reversed_words: bool) -> None:
    config = configure({"chances": chances})
    assert config.chances_halves == halves
    assert config.reversed_words is reversed_words


@pytest.mark.parametrize("chances", [-1, 11, 2.5, None, "5"])
def test_other_chances_are_refused(chances: object) -> None:
    with pytest.raises(InvalidConfigError, match="chances"):
        configure({"chances": chances})


def test_an_odd_number_of_halves_is_refused() -> None:
    with pytest.raises(InvalidConfigError, match="whole number of Chances"):
        DupliktaConfig(chances_halves=5)


def test_handicaps_per_player_0_to_10() -> None:
    assert configure({"handicaps": [0, 10]}).handicaps == (0, 10)
    for bad in ([0], [0, 11], [-1, 0], [0, 1, 2], "05", [0, 1.5]):
        with pytest.raises(InvalidConfigError, match="handicap"):
            configure({"handicaps": bad})


def test_a_set_of_blanks_only() -> None:
    config = configure({"tiles": {"name": "blancs", "blanks": 60}})
    assert (config.tiles.total, config.tiles.blanks, config.tiles.letters) == (60, 60, ())


@pytest.mark.parametrize("blanks", [59, 121])
def test_a_set_outside_60_to_120_tokens_is_refused(blanks: int) -> None:
    with pytest.raises(InvalidConfigError, match="60 to 120"):
        configure({"tiles": {"name": "blancs", "blanks": blanks}})


def test_values_past_30_are_refused() -> None:
    tiles = TileSet.from_mapping({"name": "cher", "letters": {"E": {"count": 60, "value": 31}}})
    with pytest.raises(InvalidConfigError, match="value of E"):
        DupliktaConfig(tiles=tiles)


def test_unknown_options_and_bad_types_are_refused() -> None:
    with pytest.raises(InvalidConfigError, match="unknown option"):
        configure({"clok": 60})
    with pytest.raises(InvalidConfigError, match="same_racks"):
        configure({"same_racks": "yes"})
    with pytest.raises(InvalidConfigError, match="tiles"):
        configure({"tiles": "klingon"})
    with pytest.raises(InvalidConfigError):
        configure([("clock", 60)])  # type: ignore[arg-type]


def test_the_data_form_reads_back() -> None:
    custom = {"name": "club", "letters": {"E": {"count": 50, "value": 1}}, "blanks": 10}
    for data in (
        {},
        {"tiles": "en", "same_racks": False, "clock": 0, "chances": 7, "handicaps": [3, 1]},
        {"tiles": custom},
        {"pauses": 0, "pause_seconds": 1800},
    ):
        config = configure(data)
        assert configure(config_data(config)) == config
    assert config_data(DupliktaConfig()) == {
        "tiles": "fr",
        "tile_set": None,
        "same_racks": True,
        "clock": 120,
        "chances": 5,
        "handicaps": [0, 0],
        "pauses": 3,
        "pause_seconds": 300,
        "scenario": None,
    }


def test_the_pause_budget_has_defaults_and_bounds() -> None:
    assert (DupliktaConfig().pauses, DupliktaConfig().pause_ms) == (3, 300_000)
    config = configure({"pauses": 10, "pause_seconds": 30})
    assert (config.pauses, config.pause_seconds) == (10, 30)
    assert configure({"pauses": None, "pause_seconds": None}) == DupliktaConfig()
    for data, words in (
        ({"pauses": 11}, "pauses must be from 0 to 10"),
        ({"pauses": -1}, "pauses"),
        ({"pauses": True}, "pauses must be a whole number"),
        ({"pause_seconds": 29}, "pause_seconds must be from 30 to 1800"),
        ({"pause_seconds": 1801}, "pause_seconds"),
        ({"pause_seconds": 60.0}, "pause_seconds must be a whole number"),
    ):
        with pytest.raises(InvalidConfigError, match=words):
            configure(data)


def test_a_set_of_ones_own_is_tile_set_and_each_key_holds_one_type() -> None:
    """A preset by its name (``tiles``), another set whole (``tile_set``), the other ``null``:
    each key of the data form always holds one type (its typed message's field)."""
    custom = {"name": "club", "letters": {"E": {"count": 50, "value": 1}}, "blanks": 10}
    config = configure({"tile_set": custom})
    assert (config.tiles.name, config.tiles.total) == ("club", 60)
    data = config_data(config)
    assert (data["tiles"], data["tile_set"]) == (None, config.tiles.to_mapping())
    assert configure(data) == config == configure({"tiles": custom})
    assert configure({"tiles": None, "tile_set": None}) == DupliktaConfig()
    with pytest.raises(InvalidConfigError, match="not both"):
        configure({"tiles": "fr", "tile_set": custom})
    with pytest.raises(InvalidConfigError, match="tile_set must be a token set"):
        configure({"tile_set": "fr"})
