"""The scoring service over a real gRPC server on a free port: its answers are the engine's
:func:`~arbitre.engine.judge.judge` and what ``arbitre score`` reports, on recorded games."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis
from grpc_health.v1 import health_pb2, health_pb2_grpc

from arbitre.engine.analysis import Analyst
from arbitre.engine.judge import judge
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.rules import Board, Move, PlayRules, Position, play_rules, tile_set
from arbitre.rules.rack import Rack
from arbitre.rules.results import TurnScores, standings
from arbitre.rules.tiles import FRENCH, TileSet
from arbitre.services import scoring
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.redis_server import connect
from arbitre.services.server import Registration, start
from arbitre.v1 import common_pb2, scoring_pb2, scoring_pb2_grpc
from tests.corpus import GAMES, Turn, game_id, replay, rules_for
from tests.network import free_port
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

EMPTY = ["." * 15] * 15
#: The French duplicate games of the corpus (two of them 7-sur-8), and one play in STRIDE of each.
FRENCH_DUPLICATE = [
    (index, game)
    for index, game in enumerate(GAMES)
    if game["language"] == "fr" and game["variant"] == "duplicate"
]
STRIDE = 4
CLUB_WORDS = ["RAGE", "GARE", "AGE"]
CLUB = Lexicon.from_words(CLUB_WORDS, "club")
#: The codes the corpus' corrupted moves must reach (the rest have their own tests below).
CORPUS_CODES = {
    "",
    "illegal_move:not_on_rack",
    "illegal_move:mismatch",
    "illegal_move:not_connected",
    "illegal_move:out_of_bounds",
    "illegal_move:incomplete_word",
    "illegal_move:no_new_tile",
    "illegal_move:first_move_centre",
    "illegal_move:first_move_direction",
}


@pytest.fixture(scope="module")
def registration() -> Callable[[LexiconRegistry], Registration]:
    return scoring.registration


@pytest.fixture(scope="module")
def operator_lists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """An operator's word list and a broken one (a directory cannot be read as a list)."""
    directory = tmp_path_factory.mktemp("operator")
    club = directory / "club.txt"
    club.write_text("\n".join(CLUB_WORDS), encoding="utf-8")
    broken = directory / "broken.txt"
    broken.mkdir()
    return {"club": club, "broken": broken}


@pytest.fixture(scope="module")
def registry(operator_lists: dict[str, Path]) -> LexiconRegistry:
    """The shared ``server`` offers the shipped lexicons and the operator's lists."""
    return LexiconRegistry(operator_lists)


@pytest.fixture(scope="module")
def stub(channel: grpc.Channel) -> Any:
    return scoring_pb2_grpc.ScoringStub(channel)


def request(rows: list[str], move: str, rack: str = "", **position: Any) -> Any:
    return scoring_pb2.JudgeRequest(
        position=common_pb2.Position(rows=rows, **position), move=move, rack=rack
    )


def oracle(
    board: Board, text: str, rack: str, tiles: TileSet, rules: PlayRules, lexicon: Lexicon
) -> dict[str, Any]:
    """What ``arbitre score`` reports for the move, plus the points and word points that
    :func:`judge` gives a legal move."""
    analyst = Analyst(tiles, rules, lambda _tiles: lexicon)
    expected = analyst.score_request(
        {"board": list(board.rows()), "move": text, "rack": rack or None}
    )
    expected["points"] = 0
    expected["word_points"] = []
    if expected["legal"]:
        judgement = judge(
            board,
            Move.from_notation(text, size=board.size),
            tiles,
            rules,
            lexicon,
            Rack.from_text(rack) if rack else None,
        )
        expected["points"] = judgement.points
        expected["word_points"] = [(word.word, word.points) for word in judgement.score.words]
    return expected


def observed(answer: Any) -> dict[str, Any]:
    """An answer in the oracle's terms."""
    return {
        "id": None,
        "score": answer.score,
        "words": [word.word for word in answer.words],
        "legal": answer.legal,
        "in_lexicon": answer.in_lexicon,
        "unknown_words": list(answer.unknown_words),
        "bonus": answer.bonus,
        "error": answer.error or None,
        "error_code": answer.error_code or None,
        "points": answer.points,
        "word_points": [(word.word, word.points) for word in answer.words],
    }


