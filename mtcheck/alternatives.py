"""Expand reference alternatives written in the translation-puzzle syntax (in suites that opt in).

``[have]`` marks an optional part and ``(her/him)`` a choice, so
``"You [have] killed (her/him)"`` stands for four references. Groups nest
(``((a/b)/c)`` is a choice of three), a ``(...)`` group without a slash of its
own is ordinary text, and ``\\[``, ``\\]``, ``\\(``, ``\\)``, ``\\/``, ``\\\\``
escape, inside groups too. A slash that is part of the text does not split a
group (:func:`text_slashes`): one with a digit on each side (``1/2``, ``12/05/1990``),
one in a URL (``https://...``, ``www....``), and one between the words of a fixed
pair (``and/or``, :data:`FIXED_PAIRS`) when the group holds more than that pair;
spaces around a slash make it split (``(1 / 2)``). The text is parsed by recursive
descent over its tokens; brackets must balance and nest at most :data:`MAX_DEPTH` deep.

:class:`Rules` varies the reading for other users of the syntax: the puzzle
preset lists partly expanded texts too, takes an unbalanced bracket as text,
splits ``[a/b]`` into choices, splits a group at every slash of its own, and
leaves spacing before punctuation alone.
"""
from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass

#: An escaped character, one bracket or slash, or a run of anything else (a lone backslash included).
_TOKEN = re.compile(r"\\([\[\]()/\\])|([\[\]()/])|([^\[\]()/\\]+|\\)")
_CLOSER = {"[": "]", "(": ")"}
_OPENER = {"]": "[", ")": "("}
_SPACES = re.compile(r"\s+")
_SPACE = re.compile(r"\s")
_WORD = re.compile(r"\w")
#: What every group or escape starts with.
_MARKUP = re.compile(r"[\[(\\]")
#: A URL, from its scheme or ``www.`` to the next white space: its slashes are text.
_URL = re.compile(r"(?<![\w.+-])(?:[A-Za-z][A-Za-z0-9+.-]*://|www\.)\S*", re.IGNORECASE)
#: Word pairs written with a slash as one expression: inside a longer text of a group, their slash is text,
#: so ``(and/or pencil)`` stays a parenthesis; a group that is only the pair (``(he/she)``) is a choice.
FIXED_PAIRS = frozenset({
    ("and", "or"), ("either", "or"), ("und", "oder"), ("et", "ou"), ("y", "o"), ("e", "o"), ("e", "ou"),
    ("en", "of"), ("och", "eller"), ("og", "eller"), ("ja", "tai"), ("i", "lub"), ("و", "أو"),
    ("he", "she"), ("she", "he"), ("him", "her"), ("his", "her"), ("his", "hers"), ("s", "he"),
    ("she", "her"), ("he", "him"), ("they", "them"), ("km", "h"),
})
#: Guard against a reference that would expand to an unreasonable number of strings
#: (shared with the puzzle preset; docs/suite-format.md and docs/puzzle-preset.md quote it).
MAX_EXPANSIONS = 1024
#: Brackets may nest this deep; deeper is certainly a mistake (and would exhaust the parser's recursion).
MAX_DEPTH = 10


@dataclass(frozen=True)
class Rules:
    """How :func:`expand_alternatives` reads a text; the defaults are the suite syntax (docs/suite-format.md)."""

    #: An unbalanced bracket is an error; ``False``: it is text (the other brackets still expand).
    strict: bool = True
    #: Also list the partly expanded texts: groups are resolved left to right, and each text on the way
    #: counts when its unresolved groups are all choices (``you have killed (her/him)``).
    partial: bool = False
    #: A slash directly inside ``[...]`` splits it too: ``[a/b]`` is ``a``, ``b`` or nothing.
    optional_choices: bool = False
    #: Remove the space a dropped part leaves before ``.,!?;:``; ``False``: only collapse white space.
    tidy_punctuation: bool = True
    #: A slash of a number, a URL or a fixed pair is text (:func:`text_slashes`); ``False``: every slash splits.
    text_slashes: bool = True


