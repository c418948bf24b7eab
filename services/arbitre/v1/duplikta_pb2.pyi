from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DupliktaLetter(_message.Message):
    __slots__ = ("count", "value", "vowel", "consonant")
    COUNT_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    VOWEL_FIELD_NUMBER: _ClassVar[int]
    CONSONANT_FIELD_NUMBER: _ClassVar[int]
    count: int
    value: int
    vowel: bool
    consonant: bool
    def __init__(self, count: _Optional[int] = ..., value: _Optional[int] = ..., vowel: _Optional[bool] = ..., consonant: _Optional[bool] = ...) -> None: ...

class DupliktaTileSet(_message.Message):
    __slots__ = ("name", "language", "letters", "blanks", "blank_value")
    class LettersEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: DupliktaLetter
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[DupliktaLetter, _Mapping]] = ...) -> None: ...
    NAME_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    LETTERS_FIELD_NUMBER: _ClassVar[int]
    BLANKS_FIELD_NUMBER: _ClassVar[int]
    BLANK_VALUE_FIELD_NUMBER: _ClassVar[int]
    name: str
    language: str
    letters: _containers.MessageMap[str, DupliktaLetter]
    blanks: int
    blank_value: int
    def __init__(self, name: _Optional[str] = ..., language: _Optional[str] = ..., letters: _Optional[_Mapping[str, DupliktaLetter]] = ..., blanks: _Optional[int] = ..., blank_value: _Optional[int] = ...) -> None: ...

class DupliktaHandicaps(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, value: _Optional[_Iterable[int]] = ...) -> None: ...

class DupliktaConfig(_message.Message):
    __slots__ = ("tiles", "tile_set", "same_racks", "clock", "chances", "handicaps", "pauses", "pause_seconds", "scenario")
    TILES_FIELD_NUMBER: _ClassVar[int]
    TILE_SET_FIELD_NUMBER: _ClassVar[int]
    SAME_RACKS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    CHANCES_FIELD_NUMBER: _ClassVar[int]
    HANDICAPS_FIELD_NUMBER: _ClassVar[int]
    PAUSES_FIELD_NUMBER: _ClassVar[int]
    PAUSE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    SCENARIO_FIELD_NUMBER: _ClassVar[int]
    tiles: str
    tile_set: DupliktaTileSet
    same_racks: bool
    clock: int
    chances: int
    handicaps: DupliktaHandicaps
    pauses: int
    pause_seconds: int
    scenario: DupliktaScenario
    def __init__(self, tiles: _Optional[str] = ..., tile_set: _Optional[_Union[DupliktaTileSet, _Mapping]] = ..., same_racks: _Optional[bool] = ..., clock: _Optional[int] = ..., chances: _Optional[int] = ..., handicaps: _Optional[_Union[DupliktaHandicaps, _Mapping]] = ..., pauses: _Optional[int] = ..., pause_seconds: _Optional[int] = ..., scenario: _Optional[_Union[DupliktaScenario, _Mapping]] = ...) -> None: ...

class DupliktaScenario(_message.Message):
    __slots__ = ("number", "level", "moves")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    number: int
    level: int
    moves: DupliktaMoves
    def __init__(self, number: _Optional[int] = ..., level: _Optional[int] = ..., moves: _Optional[_Union[DupliktaMoves, _Mapping]] = ...) -> None: ...

