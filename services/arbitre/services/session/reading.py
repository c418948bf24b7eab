"""Reading a game: its state (what ``GetGame`` and the ``state`` event show; as JSON-ready data,
:func:`game_state_data`), a revealed turn, the standings, the record (the seed hidden until the
end), a simultané's results with the centres' files merged (and their upload), and the
fair-play check of a position against the live turns."""

from __future__ import annotations

import dataclasses
import json
import logging
from collections.abc import Mapping
from typing import Any

import grpc

from arbitre.api.game_state import game_state_data
from arbitre.api.tables import MAX_BEST_MOVES
from arbitre.rules import registration as registrations
from arbitre.rules.duplicate import Answer, DuplicateGame, PlayedTurn, Verdict
from arbitre.rules.fair_play import board_fingerprint, helps_live_turn
from arbitre.rules.game_record import game_record, game_sheet
from arbitre.rules.game_sheet import format_sheet
from arbitre.rules.simultane_results import (
    MAX_CENTRE_FILE_SIZE,
    CentreResultsError,
    read_centre_results,
    results_csv,
    results_data,
    simultane_results,
    view,
)
from arbitre.services.remote_referee import PEER_TIMEOUT
from arbitre.services.scoring import MAX_MOVE_CHARS
from arbitre.services.session.base import SessionBase, _config_of, _settings_of
from arbitre.services.session.limits import (
    MAX_CHECKED_RACK,
    MAX_CHECKED_ROWS,
    MAX_LISTED_PLAYERS,
)
from arbitre.services.session.refusals import _refuse
from arbitre.v1 import common_pb2, movegen_pb2, scoring_pb2, session_pb2

__all__ = ["Reading", "game_state_data"]  # game_state_data: arbitre.api.game_state's

log = logging.getLogger(__package__)