SUITE_RULES = Rules()


class AlternativesError(ValueError):
    """A reference the syntax cannot expand; ``str()`` continues "reference 'X' ...", ``fix`` says what to do."""

    def __init__(self, message: str, fix: str):
        super().__init__(message)
        self.fix = fix


@dataclass(frozen=True)
class _Token:
    kind: str  # "text", "escape", or the bracket or slash itself
    value: str  # the text it stands for when it is not markup
    start: int  # offset in the reference


@dataclass(frozen=True)
class _Group:
    """``[optional]`` (one part) or a choice ``(a/b)`` (one part per alternative), as written in ``source``."""

    source: str
    optional: bool
    parts: tuple[tuple[_Node, ...], ...]


_Node = str | _Group


def text_slashes(text: str) -> frozenset[int]:
    """The offsets of the slashes in ``text`` that are part of the text rather than splits between choices.

    A slash is text when a digit touches it on both sides (``1/2``, ``12/05/1990``), when it is in a
    URL (``https://example.com/docs``, ``www.example.com/docs``), or when it joins a fixed pair
    (:data:`FIXED_PAIRS`: ``and/or``) that is not all its group holds: ``(and/or pencil)`` is
    text, ``(and/or)`` a choice. With a space on either side, a slash outside a URL splits.
    """
    in_urls = {index for url in _URL.finditer(text) for index in range(url.start(), url.end()) if text[index] == "/"}
    return frozenset(index for index, char in enumerate(text)
                     if char == "/" and (index in in_urls or _in_number(text, index) or _in_fixed_pair(text, index)))


def _in_number(text: str, slash: int) -> bool:
    return text[slash - 1 : slash].isdecimal() and text[slash + 1 : slash + 2].isdecimal()


def _in_fixed_pair(text: str, slash: int) -> bool:
    """Whether the words touching the slash are a fixed pair, with more than the pair in its group."""
    start = slash
    while start > 0 and _WORD.match(text[start - 1]):
        start -= 1
    end = slash + 1
    while end < len(text) and _WORD.match(text[end]):
        end += 1
    if (text[start:slash].lower(), text[slash + 1 : end].lower()) not in FIXED_PAIRS:
        return False
    return text[start - 1 : start] != "(" or text[end : end + 1] != ")"


def _tokens(text: str, rules: Rules = SUITE_RULES) -> list[_Token]:
    tokens = []
    as_text = text_slashes(text) if rules.text_slashes and "/" in text else frozenset()
    for match in _TOKEN.finditer(text):
        escaped, special, plain = match.groups()
        if escaped is not None:
            tokens.append(_Token("escape", escaped, match.start()))
        elif special == "/" and match.start() in as_text:
            tokens.append(_Token("text", special, match.start()))
        elif special is not None:
            tokens.append(_Token(special, special, match.start()))
        else:
            tokens.append(_Token("text", plain, match.start()))
    return tokens


def _literal(bracket: str) -> str:
    return f"write '\\{bracket}' for a literal {bracket!r}"


def _pairs(tokens: list[_Token], *, strict: bool, bounded: bool | None = None) -> dict[int, int]:
    """Index of each opening bracket's token -> index of its closing one.

    ``strict``: an unbalanced bracket raises :class:`AlternativesError`; otherwise an
    unmatched bracket is left out (it is text). ``bounded`` (default: ``strict``):
    nesting deeper than :data:`MAX_DEPTH` raises.
    """
    opened: list[int] = []
    pairs: dict[int, int] = {}
    for index, token in enumerate(tokens):
        if token.kind in _CLOSER:
            opened.append(index)
            if (strict if bounded is None else bounded) and len(opened) > MAX_DEPTH:
                raise AlternativesError(f"nests brackets more than {MAX_DEPTH} deep",
                                        "write the alternatives out as separate references")
        elif token.kind in _OPENER:
            if opened and tokens[opened[-1]].kind == _OPENER[token.kind]:
                pairs[opened.pop()] = index
            elif strict:
                raise _stray(tokens, opened, token)
    if strict and opened:
        first = tokens[opened[0]]
        raise AlternativesError(f"has an unclosed {first.kind!r} at character {first.start + 1}",
                                f"close it with {_CLOSER[first.kind]!r}, or {_literal(first.kind)}")
    return pairs


