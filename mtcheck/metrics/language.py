"""``lang``: the output is in the target language, a check that needs no reference translation.

It identifies the hypothesis's language offline with py3langid (the
default) or lingua (``detector: lingua``, an optional 96 MB install that is
more accurate between Bokmål and Nynorsk when ``candidates`` are given); see
docs/language-checks.md for the measurements behind that choice. A text too
short to identify is not judged: the check abstains and passes, saying so.
"""
from __future__ import annotations

import copy
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, ClassVar, Protocol

from mtcheck.languages.language_codes import metric_lang
from mtcheck.metrics.base import ReferenceFreeMetric, Score
from mtcheck.metrics.signature import Signature

#: Macrolanguage code -> the codes it covers: a target of ``no`` accepts Bokmål and Nynorsk.
MACRO = {"no": ("nb", "nn")}
#: py3langid's ``no`` model is Bokmål (it has a separate ``nn``).
_PY3LANGID_OUT = {"no": "nb"}
_PY3LANGID_IN = {"nb": "no"}
#: Below this many letters ``lang`` abstains. On short correct texts of the bundled suites (docs/language-checks.md)
#: py3langid named the right language for 13% of those with 1-2 letters and 39% with 3-4, over all its languages.
MIN_LETTERS = 5


def base_code(code: str) -> str:
    """The primary language subtag, lower case: ``pt-BR`` -> ``pt``."""
    return code.strip().replace("_", "-").split("-")[0].lower()


def letter_count(text: str) -> int:
    """How many letters (of any script) ``text`` holds."""
    return sum(unicodedata.category(ch).startswith("L") for ch in text)


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


def _version(package: str) -> str:
    """``package``'s installed version; importlib.metadata loads only when a detector is built, not for every run."""
    from importlib.metadata import version

    return version(package)


class Py3LangidDetector:
    """py3langid (a numpy port of langid.py): 97 languages, ~0.1 ms a sentence, Bokmål reported as ``nb``."""

    def __init__(self, candidates: tuple[str, ...] | None):
        self.name = f"py3langid-{_version('py3langid')}"
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
        self.name = f"lingua-{_version('lingua-language-detector')}"
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
    always one of them). A hypothesis with fewer than ``min_letters`` letters
    (``OK``; empty, digits or emoji have none) is too short to identify: the
    check abstains, scoring 1.0 with the reason under ``abstained`` (and the
    detector's guess, when it has letters), so it never fails a case on its own;
    catch empty outputs with ``length-ratio``.
    """

    name: ClassVar[str] = "lang"
    target_lang_param: ClassVar[str | None] = "lang"

    def __init__(self, lang: str, candidates: Sequence[str] | None = None, detector: str = "py3langid",
                 min_letters: int = MIN_LETTERS):
        if not isinstance(lang, str) or not lang.strip():
            raise ValueError("lang must be a language code like 'en' or 'nn'")
        if isinstance(min_letters, bool) or not isinstance(min_letters, int) or min_letters < 0:
            raise ValueError(f"min_letters must be a whole number of letters, 0 or more, got {min_letters!r}")
        self.min_letters = min_letters
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
        return Signature.of("lang", ("target", self.lang), ("candidates", self._candidates), ("detector", self.detector.name),
                            ("min_letters", self.min_letters))

    def _score_one(self, hyp: str, ref: str, src: str | None) -> tuple[float, dict[str, Any]]:
        letters = letter_count(hyp)
        if not letters:
            return 1.0, {"detected": None, "confidence": None, "target": self.lang, "abstained": "no letters: nothing to identify"}
        detected, confidence = self.detector.detect(hyp)
        details: dict[str, Any] = {"detected": detected, "confidence": round(confidence, 4), "target": self.lang}
        if letters < self.min_letters:
            details["abstained"] = f"text too short to identify ({letters} letter{'' if letters == 1 else 's'}; needs at least {self.min_letters})"
            return 1.0, details
        return float(detected in self.accepted), details

    def explain(self, score: Score) -> list[str]:
        details = score.details
        if details["detected"] is None:
            return [f"abstained: {details['abstained']}; not judged"]
        guess = (f"identified as {details['detected']} (confidence {details['confidence']:.2f}), "
                 f"expected {details['target']} ({self.detector.name})")
        if "abstained" in details:
            return [f"abstained: {details['abstained']}; not judged (the detector's guess: {guess})"]
        return [guess]
