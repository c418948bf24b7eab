"""Tests of the Duel de Mots saved state (:func:`arbitre.rules.kinds.duel.game.save` and
:func:`~arbitre.rules.kinds.duel.game.load`, behind ``DuelKind.save``/``load``) and of pauses
(``DuelKind.shift``) in random games."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.base import (
    ActionRefusedError,
    Event,
    Message,
    Phase,
    Setup,
    Stage,
    Viewer,
)
from arbitre.rules.kinds.duel import DUEL, DuelGame
from arbitre.rules.kinds.duel.game import SAVE_VERSION, BadStateError, Secrets
from arbitre.rules.kinds.duel.kind import view_of
from arbitre.rules.kinds.duel.words import WordList
from tests.rules.kinds.duel.samples import GUESSES
from tests.rules.kinds.duel.test_kind import (
    PEEK,
    POOL,
    SPECTATOR,
    TEXTS,
    THREE_WORDS,
    Untouchable,
    played,
)


def stored(state: DuelGame) -> dict[str, Any]:
    """``state`` saved, as the session's storage gives it back (through JSON)."""
    data: dict[str, Any] = json.loads(json.dumps(DUEL.save(state)))
    return data


def reloaded(state: DuelGame) -> DuelGame:
    return DUEL.load(stored(state), THREE_WORDS)


def mid_round() -> DuelGame:
    """Round 2 of 3 open: a find (the closing window), a player gone, one waiting."""
    state = DUEL.new_game(
        DUEL.configure({"rounds": 3, "seats": 5}),
        Setup("g1", 7, ("ana", "bob", "cyd")),
        THREE_WORDS,
    )
    DUEL.open_next(state, 0)
    DUEL.act(state, "ana", {"guess": "octet", "round": 1}, 1_000)
    DUEL.close(state, 2_000)
    DUEL.open_next(state, 3_000)
    DUEL.act(state, "bob", {"guess": "crane", "round": 2}, 4_000)
    DUEL.act(state, "cyd", {"guess": state.secrets.words[1], "round": 2}, 5_000)
    DUEL.leave(state, "bob", 6_000)
    DUEL.seat(state, "dan", 7_000)
    return state


# -- examples ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda: DUEL.new_game(DUEL.configure({}), Setup("g1", 7, ("ana", "bob")), THREE_WORDS),
        mid_round,
        played,
        lambda: played(reveal_seconds=0),
    ],
)
def test_a_game_loads_back_equal(make: Callable[[], DuelGame]) -> None:
    state = make()
    data = stored(state)
    assert data["version"] == SAVE_VERSION
    again = DUEL.load(data, THREE_WORDS)
    assert again == state
    assert stored(again) == data
    data["players"].append("zed")  # the loaded game holds nothing of the data it was read from
    assert again == state


def test_the_saved_game_holds_the_secrets_but_the_loaded_game_hides_them() -> None:
    state = mid_round()
    data = stored(state)
    assert data["secrets"] == {
        "seed": 7,
        "words": list(state.secrets.words),
        "salts": list(state.secrets.salts),
    }
    again = DUEL.load(data, THREE_WORDS)
    assert isinstance(again.secrets, Secrets)
    assert state.secrets.words[2] not in repr(again)  # round 3's (cyd found round 2's)
    assert "seed" not in repr(again.secrets)
    secrets = again.secrets
    again.secrets = Untouchable()  # type: ignore[assignment]
    for viewer in (SPECTATOR, Viewer("ana"), Viewer("dan")):
        assert DUEL.view(again, viewer, 8_000) == view_of(again.table, viewer, 8_000)
    again.secrets = secrets


def test_a_loaded_game_goes_on_mid_round() -> None:
    state = mid_round()
    again = reloaded(state)
    for game in (state, again):
        DUEL.act(game, "ana", {"guess": game.secrets.words[1], "round": 2}, 9_000)
        DUEL.close(game, 25_000)
    assert DUEL.record(again) == DUEL.record(state)
    assert DUEL.view(again, Viewer("ana"), 25_000) == DUEL.view(state, Viewer("ana"), 25_000)