class DupliktaMoves(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: _containers.RepeatedCompositeFieldContainer[DupliktaMove]
    def __init__(self, value: _Optional[_Iterable[_Union[DupliktaMove, _Mapping]]] = ...) -> None: ...

class DupliktaMove(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: str
    def __init__(self, value: _Optional[str] = ...) -> None: ...

class DupliktaAction(_message.Message):
    __slots__ = ("turn", "redraw", "exchange", "confirm", "loupe", "returned", "pause", "resume")
    TURN_FIELD_NUMBER: _ClassVar[int]
    REDRAW_FIELD_NUMBER: _ClassVar[int]
    EXCHANGE_FIELD_NUMBER: _ClassVar[int]
    FOR_FIELD_NUMBER: _ClassVar[int]
    CONFIRM_FIELD_NUMBER: _ClassVar[int]
    LOUPE_FIELD_NUMBER: _ClassVar[int]
    RETURNED_FIELD_NUMBER: _ClassVar[int]
    PAUSE_FIELD_NUMBER: _ClassVar[int]
    RESUME_FIELD_NUMBER: _ClassVar[int]
    turn: int
    redraw: str
    exchange: str
    confirm: DupliktaMove
    loupe: str
    returned: str
    pause: bool
    resume: bool
    def __init__(self, turn: _Optional[int] = ..., redraw: _Optional[str] = ..., exchange: _Optional[str] = ..., confirm: _Optional[_Union[DupliktaMove, _Mapping]] = ..., loupe: _Optional[str] = ..., returned: _Optional[str] = ..., pause: _Optional[bool] = ..., resume: _Optional[bool] = ..., **kwargs) -> None: ...

class DupliktaExchange(_message.Message):
    __slots__ = ("kind", "given", "wanted", "received", "cost")
    KIND_FIELD_NUMBER: _ClassVar[int]
    GIVEN_FIELD_NUMBER: _ClassVar[int]
    WANTED_FIELD_NUMBER: _ClassVar[int]
    RECEIVED_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    kind: str
    given: str
    wanted: str
    received: str
    cost: str
    def __init__(self, kind: _Optional[str] = ..., given: _Optional[str] = ..., wanted: _Optional[str] = ..., received: _Optional[str] = ..., cost: _Optional[str] = ...) -> None: ...

class DupliktaWords(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, value: _Optional[_Iterable[str]] = ...) -> None: ...

class DupliktaResult(_message.Message):
    __slots__ = ("turn", "exchange", "rack", "chances", "chances_text", "box", "move", "ms", "tiles", "score", "words", "loupe", "returned", "penalty", "paused", "resumed")
    TURN_FIELD_NUMBER: _ClassVar[int]
    EXCHANGE_FIELD_NUMBER: _ClassVar[int]
    RACK_FIELD_NUMBER: _ClassVar[int]
    CHANCES_FIELD_NUMBER: _ClassVar[int]
    CHANCES_TEXT_FIELD_NUMBER: _ClassVar[int]
    BOX_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    MS_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    WORDS_FIELD_NUMBER: _ClassVar[int]
    LOUPE_FIELD_NUMBER: _ClassVar[int]
    RETURNED_FIELD_NUMBER: _ClassVar[int]
    PENALTY_FIELD_NUMBER: _ClassVar[int]
    PAUSED_FIELD_NUMBER: _ClassVar[int]
    RESUMED_FIELD_NUMBER: _ClassVar[int]
    turn: int
    exchange: DupliktaExchange
    rack: str
    chances: int
    chances_text: str
    box: str
    move: DupliktaMove
    ms: int
    tiles: int
    score: int
    words: DupliktaWords
    loupe: str
    returned: str
    penalty: int
    paused: DupliktaTurnPaused
    resumed: DupliktaTurnResumed
    def __init__(self, turn: _Optional[int] = ..., exchange: _Optional[_Union[DupliktaExchange, _Mapping]] = ..., rack: _Optional[str] = ..., chances: _Optional[int] = ..., chances_text: _Optional[str] = ..., box: _Optional[str] = ..., move: _Optional[_Union[DupliktaMove, _Mapping]] = ..., ms: _Optional[int] = ..., tiles: _Optional[int] = ..., score: _Optional[int] = ..., words: _Optional[_Union[DupliktaWords, _Mapping]] = ..., loupe: _Optional[str] = ..., returned: _Optional[str] = ..., penalty: _Optional[int] = ..., paused: _Optional[_Union[DupliktaTurnPaused, _Mapping]] = ..., resumed: _Optional[_Union[DupliktaTurnResumed, _Mapping]] = ...) -> None: ...

class DupliktaConfirm(_message.Message):
    __slots__ = ("move", "ms", "tiles", "score", "words", "loupe", "returned", "penalty")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    MS_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    WORDS_FIELD_NUMBER: _ClassVar[int]
    LOUPE_FIELD_NUMBER: _ClassVar[int]
    RETURNED_FIELD_NUMBER: _ClassVar[int]
    PENALTY_FIELD_NUMBER: _ClassVar[int]
    move: str
    ms: int
    tiles: int
    score: int
    words: _containers.RepeatedScalarFieldContainer[str]
    loupe: str
    returned: str
    penalty: int
    def __init__(self, move: _Optional[str] = ..., ms: _Optional[int] = ..., tiles: _Optional[int] = ..., score: _Optional[int] = ..., words: _Optional[_Iterable[str]] = ..., loupe: _Optional[str] = ..., returned: _Optional[str] = ..., penalty: _Optional[int] = ...) -> None: ...

class DupliktaSide(_message.Message):
    __slots__ = ("rack", "exchanges", "move", "accepted", "tiles", "words", "reversed_words", "unknown_words", "score", "penalty", "bonuses", "points", "confirm_ms", "loupe", "returned", "chances", "mimil", "total", "against_best", "against_best_total")
    class BonusesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    RACK_FIELD_NUMBER: _ClassVar[int]
    EXCHANGES_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    WORDS_FIELD_NUMBER: _ClassVar[int]
    REVERSED_WORDS_FIELD_NUMBER: _ClassVar[int]
    UNKNOWN_WORDS_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    PENALTY_FIELD_NUMBER: _ClassVar[int]
    BONUSES_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    CONFIRM_MS_FIELD_NUMBER: _ClassVar[int]
    LOUPE_FIELD_NUMBER: _ClassVar[int]
    RETURNED_FIELD_NUMBER: _ClassVar[int]
    CHANCES_FIELD_NUMBER: _ClassVar[int]
    MIMIL_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    AGAINST_BEST_FIELD_NUMBER: _ClassVar[int]
    AGAINST_BEST_TOTAL_FIELD_NUMBER: _ClassVar[int]
    rack: str
    exchanges: _containers.RepeatedCompositeFieldContainer[DupliktaExchange]
    move: str
    accepted: bool
    tiles: int
    words: _containers.RepeatedScalarFieldContainer[str]
    reversed_words: _containers.RepeatedScalarFieldContainer[str]
    unknown_words: _containers.RepeatedScalarFieldContainer[str]
    score: int
    penalty: int
    bonuses: _containers.ScalarMap[str, int]
    points: int
    confirm_ms: int
    loupe: str
    returned: str
    chances: str
    mimil: str
    total: int
    against_best: int
    against_best_total: int
    def __init__(self, rack: _Optional[str] = ..., exchanges: _Optional[_Iterable[_Union[DupliktaExchange, _Mapping]]] = ..., move: _Optional[str] = ..., accepted: _Optional[bool] = ..., tiles: _Optional[int] = ..., words: _Optional[_Iterable[str]] = ..., reversed_words: _Optional[_Iterable[str]] = ..., unknown_words: _Optional[_Iterable[str]] = ..., score: _Optional[int] = ..., penalty: _Optional[int] = ..., bonuses: _Optional[_Mapping[str, int]] = ..., points: _Optional[int] = ..., confirm_ms: _Optional[int] = ..., loupe: _Optional[str] = ..., returned: _Optional[str] = ..., chances: _Optional[str] = ..., mimil: _Optional[str] = ..., total: _Optional[int] = ..., against_best: _Optional[int] = ..., against_best_total: _Optional[int] = ...) -> None: ...

class DupliktaBest(_message.Message):
    __slots__ = ("move", "score")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    move: str
    score: int
    def __init__(self, move: _Optional[str] = ..., score: _Optional[int] = ...) -> None: ...

class DupliktaSides(_message.Message):
    __slots__ = ("value",)
    class ValueEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: DupliktaSide
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[DupliktaSide, _Mapping]] = ...) -> None: ...
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: _containers.MessageMap[str, DupliktaSide]
    def __init__(self, value: _Optional[_Mapping[str, DupliktaSide]] = ...) -> None: ...

