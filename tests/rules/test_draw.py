from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.rules import (
    BLANK,
    ENGLISH,
    FRENCH,
    ArbitreError,
    BadRackError,
    LetterInfo,
    Rack,
    TileSet,
)
from arbitre.rules.draw import (
    Bag,
    Draw,
    InvalidBagError,
    draw_rack,
    lower_minimum,
    pool_can_continue,
)
from arbitre.rules.game_config import GameConfig, Minimum, Variant, preset


def custom_set(name: str, spec: str, blanks: int) -> TileSet:
    """``"A3 E3 Y1* B10"``: letter, count, ``*`` for a letter that is both."""
    letters = []
    for item in spec.split():
        both = item.endswith("*")
        letter, count = item[0], int(item[1:].rstrip("*"))
        vowel = letter in "AEIOU" or both
        letters.append(LetterInfo(letter, count, 1, vowel=vowel, consonant=not vowel or both))
    return TileSet(name, tuple(letters), blanks)


#: Few vowels: the end of the bag lowers the minimum often.
CONSONANT_HEAVY = custom_set("heavy", "A3 E3 Y1* B10 C10 D10 F10 G11", 2)
#: Few consonants and no blanks: games end on "only vowels".
VOWEL_HEAVY = custom_set("vowels", "A15 E15 I15 O10 B3 C2", 0)

NORMAL = GameConfig()
JOKER = GameConfig(variant=Variant.JOKER)
AMONG_EIGHT = GameConfig(variant=Variant.SEVEN_AMONG_EIGHT)
AND_EIGHT = GameConfig(variant=Variant.SEVEN_AND_EIGHT)


class RecordingBag(Bag):
    """A bag that records every group of tiles put back."""

    def __init__(self, contents: str, seed: int) -> None:
        super().__init__(contents, seed)
        self.returned: list[str] = []

    def put_back(self, tiles: str) -> None:
        self.returned.append(tiles)
        super().put_back(tiles)


def oracle_can_continue(pool: str, tiles: TileSet) -> bool:
    """Some tile can be a vowel and another one a consonant (no RackBalance involved)."""
    vowels = [tile for tile in pool if tiles.is_vowel(tile)]
    consonants = [tile for tile in pool if tiles.is_consonant(tile)]
    if not vowels or not consonants:
        return False
    if len(vowels) >= 2 or len(consonants) >= 2:
        return True
    return not tiles.is_consonant(vowels[0])  # one of each: two different tiles?


def satisfies(rack: str, minimum: tuple[int, int], tiles: TileSet) -> bool:
    return Rack(rack).balance(tiles).satisfies(*minimum)


def effective_pool(bag: Bag, reliquat: str, joker: bool) -> str:
    pool = bag.contents() + reliquat
    if joker and BLANK in pool:
        return pool.replace(BLANK, "") + BLANK
    return pool


def simulate(
    config: GameConfig,
    seed: int,
    has_move: Callable[[str], bool] | None = None,
    stats: Counter[str] | None = None,
) -> list[Draw]:
    """Play a game without a board: each turn "plays" 1 to max_tiles_played random tiles of
    the rack (in a partie joker, a played blank is swapped for a real letter from the bag when
    there is one), checking every rule of the tirage at every step."""
    tiles = config.tiles
    full = Bag.full(tiles, 0).counts()
    letters = [info.letter for info in tiles.letters if info.count]
    bag = RecordingBag.full(tiles, seed)
    player = random.Random(seed * 7919 + 1)
    joker = config.variant is Variant.JOKER
    size = config.rack_size
    reliquat = ""
    played: Counter[str] = Counter()
    draws: list[Draw] = []
    turn = 1
    while True:
        before = bag.counts()
        pool = effective_pool(bag, reliquat, joker)
        bag.returned.clear()
        draw = draw_rack(bag, reliquat, turn, config, has_move)
        if draw is None:
            # the game ends exactly when the pool cannot continue (or at max_turns)
            over_time = config.max_turns is not None and turn > config.max_turns
            assert over_time or not oracle_can_continue(pool, tiles)
            assert not over_time or config.max_turns == len(draws)
            assert bag.counts() == before
            break
        assert oracle_can_continue(pool, tiles)
        assert pool_can_continue(pool, tiles)
        draws.append(draw)
        check_draw(draw, config, bag, reliquat, pool, played, full, turn, has_move, stats)
        if not draw.playable:
            break
        rack = list(draw.rack)
        player.shuffle(rack)
        count = player.randint(1, min(len(rack), config.rules.max_tiles_played))
        chosen, rest = rack[:count], rack[count:]
        if joker and BLANK in chosen:
            letter = player.choice(letters)
            if bag.take(letter):
                chosen[chosen.index(BLANK)] = letter
                rest.append(BLANK)
                if stats is not None:
                    stats["joker swaps"] += 1
        played.update(chosen)
        reliquat = "".join(rest)
        assert bag.counts() + Counter(reliquat) + played == full
        assert len(draw.rack) == min(size, len(pool))
        turn += 1
    return draws


