"""Tests of the Duel de Mots fast path (:mod:`arbitre.rules.kinds.duel.parts`, and
``DuelKind.context``/``part``/``judge``/``announce``/``detach``/``attach``): a session that
takes every guess from the context and the guesser's part alone, with a simulated store, plays
the same game as ``DuelKind.act`` on the whole state."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.rules.kinds.base import (
    ACTORS,
    AWAITED,
    DEADLINE,
    ActionRefusedError,
    Event,
    Judgement,
    Message,
    Outcome,
    PartedKind,
    Setup,
    Stage,
    Viewer,
    actor_context,
)
from arbitre.rules.kinds.duel import DUEL, DuelConfig, DuelGame, WordList, marks
from arbitre.rules.kinds.duel.config import CLOSING_WINDOW_MS
from arbitre.rules.kinds.duel.game import context_for
from arbitre.rules.kinds.duel.parts import SOLVED, BadStateError
from tests.rules.kinds.duel.samples import MISSES
from tests.rules.kinds.duel.test_kind import ONE_WORD, PEEK, POOL, SPECTATOR, TEXTS, THREE_WORDS

T = TypeVar("T")
KIND: PartedKind[DuelConfig, DuelGame, WordList] = DUEL
VIEWERS = (SPECTATOR, *(Viewer(p) for p in POOL))
CONTEXT_KEYS = {
    "round",
    "opened_ms",
    DEADLINE,
    "word",
    "language",
    "players",
    AWAITED,
    ACTORS,
}


def stored(value: T) -> T:
    """``value`` as the session's storage gives it back (through JSON)."""
    back: T = json.loads(json.dumps(value))
    return back


def start(
    players: tuple[str, ...] = ("ana", "bob", "cyd"), tools: WordList = ONE_WORD, **config: object
) -> DuelGame:
    settings_ = {"rounds": 1, "round_seconds": 90, **config}
    return DUEL.new_game(DUEL.configure(settings_), Setup("g1", 7, players), tools)


class StaleError(Exception):
    """The store's compare-and-set failed: the context or the part read is no longer stored."""


@dataclass(frozen=True)
class Read:
    """What the session read for one guess: the context and the part, with their versions."""

    context: dict[str, Any]
    context_version: int
    part: dict[str, Any] | None
    part_version: int


class Session:
    """The session's storage on the fast path, simulated as the kind's docstring says, with no
    knowledge of the duel but the deadline's place in the context (``deadline_ms``): the rest, the
    context and each part with a version, what each claim handed out, and the actors done with
    each turn (by its number)."""

    def __init__(self, state: DuelGame) -> None:
        self.words = state.words
        self.context_version = 0
        self.part_versions: dict[str, int] = {}
        self.done: dict[int, set[str]] = {}
        self.write(state)

    def write(self, state: DuelGame) -> None:
        """After a step: everything replaced but the actors done with the turn, kept while it is
        the same turn."""
        rest, parts, orders = DUEL.detach(state)
        self.rest, self.parts, self.orders = stored(rest), stored(parts), stored(orders)
        self.context = stored(DUEL.context(state))
        self.context_version += 1
        self.part_versions = {p: v + 1 for p, v in self.part_versions.items()}
        self.turn = DUEL.phase(state, 0).number
        self.done = {self.turn: self.done.get(self.turn, set())}

    def state(self) -> DuelGame:
        return DUEL.attach(self.rest, self.parts, self.orders, self.words)

    def step(self, change: Callable[[DuelGame], T]) -> T:
        """A step under the game's lock: attach, change, detach."""
        state = self.state()
        result = change(state)
        self.write(state)
        return result

    def read(self, player: str) -> Read:
        return Read(
            actor_context(copy.deepcopy(self.context), player),  # as the store gives it
            self.context_version,
            copy.deepcopy(self.parts.get(player)),
            self.part_versions.get(player, 0),
        )

    def judge(self, read: Read, player: str, action: Any, now: int) -> Judgement:
        return DUEL.judge(read.context, read.part, player, action, now, self.words)

    def store(self, read: Read, judgement: Judgement) -> int | None:
        """The atomic store, as :class:`Judgement` says: only if the context and the part are
        the versions read; the claim handed its next order (once per actor); order 1 lowers
        the deadline to at most ``closes_by``; ``finishes`` counts the actor done, once."""
        player = judgement.player
        if (read.context_version, read.part_version) != (
            self.context_version,
            self.part_versions.get(player, 0),
        ):
            raise StaleError
        self.parts[player] = stored(dict(judgement.part))
        self.part_versions[player] = self.part_versions.get(player, 0) + 1
        order = None
        if judgement.claim is not None:
            given = self.orders.setdefault(judgement.claim, {})
            order = given.setdefault(player, len(given) + 1)
        closes_by = judgement.closes_by
        if order == 1 and closes_by is not None and closes_by < self.context[DEADLINE]:
            self.context[DEADLINE] = closes_by
            self.context_version += 1
        if judgement.finishes:
            self.done.setdefault(judgement.number, set()).add(player)
        return order

    def guess(self, player: str, action: Any, now: int) -> Outcome:
        """Read, judge, store (judging again while stale), announce."""
        while True:
            read = self.read(player)
            judgement = self.judge(read, player, action, now)
            try:
                order = self.store(read, judgement)
            except StaleError:
                continue
            return DUEL.announce(read.context, judgement, order)

    def finished(self) -> set[str]:
        """The actors done with the open turn, as the store counted them."""
        return self.done.get(self.turn, set())

    def settled(self) -> bool:
        """Whether the open turn is due at once: its actors done reach the context's count."""
        return bool(len(self.finished()) >= self.context[AWAITED])

    def due(self, now: int) -> bool:
        return bool(self.context) and (now >= self.context[DEADLINE] or self.settled())