class DupliktaPoints(_message.Message):
    __slots__ = ("value",)
    class ValueEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: _containers.ScalarMap[str, int]
    def __init__(self, value: _Optional[_Mapping[str, int]] = ...) -> None: ...

class DupliktaPlayerName(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: str
    def __init__(self, value: _Optional[str] = ...) -> None: ...

class DupliktaSheetLine(_message.Message):
    __slots__ = ("turn", "rack", "players", "installed", "criterion", "reliquat", "end", "adjustment", "totals", "best")
    TURN_FIELD_NUMBER: _ClassVar[int]
    RACK_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    INSTALLED_FIELD_NUMBER: _ClassVar[int]
    CRITERION_FIELD_NUMBER: _ClassVar[int]
    RELIQUAT_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    ADJUSTMENT_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    BEST_FIELD_NUMBER: _ClassVar[int]
    turn: int
    rack: str
    players: DupliktaSides
    installed: DupliktaPlayerName
    criterion: str
    reliquat: str
    end: str
    adjustment: DupliktaPoints
    totals: DupliktaPoints
    best: DupliktaBest
    def __init__(self, turn: _Optional[int] = ..., rack: _Optional[str] = ..., players: _Optional[_Union[DupliktaSides, _Mapping]] = ..., installed: _Optional[_Union[DupliktaPlayerName, _Mapping]] = ..., criterion: _Optional[str] = ..., reliquat: _Optional[str] = ..., end: _Optional[str] = ..., adjustment: _Optional[_Union[DupliktaPoints, _Mapping]] = ..., totals: _Optional[_Union[DupliktaPoints, _Mapping]] = ..., best: _Optional[_Union[DupliktaBest, _Mapping]] = ...) -> None: ...

class DupliktaStandingDetails(_message.Message):
    __slots__ = ("seat", "installed", "bonuses", "refused", "passes", "penalties", "adjustment", "chances", "against_best")
    class BonusesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    INSTALLED_FIELD_NUMBER: _ClassVar[int]
    BONUSES_FIELD_NUMBER: _ClassVar[int]
    REFUSED_FIELD_NUMBER: _ClassVar[int]
    PASSES_FIELD_NUMBER: _ClassVar[int]
    PENALTIES_FIELD_NUMBER: _ClassVar[int]
    ADJUSTMENT_FIELD_NUMBER: _ClassVar[int]
    CHANCES_FIELD_NUMBER: _ClassVar[int]
    AGAINST_BEST_FIELD_NUMBER: _ClassVar[int]
    seat: int
    installed: int
    bonuses: _containers.ScalarMap[str, int]
    refused: int
    passes: int
    penalties: int
    adjustment: int
    chances: int
    against_best: int
    def __init__(self, seat: _Optional[int] = ..., installed: _Optional[int] = ..., bonuses: _Optional[_Mapping[str, int]] = ..., refused: _Optional[int] = ..., passes: _Optional[int] = ..., penalties: _Optional[int] = ..., adjustment: _Optional[int] = ..., chances: _Optional[int] = ..., against_best: _Optional[int] = ...) -> None: ...

class DupliktaStanding(_message.Message):
    __slots__ = ("rank", "player", "total", "details")
    RANK_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    DETAILS_FIELD_NUMBER: _ClassVar[int]
    rank: int
    player: str
    total: int
    details: DupliktaStandingDetails
    def __init__(self, rank: _Optional[int] = ..., player: _Optional[str] = ..., total: _Optional[int] = ..., details: _Optional[_Union[DupliktaStandingDetails, _Mapping]] = ...) -> None: ...

class DupliktaPlayer(_message.Message):
    __slots__ = ("player", "seat", "present", "total", "chances", "chances_text", "confirmed", "pauses_left", "pause_ms_left")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PRESENT_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    CHANCES_FIELD_NUMBER: _ClassVar[int]
    CHANCES_TEXT_FIELD_NUMBER: _ClassVar[int]
    CONFIRMED_FIELD_NUMBER: _ClassVar[int]
    PAUSES_LEFT_FIELD_NUMBER: _ClassVar[int]
    PAUSE_MS_LEFT_FIELD_NUMBER: _ClassVar[int]
    player: str
    seat: int
    present: bool
    total: int
    chances: int
    chances_text: str
    confirmed: bool
    pauses_left: int
    pause_ms_left: int
    def __init__(self, player: _Optional[str] = ..., seat: _Optional[int] = ..., present: _Optional[bool] = ..., total: _Optional[int] = ..., chances: _Optional[int] = ..., chances_text: _Optional[str] = ..., confirmed: _Optional[bool] = ..., pauses_left: _Optional[int] = ..., pause_ms_left: _Optional[int] = ...) -> None: ...

class DupliktaClock(_message.Message):
    __slots__ = ("seconds", "dealt_ms", "deadline_ms", "remaining_ms")
    SECONDS_FIELD_NUMBER: _ClassVar[int]
    DEALT_MS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    REMAINING_MS_FIELD_NUMBER: _ClassVar[int]
    seconds: int
    dealt_ms: int
    deadline_ms: int
    remaining_ms: int
    def __init__(self, seconds: _Optional[int] = ..., dealt_ms: _Optional[int] = ..., deadline_ms: _Optional[int] = ..., remaining_ms: _Optional[int] = ...) -> None: ...

class DupliktaYou(_message.Message):
    __slots__ = ("player", "seat", "present", "actor", "sees_box", "box", "chances", "chances_text", "rack", "exchanges", "confirm", "can_pause")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PRESENT_FIELD_NUMBER: _ClassVar[int]
    ACTOR_FIELD_NUMBER: _ClassVar[int]
    SEES_BOX_FIELD_NUMBER: _ClassVar[int]
    BOX_FIELD_NUMBER: _ClassVar[int]
    CHANCES_FIELD_NUMBER: _ClassVar[int]
    CHANCES_TEXT_FIELD_NUMBER: _ClassVar[int]
    RACK_FIELD_NUMBER: _ClassVar[int]
    EXCHANGES_FIELD_NUMBER: _ClassVar[int]
    CONFIRM_FIELD_NUMBER: _ClassVar[int]
    CAN_PAUSE_FIELD_NUMBER: _ClassVar[int]
    player: str
    seat: int
    present: bool
    actor: bool
    sees_box: bool
    box: str
    chances: int
    chances_text: str
    rack: str
    exchanges: _containers.RepeatedCompositeFieldContainer[DupliktaExchange]
    confirm: DupliktaConfirm
    can_pause: bool
    def __init__(self, player: _Optional[str] = ..., seat: _Optional[int] = ..., present: _Optional[bool] = ..., actor: _Optional[bool] = ..., sees_box: _Optional[bool] = ..., box: _Optional[str] = ..., chances: _Optional[int] = ..., chances_text: _Optional[str] = ..., rack: _Optional[str] = ..., exchanges: _Optional[_Iterable[_Union[DupliktaExchange, _Mapping]]] = ..., confirm: _Optional[_Union[DupliktaConfirm, _Mapping]] = ..., can_pause: _Optional[bool] = ...) -> None: ...

class DupliktaPause(_message.Message):
    __slots__ = ("player", "at_ms", "ends_ms")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    ENDS_MS_FIELD_NUMBER: _ClassVar[int]
    player: str
    at_ms: int
    ends_ms: int
    def __init__(self, player: _Optional[str] = ..., at_ms: _Optional[int] = ..., ends_ms: _Optional[int] = ...) -> None: ...

class DupliktaView(_message.Message):
    __slots__ = ("kind", "game_id", "config", "stage", "turn", "players", "board", "rack", "reliquat", "box_count", "clock", "due_ms", "next_ms", "closed_ms", "sheet", "end", "standings", "you", "seed", "board_layout", "token_set", "pause")
    KIND_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    RACK_FIELD_NUMBER: _ClassVar[int]
    RELIQUAT_FIELD_NUMBER: _ClassVar[int]
    BOX_COUNT_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    DUE_MS_FIELD_NUMBER: _ClassVar[int]
    NEXT_MS_FIELD_NUMBER: _ClassVar[int]
    CLOSED_MS_FIELD_NUMBER: _ClassVar[int]
    SHEET_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    YOU_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    BOARD_LAYOUT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_SET_FIELD_NUMBER: _ClassVar[int]
    PAUSE_FIELD_NUMBER: _ClassVar[int]
    kind: str
    game_id: str
    config: DupliktaConfig
    stage: str
    turn: int
    players: _containers.RepeatedCompositeFieldContainer[DupliktaPlayer]
    board: _containers.RepeatedScalarFieldContainer[str]
    rack: str
    reliquat: str
    box_count: int
    clock: DupliktaClock
    due_ms: int
    next_ms: int
    closed_ms: int
    sheet: _containers.RepeatedCompositeFieldContainer[DupliktaSheetLine]
    end: str
    standings: _containers.RepeatedCompositeFieldContainer[DupliktaStanding]
    you: DupliktaYou
    seed: int
    board_layout: _containers.RepeatedScalarFieldContainer[str]
    token_set: DupliktaTileSet
    pause: DupliktaPause
    def __init__(self, kind: _Optional[str] = ..., game_id: _Optional[str] = ..., config: _Optional[_Union[DupliktaConfig, _Mapping]] = ..., stage: _Optional[str] = ..., turn: _Optional[int] = ..., players: _Optional[_Iterable[_Union[DupliktaPlayer, _Mapping]]] = ..., board: _Optional[_Iterable[str]] = ..., rack: _Optional[str] = ..., reliquat: _Optional[str] = ..., box_count: _Optional[int] = ..., clock: _Optional[_Union[DupliktaClock, _Mapping]] = ..., due_ms: _Optional[int] = ..., next_ms: _Optional[int] = ..., closed_ms: _Optional[int] = ..., sheet: _Optional[_Iterable[_Union[DupliktaSheetLine, _Mapping]]] = ..., end: _Optional[str] = ..., standings: _Optional[_Iterable[_Union[DupliktaStanding, _Mapping]]] = ..., you: _Optional[_Union[DupliktaYou, _Mapping]] = ..., seed: _Optional[int] = ..., board_layout: _Optional[_Iterable[str]] = ..., token_set: _Optional[_Union[DupliktaTileSet, _Mapping]] = ..., pause: _Optional[_Union[DupliktaPause, _Mapping]] = ...) -> None: ...

class DupliktaPlayerJoined(_message.Message):
    __slots__ = ("player", "seat", "name", "robot")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    ROBOT_FIELD_NUMBER: _ClassVar[int]
    player: str
    seat: int
    name: str
    robot: str
    def __init__(self, player: _Optional[str] = ..., seat: _Optional[int] = ..., name: _Optional[str] = ..., robot: _Optional[str] = ...) -> None: ...

class DupliktaPlayerLeft(_message.Message):
    __slots__ = ("player", "seat")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    player: str
    seat: int
    def __init__(self, player: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class DupliktaTurnDealt(_message.Message):
    __slots__ = ("turn", "dealt_ms", "deadline_ms", "box_count", "reliquat", "rack")
    TURN_FIELD_NUMBER: _ClassVar[int]
    DEALT_MS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    BOX_COUNT_FIELD_NUMBER: _ClassVar[int]
    RELIQUAT_FIELD_NUMBER: _ClassVar[int]
    RACK_FIELD_NUMBER: _ClassVar[int]
    turn: int
    dealt_ms: int
    deadline_ms: int
    box_count: int
    reliquat: str
    rack: str
    def __init__(self, turn: _Optional[int] = ..., dealt_ms: _Optional[int] = ..., deadline_ms: _Optional[int] = ..., box_count: _Optional[int] = ..., reliquat: _Optional[str] = ..., rack: _Optional[str] = ...) -> None: ...

class DupliktaPlayerConfirmed(_message.Message):
    __slots__ = ("turn", "player")
    TURN_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    turn: int
    player: str
    def __init__(self, turn: _Optional[int] = ..., player: _Optional[str] = ...) -> None: ...

class DupliktaLoupe(_message.Message):
    __slots__ = ("turn", "exchange", "rack", "chances", "chances_text", "box")
    TURN_FIELD_NUMBER: _ClassVar[int]
    EXCHANGE_FIELD_NUMBER: _ClassVar[int]
    RACK_FIELD_NUMBER: _ClassVar[int]
    CHANCES_FIELD_NUMBER: _ClassVar[int]
    CHANCES_TEXT_FIELD_NUMBER: _ClassVar[int]
    BOX_FIELD_NUMBER: _ClassVar[int]
    turn: int
    exchange: DupliktaExchange
    rack: str
    chances: int
    chances_text: str
    box: str
    def __init__(self, turn: _Optional[int] = ..., exchange: _Optional[_Union[DupliktaExchange, _Mapping]] = ..., rack: _Optional[str] = ..., chances: _Optional[int] = ..., chances_text: _Optional[str] = ..., box: _Optional[str] = ...) -> None: ...

class DupliktaConfirmed(_message.Message):
    __slots__ = ("turn", "move", "ms", "tiles", "score", "words", "loupe", "returned", "penalty")
    TURN_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    MS_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    WORDS_FIELD_NUMBER: _ClassVar[int]
    LOUPE_FIELD_NUMBER: _ClassVar[int]
    RETURNED_FIELD_NUMBER: _ClassVar[int]
    PENALTY_FIELD_NUMBER: _ClassVar[int]
    turn: int
    move: str
    ms: int
    tiles: int
    score: int
    words: _containers.RepeatedScalarFieldContainer[str]
    loupe: str
    returned: str
    penalty: int
    def __init__(self, turn: _Optional[int] = ..., move: _Optional[str] = ..., ms: _Optional[int] = ..., tiles: _Optional[int] = ..., score: _Optional[int] = ..., words: _Optional[_Iterable[str]] = ..., loupe: _Optional[str] = ..., returned: _Optional[str] = ..., penalty: _Optional[int] = ...) -> None: ...

class DupliktaTurnClosed(_message.Message):
    __slots__ = ("turn", "rack", "players", "installed", "criterion", "reliquat", "totals", "board", "next_ms", "over", "best")
    class PlayersEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: DupliktaSide
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[DupliktaSide, _Mapping]] = ...) -> None: ...
    class TotalsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    TURN_FIELD_NUMBER: _ClassVar[int]
    RACK_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    INSTALLED_FIELD_NUMBER: _ClassVar[int]
    CRITERION_FIELD_NUMBER: _ClassVar[int]
    RELIQUAT_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    NEXT_MS_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    BEST_FIELD_NUMBER: _ClassVar[int]
    turn: int
    rack: str
    players: _containers.MessageMap[str, DupliktaSide]
    installed: str
    criterion: str
    reliquat: str
    totals: _containers.ScalarMap[str, int]
    board: _containers.RepeatedScalarFieldContainer[str]
    next_ms: int
    over: bool
    best: DupliktaBest
    def __init__(self, turn: _Optional[int] = ..., rack: _Optional[str] = ..., players: _Optional[_Mapping[str, DupliktaSide]] = ..., installed: _Optional[str] = ..., criterion: _Optional[str] = ..., reliquat: _Optional[str] = ..., totals: _Optional[_Mapping[str, int]] = ..., board: _Optional[_Iterable[str]] = ..., next_ms: _Optional[int] = ..., over: _Optional[bool] = ..., best: _Optional[_Union[DupliktaBest, _Mapping]] = ...) -> None: ...

