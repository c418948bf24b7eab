"""Read Hunspell ``.aff``/``.dic`` texts and expand every affix rule into word forms.

Everything here is a pure function over text: the caller reads the files (Hunspell
dictionaries are UTF-8 nowadays; honour ``SET`` yourself for older ones).

Supported:

* ``FLAG`` types ``short`` (the default), ``long``, ``num`` and ``UTF-8``;
* ``AF`` flag aliases and ``AM`` morphology aliases (referenced by 1-based number);
* ``PFX``/``SFX`` rules: strip, add, continuation flags (``add/FLAGS``), conditions
  (literal characters, ``.``, ``[...]`` classes and ``[^...]`` negated classes),
  cross product ``Y``/``N`` and morphological fields;
* continuation classes: a suffix's flags enable a second suffix (two levels, as
  Hunspell allows) or a prefix; a prefix's flags enable suffixes;
* ``NEEDAFFIX`` (and its old name ``PSEUDOROOT``), ``CIRCUMFIX``, ``ONLYINCOMPOUND``,
  ``FORBIDDENWORD``, ``FULLSTRIP`` and ``IGNORE``;
* morphological fields on ``.dic`` entries (``po:``, ``is:``, ``st:``...), kept on
  :class:`DicEntry` and, together with the affixes' fields, on :class:`Form`.

Not generated: compound words (``COMPOUND*`` rules) and ``COMPLEXPREFIXES`` (two
prefixes); their directives are still parsed and kept in :attr:`AffixFile.directives`.

Generation follows Hunspell's acceptance rules (``affentry.cxx``): a suffix's
condition is tested on the stem, a prefix's condition on the stem with its suffixes
already applied; a prefix combines with a suffix only when both allow the cross
product (the inner suffix of two need not, when the outer one enables the prefix);
the part of the word left after stripping must not be empty unless ``FULLSTRIP``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Literal

FlagType = Literal["short", "long", "num", "UTF-8"]
AffixKind = Literal["PFX", "SFX"]
RuleFilter = Callable[["AffixRule"], bool]

_FLAG_TYPES: dict[str, FlagType] = {
    "short": "short",
    "long": "long",
    "num": "num",
    "UTF-8": "UTF-8",
}
# Directives whose single argument is a flag, and the AffixFile attribute they set.
_FLAG_DIRECTIVES = {
    "NEEDAFFIX": "needaffix",
    "PSEUDOROOT": "needaffix",
    "CIRCUMFIX": "circumfix",
    "ONLYINCOMPOUND": "onlyincompound",
    "FORBIDDENWORD": "forbiddenword",
    "KEEPCASE": "keepcase",
    "NOSUGGEST": "nosuggest",
}
# A morphological field: two non-blank characters and a colon (po:nom, is:mas...).
_MORPH_START = re.compile(r"\s+(?=[^\s/]{2}:)")


class HunspellError(ValueError):
    """The text is not valid Hunspell affix or dictionary data."""


def parse_flags(text: str, flag_type: FlagType) -> tuple[str, ...]:
    """Split a flag field into flags (each flag is returned as a string).

    ``long`` flags are two characters each, ``num`` flags are decimal numbers separated
    by commas (returned without leading zeros), ``short`` and ``UTF-8`` flags are one
    character each. Duplicates are dropped, the order of first appearance is kept.
    """
    if not text:
        return ()
    flags: list[str]
    if flag_type == "long":
        if len(text) % 2:
            raise HunspellError(f"odd number of characters in long flags {text!r}")
        flags = [text[i : i + 2] for i in range(0, len(text), 2)]
    elif flag_type == "num":
        flags = []
        for part in text.split(","):
            part = part.strip()
            if not part:
                continue
            if not part.isdigit():
                raise HunspellError(f"numeric flag expected, got {part!r} in {text!r}")
            flags.append(str(int(part)))
    else:
        flags = list(text)
    return tuple(dict.fromkeys(flags))


def _condition_pieces(condition: str) -> list[tuple[bool, str]]:
    """Split a condition into one regex piece per character; (is_literal, piece)."""
    pieces: list[tuple[bool, str]] = []
    i = 0
    while i < len(condition):
        char = condition[i]
        if char == "[":
            end = condition.find("]", i + 1)
            if end < 0:
                raise HunspellError(f"unclosed character class in condition {condition!r}")
            body = condition[i + 1 : end]
            negated = body.startswith("^")
            if negated:
                body = body[1:]
            if not body:
                raise HunspellError(f"empty character class in condition {condition!r}")
            chars = "".join(re.escape(c) for c in body)
            pieces.append((False, f"[^{chars}]" if negated else f"[{chars}]"))
            i = end + 1
        elif char == ".":
            pieces.append((False, "."))
            i += 1
        else:
            pieces.append((True, char))
            i += 1
    return pieces


def compile_condition(condition: str, kind: AffixKind) -> Callable[[str], bool]:
    """Return a predicate telling whether a word satisfies an affix condition.

    A suffix condition is matched against the end of the word, a prefix condition
    against its start; every element of a condition stands for exactly one character.
    """
    pieces = _condition_pieces(condition)
    size = len(pieces)
    if all(piece == "." for _, piece in pieces):
        return lambda word: len(word) >= size
    if all(literal for literal, _ in pieces):
        text = "".join(piece for _, piece in pieces)
        if kind == "SFX":
            return lambda word: word.endswith(text)
        return lambda word: word.startswith(text)
    pattern = re.compile(
        "".join(re.escape(piece) if literal else piece for literal, piece in pieces), re.DOTALL
    )
    if kind == "SFX":
        return lambda word: (
            len(word) >= size and pattern.fullmatch(word, len(word) - size) is not None
        )
    return lambda word: pattern.match(word) is not None


@dataclass(frozen=True, slots=True)
class AffixRule:
    """One ``PFX`` or ``SFX`` line: strip ``strip``, add ``add`` when ``condition`` holds."""

    kind: AffixKind
    flag: str
    cross_product: bool
    strip: str
    add: str
    continuation: tuple[str, ...]
    condition: str
    morph: tuple[str, ...]
    matches: Callable[[str], bool] = field(compare=False, repr=False)

    def apply(self, word: str, *, fullstrip: bool = False) -> str | None:
        """Return ``word`` with this affix applied, or None when the rule does not apply."""
        strip = self.strip
        rest = len(word) - len(strip)
        if rest < 0 or (rest == 0 and not fullstrip):
            return None
        if self.kind == "SFX":
            if strip and not word.endswith(strip):
                return None
            if not self.matches(word):
                return None
            return word[:rest] + self.add
        if strip and not word.startswith(strip):
            return None
        if not self.matches(word):
            return None
        return self.add + word[len(strip) :]


@dataclass(frozen=True)
class AffixFile:
    """The parsed ``.aff`` file: affix rules by flag, special flags and other directives."""

    flag_type: FlagType
    prefixes: Mapping[str, tuple[AffixRule, ...]]
    suffixes: Mapping[str, tuple[AffixRule, ...]]
    flag_aliases: tuple[tuple[str, ...], ...] = ()
    morph_aliases: tuple[tuple[str, ...], ...] = ()
    needaffix: str | None = None
    circumfix: str | None = None
    onlyincompound: str | None = None
    forbiddenword: str | None = None
    keepcase: str | None = None
    nosuggest: str | None = None
    fullstrip: bool = False
    ignore: str = ""
    # Every other directive line, keyed by its first field: the remaining fields of each.
    directives: Mapping[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)

    def flags_of(self, text: str) -> tuple[str, ...]:
        """Parse a flag field, resolving an ``AF`` alias number when aliases exist."""
        if self.flag_aliases and text.isdigit():
            return self._alias(self.flag_aliases, text, "AF")
        return parse_flags(text, self.flag_type)

    def morph_of(self, fields: list[str]) -> tuple[str, ...]:
        """Return morphological fields, resolving an ``AM`` alias number when aliases exist."""
        if self.morph_aliases and len(fields) == 1 and fields[0].isdigit():
            return self._alias(self.morph_aliases, fields[0], "AM")
        return tuple(fields)

    @staticmethod
    def _alias(table: tuple[tuple[str, ...], ...], number: str, name: str) -> tuple[str, ...]:
        index = int(number)
        if not 1 <= index <= len(table):
            raise HunspellError(f"{name} alias {index} out of range 1..{len(table)}")
        return table[index - 1]


def _content_lines(text: str) -> Iterator[list[str]]:
    """Whitespace-split, non-empty, non-comment lines of an ``.aff`` text."""
    for line in text.lstrip("\ufeff").splitlines():
        fields = line.split()
        if fields and not fields[0].startswith("#"):
            yield fields


def _read_aliases(lines: list[list[str]], keyword: str) -> list[list[str]]:
    """Collect ``AF``/``AM`` alias lines: the first one holds the count, not an alias."""
    aliases: list[list[str]] = []
    header_seen = False
    for fields in lines:
        if fields[0] != keyword:
            continue
        if not header_seen:
            header_seen = True
            continue
        values = fields[1:]
        if "#" in values:  # trailing comment, as in "AF AB # 1"
            values = values[: values.index("#")]
        aliases.append(values)
    return aliases


def parse_aff(text: str) -> AffixFile:
    """Parse the text of a Hunspell ``.aff`` file."""
    lines = list(_content_lines(text))
    flag_type: FlagType = "short"
    for fields in lines:
        if fields[0] == "FLAG" and len(fields) > 1:
            if fields[1] not in _FLAG_TYPES:
                raise HunspellError(f"unknown FLAG type {fields[1]!r}")
            flag_type = _FLAG_TYPES[fields[1]]
    flag_aliases = tuple(
        parse_flags(values[0] if values else "", flag_type) for values in _read_aliases(lines, "AF")
    )
    morph_aliases = tuple(tuple(values) for values in _read_aliases(lines, "AM"))
    ignore = ""
    for fields in lines:
        if fields[0] == "IGNORE" and len(fields) > 1:
            ignore += fields[1]
    ignore_table = str.maketrans("", "", ignore)
    base = AffixFile(
        flag_type=flag_type,
        prefixes={},
        suffixes={},
        flag_aliases=flag_aliases,
        morph_aliases=morph_aliases,
    )

    special: dict[str, str] = {}
    fullstrip = False
    directives: dict[str, list[tuple[str, ...]]] = {}
    rules: dict[AffixKind, dict[str, list[AffixRule]]] = {"PFX": {}, "SFX": {}}
    cross: dict[tuple[str, str], bool] = {}
    remaining: dict[tuple[str, str], int] = {}
    for fields in lines:
        keyword = fields[0]
        if keyword in ("PFX", "SFX") and len(fields) >= 4:
            kind: AffixKind = "PFX" if keyword == "PFX" else "SFX"
            flag = fields[1]
            key = (kind, flag)
            if remaining.get(key, 0) <= 0:
                if fields[2] not in ("Y", "N") or not fields[3].lstrip("-").isdigit():
                    raise HunspellError(f"bad affix header: {' '.join(fields)}")
                cross[key] = fields[2] == "Y"
                remaining[key] = int(fields[3])
                rules[kind].setdefault(flag, [])
                continue
            remaining[key] -= 1
            strip = "" if fields[2] == "0" else fields[2].translate(ignore_table)
            add_field = fields[3]
            slash = _unescaped_slash(add_field)
            if slash >= 0:
                add, continuation = add_field[:slash], base.flags_of(add_field[slash + 1 :])
            else:
                add, continuation = add_field, ()
            add = "" if add == "0" else add.replace("\\/", "/").translate(ignore_table)
            condition = fields[4] if len(fields) > 4 else "."
            rules[kind][flag].append(
                AffixRule(
                    kind=kind,
                    flag=flag,
                    cross_product=cross[key],
                    strip=strip,
                    add=add,
                    continuation=continuation,
                    condition=condition,
                    morph=base.morph_of(fields[5:]),
                    matches=compile_condition(condition, kind),
                )
            )
        elif keyword in _FLAG_DIRECTIVES and len(fields) > 1:
            flags = parse_flags(fields[1], flag_type)
            if len(flags) != 1:
                raise HunspellError(f"{keyword} needs exactly one flag, got {fields[1]!r}")
            special[_FLAG_DIRECTIVES[keyword]] = flags[0]
        elif keyword == "FULLSTRIP":
            fullstrip = True
        else:
            directives.setdefault(keyword, []).append(tuple(fields[1:]))

    return AffixFile(
        flag_type=flag_type,
        prefixes={flag: tuple(found) for flag, found in rules["PFX"].items()},
        suffixes={flag: tuple(found) for flag, found in rules["SFX"].items()},
        flag_aliases=flag_aliases,
        morph_aliases=morph_aliases,
        needaffix=special.get("needaffix"),
        circumfix=special.get("circumfix"),
        onlyincompound=special.get("onlyincompound"),
        forbiddenword=special.get("forbiddenword"),
        keepcase=special.get("keepcase"),
        nosuggest=special.get("nosuggest"),
        fullstrip=fullstrip,
        ignore=ignore,
        directives={key: tuple(values) for key, values in directives.items()},
    )


def _unescaped_slash(text: str) -> int:
    """Index of the first ``/`` that is neither escaped nor the first character, or -1."""
    index = text.find("/", 1)
    while index > 0 and text[index - 1] == "\\":
        index = text.find("/", index + 1)
    return index


@dataclass(frozen=True, slots=True)
class DicEntry:
    """One ``.dic`` line: a stem, its flags and its morphological fields."""

    stem: str
    flags: tuple[str, ...]
    morph: tuple[str, ...] = ()

    def field(self, key: str) -> tuple[str, ...]:
        """Values of the morphological fields named ``key`` (``field("po")`` -> ``("nom",)``)."""
        prefix = key + ":"
        return tuple(item[len(prefix) :] for item in self.morph if item.startswith(prefix))


def parse_dic(text: str, affixes: AffixFile) -> list[DicEntry]:
    """Parse the text of a Hunspell ``.dic`` file (the first line is the entry count).

    Blank lines are skipped. Morphological fields follow a tab, or a space when they look
    like ``xx:...`` (so words may contain spaces otherwise), as in Hunspell. A stem may
    contain ``\\/`` (an escaped slash) and may start with ``/``.
    """
    entries: list[DicEntry] = []
    ignore_table = str.maketrans("", "", affixes.ignore)
    lines = text.lstrip("\ufeff").splitlines()
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    if first < len(lines) and lines[first].strip().isdigit():
        first += 1
    for line in lines[first:]:
        if not line.strip():
            continue
        tab = line.find("\t")
        if tab >= 0:
            head, rest = line[:tab].rstrip(), line[tab + 1 :]
        else:
            found = _MORPH_START.search(line)
            if found:
                head, rest = line[: found.start()], line[found.end() :]
            else:
                head, rest = line.rstrip(), ""
                if affixes.morph_aliases:
                    stem_part, _, alias = head.rpartition(" ")
                    if stem_part and alias.isdigit():
                        head, rest = stem_part.rstrip(), alias
        slash = _unescaped_slash(head)
        if slash >= 0:
            stem, flags = head[:slash], affixes.flags_of(head[slash + 1 :])
        else:
            stem, flags = head, ()
        stem = stem.replace("\\/", "/").translate(ignore_table)
        if stem:
            entries.append(DicEntry(stem, flags, affixes.morph_of(rest.split())))
    return entries


@dataclass(frozen=True, slots=True)
class Form:
    """A generated word form, with the entry and the affix rules that produced it.

    ``affixes`` lists the suffixes from the innermost outwards, then the prefix if any.
    ``forbidden`` is set when the entry or one of the affixes carries ``FORBIDDENWORD``.
    """

    word: str
    entry: DicEntry
    affixes: tuple[AffixRule, ...]
    forbidden: bool = False

    @property
    def morph(self) -> tuple[str, ...]:
        """The entry's morphological fields followed by those of the affixes."""
        return self.entry.morph + tuple(item for rule in self.affixes for item in rule.morph)