# -- the two paths on one script -----------------------------------------------------------------

STEP = st.tuples(
    st.sampled_from(("guess",) * 10 + ("seat", "leave", "stranger", "pause", "malformed", "wrong")),
    st.integers(0, len(POOL) - 1),
    st.integers(0, len(TEXTS) - 1),
    st.sampled_from((0, 0, 1, 1, 300, 300, 1_000, 1_000, 5_000, 19_999, 20_000, 20_001, 90_000)),
    st.booleans(),  # the clock is late: nothing is closed nor opened before the step
)
MALFORMED: tuple[Any, ...] = ({"guess": "crane"}, {"guess": 1, "round": 1}, ["crane", 1])


def shown(state: DuelGame, now: int, events: tuple[Event, ...]) -> str:
    """Everything anyone may see at ``now``: the record, every view, the standings, the events
    and the phase."""
    seen = [[e.seen_by(v) for e in events] for v in VIEWERS]
    return json.dumps(
        {
            "record": DUEL.record(state),
            "views": [DUEL.view(state, v, now) for v in VIEWERS],
            "standings": [[s.rank, s.player, s.total, s.details] for s in DUEL.standings(state)],
            "events": [[None if m is None else [m.type, m.data] for m in ms] for ms in seen],
            "phase": repr(DUEL.phase(state, now)),
        },
        sort_keys=True,
    )


def refusal(player: str, error: ActionRefusedError) -> tuple[Event, ...]:
    return (Event(None, {player: Message("refused", {"code": error.code})}),)


def action_of(state: DuelGame, what: str, text: int) -> Any:
    if what == "malformed":
        return MALFORMED[text % len(MALFORMED)]
    number = state.table.number + (1 if what == "wrong" else 0)
    word = TEXTS[text]
    if word == PEEK:
        word = state.secrets.words[max(state.table.number, 1) - 1]
    return {"guess": word, "round": 1 if what == "stranger" else number}


def clock(state: DuelGame, now: int, session: Session | None) -> tuple[Event, ...]:
    """What the session's clock does at ``now``: close a due round (from the session's counters
    and deadline on the fast path, which must agree with the phase), open the next one when its
    reveal is over (at once when it waits for the organiser)."""
    events: list[Event] = []
    while True:
        phase = DUEL.phase(state, now)
        if phase.stage is Stage.PLAYING and phase.due_ms is not None:
            due = now >= phase.due_ms
            if session is not None and not events:  # the session's data: the round it had
                assert session.due(now) == due
            if not due:
                break
            events.extend(DUEL.close(state, now))
        elif phase.stage is Stage.BETWEEN and (phase.next_ms is None or now >= phase.next_ms):
            events.extend(DUEL.open_next(state, now))
        else:
            break
    return tuple(events)


