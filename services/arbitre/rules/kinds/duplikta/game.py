"""A dupliKta game between two players: a pure state machine, turn by turn.

:class:`DupliktaGame` owns the board, the box (a seeded :class:`~arbitre.rules.draw.Bag`), the
shared rack and each player's Chances, and asks its *tools* (:class:`Tools`, what the engine
layer supplies) only whether a word is in the lexicon and which move of a rack is the best.
Given the same options, seed, players, tools and actions it plays the same game on every
machine.

The life of a turn:

1. :meth:`~DupliktaGame.deal` fills the shared rack to 7 tokens from the box (the reliquat
   first; fewer when the box runs out). After a turn where no move was installed, the same
   rack is dealt again and nothing is drawn. Each player gets their own copy of the rack and
   of the box for the turn.
2. Each player may spend Chances at the loupe (:meth:`~DupliktaGame.redraw`,
   :meth:`~DupliktaGame.exchange`, see :mod:`~arbitre.rules.kinds.duplikta.chances`), on their
   own copy only.
3. Each player confirms once (:meth:`~DupliktaGame.confirm`): a move in the notation
   :class:`~arbitre.rules.move.Move` reads, or ``None`` to pass (then optionally with tokens
   on the loupe and tokens put back in the box), with the server's milliseconds from the deal
   (required with the clock on, at most the clock). With the clock on, a move may place at
   most :data:`CLOCK_MAX_BLANKS` blanks (the seed: no more than 2 blanks turned into letters at
   the end of a turn; the others are lettered at the loupe beforehand, for free, see
   :mod:`~arbitre.rules.kinds.duplikta.chances`): a move placing more is refused as an action,
   code ``illegal_move:too_many_blanks``, before anything is spent or judged further
   *(decision: a blank placed is a lowercase letter the move puts on the board, blanks already
   on the board do not count; with the clock off, no limit)*. *(Decision: the seed's server
   picking the best letters for blanks left undesignated does not arise: a move's notation
   always designates each blank's letter, which is how a player letters blanks at the end of a
   turn.)* The move is judged at once
   (:func:`~arbitre.rules.kinds.duplikta.scoring.judge_move`): a placement that breaks a rule
   or uses tokens not on the player's copy of the rack is refused as an action
   (:class:`~arbitre.rules.kinds.base.ActionRefusedError`, nothing changes, the player may
   confirm again); a move with a word not valid is a *refused move*, known to the player only
   when the turn closes.
4. :meth:`~DupliktaGame.close_turn` (a player who has not confirmed passes, nothing out of the
   rack) scores each side (an accepted move its points, a refused move or a pass minus its
   penalty, :mod:`~arbitre.rules.kinds.duplikta.penalties`), decides whose move stays
   (:func:`~arbitre.rules.kinds.duplikta.resolution.resolve`) and installs it: its tokens go on
   the board, the installed player's copy of the box becomes the box, and their unplayed
   tokens are both players' reliquat. Mimil gives ½ Chance to each player whose move was
   refused and who holds less than 1½.

**The computer's best move** (to train as in duplicate). At each close the tools give the best
move of the shared rack dealt on the board as it was before the turn (:meth:`Tools.best_move`:
the highest score, reversed words included when they are unlocked), judged and scored by the
rules like any move (:class:`BestMove`; a rack with no move: none, 0 points). Each side's
``against_best`` is its move's score (0 for a refused move or a pass) minus the best's: 0 or
negative, as duplicate's négatif, unless the player's exchanges at the loupe gave their own copy
of the rack a better move than the shared rack's *(decision: the best is the shared rack's, the
same for both players, so it can be positive then)*. Nothing of it changes the game: points,
whose move stays and the end are as before.

The game ends after a turn when the box is empty and the installed move emptied the rack
(``out``); when a player passed with the box empty at the deal (``pass``; the other player's
move is still installed and scored); or after three turns in a row without an installed move
(``stalled``). Then each player's unplaced tokens (their own copy of the last rack after their
own move or pass) are subtracted from their total and added to the opponent's when the opponent
placed all of theirs (:func:`~arbitre.rules.kinds.duplikta.penalties.end_adjustment`).
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from arbitre.rules.board import Board
from arbitre.rules.draw import Bag
from arbitre.rules.errors import ArbitreError, IllegalMoveError
from arbitre.rules.kinds.base import ActionRefusedError
from arbitre.rules.kinds.duplikta.chances import (
    Exchange,
    chances_text,
    exchange,
    mimil,
    redraw,
    starting_chances,
)
from arbitre.rules.kinds.duplikta.config import PLAYERS, DupliktaConfig
from arbitre.rules.kinds.duplikta.penalties import (
    end_adjustment,
    pass_penalty,
    refusal_penalty,
)
from arbitre.rules.kinds.duplikta.resolution import (
    Contender,
    Criterion,
    resolution_random,
    resolve,
    scenario_resolution,
)
from arbitre.rules.kinds.duplikta.scoring import MoveVerdict, judge_move, token_values
from arbitre.rules.move import Move
from arbitre.rules.rack import Rack
from arbitre.rules.tiles import TileSet

__all__ = [
    "CLOCK_MAX_BLANKS",
    "MAX_IDLE_TURNS",
    "MAX_NOTATION_CHARS",
    "BadBestMoveError",
    "BestMove",
    "Confirm",
    "DupliktaGame",
    "EndReason",
    "PlayedTurn",
    "Side",
    "Tools",
]

#: Turns in a row without an installed move that end the game.
MAX_IDLE_TURNS = 3
#: With the clock on, the most blanks a move may place (lettered at the end of the turn).
CLOCK_MAX_BLANKS = 2
#: The longest move notation a confirm may carry.
MAX_NOTATION_CHARS = 64
_MAX_NAME = 100


class Tools(Protocol):
    """What a game asks of the engine layer: its ``lexicon`` (``word in lexicon`` for an
    uppercase word) and :meth:`best_move` (the engine's
    :class:`~arbitre.engine.kind_tools.Words`)."""

    @property
    def lexicon(self) -> Container[str]: ...

    def best_move(
        self, board: Board, rack: str, tiles: TileSet, reversed_words: bool
    ) -> str | None:
        """The notation of the best move of ``rack`` (``?`` a blank) on ``board`` played with
        ``tiles`` as dupliKta scores it (words read backwards too when ``reversed_words``): the
        highest score, ties broken by a fixed order; ``None`` when the rack has no move."""
        ...


class BadBestMoveError(ArbitreError):
    """The tools gave a best move the rules do not accept (the engine and the rules disagree)."""

    code = "bad_best_move"


@dataclass(frozen=True, slots=True)
class BestMove:
    """The computer's best move of a closed turn's shared rack on the board before the turn:
    ``move`` in notation (``None``: the rack had no move) and its ``score``."""

    move: str | None
    score: int

    def data(self) -> dict[str, Any]:
        """As the score sheet and the record write it."""
        return {"move": self.move, "score": self.score}


class EndReason(StrEnum):
    """Why a game ended."""

    OUT = "out"  # the box is empty and the installed move emptied the rack
    PASS = "pass"  # a player passed with the box empty
    STALLED = "stalled"  # three turns in a row without an installed move


@dataclass(frozen=True, slots=True)
class Confirm:
    """A player's confirm: ``move`` in notation, or ``None`` for a pass; ``ms``, server
    milliseconds from the deal; for a pass, ``loupe`` (tokens that leave the game) and
    ``returned`` (tokens put back in the box), ``?`` for a blank."""

    move: str | None
    ms: int | None = None
    loupe: str = ""
    returned: str = ""


@dataclass
class _Hand:
    """A player's own copy of the open turn."""

    rack: Rack
    box: Bag
    chances: int
    exchanges: list[Exchange] = field(default_factory=list)
    confirm: Confirm | None = None
    verdict: MoveVerdict | None = None