_Chain = tuple[str, tuple[AffixRule, ...]]


def _suffix_chains(
    word: str,
    first_flags: Iterable[str],
    affixes: AffixFile,
    rule_filter: RuleFilter | None,
) -> list[_Chain]:
    """Every word obtained with one suffix of ``first_flags``, then one more suffix that
    the first one's continuation flags enable."""
    chains: list[_Chain] = []
    suffixes = affixes.suffixes
    fullstrip = affixes.fullstrip
    for flag in first_flags:
        for first in suffixes.get(flag, ()):
            if rule_filter is not None and not rule_filter(first):
                continue
            once = first.apply(word, fullstrip=fullstrip)
            if once is None:
                continue
            chains.append((once, (first,)))
            for flag2 in first.continuation:
                for second in suffixes.get(flag2, ()):
                    if rule_filter is not None and not rule_filter(second):
                        continue
                    twice = second.apply(once, fullstrip=fullstrip)
                    if twice is not None:
                        chains.append((twice, (first, second)))
    return chains


def _prefix_allowed(
    prefix: AffixRule, suffixes: tuple[AffixRule, ...], root: tuple[str, ...]
) -> bool:
    """Whether ``prefix`` may be added to a word carrying ``suffixes`` (not empty)."""
    if not prefix.cross_product:
        return False
    outer = suffixes[-1]
    if not outer.cross_product:
        return False
    if prefix.flag in outer.continuation:
        return True
    if len(suffixes) == 1:
        return prefix.flag in root
    inner = suffixes[0]
    return inner.cross_product and (prefix.flag in root or prefix.flag in inner.continuation)