def check_draw(
    draw: Draw,
    config: GameConfig,
    bag: RecordingBag,
    reliquat: str,
    pool: str,
    played: Counter[str],
    full: Counter[str],
    turn: int,
    has_move: Callable[[str], bool] | None,
    stats: Counter[str] | None,
) -> None:
    tiles = config.tiles
    size = config.rack_size
    assert draw.turn == turn
    # tiles are conserved: bag + rack + played = the full set
    assert bag.counts() + Counter(draw.rack) + played == full
    assert len(draw.rack) == min(size, len(pool))
    # the minimum: the turn's, or lowered to what the pool can give
    target = config.minimum(turn)
    assert draw.minimum is not None
    if satisfies(pool, target, tiles):
        assert draw.minimum == target
    else:
        assert draw.minimum[0] <= target[0]
        assert draw.minimum[1] <= target[1]
        assert draw.minimum[0] >= min(1, target[0])
        assert draw.minimum[1] >= min(1, target[1])
        assert satisfies(pool, draw.minimum, tiles)
        if stats is not None:
            stats["lowered"] += 1
    assert satisfies(draw.rack, draw.minimum, tiles)
    for rejected in draw.rejected:
        assert len(rejected) == min(size, len(pool))
        if has_move is None:
            assert not satisfies(rejected, draw.minimum, tiles)
    # every rejected rack, and nothing else, went back to the bag
    assert [sorted(tiles_back) for tiles_back in bag.returned] == [
        sorted(rejected) for rejected in draw.rejected
    ]
    if draw.rejected:
        assert draw.kept == ""
        assert not Counter(reliquat) - Counter(draw.rejected[0])
        assert draw.notation == "-" + draw.new
        if stats is not None:
            stats["rejections"] += len(draw.rejected)
    else:
        assert draw.kept == reliquat
        expected = f"{reliquat}+{draw.new}" if reliquat and draw.new else reliquat + draw.new
        assert draw.notation == expected
    assert Rack.from_text(draw.notation) == Rack(draw.rack)
    if config.variant is Variant.JOKER and BLANK in pool:
        assert draw.rack.count(BLANK) == 1
        if BLANK not in draw.kept:
            assert draw.new.startswith(BLANK)
    if has_move is None:
        assert draw.playable
    else:
        assert draw.playable is has_move(draw.rack)
        redraws = sum(satisfies(rack, draw.minimum, tiles) for rack in draw.rejected)
        assert redraws <= config.no_move_redraws
        if not draw.playable:
            # redrawn as often as allowed, unless the rack already held the whole pool
            assert redraws == config.no_move_redraws or len(draw.rack) == len(pool)


# -- the bag ---------------------------------------------------------------------------------


def test_full_bag_is_canonical() -> None:
    bag = Bag.full(FRENCH, 1)
    assert len(bag) == 102
    assert (
        bag.contents() == "".join(info.letter * info.count for info in FRENCH.letters) + BLANK * 2
    )
    assert bag.counts() == Counter({info.letter: info.count for info in FRENCH.letters}) + Counter(
        {BLANK: 2}
    )
    assert Bag("?BA?", 3).contents() == "AB??"


@pytest.mark.parametrize(
    ("contents", "seed"),
    [("ab", 1), ("A B", 1), ("A*", 1), (["A"], 1), ("AB", -1), ("AB", True), ("AB", "7")],
)
def test_bad_bags(contents: Any, seed: Any) -> None:
    with pytest.raises(InvalidBagError) as caught:
        Bag(contents, seed)
    assert isinstance(caught.value, ArbitreError)
    assert caught.value.code == "bad_bag"


