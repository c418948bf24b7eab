"""Reproducible mid-game positions for the move-generator benchmark, from seeded self-play.

Run: ``python benchmarks/positions.py --seed 1 --count 614 --out
benchmarks/data/positions-fr.jsonl`` (the defaults). The file is checked in so that every run
of ``bench_movegen.py`` times the same positions; regenerate it only on purpose.

How the positions are made, all from ``--seed``:

- duplicate games with the French tile set (102 tiles, 2 blanks) and the French lexicon: each
  game shuffles its own bag (``random.Random(f"{seed}/game/{n}")``), refills the rack to 7 tiles,
  rejects a rack short of vowels or consonants as the FISF tirage rule does (2 and 2 up to turn
  15, then 1 and 1) and plays the generator's top (:func:`arbitre.rules.placement.place` and
  :meth:`Board.apply <arbitre.rules.board.Board.apply>`); a game ends when no valid rack can be
  drawn or no move exists;
- a position is the board and the rack before a turn; the empty board and the end game (a rack
  of fewer than 7 tiles, an empty bag) are skipped, and one eligible position in three is kept
  (so the positions come from many games);
- each kept position yields copies with 0, 1 and 2 blanks on the rack: extra blanks replace
  random letters of the rack, surplus blanks become letters drawn from the tiles left in the bag.
  ``count`` positions are split evenly across the three blank counts (614: 205 / 205 / 204), so
  the 0-, 1- and 2-blank sets are the same boards with nearly the same racks. A copy is not
  always drawable from one bag (the board may already hold both blanks); the search does not
  care.

Each line of the output is ``{"board": [15 rows], "rack": "...", "blanks": k}``, rows as read by
:meth:`Board.from_rows <arbitre.rules.board.Board.from_rows>` and the rack with ``?`` for blanks.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.rules import BLANK, DUPLICATE, FRENCH, Board, Rack, place

DEFAULT_PATH = Path(__file__).resolve().parent / "data" / "positions-fr.jsonl"
DEFAULT_SEED = 1
DEFAULT_COUNT = 614
BLANK_COUNTS = (0, 1, 2)
RACK_SIZE = 7
#: The share of eligible positions kept, so that the positions come from many games.
KEEP = 1 / 3
#: Rack rejections in a row after which a game ends (the bag cannot give a valid rack).
MAX_REJECTIONS = 100


@dataclass(frozen=True, slots=True)
class Position:
    """A board (15 rows, ``.`` empty, lowercase a blank) and a rack (``?`` a blank)."""

    board: tuple[str, ...]
    rack: str
    blanks: int

    def to_json(self) -> str:
        return json.dumps({"board": list(self.board), "rack": self.rack, "blanks": self.blanks})

    @classmethod
    def from_json(cls, line: str) -> Position:
        data = json.loads(line)
        return cls(tuple(data["board"]), data["rack"], int(data["blanks"]))


@dataclass(frozen=True, slots=True)
class _Turn:
    board: tuple[str, ...]
    rack: Rack
    bag: tuple[str, ...]  # the tiles left in the bag, where a substituted letter comes from


def full_bag() -> list[str]:
    """Every tile of the French set, ``?`` for the blanks, in a fixed order."""
    bag = [info.letter for info in FRENCH.letters for _ in range(info.count)]
    return bag + [BLANK] * FRENCH.blanks


def _draw(bag: list[str], rack: Rack, rng: random.Random, turn: int) -> Rack | None:
    """The rack refilled to 7 tiles, redrawn whole while it breaks the tirage rule; ``None``
    when the bag cannot give a valid rack."""
    minimum = 2 if turn <= 15 else 1
    for _ in range(MAX_REJECTIONS):
        missing = min(RACK_SIZE - len(rack), len(bag))
        rack = rack.add(bag.pop() for _ in range(missing))
        if len(rack) >= 2 and rack.satisfies_minimum(FRENCH, minimum, minimum):
            return rack
        if not bag:
            return None
        bag.extend(rack.tiles)
        rng.shuffle(bag)
        rack = Rack()
    return None


def self_play(generator: MoveGenerator, rng: random.Random) -> Iterator[_Turn]:
    """The positions of one duplicate game in which the top is played at every turn."""
    bag = full_bag()
    rng.shuffle(bag)
    board = Board.empty()
    rack = Rack()
    turn = 1
    while True:
        drawn = _draw(bag, rack, rng, turn)
        if drawn is None:
            return
        rack = drawn
        top = generator.prepare(board).top(rack).top
        if top is None:
            return
        yield _Turn(board.rows(), rack, tuple(bag))
        placement = place(board, top.move, generator.tiles, generator.rules, rack)
        board.apply(placement)
        rack = rack.take(letter for _, _, letter in placement.new_tiles)
        turn += 1


def _with_blanks(turn: _Turn, blanks: int, rng: random.Random) -> str:
    """The turn's rack with exactly ``blanks`` blanks (see the module docstring)."""
    tiles = list(turn.rack.tiles)
    letters = [i for i, tile in enumerate(tiles) if tile != BLANK]
    surplus = [i for i, tile in enumerate(tiles) if tile == BLANK]
    for index in rng.sample(letters, max(0, blanks - len(surplus))):
        tiles[index] = BLANK
    unseen = [tile for tile in turn.bag if tile != BLANK]
    if not unseen:  # only blanks left in the bag: any letter the rack could still hold
        unseen = [tile for tile in full_bag() if tile != BLANK]
        for tile in turn.rack.tiles:
            if tile in unseen:
                unseen.remove(tile)
    for index in surplus[blanks:]:
        tiles[index] = rng.choice(unseen)
    return Rack("".join(tiles)).tiles


