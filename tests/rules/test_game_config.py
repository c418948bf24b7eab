from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from arbitre.rules import (
    DUPLICATE,
    ENGLISH,
    FRENCH,
    SEVEN_AMONG_EIGHT,
    SEVEN_AND_EIGHT,
    STANDARD,
    ArbitreError,
    BoardLayout,
    LetterInfo,
    TileSet,
)
from arbitre.rules.coordinates import MAX_SIZE
from arbitre.rules.game_config import (
    INTEGER_RANGES,
    MAX_BONUS_POINTS,
    MAX_NO_MOVE_REDRAWS,
    MAX_RACK_SIZE,
    MAX_SECONDS_PER_TURN,
    MAX_SOLO_BONUS,
    MAX_SOLO_MIN_PLAYERS,
    MAX_TILE_VALUE,
    MAX_TURNS,
    PRESETS,
    TIE_BREAK_CRITERIA,
    GameConfig,
    InvalidGameConfigError,
    Minimum,
    Variant,
    overridden,
    preset,
)

#: 60 tiles, no blanks: a custom set that is not a preset.
NO_BLANKS = TileSet(
    "no-blanks",
    tuple(LetterInfo(letter, 10, 1, vowel=letter in "AE") for letter in "AEBCDF"),
    blanks=0,
)
TINY_LAYOUT = BoardLayout.from_text("tiny", "T.d\n.*.\nd.T")


def json_round_trip(config: GameConfig) -> GameConfig:
    return GameConfig.from_mapping(json.loads(json.dumps(config.to_mapping())))


# -- defaults, variants and rules ------------------------------------------------------------


def test_defaults_are_fisf() -> None:
    config = GameConfig()
    assert config.name == "fisf"
    assert config.variant is Variant.NORMAL
    assert config.lexicon == "fr"
    assert config.tiles is FRENCH
    assert config.layout is STANDARD
    assert config.minimums == (Minimum(1, 2, 2), Minimum(16, 1, 1))
    assert config.no_move_redraws == 0
    assert config.max_turns is None
    assert config.bonuses is None
    assert (config.solo_bonus, config.solo_min_players) == (10, 16)
    assert config.tie_break == ("fewest_blanks", "most_tiles", "reading_order")
    assert config.seconds_per_turn == 180
    assert config.rules is DUPLICATE
    assert config.rack_size == 7


def test_minimum_by_turn() -> None:
    config = GameConfig()
    assert [config.minimum(turn) for turn in (1, 2, 15)] == [(2, 2)] * 3
    assert [config.minimum(turn) for turn in (16, 17, 200)] == [(1, 1)] * 3
    custom = GameConfig(minimums=(Minimum(1, 3, 2), Minimum(5, 2, 2), Minimum(10, 0, 0)))
    assert [custom.minimum(turn) for turn in (1, 4, 5, 9, 10, 99)] == [
        (3, 2),
        (3, 2),
        (2, 2),
        (2, 2),
        (0, 0),
        (0, 0),
    ]
    for turn in (0, -1):
        with pytest.raises(ValueError, match="turn"):
            config.minimum(turn)


@pytest.mark.parametrize(
    ("variant", "rules", "rack_size"),
    [
        (Variant.NORMAL, DUPLICATE, 7),
        (Variant.JOKER, DUPLICATE, 7),
        (Variant.SEVEN_AMONG_EIGHT, SEVEN_AMONG_EIGHT, 8),
        (Variant.SEVEN_AND_EIGHT, SEVEN_AND_EIGHT, 8),
    ],
)
def test_variant_rules(variant: Variant, rules: Any, rack_size: int) -> None:
    config = GameConfig(variant=variant)
    assert config.rules is rules
    assert config.rack_size == rack_size
    assert GameConfig(variant=variant.value).variant is variant  # type: ignore[arg-type]


