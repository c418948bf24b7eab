"""Shared helpers of the duplicate kind's tests: the real referee (move generator and the
shipped French lexicon), the game of the tops of a seed, a lesser move, and a whole game played
through the :class:`~arbitre.rules.kinds.base.Kind` interface only."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest
from hypothesis import strategies as st

import arbitre.rules.kinds.duplicate  # noqa: F401  (registers the kind)
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules.board import Board
from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.game_config import GameConfig
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.base import ActionRefusedError, Event, Kind, Setup, Stage, Viewer
from arbitre.rules.kinds.duplicate.state import state_data

#: A seed whose digits show nowhere else in a game's data.
SEED = 8_413_227_905_331
PLAYERS = ("ana", "bob")
#: Where the session's clock starts (ms).
START_MS = 1_000_000


def duplicate() -> Kind[Any, Any, Any]:
    return kind("duplicate")


@cache
def french() -> Lexicon:
    return load_lexicon("fr")


@cache
def referee(config: GameConfig) -> MoveGeneratorReferee:
    return MoveGeneratorReferee(french(), config)


def tops_of(config: GameConfig, seed: int) -> list[tuple[str, str]]:
    """(tirage, top) of every turn of the game of the tops from ``seed``: the tirages of any
    game from ``seed``, whatever its players answer (the top goes on the board)."""
    game = DuplicateGame(config, seed, referee(config))
    turns = []
    while (draw := game.start_turn()) is not None:
        top = game.current_top
        assert top is not None
        turns.append((draw.notation, top.move.notation()))
        game.close_turn()
    return turns


def lesser_move(config: GameConfig, rows: list[str], tiles: str, top: str = "") -> str | None:
    """A legal move of the position scoring less than its top, and not written within ``top``
    (so that a search for one never finds the other); ``None`` when there is none."""
    board = Board.from_rows(rows, config.layout)
    moves = referee(config).prepared(board).moves(tiles)
    lesser = [
        move
        for move in moves
        if move.score < moves[0].score
        and not (top and (move.notation in top or top in move.notation))
    ]
    return lesser[0].notation if lesser else None


def fingerprint(state: Any) -> str:
    """Everything ``state`` holds, as text: equal fingerprints, equal states."""
    return json.dumps(state_data(state), sort_keys=True)


def refused(code: str, action: Callable[[], object], state: Any, saying: str = "") -> None:
    """``action()`` raises ActionRefusedError ``code`` (its message ``saying`` something) and
    leaves ``state`` as it was."""
    before = fingerprint(state)
    with pytest.raises(ActionRefusedError) as raised:
        action()
    assert raised.value.code == code
    assert saying in str(raised.value)
    assert fingerprint(state) == before


def seen(events: tuple[Event, ...] | list[Event], viewer: Viewer) -> str:
    """What ``viewer`` sees of ``events``, as text."""
    messages = [event.seen_by(viewer) for event in events]
    return json.dumps([[m.type, dict(m.data)] for m in messages if m is not None])


@dataclass
class Played:
    """A game played to its end through the kind, and the same game played on a
    :class:`DuplicateGame` directly."""

    state: Any
    direct: DuplicateGame
    turns: int
    events: list[Event] = field(default_factory=list)
    end_ms: int = 0


def play_game(
    config_data: dict[str, Any], seed: int = SEED, players: tuple[str, ...] = PLAYERS
) -> Played:
    """Play a whole game: each turn bob answers the top then a lesser move (the last counts),
    ana the top, which closes the turn early; each reveal lasts its time."""
    game_kind = duplicate()
    config = game_kind.configure(config_data)
    rules = config.game
    state = game_kind.new_game(config, Setup("g1", seed, players), referee(rules))
    direct = DuplicateGame(rules, seed, referee(rules), players)
    played = Played(state, direct, 0)
    tops = tops_of(rules, seed)
    now = START_MS
    while True:
        events = game_kind.open_next(state, now)
        played.events.extend(events)
        if game_kind.phase(state, now).stage is Stage.OVER:
            assert direct.start_turn() is None
            played.end_ms = now
            return played
        played.turns += 1
        view = game_kind.view(state, Viewer.spectator(), now)
        top = tops[played.turns - 1][1]
        lesser = lesser_move(rules, view["board"], view["tiles"], top)
        bob = lesser or top
        for at, player, move in ((1_000, "bob", top), (2_000, "bob", bob), (2_500, "ana", top)):
            played.events.extend(game_kind.act(state, player, {"move": move}, now + at).events)
        closed_at = now + 3_000
        played.events.extend(game_kind.close(state, closed_at))
        direct.play_turn([("ana", top), ("bob", bob)])
        now = closed_at + config.reveal_ms


#: Any JSON value, small: what damages a saved state in the tests.
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``data`` (keys of dicts, indices of lists)."""
    found = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += paths(value, (*prefix, index))
    return found
