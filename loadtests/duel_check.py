"""Check a Duel de Mots run (``loadtests/duel.py``) against what the server kept.

Run: ``python loadtests/duel_check.py --guesses-log duel.jsonl [--host URL] [--game-id ID]
[--wait SECONDS] [--offline] [--json]``. The host and the room default to the log's first line.
Fetches the room's record (``GET /v1/games/{id}/record``) and standings (``/standings``; with
``--offline``, the record the driver wrote at the end of its log, and no standings) and checks
that:

1. no acknowledged guess was lost: every guess answered with a 200 is in the record's round, at
   the row its answer gave (``[player, letters, ms]`` entries, a player's rows in their order);
2. none is there twice (a retry with the same ``request_id`` spends no second row), and nothing
   is there that was not acknowledged (a phantom), but for guesses that got no verdict (no
   answer after the retries, or the run ended meanwhile): those may or may not have been kept;
3. each player's rows are in order: their acknowledged rows follow the order they were sent in,
   and the record's times of a player's rows never go back;
4. the record replays (``arbitre.rules.kinds.kind("duel").replay`` with the shipped word list of
   its language, which checks every commitment, word and score) to the standings the record and
   the server give;
5. every player that joined received every round's ``round_over`` and ``game_over``.

Prints a short report and exits 0 when everything holds, 1 otherwise, 2 when the log or the
server cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from arbitre.engine.duel_words import load
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds import kind

if not __package__:  # run as a script: the package ``loadtests`` is at the repository's root
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from loadtests.check import EXAMPLES, CheckError, fetch, percentiles

__all__ = ["CheckError", "DuelReport", "GuessLog", "check_run", "main", "read_log"]


@dataclass
class GuessLog:
    """What ``loadtests/duel.py`` wrote."""

    game: dict[str, Any]
    joined: dict[str, str] = field(default_factory=dict)  # player id → name
    sent: list[dict[str, Any]] = field(default_factory=list)  # in the order they were sent
    verdicts: dict[str, dict[str, Any]] = field(default_factory=dict)  # request id → verdict
    rounds_over: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))
    done: dict[str, bool] = field(default_factory=dict)  # player id → saw game_over
    record: dict[str, Any] | None = None

    def outcome(self, sent: Mapping[str, Any]) -> str:
        """A sent guess's outcome; ``unknown`` when it got no verdict."""
        verdict = self.verdicts.get(sent["request_id"])
        return "unknown" if verdict is None else str(verdict["outcome"])


def read_log(path: Path) -> GuessLog:
    """The guesses log at ``path``."""
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
    log = GuessLog(games[0])
    sent: set[str] = set()
    for entry in entries:
        kind_of, player = entry.get("kind"), entry.get("player", "")
        if kind_of == "join":
            log.joined[player] = entry["name"]
        elif kind_of == "send":
            log.sent.append(entry)
            sent.add(entry["request_id"])
        elif kind_of == "guess":
            if entry["request_id"] not in log.verdicts and entry["request_id"] not in sent:
                log.sent.append(entry)  # a verdict without its sending: as sent then
            log.verdicts[entry["request_id"]] = entry
        elif kind_of == "round_over":
            log.rounds_over[player].add(int(entry["round"]))
        elif kind_of == "done":
            log.done[player] = bool(entry.get("over"))
        elif kind_of == "record":
            log.record = entry["record"]
    return log