def test_variant_values() -> None:
    assert [variant.value for variant in Variant] == ["normal", "joker", "7sur8", "7et8"]
    assert isinstance(Variant.JOKER, str)
    assert Variant("7et8") is Variant.SEVEN_AND_EIGHT


def test_bonuses_override() -> None:
    config = GameConfig(bonuses={7: 40})
    assert config.rules.bonus(7) == 40
    assert config.rules.name == "duplicate"
    assert config.rules.first_move_horizontal
    assert config.rack_size == 7
    assert GameConfig(bonuses={}).rules.bonus(7) == 0
    eight = GameConfig(variant=Variant.SEVEN_AND_EIGHT, bonuses={7: 50, 8: 100})
    assert (eight.rules.bonus(7), eight.rules.bonus(8), eight.rules.max_tiles_played) == (
        50,
        100,
        8,
    )
    among = GameConfig(variant=Variant.SEVEN_AMONG_EIGHT, bonuses={6: 10, 7: 60})
    assert (among.rules.rack_size, among.rules.max_tiles_played) == (8, 7)
    assert dict(among.rules.bonuses) == {6: 10, 7: 60}


def test_bonuses_are_frozen_copies() -> None:
    source = {7: 40}
    config = GameConfig(bonuses=source)
    source[7] = 0
    assert config.rules.bonus(7) == 40
    assert config.bonuses == {7: 40}
    with pytest.raises(TypeError):
        config.bonuses[7] = 1  # type: ignore[index]


def test_hashable_and_immutable() -> None:
    assert hash(GameConfig()) == hash(GameConfig())
    assert GameConfig(bonuses={7: 40}) == GameConfig(bonuses={7: 40})
    assert GameConfig(bonuses={7: 40}) != GameConfig(bonuses={7: 30})
    assert {GameConfig(): 1}[preset("fisf")] == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        GameConfig().name = "other"  # type: ignore[misc]


def test_lists_are_stored_as_tuples() -> None:
    config = GameConfig(
        minimums=[Minimum(1, 1, 1)],  # type: ignore[arg-type]
        tie_break=["most_tiles", "alphabetical"],  # type: ignore[arg-type]
    )
    assert config.minimums == (Minimum(1, 1, 1),)
    assert config.tie_break == ("most_tiles", "alphabetical")
    hash(config)


# -- presets ---------------------------------------------------------------------------------


def test_presets() -> None:
    assert sorted(PRESETS) == ["fisf", "online"]
    assert preset("fisf") == GameConfig()
    online = preset("online")
    assert online == GameConfig(name="online", no_move_redraws=10)
    assert online.tie_break == ("fewest_blanks", "most_tiles", "reading_order")
    assert online.max_turns is None
    assert preset(" Online ") is PRESETS["online"]


def test_preset_overrides() -> None:
    config = preset("online", variant="joker", max_turns=15, seconds_per_turn=60)
    assert config.variant is Variant.JOKER
    assert (config.name, config.no_move_redraws, config.max_turns) == ("online", 10, 15)
    assert config.seconds_per_turn == 60
    assert preset("fisf", name="club").name == "club"
    assert PRESETS["online"].max_turns is None


def test_with_variant() -> None:
    config = preset("online").with_variant("7sur8")
    assert config.variant is Variant.SEVEN_AMONG_EIGHT
    assert config.rack_size == 8
    assert config.no_move_redraws == 10
    with pytest.raises(InvalidGameConfigError, match="do not fit"):
        GameConfig(variant=Variant.SEVEN_AND_EIGHT, bonuses={8: 75}).with_variant(Variant.NORMAL)


@pytest.mark.parametrize(
    ("name", "overrides", "message"),
    [
        ("scrabble", {}, "unknown game preset 'scrabble'; known: fisf, online"),
        ("fisf", {"colour": "red"}, "bad override"),
        ("fisf", {"_rules": DUPLICATE}, "bad override"),
        ("fisf", {"max_turns": 0}, "max_turns"),
        ("online", {"variant": "8sur9"}, "unknown variant"),
    ],
)
def test_bad_presets(name: str, overrides: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidGameConfigError, match=message) as caught:
        preset(name, **overrides)
    assert caught.value.code == "bad_game_config"


