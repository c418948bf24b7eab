"""The duplicate kind's parts (:class:`~arbitre.rules.kinds.base.PartedKind`): every answer taken
through the session's seat check, ``judge``, a simulated session store (parts by
compare-and-set, a counter per claim, the players done counted against the context's
``AWAITED``, the deadline lowered by a first claim's ``closes_by``) and ``announce``, with
``detach``/``attach`` around every step, gives the same game as through ``act`` on the whole
state: outcomes, refusals, events, views, phases (the store's deadline and due time among
them), saves, record and standings. The context holds no answer, not the top and not the
roster; judging costs one referee judgement; ``attach`` refuses what ``detach`` could not have
given."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Self, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.rules.board import Board
from arbitre.rules.duplicate import DuplicateGame, GameStateError, Referee, TopChoice, Verdict
from arbitre.rules.game_config import GameConfig
from arbitre.rules.kinds.base import (
    AWAITED,
    ActionRefusedError,
    Event,
    Judgement,
    Outcome,
    Setup,
    Stage,
    Viewer,
)
from arbitre.rules.kinds.duplicate import DUPLICATE, DuplicateState
from arbitre.rules.kinds.duplicate.parts import CLAIM, CONTEXT_FORMAT, MAX_MOVE_LENGTH, not_seated
from arbitre.rules.kinds.duplicate.state import StateDataError
from arbitre.rules.move import Move
from tests.rules.kinds.duplicate.games import (
    JSON,
    SEED,
    START_MS,
    lesser_move,
    paths,
    play_game,
    referee,
    tops_of,
)

T = TypeVar("T")

CONFIG = {"max_turns": 3, "seconds_per_turn": 60, "reveal_seconds": 1, "late_join": True}
TURN_MS = 60_000
REVEAL_MS = 1_000
TRIO = ("ana", "bob", "cyd")
#: Who may try to act: the seated trio, a newcomer and a stranger who never sits.
ACTORS = (*TRIO, "dan", "zed")
VIEWERS = (Viewer.spectator(), *(Viewer(player) for player in ACTORS))

Attempt = tuple[Any, ...]


def through_json(data: T) -> T:
    loaded: T = json.loads(json.dumps(data))
    return loaded


def new_state(players: tuple[str, ...] = TRIO) -> DuplicateState:
    config = DUPLICATE.configure(CONFIG)
    return DUPLICATE.new_game(config, Setup("g1", SEED, players), referee(config.game))


def attempt(run: Callable[[], T]) -> Attempt:
    """What ``run()`` gave, or the refusal it raised (its code and message)."""
    try:
        return ("done", run())
    except ActionRefusedError as error:
        return ("refused", error.code, str(error))


@dataclass
class Store:
    """The session's storage of one game, simulated: the rest, each player's part (stored by
    compare-and-set), the orders handed out with a counter per claim, the players done with the
    open turn, its deadline and due time, the context the last step wrote, and the seats the
    session gave (its own record, with the tokens: not the kind's); all of the kind's data kept
    as JSON text, as a store would. It knows nothing of duplicate: only the generic fields of a
    :class:`~arbitre.rules.kinds.base.Judgement` and the context's ``AWAITED``."""

    tools: Referee
    seats: set[str]
    rest: str = ""
    context: str = ""
    parts: dict[str, str] = field(default_factory=dict)
    orders: dict[str, dict[str, int]] = field(default_factory=dict)
    counters: Counter[str] = field(default_factory=Counter)
    done: set[str] = field(default_factory=set)
    deadline_ms: int | None = None
    due_ms: int | None = None
    opened: tuple[str, int] | None = None  # the (stage, number) the players done are of

    @classmethod
    def of(cls, state: DuplicateState) -> Self:
        store = cls(state.game.referee, set(state.game.players))
        store.write(state)
        return store

    def write(self, state: DuplicateState) -> None:
        """What a step leaves: the detached state, its context, the phase's deadline and due
        time (neither depends on the time it is asked at), and no player done once another
        turn is open or none is."""
        rest, parts, orders = DUPLICATE.detach(state)
        self.rest = json.dumps(rest)
        self.parts = {player: json.dumps(part) for player, part in parts.items()}
        self.orders = through_json(orders)
        self.counters = Counter({claim: len(given) for claim, given in orders.items()})
        context = DUPLICATE.context(state)
        self.context = json.dumps(context)
        phase = DUPLICATE.phase(state, 0)
        self.deadline_ms, self.due_ms = phase.deadline_ms, phase.due_ms
        opened = (phase.stage.value, phase.number)
        if opened != self.opened:
            self.done, self.opened = set(), opened

    def whole(self) -> DuplicateState:
        parts = {player: json.loads(part) for player, part in self.parts.items()}
        return DUPLICATE.attach(json.loads(self.rest), parts, self.orders, self.tools)

    def step(self, run: Callable[[DuplicateState], T]) -> T:
        """A step under the game's lock: attach, run, detach (nothing written on a refusal)."""
        state = self.whole()
        done = run(state)
        self.write(state)
        return done

    def read_context(self) -> dict[str, Any]:
        loaded: dict[str, Any] = json.loads(self.context)
        return loaded

    def read(self, player: str) -> dict[str, Any] | None:
        text = self.parts.get(player)
        return None if text is None else through_json(json.loads(text))

    def compare_and_set(
        self, read: dict[str, Any] | None, judgement: Judgement, now_ms: int
    ) -> bool:
        """Store ``judgement``'s part only if the part read is still the stored one and its turn
        is still open (by the context stored now) and before the store's deadline."""
        context = self.read_context()
        still_open = (
            context["stage"] == Stage.PLAYING.value
            and context["turn"] == judgement.number
            and self.deadline_ms is not None
            and now_ms < self.deadline_ms
        )
        if not still_open or self.read(judgement.player) != read:
            return False
        self.parts[judgement.player] = json.dumps(judgement.part)
        return True

    def hand_out(self, judgement: Judgement, now_ms: int) -> int | None:
        """What the store does once ``judgement``'s part is stored at ``now_ms``: hand out its
        claim's order (the player's own, the first time, from the claim's counter) and lower
        the deadline to its ``closes_by`` when that order is 1; count its player done when it
        ``finishes`` (each player once), the turn being due at once when the count reaches the
        context's ``AWAITED``. Returns the claim's count once stored, as ``announce`` takes
        it."""
        assert self.deadline_ms is not None  # a turn is open
        assert self.due_ms is not None
        count = None
        claim = judgement.claim
        if claim is not None:
            given = self.orders.setdefault(claim, {})
            if judgement.player not in given:
                self.counters[claim] += 1
                given[judgement.player] = self.counters[claim]
                if given[judgement.player] == 1 and judgement.closes_by is not None:
                    self.deadline_ms = min(self.deadline_ms, judgement.closes_by)
                    self.due_ms = min(self.due_ms, self.deadline_ms)
            count = len(given)
        if judgement.finishes and judgement.player not in self.done:
            self.done.add(judgement.player)
            if len(self.done) == self.read_context()[AWAITED]:
                self.due_ms = min(self.due_ms, now_ms)
        return count

    def answer(self, player: str, action: Any, now_ms: int) -> Outcome:
        """The session's path for one answer: its own seat check (the player's token), then
        judged, stored (judged again while its part read went stale) and announced."""
        if player not in self.seats:
            raise not_seated(player)
        for _ in range(3):
            context, read = self.read_context(), self.read(player)
            judgement = DUPLICATE.judge(context, read, player, action, now_ms, self.tools)
            if self.compare_and_set(read, judgement, now_ms):
                return DUPLICATE.announce(context, judgement, self.hand_out(judgement, now_ms))
        raise AssertionError("the store never took the answer")


@dataclass
class Twins:
    """One game played twice: on the whole state through ``act``, and through the store."""

    whole: DuplicateState = field(default_factory=new_state)
    store: Store = field(init=False)
    told: dict[str, int] = field(default_factory=dict)  # each player's last score told

    def __post_init__(self) -> None:
        self.store = Store.of(self.whole)

    def step(self, run: Callable[[DuplicateState], T]) -> Attempt:
        """``run`` on both games: the same result or refusal."""
        done = attempt(lambda: run(self.whole))
        assert attempt(lambda: self.store.step(run)) == done
        return done

    def answer(self, player: str, action: Any, now_ms: int) -> Attempt:
        done = attempt(lambda: DUPLICATE.act(self.whole, player, action, now_ms))
        assert attempt(lambda: self.store.answer(player, action, now_ms)) == done
        if done[0] == "done":
            self.told[player] = done[1].result["score"]
        return done

    def close(self, now_ms: int) -> Attempt:
        done = self.step(lambda state: DUPLICATE.close(state, now_ms))
        if done[0] == "done":  # every score told is the close's own
            (revealed,) = done[1]
            assert revealed.public is not None
            closed = self.whole.game.turns[-1]
            assert revealed.public.data["answers"] == len(closed.answers)
            scores = {answer.player: answer.verdict.score for answer in closed.answers}
            assert scores == self.told
            self.told = {}
        return done

    def check(self, now_ms: int) -> None:
        """The two games are the same game, down to the order of every saved mapping."""
        parted = self.store.whole()
        assert json.dumps(DUPLICATE.save(parted)) == json.dumps(DUPLICATE.save(self.whole))
        phase = DUPLICATE.phase(self.whole, now_ms)
        assert DUPLICATE.phase(parted, now_ms) == phase
        assert (self.store.deadline_ms, self.store.due_ms) == (phase.deadline_ms, phase.due_ms)
        for viewer in VIEWERS:
            assert DUPLICATE.view(parted, viewer, now_ms) == DUPLICATE.view(
                self.whole, viewer, now_ms
            )
        assert DUPLICATE.standings(parted) == DUPLICATE.standings(self.whole)
        assert DUPLICATE.record(parted) == DUPLICATE.record(self.whole)


def tops() -> list[str]:
    return [top for _, top in tops_of(DUPLICATE.configure(CONFIG).game, SEED)]


def answers_for(state: DuplicateState, top: str) -> dict[str, Any]:
    """The actions an answer may take in ``state``'s open turn, by name."""
    view = DUPLICATE.view(state, Viewer.spectator(), 0)
    number = view["turn"]
    lesser = lesser_move(state.config.game, view["board"], view["tiles"] or "", top) or top
    where, word = top.split()
    return {
        "top": {"move": top},
        "lesser": {"move": f"  {lesser} ", "turn": number},
        "illegal": {"move": "H8 ZZZZ"},
        "notation": {"move": "Z99 MOT"},
        "blank": {"move": "   "},
        "wrong_turn": {"move": top, "turn": number + 1},
        "bad_keys": {"word": top},
        "not_a_mapping": [top],
        "too_long": {"move": where + " " * MAX_MOVE_LENGTH + word},  # legal, yet too long
    }


PICKS = (
    "top",
    "lesser",
    "top",
    "lesser",
    "top",
    "lesser",
    "illegal",
    "notation",
    "blank",
    "wrong_turn",
    "bad_keys",
    "not_a_mapping",
    "too_long",
)


@st.composite
def timed_ops(draw: st.DrawFn) -> tuple[int, tuple[Any, ...]]:
    """When (ms after the opening) and what: mostly an answer (by anyone who may try), else a
    leave, a seat (a newcomer, someone back, someone seated already) or a pause."""
    at = draw(st.integers(0, TURN_MS + 5_000) | st.integers(TURN_MS - 1, TURN_MS + 5_000))
    what = draw(st.sampled_from(("answer", "answer", "answer", "answer", "leave", "seat", "shift")))
    if what == "answer":
        return at, (what, draw(st.sampled_from((*TRIO, *ACTORS))), draw(st.sampled_from(PICKS)))
    if what == "shift":
        return at, (what, draw(st.sampled_from((-2_000, 5_000))))
    return at, (what, draw(st.sampled_from(ACTORS[:4])))


#: A turn: what happens when (some at or past the deadline, some after the close), and when it
#: closes (early, at the deadline, or late).
TURN = st.tuples(
    st.lists(timed_ops(), max_size=12),
    st.integers(TURN_MS // 2, TURN_MS + 5_000) | st.sampled_from((TURN_MS, TURN_MS + 5_000)),
)


def run(twins: Twins, op: tuple[Any, ...], at: int, actions: dict[str, Any]) -> None:
    what = op[0]
    if what == "answer":
        twins.answer(op[1], actions[op[2]], at)
    elif what == "leave":
        twins.step(lambda state: DUPLICATE.leave(state, op[1], at))
    elif what == "seat":
        if twins.step(lambda state: DUPLICATE.seat(state, op[1], at))[0] == "done":
            twins.store.seats.add(op[1])  # the session gives the newcomer a seat (a token)
    else:
        twins.step(lambda state: DUPLICATE.shift(state, op[1]))
    twins.check(at)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(TURN, min_size=1, max_size=4))
def test_answers_through_the_parts_play_the_game_act_plays(
    script: list[tuple[list[tuple[int, tuple[Any, ...]]], int]],
) -> None:
    """Scripted turns (answers, changes of answer, refused and late answers, leaves, seats,
    pauses, answers after the close; the clock never goes back): the same outcomes, refusals,
    events and states on both paths, the store's due time the phase's; every score told is the
    close's."""
    twins = Twins()
    top = tops()
    actions = answers_for(twins.whole, top[0])
    now = 0
    twins.answer("bob", actions["top"], now)  # not_started
    for ops, close_after in script:
        if twins.step(partial(DUPLICATE.open_next, now_ms=now))[:2] == (
            "refused",
            "no_players",
        ):
            twins.step(partial(DUPLICATE.seat, player="ana", now_ms=now))
            twins.step(partial(DUPLICATE.open_next, now_ms=now))
        twins.check(now)
        if twins.whole.stage is Stage.OVER:
            break
        actions = answers_for(twins.whole, top[twins.whole.game.number - 1])
        closed = False
        for at, op in sorted(ops, key=lambda timed: timed[0]):
            if not closed and at >= close_after:
                twins.close(now + close_after)
                closed = True
            run(twins, op, now + at, actions)
        if not closed:
            twins.close(now + close_after)
        twins.check(now + close_after)
        now += max([close_after, *(at for at, _ in ops)]) + REVEAL_MS  # a clock never goes back
    twins.step(partial(DUPLICATE.open_next, now_ms=now))  # the next turn, or the end
    if twins.whole.stage is Stage.PLAYING:
        actions = answers_for(twins.whole, top[twins.whole.game.number - 1])
    twins.answer("ana", actions["top"], now + 1)
    twins.check(now + 1)


def play_through(store: Store, rules: GameConfig, reveal_ms: int) -> list[Event]:
    """Play ``store``'s game to its end as ``play_game`` does through ``act`` (each turn bob
    answers the top then a lesser move, ana the top; each reveal lasts ``reveal_ms``): its
    events."""
    events: list[Event] = []
    now = START_MS
    for top in [*tops(), None]:
        events += store.step(partial(DUPLICATE.open_next, now_ms=now))
        if top is None:
            break
        view = DUPLICATE.view(store.whole(), Viewer.spectator(), now)
        bob = lesser_move(rules, view["board"], view["tiles"], top) or top
        for at, player, move in ((1_000, "bob", top), (2_000, "bob", bob), (2_500, "ana", top)):
            events += store.answer(player, {"move": move}, now + at).events
        events += store.step(partial(DUPLICATE.close, now_ms=now + 3_000))
        now += 3_000 + reveal_ms
    return events


def test_a_whole_game_through_the_parts_is_the_game_through_act() -> None:
    """Each turn bob answers the top then a lesser move, ana the top (as ``play_game`` plays
    it through ``act``): the same record, standings and events."""
    played = play_game({"max_turns": 3, "reveal_seconds": 0}, players=("ana", "bob"))
    config = DUPLICATE.configure({"max_turns": 3, "reveal_seconds": 0})
    state = DUPLICATE.new_game(config, Setup("g1", SEED, ("ana", "bob")), referee(config.game))
    store = Store.of(state)
    events = play_through(store, config.game, 0)
    assert events == played.events
    assert DUPLICATE.record(store.whole()) == DUPLICATE.record(played.state)
    assert DUPLICATE.standings(store.whole()) == DUPLICATE.standings(played.state)


@dataclass
class ChapteredStore(Store):
    """:class:`Store` as the session keeps a :class:`~arbitre.rules.kinds.base.Chaptered` kind:
    the rest without the closed turns, each closed turn written once (``written``, JSON) and
    read back once (``loaded``)."""

    written: list[str] = field(default_factory=list)
    loaded: list[Any] = field(default_factory=list)

    def write(self, state: DuplicateState) -> None:
        super().write(state)
        rest = DUPLICATE.detach_open(state)[0]
        assert rest["game"]["turns"] == []
        self.rest = json.dumps(rest)
        chapters = DUPLICATE.chapters(state)
        assert chapters[: len(self.loaded)] == tuple(self.loaded)  # the same turns, as they were
        for chapter in chapters[len(self.written) :]:
            self.written.append(json.dumps(DUPLICATE.chapter_data(chapter)))

    def whole(self) -> DuplicateState:
        config = DUPLICATE.configure(CONFIG)
        for text in self.written[len(self.loaded) :]:
            self.loaded.append(DUPLICATE.chapter_from(json.loads(text), config))
        parts = {player: json.loads(part) for player, part in self.parts.items()}
        rest = json.loads(self.rest)
        return DUPLICATE.attach_open(rest, parts, self.orders, tuple(self.loaded), self.tools)


def test_a_whole_game_with_its_closed_turns_kept_apart_is_the_game_through_act() -> None:
    """The closed turns written once each as they close and read back once: the same record,
    standings and events as the game played through ``act``; every state attached shares the
    turns read (never copied)."""
    config = DUPLICATE.configure(CONFIG)
    played = play_game(CONFIG, players=("ana", "bob"))
    state = DUPLICATE.new_game(config, Setup("g1", SEED, ("ana", "bob")), referee(config.game))
    store = ChapteredStore.of(state)
    events = play_through(store, config.game, REVEAL_MS)
    whole = store.whole()
    assert len(store.written) == len(tops())
    assert all(a is b for a, b in zip(DUPLICATE.chapters(whole), store.loaded, strict=True))
    assert [(e.public.type if e.public else None) for e in events] == [
        (e.public.type if e.public else None) for e in played.events
    ]
    assert DUPLICATE.record(whole) == DUPLICATE.record(played.state)
    assert DUPLICATE.standings(whole) == DUPLICATE.standings(played.state)
    assert DUPLICATE.save(whole) == DUPLICATE.save(played.state)


def test_a_rest_saved_whole_is_attached_with_no_chapters_given() -> None:
    """A rest ``detach`` gave (its closed turns inside, as states were saved before the
    chapters) is taken as it is; one that holds them and is given them too is refused."""
    state = new_state()
    DUPLICATE.open_next(state, 0)
    DUPLICATE.close(state, 10)
    DUPLICATE.open_next(state, 20)
    rest, parts, orders = through_json(DUPLICATE.detach(state))
    assert len(rest["game"]["turns"]) == 1
    tools = state.game.referee
    attached = DUPLICATE.attach_open(rest, parts, orders, (), tools)
    assert DUPLICATE.save(attached) == DUPLICATE.save(state)
    with pytest.raises(StateDataError) as raised:
        DUPLICATE.attach_open(rest, parts, orders, DUPLICATE.chapters(state), tools)
    assert raised.value.code == "bad_state"
    open_rest = through_json(DUPLICATE.detach_open(state)[0])
    with pytest.raises(StateDataError) as raised:  # its closed turn missing
        DUPLICATE.attach_open(open_rest, parts, orders, (), tools)
    assert raised.value.code == "bad_state"


@pytest.mark.parametrize(
    "damage",
    [None, [], "turn", {"number": "1"}, {"answers": [{"player": "ana"}]}, {"top": {"move": 7}}],
)
def test_a_malformed_chapter_is_refused(damage: object) -> None:
    state = new_state()
    DUPLICATE.open_next(state, 0)
    DUPLICATE.act(state, "ana", {"move": tops()[0]}, 5)
    DUPLICATE.close(state, 10)
    data = through_json(DUPLICATE.chapter_data(DUPLICATE.chapters(state)[0]))
    config = DUPLICATE.configure(CONFIG)
    assert DUPLICATE.chapter_from(data, config) == DUPLICATE.chapters(state)[0]
    bad = {**data, **damage} if isinstance(damage, dict) else damage
    with pytest.raises(StateDataError) as raised:
        DUPLICATE.chapter_from(bad, config)
    assert raised.value.code == "bad_state"


def test_only_the_answer_counts_may_be_throttled() -> None:
    """Each ``answer_count`` only tells a count the next one supersedes: the session may skip
    some; every other event of a game (turns started and revealed, the end) is not."""
    played = play_game({"max_turns": 2, "reveal_seconds": 0}, players=("ana", "bob"))
    throttled = {event.public.type for event in played.events if event.throttled and event.public}
    kept = {event.public.type for event in played.events if not event.throttled and event.public}
    assert throttled == {"answer_count"}
    assert kept == {"turn_started", "turn_revealed", "game_over"}


# -- the store's part ---------------------------------------------------------------------------


def test_a_stale_part_is_caught_by_compare_and_set() -> None:
    """Two answers of ana's judged from the same read: the second one's compare-and-set fails
    (else it would have stored her first answer's time as its own); judged again from the part
    stored, it keeps the first time. The count stays 1, as through ``act``."""
    twins = Twins()
    store = twins.store
    top = tops()[0]
    twins.step(lambda state: DUPLICATE.open_next(state, 0))
    lesser = answers_for(twins.whole, top)["lesser"]
    context, read = store.read_context(), store.read("ana")
    first = DUPLICATE.judge(context, read, "ana", {"move": top}, 1_000, store.tools)
    second = DUPLICATE.judge(context, read, "ana", lesser, 1_500, store.tools)
    assert store.compare_and_set(read, first, 1_000)
    assert store.hand_out(first, 1_000) == 1
    assert not store.compare_and_set(read, second, 1_500)  # stale
    fresh = store.read("ana")
    assert fresh == first.part
    again = DUPLICATE.judge(context, fresh, "ana", lesser, 1_500, store.tools)
    assert (second.part["first_ms"], again.part["first_ms"]) == (1_500, 1_000)
    assert store.compare_and_set(fresh, again, 1_500)
    outcome = DUPLICATE.announce(context, again, store.hand_out(again, 1_500))
    DUPLICATE.act(twins.whole, "ana", {"move": top}, 1_000)
    assert outcome == DUPLICATE.act(twins.whole, "ana", lesser, 1_500)
    assert outcome.result["answers"] == 1
    assert store.orders == {CLAIM: {"ana": 1}}
    twins.check(1_500)


def test_the_store_keeps_no_answer_judged_before_the_close() -> None:
    twins = Twins()
    store = twins.store
    twins.step(lambda state: DUPLICATE.open_next(state, 0))
    context, read = store.read_context(), store.read("bob")
    judged = DUPLICATE.judge(context, read, "bob", {"move": tops()[0]}, 1_000, store.tools)
    twins.step(lambda state: DUPLICATE.close(state, 1_000))
    assert not store.compare_and_set(read, judged, 1_000)
    twins.check(1_000)


def test_the_count_leaves_out_who_answered_and_left() -> None:
    """ana and bob answer, bob leaves: cyd's answer is the second of the seated players' (the
    claim's count is 3), and 2 players are seated."""
    twins = Twins()
    top = tops()[0]
    twins.step(lambda state: DUPLICATE.open_next(state, 0))
    twins.answer("ana", {"move": top}, 10)
    twins.answer("bob", {"move": top}, 20)
    twins.step(lambda state: DUPLICATE.leave(state, "bob", 30))
    assert twins.store.read_context()["left_answered"] == 1
    done = twins.answer("cyd", {"move": top}, 40)
    assert done[1].result["answers"] == 2
    assert dict(done[1].events[0].public.data) == {"turn": 1, "answers": 2, "players": 2}
    assert twins.store.orders == {CLAIM: {"ana": 1, "bob": 2, "cyd": 3}}
    done = twins.answer("ana", {"move": top}, 50)  # a change of answer: the count as it is
    assert done[1].result["answers"] == 2
    twins.check(50)


def test_every_answer_finishes_its_player_and_none_moves_the_deadline() -> None:
    state = new_state()
    DUPLICATE.open_next(state, 0)
    context = DUPLICATE.context(state)
    for action in (answers_for(state, tops()[0])["top"], answers_for(state, tops()[0])["lesser"]):
        judgement = DUPLICATE.judge(context, None, "ana", action, 10, state.game.referee)
        assert (judgement.claim, judgement.finishes, judgement.closes_by) == (CLAIM, True, None)


def test_the_turn_is_due_once_every_awaited_player_answered() -> None:
    """The store's count of players done against the context's ``AWAITED``, through leaves,
    a newcomer, a return and changes of answer: the due time the phase tells, at every step."""
    twins = Twins()
    store = twins.store
    top = tops()[0]
    twins.step(lambda state: DUPLICATE.open_next(state, 0))
    lesser = answers_for(twins.whole, top)["lesser"]
    assert store.read_context()[AWAITED] == 3
    twins.answer("ana", {"move": top}, 10)
    twins.step(lambda state: DUPLICATE.leave(state, "bob", 20))  # not awaited any more
    twins.step(lambda state: DUPLICATE.seat(state, "dan", 25))  # awaited
    store.seats.add("dan")
    assert store.read_context()[AWAITED] == 3
    twins.answer("cyd", {"move": top}, 30)
    twins.answer("ana", lesser, 35)  # a change of answer: ana is done once
    twins.check(35)
    assert (store.done, store.due_ms) == ({"ana", "cyd"}, TURN_MS)
    twins.answer("dan", {"move": top}, 40)
    twins.check(40)
    assert store.due_ms == 40
    twins.answer("dan", lesser, 45)  # answers still count until the close
    twins.step(lambda state: DUPLICATE.seat(state, "bob", 50))  # back: awaited again
    twins.check(50)
    assert (store.read_context()[AWAITED], store.due_ms) == (4, TURN_MS)
    twins.answer("bob", {"move": top}, 60)
    twins.check(60)
    assert (store.done, store.due_ms) == ({"ana", "bob", "cyd", "dan"}, 60)
    twins.close(60)
    twins.check(60)  # the store's due time is the phase's: none
    assert not store.done
    assert DUPLICATE.phase(twins.whole, 60).due_ms is None


def test_judge_trusts_the_session_for_the_roster_and_refuses_who_left() -> None:
    """A stranger's answer is the session's to refuse (its token check; ``act`` refuses it
    against the roster); a player who left is refused by ``judge`` itself."""
    twins = Twins()
    top = tops()[0]
    twins.step(lambda state: DUPLICATE.open_next(state, 0))
    twins.step(lambda state: DUPLICATE.leave(state, "bob", 5))
    context, tools = twins.store.read_context(), twins.store.tools
    assert DUPLICATE.judge(context, None, "zed", {"move": top}, 10, tools).player == "zed"
    with pytest.raises(ActionRefusedError) as raised:
        DUPLICATE.judge(context, None, "bob", {"move": top}, 10, tools)
    assert raised.value.code == "not_seated"
    for player in ("zed", "bob"):
        assert twins.answer(player, {"move": top}, 10)[:2] == ("refused", "not_seated")
    twins.check(10)


# -- the context ------------------------------------------------------------------------------


def test_the_context_holds_no_answer_and_not_the_top() -> None:
    twins = Twins()
    state = twins.whole
    context = DUPLICATE.context(state)
    assert context == {"format": CONTEXT_FORMAT, "stage": "waiting", "turn": 0, "left": []}
    top = tops()
    DUPLICATE.open_next(state, 0)
    DUPLICATE.act(state, "ana", {"move": top[0]}, 10)
    DUPLICATE.close(state, 20)
    DUPLICATE.open_next(state, 30)
    actions = answers_for(state, top[1])
    answers = [top[1], actions["lesser"]["move"].strip()]
    DUPLICATE.act(state, "ana", {"move": answers[0]}, 40)
    DUPLICATE.act(state, "bob", {"move": answers[1]}, 50)
    DUPLICATE.leave(state, "bob", 60)
    context = DUPLICATE.context(state)
    draw = state.game.current_draw
    assert draw is not None
    assert context == {
        "format": CONTEXT_FORMAT,
        "stage": "playing",
        "turn": 2,
        "left": ["bob"],
        "deadline_ms": 30 + TURN_MS,
        "layout": "standard",
        "board": list(state.game.board.rows()),
        "tiles": draw.rack,
        "left_answered": 1,
        AWAITED: 3,  # bob answered before he left
    }
    text = json.dumps(context)
    secrets = [*answers, top[1], str(SEED), str(state.game.bag.state)]
    assert not [secret for secret in secrets if secret in text]
    assert len(text) < 1_000
    DUPLICATE.close(state, 70)
    assert set(DUPLICATE.context(state)) == {"format", "stage", "turn", "left"}


def test_the_context_grows_with_who_left_not_with_the_roster() -> None:
    """10,000 players: the open turn's context is the size of three players'; each leaver adds
    their id, and the seated count told is the roster's but theirs."""
    many = tuple(f"player-{n:05}" for n in range(10_000))
    small, large = new_state(), new_state(many)
    for state in (small, large):
        DUPLICATE.open_next(state, 0)
    assert DUPLICATE.context(large) == DUPLICATE.context(small) | {AWAITED: len(many)}
    assert len(json.dumps(DUPLICATE.context(large))) < 1_000
    for player in many[:100]:
        DUPLICATE.leave(large, player, 10)
    context = DUPLICATE.context(large)
    assert context["left"] == list(many[:100])
    assert context[AWAITED] == len(many) - 100
    outcome = DUPLICATE.act(large, many[100], {"move": tops()[0]}, 20)
    assert outcome.events[0].public is not None
    assert outcome.events[0].public.data["players"] == len(many) - 100


class CountingReferee:
    """A referee that counts what it is asked."""

    def __init__(self, inner: Referee) -> None:
        self.inner = inner
        self.calls: Counter[str] = Counter()

    def top(self, board: Board, rack: str) -> TopChoice | None:
        self.calls["top"] += 1
        return self.inner.top(board, rack)

    def has_move(self, board: Board, rack: str) -> bool:
        self.calls["has_move"] += 1
        return self.inner.has_move(board, rack)

    def judge(self, board: Board, move: Move, rack: str) -> Verdict:
        self.calls["judge"] += 1
        return self.inner.judge(board, move, rack)


@pytest.mark.parametrize(
    ("pick", "calls"),
    [
        ("top", 1),
        ("lesser", 1),
        ("illegal", 1),
        ("too_long", 1),
        ("notation", 0),
        ("blank", 0),
        ("wrong_turn", 0),
    ],
)
def test_judging_costs_one_referee_judgement_at_most(pick: str, calls: int) -> None:
    state = new_state()
    DUPLICATE.open_next(state, 0)
    DUPLICATE.act(state, "ana", {"move": tops()[0]}, 5)
    action = answers_for(state, tops()[0])[pick]
    rest, parts, orders = DUPLICATE.detach(state)
    counting = CountingReferee(state.game.referee)
    context = DUPLICATE.context(state)
    try:
        judgement = DUPLICATE.judge(context, parts["ana"], "ana", action, 10, counting)
    except ActionRefusedError:
        pass
    else:
        DUPLICATE.announce(context, judgement, 1)
    assert counting.calls == Counter({"judge": calls} if calls else {})
    DUPLICATE.attach(rest, parts, orders, counting)  # parts are taken as stored
    assert counting.calls == Counter({"judge": calls} if calls else {})


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PICKS[:5]) | st.text(max_size=12))
def test_an_answer_is_judged_as_the_close_judges_it(pick: str) -> None:
    """The score told, or the refusal, is the rules' own verdict on the move."""
    state = new_state()
    DUPLICATE.open_next(state, 0)
    actions = answers_for(state, tops()[0])
    move = actions[pick]["move"] if pick in actions else f"H8 {pick}"
    draw = state.game.current_draw
    assert draw is not None
    verdict = state.game.judge(move.strip(), draw.rack)
    done = attempt(lambda: DUPLICATE.act(state, "ana", {"move": move}, 10))
    if not move.strip():
        assert done[:2] == ("refused", "bad_action")
    elif verdict.error_code is not None:
        assert done[:2] == ("refused", verdict.error_code.partition(":")[0])
    else:
        assert done[1].result["score"] == verdict.score