def corruptions(turn: Turn) -> Iterator[tuple[str, str, str]]:
    """``(label, move, rack)``: the recorded play, then moves that break it in various ways."""
    move, rack = turn.move, turn.rack
    position, word = move.position, move.word
    yield "recorded", move.notation(), rack
    yield "without rack", move.notation(), ""
    yield "transposed", move.transposed().notation(), rack
    turned = Position(position.row, position.col, not position.horizontal)
    yield "other direction", Move(turned, word).notation(), ""
    for d_row, d_col in ((1, 0), (0, 1), (-1, 0), (0, -1)):
        row, col = position.row + d_row, position.col + d_col
        if 0 <= row < 15 and 0 <= col < 15:
            shifted = Position(row, col, position.horizontal)
            yield f"shifted {d_row},{d_col}", Move(shifted, word).notation(), ""
    changed = word[:-1] + ("Z" if word[-1] != "Z" else "Y")
    yield "last letter changed", Move(position, changed).notation(), rack
    yield "last letter changed, no rack", Move(position, changed).notation(), ""
    yield "shortened", Move(position, word[:-1]).notation(), ""
    yield "lengthened", Move(position, word + "S").notation(), ""
    yield "first letter a blank", Move(position, word[0].lower() + word[1:]).notation(), rack
    needed = [letter for letter in word if letter.isupper() and letter in rack]
    if needed:
        yield "rack short", move.notation(), rack.replace(needed[0], "", 1)
    yield "blanks in parentheses", move.notation().replace(word, _parenthesised(word)), rack
    laid = _first_word_on(turn.board)
    if laid is not None:
        yield "a word already on the board", laid.notation(), ""


def _first_word_on(board: Board) -> Move | None:
    """The first horizontal word on ``board``, in reading order (``None`` when it has none)."""
    for row, line in enumerate(board.rows()):
        col = 0
        while col < len(line):
            end = col
            while end < len(line) and line[end] != ".":
                end += 1
            if end - col >= 2:
                return Move(Position(row, col, True), line[col:end])
            col = end + 1
    return None


def _parenthesised(word: str) -> str:
    return "".join(f"({letter.upper()})" if letter.islower() else letter for letter in word)


def test_corpus_answers_are_the_judge_s(stub: Any, cache: Path) -> None:
    lexicon = load_lexicon("fr")
    codes: set[str] = set()
    positions = answers = 0
    for index, game in FRENCH_DUPLICATE:
        rules = rules_for(game)
        for count, turn in enumerate(replay(game)):
            if count % STRIDE != index % STRIDE:
                continue
            positions += 1
            rows = list(turn.board.rows())
            for label, text, rack in corruptions(turn):
                expected = oracle(turn.board, text, rack, FRENCH, rules, lexicon)
                answer = stub.Judge(request(rows, text, rack, rules=rules.name))
                where = f"{game_id(index, game)} {turn.label}, {label}: {text!r} from {rack!r}"
                assert observed(answer) == expected, where
                assert answer.lexicon.id == "fr", where
                codes.add(answer.error_code)
                answers += 1
                if label == "recorded":  # the shipped lexicon is not the ODS: some words miss
                    assert answer.legal, where
                    assert answer.score == turn.score, where
                    assert answer.points == (turn.score if answer.in_lexicon else 0), where
    assert positions >= 40
    assert answers >= 500
    assert codes >= CORPUS_CODES, sorted(codes)