class DupliktaGameOver(_message.Message):
    __slots__ = ("end", "adjustment", "totals", "standings", "seed")
    class AdjustmentEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    class TotalsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    END_FIELD_NUMBER: _ClassVar[int]
    ADJUSTMENT_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    end: str
    adjustment: _containers.ScalarMap[str, int]
    totals: _containers.ScalarMap[str, int]
    standings: _containers.RepeatedCompositeFieldContainer[DupliktaStanding]
    seed: int
    def __init__(self, end: _Optional[str] = ..., adjustment: _Optional[_Mapping[str, int]] = ..., totals: _Optional[_Mapping[str, int]] = ..., standings: _Optional[_Iterable[_Union[DupliktaStanding, _Mapping]]] = ..., seed: _Optional[int] = ...) -> None: ...

class DupliktaTurnPaused(_message.Message):
    __slots__ = ("turn", "player", "at_ms", "ends_ms", "pauses_left", "pause_ms_left")
    TURN_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    ENDS_MS_FIELD_NUMBER: _ClassVar[int]
    PAUSES_LEFT_FIELD_NUMBER: _ClassVar[int]
    PAUSE_MS_LEFT_FIELD_NUMBER: _ClassVar[int]
    turn: int
    player: str
    at_ms: int
    ends_ms: int
    pauses_left: int
    pause_ms_left: int
    def __init__(self, turn: _Optional[int] = ..., player: _Optional[str] = ..., at_ms: _Optional[int] = ..., ends_ms: _Optional[int] = ..., pauses_left: _Optional[int] = ..., pause_ms_left: _Optional[int] = ...) -> None: ...

