"""Rule tables: one YAML file per language (``rules/<lang>.yaml``), read into patterns the engine runs.

A table declares the language's resources (the analyser, the dictionaries, the other written standard), its
agreement features (which tags stand for which values) and its rules. A rule is a pattern over consecutive
analysed tokens, optionally an agreement or same-word condition, a category, a message, a suggestion and
examples that must and must not match; docs/grammar.md describes every field.
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from mtcheck.errors import MetricError
from mtcheck.grammar.analyser import Reading, Token

TABLES = Path(__file__).parent / "rules"
CATEGORIES = ("spelling", "agreement", "definiteness", "verb form", "word form", "word order", "written standard",
              "compound", "repeated word", "missing word", "preposition", "word choice")
_TOKEN_KEYS = {"word", "not_word", "lemma", "tags", "every", "none", "start", "capital", "times"}
_RULE_KEYS = {"id", "category", "message", "suggestion", "pattern", "not_after", "agree", "same", "joined", "span",
              "examples"}
#: What a ``joined`` rule asks of the words written together: the analyser's own dictionary holds them
#: (``lexicon``), or that or a Hunspell dictionary (``dictionaries``).
LEXICON, DICTIONARIES = "lexicon", "dictionaries"
_TEMPLATE = re.compile(r"\{(\d+)(\.lemma)?\}")
UNSEEN = object()  # not yet in a pattern's answers (None is an answer: no match)


class TableError(MetricError):
    """A rule table that cannot be read: names the file, the rule and the field."""


def _tag_expression(text: object, where: str) -> tuple[frozenset[str], ...]:
    """``"vblex pres|vblex past"``: alternatives (``|``), each a set of tags a reading must all carry."""
    if not isinstance(text, str) or not text.strip():
        raise TableError(f"{where}: expected tags such as 'det sg|n pl', got {text!r}")
    return tuple(frozenset(alt.split()) for alt in text.split("|"))


def _matches(tags: frozenset[str], expression: tuple[frozenset[str], ...]) -> bool:
    return any(alt <= tags for alt in expression)


TagTest = Callable[[frozenset[str]], bool]


def _remembered(expression: tuple[frozenset[str], ...]) -> TagTest:
    """:func:`_matches` of ``expression``, remembered per tag set: readings share few distinct tag sets."""
    answers: dict[frozenset[str], bool] = {}

    def fits(tags: frozenset[str]) -> bool:
        found = answers.get(tags)
        if found is None:
            if len(answers) > 100_000:
                answers.clear()
            found = answers[tags] = _matches(tags, expression)
        return found
    return fits


def _selector(every: TagTest | None, none: TagTest | None, lemma: re.Pattern[str] | None,
              tags: TagTest | None) -> Callable[[tuple[Reading, ...]], tuple[frozenset[str], ...] | None]:
    """The tag sets of the readings a pattern selects (its ``every``, ``none``, ``lemma``, ``tags``; absent: None),
    or None when it asks for a reading there is not; only the pattern's own tests run."""
    def narrowed(readings: tuple[Reading, ...]) -> tuple[frozenset[str], ...] | None:
        """The readings that have the lemma and the tags asked for, or None when none has."""
        if lemma is not None:
            readings = tuple(r for r in readings if lemma.fullmatch(r.lemma.lower()))
        if tags is not None:
            readings = tuple(r for r in readings if tags(r.tags))
        return tuple(r.tags for r in readings) if readings else None

    def selected(readings: tuple[Reading, ...]) -> tuple[frozenset[str], ...] | None:
        if every is not None and (not readings or not all([every(r.tags) for r in readings])):
            return None
        if none is not None and any([none(r.tags) for r in readings]):
            return None
        return tuple(r.tags for r in readings) if lemma is None and tags is None else narrowed(readings)
    return selected