def bump(path: tuple[str | int, ...], value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.pop(key) and None


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (bump(("version",), 2), "version 1 is expected"),
        (bump(("version",), True), "version 1 is expected"),
        (drop("version"), "version 1 is expected"),
        (drop("rounds"), "rounds is missing"),
        (bump(("config", "rounds"), 4), "rounds must be one of"),
        (bump(("config",), []), "config must be a mapping"),
        (bump(("secrets", "seed"), 8), "not the ones the seed chooses"),
        (bump(("secrets", "seed"), "7"), "the seed must be a whole number"),
        (bump(("secrets", "words"), ["CHIOT", "FORTE", "TARTE"]), "not the ones the seed"),
        (bump(("starters",), ["ana", "ana"]), "twice in starters"),
        (bump(("players",), ["bob", "ana", "cyd", "dan"]), "begin with the starters"),
        (bump(("present",), ["zed"]), "not among the players"),
        (bump(("seating", 0, "round"), 9), "seating change at round 9"),
        (bump(("seating", 0, "joined"), 1), "joined must be true or false"),
        (bump(("seating", 0), "join"), "a seating change must be a mapping"),
        (bump(("rounds", 0, "round"), 2), "saved out of order"),
        (bump(("rounds", 0, "commitment"), "ab" * 32), "commitment is not the one"),
        (bump(("rounds", 0, "closed_ms"), None), "a later round was opened"),
        (bump(("rounds", 1, "players"), ["ana", "zed"]), "not among the players"),
        (bump(("rounds", 1, "guesses", 0, 0), "dan"), "guesses without playing"),
        (bump(("rounds", 1, "guesses", 0, 1), "CR4NE"), "is not a word's letters"),
        (bump(("rounds", 1, "guesses", 0, 1), "CRAN"), "is not a word's letters"),
        (bump(("rounds", 1, "guesses", 0, 2), 4.5), "must be a whole number"),
        (bump(("rounds", 1, "guesses", 0), ["bob", "CRANE"]), "a guess is"),
        (bump(("rounds", 1, "first_find_ms"), None), "first_find_ms is set"),
        (bump(("rounds", 1, "settled_ms"), 6_000), "settled_ms is set"),
        (bump(("rounds", 1, "left"), []), "gone and not left"),
        (bump(("next_ms",), 10), "next_ms is set"),
        (bump(("rounds", 1, "ends_ms"), None), "ends_ms must be a whole number"),
    ],
)
def test_data_it_did_not_write(change: Callable[[dict[str, Any]], None], says: str) -> None:
    data = stored(mid_round())
    change(data)
    with pytest.raises(BadStateError, match=says) as error:
        DUEL.load(data, THREE_WORDS)
    assert error.value.code == "bad_state"
    assert isinstance(error.value, ArbitreError)


def test_guesses_the_rules_never_accept() -> None:
    data = stored(mid_round())
    guesses = data["rounds"][1]["guesses"]
    for wrong, says in [
        ([*guesses, ["bob", "CRANE", 4_500]], "tries CRANE twice"),
        ([*guesses, ["cyd", "SLATE", 5_500]], "after their last try"),
    ]:
        data["rounds"][1]["guesses"] = wrong
        with pytest.raises(BadStateError, match=says):
            DUEL.load(data, THREE_WORDS)


def test_no_mapping_and_another_word_list() -> None:
    with pytest.raises(BadStateError, match="must be a mapping"):
        DUEL.load([], THREE_WORDS)  # type: ignore[arg-type]
    data = stored(mid_round())
    other = WordList("en", GUESSES, ("CRANE", "GHOST", "MOIST"))
    with pytest.raises(BadStateError, match="not the ones the seed chooses"):
        DUEL.load(data, other)
    french = WordList("fr", GUESSES, ("CHIOT", "FORTE", "TARTE"))
    with pytest.raises(BadStateError, match="the word list is in 'fr'") as error:
        DUEL.load(data, french)
    assert error.value.code == "bad_state"


# -- random games --------------------------------------------------------------------------------

STEP = st.tuples(
    st.sampled_from(("guess",) * 8 + ("seat", "leave", "stranger", "pause")),
    st.integers(0, len(POOL) - 1),
    st.integers(0, len(TEXTS) - 1),
    st.sampled_from((0, 1, 300, 1_000, 5_000, 19_999, 20_000, 90_000)),
)
VIEWERS = (SPECTATOR, *(Viewer(p) for p in POOL))


def shown(state: DuelGame, now: int, events: tuple[Event, ...]) -> str:
    """Everything anyone may see at ``now``: the record, every view and the events."""
    seen = [[e.seen_by(v) for e in events] for v in VIEWERS]
    return json.dumps(
        {
            "record": DUEL.record(state),
            "views": [DUEL.view(state, v, now) for v in VIEWERS],
            "events": [[None if m is None else [m.type, m.data] for m in ms] for ms in seen],
        },
        sort_keys=True,
    )


def step_clock(state: DuelGame, now: int) -> tuple[Event, ...]:
    """What the session's clock does at ``now``: close a due round, open the next one when the
    reveal is over (at once when it waits for the organiser)."""
    events: list[Event] = []
    while True:
        phase = DUEL.phase(state, now)
        if phase.stage is Stage.PLAYING and phase.due_ms is not None and now >= phase.due_ms:
            events.extend(DUEL.close(state, now))
        elif phase.stage is Stage.BETWEEN and (phase.next_ms is None or now >= phase.next_ms):
            events.extend(DUEL.open_next(state, now))
        else:
            return tuple(events)