def play(
    setup: Setup, config: dict[str, Any], steps: list[tuple[str, int, int, int, bool]], fast: bool
) -> list[str]:
    """Play ``steps`` through ``DuelKind.act`` on the whole state, or (``fast``) through a session
    that takes every guess from the context and a part and every other step through
    attach/detach; what everyone saw after each step."""
    whole = DUEL.new_game(DUEL.configure(config), setup, THREE_WORDS)
    session = Session(whole) if fast else None
    now = 0

    def step(change: Callable[[DuelGame], T]) -> T:
        return change(whole) if session is None else session.step(change)

    def state() -> DuelGame:
        return whole if session is None else session.state()

    opened = step(lambda s: DUEL.open_next(s, now))
    trace = [shown(state(), now, opened)]
    for what, who, text, dt, late in steps:
        if what == "pause":
            step(lambda s: DUEL.shift(s, dt))  # noqa: B023
            now += dt
            trace.append(shown(state(), now, ()))
            continue
        now += dt
        events = () if late else step(lambda s: clock(s, now, session))  # noqa: B023
        current = state()
        if current.table.stage is Stage.OVER:
            trace.append(shown(current, now, events))
            break
        seated = sorted(current.table.present)
        on_table = what in ("guess", "malformed", "wrong") and seated
        player = seated[who % len(seated)] if on_table else POOL[who]
        try:
            if what == "seat":
                events += step(lambda s: DUEL.seat(s, player, now))  # noqa: B023
            elif what == "leave":
                events += step(lambda s: DUEL.leave(s, player, now))  # noqa: B023
            elif session is None:
                events += DUEL.act(whole, player, action_of(whole, what, text), now).events
            else:
                before = copy.deepcopy(session.context)
                action = action_of(current, what, text)
                events += session.guess(player, action, now).events
                check_context(session, before)
        except ActionRefusedError as error:
            events += refusal(player, error)
        trace.append(shown(state(), now, events))
    return trace


def check_context(session: Session, before: dict[str, Any]) -> None:
    """A guess changes the context only by lowering its deadline; the context stays the one the
    kind gives for the whole game; it holds no rows."""
    state = session.state()
    assert session.context == DUEL.context(state)
    for player in (*POOL, "nobody"):  # the whole-game path's context of one guesser
        assert context_for(state, player) == actor_context(session.context, player)
    assert {k: v for k, v in session.context.items() if k != DEADLINE} == {
        k: v for k, v in before.items() if k != DEADLINE
    }
    assert session.context[DEADLINE] <= before[DEADLINE]
    assert set(session.context) == CONTEXT_KEYS
    current = state.table.current
    assert current is not None
    written = set(json.dumps(session.context).split('"'))
    tried = {row.letters for rows in current.rows.values() for row in rows}
    assert not (tried - {session.context["word"]}) & written
    assert session.settled() == (not current.actors())
    assert session.finished() == {p for p in current.players if current.finished(p)}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**63 - 1),
    rounds=st.sampled_from((1, 3)),
    reveal=st.sampled_from((0, 15)),
    seats=st.integers(2, 5),
    starters=st.integers(2, 5),
    steps=st.lists(STEP, min_size=10, max_size=80),
)
def test_the_fast_path_plays_the_same_game_as_act(
    seed: int,
    rounds: int,
    reveal: int,
    seats: int,
    starters: int,
    steps: list[tuple[str, int, int, int, bool]],
) -> None:
    setup = Setup("h", seed, POOL[: min(starters, seats)])
    config = {"rounds": rounds, "reveal_seconds": reveal, "seats": seats, "round_seconds": 90}
    assert play(setup, config, steps, fast=True) == play(setup, config, steps, fast=False)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**63 - 1),
    players=st.integers(2, 8),
    guesses=st.lists(
        st.tuples(st.integers(0, 7), st.integers(0, len(TEXTS) - 1), st.integers(0, 6_000)),
        max_size=60,
    ),
)
def test_a_full_table_on_the_fast_path_ends_in_the_same_state(
    seed: int, players: int, guesses: list[tuple[int, int, int]]
) -> None:
    setup = Setup("t", seed, tuple(f"p{n}" for n in range(players)))
    whole = DUEL.new_game(DUEL.configure({"rounds": 1, "seats": 8}), setup, ONE_WORD)
    DUEL.open_next(whole, 0)
    session = Session(whole)
    now = 0
    for who, text, dt in guesses:  # no clock: late guesses are refused round_over
        now += dt
        player = f"p{who % players}"
        action = {"guess": "CHIOT" if TEXTS[text] == PEEK else TEXTS[text], "round": 1}
        try:
            expected: Outcome | str = DUEL.act(whole, player, action, now)
        except ActionRefusedError as error:
            expected = error.code
        try:
            got: Outcome | str = session.guess(player, action, now)
        except ActionRefusedError as error:
            got = error.code
        assert got == expected
        assert session.state() == whole
        assert session.settled() == (not whole.table.rounds[0].actors())
    assert DUEL.attach(*DUEL.detach(whole), ONE_WORD) == whole