def test_english_positions_default_to_english_tiles(stub: Any) -> None:
    game = next(game for game in GAMES if game["language"] == "en")
    lexicon = load_lexicon("en")
    for turn in list(replay(game))[:6]:
        for label, text, rack in corruptions(turn):
            rows = list(turn.board.rows())
            answer = stub.Judge(request(rows, text, rack, rules="classic", lexicon="en"))
            expected = oracle(turn.board, text, rack, tile_set("en"), rules_for(game), lexicon)
            assert observed(answer) == expected, f"{turn.label}, {label}: {text!r}"
    english = stub.Judge(request(EMPTY, "H7 QUIZ", lexicon="en"))
    french = stub.Judge(request(EMPTY, "H7 QUIZ"))
    assert (english.score, french.score) == (44, 40)
    assert english.lexicon.id == "en"
    assert stub.Judge(request(EMPTY, "H7 QUIZ", lexicon="en", tiles="fr")).score == 40


@pytest.mark.parametrize(
    ("move", "rack", "fields", "code"),
    [
        ("H4 FABAcEE", "?EBAAEF", {}, ""),
        ("H4 FABAcEE", "", {}, ""),
        ("H8 AGE", "", {"lexicon": "club"}, ""),
        ("H8 AGES", "", {"lexicon": "club"}, ""),  # legal, its word unknown
        ("Z99 FOO", "", {}, "bad_notation"),
        ("H8", "", {}, "bad_notation"),
        ("", "", {}, "bad_notation"),
        ("H8 C(H", "", {}, "bad_notation"),
        ("H8 AB", "EEU1", {}, "bad_notation"),
        ("H4 FABAcEE", "AAAAAAAA", {}, "bad_rack"),
        ("H4 FABAcEE", "ZZ", {}, "bad_rack"),  # more Z than the set holds
        ("H4 FABACEE", "?EBAAEF", {}, "illegal_move:not_on_rack"),
        ("H8 A", "", {}, "illegal_move:too_short"),
        ("H1 ANTICONSTITUTIONNELLEMENT", "", {}, "illegal_move:out_of_bounds"),
        ("A1 RAGE", "", {}, "illegal_move:first_move_centre"),
        ("8H RAGE", "", {}, "illegal_move:first_move_direction"),
        ("8H RAGE", "", {"rules": "classic"}, ""),
        ("H4 TRAVAILLE", "", {}, "illegal_move:too_many_tiles"),
        ("H4 ENTRAISE", "", {"rules": "7et8"}, ""),
    ],
)
def test_each_verdict_is_the_score_command_s(
    stub: Any, cache: Path, move: str, rack: str, fields: dict[str, Any], code: str
) -> None:
    answer = stub.Judge(request(EMPTY, move, rack, **fields))
    assert answer.error_code == code
    assert bool(answer.error) == bool(code)
    if rack == "ZZ":  # arbitre score lets a move through a rack the set cannot give
        return
    lexicon = CLUB if fields.get("lexicon") == "club" else load_lexicon("fr")
    rules = play_rules(fields.get("rules", "duplicate"))
    assert observed(answer) == oracle(Board.empty(), move, rack, FRENCH, rules, lexicon)


def test_illegal_answers_carry_nothing_but_the_error(stub: Any) -> None:
    answer = stub.Judge(request(EMPTY, "A1 RAGE", "AEGR"))
    assert not answer.legal
    assert (answer.score, answer.points, answer.bonus, answer.in_lexicon) == (0, 0, 0, False)
    assert not answer.words
    assert not answer.unknown_words
    assert answer.error == "A1 RAGE: the first move must cover H8"
    assert answer.lexicon.id == "fr"


def test_a_legal_move_with_an_unknown_word_scores_no_points(stub: Any) -> None:
    board = Board.from_rows(EMPTY)
    board_rows = list(board.rows())
    answer = stub.Judge(request(board_rows, "H4 EEUESIX"))
    assert answer.legal
    assert not answer.in_lexicon
    assert (answer.points, answer.bonus) == (0, 50)
    assert answer.score > 50
    assert list(answer.unknown_words) == ["EEUESIX"]
    assert [word.word for word in answer.words] == ["EEUESIX"]


