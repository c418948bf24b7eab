"""Helpers of the Indecix browser tests: games created through the API, the legal cells of the
open die worked out in the test process from the rules (for a player the page gives no aid:
the page itself never computes them), and the ways a test places a die on the page (a click
or a tap on a cell then OK, the cell typed on the keyboard, the arrows), one die or a whole
game of placements.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from arbitre.rules.kinds.indecix import moves
from arbitre.rules.kinds.indecix.grid import Grid, cell_name
from tests.web.browser import Api

__all__ = [
    "MINE",
    "SELECTED",
    "Player",
    "best_on_page",
    "cell",
    "create_indecix",
    "forbidden_cells",
    "legal_cells",
    "place_by_arrows",
    "place_by_click",
    "place_by_keys",
    "play_until",
    "rolls_in",
    "wait_for_view",
]

#: How a test places a die: the page, the cell.
Placer = Callable[[Page, str], None]
#: The class of a chosen cell, and of the die's bar when the die is the page's player's.
SELECTED = re.compile(r"\bselected\b")
MINE = re.compile(r"\bmine\b")


@dataclass
class Player:
    """A person at an Indecix table: their page, how they place (a click by default) and
    which cell they choose (by default the page's best preview, or its first legal cell)."""

    page: Page
    placer: Placer | None = None
    #: Chooses the cell from the public view (None: the page's best choice, aids or not).
    chooser: Callable[[dict[str, Any]], str] | None = None


def create_indecix(api: Api, seed: int, **config: Any) -> tuple[str, str]:
    """A new Indecix game (its config as given, the rest the server's defaults): its id and
    the organiser's token."""
    created = api.call("POST", "/v1/games", {"kind": "indecix", "seed": seed, "config": config})
    assert created["game"]["kind"] == "indecix", created
    return created["game_id"], created["organiser_token"]


def legal_cells(view: Mapping[str, Any]) -> list[str]:
    """The cells the open die may go on, from the rules (the test's own reckoning)."""
    grid = Grid.from_rows(view["grid"])
    return [cell_name(found) for found in moves.legal_cells(grid, view["current"]["face"])]


def forbidden_cells(view: Mapping[str, Any]) -> list[str]:
    """The free cells the open die may not go on (its face is in their row or column)."""
    grid = Grid.from_rows(view["grid"])
    legal = set(moves.legal_cells(grid, view["current"]["face"]))
    return [cell_name(found) for found in grid.free() if found not in legal]


def rolls_in(data: Any) -> list[int]:
    """Every roll number anywhere in ``data`` (the values of its ``roll`` keys)."""
    if isinstance(data, dict):
        found = [value for key, value in data.items() if key == "roll" and isinstance(value, int)]
        return found + [roll for value in data.values() for roll in rolls_in(value)]
    if isinstance(data, list):
        return [roll for item in data for roll in rolls_in(item)]
    return []


def cell(page: Page, name: str, grid: str = "#ix-grid") -> Locator:
    return page.locator(f"{grid} .ix-cell[data-cell='{name}']")


def _confirmed(page: Page, name: str) -> None:
    """The cell is chosen, and said so beside the die (waiting on the page's own changes: a
    locator's wait is quicker than ``expect``'s retries, and a game is 36 dice)."""
    page.wait_for_selector(f"#ix-grid .ix-cell.selected[data-cell='{name}']")
    page.wait_for_selector(f"#ix-choice[data-cell='{name}']")


def place_by_click(page: Page, name: str) -> None:
    """Choose the cell with the pointer (a tap on a touch screen), then OK."""
    target = cell(page, name)
    if _touch(page):
        target.tap()
    else:
        target.click()
    _confirmed(page, name)
    page.locator("#ix-ok").click()


def place_by_keys(page: Page, name: str) -> None:
    """Type the cell (``c4``), then Enter."""
    page.keyboard.type(name.lower())
    _confirmed(page, name)
    page.keyboard.press("Enter")


def place_by_arrows(page: Page, name: str) -> None:
    """Move the grid's focus with the arrows to the cell, Enter chooses it, Enter again
    confirms."""
    focused = page.locator("#ix-grid .ix-cell[tabindex='0']")
    focused.focus()
    at = focused.get_attribute("data-cell") or "A1"
    rows = "ABCDEF"
    for _ in range(abs(rows.index(name[0]) - rows.index(at[0]))):
        page.keyboard.press("ArrowDown" if name[0] > at[0] else "ArrowUp")
    for _ in range(abs(int(name[1]) - int(at[1]))):
        page.keyboard.press("ArrowRight" if name[1] > at[1] else "ArrowLeft")
    expect(cell(page, name)).to_be_focused()
    page.keyboard.press("Enter")
    _confirmed(page, name)
    page.keyboard.press("Enter")


def _touch(page: Page) -> bool:
    return bool(page.evaluate("matchMedia('(pointer: coarse)').matches"))


def wait_for_view(
    api: Api, game_id: str, ready: Callable[[dict[str, Any]], bool], timeout: float = 60
) -> dict[str, Any]:
    """The public view once ``ready`` says so (polling)."""
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        view: dict[str, Any] = api.state(game_id)["view"]
        if ready(view):
            return view
        time.sleep(0.05)
    raise AssertionError(f"the game never got there: {api.state(game_id)['view']}")


def best_on_page(page: Page) -> str:
    """The chosen cell on the page's aids: the selectable cell of most points (the server's
    previews), else the first selectable."""
    page.wait_for_selector("#ix-grid-wrap.mine .ix-cell.selectable")
    found = page.eval_on_selector_all(
        "#ix-grid .ix-cell.selectable",
        "cells => cells.map(c => [c.dataset.cell, Number(c.dataset.points || 0)])",
    )
    best = max(found, key=lambda item: item[1])
    name: str = best[0]
    return name


def play_until(
    api: Api,
    game_id: str,
    players: Mapping[str, Player],
    stop: Callable[[dict[str, Any]], bool],
    on_turn: Callable[[dict[str, Any], Player], bool] | None = None,
    timeout: float = 120,
) -> dict[str, Any]:
    """Place every die a person of ``players`` (by player id) rolls, each from their own page,
    until ``stop(view)``; the public view then. ``on_turn(view, player)`` may play the die
    its own way first (True: it did)."""
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        view: dict[str, Any] = api.state(game_id)["view"]
        if stop(view):
            return view
        current = view.get("current")
        if view["stage"] != "playing" or not current or current["player"] not in players:
            time.sleep(0.05)
            continue
        player = players[current["player"]]
        page = player.page
        roll = current["roll"]
        if not _shows_the_die(api, game_id, page, roll):
            continue  # lost meanwhile (a Blitz clock on a slow machine): the next die
        if not (on_turn and on_turn(view, player)):
            chosen = player.chooser(view) if player.chooser else best_on_page(page)
            (player.placer or place_by_click)(page, chosen)
        wait_for_view(api, game_id, rolled_past(roll))
    raise AssertionError("the game did not get there in time")


def rolled_past(roll: int) -> Callable[[dict[str, Any]], bool]:
    """Whether a view is past roll ``roll``: another die rolled, or no game playing."""
    return lambda found: found["roll"] != roll or found["stage"] != "playing"


def _shows_the_die(api: Api, game_id: str, page: Page, roll: int, timeout: float = 15) -> bool:
    """Whether the page shows the die of ``roll`` as its player's, before the game moves on
    (False: it did, the die resolved without the page)."""
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        try:
            page.wait_for_selector(
                f"#ix-rollbar.mine #ix-die-slot[data-roll='{roll}']", timeout=1000
            )
            return True
        except PlaywrightTimeoutError:
            if api.state(game_id)["view"]["roll"] != roll:
                return False
    raise AssertionError(f"the page never showed the die of roll {roll}")
