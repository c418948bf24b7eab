# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Compiled move generator over the GADDAG of :mod:`arbitre.engine._automaton`.

Contracts (checked by the Python wrapper :mod:`arbitre.engine.movegen`, trusted here):

* a board is ``size * size`` cell codes, ``size <= 26``: 0 empty, 1..26 a tile ``A``..``Z``,
  ``BLANK | code`` a blank played as that letter;
* a rack is 27 counts: index 0 the blanks, 1..26 the letters;
* ``values`` are 27 letter values, index 0 the value of a blank; with ``blank_as_letter`` a
  blank is worth the value of the letter it stands for instead (dupliKta's rule), on the board
  as in a move;
* premiums are one letter and one word multiplier per square.

Generation runs without the GIL on scratch memory owned by the call, so threads sharing one
:class:`PreparedBoard` run in parallel.

The search is Gordon's GADDAG search from anchors, line by line. Each move is found once:

* a move whose word holds board tiles, from the last tile of the rightmost run of board tiles it
  holds: the search reads that run backwards first (no branching), may go on leftwards through
  other runs, and never places a tile that would touch a run further right;
* a move whose word holds no board tile (it touches tiles only across the line), from the
  rightmost of its new squares that has a cross word, never touching a run;
* a one-tile move, from the horizontal pass when it forms a horizontal word.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int32_t, uint8_t, uint32_t
from libc.stdlib cimport free, malloc, qsort, realloc
from libc.string cimport memcpy, memset

from arbitre.engine._arcs cimport ACCEPT_BIT, INDEX_MASK, LABEL_SHIFT, LAST_BIT, find_arc

cdef extern from "Python.h":
    Py_UCS4 PyUnicode_READ_CHAR(object, Py_ssize_t)

cdef enum:
    MAX_SIZE = 26
    MAX_CELLS = MAX_SIZE * MAX_SIZE
    MAX_TILES = 16
    BLANK = 32          # cell flag: a blank played as the letter in the low bits
    NEW = 64            # word flag in a move record: a tile put down by the move
    LETTER = 31
    MODE_ALL = 0
    MODE_TOP = 1
    MODE_ANY = 2

cdef enum:
    ALL_LETTERS = 0x7FFFFFE     # bits 1..26
    BOUND_FROM_BLANKS = 1       # top only: bound anchors when the rack has blanks

ALL = MODE_ALL
TOP = MODE_TOP
ANY = MODE_ANY
BLANK_FLAG = BLANK
BOARD_LIMIT = MAX_SIZE


cdef struct MoveRecord:
    int32_t score
    uint8_t row
    uint8_t col
    uint8_t horizontal
    uint8_t length
    uint8_t tiles
    uint8_t blanks
    uint8_t word[MAX_SIZE]      # cell codes of the main word, NEW on the tiles put down


cdef struct Search:
    const uint32_t* arcs
    int size
    int mode
    int limit_reached
    int stop
    int32_t best
    # the line being searched (a row, or a column read top to bottom)
    int horizontal
    int line
    int anchor
    int left_limit              # leftmost square where the move may put a tile
    int right_limit             # rightmost square where the move may put a tile
    uint8_t tiles[MAX_SIZE]
    uint32_t masks[MAX_SIZE]
    int32_t cross[MAX_SIZE]
    uint8_t lm[MAX_SIZE]
    uint8_t wm[MAX_SIZE]
    uint8_t word[MAX_SIZE]
    # rack and rules
    int rack[27]
    uint32_t letter_bits        # bit per letter A..Z still on the rack (blanks apart)
    int values[27]
    int blank_values[27]        # a blank standing for each letter (index 0: for none yet)
    int blank_bound             # the most a blank on the rack may be worth
    int bonus[MAX_TILES + 1]
    int max_tiles
    # output
    MoveRecord* moves
    Py_ssize_t count
    Py_ssize_t capacity
    Py_ssize_t max_moves
    int failed


cdef struct Anchor:
    int square
    int left_limit
    int right_limit


cdef struct Candidate:
    int32_t bound
    int horizontal
    int line
    Anchor anchor


cdef void _search_anchor(Search* s, Anchor* anchor, uint32_t root) noexcept nogil:
    s.anchor = anchor.square
    s.left_limit = anchor.left_limit
    s.right_limit = anchor.right_limit
    _extend_left(s, anchor.square, root, 0, 1, 0, 0, 0)


cdef struct RackProfile:
    int count                   # tiles on the rack
    int values[MAX_TILES]       # their values, highest first
    uint32_t letters            # bit per letter on the rack (all letters with a blank)


cdef bint _walk(const uint32_t* arcs, uint32_t root, const uint8_t* codes, int n) noexcept nogil:
    """Whether the letters ``codes[:n]`` (flags ignored) spell a word of the DAWG at ``root``."""
    cdef uint32_t node = root, arc_index = 0
    cdef int k
    for k in range(n):
        arc_index = find_arc(arcs, node, codes[k] & LETTER)
        if arc_index == 0:
            return False
        node = arcs[arc_index] & INDEX_MASK
    return (arcs[arc_index] & ACCEPT_BIT) != 0


cdef void _rack_profile(Search* s, RackProfile* rack) noexcept nogil:
    cdef int i, k, j, v
    rack.count = 0
    rack.letters = ALL_LETTERS if s.rack[0] else 0
    for i in range(27):
        for k in range(s.rack[i]):
            v = s.blank_bound if i == 0 else s.values[i]
            j = rack.count
            while j > 0 and rack.values[j - 1] < v:
                rack.values[j] = rack.values[j - 1]
                j -= 1
            rack.values[j] = v
            rack.count += 1
        if i and s.rack[i]:
            rack.letters |= 1u << i


cdef int _compare_candidates(const void* a, const void* b) noexcept nogil:
    """Highest bound first; then line order, so that equal bounds keep a stable order."""
    cdef const Candidate* x = <const Candidate*>a
    cdef const Candidate* y = <const Candidate*>b
    if x.bound != y.bound:
        return -1 if x.bound > y.bound else 1
    if x.horizontal != y.horizontal:
        return -1 if x.horizontal > y.horizontal else 1
    if x.line != y.line:
        return -1 if x.line < y.line else 1
    return x.anchor.square - y.anchor.square


cdef inline int _tile_value(Search* s, uint8_t code) noexcept nogil:
    return s.blank_values[code & LETTER] if code & BLANK else s.values[code & LETTER]


cdef int32_t _anchor_bound(Search* s, Anchor* anchor, RackProfile* rack) noexcept nogil:
    """An upper bound of the score of any move found from ``anchor`` in the loaded line, or -1
    when none can exist.

    A move from an anchor puts tiles on ``j`` empty squares left of the anchor and ``r`` right
    of it (the anchor itself counting as a left square when empty), with the board tiles in
    between. For each such window the bound adds the board tiles' points, the cross words'
    fixed points and the rack's values paired, highest with highest, with each new square's
    multiplier (rearrangement inequality), ignoring the lexicon. A square where no rack tile
    fits its cross-check closes the window.
    """
    cdef int k = rack.count if rack.count < s.max_tiles else s.max_tiles
    cdef int left[MAX_TILES]
    cdef int right[MAX_TILES]
    cdef int left_fixed[MAX_TILES + 1]
    cdef int right_fixed[MAX_TILES + 1]
    cdef int squares[MAX_TILES]
    cdef int coefs[MAX_TILES]
    cdef int n_left = 0, n_right = 0, pos, acc, j, r, t, q, c, m, word_mult, fixed_cross
    cdef int32_t value, best = -1
    cdef int size = s.size
    if k == 0:
        return -1
    # leftwards from the anchor: board tiles are read, empty squares may take a tile
    acc = 0
    pos = anchor.square
    while pos >= 0 and s.tiles[pos]:
        acc += _tile_value(s, s.tiles[pos])
        pos -= 1
    left_fixed[0] = acc
    while (n_left < k and pos >= anchor.left_limit and (s.masks[pos] & rack.letters)):
        left[n_left] = pos
        n_left += 1
        pos -= 1
        while pos >= 0 and s.tiles[pos]:
            acc += _tile_value(s, s.tiles[pos])
            pos -= 1
        left_fixed[n_left] = acc
    # rightwards: only empty squares up to the limit
    right_fixed[0] = 0
    pos = anchor.square + 1
    while n_right < k and pos <= anchor.right_limit and (s.masks[pos] & rack.letters):
        right[n_right] = pos
        n_right += 1
        right_fixed[n_right] = 0
        pos += 1
    for j in range(n_left + 1):
        if s.tiles[anchor.square] == 0 and j == 0:
            continue                    # an empty anchor always takes a tile
        for r in range(n_right + 1):
            t = j + r
            if t > k:
                break
            if t == 0:
                continue
            for q in range(j):
                squares[q] = left[q]
            for q in range(r):
                squares[j + q] = right[q]
            word_mult = 1
            for q in range(t):
                word_mult *= s.wm[squares[q]]
            fixed_cross = 0
            for q in range(t):
                pos = squares[q]
                c = s.lm[pos] * word_mult
                if s.cross[pos] >= 0:
                    c += s.lm[pos] * s.wm[pos]
                    fixed_cross += s.cross[pos] * s.wm[pos]
                m = q
                while m > 0 and coefs[m - 1] < c:
                    coefs[m] = coefs[m - 1]
                    m -= 1
                coefs[m] = c
            value = (left_fixed[j] + right_fixed[r]) * word_mult + fixed_cross + s.bonus[t]
            for q in range(t):
                value += rack.values[q] * coefs[q]
            if value > best:
                best = value
    return best


cdef int _push(Search* s, int lo, int hi, int32_t score, int placed, int blanks) noexcept nogil:
    """Append a record for the word on ``s.word[lo..hi]``; 0 on success, -1 out of memory."""
    cdef MoveRecord* rec
    cdef MoveRecord* grown
    cdef Py_ssize_t capacity
    cdef int i
    if s.count == s.capacity:
        capacity = s.capacity * 2 if s.capacity else 256
        grown = <MoveRecord*>realloc(s.moves, capacity * sizeof(MoveRecord))
        if grown == NULL:
            s.failed = 1
            s.stop = 1
            return -1
        s.moves = grown
        s.capacity = capacity
    rec = &s.moves[s.count]
    s.count += 1
    rec.score = score
    if s.horizontal:
        rec.row = <uint8_t>s.line
        rec.col = <uint8_t>lo
    else:
        rec.row = <uint8_t>lo
        rec.col = <uint8_t>s.line
    rec.horizontal = <uint8_t>s.horizontal
    rec.length = <uint8_t>(hi - lo + 1)
    rec.tiles = <uint8_t>placed
    rec.blanks = <uint8_t>blanks
    for i in range(lo, hi + 1):
        rec.word[i - lo] = s.word[i]
    return 0


cdef void _record(Search* s, int lo, int hi, int main, int mult, int cross, int placed,
                  int blanks) noexcept nogil:
    cdef int i
    cdef int32_t score
    if placed == 1 and not s.horizontal:
        # a one-tile move that also forms a horizontal word was found by the horizontal pass
        for i in range(lo, hi + 1):
            if s.word[i] & NEW:
                if s.cross[i] >= 0:
                    return
                break
    score = main * mult + cross + s.bonus[placed]
    if s.mode == MODE_TOP:
        if score < s.best:
            return
        if score > s.best:
            s.best = score
            s.count = 0
    elif s.mode == MODE_ANY:
        s.stop = 1
    if s.max_moves >= 0 and s.count >= s.max_moves and s.mode != MODE_TOP:
        s.limit_reached = 1
        s.stop = 1
        return
    _push(s, lo, hi, score, placed, blanks)


cdef void _extend_left(Search* s, int pos, uint32_t node, int main, int mult, int cross,
                       int placed, int blanks) noexcept nogil:
    _extend(s, pos, node, 0, main, mult, cross, placed, blanks, 1)


cdef void _extend_right(Search* s, int pos, uint32_t node, int lo, int main, int mult, int cross,
                        int placed, int blanks) noexcept nogil:
    _extend(s, pos, node, lo, main, mult, cross, placed, blanks, 0)


cdef inline void _extend(Search* s, int pos, uint32_t node, int lo, int main, int mult,
                         int cross, int placed, int blanks, const int left) noexcept nogil:
    """Fill square ``pos`` with the next letter of a GADDAG path from the list ``node``: at or
    left of the anchor when ``left`` (the path so far holds the word from ``pos + 1`` to the
    anchor, reversed), else right of it (the word starts at ``lo``). Inlined into
    :func:`_extend_left` and :func:`_extend_right`, each compiled for its constant side."""
    cdef uint32_t index, arc, label, bit
    cdef int code = s.tiles[pos]
    cdef int value, lm, wm, word_cross
    cdef int32_t cross_base
    cdef const uint32_t* arcs = s.arcs
    if s.stop or node == 0:
        return
    if left:
        lo = pos
    if code:
        index = find_arc(arcs, node, code & LETTER)
        if index:
            s.word[pos] = <uint8_t>code
            value = _tile_value(s, <uint8_t>code)
            _go_on(s, pos, index, lo, main + value, mult, cross, placed, blanks, left)
        return
    if placed >= s.max_tiles:
        return
    if (pos < s.left_limit) if left else (pos > s.right_limit):
        return
    # letters both allowed by the cross-check and still on the rack
    bit = s.masks[pos] & (<uint32_t>ALL_LETTERS if s.rack[0] else s.letter_bits)
    if bit == 0:
        return
    lm = s.lm[pos]
    wm = s.wm[pos]
    cross_base = s.cross[pos]
    index = node
    while True:
        arc = arcs[index]
        label = arc >> LABEL_SHIFT
        if label and (bit >> label) & 1:
            if s.rack[label]:
                s.rack[label] -= 1
                if s.rack[label] == 0:
                    s.letter_bits &= ~(1u << label)
                value = s.values[label] * lm
                word_cross = cross + (cross_base + value) * wm if cross_base >= 0 else cross
                s.word[pos] = <uint8_t>(label | NEW)
                _go_on(s, pos, index, lo, main + value, mult * wm, word_cross,
                       placed + 1, blanks, left)
                s.rack[label] += 1
                s.letter_bits |= 1u << label
            if s.rack[0]:
                s.rack[0] -= 1
                value = s.blank_values[label] * lm
                word_cross = cross + (cross_base + value) * wm if cross_base >= 0 else cross
                s.word[pos] = <uint8_t>(label | BLANK | NEW)
                _go_on(s, pos, index, lo, main + value, mult * wm, word_cross,
                       placed + 1, blanks + 1, left)
                s.rack[0] += 1
            if s.stop:
                return
        if arc & LAST_BIT:
            return
        index += 1


cdef void _go_on(Search* s, int pos, uint32_t arc_index, int lo, int main, int mult, int cross,
                 int placed, int blanks, int left) noexcept nogil:
    """Continue after the letter at ``pos`` matched the arc ``arc_index``."""
    cdef uint32_t arc = s.arcs[arc_index]
    cdef uint32_t child = arc & INDEX_MASK
    cdef uint32_t separator
    cdef int size = s.size
    cdef int anchor = s.anchor
    cdef bint open_before, open_after
    if left:
        open_before = pos == 0 or s.tiles[pos - 1] == 0
        open_after = anchor == size - 1 or s.tiles[anchor + 1] == 0
        if (arc & ACCEPT_BIT) and open_before and open_after and placed:
            _record(s, pos, anchor, main, mult, cross, placed, blanks)
        if child == 0:
            return
        # skip calls that would return at once: no room or no tile left for the next square
        if pos > 0 and (not open_before or (pos > s.left_limit and placed < s.max_tiles)):
            _extend_left(s, pos - 1, child, main, mult, cross, placed, blanks)
        if (open_before and anchor < s.right_limit and placed < s.max_tiles and
                (s.arcs[child] >> LABEL_SHIFT) == 0):
            separator = s.arcs[child] & INDEX_MASK
            if separator:
                _extend_right(s, anchor + 1, separator, pos, main, mult, cross, placed, blanks)
    else:
        open_after = pos == size - 1 or s.tiles[pos + 1] == 0
        if (arc & ACCEPT_BIT) and open_after and placed:
            _record(s, lo, pos, main, mult, cross, placed, blanks)
        if child and pos < s.right_limit and placed < s.max_tiles:
            _extend_right(s, pos + 1, child, lo, main, mult, cross, placed, blanks)


cdef class Engine:
    """What stays fixed across positions: the automaton, the layout, letter values and rules.

    ``letter_multipliers`` and ``word_multipliers`` are ``size * size`` bytes; ``values`` has
    27 entries (index 0: a blank); ``bonuses[n]`` is added for ``n`` tiles put down;
    ``playable`` has 27 flags saying which tiles the set holds (index 0: blanks);
    ``blank_as_letter``: a blank is worth the letter it stands for (else ``values[0]``).
    """

    cdef object owner
    cdef const uint32_t[::1] view
    cdef const uint32_t* arcs
    cdef readonly uint32_t dawg_root
    cdef readonly uint32_t gaddag_root
    cdef readonly int size
    cdef readonly int start
    cdef readonly int max_tiles
    cdef readonly bint first_move_horizontal
    cdef readonly bint blank_as_letter
    cdef uint8_t lm[MAX_CELLS]
    cdef uint8_t wm[MAX_CELLS]
    cdef int values[27]
    cdef int blank_values[27]
    cdef int blank_bound
    cdef uint8_t playable[27]
    cdef int bonus[MAX_TILES + 1]

    def __init__(self, object arcs, uint32_t dawg_root, uint32_t gaddag_root, int size,
                 bytes letter_multipliers, bytes word_multipliers, int start, object values,
                 object playable, object bonuses, int max_tiles, bint first_move_horizontal,
                 bint blank_as_letter=False):
        cdef int i
        if not 2 <= size <= MAX_SIZE:
            raise ValueError(f"board size {size} must be 2 to {MAX_SIZE}")
        if len(letter_multipliers) != size * size or len(word_multipliers) != size * size:
            raise ValueError("one letter and one word multiplier per square")
        if not 0 <= start < size * size:
            raise ValueError("start square off the board")
        if not 1 <= max_tiles <= MAX_TILES or len(bonuses) != max_tiles + 1:
            raise ValueError("max_tiles must be 1 to 16, with one bonus per tile count")
        if len(values) != 27 or len(playable) != 27:
            raise ValueError("27 values and playable flags: the blank, then A to Z")
        self.owner = arcs
        self.view = memoryview(arcs).cast("B").cast("I")
        if self.view.shape[0] == 0 or dawg_root >= self.view.shape[0] or \
                gaddag_root >= self.view.shape[0]:
            raise ValueError("bad automaton")
        self.arcs = &self.view[0]
        self.dawg_root = dawg_root
        self.gaddag_root = gaddag_root
        self.size = size
        self.start = start
        self.max_tiles = max_tiles
        self.first_move_horizontal = first_move_horizontal
        for i in range(size * size):
            self.lm[i] = letter_multipliers[i]
            self.wm[i] = word_multipliers[i]
        self.blank_as_letter = blank_as_letter
        for i in range(27):
            self.values[i] = values[i]
            self.playable[i] = 1 if playable[i] else 0
        self.blank_bound = self.values[0]
        for i in range(27):
            self.blank_values[i] = self.values[i] if blank_as_letter and i else self.values[0]
            if self.blank_values[i] > self.blank_bound:
                self.blank_bound = self.blank_values[i]
        memset(self.bonus, 0, sizeof(self.bonus))
        for i in range(max_tiles + 1):
            self.bonus[i] = bonuses[i]

    def prepare(self, list cells):
        """A :class:`PreparedBoard` for ``cells`` (``size * size`` strings: ``""`` or one
        letter, lowercase for a blank). Raises ``ValueError`` for anything else."""
        return PreparedBoard(self, cells)


cdef class PreparedBoard:
    """A board with its anchors, cross-checks and cross-word scores computed once."""

    cdef readonly Engine engine
    cdef readonly int tile_count
    cdef uint8_t cells[MAX_CELLS]
    cdef uint8_t anchors[MAX_CELLS]
    cdef uint32_t mask_h[MAX_CELLS]     # letters allowed by the column, for horizontal moves
    cdef uint32_t mask_v[MAX_CELLS]     # letters allowed by the row, for vertical moves
    cdef int32_t cross_h[MAX_CELLS]     # points of the column's tiles, -1 if none touch
    cdef int32_t cross_v[MAX_CELLS]

    def __init__(self, Engine engine, list cells):
        cdef int size = engine.size
        cdef Py_ssize_t i
        cdef uint32_t ch
        cdef object cell
        if len(cells) != size * size:
            raise ValueError(f"expected {size * size} cells, got {len(cells)}")
        self.engine = engine
        self.tile_count = 0
        for i in range(size * size):
            cell = cells[i]
            if not isinstance(cell, str) or len(<str>cell) > 1:
                raise ValueError(f"cell {i}: {cell!r} is not a tile")
            if len(<str>cell) == 0:
                self.cells[i] = 0
                continue
            ch = <uint32_t>PyUnicode_READ_CHAR(cell, 0)
            if 65 <= ch <= 90:
                self.cells[i] = <uint8_t>(ch - 64)
            elif 97 <= ch <= 122:
                self.cells[i] = <uint8_t>((ch - 96) | BLANK)
            else:
                raise ValueError(f"cell {i}: {cell!r} is not a tile")
            self.tile_count += 1
        with nogil:
            self._compute()

    cdef int _value(self, uint8_t code) noexcept nogil:
        if code & BLANK:
            return self.engine.blank_values[code & LETTER]
        return self.engine.values[code & LETTER]

    cdef void _compute(self) noexcept nogil:
        cdef int size = self.engine.size
        cdef int r, c, index
        for index in range(size * size):
            self.anchors[index] = 0
            self.mask_h[index] = ALL_LETTERS
            self.mask_v[index] = ALL_LETTERS
            self.cross_h[index] = -1
            self.cross_v[index] = -1
        if self.tile_count == 0:
            self.anchors[self.engine.start] = 1
            return
        for r in range(size):
            for c in range(size):
                index = r * size + c
                if self.cells[index]:
                    continue
                if (r > 0 and self.cells[index - size]) or \
                        (r + 1 < size and self.cells[index + size]):
                    self.anchors[index] = 1
                    self._cross_check(index, size, r, size, &self.mask_h[index],
                                      &self.cross_h[index])
                if (c > 0 and self.cells[index - 1]) or (c + 1 < size and self.cells[index + 1]):
                    self.anchors[index] = 1
                    self._cross_check(index, 1, c, size, &self.mask_v[index],
                                      &self.cross_v[index])

    cdef void _cross_check(self, int index, int step, int along, int size, uint32_t* mask,
                           int32_t* points) noexcept nogil:
        """Letters that complete the perpendicular word through the empty square ``index``
        (``step``: 1 for a row, ``size`` for a column; ``along``: its position on that line)."""
        cdef const uint32_t* arcs = self.engine.arcs
        cdef int first = along, last = along, k, total = 0
        cdef uint32_t node = self.engine.dawg_root, arc_index = 0, list_index, arc, child, result = 0
        cdef uint32_t follow, label
        while first > 0 and self.cells[index - (along - first + 1) * step]:
            first -= 1
        while last + 1 < size and self.cells[index + (last - along + 1) * step]:
            last += 1
        for k in range(first, last + 1):
            if k != along:
                total += self._value(self.cells[index + (k - along) * step])
        points[0] = total
        # walk the letters before the square
        for k in range(first, along):
            arc_index = find_arc(arcs, node, self.cells[index + (k - along) * step] & LETTER)
            if arc_index == 0:
                mask[0] = 0
                return
            node = arcs[arc_index] & INDEX_MASK
        if node == 0:
            mask[0] = 0
            return
        list_index = node
        while True:
            arc = arcs[list_index]
            label = arc >> LABEL_SHIFT
            if last == along:
                if arc & ACCEPT_BIT:
                    result |= 1u << label
            else:
                child = arc & INDEX_MASK
                follow = 0
                for k in range(along + 1, last + 1):
                    follow = find_arc(arcs, child, self.cells[index + (k - along) * step] & LETTER)
                    if follow == 0:
                        break
                    child = arcs[follow] & INDEX_MASK
                if follow and (arcs[follow] & ACCEPT_BIT):
                    result |= 1u << label
            if arc & LAST_BIT:
                break
            list_index += 1
        mask[0] = result

    def evaluate(self, int row, int col, bint horizontal, str word, object rack=None):
        """Validate and score one move written ``word`` (lowercase for a blank) from
        ``(row, col)``; ``rack`` (27 counts) must hold its new tiles when given.

        Returns ``None`` when the move breaks a placement rule (the rules module says which),
        else ``(total, bonus, tiles, blanks, words)``, ``words`` being ``(letters, points,
        known)`` for the main word then each cross word, in the order of the main word.
        """
        cdef Engine engine = self.engine
        cdef int size = engine.size
        cdef Py_ssize_t n = len(word)
        cdef int along, step, cross_step, start, k, index, code, cell, placed = 0, blanks = 0
        cdef int main = 0, mult = 1, value, lm, wm, total, points, first, last, q
        cdef int need[27]
        cdef uint8_t codes[MAX_SIZE]
        cdef uint32_t ch, node, arc_index
        cdef bint connected = False, covers_start = False, known
        cdef char text[MAX_SIZE]
        cdef list words = []
        if n < 2 or n > MAX_SIZE or not (0 <= row < size and 0 <= col < size):
            return None
        along = col if horizontal else row
        if along + n > size:
            return None
        step = 1 if horizontal else size
        cross_step = size if horizontal else 1
        start = row * size + col
        if along > 0 and self.cells[start - step]:
            return None
        if along + n < size and self.cells[start + n * step]:
            return None
        memset(need, 0, sizeof(need))
        for k in range(n):
            ch = <uint32_t>PyUnicode_READ_CHAR(word, k)
            if 65 <= ch <= 90:
                code = ch - 64
            elif 97 <= ch <= 122:
                code = (ch - 96) | BLANK
            else:
                return None
            index = start + k * step
            cell = self.cells[index]
            if cell:
                if (cell & LETTER) != (code & LETTER):
                    return None
                codes[k] = <uint8_t>cell
                main += self._value(<uint8_t>cell)
                continue
            if code & BLANK:
                if not engine.playable[0]:
                    return None
                need[0] += 1
                blanks += 1
                value = engine.blank_values[code & LETTER]
            else:
                if not engine.playable[code]:
                    return None
                need[code] += 1
                value = engine.values[code]
            codes[k] = <uint8_t>(code | NEW)
            placed += 1
            connected = connected or self.anchors[index]
            covers_start = covers_start or index == engine.start
            main += value * engine.lm[index]
            mult *= engine.wm[index]
        if placed == 0 or placed > engine.max_tiles:
            return None
        if self.tile_count == 0:
            if not covers_start or (engine.first_move_horizontal and not horizontal):
                return None
        elif not connected:
            return None
        if rack is not None:
            if len(rack) != 27:
                raise ValueError("a rack is 27 counts: blanks, then A to Z")
            for k in range(27):
                if need[k] > rack[k]:
                    return None
        # the main word
        for k in range(n):
            text[k] = <char>((codes[k] & LETTER) + (96 if codes[k] & BLANK else 64))
        known = _walk(engine.arcs, engine.dawg_root, codes, n)
        total = main * mult
        words.append((text[:n].decode("ascii"), total, known))
        # the cross words through each new tile
        for k in range(n):
            if not codes[k] & NEW:
                continue
            index = start + k * step
            if horizontal:
                points = self.cross_h[index]
            else:
                points = self.cross_v[index]
            if points < 0:
                continue
            code = codes[k] & (LETTER | BLANK)
            value = self._value(<uint8_t>code)
            lm = engine.lm[index]
            wm = engine.wm[index]
            points = (points + value * lm) * wm
            total += points
            first = index
            while (first - cross_step >= 0 and
                   (horizontal or (first - cross_step) // size == index // size) and
                   self.cells[first - cross_step]):
                first -= cross_step
            q = 0
            last = first
            while True:
                cell = code if last == index else self.cells[last]
                text[q] = <char>((cell & LETTER) + (96 if cell & BLANK else 64))
                q += 1
                last += cross_step
                if last >= size * size or (not horizontal and last // size != index // size):
                    break
                if last != index and not self.cells[last]:
                    break
            if horizontal:
                known = (self.mask_h[index] >> (code & LETTER)) & 1
            else:
                known = (self.mask_v[index] >> (code & LETTER)) & 1
            words.append((text[:q].decode("ascii"), points, known))
        total += engine.bonus[placed]
        return (total, engine.bonus[placed], placed, blanks, words)

    cdef void _load_line(self, Search* s, int horizontal, int line) noexcept nogil:
        """Copy one row (``horizontal``) or column into the search's line arrays."""
        cdef int size = self.engine.size
        cdef int i, index, step, first
        if horizontal:
            first = line * size
            step = 1
        else:
            first = line
            step = size
        s.horizontal = horizontal
        s.line = line
        for i in range(size):
            index = first + i * step
            s.tiles[i] = self.cells[index]
            s.lm[i] = self.engine.lm[index]
            s.wm[i] = self.engine.wm[index]
            if horizontal:
                s.masks[i] = self.mask_h[index]
                s.cross[i] = self.cross_h[index]
            else:
                s.masks[i] = self.mask_v[index]
                s.cross[i] = self.cross_v[index]

    def generate(self, object rack, int mode=MODE_ALL, Py_ssize_t max_moves=-1):
        """The moves for ``rack`` (27 counts): every move (``ALL``), the tied best moves
        (``TOP``; horizontal only on an empty board) or at most one (``ANY``);
        ``max_moves >= 0`` caps ``ALL``."""
        cdef MoveList result = MoveList.__new__(MoveList)
        cdef Search* s = <Search*>PyMem_Malloc(sizeof(Search))
        cdef int i, total = 0
        if s == NULL:
            raise MemoryError()
        try:
            if len(rack) != 27:
                raise ValueError("a rack is 27 counts: blanks, then A to Z")
            memset(s, 0, sizeof(Search))
            for i in range(27):
                s.rack[i] = rack[i]
                if s.rack[i] < 0:
                    raise ValueError("negative tile count")
                total += s.rack[i]
            if total > MAX_TILES:
                raise ValueError(f"a rack holds at most {MAX_TILES} tiles")
            for i in range(1, 27):
                if s.rack[i]:
                    s.letter_bits |= 1u << i
            s.mode = mode
            s.max_moves = max_moves
            s.best = -1
            with nogil:
                self._run(s)
            if s.failed:
                free(s.moves)
                raise MemoryError()
            result.moves = s.moves
            result.count = s.count
            result.truncated = s.limit_reached
            return result
        finally:
            PyMem_Free(s)

    cdef int _line_anchors(self, Search* s, Anchor* out) noexcept nogil:
        """The anchors of the loaded line (see the module docstring), right to left; their
        number."""
        cdef int size = s.size
        cdef int n = 0, pos, run_end, gap_low, gap_high, limit
        if self.tile_count == 0:
            if s.horizontal:
                pos = self.engine.start - s.line * size
                if not 0 <= pos < size:
                    return 0
            else:
                if self.engine.start % size != s.line:
                    return 0
                pos = self.engine.start // size
            out[0].square = pos
            out[0].left_limit = 0
            out[0].right_limit = size - 1
            return 1
        # walk right to left: gaps between runs, then runs; ``gap_high`` is the rightmost
        # square of the current gap that a move may fill without touching a run
        pos = size - 1
        gap_high = size - 1
        while pos >= 0:
            if s.tiles[pos]:
                run_end = pos
                while pos >= 0 and s.tiles[pos]:
                    pos -= 1
                out[n].square = run_end
                out[n].left_limit = 0
                out[n].right_limit = gap_high
                n += 1
                gap_high = pos - 1      # pos is empty (or -1): the square left of the run
                continue
            # an empty gap from pos leftwards, up to the next run
            gap_low = pos
            while gap_low > 0 and not s.tiles[gap_low - 1]:
                gap_low -= 1
            limit = gap_high
            if gap_low > 0:
                gap_low += 1            # leave the square next to the run on the left empty
            while pos >= gap_low:
                if pos <= gap_high and s.cross[pos] >= 0:
                    if s.masks[pos]:
                        out[n].square = pos
                        out[n].left_limit = gap_low
                        out[n].right_limit = limit
                        n += 1
                    limit = pos - 1
                pos -= 1
            while pos >= 0 and not s.tiles[pos]:
                pos -= 1
        return n

    cdef void _run(self, Search* s) noexcept nogil:
        cdef int size = self.engine.size
        cdef int horizontal, line, i, n
        cdef Anchor anchors[MAX_SIZE]
        s.arcs = self.engine.arcs
        s.size = size
        s.max_tiles = self.engine.max_tiles
        for i in range(27):
            s.values[i] = self.engine.values[i]
            s.blank_values[i] = self.engine.blank_values[i]
        s.blank_bound = self.engine.blank_bound
        for i in range(MAX_TILES + 1):
            s.bonus[i] = self.engine.bonus[i]
        if s.mode == MODE_TOP and s.rack[0] >= BOUND_FROM_BLANKS:
            self._run_bounded(s)
            return
        for horizontal in range(1, -1, -1):
            if self.tile_count == 0 and not horizontal and (
                    self.engine.first_move_horizontal or s.mode == MODE_TOP):
                continue
            for line in range(size):
                self._load_line(s, horizontal, line)
                n = self._line_anchors(s, anchors)
                for i in range(n):
                    _search_anchor(s, &anchors[i], self.engine.gaddag_root)
                    if s.stop:
                        return

    cdef void _run_bounded(self, Search* s) noexcept nogil:
        """Top only: anchors in decreasing order of an upper bound of their best move, stopping
        at the first anchor whose bound is below the best score found."""
        cdef int size = self.engine.size
        cdef int horizontal, line, i, k, count, n = 0, loaded_h = -1, loaded_line = -1
        cdef Candidate* candidates = <Candidate*>malloc(2 * size * size * sizeof(Candidate))
        cdef Anchor anchors[MAX_SIZE]
        cdef RackProfile rack
        cdef int32_t bound
        if candidates == NULL:
            s.failed = 1
            return
        _rack_profile(s, &rack)
        for horizontal in range(1, -1, -1):
            if self.tile_count == 0 and not horizontal:
                continue                # the top of an empty board is horizontal
            for line in range(size):
                self._load_line(s, horizontal, line)
                count = self._line_anchors(s, anchors)
                for k in range(count):
                    bound = _anchor_bound(s, &anchors[k], &rack)
                    if bound >= 0:
                        candidates[n].bound = bound
                        candidates[n].horizontal = horizontal
                        candidates[n].line = line
                        candidates[n].anchor = anchors[k]
                        n += 1
        qsort(candidates, n, sizeof(Candidate), _compare_candidates)
        for i in range(n):
            if candidates[i].bound < s.best or s.stop:
                break
            if candidates[i].horizontal != loaded_h or candidates[i].line != loaded_line:
                loaded_h = candidates[i].horizontal
                loaded_line = candidates[i].line
                self._load_line(s, loaded_h, loaded_line)
            _search_anchor(s, &candidates[i].anchor, self.engine.gaddag_root)
        free(candidates)


cdef int _compare_records(const void* a, const void* b) noexcept nogil:
    """Best score first, then reading order (row, column, horizontal first), then the word."""
    cdef const MoveRecord* x = <const MoveRecord*>a
    cdef const MoveRecord* y = <const MoveRecord*>b
    cdef int i, n
    if x.score != y.score:
        return -1 if x.score > y.score else 1
    if x.row != y.row:
        return -1 if x.row < y.row else 1
    if x.col != y.col:
        return -1 if x.col < y.col else 1
    if x.horizontal != y.horizontal:
        return -1 if x.horizontal > y.horizontal else 1
    n = x.length if x.length < y.length else y.length
    for i in range(n):
        if x.word[i] != y.word[i]:
            return -1 if x.word[i] < y.word[i] else 1
    return x.length - y.length


cdef class MoveList:
    """Moves found by :meth:`PreparedBoard.generate`, as compact records.

    ``record(i)`` is ``(score, row, col, horizontal, word, tiles, blanks)`` with ``word`` as
    written in notation (lowercase for blanks, new or already on the board)."""

    cdef MoveRecord* moves
    cdef readonly Py_ssize_t count
    cdef readonly bint truncated

    def __dealloc__(self):
        free(self.moves)

    def __len__(self):
        return self.count

    def sort(self):
        """Order by score (best first), then reading order, then word."""
        with nogil:
            qsort(self.moves, self.count, sizeof(MoveRecord), _compare_records)

    def best_score(self):
        """The highest score, or -1 when there is no move."""
        cdef Py_ssize_t i
        cdef int32_t best = -1
        for i in range(self.count):
            if self.moves[i].score > best:
                best = self.moves[i].score
        return best

    def record(self, Py_ssize_t i):
        cdef MoveRecord* rec
        cdef char text[MAX_SIZE]
        cdef int k
        cdef uint8_t code
        if not 0 <= i < self.count:
            raise IndexError(i)
        rec = &self.moves[i]
        for k in range(rec.length):
            code = rec.word[k]
            text[k] = <char>((code & LETTER) + (96 if code & BLANK else 64))
        return (rec.score, rec.row, rec.col, bool(rec.horizontal),
                text[:rec.length].decode("ascii"), rec.tiles, rec.blanks)

    def best_records(self, bint horizontal_only=False):
        """The records of the best moves (of the best horizontal moves when asked), in the
        list's order."""
        cdef Py_ssize_t i
        cdef int32_t best = -1
        for i in range(self.count):
            if self.moves[i].score > best and (self.moves[i].horizontal or not horizontal_only):
                best = self.moves[i].score
        return [self.record(i) for i in range(self.count)
                if self.moves[i].score == best and
                (self.moves[i].horizontal or not horizontal_only)]

    def records(self, Py_ssize_t limit=-1):
        """The first ``limit`` records (all when negative), as :meth:`record` gives them."""
        cdef Py_ssize_t i, n = self.count if limit < 0 or limit > self.count else limit
        return [self.record(i) for i in range(n)]