def _stray(tokens: list[_Token], opened: list[int], closer: _Token) -> AlternativesError:
    """The error for ``closer`` when the innermost open bracket is not its kind (or none is open)."""
    where = f"{closer.kind!r} at character {closer.start + 1}"
    if any(tokens[index].kind == _OPENER[closer.kind] for index in opened):
        inner = tokens[opened[-1]]
        return AlternativesError(f"has {where} before the {inner.kind!r} at character {inner.start + 1} is closed",
                                 f"close that {inner.kind!r} first with {_CLOSER[inner.kind]!r}, or {_literal(inner.kind)}")
    return AlternativesError(f"has {where} that closes no {_OPENER[closer.kind]!r}",
                             f"add the {_OPENER[closer.kind]!r} it closes, or {_literal(closer.kind)}")


def _slashes(tokens: list[_Token], pairs: dict[int, int], opening: int) -> list[int]:
    """The slashes that split the group opened at ``opening`` (not those of groups nested in it)."""
    found = []
    index = opening + 1
    while index < pairs[opening]:
        if tokens[index].kind == "/":
            found.append(index)
        index = pairs.get(index, index) + 1
    return found


def _sequence(text: str, tokens: list[_Token], pairs: dict[int, int], start: int, stop: int,
              rules: Rules = SUITE_RULES) -> tuple[_Node, ...]:
    """The nodes of ``tokens[start:stop]``: text, and a :class:`_Group` for each group (recursively)."""
    nodes: list[_Node] = []
    index = start
    while index < stop:
        token = tokens[index]
        if index not in pairs:  # text, an escaped character, a slash outside a choice
            nodes.append(token.value)
            index += 1
            continue
        close = pairs[index]
        slashes = _slashes(tokens, pairs, index) if token.kind == "(" or rules.optional_choices else []
        if token.kind == "(" and not slashes:  # parentheses are text; what they hold may still have groups
            nodes += ["(", *_sequence(text, tokens, pairs, index + 1, close, rules), ")"]
        else:
            bounds = [index, *slashes, close]
            parts = tuple(_sequence(text, tokens, pairs, a + 1, b, rules) for a, b in zip(bounds, bounds[1:]))
            nodes.append(_Group(text[token.start : tokens[close].start + 1], token.kind == "[", parts))
        index = close + 1
    return tuple(nodes)


def _parse(text: str, rules: Rules = SUITE_RULES) -> tuple[_Node, ...]:
    """``text`` as nodes; raises :class:`AlternativesError` on too deeply nested (or, if strict, unbalanced) brackets."""
    tokens = _tokens(text, rules)
    return _sequence(text, tokens, _pairs(tokens, strict=rules.strict, bounded=True), 0, len(tokens), rules)


def _count(nodes: tuple[_Node, ...]) -> int:
    """How many raw texts ``nodes`` stand for (duplicates included), without expanding them."""
    return math.prod(1 if isinstance(node, str) else _group_count(node) for node in nodes)


def _group_count(group: _Group) -> int:
    return sum(_count(part) for part in group.parts) + group.optional


def _options(group: _Group) -> list[str]:
    """What one group stands for: each choice, trimmed (one optional part is not), then nothing if optional."""
    options = [option for part in group.parts for option in _expand(part)]
    if len(group.parts) > 1:
        options = [option.strip() for option in options]
    return [*options, ""] if group.optional else options


def _expand(nodes: tuple[_Node, ...]) -> list[str]:
    """Every raw combination of ``nodes``, the first group varying slowest (callers check the count first)."""
    slots = [[node] if isinstance(node, str) else _options(node) for node in nodes]
    return ["".join(parts) for parts in itertools.product(*slots)]