def test_draw_takes_tiles_out() -> None:
    bag = Bag.full(FRENCH, 5)
    drawn = bag.draw(7)
    assert len(drawn) == 7
    assert len(bag) == 95
    assert bag.counts() + Counter(drawn) == Bag.full(FRENCH, 0).counts()
    assert bag.draw(0) == ""
    rest = bag.draw(200)
    assert len(rest) == 95
    assert len(bag) == 0
    assert bag.draw(7) == ""
    with pytest.raises(ValueError, match="cannot draw"):
        bag.draw(-1)


def test_draw_without_blanks() -> None:
    bag = Bag("AB??", 9)
    assert sorted(bag.draw(5, blanks=False)) == ["A", "B"]
    assert bag.contents() == "??"
    assert bag.draw(1, blanks=False) == ""
    assert bag.draw(1) == BLANK


def test_seeded_draws_are_golden() -> None:
    """Pinned values: a change here breaks the reproducibility of recorded games."""
    bag = Bag.full(FRENCH, 42)
    assert (bag.draw(7), bag.draw(7)) == ("SDAXIGE", "EDVSCTO")
    first = draw_rack(Bag.full(FRENCH, 1), "", 1, NORMAL)
    assert first is not None
    assert first.notation == "ERZAGEP"


def test_same_seed_same_draws_different_seeds_differ() -> None:
    assert Bag.full(FRENCH, 11).draw(102) == Bag.full(FRENCH, 11).draw(102)
    firsts = {Bag.full(FRENCH, seed).draw(7) for seed in range(50)}
    assert len(firsts) == 50


def test_draws_do_not_depend_on_the_given_order() -> None:
    contents = Bag.full(FRENCH, 0).contents()
    shuffled = list(contents)
    random.Random(3).shuffle(shuffled)
    assert Bag("".join(shuffled), 8).draw(30) == Bag(contents, 8).draw(30)


def test_put_back_and_take() -> None:
    bag = Bag("ABC", 1)
    bag.put_back("?ZA")
    assert bag.contents() == "AABCZ?"
    assert bag.take("A")
    assert bag.take("?")
    assert not bag.take("?")
    assert not bag.take("Q")
    assert bag.contents() == "ABCZ"
    for bad in ("a", "AB", "", 3):
        with pytest.raises(InvalidBagError):
            bag.take(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidBagError):
        bag.put_back("a")


def test_state_round_trip() -> None:
    bag = Bag.full(FRENCH, 77)
    bag.draw(10)
    saved = json.loads(json.dumps(bag.state))
    restored = Bag.from_state(saved)
    assert restored.contents() == bag.contents()
    copy = bag.copy()
    assert restored.draw(20) == bag.draw(20) == copy.draw(20)
    assert restored.state == bag.state
    assert "Bag(" in repr(bag)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda state: state.pop("random"),
        lambda state: state.update(extra=1),
        lambda state: state.update(contents="a"),
        lambda state: state.update(random=[3, [0] * 625]),
        lambda state: state["random"].__setitem__(1, [0] * 10),
        lambda state: state["random"].__setitem__(1, [-1] * 625),
        lambda state: state["random"].__setitem__(0, "3"),
        lambda state: state["random"].__setitem__(0, 99),
        lambda state: state["random"].__setitem__(2, "x"),
    ],
)
def test_bad_states(mutate: Callable[[dict[str, Any]], object]) -> None:
    state = json.loads(json.dumps(Bag.full(FRENCH, 1).state))
    mutate(state)
    with pytest.raises(InvalidBagError):
        Bag.from_state(state)


def test_state_must_be_a_mapping() -> None:
    with pytest.raises(InvalidBagError):
        Bag.from_state([1, 2])  # type: ignore[arg-type]