class DupliktaTurnResumed(_message.Message):
    __slots__ = ("turn", "player", "resumed_by", "at_ms", "paused_ms", "deadline_ms", "pauses_left", "pause_ms_left")
    TURN_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    RESUMED_BY_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    PAUSED_MS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    PAUSES_LEFT_FIELD_NUMBER: _ClassVar[int]
    PAUSE_MS_LEFT_FIELD_NUMBER: _ClassVar[int]
    turn: int
    player: str
    resumed_by: str
    at_ms: int
    paused_ms: int
    deadline_ms: int
    pauses_left: int
    pause_ms_left: int
    def __init__(self, turn: _Optional[int] = ..., player: _Optional[str] = ..., resumed_by: _Optional[str] = ..., at_ms: _Optional[int] = ..., paused_ms: _Optional[int] = ..., deadline_ms: _Optional[int] = ..., pauses_left: _Optional[int] = ..., pause_ms_left: _Optional[int] = ...) -> None: ...

class DupliktaEvent(_message.Message):
    __slots__ = ("player_joined", "player_left", "turn_dealt", "player_confirmed", "loupe", "confirmed", "turn_closed", "game_over", "turn_paused", "turn_resumed")
    PLAYER_JOINED_FIELD_NUMBER: _ClassVar[int]
    PLAYER_LEFT_FIELD_NUMBER: _ClassVar[int]
    TURN_DEALT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_CONFIRMED_FIELD_NUMBER: _ClassVar[int]
    LOUPE_FIELD_NUMBER: _ClassVar[int]
    CONFIRMED_FIELD_NUMBER: _ClassVar[int]
    TURN_CLOSED_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    TURN_PAUSED_FIELD_NUMBER: _ClassVar[int]
    TURN_RESUMED_FIELD_NUMBER: _ClassVar[int]
    player_joined: DupliktaPlayerJoined
    player_left: DupliktaPlayerLeft
    turn_dealt: DupliktaTurnDealt
    player_confirmed: DupliktaPlayerConfirmed
    loupe: DupliktaLoupe
    confirmed: DupliktaConfirmed
    turn_closed: DupliktaTurnClosed
    game_over: DupliktaGameOver
    turn_paused: DupliktaTurnPaused
    turn_resumed: DupliktaTurnResumed
    def __init__(self, player_joined: _Optional[_Union[DupliktaPlayerJoined, _Mapping]] = ..., player_left: _Optional[_Union[DupliktaPlayerLeft, _Mapping]] = ..., turn_dealt: _Optional[_Union[DupliktaTurnDealt, _Mapping]] = ..., player_confirmed: _Optional[_Union[DupliktaPlayerConfirmed, _Mapping]] = ..., loupe: _Optional[_Union[DupliktaLoupe, _Mapping]] = ..., confirmed: _Optional[_Union[DupliktaConfirmed, _Mapping]] = ..., turn_closed: _Optional[_Union[DupliktaTurnClosed, _Mapping]] = ..., game_over: _Optional[_Union[DupliktaGameOver, _Mapping]] = ..., turn_paused: _Optional[_Union[DupliktaTurnPaused, _Mapping]] = ..., turn_resumed: _Optional[_Union[DupliktaTurnResumed, _Mapping]] = ...) -> None: ...

