# cython: language_level=3
"""The arc layout of the compiled automaton, shared by its builder (``_automaton.pyx``) and the
move generator (``_movegen.pyx``).

One arc is a ``uint32``: bits 0-24 the index of the first arc of the child list (0: none),
bit 25 the last arc of its list, bit 26 a word ends after this arc, bits 27-31 the label
(0: the GADDAG separator, 1..26: A..Z). A list's arcs are contiguous and sorted by label.
"""

from libc.stdint cimport uint32_t

cdef enum:
    INDEX_BITS = 25
    INDEX_MASK = (1 << 25) - 1
    LAST_BIT = 1 << 25
    ACCEPT_BIT = 1 << 26
    LABEL_SHIFT = 27


cdef inline uint32_t find_arc(const uint32_t* arcs, uint32_t index, uint32_t label) noexcept nogil:
    """Index of the arc labelled ``label`` in the list starting at ``index``, or 0."""
    cdef uint32_t arc, current
    if index == 0:
        return 0
    while True:
        arc = arcs[index]
        current = arc >> LABEL_SHIFT
        if current == label:
            return index
        if current > label or (arc & LAST_BIT):
            return 0
        index += 1