@dataclass(frozen=True)
class TokenPattern:
    """What one token must be; ``tags`` also selects the readings an agreement condition compares."""

    word: re.Pattern[str] | None = None
    not_word: re.Pattern[str] | None = None
    lemma: re.Pattern[str] | None = None
    tags: tuple[frozenset[str], ...] = ()
    every: tuple[frozenset[str], ...] = ()
    none: tuple[frozenset[str], ...] = ()
    start: bool = False
    capital: bool | None = None
    #: How many tokens in a row the pattern stands for, fewest and most (``[0, 2]``: up to two adverbs).
    times: tuple[int, int] = (1, 1)
    #: :meth:`select`'s answers so far, per key (read directly by the compiled matchers: one call less per token).
    answers: dict[tuple[str, bool], tuple[frozenset[str], ...] | None] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    _selected: Callable[[tuple[Reading, ...]], tuple[frozenset[str], ...] | None] = field(
        init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_selected", _selector(
            _remembered(self.every) if self.every else None, _remembered(self.none) if self.none else None,
            self.lemma, _remembered(self.tags) if self.tags else None))

    def readings(self, token: Token, first: bool) -> tuple[frozenset[str], ...] | None:
        """The tag sets of the readings this pattern selects from ``token``, or None when it does not match."""
        return self.select((token.surface, first), token)

    def select(self, key: tuple[str, bool], token: Token) -> tuple[frozenset[str], ...] | None:
        """:meth:`readings` of ``token`` (``key``: its word and whether it starts the output), remembered per key:
        the analyser reads a word the same wherever it stands, and common words recur."""
        found = self.answers.get(key, UNSEEN)
        if found is UNSEEN:
            if len(self.answers) > 100_000:
                self.answers.clear()
            found = self.answers[key] = self._select(token, key[1])
        return found  # type: ignore[return-value]

    def _select(self, token: Token, first: bool) -> tuple[frozenset[str], ...] | None:
        return self._selected(token.readings) if self._fits_surface(token, first) else None

    def _fits_surface(self, token: Token, first: bool) -> bool:
        """Whether the word as written fits: its capitals, its place first in the sentence, its form."""
        if self.capital is not None and not (token.surface[:1].isupper() if self.capital else token.surface.islower()):
            return False  # capital: false asks for a word without any capital letter
        if self.start and not first:
            return False
        if self.word and not self.word.fullmatch(token.surface.lower()):
            return False
        return not (self.not_word and self.not_word.fullmatch(token.surface.lower()))


@dataclass(frozen=True)
class Rule:
    """One row of a table."""

    id: str
    category: str
    message: str
    pattern: tuple[TokenPattern, ...]
    suggestion: str | None = None
    not_after: TokenPattern | None = None
    agree: tuple[str, ...] = ()
    agree_on: tuple[int, ...] = ()
    same: tuple[int, ...] = ()
    joined: str = ""
    span: tuple[int, int] = (0, -1)
    match_examples: tuple[str, ...] = ()
    clean_examples: tuple[str, ...] = ()


@dataclass(frozen=True)
class Resource:
    """A file the language needs and the Debian package that installs it."""

    file: str
    package: str


@dataclass(frozen=True)
class Table:
    """A language's rules, features and resources, and the hash of the file they came from."""

    language: str
    path: Path
    digest: str
    analyser: Resource
    dictionaries: tuple[Resource, ...]
    features: dict[str, dict[str, frozenset[str]]]
    rules: tuple[Rule, ...]
    other_standard: Resource | None = None
    other_standard_name: str = ""
    #: Forms of the other written standard that this one's resources know anyway (Bokmål ``ikke`` in a
    #: Nynorsk analyser that reads it), each with this standard's form (``ikkje``).
    other_standard_forms: dict[str, str] = field(default_factory=dict)
    ignore: re.Pattern[str] | None = field(default=None)


def _regex(value: object, where: str) -> re.Pattern[str]:
    try:
        return re.compile(str(value), re.IGNORECASE)
    except re.error as exc:
        raise TableError(f"{where}: not a regular expression ({exc})") from None