class DupliktaTurnAction(_message.Message):
    __slots__ = ("player", "redraw", "exchange", "confirm", "ms", "loupe", "returned")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    REDRAW_FIELD_NUMBER: _ClassVar[int]
    EXCHANGE_FIELD_NUMBER: _ClassVar[int]
    FOR_FIELD_NUMBER: _ClassVar[int]
    CONFIRM_FIELD_NUMBER: _ClassVar[int]
    MS_FIELD_NUMBER: _ClassVar[int]
    LOUPE_FIELD_NUMBER: _ClassVar[int]
    RETURNED_FIELD_NUMBER: _ClassVar[int]
    player: str
    redraw: str
    exchange: str
    confirm: DupliktaMove
    ms: int
    loupe: str
    returned: str
    def __init__(self, player: _Optional[str] = ..., redraw: _Optional[str] = ..., exchange: _Optional[str] = ..., confirm: _Optional[_Union[DupliktaMove, _Mapping]] = ..., ms: _Optional[int] = ..., loupe: _Optional[str] = ..., returned: _Optional[str] = ..., **kwargs) -> None: ...

class DupliktaTurnRecord(_message.Message):
    __slots__ = ("rack", "actions", "installed", "criterion", "points", "dealt_ms", "deadline_ms", "settled_ms", "closed_ms", "best")
    class PointsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    RACK_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    INSTALLED_FIELD_NUMBER: _ClassVar[int]
    CRITERION_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    DEALT_MS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    SETTLED_MS_FIELD_NUMBER: _ClassVar[int]
    CLOSED_MS_FIELD_NUMBER: _ClassVar[int]
    BEST_FIELD_NUMBER: _ClassVar[int]
    rack: str
    actions: _containers.RepeatedCompositeFieldContainer[DupliktaTurnAction]
    installed: str
    criterion: str
    points: _containers.ScalarMap[str, int]
    dealt_ms: int
    deadline_ms: int
    settled_ms: int
    closed_ms: int
    best: DupliktaBest
    def __init__(self, rack: _Optional[str] = ..., actions: _Optional[_Iterable[_Union[DupliktaTurnAction, _Mapping]]] = ..., installed: _Optional[str] = ..., criterion: _Optional[str] = ..., points: _Optional[_Mapping[str, int]] = ..., dealt_ms: _Optional[int] = ..., deadline_ms: _Optional[int] = ..., settled_ms: _Optional[int] = ..., closed_ms: _Optional[int] = ..., best: _Optional[_Union[DupliktaBest, _Mapping]] = ...) -> None: ...