@dataclass(frozen=True, slots=True)
class Side:
    """One player's part of a closed turn: a line of the score sheet.

    ``rack``, their copy of the rack at the confirm (after their exchanges); ``exchanges``;
    ``move``, the notation as judged (``None``: a pass); ``accepted``; ``tiles`` placed;
    ``words``, ``reversed_words`` and ``unknown_words`` of the move; ``score``, the move's
    points when accepted (else 0); ``penalty``, what a refusal or a pass cost (positive);
    ``bonuses`` by name; ``points`` for the turn (score or minus penalty, plus bonuses);
    ``confirm_ms``; ``loupe`` and ``returned`` at a pass; ``chances`` held after the turn
    (halves, Mimil's gift ``mimil`` included); ``unplaced``, their copy of the rack once their
    own move or pass is made; ``against_best``, ``score`` minus the best move's (see the module
    docstring)."""

    player: str
    rack: str
    exchanges: tuple[Exchange, ...]
    move: str | None
    accepted: bool
    tiles: int
    words: tuple[str, ...]
    reversed_words: tuple[str, ...]
    unknown_words: tuple[str, ...]
    score: int
    penalty: int
    bonuses: Mapping[str, int]
    points: int
    confirm_ms: int | None
    loupe: str
    returned: str
    chances: int
    mimil: int
    unplaced: str
    against_best: int

    @property
    def passed(self) -> bool:
        return self.move is None

    def line(self) -> dict[str, Any]:
        """This side as JSON-ready data."""
        return {
            "rack": self.rack,
            "exchanges": [
                {
                    "kind": done.kind.value,
                    "given": done.given,
                    "wanted": done.wanted,
                    "received": done.received,
                    "cost": chances_text(done.cost),
                }
                for done in self.exchanges
            ],
            "move": self.move,
            "accepted": self.accepted,
            "tiles": self.tiles,
            "words": list(self.words),
            "reversed_words": list(self.reversed_words),
            "unknown_words": list(self.unknown_words),
            "score": self.score,
            "penalty": self.penalty,
            "bonuses": dict(self.bonuses),
            "points": self.points,
            "confirm_ms": self.confirm_ms,
            "loupe": self.loupe,
            "returned": self.returned,
            "chances": chances_text(self.chances),
            "mimil": chances_text(self.mimil),
            "against_best": self.against_best,
        }