# -- Draw ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("draw", "notation", "rack"),
    [
        (Draw(2, "RU", "ZXTEU"), "RU+ZXTEU", "RUZXTEU"),
        (Draw(5, "", "BNISRAA", ("EUAOIEK",)), "-BNISRAA", "BNISRAA"),
        (Draw(1, "", "?EBAAEF"), "?EBAAEF", "?EBAAEF"),
        (Draw(30, "EIRST", ""), "EIRST", "EIRST"),
        (Draw(1, "", "AB", ("AE", "BC")), "-AB", "AB"),
    ],
)
def test_notation(draw: Draw, notation: str, rack: str) -> None:
    assert draw.notation == notation
    assert draw.rack == rack
    assert draw.playable


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        ((0, "", "ABC"), {}),
        ((1, "a", "BC"), {}),
        ((1, "", "B C"), {}),
        ((1, "A", "BC", ("ABCDEFG",)), {}),
        ((1, "", "BC", ["ABCDEFG"]), {}),
        ((1, "", "BC", ("abc",)), {}),
    ],
)
def test_bad_draws(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - InvalidBagError or plain ValueError
        Draw(*args, **kwargs)


# -- end of game and lowering ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pool", "expected"),
    [
        ("", False),
        ("A", False),
        ("?", False),
        ("Y", False),
        ("AE", False),
        ("BC", False),
        ("AEIOUAEIOU", False),
        ("BCDFGHJKLM", False),
        ("AB", True),
        ("B?", True),
        ("A?", True),
        ("??", True),
        ("Y?", True),
        ("YB", True),
        ("AEIOUY", True),
        ("BCDFGHJ?", True),
    ],
)
def test_pool_can_continue(pool: str, expected: bool) -> None:
    assert pool_can_continue(pool, FRENCH) is expected
    assert oracle_can_continue(pool, FRENCH) is expected


@given(st.text(alphabet="AEIBCDY?", max_size=12))
def test_pool_can_continue_matches_the_oracle(pool: str) -> None:
    assert pool_can_continue(pool, FRENCH) is oracle_can_continue(pool, FRENCH)


@pytest.mark.parametrize(
    ("pool", "target", "lowered"),
    [
        ("AEIOUBCDFG", (2, 2), (2, 2)),
        ("ABCDFGH", (2, 2), (1, 2)),
        ("AEIOUB", (2, 2), (2, 1)),
        ("AEIOUB", (1, 1), (1, 1)),
        ("A?", (2, 2), (1, 1)),
        ("??", (2, 2), (1, 1)),
        ("Y?B", (2, 2), (1, 2)),
        ("AB", (0, 0), (0, 0)),
        ("ABCDEFG", (3, 3), (2, 3)),
    ],
)
def test_lower_minimum(pool: str, target: tuple[int, int], lowered: tuple[int, int]) -> None:
    assert lower_minimum(pool, *target, FRENCH) == lowered


@given(
    st.text(alphabet="AEIBCDY?", max_size=10),
    st.integers(0, 4),
    st.integers(0, 4),
)
def test_lower_minimum_is_the_most_the_pool_gives(pool: str, vowels: int, consonants: int) -> None:
    result = lower_minimum(pool, vowels, consonants, FRENCH)
    assert result[0] <= vowels
    assert result[1] <= consonants
    assert satisfies(pool, result, FRENCH)
    if satisfies(pool, (vowels, consonants), FRENCH):
        assert result == (vowels, consonants)
    # neither side could be raised (within the target) and still be met
    if result[0] < vowels:
        assert not satisfies(pool, (result[0] + 1, result[1]), FRENCH)
    if result[1] < consonants:
        assert not satisfies(pool, (result[0], result[1] + 1), FRENCH)


def test_game_over_leaves_the_bag_alone() -> None:
    for contents, reliquat in [("AEIOU", ""), ("", "A"), ("E", "A"), ("BCD", "F"), ("", "")]:
        bag = Bag(contents, 1)
        assert draw_rack(bag, reliquat, 20, NORMAL) is None
        assert bag.contents() == Bag(contents, 0).contents()
    draw = draw_rack(Bag("BCD", 1), "A", 20, NORMAL)
    assert draw is not None
    assert sorted(draw.rack) == list("ABCD")
    assert draw.notation.startswith("A+")


def test_lowering_near_the_end() -> None:
    bag = Bag("BCDFGHJKLMN", 4)
    draw = draw_rack(bag, "A", 3, NORMAL)
    assert draw is not None
    assert draw.minimum == (1, 2)
    assert "A" in draw.rack
    # a single vowel left in the bag, none kept: it must come out, with rejections if needed
    for seed in range(20):
        draw = draw_rack(Bag("BCDFGHJKLMNPQRSTVWXZE", seed), "", 2, NORMAL)
        assert draw is not None
        assert "E" in draw.rack
        assert draw.minimum == (1, 2)
        assert all("E" not in rejected for rejected in draw.rejected)


