"""Helpers of the browser tests: the screen sizes, a browser context, a page seated at a table
(the tokens in localStorage, as the page keeps them), and the ways a test plays on the board
(squares, drags, typed moves, the engine's moves of a position). The fixtures are in
``conftest.py``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import (
    Browser,
    BrowserContext,
    FloatRect,
    Locator,
    Page,
    ViewportSize,
    expect,
)

from tests.web.browser import Api, Seat, Watched

WEB_DIR = Path(__file__).resolve().parents[2] / "web"
# The first calls of a module wait for the services to load their lexicons: be patient.
expect.set_options(timeout=10_000)
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}


def new_context(browser: Browser, locale: str = "fr-FR", **options: Any) -> BrowserContext:
    context = browser.new_context(locale=locale, **{"viewport": DESKTOP, **options})
    context.set_default_timeout(15_000)
    return context


def seated(
    context: BrowserContext,
    base: str,
    game_id: str,
    seat: Seat,
    organiser: str = "",
    record: bool = False,
) -> Watched:
    """A page of ``context`` at the table, as the player of ``seat`` (tokens in localStorage,
    as the page keeps them after creating or joining)."""
    page = context.new_page()
    watched = Watched.on(page)
    page.goto(f"{base}/")
    stored = {"playerId": seat.player_id, "playerToken": seat.token}
    if organiser:
        stored["organiserToken"] = organiser
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"arbitre.table.{game_id}", json.dumps(stored)],
    )
    page.goto(f"{base}/t/{game_id}")
    return watched


def cell(page: Page, r: int, c: int) -> Locator:
    return page.locator(f"#board .cell[data-r='{r}'][data-c='{c}']")


def drawn_box(locator: Locator) -> FloatRect:
    """``locator``'s box on the page, once it is drawn: a page that draws a part again (a
    live update) detaches it for a moment, when ``bounding_box()`` says ``None``."""
    give_up = time.monotonic() + 10
    while (found := locator.bounding_box()) is None:
        assert time.monotonic() < give_up, f"{locator} is not drawn"
        time.sleep(0.05)
    return found


def drawn_boxes(page: Page, selector: str, count: int) -> list[dict[str, float]]:
    """The boxes of the ``count`` parts ``selector`` finds, read at once, once every one of them
    is drawn (a live update may hide or draw a part again for a moment: its box is then empty)."""
    give_up = time.monotonic() + 10
    while True:
        boxes: list[dict[str, float]] = page.eval_on_selector_all(
            selector,
            "parts => parts.map(part => { const r = part.getBoundingClientRect();"
            " return {x: r.x, y: r.y, width: r.width, height: r.height}; })",
        )
        if len(boxes) == count and all(box["width"] > 0 and box["height"] > 0 for box in boxes):
            return boxes
        assert time.monotonic() < give_up, f"{selector}: {count} parts not drawn: {boxes}"
        time.sleep(0.05)


def drag(page: Page, source: Locator, target: Locator) -> None:
    """Drag with the pointer (mouse events make the same pointer events as touch)."""
    start = drawn_box(source)
    end = drawn_box(target)
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=6)
    page.mouse.up()


def drag_until(
    page: Page, source: Locator, target: Locator, done: Callable[[], bool], tries: int = 3
) -> None:
    """Drag ``source`` onto ``target`` until ``done()`` (at most ``tries`` drags): a live
    update (a robot's answer) that draws the board again mid-drag may drop it."""
    for _ in range(tries):
        drag(page, source, target)
        page.wait_for_timeout(500)
        if done():
            return


def start_square(move: str) -> tuple[int, int, bool]:
    """Row, column (0-based) and direction of a move's notation."""
    place = move.split(" ")[0]
    if place[0].isalpha():
        return ord(place[0]) - 65, int(place[1:]) - 1, True
    return ord(place[-1]) - 65, int(place[:-1]) - 1, False


def new_letters(board: list[str], move: str) -> str:
    """The letters a player types for ``move``: those of its word on empty squares."""
    r, c, across = start_square(move)
    typed = ""
    for i, letter in enumerate(move.split(" ")[1]):
        row, col = (r, c + i) if across else (r + i, c)
        if board[row][col] == ".":
            typed += letter
    return typed


def type_move(page: Page, board: list[str], move: str) -> None:
    """Play ``move`` with the keyboard: click its first square, set the direction, type."""
    r, c, across = start_square(move)
    cell(page, r, c).click()
    direction = page.locator("#direction")
    if ("→" in direction.inner_text()) != across:
        page.keyboard.press("Space")
    expect(direction).to_contain_text("→" if across else "↓")
    page.keyboard.type(new_letters(board, move))


def tiles(rack: str) -> str:
    """The tiles of a tirage's notation (``RU+ZXTEU`` → ``RUZXTEU``)."""
    return rack.replace("+", "").replace("-", "")


def plain_moves(api: Api, state: dict[str, Any]) -> list[dict[str, Any]]:
    """The best moves of the state's position (its view's board and tirage) that put no blank
    on the board."""
    board = state["view"]["board"]
    moves = api.moves(board, tiles(state["view"]["rack"]))
    return [move for move in moves if new_letters(board, move["move"]).isupper()]
