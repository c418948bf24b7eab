"""The README's game over HTTP works as printed: its curl requests, read from the README itself,
are replayed in order against a real platform and gateway, and what its comments show (the rack
``jq`` picks out of the started game, the answer's whole response) is what the game gives."""

from __future__ import annotations

import json
import re
import shlex
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from arbitre.gateway import GatewayConfig, create_app
from arbitre.services.platform import Platform
from tests.live_fixtures import cache_dir, platform, serving  # noqa: F401
from tests.redis_fixtures import redis_url  # noqa: F401

README = Path(__file__).resolve().parents[2] / "README.md"
#: The sentence that introduces the example in the README.
INTRODUCTION = "A game over HTTP (with `arbitre up` running):"


@dataclass
class Request:
    """One curl of the example: what it sends, and what its comment says comes back."""

    method: str
    path: str  # with $id for the game
    body: Any = None
    token: str = ""  # the shell variable holding the bearer token: organiser or player
    stream: bool = False  # `curl -N ... &`: a live event stream, left running in the shell
    comment: str = ""
    assigned: str = ""  # the shell variable the response goes into, if any
    headers: list[str] = field(default_factory=list)
    jq: str = ""  # the jq path the response is piped through (`| jq .view.rack`), if any

    def shown(self) -> tuple[bool, Any]:
        """Whether the comment shows what comes back (the JSON value it ends with, after an
        optional ``text: ``), and that value."""
        text = self.comment.partition(": ")[2] if ": " in self.comment else self.comment
        try:
            return True, json.loads(text)
        except ValueError:
            return False, None

    def picked(self, body: Any) -> Any:
        """What ``jq`` prints of ``body`` (the body itself without ``jq``)."""
        for key in filter(None, self.jq.split(".")):
            body = body[key]
        return body


def example() -> str:
    """The README's shell block that follows :data:`INTRODUCTION`."""
    text = README.read_text(encoding="utf-8")
    start = text.index(INTRODUCTION)
    found = re.search(r"```sh\n(.*?)```", text[start:], re.DOTALL)
    assert found, "the README's game example has no ```sh block"
    return found.group(1)


def requests_of(block: str) -> list[Request]:
    """The curl requests of ``block``, in order (continued lines joined); a comment on a line of
    its own is the comment of the request before it."""
    joined = block.replace("\\\n", " ")
    requests: list[Request] = []
    for line in joined.splitlines():
        code, _, comment = line.partition("  #")
        if not code.strip() and requests and not requests[-1].comment:
            requests[-1].comment = comment.strip()
            continue
        for found in re.finditer(
            r"(?:(\w+)=\$\()?curl (.*?)(?:\| jq (?:-r )?(\.[\w.]*))?(?:\)|$|;|\|)", code
        ):
            assigned, arguments = found.group(1) or "", shlex.split(found.group(2).rstrip(" &"))
            request = Request("GET", "", comment=comment.strip(), assigned=assigned)
            request.jq = found.group(3) or ""
            request.stream = code.rstrip().endswith("&")
            words = iter(arguments)
            for word in words:
                if word == "-X":
                    request.method = next(words)
                elif word == "-d":
                    request.method = "POST"
                    request.body = json.loads(next(words))
                elif word == "-H":
                    header = next(words)
                    bearer = re.fullmatch(r"Authorization: Bearer \$(\w+)", header)
                    if bearer:
                        request.token = bearer.group(1)
                    else:
                        request.headers.append(header)
                elif word.startswith("$api/"):
                    request.path = "/v1/" + word.removeprefix("$api/")
            requests.append(request)
    return requests


@pytest.fixture(scope="module")
def base(platform: Platform) -> Iterator[str]:  # noqa: F811
    """The gateway, over real HTTP, in front of the module's platform."""
    app: Flask = create_app(
        GatewayConfig.all_at(platform.address, internal_token=platform.gateway_token)
    )
    with serving(app) as url:
        yield url


def call(base: str, request: Request, game_id: str, token: str) -> tuple[int, Any]:
    data = None if request.body is None else json.dumps(request.body).encode()
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    url = base + request.path.replace("$id", game_id)
    sent = urllib.request.Request(url, data=data, headers=headers, method=request.method)
    try:
        with urllib.request.urlopen(sent, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_the_example_is_parsed_as_the_readme_shows_it() -> None:
    requests = requests_of(example())
    assert [(r.method, r.path) for r in requests] == [
        ("POST", "/v1/games"),
        ("POST", "/v1/games/$id/players"),
        ("GET", "/v1/games/$id/events"),
        ("POST", "/v1/games/$id/start"),
        ("POST", "/v1/games/$id/actions"),
        ("GET", "/v1/games/$id/standings"),
    ]
    assert "seed" in requests[0].body, "a random rack cannot match the example's move"
    assert [r.token for r in requests] == ["", "", "", "organiser", "player", ""]
    assert requests[2].stream
    assert [r.jq for r in requests] == ["", ".player_token", "", ".view.rack", "", ""]
    assert "request_id" in requests[4].body  # an answer sent again is taken once
    assert [r.shown()[0] for r in requests] == [False, False, False, True, True, False]


def test_the_readme_game_works_as_printed(base: str) -> None:
    game_id, tokens, checked = "", dict[str, str](), list[str]()
    for request in requests_of(example()):
        if request.stream:
            continue  # the live events: tests/gateway/test_games.py follows them
        status, body = call(base, request, game_id, tokens.get(request.token, ""))
        assert status in {200, 201}, (request, body)
        if request.assigned == "game":
            game_id, tokens["organiser"] = body["game_id"], body["organiser_token"]
        elif request.assigned == "player":
            tokens["player"] = body["player_token"]
        is_shown, shown = request.shown()
        if is_shown:
            assert request.picked(body) == shown, (request.comment, body)
            checked.append(request.path.rsplit("/", 1)[-1])
    assert checked == ["start", "actions"], "the README shows the rack, then the answer"
    # Her answer was the last awaited: the turn closes at once, on the session's clock (a
    # moment later on a busy machine), and the standings count it from then.
    give_up = time.monotonic() + 20
    while True:
        status, standings = call(base, requests_of(example())[-1], game_id, "")
        assert status == 200
        if standings["standings"][0]["total"] > 0 or time.monotonic() > give_up:
            break
        time.sleep(0.1)
    assert standings["standings"][0]["total"] > 0
