"""What a refused move and a pass cost, and the end-of-game adjustment, with hand-checked
numbers (French values: E 1, J 8, K 10, W 10, Z 10)."""

from __future__ import annotations

import pytest

from arbitre.rules.kinds.duplikta.penalties import (
    end_adjustment,
    loupe_penalty,
    pass_penalty,
    refusal_penalty,
    returned_penalty,
)
from arbitre.rules.kinds.duplikta.scoring import token_values
from arbitre.rules.tiles import FRENCH

VALUES = token_values(FRENCH)


@pytest.mark.parametrize(
    ("placed", "cost"),
    [
        ("EAU", 10),  # 3, at least 10
        ("JOUR", 11),  # 8 + 1 + 1 + 1
        ("jour", 11),  # blanks are worth their letters
        ("KiWI", 22),
        ("WKZXY", 50),
    ],
)
def test_a_refused_move_costs_its_tokens_at_least_10(placed: str, cost: int) -> None:
    assert refusal_penalty(placed, VALUES) == cost


@pytest.mark.parametrize(("loupe", "cost"), [("", 0), ("E", 10), ("?", 10), ("K", 10), ("KW", 20)])
def test_tokens_on_the_loupe_cost_their_value_at_least_10(loupe: str, cost: int) -> None:
    assert loupe_penalty(loupe, VALUES) == cost


@pytest.mark.parametrize(
    ("returned", "cost"),
    [("", 0), ("E", 5), ("?", 5), ("ZE", 6), ("KW", 10), ("KWE", 11), ("KWZ", 15)],
)
def test_tokens_back_in_the_box_cost_half_rounded_up_at_least_5(returned: str, cost: int) -> None:
    assert returned_penalty(returned, VALUES) == cost


def test_a_pass_adds_both() -> None:
    assert pass_penalty("", "", VALUES) == 0
    assert pass_penalty("K", "ZE", VALUES) == 10 + 6
    assert pass_penalty("E", "E", VALUES) == 10 + 5


def test_the_end_adjustment_goes_to_the_player_who_placed_all() -> None:
    # bob keeps K and E (11): he loses them, ana, who placed all of hers, gains them.
    assert end_adjustment({"ana": "", "bob": "KE"}, VALUES) == {"ana": 11, "bob": -11}
    assert end_adjustment({"ana": "W", "bob": ""}, VALUES) == {"ana": -10, "bob": 10}


def test_without_a_player_out_each_only_loses_their_own() -> None:
    assert end_adjustment({"ana": "E", "bob": "KW"}, VALUES) == {"ana": -1, "bob": -20}


def test_nothing_left_nothing_moves() -> None:
    assert end_adjustment({"ana": "", "bob": ""}, VALUES) == {"ana": 0, "bob": 0}
    assert end_adjustment({"ana": "", "bob": "?"}, VALUES) == {"ana": 0, "bob": 0}


def test_the_adjustment_is_between_two_players() -> None:
    with pytest.raises(ValueError, match="two players"):
        end_adjustment({"ana": "", "bob": "E", "cy": "K"}, VALUES)