# -- the compare-and-set -------------------------------------------------------------------------


def both(
    players: tuple[str, ...] = ("ana", "bob", "cyd"), tools: WordList = ONE_WORD, **config: object
) -> tuple[DuelGame, Session]:
    """A round open, as the whole state and as a session."""
    whole = start(players, tools, **config)
    DUEL.open_next(whole, 0)
    return whole, Session(whole)


def guess(word: str) -> dict[str, Any]:
    return {"guess": word, "round": 1}


def test_a_stale_part_is_caught_and_judged_again() -> None:
    whole, session = both()
    first, second = session.read("ana"), session.read("ana")  # two guesses from the same part
    crane = session.judge(first, "ana", guess("crane"), 1_000)
    slate = session.judge(second, "ana", guess("slate"), 1_001)
    assert session.store(first, crane) is None
    with pytest.raises(StaleError):
        session.store(second, slate)
    assert session.parts["ana"] == stored(dict(crane.part))  # the stale judgement stored nothing
    again = session.guess("ana", guess("slate"), 1_001)  # judged again from the stored part
    DUEL.act(whole, "ana", guess("crane"), 1_000)
    assert again == DUEL.act(whole, "ana", guess("slate"), 1_001)
    assert again.result["row"] == 1
    assert session.state() == whole


def test_the_same_word_sent_twice_is_tried_once() -> None:
    _, session = both()
    reads = session.read("ana"), session.read("ana")
    judgements = [session.judge(r, "ana", guess("crane"), 1_000) for r in reads]
    session.store(reads[0], judgements[0])
    with pytest.raises(StaleError):
        session.store(reads[1], judgements[1])
    with pytest.raises(ActionRefusedError) as error:
        session.guess("ana", guess("crane"), 1_000)
    assert error.value.code == "already_tried"


def test_a_step_between_judging_and_storing_is_caught() -> None:
    whole, session = both()
    read = session.read("ana")
    judgement = session.judge(read, "ana", guess("crane"), 1_000)
    session.step(lambda s: DUEL.leave(s, "ana", 1_000))  # the part is the same, the context not
    with pytest.raises(StaleError):
        session.store(read, judgement)
    with pytest.raises(ActionRefusedError) as error:
        session.guess("ana", guess("crane"), 1_000)
    assert error.value.code == "not_seated"  # as act says after the leave
    DUEL.leave(whole, "ana", 1_000)
    assert session.state() == whole


def test_two_finds_judged_at_once_get_places_one_and_two() -> None:
    whole, session = both()
    reads = {p: session.read(p) for p in ("ana", "bob")}
    judged = {p: session.judge(reads[p], p, guess("chiot"), 5_000) for p in reads}
    assert {j.claim for j in judged.values()} == {SOLVED}
    assert session.store(reads["bob"], judged["bob"]) == 1
    assert session.context[DEADLINE] == 5_000 + CLOSING_WINDOW_MS  # the window: a new deadline
    with pytest.raises(StaleError):  # the deadline moved: ana is judged again against it
        session.store(reads["ana"], judged["ana"])
    opened = DUEL.announce(reads["bob"].context, judged["bob"], 1)
    assert [e.public.type for e in opened.events if e.public] == ["rival_row", "closing_window"]
    second = session.guess("ana", guess("chiot"), 5_000)
    assert (second.result["points"], len(second.events)) == (60 + 10, 1)
    assert opened == DUEL.act(whole, "bob", guess("chiot"), 5_000)
    assert second == DUEL.act(whole, "ana", guess("chiot"), 5_000)
    assert session.state() == whole


def test_a_guess_after_the_window_is_late_on_the_fast_path_too() -> None:
    whole, session = both()
    assert session.guess("bob", guess("chiot"), 5_000) == DUEL.act(
        whole, "bob", guess("chiot"), 5_000
    )
    assert session.context[DEADLINE] == DUEL.phase(whole, 5_000).deadline_ms == 25_000
    outcome = session.guess("cyd", guess("crane"), 24_999)
    assert outcome == DUEL.act(whole, "cyd", guess("crane"), 24_999)
    for path in (
        lambda: session.guess("cyd", guess("slate"), 25_000),
        lambda: DUEL.act(whole, "cyd", guess("slate"), 25_000),
    ):
        with pytest.raises(ActionRefusedError) as error:
            path()
        assert error.value.code == "round_over"
    assert session.state() == whole


