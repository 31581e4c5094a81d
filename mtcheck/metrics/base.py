"""The small interface every metric implements, and the score it returns.

Settings go to the constructor, scoring happens in methods, and every score
carries a reproducibility signature (as in sacrebleu), so a number in a report
can always be traced to the exact configuration that produced it.

Each metric declares its :meth:`Metric.settings` as a
:class:`~mtcheck.metrics.signature.Signature`; the base class writes the text.

Every metric also takes ``normalize`` (``nfc``, the default, or ``none``): the
Unicode normal form applied to hypothesis, references and source before scoring,
here in the batch path rather than in each metric, and named at the end of every
signature (``|unicode:nfc``) by the base class.
"""
from __future__ import annotations

import functools
import unicodedata
from abc import ABCMeta
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from mtcheck.metrics.signature import Signature


@dataclass(slots=True)  # no per-object __dict__; not frozen, as a run makes one per case and check (engine/results.py)
class Score:
    """One metric value for one hypothesis against its references.

    ``value`` is on the metric's own scale (sacrebleu's 0-100 for BLEU, chrF and
    TER; 0-1 for the others). ``best_ref`` is the index of the reference that
    gave the best value when several were given. ``details`` holds whatever a
    metric can explain (n-gram precisions, mismatched words, ...), JSON-ready.
    """

    metric: str
    value: float
    signature: str
    best_ref: int = 0
    details: dict[str, Any] = field(default_factory=dict)


#: The ``normalize`` setting every metric accepts: its values and the Unicode normal form each applies.
NORMALIZE = "normalize"
NORMAL_FORMS: dict[str, str | None] = {"nfc": "NFC", "none": None}


def normal_form(value: object) -> str:
    """``value`` as a ``normalize`` setting (``nfc`` or ``none``, any case); ValueError for anything else."""
    form = value.lower() if isinstance(value, str) else value
    if form not in NORMAL_FORMS:
        raise ValueError(f"{NORMALIZE} must be one of {', '.join(NORMAL_FORMS)}, not {value!r}")
    return str(form)


def _naming_normalization(signature: Callable[[Metric], str]) -> Callable[[Metric], str]:
    """A metric's own text ``signature`` followed by ``|unicode:<setting>`` (once), as :meth:`Metric.signature` does."""

    @functools.wraps(signature)
    def with_normalization(self: Metric) -> str:
        text, tag = signature(self), f"|unicode:{self.normalize}"
        return text if text.endswith(tag) else text + tag

    with_normalization.names_normalization = True  # type: ignore[attr-defined]
    return with_normalization


class _MetricType(ABCMeta):
    """Takes the ``normalize`` setting for every metric class, so no constructor has to declare it."""

    def __call__(cls, *args: Any, normalize: str = "nfc", **kwargs: Any) -> Any:
        form = normal_form(normalize)
        metric = super().__call__(*args, **kwargs)
        metric.normalize = form
        return metric


