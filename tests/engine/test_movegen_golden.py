"""Golden results of the move generator on real positions: tests/data/movegen/golden.jsonl.

Each entry is a position taken from the recorded games of tests/data/corpus (the board before a
turn, with the rack recorded for it, perhaps with some of its tiles replaced by blanks to have 0,
1 or 2 blanks, perhaps under other rules: "7 et 8" racks of eight, classic play), and what the
generator answers for it: the number of legal moves, the best score, the number of tied best
moves, the top chosen by the default tie-break and the first 20 moves (notation and score) in the
generator's order (best first, then reading order, then the word). Every field is checked
exactly, so that any change of the generator's results shows up here as a readable diff.

The positions are listed in :data:`SPECS`. To regenerate the file after a deliberate change (new
positions, a new lexicon, a corrected generator), run::

    ARBITRE_UPDATE_GOLDEN=1 python -m pytest tests/engine/test_movegen_golden.py

and review the diff of tests/data/movegen/golden.jsonl before committing it. Regeneration checks
each listed move with the rules (:func:`arbitre.rules.scoring.score_move`) and the lexicon
before writing; the completeness and rescoring tests (test_movegen_completeness.py and
test_movegen.py) should pass first. See tests/data/movegen/README.md.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.rules import BLANK, Board, Move, Rack, play_rules, score_move, tile_set
from tests.corpus import GAMES, game_id, replay, rules_for, with_blanks

GOLDEN = Path(__file__).resolve().parent.parent / "data" / "movegen" / "golden.jsonl"
UPDATE = os.environ.get("ARBITRE_UPDATE_GOLDEN") == "1"
#: How many moves each entry lists.
LISTED = 20


@dataclass(frozen=True)
class Spec:
    """A golden position: the board before turn ``turn`` of game ``game`` (its index in the
    corpus), the recorded rack with blanks put on it until it holds ``blanks`` of them (``None``:
    as recorded), under the game's rules or the preset ``rules``."""

    game: int
    turn: int
    blanks: int | None = None
    rules: str | None = None

    @property
    def id(self) -> str:
        game = GAMES[self.game]
        rules = self.rules or rules_for(game).name
        blanks = "" if self.blanks is None else f"-b{self.blanks}"
        return f"{game['language']}-{self.game:03d}-t{self.turn:02d}-{rules}{blanks}"


SPECS = [
    # French duplicate, from the empty board to the end game
    Spec(0, 1),
    Spec(0, 1, 2),
    Spec(0, 1, rules="classic"),
    Spec(0, 5, 0),
    Spec(0, 9, 1),
    Spec(0, 13),
    Spec(0, 13, 2),
    Spec(0, 17, 2),
    Spec(2, 3, 0),
    Spec(2, 8, 1),
    Spec(2, 12, 2),
    Spec(2, 16),
    Spec(3, 4, 0),
    Spec(3, 10),
    Spec(3, 15, 2),
    Spec(4, 6, 0),
    Spec(4, 11, 1),
    Spec(4, 17),
    Spec(5, 7, 0),
    Spec(5, 13, 2),
    Spec(6, 9, 0),
    Spec(6, 15),
    Spec(7, 6),
    Spec(7, 12, 1),
    # "7 sur 8" as played, and the same racks of eight under "7 et 8"
    Spec(1, 3, 0),
    Spec(1, 10),
    Spec(8, 5, 0),
    Spec(8, 12, 2),
    Spec(1, 1, 0, "7et8"),
    Spec(1, 8, 0, "7et8"),
    Spec(8, 1, 1, "7et8"),
    Spec(8, 9, 0, "7et8"),
    # French classic
    Spec(9, 5),
    Spec(13, 1, 0),
    Spec(13, 8, 2),
    Spec(18, 11),
    # English classic
    Spec(20, 5, 0),
    Spec(20, 14),
    Spec(30, 10),
    Spec(40, 9),
    Spec(50, 1),
    Spec(60, 15, 1),
    Spec(70, 10),
    Spec(80, 14),
    Spec(90, 9, 0),
    Spec(100, 8, 2),
]


