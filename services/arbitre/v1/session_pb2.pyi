from arbitre.v1 import accounts_pb2 as _accounts_pb2
from arbitre.v1 import common_pb2 as _common_pb2
from arbitre.v1 import duel_pb2 as _duel_pb2
from arbitre.v1 import duplicate_pb2 as _duplicate_pb2
from arbitre.v1 import duplikta_pb2 as _duplikta_pb2
from arbitre.v1 import indecix_pb2 as _indecix_pb2
from arbitre.v1 import scoring_pb2 as _scoring_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GameReview(_message.Message):
    __slots__ = ("indecix",)
    INDECIX_FIELD_NUMBER: _ClassVar[int]
    indecix: _indecix_pb2.IndecixReview
    def __init__(self, indecix: _Optional[_Union[_indecix_pb2.IndecixReview, _Mapping]] = ...) -> None: ...

class CreateContestRequest(_message.Message):
    __slots__ = ("game", "tables")
    GAME_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    game: CreateGameRequest
    tables: int
    def __init__(self, game: _Optional[_Union[CreateGameRequest, _Mapping]] = ..., tables: _Optional[int] = ...) -> None: ...

class CreateContestResponse(_message.Message):
    __slots__ = ("contest_id", "organiser_token", "contest")
    CONTEST_ID_FIELD_NUMBER: _ClassVar[int]
    ORGANISER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    CONTEST_FIELD_NUMBER: _ClassVar[int]
    contest_id: str
    organiser_token: str
    contest: Contest
    def __init__(self, contest_id: _Optional[str] = ..., organiser_token: _Optional[str] = ..., contest: _Optional[_Union[Contest, _Mapping]] = ...) -> None: ...

class SaveEnvironmentRequest(_message.Message):
    __slots__ = ("kind", "name", "options_json", "password", "overwrite")
    KIND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_JSON_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    OVERWRITE_FIELD_NUMBER: _ClassVar[int]
    kind: str
    name: str
    options_json: str
    password: str
    overwrite: bool
    def __init__(self, kind: _Optional[str] = ..., name: _Optional[str] = ..., options_json: _Optional[str] = ..., password: _Optional[str] = ..., overwrite: _Optional[bool] = ...) -> None: ...

class EnvironmentRequest(_message.Message):
    __slots__ = ("kind", "name", "password")
    KIND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    kind: str
    name: str
    password: str
    def __init__(self, kind: _Optional[str] = ..., name: _Optional[str] = ..., password: _Optional[str] = ...) -> None: ...

class ListEnvironmentsRequest(_message.Message):
    __slots__ = ("kind",)
    KIND_FIELD_NUMBER: _ClassVar[int]
    kind: str
    def __init__(self, kind: _Optional[str] = ...) -> None: ...

class Environment(_message.Message):
    __slots__ = ("kind", "name", "options_json", "protected", "created_ms", "updated_ms")
    KIND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_JSON_FIELD_NUMBER: _ClassVar[int]
    PROTECTED_FIELD_NUMBER: _ClassVar[int]
    CREATED_MS_FIELD_NUMBER: _ClassVar[int]
    UPDATED_MS_FIELD_NUMBER: _ClassVar[int]
    kind: str
    name: str
    options_json: str
    protected: bool
    created_ms: int
    updated_ms: int
    def __init__(self, kind: _Optional[str] = ..., name: _Optional[str] = ..., options_json: _Optional[str] = ..., protected: _Optional[bool] = ..., created_ms: _Optional[int] = ..., updated_ms: _Optional[int] = ...) -> None: ...

class EnvironmentList(_message.Message):
    __slots__ = ("environments",)
    ENVIRONMENTS_FIELD_NUMBER: _ClassVar[int]
    environments: _containers.RepeatedCompositeFieldContainer[Environment]
    def __init__(self, environments: _Optional[_Iterable[_Union[Environment, _Mapping]]] = ...) -> None: ...

class ContestRequest(_message.Message):
    __slots__ = ("contest_id", "token")
    CONTEST_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    contest_id: str
    token: str
    def __init__(self, contest_id: _Optional[str] = ..., token: _Optional[str] = ...) -> None: ...

class ContestSeat(_message.Message):
    __slots__ = ("player", "name", "total")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    player: str
    name: str
    total: int
    def __init__(self, player: _Optional[str] = ..., name: _Optional[str] = ..., total: _Optional[int] = ...) -> None: ...