def test_bad_preset_name_type() -> None:
    with pytest.raises(InvalidGameConfigError, match="known: fisf, online"):
        preset(7)  # type: ignore[arg-type]


# -- to and from JSON-like data ----------------------------------------------------------------


def test_default_mapping() -> None:
    assert GameConfig().to_mapping() == {
        "name": "fisf",
        "variant": "normal",
        "lexicon": "fr",
        "tiles": "fr",
        "layout": "standard",
        "minimums": [
            {"from_turn": 1, "vowels": 2, "consonants": 2},
            {"from_turn": 16, "vowels": 1, "consonants": 1},
        ],
        "no_move_redraws": 0,
        "max_turns": None,
        "bonuses": None,
        "solo_bonus": 10,
        "solo_min_players": 16,
        "tie_break": ["fewest_blanks", "most_tiles", "reading_order"],
        "seconds_per_turn": 180,
    }


ROUND_TRIPS = [
    GameConfig(),
    preset("online"),
    preset("online", variant=Variant.JOKER, max_turns=10, seconds_per_turn=60),
    GameConfig(variant=Variant.SEVEN_AND_EIGHT, bonuses={7: 50, 8: 100}),
    GameConfig(variant=Variant.SEVEN_AMONG_EIGHT, bonuses={}),
    GameConfig(name="english club", lexicon="/data/words.txt", tiles=ENGLISH),
    GameConfig(tiles=NO_BLANKS, layout=TINY_LAYOUT),
    GameConfig(layout=dataclasses.replace(STANDARD, name="mine")),
    GameConfig(layout=BoardLayout.from_text("off", "T.d\n...\nd.T", start=(0, 1))),
    GameConfig(
        minimums=(Minimum(1, 3, 3), Minimum(5, 2, 2), Minimum(20, 0, 0)),
        tie_break=("most_blanks", "fewest_tiles", "alphabetical"),
        solo_bonus=0,
        solo_min_players=1,
        no_move_redraws=MAX_NO_MOVE_REDRAWS,
        seconds_per_turn=MAX_SECONDS_PER_TURN,
    ),
]


@pytest.mark.parametrize("config", ROUND_TRIPS)
def test_round_trip(config: GameConfig) -> None:
    data = config.to_mapping()
    assert json.loads(json.dumps(data)) == data
    assert json_round_trip(config) == config
    assert GameConfig.from_mapping(data) == config


def test_mapping_forms() -> None:
    assert GameConfig(tiles=ENGLISH).to_mapping()["tiles"] == "en"
    # the aliases read back to the presets, written by their canonical name
    for alias, canonical in (("english", "en"), ("French", "fr")):
        assert GameConfig.from_mapping({"tiles": alias}).to_mapping()["tiles"] == canonical
    assert GameConfig(tiles=NO_BLANKS).to_mapping()["tiles"] == NO_BLANKS.to_mapping()
    assert GameConfig(layout=TINY_LAYOUT).to_mapping()["layout"] == {
        "name": "tiny",
        "text": "T.d\n.*.\nd.T",
        "start": [1, 1],
    }
    data = GameConfig(bonuses={8: 75, 7: 50}, variant=Variant.SEVEN_AND_EIGHT).to_mapping()
    assert data["bonuses"] == {"7": 50, "8": 75}


def test_from_mapping_defaults_and_aliases() -> None:
    assert GameConfig.from_mapping({}) == GameConfig()
    config = GameConfig.from_mapping(
        {"variant": "7sur8", "tiles": "fr", "bonuses": {7: 60}, "layout": "T.d\n.*.\nd.T"}
    )
    assert config.variant is Variant.SEVEN_AMONG_EIGHT
    assert config.tiles is FRENCH
    assert config.rules.bonus(7) == 60
    assert config.layout.name == "custom"
    assert config.layout.premiums == TINY_LAYOUT.premiums
    assert GameConfig.from_mapping({"tiles": "English"}).tiles is ENGLISH