def test_lexicon_info_names_no_server_path(
    stub: Any, cache: Path, operator_lists: dict[str, Path]
) -> None:
    french = load_lexicon("fr").info
    answer = stub.Judge(request(EMPTY, "H4 FABAcEE"))
    assert (answer.lexicon.id, answer.lexicon.word_count, answer.lexicon.hash) == (
        "fr",
        french.word_count,
        french.hash,
    )
    assert answer.lexicon.source == "fr.txt.gz"
    club = stub.Judge(request(EMPTY, "H8 GARE", lexicon="club")).lexicon
    assert (club.id, club.word_count, club.source) == ("club", 3, "club.txt")
    assert str(operator_lists["club"].parent) not in str(club)


def test_a_blank_or_letter_the_tile_set_lacks(cache: Path) -> None:
    """No preset lacks a letter, so this path is checked on the judging function itself."""
    no_w = dataclasses.replace(
        FRENCH,
        name="sans-w",
        letters=tuple(info for info in FRENCH.letters if info.letter != "W"),
        blanks=0,
    )
    lexicon = Lexicon.from_words(["WE", "RAGE"])
    prepared = MoveGenerator(lexicon, no_w).prepare(Board.empty())
    for move, rack, code in [
        ("H8 WE", "", "unknown_letter"),
        ("H8 RaGE", "", "unknown_letter"),
        ("H8 RAGE", "AEGR?", "bad_rack"),
        ("H8 RAGE", "AEGR", ""),
    ]:
        answer = scoring.verdict(prepared, move, rack)
        assert answer.error_code == code, move
        expected = oracle(Board.empty(), move, rack, no_w, play_rules("duplicate"), lexicon)
        if rack != "AEGR?":  # arbitre score does not check a rack against the set
            assert observed(answer) == expected, move


@pytest.mark.parametrize(
    ("fields", "code", "fragment"),
    [
        ({"rows": ["." * 15] * 14}, grpc.StatusCode.INVALID_ARGUMENT, "15 rows"),
        ({"rows": ["." * 14 + "1", *EMPTY[1:]]}, grpc.StatusCode.INVALID_ARGUMENT, "character"),
        ({"rows": ["." * 300] * 300}, grpc.StatusCode.INVALID_ARGUMENT, "26x26"),
        ({"rows": ["." * 27] * 15}, grpc.StatusCode.INVALID_ARGUMENT, "26x26"),
        ({"move": "H4 " + "A" * 62}, grpc.StatusCode.INVALID_ARGUMENT, "at most 64 characters"),
        ({"rack": "A" * 17}, grpc.StatusCode.INVALID_ARGUMENT, "at most 16 tiles"),
        ({"lexicon": "/etc/passwd"}, grpc.StatusCode.NOT_FOUND, "unknown lexicon '/etc/passwd'"),
        ({"lexicon": "ods"}, grpc.StatusCode.NOT_FOUND, "on offer: broken, club, en, fr"),
        ({"lexicon": "x" * 1000}, grpc.StatusCode.NOT_FOUND, "x…'"),
        ({"lexicon": "broken"}, grpc.StatusCode.INTERNAL, "lexicon 'broken' cannot be loaded"),
        ({"tiles": "klingon"}, grpc.StatusCode.INVALID_ARGUMENT, "klingon"),
        ({"rules": "chess"}, grpc.StatusCode.INVALID_ARGUMENT, "chess"),
        ({"kind": common_pb2.GAME_KIND_INDECIX}, grpc.StatusCode.INVALID_ARGUMENT, "duplicate"),
        ({"kind": common_pb2.GAME_KIND_WORD_DUEL}, grpc.StatusCode.INVALID_ARGUMENT, "duplicate"),
    ],
)
def test_bad_requests_are_refused_with_a_clear_status(
    stub: Any, operator_lists: dict[str, Path], fields: dict[str, Any], code: Any, fragment: str
) -> None:
    rows = fields.pop("rows", EMPTY)
    move = fields.pop("move", "H4 FABAcEE")
    rack = fields.pop("rack", "")
    with pytest.raises(grpc.RpcError) as caught:
        stub.Judge(request(rows, move, rack, **fields))
    assert caught.value.code() == code
    details = caught.value.details()
    assert fragment in details
    assert len(details) < 300
    assert str(operator_lists["broken"].parent) not in details
    assert stub.Judge(request(EMPTY, "H4 FABAcEE")).score == 80  # the server goes on