class ContestTable(_message.Message):
    __slots__ = ("number", "game_id", "status", "seats")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    number: int
    game_id: str
    status: str
    seats: _containers.RepeatedCompositeFieldContainer[ContestSeat]
    def __init__(self, number: _Optional[int] = ..., game_id: _Optional[str] = ..., status: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[ContestSeat, _Mapping]]] = ...) -> None: ...

class ContestLine(_message.Message):
    __slots__ = ("place", "table", "seat", "player", "name", "total", "difference", "versus", "matchpoints")
    PLACE_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    DIFFERENCE_FIELD_NUMBER: _ClassVar[int]
    VERSUS_FIELD_NUMBER: _ClassVar[int]
    MATCHPOINTS_FIELD_NUMBER: _ClassVar[int]
    place: int
    table: int
    seat: int
    player: str
    name: str
    total: int
    difference: float
    versus: float
    matchpoints: float
    def __init__(self, place: _Optional[int] = ..., table: _Optional[int] = ..., seat: _Optional[int] = ..., player: _Optional[str] = ..., name: _Optional[str] = ..., total: _Optional[int] = ..., difference: _Optional[float] = ..., versus: _Optional[float] = ..., matchpoints: _Optional[float] = ...) -> None: ...

class Contest(_message.Message):
    __slots__ = ("contest_id", "kind", "title", "package_hash", "start_at_ms", "created_ms", "closed", "closed_reason", "tables_over", "tables", "standings")
    CONTEST_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    PACKAGE_HASH_FIELD_NUMBER: _ClassVar[int]
    START_AT_MS_FIELD_NUMBER: _ClassVar[int]
    CREATED_MS_FIELD_NUMBER: _ClassVar[int]
    CLOSED_FIELD_NUMBER: _ClassVar[int]
    CLOSED_REASON_FIELD_NUMBER: _ClassVar[int]
    TABLES_OVER_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    contest_id: str
    kind: _common_pb2.GameKind
    title: str
    package_hash: str
    start_at_ms: int
    created_ms: int
    closed: bool
    closed_reason: str
    tables_over: int
    tables: _containers.RepeatedCompositeFieldContainer[ContestTable]
    standings: _containers.RepeatedCompositeFieldContainer[ContestLine]
    def __init__(self, contest_id: _Optional[str] = ..., kind: _Optional[_Union[_common_pb2.GameKind, str]] = ..., title: _Optional[str] = ..., package_hash: _Optional[str] = ..., start_at_ms: _Optional[int] = ..., created_ms: _Optional[int] = ..., closed: _Optional[bool] = ..., closed_reason: _Optional[str] = ..., tables_over: _Optional[int] = ..., tables: _Optional[_Iterable[_Union[ContestTable, _Mapping]]] = ..., standings: _Optional[_Iterable[_Union[ContestLine, _Mapping]]] = ...) -> None: ...