@dataclass
class DuelReport:
    """What a check found; ``ok`` when there is no problem."""

    game_id: str
    players: int = 0
    rounds: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    acknowledged: int = 0
    recorded: int = 0
    lost: list[str] = field(default_factory=list)
    phantom: list[str] = field(default_factory=list)
    twice: list[str] = field(default_factory=list)
    disorder: list[str] = field(default_factory=list)
    replay_equal: bool = False
    standings: list[str] = field(default_factory=list)
    missed_ends: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    guess_ms: dict[str, float] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not (
            self.problems
            or self.lost
            or self.phantom
            or self.twice
            or self.disorder
            or self.missed_ends
            or not self.replay_equal
        )

    def as_data(self) -> dict[str, Any]:
        return {**asdict(self), "ok": self.ok}

    def text(self) -> str:
        outcomes = ", ".join(f"{key} {value}" for key, value in sorted(self.outcomes.items()))
        lines = [
            f"room {self.game_id}: {self.players} players, {self.rounds} rounds",
            f"guesses sent: {outcomes or 'none'}",
            f"guesses acknowledged: {self.acknowledged}, in the record: {self.recorded}; lost "
            f"{len(self.lost)}, twice {len(self.twice)}, in the record but never acknowledged "
            f"{len(self.phantom)}, out of order {len(self.disorder)}",
            "standings equal to the replay of the record: "
            + ("yes" if self.replay_equal else "NO"),
            f"players who missed a round_over or the end: {len(self.missed_ends)}",
        ]
        if self.guess_ms:
            shown = ", ".join(f"{key} {value:.0f}" for key, value in self.guess_ms.items())
            lines.append(f"acknowledged guess latency (ms): {shown}")
        for title, items in (
            ("lost", self.lost),
            ("twice", self.twice),
            ("never acknowledged", self.phantom),
            ("out of order", self.disorder),
            ("standings", self.standings),
            ("missed", self.missed_ends),
            ("problem", self.problems),
        ):
            lines.extend(f"  {title}: {item}" for item in items[:EXAMPLES])
            if len(items) > EXAMPLES:
                lines.append(f"  {title}: ... and {len(items) - EXAMPLES} more")
        lines.append("OK" if self.ok else "FAILED")
        return "\n".join(lines)


def check_guesses(record: Mapping[str, Any], log: GuessLog, report: DuelReport) -> None:
    """Every acknowledged guess at its row of the record, once, in order; nothing else there."""
    rows: dict[tuple[str, int], list[tuple[str, int]]] = defaultdict(list)  # (letters, ms)
    for closed in record["rounds"]:
        number = int(closed["round"])
        for player, letters, at_ms in closed["guesses"]:
            rows[player, number].append((letters, int(at_ms)))
            report.recorded += 1
    closed_rounds = {int(closed["round"]) for closed in record["rounds"]}
    for (player, number), kept in sorted(rows.items()):
        where = f"player {player} round {number}"
        for letters, count in Counter(letters for letters, _ in kept).items():
            if count > 1:
                report.twice.append(f"{where}: {letters} recorded {count} times")
        times = [at_ms for _, at_ms in kept]
        if times != sorted(times):
            report.disorder.append(f"{where}: the rows' times go back ({times})")

    acknowledged: dict[tuple[str, int], set[str]] = defaultdict(set)
    unanswered: dict[tuple[str, int], set[str]] = defaultdict(set)
    last_row: dict[tuple[str, int], tuple[int, str]] = {}
    for sent in log.sent:  # in the order each player sent them
        outcome = log.outcome(sent)
        report.outcomes[outcome] = report.outcomes.get(outcome, 0) + 1
        slot = (str(sent["player"]), int(sent["round"]))
        letters = str(sent["letters"])
        if outcome == "unknown":
            unanswered[slot].add(letters)
        if outcome != "ok":
            continue
        report.acknowledged += 1
        row = int(log.verdicts[sent["request_id"]]["row"])
        where = f"player {slot[0]} round {slot[1]} row {row} ({letters})"
        acknowledged[slot].add(letters)
        previous = last_row.get(slot)
        if previous is not None and row <= previous[0]:
            report.disorder.append(f"{where}: acknowledged after row {previous[0]} ({previous[1]})")
        last_row[slot] = (row, letters)
        in_record = [kept_letters for kept_letters, _ in rows.get(slot, [])]
        if slot[1] not in closed_rounds:
            report.lost.append(f"{where}: acknowledged, the round is not in the record")
        elif row < len(in_record) and in_record[row] == letters:
            continue
        elif letters in in_record:
            report.disorder.append(
                f"{where}: acknowledged, recorded as row {in_record.index(letters)}"
            )
        else:
            report.lost.append(f"{where}: acknowledged, not in the record")
    for slot, kept_rows in sorted(rows.items()):
        for letters, _ in kept_rows:
            if letters not in acknowledged[slot] and letters not in unanswered[slot]:
                report.phantom.append(
                    f"player {slot[0]} round {slot[1]}: {letters} recorded, never acknowledged"
                )
    report.guess_ms = percentiles(
        [
            float(verdict["latency_ms"])
            for verdict in log.verdicts.values()
            if verdict["outcome"] == "ok"
        ]
    )


def _lines(standings: Sequence[Mapping[str, Any]]) -> list[tuple[int, str, int, str]]:
    """Standings as comparable lines: rank, player, total and the details as JSON."""
    return sorted(
        (
            int(line["rank"]),
            str(line["player"]),
            int(line["total"]),
            json.dumps(line.get("details", {}), sort_keys=True),
        )
        for line in standings
    )


