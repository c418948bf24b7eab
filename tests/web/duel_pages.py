"""Helpers of the Duel de Mots browser tests: games created through the API, the round's word
learnt only by replaying the seed in the test process (never from the server during a round),
guesses from a second player, and the ways a test types on the duel's page (the physical
keyboard, or clicks on the on-screen keys).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from playwright.sync_api import Locator, Page, expect

from arbitre.engine.duel_words import load
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.base import Setup
from arbitre.rules.kinds.duel.marks import Mark, mark
from tests.web.browser import Api, Seat

__all__ = [
    "create_duel",
    "extra_copy_guess",
    "guess",
    "guesses",
    "played_rows",
    "secret_words",
    "type_by_keys",
    "wait_for_game",
]


def create_duel(
    api: Api,
    seed: int,
    language: str = "en",
    rounds: int = 1,
    seats: int = 4,
    round_seconds: int = 120,
    reveal_seconds: int = 15,
) -> tuple[str, str, dict[str, Any]]:
    """A new Duel de Mots game: its id, the organiser's token and the config it was made with."""
    config: dict[str, Any] = {
        "language": language,
        "round_seconds": round_seconds,
        "rounds": rounds,
        "seats": seats,
        "reveal_seconds": reveal_seconds,
    }
    created = api.call("POST", "/v1/games", {"kind": "duel", "seed": seed, "config": config})
    assert created["game"]["kind"] == "duel", created
    return created["game_id"], created["organiser_token"], config


def secret_words(game_id: str, seed: int, config: dict[str, Any]) -> tuple[str, ...]:
    """The words of the game's rounds, by replaying its seed here (as anyone may once the seed
    is published): the kind's own rules, with the shipped word list of its language."""
    duel = kind("duel")
    configured = duel.configure(config)
    state = duel.new_game(configured, Setup(game_id, seed, ()), load(str(config["language"])))
    words: tuple[str, ...] = tuple(state.secrets.words)
    return words


def guesses(language: str, avoid: Iterable[str] = (), prefer: Iterable[str] = ()) -> list[str]:
    """Acceptable guesses of ``language``, those of ``prefer`` first (when they are words), none
    of ``avoid``; in a stable order."""
    accepted = load(language).guesses
    banned = set(avoid)
    first = [word for word in prefer if word in accepted and word not in banned]
    rest = sorted(word for word in accepted if word not in banned and word not in first)
    return first + rest


def extra_copy_guess(language: str, secret: str) -> tuple[str, str]:
    """A guess of ``language`` whose marks against ``secret`` hold an extra copy (a grey letter
    that is in the word), and the letter."""
    for word in guesses(language, avoid=[secret]):
        marks = mark(secret, word)
        if Mark.EXTRA in marks:
            return word, word[marks.index(Mark.EXTRA)]
    raise AssertionError(f"no guess shows an extra copy against {secret}")


def guess(api: Api, game_id: str, seat: Seat, word: str, round_number: int) -> dict[str, Any]:
    """A guess from a player of the test process; its result."""
    answer = api.call(
        "POST",
        f"/v1/games/{game_id}/actions",
        {"action": {"guess": word, "round": round_number}},
        seat.token,
    )
    result: dict[str, Any] = answer["result"]
    return result


def wait_for_game(
    api: Api, game_id: str, ready: Callable[[dict[str, Any]], bool], timeout: float = 60
) -> dict[str, Any]:
    """The public game once ``ready`` says so (polling)."""
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        game = api.state(game_id)
        if ready(game):
            return game
        time.sleep(0.2)
    raise AssertionError(f"the game never got there: {api.state(game_id)}")


def played_rows(page: Page) -> Locator:
    """The rows of the player's grid that were played (judged)."""
    return page.locator("#duel-grid .duel-row.played")


def type_by_keys(page: Page, word: str) -> None:
    """Type ``word`` by clicking the on-screen keys, then the Enter key."""
    for letter in word:
        key = page.locator(f"#duel-keyboard .duel-key[data-key='{letter}']")
        expect(key).to_be_enabled()
        key.click()
    expect(page.locator("#duel-grid .duel-row.current")).to_have_attribute("data-typed", word)
    page.locator("#duel-enter").click()
