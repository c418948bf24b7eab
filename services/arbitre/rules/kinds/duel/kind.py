"""Duel de Mots behind the game-kind interface: events, views, records and replay.

The state changes are :mod:`arbitre.rules.kinds.duel.game`'s; this module says them in the
interface's values. Views and records are built by functions that take a game's
:class:`~arbitre.rules.kinds.duel.game.Table` only, never its secrets: the word and salt of an
open round, and the seed before the end, are not reachable from them. A player's view shows
their own rows with letters and every rival's rows as public marks only (three states, no
extra-copy dot); a spectator's view shows everyone's rows as public marks; a closed round shows
everything. Every view carries the rows of the word language's on-screen keyboard
(:func:`~arbitre.rules.kinds.duel.alphabet.keyboard`), so that a page draws the rules' own.

Marks are written as :func:`arbitre.rules.kinds.duel.marks.text` writes them (``G``, ``Y``,
``x``, ``.``); rows are counted from 0; times are the session clock's milliseconds
(``*_at``), or milliseconds since the round opened (``at_ms``).

**Events.** ``player_joined`` (player, players seated, from_round; throttled in a room past
its first :data:`LISTED`), ``player_left`` (player, round),
``round_started`` (round, opened_at, ends_at, commitment, the first :data:`LISTED` players and
their count), ``rival_row`` (player, round, row, public marks) with ``guess_marked`` for the
guesser alone (their result), ``closing_window`` (round, opened_at, ends_at) at the first find,
``round_over`` (the round revealed: word, salt, every row with letters, each player's points,
the solvers in order, and the standings), ``game_over`` (the final standings and the seed).

**Record.** ``kind``, ``format``, ``config``, ``game_id``, the starting ``players``, the
``seating`` changes (player, ``join``/``leave``, ``at_ms``, the ``round`` the game was at and
whether it was open: ``in_round``), the closed ``rounds`` (number, opened/closed/end times,
commitment, word, salt, players, accepted guesses as ``[player, letters, ms since opening]``
in an order their rows and the solvers decide, whichever path stored them: by time, ties in
seating order, a row never before its player's earlier rows, a find never before the finds
placed before it; see :attr:`arbitre.rules.kinds.duel.game.Round.guesses`), the ``standings``,
``over``, and the ``seed`` once the game is over. :meth:`DuelKind.replay` plays a finished
record again and checks every part of it (a ``bad_record`` error otherwise).

**Clock.** While a round is open, its phase's ``deadline_ms`` is its end (the clock, or the
closing window's end when sooner): guesses are taken until then. Its ``due_ms`` is that end, or
the moment every player had finished (found, out of tries, or gone) when that came first.
:meth:`DuelKind.shift` moves an open round whole, as if it had opened later (see
:func:`~arbitre.rules.kinds.duel.game.shift`), or, between rounds, the next round's opening.

**Saved state.** :meth:`DuelKind.save` is :func:`arbitre.rules.kinds.duel.game.save`: the whole
game, secrets included, as ``{"version": 1, ...}``, for the session's storage only;
:meth:`DuelKind.load` reads it back to an equal game (a ``bad_state`` error otherwise). The
loaded secrets stay in the game's :class:`~arbitre.rules.kinds.duel.game.Secrets`, out of the
views' reach.

**Fast path** (:class:`~arbitre.rules.kinds.base.PartedKind`). A guess changes only its
guesser's part: their rows of the open round. The formats of the context, the parts and the
judgements are :mod:`arbitre.rules.kinds.duel.parts`'s. :meth:`DuelKind.act` is
:meth:`~DuelKind.judge`, then :func:`~arbitre.rules.kinds.duel.game.store` on the game in memory
(what the session's store does, below), then :meth:`~DuelKind.announce`: there is one
implementation of the guess rules, and taking every guess through the session's path gives the
same game, records, views, standings and events. The session's store needs no knowledge of the
duel beyond the generic fields of :class:`~arbitre.rules.kinds.base.Judgement` (``claim``,
``closes_by``, ``finishes``) and the context's :data:`~arbitre.rules.kinds.base.AWAITED`, but
where the context keeps the deadline (``ends_ms``: the base names no key for it). It keeps, per
game:

* the **context** (:meth:`~DuelKind.context`), with a version; its ``ends_ms`` *is* the round's
  deadline, the one field the clock and the store check;
* each player's **part** (:meth:`~DuelKind.part`), with a version;
* for the claim ``solved`` (the one claim: a find), a counter and what it handed out (player ->
  order);
* the open round's set of players **done** (those whose stored judgement ``finishes``: a find
  or a sixth try), each once;
* the **rest** (:meth:`~DuelKind.detach`).

To take a guess: read the context and the guesser's part; :meth:`~DuelKind.judge` (refused: the
same code :meth:`~DuelKind.act` gives, nothing stored); then, in one atomic step, *only if the
context and the part are still the versions read*: store the judgement's part; when it has a
claim, hand it the claim's next order; when that order is 1 and the judgement has a
``closes_by`` (the first find: the find + 20 s), lower the deadline, the context's ``ends_ms``,
to ``min(ends_ms, closes_by)`` and bump the context's version
(:func:`~arbitre.rules.kinds.duel.parts.deadline_after` says the same); when it ``finishes``,
add the guesser to the round's players done. If the context or the part changed meanwhile
(another guess of the player, a first find, a step), read and judge again, at the guess's own
``now_ms`` (its row keeps that time): that gives what :meth:`~DuelKind.act` would. Checking the
context's version covers the round's end (a judgement is taken only before the ``ends_ms`` it
read) and the steps (a seat, a leave, a pause, the close). Then :meth:`~DuelKind.announce` with
the order handed out.

With nothing open the context is ``{}`` and every guess is refused ``round_not_open``, whoever
sends it (a stranger too: that comes before ``not_seated``).

The round is **settled** (everyone done) when the number of players done reaches the context's
:data:`~arbitre.rules.kinds.base.AWAITED` (its players but those who left before they were
done): it is due at once, at that judgement's time; call :meth:`~DuelKind.close` then. A leave
(a step) may lower :data:`~arbitre.rules.kinds.base.AWAITED` to the count: the phase the step
gives says the round is due. Otherwise it is due at ``ends_ms``.

A **step** (open, close, seat, leave, shift) runs under the game's lock:
``state = attach(rest, parts, orders)``, the step, ``rest, parts, orders = detach(state)``,
``context = context(state)``; it replaces all of them (and the counter: ``solved``'s count of
orders), so that :meth:`~DuelKind.attach` sees parts and orders that fit the rest. It keeps the
set of players done: no step makes a player done or undone (a player who leaves done stays
counted, and :data:`~arbitre.rules.kinds.base.AWAITED` still counts them). :meth:`~DuelKind.attach`
takes no such set: it reads who is done off the parts (the last row found the word, or six
rows: :func:`~arbitre.rules.kinds.duel.parts.done`), which is the set the store keeps. A round's
parts, orders and players done start empty at its opening.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from arbitre.rules import checked
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.base import (
    LISTED,
    ActionRefusedError,
    Event,
    Judgement,
    Message,
    Outcome,
    PartedKind,
    Phase,
    Setup,
    Standing,
    TurnRevealing,
    Viewer,
    joined_event,
    listed,
)
from arbitre.rules.kinds.duel import game as rules
from arbitre.rules.kinds.duel import marks, parts
from arbitre.rules.kinds.duel.alphabet import keyboard
from arbitre.rules.kinds.duel.commitment import verify
from arbitre.rules.kinds.duel.config import (
    MAX_SEATS,
    MIN_SEATS,
    DuelConfig,
    config_data,
    configure,
)
from arbitre.rules.kinds.duel.game import BadStateError, DuelGame, Round, Row, Table
from arbitre.rules.kinds.duel.scoring import MAX_TRIES, RoundResult
from arbitre.rules.kinds.duel.words import WordList

__all__ = [
    "DUEL",
    "LISTED",
    "NAME",
    "RECORD_FORMAT",
    "TITLE",
    "BadRecordError",
    "BadStateError",
    "DuelKind",
]

#: The kind's name in the registry and in every API.
NAME = "duel"
#: The kind's name for people.
TITLE = "Duel de Mots"
#: The version of :meth:`DuelKind.record`'s layout.
RECORD_FORMAT = 1

_ACTION_KEYS = frozenset({"guess", "round"})


class BadRecordError(ArbitreError):
    """A record that does not hold together: malformed, a word that is not the seed's choice, a
    commitment that does not verify, an action the rules refuse, other standings."""

    code = "bad_record"


class DuelKind:
    """Duel de Mots: every player guesses the same hidden word at once; see
    :mod:`arbitre.rules.kinds.duel`. Its tools are a :class:`WordList` in the game's
    language. It is a :class:`~arbitre.rules.kinds.base.PartedKind`: see the fast path in
    :mod:`arbitre.rules.kinds.duel.kind`."""

    @property
    def name(self) -> str:
        return NAME

    @property
    def title(self) -> str:
        return TITLE

    @property
    def min_seats(self) -> int:
        return MIN_SEATS

    @property
    def max_seats(self) -> int:
        return MAX_SEATS

    @property
    def claims(self) -> tuple[str, ...]:
        """A find claims its order among the finders (the speed bonus)."""
        return (parts.SOLVED,)

    def configure(self, data: Mapping[str, object]) -> DuelConfig:
        return configure(data)

    def config_data(self, config: DuelConfig) -> dict[str, Any]:
        return config_data(config)

    def new_game(self, config: DuelConfig, setup: Setup, tools: WordList) -> DuelGame:
        return rules.new_game(config, setup, tools)

    def seat(self, state: DuelGame, player: str, now_ms: int) -> tuple[Event, ...]:
        """Seat ``player``: before the start or between rounds they play the next round; during
        a round they wait for the next one. Refused: ``game_over``, ``already_seated``,
        ``table_full``, ``no_round_left`` (during the last round). The event tells how many
        are seated, and is throttled in a room past its listed ones
        (:func:`~arbitre.rules.kinds.base.joined_event`)."""
        from_round = rules.seat(state, player, now_ms)
        seated = len(state.table.present)
        return (joined_event(player, seated, {"from_round": from_round}),)

    def leave(self, state: DuelGame, player: str, now_ms: int) -> tuple[Event, ...]:
        """``player`` leaves: their rows so far count and they keep their points; the open round
        stops waiting for them (it is due at once when nobody else is guessing). Refused:
        ``not_seated``, ``game_over`` (once the game is over nobody is waited for)."""
        rules.leave(state, player, now_ms)
        return (_public("player_left", {"player": player, "round": state.table.number}),)

    def phase(self, state: DuelGame, now_ms: int) -> Phase:
        """While a round is open: those still guessing (none from its end on), its end as
        ``deadline_ms`` and, as ``due_ms``, that end or the moment everyone had finished;
        between rounds: when the next one opens by itself (``None``: at the organiser's
        Next)."""
        return rules.phase(state.table, now_ms)

    def open_next(self, state: DuelGame, now_ms: int) -> tuple[Event, ...]:
        """Open the next round. Refused: ``round_open``, ``game_over``, ``not_enough_players``
        (fewer than two players for the first round)."""
        opened = rules.open_round(state, now_ms)
        data = {
            "round": opened.number,
            "opened_at": opened.opened_ms,
            "ends_at": opened.ends_ms,
            "commitment": opened.commitment,
            "players": list(opened.players[:LISTED]),  # a room's first ones: every client reads it
            "player_count": len(opened.players),
        }
        return (_public("round_started", data),)

    def act(self, state: DuelGame, player: str, action: Mapping[str, Any], now_ms: int) -> Outcome:
        """Guess: ``{"guess": "crane", "round": 2}``, refused as :meth:`judge` says: the guess
        judged, stored in ``state`` as the session's store would
        (:func:`arbitre.rules.kinds.duel.game.store`) and announced."""
        context = rules.context_for(state, player)  # as the session gives it: theirs alone
        judgement = self.judge(
            context, self.part(state, player), player, action, now_ms, state.words
        )
        return self.announce(context, judgement, rules.store(state, judgement))

    def context(self, state: DuelGame) -> dict[str, Any]:
        """The open round's context (``{}`` with nothing open): see
        :mod:`arbitre.rules.kinds.duel.parts`. Guesses change only its ``ends_ms``, as the
        session's store does at the first find."""
        return rules.context(state)

    def part(self, state: DuelGame, player: str) -> dict[str, Any] | None:
        """``player``'s rows of the open round (``None``: none yet)."""
        return rules.part(state, player)

    def judge(
        self,
        context: Mapping[str, Any],
        part: Mapping[str, Any] | None,
        player: str,
        action: Mapping[str, Any],
        now_ms: int,
        tools: WordList,
    ) -> Judgement:
        """``player``'s guess judged against the ``context`` and their ``part`` alone. Refused
        with ``bad_action`` when malformed, else as
        :func:`arbitre.rules.kinds.duel.parts.judge` says (``round_not_open`` first with
        nothing open, to anyone). Claims ``solved`` for a find, with ``closes_by`` the find + 20 s;
        ``finishes`` for a find and for a sixth try."""
        text, number = _guess_action(action)
        return parts.judge(context, part, player, text, number, now_ms, tools)

    def announce(
        self, context: Mapping[str, Any], judgement: Judgement, order: int | None
    ) -> Outcome:
        """A stored guess's outcome: the guesser's result (``guess_marked``, theirs alone), the
        row's colours for the others (``rival_row``) and, at the first find (``solved`` order
        1), ``closing_window``. ``context`` is the one it was judged with."""
        rows = parts.read_part(judgement.part, judgement.number)
        if not rows or (judgement.claim is None) != (order is None):
            raise BadStateError("a judgement without a row, or an order without its claim")
        row, player, number = rows[-1], judgement.player, judgement.number
        extra = judgement.detail.get("extra_copy")
        result = {
            "round": number,
            "row": len(rows) - 1,
            "letters": row.letters,
            "marks": marks.text(row.marks),
            "tries_used": len(rows),
            "tries_left": MAX_TRIES - len(rows),
            "found": row.found,
            "points": RoundResult(len(rows), order).points if row.found else None,
            "extra_copy": None if extra is None else dict(extra),
        }
        rival_row = {
            "player": player,
            "round": number,
            "row": len(rows) - 1,
            "marks": marks.text(marks.public(row.marks)),
        }
        # In a room of more than LISTED players nobody follows every rival's row: no rival_row
        # to everyone at every guess (the views list the first rivals' grids).
        public = Message("rival_row", rival_row) if _table_sized(context) else None
        events = [Event(public, {player: Message("guess_marked", result)})]
        if judgement.claim == parts.SOLVED and order == 1:
            ends_ms = parts.Context.read(context, player).ends_ms
            window = {
                "round": number,
                "opened_at": judgement.detail["found_at_ms"],
                "ends_at": parts.deadline_after(ends_ms, judgement, order),
            }
            events.append(_public("closing_window", window))
        return Outcome(result=result, events=tuple(events))

    def detach(
        self, state: DuelGame
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]], dict[str, dict[str, int]]]:
        """The rest, the open round's parts and its orders: see
        :func:`arbitre.rules.kinds.duel.game.detach`."""
        return rules.detach(state)

    def attach(
        self,
        rest: Mapping[str, Any],
        parts: Mapping[str, Mapping[str, Any]],
        orders: Mapping[str, Mapping[str, int]],
        tools: WordList,
    ) -> DuelGame:
        """The whole game again, or a :class:`BadStateError` (``bad_state``) for parts or orders
        the rules could not have given: see :func:`arbitre.rules.kinds.duel.game.attach`."""
        return rules.attach(rest, parts, orders, tools)

    def close(self, state: DuelGame, now_ms: int) -> tuple[Event, ...]:
        """Close the open round: reveal it, score it; after the last round, end the game.
        Refused: ``round_not_open``."""
        closed = rules.close_round(state, now_ms)
        table = state.table
        standings = _listed_standings(table.standings(), None)
        events = [_public("round_over", {**_revealed(closed, None), "standings": standings})]
        if table.over:
            events.append(_public("game_over", {"standings": standings, "seed": table.seed}))
        return tuple(events)

    def view(self, state: DuelGame, viewer: Viewer, now_ms: int) -> dict[str, Any]:
        return view_of(state.table, viewer, now_ms)

    def revealed_turn(self, state: DuelGame, number: int) -> dict[str, Any]:
        """The closed round ``number`` as a view shows it (in a room, the rows of its first
        finders and players); refuses ``no_such_turn`` below 1 and ``not_revealed`` for a
        round not over yet."""
        closed = state.table.closed
        if number < 1:
            raise ActionRefusedError("no_such_turn", f"no round {number}: rounds count from 1")
        if number > len(closed):
            raise ActionRefusedError("not_revealed", f"round {number} is not over yet")
        return _revealed(closed[number - 1], None)

    def standings(self, state: DuelGame) -> list[Standing]:
        return state.table.standings()

    def record(self, state: DuelGame) -> dict[str, Any]:
        return record_of(state.table)

    def save(self, state: DuelGame) -> dict[str, Any]:
        return rules.save(state)

    def load(self, data: Mapping[str, Any], tools: WordList) -> DuelGame:
        """The game :meth:`save` wrote, with ``tools`` the word list it was played with; a
        :class:`BadStateError` (``bad_state``) for anything else."""
        return rules.load(data, tools)

    def shift(self, state: DuelGame, delta_ms: int) -> None:
        """Move the open round whole by ``delta_ms`` (it keeps the time it had left, its solve
        times count the time played), or between rounds the next round's opening."""
        rules.shift(state.table, delta_ms)

    def replay(self, record: Mapping[str, Any], tools: WordList) -> DuelGame:
        """The finished game ``record`` describes, played again with ``tools``; a
        :class:`BadRecordError` when it does not hold together."""
        try:
            return self._replay(record, tools)
        except BadRecordError:
            raise
        except ArbitreError as error:
            raise BadRecordError(f"the record does not replay: {error}") from error

    def _replay(self, record: Mapping[str, Any], tools: WordList) -> DuelGame:
        data = _mapping(record, "the record")
        if data.get("kind") != NAME or data.get("format") != RECORD_FORMAT:
            raise BadRecordError(f"not a record of format {RECORD_FORMAT} of a {NAME} game")
        if data.get("seed") is None:
            raise BadRecordError("the record holds no seed: the game is not over")
        config = self.configure(_mapping(data.get("config"), "config"))
        game_id = _text(data.get("game_id"), "game_id")
        players = tuple(_text(p, "a player") for p in _list(data.get("players"), "players"))
        seed = _integer(data.get("seed"), "seed")
        state = self.new_game(config, Setup(game_id, seed, players), tools)

        seating: dict[tuple[int, bool], list[tuple[int, str, bool]]] = {}
        for entry in _list(data.get("seating", []), "seating"):
            change = _mapping(entry, "a seating change")
            kind = change.get("change")
            if kind not in ("join", "leave"):
                raise BadRecordError(f"a seating change is 'join' or 'leave', not {kind!r}")
            slot = (_integer(change.get("round"), "round"), change.get("in_round") is True)
            at_ms = _integer(change.get("at_ms"), "at_ms")
            player = _text(change.get("player"), "player")
            seating.setdefault(slot, []).append((at_ms, player, kind == "join"))

        def apply_seating(slot: tuple[int, bool]) -> None:
            for at_ms, player, joined in seating.pop(slot, []):
                if joined:
                    self.seat(state, player, at_ms)
                else:
                    self.leave(state, player, at_ms)

        apply_seating((0, False))
        for number, entry in enumerate(_list(data.get("rounds"), "rounds"), start=1):
            recorded = _mapping(entry, f"round {number}")
            self._replay_round(state, number, recorded, seating.pop((number, True), []))
            apply_seating((number, False))
        if not state.table.over:
            raise BadRecordError("the record ends before the game does")
        if seating:
            raise BadRecordError("the record has seating changes at rounds it does not play")
        replayed = [_standing(s) for s in state.table.standings()]
        if "standings" in data and data["standings"] != replayed:
            raise BadRecordError("the replayed standings differ from the recorded ones")
        return state

    def _replay_round(
        self,
        state: DuelGame,
        number: int,
        recorded: Mapping[str, Any],
        seating: list[tuple[int, str, bool]],
    ) -> None:
        table = state.table
        if _integer(recorded.get("round"), "round") != number:
            raise BadRecordError(f"round {number} is recorded out of order")
        word = _text(recorded.get("word"), "word")
        salt = _text(recorded.get("salt"), "salt")
        committed = _text(recorded.get("commitment"), "commitment")
        if not verify(committed, table.game_id, number, salt, word):
            raise BadRecordError(f"round {number}'s commitment does not verify")
        if number > table.config.rounds:
            raise BadRecordError(f"the game has {table.config.rounds} rounds, not {number}")
        if word != state.secrets.words[number - 1]:
            raise BadRecordError(f"round {number}'s word is not the one the seed chooses")
        if salt != state.secrets.salts[number - 1]:
            raise BadRecordError(f"round {number}'s salt is not the one the seed gives")
        opened_ms = _integer(recorded.get("opened_ms"), "opened_ms")
        self.open_next(state, opened_ms)
        opened = table.rounds[-1]
        if opened.commitment != committed:
            raise BadRecordError(f"round {number}'s commitment is not the replayed one")
        recorded_players = [_text(p, "a player") for p in _list(recorded.get("players"), "players")]
        if recorded_players != list(opened.players):
            raise BadRecordError(f"round {number}'s players are not the replayed ones")
        # (when, step, order, player, letters or joined, at): in time, but a guess never before
        # its player's guesses recorded before it, and a find never before the finds recorded
        # before it (either may be stored in another order than their times)
        steps: list[tuple[int, int, int, str, str | bool, int]] = []
        last_find: int | None = None
        last_row: dict[str, int] = {}
        for order, item in enumerate(_list(recorded.get("guesses"), "guesses")):
            guess = _list(item, "a guess")
            if len(guess) != 3:
                raise BadRecordError("a guess is [player, letters, ms since the opening]")
            player, letters = _text(guess[0], "player"), _text(guess[1], "letters")
            at_ms = opened_ms + _integer(guess[2], "ms")
            when = last_row[player] = max(at_ms, last_row.get(player, at_ms))
            if letters == word:
                when = last_find = when if last_find is None else max(last_find, when)
            steps.append((when, 0, order, player, letters, at_ms))
        for order, (at_ms, player, joined) in enumerate(seating):
            steps.append((at_ms, 1, order, player, joined, at_ms))
        for _, step, _, player, value, at_ms in sorted(steps, key=lambda s: s[:3]):
            if step == 0:
                self.act(state, player, {"guess": value, "round": number}, at_ms)
            elif value:
                self.seat(state, player, at_ms)
            else:
                self.leave(state, player, at_ms)
        self.close(state, _integer(recorded.get("closed_ms"), "closed_ms"))
        if "ends_ms" in recorded and recorded["ends_ms"] != opened.ends_ms:
            raise BadRecordError(f"round {number}'s end is not the replayed one")


