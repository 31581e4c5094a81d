"""How each front end words the fix of a :class:`~mtcheck.errors.MetricError` that names a setting.

Metrics raise ``MetricError(message, setting=Setting(metric, key, value))`` and never
spell a command-line option; ``str(error)`` words the fix for the Python API. Each
other front end (the pytest plugin, ``mtcheck run``, ``mtcheck score``, suites run
from Python) owns a :class:`Wording` saying which of *its* options sets that key,
so one error names the right option for the command being used. :func:`wording` derives it from the
options of :mod:`mtcheck.config.settings`, so the phrase and the option never drift apart.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from mtcheck.config.settings import METRIC_SETTINGS, PARAM, Option
from mtcheck.errors import MetricError, MtcheckError, Setting
from mtcheck.metrics import unwrap


@dataclass(frozen=True)
class Wording:
    """One front end's spelling of metric settings.

    ``options`` maps a setting key, or ``metric.key`` for one metric's own setting, to the phrase naming the
    option that sets it (``{"bertscore.model": "pass --bertscore-model {value}"}``); ``param`` spells any other
    setting (``pass --param {metric}.{key}={value}``; ``None`` when the front end has
    none); ``suite`` adds the suite's ``params:`` as an alternative (front ends
    that run suites).
    """

    param: str | None
    options: Mapping[str, str] = field(default_factory=dict)
    suite: bool = False

    def fix(self, setting: Setting, metric: str | None = None) -> str:
        """The fix for ``setting`` on a check of ``metric`` (default: the metric that raised)."""
        values = {"metric": metric or setting.metric, "key": setting.key, "value": setting.value}
        own = f"{unwrap(setting.metric)[1]}.{setting.key}"  # sam:bertscore's model is bertscore's
        template = self.options.get(own, self.options.get(setting.key, self.param))
        ways = [template.format(**values)] if template else []
        if self.suite and setting.key != "lang" and setting.in_suite:
            ways.append(f"set `params: {{{setting.key}: {setting.value}}}` on the check in the suite")
        return ", or ".join(ways) or f"set {setting.key}"

    def describe(self, exc: MetricError, metric: str | None = None) -> str:
        """``exc``'s message with this front end's fix when it names a setting."""
        if exc.setting is None:
            return str(exc)
        return f"{exc.message} (fix: {self.fix(exc.setting, metric)})"

    def explain(self, exc: Exception, metric: str | None = None) -> str:
        """``str(exc)``, with this front end's fix for a :class:`MetricError` that names a setting."""
        return self.describe(exc, metric) if isinstance(exc, MetricError) else str(exc)

    def reword(self, exc: Exception, metric: str) -> MtcheckError:
        """``exc`` as raised for a check on ``metric``: the metric named once, with this front end's fix."""
        cls = MetricError if isinstance(exc, MetricError) else MtcheckError
        return cls(named(metric, self.explain(exc, metric)))


def named(metric: str, text: str) -> str:
    """``text`` prefixed with ``metric: `` unless it already starts with it."""
    return text if text.startswith(f"{metric}:") else f"{metric}: {text}"


#: The fix of a wrong language: the suite says which it is, whatever the front end.
LANG_IN_SUITE = {"lang": "set target_lang in the suite"}
#: Suites run from Python (``api.run_suites``) without a command-line front end.
SUITE = Wording(param=None, options=LANG_IN_SUITE, suite=True)


def wording(param: Option, options: Iterable[Option], *, pytest: bool = False, suite: bool = True,
            extra: Mapping[str, str] = LANG_IN_SUITE) -> Wording:
    """How a front end's metric errors name its options: ``param`` spells any setting, each of ``options``
    that ``sets`` one spells that one, and ``extra`` adds fixes that no option gives."""
    def phrase(option: Option) -> str:
        return option.fix.replace("{flag}", option.mt_flag if pytest else option.flag)

    spelled = {option.sets: phrase(option) for option in options if option.sets}
    return Wording(param=phrase(param), options={**spelled, **extra}, suite=suite)


#: How the suite commands (run, validate, meta-eval, blind-spots, baseline, compare) name their options in an error.
SUITE_WORDING = wording(PARAM, METRIC_SETTINGS)
#: The same under pytest (``--mt-param`` ...).
PYTEST_WORDING = wording(PARAM, METRIC_SETTINGS, pytest=True)