def test_the_longest_answer_is_the_rules_own() -> None:
    config = GameConfig()
    game = DuplicateGame(config, SEED, referee(config), ("ana",))
    game.start_turn()
    game.answer("ana", "x" * MAX_MOVE_LENGTH)
    with pytest.raises(GameStateError):
        game.answer("ana", "x" * (MAX_MOVE_LENGTH + 1))


# -- detach and attach --------------------------------------------------------------------------


def detached() -> tuple[DuplicateState, dict[str, Any], dict[str, Any], dict[str, Any]]:
    """A game in its first turn, ana and bob answered (in that order), cyd not."""
    state = new_state()
    top = tops()[0]
    DUPLICATE.open_next(state, 0)
    DUPLICATE.act(state, "bob", {"move": top}, 10)
    DUPLICATE.act(state, "ana", {"move": top}, 20)
    DUPLICATE.act(state, "bob", answers_for(state, top)["lesser"], 30)
    rest, parts, orders = through_json(DUPLICATE.detach(state))
    return state, rest, parts, orders


def test_detach_keeps_the_answers_apart_and_attach_puts_them_back() -> None:
    state, rest, parts, orders = detached()
    assert orders == {CLAIM: {"bob": 1, "ana": 2}}
    assert parts == {player: DUPLICATE.part(state, player) for player in ("ana", "bob")}
    assert (parts["bob"]["first_ms"], parts["bob"]["last_ms"]) == (10, 30)
    assert DUPLICATE.part(state, "cyd") is None
    assert rest["answered"] == {}
    assert rest["game"]["open"]["answers"] == {}
    attached = DUPLICATE.attach(rest, parts, orders, state.game.referee)
    assert DUPLICATE.save(attached) == DUPLICATE.save(state)
    assert list(attached.answered) == ["bob", "ana"]
    assert DUPLICATE.detach(new_state())[1:] == ({}, {})