# -- validation ------------------------------------------------------------------------------

BAD_CONFIGS: list[tuple[dict[str, Any], str]] = [
    ({"name": ""}, "name"),
    ({"name": "   "}, "name"),
    ({"name": "x" * 101}, "name"),
    ({"name": 3}, "name"),
    ({"variant": "scrabble"}, "unknown variant"),
    ({"variant": 7}, "unknown variant"),
    ({"lexicon": ""}, "lexicon"),
    ({"lexicon": None}, "lexicon"),
    ({"tiles": "french"}, "tiles must be a TileSet"),
    ({"layout": "standard"}, "layout must be a BoardLayout"),
    ({"variant": Variant.JOKER, "tiles": NO_BLANKS}, "partie joker needs blanks"),
    ({"minimums": ()}, "at least one"),
    ({"minimums": (Minimum(2, 2, 2),)}, "start at turn 1"),
    ({"minimums": (Minimum(1, 2, 2), Minimum(16, 1, 1), Minimum(10, 1, 1))}, "sorted"),
    ({"minimums": (Minimum(1, 2, 2), Minimum(1, 1, 1))}, "sorted"),
    ({"minimums": (Minimum(1, 4, 4),)}, "do not fit a rack of 7"),
    ({"minimums": ((1, 2, 2),)}, "Minimum objects"),
    ({"minimums": "1,2,2"}, "sequence"),
    ({"no_move_redraws": -1}, "no_move_redraws"),
    ({"no_move_redraws": MAX_NO_MOVE_REDRAWS + 1}, "no_move_redraws"),
    ({"no_move_redraws": True}, "no_move_redraws"),
    ({"max_turns": 0}, "max_turns"),
    ({"max_turns": -5}, "max_turns"),
    ({"max_turns": 1.5}, "max_turns"),
    ({"bonuses": {8: 75}}, "do not fit the variant normal"),
    ({"variant": Variant.SEVEN_AMONG_EIGHT, "bonuses": {8: 75}}, "do not fit the variant 7sur8"),
    ({"bonuses": {7: -1}}, "points"),
    ({"bonuses": {0: 10}}, "tiles played"),
    ({"bonuses": {"7": 50}}, "tiles played"),
    ({"bonuses": {7: True}}, "points"),
    ({"bonuses": [(7, 50)]}, "bonuses must map"),
    ({"solo_bonus": -1}, "solo_bonus"),
    ({"solo_min_players": 0}, "solo_min_players"),
    ({"tie_break": ()}, "at least one"),
    ({"tie_break": ("random",)}, "unknown tie-break criterion 'random'"),
    ({"tie_break": ("most_tiles", "most_tiles")}, "twice"),
    ({"tie_break": ("fewest_blanks", "most_tiles", "most_blanks")}, "both"),
    ({"tie_break": ("most_tiles", "fewest_tiles")}, "both"),
    ({"tie_break": "reading_order"}, "sequence"),
    ({"tie_break": (1,)}, "criterion"),
    ({"seconds_per_turn": 0}, "seconds_per_turn"),
    ({"seconds_per_turn": MAX_SECONDS_PER_TURN + 1}, "seconds_per_turn"),
    ({"seconds_per_turn": 90.0}, "seconds_per_turn"),
]