def test_a_failure_inside_is_internal_and_says_no_more(
    stub: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_arguments: object) -> None:
        raise RuntimeError("secret detail")

    with monkeypatch.context() as patch:
        patch.setattr(scoring, "verdict", broken)
        with pytest.raises(grpc.RpcError) as caught:
            stub.Judge(request(EMPTY, "H4 FABAcEE"))
    assert caught.value.code() == grpc.StatusCode.INTERNAL
    assert "secret" not in caught.value.details()
    assert stub.Judge(request(EMPTY, "H4 FABAcEE")).score == 80


def test_the_duplicate_kind_is_accepted(stub: Any) -> None:
    answer = stub.Judge(request(EMPTY, "H4 FABAcEE", kind=common_pb2.GAME_KIND_DUPLICATE))
    assert (answer.legal, answer.score) == (True, 80)


def test_generators_are_built_once_per_lexicon_tiles_and_rules(cache: Path) -> None:
    service = scoring.ScoringService(LexiconRegistry())
    with ThreadPoolExecutor(8) as pool:
        built = list(pool.map(lambda _: service.generator("fr", "french", "duplicate"), range(32)))
    assert all(generator is built[0] for generator in built)
    other = service.generator("fr", "french", "classic")
    assert other is not built[0]
    assert other.lexicon is built[0].lexicon


def test_concurrent_calls_agree(stub: Any) -> None:
    cases = [
        request(EMPTY, "H4 FABAcEE", "?EBAAEF", rules="duplicate"),
        request(EMPTY, "8H RAGE", rules="classic"),
        request(EMPTY, "H7 QUIZ", rules="7sur8", lexicon="en"),
    ]
    alone = [stub.Judge(case) for case in cases]
    with ThreadPoolExecutor(8) as pool:
        together = list(pool.map(lambda index: stub.Judge(cases[index % 3]), range(48)))
    assert all(answer == alone[index % 3] for index, answer in enumerate(together))
    assert [answer.score for answer in alone] == [80, 10, 44]


def test_health_reports_serving(channel: grpc.Channel) -> None:
    health = health_pb2_grpc.HealthStub(channel)
    status = health.Check(health_pb2.HealthCheckRequest(service=scoring.SERVICE_NAME))
    assert status.status == health_pb2.HealthCheckResponse.SERVING


def test_a_bad_address_is_exit_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert scoring.main(["--address", "256.1.1.1:1"]) == 2
    assert "arbitre scoring:" in capsys.readouterr().err


def test_the_service_runs_alone_and_stops_on_sigterm(
    service_alone: Callable[..., AbstractContextManager[grpc.Channel]],
) -> None:
    # the address from the environment, not --address
    with service_alone("scoring", address_variable=scoring.ADDRESS_VARIABLE) as channel:
        stub = scoring_pb2_grpc.ScoringStub(channel)
        answer = stub.Judge(request(EMPTY, "H4 FABAcEE", "?EBAAEF"), timeout=60)
        assert (answer.legal, answer.score) == (True, 80)


# -- closing turns and reading standings (Redis) ------------------------------------------------


@pytest.fixture
def db(redis_db: redis.Redis) -> redis.Redis:  # noqa: F811
    """The tests' Redis database, flushed."""
    return redis_db


@pytest.fixture
def standings_stub(cache: Path, registry: LexiconRegistry, db: redis.Redis) -> Iterator[Any]:
    """A scoring service keeping standings in the tests' Redis."""
    running = start([scoring.registration(registry, db)])
    try:
        with grpc.insecure_channel(running.address) as opened:
            yield scoring_pb2_grpc.ScoringStub(opened)
    finally:
        running.stop(0)