#: The Duel de Mots kind (registered by :mod:`arbitre.rules.kinds.duel`).
DUEL = DuelKind()
#: The same, checked by mypy against the fast path's protocol.
_PARTED: PartedKind[DuelConfig, DuelGame, WordList] = DUEL
_REVEALS: TurnRevealing = DUEL


# -- views: built from the table alone -----------------------------------------------------------


def view_of(table: Table, viewer: Viewer, now_ms: int) -> dict[str, Any]:
    """The game as ``viewer`` may see it at ``now_ms``, from ``table`` (no secret is in it)."""
    current = table.current
    data: dict[str, Any] = {
        "kind": NAME,
        "game_id": table.game_id,
        "config": config_data(table.config),
        "stage": table.stage.value,
        "round": table.number,
        "keyboard": list(keyboard(table.config.language)),
        "players": [
            {"player": p, "seated": p in table.present, "waiting": table.waiting(p)}
            for p in listed(table.ranked(), viewer.player)
        ],
        "player_count": len(table.ranked()),
        "current": None if current is None else _current(current, viewer, now_ms),
        "next_at": rules.phase(table, now_ms).next_ms,
        "closed": [_revealed(r, viewer.player) for r in table.closed],
        "standings": _listed_standings(table.standings(), viewer.player),
        "you": None if viewer.player is None else _you(table, viewer.player),
        "seed": table.seed if table.over else None,
    }
    return data


