"""The Sentiment-Aware Measure (Saadany et al.): ``Score = C_hr * (1 - p)`` over any metric.

``sam:<base>`` wraps metric ``<base>``: C_hr is the base metric's value for one reference,
``p = |S_r - S_h| / 2`` (see :mod:`mtcheck.sentiment.polarity`). With several references
the adjusted score is computed per reference and the best is kept. The adjusted value is
on the base metric's scale (0-100 for BLEU and chrF). See docs/sam.md.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from mtcheck.errors import MetricError, Setting
from mtcheck.metrics.base import Metric, Score
from mtcheck.metrics.resources import has_bundled_resources
from mtcheck.metrics.signature import Signature
from mtcheck.sentiment.lexicon import DEFAULT_NAMES, Lexicon, LexiconFile, find_lexicon
from mtcheck.sentiment.polarity import Penalty, check_negation, sam_penalty
from mtcheck.sentiment.tagger import tagger_ident

#: Params that configure SAM itself; every other param goes to the base metric.
SAM_PARAMS = ("lexicon", "negation", "lang")


@dataclass(frozen=True)
class SAMResult:
    """An adjusted score and its penalty."""

    value: float
    base: float
    penalty: Penalty


def adjust(base_value: float, p: float) -> float:
    """Eq. 6, ``C_hr * (1 - p)``; a negative C_hr (e.g. rescaled BERTScore) moves down by ``|C_hr| * p``."""
    return base_value - abs(base_value) * p


def sam_adjust(
    hyp: str, ref: str, base_value: float, *, lexicon: Lexicon | None = None, negation: str = "paper",
    tagged: bool = True,
) -> SAMResult:
    """SAM for a given base score C_hr (e.g. the paper's published METEOR or BERTScore)."""
    penalty = sam_penalty(hyp, ref, lexicon, negation, tagged)
    return SAMResult(adjust(base_value, penalty.p), base_value, penalty)


def check_language(name: str, lang: str | None, lexicon: str | Lexicon | None) -> bool:
    """Whether SAM can score target language ``lang``; True when it is English (tagged analysis).

    Another language needs a lexicon the user gave for it (the bundled one, and the
    ``$MTCHECK_SAM_LEXICON`` default, are taken as English) and is analysed untagged.
    Raises :class:`MetricError` naming the missing setting otherwise.
    """
    if lang is None or not str(lang).strip():
        raise MetricError(f"{name} needs the target language", setting=Setting(name, "lang", "LANG"))
    if has_bundled_resources(str(lang)):
        return True
    if lexicon is None or (isinstance(lexicon, str) and lexicon.lower() in DEFAULT_NAMES):
        raise MetricError(
            f"{name}: SAM has no sentiment lexicon for target language {lang!r}, only English ones; give one "
            f"for {lang!r}, or score an English back-translation as the SAM paper does",
            setting=Setting(name, "lexicon", "PATH"),
        )
    return False


def _format_words(words: list[dict[str, Any]]) -> str:
    if not words:
        return "(none)"
    return ", ".join(
        f"{w['lemma']}#{w['pos']} ({w['s']:+.3f})" if w["pos"] else f"{w['lemma']} ({w['s']:+.3f})" for w in words
    )


class SAMMetric(Metric):
    """``sam:<base>``: the base metric's score scaled down by the sentiment distance of mismatched words."""

    disk_cache: ClassVar[bool] = True  # POS tagging costs more than reading a cached score

    def __init__(
        self,
        base: Metric,
        lexicon: str | Lexicon | None = None,
        negation: str = "paper",
        lang: str | None = None,
        base_name: str | None = None,
    ):
        name = f"sam:{base_name or base.name}"
        if not base.higher_is_better:
            raise MetricError(
                f"{name}: SAM scales a score down, so it needs a metric where higher "
                f"is better (fix: use sam:bleu, sam:chrf, sam:meteor or sam:bertscore)"
            )
        self.tagged = check_language(name, lang, lexicon)
        self.lang = str(lang)
        self.base = base
        self.name = name  # type: ignore[misc]
        self.needs_source = base.needs_source  # type: ignore[misc]
        self.value_range = base.value_range  # type: ignore[misc]  # scaling by (1 - p) stays within it
        self.negation = check_negation(str(negation))
        self._lexicon: Lexicon | LexiconFile = lexicon if isinstance(lexicon, Lexicon) else find_lexicon(lexicon)
        self.lexicon_ident = self._lexicon.ident
        tagger = tagger_ident() if self.tagged else "none"
        self._settings = Signature.of(
            self.name, ("lang", self.lang), ("lex", self.lexicon_ident), ("tagger", tagger), ("neg", self.negation),
            ("base", base.signature()),
        )

    @classmethod
    def from_params(cls, base_name: str, params: dict[str, Any]) -> SAMMetric:
        """Build ``sam:<base_name>``: SAM's own params are ``lexicon``, ``negation``, ``lang``; the rest go to the base."""
        from mtcheck.metrics import get_metric

        if not base_name or base_name.startswith("sam:"):
            raise MetricError(f"sam:{base_name}: SAM needs one base metric (fix: e.g. sam:bleu)")
        own = {k: params[k] for k in SAM_PARAMS if k in params}
        check_language(f"sam:{base_name}", own.get("lang"), own.get("lexicon"))  # before the base: one error
        base = get_metric(base_name, {k: v for k, v in params.items() if k not in SAM_PARAMS}, target_lang=own.get("lang"))
        return cls(base, base_name=base_name, normalize=base.normalize, **own)

    def settings(self) -> Signature:
        return self._settings

    @property
    def lexicon(self) -> Lexicon:
        """The lexicon, parsed on first use: a run whose scores are all cached never parses it."""
        if isinstance(self._lexicon, LexiconFile):
            self._lexicon = self._lexicon.load()
        return self._lexicon

    def _details(self, hyp: str, ref: str, base_value: float, base_details: dict[str, Any]) -> tuple[float, dict[str, Any]]:
        result = sam_adjust(hyp, ref, base_value, lexicon=self.lexicon, negation=self.negation, tagged=self.tagged)
        return result.value, {
            "base": base_value,
            **result.penalty.details,
            "lexicon": self.lexicon_ident,
            "lang": self.lang,
            "negation": self.negation,
            "base_details": base_details,
        }

    def _score_pairs(
        self, hyps: Sequence[str], refs: Sequence[str], srcs: Sequence[str | None]
    ) -> list[tuple[float, dict[str, Any]]]:
        """Score every pair with the base metric (in its own batch mode), then adjust each by SAM."""
        base = self.base._score_pairs(hyps, refs, srcs)
        return [self._details(h, r, value, details) for h, r, (value, details) in zip(hyps, refs, base)]

    def explain(self, score: Score) -> list[str]:
        """The mismatched words with their polarities, S_h, S_r, p, and the base and adjusted scores."""
        d = score.details
        if "p" not in d:
            return []
        hyp_words, ref_words = _format_words(d["mismatched_hyp"]), _format_words(d["mismatched_ref"])
        return [
            f"mismatched words: reference {ref_words} → hypothesis {hyp_words}",
            f"S_r = {d['S_r']:+.3f}, S_h = {d['S_h']:+.3f}, p = |S_r - S_h| / 2 = {d['p']:.3f} "
            f"(lexicon {d['lexicon']}, negation rule: {d['negation']})",
            f"{self.base.name} = {d['base']:.4g} → {self.name} = {d['base']:.4g} x (1 - {d['p']:.3f}) "
            f"= {score.value:.4g}",
        ]
