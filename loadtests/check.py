"""Check a simultané run (``loadtests/simultane.py``) against what the server kept.

Run: ``python loadtests/check.py --answers-log answers.jsonl [--host URL] [--game-id ID]
[--wait SECONDS] [--json]``. The host and the game default to the log's first line. Fetches the
game's record (``GET /v1/games/{id}/record``: the duplicate kind's typed record, with the
lexicon's content hash and the players' names beside it), standings
(``GET /v1/games/{id}/standings``) and state (``GET /v1/games/{id}``: the view's ``top_total``)
and checks that:

1. no acknowledged answer was lost: for every player and turn, the last answer the server
   acknowledged (HTTP 200) is the one in the record. An answer that got no verdict (a timeout,
   a 5xx, or the run ended while it was on its way) may or may not have been stored: when one
   was sent after the last acknowledged answer, the record may hold either. A 409 (late) or
   a 400 never replaces an answer. The answer script checks the deadline atomically, so an
   acknowledged answer was stored: any difference is a lost answer. The record holds no
   answer that no one sent;
2. the standings served (each line's total and ``details``) and the game's top total equal a
   replay of the record by the local engine (the duplicate kind's ``replay``, which also checks
   every turn's tirage, top and points);
3. every player that joined received every turn's reveal (``turn_revealed``) and the end.

Prints a short report (answers by outcome, acknowledged latency and reveal lag as the load
generator saw them) and exits 0 when everything holds, 1 otherwise, 2 when the log or the
server cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.error
import urllib.request
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds import kind as game_kind
from arbitre.rules.kinds.duplicate.config import read_config

__all__ = ["CheckError", "Report", "check_run", "main", "read_log"]

#: How many examples of each kind of problem a report shows.
EXAMPLES = 5


class CheckError(Exception):
    """The log or the server cannot be read."""


@dataclass
class RunLog:
    """What ``loadtests/simultane.py`` wrote."""

    game: dict[str, Any]
    joined: dict[str, str] = field(default_factory=dict)  # player id → name
    answers: list[dict[str, Any]] = field(default_factory=list)
    reveals: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    lags: list[float] = field(default_factory=list)  # ms after the deadline
    early: int = 0  # reveals before the deadline (every player had answered)
    done: dict[str, bool] = field(default_factory=dict)  # player id → saw game_over


def read_log(path: Path) -> RunLog:
    """The answers log at ``path``."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise CheckError(f"cannot read {path}: {error}") from None
    try:
        entries = [json.loads(line) for line in lines if line.strip()]
    except ValueError as error:
        raise CheckError(f"{path} is not JSON lines: {error}") from None
    games = [entry for entry in entries if entry.get("kind") == "game"]
    if len(games) != 1:
        raise CheckError(f"{path}: {len(games)} game lines (one expected: a complete run?)")
    run = RunLog(games[0])
    unanswered: dict[tuple[str, int], dict[str, Any]] = {}
    for entry in entries:
        kind, player = entry.get("kind"), entry.get("player", "")
        if kind == "join":
            run.joined[player] = entry["name"]
        elif kind == "send":
            unanswered[player, int(entry["seq"])] = entry
        elif kind == "answer":
            unanswered.pop((player, int(entry["seq"])), None)
            run.answers.append(entry)
        elif kind == "reveal":
            run.reveals[player].add(int(entry["turn"]))
            lag = entry.get("lag_ms")
            if lag is not None and lag >= 0:
                run.lags.append(float(lag))
            elif lag is not None:
                run.early += 1
        elif kind == "done":
            run.done[player] = bool(entry.get("over"))
    # Sent, never answered (the run stopped meanwhile): stored or not, no one can tell.
    run.answers.extend({**entry, "outcome": "unknown"} for entry in unanswered.values())
    return run


