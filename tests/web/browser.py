"""Helpers of the browser tests: Debian's chromium (never a downloaded browser), the API from
the test process, pages that watch their console, and a recorder of what a page receives.

* :func:`chromium_path`: ``ARBITRE_CHROMIUM``, else ``chromium`` on the ``PATH``, else
  ``/usr/bin/chromium``; ``None`` when none exists (the tests skip, or fail when ``CI=true``).
* :class:`Api`: JSON over HTTP to the gateway, as a second player or the organiser would call it
  (a duplicate game's configuration all in ``config``, an answer as the kind's action, a
  revealed turn as ``GET …/turns/{n}``'s ``revealed``).
* :class:`Watched`: a page and the errors of its console; :meth:`Watched.errors` leaves out the
  browser's own lines about refused requests the test expects (an illegal pose's 400, say).
* :data:`RECORD_EVENTS`: an init script wrapping ``EventSource`` so that every server-sent event
  the page receives is passed to an exposed Python function, in order, before the page sees it.
"""

from __future__ import annotations

import json
import os
import shutil
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import ConsoleMessage, Page

__all__ = [
    "EXPECTED_REFUSALS",
    "RECORD_BINDING",
    "RECORD_EVENTS",
    "Api",
    "Seat",
    "Watched",
    "artifacts_dir",
    "chromium_path",
]

#: What the wrapped ``EventSource`` calls, per event: ``(type, data)``.
RECORD_BINDING = "__arbitreRecordEvent"

RECORD_EVENTS = f"""
(() => {{
  const Original = window.EventSource;
  window.EventSource = class extends Original {{
    addEventListener(type, listener, options) {{
      const wrapped = (event) => {{
        if (event && typeof event.data === "string") {{
          window.{RECORD_BINDING}(type, event.data);
        }}
        return listener.call(this, event);
      }};
      return super.addEventListener(type, wrapped, options);
    }}
  }};
}})();
"""


def chromium_path() -> str | None:
    """Where Debian's chromium is, or ``None``."""
    explicit = os.environ.get("ARBITRE_CHROMIUM")
    if explicit:
        return explicit if Path(explicit).exists() else None
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def artifacts_dir(fallback: Path) -> Path:
    """``ARBITRE_ARTIFACTS`` (created), else ``fallback``."""
    path = Path(os.environ.get("ARBITRE_ARTIFACTS") or fallback)
    path.mkdir(parents=True, exist_ok=True)
    return path


@dataclass
class Seat:
    """A player of a game: id and token."""

    player_id: str
    token: str