def test_rejection_of_the_reliquat() -> None:
    bag = RecordingBag("BCDFGHJKLMNPAEIOU" * 3, 6)
    draw = draw_rack(bag, "AEIOUA", 4, NORMAL)
    assert draw is not None
    assert draw.rejected
    assert draw.rejected[0].startswith("AEIOUA")
    assert draw.kept == ""
    assert draw.notation == "-" + draw.new
    assert len(draw.new) == 7
    assert bag.returned == list(draw.rejected)
    assert satisfies(draw.rack, (2, 2), FRENCH)


def test_max_turns() -> None:
    config = preset("fisf", max_turns=10)
    bag = Bag.full(FRENCH, 3)
    assert draw_rack(bag, "", 11, config) is None
    assert len(bag) == 102
    assert draw_rack(bag, "", 10, config) is not None
    assert len(simulate(config, 3)) == 10


def test_bad_arguments() -> None:
    bag = Bag.full(FRENCH, 1)
    with pytest.raises(BadRackError):
        draw_rack(bag, "ABCDEFGH", 1, NORMAL)
    assert draw_rack(bag, "ABCDEFGH", 1, AND_EIGHT) is not None
    with pytest.raises(InvalidBagError):
        draw_rack(bag, "ab", 1, NORMAL)
    with pytest.raises(ValueError, match="turn"):
        draw_rack(bag, "", 0, NORMAL)


# -- variants --------------------------------------------------------------------------------


def test_racks_of_eight() -> None:
    for config in (AMONG_EIGHT, AND_EIGHT):
        draw = draw_rack(Bag.full(FRENCH, 2), "", 1, config)
        assert draw is not None
        assert len(draw.rack) == 8
        draws = simulate(config, 2)
        assert all(len(draw.rack) == 8 for draw in draws[:10])


def test_joker_takes_a_blank_first() -> None:
    bag = Bag.full(FRENCH, 10)
    draw = draw_rack(bag, "", 1, JOKER)
    assert draw is not None
    assert draw.new.startswith(BLANK)
    assert draw.rack.count(BLANK) == 1
    assert bag.counts()[BLANK] == 1
    # a blank kept on the rack: the other one stays in the bag
    for seed in range(30):
        bag = Bag("AEBC?" * 4, seed)
        draw = draw_rack(bag, "?ST", 5, JOKER)
        assert draw is not None
        assert draw.rack.count(BLANK) == 1
        assert bag.counts()[BLANK] == 4


def test_joker_variant_end_of_bag() -> None:
    # the blank waiting in the bag cannot be drawn next to the one kept
    assert draw_rack(Bag("?", 1), "?", 20, JOKER) is None
    draw = draw_rack(Bag("?B", 1), "?", 20, JOKER)
    assert draw is not None
    assert draw.rack == "?B"


def test_normal_variant_draws_both_blanks() -> None:
    blanks: Counter[int] = Counter()
    for seed in range(60):
        draw = draw_rack(Bag("??" + "BA" * 3, seed), "", 1, NORMAL)
        assert draw is not None
        blanks[draw.rack.count(BLANK)] += 1
    assert blanks[2] > 0


# -- reproducibility and the simulated games ---------------------------------------------------


@pytest.mark.parametrize("config", [NORMAL, JOKER, AMONG_EIGHT, AND_EIGHT])
def test_games_are_reproducible(config: GameConfig) -> None:
    assert simulate(config, 99) == simulate(config, 99)
    games = [tuple(draw.notation for draw in simulate(config, seed)) for seed in range(10)]
    assert len(set(games)) == 10


@pytest.mark.parametrize(
    ("config", "first_seed"),
    [(NORMAL, 0), (JOKER, 250), (AMONG_EIGHT, 500), (AND_EIGHT, 750)],
    ids=["normal", "joker", "7sur8", "7et8"],
)
def test_simulated_games(config: GameConfig, first_seed: int) -> None:
    """250 games per variant, 1,000 in all, every rule checked at every draw."""
    stats: Counter[str] = Counter()
    for seed in range(first_seed, first_seed + 250):
        draws = simulate(config, seed, stats=stats)
        stats["draws"] += len(draws)
    assert stats["rejections"] > 0  # the rare path was taken
    if config.variant is Variant.JOKER:
        assert stats["joker swaps"] > 0