@dataclass
class Report:
    """What a check found; ``ok`` when there is no problem."""

    game_id: str
    players: int = 0
    turns: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    acknowledged: int = 0  # (player, turn) pairs with an acknowledged answer
    lost: list[str] = field(default_factory=list)
    phantom: list[str] = field(default_factory=list)
    standings_equal: bool = False
    standings: list[str] = field(default_factory=list)
    missed_reveals: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    answer_ms: dict[str, float] = field(default_factory=dict)
    #: How long before the deadline the answers refused as late were sent (server's clock).
    late_margin_ms: dict[str, float] = field(default_factory=dict)
    reveal_lag_ms: dict[str, float] = field(default_factory=dict)
    early_reveals: int = 0

    @property
    def ok(self) -> bool:
        return not (
            self.problems
            or self.lost
            or self.phantom
            or self.missed_reveals
            or not self.standings_equal
        )

    def as_data(self) -> dict[str, Any]:
        return {**asdict(self), "ok": self.ok}

    def text(self) -> str:
        outcomes = ", ".join(f"{key} {value}" for key, value in sorted(self.outcomes.items()))
        lines = [
            f"game {self.game_id}: {self.players} players, {self.turns} turns",
            f"answers sent: {outcomes or 'none'}",
            f"answers acknowledged (last per player and turn): {self.acknowledged}, "
            f"lost {len(self.lost)}, in the record but never sent {len(self.phantom)}",
            "standings equal to the replay of the record: "
            + ("yes" if self.standings_equal else "NO"),
            f"players who missed a reveal or the end: {len(self.missed_reveals)}",
        ]
        if self.answer_ms:
            lines.append("acknowledged answer latency (ms): " + _shown(self.answer_ms))
        if self.late_margin_ms:
            lines.append(
                "late answers, sent this long before the deadline (ms): "
                + _shown(self.late_margin_ms)
            )
        if self.reveal_lag_ms:
            lines.append("reveal lag after the deadline (ms): " + _shown(self.reveal_lag_ms))
        if self.early_reveals:
            lines.append(
                f"reveals before the deadline (every player answered): {self.early_reveals}"
            )
        for title, items in (
            ("lost", self.lost),
            ("never sent", self.phantom),
            ("standings", self.standings),
            ("missed reveals", self.missed_reveals),
            ("problem", self.problems),
        ):
            lines.extend(f"  {title}: {item}" for item in items[:EXAMPLES])
            if len(items) > EXAMPLES:
                lines.append(f"  {title}: ... and {len(items) - EXAMPLES} more")
        lines.append("OK" if self.ok else "FAILED")
        return "\n".join(lines)


def _shown(figures: dict[str, float]) -> str:
    return ", ".join(f"{key} {value:.0f}" for key, value in figures.items())