def _current(current: Round, viewer: Viewer, now_ms: int) -> dict[str, Any]:
    """The open round: its clock, its commitment, and every other player's rows as public
    marks."""
    window = None
    if current.first_find_ms is not None:  # the round's end is the window's (or came before)
        window = {"opened_at": current.first_find_ms, "ends_at": current.ends_ms}
    rivals = [p for p in current.players if p != viewer.player]
    return {
        "round": current.number,
        "opened_at": current.opened_ms,
        "ends_at": current.ends_ms,
        "remaining_ms": max(0, current.ends_ms - now_ms),
        "closing_window": window,
        "commitment": current.commitment,
        "rivals": len(rivals),
        "grids": [
            {
                "player": p,
                "playing": current.plays(p),
                "rows": [marks.text(marks.public(row.marks)) for row in current.rows[p]],
                "found": bool(current.rows[p]) and current.rows[p][-1].found,
                "done": not current.guessing(p),
            }
            for p in rivals[:LISTED]
        ],
    }


def _you(table: Table, player: str) -> dict[str, Any]:
    """What ``player`` sees of themselves: seated or waiting, and their own grid in the open
    round (letters, marks with extra copies, keyboard hints)."""
    current = table.current
    grid = None
    if current is not None and player in current.rows:
        rows = current.rows[player]
        found = bool(rows) and rows[-1].found
        keys = marks.keyboard((row.letters, row.marks) for row in rows)
        grid = {
            "rows": [_row(row) for row in rows],
            "keyboard": {letter: mark.value for letter, mark in keys.items()},
            "tries_used": len(rows),
            "tries_left": MAX_TRIES - len(rows),
            "found": found,
            "points": current.result(player).points if found else None,
            "guessing": current.guessing(player),
        }
    return {
        "player": player,
        "seated": player in table.present,
        "waiting": table.waiting(player),
        "grid": grid,
    }