class Metric(metaclass=_MetricType):
    """A segment-level metric.

    Subclasses set ``name`` and ``higher_is_better`` and implement
    :meth:`settings` and either :meth:`_score_one` (one hypothesis, one
    reference) or, for a real batch mode, :meth:`_score_pairs`. A metric written
    elsewhere may instead override :meth:`signature` with text of its own; the
    base class still appends the ``normalize`` setting.
    Multi-reference scoring takes the best single-reference score, in the
    metric's own direction: that is what a curated list of acceptable
    translations means (any one of them is a correct answer).
    """

    name: ClassVar[str]
    higher_is_better: ClassVar[bool] = True
    #: True when the metric reads the source segment (e.g. a copy-of-source check).
    needs_source: ClassVar[bool] = False
    #: True for metrics with an ideal value in the middle (e.g. a length ratio of 1): checks bound them on both sides.
    two_sided: ClassVar[bool] = False
    #: True for metrics slow enough that reading a score from the on-disk cache beats recomputing it.
    disk_cache: ClassVar[bool] = False
    #: Constructor parameter that receives the suite's target language when a check does not set it.
    target_lang_param: ClassVar[str | None] = None
    #: Constructor parameter that receives the suite's source language when a check does not set it.
    source_lang_param: ClassVar[str | None] = None
    #: Inclusive bounds of every value the metric can return, or ``None`` when unbounded or setting-dependent
    #: (the score cache discards a cached value outside them as tampered).
    value_range: ClassVar[tuple[float, float] | None] = None
    #: True when the constructor opens no file, model or word list: a suite's loader builds the metric
    #: to check its settings' values before any run.
    builds_instantly: ClassVar[bool] = False
    #: True when the metric reads a reference's ``[...]``/``(a/b)`` alternatives itself (the puzzle
    #: presets' own rules): the loader keeps such references as written.
    expands_references: ClassVar[bool] = False
    #: The ``normalize`` setting (see :data:`NORMAL_FORMS`); every constructor accepts it as a keyword.
    normalize: str = "nfc"
    #: The signature's text as last written, with the ``normalize`` setting it was written for.
    _written: tuple[str, str] | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("signature")
        if callable(own) and not getattr(own, "names_normalization", False):
            cls.signature = _naming_normalization(own)  # type: ignore[method-assign]

    def normalized(self, text: str) -> str:
        """``text`` in the normal form this metric scores (unchanged with ``normalize: none``)."""
        form = NORMAL_FORMS[self.normalize]
        if not form or not isinstance(text, str) or unicodedata.is_normalized(form, text):
            return text
        return unicodedata.normalize(form, text)

    def settings(self) -> Signature:
        """The metric's name and every setting and library version that affects its value, in order."""
        raise NotImplementedError(f"{type(self).__name__} declares neither settings() nor signature()")

    def signature(self) -> str:
        """The text of :meth:`settings` followed by ``|unicode:<normalize>``, once (a SAM
        signature ends in its base metric's, which names it already).

        Written once per metric and setting: the score cache asks for it for every segment.
        """
        if self._written is None or self._written[0] != self.normalize:
            settings = self.settings()
            if not settings.ends_with("unicode", self.normalize):
                settings = settings.plus(("unicode", self.normalize))
            self._written = (self.normalize, str(settings))
        return self._written[1]

    def open_resources(self) -> None:
        """Read the small resources scoring reads first and building does not (SAM: its lexicon), so a broken one
        is reported before any case runs; raises :class:`~mtcheck.errors.MetricError`. Models are never loaded."""

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        """Score one hypothesis against one reference; return ``(value, details)``."""
        raise NotImplementedError(f"{type(self).__name__} implements neither _score_one nor _score_pairs")

    def _score_pairs(
        self, hyps: Sequence[str], refs: Sequence[str], srcs: Sequence[str | None]
    ) -> list[tuple[float, dict[str, Any]]]:
        """``(value, details)`` for each (hypothesis, reference) pair. Metrics with a real batch mode override this."""
        return [self._score_one(h, r, s) for h, r, s in zip(hyps, refs, srcs)]

    def explain(self, score: Score) -> list[str]:
        """Lines that explain ``score`` in a failure report; empty when the value says it all."""
        return []

    def better(self, a: float, b: float) -> bool:
        """True when value ``a`` is strictly better than ``b`` for this metric."""
        return a > b if self.higher_is_better else a < b

    def score(self, hyp: str, refs: str | Sequence[str], *, src: str | None = None) -> Score:
        """Score ``hyp`` against every reference and keep the best."""
        return self.score_batch([hyp], [refs], [src])[0]

    def score_batch(
        self,
        hyps: Sequence[str],
        refs: Sequence[str | Sequence[str]],
        srcs: Sequence[str | None] | None = None,
    ) -> list[Score]:
        """Score many segments in one :meth:`_score_pairs` call, each against its best reference."""
        if len(hyps) != len(refs):
            raise ValueError(f"{self.name}: {len(hyps)} hypotheses but {len(refs)} reference lists")
        groups = [[self.normalized(r)] if isinstance(r, str) else [self.normalized(x) for x in r] for r in refs]
        if any(not group for group in groups):
            raise ValueError(f"{self.name}: at least one reference is needed")
        sources = [None if s is None else self.normalized(s) for s in srcs] if srcs is not None else [None] * len(hyps)
        return self._score_groups([self.normalized(h) for h in hyps], groups, sources)

    def _score_groups(
        self, hyps: list[str], groups: list[list[str]], sources: list[str | None]
    ) -> list[Score]:
        """Each normalised hypothesis scored against each reference of its group on its own, keeping the best.
        A metric that reads all references of a segment at once (joint BLEU) overrides this."""
        signature = self.signature()
        if all(len(group) == 1 for group in groups):  # one reference each (most cases): no best one to find
            results = self._score_pairs(hyps, [group[0] for group in groups], sources)
            return [Score(self.name, float(value), signature, 0, details) for value, details in results]
        flat = [(h, r, s) for h, group, s in zip(hyps, groups, sources) for r in group]
        results = self._score_pairs([f[0] for f in flat], [f[1] for f in flat], [f[2] for f in flat])
        scores, start = [], 0
        for group in groups:
            chunk = results[start : start + len(group)]
            start += len(group)
            best = 0
            for index in range(1, len(chunk)):
                if self.better(chunk[index][0], chunk[best][0]):
                    best = index
            value, details = chunk[best]
            scores.append(Score(self.name, float(value), signature, best, details))
        return scores


class ReferenceFreeMetric(Metric):
    """A metric that ignores the references: scored once, not once per reference, and with none at all."""

    def score(self, hyp: str, refs: str | Sequence[str] = (), *, src: str | None = None) -> Score:
        return self.score_batch([hyp], [refs], [src])[0]

    def score_batch(
        self,
        hyps: Sequence[str],
        refs: Sequence[str | Sequence[str]] | None = None,
        srcs: Sequence[str | None] | None = None,
    ) -> list[Score]:
        """Score each hypothesis once; ``refs`` (any, or none) are not read."""
        sources = [None if s is None else self.normalized(s) for s in srcs] if srcs is not None else [None] * len(hyps)
        if len(sources) != len(hyps):
            raise ValueError(f"{self.name}: {len(hyps)} hypotheses but {len(sources)} sources")
        results = self._score_pairs([self.normalized(h) for h in hyps], [""] * len(hyps), sources)
        signature = self.signature()
        return [Score(self.name, float(value), signature, 0, details) for value, details in results]
