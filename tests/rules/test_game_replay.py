"""Replay published games (tests/data/corpus, see its README): every score reproduced, and with a
real top finder, what each retained move lost against the top of its position."""

from __future__ import annotations

import copy
from functools import cache
from itertools import pairwise
from typing import Any

import pytest

from arbitre.engine.judge import judge
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.rules import (
    CLASSIC,
    DUPLICATE,
    SEVEN_AMONG_EIGHT,
    Board,
    InvalidPublishedGameError,
    Move,
    ReplayedTurn,
    published_rules,
    replay_published,
    tile_set,
)
from arbitre.rules.game_replay import TopFinder
from tests.corpus import GAMES, corrected_score, game_id

INDEXED = list(enumerate(GAMES))
FRENCH_DUPLICATE = [
    (index, game)
    for index, game in INDEXED
    if game["language"] == "fr" and game["variant"] == "duplicate"
]
OTHERS = [
    (index, game)
    for index, game in INDEXED
    if not (game["language"] == "fr" and game["variant"] == "duplicate")
]
FRENCH = [(index, game) for index, game in INDEXED if game["language"] == "fr"]


def ids(games: list[tuple[int, dict[str, Any]]]) -> list[str]:
    return [game_id(index, game) for index, game in games]


def plays(game: dict[str, Any]) -> list[dict[str, Any]]:
    return [turn for turn in game["turns"] if turn.get("type", "play") == "play"]


@cache
def french_lexicon() -> Lexicon:
    return load_lexicon("fr")


# -- the corpus ---------------------------------------------------------------------------------


def test_the_corpus_holds_the_games_these_tests_rely_on() -> None:
    assert len(FRENCH_DUPLICATE) == 9
    assert sum(game.get("eliot_variant") == "7among8" for _, game in FRENCH_DUPLICATE) == 2
    assert len(OTHERS) == 99
    # the one known discrepancy is in an English classic game, not in a French duplicate one
    with_discrepancy = [
        game for _, game in INDEXED if any("known_discrepancy" in t for t in game["turns"])
    ]
    assert [(g["language"], g["variant"]) for g in with_discrepancy] == [("en", "classic")]


def test_published_rules_follow_the_variant() -> None:
    assert published_rules({"variant": "classic"}) is CLASSIC
    assert published_rules({"variant": "duplicate"}) is DUPLICATE
    assert published_rules({"variant": "duplicate", "eliot_variant": "7among8"}) is (
        SEVEN_AMONG_EIGHT
    )
    for _, game in FRENCH_DUPLICATE:
        expected = SEVEN_AMONG_EIGHT if game.get("eliot_variant") == "7among8" else DUPLICATE
        assert published_rules(game) is expected


@pytest.mark.parametrize(("index", "game"), FRENCH_DUPLICATE, ids=ids(FRENCH_DUPLICATE))
def test_french_duplicate_games_replay_with_every_score(index: int, game: dict[str, Any]) -> None:
    turns = replay_published(game)
    published = plays(game)
    assert len(turns) == len(published)
    for turn, source in zip(turns, published, strict=True):
        label = f"turn {source['n']} {source['position']} {source['word']}"
        assert turn.agrees, f"{label}: {turn.score}, published {turn.published}"
        assert turn.number == source["n"]
        assert turn.rack == source["rack"]
        assert turn.published == turn.score == source["score"]
        assert Move.from_notation(turn.move) == Move.from_notation(
            source["position"], source["word"]
        )
        assert turn.top is None
        assert turn.top_score is None
        assert turn.lost is None
    if game.get("total") is not None:  # the sum of the tops, for the saved games
        assert sum(turn.score for turn in turns) == game["total"]


@pytest.mark.parametrize(("index", "game"), OTHERS, ids=ids(OTHERS))
def test_classic_and_english_games_replay_but_for_known_discrepancies(
    index: int, game: dict[str, Any]
) -> None:
    turns = replay_published(game)
    published = plays(game)
    assert len(turns) == len(published)
    for turn, source in zip(turns, published, strict=True):
        label = f"turn {source['n']} {source['position']} {source['word']}"
        assert turn.published == source["score"]
        if "known_discrepancy" in source:
            assert not turn.agrees, label
            assert turn.score == corrected_score(source["known_discrepancy"]), label
        else:
            assert turn.agrees, f"{label}: {turn.score}, published {turn.published}"


