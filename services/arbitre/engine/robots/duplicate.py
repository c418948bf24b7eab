"""Robot players: how a robot of each level chooses its answer to a turn.

Three levels, as online duplicate tables offer them:

- **Expert** (:attr:`RobotLevel.EXPERT`): the top most of the time; otherwise a strong move
  just below it (one of the next best scores), as a very good player misses a top now and then.
- **Confirmé** (:attr:`RobotLevel.CONFIRME`): close to the top: each turn it aims at a share of
  the top drawn between :attr:`RobotProfile.aim_low` and :attr:`RobotProfile.aim_high`, and
  plays the move whose score is nearest that aim.
- **Débutant** (:attr:`RobotLevel.DEBUTANT`): only common words (every word the move forms is
  among the language's most frequent words, from the ``wordfreq`` package), never a scrabble,
  sometimes nothing at all; among the moves it "sees" it takes a middling one.

A :class:`Robot` is deterministic for a given seed: the same game, the same answers. It uses the
move generator directly (:meth:`Robot.choose`), or picks among moves given to it
(:meth:`Robot.pick`): a robot sitting at a table of the session service asks the same questions
of the movegen service. :func:`common_words` builds the débutant's vocabulary once per language
and lexicon.

A robot seated at a duplicate game on the game kinds' seam answers through :func:`plan` (the
kind's :data:`~arbitre.engine.robots.planner.Planner`): from its own view of the open turn, at
a moment of its own (:data:`ROBOT_MOMENT`), among the moves its level asks of the kind's tools
(:data:`ROBOT_MOVES`, a :class:`~arbitre.engine.robots.moves.MoveSource`).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, TypeVar

from arbitre.engine.lexicon import Lexicon
from arbitre.engine.movegen import GeneratedMove, PreparedBoard
from arbitre.engine.normalise import normalise_word
from arbitre.engine.robots.moves import MoveSource
from arbitre.engine.robots.planner import Plan
from arbitre.rules.board import Board
from arbitre.rules.kinds.duplicate.config import read_config

__all__ = [
    "PROFILES",
    "ROBOT_MOMENT",
    "ROBOT_MOVES",
    "Robot",
    "RobotLevel",
    "RobotProfile",
    "Scored",
    "common_words",
    "plan",
]


class Scored(Protocol):
    """What a robot needs of a move: its score and how many tiles it puts down."""

    @property
    def score(self) -> int: ...

    @property
    def tiles(self) -> int: ...


ScoredT = TypeVar("ScoredT", bound=Scored)


class RobotLevel(StrEnum):
    """A robot's strength; the value is the name used in data and in the API."""

    EXPERT = "expert"
    CONFIRME = "confirme"
    DEBUTANT = "debutant"


@dataclass(frozen=True, slots=True)
class RobotProfile:
    """How a level plays.

    ``top_chance``: the probability of playing the top (else the level's own choice);
    ``aim_low``/``aim_high``: the share of the top aimed at when not playing it; ``pass_chance``:
    the probability of answering nothing; ``common_only``: every word must be common;
    ``max_tiles``: most tiles put down (6: never a scrabble); ``consider``: how many of the best
    moves the level looks at (0: all).
    """

    top_chance: float
    aim_low: float
    aim_high: float
    pass_chance: float = 0.0
    common_only: bool = False
    max_tiles: int = 8
    consider: int = 0


PROFILES: dict[RobotLevel, RobotProfile] = {
    RobotLevel.EXPERT: RobotProfile(top_chance=0.9, aim_low=0.8, aim_high=1.0, consider=12),
    RobotLevel.CONFIRME: RobotProfile(top_chance=0.25, aim_low=0.62, aim_high=0.92),
    RobotLevel.DEBUTANT: RobotProfile(
        top_chance=0.0,
        aim_low=0.3,
        aim_high=0.7,
        pass_chance=0.1,
        common_only=True,
        max_tiles=6,
    ),
}

#: When a robot answers: between these shares of the turn's clock.
ROBOT_MOMENT = (0.2, 0.7)
#: How many moves a robot asks for (best first; 0: every one), and whether with their words, by
#: level: of the movegen service at a table, of its :class:`~arbitre.engine.robots.moves.MoveSource`
#: on the seam.
ROBOT_MOVES: dict[RobotLevel, tuple[int, bool]] = {
    RobotLevel.EXPERT: (12, False),
    RobotLevel.CONFIRME: (0, False),
    RobotLevel.DEBUTANT: (5_000, True),
}

#: How many of a language's most frequent words a débutant knows.
COMMON_WORDS = 20_000
_common: dict[tuple[str, str, int], frozenset[str]] = {}
_common_lock = threading.Lock()


def common_words(
    language: str, lexicon: Lexicon | None = None, count: int = COMMON_WORDS
) -> frozenset[str]:
    """The ``count`` most frequent words of ``language`` (``wordfreq``), normalised as the
    lexicon's words are and, with ``lexicon``, kept only when it has them (without, the set
    may hold words no lexicon has: harmless when the moves come from a move generator); built
    once per language, lexicon and count."""
    key = (language, lexicon.info.hash if lexicon is not None else "", count)
    found = _common.get(key)
    if found is not None:
        return found
    import wordfreq  # loaded on first use: its data is large

    words = set()
    for text in wordfreq.top_n_list(language, count):
        word = normalise_word(text)
        if word is not None and (lexicon is None or word in lexicon):
            words.add(word)
    built = frozenset(words)
    with _common_lock:
        return _common.setdefault(key, built)


