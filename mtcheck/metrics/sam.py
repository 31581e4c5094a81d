"""The Sentiment-Aware Measure (Saadany et al.): ``Score = C_hr * (1 - p)`` over any metric.

``sam:<base>`` wraps metric ``<base>``: C_hr is the base metric's value for one reference and
p the penalty: by default the aligned one (:mod:`mtcheck.sentiment.aligned`) where the target
language has word lists, else the paper's ``p = |S_r - S_h| / 2`` (:mod:`mtcheck.sentiment.polarity`,
``penalty: paper``). With several references
the adjusted score is computed per reference and the best is kept. The adjusted value is
on the base metric's scale (0-100 for BLEU and chrF). See docs/sam.md.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from mtcheck.errors import MetricError, Setting
from mtcheck.languages import DEFAULT_LANGUAGE, known_codes, word_lists
from mtcheck.languages.language_codes import canonical_lang, metric_lang
from mtcheck.metrics.base import Metric, Score
from mtcheck.metrics.signature import Signature
from mtcheck.safety.files import special_kind
from mtcheck.sentiment.aligned import (NEAR, NEAR_SYNONYM, NEGATED_OPPOSITE, NEGATION_KEPT, NEGATION_OPPOSED,
                                       NEGATION_PREFIXED, AlignedPenalty, aligned_penalty)
from mtcheck.sentiment.analysers import analyser_for
from mtcheck.sentiment.analysis import ANALYSIS
from mtcheck.sentiment.context import ContextWords, context_words
from mtcheck.sentiment.lexicon import DEFAULT_NAMES, Lexicon, LexiconFile, find_lexicon, load_lexicon
from mtcheck.sentiment.polarity import DEFAULT_PENALTY, Penalty, check_negation, check_penalty, sam_penalty
from mtcheck.sentiment.relations import relations_for
from mtcheck.sentiment.rules import rules_ident
from mtcheck.collector import collector_paused

#: Params that configure SAM itself; every other param goes to the base metric.
SAM_PARAMS = ("lexicon", "negation", "lang", "penalty")


@dataclass(frozen=True)
class SAMResult:
    """An adjusted score and its penalty."""

    value: float
    base: float
    penalty: Penalty | AlignedPenalty


def adjust(base_value: float, p: float) -> float:
    """Eq. 6, ``C_hr * (1 - p)``; a negative C_hr (e.g. rescaled BERTScore) moves down by ``|C_hr| * p``."""
    return base_value - abs(base_value) * p


def sam_adjust(
    hyp: str, ref: str, base_value: float, *, lexicon: Lexicon | None = None, negation: str = "paper",
    lang: str | None = DEFAULT_LANGUAGE, penalty: str = "paper", words: ContextWords | None = None,
) -> SAMResult:
    """SAM for a given base score C_hr (e.g. the paper's published METEOR or BERTScore, hence the paper's
    penalty by default); ``lang`` as in :func:`~mtcheck.sentiment.polarity.sam_penalty`.

    ``penalty="aligned"`` uses :func:`~mtcheck.sentiment.aligned.aligned_penalty` with the
    negators, intensifiers and downtoners of ``words`` (default: those of ``lang``) instead of the paper's p.
    """
    if check_penalty(penalty) == "aligned":
        words = words or context_words(lang)
        if words is None:
            raise MetricError(f"SAM penalty 'aligned' has no negators or intensifiers for language {lang!r}")
        found: Penalty | AlignedPenalty = aligned_penalty(
            hyp, ref, lexicon or load_lexicon(), words, check_negation(negation), lang)
    else:
        found = sam_penalty(hyp, ref, lexicon, negation, lang)
    return SAMResult(adjust(base_value, found.p), base_value, found)


def check_language(name: str, lang: str | None, lexicon: str | Lexicon | None) -> str | None:
    """How SAM analyses target language ``lang``: the code of its language file (:mod:`mtcheck.languages`, whose
    ``analysis``, ``relations`` and ``lexicon`` say how), or None (surface forms, a user's lexicon).

    A language without a file needs a lexicon the user gave for it (the default, and the
    ``$MTCHECK_SAM_LEXICON`` default, are taken as the default language's). Raises :class:`MetricError`
    naming the missing setting otherwise, and one with the code to write for a language's name (``english``).
    """
    if lang is None or not str(lang).strip():
        raise MetricError(f"{name} needs the target language", setting=Setting(name, "lang", "LANG"))
    lang = metric_lang(name, str(lang))
    language = word_lists(lang)
    if language is not None:
        return language.code
    if _is_default(lexicon):
        raise MetricError(
            f"{name}: SAM has no sentiment lexicon for target language {lang!r} (it has "
            f"{', '.join(known_codes())}); give one for {lang!r}, or score an English "
            "back-translation as the SAM paper does",
            setting=Setting(name, "lexicon", "PATH"),
        )
    return None


def language_lexicon(analysis: str | None, lexicon: str | Lexicon | None) -> str | Lexicon | None:
    """The lexicon SAM reads for ``analysis`` (:func:`check_language`): the one the user gave, else the one its
    language file names (``lexicon: default``: mtcheck's default lexicon)."""
    language = word_lists(analysis)
    if language is None or language.lexicon_path is None or not _is_default(lexicon):
        return lexicon
    return str(language.lexicon_path)


def default_penalty(analysis: str | None) -> str:
    """The penalty a ``sam:`` metric gets when none is set: :data:`DEFAULT_PENALTY` (``aligned``) for an
    analysis with word lists (English and the languages of :mod:`mtcheck.languages`), ``paper`` for a
    language scored with a user's lexicon alone (no negators or intensifiers to align with)."""
    return "paper" if context_words(analysis) is None else DEFAULT_PENALTY


def _is_default(lexicon: str | Lexicon | None) -> bool:
    return lexicon is None or (isinstance(lexicon, str) and lexicon.lower() in DEFAULT_NAMES)


def _format_words(words: list[dict[str, Any]]) -> str:
    if not words:
        return "(none)"
    return ", ".join(
        f"{w['lemma']}#{w['pos']} ({w['s']:+.3f})" if w["pos"] else f"{w['lemma']} ({w['s']:+.3f})" for w in words
    )


class SAMMetric(Metric):
    """``sam:<base>``: the base metric's score scaled down by the sentiment distance of mismatched words."""

    disk_cache: ClassVar[bool] = True  # POS tagging costs more than reading a cached score
    target_lang_param: ClassVar[str | None] = "lang"
    #: A wrapper metric's own settings (the registry's wrapper protocol, mtcheck/metrics/__init__.py); every
    #: other setting goes to the base metric.
    own_params: ClassVar[tuple[str, ...]] = SAM_PARAMS

    def __init__(
        self,
        base: Metric,
        lexicon: str | Lexicon | None = None,
        negation: str = "paper",
        lang: str | None = None,
        penalty: str | None = None,
        base_name: str | None = None,
    ):
        name = f"sam:{base_name or base.name}"
        if not base.higher_is_better:
            raise MetricError(
                f"{name}: SAM scales a score down, so it needs a metric where higher "
                f"is better (fix: use sam:bleu, sam:chrf, sam:meteor or sam:bertscore)"
            )
        if getattr(base, "references", "best") == "joint":  # SAM adjusts the score against one reference
            raise MetricError(f"{name}: SAM compares the output with one reference at a time, so it cannot read "
                              "references jointly (fix: leave out references: joint)")
        self.analysis = check_language(name, lang, lexicon)
        self.lang = canonical_lang(str(lang))
        self.base = base
        self.name = name  # type: ignore[misc]
        self.needs_source = base.needs_source  # type: ignore[misc]
        self.value_range = base.value_range  # type: ignore[misc]  # scaling by (1 - p) stays within it
        self.negation = check_negation(str(negation))
        lexicon = language_lexicon(self.analysis, lexicon)
        self.penalty = check_penalty(str(penalty)) if penalty is not None else default_penalty(self.analysis)
        self.words = context_words(self.analysis)
        if self.penalty == "aligned" and self.words is None:
            raise MetricError(
                f"{name}: penalty 'aligned' has no negators or intensifiers for target language {self.lang!r} "
                "(fix: use penalty 'paper' with a lexicon that lists your negators)",
                setting=Setting(name, "penalty", "paper"),
            )
        self._lexicon: Lexicon | LexiconFile = lexicon if isinstance(lexicon, Lexicon) else find_lexicon(lexicon)
        self.lexicon_ident = self._lexicon.ident
        tagger = f"{analyser_for(self.analysis).ident()}+{ANALYSIS}"  # and the version of mtcheck's tokens and lemmas
        self._settings = Signature.of(
            self.name, ("lang", self.lang), ("lex", self.lexicon_ident), ("tagger", tagger), ("neg", self.negation),
            *self._penalty_fields(name), ("base", base.signature()),
        )

    def _penalty_fields(self, name: str) -> list[tuple[str, str]]:
        """``penalty:aligned``, the opposites it reads (``ant:wordnet-3.0+plain-<12 hex>+affix-36038c0f``), the rules
        that apply to the language (``rules:assign+negprefix+...``, :func:`~mtcheck.sentiment.rules.rules_ident`) and a
        digest of the language's word lists (``lists:<8 hex>``: negators, degree words, connectives, concord,
        politeness formulas, constructions); none for the paper's penalty."""
        if self.penalty != "aligned":
            return []
        try:
            relations = relations_for(self.analysis)
        except MetricError as exc:
            raise MetricError(f"{name}: {exc}", setting=Setting(name, "penalty", "paper")) from exc
        words = self.words
        assert words is not None  # an aligned penalty without word lists is refused in __init__
        return [("penalty", "aligned"), ("ant", relations.ident if relations else "none"),
                ("rules", rules_ident(words, relations)), ("lists", words.ident)]

    @classmethod
    def base_refusal(cls, name: str, base: str, higher_is_better: bool | None) -> tuple[str, str] | None:
        """Why ``base`` cannot be wrapped, as (message, fix); None when it can: SAM scales a score down, so it
        needs a base where higher is better."""
        if higher_is_better:
            return None
        kind = "lower-is-better" if higher_is_better is False else "two-sided"
        return (f"{name!r}: SAM needs a base metric where higher is better, and {base!r} is {kind}",
                "use sam:bleu, sam:chrf, sam:meteor or sam:bertscore")

    @classmethod
    def split_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        """The params left for the base once SAM's own are taken out; SAM's negation rule and penalty, where
        written as text, are checked on the way (:class:`MetricError`)."""
        for key, check in (("negation", check_negation), ("penalty", check_penalty)):
            if isinstance(params.get(key), str):
                check(params[key])
        return {k: v for k, v in params.items() if k not in SAM_PARAMS}

    @classmethod
    def check_own_values(cls, name: str, params: dict[str, Any]) -> None:
        """Raise :class:`MetricError` unless the lexicon is ``default`` or an existing file and the negation rule
        and penalty are known (nothing is loaded)."""
        lexicon = params.get("lexicon")
        if isinstance(lexicon, str) and not _is_default(lexicon) and not Path(lexicon).expanduser().is_file():
            kind = special_kind(Path(lexicon).expanduser())
            raise MetricError(
                f"metric {name!r}: sentiment lexicon {lexicon!r} {f'is {kind}, not a regular file' if kind else 'not found'} "
                "(fix: give an existing SentiWords file, or 'default' for the bundled VADER lexicon)"
            )
        for key, check in (("negation", check_negation), ("penalty", check_penalty)):
            if key in params:
                try:
                    check(str(params[key]))
                except (MetricError, ValueError) as exc:
                    raise MetricError(f"metric {name!r}: {exc}") from exc

    @classmethod
    def from_params(cls, base_name: str, params: dict[str, Any]) -> SAMMetric:
        """Build ``sam:<base_name>``: SAM's own params are ``lexicon``, ``negation``, ``lang``, ``penalty``; the rest
        go to the base."""
        from mtcheck.metrics import get_metric

        if not base_name or base_name.startswith("sam:"):
            raise MetricError(f"sam:{base_name}: SAM needs one base metric (fix: e.g. sam:bleu)")
        own = {k: params[k] for k in SAM_PARAMS if k in params}
        check_language(f"sam:{base_name}", own.get("lang"), own.get("lexicon"))  # before the base: one error
        base = get_metric(base_name, {k: v for k, v in params.items() if k not in SAM_PARAMS}, target_lang=own.get("lang"))
        return cls(base, base_name=base_name, normalize=base.normalize, **own)

    def settings(self) -> Signature:
        return self._settings

    def open_resources(self) -> None:
        """Parse the lexicon now (a malformed line is an error naming it), then read the base metric's resources."""
        if isinstance(self._lexicon, LexiconFile):
            self._lexicon = self._lexicon.load()
        self.base.open_resources()

    @property
    def lexicon(self) -> Lexicon:
        """The lexicon, parsed on first use: a run whose scores are all cached never parses it."""
        if isinstance(self._lexicon, LexiconFile):
            self._lexicon = self._lexicon.load()
        return self._lexicon

    def _details(self, hyp: str, ref: str, base_value: float, base_details: dict[str, Any]) -> tuple[float, dict[str, Any]]:
        result = sam_adjust(hyp, ref, base_value, lexicon=self.lexicon, negation=self.negation, lang=self.analysis,
                            penalty=self.penalty, words=self.words)
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
        """Score every pair with the base metric (in its own batch mode), then adjust each by SAM.

        The analyses of new sentences (tokens, contexts, alignments: ~80 objects a pair, kept in caches, in no
        cycle) are built with the cyclic garbage collector paused: its full passes over them took a fifth
        to a quarter of the time of 2,000 new pairs. They then join the oldest generation unwalked: the first
        collection after the batch walked them all as young, another 0.2 s on 5,000 new pairs."""
        base = self.base._score_pairs(hyps, refs, srcs)
        with collector_paused(survivors_old=True):
            if self.penalty == "aligned":  # it reads whole sentences; the paper's reads each up to its last mismatch
                analyser_for(self.analysis).together(hyps, refs)
            return [self._details(h, r, value, details) for h, r, (value, details) in zip(hyps, refs, base)]

    def explain(self, score: Score) -> list[str]:
        """The mismatched words with their polarities, S_h, S_r, p, and the base and adjusted scores
        (with ``penalty: aligned``: the aligned pairs, the negation scopes and the pair that set p)."""
        d = score.details
        if "p" not in d:
            return []
        if d.get("penalty") == "aligned":
            return [*_explain_aligned(d), self._adjusted(d, score)]
        hyp_words, ref_words = _format_words(d["mismatched_hyp"]), _format_words(d["mismatched_ref"])
        return [
            f"mismatched words: reference {ref_words} → hypothesis {hyp_words}",
            f"S_r = {d['S_r']:+.3f}, S_h = {d['S_h']:+.3f}, p = |S_r - S_h| / 2 = {d['p']:.3f} "
            f"(lexicon {d['lexicon']}, negation rule: {d['negation']})",
            self._adjusted(d, score),
        ]

    def _adjusted(self, d: dict[str, Any], score: Score) -> str:
        return f"{self.base.name} = {d['base']:.4g} → {self.name} = {d['base']:.4g} x (1 - {d['p']:.3f}) = {score.value:.4g}"


def _format_aligned_word(w: dict[str, Any] | None) -> str:
    """``not#r (s -1.000)``, ``love#v (s +0.800, negated, e -0.800)`` or ``-`` for no word."""
    if w is None:
        return "-"
    label = f"{w['lemma']}#{w['pos']}" if w["pos"] else w["lemma"]
    notes = [f"s {w['s']:+.3f}"]
    if w["role"]:
        notes.append(w["role"])
    if w["negated"]:
        notes.append("negated")
    if w["factor"] != 1:
        notes.append(f"x{w['factor']:g}")
    if w["e"] != w["s"]:
        notes.append(f"e {w['e']:+.3f}")
    return f"{label} ({', '.join(notes)})"


def _format_how(pair: dict[str, Any], relations: str | None) -> str:
    """``replaced, antonym: WordNet``: how a pair aligned, the relation that set its change and the source that
    decided it (``relations``, the penalty's sources together, for details written before pairs named theirs)."""
    relation = pair["relation"]
    if relation is None:
        return pair["how"]
    source = pair.get("source") or relations
    if relation == NEAR_SYNONYM:
        return f"{pair['how']}, {relation}: same sign, |s_h - s_r| < {NEAR:g}"
    if relation == NEGATION_KEPT:
        return f"{pair['how']}, {relation}: the words it governs keep their sign"
    if relation == NEGATION_PREFIXED:
        return f"{pair['how']}, {relation}: the other side negates with a prefix"
    if relation == NEGATION_OPPOSED:
        return f"{pair['how']}, {relation}: the other side says it with the opposite word"
    if relation == NEGATED_OPPOSITE:
        return f"{pair['how']}, {relation}: opposites, one negated, that say the same ({source})"
    return f"{pair['how']}, {relation}: {source}"


def _format_scopes(scopes: list[list[Any]]) -> str:
    return "; ".join(f"{negator} → [{' '.join(scope)}]" for negator, scope in scopes) or "(none)"


def _explain_aligned(d: dict[str, Any]) -> list[str]:
    """Lines for an aligned penalty: each shown pair (reference → hypothesis), the scopes, and p."""
    pairs = d["pairs"]
    lines = ["aligned pairs (reference → hypothesis, change |e_h - e_r|):"]
    lines += [f"  {'*' if k == d['worst'] else ' '} {_format_aligned_word(pair['ref'])} → "
              f"{_format_aligned_word(pair['hyp'])} [{_format_how(pair, d['relations'])}] change {pair['change']:.3f}"
              for k, pair in enumerate(pairs)] or ["    (no sentiment-bearing or changed words)"]
    lines.append(f"negation scopes: reference {_format_scopes(d['scopes_ref'])}; "
                 f"hypothesis {_format_scopes(d['scopes_hyp'])}")
    if d["worst"] is None:
        lines.append(f"p = 0 (no pair changes polarity; lexicon {d['lexicon']}, negation rule: {d['negation']})")
    else:
        change = pairs[d["worst"]]["change"]
        lines.append(f"p = min(1, largest change / 2) = min(1, {change:.3f} / 2) = {d['p']:.3f}, set by the pair "
                     f"marked * (lexicon {d['lexicon']}, negation rule: {d['negation']})")
    return lines