def test_the_known_discrepancy_is_reported_not_hidden() -> None:
    (game,) = [g for _, g in INDEXED if any("known_discrepancy" in t for t in g["turns"])]
    differing = [turn for turn in replay_published(game) if not turn.agrees]
    assert [(turn.move, turn.score, turn.published) for turn in differing] == [
        ("14A BRUnCHIFY", 113, 115)
    ]


def test_a_withdrawn_phony_leaves_the_board() -> None:
    # as after the known discrepancy's phony: the game goes on from the board without it, and
    # the next play may land where the phony was
    game: dict[str, Any] = {
        "language": "fr",
        "variant": "classic",
        "turns": [
            {"n": 1, "rack": "?EBAAEF", "word": "FABAcEE", "position": "H4", "score": 80},
            {"n": 2, "type": "withdrawn"},
            {"n": 3, "rack": "?EBAAEF", "word": "FABAcEE", "position": "H4", "score": 80},
        ],
    }
    turns = replay_published(game)
    assert [(turn.number, turn.agrees) for turn in turns] == [(1, True), (3, True)]
    game["turns"].pop(1)  # not withdrawn: the squares are taken
    with pytest.raises(InvalidPublishedGameError, match="turn 3"):
        replay_published(game)


# -- with a top finder --------------------------------------------------------------------------


def top_finder(game: dict[str, Any]) -> tuple[TopFinder, list[Board]]:
    """A finder over the French lexicon that also keeps each board it is shown (the position
    before each play)."""
    generator = MoveGenerator(french_lexicon(), tile_set("fr"), published_rules(game))
    boards: list[Board] = []

    def find(board: Board, rack: str) -> tuple[str, int] | None:
        boards.append(board.copy())
        top = generator.top(board, rack)
        return None if top.top is None else (top.top.notation, top.best_score)

    return find, boards


TOP_GAMES = FRENCH_DUPLICATE + [pair for pair in FRENCH if pair[1]["variant"] == "classic"][:3]


@pytest.mark.parametrize(("index", "game"), TOP_GAMES, ids=ids(TOP_GAMES))
def test_tops_are_at_least_the_retained_move_when_its_words_are_known(
    index: int, game: dict[str, Any]
) -> None:
    find, boards = top_finder(game)
    turns = replay_published(game, find)
    assert len(boards) == len(turns) == len(plays(game))
    tiles, rules, lexicon = tile_set("fr"), published_rules(game), french_lexicon()
    known = 0
    for turn, board in zip(turns, boards, strict=True):
        assert turn.top is not None  # every published play proves a move existed
        assert turn.top_score is not None
        assert turn.lost == turn.top_score - turn.score
        # the top is a move of the position worth what the finder says, every word known
        top = judge(board, Move.from_notation(turn.top), tiles, rules, lexicon)
        assert (top.score.total, top.in_lexicon) == (turn.top_score, True), turn.top
        retained = judge(board, Move.from_notation(turn.move), tiles, rules, lexicon)
        assert retained.score.total == turn.score
        if retained.in_lexicon:
            known += 1
            assert turn.top_score >= turn.score, f"turn {turn.number} {turn.move}"
    # the Eliot games use an older word list, but most of their moves are ours too
    assert known >= len(turns) / 2


def test_a_top_finder_that_finds_nothing_gives_a_top_of_zero() -> None:
    (_, game) = FRENCH_DUPLICATE[0]
    turns = replay_published(game, lambda board, rack: None)
    assert all(turn.top is None and turn.top_score == 0 for turn in turns)
    assert [turn.lost for turn in turns] == [-turn.score for turn in turns]


def test_the_finder_sees_the_rack_of_each_play_and_the_board_before_it() -> None:
    (_, game) = FRENCH_DUPLICATE[0]
    seen: list[tuple[int, str]] = []

    def find(board: Board, rack: str) -> tuple[str, int] | None:
        seen.append((sum(row.count(".") for row in board.rows()), rack))
        return None

    replay_published(game, find)
    # the rack's tiles, in the rack's canonical order
    assert seen[0] == (225, "AABEEF?")
    assert [sorted(rack) for _, rack in seen] == [sorted(turn["rack"]) for turn in plays(game)]
    assert all(after < before for (before, _), (after, _) in pairwise(seen))


