"""A smoke run of ``loadtests/duel.py``, the asyncio driver of large Duel de Mots rooms: 6
players, one round of 90 seconds against the platform and the gateway as ``arbitre up`` serves
it (uvicorn), every player a solver guessing a few tenths of a second apart, so that they find
the word (or use their tries) and the round ends early; then ``duel_check.py``: every
acknowledged guess in the record once and in order, nothing else there, the record replays to
the standings served, every player saw the round's end and the game's. No timing is asserted.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from loadtests.duel_check import check_run

from arbitre.engine.duel_words import load
from arbitre.gateway import GatewayConfig, create_app
from arbitre.gateway.serving import serving_in_thread
from arbitre.gateway.stream_limits import STREAMS_PER_CLIENT_VARIABLE
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.base import Setup
from arbitre.services.platform import Platform
from loadtests import duel, scale
from tests.live_fixtures import cache_dir, platform  # noqa: F401
from tests.redis_fixtures import redis_url  # noqa: F401

PLAYERS = 6
PROBES = 2


@pytest.fixture(scope="module")
def base(platform: Platform) -> Iterator[str]:  # noqa: F811
    config = GatewayConfig.all_at(platform.address, internal_token=platform.gateway_token)
    with pytest.MonkeyPatch.context() as patch:  # every player's stream comes from 127.0.0.1
        patch.setenv(STREAMS_PER_CLIENT_VARIABLE, str(PLAYERS + PROBES))
        with serving_in_thread(create_app(config)) as url:
            yield url


@pytest.mark.parametrize(
    ("processes", "rounds"), [(1, 1), (2, 3)], ids=["one process", "two processes, 3 rounds"]
)
def test_a_large_duel_driver_loses_no_guess(
    base: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], processes: int, rounds: int
) -> None:
    log = tmp_path / "duel.jsonl"
    arguments = ["--host", base, "--players", str(PLAYERS), "--rounds", str(rounds)]
    arguments += ["--processes", str(processes)]
    if processes > 1:  # the last 2 players in the probes' process, timed apart
        arguments += ["--probes", str(PROBES), "--probe-players", "2"]
    arguments += ["--round-seconds", "90", "--language", "en", "--seed", "11"]
    arguments += ["--solvers", "1.0", "--first-seconds", "0.5", "--gap-seconds", "0.3"]
    assert duel.main([*arguments, "--guesses-log", str(log)]) == 0
    printed = capsys.readouterr().out
    assert f"players who saw game_over: {PLAYERS} of {PLAYERS}" in printed, printed
    if processes > 1:  # rounds closed early (everyone done) reach the probes, not counted
        assert "round_over received by the probes after the round's end (ms): " in printed
        probe_guesses = printed.partition("at the probe players (ms): ")[2].partition("\n")[0]
        assert probe_guesses.startswith("p50 ")
        assert not probe_guesses.endswith(" 0 guesses)")
    report = check_run(log, base)
    assert (report.players, report.rounds) == (PLAYERS, rounds)
    assert report.acknowledged > 0
    assert report.lost == []
    assert report.phantom == []
    assert report.twice == []
    assert report.disorder == []
    assert report.replay_equal, report.standings
    assert report.missed_ends == []
    assert report.ok, report.text()
    offline = check_run(log, offline=True)  # the record the driver kept says the same
    assert offline.ok, offline.text()


class LosingAnswers(scale.Http):
    """The gateway's pool, but the answer to every third guess is lost on its way back, after
    the server took the guess: the driver sends it again with the same ``request_id``."""

    def __init__(self, base: str, size: int) -> None:
        super().__init__(base, size)
        self.guesses = 0

    async def request(
        self, method: str, path: str, body: Any = None, token: str = ""
    ) -> tuple[int, Any]:
        answer = await super().request(method, path, body, token)
        if path.endswith("/actions"):
            self.guesses += 1
            if self.guesses % 3 == 0:
                raise scale.HttpError("the answer was lost on its way back")
        return answer


def test_a_guess_sent_again_after_its_answer_was_lost_spends_no_second_row(
    base: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(duel, "Http", LosingAnswers)
    log = tmp_path / "duel.jsonl"
    arguments = ["--host", base, "--players", str(PLAYERS), "--round-seconds", "90"]
    arguments += ["--solvers", "1.0", "--first-seconds", "0.5", "--gap-seconds", "0.3"]
    assert duel.main([*arguments, "--guesses-log", str(log)]) == 0
    verdicts = [entry for entry in map(json.loads, log.open()) if entry["kind"] == "guess"]
    replayed = [entry for entry in verdicts if entry.get("replayed")]
    assert replayed
    assert all(entry["attempts"] >= 2 for entry in replayed)
    report = check_run(log, base)
    assert report.twice == []
    assert report.ok, report.text()


def played(path: Path) -> list[dict[str, Any]]:
    """The log of a room played in memory by the kind itself (two players, one round, both
    find the word at their second try), written to ``path``: what the driver would write."""
    duel_kind, words = kind("duel"), load("en")
    config = {"language": "en", "rounds": 1, "round_seconds": 90, "reveal_seconds": 0}
    state = duel_kind.new_game(
        duel_kind.configure({**config, "seats": 2}), Setup("room", 5, ("ana", "bob")), words
    )
    word = state.secrets.words[0]
    duel_kind.open_next(state, 1_000)
    first, second = sorted(guess for guess in words.guesses if guess != word)[:2]
    entries: list[dict[str, Any]] = [{"kind": "game", "game_id": "room", "host": ""}]
    entries += [{"kind": "join", "player": player, "name": player} for player in ("ana", "bob")]
    plays = (("ana", first, 2_000), ("bob", second, 2_500), ("ana", word, 3_000))
    for number, (player, letters, at_ms) in enumerate((*plays, ("bob", word, 4_000))):
        where = {"player": player, "round": 1, "letters": letters, "request_id": f"g{number}"}
        result = duel_kind.act(state, player, {"guess": letters, "round": 1}, at_ms).result
        verdict = {"outcome": "ok", "row": result["row"], "latency_ms": 10.0}
        entries += [{"kind": "send", **where}, {"kind": "guess", **where, **verdict}]
    duel_kind.close(state, 5_000)
    for player in ("ana", "bob"):
        entries.append({"kind": "round_over", "player": player, "round": 1})
        entries.append({"kind": "done", "player": player, "over": True})
    entries.append({"kind": "record", "record": duel_kind.record(state)})
    write(path, entries)
    return entries


def write(path: Path, entries: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(entry) + "\n" for entry in entries), encoding="utf-8")
    return path


def test_the_duel_checker_finds_lost_phantom_and_repeated_guesses(tmp_path: Path) -> None:
    entries = played(tmp_path / "good.jsonl")
    good = check_run(tmp_path / "good.jsonl", offline=True)
    assert good.ok, good.text()
    assert (good.acknowledged, good.recorded) == (4, 4)
    ana_first, bob_first = entries[4], entries[6]  # the verdicts of their first guesses

    lost = {**ana_first, "letters": bob_first["letters"], "request_id": "x", "row": 2}
    acknowledged_more = [*entries[:-1], {**lost, "kind": "send"}, lost, entries[-1]]
    report = check_run(write(tmp_path / "lost.jsonl", acknowledged_more), offline=True)
    assert len(report.lost) == 1
    assert not report.ok

    refused = [
        {**entry, "outcome": "refused"} if entry is bob_first else entry for entry in entries
    ]
    report = check_run(write(tmp_path / "phantom.jsonl", refused), offline=True)
    assert len(report.phantom) == 1, report.text()
    assert report.lost == []
    unanswered = [entry for entry in entries if entry is not bob_first]  # no verdict: may be kept
    assert check_run(write(tmp_path / "unanswered.jsonl", unanswered), offline=True).ok

    record = json.loads(json.dumps(entries[-1]["record"]))
    record["rounds"][0]["guesses"].insert(1, record["rounds"][0]["guesses"][0])
    repeated = [*entries[:-1], {"kind": "record", "record": record}]
    report = check_run(write(tmp_path / "twice.jsonl", repeated), offline=True)
    assert len(report.twice) == 1
    assert not report.replay_equal  # a guess tried twice does not replay
