"""The analysis API as third-party apps use it: solve and score positions, check and search words.

Run (see ``loadtests/README.md``)::

    locust -f loadtests/api.py --headless -u 50 -r 10 -t 2m --host http://127.0.0.1:8080

Each user, between 0.5 and 2 s apart, picks one of:

- ``POST /v1/solve`` of a mid-game position of ``benchmarks/data/positions-fr.jsonl`` (614
  boards and racks with 0 to 2 blanks, from seeded self-play), without a ``limit`` (the tied
  best moves) or with one (the best N moves);
- ``POST /v1/score`` of a move found by an earlier solve on that position (it must come back
  legal, with every word in the lexicon), or of a move that cannot be played (``legal: false``,
  still a 200);
- ``GET /v1/lexicons/{id}/words/{word}`` of a word some move formed (it must be valid) or of a
  made-up one;
- ``GET /v1/lexicons/{id}/search`` for anagrams of a rack, words matching a pattern, or the
  rack plus one letter;
- ``GET /v1/lexicons``.

``--api-key`` (or ``ARBITRE_API_KEY``) is sent as ``X-API-Key`` when the gateway requires keys
(``ARBITRE_API_KEYS``); ``--positions`` and ``--lexicon`` change the positions and the lexicon
(the positions are French).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import string
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

from locust import HttpUser, between, events, task
from locust.env import Environment
from locust.event import EventHook

POSITIONS = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "positions-fr.jsonl"

SOLVE = "POST /v1/solve"
SOLVE_LIMIT = "POST /v1/solve (limit)"
SCORE = "POST /v1/score"
SCORE_ILLEGAL = "POST /v1/score (cannot be played)"
WORD = "GET /v1/lexicons/[id]/words/[word]"
SEARCH = "GET /v1/lexicons/[id]/search"
LEXICONS = "GET /v1/lexicons"

Handler = TypeVar("Handler", bound=Callable[..., None])


def _listen(hook: EventHook) -> Callable[[Handler], Handler]:
    """``hook.add_listener`` as a typed decorator (locust's event hooks are not annotated)."""
    add = cast("Callable[[Handler], object]", hook.add_listener)

    def decorator(handler: Handler) -> Handler:
        add(handler)
        return handler

    return decorator


@_listen(events.init_command_line_parser)
def _arguments(parser: Any) -> None:
    parser.add_argument(
        "--positions",
        default=str(POSITIONS),
        env_var="LOCUST_POSITIONS",
        help="JSON lines of {board, rack} (benchmarks/data/positions-fr.jsonl)",
    )
    parser.add_argument(
        "--lexicon", default="fr", env_var="LOCUST_LEXICON", help="the lexicon to use (fr)"
    )
    # The other scenario of a run of both (simultane.py and api.py) may have added it.
    with contextlib.suppress(argparse.ArgumentError):
        parser.add_argument(
            "--api-key",
            default="",
            env_var="ARBITRE_API_KEY",
            is_secret=True,
            help="sent as X-API-Key when the gateway requires keys",
        )


class Library:
    """The positions, and the moves and words found so far (shared by the process's users)."""

    def __init__(self) -> None:
        self.path = ""
        self.positions: list[tuple[list[str], str]] = []
        self.moves: dict[int, list[str]] = {}
        self.words: list[str] = ["QI", "WOK", "CHACUNE", "FABACEE"]

    def load(self, path: str) -> None:
        if path == self.path:
            return
        with open(path, encoding="utf-8") as lines:
            found = [json.loads(line) for line in lines if line.strip()]
        self.positions = [(list(data["board"]), str(data["rack"])) for data in found]
        self.moves = {}
        self.path = path

    def learn(self, index: int, moves: list[str]) -> None:
        if moves:
            self.moves[index] = moves
            for move in moves[:3]:
                word = move.partition(" ")[2].upper()
                if word and len(self.words) < 5000:
                    self.words.append(word)


LIBRARY = Library()


def _option(environment: Environment, name: str, default: str) -> str:
    options = environment.parsed_options
    return str(getattr(options, name, default)) if options is not None else default


def _made_up() -> str:
    return "".join(random.choices(string.ascii_uppercase, k=random.randint(2, 9)))


def _why(response: Any) -> str:
    """What went wrong with ``response``, for locust's error report."""
    if not response.status_code:  # no response: locust keeps the exception
        return repr(response.error)
    return f"{response.status_code}: {response.text[:200]}"


def _body(response: Any) -> dict[str, Any]:
    try:
        data = response.json()
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


class ApiUser(HttpUser):
    """A third-party app calling the analysis routes."""

    wait_time = between(0.5, 2.0)

    def on_start(self) -> None:
        LIBRARY.load(_option(self.environment, "positions", str(POSITIONS)))
        self.lexicon = _option(self.environment, "lexicon", "fr")
        key = _option(self.environment, "api_key", "")
        self.headers = {"X-API-Key": key} if key else {}

    def _position(self) -> tuple[int, list[str], str]:
        index = random.randrange(len(LIBRARY.positions))
        board, rack = LIBRARY.positions[index]
        return index, board, rack

    @task(4)
    def solve(self) -> None:
        index, board, rack = self._position()
        body: dict[str, Any] = {"board": board, "rack": rack, "lexicon": self.lexicon}
        limited = random.random() < 0.5
        if limited:
            body["limit"] = random.choice((10, 50))
        with self.client.post(
            "/v1/solve",
            json=body,
            headers=self.headers,
            name=SOLVE_LIMIT if limited else SOLVE,
            catch_response=True,
        ) as response:
            found = _body(response)
            if response.status_code != 200:
                response.failure(_why(response))
                return
            if "best_moves" not in found:
                response.failure(f"no best_moves: {response.text[:200]}")
                return
        moves = [line["move"] for line in found.get("moves", [])] or list(found["best_moves"])
        LIBRARY.learn(index, moves)

    @task(4)
    def score(self) -> None:
        if not LIBRARY.moves:
            self.solve()
            return
        index = random.choice(list(LIBRARY.moves))
        board, rack = LIBRARY.positions[index]
        move = random.choice(LIBRARY.moves[index])
        body = {"board": board, "move": move, "rack": rack, "lexicon": self.lexicon}
        with self.client.post(
            "/v1/score", json=body, headers=self.headers, name=SCORE, catch_response=True
        ) as response:
            found = _body(response)
            if response.status_code != 200:
                response.failure(_why(response))
            elif not (found.get("legal") and found.get("in_lexicon")):
                response.failure(f"{move} (found by solve) is not a legal, valid move: {found}")

    @task(1)
    def score_what_cannot_be_played(self) -> None:
        _, board, rack = self._position()
        body = {"board": board, "move": f"A1 {_made_up()}", "rack": rack, "lexicon": self.lexicon}
        with self.client.post(
            "/v1/score", json=body, headers=self.headers, name=SCORE_ILLEGAL, catch_response=True
        ) as response:
            found = _body(response)
            if response.status_code != 200:
                response.failure(_why(response))
            elif found.get("legal") is not False and found.get("in_lexicon") is not False:
                response.failure(f"{body['move']} was accepted: {found}")

    @task(4)
    def word(self) -> None:
        known = random.random() < 0.7
        word = random.choice(LIBRARY.words) if known else _made_up()
        with self.client.get(
            f"/v1/lexicons/{self.lexicon}/words/{word}",
            headers=self.headers,
            name=WORD,
            catch_response=True,
        ) as response:
            found = _body(response)
            if response.status_code != 200:
                response.failure(_why(response))
            elif known and found.get("valid") is not True:
                response.failure(f"{word} (formed by a move) is not valid: {found}")

    @task(2)
    def search(self) -> None:
        _, _, rack = self._position()
        kind = random.choice(("anagrams", "pattern", "plus_one"))
        if kind == "anagrams":
            query = rack
        elif kind == "pattern":
            word = random.choice(LIBRARY.words)
            query = "".join(letter if random.random() < 0.5 else "?" for letter in word) + "*"
        else:
            query = rack.replace("?", "")
        with self.client.get(
            f"/v1/lexicons/{self.lexicon}/search",
            params={kind: query, "limit": 100},
            headers=self.headers,
            name=f"{SEARCH} ({kind})",
            catch_response=True,
        ) as response:
            if response.status_code != 200 or "words" not in _body(response):
                response.failure(_why(response))

    @task(1)
    def lexicons(self) -> None:
        self.client.get("/v1/lexicons", headers=self.headers, name=LEXICONS)