def _token(raw: object, where: str) -> TokenPattern:
    if not isinstance(raw, dict):
        raise TableError(f"{where}: a token pattern is a mapping of {', '.join(sorted(_TOKEN_KEYS))}")
    unknown = set(raw) - _TOKEN_KEYS
    if unknown:
        raise TableError(f"{where}: unknown key(s) {', '.join(sorted(unknown))} (known: {', '.join(sorted(_TOKEN_KEYS))})")
    regexes = {key: _regex(raw[key], f"{where}.{key}") for key in ("word", "not_word", "lemma") if key in raw}
    tags = {key: _tag_expression(raw[key], f"{where}.{key}") for key in ("tags", "every", "none") if key in raw}
    capital = raw.get("capital")
    return TokenPattern(**regexes, **tags, start=bool(raw.get("start", False)),
                        capital=None if capital is None else bool(capital),
                        times=_times(raw.get("times", [1, 1]), where))


def _times(value: object, where: str) -> tuple[int, int]:
    """``[0, 2]``: a token pattern stands for zero to two tokens in a row."""
    if (not isinstance(value, list) or len(value) != 2 or not all(isinstance(n, int) for n in value)
            or not 0 <= value[0] <= value[1] or value[1] < 1):
        raise TableError(f"{where}.times: give the fewest and the most tokens, such as [0, 2], got {value!r}")
    return value[0], value[1]


def _check_single(pattern: tuple[TokenPattern, ...], raw: dict[str, Any], where: str) -> None:
    """The first token pattern, and those that ``agree``, ``same`` and the message's ``{n}`` name, stand for one
    token each (``times`` is for the tokens between)."""
    agree = raw.get("agree") or {}
    named = {0, *(agree.get("tokens", range(len(pattern))) if agree else ()), *raw.get("same", ()),
             *(int(n) for key in ("message", "suggestion") for n, _ in _TEMPLATE.findall(str(raw.get(key) or "")))}
    for index in sorted(named):
        if index >= len(pattern):
            raise TableError(f"{where}: token {index} is named but the pattern has {len(pattern)} tokens")
        if pattern[index].times != (1, 1):
            raise TableError(f"{where}: token {index} stands for one token ('times' is for the tokens between)")


def _rule(raw: dict[str, Any], where: str, features: dict[str, Any]) -> Rule:
    unknown = set(raw) - _RULE_KEYS
    if unknown:
        raise TableError(f"{where}: unknown key(s) {', '.join(sorted(unknown))} (known: {', '.join(sorted(_RULE_KEYS))})")
    for key in ("id", "category", "message", "pattern"):
        if key not in raw:
            raise TableError(f"{where}: missing {key!r}")
    if raw["category"] not in CATEGORIES:
        raise TableError(f"{where}: unknown category {raw['category']!r} (categories: {', '.join(CATEGORIES)})")
    pattern = tuple(_token(t, f"{where}.pattern[{i}]") for i, t in enumerate(raw["pattern"] or []))
    if not pattern:
        raise TableError(f"{where}: the pattern is empty")
    _check_single(pattern, raw, where)
    agree = raw.get("agree") or {}
    on = tuple(agree.get("features", ()))
    for name in on:
        if name not in features:
            raise TableError(f"{where}.agree: unknown feature {name!r} (features: {', '.join(features)})")
    span = tuple(raw.get("span", (0, len(pattern) - 1)))
    examples = raw.get("examples") or {}
    if not examples.get("match") or not examples.get("clean"):
        raise TableError(f"{where}: give examples that must match and that must stay clean (examples: match, clean)")
    return Rule(
        id=str(raw["id"]), category=raw["category"], message=str(raw["message"]), pattern=pattern,
        suggestion=raw.get("suggestion"), agree=on,
        not_after=_token(raw["not_after"], f"{where}.not_after") if "not_after" in raw else None, agree_on=tuple(agree.get("tokens", range(len(pattern)))),
        same=tuple(raw.get("same", ())), joined=_joined_mode(raw.get("joined"), where), span=(int(span[0]), int(span[1])),
        match_examples=tuple(examples["match"]), clean_examples=tuple(examples["clean"]))


