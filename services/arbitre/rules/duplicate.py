"""The duplicate game: turns drawn from a seeded bag, the top put on the board, answers judged.

A :class:`DuplicateGame` is a pure state machine: it owns the board, the bag and the reliquat,
and asks a :class:`Referee` (the move generator and the lexicon, supplied by the engine layer)
for what it cannot know itself: the top of a position, whether any move exists, and the verdict
on an answer. Given the same configuration, seed and referee it plays the same game on every
machine.

The life of a turn: :meth:`~DuplicateGame.start_turn` draws the tirage (reliquat plus new tiles,
rejections included) and finds the top; players :meth:`~DuplicateGame.answer` (the last answer
counts); :meth:`~DuplicateGame.close_turn` judges every answer on the board as it was, puts the
top on the board (partie joker: a played blank is swapped for the real letter when the bag still
has it, and the blank goes back on the rack) and keeps the reliquat. The game ends when the pool
can no longer give a valid rack, when no move exists (after the allowed redraws), or after the
configured number of turns.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from arbitre.rules.board import Board
from arbitre.rules.draw import Bag, Draw, draw_rack
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_config import GameConfig, Variant
from arbitre.rules.move import Move
from arbitre.rules.placement import place
from arbitre.rules.results import Standing, TurnScores, standings
from arbitre.rules.tiles import BLANK

__all__ = [
    "MAX_PLAYER_NAME",
    "Answer",
    "DuplicateGame",
    "EndReason",
    "GameStateError",
    "PlayedTurn",
    "Referee",
    "TopChoice",
    "Verdict",
    "check_player_name",
]


class GameStateError(ArbitreError):
    """An action the game cannot take now: answering with no turn open, an unknown player,
    starting a turn while one is open or after the end."""

    code = "bad_game_state"


class EndReason(StrEnum):
    """Why a game ended."""

    BAG = "bag"  # the bag plus the reliquat can no longer give a valid rack
    NO_MOVE = "no_move"  # no move exists, after the allowed redraws
    MAX_TURNS = "max_turns"  # the configured number of turns was played


@dataclass(frozen=True, slots=True)
class TopChoice:
    """The top of a position: the move the tie-break retains, its points and tiles, and the
    other moves worth as much (``alternatives``, in reading order)."""

    move: Move
    score: int
    tiles: int
    blanks: int
    alternatives: tuple[Move, ...] = ()


@dataclass(frozen=True, slots=True)
class Verdict:
    """A judged answer: ``points`` is what the player scores (0 for an illegal placement or a
    word missing from the lexicon), ``score`` what the move is worth on the board (0 when it
    cannot be placed), ``error_code`` why it could not be placed, ``unknown_words`` the words
    missing from the lexicon."""

    points: int
    score: int
    words: tuple[str, ...] = ()
    unknown_words: tuple[str, ...] = ()
    error_code: str | None = None

    @property
    def legal(self) -> bool:
        return self.error_code is None


#: The longest name (id) of a player the rules take.
MAX_PLAYER_NAME = 100


def check_player_name(player: object) -> None:
    """Refuse (:class:`GameStateError`) a player name the rules do not take: they are strings
    of 1 to :data:`MAX_PLAYER_NAME` characters."""
    if not isinstance(player, str) or not 0 < len(player) <= MAX_PLAYER_NAME:
        raise GameStateError("players are named by strings of 1 to 100 characters")


class Referee(Protocol):
    """What the game asks of the engine layer (move generator, lexicon, tie-break)."""

    def top(self, board: Board, rack: str) -> TopChoice | None:
        """The top of ``board`` for ``rack``, or ``None`` when no move exists."""
        ...

    def has_move(self, board: Board, rack: str) -> bool:
        """Whether ``rack`` has a legal move on ``board``."""
        ...

    def judge(self, board: Board, move: Move, rack: str) -> Verdict:
        """The verdict on ``move`` played from ``rack`` on ``board`` (never raises for a bad
        move: the verdict says why it scores 0)."""
        ...


@dataclass(frozen=True, slots=True)
class Answer:
    """A player's answer to a turn, as judged at the close."""

    player: str
    move: str
    verdict: Verdict

    @property
    def points(self) -> int:
        return self.verdict.points


@dataclass(frozen=True, slots=True)
class PlayedTurn:
    """A closed turn: the tirage, the top put on the board, every player's answer."""

    number: int
    draw: Draw
    top: TopChoice
    answers: tuple[Answer, ...]
    swapped: tuple[str, ...] = ()  # partie joker: letters that replaced a played blank

    def scores(self, players: Sequence[str]) -> TurnScores:
        """Each player's points for this turn (0 without an answer)."""
        by_player = {answer.player: answer.points for answer in self.answers}
        return TurnScores(self.number, self.top.score, {p: by_player.get(p, 0) for p in players})