def check_replay(
    record: Mapping[str, Any], served: Mapping[str, Any] | None, report: DuelReport
) -> None:
    """The record replays, to the standings it holds and to those the server gives."""
    duel = kind("duel")
    try:
        words = load(str(record["config"]["language"]))
        state = duel.replay(record, words)
    except (ArbitreError, KeyError, TypeError, ValueError) as error:
        report.standings.append(f"the record does not replay: {error}")
        return
    replayed = _lines(
        [
            {
                "rank": line.rank,
                "player": line.player,
                "total": line.total,
                "details": json.loads(json.dumps(dict(line.details))),
            }
            for line in duel.standings(state)
        ]
    )
    others = [("the record", record.get("standings", []))]
    if served is not None:
        others.append(("the server", served["standings"]))
    for source, standings in others:
        given = _lines(standings)
        if given != replayed:
            differ = sorted(set(given) ^ set(replayed))
            report.standings.append(
                f"{source}'s standings differ from the replay's ({len(differ)} lines), "
                f"e.g. {differ[:2]}"
            )
    report.replay_equal = not report.standings


def check_ends(record: Mapping[str, Any], log: GuessLog, report: DuelReport) -> None:
    """Every player that joined received every round's ``round_over`` and ``game_over``."""
    rounds = {int(closed["round"]) for closed in record["rounds"]}
    for player in sorted(log.joined):
        missing = sorted(rounds - log.rounds_over.get(player, set()))
        if missing:
            report.missed_ends.append(f"player {player}: no round_over of rounds {missing}")
        elif not log.done.get(player):
            report.missed_ends.append(f"player {player}: never saw game_over")


def wait_for_the_end(base: str, game_id: str, seconds: float) -> None:
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        if fetch(base, f"/v1/games/{game_id}").get("status") == "over":
            return
        time.sleep(1.0)


def check_run(
    log_path: Path,
    host: str | None = None,
    game_id: str | None = None,
    wait: float = 0.0,
    offline: bool = False,
) -> DuelReport:
    """Check the run of ``log_path`` against the server at ``host`` (default: the log's), or
    with ``offline`` against the record at the end of the log."""
    log = read_log(log_path)
    game_id = game_id or str(log.game["game_id"])
    served: dict[str, Any] | None = None
    if offline:
        if log.record is None:
            raise CheckError(f"{log_path} holds no record (the run did not end): check online")
        record = log.record
    else:
        base = host or log.game.get("host") or ""
        if not base:
            raise CheckError("no host: give --host")
        if wait > 0:
            wait_for_the_end(base, game_id, wait)
        record = fetch(base, f"/v1/games/{game_id}/record")["record"]  # the kind's record
        served = fetch(base, f"/v1/games/{game_id}/standings")
    report = DuelReport(game_id, players=len(log.joined), rounds=len(record["rounds"]))
    if not record.get("over"):
        report.problems.append(f"the game is not over ({len(record['rounds'])} rounds closed)")
    seated = {str(player) for player in record["players"]} | {
        str(change["player"]) for change in record.get("seating", [])
    }
    unknown = sorted(seated - set(log.joined))
    if unknown:
        report.problems.append(f"{len(unknown)} players of the room are not in the log")
    check_guesses(record, log, report)
    check_replay(record, served, report)
    check_ends(record, log, report)
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python loadtests/duel_check.py", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument(
        "--guesses-log", type=Path, default=Path("duel-guesses.jsonl"), help="the run's log"
    )
    parser.add_argument("--host", help="the gateway (default: the log's)")
    parser.add_argument("--game-id", help="the room (default: the log's)")
    parser.add_argument(
        "--wait", type=float, default=0.0, help="wait up to this many seconds for the end"
    )
    parser.add_argument("--offline", action="store_true", help="check the record the log ends with")
    parser.add_argument("--json", action="store_true", help="the report as JSON")
    arguments = parser.parse_args(argv)
    try:
        report = check_run(
            arguments.guesses_log,
            arguments.host,
            arguments.game_id,
            arguments.wait,
            arguments.offline,
        )
    except CheckError as error:
        print(f"duel_check: {error}", file=sys.stderr)
        return 2
    print(json.dumps(report.as_data(), indent=1) if arguments.json else report.text())
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