class Reading(SessionBase):
    """The session service's part that reads games (and takes the centres' results files)."""

    def _state(self, game_id: str, token: str) -> Any:
        table = self.store.table(game_id, MAX_LISTED_PLAYERS)
        game, roster, robots, now = table.game, table.roster, table.robots, table.now_ms
        if "kind" not in game:
            _refuse(grpc.StatusCode.NOT_FOUND, f"no game {game_id!r}")
        turn = int(game["turn"])
        answering = game["phase"] in ("turn", "closing") and game["status"] in ("running", "paused")
        answered = table.answered if answering else frozenset()
        state = session_pb2.GameState(
            game_id=game_id,
            kind=common_pb2.GAME_KIND_DUPLICATE,
            kind_name=game["kind"],
            status=game["status"],
            phase=game["phase"],
            turn=turn,
            board=game["board"].split("/"),
            rack=game["rack"],
            deadline_ms=int(game["deadline_ms"]),
            remaining_ms=_remaining_ms(game, now),
            server_time_ms=now,
            players=[
                session_pb2.Player(
                    id=player,
                    name=name,
                    answered=player in answered,
                    robot=robots.get(player, {}).get("level", ""),
                    **table.registrations.get(player, {}),
                )
                for player, name in roster
            ],
            answers=table.answers if answering else 0,
            player_count=table.player_count,
            config_json=game["config"],
            lexicon=game["lexicon"],
            end_reason=game["end_reason"],
            title=game["title"],
            bag_count=int(game["bag_count"]),
            reveal_seconds=int(game["reveal_ms"]) // 1000,
            late_join=game.get("late_join") == "1",
            seats=int(game.get("seats") or 0),
            package_hash=game.get("package_hash", ""),
            start_at_ms=int(game.get("start_at_ms") or 0),
            seed_commitment=game.get("seed_commitment", ""),
            refereed=game.get("refereed") == "1",
            sealed=bool(game.get("sealed_package")),
            key_released=bool(game.get("release_key")),
            parked_reason=game.get("parked_reason", "") if game["status"] == "parked" else "",
        )
        if game["phase"] == "reveal":
            state.ready = self.store.ready_count(game_id, turn)
        if token and answering:
            player = self.store.player_of(game_id, token)
            mine = self.store.answer_of(game_id, turn, player) if player else None
            if mine is not None:
                state.my_answer = mine["move"]
                state.my_score = int(mine["score"])
        return state

    def _turn(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        game = self._game(game_id)
        result = self.store.result(game_id, request.turn)
        if result is None:
            if 1 <= request.turn <= int(game["turn"]):
                _refuse(
                    grpc.StatusCode.FAILED_PRECONDITION, f"turn {request.turn} is not revealed yet"
                )
            _refuse(grpc.StatusCode.NOT_FOUND, f"no turn {request.turn} in game {game_id}")
        if not 0 <= request.best_moves <= MAX_BEST_MOVES:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"best_moves: 0 to {MAX_BEST_MOVES}")
        best: list[Any] = []
        if request.best_moves:
            found = self.peers.movegen.AllMoves(
                movegen_pb2.MovesRequest(
                    position=_settings_of(game).position(result["board"]),
                    rack=result["tiles"],
                    tie_break=list(_config_of(game).tie_break),
                    limit=request.best_moves,
                ),
                timeout=PEER_TIMEOUT,
            )
            best = list(found.moves)
        top = result["top"]
        return session_pb2.TurnResult(
            best_moves=best,
            turn=result["turn"],
            rack=result["rack"],
            board=result["board"],
            top=common_pb2.ScoredMove(
                notation=top["move"], score=top["score"], tiles=top["tiles"], blanks=top["blanks"]
            ),
            alternatives=result["alternatives"],
            answers=[
                session_pb2.AnswerResult(
                    player=line["player"],
                    name=line["name"],
                    move=line["move"],
                    points=line["points"],
                    score=line["score"],
                    negatif=line["negatif"],
                    top=line["top"],
                    solo=line["solo"],
                    words=line["words"],
                    unknown_words=line["unknown_words"],
                )
                for line in result["answers"]
            ],
        )

    def _standings(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        self._game(game_id)
        if request.offset < 0 or request.limit < 0:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "offset and limit must be >= 0")
        names = dict(self.store.roster(game_id))
        page = self.peers.scoring.Standings(
            scoring_pb2.StandingsRequest(
                kind=common_pb2.GAME_KIND_DUPLICATE,
                game_id=game_id,
                offset=request.offset,
                limit=request.limit,
            ),
            timeout=PEER_TIMEOUT,
        )
        lines = list(page.standings)
        if page.turns == 0:  # nothing closed yet: everyone shares the first place
            players = sorted(names)[request.offset :]
            if request.limit:
                players = players[: request.limit]
            lines = [
                scoring_pb2.Standing(rank=1, player=player, percent_of_top=100.0)
                for player in players
            ]
        return session_pb2.GameStandings(
            standings=[
                session_pb2.NamedStanding(standing=line, name=names.get(line.player, ""))
                for line in lines
            ],
            top_total=page.top_total,
            turns=page.turns,
            players=len(names),
        )

    def _record(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        game = self._game(game_id)
        record, played = self._record_of(game_id, game)
        sheet = format_sheet(game_sheet(played, game["title"] or None))
        return session_pb2.GameRecord(
            record_json=json.dumps(record, ensure_ascii=False), sheet=sheet
        )

    def _record_of(
        self, game_id: str, game: Mapping[str, str]
    ) -> tuple[dict[str, Any], DuplicateGame]:
        """The game's record (closed turns, names and registrations) and the game itself."""
        played = self._restore(game_id, game)
        roster = self.store.roster(game_id)
        played.players = tuple(player for player, _ in roster)
        played.turns = [self._with_answers(game_id, turn) for turn in played.turns]
        record = game_record(played, game["lexicon"], game["lexicon_hash"])
        record["names"] = dict(roster)
        registered = self.store.registrations(game_id)
        record["registrations"] = {
            player: {"name": name, **registered.get(player, {})} for player, name in roster
        }
        record["game_id"] = game_id
        return _without_secrets(record, game), played

    def _results(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        game = self._game(game_id)
        record, _played = self._record_of(game_id, game)
        centres = [
            read_centre_results(text, record, name)
            for name, text in sorted(self.store.centres(game_id).items())
        ]
        lines = simultane_results(record, centres)
        filters = {
            "serie": request.serie,
            "club": request.club,
            "country": request.country,
            "centre": request.centre,
        }
        if any(filters.values()):
            lines = view(lines, **{key: value or None for key, value in filters.items()})
        answer = session_pb2.Results(
            top_total=int(record["top_total"]), turns=len(record["turns"]), lines=len(lines)
        )
        if request.csv:
            answer.csv = results_csv(lines)
        else:
            answer.results_json = json.dumps(results_data(lines), ensure_ascii=False)
        return answer

    def _upload_centre(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        game = self._game(game_id)
        self._organiser(game, request.token)
        centre = _checked_centre(request)
        if game["status"] != "over":
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                "centres' results are merged once the game is over",
            )
        record, _played = self._record_of(game_id, game)
        try:
            checked = read_centre_results(request.csv, record, centre)
        except CentreResultsError as error:
            return session_pb2.UploadCentreResponse(
                accepted=False,
                centre=centre,
                problems=[
                    session_pb2.CentreProblem(line=line, message=message)
                    for line, message in error.problems
                ],
            )
        self.store.set_centre(game_id, centre, request.csv)
        log.info("game %s: centre %r merged (%d players)", game_id, centre, len(checked.players))
        return session_pb2.UploadCentreResponse(
            accepted=True, centre=centre, players=len(checked.players)
        )

    def _with_answers(self, game_id: str, turn: PlayedTurn) -> PlayedTurn:
        result = self.store.result(game_id, turn.number) or {"answers": []}
        answers = tuple(
            Answer(
                line["player"],
                line["move"],
                Verdict(
                    line["points"],
                    line["score"],
                    tuple(line["words"]),
                    tuple(line["unknown_words"]),
                ),
            )
            for line in sorted(result["answers"], key=lambda line: line["player"])
            if line["move"]
        )
        return dataclasses.replace(turn, answers=answers)

    def _check_position(self, request: Any) -> Any:
        rows = list(request.board)
        if (
            len(rows) > MAX_CHECKED_ROWS
            or any(len(row) > MAX_CHECKED_ROWS for row in rows)
            or len(request.rack) > MAX_CHECKED_RACK
            or len(request.move) > MAX_MOVE_CHARS
        ):  # no game's position: the analysis itself says what is wrong with it
            return session_pb2.PositionCheckResponse(live=False)
        racks = self.store.live_racks(board_fingerprint(rows))
        live = helps_live_turn(racks, rows, rack=request.rack, move=request.move)
        return session_pb2.PositionCheckResponse(live=live)


def _checked_centre(request: Any) -> str:
    """The centre's name of an ``UploadCentreRequest``, trimmed; INVALID_ARGUMENT for a name
    that is not 1 to :data:`~arbitre.rules.registration.MAX_CLUB_CHARS` printable characters or
    a file longer than :data:`~arbitre.rules.simultane_results.MAX_CENTRE_FILE_SIZE`."""
    centre: str = request.centre.strip()
    if not 0 < len(centre) <= registrations.MAX_CLUB_CHARS or not centre.isprintable():
        _refuse(
            grpc.StatusCode.INVALID_ARGUMENT,
            f"a centre's name is 1 to {registrations.MAX_CLUB_CHARS} printable characters",
        )
    if len(request.csv) > MAX_CENTRE_FILE_SIZE:
        _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the centre results file is too long")
    return centre


def _without_secrets(record: dict[str, Any], game: Mapping[str, str]) -> dict[str, Any]:
    """``record`` (closed turns only) as anybody may see it: the seed's commitment always; the
    seed and its salt only once the game is over (before, they would tell every tirage and top
    to come)."""
    committed = game.get("seed_commitment")
    if game.get("status") != "over":
        record.pop("seed", None)
    elif committed:
        record["seed_salt"] = game["seed_salt"]
    if committed:
        record["seed_commitment"] = committed
    return record


def _remaining_ms(game: Mapping[str, str], now: int) -> int:
    """What the clock has left: until ``deadline_ms`` while running (the turn's or the reveal's
    time), what it had left when paused, else 0."""
    deadline = int(game["deadline_ms"])
    if game["status"] == "running" and deadline:
        return max(0, deadline - now)
    return int(game["remaining_ms"])