def generate_positions(
    count: int = DEFAULT_COUNT, seed: int = DEFAULT_SEED, lexicon: Lexicon | None = None
) -> list[Position]:
    """``count`` positions, split evenly across 0, 1 and 2 blanks on the rack (the first blank
    counts get one more when ``count`` is not a multiple of 3), the same for the same seed and
    lexicon (default: the shipped French one)."""
    if count < 1:
        raise ValueError("count must be at least 1")
    lexicon = lexicon if lexicon is not None else load_lexicon("fr")
    generator = MoveGenerator(lexicon, FRENCH, DUPLICATE)
    wanted = {b: count // 3 + (1 if b < count % 3 else 0) for b in BLANK_COUNTS}
    picker = random.Random(f"{seed}/pick")
    kept: list[_Turn] = []
    game = 0
    while len(kept) < wanted[0]:
        for turn in self_play(generator, random.Random(f"{seed}/game/{game}")):
            middle = (
                len(turn.rack) == RACK_SIZE
                and bool(turn.bag)
                and any(r.strip(".") for r in turn.board)
            )
            if middle and picker.random() < KEEP and len(kept) < wanted[0]:
                kept.append(turn)
        game += 1
    positions = []
    for index, turn in enumerate(kept):
        for blanks in BLANK_COUNTS:
            if index < wanted[blanks]:
                positions.append(Position(turn.board, _with_blanks(turn, blanks, picker), blanks))
    return positions


def write_positions(positions: Sequence[Position], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(p.to_json() + "\n" for p in positions), encoding="utf-8")


def read_positions(path: Path = DEFAULT_PATH) -> list[Position]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [Position.from_json(line) for line in lines if line.strip()]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT)
    parser.add_argument("--out", type=Path, default=DEFAULT_PATH)
    arguments = parser.parse_args(argv)
    positions = generate_positions(arguments.count, arguments.seed)
    write_positions(positions, arguments.out)
    split = " / ".join(str(sum(p.blanks == b for p in positions)) for b in BLANK_COUNTS)
    print(f"{len(positions)} positions ({split} with 0 / 1 / 2 blanks) -> {arguments.out}")


if __name__ == "__main__":
    main()