def test_replayed_turn_fields() -> None:
    turn = ReplayedTurn(3, "ABCDEFG", "H4 CABE", 20, 18, "H4 FACE", 30)
    assert (turn.agrees, turn.lost) == (False, 12)
    assert ReplayedTurn(1, "A", "H8 AA", 2, 2).lost is None


# -- bad input ----------------------------------------------------------------------------------

GOOD_TURN = {"n": 1, "rack": "?EBAAEF", "word": "FABAcEE", "position": "H4", "score": 80}


def a_game(*turns: Any, **fields: Any) -> dict[str, Any]:
    return {"language": "fr", "variant": "duplicate", "turns": list(turns), **fields}


def test_a_minimal_game_replays() -> None:
    (turn,) = replay_published(a_game(GOOD_TURN))
    assert (turn.move, turn.score, turn.agrees) == ("H4 FABAcEE", 80, True)
    assert replay_published(a_game()) == []


def without(key: str) -> dict[str, Any]:
    turn = dict(GOOD_TURN)
    del turn[key]
    return turn


def changed(**fields: Any) -> dict[str, Any]:
    return {**GOOD_TURN, **fields}


BAD_GAMES: dict[str, Any] = {
    "a list": [GOOD_TURN],
    "a string": "H4 FABAcEE",
    "None": None,
    "no turns": {"language": "fr", "variant": "duplicate"},
    "turns not a list": a_game() | {"turns": {"1": GOOD_TURN}},
    "unknown language": a_game(GOOD_TURN, language="de"),
    "no language": {"variant": "duplicate", "turns": [GOOD_TURN]},
    "a turn not an object": a_game(GOOD_TURN, "8H ZEBRE"),
    "a turn without rack": a_game(without("rack")),
    "a turn without word": a_game(without("word")),
    "a turn without position": a_game(without("position")),
    "a turn without score": a_game(without("score")),
    "a null rack": a_game(changed(rack=None)),
    "a score as text": a_game(changed(score="80")),
    "a score as a bool": a_game(changed(score=True)),
    "a number as text": a_game(changed(n="1")),
    "a number as an object": a_game(changed(n={"n": 1})),
    "a bad position": a_game(changed(position="Z99")),
    "a bad word": a_game(changed(word="FA8ACEE")),
    "first move off the centre": a_game(changed(position="A1")),
    "not from the rack": a_game(changed(rack="ZEBRESA")),
    "a square taken": a_game(GOOD_TURN, changed(n=2, rack="ZEBRESA", word="ZEBRE")),
    "not connected": a_game(GOOD_TURN, changed(n=2, rack="ZEBRES", word="ZEBRE", position="A1")),
    "withdraw with nothing before": a_game({"n": 1, "type": "withdrawn"}, GOOD_TURN),
    "withdraw twice": a_game(GOOD_TURN, {"n": 2, "type": "withdrawn"}, {"type": "withdrawn"}),
}


@pytest.mark.parametrize("game", list(BAD_GAMES.values()), ids=list(BAD_GAMES))
def test_bad_games_raise_bad_game(game: Any) -> None:
    with pytest.raises(InvalidPublishedGameError) as raised:
        replay_published(game)
    assert raised.value.code == "bad_game"
    assert str(raised.value)


@pytest.mark.parametrize(
    ("turns", "message"),
    [
        ([without("rack")], "turn 1: no 'rack'"),
        ([GOOD_TURN, changed(n=7, position="A1", word="ZEBRE")], "turn 7"),
        ([{"n": 4, "type": "withdrawn"}], "turn 4: nothing to withdraw"),
    ],
)
def test_errors_name_the_turn(turns: list[Any], message: str) -> None:
    with pytest.raises(InvalidPublishedGameError, match=message):
        replay_published(a_game(*turns))


def test_a_bad_turn_also_fails_with_a_top_finder() -> None:
    find, _ = top_finder(a_game())
    with pytest.raises(InvalidPublishedGameError, match="turn 2"):
        replay_published(a_game(GOOD_TURN, changed(n=2, position="A1")), find)


def test_the_game_is_not_modified() -> None:
    (_, game) = FRENCH_DUPLICATE[0]
    before = copy.deepcopy(game)
    replay_published(game, top_finder(game)[0])
    assert game == before