def _listed_standings(standings: list[Standing], viewer: str | None) -> list[dict[str, Any]]:
    """The first :data:`LISTED` lines of ``standings``, and ``viewer``'s own when it comes
    later."""
    shown = set(listed([s.player for s in standings], viewer))
    return [_standing(s) for s in standings if s.player in shown]


def _revealed(closed: Round, viewer: str | None) -> dict[str, Any]:
    """A closed round, everything shown: in a room of more than :data:`LISTED` players, the
    rows of its first finders, then of its first players, :data:`LISTED` in all, and the
    viewer's own (``player_count`` says how many played)."""
    results = closed.results()
    shown = set(listed([*closed.solvers, *closed.players], viewer))
    return {
        "round": closed.number,
        "opened_at": closed.opened_ms,
        "ends_at": closed.ends_ms,
        "closed_at": closed.closed_ms,
        "commitment": closed.commitment,
        "word": closed.word,
        "salt": closed.salt,
        "players": [
            {
                "player": p,
                "rows": [_row(row) for row in closed.rows[p]],
                "found": results[p].found,
                "tries": results[p].tries,
                "place": results[p].place,
                "points": results[p].points,
            }
            for p in closed.players
            if p in shown
        ],
        "player_count": len(closed.players),
        "solvers": list(closed.solvers[:LISTED]),
        "solver_count": len(closed.solvers),
    }