class DupliktaStep(_message.Message):
    __slots__ = ("step", "player", "action", "at_ms", "delta_ms", "robot")
    STEP_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    DELTA_MS_FIELD_NUMBER: _ClassVar[int]
    ROBOT_FIELD_NUMBER: _ClassVar[int]
    step: str
    player: str
    action: DupliktaAction
    at_ms: int
    delta_ms: int
    robot: bool
    def __init__(self, step: _Optional[str] = ..., player: _Optional[str] = ..., action: _Optional[_Union[DupliktaAction, _Mapping]] = ..., at_ms: _Optional[int] = ..., delta_ms: _Optional[int] = ..., robot: _Optional[bool] = ...) -> None: ...

class DupliktaRecord(_message.Message):
    __slots__ = ("kind", "version", "config", "seed", "players", "turns", "end", "adjustment", "totals", "game_id", "starters", "seats", "steps", "sheet", "standings", "over")
    class AdjustmentEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    class TotalsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    KIND_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TURNS_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    ADJUSTMENT_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    STARTERS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    SHEET_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    kind: str
    version: int
    config: DupliktaConfig
    seed: int
    players: _containers.RepeatedScalarFieldContainer[str]
    turns: _containers.RepeatedCompositeFieldContainer[DupliktaTurnRecord]
    end: str
    adjustment: _containers.ScalarMap[str, int]
    totals: _containers.ScalarMap[str, int]
    game_id: str
    starters: _containers.RepeatedScalarFieldContainer[str]
    seats: _containers.RepeatedScalarFieldContainer[str]
    steps: _containers.RepeatedCompositeFieldContainer[DupliktaStep]
    sheet: _containers.RepeatedCompositeFieldContainer[DupliktaSheetLine]
    standings: _containers.RepeatedCompositeFieldContainer[DupliktaStanding]
    over: bool
    def __init__(self, kind: _Optional[str] = ..., version: _Optional[int] = ..., config: _Optional[_Union[DupliktaConfig, _Mapping]] = ..., seed: _Optional[int] = ..., players: _Optional[_Iterable[str]] = ..., turns: _Optional[_Iterable[_Union[DupliktaTurnRecord, _Mapping]]] = ..., end: _Optional[str] = ..., adjustment: _Optional[_Mapping[str, int]] = ..., totals: _Optional[_Mapping[str, int]] = ..., game_id: _Optional[str] = ..., starters: _Optional[_Iterable[str]] = ..., seats: _Optional[_Iterable[str]] = ..., steps: _Optional[_Iterable[_Union[DupliktaStep, _Mapping]]] = ..., sheet: _Optional[_Iterable[_Union[DupliktaSheetLine, _Mapping]]] = ..., standings: _Optional[_Iterable[_Union[DupliktaStanding, _Mapping]]] = ..., over: _Optional[bool] = ...) -> None: ...