def test_a_part_is_taken_with_its_score_as_stored() -> None:
    """Not judged again: the player is told the score stored; the close judges afresh."""
    state, rest, parts, orders = detached()
    parts["ana"]["score"] = 999
    attached = DUPLICATE.attach(rest, parts, orders, state.game.referee)
    assert DUPLICATE.view(attached, Viewer("ana"), 40)["my_answer"]["score"] == 999
    assert DUPLICATE.close(attached, 40) == DUPLICATE.close(state, 40)


def changed(data: dict[str, Any], path: tuple[str, ...], value: object) -> dict[str, Any]:
    """``data`` with the value at ``path`` replaced (removed for :class:`KeyError`)."""
    data = through_json(data)
    *parents, last = path
    holder = data
    for key in parents:
        holder = holder[key]
    if value is KeyError:
        del holder[last]
    else:
        holder[last] = value
    return data


PARTS_DAMAGE: list[tuple[tuple[str, ...], object]] = [
    (("ana", "last_ms"), KeyError),
    (("ana", "extra"), 1),
    (("ana", "move"), 7),
    (("ana", "move"), " H8 MOT"),
    (("ana", "move"), ""),
    (("ana", "move"), "H8 " + "A" * MAX_MOVE_LENGTH),
    (("ana", "move"), "MOT"),
    (("ana", "score"), -1),
    (("ana", "score"), True),
    (("ana", "first_ms"), 25),
    (("ana",), "H8 MOT"),
    (("zed",), {"move": "H8 MOT", "score": 1, "first_ms": 0, "last_ms": 0}),
    (("ana",), KeyError),
]
ORDERS_DAMAGE: list[tuple[tuple[str, ...], object]] = [
    ((CLAIM, "ana"), KeyError),
    ((CLAIM, "ana"), 1),
    ((CLAIM, "ana"), 3),
    ((CLAIM, "ana"), "2"),
    ((CLAIM, "cyd"), 3),
    (("solved",), {}),
    ((CLAIM,), KeyError),
    ((CLAIM,), [1, 2]),
]