@pytest.mark.parametrize(("kwargs", "message"), BAD_CONFIGS)
def test_invalid_configs(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidGameConfigError, match=message) as caught:
        GameConfig(**kwargs)
    assert isinstance(caught.value, ArbitreError)
    assert caught.value.code == "bad_game_config"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((0, 2, 2), "from_turn"),
        ((1, -1, 2), "vowels"),
        ((1, 2, -1), "consonants"),
        ((True, 2, 2), "from_turn"),
        ((1, 2.0, 2), "vowels"),
    ],
)
def test_invalid_minimum(args: tuple[Any, Any, Any], message: str) -> None:
    with pytest.raises(InvalidGameConfigError, match=message):
        Minimum(*args)


def test_tie_break_criteria() -> None:
    assert {
        "fewest_blanks",
        "most_blanks",
        "most_tiles",
        "fewest_tiles",
        "reading_order",
        "alphabetical",
    } == TIE_BREAK_CRITERIA
    for criterion in TIE_BREAK_CRITERIA:
        assert GameConfig(tie_break=(criterion,)).tie_break == (criterion,)


BAD_MAPPINGS: list[tuple[Any, str]] = [
    ([("name", "fisf")], "must be a mapping"),
    ({"colour": "red"}, "unknown field"),
    ({"_rules": "duplicate"}, "unknown field"),
    ({"name": None}, "name"),
    ({"variant": 7}, "unknown variant"),
    ({"variant": "NORMAL"}, "unknown variant"),
    ({"lexicon": 3}, "lexicon"),
    ({"tiles": 5}, "tiles must be a preset name or a mapping"),
    ({"tiles": "klingon"}, "tiles: unknown tile set"),
    ({"tiles": {"name": "x", "letters": {"E": {"count": 5, "value": 1}}}}, "tiles: .*tokens"),
    ({"tiles": {"name": "x", "size": 3}}, "tiles: .*unknown field"),
    ({"layout": 3}, "layout must be"),
    ({"layout": "Standard"}, "layout: .*squares"),
    ({"layout": "Standard\n" * 8}, "layout: .*unknown symbol"),
    ({"layout": "T.d\n.*"}, "layout: "),
    ({"layout": {"name": "x", "text": "T.d\n.*.\nd.T", "extra": 1}}, "layout: unknown field"),
    ({"layout": {"name": "x", "text": "T.d\n...\nd.T", "start": [9, 9]}}, "off the board"),
    ({"layout": {"name": "x", "text": "T.d\n...\nd.T", "start": "A1"}}, "start"),
    ({"layout": {"name": "x", "text": 3}}, "text"),
    ({"layout": {"text": "T.d\n.*.\nd.T"}}, "layout: name"),
    ({"minimums": [[1, 2, 2]]}, "exactly from_turn"),
    ({"minimums": [{"from_turn": 1, "vowels": 2}]}, "exactly from_turn"),
    ({"minimums": {"from_turn": 1, "vowels": 2, "consonants": 2}}, "must be a list"),
    ({"minimums": [{"from_turn": "1", "vowels": 2, "consonants": 2}]}, "from_turn"),
    ({"minimums": []}, "at least one"),
    ({"no_move_redraws": True}, "no_move_redraws"),
    ({"no_move_redraws": "10"}, "no_move_redraws"),
    ({"max_turns": "10"}, "max_turns"),
    ({"max_turns": 0}, "max_turns"),
    ({"bonuses": {"seven": 50}}, "not a number of tiles"),
    ({"bonuses": {"7": 50, 7: 40}}, "twice"),
    ({"bonuses": {"-7": 50}}, "not a number of tiles"),
    ({"bonuses": {"7": "50"}}, "points"),
    ({"bonuses": {"8": 75}}, "do not fit"),
    ({"bonuses": [1]}, "bonuses must map"),
    ({"solo_bonus": 1.0}, "solo_bonus"),
    ({"solo_min_players": -3}, "solo_min_players"),
    ({"tie_break": "reading_order"}, "tie_break must be a list"),
    ({"tie_break": ["reading_order", None]}, "criterion"),
    ({"seconds_per_turn": 90.0}, "seconds_per_turn"),
    ({"seconds_per_turn": 7200}, "seconds_per_turn"),
]