def test_finds_stored_against_their_times_replay_and_reload() -> None:
    """Bob's find, judged at 5 001, is stored before ana's, judged at 5 000: bob is first."""
    whole, session = both()
    reads = {p: session.read(p) for p in ("ana", "bob")}
    judged = {"ana": session.judge(reads["ana"], "ana", guess("chiot"), 5_000)}
    judged["bob"] = session.judge(reads["bob"], "bob", guess("chiot"), 5_001)
    session.store(reads["bob"], judged["bob"])
    read = session.read("ana")  # stale after the first find: judged again, at its own time
    assert session.store(read, session.judge(read, "ana", guess("chiot"), 5_000)) == 2
    DUEL.act(whole, "bob", guess("chiot"), 5_001)
    DUEL.act(whole, "ana", guess("chiot"), 5_000)
    state = session.state()
    assert state == whole
    assert state.table.rounds[0].solvers == ["bob", "ana"]
    assert DUEL.load(stored(DUEL.save(state)), ONE_WORD) == state
    DUEL.close(state, 6_000)
    again = DUEL.replay(stored(DUEL.record(state)), ONE_WORD)
    assert DUEL.standings(again) == DUEL.standings(state)
    assert DUEL.record(again) == DUEL.record(state)


def test_one_players_guesses_stored_against_their_times_save_and_replay() -> None:
    """Two guesses of ana's judged from one part: the one at 4 001 is stored first, the one at
    3 000 is judged again and keeps its time; her rows go back in time, and still the game
    saves, loads, detaches and replays as it was."""
    _, session = both(("ana", "bob"))
    reads = session.read("ana"), session.read("ana")
    session.store(reads[0], session.judge(reads[0], "ana", guess("crane"), 4_001))
    session.guess("ana", guess("chiot"), 3_000)
    session.guess("bob", guess("chiot"), 3_500)
    state = session.state()
    assert [row.at_ms for row in state.table.rounds[0].rows["ana"]] == [4_001, 3_000]
    assert state.table.rounds[0].solvers == ["ana", "bob"]
    assert DUEL.load(stored(DUEL.save(state)), ONE_WORD) == state
    assert DUEL.attach(*stored(DUEL.detach(state)), ONE_WORD) == state
    DUEL.close(state, 6_000)
    again = DUEL.replay(stored(DUEL.record(state)), ONE_WORD)
    assert DUEL.record(again) == DUEL.record(state)


def test_everyone_done_is_told_by_the_finishes() -> None:
    _, session = both(tools=THREE_WORDS, rounds=3, seats=4)
    session.step(lambda s: DUEL.seat(s, "dan", 10))  # waits: not awaited
    assert session.context[AWAITED] == 3
    session.guess("ana", guess(session.context["word"]), 1_000)
    for n, miss in enumerate(MISSES):
        session.guess("bob", guess(miss), 2_000 + n)
    assert session.orders == {SOLVED: {"ana": 1}}  # a sixth miss claims nothing
    assert session.finished() == {"ana", "bob"}
    assert not session.settled()
    session.step(lambda s: DUEL.leave(s, "cyd", 3_000))  # left before finishing: not awaited
    assert session.context[AWAITED] == 2
    assert session.settled()
    assert DUEL.phase(session.state(), 3_000).due_ms == 3_000


def test_a_player_who_leaves_done_is_still_counted_and_awaited() -> None:
    _, session = both(("ana", "bob"))
    session.guess("ana", guess("chiot"), 1_000)
    session.step(lambda s: DUEL.leave(s, "ana", 2_000))
    assert (session.finished(), session.context[AWAITED]) == ({"ana"}, 2)
    assert not session.settled()
    session.guess("bob", guess("chiot"), 3_000)
    assert session.settled()
    assert DUEL.phase(session.state(), 3_000).due_ms == 3_000


def test_a_late_first_find_keeps_the_deadline() -> None:
    """The window may shorten the round, never lengthen it: closes_by is a bound."""
    _, session = both()
    version = session.context_version
    outcome = session.guess("ana", guess("chiot"), 80_000)
    assert session.context[DEADLINE] == 90_000
    assert session.context_version == version  # nothing but the part changed
    window = [e.public.data for e in outcome.events if e.public and e.public.type != "rival_row"]
    assert window == [{"round": 1, "opened_at": 80_000, "ends_at": 90_000}]


def test_the_last_finish_settles_the_round_at_its_time() -> None:
    _, session = both(("ana", "bob"))
    session.guess("ana", guess("octet"), 1_000)
    session.guess("bob", guess("chiot"), 2_000)
    session.guess("ana", guess("chiot"), 3_000)
    assert session.settled()
    phase = DUEL.phase(session.state(), 3_000)
    assert (phase.actors, phase.due_ms, phase.deadline_ms) == (frozenset(), 3_000, 22_000)