def _valid(affixes: AffixFile, applied: tuple[AffixRule, ...]) -> bool:
    """Whether a word made with the (non-empty) ``applied`` affixes stands on its own."""
    needaffix, onlyincompound, circumfix = (
        affixes.needaffix,
        affixes.onlyincompound,
        affixes.circumfix,
    )
    if needaffix is not None and all(needaffix in rule.continuation for rule in applied):
        return False
    if onlyincompound is not None and any(onlyincompound in rule.continuation for rule in applied):
        return False
    if circumfix is not None:
        prefix_has = any(rule.kind == "PFX" and circumfix in rule.continuation for rule in applied)
        suffix_has = any(rule.kind == "SFX" and circumfix in rule.continuation for rule in applied)
        if prefix_has != suffix_has:
            return False
    return True


def _generate(
    entry: DicEntry, affixes: AffixFile, rule_filter: RuleFilter | None
) -> Iterator[_Chain]:
    """Every valid (word, affixes) of one entry, duplicates included."""
    root = entry.flags
    stem = entry.stem
    if affixes.onlyincompound is not None and affixes.onlyincompound in root:
        return
    if affixes.needaffix is None or affixes.needaffix not in root:
        yield stem, ()
    chains = _suffix_chains(stem, root, affixes, rule_filter)
    for chain in chains:
        if _valid(affixes, chain[1]):
            yield chain

    prefix_flags = [flag for flag in root if flag in affixes.prefixes]
    for _, applied in chains:
        for rule in applied:
            for flag in rule.continuation:
                if flag in affixes.prefixes and flag not in prefix_flags:
                    prefix_flags.append(flag)
    fullstrip = affixes.fullstrip
    for flag in prefix_flags:
        for prefix in affixes.prefixes[flag]:
            if rule_filter is not None and not rule_filter(prefix):
                continue
            if flag in root:
                word = prefix.apply(stem, fullstrip=fullstrip)
                if word is not None and _valid(affixes, (prefix,)):
                    yield word, (prefix,)
            if not prefix.cross_product:
                continue
            enabled = [
                suffix_flag
                for suffix_flag in prefix.continuation
                if suffix_flag in affixes.suffixes and suffix_flag not in root
            ]
            candidates = chains
            if enabled and flag in root:
                candidates = chains + _suffix_chains(stem, enabled, affixes, rule_filter)
            for suffixed, applied in candidates:
                if not _prefix_allowed(prefix, applied, root):
                    continue
                word = prefix.apply(suffixed, fullstrip=fullstrip)
                if word is not None:
                    full = (*applied, prefix)
                    if _valid(affixes, full):
                        yield word, full


