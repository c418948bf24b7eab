"""Type stub of the compiled move generator (see ``_movegen.pyx``)."""

from collections.abc import Sequence

ALL: int
TOP: int
ANY: int
BLANK_FLAG: int
BOARD_LIMIT: int

class Engine:
    dawg_root: int
    gaddag_root: int
    size: int
    start: int
    max_tiles: int
    first_move_horizontal: bool
    blank_as_letter: bool
    def __init__(
        self,
        arcs: object,
        dawg_root: int,
        gaddag_root: int,
        size: int,
        letter_multipliers: bytes,
        word_multipliers: bytes,
        start: int,
        values: Sequence[int],
        playable: Sequence[bool],
        bonuses: Sequence[int],
        max_tiles: int,
        first_move_horizontal: bool,
        blank_as_letter: bool = False,
    ) -> None: ...
    def prepare(self, cells: list[str]) -> PreparedBoard: ...

class PreparedBoard:
    engine: Engine
    tile_count: int
    def __init__(self, engine: Engine, cells: list[str]) -> None: ...
    def generate(self, rack: Sequence[int], mode: int = ..., max_moves: int = ...) -> MoveList: ...
    def evaluate(
        self, row: int, col: int, horizontal: bool, word: str, rack: Sequence[int] | None = None
    ) -> tuple[int, int, int, int, list[tuple[str, int, bool]]] | None: ...

class MoveList:
    count: int
    truncated: bool
    def __len__(self) -> int: ...
    def sort(self) -> None: ...
    def best_score(self) -> int: ...
    def record(self, i: int) -> tuple[int, int, int, bool, str, int, int]: ...
    def best_records(
        self, horizontal_only: bool = False
    ) -> list[tuple[int, int, int, bool, str, int, int]]: ...
    def records(self, limit: int = ...) -> list[tuple[int, int, int, bool, str, int, int]]: ...