# -- refusals ------------------------------------------------------------------------------------


def test_judge_refuses_every_code_as_act_does() -> None:
    whole = start(("ana", "bob"), THREE_WORDS, rounds=3, seats=5)
    session = Session(whole)

    def same(player: str, action: Any, at: int, code: str) -> None:
        read = session.read(player)
        with pytest.raises(ActionRefusedError) as judged:
            session.judge(read, player, action, at)
        with pytest.raises(ActionRefusedError) as acted:
            DUEL.act(whole, player, action, at)
        assert judged.value.code == acted.value.code == code, str(judged.value)
        assert str(judged.value) == str(acted.value)

    same("ana", guess("crane"), 0, "round_not_open")
    same("zed", guess("crane"), 0, "round_not_open")  # nothing open: before not_seated
    for step in (lambda s: DUEL.seat(s, "dan", 0), lambda s: DUEL.open_next(s, 0)):
        step(whole)
        session.step(step)
    word = whole.secrets.words[0]
    for step in (lambda s: DUEL.seat(s, "cyd", 10), lambda s: DUEL.seat(s, "eve", 10)):
        step(whole)
        session.step(step)
    for player, action, at in [("ana", guess(word), 100), ("bob", guess("crane"), 300)] + [
        ("dan", guess(miss), 200 + n) for n, miss in enumerate(MISSES)
    ]:
        assert session.guess(player, action, at) == DUEL.act(whole, player, action, at)
    refusals: list[tuple[str, str, Any, int]] = [
        ("bad_action", "bob", {"guess": "crane"}, 400),
        ("bad_action", "bob", ["crane", 1], 400),
        ("not_seated", "zed", guess("crane"), 400),
        ("waiting", "cyd", guess("crane"), 400),
        ("already_found", "ana", guess("crane"), 400),
        ("no_tries_left", "dan", guess(word), 400),
        ("wrong_round", "bob", {"guess": "slate", "round": 2}, 400),
        ("not_in_list", "bob", guess("zzzzz"), 400),
        ("not_a_letter", "bob", guess("sl8te"), 400),
        ("wrong_length", "bob", guess("slat"), 400),
        ("wrong_length", "bob", guess("s" * 65), 400),
        ("already_tried", "bob", guess("Crane"), 400),
        ("round_over", "bob", guess("slate"), 20_100),  # the closing window: ana found at 100
        ("waiting", "cyd", guess("zzzzz"), 20_100),  # waiting comes before round_over
    ]
    for code, player, refused, at in refusals:
        same(player, refused, at, code)
    assert session.state() == whole


def test_judge_needs_no_state() -> None:
    """The context and the part are all judge reads: JSON, through the storage."""
    whole, _ = both()
    DUEL.act(whole, "ana", guess("octet"), 1_000)
    context, part = stored(DUEL.context(whole)), stored(DUEL.part(whole, "ana"))
    assert part == {"round": 1, "rows": [["OCTET", "YYx.G", 1_000]]}
    assert DUEL.part(whole, "bob") is None
    assert context == {
        "round": 1,
        "opened_ms": 0,
        DEADLINE: 90_000,
        "word": "CHIOT",
        "language": "en",
        "players": 3,
        AWAITED: 3,
        # ana had the extra-copy message in this round: her part says it
        ACTORS: {p: {"plays": True, "warned": False} for p in ("ana", "bob", "cyd")},
    }
    judgement = DUEL.judge(context, part, "ana", guess("tatty"), 2_000, ONE_WORD)
    assert judgement.detail == {"extra_copy": None}  # once per game: not again
    assert (judgement.claim, judgement.closes_by, judgement.finishes) == (None, None, False)
    found = DUEL.judge(context, part, "ana", guess("chiot"), 3_000, ONE_WORD)
    assert (found.claim, found.detail, found.closes_by, found.finishes) == (
        SOLVED,
        {"extra_copy": None, "found_at_ms": 3_000},
        3_000 + CLOSING_WINDOW_MS,
        True,
    )
    for n, miss in enumerate(MISSES[:5]):
        DUEL.act(whole, "cyd", guess(miss), 4_000 + n)
    five = stored(DUEL.part(whole, "cyd"))
    sixth = DUEL.judge(context, five, "cyd", guess(MISSES[5]), 5_000, ONE_WORD)
    assert (sixth.claim, sixth.closes_by, sixth.finishes) == (None, None, True)
    assert DUEL.judge(context, None, "bob", guess("tatty"), 2_000, ONE_WORD).detail == {
        "extra_copy": {"letter": "T", "count": 1}
    }
    assert DUEL.context(start()) == {}


