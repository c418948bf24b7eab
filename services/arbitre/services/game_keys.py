"""The Redis keys of a game, in one place for every service that reads or writes them.

Every key of a game carries its id in braces (``arbitre:game:{ID}:...``), so that in a Redis
Cluster all of a game's keys hash to one slot and a transaction or a script may touch several.
:data:`DEADLINES` and :data:`ROBOT_ANSWERS` are the keys shared by all games: the sorted sets of
the next moment each game needs the session service (end of a turn, of a reveal) and of the
moments robots answer, which any replica may sweep; :data:`OPEN_TABLES` indexes the tables
anyone may join; :data:`ARCHIVE_QUEUE` holds the finished games still to archive.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "ARCHIVE_QUEUE",
    "CLOCK_HEARTBEAT",
    "DEADLINES",
    "GAME_ID_PATTERN",
    "OPEN_TABLES",
    "ROBOT_ANSWERS",
    "GameKeys",
    "contest_key",
    "is_game_id",
    "live_position",
]

#: What a game id looks like (the session makes 12 characters of URL-safe base64).
GAME_ID_PATTERN = "^[A-Za-z0-9_-]{1,64}$"
_GAME_ID = re.compile(GAME_ID_PATTERN)


def is_game_id(text: str) -> bool:
    """Whether ``text`` can be a game id (and so a safe part of a Redis key)."""
    return bool(_GAME_ID.fullmatch(text))


#: Sorted set: game id -> Unix ms when the game next needs a step.
DEADLINES = "arbitre:deadlines"
#: Sorted set: "game id/turn/player id" -> Unix ms when that robot answers.
ROBOT_ANSWERS = "arbitre:robot-answers"
#: Sorted set: game id -> Unix ms of its creation, for the tables anyone may join
#: (:mod:`arbitre.services.open_tables`); an index only, checked against each game's hash.
OPEN_TABLES = "arbitre:open-tables"
#: Sorted set: game id -> Unix ms when it ended, for the finished games not archived yet
#: (:mod:`arbitre.services.archive`): added in the step that ends the game, removed once its
#: row is committed to the archive's database.
ARCHIVE_QUEUE = "arbitre:archive-queue"
#: String: Redis's clock (Unix ms) when a session replica's clock last ticked; a gap in it is
#: an outage that the running games' clocks are extended by.
CLOCK_HEARTBEAT = "arbitre:clock-heartbeat"
#: The prefix of every game's keys (``arbitre:game:{ID}``).
GAME_PREFIX = "arbitre:game:"


def contest_key(contest_id: str) -> str:
    """Hash: a contest's kind, title, organiser's token hash, package hash, tables (JSON list
    of game ids), and once closed why and the contest as it was then
    (:mod:`arbitre.services.session.contests`)."""
    return f"arbitre:contest:{{{contest_id}}}"


def live_position(board_fingerprint: str) -> str:
    """Set: the racks (:func:`arbitre.rules.fair_play.rack_key`) of the open turns of refereed
    games played on the board whose fingerprint is ``board_fingerprint``."""
    return f"arbitre:live-position:{board_fingerprint}"


@dataclass(frozen=True, slots=True)
class GameKeys:
    """The keys of the game ``game_id``."""

    game_id: str

    @property
    def _prefix(self) -> str:
        return f"{GAME_PREFIX}{{{self.game_id}}}"

    def every_key(self, turns: int) -> list[str]:
        """Every key the game may have once ``turns`` turns were drawn (some may not exist)."""
        fixed = [
            self.game,
            self.state,
            self.chapters,
            self.players,
            self.roster,
            self.tokens,
            self.registrations,
            self.centres,
            self.robots,
            self.events,
            self.totals,
            self.stats,
            self.closed,
        ]
        per_turn = [
            key
            for turn in range(1, turns + 1)
            for key in (
                self.answers(turn),
                self.ready(turn),
                self.result(turn),
                self.parts(turn),
                self.done(turn),
            )
        ]
        return [*fixed, self.context, self.actors, self.seating, self.seatings, *per_turn]

    @property
    def game(self) -> str:
        """Hash: status, phase, turn, deadline, current board and rack, settings."""
        return self._prefix

    @property
    def state(self) -> str:
        """String: the saved board game (:mod:`arbitre.rules.game_snapshot`, JSON)."""
        return f"{self._prefix}:state"

    @property
    def chapters(self) -> str:
        """List: the closed chapters of a game of a chaptered kind
        (:class:`~arbitre.rules.kinds.base.Chaptered`: a duplicate game's closed turns), oldest
        first, each JSON, written once as it closes; the game hash's ``chapters`` counts them."""
        return f"{self._prefix}:chapters"

    @property
    def players(self) -> str:
        """Hash: player id -> name, in join order kept by :attr:`roster`."""
        return f"{self._prefix}:players"

    @property
    def roster(self) -> str:
        """List: player ids in join order."""
        return f"{self._prefix}:roster"

    @property
    def tokens(self) -> str:
        """Hash: SHA-256 of a player token -> player id."""
        return f"{self._prefix}:tokens"

    @property
    def registrations(self) -> str:
        """Hash: player id -> their registration for a simultané (club, série, country; JSON),
        for the players who gave one."""
        return f"{self._prefix}:registrations"

    @property
    def centres(self) -> str:
        """Hash: centre name -> the results file (CSV) it played offline, checked."""
        return f"{self._prefix}:centres"

    @property
    def robots(self) -> str:
        """Hash: player id of a robot -> ``{"level"}`` (JSON; a robot has no token: it answers
        inside the session service)."""
        return f"{self._prefix}:robots"

    def answers(self, turn: int) -> str:
        """Hash: player id -> the judged answer to ``turn`` (JSON)."""
        return f"{self._prefix}:answers:{turn}"

    def ready(self, turn: int) -> str:
        """Set: the people who pressed Next during the reveal of ``turn``."""
        return f"{self._prefix}:ready:{turn}"

    def result(self, turn: int) -> str:
        """String: the revealed result of ``turn`` (JSON)."""
        return f"{self._prefix}:result:{turn}"

    @property
    def context(self) -> str:
        """String: what judging an action of the open turn needs (a game kind's
        :meth:`~arbitre.rules.kinds.base.PartedKind.context`, JSON); its version is the game
        hash's ``context_version``."""
        return f"{self._prefix}:context"

    @property
    def actors(self) -> str:
        """Hash: player -> their entry of the context (the
        :data:`~arbitre.rules.kinds.base.ACTORS` of a kind's context, JSON), written with the
        context and read with it, an actor's alone."""
        return f"{self._prefix}:actors"

    def parts(self, turn: int) -> str:
        """Hash: player id -> their part of ``turn`` (a game kind's, JSON)."""
        return f"{self._prefix}:parts:{turn}"

    def orders(self, turn: int, claim: str) -> str:
        """Hash: player id -> the order ``claim`` handed them in ``turn`` (from 1). Kept only
        while the turn is open: its close writes them into the game's state."""
        return f"{self._prefix}:orders:{turn}:{claim}"

    def done(self, turn: int) -> str:
        """Set: the players done with ``turn`` (their last action finished it for them)."""
        return f"{self._prefix}:done:{turn}"

    @property
    def seating(self) -> str:
        """List: the players waiting to be seated at a game kind's table or room (JSON each),
        seated together by whichever replica takes the game's lock next."""
        return f"{self._prefix}:seating"

    @property
    def seatings(self) -> str:
        """Hash: player id -> how their seating ended (``ok``, or the kind's refusal), until
        they read it."""
        return f"{self._prefix}:seatings"

    def request(self, player: str, request_id: str) -> str:
        """Hash: what the fast path kept for ``player``'s action sent with ``request_id`` (its
        judgement, context and claim count), or the result of one taken under the game's lock
        (a kind without the fast path), so that a retry is not taken twice; it lives as long as
        the game (:mod:`arbitre.services.session.parts_store`)."""
        return f"{self._prefix}:request:{player}:{request_id}"

    @property
    def events(self) -> str:
        """Stream: the game's events."""
        return f"{self._prefix}:events"

    def throttle(self, event_type: str) -> str:
        """String: present while an event of ``event_type`` that may be skipped (a kind's
        throttled count) was written to :attr:`events` less than a period ago. Set with ``NX``
        and that period as its time to live, it lives that period only: it is left out of
        :meth:`every_key`, whose game lifetime would outlast it."""
        return f"{self._prefix}:throttle:{event_type}"

    @property
    def pending(self) -> str:
        """Hash: event type -> the newest throttled event of that type held back within its
        period (its data as the events stream keeps it), to be written at the period's end
        (:mod:`arbitre.services.session.throttle`); a step that moves the game on deletes it.
        It outlives the periods by one more at most: left out of :meth:`every_key`, as
        :meth:`throttle` is."""
        return f"{self._prefix}:pending"

    @property
    def lock(self) -> str:
        """String: the token of the replica stepping the game, with a time to live."""
        return f"{self._prefix}:lock"

    @property
    def archiving(self) -> str:
        """String: the token of the replica archiving the finished game, with a time to live
        (another replica takes the game only once it expires). Like :attr:`lock`, it lives
        only as long as that: left out of :meth:`every_key`."""
        return f"{self._prefix}:archiving"

    @property
    def totals(self) -> str:
        """Sorted set: player id -> minus their total (ascending order is the ranking, ties by
        player id)."""
        return f"{self._prefix}:totals"

    @property
    def stats(self) -> str:
        """Hash: ``top_total``, ``turns``, ``<player>:tops``, ``<player>:solos``."""
        return f"{self._prefix}:stats"

    @property
    def closed(self) -> str:
        """Set: the numbers of the turns already added to the standings."""
        return f"{self._prefix}:closed"