@cache
def lexicon(language: str) -> Lexicon:
    return load_lexicon(language)


def position(spec: Spec) -> dict[str, Any]:
    """The position of ``spec``, as the golden file writes it."""
    game = GAMES[spec.game]
    for turn in replay(game):
        if turn.number == spec.turn:
            break
    else:
        raise AssertionError(f"{spec.id}: no play numbered {spec.turn}")
    rack = turn.rack
    if spec.blanks is not None:
        rack = with_blanks(rack, spec.blanks)
        assert rack.count(BLANK) == spec.blanks, f"{spec.id}: rack {turn.rack}"
    language = game["language"]
    return {
        "id": spec.id,
        "source": f"{game_id(spec.game, game)} turn {spec.turn}",
        "language": language,
        "lexicon": {"id": language, "hash": lexicon(language).info.hash},
        "rules": spec.rules or rules_for(game).name,
        "board": list(turn.board.rows()),
        "rack": rack,
    }


def solve(entry: dict[str, Any]) -> dict[str, Any]:
    """What the generator answers for the position of ``entry`` (read from ``entry`` alone)."""
    words = lexicon(entry["language"])
    generator = MoveGenerator(words, tile_set(entry["language"]), play_rules(entry["rules"]))
    prepared = generator.prepare(Board.from_rows(entry["board"]))
    top = prepared.top(entry["rack"])
    return {
        "n_moves": prepared.count(entry["rack"]),
        "best_score": top.best_score,
        "n_best": len(top.best_moves),
        "top": None if top.top is None else top.top.notation,
        "moves": [[one.notation, one.score] for one in prepared.moves(entry["rack"], LISTED)],
    }


def checked(entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` after checking its moves with the rules and the lexicon (before writing)."""
    words = lexicon(entry["language"])
    tiles, rules = tile_set(entry["language"]), play_rules(entry["rules"])
    board = Board.from_rows(entry["board"])
    for notation, points in entry["moves"]:
        placement, result = score_move(
            board, Move.from_notation(notation), tiles, rules, Rack(entry["rack"])
        )
        assert result.total == points, f"{entry['id']}: {notation} scores {result.total}"
        assert all(word.word in words for word in placement.words), f"{entry['id']}: {notation}"
    return entry


@cache
def stored() -> dict[str, dict[str, Any]]:
    """The golden entries by id; rewritten first when ``ARBITRE_UPDATE_GOLDEN=1``."""
    if UPDATE:
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        with GOLDEN.open("w", encoding="utf-8") as out:
            for spec in SPECS:
                entry = position(spec)
                entry.update(solve(entry))
                out.write(json.dumps(checked(entry), ensure_ascii=False) + "\n")
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    entries = [json.loads(line) for line in lines if line.strip()]
    return {entry["id"]: entry for entry in entries}


def test_the_golden_file_holds_the_listed_positions():
    assert list(stored()) == [spec.id for spec in SPECS]
    assert len(SPECS) == len({spec.id for spec in SPECS})


def test_the_golden_positions_cover_languages_blanks_and_rules():
    entries = stored().values()
    assert {entry["language"] for entry in entries} == {"fr", "en"}
    assert {entry["rack"].count(BLANK) for entry in entries} == {0, 1, 2}
    assert {entry["rules"] for entry in entries} == {"duplicate", "7sur8", "7et8", "classic"}
    assert any(not "".join(entry["board"]).strip(".") for entry in entries)  # empty boards


@pytest.mark.parametrize("spec", SPECS, ids=[spec.id for spec in SPECS])
def test_golden_position_is_the_corpus_position(spec):
    entry = stored()[spec.id]
    expected = position(spec)
    assert entry["lexicon"] == expected["lexicon"], (
        f"the {entry['language']!r} lexicon changed: regenerate (see the module docstring)"
    )
    assert {key: entry[key] for key in expected} == expected


@pytest.mark.parametrize("spec", SPECS, ids=[spec.id for spec in SPECS])
def test_golden_moves(spec):
    entry = stored()[spec.id]
    expected = solve(entry)
    assert {key: entry[key] for key in expected} == expected