def _joined_mode(value: object, where: str) -> str:
    if value is None:
        return ""
    if value not in (LEXICON, DICTIONARIES):
        raise TableError(f"{where}: joined is {LEXICON!r} or {DICTIONARIES!r}, not {value!r}")
    return str(value)


def _resource(raw: object, where: str) -> Resource:
    if not isinstance(raw, dict) or not {"file", "package"} <= set(raw):
        raise TableError(f"{where}: give the resource's file and Debian package (file: PATH, package: NAME)")
    return Resource(str(raw["file"]), str(raw["package"]))


def _features(raw: object, where: str) -> dict[str, dict[str, frozenset[str]]]:
    """``{gender: {ut: [ut], un: [ut, nt]}}``: for each feature, each tag and the values it stands for."""
    if not isinstance(raw, dict):
        raise TableError(f"{where}: features map a feature to {{tag: [values]}}")
    return {str(name): {str(tag): frozenset(values) for tag, values in tags.items()} for name, tags in raw.items()}


def _forms(raw: object, where: str) -> dict[str, str]:
    """``{ikke: ikkje}``: each form of the other written standard and this standard's form of it."""
    if not isinstance(raw, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in raw.items()):
        raise TableError(f"{where}: forms map a word of the other written standard to this one's, "
                         f"such as {{ikke: ikkje}}")
    return {k.lower(): v for k, v in raw.items()}


def read_table(path: Path) -> Table:
    """The table in ``path``; :class:`TableError` names the file and the rule for anything wrong."""
    text = path.read_text(encoding="utf-8")
    raw = yaml.safe_load(text)
    where = str(path)
    if not isinstance(raw, dict):
        raise TableError(f"{where}: a rule table is a mapping (language, resources, features, rules)")
    resources = raw.get("resources") or {}
    features = _features(raw.get("features") or {}, f"{where}: features")
    rules, seen = [], set()
    for index, item in enumerate(raw.get("rules") or []):
        rule = _rule(item, f"{where}: rule {item.get('id', index)!r}", features)
        if rule.id in seen:
            raise TableError(f"{where}: rule id {rule.id!r} is used twice")
        seen.add(rule.id)
        rules.append(rule)
    other = resources.get("other_standard")
    return Table(
        language=str(raw.get("language", path.stem)), path=path,
        digest=hashlib.sha256(text.encode("utf-8")).hexdigest()[:10],
        analyser=_resource(resources.get("analyser"), f"{where}: resources.analyser"),
        dictionaries=tuple(_resource(r, f"{where}: resources.dictionaries") for r in resources.get("dictionaries", ())),
        features=features, rules=tuple(rules),
        other_standard=_resource(other, f"{where}: resources.other_standard") if other else None,
        other_standard_name=str((other or {}).get("name", "")),
        other_standard_forms=_forms((other or {}).get("forms") or {}, f"{where}: resources.other_standard.forms"),
        ignore=_regex(raw["ignore"], f"{where}: ignore") if "ignore" in raw else None)


def languages() -> list[str]:
    """The languages that have a bundled table."""
    return sorted(path.stem for path in TABLES.glob("*.yaml"))


@lru_cache(maxsize=None)
def bundled_table(lang: str) -> Table:
    """The bundled table of ``lang``; an error listing the languages that have one."""
    path = TABLES / f"{lang}.yaml"
    if not path.is_file():
        raise MetricError(f"grammar has no rule table for {lang!r} yet (languages: {', '.join(languages())})")
    return read_table(path)


def fill(template: str, tokens: list[Token]) -> str:
    """``{1}``: token 1 of the match as written; ``{1.lemma}``: its first reading's lemma."""
    def value(match: re.Match[str]) -> str:
        token = tokens[int(match.group(1))]
        if match.group(2) and token.readings:
            return token.readings[0].lemma
        return token.surface
    return _TEMPLATE.sub(value, template)
