"""The README's game over HTTP works as printed: its curl requests, read from the README itself,
are replayed in order against a real platform and gateway, and the rack and the score its
comments show are the ones the game gives."""

from __future__ import annotations

import json
import re
import shlex
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


def example() -> str:
    """The README's shell block that follows :data:`INTRODUCTION`."""
    text = README.read_text(encoding="utf-8")
    start = text.index(INTRODUCTION)
    found = re.search(r"```sh\n(.*?)```", text[start:], re.DOTALL)
    assert found, "the README's game example has no ```sh block"
    return found.group(1)


def requests_of(block: str) -> list[Request]:
    """The curl requests of ``block``, in order (continued lines joined)."""
    joined = block.replace("\\\n", " ")
    requests = []
    for line in joined.splitlines():
        code, _, comment = line.partition("  #")
        for found in re.finditer(r"(?:(\w+)=\$\()?curl (.*?)(?:\)|$|;|\|)", code):
            assigned, arguments = found.group(1) or "", shlex.split(found.group(2).rstrip(" &"))
            request = Request("GET", "", comment=comment.strip(), assigned=assigned)
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
        ("POST", "/v1/games/$id/turns/1/answers"),
        ("GET", "/v1/games/$id/standings"),
    ]
    assert "seed" in requests[0].body, "a random rack cannot match the example's move"
    assert [r.token for r in requests] == ["", "", "", "organiser", "player", ""]
    assert requests[2].stream


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
        shown = re.search(r'"rack": "(\w+)"|^"(\w+)"$', request.comment)
        if shown:
            assert body["rack"] == (shown.group(1) or shown.group(2)), request.comment
            checked.append("rack")
        score = re.search(r'"score": (\d+)', request.comment)
        if score:
            assert body["score"] == int(score.group(1)), (request.comment, body)
            checked.append("score")
    assert checked == ["rack", "score"], "the README shows the rack, then the answer's score"
    status, standings = call(base, requests_of(example())[-1], game_id, "")
    assert status == 200
    assert standings["standings"][0]["total"] > 0
