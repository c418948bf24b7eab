from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class IndecixAids(_message.Message):
    __slots__ = ("legal_cells", "capture_preview")
    LEGAL_CELLS_FIELD_NUMBER: _ClassVar[int]
    CAPTURE_PREVIEW_FIELD_NUMBER: _ClassVar[int]
    legal_cells: bool
    capture_preview: bool
    def __init__(self, legal_cells: _Optional[bool] = ..., capture_preview: _Optional[bool] = ...) -> None: ...

class IndecixSeatAids(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: _containers.RepeatedCompositeFieldContainer[IndecixAids]
    def __init__(self, value: _Optional[_Iterable[_Union[IndecixAids, _Mapping]]] = ...) -> None: ...

class IndecixColours(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, value: _Optional[_Iterable[str]] = ...) -> None: ...

class IndecixConfig(_message.Message):
    __slots__ = ("mode", "blitz_seconds", "aids", "colours", "games")
    MODE_FIELD_NUMBER: _ClassVar[int]
    BLITZ_SECONDS_FIELD_NUMBER: _ClassVar[int]
    AIDS_FIELD_NUMBER: _ClassVar[int]
    COLOURS_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    mode: str
    blitz_seconds: int
    aids: IndecixSeatAids
    colours: IndecixColours
    games: int
    def __init__(self, mode: _Optional[str] = ..., blitz_seconds: _Optional[int] = ..., aids: _Optional[_Union[IndecixSeatAids, _Mapping]] = ..., colours: _Optional[_Union[IndecixColours, _Mapping]] = ..., games: _Optional[int] = ...) -> None: ...

class IndecixAction(_message.Message):
    __slots__ = ("cell", "roll")
    CELL_FIELD_NUMBER: _ClassVar[int]
    ROLL_FIELD_NUMBER: _ClassVar[int]
    cell: str
    roll: int
    def __init__(self, cell: _Optional[str] = ..., roll: _Optional[int] = ...) -> None: ...

class IndecixCells(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, value: _Optional[_Iterable[str]] = ...) -> None: ...

class IndecixDie(_message.Message):
    __slots__ = ("cell", "face", "player")
    CELL_FIELD_NUMBER: _ClassVar[int]
    FACE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    cell: str
    face: int
    player: str
    def __init__(self, cell: _Optional[str] = ..., face: _Optional[int] = ..., player: _Optional[str] = ...) -> None: ...

class IndecixDice(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: _containers.RepeatedCompositeFieldContainer[IndecixDie]
    def __init__(self, value: _Optional[_Iterable[_Union[IndecixDie, _Mapping]]] = ...) -> None: ...

class IndecixSuite(_message.Message):
    __slots__ = ("line", "points", "pure")
    LINE_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    PURE_FIELD_NUMBER: _ClassVar[int]
    line: str
    points: int
    pure: bool
    def __init__(self, line: _Optional[str] = ..., points: _Optional[int] = ..., pure: _Optional[bool] = ...) -> None: ...

class IndecixSuites(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: _containers.RepeatedCompositeFieldContainer[IndecixSuite]
    def __init__(self, value: _Optional[_Iterable[_Union[IndecixSuite, _Mapping]]] = ...) -> None: ...

class IndecixScores(_message.Message):
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

class IndecixRoll(_message.Message):
    __slots__ = ("roll", "game", "game_roll", "player", "seat", "face", "rolled_ms", "deadline_ms", "at_ms", "placed", "cell", "points", "captured", "captured_dice", "capture_points", "suites", "suite_points", "reason", "to", "scores")
    ROLL_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    GAME_ROLL_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FACE_FIELD_NUMBER: _ClassVar[int]
    ROLLED_MS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    PLACED_FIELD_NUMBER: _ClassVar[int]
    CELL_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    CAPTURED_FIELD_NUMBER: _ClassVar[int]
    CAPTURED_DICE_FIELD_NUMBER: _ClassVar[int]
    CAPTURE_POINTS_FIELD_NUMBER: _ClassVar[int]
    SUITES_FIELD_NUMBER: _ClassVar[int]
    SUITE_POINTS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    roll: int
    game: int
    game_roll: int
    player: str
    seat: int
    face: int
    rolled_ms: int
    deadline_ms: int
    at_ms: int
    placed: bool
    cell: str
    points: int
    captured: IndecixCells
    captured_dice: IndecixDice
    capture_points: int
    suites: IndecixSuites
    suite_points: int
    reason: str
    to: str
    scores: IndecixScores
    def __init__(self, roll: _Optional[int] = ..., game: _Optional[int] = ..., game_roll: _Optional[int] = ..., player: _Optional[str] = ..., seat: _Optional[int] = ..., face: _Optional[int] = ..., rolled_ms: _Optional[int] = ..., deadline_ms: _Optional[int] = ..., at_ms: _Optional[int] = ..., placed: _Optional[bool] = ..., cell: _Optional[str] = ..., points: _Optional[int] = ..., captured: _Optional[_Union[IndecixCells, _Mapping]] = ..., captured_dice: _Optional[_Union[IndecixDice, _Mapping]] = ..., capture_points: _Optional[int] = ..., suites: _Optional[_Union[IndecixSuites, _Mapping]] = ..., suite_points: _Optional[int] = ..., reason: _Optional[str] = ..., to: _Optional[str] = ..., scores: _Optional[_Union[IndecixScores, _Mapping]] = ...) -> None: ...

class IndecixCategory(_message.Message):
    __slots__ = ("faces", "count", "points")
    FACES_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    faces: _containers.RepeatedScalarFieldContainer[int]
    count: int
    points: int
    def __init__(self, faces: _Optional[_Iterable[int]] = ..., count: _Optional[int] = ..., points: _Optional[int] = ...) -> None: ...

class IndecixSuiteCount(_message.Message):
    __slots__ = ("count", "points")
    COUNT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    count: int
    points: int
    def __init__(self, count: _Optional[int] = ..., points: _Optional[int] = ...) -> None: ...

class IndecixTray(_message.Message):
    __slots__ = ("player", "seat", "remaining", "captured_own", "captured_opponent", "unplayed_opponent", "suites", "total")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REMAINING_FIELD_NUMBER: _ClassVar[int]
    CAPTURED_OWN_FIELD_NUMBER: _ClassVar[int]
    CAPTURED_OPPONENT_FIELD_NUMBER: _ClassVar[int]
    UNPLAYED_OPPONENT_FIELD_NUMBER: _ClassVar[int]
    SUITES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    player: str
    seat: int
    remaining: int
    captured_own: IndecixCategory
    captured_opponent: IndecixCategory
    unplayed_opponent: IndecixCategory
    suites: IndecixSuiteCount
    total: int
    def __init__(self, player: _Optional[str] = ..., seat: _Optional[int] = ..., remaining: _Optional[int] = ..., captured_own: _Optional[_Union[IndecixCategory, _Mapping]] = ..., captured_opponent: _Optional[_Union[IndecixCategory, _Mapping]] = ..., unplayed_opponent: _Optional[_Union[IndecixCategory, _Mapping]] = ..., suites: _Optional[_Union[IndecixSuiteCount, _Mapping]] = ..., total: _Optional[int] = ...) -> None: ...

class IndecixTrays(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: _containers.RepeatedCompositeFieldContainer[IndecixTray]
    def __init__(self, value: _Optional[_Iterable[_Union[IndecixTray, _Mapping]]] = ...) -> None: ...

class IndecixGameEnded(_message.Message):
    __slots__ = ("game", "starter", "grid", "trays", "scores", "winner")
    class ScoresEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    GAME_FIELD_NUMBER: _ClassVar[int]
    STARTER_FIELD_NUMBER: _ClassVar[int]
    GRID_FIELD_NUMBER: _ClassVar[int]
    TRAYS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    game: int
    starter: str
    grid: _containers.RepeatedScalarFieldContainer[str]
    trays: _containers.RepeatedCompositeFieldContainer[IndecixTray]
    scores: _containers.ScalarMap[str, int]
    winner: str
    def __init__(self, game: _Optional[int] = ..., starter: _Optional[str] = ..., grid: _Optional[_Iterable[str]] = ..., trays: _Optional[_Iterable[_Union[IndecixTray, _Mapping]]] = ..., scores: _Optional[_Mapping[str, int]] = ..., winner: _Optional[str] = ...) -> None: ...

class IndecixStandingDetails(_message.Message):
    __slots__ = ("seat", "suites", "opponent_dice_captured", "games_won", "games")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SUITES_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_DICE_CAPTURED_FIELD_NUMBER: _ClassVar[int]
    GAMES_WON_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    suites: int
    opponent_dice_captured: int
    games_won: int
    games: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., suites: _Optional[int] = ..., opponent_dice_captured: _Optional[int] = ..., games_won: _Optional[int] = ..., games: _Optional[_Iterable[int]] = ...) -> None: ...

class IndecixStanding(_message.Message):
    __slots__ = ("rank", "player", "total", "details")
    RANK_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    DETAILS_FIELD_NUMBER: _ClassVar[int]
    rank: int
    player: str
    total: int
    details: IndecixStandingDetails
    def __init__(self, rank: _Optional[int] = ..., player: _Optional[str] = ..., total: _Optional[int] = ..., details: _Optional[_Union[IndecixStandingDetails, _Mapping]] = ...) -> None: ...

class IndecixPlayer(_message.Message):
    __slots__ = ("player", "seat", "colour", "present")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    PRESENT_FIELD_NUMBER: _ClassVar[int]
    player: str
    seat: int
    colour: str
    present: bool
    def __init__(self, player: _Optional[str] = ..., seat: _Optional[int] = ..., colour: _Optional[str] = ..., present: _Optional[bool] = ...) -> None: ...

class IndecixMarkedLine(_message.Message):
    __slots__ = ("line", "player", "seat")
    LINE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    line: str
    player: str
    seat: int
    def __init__(self, line: _Optional[str] = ..., player: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class IndecixOpenRoll(_message.Message):
    __slots__ = ("roll", "game", "game_roll", "player", "seat", "face", "rolled_at", "deadline_at", "remaining_ms")
    ROLL_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    GAME_ROLL_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FACE_FIELD_NUMBER: _ClassVar[int]
    ROLLED_AT_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_AT_FIELD_NUMBER: _ClassVar[int]
    REMAINING_MS_FIELD_NUMBER: _ClassVar[int]
    roll: int
    game: int
    game_roll: int
    player: str
    seat: int
    face: int
    rolled_at: int
    deadline_at: int
    remaining_ms: int
    def __init__(self, roll: _Optional[int] = ..., game: _Optional[int] = ..., game_roll: _Optional[int] = ..., player: _Optional[str] = ..., seat: _Optional[int] = ..., face: _Optional[int] = ..., rolled_at: _Optional[int] = ..., deadline_at: _Optional[int] = ..., remaining_ms: _Optional[int] = ...) -> None: ...

class IndecixPreview(_message.Message):
    __slots__ = ("cell", "captured", "capture_points", "suite_points", "points")
    CELL_FIELD_NUMBER: _ClassVar[int]
    CAPTURED_FIELD_NUMBER: _ClassVar[int]
    CAPTURE_POINTS_FIELD_NUMBER: _ClassVar[int]
    SUITE_POINTS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    cell: str
    captured: _containers.RepeatedScalarFieldContainer[str]
    capture_points: int
    suite_points: int
    points: int
    def __init__(self, cell: _Optional[str] = ..., captured: _Optional[_Iterable[str]] = ..., capture_points: _Optional[int] = ..., suite_points: _Optional[int] = ..., points: _Optional[int] = ...) -> None: ...

class IndecixPreviews(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: _containers.RepeatedCompositeFieldContainer[IndecixPreview]
    def __init__(self, value: _Optional[_Iterable[_Union[IndecixPreview, _Mapping]]] = ...) -> None: ...

class IndecixYou(_message.Message):
    __slots__ = ("player", "seat", "colour", "present", "to_play", "aids", "legal_cells", "previews")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    PRESENT_FIELD_NUMBER: _ClassVar[int]
    TO_PLAY_FIELD_NUMBER: _ClassVar[int]
    AIDS_FIELD_NUMBER: _ClassVar[int]
    LEGAL_CELLS_FIELD_NUMBER: _ClassVar[int]
    PREVIEWS_FIELD_NUMBER: _ClassVar[int]
    player: str
    seat: int
    colour: str
    present: bool
    to_play: bool
    aids: IndecixAids
    legal_cells: IndecixCells
    previews: IndecixPreviews
    def __init__(self, player: _Optional[str] = ..., seat: _Optional[int] = ..., colour: _Optional[str] = ..., present: _Optional[bool] = ..., to_play: _Optional[bool] = ..., aids: _Optional[_Union[IndecixAids, _Mapping]] = ..., legal_cells: _Optional[_Union[IndecixCells, _Mapping]] = ..., previews: _Optional[_Union[IndecixPreviews, _Mapping]] = ...) -> None: ...

class IndecixView(_message.Message):
    __slots__ = ("kind", "game_id", "config", "stage", "roll", "commitment", "games", "game", "players", "grid", "marked", "current", "trays", "scores", "history", "results", "standings", "you", "seed")
    KIND_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    ROLL_FIELD_NUMBER: _ClassVar[int]
    COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    GRID_FIELD_NUMBER: _ClassVar[int]
    MARKED_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    TRAYS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    YOU_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    kind: str
    game_id: str
    config: IndecixConfig
    stage: str
    roll: int
    commitment: str
    games: int
    game: int
    players: _containers.RepeatedCompositeFieldContainer[IndecixPlayer]
    grid: _containers.RepeatedScalarFieldContainer[str]
    marked: _containers.RepeatedCompositeFieldContainer[IndecixMarkedLine]
    current: IndecixOpenRoll
    trays: IndecixTrays
    scores: IndecixScores
    history: _containers.RepeatedCompositeFieldContainer[IndecixRoll]
    results: _containers.RepeatedCompositeFieldContainer[IndecixGameEnded]
    standings: _containers.RepeatedCompositeFieldContainer[IndecixStanding]
    you: IndecixYou
    seed: int
    def __init__(self, kind: _Optional[str] = ..., game_id: _Optional[str] = ..., config: _Optional[_Union[IndecixConfig, _Mapping]] = ..., stage: _Optional[str] = ..., roll: _Optional[int] = ..., commitment: _Optional[str] = ..., games: _Optional[int] = ..., game: _Optional[int] = ..., players: _Optional[_Iterable[_Union[IndecixPlayer, _Mapping]]] = ..., grid: _Optional[_Iterable[str]] = ..., marked: _Optional[_Iterable[_Union[IndecixMarkedLine, _Mapping]]] = ..., current: _Optional[_Union[IndecixOpenRoll, _Mapping]] = ..., trays: _Optional[_Union[IndecixTrays, _Mapping]] = ..., scores: _Optional[_Union[IndecixScores, _Mapping]] = ..., history: _Optional[_Iterable[_Union[IndecixRoll, _Mapping]]] = ..., results: _Optional[_Iterable[_Union[IndecixGameEnded, _Mapping]]] = ..., standings: _Optional[_Iterable[_Union[IndecixStanding, _Mapping]]] = ..., you: _Optional[_Union[IndecixYou, _Mapping]] = ..., seed: _Optional[int] = ...) -> None: ...

class IndecixPlayerJoined(_message.Message):
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

class IndecixPlayerLeft(_message.Message):
    __slots__ = ("player", "seat")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    player: str
    seat: int
    def __init__(self, player: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class IndecixDieRolled(_message.Message):
    __slots__ = ("roll", "game", "game_roll", "player", "seat", "face", "rolled_at", "deadline_at")
    ROLL_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    GAME_ROLL_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FACE_FIELD_NUMBER: _ClassVar[int]
    ROLLED_AT_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_AT_FIELD_NUMBER: _ClassVar[int]
    roll: int
    game: int
    game_roll: int
    player: str
    seat: int
    face: int
    rolled_at: int
    deadline_at: int
    def __init__(self, roll: _Optional[int] = ..., game: _Optional[int] = ..., game_roll: _Optional[int] = ..., player: _Optional[str] = ..., seat: _Optional[int] = ..., face: _Optional[int] = ..., rolled_at: _Optional[int] = ..., deadline_at: _Optional[int] = ...) -> None: ...

class IndecixDiePlaced(_message.Message):
    __slots__ = ("roll", "game", "game_roll", "player", "seat", "face", "rolled_ms", "deadline_ms", "at_ms", "placed", "cell", "captured", "captured_dice", "capture_points", "suites", "suite_points", "points", "scores")
    class ScoresEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    ROLL_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    GAME_ROLL_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FACE_FIELD_NUMBER: _ClassVar[int]
    ROLLED_MS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    PLACED_FIELD_NUMBER: _ClassVar[int]
    CELL_FIELD_NUMBER: _ClassVar[int]
    CAPTURED_FIELD_NUMBER: _ClassVar[int]
    CAPTURED_DICE_FIELD_NUMBER: _ClassVar[int]
    CAPTURE_POINTS_FIELD_NUMBER: _ClassVar[int]
    SUITES_FIELD_NUMBER: _ClassVar[int]
    SUITE_POINTS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    roll: int
    game: int
    game_roll: int
    player: str
    seat: int
    face: int
    rolled_ms: int
    deadline_ms: int
    at_ms: int
    placed: bool
    cell: str
    captured: _containers.RepeatedScalarFieldContainer[str]
    captured_dice: _containers.RepeatedCompositeFieldContainer[IndecixDie]
    capture_points: int
    suites: _containers.RepeatedCompositeFieldContainer[IndecixSuite]
    suite_points: int
    points: int
    scores: _containers.ScalarMap[str, int]
    def __init__(self, roll: _Optional[int] = ..., game: _Optional[int] = ..., game_roll: _Optional[int] = ..., player: _Optional[str] = ..., seat: _Optional[int] = ..., face: _Optional[int] = ..., rolled_ms: _Optional[int] = ..., deadline_ms: _Optional[int] = ..., at_ms: _Optional[int] = ..., placed: _Optional[bool] = ..., cell: _Optional[str] = ..., captured: _Optional[_Iterable[str]] = ..., captured_dice: _Optional[_Iterable[_Union[IndecixDie, _Mapping]]] = ..., capture_points: _Optional[int] = ..., suites: _Optional[_Iterable[_Union[IndecixSuite, _Mapping]]] = ..., suite_points: _Optional[int] = ..., points: _Optional[int] = ..., scores: _Optional[_Mapping[str, int]] = ...) -> None: ...

class IndecixDieLost(_message.Message):
    __slots__ = ("roll", "game", "game_roll", "player", "seat", "face", "rolled_ms", "deadline_ms", "at_ms", "placed", "cell", "reason", "to", "points", "scores")
    class ScoresEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    ROLL_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    GAME_ROLL_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FACE_FIELD_NUMBER: _ClassVar[int]
    ROLLED_MS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    PLACED_FIELD_NUMBER: _ClassVar[int]
    CELL_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    roll: int
    game: int
    game_roll: int
    player: str
    seat: int
    face: int
    rolled_ms: int
    deadline_ms: int
    at_ms: int
    placed: bool
    cell: str
    reason: str
    to: str
    points: int
    scores: _containers.ScalarMap[str, int]
    def __init__(self, roll: _Optional[int] = ..., game: _Optional[int] = ..., game_roll: _Optional[int] = ..., player: _Optional[str] = ..., seat: _Optional[int] = ..., face: _Optional[int] = ..., rolled_ms: _Optional[int] = ..., deadline_ms: _Optional[int] = ..., at_ms: _Optional[int] = ..., placed: _Optional[bool] = ..., cell: _Optional[str] = ..., reason: _Optional[str] = ..., to: _Optional[str] = ..., points: _Optional[int] = ..., scores: _Optional[_Mapping[str, int]] = ...) -> None: ...

class IndecixGameOver(_message.Message):
    __slots__ = ("standings", "seed")
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    standings: _containers.RepeatedCompositeFieldContainer[IndecixStanding]
    seed: int
    def __init__(self, standings: _Optional[_Iterable[_Union[IndecixStanding, _Mapping]]] = ..., seed: _Optional[int] = ...) -> None: ...

class IndecixEvent(_message.Message):
    __slots__ = ("player_joined", "player_left", "die_rolled", "die_placed", "die_lost", "game_ended", "game_over")
    PLAYER_JOINED_FIELD_NUMBER: _ClassVar[int]
    PLAYER_LEFT_FIELD_NUMBER: _ClassVar[int]
    DIE_ROLLED_FIELD_NUMBER: _ClassVar[int]
    DIE_PLACED_FIELD_NUMBER: _ClassVar[int]
    DIE_LOST_FIELD_NUMBER: _ClassVar[int]
    GAME_ENDED_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    player_joined: IndecixPlayerJoined
    player_left: IndecixPlayerLeft
    die_rolled: IndecixDieRolled
    die_placed: IndecixDiePlaced
    die_lost: IndecixDieLost
    game_ended: IndecixGameEnded
    game_over: IndecixGameOver
    def __init__(self, player_joined: _Optional[_Union[IndecixPlayerJoined, _Mapping]] = ..., player_left: _Optional[_Union[IndecixPlayerLeft, _Mapping]] = ..., die_rolled: _Optional[_Union[IndecixDieRolled, _Mapping]] = ..., die_placed: _Optional[_Union[IndecixDiePlaced, _Mapping]] = ..., die_lost: _Optional[_Union[IndecixDieLost, _Mapping]] = ..., game_ended: _Optional[_Union[IndecixGameEnded, _Mapping]] = ..., game_over: _Optional[_Union[IndecixGameOver, _Mapping]] = ...) -> None: ...

class IndecixStep(_message.Message):
    __slots__ = ("step", "player", "cell", "roll", "at_ms", "delta_ms")
    STEP_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    CELL_FIELD_NUMBER: _ClassVar[int]
    ROLL_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    DELTA_MS_FIELD_NUMBER: _ClassVar[int]
    step: str
    player: str
    cell: str
    roll: int
    at_ms: int
    delta_ms: int
    def __init__(self, step: _Optional[str] = ..., player: _Optional[str] = ..., cell: _Optional[str] = ..., roll: _Optional[int] = ..., at_ms: _Optional[int] = ..., delta_ms: _Optional[int] = ...) -> None: ...

class IndecixGrid(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, value: _Optional[_Iterable[str]] = ...) -> None: ...

class IndecixGameRecord(_message.Message):
    __slots__ = ("game", "starter", "opened_ms", "closed_ms", "rolls", "grid", "trays", "scores", "winner")
    GAME_FIELD_NUMBER: _ClassVar[int]
    STARTER_FIELD_NUMBER: _ClassVar[int]
    OPENED_MS_FIELD_NUMBER: _ClassVar[int]
    CLOSED_MS_FIELD_NUMBER: _ClassVar[int]
    ROLLS_FIELD_NUMBER: _ClassVar[int]
    GRID_FIELD_NUMBER: _ClassVar[int]
    TRAYS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    game: int
    starter: str
    opened_ms: int
    closed_ms: int
    rolls: _containers.RepeatedCompositeFieldContainer[IndecixRoll]
    grid: IndecixGrid
    trays: IndecixTrays
    scores: IndecixScores
    winner: str
    def __init__(self, game: _Optional[int] = ..., starter: _Optional[str] = ..., opened_ms: _Optional[int] = ..., closed_ms: _Optional[int] = ..., rolls: _Optional[_Iterable[_Union[IndecixRoll, _Mapping]]] = ..., grid: _Optional[_Union[IndecixGrid, _Mapping]] = ..., trays: _Optional[_Union[IndecixTrays, _Mapping]] = ..., scores: _Optional[_Union[IndecixScores, _Mapping]] = ..., winner: _Optional[str] = ...) -> None: ...

class IndecixRecord(_message.Message):
    __slots__ = ("kind", "format", "config", "game_id", "players", "seats", "commitment", "steps", "games", "standings", "over", "seed")
    KIND_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    kind: str
    format: int
    config: IndecixConfig
    game_id: str
    players: _containers.RepeatedScalarFieldContainer[str]
    seats: _containers.RepeatedScalarFieldContainer[str]
    commitment: str
    steps: _containers.RepeatedCompositeFieldContainer[IndecixStep]
    games: _containers.RepeatedCompositeFieldContainer[IndecixGameRecord]
    standings: _containers.RepeatedCompositeFieldContainer[IndecixStanding]
    over: bool
    seed: int
    def __init__(self, kind: _Optional[str] = ..., format: _Optional[int] = ..., config: _Optional[_Union[IndecixConfig, _Mapping]] = ..., game_id: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ..., seats: _Optional[_Iterable[str]] = ..., commitment: _Optional[str] = ..., steps: _Optional[_Iterable[_Union[IndecixStep, _Mapping]]] = ..., games: _Optional[_Iterable[_Union[IndecixGameRecord, _Mapping]]] = ..., standings: _Optional[_Iterable[_Union[IndecixStanding, _Mapping]]] = ..., over: _Optional[bool] = ..., seed: _Optional[int] = ...) -> None: ...

class IndecixReview(_message.Message):
    __slots__ = ("games", "seats")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[IndecixGameReview]
    seats: _containers.RepeatedCompositeFieldContainer[IndecixSeatReview]
    def __init__(self, games: _Optional[_Iterable[_Union[IndecixGameReview, _Mapping]]] = ..., seats: _Optional[_Iterable[_Union[IndecixSeatReview, _Mapping]]] = ...) -> None: ...

class IndecixGameReview(_message.Message):
    __slots__ = ("number", "moves")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    number: int
    moves: _containers.RepeatedCompositeFieldContainer[IndecixMoveReview]
    def __init__(self, number: _Optional[int] = ..., moves: _Optional[_Iterable[_Union[IndecixMoveReview, _Mapping]]] = ...) -> None: ...

class IndecixMoveReview(_message.Message):
    __slots__ = ("roll", "game_roll", "seat", "player", "face", "placed", "lost", "cell", "points", "value", "best", "best_value", "loss", "legal_cells")
    ROLL_FIELD_NUMBER: _ClassVar[int]
    GAME_ROLL_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    FACE_FIELD_NUMBER: _ClassVar[int]
    PLACED_FIELD_NUMBER: _ClassVar[int]
    LOST_FIELD_NUMBER: _ClassVar[int]
    CELL_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    BEST_FIELD_NUMBER: _ClassVar[int]
    BEST_VALUE_FIELD_NUMBER: _ClassVar[int]
    LOSS_FIELD_NUMBER: _ClassVar[int]
    LEGAL_CELLS_FIELD_NUMBER: _ClassVar[int]
    roll: int
    game_roll: int
    seat: int
    player: str
    face: int
    placed: bool
    lost: str
    cell: str
    points: int
    value: float
    best: str
    best_value: float
    loss: float
    legal_cells: int
    def __init__(self, roll: _Optional[int] = ..., game_roll: _Optional[int] = ..., seat: _Optional[int] = ..., player: _Optional[str] = ..., face: _Optional[int] = ..., placed: _Optional[bool] = ..., lost: _Optional[str] = ..., cell: _Optional[str] = ..., points: _Optional[int] = ..., value: _Optional[float] = ..., best: _Optional[str] = ..., best_value: _Optional[float] = ..., loss: _Optional[float] = ..., legal_cells: _Optional[int] = ...) -> None: ...

class IndecixSeatReview(_message.Message):
    __slots__ = ("seat", "player", "placed", "best_moves", "points_lost")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    PLACED_FIELD_NUMBER: _ClassVar[int]
    BEST_MOVES_FIELD_NUMBER: _ClassVar[int]
    POINTS_LOST_FIELD_NUMBER: _ClassVar[int]
    seat: int
    player: str
    placed: int
    best_moves: int
    points_lost: float
    def __init__(self, seat: _Optional[int] = ..., player: _Optional[str] = ..., placed: _Optional[int] = ..., best_moves: _Optional[int] = ..., points_lost: _Optional[float] = ...) -> None: ...
