"""A warning when the outputs are clearly not in the declared target language.

The declared language picks resources: SAM's word lists and tagger, BERTScore's
model, the language the ``lang`` check expects. Outputs in another language are
still scored with them, so ``mtcheck score`` and ``mtcheck run`` say so, once (per
suite and system in a run), and only when it is clear: lines long enough to
identify, identified with high confidence (py3langid, offline), and most of them
agreeing on one other language. A warning never changes a score.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from mtcheck.engine.results import CaseResult
from mtcheck.suite.model import Case, Check, Suite
from mtcheck.languages import find_language
from mtcheck.metrics import SAM, language_use, unwrap
from mtcheck.metrics.language import MACRO, base_code, get_detector
from mtcheck.metrics.resources import has_bundled_resources

#: A line with fewer letters says too little to identify its language.
MIN_LETTERS = 15
#: py3langid's normalised probability a line's language must reach to count.
MIN_CONFIDENCE = 0.9
#: The share of the lines examined that must agree on the other language.
MIN_SHARE = 0.8
#: Languages told apart too unreliably to warn about one of them for another (Norwegian's written standards).
CLOSE = (frozenset({"no", "nb", "nn"}),)


@dataclass(frozen=True)
class Mismatch:
    """The language most lines look like instead of the declared one: ``agreeing`` of the ``lines`` examined."""

    detected: str
    agreeing: int
    lines: int


def _letters(text: str) -> int:
    return sum(ch.isalpha() for ch in text)


def _accepted(lang: str) -> frozenset[str]:
    """The detector's codes that count as ``lang`` (``no``: Bokmål and Nynorsk, and their close kin)."""
    code = base_code(lang)
    codes = {code, *MACRO.get(code, ())}
    return frozenset(codes.union(*(group for group in CLOSE if codes & group)))


def clear_mismatch(lang: str, texts: Sequence[str]) -> Mismatch | None:
    """The other language ``texts`` clearly are in, or None when they may well be in ``lang`` (or say too little)."""
    lines = [text for text in texts if _letters(text) >= MIN_LETTERS]
    if not lines:
        return None
    detector = get_detector("py3langid", None)
    votes = Counter(code for code, confidence in map(detector.detect, lines) if confidence >= MIN_CONFIDENCE)
    if not votes:
        return None
    detected, agreeing = votes.most_common(1)[0]
    if detected in _accepted(lang) or agreeing < MIN_SHARE * len(lines):
        return None
    return Mismatch(detected, agreeing, len(lines))


def _sam_reads(lang: str) -> str:
    """What SAM reads for target ``lang`` (its analysis as :func:`mtcheck.metrics.sam.check_language` picks it)."""
    if has_bundled_resources(lang):
        return "the English lexicon and tagger"
    language = find_language(lang)
    return f"{language.name} word lists" if language is not None else "your lexicon, untagged"


def language_uses(metrics: Iterable[str], lang: str) -> list[str]:
    """What declared language ``lang`` decides for each of ``metrics`` that reads it (empty: none does)."""
    uses: list[str] = []
    for name in metrics:
        wrapper, base = unwrap(name)
        if wrapper == SAM:
            uses.append(f"sam: reads {_sam_reads(lang)}")
        if use := language_use(base, lang):
            uses.append(f"{base}: {use}")
    return list(dict.fromkeys(uses))


def mismatch_warning(declared: str, lang: str, texts: Sequence[str], metrics: Iterable[str], *,
                     what: str = "outputs") -> str | None:
    """``mtcheck: warning: <declared> but the <what> look like en (12 of 12 lines); <what lang decides>``, or None
    when no metric reads the language or the texts are not clearly in another one."""
    uses = language_uses(metrics, lang)
    mismatch = clear_mismatch(lang, texts) if uses else None
    if mismatch is None:
        return None
    lines = f"{mismatch.agreeing} of {mismatch.lines} line{'' if mismatch.lines == 1 else 's'}"
    return f"mtcheck: warning: {declared} but the {what} look like {mismatch.detected} ({lines}); {'; '.join(uses)}"


class RunLanguages:
    """What a run's language warnings read, gathered as its cases are read and its results come: the metrics of
    each suite's checks (over all its cases, in a shard too) and, per suite and system, the outputs not recorded
    as faulty."""

    def __init__(self) -> None:
        self._metrics: dict[str, dict[str, None]] = {}  # by suite path
        self._last_checks: tuple[Check, ...] | None = None
        self._groups: dict[tuple[str, str], tuple[Suite, list[str]]] = {}

    def read_case(self, suite: Suite, case: Case) -> None:
        """Note the metrics of ``case``'s checks (cases with no checks of their own share the defaults' tuple)."""
        if case.checks is self._last_checks:
            return
        self._last_checks = case.checks
        metrics = self._metrics.setdefault(str(suite.path), {})
        for check in case.checks:
            metrics.setdefault(check.metric)

    def add(self, result: CaseResult) -> None:
        suite = result.target.suite
        _, texts = self._groups.setdefault((str(suite.path), result.target.system), (suite, []))
        if result.hyp is not None and not result.target.expect_fail:
            texts.append(result.hyp)

    def warnings(self) -> list[str]:
        """One :func:`mismatch_warning` per suite and system of the run, in the order they first came."""
        warnings = []
        for (path, system), (suite, texts) in self._groups.items():
            warning = mismatch_warning(f"{suite.path.name} [{system}]: target_lang {suite.target_lang}",
                                       suite.target_lang, texts, self._metrics.get(path, {}))
            if warning is not None:
                warnings.append(warning)
        return warnings
