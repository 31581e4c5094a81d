"""The one engine that runs every rule table: spelling, then each rule over the analysed tokens of an output."""
from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, fields
from pathlib import Path

from mtcheck.errors import MetricError
from mtcheck.grammar.analyser import COMPOUND, Analyser, Token, analyser
from mtcheck.grammar.dictionary import Dictionary, dictionary
from mtcheck.grammar.index import RuleIndex
from mtcheck.grammar.rules import DICTIONARIES, Resource, Rule, Table, fill

#: The program that reads Apertium analysers, and the Debian package that installs it.
LT_PROC = Resource("lt-proc", "lttoolbox")
_WORD = re.compile(r"\w", re.UNICODE)
_SOURCE_WORD = re.compile(r"\w+(?:[-'’]\w+)*", re.UNICODE)
_HYPHEN = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")


@dataclass(frozen=True)
class GrammarError:
    """One error: where it is in the output (character offsets), what it is and how to fix it."""

    start: int
    end: int
    text: str
    category: str
    rule: str
    message: str
    suggestion: str | None = None

    def as_dict(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in _ERROR_FIELDS}  # asdict's deep copy: 4x the time


_ERROR_FIELDS = tuple(f.name for f in fields(GrammarError))


@dataclass(frozen=True)
class Result:
    """The errors found in one output and how many words it has."""

    words: int
    errors: tuple[GrammarError, ...]

    @property
    def score(self) -> float:
        """100 with no error, 100 * (1 - errors / words) otherwise (never below 0)."""
        return max(0.0, 100.0 * (1.0 - len(self.errors) / max(self.words, 1)))


def missing(resources: list[Resource]) -> list[Resource]:
    """The resources among ``resources`` that are not installed."""
    def present(resource: Resource) -> bool:
        if "/" not in resource.file:
            return shutil.which(resource.file) is not None
        path = Path(resource.file)
        return path.is_file() or Path(f"{resource.file}.dic").is_file()
    return [r for r in resources if not present(r)]


def require(table: Table) -> None:
    """Raise one :class:`MetricError` naming every Debian package the table's language lacks."""
    needed = [LT_PROC, table.analyser, *table.dictionaries, *([table.other_standard] if table.other_standard else [])]
    absent = missing(needed)
    if absent:
        packages = " ".join(dict.fromkeys(r.package for r in absent))
        files = ", ".join(r.file for r in absent)
        raise MetricError(f"grammar ({table.language}) needs {files}",
                          fix=f"sudo apt-get install {packages}")


def _spans(text: str, tokens: list[Token]) -> list[tuple[int, int]]:
    """Each token's character span in ``text`` (found in order; an empty span where the analyser changed it)."""
    spans, position = [], 0
    for token in tokens:
        start = text.find(token.surface, position)
        if start < 0:
            spans.append((position, position))
            continue
        position = start + len(token.surface)
        spans.append((start, position))
    return spans


def _left_alone(word: str, copied: set[str]) -> bool:
    """No letter, a number, a word copied from the source, or an acronym, a letter's name or a brand (*USB*, *X*,
    *iPhone*): not checked for spelling (a name is left alone when the source has it)."""
    return (not _WORD.search(word) or word.lower() in copied or any(c.isdigit() for c in word)
            or word.isupper() or any(c.isupper() for c in word[1:]))


def _outermost(errors: list[GrammarError]) -> tuple[GrammarError, ...]:
    """The errors in text order, less any whose span lies inside another's (one error, found by two rules)."""
    ordered = sorted(errors, key=lambda e: (e.start, -e.end))
    kept: list[GrammarError] = []
    for error in ordered:
        if not any(k.start <= error.start and error.end <= k.end for k in kept):
            kept.append(error)
    return tuple(kept)


def _span(rule: Rule, starts: tuple[int, ...]) -> tuple[int, int]:
    """The first and last token of a match's span (``starts``: where each token pattern starts, and last where
    the match ends)."""
    low, high = rule.span[0], rule.span[1] % len(rule.pattern)
    return starts[low], max(starts[high + 1] - 1, starts[low])


def _joined(tokens: list[Token], rule: Rule, starts: tuple[int, ...]) -> str:
    """The words of a match's span written as one, without spaces or a hyphen between letters (a compound
    written apart: ``sjuk hus`` -> ``sjukhus``; ``hopp-bakken`` -> ``hoppbakken``)."""
    start, last = _span(rule, starts)
    return _HYPHEN.sub("", tokens[start].surface + "".join(t.surface.lower() for t in tokens[start + 1 : last + 1]))