@dataclass(frozen=True, slots=True)
class PlayedTurn:
    """A closed turn: its ``number`` (from 1); ``rack``, the shared rack dealt; both ``sides``
    in seating order; ``installed``, whose move stays (``None``: nobody); ``criterion``, what
    decided it; ``reliquat``, the shared tokens kept for the next turn (after a turn with
    nothing installed, the same rack is dealt again); ``best``, the computer's best move of the
    shared rack on the board before the turn."""

    number: int
    rack: str
    sides: tuple[Side, ...]
    installed: str | None
    criterion: Criterion
    reliquat: str
    best: BestMove

    def side(self, player: str) -> Side:
        """``player``'s side; :class:`KeyError` for another name."""
        for side in self.sides:
            if side.player == player:
                return side
        raise KeyError(player)

    @property
    def points(self) -> dict[str, int]:
        """Each player's points for the turn."""
        return {side.player: side.points for side in self.sides}


class DupliktaGame:
    """One dupliKta game (see the module docstring). ``players`` are two distinct names in
    seating order: the handicaps of the options follow that order."""

    def __init__(
        self, config: DupliktaConfig, seed: int, tools: Tools, players: tuple[str, str]
    ) -> None:
        names = tuple(players)
        if len(names) != PLAYERS or not all(
            isinstance(player, str) and 0 < len(player) <= _MAX_NAME for player in names
        ):
            raise ActionRefusedError(
                "bad_players", f"a game has two players named by 1 to {_MAX_NAME} characters"
            )
        if names[0] == names[1]:
            raise ActionRefusedError("bad_players", "the two players need different names")
        players = (names[0], names[1])
        self.config = config
        self.seed = seed
        self.tools = tools
        self.players = players
        self.board = Board.empty()
        self.box = Bag.full(config.tiles, seed)
        self.draws = resolution_random(seed)
        first, second = config.handicaps
        option = config.chances_halves
        #: Each player's Chances at the start, then held now, in halves.
        self.start = {
            players[0]: starting_chances(option, first, second),
            players[1]: starting_chances(option, second, first),
        }
        self.chances = dict(self.start)
        self.reliquat = ""
        self.turns: list[PlayedTurn] = []
        self.end: EndReason | None = None
        self.adjustment: dict[str, int] = {}
        #: The actions of each turn dealt, in order, as the record writes them.
        self.actions: list[list[dict[str, Any]]] = []
        self.idle = 0
        self._rack = ""
        self._same_rack = False
        self._box_empty_at_deal = False
        self._hands: dict[str, _Hand] | None = None

    # -- state ------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def turn_open(self) -> bool:
        return self._hands is not None

    @property
    def number(self) -> int:
        """The number of the open turn, or of the next one."""
        return len(self.turns) + 1

    @property
    def rack(self) -> str:
        """The shared rack of the open turn (or of the last one dealt)."""
        return self._rack

    def rack_of(self, player: str) -> str:
        """``player``'s own copy of the rack in the open turn."""
        return self._hand(player).rack.text()

    def box_of(self, player: str) -> str:
        """``player``'s own copy of the box in the open turn."""
        return self._hand(player).box.contents()

    def chances_of(self, player: str) -> int:
        """The Chances ``player`` holds now in the open turn, in halves."""
        return self._hand(player).chances

    def confirmed(self, player: str) -> bool:
        """Whether ``player`` has confirmed in the open turn."""
        return self._hand(player).confirm is not None

    def exchanges_of(self, player: str) -> tuple[Exchange, ...]:
        """``player``'s requests at the loupe in the open turn, in order."""
        return tuple(self._hand(player).exchanges)

    def confirm_of(self, player: str) -> tuple[Confirm, MoveVerdict | None] | None:
        """``player``'s confirm in the open turn and, for a move, its verdict (``None``: not
        confirmed yet). Whether the move's words are valid is for the close to tell."""
        hand = self._hand(player)
        return None if hand.confirm is None else (hand.confirm, hand.verdict)

    def totals(self) -> dict[str, int]:
        """Each player's total: the points of every closed turn, and the end adjustment once
        the game is over."""
        totals = dict.fromkeys(self.players, 0)
        for turn in self.turns:
            for side in turn.sides:
                totals[side.player] += side.points
        for player, points in self.adjustment.items():
            totals[player] += points
        return totals

    # -- the turn ---------------------------------------------------------------------------

    def deal(self) -> str | None:
        """Open the next turn and return its shared rack; ``None`` when the game is over."""
        if self.over:
            return None
        if self.turn_open:
            raise ActionRefusedError("turn_open", f"turn {self.number} is still open")
        if not self._same_rack:
            self._rack = Rack(
                self.reliquat + self.box.draw(self.config.rules.rack_size - len(self.reliquat))
            ).text()
        self._box_empty_at_deal = not len(self.box)
        self._hands = {
            player: _Hand(Rack(self._rack), self.box.copy(), self.chances[player])
            for player in self.players
        }
        self.actions.append([])
        scenario = self.config.scenario
        if scenario is not None:  # Tourlou's move of the turn is the scenario's
            tourlou = self.players[1]
            move = scenario.move_at(len(self.turns) + 1)
            hand = self._hands[tourlou]
            try:
                verdict = None if move is None else self._judge(hand.rack, move)
            except ArbitreError as error:
                raise ActionRefusedError(
                    "bad_scenario", f"the scenario's move {move} does not fit: {error}"
                ) from None
            if verdict is not None and not verdict.accepted:
                raise ActionRefusedError("bad_scenario", f"the scenario's move {move} is refused")
            hand.confirm = Confirm(move, 0 if self.config.clock_on else None)
            hand.verdict = verdict
        return self._rack

    def redraw(self, player: str, token: str) -> Exchange:
        """``player`` puts ``token`` back in their box and draws one at random (½ Chance)."""
        hand = self._open_hand(player)
        hand.rack, done = redraw(hand.rack, hand.box, token, hand.chances)
        return self._spent(player, hand, done, {"redraw": token})

    def exchange(self, player: str, token: str, wanted: str) -> Exchange:
        """``player`` exchanges ``token`` for ``wanted`` (a letter or ``?``) at the loupe."""
        hand = self._open_hand(player)
        hand.rack, done = exchange(
            hand.rack, hand.box, token, wanted, hand.chances, self.config.tiles
        )
        return self._spent(player, hand, done, {"exchange": token, "for": wanted})

    def confirm(
        self,
        player: str,
        move: str | None,
        ms: int | None = None,
        *,
        loupe: str = "",
        returned: str = "",
    ) -> None:
        """``player``'s confirm (see the module docstring and :class:`Confirm`); refused with
        :class:`~arbitre.rules.kinds.base.ActionRefusedError` (nothing changes) for a second
        confirm, a time missing with the clock on, negative or past the clock, tokens on the
        loupe with a move, tokens not on the player's rack, bad notation, a placement that
        breaks a rule (code ``illegal_move:<reason>``) or, with the clock on, more than
        :data:`CLOCK_MAX_BLANKS` blanks placed (``illegal_move:too_many_blanks``)."""
        hand = self._open_hand(player)
        clock = self.config.clock_ms
        if ms is not None and (isinstance(ms, bool) or not isinstance(ms, int) or ms < 0):
            raise ActionRefusedError("bad_time", "a confirm time is whole milliseconds, >= 0")
        if clock is not None and ms is None:
            raise ActionRefusedError("bad_time", "with the clock on, a confirm needs its time")
        if clock is not None and ms is not None and ms > clock:
            raise ActionRefusedError("after_clock", f"the turn's clock ended at {clock} ms")
        verdict = None
        if move is None:
            _check_out_of_rack(hand.rack, loupe, returned)
        else:
            if loupe or returned:
                raise ActionRefusedError(
                    "loupe_with_move", "tokens go on the loupe or back in the box only at a pass"
                )
            verdict = self._judge(hand.rack, move)
            blanks = verdict.placement.blank_count
            if clock is not None and blanks > CLOCK_MAX_BLANKS:
                raise ActionRefusedError(
                    "illegal_move:too_many_blanks",
                    f"with the clock on a move places at most {CLOCK_MAX_BLANKS} blanks, not "
                    f"{blanks}: letter the others at the loupe (free)",
                )
        hand.confirm = Confirm(move, ms, loupe, returned)
        hand.verdict = verdict
        self.actions[-1].append(
            {"player": player, "confirm": move, "ms": ms, "loupe": loupe, "returned": returned}
        )

    def close_turn(self) -> PlayedTurn:
        """Close the open turn (see the module docstring) and return it."""
        hands = self._hands
        if hands is None:
            raise ActionRefusedError("no_turn", "no turn is open")
        values = token_values(self.config.tiles)
        best = self._best_move()
        previous = self.turns[-1].points if self.turns else dict.fromkeys(self.players, 0)
        totals = self.totals()
        contenders = []
        parts: dict[str, tuple[int, int, str]] = {}  # player -> (score, penalty, unplaced)
        for player in self.players:
            hand = hands[player]
            confirm = hand.confirm or Confirm(None)
            verdict = hand.verdict
            if verdict is None:
                penalty = pass_penalty(confirm.loupe, confirm.returned, values)
                parts[player] = (
                    0,
                    penalty,
                    hand.rack.take(confirm.loupe + confirm.returned).text(),
                )
            elif verdict.accepted:
                parts[player] = (verdict.score, 0, hand.rack.take(verdict.rack_tiles).text())
            else:
                placed = "".join(letter for _, _, letter in verdict.placement.new_tiles)
                parts[player] = (0, refusal_penalty(placed, values), hand.rack.text())
            score, penalty, _ = parts[player]
            contenders.append(
                Contender(
                    player,
                    accepted=verdict is not None and verdict.accepted,
                    tiles=0 if verdict is None else verdict.tiles,
                    points=score - penalty,
                    confirm_ms=confirm.ms,
                    total=totals[player],
                    previous=previous[player],
                    chances=hand.chances,
                )
            )
        first, second = contenders
        if self.config.scenario is not None:
            resolution = scenario_resolution(first, second)
        else:
            resolution = resolve(first, second, clock=self.config.clock_on, draws=self.draws)
        installed = resolution.installed
        if installed is not None:
            winner = hands[installed]
            assert winner.verdict is not None
            self.board.apply(winner.verdict.placement)
            self.box = winner.box
            self.reliquat = parts[installed][2]
            self.idle = 0
            self._same_rack = False
        else:
            self.idle += 1
            self._same_rack = True
        sides = []
        for player in self.players:
            hand = hands[player]
            confirm = hand.confirm or Confirm(None)
            verdict = hand.verdict
            refused = verdict is not None and not verdict.accepted
            gift = mimil(hand.chances) if refused else 0
            self.chances[player] = hand.chances + gift
            score, penalty, unplaced = parts[player]
            sides.append(
                Side(
                    player,
                    rack=hand.rack.text(),
                    exchanges=tuple(hand.exchanges),
                    move=None if verdict is None else verdict.move.notation(),
                    accepted=verdict is not None and verdict.accepted,
                    tiles=0 if verdict is None else verdict.tiles,
                    words=() if verdict is None else verdict.words,
                    reversed_words=() if verdict is None else verdict.reversed_words,
                    unknown_words=() if verdict is None else verdict.unknown_words,
                    score=score,
                    penalty=penalty,
                    bonuses=dict(resolution.bonuses[player]),
                    points=resolution.points[player],
                    confirm_ms=confirm.ms,
                    loupe=confirm.loupe,
                    returned=confirm.returned,
                    chances=self.chances[player],
                    mimil=gift,
                    unplaced=unplaced,
                    against_best=score - best.score,
                )
            )
        played = PlayedTurn(
            len(self.turns) + 1,
            self._rack,
            tuple(sides),
            installed,
            resolution.criterion,
            self.reliquat if installed is not None else self._rack,
            best,
        )
        self.turns.append(played)
        self._hands = None
        self._end_after(played)
        return played

    def play_turn(self, confirms: Mapping[str, Confirm]) -> PlayedTurn | None:
        """Deal, confirm each of ``confirms`` (player -> :class:`Confirm`) and close; ``None``
        when the game is over."""
        if self.deal() is None:
            return None
        for player, confirm in confirms.items():
            self.confirm(
                player, confirm.move, confirm.ms, loupe=confirm.loupe, returned=confirm.returned
            )
        return self.close_turn()

    # -- the score sheet --------------------------------------------------------------------

    def sheet(self) -> list[dict[str, Any]]:
        """The score sheet: one line per closed turn (the shared rack, each player's rack,
        exchanges, move, points, bonuses and running total, their points against the best move
        and the running sum of those, who was installed and by which criterion, the best move),
        then, once the game is over, a last line with the end, the adjustment and the totals."""
        running = dict.fromkeys(self.players, 0)
        against = dict.fromkeys(self.players, 0)
        lines: list[dict[str, Any]] = []
        for turn in self.turns:
            players = {}
            for side in turn.sides:
                running[side.player] += side.points
                against[side.player] += side.against_best
                players[side.player] = {
                    **side.line(),
                    "total": running[side.player],
                    "against_best_total": against[side.player],
                }
            lines.append(
                {
                    "turn": turn.number,
                    "rack": turn.rack,
                    "players": players,
                    "installed": turn.installed,
                    "criterion": turn.criterion.value,
                    "reliquat": turn.reliquat,
                    "best": turn.best.data(),
                }
            )
        if self.end is not None:
            lines.append(
                {
                    "end": self.end.value,
                    "adjustment": dict(self.adjustment),
                    "totals": self.totals(),
                }
            )
        return lines

    # -- helpers ----------------------------------------------------------------------------

    def _hand(self, player: str) -> _Hand:
        if self._hands is None:
            raise ActionRefusedError("game_over" if self.over else "no_turn", "no turn is open")
        hand = self._hands.get(player)
        if hand is None:
            raise ActionRefusedError("not_a_player", f"{player!r} does not play this game")
        return hand

    def _open_hand(self, player: str) -> _Hand:
        hand = self._hand(player)
        if hand.confirm is not None:
            raise ActionRefusedError("already_confirmed", f"{player} has already confirmed")
        return hand

    def _spent(self, player: str, hand: _Hand, done: Exchange, action: dict[str, Any]) -> Exchange:
        hand.chances -= done.cost
        hand.exchanges.append(done)
        self.actions[-1].append({"player": player, **action})
        return done

    def _judge(self, rack: Rack, text: str) -> MoveVerdict:
        if not isinstance(text, str) or len(text) > MAX_NOTATION_CHARS:
            raise ActionRefusedError(
                "bad_notation", f"a move is its notation, at most {MAX_NOTATION_CHARS} characters"
            )
        config = self.config
        try:
            move = Move.from_notation(text, size=self.board.size)
            return judge_move(
                self.board,
                move,
                rack,
                config.tiles,
                self.tools.lexicon,
                config.reversed_words,
            )
        except IllegalMoveError as error:
            raise ActionRefusedError(f"{error.code}:{error.reason}", str(error)) from None
        except ArbitreError as error:
            raise ActionRefusedError(error.code, str(error)) from None

    def _best_move(self) -> BestMove:
        """The best move of the open turn's shared rack on the board (see the module
        docstring), as the tools find it and the rules judge it."""
        config = self.config
        notation = self.tools.best_move(self.board, self._rack, config.tiles, config.reversed_words)
        if notation is None:
            return BestMove(None, 0)
        try:
            move = Move.from_notation(notation, size=self.board.size)
            verdict = judge_move(
                self.board,
                move,
                Rack(self._rack),
                config.tiles,
                self.tools.lexicon,
                config.reversed_words,
            )
        except ArbitreError as error:
            raise BadBestMoveError(f"the best move {notation!r} is not legal: {error}") from None
        if not verdict.accepted:
            unknown = ", ".join(verdict.unknown_words)
            raise BadBestMoveError(f"the best move {notation!r} forms unknown words: {unknown}")
        return BestMove(verdict.move.notation(), verdict.score)

    def _end_after(self, played: PlayedTurn) -> None:
        if played.installed is not None and not len(self.box) and not self.reliquat:
            self.end = EndReason.OUT
        elif self._box_empty_at_deal and any(side.passed for side in played.sides):
            self.end = EndReason.PASS
        elif self.idle >= MAX_IDLE_TURNS:
            self.end = EndReason.STALLED
        else:
            return
        values = token_values(self.config.tiles)
        self.adjustment = end_adjustment(
            {side.player: side.unplaced for side in played.sides}, values
        )


def _check_out_of_rack(rack: Rack, loupe: str, returned: str) -> None:
    """Refuse a pass whose ``loupe`` and ``returned`` tokens are not all on ``rack``."""
    for name, tokens in (("loupe", loupe), ("returned", returned)):
        if not isinstance(tokens, str) or not set(tokens) <= _TOKENS:
            raise ActionRefusedError(
                "bad_tokens", f"{name}: tokens are uppercase letters and ? for a blank"
            )
    try:
        rack.take(loupe + returned)
    except IllegalMoveError as error:
        raise ActionRefusedError("not_on_rack", str(error)) from None


_TOKENS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ?")
