"""Players' actions on the seam: the fast path of a parted kind (judge against the actor's part,
keep, announce), a kind's action under the lock, and the dry run."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import grpc
import redis as redis_module

from arbitre.api.actions import MAX_REQUEST_ID, is_request_id
from arbitre.api.kind_parts import part, put_part
from arbitre.rules.kinds.base import ActionRefusedError, Outcome
from arbitre.services.game_keys import GameKeys, is_game_id
from arbitre.services.session.limits import MAX_ACT_ATTEMPTS, MAX_ACTION_CHARS, RUNNING_TTL_MS
from arbitre.services.session.parts_store import PartRefusedError, ReadPart
from arbitre.services.session.refusals import _refuse
from arbitre.services.session.seam.base import _parted, _public_events, _refused
from arbitre.services.session.seam.stepping import Stepping
from arbitre.services.session_store import token_hash
from arbitre.v1 import session_pb2

__all__ = ["Acting"]

#: The field of a request's hash (:meth:`~arbitre.services.game_keys.GameKeys.request`) that
#: keeps the result of an action taken under the lock (the fast path keeps its judgement).
_LOCKED_RESULT = "result"


class Acting(Stepping):
    """Players' actions: the fast path, an action under the lock, the dry run."""

    # -- actions ----------------------------------------------------------------------------------

    def _act(
        self, request: Any, prefetched: tuple[dict[str, str], ReadPart | None] | None = None
    ) -> Any:
        """A player's action (``ActRequest``): its answer. ``prefetched``: what
        :meth:`~arbitre.services.session.parts_store.PartsStore.read_with_game` read for it
        (a batch reads its actions' at once, :meth:`_prefetched`), else it is read here."""
        game_id = self._checked_id(request.game_id)
        typed = request.WhichOneof("action")
        if typed is not None and request.ByteSize() > MAX_ACTION_CHARS:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT, f"an action is at most {MAX_ACTION_CHARS} bytes"
            )
        if request.request_id and not is_request_id(request.request_id):
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"request_id: 1 to {MAX_REQUEST_ID} characters of A-Z a-z 0-9 _ - . :",
            )
        if request.dry_run and request.request_id:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "a dry run keeps nothing: no request_id")
        if not request.token:
            _refuse(grpc.StatusCode.UNAUTHENTICATED, "the player's token is missing")
        hashed = token_hash(request.token)
        player = self._seat_of(game_id, hashed)
        read: ReadPart | None = None
        if player is not None and not request.dry_run:  # one round trip for the game and part
            game, read = prefetched or self.parts.read_with_game(
                game_id, player, request.request_id
            )
        else:
            game, player = self.store.game_and_player(game_id, request.token)  # one round trip
            if player is not None:
                self._remember_seat(game_id, hashed, player)
        if "kind" not in game:
            _refuse(grpc.StatusCode.NOT_FOUND, f"no game {game_id!r}")
        if player is None:
            _refuse(grpc.StatusCode.PERMISSION_DENIED, "not a player's token for this game")
        if self._seen(game_id, player, game):  # back from away: the game went on
            game, read = self.store.game(game_id), None
        if typed != game["kind"]:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"bad_action: a {game['kind']} game's action is ActRequest.{game['kind']}",
            )
        found = part(request, "action", nulls=False)
        action = {} if found is None else found[1]
        if request.dry_run:
            answer = session_pb2.ActResponse()
            put_part(answer, game["kind"], self._dry_run(game_id, player, action, game))
            return answer
        outcome, replayed = self._act_as(game_id, player, action, request.request_id, game, read)
        answer = session_pb2.ActResponse(replayed=replayed)
        put_part(answer, game["kind"], outcome.result)
        return answer

    def _prefetched(
        self, requests: Sequence[Any]
    ) -> list[tuple[dict[str, str], ReadPart | None] | None]:
        """For each of a batch's ``requests``, what :meth:`_act` would read first (the game
        and the player's part), all read in one round trip; ``None`` for a request it reads
        itself: a dry run, a token this process has not seen seated, anything :meth:`_act`
        refuses before reading, or a second action of the same player in the batch (it must
        see the first's result). The reads are those of the batch's arrival: an action kept
        against a part or context that changed since is judged again, as ever."""
        wanted: dict[int, tuple[str, str, str]] = {}
        seen: set[tuple[str, str]] = set()
        for index, request in enumerate(requests):
            if (
                request.dry_run
                or not request.token
                or not is_game_id(request.game_id)
                or (request.request_id and not is_request_id(request.request_id))
            ):
                continue
            player = self._seat_of(request.game_id, token_hash(request.token))
            if player is None or (request.game_id, player) in seen:
                continue
            seen.add((request.game_id, player))
            wanted[index] = (request.game_id, player, request.request_id)
        found: list[tuple[dict[str, str], ReadPart | None] | None] = [None] * len(requests)
        if len(wanted) < 2:
            return found  # nothing to share
        try:
            reads = self.parts.read_many(list(wanted.values()))
        except redis_module.RedisError:
            return found  # each action reads for itself, and answers its own error
        for index, read in zip(wanted, reads, strict=True):
            found[index] = read
        return found

    def _act_as(
        self,
        game_id: str,
        player: str,
        action: Mapping[str, Any],
        request_id: str,
        game: dict[str, str] | None = None,
        first: ReadPart | None = None,
    ) -> tuple[Outcome, bool]:
        """``player``'s action through the kind's fast path (or, for a kind without one, under
        the lock): the outcome, and whether it is the answer to an earlier request. ``game``:
        the game hash, when just read; ``first``: the part read with it, if any."""
        game = game if game is not None else self._game(game_id)
        game_kind, tools = self._kind_and_tools(game)
        if not _parted(game_kind):
            return self._act_locked(game_id, player, action, request_id)
        parted: Any = game_kind
        for _ in range(MAX_ACT_ATTEMPTS):
            # One round trip: the context, the player's part, the clock and a retry's answer.
            read = first or self.parts.read(game_id, int(game.get("turn") or 0), player, request_id)
            first = None
            if read.replayed is not None:
                kept_before = read.replayed
                outcome = parted.announce(
                    kept_before.context, kept_before.judgement, kept_before.count
                )
                return outcome, True
            if game["status"] == "paused":
                _refuse(grpc.StatusCode.FAILED_PRECONDITION, "paused: the game is paused")
            now = read.now_ms
            try:
                judgement = parted.judge(read.context, read.part, player, action, now, tools)
            except ActionRefusedError as error:
                if request_id and self.parts.replayed(game_id, player, request_id):
                    continue  # the same request, kept meanwhile: its first answer
                raise _refused(error) from None
            try:
                kept = self.parts.keep(game_id, judgement, read, request_id)
            except PartRefusedError as refused:
                if refused.reason == "no_game":
                    _refuse(grpc.StatusCode.NOT_FOUND, f"no game {game_id!r}")
                game = self._game(game_id)  # a step, or another action of theirs: judge again
                continue
            outcome = parted.announce(read.context, judgement, kept.count)
            # A throttled event (a count the next one supersedes) is written at most once a
            # period, a held one at its end (EventThrottle); the action that makes the turn due
            # tells its count at once.
            players = int(game.get("players") or 0)
            events = [
                event
                for event in outcome.events
                if not event.throttled
                or event.public is None
                or self.throttle.admit(
                    game_id, event.public.type, event.public.data, players, forced=kept.due
                )
            ]
            with self.store.redis.pipeline(transaction=False) as pipe:
                for event_type, data in _public_events(events):
                    self.store.add_event(pipe, game_id, event_type, data)
                pipe.execute()
            if kept.due:  # everyone is done: close at once
                self.background.submit(self.step, game_id)
            return outcome, False
        _refuse(grpc.StatusCode.UNAVAILABLE, "the game changed too often meanwhile; retry")

    def _dry_run(
        self, game_id: str, player: str, action: Mapping[str, Any], game: Mapping[str, str]
    ) -> Mapping[str, Any]:
        """``player``'s ``action`` judged against their part as it would be taken, and the
        result the kind tells of it (:meth:`~arbitre.rules.kinds.base.Previewing.preview`);
        nothing kept, no event. A kind that offers no dry run refuses (``no_dry_run``)."""
        game_kind, tools = self._kind_and_tools(game)
        preview = getattr(game_kind, "preview", None)
        if not _parted(game_kind) or preview is None:
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                f"no_dry_run: a {game['kind']} game's actions cannot be tried",
            )
        if game["status"] == "paused":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, "paused: the game is paused")
        parted: Any = game_kind
        read = self.parts.read(game_id, int(game.get("turn") or 0), player)
        try:
            judgement = parted.judge(read.context, read.part, player, action, read.now_ms, tools)
        except ActionRefusedError as error:
            raise _refused(error) from None
        result: Mapping[str, Any] = preview(read.context, judgement)
        return result

    def _act_locked(
        self, game_id: str, player: str, action: Mapping[str, Any], request_id: str = ""
    ) -> tuple[Outcome, bool]:
        """An action of a kind without the fast path: under the game's lock, on the whole
        state (refused while the game is paused or parked). With a ``request_id``, its result is
        kept under that id in the step's own transaction, and a retry gets it again
        (``replayed``: nothing taken twice, no event)."""
        kept_under = GameKeys(game_id).request(player, request_id) if request_id else ""
        with self.store.locked(game_id) as lock:
            if kept_under:
                kept = self.store.redis.hget(kept_under, _LOCKED_RESULT)
                if kept is not None:
                    return Outcome(json.loads(kept)), True
            game = self._game(game_id)
            if game["status"] in ("paused", "parked"):
                _refuse(
                    grpc.StatusCode.FAILED_PRECONDITION,
                    f"{game['status']}: the game is {game['status']}",
                )
            game_kind, state = self._load(game_id, game)
            now = self.store.now_ms()
            try:
                outcome = game_kind.act(state, player, action, now)
            except ActionRefusedError as error:
                raise _refused(error) from None
            events = _public_events(outcome.events)

            def keep(pipe: Any) -> None:
                pipe.hset(kept_under, _LOCKED_RESULT, json.dumps(outcome.result))
                pipe.pexpire(kept_under, RUNNING_TTL_MS)

            extra = keep if kept_under else None
            self._write(lock, game_id, game, game_kind, state, events, now, extra=extra)
        return outcome, False