def _row(row: Row) -> dict[str, Any]:
    return {"letters": row.letters, "marks": marks.text(row.marks), "at_ms": row.at_ms}


def _standing(standing: Standing) -> dict[str, Any]:
    return {
        "rank": standing.rank,
        "player": standing.player,
        "total": standing.total,
        "details": dict(standing.details),
    }


# -- records: built from the table alone ---------------------------------------------------------


def record_of(table: Table) -> dict[str, Any]:
    """The game's record: its closed rounds, and its seed once it is over."""
    data: dict[str, Any] = {
        "kind": NAME,
        "format": RECORD_FORMAT,
        "config": config_data(table.config),
        "game_id": table.game_id,
        "players": list(table.starters),
        "seating": [
            {
                "player": change.player,
                "change": "join" if change.joined else "leave",
                "at_ms": change.at_ms,
                "round": change.round,
                "in_round": change.in_round,
            }
            for change in table.seating
        ],
        "rounds": [
            {
                "round": r.number,
                "opened_ms": r.opened_ms,
                "closed_ms": r.closed_ms,
                "ends_ms": r.ends_ms,
                "commitment": r.commitment,
                "word": r.word,
                "salt": r.salt,
                "players": list(r.players),
                "guesses": [[player, letters, at_ms] for player, letters, at_ms in r.guesses],
            }
            for r in table.closed
        ],
        "standings": [_standing(s) for s in table.standings()],
        "over": table.over,
        "seed": table.seed if table.over else None,
    }
    return data


