"""A smoke run of ``loadtests/scale.py``, the asyncio driver of large simultanés: 40 players,
2 turns of 4 seconds against the platform and the gateway as ``arbitre up`` serves it (uvicorn),
then ``check.py``: every acknowledged answer in the record, the standings equal to a replay,
every player saw every reveal and the end. No timing is asserted."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from loadtests.check import check_run

from arbitre.gateway import GatewayConfig, create_app
from arbitre.gateway.serving import serving_in_thread
from arbitre.gateway.stream_limits import STREAMS_PER_CLIENT_VARIABLE
from arbitre.services.platform import Platform
from loadtests import scale
from tests.live_fixtures import cache_dir, platform  # noqa: F401
from tests.redis_fixtures import redis_url  # noqa: F401

PLAYERS = 40
TURNS = 2


@pytest.fixture(scope="module")
def base(platform: Platform) -> Iterator[str]:  # noqa: F811
    config = GatewayConfig.all_at(platform.address, internal_token=platform.gateway_token)
    with pytest.MonkeyPatch.context() as patch:  # every player's stream comes from 127.0.0.1
        patch.setenv(STREAMS_PER_CLIENT_VARIABLE, str(PLAYERS))
        with serving_in_thread(create_app(config)) as url:
            yield url


@pytest.mark.slow
def test_a_large_simultane_driver_loses_no_answer(
    base: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "scale.jsonl"
    arguments = ["--host", base, "--players", str(PLAYERS), "--turns", str(TURNS)]
    arguments += ["--turn-seconds", "4", "--skip-chance", "0.3", "--answers-log", str(log)]
    assert scale.main(arguments) == 0
    printed = capsys.readouterr().out
    assert f"players who saw the end: {PLAYERS}" in printed, printed
    report = check_run(log, base)
    assert (report.players, report.turns) == (PLAYERS, TURNS)
    assert report.acknowledged > 0
    assert report.lost == []
    assert report.phantom == []
    assert report.standings_equal, report.standings
    assert report.missed_reveals == []
    assert report.ok, report.text()


def test_a_connection_the_server_closed_while_idle_is_opened_again() -> None:
    """A server that closes each keep-alive connection once it has answered (as the gateway
    does after its keep-alive timeout): the driver's next request on that connection opens it
    again, and is answered, instead of failing and being sent again."""

    async def scenario() -> list[tuple[int, object]]:
        connections = 0

        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            nonlocal connections
            connections += 1
            while (await reader.readline()) not in (b"\r\n", b""):
                pass
            body = json.dumps({"connection": connections}).encode()
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
            await writer.drain()
            writer.close()  # no "Connection: close": the client learns it from the socket

        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        connection = scale.Connection("127.0.0.1", port)
        answers = [await connection.request("GET", "/")]
        await asyncio.sleep(0.2)  # the server's close reaches the client
        answers.append(await connection.request("GET", "/"))
        connection.close()
        server.close()
        await server.wait_closed()
        return answers

    assert asyncio.run(scenario()) == [(200, {"connection": 1}), (200, {"connection": 2})]