class CreateGameRequest(_message.Message):
    __slots__ = ("kind", "has_seed", "seed", "title", "package_json", "start_at_ms", "refereed", "duel", "duplicate", "indecix", "duplikta", "account_token")
    KIND_FIELD_NUMBER: _ClassVar[int]
    HAS_SEED_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    PACKAGE_JSON_FIELD_NUMBER: _ClassVar[int]
    START_AT_MS_FIELD_NUMBER: _ClassVar[int]
    REFEREED_FIELD_NUMBER: _ClassVar[int]
    DUEL_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    INDECIX_FIELD_NUMBER: _ClassVar[int]
    DUPLIKTA_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    kind: _common_pb2.GameKind
    has_seed: bool
    seed: int
    title: str
    package_json: str
    start_at_ms: int
    refereed: bool
    duel: _duel_pb2.DuelConfig
    duplicate: _duplicate_pb2.DuplicateConfig
    indecix: _indecix_pb2.IndecixConfig
    duplikta: _duplikta_pb2.DupliktaConfig
    account_token: str
    def __init__(self, kind: _Optional[_Union[_common_pb2.GameKind, str]] = ..., has_seed: _Optional[bool] = ..., seed: _Optional[int] = ..., title: _Optional[str] = ..., package_json: _Optional[str] = ..., start_at_ms: _Optional[int] = ..., refereed: _Optional[bool] = ..., duel: _Optional[_Union[_duel_pb2.DuelConfig, _Mapping]] = ..., duplicate: _Optional[_Union[_duplicate_pb2.DuplicateConfig, _Mapping]] = ..., indecix: _Optional[_Union[_indecix_pb2.IndecixConfig, _Mapping]] = ..., duplikta: _Optional[_Union[_duplikta_pb2.DupliktaConfig, _Mapping]] = ..., account_token: _Optional[str] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game_id", "organiser_token", "state")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    ORGANISER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    organiser_token: str
    state: GameState
    def __init__(self, game_id: _Optional[str] = ..., organiser_token: _Optional[str] = ..., state: _Optional[_Union[GameState, _Mapping]] = ...) -> None: ...

class JoinRequest(_message.Message):
    __slots__ = ("game_id", "name", "club", "serie", "country", "account_token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    CLUB_FIELD_NUMBER: _ClassVar[int]
    SERIE_FIELD_NUMBER: _ClassVar[int]
    COUNTRY_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    name: str
    club: str
    serie: str
    country: str
    account_token: str
    def __init__(self, game_id: _Optional[str] = ..., name: _Optional[str] = ..., club: _Optional[str] = ..., serie: _Optional[str] = ..., country: _Optional[str] = ..., account_token: _Optional[str] = ...) -> None: ...

class JoinResponse(_message.Message):
    __slots__ = ("player_id", "player_token", "state")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    player_token: str
    state: GameState
    def __init__(self, player_id: _Optional[str] = ..., player_token: _Optional[str] = ..., state: _Optional[_Union[GameState, _Mapping]] = ...) -> None: ...

class AddRobotRequest(_message.Message):
    __slots__ = ("game_id", "token", "level", "name")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    token: str
    level: str
    name: str
    def __init__(self, game_id: _Optional[str] = ..., token: _Optional[str] = ..., level: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class GameCommand(_message.Message):
    __slots__ = ("game_id", "token", "release_key")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    RELEASE_KEY_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    token: str
    release_key: str
    def __init__(self, game_id: _Optional[str] = ..., token: _Optional[str] = ..., release_key: _Optional[str] = ...) -> None: ...

class PositionCheckRequest(_message.Message):
    __slots__ = ("board", "rack", "move")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    RACK_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    board: _containers.RepeatedScalarFieldContainer[str]
    rack: str
    move: str
    def __init__(self, board: _Optional[_Iterable[str]] = ..., rack: _Optional[str] = ..., move: _Optional[str] = ...) -> None: ...

class PositionCheckResponse(_message.Message):
    __slots__ = ("live",)
    LIVE_FIELD_NUMBER: _ClassVar[int]
    live: bool
    def __init__(self, live: _Optional[bool] = ...) -> None: ...

class GetGameRequest(_message.Message):
    __slots__ = ("game_id", "token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    token: str
    def __init__(self, game_id: _Optional[str] = ..., token: _Optional[str] = ...) -> None: ...

class Player(_message.Message):
    __slots__ = ("id", "name", "robot")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    ROBOT_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    robot: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., robot: _Optional[str] = ...) -> None: ...

class GameState(_message.Message):
    __slots__ = ("game_id", "kind", "status", "phase", "turn", "deadline_ms", "remaining_ms", "server_time_ms", "players", "title", "seats", "package_hash", "start_at_ms", "player_count", "seed_commitment", "refereed", "sealed", "key_released", "parked_reason", "you", "kind_name", "paused_reason", "duel", "duplicate", "indecix", "duplikta")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    REMAINING_MS_FIELD_NUMBER: _ClassVar[int]
    SERVER_TIME_MS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    PACKAGE_HASH_FIELD_NUMBER: _ClassVar[int]
    START_AT_MS_FIELD_NUMBER: _ClassVar[int]
    PLAYER_COUNT_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    REFEREED_FIELD_NUMBER: _ClassVar[int]
    SEALED_FIELD_NUMBER: _ClassVar[int]
    KEY_RELEASED_FIELD_NUMBER: _ClassVar[int]
    PARKED_REASON_FIELD_NUMBER: _ClassVar[int]
    YOU_FIELD_NUMBER: _ClassVar[int]
    KIND_NAME_FIELD_NUMBER: _ClassVar[int]
    PAUSED_REASON_FIELD_NUMBER: _ClassVar[int]
    DUEL_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    INDECIX_FIELD_NUMBER: _ClassVar[int]
    DUPLIKTA_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    kind: _common_pb2.GameKind
    status: str
    phase: str
    turn: int
    deadline_ms: int
    remaining_ms: int
    server_time_ms: int
    players: _containers.RepeatedCompositeFieldContainer[Player]
    title: str
    seats: int
    package_hash: str
    start_at_ms: int
    player_count: int
    seed_commitment: str
    refereed: bool
    sealed: bool
    key_released: bool
    parked_reason: str
    you: str
    kind_name: str
    paused_reason: str
    duel: _duel_pb2.DuelView
    duplicate: _duplicate_pb2.DuplicateView
    indecix: _indecix_pb2.IndecixView
    duplikta: _duplikta_pb2.DupliktaView
    def __init__(self, game_id: _Optional[str] = ..., kind: _Optional[_Union[_common_pb2.GameKind, str]] = ..., status: _Optional[str] = ..., phase: _Optional[str] = ..., turn: _Optional[int] = ..., deadline_ms: _Optional[int] = ..., remaining_ms: _Optional[int] = ..., server_time_ms: _Optional[int] = ..., players: _Optional[_Iterable[_Union[Player, _Mapping]]] = ..., title: _Optional[str] = ..., seats: _Optional[int] = ..., package_hash: _Optional[str] = ..., start_at_ms: _Optional[int] = ..., player_count: _Optional[int] = ..., seed_commitment: _Optional[str] = ..., refereed: _Optional[bool] = ..., sealed: _Optional[bool] = ..., key_released: _Optional[bool] = ..., parked_reason: _Optional[str] = ..., you: _Optional[str] = ..., kind_name: _Optional[str] = ..., paused_reason: _Optional[str] = ..., duel: _Optional[_Union[_duel_pb2.DuelView, _Mapping]] = ..., duplicate: _Optional[_Union[_duplicate_pb2.DuplicateView, _Mapping]] = ..., indecix: _Optional[_Union[_indecix_pb2.IndecixView, _Mapping]] = ..., duplikta: _Optional[_Union[_duplikta_pb2.DupliktaView, _Mapping]] = ...) -> None: ...

class ActRequest(_message.Message):
    __slots__ = ("game_id", "token", "request_id", "dry_run", "duel", "duplicate", "indecix", "duplikta")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    DRY_RUN_FIELD_NUMBER: _ClassVar[int]
    DUEL_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    INDECIX_FIELD_NUMBER: _ClassVar[int]
    DUPLIKTA_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    token: str
    request_id: str
    dry_run: bool
    duel: _duel_pb2.DuelAction
    duplicate: _duplicate_pb2.DuplicateAction
    indecix: _indecix_pb2.IndecixAction
    duplikta: _duplikta_pb2.DupliktaAction
    def __init__(self, game_id: _Optional[str] = ..., token: _Optional[str] = ..., request_id: _Optional[str] = ..., dry_run: _Optional[bool] = ..., duel: _Optional[_Union[_duel_pb2.DuelAction, _Mapping]] = ..., duplicate: _Optional[_Union[_duplicate_pb2.DuplicateAction, _Mapping]] = ..., indecix: _Optional[_Union[_indecix_pb2.IndecixAction, _Mapping]] = ..., duplikta: _Optional[_Union[_duplikta_pb2.DupliktaAction, _Mapping]] = ...) -> None: ...

class ActBatchRequest(_message.Message):
    __slots__ = ("actions",)
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedCompositeFieldContainer[ActRequest]
    def __init__(self, actions: _Optional[_Iterable[_Union[ActRequest, _Mapping]]] = ...) -> None: ...

class ActBatchResponse(_message.Message):
    __slots__ = ("outcomes",)
    OUTCOMES_FIELD_NUMBER: _ClassVar[int]
    outcomes: _containers.RepeatedCompositeFieldContainer[ActOutcome]
    def __init__(self, outcomes: _Optional[_Iterable[_Union[ActOutcome, _Mapping]]] = ...) -> None: ...

class ActOutcome(_message.Message):
    __slots__ = ("answer", "refusal")
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    REFUSAL_FIELD_NUMBER: _ClassVar[int]
    answer: ActResponse
    refusal: ActRefusal
    def __init__(self, answer: _Optional[_Union[ActResponse, _Mapping]] = ..., refusal: _Optional[_Union[ActRefusal, _Mapping]] = ...) -> None: ...

class ActRefusal(_message.Message):
    __slots__ = ("code", "message")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    code: int
    message: str
    def __init__(self, code: _Optional[int] = ..., message: _Optional[str] = ...) -> None: ...

class ActResponse(_message.Message):
    __slots__ = ("replayed", "duel", "duplicate", "indecix", "duplikta")
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    DUEL_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    INDECIX_FIELD_NUMBER: _ClassVar[int]
    DUPLIKTA_FIELD_NUMBER: _ClassVar[int]
    replayed: bool
    duel: _duel_pb2.DuelGuessResult
    duplicate: _duplicate_pb2.DuplicateAnswerResult
    indecix: _indecix_pb2.IndecixRoll
    duplikta: _duplikta_pb2.DupliktaResult
    def __init__(self, replayed: _Optional[bool] = ..., duel: _Optional[_Union[_duel_pb2.DuelGuessResult, _Mapping]] = ..., duplicate: _Optional[_Union[_duplicate_pb2.DuplicateAnswerResult, _Mapping]] = ..., indecix: _Optional[_Union[_indecix_pb2.IndecixRoll, _Mapping]] = ..., duplikta: _Optional[_Union[_duplikta_pb2.DupliktaResult, _Mapping]] = ...) -> None: ...

class GetTurnRequest(_message.Message):
    __slots__ = ("game_id", "turn", "best_moves")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    BEST_MOVES_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    turn: int
    best_moves: int
    def __init__(self, game_id: _Optional[str] = ..., turn: _Optional[int] = ..., best_moves: _Optional[int] = ...) -> None: ...

class NextRequest(_message.Message):
    __slots__ = ("game_id", "turn", "token")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    turn: int
    token: str
    def __init__(self, game_id: _Optional[str] = ..., turn: _Optional[int] = ..., token: _Optional[str] = ...) -> None: ...

class NextResponse(_message.Message):
    __slots__ = ("turn", "ready", "of")
    TURN_FIELD_NUMBER: _ClassVar[int]
    READY_FIELD_NUMBER: _ClassVar[int]
    OF_FIELD_NUMBER: _ClassVar[int]
    turn: int
    ready: int
    of: int
    def __init__(self, turn: _Optional[int] = ..., ready: _Optional[int] = ..., of: _Optional[int] = ...) -> None: ...

class TurnResult(_message.Message):
    __slots__ = ("turn", "best_moves", "names", "duel", "duplicate", "indecix", "duplikta")
    class NamesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    TURN_FIELD_NUMBER: _ClassVar[int]
    BEST_MOVES_FIELD_NUMBER: _ClassVar[int]
    NAMES_FIELD_NUMBER: _ClassVar[int]
    DUEL_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    INDECIX_FIELD_NUMBER: _ClassVar[int]
    DUPLIKTA_FIELD_NUMBER: _ClassVar[int]
    turn: int
    best_moves: _containers.RepeatedCompositeFieldContainer[_common_pb2.ScoredMove]
    names: _containers.ScalarMap[str, str]
    duel: _duel_pb2.DuelRevealedRound
    duplicate: _duplicate_pb2.DuplicateReveal
    indecix: _indecix_pb2.IndecixRoll
    duplikta: _duplikta_pb2.DupliktaTurnClosed
    def __init__(self, turn: _Optional[int] = ..., best_moves: _Optional[_Iterable[_Union[_common_pb2.ScoredMove, _Mapping]]] = ..., names: _Optional[_Mapping[str, str]] = ..., duel: _Optional[_Union[_duel_pb2.DuelRevealedRound, _Mapping]] = ..., duplicate: _Optional[_Union[_duplicate_pb2.DuplicateReveal, _Mapping]] = ..., indecix: _Optional[_Union[_indecix_pb2.IndecixRoll, _Mapping]] = ..., duplikta: _Optional[_Union[_duplikta_pb2.DupliktaTurnClosed, _Mapping]] = ...) -> None: ...

class GetStandingsRequest(_message.Message):
    __slots__ = ("game_id", "offset", "limit")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    offset: int
    limit: int
    def __init__(self, game_id: _Optional[str] = ..., offset: _Optional[int] = ..., limit: _Optional[int] = ...) -> None: ...

class NamedStanding(_message.Message):
    __slots__ = ("standing", "name", "duel", "duplicate", "indecix", "duplikta")
    STANDING_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DUEL_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    INDECIX_FIELD_NUMBER: _ClassVar[int]
    DUPLIKTA_FIELD_NUMBER: _ClassVar[int]
    standing: _scoring_pb2.Standing
    name: str
    duel: _duel_pb2.DuelStandingDetails
    duplicate: _duplicate_pb2.DuplicateStandingDetails
    indecix: _indecix_pb2.IndecixStandingDetails
    duplikta: _duplikta_pb2.DupliktaStandingDetails
    def __init__(self, standing: _Optional[_Union[_scoring_pb2.Standing, _Mapping]] = ..., name: _Optional[str] = ..., duel: _Optional[_Union[_duel_pb2.DuelStandingDetails, _Mapping]] = ..., duplicate: _Optional[_Union[_duplicate_pb2.DuplicateStandingDetails, _Mapping]] = ..., indecix: _Optional[_Union[_indecix_pb2.IndecixStandingDetails, _Mapping]] = ..., duplikta: _Optional[_Union[_duplikta_pb2.DupliktaStandingDetails, _Mapping]] = ...) -> None: ...

class GameStandings(_message.Message):
    __slots__ = ("standings", "turns", "players")
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    TURNS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    standings: _containers.RepeatedCompositeFieldContainer[NamedStanding]
    turns: int
    players: int
    def __init__(self, standings: _Optional[_Iterable[_Union[NamedStanding, _Mapping]]] = ..., turns: _Optional[int] = ..., players: _Optional[int] = ...) -> None: ...

class GameRecord(_message.Message):
    __slots__ = ("sheet", "seed_commitment", "seed_salt", "names", "fingerprint", "duel", "duplicate", "indecix", "duplikta")
    class NamesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    SHEET_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    SEED_SALT_FIELD_NUMBER: _ClassVar[int]
    NAMES_FIELD_NUMBER: _ClassVar[int]
    FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    DUEL_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    INDECIX_FIELD_NUMBER: _ClassVar[int]
    DUPLIKTA_FIELD_NUMBER: _ClassVar[int]
    sheet: str
    seed_commitment: str
    seed_salt: str
    names: _containers.ScalarMap[str, str]
    fingerprint: str
    duel: _duel_pb2.DuelRecord
    duplicate: _duplicate_pb2.DuplicateRecord
    indecix: _indecix_pb2.IndecixRecord
    duplikta: _duplikta_pb2.DupliktaRecord
    def __init__(self, sheet: _Optional[str] = ..., seed_commitment: _Optional[str] = ..., seed_salt: _Optional[str] = ..., names: _Optional[_Mapping[str, str]] = ..., fingerprint: _Optional[str] = ..., duel: _Optional[_Union[_duel_pb2.DuelRecord, _Mapping]] = ..., duplicate: _Optional[_Union[_duplicate_pb2.DuplicateRecord, _Mapping]] = ..., indecix: _Optional[_Union[_indecix_pb2.IndecixRecord, _Mapping]] = ..., duplikta: _Optional[_Union[_duplikta_pb2.DupliktaRecord, _Mapping]] = ...) -> None: ...

class EventsRequest(_message.Message):
    __slots__ = ("game_id", "after", "backlog")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_FIELD_NUMBER: _ClassVar[int]
    BACKLOG_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    after: str
    backlog: int
    def __init__(self, game_id: _Optional[str] = ..., after: _Optional[str] = ..., backlog: _Optional[int] = ...) -> None: ...

class ResultsRequest(_message.Message):
    __slots__ = ("game_id", "serie", "club", "country", "centre", "csv")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SERIE_FIELD_NUMBER: _ClassVar[int]
    CLUB_FIELD_NUMBER: _ClassVar[int]
    COUNTRY_FIELD_NUMBER: _ClassVar[int]
    CENTRE_FIELD_NUMBER: _ClassVar[int]
    CSV_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    serie: str
    club: str
    country: str
    centre: str
    csv: bool
    def __init__(self, game_id: _Optional[str] = ..., serie: _Optional[str] = ..., club: _Optional[str] = ..., country: _Optional[str] = ..., centre: _Optional[str] = ..., csv: _Optional[bool] = ...) -> None: ...

class Results(_message.Message):
    __slots__ = ("results_json", "csv", "top_total", "turns", "lines")
    RESULTS_JSON_FIELD_NUMBER: _ClassVar[int]
    CSV_FIELD_NUMBER: _ClassVar[int]
    TOP_TOTAL_FIELD_NUMBER: _ClassVar[int]
    TURNS_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    results_json: str
    csv: str
    top_total: int
    turns: int
    lines: int
    def __init__(self, results_json: _Optional[str] = ..., csv: _Optional[str] = ..., top_total: _Optional[int] = ..., turns: _Optional[int] = ..., lines: _Optional[int] = ...) -> None: ...

class UploadCentreRequest(_message.Message):
    __slots__ = ("game_id", "token", "centre", "csv")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    CENTRE_FIELD_NUMBER: _ClassVar[int]
    CSV_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    token: str
    centre: str
    csv: str
    def __init__(self, game_id: _Optional[str] = ..., token: _Optional[str] = ..., centre: _Optional[str] = ..., csv: _Optional[str] = ...) -> None: ...

class CentreProblem(_message.Message):
    __slots__ = ("line", "message")
    LINE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    line: int
    message: str
    def __init__(self, line: _Optional[int] = ..., message: _Optional[str] = ...) -> None: ...

class UploadCentreResponse(_message.Message):
    __slots__ = ("accepted", "centre", "players", "problems")
    ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    CENTRE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PROBLEMS_FIELD_NUMBER: _ClassVar[int]
    accepted: bool
    centre: str
    players: int
    problems: _containers.RepeatedCompositeFieldContainer[CentreProblem]
    def __init__(self, accepted: _Optional[bool] = ..., centre: _Optional[str] = ..., players: _Optional[int] = ..., problems: _Optional[_Iterable[_Union[CentreProblem, _Mapping]]] = ...) -> None: ...

class GameEvent(_message.Message):
    __slots__ = ("id", "type", "data_json", "backlog", "state", "session", "duel", "duplicate", "indecix", "duplikta")
    ID_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    DATA_JSON_FIELD_NUMBER: _ClassVar[int]
    BACKLOG_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    SESSION_FIELD_NUMBER: _ClassVar[int]
    DUEL_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    INDECIX_FIELD_NUMBER: _ClassVar[int]
    DUPLIKTA_FIELD_NUMBER: _ClassVar[int]
    id: str
    type: str
    data_json: str
    backlog: bool
    state: GameState
    session: SessionEvent
    duel: _duel_pb2.DuelEvent
    duplicate: _duplicate_pb2.DuplicateEvent
    indecix: _indecix_pb2.IndecixEvent
    duplikta: _duplikta_pb2.DupliktaEvent
    def __init__(self, id: _Optional[str] = ..., type: _Optional[str] = ..., data_json: _Optional[str] = ..., backlog: _Optional[bool] = ..., state: _Optional[_Union[GameState, _Mapping]] = ..., session: _Optional[_Union[SessionEvent, _Mapping]] = ..., duel: _Optional[_Union[_duel_pb2.DuelEvent, _Mapping]] = ..., duplicate: _Optional[_Union[_duplicate_pb2.DuplicateEvent, _Mapping]] = ..., indecix: _Optional[_Union[_indecix_pb2.IndecixEvent, _Mapping]] = ..., duplikta: _Optional[_Union[_duplikta_pb2.DupliktaEvent, _Mapping]] = ...) -> None: ...

class SessionEvent(_message.Message):
    __slots__ = ("created", "game_started", "paused", "resumed", "parked", "package_opened", "next_count")
    CREATED_FIELD_NUMBER: _ClassVar[int]
    GAME_STARTED_FIELD_NUMBER: _ClassVar[int]
    PAUSED_FIELD_NUMBER: _ClassVar[int]
    RESUMED_FIELD_NUMBER: _ClassVar[int]
    PARKED_FIELD_NUMBER: _ClassVar[int]
    PACKAGE_OPENED_FIELD_NUMBER: _ClassVar[int]
    NEXT_COUNT_FIELD_NUMBER: _ClassVar[int]
    created: GameCreated
    game_started: GameStarted
    paused: GamePaused
    resumed: GameResumed
    parked: GameParked
    package_opened: PackageOpened
    next_count: NextCount
    def __init__(self, created: _Optional[_Union[GameCreated, _Mapping]] = ..., game_started: _Optional[_Union[GameStarted, _Mapping]] = ..., paused: _Optional[_Union[GamePaused, _Mapping]] = ..., resumed: _Optional[_Union[GameResumed, _Mapping]] = ..., parked: _Optional[_Union[GameParked, _Mapping]] = ..., package_opened: _Optional[_Union[PackageOpened, _Mapping]] = ..., next_count: _Optional[_Union[NextCount, _Mapping]] = ...) -> None: ...

class GameCreated(_message.Message):
    __slots__ = ("seed_commitment",)
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    seed_commitment: str
    def __init__(self, seed_commitment: _Optional[str] = ...) -> None: ...

class GameStarted(_message.Message):
    __slots__ = ("scheduled",)
    SCHEDULED_FIELD_NUMBER: _ClassVar[int]
    scheduled: bool
    def __init__(self, scheduled: _Optional[bool] = ...) -> None: ...

class GamePaused(_message.Message):
    __slots__ = ("turn", "remaining_ms", "reason")
    TURN_FIELD_NUMBER: _ClassVar[int]
    REMAINING_MS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    turn: int
    remaining_ms: int
    reason: str
    def __init__(self, turn: _Optional[int] = ..., remaining_ms: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class GameResumed(_message.Message):
    __slots__ = ("turn", "deadline_ms")
    TURN_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    turn: int
    deadline_ms: int
    def __init__(self, turn: _Optional[int] = ..., deadline_ms: _Optional[int] = ...) -> None: ...

class GameParked(_message.Message):
    __slots__ = ("turn", "reason")
    TURN_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    turn: int
    reason: str
    def __init__(self, turn: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class NextCount(_message.Message):
    __slots__ = ("turn", "ready", "of")
    TURN_FIELD_NUMBER: _ClassVar[int]
    READY_FIELD_NUMBER: _ClassVar[int]
    OF_FIELD_NUMBER: _ClassVar[int]
    turn: int
    ready: int
    of: int
    def __init__(self, turn: _Optional[int] = ..., ready: _Optional[int] = ..., of: _Optional[int] = ...) -> None: ...

class PackageOpened(_message.Message):
    __slots__ = ("package_hash", "seed_commitment")
    PACKAGE_HASH_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    package_hash: str
    seed_commitment: str
    def __init__(self, package_hash: _Optional[str] = ..., seed_commitment: _Optional[str] = ...) -> None: ...

class ListTablesRequest(_message.Message):
    __slots__ = ("limit",)
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    limit: int
    def __init__(self, limit: _Optional[int] = ...) -> None: ...

class OpenTable(_message.Message):
    __slots__ = ("game_id", "title", "seats", "players", "robots", "variant", "lexicon", "seconds_per_turn", "created_ms", "kind", "language")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ROBOTS_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    LEXICON_FIELD_NUMBER: _ClassVar[int]
    SECONDS_PER_TURN_FIELD_NUMBER: _ClassVar[int]
    CREATED_MS_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    title: str
    seats: int
    players: int
    robots: int
    variant: str
    lexicon: str
    seconds_per_turn: int
    created_ms: int
    kind: str
    language: str
    def __init__(self, game_id: _Optional[str] = ..., title: _Optional[str] = ..., seats: _Optional[int] = ..., players: _Optional[int] = ..., robots: _Optional[int] = ..., variant: _Optional[str] = ..., lexicon: _Optional[str] = ..., seconds_per_turn: _Optional[int] = ..., created_ms: _Optional[int] = ..., kind: _Optional[str] = ..., language: _Optional[str] = ...) -> None: ...

class TableList(_message.Message):
    __slots__ = ("tables", "server_time_ms")
    TABLES_FIELD_NUMBER: _ClassVar[int]
    SERVER_TIME_MS_FIELD_NUMBER: _ClassVar[int]
    tables: _containers.RepeatedCompositeFieldContainer[OpenTable]
    server_time_ms: int
    def __init__(self, tables: _Optional[_Iterable[_Union[OpenTable, _Mapping]]] = ..., server_time_ms: _Optional[int] = ...) -> None: ...