def _is_forbidden(affixes: AffixFile, entry: DicEntry, applied: tuple[AffixRule, ...]) -> bool:
    forbidden = affixes.forbiddenword
    if forbidden is None:
        return False
    return forbidden in entry.flags or any(forbidden in rule.continuation for rule in applied)


def expand_entry(
    entry: DicEntry, affixes: AffixFile, *, rule_filter: RuleFilter | None = None
) -> Iterator[Form]:
    """Every form of ``entry`` valid on its own (compounds aside), without duplicates.

    ``rule_filter`` lets the caller skip affix rules (for speed, when it knows it would
    discard every form they produce); rules it rejects are never applied.
    """
    seen: set[tuple[str, tuple[AffixRule, ...]]] = set()
    for word, applied in _generate(entry, affixes, rule_filter):
        if (word, applied) in seen:
            continue
        seen.add((word, applied))
        yield Form(word, entry, applied, _is_forbidden(affixes, entry, applied))


def expand_words(
    entries: Iterable[DicEntry],
    affixes: AffixFile,
    *,
    rule_filter: RuleFilter | None = None,
) -> set[str]:
    """All words the entries generate, minus forbidden forms (as Hunspell rejects them)."""
    accepted: set[str] = set()
    forbidden: set[str] = set()
    forbidden_flag = affixes.forbiddenword
    for entry in entries:
        entry_forbidden = forbidden_flag is not None and forbidden_flag in entry.flags
        for word, applied in _generate(entry, affixes, rule_filter):
            if entry_forbidden or (
                forbidden_flag is not None
                and any(forbidden_flag in rule.continuation for rule in applied)
            ):
                forbidden.add(word)
            else:
                accepted.add(word)
    return accepted - forbidden