def test_the_extra_copy_message_crosses_rounds_through_the_context() -> None:
    session = Session(start(("ana", "bob"), THREE_WORDS, rounds=3))
    session.step(lambda s: DUEL.open_next(s, 0))
    tatty = session.guess("ana", guess("tatty"), 1)  # a T extra against each of the words
    assert tatty.result["extra_copy"] is not None
    assert not session.context[ACTORS]["ana"]["warned"]  # not before this round: her part says it
    session.step(lambda s: DUEL.close(s, 3))
    session.step(lambda s: DUEL.open_next(s, 4))
    assert session.context[ACTORS] == {
        "ana": {"plays": True, "warned": True},
        "bob": {"plays": True, "warned": False},
    }
    assert session.parts == {}
    for text in ("TATTY", "OCTET"):
        outcome = session.guess("ana", {"guess": text, "round": 2}, 5)
        assert outcome.result["extra_copy"] is None
    assert session.context == DUEL.context(session.state())  # her extra copy changed nothing
    assert session.guess("bob", {"guess": "tatty", "round": 2}, 6).result["extra_copy"] is not None


# -- attach refuses what the rules could not give ------------------------------------------------


def detached() -> list[dict[str, Any]]:
    """Round 2 of 3 open: ana found, bob out of tries, cyd guessing, dan waiting."""
    whole = start(("ana", "bob", "cyd"), THREE_WORDS, rounds=3, seats=5)
    DUEL.open_next(whole, 0)
    DUEL.close(whole, 1_000)
    DUEL.open_next(whole, 2_000)
    DUEL.act(whole, "ana", {"guess": "crane", "round": 2}, 3_000)
    DUEL.act(whole, "ana", {"guess": whole.secrets.words[1], "round": 2}, 4_000)
    for n, miss in enumerate(MISSES):
        DUEL.act(whole, "bob", {"guess": miss, "round": 2}, 5_000 + n)
    DUEL.act(whole, "cyd", {"guess": "octet", "round": 2}, 6_000)
    DUEL.seat(whole, "dan", 7_000)
    rest, parts, orders = DUEL.detach(whole)
    return stored([rest, parts, orders])


def test_a_game_detaches_and_attaches_back() -> None:
    rest, parts, orders = detached()
    assert set(parts) == {"ana", "bob", "cyd"}
    assert orders == {SOLVED: {"ana": 1}}  # bob is done too: his six rows say it
    assert rest["rounds"][1]["guesses"] == []
    game = DUEL.attach(rest, parts, orders, THREE_WORDS)
    assert [*stored(DUEL.detach(game))] == [rest, parts, orders]
    assert DUEL.view(game, Viewer("cyd"), 8_000)["you"]["grid"]["tries_used"] == 1


def marked(rest: dict[str, Any], letters: str) -> list[Any]:
    """A row of ``letters`` in round 2, marked right."""
    return [letters, marks.text(marks.mark(rest["secrets"]["words"][1], letters)), 9_000]


def part_row(player: str, row: int, index: int, value: object) -> Callable[..., None]:
    def change(rest: dict[str, Any], parts: dict[str, Any], orders: dict[str, Any]) -> None:
        parts[player]["rows"][row][index] = value

    return change


