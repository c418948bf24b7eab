"""Helpers of the dupliKta browser tests: games created through the API, a player's own
view, a pair of tokens that is no word (the shipped lexicon, in the test process: the page
never asks), and the ways a test plays on the page (tokens dragged from the rack with the
pointer, a move typed in notation, Confirm, the loupe), and what the pages receive, recorded.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from functools import cache
from typing import Any

from playwright.sync_api import BrowserContext, Locator, Page, Response, expect

from arbitre.engine.lexicon import Lexicon, load_lexicon
from tests.web.browser import RECORD_BINDING, RECORD_EVENTS, Api, Seat
from tests.web.pages import drag_until, start_square

__all__ = [
    "Recorder",
    "cell",
    "create_duplikta",
    "drag_move",
    "nonsense",
    "own_view",
    "shows",
    "type_move",
    "wait_for_view",
]


def create_duplikta(api: Api, seed: int, **config: Any) -> tuple[str, str]:
    """A new dupliKta game (its config as given, the rest the server's defaults): its id and
    the organiser's token."""
    created = api.call("POST", "/v1/games", {"kind": "duplikta", "seed": seed, "config": config})
    assert created["game"]["kind"] == "duplikta", created
    return created["game_id"], created["organiser_token"]


def own_view(api: Api, game_id: str, seat: Seat) -> dict[str, Any]:
    """The game as ``seat``'s player sees it (their copy of the rack in ``you``)."""
    view: dict[str, Any] = api.state(game_id, seat.token)["view"]
    return view


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


@cache
def _lexicon() -> Lexicon:
    return load_lexicon("fr")


def nonsense(rack: str) -> str:
    """A first move at H8 of two tokens of ``rack`` that is no word, forwards or backwards."""
    letters = [token for token in rack if token != "?"]
    for index, first in enumerate(letters):
        for second in letters[index + 1 :]:
            for pair in (first + second, second + first):
                if pair not in _lexicon() and pair[::-1] not in _lexicon():
                    return f"H8 {pair}"
    raise AssertionError(f"every pair of {rack} is a word")


def cell(page: Page, r: int, c: int) -> Locator:
    return page.locator(f"#dk-board .cell[data-r='{r}'][data-c='{c}']")


def drag_move(page: Page, board: list[str], move: str) -> None:
    """Place ``move`` by dragging each of its new tokens from the rack to its square (pointer
    events: the same as a finger's)."""
    r, c, across = start_square(move)
    for i, letter in enumerate(move.split(" ")[1]):
        row, col = (r, c + i) if across else (r + i, c)
        if board[row][col] != ".":
            continue
        target = cell(page, row, col)
        source = page.locator(f"#dk-rack .rack-tile[aria-label='{letter}']:not([disabled])").first

        def placed(target: Locator = target, letter: str = letter) -> bool:
            return target.locator(".tile .letter").filter(has_text=letter).count() == 1

        drag_until(page, source, target, placed)
        assert placed(), (move, letter)
    expect(page.locator("#dk-pose")).to_have_text(move)


def type_move(page: Page, move: str) -> None:
    """Type ``move`` in notation; Enter places it on the board, shown as the pose (a confirm
    clicked before that sends nothing: on a loaded machine the page may still be drawing)."""
    page.fill("#dk-move", move)
    page.press("#dk-move", "Enter")
    expect(page.locator("#dk-pose")).to_have_text(move)


def shows(text: str, secret: str) -> bool:
    """Whether ``text`` holds ``secret`` (a move's notation or a rack), not a part of a longer
    one."""
    return re.search(rf"(?<![A-Za-z0-9?]){re.escape(secret)}(?![A-Za-z0-9?])", text) is not None


class Recorder:
    """Everything the pages of a context receive from the API: each response's body (read as
    it comes) and each server-sent event, in order."""

    def __init__(self, context: BrowserContext) -> None:
        self.received: list[tuple[str, str]] = []  # (what, text)
        context.on("response", self.response)
        context.expose_binding(
            RECORD_BINDING,
            lambda _source, kind, data: self.received.append((f"event {kind}", data)),
        )
        context.add_init_script(RECORD_EVENTS)

    def response(self, response: Response) -> None:
        if "/v1/" not in response.url:
            return  # the page's own files
        if "text/event-stream" in (response.headers.get("content-type") or ""):
            return  # its events are recorded one by one
        self.received.append((f"{response.request.method} {response.url}", response.text()))

    def items(self) -> list[tuple[str, dict[str, Any], str]]:
        """What was received: (what, data, text)."""
        return [(what, json.loads(text) if text else {}, text) for what, text in self.received]