@pytest.mark.parametrize(("path", "value"), PARTS_DAMAGE)
def test_malformed_parts_are_refused(path: tuple[str, ...], value: object) -> None:
    state, rest, parts, orders = detached()
    with pytest.raises(StateDataError) as raised:
        DUPLICATE.attach(rest, changed(parts, path, value), orders, state.game.referee)
    assert raised.value.code == "bad_state"


@pytest.mark.parametrize(("path", "value"), ORDERS_DAMAGE)
def test_orders_that_do_not_fit_the_parts_are_refused(path: tuple[str, ...], value: object) -> None:
    state, rest, parts, orders = detached()
    with pytest.raises(StateDataError) as raised:
        DUPLICATE.attach(rest, parts, changed(orders, path, value), state.game.referee)
    assert raised.value.code == "bad_state"


def test_a_rest_that_holds_answers_or_no_open_turn_is_refused() -> None:
    state, rest, parts, orders = detached()
    tools = state.game.referee
    saved = DUPLICATE.save(state)  # a save, not a rest: it holds the answers
    between = new_state()
    DUPLICATE.open_next(between, 0)
    DUPLICATE.close(between, 10)
    for bad_rest in (
        saved,
        {**rest, "answered": saved["answered"]},
        changed(rest, ("game", "open", "answers"), {"ana": "H8 MOT"}),
        DUPLICATE.detach(between)[0],  # no turn open for the parts
    ):
        with pytest.raises(StateDataError) as raised:
            DUPLICATE.attach(bad_rest, parts, orders, tools)
        assert raised.value.code == "bad_state"