def wrong(
    call: Callable[[dict[str, Any], dict[str, Any], dict[str, Any]], object],
) -> Callable[..., None]:
    def change(rest: dict[str, Any], parts: dict[str, Any], orders: dict[str, Any]) -> None:
        call(rest, parts, orders)

    return change


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (part_row("cyd", 0, 1, "GGGGG"), "is not marked right"),
        (part_row("cyd", 0, 1, "....."), "is not marked right"),  # OCTET shares letters with each
        (part_row("cyd", 0, 0, "ZZZZZ"), "not in the list"),
        (part_row("cyd", 0, 1, "YYx?G"), "are not marks"),
        (part_row("cyd", 0, 2, "6000"), "whole number"),
        (wrong(lambda r, p, o: p["bob"]["rows"].append(marked(r, "GHOST"))), "last try"),
        (wrong(lambda r, p, o: p["ana"]["rows"].append(marked(r, "GHOST"))), "last try"),
        (wrong(lambda r, p, o: p["cyd"]["rows"].append(p["cyd"]["rows"][0])), "twice"),
        (wrong(lambda r, p, o: p["cyd"].update(round=1)), "a part of round 1"),
        (wrong(lambda r, p, o: p["cyd"].update(extra=1)), "nothing else"),
        (wrong(lambda r, p, o: p.update(dan={"round": 2, "rows": []})), "does not play"),
        (wrong(lambda r, p, o: p.update(cyd=[])), "must be a mapping"),
        (wrong(lambda r, p, o: o.pop(SOLVED)), "solved was handed to"),
        (wrong(lambda r, p, o: o.update(spent={"bob": 1})), "unknown claim"),
        (wrong(lambda r, p, o: o[SOLVED].update(ana=2)), "not 1 to 1"),
        (wrong(lambda r, p, o: o[SOLVED].update(cyd=2)), "solved was handed to"),
        (wrong(lambda r, p, o: o[SOLVED].update(ana=True)), "whole number"),
        (wrong(lambda r, p, o: o.update(first={"ana": 1})), "unknown claim"),
        (wrong(lambda r, p, o: r["rounds"][1]["guesses"].append(["cyd", "SLATE", 1])), "rest"),
        (wrong(lambda r, p, o: r["rounds"][1].update(first_find_ms=4_000)), "rest holds"),
        (wrong(lambda r, p, o: r["rounds"][1].update(closed_ms=9_000)), "no round is open"),
    ],
)
def test_attach_refuses_what_the_rules_could_not_give(
    change: Callable[..., None], says: str
) -> None:
    rest, parts, orders = detached()
    change(rest, parts, orders)
    with pytest.raises(BadStateError, match=says) as error:
        DUEL.attach(rest, parts, orders, THREE_WORDS)
    assert error.value.code == "bad_state"


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, itself included."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 10**5)
    | st.sampled_from(("", "ana", "CRANE", "OCTET", "YYx.G", "GGGGG", SOLVED, AWAITED)),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=5,
)
DETACHED = stored(detached())


@settings(max_examples=300, deadline=None)
@given(where=st.integers(0, 10**6), junk=JSON, cut=st.booleans())
def test_damaged_parts_attach_or_are_bad_state(where: int, junk: Any, cut: bool) -> None:
    data = copy.deepcopy(DETACHED)
    places = [p for p in paths(data) if p[:1] in ((1,), (2,)) or p[:3] == (0, "rounds", 1)]
    place = places[where % len(places)]
    parent: Any = data
    for key in place[:-1]:
        parent = parent[key]
    if cut and isinstance(parent, dict):
        del parent[place[-1]]
    else:
        parent[place[-1]] = junk
    rest, parts, orders = data
    try:
        game = DUEL.attach(rest, parts, orders, THREE_WORDS)
    except BadStateError:
        return
    for viewer in VIEWERS:
        json.dumps(DUEL.view(game, viewer, 10**6))
    assert DUEL.attach(*stored(DUEL.detach(game)), THREE_WORDS) == game


def test_a_guess_reads_its_own_seat_of_the_context_alone() -> None:
    """A judge given its guesser's entry alone (as the session's store gives it) judges as on
    the whole context; so does a context of the older form (every player listed), which a game
    begun before the change still holds; a player without an entry is not seated."""
    whole, _ = both(tools=THREE_WORDS, rounds=3)
    DUEL.act(whole, "ana", guess("octet"), 1_000)
    DUEL.seat(whole, "dan", 1_500)  # waits for the next round
    context = stored(DUEL.context(whole))
    assert context[ACTORS]["dan"] == {"plays": False, "warned": False}
    older = {key: value for key, value in context.items() if key not in (ACTORS, "players")}
    older |= {"playing": ["ana", "bob", "cyd"], "waiting": ["dan"], "warned": []}
    for player, text in (("ana", "tatty"), ("bob", "tatty"), ("bob", "octet"), ("cyd", "zzzzz")):
        part = stored(DUEL.part(whole, player))
        judged = [
            outcome(DUEL.judge, c, part, player, guess(text), 2_000, ONE_WORD)
            for c in (context, actor_context(context, player), older)
        ]
        assert judged[0] == judged[1] == judged[2]
    for player, code in (("dan", "waiting"), ("eve", "not_seated")):
        alone = actor_context(context, player)
        assert len(json.dumps(alone)) < 300
        for c in (context, alone, older):
            with pytest.raises(ActionRefusedError) as refused:
                DUEL.judge(c, None, player, guess("tatty"), 2_000, ONE_WORD)
            assert refused.value.code == code


def outcome(judging: Callable[..., Judgement], *arguments: Any) -> Judgement | str:
    """The judgement, or the refusal's code."""
    try:
        return judging(*arguments)
    except ActionRefusedError as error:
        return error.code
