"""The seam's steps: the organiser's commands, a leave, the clock's steps (a scheduled start,
close what is due, open what is due) and readiness between turns."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import grpc

from arbitre.rules.kinds.base import ActionRefusedError, Kind, Setup, Stage
from arbitre.rules.sealed_package import MAX_KEY_TEXT, ReleaseKey
from arbitre.services.game_keys import GameKeys
from arbitre.services.session.packages import opened_fields
from arbitre.services.session.refusals import _refuse, _RefusedError
from arbitre.services.session.seam.base import (
    _configured,
    _public_events,
    _refused,
)
from arbitre.services.session.seam.seating import Seating
from arbitre.services.session_store import Lock
from arbitre.v1 import session_pb2

__all__ = ["Stepping"]

log = logging.getLogger("arbitre.services.session")


class Stepping(Seating):
    """The organiser's commands, a leave, the clock's steps and readiness between turns."""

    # -- commands -------------------------------------------------------------------------------

    def _kind_command(self, request: Any, action: str) -> Any:
        """The organiser's ``start`` (with the release key of a sealed package, if any),
        ``pause``, ``resume`` or ``next``, under the lock."""
        game_id = self._checked_id(request.game_id)
        if len(request.release_key) > MAX_KEY_TEXT:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "release_key: too long for a release key")
        self._organiser(self._game(game_id), request.token)
        with self.store.locked(game_id) as lock:
            game = self._game(game_id)
            if action == "resume" and game["status"] == "parked":
                self._unpark(game_id, lock, game)
            elif action == "pause":
                self._pause(game_id, lock, game, "")
            else:
                self._kind_run(game_id, lock, game, action, request.release_key)
        return self._kind_state(game_id, "")

    def _kind_run(
        self, game_id: str, lock: Lock, game: dict[str, str], action: str, key: str = ""
    ) -> None:
        status = game["status"]
        if action == "start" and status != "waiting":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"the game is {status} already")
        if action == "resume" and status != "paused":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"the game is {status}")
        if action == "next" and status != "running":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"the game is {status}")
        if action == "resume":
            self._kind_resume(game_id, lock, game)
            return
        game_kind, state = self._load(game_id, game)
        now = self.store.now_ms()
        events: list[tuple[str, Any]] = []
        extra = None
        if action == "start" and game.get("sealed_package"):
            state, extra, events = self._kind_opening(game_id, game, game_kind, key)
        if action == "next" and game_kind.phase(state, now).stage is not Stage.BETWEEN:
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                "round_open: the next round opens once this one is over",
            )
        try:
            opened = game_kind.open_next(state, now)
        except ActionRefusedError as error:
            raise _refused(error) from None
        if action == "start":
            events.append(("game_started", {"scheduled": False}))
        events.extend(_public_events(opened))
        self._write(lock, game_id, game, game_kind, state, events, now, extra=extra)

    # -- sealed packages ------------------------------------------------------------------------

    def _kind_opened(self, game: dict[str, str], key_text: str) -> tuple[Any, int]:
        """The package a sealed game plays, opened with the release key ``key_text`` and
        checked as an open one (lexicon, replay), with its seed: FAILED_PRECONDITION without a
        key, INVALID_ARGUMENT for a mistyped or wrong key or a package that does not hold."""
        package = self._unsealed(game, key_text)
        name, config_json = game["kind"], game["config"]
        config = _configured(name, config_json)
        tools = self.tools.tools(name, config, config_json)
        return package, self._package_seed(name, package, config, tools)

    def _kind_opening(
        self, game_id: str, game: dict[str, str], game_kind: Kind[Any, Any, Any], key_text: str
    ) -> tuple[Any, Callable[[Any], None], list[tuple[str, Any]]]:
        """A sealed game opened at its start with ``key_text`` (else the key its organiser
        released): the kind's new state from the package's seed with the players seated so far
        (in seating order), what the start's write adds (the seed and its commitment, the
        package no longer sealed) and the event ``package_opened``. Nothing is written: the
        start writes it all, or nothing when the kind refuses to start."""
        package, seed = self._kind_opened(game, key_text or game.get("release_key", ""))
        players = tuple(player for player, _name in self.store.roster(game_id))
        name, config_json = game["kind"], game["config"]
        config = _configured(name, config_json)
        try:
            state = game_kind.new_game(
                config, Setup(game_id, seed, players), self.tools.tools(name, config, config_json)
            )
        except ActionRefusedError as error:
            raise _refused(error) from None
        fields, opened = opened_fields(package, seed)

        def write(pipe: Any) -> None:
            self.store.set_game(pipe, game_id, fields)

        log.info("game %s: sealed package opened (%s)", game_id, package["content_hash"][:16])
        return state, write, [("package_opened", opened)]

    def _kind_release_key(self, game_id: str, lock: Lock, game: dict[str, str], key: str) -> None:
        """Keep the release key of a waiting sealed game (checked: it opens the package, which
        replays here) for its scheduled start; the package stays sealed until then."""
        if game["status"] != "waiting" or not game.get("sealed_package"):
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, "the game has no sealed package to open")
        self._kind_opened(game, key)
        text = ReleaseKey.from_text(key).text()
        self.store.commit(
            lock, lambda pipe: self.store.set_game(pipe, game_id, {"release_key": text})
        )

    def _leave(self, request: Any) -> Any:
        """A player leaves: the kind says what that changes."""
        game_id = self._checked_id(request.game_id)
        self._game(game_id)
        player = self._player(game_id, request.token)
        with self.store.locked(game_id) as lock:
            game = self._game(game_id)
            game_kind, state = self._load(game_id, game)
            now = self.store.now_ms()
            try:
                events = _public_events(game_kind.leave(state, player, now))
            except ActionRefusedError as error:
                raise _refused(error) from None
            self._write(lock, game_id, game, game_kind, state, events, now)
        return self._kind_state(game_id, request.token)

    # -- the clock's steps ------------------------------------------------------------------------

    def _step(self, game_id: str, lock: Lock, game: dict[str, str]) -> None:
        """The game's due step, its kind's: close what is due, open what is due."""
        if game.get("status") == "waiting" and int(game.get("start_at_ms") or 0):
            self._kind_scheduled_start(game_id, lock, game)
            return
        if game.get("status") != "running":
            if game.get("status") != "paused":
                with self.store.redis.pipeline(transaction=False) as pipe:
                    self.store.set_deadline(pipe, game_id, None)
                    pipe.execute()
            return
        game_kind, state = self._load(game_id, game)
        now = self.store.now_ms()
        outage = int(game.get("outage_ms") or 0)
        if outage:  # the clocks stopped meanwhile: the players get that time back
            game_kind.shift(state, outage)
        events: list[tuple[str, Any]] = []
        for _ in range(4):  # close what is due, open what is due: at most a few steps at once
            phase = game_kind.phase(state, now)
            if phase.stage is Stage.PLAYING and phase.due_ms is not None and phase.due_ms <= now:
                if (
                    not events
                    and not outage
                    and self._away(game_id, game, game_kind, state, phase, now)
                ):
                    self._suspend(game_id, lock, game, phase, now)  # the turn waits for them
                    return
                events.extend(_public_events(game_kind.close(state, now)))
            elif (
                phase.stage is Stage.BETWEEN
                and phase.next_ms is not None
                and (phase.next_ms <= now or self._everyone_ready(game_id, phase.number))
            ):
                events.extend(_public_events(game_kind.open_next(state, now)))
            else:
                break
        if not events and not outage:
            due = phase.due_ms if phase.stage is Stage.PLAYING else phase.next_ms
            if due is not None:
                self.store.postpone(game_id, due)
            return

        def clear_outage(pipe: Any) -> None:
            if outage:
                pipe.hincrby(GameKeys(game_id).game, "outage_ms", -outage)

        phase = self._write(lock, game_id, game, game_kind, state, events, now, extra=clear_outage)
        log.info("game %s: %s %d", game_id, phase.stage.value, phase.number)

    def _kind_scheduled_start(self, game_id: str, lock: Lock, game: dict[str, str]) -> None:
        """Start a waiting game at its ``start_at_ms`` (before it: step again then) as the
        organiser's Start does (the kind opens its first turn or round), with the event
        ``game_started`` ``{"scheduled": true}``; a game the kind cannot start then (too few
        players) waits for its organiser: no step due, a warning logged."""
        start_at = int(game["start_at_ms"])
        now = self.store.now_ms()
        if now < start_at:
            self.store.postpone(game_id, start_at)
            return
        game_kind, state = self._load(game_id, game)

        def wait(pipe: Any) -> None:
            self.store.set_game(pipe, game_id, {"deadline_ms": 0})
            self.store.set_deadline(pipe, game_id, None)

        events: list[tuple[str, Any]] = []
        extra = None
        if game.get("sealed_package"):
            if not game.get("release_key"):
                log.warning("game %s: not started at its time: its package is sealed", game_id)
                self.store.commit(lock, wait)
                return
            try:
                state, extra, events = self._kind_opening(game_id, game, game_kind, "")
            except _RefusedError as refused:
                log.warning("game %s: not started at its time: %s", game_id, refused)
                self.store.commit(lock, wait)
                return
        try:
            opened = game_kind.open_next(state, now)
        except ActionRefusedError as error:
            log.warning("game %s: not started at its time: %s: %s", game_id, error.code, error)
            self.store.commit(lock, wait)
            return
        events.append(("game_started", {"scheduled": True}))
        events.extend(_public_events(opened))
        self._write(lock, game_id, game, game_kind, state, events, now, extra=extra)
        log.info("game %s: started at its time", game_id)

    def _everyone_ready(self, game_id: str, turn: int) -> bool:
        """Whether every person at the game (one at least: a reveal among robots lasts) is
        ready for what follows the reveal of ``turn``."""
        ready, people = self.store.readiness(game_id, turn)
        return 0 < people <= ready

    def _kind_ready(self, request: Any) -> Any:
        """A player is ready for the next turn or round during a reveal (``next_count`` event);
        once every person is, it opens at once, unless the reveal waits for its organiser
        (a kind whose next turn opens only when asked)."""
        game_id = self._checked_id(request.game_id)
        game = self._game(game_id)
        player = self._player(game_id, request.token)
        if game.get("status") == "paused":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, "the game is paused")
        if game.get("phase") != "reveal" or int(game.get("turn") or 0) != request.turn:
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION, f"turn {request.turn} is not being revealed"
            )
        ready, people = self.store.ready(game_id, request.turn, player)
        if ready >= people:
            self.store.due_now(game_id)  # should the step below be busy, a clock takes it
            self.step(game_id)
        return session_pb2.NextResponse(turn=request.turn, ready=ready, of=people)