DETACHED = detached()
PIECES = {"context": DUPLICATE.context(DETACHED[0]), "parts": DETACHED[2], "orders": DETACHED[3]}
PIECE_PATHS = [(name, *path) for name, piece in PIECES.items() for path in paths(piece)]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PIECE_PATHS), JSON | st.just(KeyError))
def test_any_damaged_context_part_or_order_is_refused_or_taken(
    path: tuple[Any, ...], new: Any
) -> None:
    """One value of the context, the parts or the orders replaced by any JSON value (or its key
    removed): judging, announcing and attaching refuse it (``bad_state``, or a refusal of the
    answer), or take it; never another error."""
    state, rest, _, _ = DETACHED
    name, *inside = path
    pieces = dict(PIECES)
    pieces[name] = changed(PIECES[name], tuple(inside), new)
    context, parts, orders = pieces["context"], pieces["parts"], pieces["orders"]
    part = parts.get("ana") if isinstance(parts, dict) else None
    tools = state.game.referee
    try:
        judgement = DUPLICATE.judge(context, part, "ana", {"move": tops()[0]}, 40, tools)
        json.dumps(DUPLICATE.announce(context, judgement, 3).result)
    except (StateDataError, ActionRefusedError):
        pass
    try:
        json.dumps(DUPLICATE.save(DUPLICATE.attach(rest, parts, orders, tools)))
    except StateDataError as error:
        code = error.code
    else:
        code = "bad_state"
    assert code == "bad_state"
