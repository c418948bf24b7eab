"""The Chances ledger in halves: the start with handicaps, the costs of a redraw, an exchange
and a mutation, a request that cannot be met, Mimil."""

from __future__ import annotations

import pytest

from arbitre.rules.draw import Bag
from arbitre.rules.kinds.base import ActionRefusedError
from arbitre.rules.kinds.duplikta.chances import (
    ExchangeKind,
    chances_text,
    exchange,
    mimil,
    redraw,
    reversed_words_unlocked,
    sees_box,
    starting_chances,
)
from arbitre.rules.rack import Rack
from arbitre.rules.tiles import FRENCH, TileSet

RACK = Rack("KWXYAAB")


@pytest.mark.parametrize(
    ("option", "mine", "theirs", "start"),
    [
        (10, 0, 0, 10),  # the option: 5 Chances
        (10, 0, 4, 10),  # the stronger player keeps the option
        (10, 3, 0, 16),  # the weaker: 5 + 3 Chances
        (0, 5, 0, 10),  # the seed's example: the option off, a handicap of 5 against 0
        (16, 4, 1, 20),  # 8 + 3 = 11 Chances, at most 10
        (20, 10, 0, 20),
    ],
)
def test_the_start_with_handicaps(option: int, mine: int, theirs: int, start: int) -> None:
    assert starting_chances(option, mine, theirs) == start


def test_reversed_words_from_an_option_of_5() -> None:
    assert not reversed_words_unlocked(8)
    assert reversed_words_unlocked(10)
    assert reversed_words_unlocked(20)


def test_only_a_player_who_started_with_1_chance_sees_the_box() -> None:
    assert [sees_box(halves) for halves in (0, 1, 2, 10)] == [False, False, True, True]


def test_mimil_gives_half_a_chance_below_one_and_a_half() -> None:
    assert [mimil(halves) for halves in range(5)] == [1, 1, 1, 0, 0]


def test_chances_as_people_write_them() -> None:
    assert [chances_text(h) for h in (0, 1, 2, 3, 20)] == ["0", "½", "1", "1½", "10"]


def test_a_redraw_costs_half() -> None:
    box = Bag("EEEE", seed=3)
    rack, done = redraw(RACK, box, "K", held=1)
    assert (done.kind, done.given, done.wanted, done.received, done.cost) == (
        ExchangeKind.REDRAW,
        "K",
        None,
        "E",
        1,
    )
    assert rack.text() == "AABEWXY"
    assert box.contents() == "EEEK"


def test_a_redraw_may_draw_the_same_token_and_follows_the_seed() -> None:
    drawn = set()
    for seed in range(40):
        first_box, second_box = Bag("EEEEEE", seed), Bag("EEEEEE", seed)
        _, first = redraw(RACK, first_box, "K", held=2)
        _, second = redraw(RACK, second_box, "K", held=2)
        assert first == second
        drawn.add(first.received)
    assert drawn == {"E", "K"}


def test_a_redraw_from_an_empty_box_is_not_met() -> None:
    box = Bag("", seed=3)
    rack, done = redraw(RACK, box, "K", held=4)
    assert (done.kind, done.cost, done.received) == (ExchangeKind.UNMET, 1, "K")
    assert rack == RACK


def test_an_exchange_from_the_box_costs_one() -> None:
    box = Bag("EEEEEEEEEEZ?", seed=1)
    rack, done = exchange(RACK, box, "K", "Z", held=2, tiles=FRENCH)
    assert (done.kind, done.cost, done.received) == (ExchangeKind.EXCHANGE, 2, "Z")
    assert rack.text() == "AABWXYZ"
    assert box.contents() == "EEEEEEEEEEK?"
    rack, done = exchange(rack, box, "W", "?", held=2, tiles=FRENCH)
    assert (done.kind, done.cost, rack.text()) == (ExchangeKind.EXCHANGE, 2, "AABXYZ?")
    assert box.contents() == "EEEEEEEEEEKW"


def test_an_exchange_with_half_a_chance_is_not_met_and_costs_half() -> None:
    box = Bag("EEEZ", seed=1)
    rack, done = exchange(RACK, box, "K", "Z", held=1, tiles=FRENCH)
    assert (done.kind, done.cost, done.received) == (ExchangeKind.UNMET, 1, "K")
    assert rack == RACK
    assert box.contents() == "EEEZ"


