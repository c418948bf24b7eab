"""The recorded game corpus of tests/data/corpus (see its README) and how to replay it.

:data:`GAMES` holds every game of ``games.jsonl``; :func:`rules_for` gives the rules of a game's
variant and :func:`game_id` a name for it. :func:`replay` places a game move by move on a board
(a withdrawn phony is taken back off the board) and yields each play with the board before it and
its recorded turn; :func:`with_blanks` puts blanks on a recorded rack.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arbitre.rules import (
    CLASSIC,
    DUPLICATE,
    SEVEN_AMONG_EIGHT,
    Board,
    Move,
    Placement,
    PlayRules,
    place,
    tile_set,
)

CORPUS = Path(__file__).resolve().parent / "data" / "corpus" / "games.jsonl"
GAMES: list[dict[str, Any]] = [
    json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()
]


def game_id(index: int, game: dict[str, Any]) -> str:
    name = str(game["source"]).rsplit("/", 1)[-1].rsplit(":", 1)[-1]
    return f"{index:03d}-{game['language']}-{game['variant']}-{name}"


def rules_for(game: dict[str, Any]) -> PlayRules:
    if game["variant"] == "classic":
        return CLASSIC
    if game.get("eliot_variant") == "7among8":
        return SEVEN_AMONG_EIGHT
    return DUPLICATE


def corrected_score(note: str) -> int | None:
    """The correct value that a ``known_discrepancy`` note documents, if it gives one."""
    match = re.search(r"correct value.*?\bis (\d+)", note)
    return int(match[1]) if match else None


@dataclass(frozen=True)
class Turn:
    """A recorded play: its number, the board before it, its rack, the move, a label and the
    recorded turn itself (its published score and any ``known_discrepancy`` note)."""

    number: int
    board: Board
    rack: str
    move: Move
    label: str
    record: dict[str, Any]

    @property
    def score(self) -> int:
        """The correct score: the published one, or the value a ``known_discrepancy`` note gives
        in its place."""
        if "known_discrepancy" not in self.record:
            return int(self.record["score"])
        correct = corrected_score(self.record["known_discrepancy"])
        assert correct is not None, f"{self.label}: the note gives no correct value"
        return correct


def replay(game: dict[str, Any]) -> Iterator[Turn]:
    """The plays of ``game``, each with a copy of the board before it (a withdrawn phony is
    taken back off the board)."""
    tiles = tile_set(game["language"])
    rules = rules_for(game)
    board = Board.empty()
    previous: Placement | None = None
    for turn in game["turns"]:
        kind = turn.get("type", "play")
        if kind == "withdrawn":
            assert previous is not None, f"turn {turn['n']}: nothing to withdraw"
            board.remove((row, col) for row, col, _ in previous.new_tiles)
            previous = None
            continue
        if kind != "play":
            continue
        move = Move.from_notation(turn["position"], turn["word"])
        label = f"turn {turn['n']} {move}"
        yield Turn(turn["n"], board.copy(), turn["rack"], move, label, turn)
        previous = place(board, move, tiles, rules)
        board.apply(previous)


def with_blanks(rack: str, blanks: int) -> str:
    """``rack`` with its first letters replaced by blanks until it holds ``blanks`` of them."""
    letters = list(rack)
    for index, tile in enumerate(letters):
        if letters.count("?") >= blanks:
            break
        if tile != "?":
            letters[index] = "?"
    return "".join(letters)