@pytest.mark.parametrize(("data", "message"), BAD_MAPPINGS)
def test_invalid_mappings(data: Any, message: str) -> None:
    with pytest.raises(InvalidGameConfigError, match=message) as caught:
        GameConfig.from_mapping(data)
    assert caught.value.code == "bad_game_config"


# -- integer ranges -----------------------------------------------------------------------------

INT32_MAX = 2**31 - 1
#: A number of 4,300 digits: the longest Python's ``int()`` reads from text, as ``json.loads``.
FOUR_THOUSAND_DIGITS = int("9" * 4300)


def with_integer(field: str, value: int) -> dict[str, Any]:
    """A configuration mapping whose integer ``field`` (a key of INTEGER_RANGES) is ``value``,
    the rest chosen so that only that integer can be wrong."""
    minimum = {"from_turn": 1, "vowels": 0, "consonants": 0}
    if field.startswith("minimums."):
        part = field.partition(".")[2]
        if part == "from_turn":
            second = [{**minimum, "from_turn": value}] if value != 1 else []
            return {"minimums": [minimum, *second]}
        return {"variant": "7et8", "minimums": [{**minimum, part: value}]}
    if field == "bonuses.tiles":
        return {"variant": "7et8", "bonuses": {value: 50}}
    if field == "bonuses.points":
        return {"bonuses": {"7": value}}
    if field == "tiles.value":
        letters = {letter: {"count": 10, "value": 1, "vowel": letter in "AE"} for letter in "AEBCD"}
        letters["F"] = {"count": 10, "value": value}
        return {"tiles": {"name": "custom", "blanks": 0, "letters": letters}}
    return {field: value}


@pytest.mark.parametrize("field", sorted(INTEGER_RANGES))
def test_every_integer_range_is_inclusive_and_checked(field: str) -> None:
    low, high = INTEGER_RANGES[field]
    for value in (low, high):
        GameConfig.from_mapping(with_integer(field, value))
    for value in (low - 1, high + 1, 2**31, -(2**31), FOUR_THOUSAND_DIGITS):
        # (a negative tile value is the tile set's own error)
        expected = f"{low} to {high}" if value >= 0 or field != "tiles.value" else ">= 0"
        with pytest.raises(InvalidGameConfigError, match=expected) as caught:
            GameConfig.from_mapping(with_integer(field, value))
        assert len(str(caught.value)) < 400


def test_the_ranges_are_the_documented_constants() -> None:
    assert dict(INTEGER_RANGES) == {
        "no_move_redraws": (0, MAX_NO_MOVE_REDRAWS),
        "max_turns": (1, MAX_TURNS),
        "solo_bonus": (0, MAX_SOLO_BONUS),
        "solo_min_players": (1, MAX_SOLO_MIN_PLAYERS),
        "seconds_per_turn": (1, MAX_SECONDS_PER_TURN),
        "minimums.from_turn": (1, MAX_TURNS),
        "minimums.vowels": (0, MAX_RACK_SIZE),
        "minimums.consonants": (0, MAX_RACK_SIZE),
        "bonuses.tiles": (1, MAX_RACK_SIZE),
        "bonuses.points": (0, MAX_BONUS_POINTS),
        "tiles.value": (0, MAX_TILE_VALUE),
    }
    assert MAX_RACK_SIZE == 8


def test_the_ranges_keep_a_game_s_totals_within_int32() -> None:
    """The most a game could score under the bounds, each turn: a word across the largest board
    whose every tile is worth the most, on triple letters, under a triple word for each new tile
    of the largest rack, with a cross word of the same for each new tile, the largest bonus and
    the solo bonus; a game has at most MAX_TURNS turns. The standings' int32 fields carry it, and
    the négatif (total minus the top's total) too."""
    word = MAX_SIZE * MAX_TILE_VALUE * 3 * 3**MAX_RACK_SIZE
    cross_words = MAX_RACK_SIZE * MAX_SIZE * MAX_TILE_VALUE * 3 * 3
    turn = word + cross_words + MAX_BONUS_POINTS + MAX_SOLO_BONUS
    assert MAX_TURNS * turn <= INT32_MAX
    assert MAX_SOLO_MIN_PLAYERS <= INT32_MAX
    assert MAX_SECONDS_PER_TURN * 1000 <= INT32_MAX  # the clock in ms