@pytest.mark.parametrize(
    ("box", "held", "kind", "cost"),
    [
        ("EEEEEEE", 2, ExchangeKind.MUTATION, 2),  # 7 tokens in the box: 1 Chance
        ("EEEEEEEE", 3, ExchangeKind.MUTATION, 3),  # 8 tokens: 1½
        ("EEEEEEEE", 2, ExchangeKind.UNMET, 1),  # 8 tokens and only 1 Chance: not met, ½
        ("", 2, ExchangeKind.MUTATION, 2),
    ],
)
def test_a_mutation_when_the_box_has_none_left(
    box: str, held: int, kind: ExchangeKind, cost: int
) -> None:
    bag = Bag(box, seed=1)
    rack, done = exchange(RACK, bag, "K", "Z", held=held, tiles=FRENCH)
    assert (done.kind, done.cost) == (kind, cost)
    assert rack.text() == ("AABWXYZ" if kind is ExchangeKind.MUTATION else RACK.text())
    assert bag.contents() == box  # a mutation takes nothing from the box


@pytest.mark.parametrize(
    ("token", "wanted", "held", "code"),
    [
        ("K", "Z", 0, "not_enough_chances"),
        ("E", "Z", 4, "not_on_rack"),
        ("K", "K", 4, "same_token"),
        ("K", "z", 4, "letter_not_in_set"),
        ("K", "É", 4, "letter_not_in_set"),
        ("K", "ZZ", 4, "letter_not_in_set"),
    ],
)
def test_requests_refused_change_nothing(token: str, wanted: str, held: int, code: str) -> None:
    box = Bag("EEEZ", seed=1)
    with pytest.raises(ActionRefusedError) as raised:
        exchange(RACK, box, token, wanted, held=held, tiles=FRENCH)
    assert raised.value.code == code
    assert box.contents() == "EEEZ"


def test_a_letter_or_a_blank_the_set_does_not_have() -> None:
    no_k = TileSet.from_mapping({"name": "sans k", "letters": {"E": {"count": 60, "value": 1}}})
    for wanted in ("K", "?"):
        with pytest.raises(ActionRefusedError) as raised:
            exchange(Rack("EEEEEEE"), Bag("E", 1), "E", wanted, held=4, tiles=no_k)
        assert raised.value.code == "letter_not_in_set"


def test_a_redraw_needs_half_a_chance() -> None:
    with pytest.raises(ActionRefusedError) as raised:
        redraw(RACK, Bag("E", 1), "K", held=0)
    assert raised.value.code == "not_enough_chances"


@pytest.mark.parametrize("held", [0, 1, 2, 20])
def test_a_blank_lettered_at_the_loupe_is_free_whatever_is_held(held: int) -> None:
    box = Bag("EEEEEEEEEEZ?", seed=1)
    rack, done = exchange(Rack("AB??"), box, "?", "Z", held=held, tiles=FRENCH)
    assert (done.kind, done.given, done.wanted, done.received, done.cost) == (
        ExchangeKind.LETTERED,
        "?",
        "Z",
        "Z",
        0,
    )
    assert rack.text() == "ABZ?"  # a real Z, the other blank still a blank
    assert box.contents() == "EEEEEEEEEEZ?"  # the blank became the Z: the box is unchanged


def test_a_blank_lettered_even_with_no_such_letter_left_in_the_box() -> None:
    box = Bag("", seed=1)
    rack, done = exchange(Rack("?"), box, "?", "K", held=0, tiles=FRENCH)
    assert (rack.text(), done.kind, done.cost, box.contents()) == (
        "K",
        ExchangeKind.LETTERED,
        0,
        "",
    )


@pytest.mark.parametrize(
    ("rack", "token", "wanted", "held", "code"),
    [
        ("AB?", "?", "?", 4, "same_token"),  # a blank for a blank
        ("AB?", "?", "?", 0, "not_enough_chances"),  # ... needs ½ to be asked at all
        ("ABE", "E", "Z", 0, "not_enough_chances"),  # no blank: a plain exchange
        ("ABC", "?", "Z", 4, "not_on_rack"),  # no blank on the rack
        ("AB?", "?", "z", 4, "letter_not_in_set"),
    ],
)
def test_blank_requests_refused_change_nothing(
    rack: str, token: str, wanted: str, held: int, code: str
) -> None:
    box = Bag("EEEZ", seed=1)
    with pytest.raises(ActionRefusedError) as raised:
        exchange(Rack(rack), box, token, wanted, held=held, tiles=FRENCH)
    assert raised.value.code == code
    assert box.contents() == "EEEZ"


def test_a_blank_lettered_only_as_a_letter_of_the_set() -> None:
    no_k = TileSet.from_mapping(
        {"name": "sans k", "letters": {"E": {"count": 58, "value": 1}}, "blanks": 2}
    )
    with pytest.raises(ActionRefusedError) as raised:
        exchange(Rack("EEEEEE?"), Bag("E", 1), "?", "K", held=0, tiles=no_k)
    assert raised.value.code == "letter_not_in_set"
    rack, done = exchange(Rack("EEEEEE?"), Bag("E", 1), "?", "E", held=0, tiles=no_k)
    assert (rack.text(), done.cost) == ("EEEEEEE", 0)
