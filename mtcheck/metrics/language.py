"""``lang``: the output is in the target language, a check that needs no reference translation.

It identifies the hypothesis's language offline with py3langid (the
default) or lingua (``detector: lingua``, an optional 96 MB install that is
more accurate between Bokmål and Nynorsk when ``candidates`` are given); see
docs/language-checks.md for the measurements behind that choice.
"""
from __future__ import annotations

import copy
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from importlib.metadata import version
from typing import Any, ClassVar, Protocol

from mtcheck.language_codes import metric_lang
from mtcheck.metrics.base import ReferenceFreeMetric, Score
from mtcheck.metrics.signature import Signature

#: Macrolanguage code -> the codes it covers: a target of ``no`` accepts Bokmål and Nynorsk.
MACRO = {"no": ("nb", "nn")}
#: py3langid's ``no`` model is Bokmål (it has a separate ``nn``).
_PY3LANGID_OUT = {"no": "nb"}
_PY3LANGID_IN = {"nb": "no"}


def base_code(code: str) -> str:
    """The primary language subtag, lower case: ``pt-BR`` -> ``pt``."""
    return code.strip().replace("_", "-").split("-")[0].lower()


def has_letters(text: str) -> bool:
    """True when ``text`` holds at least one letter (of any script)."""
    return any(unicodedata.category(ch).startswith("L") for ch in text)


class Detector(Protocol):
    """An offline language identifier restricted to a set of languages (or all it knows)."""

    name: str
    languages: frozenset[str]

    def detect(self, text: str) -> tuple[str, float]:
        """The most likely language code and its confidence (0-1)."""


@lru_cache(maxsize=1)
def _py3langid_model() -> Any:
    """py3langid's identifier over all its languages, read once per process (it takes a third of a second)."""
    try:
        from py3langid.langid import MODEL_FILE, LanguageIdentifier
    except ImportError as exc:
        raise ValueError("detector 'py3langid' needs py3langid: pip install py3langid") from exc
    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


class Py3LangidDetector:
    """py3langid (a numpy port of langid.py): 97 languages, ~0.1 ms a sentence, Bokmål reported as ``nb``."""

    def __init__(self, candidates: tuple[str, ...] | None):
        self.name = f"py3langid-{version('py3langid')}"
        self._ident = copy.copy(_py3langid_model())  # set_languages replaces its arrays; the shared model stays whole
        known = frozenset(_PY3LANGID_OUT.get(c, c) for c in self._ident.nb_classes)
        _check_supported(candidates, known, self.name)
        if candidates:
            self._ident.set_languages([_PY3LANGID_IN.get(c, c) for c in candidates])
        self.languages = frozenset(candidates) if candidates else known

    def detect(self, text: str) -> tuple[str, float]:
        code, probability = self._ident.classify(text)
        return _PY3LANGID_OUT.get(code, code), float(probability)


class LinguaDetector:
    """lingua-language-detector: 75 languages including Bokmål and Nynorsk; slower, and large when all are loaded."""

    def __init__(self, candidates: tuple[str, ...] | None):
        try:
            from lingua import Language, LanguageDetectorBuilder
        except ImportError as exc:
            raise ValueError("detector 'lingua' needs lingua-language-detector: pip install 'mtcheck[lingua]'") from exc
        self.name = f"lingua-{version('lingua-language-detector')}"
        by_code = {lang.iso_code_639_1.name.lower(): lang for lang in Language.all()}
        _check_supported(candidates, frozenset(by_code), self.name)
        languages = [by_code[c] for c in candidates] if candidates else list(by_code.values())
        self._detector = LanguageDetectorBuilder.from_languages(*languages).build()
        self.languages = frozenset(candidates) if candidates else frozenset(by_code)

    def detect(self, text: str) -> tuple[str, float]:
        best = self._detector.compute_language_confidence_values(text)[0]
        return best.language.iso_code_639_1.name.lower(), float(best.value)


DETECTORS = {"py3langid": Py3LangidDetector, "lingua": LinguaDetector}


def _check_supported(candidates: tuple[str, ...] | None, known: frozenset[str], name: str) -> None:
    unknown = sorted(set(candidates or ()) - known)
    if unknown:
        raise ValueError(f"{name} does not know the language(s) {', '.join(unknown)}; it knows: {', '.join(sorted(known))}")


@lru_cache(maxsize=16)
def get_detector(name: str, candidates: tuple[str, ...] | None) -> Detector:
    """A detector, built once per process for each language set (loading a model takes a while)."""
    if name not in DETECTORS:
        raise ValueError(f"unknown detector {name!r}; use one of: {', '.join(DETECTORS)}")
    return DETECTORS[name](candidates)


class LanguageMetric(ReferenceFreeMetric):
    """1.0 when the hypothesis is identified as the target language ``lang``, else 0.0.

    ``candidates`` restricts identification to a set of languages (the target is
    always one of them). A hypothesis without letters (empty, digits, emoji) has
    no language to identify and scores 1.0; catch empty outputs with ``length-ratio``.
    """

    name: ClassVar[str] = "lang"
    target_lang_param: ClassVar[str | None] = "lang"

    def __init__(self, lang: str, candidates: Sequence[str] | None = None, detector: str = "py3langid"):
        if not isinstance(lang, str) or not lang.strip():
            raise ValueError("lang must be a language code like 'en' or 'nn'")
        self.lang = base_code(metric_lang("lang", lang))
        self.accepted = MACRO.get(self.lang, (self.lang,))
        codes = None
        if candidates is not None:
            if isinstance(candidates, str) or not candidates:
                raise ValueError("candidates must be a list of language codes, e.g. [nb, nn, en]")
            bases = [base_code(metric_lang("lang", c)) for c in candidates]
            expanded = {code for c in bases for code in MACRO.get(c, (c,))}
            codes = tuple(sorted(expanded | set(self.accepted)))
        self.detector = get_detector(detector, codes)
        missing = [code for code in self.accepted if code not in self.detector.languages]
        if missing:
            other = next(name for name in DETECTORS if name != detector)
            raise ValueError(f"{self.detector.name} cannot identify the target language {lang!r} "
                             f"(fix: set detector: {other} if it knows {lang!r}, or remove the lang check)")
        self._candidates = ",".join(codes) if codes else "all"

    def settings(self) -> Signature:
        return Signature.of("lang", ("target", self.lang), ("candidates", self._candidates), ("detector", self.detector.name))

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        if not has_letters(hyp):
            return 1.0, {"detected": None, "confidence": None, "target": self.lang}
        detected, confidence = self.detector.detect(hyp)
        value = float(detected in self.accepted)
        return value, {"detected": detected, "confidence": round(confidence, 4), "target": self.lang}

    def explain(self, score: Score) -> list[str]:
        if score.details.get("detected") is None:
            return ["no letters: nothing to identify"]
        return [f"identified as {score.details['detected']} (confidence {score.details['confidence']:.2f}), "
                f"expected {score.details['target']} ({self.detector.name})"]