class Api:
    """The gateway's API from the test process."""

    def __init__(self, base: str) -> None:
        self.base = base

    def call(self, method: str, path: str, body: Any = None, token: str = "") -> Any:
        """The JSON answer; an ``AssertionError`` with the body for any status >= 400."""
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read().decode())
        except urllib.error.HTTPError as error:
            raise AssertionError(f"{method} {path}: {error.code} {error.read().decode()}") from None

    def create(
        self,
        seconds: int,
        turns: int,
        seed: int,
        seats: int = 4,
        reveal_seconds: int = 15,
        variant: str = "normal",
    ) -> tuple[str, str]:
        """A new online table of duplicate: its id and the organiser's token."""
        config = {
            "name": "online",
            "seconds_per_turn": seconds,
            "max_turns": turns,
            "variant": variant,
            "reveal_seconds": reveal_seconds,
            "seats": seats,
        }
        created = self.call(
            "POST", "/v1/games", {"kind": "duplicate", "seed": seed, "config": config}
        )
        assert created["game"]["kind"] == "duplicate", created
        return created["game_id"], created["organiser_token"]

    def wait_until_ready(self, timeout: float = 120) -> None:
        """Return once the platform creates games: the first calls of a fresh platform wait
        for its services to load their lexicons, and may be refused (503) meanwhile."""
        give_up = time.monotonic() + timeout
        while True:
            try:
                self.create(seconds=60, turns=1, seed=0)
                return
            except AssertionError as refused:
                if ": 503 " not in str(refused) or time.monotonic() > give_up:
                    raise
                time.sleep(0.5)

    def join(self, game_id: str, name: str) -> Seat:
        joined = self.call("POST", f"/v1/games/{game_id}/players", {"name": name})
        return Seat(joined["player_id"], joined["player_token"])

    def robot(self, game_id: str, organiser: str, level: str = "expert") -> str:
        added = self.call("POST", f"/v1/games/{game_id}/robots", {"level": level}, organiser)
        player: str = added["player_id"]
        return player

    def start(self, game_id: str, organiser: str) -> dict[str, Any]:
        state: dict[str, Any] = self.call("POST", f"/v1/games/{game_id}/start", {}, organiser)
        return state

    def state(self, game_id: str, token: str = "") -> dict[str, Any]:
        state: dict[str, Any] = self.call("GET", f"/v1/games/{game_id}", token=token)
        return state

    def answer(
        self, game_id: str, turn: int, move: str, token: str, request_id: str = ""
    ) -> dict[str, Any]:
        """The player's answer ``move`` to ``turn`` (the kind's action, under ``request_id``, a
        fresh one by default): its result ``{turn, move, score, answers}``."""
        fresh = not request_id
        action = {"move": move, "turn": turn}
        body = {"action": action, "request_id": request_id or uuid.uuid4().hex}
        found = self.call("POST", f"/v1/games/{game_id}/actions", body, token)
        assert not (fresh and found["replayed"]), found  # a fresh request is never a replay
        result: dict[str, Any] = found["result"]
        assert result["turn"] == turn, found
        return result

    def revealed(self, game_id: str, turn: int) -> dict[str, Any]:
        """A revealed turn (``GET …/turns/{n}``'s ``revealed``: tirage, top, the board before
        it, every answer)."""
        found = self.call("GET", f"/v1/games/{game_id}/turns/{turn}")
        assert found["turn"] == turn, found
        revealed: dict[str, Any] = found["revealed"]
        return revealed

    def moves(self, board: list[str], rack: str, limit: int = 20) -> list[dict[str, Any]]:
        """The best legal moves of a position (the engine, through ``/v1/solve``), best first."""
        found = self.call("POST", "/v1/solve", {"board": board, "rack": rack, "limit": limit})
        moves: list[dict[str, Any]] = found["moves"]
        return moves

    def wait_for_turn(self, game_id: str, turn: int, timeout: float = 40) -> dict[str, Any]:
        """The state once ``turn`` is open (polling the public state)."""
        give_up = time.monotonic() + timeout
        while time.monotonic() < give_up:
            state = self.state(game_id)
            if (state["turn"] >= turn and state["phase"] == "turn") or state["status"] == "over":
                return state
            time.sleep(0.1)
        raise AssertionError(f"turn {turn} never opened")


#: Console lines of the browser itself about requests the server refused as the test wants.
EXPECTED_REFUSALS = (
    "the server responded with a status of 400",
    "the server responded with a status of 409",
)


@dataclass
class Watched:
    """A page and what its console said (errors and uncaught exceptions)."""

    page: Page
    console: list[str] = field(default_factory=list)

    @classmethod
    def on(cls, page: Page) -> Watched:
        watched = cls(page)

        def console(message: ConsoleMessage) -> None:
            if message.type == "error":
                watched.console.append(message.text)

        page.on("console", console)
        page.on("pageerror", lambda error: watched.console.append(f"uncaught: {error}"))
        return watched

    def errors(self, allowed: tuple[str, ...] = EXPECTED_REFUSALS) -> list[str]:
        """The console's errors, but the browser's own lines about expected refusals."""
        return [
            text
            for text in self.console
            if not (text.startswith("Failed to load resource") and any(a in text for a in allowed))
        ]