def moved(phase: Phase, delta: int) -> Phase:
    def later(at: int | None) -> int | None:
        return None if at is None else at + delta

    return Phase(
        phase.stage,
        phase.number,
        phase.actors,
        later(phase.deadline_ms),
        later(phase.due_ms),
        later(phase.next_ms),
    )


def run(
    setup: Setup,
    config: dict[str, Any],
    steps: list[tuple[str, int, int, int]],
    reload_at: frozenset[int],
) -> list[str]:
    """Play ``steps``; before each step whose index is in ``reload_at``, save the game and go on
    with the loaded one. What everyone saw after each step."""
    state = DUEL.new_game(DUEL.configure(config), setup, THREE_WORDS)
    now = 0
    trace = [shown(state, now, DUEL.open_next(state, now))]
    for index, (what, who, text, dt) in enumerate(steps):
        if index in reload_at:
            data = stored(state)
            again = DUEL.load(data, THREE_WORDS)
            assert again == state
            assert stored(again) == data
            state = again
        if what == "pause":
            before = DUEL.phase(state, now)
            remaining = (DUEL.view(state, SPECTATOR, now)["current"] or {}).get("remaining_ms")
            DUEL.shift(state, dt)
            now += dt
            assert DUEL.phase(state, now) == moved(before, dt)
            after = DUEL.view(state, SPECTATOR, now)["current"] or {}
            assert after.get("remaining_ms") == remaining
            trace.append(shown(state, now, ()))
            continue
        now += dt
        events = step_clock(state, now)
        if state.table.stage is Stage.OVER:
            trace.append(shown(state, now, events))
            break
        seated = sorted(state.table.present)
        player = seated[who % len(seated)] if what == "guess" and seated else POOL[who]
        try:
            if what == "guess":
                number = state.table.number
                word = TEXTS[text]
                if word == PEEK:
                    word = state.secrets.words[number - 1]
                events += DUEL.act(state, player, {"guess": word, "round": number}, now).events
            elif what == "seat":
                events += DUEL.seat(state, player, now)
            elif what == "leave":
                events += DUEL.leave(state, player, now)
            else:
                events += DUEL.act(state, player, {"guess": TEXTS[text], "round": 1}, now).events
        except ActionRefusedError as error:
            events += (Event(None, {player: Message("refused", {"code": error.code})}),)
        trace.append(shown(state, now, events))
    return trace


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**63 - 1),
    rounds=st.sampled_from((1, 3)),
    reveal=st.sampled_from((0, 15)),
    seats=st.integers(2, 5),
    starters=st.integers(2, 5),
    steps=st.lists(STEP, max_size=60),
    reload_at=st.frozensets(st.integers(0, 59)),
)
def test_saving_and_loading_at_any_step_changes_nothing(
    seed: int,
    rounds: int,
    reveal: int,
    seats: int,
    starters: int,
    steps: list[tuple[str, int, int, int]],
    reload_at: frozenset[int],
) -> None:
    setup = Setup("h", seed, POOL[: min(starters, seats)])
    config = {"rounds": rounds, "reveal_seconds": reveal, "seats": seats, "round_seconds": 90}
    assert run(setup, config, steps, reload_at) == run(setup, config, steps, frozenset())


# -- damaged data --------------------------------------------------------------------------------


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
    st.none() | st.booleans() | st.integers(-3, 10**6) | st.sampled_from(("", "ana", "CRANE")),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=5,
)
SAVED = [stored(mid_round()), stored(played()), stored(played(reveal_seconds=0))]


@settings(max_examples=300, deadline=None)
@given(
    which=st.integers(0, len(SAVED) - 1), where=st.integers(0, 10**6), junk=JSON, cut=st.booleans()
)
def test_damaged_data_loads_or_is_bad_state(which: int, where: int, junk: Any, cut: bool) -> None:
    data = copy.deepcopy(SAVED[which])
    places = paths(data)
    place = places[where % len(places)]
    if not place:
        data = junk
    else:
        parent: Any = data
        for key in place[:-1]:
            parent = parent[key]
        if cut and isinstance(parent, dict):
            del parent[place[-1]]
        else:
            parent[place[-1]] = junk
    try:
        state = DUEL.load(data, THREE_WORDS)
    except BadStateError:
        return  # its code is bad_state: the class says so (test_data_it_did_not_write)
    for viewer in VIEWERS:  # what loads is a game the kind can serve
        json.dumps(DUEL.view(state, viewer, 10**6))
    json.dumps(DUEL.record(state))
    DUEL.phase(state, 10**6)
    DUEL.standings(state)
    assert DUEL.load(stored(state), THREE_WORDS) == state