def test_the_issue_s_repro_is_refused() -> None:
    for data in ({"solo_bonus": 2**31}, {"solo_min_players": 2**31}):
        with pytest.raises(InvalidGameConfigError, match="must be"):
            GameConfig.from_mapping(data)
    with pytest.raises(InvalidGameConfigError, match="max_turns must be 1 to 120"):
        GameConfig.from_mapping(json.loads('{"max_turns": ' + "9" * 4300 + "}"))
    with pytest.raises(InvalidGameConfigError, match="max_turns"):
        GameConfig(max_turns=FOUR_THOUSAND_DIGITS)


@pytest.mark.parametrize(
    "data",
    [
        {"name": FOUR_THOUSAND_DIGITS * 10},
        {"tie_break": [FOUR_THOUSAND_DIGITS * 10]},
        {"variant": FOUR_THOUSAND_DIGITS * 10},
        {"bonuses": {"9" * 5000: 50}},
        {"bonuses": {FOUR_THOUSAND_DIGITS * 10: 50}},
        {
            "tiles": {
                "name": "x",
                "blanks": FOUR_THOUSAND_DIGITS,
                "letters": {"A": {"count": 30, "value": 1}},
            }
        },
        {"layout": {"name": "x", "text": "T.d\n.*.\nd.T", "start": [FOUR_THOUSAND_DIGITS, 1]}},
    ],
)
def test_numbers_too_long_to_print_get_a_clear_error(data: dict[str, Any]) -> None:
    """Python cannot print an int past 4,300 digits: the messages never try."""
    with pytest.raises(InvalidGameConfigError) as caught:
        GameConfig.from_mapping(data)
    assert len(str(caught.value)) < 400


def test_the_presets_and_the_shipped_tile_sets_are_within_the_ranges() -> None:
    for config in PRESETS.values():
        assert GameConfig.from_mapping(config.to_mapping()) == config
    for tiles in (FRENCH, ENGLISH):
        assert max(info.value for info in tiles.letters) <= MAX_TILE_VALUE
        GameConfig(tiles=tiles)


def test_the_readme_states_every_range() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.partition("**Configuration bounds.**")[2].partition("\n\n**")[0]
    assert section, "the README has no configuration bounds"
    for field, (low, high) in INTEGER_RANGES.items():
        assert f"{low} to {high:,}" in section, field


def test_a_lexicon_of_another_language_brings_its_preset_tiles() -> None:
    languages = {"en": "en", "fr": "fr"}
    fisf = preset("fisf")
    assert overridden(fisf, {"lexicon": "en"}, languages).tiles == ENGLISH
    assert overridden(fisf, {"lexicon": "en", "tiles": "fr"}, languages).tiles == FRENCH
    assert overridden(fisf, {"lexicon": "fr"}, languages).tiles == FRENCH
    assert overridden(fisf, {"lexicon": "my-list"}, languages).tiles == FRENCH  # no language
    english = GameConfig(lexicon="en", tiles=ENGLISH)
    assert overridden(english, {"lexicon": "fr"}, languages).tiles == FRENCH
    assert overridden(english, {"max_turns": 3}, languages).tiles == ENGLISH
    custom = GameConfig(tiles=NO_BLANKS)
    assert overridden(custom, {"lexicon": "en"}, languages).tiles == NO_BLANKS  # custom kept
    with pytest.raises(InvalidGameConfigError, match="lexicon"):
        overridden(fisf, {"lexicon": 3}, languages)
