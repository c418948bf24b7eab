# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Compiled core of the lexicon: a minimised DAWG and GADDAG in one flat array of 32-bit arcs.

Layout of one arc (``uint32``)::

    bits  0-24  index of the first arc of the child list (0 = no children)
    bit  25     last arc of its list
    bit  26     accepts: a word ends after this arc
    bits 27-31  label: 0 = GADDAG separator, 1..26 = A..Z

Arc 0 is a sentinel so that index 0 can mean "no child". A list's arcs are contiguous and sorted
by label. Equal lists are stored once (suffix sharing), across the DAWG and the GADDAG alike.
Lists are laid out breadth-first from the GADDAG root, then the DAWG root, for cache locality.

The GADDAG holds, for a word ``w`` of length ``n``, ``rev(w[:i]) + SEP + w[i:]`` for
``1 <= i < n`` and ``rev(w)`` alone (the separator is implied when nothing follows).
"""

from libc.stdint cimport uint8_t, uint32_t, uint64_t

from arbitre.engine._arcs cimport (
    ACCEPT_BIT,
    INDEX_BITS,
    INDEX_MASK,
    LABEL_SHIFT,
    LAST_BIT,
    find_arc,
)
from libc.stdlib cimport calloc, free, malloc, qsort, realloc
from libc.string cimport memcmp, memset

cdef extern from "Python.h":
    Py_UCS4 PyUnicode_READ_CHAR(object, Py_ssize_t)


cdef inline uint32_t _code_point(str text, Py_ssize_t i):
    return <uint32_t>PyUnicode_READ_CHAR(text, i)

cdef enum:
    RECORD = 16             # symbols per sort record: 15 letters + separator
    MAX_DEPTH = 17          # pending nodes along a path of RECORD symbols
    MAX_ARCS_PER_NODE = 27  # separator + A..Z

SEPARATOR = 0
MAX_WORD_LENGTH = 15
MAX_ARCS = 1 << INDEX_BITS


cdef inline uint32_t _child(uint32_t arc) nogil:
    return arc & INDEX_MASK


cdef inline uint32_t _label(uint32_t arc) nogil:
    return arc >> LABEL_SHIFT


cdef int _compare_records(const void* a, const void* b) noexcept nogil:
    return memcmp(a, b, RECORD)


cdef class _Builder:
    """Incremental construction of minimal automata from sorted records (Daciuk et al.)."""

    cdef uint32_t* arcs
    cdef uint32_t n_arcs
    cdef uint32_t capacity
    cdef uint32_t* table
    cdef uint32_t table_size
    cdef uint32_t table_used
    # pending (not yet registered) nodes along the current path, one per depth
    cdef uint8_t labels[MAX_DEPTH][MAX_ARCS_PER_NODE]
    cdef uint8_t accepts[MAX_DEPTH][MAX_ARCS_PER_NODE]
    cdef uint32_t children[MAX_DEPTH][MAX_ARCS_PER_NODE]
    cdef int counts[MAX_DEPTH]

    def __cinit__(self):
        self.capacity = 1 << 16
        self.arcs = <uint32_t*>malloc(self.capacity * sizeof(uint32_t))
        self.table_size = 1 << 16
        self.table = <uint32_t*>malloc(self.table_size * sizeof(uint32_t))
        if self.arcs == NULL or self.table == NULL:
            raise MemoryError()
        memset(self.table, 0, self.table_size * sizeof(uint32_t))
        self.arcs[0] = 0
        self.n_arcs = 1
        self.table_used = 0

    def __dealloc__(self):
        free(self.arcs)
        free(self.table)

    cdef uint64_t _hash(self, const uint32_t* words, int n) noexcept nogil:
        cdef uint64_t h = 1469598103934665603ULL
        cdef int i
        for i in range(n):
            h = (h ^ words[i]) * 1099511628211ULL
            h ^= h >> 29
        return h

    cdef int _list_length(self, uint32_t index) noexcept nogil:
        cdef int n = 1
        while not (self.arcs[index + n - 1] & LAST_BIT):
            n += 1
        return n

    cdef int _grow_table(self) except -1:
        cdef uint32_t old_size = self.table_size
        cdef uint32_t* old = self.table
        cdef uint32_t i, slot, index, mask
        cdef uint32_t* fresh = <uint32_t*>malloc(old_size * 2 * sizeof(uint32_t))
        if fresh == NULL:
            raise MemoryError()
        memset(fresh, 0, old_size * 2 * sizeof(uint32_t))
        mask = old_size * 2 - 1
        for i in range(old_size):
            index = old[i]
            if index:
                slot = <uint32_t>(self._hash(&self.arcs[index], self._list_length(index)) & mask)
                while fresh[slot]:
                    slot = (slot + 1) & mask
                fresh[slot] = index
        self.table = fresh
        self.table_size = old_size * 2
        free(old)
        return 0

    cdef uint32_t _register(self, int depth) except? 0:
        """Store the pending node at ``depth`` (or find its twin); return its list index."""
        cdef int n = self.counts[depth]
        cdef uint32_t words[MAX_ARCS_PER_NODE]
        cdef int i
        cdef uint32_t slot, index, mask
        cdef uint32_t* grown
        if n == 0:
            return 0
        for i in range(n):
            words[i] = (self.children[depth][i]
                        | ((<uint32_t>self.accepts[depth][i]) << 26)
                        | ((<uint32_t>self.labels[depth][i]) << LABEL_SHIFT))
        words[n - 1] |= LAST_BIT
        mask = self.table_size - 1
        slot = <uint32_t>(self._hash(words, n) & mask)
        while True:
            index = self.table[slot]
            if index == 0:
                break
            if (self._list_length(index) == n
                    and memcmp(&self.arcs[index], words, n * sizeof(uint32_t)) == 0):
                return index
            slot = (slot + 1) & mask
        if <uint64_t>self.n_arcs + n > MAX_ARCS:
            raise OverflowError("lexicon too large for the automaton format")
        while self.n_arcs + n > self.capacity:
            grown = <uint32_t*>realloc(self.arcs, self.capacity * 2 * sizeof(uint32_t))
            if grown == NULL:
                raise MemoryError()
            self.arcs = grown
            self.capacity *= 2
        index = self.n_arcs
        for i in range(n):
            self.arcs[index + i] = words[i]
        self.n_arcs += n
        self.table[slot] = index
        self.table_used += 1
        if self.table_used * 2 > self.table_size:
            self._grow_table()
        return index

    cdef uint32_t build(self, uint8_t* records, Py_ssize_t count) except? 0:
        """Build the automaton of ``count`` sorted records; return its root list index.

        A record holds up to RECORD symbols ``label + 1``, zero-padded; equal records are
        skipped.
        """
        cdef uint8_t* previous = NULL
        cdef uint8_t* record
        cdef int previous_length = 0, length, common, depth
        cdef Py_ssize_t r
        memset(self.counts, 0, sizeof(self.counts))
        for r in range(count):
            record = records + r * RECORD
            length = 0
            while length < RECORD and record[length]:
                length += 1
            common = 0
            if previous != NULL:
                while common < length and common < previous_length and record[common] == previous[common]:
                    common += 1
                if common == length and common == previous_length:
                    continue
            for depth in range(previous_length, common, -1):
                self.children[depth - 1][self.counts[depth - 1] - 1] = self._register(depth)
                self.counts[depth] = 0
            for depth in range(common, length):
                self.labels[depth][self.counts[depth]] = record[depth] - 1
                self.accepts[depth][self.counts[depth]] = 1 if depth == length - 1 else 0
                self.children[depth][self.counts[depth]] = 0
                self.counts[depth] += 1
            previous = record
            previous_length = length
        for depth in range(previous_length, 0, -1):
            self.children[depth - 1][self.counts[depth - 1] - 1] = self._register(depth)
            self.counts[depth] = 0
        return self._register(0)

    cdef bytes result(self):
        return (<char*>self.arcs)[:self.n_arcs * sizeof(uint32_t)]


cdef int _encode(list words, uint8_t* buffer) except -1:
    """Write each word as a record of ``letter code + 1`` symbols (A=2 .. Z=27)."""
    cdef Py_ssize_t i, j, n
    cdef uint32_t ch
    cdef str word
    for i in range(len(words)):
        word = words[i]
        n = len(word)
        if n < 1 or n > MAX_WORD_LENGTH:
            raise ValueError(f"word of bad length: {word!r}")
        for j in range(n):
            ch = _code_point(word, j)
            if ch < 65 or ch > 90:
                raise ValueError(f"word outside A-Z: {word!r}")
            buffer[i * RECORD + j] = <uint8_t>(ch - 63)
    return 0


cdef object _breadth_first(const uint32_t* arcs, uint32_t n_arcs, uint32_t gaddag_root,
                           uint32_t dawg_root):
    """The lists of ``arcs`` laid out breadth-first from the GADDAG root, then the DAWG root:
    the first levels, which every search reads, share a few cache lines instead of lying at
    the ends of their subtrees. Returns ``(arcs, dawg_root, gaddag_root)``."""
    cdef uint32_t* placed = <uint32_t*>calloc(n_arcs, sizeof(uint32_t))
    cdef uint32_t* queue = <uint32_t*>malloc(n_arcs * sizeof(uint32_t))
    cdef uint32_t* out = <uint32_t*>malloc(n_arcs * sizeof(uint32_t))
    cdef uint32_t head = 0, tail = 0, next_free = 1, old, new, k, arc, child, length
    cdef uint32_t roots[2]
    cdef int r
    try:
        if placed == NULL or queue == NULL or out == NULL:
            raise MemoryError()
        out[0] = arcs[0]
        roots[0] = gaddag_root
        roots[1] = dawg_root
        with nogil:
            for r in range(2):
                old = roots[r]
                if old and not placed[old]:
                    length = _list_length(arcs, old)
                    placed[old] = next_free
                    next_free += length
                    queue[tail] = old
                    tail += 1
                while head < tail:
                    old = queue[head]
                    head += 1
                    new = placed[old]
                    length = _list_length(arcs, old)
                    for k in range(length):
                        arc = arcs[old + k]
                        child = arc & INDEX_MASK
                        if child and not placed[child]:
                            placed[child] = next_free
                            next_free += _list_length(arcs, child)
                            queue[tail] = child
                            tail += 1
                        out[new + k] = (arc & ~INDEX_MASK) | (placed[child] if child else 0)
        return ((<char*>out)[:next_free * sizeof(uint32_t)],
                placed[dawg_root] if dawg_root else 0,
                placed[gaddag_root] if gaddag_root else 0)
    finally:
        free(placed)
        free(queue)
        free(out)


cdef inline uint32_t _list_length(const uint32_t* arcs, uint32_t index) noexcept nogil:
    cdef uint32_t n = 1
    while not (arcs[index + n - 1] & LAST_BIT):
        n += 1
    return n


def compile_words(list words):
    """Compile sorted, unique, normalised words (A–Z, 1–15 letters) to the arc array.

    Returns ``(arcs, dawg_root, gaddag_root)`` where ``arcs`` is the little-endian ``uint32``
    array as ``bytes``.
    """
    cdef Py_ssize_t n_words = len(words)
    cdef Py_ssize_t total = 0, i, r, split, j, length
    cdef uint8_t* word_records = NULL
    cdef uint8_t* gaddag_records = NULL
    cdef uint8_t* word
    cdef uint8_t* out
    cdef _Builder builder = _Builder()
    cdef uint32_t dawg_root, gaddag_root
    for i in range(1, n_words):
        if not words[i - 1] < words[i]:
            raise ValueError("words must be sorted and unique")
    word_records = <uint8_t*>malloc(max(n_words, 1) * RECORD)
    if word_records == NULL:
        raise MemoryError()
    try:
        memset(word_records, 0, max(n_words, 1) * RECORD)
        _encode(words, word_records)
        dawg_root = builder.build(word_records, n_words)
        for i in range(n_words):
            total += len(words[i])
        gaddag_records = <uint8_t*>malloc(max(total, 1) * RECORD)
        if gaddag_records == NULL:
            raise MemoryError()
        memset(gaddag_records, 0, max(total, 1) * RECORD)
        r = 0
        with nogil:
            for i in range(n_words):
                word = word_records + i * RECORD
                length = 0
                while length < RECORD and word[length]:
                    length += 1
                for split in range(1, length + 1):
                    out = gaddag_records + r * RECORD
                    for j in range(split):
                        out[j] = word[split - 1 - j]
                    if split < length:
                        out[split] = 1  # separator label 0, stored as 0 + 1
                        for j in range(split, length):
                            out[j + 1] = word[j]
                    r += 1
            qsort(gaddag_records, r, RECORD, _compare_records)
        gaddag_root = builder.build(gaddag_records, r)
        return _breadth_first(builder.arcs, builder.n_arcs, gaddag_root, dawg_root)
    finally:
        free(word_records)
        free(gaddag_records)



# --- word searches over the DAWG (anagrams, patterns) -------------------------------------------

cdef enum:
    FOUND_RECORD = 16       # bytes per found word: up to 15 letters and a NUL
    MAX_TOKENS = 31         # a pattern: 15 symbols and a star before, between and after them
    TOKEN_ANY = 27          # "?" in a pattern token
    TOKEN_STAR = 28         # "*" in a pattern token
    WORD_LETTERS = 15       # MAX_WORD_LENGTH, as a C constant


cdef struct _Found:
    char* data              # FOUND_RECORD bytes per word, in the order found
    Py_ssize_t count
    Py_ssize_t capacity
    Py_ssize_t limit
    bint truncated          # a word beyond ``limit`` matched
    bint failed             # out of memory


cdef int _found_add(_Found* found, const char* letters, int length) noexcept nogil:
    """Keep one word; return 1 when the search must stop (limit passed or out of memory)."""
    cdef char* grown
    cdef Py_ssize_t capacity
    cdef int i
    if found.count >= found.limit:
        found.truncated = True
        return 1
    if found.count == found.capacity:
        capacity = found.capacity * 2 if found.capacity else 64
        grown = <char*>realloc(found.data, capacity * FOUND_RECORD)
        if grown == NULL:
            found.failed = True
            return 1
        found.data = grown
        found.capacity = capacity
    for i in range(length):
        found.data[found.count * FOUND_RECORD + i] = letters[i]
    found.data[found.count * FOUND_RECORD + length] = 0
    found.count += 1
    return 0


cdef object _found_result(_Found* found):
    """``(words, truncated)`` of a finished search; frees its buffer."""
    cdef list words = []
    cdef Py_ssize_t i
    try:
        if found.failed:
            raise MemoryError()
        for i in range(found.count):
            words.append((found.data + i * FOUND_RECORD).decode("ascii"))
        return words, bool(found.truncated)
    finally:
        free(found.data)
        found.data = NULL


cdef int _anagram_walk(const uint32_t* arcs, uint32_t index, int depth, int length,
                       int* counts, char* letters, _Found* found) noexcept nogil:
    """Extend ``letters[:depth]`` by each arc of the list at ``index`` that the remaining
    ``counts`` (index 0 the blanks) can spell; words of exactly ``length`` letters are kept.
    A letter is taken from the rack before a blank: the set of words found is the same.
    Returns 1 when the search must stop."""
    cdef uint32_t arc, label, child
    cdef int slot, stop
    while index:
        arc = arcs[index]
        label = arc >> LABEL_SHIFT
        slot = -1
        if 1 <= label <= 26:
            if counts[label] > 0:
                slot = label
            elif counts[0] > 0:
                slot = 0
        if slot >= 0:
            counts[slot] -= 1
            letters[depth] = <char>(64 + label)
            stop = 0
            if depth + 1 == length:
                if arc & ACCEPT_BIT:
                    stop = _found_add(found, letters, length)
            else:
                child = arc & INDEX_MASK
                if child:
                    stop = _anagram_walk(arcs, child, depth + 1, length, counts, letters, found)
            counts[slot] += 1
            if stop:
                return 1
        if arc & LAST_BIT:
            return 0
        index += 1
    return 0


cdef int _pattern_walk(const uint32_t* arcs, uint32_t index, int depth, uint32_t states,
                       const uint32_t* advances, uint32_t stars, uint32_t final,
                       char* letters, _Found* found) noexcept nogil:
    """Extend ``letters[:depth]`` by each arc of the list at ``index`` while the pattern's
    state set (bit i: the first i tokens are matched) stays non-empty; a word is kept when its
    last arc accepts and its state set holds ``final``. ``advances[label]`` holds the states
    whose token reads that letter, ``stars`` those whose token is a star (matched letters stay
    there; the empty match is in the sets already). Returns 1 when the search must stop."""
    cdef uint32_t arc, label, child, moved
    cdef int stop
    while index:
        arc = arcs[index]
        label = arc >> LABEL_SHIFT
        if 1 <= label <= 26:
            moved = ((states & advances[label]) << 1) | (states & stars)
            moved |= (moved & stars) << 1  # a star may match nothing: stars never follow stars
            if moved:
                letters[depth] = <char>(64 + label)
                stop = 0
                if (arc & ACCEPT_BIT) and (moved & final):
                    stop = _found_add(found, letters, depth + 1)
                child = arc & INDEX_MASK
                if not stop and child and depth + 1 < WORD_LETTERS:
                    stop = _pattern_walk(arcs, child, depth + 1, moved, advances, stars, final,
                                         letters, found)
                if stop:
                    return 1
        if arc & LAST_BIT:
            return 0
        index += 1
    return 0


cdef class Automaton:
    """Read-only view of a compiled arc array (``bytes``, ``mmap`` or any ``uint32`` buffer)."""

    cdef const uint32_t[::1] view
    cdef const uint32_t* arcs
    cdef readonly uint32_t dawg_root
    cdef readonly uint32_t gaddag_root
    cdef object owner

    def __init__(self, object buffer, uint32_t dawg_root, uint32_t gaddag_root):
        cdef object words = memoryview(buffer).cast("B").cast("I")
        self.owner = buffer
        self.view = words
        if self.view.shape[0] == 0:
            raise ValueError("empty arc array")
        self.arcs = &self.view[0]
        if dawg_root >= self.view.shape[0] or gaddag_root >= self.view.shape[0]:
            raise ValueError("root index out of range")
        self.dawg_root = dawg_root
        self.gaddag_root = gaddag_root

    def __len__(self):
        return self.view.shape[0]

    def buffer(self):
        """The arc array as a read-only buffer of ``uint32``."""
        return memoryview(self.owner).cast("B").cast("I")

    def validate(self):
        """Raise ``ValueError`` unless every child index points inside the array."""
        cdef Py_ssize_t i, n = self.view.shape[0]
        cdef uint32_t child
        cdef bint bad = False
        with nogil:
            for i in range(1, n):
                child = _child(self.arcs[i])
                if child >= n or _label(self.arcs[i]) > 26:
                    bad = True
                    break
            if not bad and n > 1 and not (self.arcs[n - 1] & LAST_BIT):
                bad = True
        if bad:
            raise ValueError("corrupt automaton")

    def __contains__(self, str word):
        """Whether ``word`` (uppercase A–Z) is in the DAWG; anything else is simply absent."""
        cdef Py_ssize_t i, n = len(word)
        cdef uint32_t index = self.dawg_root, arc_index = 0
        cdef uint32_t ch
        if n == 0:
            return False
        for i in range(n):
            ch = _code_point(word, i)
            if ch < 65 or ch > 90:
                return False
            arc_index = find_arc(self.arcs, index, ch - 64)
            if arc_index == 0:
                return False
            index = _child(self.arcs[arc_index])
        return (self.arcs[arc_index] & ACCEPT_BIT) != 0

    def gaddag_contains(self, str path):
        """Whether ``path`` is a GADDAG entry; ``^`` stands for the separator (tests, debugging)."""
        cdef Py_ssize_t i, n = len(path)
        cdef uint32_t index = self.gaddag_root, arc_index = 0, label
        cdef uint32_t ch
        if n == 0:
            return False
        for i in range(n):
            ch = _code_point(path, i)
            if ch == 94:
                label = 0
            elif 65 <= ch <= 90:
                label = ch - 64
            else:
                return False
            arc_index = find_arc(self.arcs, index, label)
            if arc_index == 0:
                return False
            index = _child(self.arcs[arc_index])
        return (self.arcs[arc_index] & ACCEPT_BIT) != 0

    def words(self):
        """All words of the DAWG, in alphabetical order, as a list of ``str``."""
        cdef list out = []
        cdef uint32_t stack[MAX_DEPTH]
        cdef char letters[MAX_DEPTH]
        cdef int depth = 0
        cdef uint32_t index, arc
        if self.dawg_root == 0:
            return out
        stack[0] = self.dawg_root
        while depth >= 0:
            index = stack[depth]
            arc = self.arcs[index]
            letters[depth] = <char>(64 + _label(arc))
            if arc & ACCEPT_BIT:
                out.append(letters[:depth + 1].decode("ascii"))
            if _child(arc) and depth + 1 < MAX_DEPTH:
                depth += 1
                stack[depth] = _child(arc)
                continue
            # advance to the next sibling, climbing while lists end
            while depth >= 0:
                if self.arcs[stack[depth]] & LAST_BIT:
                    depth -= 1
                else:
                    stack[depth] += 1
                    break
        return out

    def anagrams(self, bytes rack, Py_ssize_t limit):
        """Words spelled by exactly the tiles of ``rack``: 27 counts, index 0 the blanks (any
        letter), 1..26 the letters A..Z, 1 to 15 tiles in all. Returns ``(words, truncated)``:
        the first ``limit`` words in alphabetical order, and whether more matched."""
        cdef int counts[27]
        cdef char letters[FOUND_RECORD]
        cdef int i, length = 0
        cdef _Found found
        if len(rack) != 27:
            raise ValueError("a rack is 27 counts")
        if limit < 0:
            raise ValueError("negative limit")
        for i in range(27):
            counts[i] = rack[i]
            length += counts[i]
        if not 1 <= length <= WORD_LETTERS:
            raise ValueError(f"a rack of {length} tiles: 1 to {WORD_LETTERS} expected")
        memset(&found, 0, sizeof(found))
        found.limit = limit
        with nogil:
            _anagram_walk(self.arcs, self.dawg_root, 0, length, counts, letters, &found)
        return _found_result(&found)

    def pattern(self, bytes pattern, Py_ssize_t limit):
        """Words spelled by ``pattern``: ``A``-``Z`` that letter, ``?`` any one letter, ``*``
        any letters (none or more); at most 15 symbols besides the stars. Returns
        ``(words, truncated)``: the first ``limit`` words in alphabetical order, and whether
        more matched."""
        cdef uint32_t advances[27]
        cdef uint32_t stars = 0, start, final
        cdef uint8_t tokens[MAX_TOKENS]
        cdef char letters[FOUND_RECORD]
        cdef int n_tokens = 0, symbols = 0, i, label
        cdef uint8_t ch, token
        cdef _Found found
        if limit < 0:
            raise ValueError("negative limit")
        for ch in pattern:
            if ch == 42:  # "*"
                if n_tokens and tokens[n_tokens - 1] == TOKEN_STAR:
                    continue
                token = TOKEN_STAR
            elif ch == 63:  # "?"
                token = TOKEN_ANY
                symbols += 1
            elif 65 <= ch <= 90:
                token = ch - 64
                symbols += 1
            else:
                raise ValueError(f"pattern symbol {chr(ch)!r}: A-Z, ? or * expected")
            if symbols > WORD_LETTERS:
                raise ValueError(f"a pattern of more than {WORD_LETTERS} letters")
            tokens[n_tokens] = token
            n_tokens += 1
        if n_tokens == 0:
            raise ValueError("empty pattern")
        memset(advances, 0, sizeof(advances))
        for i in range(n_tokens):
            if tokens[i] == TOKEN_STAR:
                stars |= (<uint32_t>1) << i
            elif tokens[i] == TOKEN_ANY:
                for label in range(1, 27):
                    advances[label] |= (<uint32_t>1) << i
            else:
                advances[tokens[i]] |= (<uint32_t>1) << i
        start = 1
        start |= (start & stars) << 1
        final = (<uint32_t>1) << n_tokens
        memset(&found, 0, sizeof(found))
        found.limit = limit
        with nogil:
            _pattern_walk(self.arcs, self.dawg_root, 0, start, advances, stars, final, letters,
                          &found)
        return _found_result(&found)