def _as_written(nodes: tuple[_Node, ...]) -> str:
    """``nodes`` as written: text, and each group's source."""
    return "".join(node if isinstance(node, str) else node.source for node in nodes)


def _has_optional(nodes: tuple[_Node, ...]) -> bool:
    """True when an ``[optional]`` group is among ``nodes`` or inside one of their groups."""
    return any(not isinstance(node, str) and (node.optional or any(map(_has_optional, node.parts))) for node in nodes)


def _trimmed(part: tuple[_Node, ...]) -> tuple[_Node, ...]:
    """``part`` without white space at its ends (where it is text), as a choice is trimmed."""
    if part and isinstance(part[0], str):
        part = (part[0].lstrip(), *part[1:])
    if part and isinstance(part[-1], str):
        part = (*part[:-1], part[-1].rstrip())
    return part


def _stepwise(nodes: tuple[_Node, ...]) -> list[str]:
    """The texts met while resolving groups left to right, fully expanded ones as :func:`_expand` gives them.

    A partly resolved text is listed (before what it resolves to) when its unresolved
    groups are all choices: ``you [have] killed (her/him)`` gives ``you have killed (her/him)``,
    ``you have killed her``, ``you have killed him``, then the same without ``have``.
    """
    expanded = iter(_expand(nodes))  # the leaves come in the same order; _expand trims choices as a whole
    return [text if text is not None else next(expanded) for text in _partial_texts(nodes)]


def _partial_texts(nodes: tuple[_Node, ...]) -> list[str | None]:
    """:func:`_stepwise`'s listing, with None where a fully expanded text stands."""
    first = next((index for index, node in enumerate(nodes) if not isinstance(node, str)), None)
    if first is None:
        return [None]
    group = nodes[first]
    assert not isinstance(group, str)
    found: list[str | None] = [] if _has_optional(nodes) else [_as_written(nodes)]
    parts = [_trimmed(part) for part in group.parts] if len(group.parts) > 1 else list(group.parts)
    for option in [*parts, ()] if group.optional else parts:
        found += _partial_texts((*nodes[:first], *option, *nodes[first + 1 :]))
    return found


def _checked(text: str, rules: Rules = SUITE_RULES) -> tuple[_Node, ...]:
    """:func:`_parse`, refusing a text that stands for more than :data:`MAX_EXPANSIONS` references."""
    nodes = _parse(text, rules)
    total = _count(nodes)
    if total > MAX_EXPANSIONS:
        raise AlternativesError(f"expands to {total} references (more than {MAX_EXPANSIONS})",
                                "split it into several references")
    return nodes


def _tidy(raw: list[str], punctuation: bool = True) -> list[str]:
    """Expanded texts with single spaces, no space before punctuation (if asked), no empty text, no duplicates."""
    seen: dict[str, None] = {}
    for text in raw:
        candidate = _SPACES.sub(" ", text).strip()
        if punctuation:
            candidate = re.sub(r"\s+([.,!?;:])", r"\1", candidate)  # the gap a dropped [optional] part leaves
        if candidate:  # "[a] [b]" also stands for "", which is no reference
            seen.setdefault(candidate, None)
    return list(seen)


def count_alternatives(text: str) -> int:
    """How many texts ``text`` expands to before duplicates are dropped (1 for plain text)."""
    return _count(_parse(text))


def first_markup(text: str, rules: Rules = SUITE_RULES) -> str | None:
    """The first ``[..]``, ``(a/b)`` or ``\\``-escape in ``text``: what the syntax would rewrite, or None.

    Lenient, for suites that did not opt in: an unbalanced bracket is text.
    """
    if not _MARKUP.search(text):  # most references: nothing to tokenise
        return None
    tokens = _tokens(text, rules)
    pairs = _pairs(tokens, strict=False)
    for index, token in enumerate(tokens):
        if token.kind == "escape":
            return text[token.start : token.start + 2]
        if index in pairs and (token.kind == "[" or _slashes(tokens, pairs, index)):
            return text[token.start : tokens[pairs[index]].start + 1]
    return None