def close_request(
    points: dict[str, int],
    players: list[str] | None = None,
    *,
    game: str = "game-1",
    turn: int = 1,
    top: int = 50,
    solo_bonus: int = 10,
    solo_min_players: int = 16,
) -> Any:
    return scoring_pb2.CloseTurnRequest(
        kind=common_pb2.GAME_KIND_DUPLICATE,
        game_id=game,
        turn=turn,
        top=top,
        players=sorted(points) if players is None else players,
        points=[
            scoring_pb2.PlayerPoints(player=key, points=value) for key, value in points.items()
        ],
        solo_bonus=solo_bonus,
        solo_min_players=solo_min_players,
    )


def standings_request(game: str = "game-1", offset: int = 0, limit: int = 0) -> Any:
    return scoring_pb2.StandingsRequest(
        kind=common_pb2.GAME_KIND_DUPLICATE, game_id=game, offset=offset, limit=limit
    )


def standing_tuples(answer: Any) -> list[tuple[Any, ...]]:
    return [
        (
            line.rank,
            line.player,
            line.total,
            line.negatif,
            line.percent_of_top,
            line.tops,
            line.solos,
        )
        for line in answer.standings
    ]


def test_turns_closed_over_grpc_make_the_rules_standings(standings_stub: Any) -> None:
    players = ["ana", "bob", "cyd", "dan"]
    turns = [
        TurnScores(1, 50, {"ana": 50, "bob": 20}),
        TurnScores(2, 30, {"bob": 30, "cyd": 30, "dan": 12}),
        TurnScores(3, 64, {"cyd": 64, "ana": 0, "dan": 48}),
    ]
    solos_seen = []
    for turn in turns:
        closed = standings_stub.CloseTurn(
            close_request(
                dict(turn.points), players, turn=turn.number, top=turn.top, solo_min_players=4
            )
        )
        assert not closed.already_closed
        solos_seen.append(list(closed.solos))
    assert solos_seen == [["ana"], [], ["cyd"]]
    answer = standings_stub.Standings(standings_request())
    expected = standings(players, turns, solo_bonus=10, solo_min_players=4)
    assert standing_tuples(answer) == [
        (
            line.rank,
            line.player,
            line.total,
            line.negatif,
            line.percent_of_top,
            line.tops,
            line.solos,
        )
        for line in expected
    ]
    assert (answer.top_total, answer.turns, answer.players) == (144, 3, 4)
    # cyd 30 + 64 + a solo, ana 50 + a solo and dan 12 + 48 tie, bob 20 + 30
    assert [(line.rank, line.player, line.total) for line in answer.standings] == [
        (1, "cyd", 104),
        (2, "ana", 60),
        (2, "dan", 60),
        (4, "bob", 50),
    ]
    # a page keeps the ranks of the whole ranking
    page = standings_stub.Standings(standings_request(offset=1, limit=2))
    assert standing_tuples(page) == standing_tuples(answer)[1:3]
    assert (page.top_total, page.turns, page.players) == (144, 3, 4)
    assert not standings_stub.Standings(standings_request(offset=9)).standings


def test_closing_a_turn_again_over_grpc_changes_nothing(standings_stub: Any) -> None:
    first = standings_stub.CloseTurn(close_request({"ana": 50, "bob": 3}, solo_min_players=2))
    assert (list(first.solos), first.already_closed) == (["ana"], False)
    before = standings_stub.Standings(standings_request())
    again = standings_stub.CloseTurn(close_request({"ana": 50, "bob": 3}, solo_min_players=2))
    assert again.already_closed
    other = standings_stub.CloseTurn(close_request({"bob": 50}, ["ana", "bob"], top=50))
    assert other.already_closed
    assert standings_stub.Standings(standings_request()) == before
    assert standing_tuples(before) == [
        (1, "ana", 60, 10, 120.0, 1, 1),
        (2, "bob", 3, -47, 6.0, 0, 0),
    ]


def test_an_unknown_game_has_no_standings(standings_stub: Any) -> None:
    answer = standings_stub.Standings(standings_request("nobody"))
    assert (list(answer.standings), answer.top_total, answer.turns, answer.players) == (
        [],
        0,
        0,
        0,
    )