def percentiles(values: Sequence[float]) -> dict[str, float]:
    """Median, p99 and max of ``values`` (empty when there are none)."""
    if not values:
        return {}
    ordered = sorted(values)
    return {
        "p50": ordered[len(ordered) // 2],
        "p99": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
        "max": ordered[-1],
    }


def fetch(base: str, path: str, timeout: float = 60.0) -> Any:
    """The JSON of ``GET base + path``."""
    try:
        with urllib.request.urlopen(base.rstrip("/") + path, timeout=timeout) as response:
            return json.loads(response.read().decode("utf-8"))
    except urllib.error.HTTPError as error:
        raise CheckError(f"GET {path}: {error.code} {error.read()[:300]!r}") from None
    except (OSError, ValueError) as error:
        raise CheckError(f"GET {path}: {error}") from None


def check_answers(record: dict[str, Any], run: RunLog, report: Report) -> None:
    """Every last acknowledged answer is in the record, and nothing else is."""
    recorded: dict[tuple[str, int], str] = {
        (answer["player"], int(turn["number"])): answer["move"]
        for turn in record["turns"]
        for answer in turn["answers"]
    }
    sent: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for answer in run.answers:
        sent[answer["player"], int(answer["turn"])].append(answer)
        report.outcomes[answer["outcome"]] = report.outcomes.get(answer["outcome"], 0) + 1
    closed = {int(turn["number"]) for turn in record["turns"]}
    for (player, turn), attempts in sorted(sent.items()):
        attempts.sort(key=lambda answer: int(answer["seq"]))
        kept = recorded.get((player, turn))
        last = max(
            (index for index, answer in enumerate(attempts) if answer["outcome"] == "ok"),
            default=None,
        )
        start = 0 if last is None else last + 1
        maybe = {answer["move"] for answer in attempts[start:] if answer["outcome"] == "unknown"}
        if last is not None:
            report.acknowledged += 1
            acknowledged = attempts[last]["move"]
            where = f"player {player} turn {turn}"
            if turn not in closed:
                report.lost.append(f"{where}: {acknowledged!r} acknowledged, turn not in record")
            elif kept is None:
                report.lost.append(f"{where}: {acknowledged!r} acknowledged, no answer recorded")
            elif kept != acknowledged and kept not in maybe:
                report.lost.append(f"{where}: {acknowledged!r} acknowledged, {kept!r} recorded")
        elif kept is not None and kept not in maybe:
            report.phantom.append(f"player {player} turn {turn}: {kept!r} recorded, never sent")
    for (player, turn), move in sorted(recorded.items()):
        if (player, turn) not in sent:
            report.phantom.append(f"player {player} turn {turn}: {move!r} recorded, never sent")
    acknowledged_ms = [
        (answer["acked"] - answer["sent"]) * 1000
        for answer in run.answers
        if answer["outcome"] == "ok"
    ]
    report.answer_ms = percentiles(acknowledged_ms)
    report.late_margin_ms = percentiles(
        [float(answer["margin_ms"]) for answer in run.answers if answer["outcome"] == "late"]
    )


def check_standings(
    record: dict[str, Any],
    served: dict[str, Any],
    top_total: int,
    report: Report,
    fingerprint: str = "",
) -> None:
    """The standings ``served`` and the game's ``top_total`` (its view's) equal those of the
    record replayed by the local engine, with the lexicon the game played (its content hash:
    ``fingerprint``, the record route's, else the record's own when it gives one)."""
    lexicon_id = record["lexicon"]["id"]
    lexicon = load_lexicon(lexicon_id)
    stated = fingerprint or record["lexicon"]["hash"]
    if stated and lexicon.info.hash != stated:
        report.standings.append(
            f"the local lexicon {lexicon_id!r} is not the game's (hash {lexicon.info.hash[:12]} "
            f"here, {stated[:12]} in the record): cannot replay"
        )
        return
    try:
        rules = read_config(record["config"]).game
        state = game_kind("duplicate").replay(record, MoveGeneratorReferee(lexicon, rules))
    except ArbitreError as error:
        report.standings.append(f"the record does not replay: {error}")
        return
    replayed = state.game
    expected = {
        (
            line.player,
            line.rank,
            line.total,
            line.negatif,
            line.percent_of_top,
            line.tops,
            line.solos,
        )
        for line in replayed.standings()
    }
    got = {
        (
            line["player"],
            line["rank"],
            line["total"],
            line["details"]["negatif"],
            line["details"]["percent_of_top"],
            line["details"]["tops"],
            line["details"]["solos"],
        )
        for line in served["standings"]
    }
    names = {line["player"]: line["name"] for line in served["standings"]}
    for line in sorted(expected - got):
        report.standings.append(f"replay has {names.get(line[0], line[0])}: {line[1:]}")
    for line in sorted(got - expected):
        report.standings.append(f"served has {names.get(line[0], line[0])}: {line[1:]}")
    if top_total != replayed.top_total:
        report.standings.append(f"top total served {top_total}, replayed {replayed.top_total}")
    report.standings_equal = not report.standings


def check_reveals(record: dict[str, Any], run: RunLog, report: Report) -> None:
    """Every player that joined received every turn's reveal and the end of the game."""
    turns = {int(turn["number"]) for turn in record["turns"]}
    for player in sorted(run.joined):
        missing = sorted(turns - run.reveals.get(player, set()))
        if missing:
            report.missed_reveals.append(f"player {player}: no reveal of turns {missing}")
        elif not run.done.get(player):
            report.missed_reveals.append(f"player {player}: never saw game_over")
    report.reveal_lag_ms = percentiles(run.lags)
    report.early_reveals = run.early


def wait_for_the_end(base: str, game_id: str, seconds: float) -> None:
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        if fetch(base, f"/v1/games/{game_id}").get("status") == "over":
            return
        time.sleep(1.0)


def check_run(
    log_path: Path, host: str | None = None, game_id: str | None = None, wait: float = 0.0
) -> Report:
    """Check the run of ``log_path`` against the server at ``host`` (default: the log's)."""
    run = read_log(log_path)
    base = host or run.game.get("host") or ""
    if not base:
        raise CheckError("no host: give --host")
    game_id = game_id or run.game["game_id"]
    if wait > 0:
        wait_for_the_end(base, game_id, wait)
    found = fetch(base, f"/v1/games/{game_id}/record")
    record = found["record"]  # the kind's record; beside it the lexicon's hash (fingerprint)
    served = fetch(base, f"/v1/games/{game_id}/standings")
    state = fetch(base, f"/v1/games/{game_id}")
    report = Report(game_id, players=len(record["players"]), turns=len(record["turns"]))
    if record.get("end") is None:
        report.problems.append(f"the game is not over ({len(record['turns'])} turns closed)")
    unknown = sorted(set(record["players"]) - set(run.joined))
    if unknown:
        report.problems.append(f"{len(unknown)} players of the game are not in the log")
    check_answers(record, run, report)
    top_total = int(state["view"]["top_total"])
    check_standings(record, served, top_total, report, found.get("fingerprint") or "")
    check_reveals(record, run, report)
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python loadtests/check.py", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument(
        "--answers-log", type=Path, default=Path("simultane-answers.jsonl"), help="the run's log"
    )
    parser.add_argument("--host", help="the gateway (default: the log's)")
    parser.add_argument("--game-id", help="the game (default: the log's)")
    parser.add_argument(
        "--wait", type=float, default=0.0, help="wait up to this many seconds for the end"
    )
    parser.add_argument("--json", action="store_true", help="the report as JSON")
    arguments = parser.parse_args(argv)
    try:
        report = check_run(arguments.answers_log, arguments.host, arguments.game_id, arguments.wait)
    except CheckError as error:
        print(f"check: {error}", file=sys.stderr)
        return 2
    print(json.dumps(report.as_data(), indent=1) if arguments.json else report.text())
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