@dataclass
class Robot:
    """A robot of ``level``; ``rng`` makes its choices (seed it for reproducible games);
    ``vocabulary`` is the set of common words a débutant plays (required for that level)."""

    level: RobotLevel
    rng: random.Random
    vocabulary: frozenset[str] | None = None

    def __post_init__(self) -> None:
        self.level = RobotLevel(self.level)
        if PROFILES[self.level].common_only and self.vocabulary is None:
            raise ValueError(f"a {self.level.value} robot needs a vocabulary of common words")

    @property
    def profile(self) -> RobotProfile:
        return PROFILES[self.level]

    def choose(self, prepared: PreparedBoard, rack: str) -> GeneratedMove | None:
        """The move this robot answers on ``prepared`` with ``rack``, or ``None`` (no answer)."""

        def words_of(move: GeneratedMove) -> Iterator[str]:
            yield move.move.word  # the main word first: cross words only if it is known
            yield from (word.word for word in prepared.evaluate(move.move).words)

        return self.pick(
            prepared.moves(rack, self.profile.consider or None),
            lambda: prepared.top(rack).top,
            words_of,
        )

    def pick(
        self,
        moves: Sequence[ScoredT],
        top: Callable[[], ScoredT | None],
        words_of: Callable[[ScoredT], Iterable[str]],
    ) -> ScoredT | None:
        """The robot's choice among ``moves`` (every legal move, or the best ones, best
        first); ``top()`` gives the tie-break's top, ``words_of(move)`` the words a move forms
        (asked only of a level that plays common words). Wherever the moves come from (the
        move generator here, the movegen service at a table), the same seed gives the same
        choices."""
        profile = self.profile
        rng = self.rng
        if rng.random() < profile.pass_chance:
            return None
        if profile.consider:
            moves = moves[: profile.consider]
        if not moves:
            return None
        if rng.random() < profile.top_chance:
            chosen = top()
            return chosen if chosen is not None else moves[0]
        best = moves[0].score
        vocabulary = self.vocabulary or frozenset()
        candidates = [
            move
            for move in moves
            if move.tiles <= profile.max_tiles
            and (
                not profile.common_only
                or all(word.upper() in vocabulary for word in words_of(move))
            )
        ]
        # Not the top this time: a move below it, unless the robot sees nothing else.
        candidates = [move for move in candidates if move.score < best] or candidates
        if not candidates:
            return None
        aim = best * rng.uniform(profile.aim_low, profile.aim_high)
        return _nearest(candidates, aim, rng)


def _nearest(moves: Iterable[ScoredT], aim: float, rng: random.Random) -> ScoredT:
    """A move whose score is nearest ``aim`` (ties drawn at random)."""
    ordered = sorted(moves, key=lambda move: abs(move.score - aim))
    closest = abs(ordered[0].score - aim)
    tied = [move for move in ordered if abs(move.score - aim) == closest]
    return tied[rng.randrange(len(tied))]


def plan(view: Mapping[str, Any], level: str, seed: int, tools: MoveSource) -> Plan | None:
    """A seated robot's answer to the open turn, from its own view of the game (the
    :data:`~arbitre.engine.robots.planner.Planner` of duplicate).

    ``None`` unless a turn is open, its clock running and the robot has not answered it. Its
    moment is the turn's opening plus a share :data:`ROBOT_MOMENT` of the turn's clock, drawn
    from ``seed`` and the turn. Before it: an empty plan at that moment, nothing asked of
    ``tools`` (cheap). From it: the answer ``{"move": "H8 MOT", "turn": 3}`` its level picks
    (:meth:`Robot.pick`, its choices drawn from the same seed and turn) among the moves
    :data:`ROBOT_MOVES` asks of ``tools``, or ``None`` when it passes the turn. The view's
    clock, now, is its deadline less the time remaining.
    """
    if view.get("stage") != "playing" or view.get("my_answer") is not None:
        return None
    deadline, remaining = view.get("deadline_ms"), view.get("remaining_ms")
    if not isinstance(deadline, int) or not isinstance(remaining, int) or remaining <= 0:
        return None
    turn = int(view["turn"])
    turn_ms = int(view["config"]["seconds_per_turn"]) * 1000
    choices = random.Random(f"{seed}/{turn}")
    at_ms = deadline - turn_ms + int(choices.uniform(*ROBOT_MOMENT) * turn_ms)
    if deadline - remaining < at_ms:
        return Plan({}, at_ms)
    robot_level = RobotLevel(level)
    config = read_config(view["config"]).game
    limit, with_words = ROBOT_MOVES[robot_level]
    board = Board.from_rows(view["board"], config.layout)
    found = tools.robot_moves(board, str(view["tiles"]), limit, with_words)
    vocabulary = None
    if PROFILES[robot_level].common_only:
        vocabulary = common_words(config.tiles.language or "fr")
    robot = Robot(robot_level, choices, vocabulary)
    chosen = robot.pick(found.moves, lambda: found.top, lambda move: move.words)
    if chosen is None:
        return None
    return Plan({"move": chosen.notation, "turn": turn}, at_ms)