@pytest.mark.parametrize(
    ("fields", "fragment"),
    [
        ({"game": ""}, "not a game id"),
        ({"game": "a b"}, "not a game id"),
        ({"game": "g" * 65}, "not a game id"),
        ({"game": "jeu-é"}, "not a game id"),
        ({"game": "{g1}"}, "not a game id"),
        ({"turn": 0}, "turn >= 1"),
        ({"turn": -3}, "turn >= 1"),
        ({"top": -1}, "top and bonus >= 0"),
        ({"solo_bonus": -10}, "top and bonus >= 0"),
        ({"solo_min_players": -1}, "solo_min_players"),
        ({"points": {"ana": 51}}, "above the top"),
        ({"points": {"ana": -5}}, "ana"),
        ({"points": {"zed": 5}, "players": ["ana", "bob"]}, "unknown players"),
        ({"players": ["ana", "bob", "ana"]}, "more than once"),
    ],
)
def test_bad_close_turn_requests_are_invalid_and_write_nothing(
    standings_stub: Any, db: redis.Redis, fields: dict[str, Any], fragment: str
) -> None:
    points = fields.pop("points", {"ana": 50, "bob": 20})
    players = fields.pop("players", ["ana", "bob"])
    with pytest.raises(grpc.RpcError) as caught:
        standings_stub.CloseTurn(close_request(points, players, **fields))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert fragment in caught.value.details()
    assert db.dbsize() == 0


def test_a_player_twice_in_the_points_is_invalid(standings_stub: Any, db: redis.Redis) -> None:
    request = close_request({"ana": 50}, ["ana", "bob"], solo_min_players=1)
    request.points.append(scoring_pb2.PlayerPoints(player="ana", points=10))
    with pytest.raises(grpc.RpcError) as caught:
        standings_stub.CloseTurn(request)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "'ana' twice" in caught.value.details()
    assert db.dbsize() == 0
    assert standings_stub.Standings(standings_request()).turns == 0


@pytest.mark.parametrize(
    "request_fields",
    [{"game": "a/b"}, {"offset": -1}, {"limit": -1}],
)
def test_bad_standings_requests_are_invalid(
    standings_stub: Any, request_fields: dict[str, Any]
) -> None:
    with pytest.raises(grpc.RpcError) as caught:
        standings_stub.Standings(standings_request(**request_fields))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_standings_without_redis_are_a_failed_precondition(stub: Any) -> None:
    """The module's shared server was started without Redis."""
    for call in (
        lambda: stub.CloseTurn(close_request({"ana": 50})),
        lambda: stub.Standings(standings_request()),
    ):
        with pytest.raises(grpc.RpcError) as caught:
            call()
        assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION
        assert "REDIS_URL" in caught.value.details()
    assert stub.Judge(request(EMPTY, "H4 FABAcEE")).score == 80  # judging needs no Redis


def test_turns_of_another_game_kind_are_refused(standings_stub: Any, db: redis.Redis) -> None:
    request = close_request({"ana": 50}, ["ana", "bob"])
    request.kind = common_pb2.GAME_KIND_INDECIX
    with pytest.raises(grpc.RpcError) as caught:
        standings_stub.CloseTurn(request)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert db.dbsize() == 0


def test_standings_with_redis_down_are_unavailable(cache: Path, registry: LexiconRegistry) -> None:
    closed = connect(f"redis://127.0.0.1:{free_port()}/0")
    running = start([scoring.registration(registry, closed)])
    try:
        with grpc.insecure_channel(running.address) as channel:
            stub = scoring_pb2_grpc.ScoringStub(channel)
            for call in (
                lambda: stub.CloseTurn(close_request({"ana": 50}), timeout=30),
                lambda: stub.Standings(standings_request(), timeout=30),
            ):
                with pytest.raises(grpc.RpcError) as caught:
                    call()
                assert caught.value.code() == grpc.StatusCode.UNAVAILABLE
    finally:
        running.stop(0)