@pytest.mark.parametrize("tiles", [CONSONANT_HEAVY, VOWEL_HEAVY, ENGLISH])
def test_simulated_games_with_other_tile_sets(tiles: TileSet) -> None:
    """Unbalanced sets reach the end of the bag before turn 16: the minimum is lowered."""
    stats: Counter[str] = Counter()
    for seed in range(60):
        simulate(GameConfig(tiles=tiles), seed, stats=stats)
    assert stats["rejections"] > 0
    if tiles is not ENGLISH:
        assert stats["lowered"] > 0


configs = st.builds(
    lambda variant, tiles, first, later, switch, max_turns: GameConfig(
        variant=variant,
        tiles=tiles,
        minimums=(Minimum(1, *first), Minimum(switch, *later)),
        max_turns=max_turns,
    ),
    st.sampled_from(list(Variant)),
    st.sampled_from([FRENCH, ENGLISH, CONSONANT_HEAVY]),
    st.tuples(st.integers(0, 3), st.integers(0, 3)),
    st.tuples(st.integers(0, 3), st.integers(0, 3)),
    st.integers(2, 25),
    st.none() | st.integers(1, 30),
)


@settings(max_examples=40, deadline=None)
@given(configs, st.integers(0, 2**32))
def test_simulated_games_any_config(config: GameConfig, seed: int) -> None:
    simulate(config, seed)


# -- racks with no legal move ------------------------------------------------------------------


def no_move_rejections(draw: Draw, tiles: TileSet) -> int:
    """Rejected racks that met the minimum: rejected for having no move."""
    assert draw.minimum is not None
    return sum(satisfies(rack, draw.minimum, tiles) for rack in draw.rejected)


def test_no_move_redraws_at_most_n_times() -> None:
    calls: list[str] = []

    def never(rack: str) -> bool:
        calls.append(rack)
        return False

    config = preset("online")
    bag = Bag.full(FRENCH, 4)
    draw = draw_rack(bag, "", 1, config, never)
    assert draw is not None
    assert not draw.playable
    assert no_move_rejections(draw, FRENCH) == 10
    assert len(calls) == 11
    assert all(satisfies(rack, (2, 2), FRENCH) for rack in calls)
    assert calls[-1] == draw.rack
    assert draw.notation == "-" + draw.new


def test_no_move_redraws_with_a_fake_move_finder() -> None:
    def has_e(rack: str) -> bool:
        return "E" in rack

    config = preset("online", no_move_redraws=2)
    outcomes: Counter[bool] = Counter()
    for seed in range(150):
        draws = simulate(config, seed, has_move=has_e)
        for draw in draws:
            count = no_move_rejections(draw, FRENCH)
            assert count <= 2
            assert has_e(draw.rack) is draw.playable
            outcomes[draw.playable] += 1
        assert all(draw.playable for draw in draws[:-1])
    assert outcomes[False] > 0
    assert outcomes[True] > 0


def test_no_redraw_when_nothing_else_can_come_out() -> None:
    draw = draw_rack(Bag("BCD", 1), "AE", 20, preset("online"), lambda rack: False)
    assert draw is not None
    assert not draw.playable
    assert draw.rejected == ()


def test_has_move_without_redraws() -> None:
    calls: list[str] = []

    def never(rack: str) -> bool:
        calls.append(rack)
        return False

    draw = draw_rack(Bag.full(FRENCH, 4), "", 1, NORMAL, never)
    assert draw is not None
    assert not draw.playable
    assert no_move_rejections(draw, FRENCH) == 0
    assert calls == [draw.rack]
    draw = draw_rack(Bag.full(FRENCH, 4), "", 1, NORMAL, lambda rack: True)
    assert draw is not None
    assert draw.playable
    # no move finder: always playable, whatever no_move_redraws says
    draw = draw_rack(Bag.full(FRENCH, 4), "", 1, preset("online"))
    assert draw is not None
    assert draw.playable