@dataclass
class DuplicateGame:
    """One duplicate game, turn by turn (see the module docstring)."""

    config: GameConfig
    seed: int
    referee: Referee
    players: tuple[str, ...] = ()
    board: Board = field(init=False)
    bag: Bag = field(init=False)
    reliquat: str = field(init=False, default="")
    turns: list[PlayedTurn] = field(init=False, default_factory=list)
    end: EndReason | None = field(init=False, default=None)
    _draw: Draw | None = field(init=False, default=None)
    _top: TopChoice | None = field(init=False, default=None)
    _answers: dict[str, str] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        for player in self.players:
            check_player_name(player)
        if len(set(self.players)) != len(self.players):
            raise GameStateError("player names must be distinct")
        self.players = tuple(self.players)
        self.board = Board.empty(self.config.layout)
        self.bag = Bag.full(self.config.tiles, self.seed)

    # -- state ------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def turn_open(self) -> bool:
        return self._draw is not None

    @property
    def current_draw(self) -> Draw | None:
        """The tirage of the open turn."""
        return self._draw

    @property
    def current_top(self) -> TopChoice | None:
        """The top of the open turn (never shown to players before the close)."""
        return self._top

    @property
    def number(self) -> int:
        """The number of the open turn, or of the next one."""
        return len(self.turns) + 1

    # -- the turn ---------------------------------------------------------------------------

    def start_turn(self) -> Draw | None:
        """Draw the next tirage and find its top; ``None`` when the game is over (see
        :attr:`end`)."""
        if self.over:
            return None
        if self.turn_open:
            raise GameStateError(f"turn {self.number} is still open")
        limit = self.config.max_turns
        if limit is not None and len(self.turns) >= limit:
            self.end = EndReason.MAX_TURNS
            return None
        board = self.board
        draw = draw_rack(
            self.bag,
            self.reliquat,
            self.number,
            self.config,
            lambda rack: self.referee.has_move(board, rack),
        )
        if draw is None:
            self.end = EndReason.BAG
            return None
        top = self.referee.top(board, draw.rack) if draw.playable else None
        if top is None:
            self.end = EndReason.NO_MOVE
            return None
        self._draw, self._top, self._answers = draw, top, {}
        return draw

    def answer(self, player: str, move: str) -> None:
        """Record ``player``'s answer (FISF notation) to the open turn; the last one counts."""
        if not self.turn_open:
            raise GameStateError("no turn is open")
        if player not in self.players:
            raise GameStateError(f"unknown player {player!r}")
        if not isinstance(move, str) or len(move) > 64:
            raise GameStateError("an answer is a move in FISF notation, at most 64 characters")
        self._answers[player] = move

    def close_turn(self) -> PlayedTurn:
        """Judge the answers, put the top on the board, keep the reliquat."""
        draw, top = self._draw, self._top
        if draw is None or top is None:
            raise GameStateError("no turn is open")
        # A verdict depends on the board, the move and the rack only: the thousands of answers
        # of a simultané's turn are a few hundred moves, each judged once.
        verdicts: dict[str, Verdict] = {}
        judged = []
        for player, move in sorted(self._answers.items(), key=lambda item: item[0]):
            if move not in verdicts:
                verdicts[move] = self.judge(move, draw.rack)
            judged.append(Answer(player, move, verdicts[move]))
        answers = tuple(judged)
        placement = place(self.board, top.move, self.config.tiles, self.config.rules)
        self.board.apply(placement)
        left = list(draw.rack)
        for tile in placement.rack_tiles:
            left.remove(tile)
        swapped = self._swap_blanks(placement.new_tiles) if self._joker else ()
        self.reliquat = "".join(left) + BLANK * len(swapped)
        played = PlayedTurn(len(self.turns) + 1, draw, top, answers, swapped)
        self.turns.append(played)
        self._draw, self._top, self._answers = None, None, {}
        return played

    def board_before(self, number: int) -> Board:
        """The board the closed turn ``number`` (from 1) was played on: the tops of the turns
        before it put down again on an empty board, each partie joker swap made again (a
        turn's ``swapped`` letters replaced its played blanks in order). Raises
        :class:`GameStateError` for a turn that is not closed."""
        if not 1 <= number <= len(self.turns):
            raise GameStateError(f"turn {number} is not a closed turn of this game")
        board = Board.empty(self.config.layout)
        for turn in self.turns[: number - 1]:
            placement = place(board, turn.top.move, self.config.tiles, self.config.rules)
            board.apply(placement)
            swapped = list(turn.swapped)
            for row, col, letter in placement.new_tiles:
                if swapped and letter.islower() and letter.upper() == swapped[0]:
                    board.remove([(row, col)])
                    board.put([(row, col, swapped.pop(0))])
        return board

    def play_turn(self, answers: Iterable[tuple[str, str]] = ()) -> PlayedTurn | None:
        """Start a turn, record ``answers`` and close it; ``None`` when the game is over."""
        if self.start_turn() is None:
            return None
        for player, move in answers:
            self.answer(player, move)
        return self.close_turn()

    def play_to_end(self) -> list[PlayedTurn]:
        """Play every remaining turn with no answers (the game of the tops)."""
        while self.play_turn() is not None:
            pass
        return self.turns

    # -- results ----------------------------------------------------------------------------

    @property
    def top_total(self) -> int:
        """The cumulated top."""
        return sum(turn.top.score for turn in self.turns)

    def standings(self) -> list[Standing]:
        """Total, négatif, % of top and rank of every player over the closed turns."""
        return standings(
            self.players,
            [turn.scores(self.players) for turn in self.turns],
            solo_bonus=self.config.solo_bonus,
            solo_min_players=self.config.solo_min_players,
        )

    # -- helpers ----------------------------------------------------------------------------

    @property
    def _joker(self) -> bool:
        return self.config.variant is Variant.JOKER

    def judge(self, text: str, rack: str) -> Verdict:
        """The verdict on the move ``text`` (FISF notation) with ``rack`` on the board as it is
        now: the judgement :meth:`close_turn` makes of each answer."""
        try:
            move = Move.from_notation(text, size=self.board.size)
        except ArbitreError as error:
            return Verdict(0, 0, error_code=error.code)
        return self.referee.judge(self.board, move, rack)

    def _swap_blanks(self, new_tiles: Sequence[tuple[int, int, str]]) -> tuple[str, ...]:
        """Partie joker: each blank just played becomes the real letter when the bag has it."""
        swapped = []
        for row, col, letter in new_tiles:
            if letter.islower() and self.bag.take(letter.upper()):
                self.board.remove([(row, col)])
                self.board.put([(row, col, letter.upper())])
                swapped.append(letter.upper())
        return tuple(swapped)