class Checker:
    """Checks outputs in one language with its table; the analysers start at once, the dictionaries load on first
    use."""

    def __init__(self, table: Table):
        require(table)
        self.table = table
        self._index = RuleIndex(table.rules, table.features)
        self._analyser: Analyser = analyser(LT_PROC.file, table.analyser.file)
        self._dictionaries: list[Dictionary] = [dictionary(d.file) for d in table.dictionaries]
        self._other: Analyser | None = (
            analyser(LT_PROC.file, table.other_standard.file) if table.other_standard else None)
        for found in (self._analyser, self._other):
            if found is not None:
                found.start()  # lt-proc reads its analyser while the rest of the first load goes on

    def check(self, hyps: list[str], srcs: list[str | None]) -> list[Result]:
        """The result of each output (``srcs``: its source, whose words are left alone, or None)."""
        analysed = self._analyser.analyse(hyps)
        self._prefetch(analysed)
        unknown = self._unknown(analysed, srcs)
        other = self._other_standard(analysed, unknown)
        found = [self._found(tokens) for tokens in analysed]
        known = self._joined_words(analysed, found)
        return [self._result(hyp, tokens, words, other,
                             [(r, m) for r, m in matches
                              if not r.joined or (_joined(tokens, r, m), r.joined) in known])
                for hyp, tokens, words, matches in zip(hyps, analysed, unknown, found)]

    def _joined_words(self, analysed: list[list[Token]],
                      found: list[list[tuple[Rule, tuple[int, ...]]]]) -> set[tuple[str, str]]:
        """Of the matches of ``joined`` rules, each ``(word, resources)``: the words written together that the
        rule's resources hold: the analyser's own dictionary (``lexicon``: a compound it only builds,
        ``kopp+kaffe``, is not enough), or that or a Hunspell dictionary (``dictionaries``)."""
        asked = {(_joined(tokens, rule, match), rule.joined) for tokens, matches in zip(analysed, found)
                 for rule, match in matches if rule.joined}
        words = sorted({word for word, _ in asked})
        read = dict(zip(words, self._analyser.analyse(words)))
        return {(word, kind) for word, kind in asked if self._holds(word, kind, read[word])}

    def _holds(self, word: str, kind: str, tokens: list[Token]) -> bool:
        """Whether ``word`` (read by the analyser as ``tokens``) is in the resources a ``joined`` rule asks."""
        if len(tokens) != 1 or not tokens[0].known:
            return False
        return (any(COMPOUND not in r.tags for r in tokens[0].readings)
                or (kind == DICTIONARIES and any(d.knows(word) for d in self._dictionaries)))

    def _unknown(self, analysed: list[list[Token]], srcs: list[str | None]) -> list[set[int]]:
        """For each output, the positions of the words no resource knows (names, numbers, source words aside)."""
        result = []
        for tokens, src in zip(analysed, srcs):
            copied = {w.lower() for w in _SOURCE_WORD.findall(src or "")}
            result.append({index for index, token in enumerate(tokens)
                           if not token.known and not self._known(token.surface, copied)
                           and not self._abbreviation(tokens, index)})
        return result

    def _prefetch(self, analysed: list[list[Token]]) -> None:
        """Ask each dictionary at once about every form of the words the analyser does not know that
        :meth:`_known` and :meth:`_abbreviation` may look up: as written, with a full stop after, their parts
        between hyphens, and each in lower case."""
        words = {token.surface for tokens in analysed for token in tokens if not token.known}
        forms = words | {f"{word}." for word in words} | {part for word in words for part in word.split("-") if part}
        for found in self._dictionaries:
            found.prefetch(forms | {form.lower() for form in forms})

    def _known(self, word: str, copied: set[str]) -> bool:
        """Whether a word the analyser does not know is still no misspelling: left alone, ignored by the table,
        in a dictionary, or parts joined by hyphens that each are (``tty-navn``: a source word and a Danish one)."""
        if _left_alone(word, copied) or (self.table.ignore and self.table.ignore.fullmatch(word)):
            return True
        if self.in_dictionary(word):
            return True
        parts = [part for part in word.split("-") if part]
        return len(parts) > 1 and all(self._known(part, copied) for part in parts)

    def _abbreviation(self, tokens: list[Token], index: int) -> bool:
        """Whether a dictionary knows the word at ``index`` with the full stop after it (``kl.``, which the analyser
        reads as two tokens)."""
        return (index + 1 < len(tokens) and tokens[index + 1].surface.startswith(".")
                and self.in_dictionary(f"{tokens[index].surface}."))

    def in_dictionary(self, word: str) -> bool:
        """True when a Hunspell dictionary of the table knows ``word`` as written or in lower case."""
        return any(d.knows(word) or d.knows(word.lower()) for d in self._dictionaries)

    def knows(self, words: list[str]) -> list[bool]:
        """For each word, whether a resource knows it: the analyser reads it as one known word, or a dictionary
        has it. A word no resource knows is what the check reports as misspelt (names and source words aside)."""
        return [(len(tokens) == 1 and tokens[0].known) or self.in_dictionary(word)
                for word, tokens in zip(words, self._analyser.analyse(words))]

    def _other_standard(self, analysed: list[list[Token]], unknown: list[set[int]]) -> set[str]:
        """The words unknown here that the other written standard's analyser knows (Nynorsk in Bokmål)."""
        if self._other is None:
            return set()
        words = sorted({tokens[i].surface.lower() for tokens, positions in zip(analysed, unknown) for i in positions})
        return {word for word, tokens in zip(words, self._other.analyse(words))
                if len(tokens) == 1 and tokens[0].known}

    def _result(self, hyp: str, tokens: list[Token], unknown: set[int], other: set[str],
                matches: list[tuple[Rule, tuple[int, ...]]]) -> Result:
        spans = _spans(hyp, tokens) if unknown or matches or self.table.other_standard_forms else []  # no error: none
        errors = self._word_errors(tokens, spans, unknown, other)
        for rule, starts in matches:
            first, last = _span(rule, starts)
            start, end = spans[first][0], spans[last][1]
            matched = [tokens[min(s, len(tokens) - 1)] for s in starts[:-1]]
            errors.append(GrammarError(start, end, hyp[start:end], rule.category, rule.id,
                                       fill(rule.message, matched),
                                       fill(rule.suggestion, matched) if rule.suggestion else None))
        words = sum(1 for t in tokens if _WORD.search(t.surface))
        return Result(words, _outermost(errors))

    def _word_errors(self, tokens: list[Token], spans: list[tuple[int, int]], unknown: set[int],
                     other: set[str]) -> list[GrammarError]:
        """Words of the other written standard (unknown here and known there, or a form the table lists) and
        words no resource knows."""
        forms = self.table.other_standard_forms
        errors = []
        for index in range(len(tokens)) if forms else sorted(unknown):  # without listed forms, only unknown words
            word, (start, end) = tokens[index].surface, spans[index]
            if word.lower() in forms or (index in unknown and word.lower() in other):
                fix = forms.get(word.lower())
                if fix and word[:1].isupper():
                    fix = fix[:1].upper() + fix[1:]
                errors.append(GrammarError(start, end, word, "written standard", "other-standard",
                                           f"{word!r} is {self.table.other_standard_name}, not this written standard",
                                           fix))
            elif index in unknown:
                errors.append(GrammarError(start, end, word, "spelling", "spelling", f"{word!r} is in no dictionary"))
        return errors

    def _found(self, tokens: list[Token]) -> list[tuple[Rule, tuple[int, ...]]]:
        """Each rule's matches in ``tokens``, in the table's order, as where each token pattern starts (and, last,
        where the match ends); a token is tried only with the rules that can start there
        (:class:`~mtcheck.grammar.index.RuleIndex`)."""
        keys = [(token.surface, first == 0) for first, token in enumerate(tokens)]  # what a pattern's answer keeps
        found = sorted((place, first, rule, starts) for first, rules in self._index.candidates(tokens, keys)
                       for place, rule, match in rules if (starts := match(tokens, keys, first)) is not None)
        return [(rule, starts) for _, _, rule, starts in found]

    def _match_at(self, rule: Rule, tokens: list[Token], keys: list[tuple[str, bool]],
                  first: int) -> tuple[int, ...] | None:
        """Where ``rule`` matches the tokens from position ``first`` on (``keys``: each token's word and whether
        it starts the output), or None."""
        return self._index.matcher[rule.id](tokens, keys, first)
