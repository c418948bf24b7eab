"""A person away from a game against robots: the game waits for them.

A kind opts in with a true ``suspends_when_away`` attribute (dupliKta: a game against Tourlou
may be left and taken up again from another browser). In such a game, every read of the game
and every action with a player's token notes when a person was last seen (the game hash's
``seen_ms``; the page reads the game every few seconds while it is open, as a heartbeat). When
a turn with the clock on runs out while its person has not acted, the game is one person
against robots only and that person was not seen for :data:`AWAY_MS`, the turn does not
close: the game is paused as the organiser's pause pauses it (status ``paused``, the clock's
time left kept), with the reason ``away`` (the event ``paused`` and the state's
``paused_reason`` say so) and backdated to when the person was last seen, not before the turn
opened: on their return they get the time they had when they went. No pause budget is spent:
this is the session's, not a player's pause. Any read or action with their token takes it up
again (as the organiser's resume: the kind's clock moves by the time suspended). A suspended
game expires as a paused one does (:data:`~arbitre.services.session.limits.IDLE_TTL_MS`), and a
finished one as any other.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from arbitre.rules.kinds import kind
from arbitre.rules.kinds.base import Kind, Phase, Stage
from arbitre.services.game_keys import GameKeys
from arbitre.services.session.limits import AWAY_MS, IDLE_TTL_MS
from arbitre.services.session.seam.base import SeamBase
from arbitre.services.session_store import Lock

__all__ = ["AWAY", "Away", "suspends_when_away"]

log = logging.getLogger("arbitre.services.session")

#: The ``paused_reason`` of a game suspended while its person is away.
AWAY = "away"


def suspends_when_away(game_kind: Kind[Any, Any, Any]) -> bool:
    """Whether games of ``game_kind`` wait for a person away (its ``suspends_when_away``)."""
    return bool(getattr(game_kind, "suspends_when_away", False))


class Away(SeamBase):
    """A person seen, a game suspended while they are away and taken up on their return; the
    resume of a paused game (the organiser's, or a person back)."""

    def _kind_resume(self, game_id: str, lock: Lock, game: dict[str, str]) -> None:
        """Take up a paused game under ``lock``: the kind's clock moves by the time paused
        (since ``paused_at_ms``), event ``resumed`` with the new deadline."""
        game_kind, state = self._load(game_id, game)
        now = self.store.now_ms()
        paused_for = max(0, now - int(game.get("paused_at_ms") or now))
        game_kind.shift(state, paused_for)
        resumed = game_kind.phase(state, now)
        deadline = resumed.deadline_ms or resumed.next_ms or 0
        event = ("resumed", {"turn": int(game.get("turn") or 0), "deadline_ms": deadline})
        self._write(lock, game_id, {**game, "status": "running"}, game_kind, state, [event], now)

    def _seen(self, game_id: str, player: str, game: Mapping[str, str]) -> bool:
        """Note that ``player`` is here now (their token read the game or acted), in a game
        whose kind waits for a person away; a game suspended for them goes on at once. True
        when it did (the game is to be read again)."""
        if not suspends_when_away(kind(game["kind"])):  # a robot has no token: a person
            return False
        self.store.redis.hset(GameKeys(game_id).game, "seen_ms", self.store.now_ms())
        if game.get("status") != "paused" or game.get("paused_reason") != AWAY:
            return False
        with self.store.locked(game_id) as lock:
            game = self._game(game_id)
            if game.get("status") != "paused" or game.get("paused_reason") != AWAY:
                return False  # another call took it up meanwhile
            self._kind_resume(game_id, lock, game)
        log.info("game %s: %s is back: the game goes on", game_id, player)
        return True

    def _away(
        self,
        game_id: str,
        game: Mapping[str, str],
        game_kind: Kind[Any, Any, Any],
        state: Any,
        phase: Phase,
        now: int,
    ) -> bool:
        """Whether the turn ``phase`` says is due runs out on a person away in a game of one
        person against robots (see the module docstring): they were still to act the moment
        before the deadline."""
        if not suspends_when_away(game_kind) or phase.stage is not Stage.PLAYING:
            return False
        if phase.deadline_ms is None or phase.due_ms is None or phase.due_ms < phase.deadline_ms:
            return False  # no clock, or due because everyone has acted
        if now - int(game.get("seen_ms") or 0) < AWAY_MS:
            return False
        robots = self.store.robots(game_id)
        people = int(game.get("players") or 0) - len(robots)
        if not robots or people != 1:
            return False
        last = game_kind.phase(state, phase.deadline_ms - 1)
        return any(player not in robots for player in last.actors)

    def _suspend(
        self, game_id: str, lock: Lock, game: Mapping[str, str], phase: Phase, now: int
    ) -> None:
        """Pause the game for its person away, from when they were last seen (not before the
        turn opened): the clock keeps what the turn had left then."""
        assert phase.deadline_ms is not None  # _away checked it
        seen = int(game.get("seen_ms") or 0)
        since = min(now, max(seen, int(game.get("opened_ms") or 0)))
        remaining = max(0, phase.deadline_ms - since)
        turn = int(game.get("turn") or 0)

        def write(pipe: Any) -> None:
            self.store.set_game(
                pipe,
                game_id,
                {
                    "status": "paused",
                    "paused_reason": AWAY,
                    "remaining_ms": remaining,
                    "deadline_ms": 0,
                    "paused_at_ms": since,
                },
            )
            self.store.set_deadline(pipe, game_id, None)
            self.store.set_lifetime(pipe, game_id, turn, IDLE_TTL_MS)
            self.store.add_event(
                pipe, game_id, "paused", {"turn": turn, "remaining_ms": remaining, "reason": AWAY}
            )

        self.store.commit(lock, write)
        log.info("game %s: its person is away: suspended with %d ms left", game_id, remaining)