def glued_groups(text: str) -> list[tuple[str, list[str]]]:
    """Each group written against a word (``do(n't/ not)``), with the forms of that word it expands to.

    A group is glued when one of its alternatives would join the letters on
    either side into one word: ``do(n't/ not)`` gives ``don't`` and ``donot``.
    Text the syntax cannot expand gives none: the loader reports it on its own.
    """
    return _collect(text, _find_glued)


def _find_glued(nodes: tuple[_Node, ...], found: list[tuple[str, list[str]]]) -> None:
    for index, node in enumerate(nodes):
        if isinstance(node, str):
            continue
        before, after = _text_at(nodes, index - 1)[-1:], _text_at(nodes, index + 1)[:1]
        options = [option for option in _options(node) if option]
        if any((_WORD.match(before) and _WORD.match(o[0])) or (_WORD.match(after) and _WORD.match(o[-1])) for o in options):
            found.append((node.source, _tidy(_expand(_word(nodes, index)))))
        for part in node.parts:
            _find_glued(part, found)


def droppable_groups(text: str) -> list[tuple[str, list[str]]]:
    """Each group of ``text`` that can stand for nothing (``(not/)``, ``(/never)``, ``[not]``), with the
    texts it drops then: what a reader checks for a negation the expansion loses.

    Text the syntax cannot expand gives none: the loader reports it on its own.
    """
    return _collect(text, _find_droppable)


def _collect(text: str, find: Callable[[tuple[_Node, ...], list[tuple[str, list[str]]]], None]) -> list[tuple[str, list[str]]]:
    """What ``find`` gathers from the groups of ``text``; none for text the syntax cannot expand."""
    try:
        nodes = _checked(text)
    except AlternativesError:
        return []
    found: list[tuple[str, list[str]]] = []
    find(nodes, found)
    return found


def _find_droppable(nodes: tuple[_Node, ...], found: list[tuple[str, list[str]]]) -> None:
    for node in nodes:
        if isinstance(node, str):
            continue
        options = _options(node)
        if any(not option.strip() for option in options):
            found.append((node.source, [option.strip() for option in options if option.strip()]))
        for part in node.parts:
            _find_droppable(part, found)


def _text_at(nodes: tuple[_Node, ...], index: int) -> str:
    """``nodes[index]`` when it is text, else "" (a group, or no node there)."""
    node = nodes[index] if 0 <= index < len(nodes) else ""
    return node if isinstance(node, str) else ""


def _word(nodes: tuple[_Node, ...], index: int) -> tuple[_Node, ...]:
    """The group ``nodes[index]`` with the text touching it up to the nearest white space on either side."""
    left: list[_Node] = []
    for node in reversed(nodes[:index]):
        if isinstance(node, str) and _SPACE.search(node):
            left.append(_SPACE.split(node)[-1])
            break
        left.append(node)
    right: list[_Node] = []
    for node in nodes[index + 1 :]:
        if isinstance(node, str) and _SPACE.search(node):
            right.append(_SPACE.split(node, maxsplit=1)[0])
            break
        right.append(node)
    return (*reversed(left), nodes[index], *right)


def expand_alternatives(text: str, rules: Rules = SUITE_RULES) -> list[str]:
    """All references ``text`` stands for under ``rules``, in order, without duplicates.

    Text without alternatives or escapes is returned as written; expanded texts
    have their white space tidied (no doubled spaces, no space before punctuation).

    Raises :class:`AlternativesError` (a ``ValueError``) when a bracket is unbalanced
    (under strict rules), brackets nest deeper than :data:`MAX_DEPTH`, or the full
    expansion would exceed :data:`MAX_EXPANSIONS` (partly expanded texts come on
    top: fewer than :func:`count_alternatives` of them).
    """
    nodes = _checked(text, rules)
    if first_markup(text, rules) is None:
        return [text]  # plain text is taken as written, tokenised spacing included ("bror .")
    return _tidy(_stepwise(nodes) if rules.partial else _expand(nodes), rules.tidy_punctuation)