# -- small helpers -------------------------------------------------------------------------------


def _table_sized(context: Mapping[str, Any]) -> bool:
    """Whether the round of ``context`` has at most :data:`LISTED` players (its ``players``;
    in an older context, its list ``playing``)."""
    players = context.get("players", context.get("playing"))
    count = len(players) if isinstance(players, list | tuple) else players
    return not isinstance(count, int) or count <= LISTED


def _public(kind: str, data: Mapping[str, Any]) -> Event:
    return Event(Message(kind, data))


def _guess_action(action: Mapping[str, Any]) -> tuple[str, int]:
    """The text and round number of a guess action, or ``bad_action``."""
    if not isinstance(action, Mapping):
        raise ActionRefusedError("bad_action", 'a guess is {"guess": <word>, "round": <number>}')
    unknown = sorted(str(key) for key in action if key not in _ACTION_KEYS)
    if unknown:
        raise ActionRefusedError("bad_action", f"unknown field(s) in a guess: {', '.join(unknown)}")
    text = action.get("guess")
    if not isinstance(text, str):
        raise ActionRefusedError("bad_action", "a guess gives its word as text in 'guess'")
    number = action.get("round")
    if isinstance(number, bool) or not isinstance(number, int):
        raise ActionRefusedError("bad_action", "a guess names its round's number in 'round'")
    return text, number


#: Checked reads of a record (:mod:`arbitre.rules.checked`), refused as ``bad_record``.
_mapping = partial(checked.mapping, error=BadRecordError)
_list = partial(checked.sequence, error=BadRecordError)
_text = partial(checked.text, error=BadRecordError)
_integer = partial(checked.integer, error=BadRecordError)
