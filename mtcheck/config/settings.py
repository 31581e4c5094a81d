"""The settings shared by several front ends, each declared once: its spelling, type, default and help.

An :class:`Option` adds itself to an ``mtcheck`` sub-command (:meth:`Option.add_to`) and to
the pytest plugin's "mtcheck" group as ``--mt-<name>`` (:meth:`Option.add_to_pytest`), and
:func:`mtcheck.config.advice.wording` derives from the same entries how a metric error names the option
that fixes it. The tuples at the end group the options by concern; a command
adds the groups that apply to it. This module imports nothing of mtcheck but the number types: the
plugin loads it in every pytest session, and ``mtcheck --help`` builds every parser from it.
"""
from __future__ import annotations

from argparse import ArgumentTypeError
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from mtcheck.config.numeric_options import fraction, non_negative_int, positive_int, seconds

#: Seconds one batch of a live system may take before the run stops with an error.
DEFAULT_TIMEOUT = 300.0
#: Cases translated and scored together.
DEFAULT_BATCH_SIZE = 256
#: The regression statistics: resamples, seed and significance level (:mod:`mtcheck.regression.stats`).
DEFAULT_BOOTSTRAP = 1_000
DEFAULT_PERMUTATIONS = 10_000
DEFAULT_SEED = 12345
DEFAULT_ALPHA = 0.05
#: The baseline gates (docs/regression.md), the default first.
GATES = ("verdicts", "scores", "significant", "any-case")
#: Gate names of earlier versions, and the gate each is now.
RENAMED_GATES = {"both": "scores"}


class Option(NamedTuple):
    """One command-line setting.

    ``key`` is the attribute it lands in (``args.batch_size``); ``flag`` its spelling on ``mtcheck``
    (``--batch-size``), and ``--mt-`` before the same name under pytest unless ``pytest_flag``
    says otherwise. ``sets`` names the metric setting it overrides (``metric.key`` for one metric's
    own), and ``fix`` how an error's fix asks for it (``{flag}`` is the front end's spelling; ``{metric}``, ``{key}``, ``{value}`` the
    setting's, see :class:`mtcheck.config.advice.Wording`). A named tuple, not a dataclass: ``mtcheck --version``
    builds every parser, and the dataclass machinery alone would add about 10 ms to its start-up.
    """

    key: str
    flag: str
    help: str
    default: Any = None
    type: Callable[[str], Any] | None = None
    action: str | None = None
    metavar: str | None = None
    choices: tuple[str, ...] | None = None
    pytest_flag: str | None = None
    sets: str | None = None
    fix: str = "pass {flag} {value}"

    @property
    def mt_flag(self) -> str:
        """The pytest spelling: ``--mt-batch-size``."""
        return self.pytest_flag or f"--mt-{self.flag.removeprefix('--')}"

    def _arguments(self) -> dict[str, Any]:
        given = {"help": self.help, "action": self.action, "type": self.type, "metavar": self.metavar,
                 "choices": self.choices}
        arguments = {name: value for name, value in given.items() if value is not None}
        if self.action != "store_true":  # a flag's default is False already
            arguments["default"] = list(self.default) if self.action == "append" else self.default
        return arguments

    def add_to(self, parser: Any) -> None:
        """Add the option to an ``argparse`` parser of ``mtcheck``."""
        parser.add_argument(self.flag, dest=self.key, **self._arguments())

    def add_to_pytest(self, group: Any) -> None:
        """Add the option to pytest's "mtcheck" option group."""
        group.addoption(self.mt_flag, **self._arguments())


def add_options(parser: Any, options: Iterable[Option]) -> None:
    """Add every option of ``options`` to an ``argparse`` parser."""
    for option in options:
        option.add_to(parser)


def add_pytest_options(group: Any, options: Iterable[Option]) -> None:
    """Add every option of ``options`` to pytest's "mtcheck" group."""
    for option in options:
        option.add_to_pytest(group)


def gate_problem(name: str) -> str | None:
    """What is wrong with gate ``name`` and how to fix it, or ``None`` for a known gate."""
    if name in GATES:
        return None
    if name in RENAMED_GATES:
        return f"{name!r} is now called {RENAMED_GATES[name]!r} (default: {GATES[0]!r})"
    return f"{name!r} is not a gate: use {', '.join(GATES[:-1])} or {GATES[-1]}"


def gate_name(text: str) -> str:
    """The ``--gate`` option's type: a known gate, else one usage error naming the fix."""
    problem = gate_problem(text)
    if problem:
        raise ArgumentTypeError(problem)
    return text


PARAM = Option("param", "--param", "override a metric setting in every check, e.g. bleu.tokenize=intl (repeatable)",
               default=(), action="append", metavar="METRIC.KEY=VALUE", fix="pass {flag} {metric}.{key}={value}")
SAM_LEXICON = Option("sam_lexicon", "--sam-lexicon",
                     "sentiment lexicon for every sam: check (SentiWords layout; default: $MTCHECK_SAM_LEXICON or VADER)",
                     metavar="PATH", sets="lexicon")
BERTSCORE_MODEL = Option("bertscore_model", "--bertscore-model",
                         "model for every bertscore check: a Hugging Face name (needs the hub) or a local folder",
                         metavar="NAME_OR_PATH", sets="bertscore.model")
TIMEOUT = Option("timeout", "--timeout", f"time limit for one batch of a live system (default: {DEFAULT_TIMEOUT:g})",
                 default=DEFAULT_TIMEOUT, type=seconds, metavar="SECONDS")
BATCH_SIZE = Option("batch_size", "--batch-size", f"cases translated and scored together (default: {DEFAULT_BATCH_SIZE})",
                    default=DEFAULT_BATCH_SIZE, type=positive_int, metavar="N")
NO_CACHE = Option("no_cache", "--no-cache",
                  "do not read or write the on-disk score cache of slow metrics (BERTScore, METEOR, SAM, ...)",
                  action="store_true")
CLEAR_CACHE = Option("clear_cache", "--clear-cache", "empty the score cache before the run", action="store_true")
CACHE_DIR = Option("cache_dir", "--cache-dir",
                   "score cache folder (default: $MTCHECK_CACHE_DIR/scores or ~/.cache/mtcheck/scores)", metavar="DIR")

BASELINE = Option("baseline", "--baseline",
                  "compare every case with this baseline file and test suites and tags for regressions "
                  "(docs/regression.md); a regression fails the run, and a baseline nothing of the run matches "
                  "is an error", metavar="PATH")
UPDATE_BASELINE = Option("update_baseline", "--update-baseline",
                         "rewrite the baseline file with this run's values (atomically) instead of failing",
                         action="store_true")
TOLERANCE = Option("tolerance", "--tolerance",
                   "how much worse than the baseline a case's value may get when its check sets no 'tolerance:': "
                   "metric units (2) or percent of the baseline value (5%%) (default: 0)", default="0", metavar="AMOUNT")
GATE = Option("gate", "--gate",
              "what fails against the baseline: verdicts (default): a check that passed fails now, a known-faulty "
              "output no longer caught, a new error, or a significant suite/tag drop; scores: also any check worse "
              "than its tolerance; significant: only significant drops; any-case: any check worse than its tolerance",
              default=GATES[0], type=gate_name, metavar="{" + ",".join(GATES) + "}", pytest_flag="--mt-regression-gate")
FAIL_ON_CHANGED = Option("fail_on_changed", "--fail-on-changed",
                         "fail a case whose output differs from the baseline's snapshot even when its scores tie "
                         "(default: changed outputs are reported, not failed)", action="store_true")

ALPHA = Option("alpha", "--alpha", f"significance level (default: {DEFAULT_ALPHA})", default=DEFAULT_ALPHA,
               type=fraction, metavar="P")
CORRECTION = Option("correction", "--correction", "multiple-testing correction across suites and tags (default: holm)",
                    default="holm", choices=("holm", "bh", "none"))
BOOTSTRAP = Option("bootstrap", "--bootstrap", f"bootstrap resamples (default: {DEFAULT_BOOTSTRAP})",
                   default=DEFAULT_BOOTSTRAP, type=positive_int, metavar="N")
PERMUTATIONS = Option("permutations", "--permutations",
                      f"approximate-randomisation resamples (default: {DEFAULT_PERMUTATIONS})",
                      default=DEFAULT_PERMUTATIONS, type=positive_int, metavar="N")
SEED = Option("seed", "--seed", f"seed of the resampling (default: {DEFAULT_SEED})", default=DEFAULT_SEED,
              type=non_negative_int, metavar="N")

#: The severities of a known blind spot, mildest first: :data:`mtcheck.suite.model.SEVERITIES`, written out so
#: that building a parser imports no suite model (a test keeps them equal).
SEVERITIES = ("minor", "major", "critical")
FAIL_ON = Option("fail_on", "--fail-on",
                 "also fail a known blind spot (expect: fail with blind_spot:) of this severity or worse when its checks "
                 "miss it: minor, major or critical (default: reported, not failed)",
                 choices=SEVERITIES, metavar="SEVERITY")

SHARD = Option("shard", "--shard",
               "run only the K-th of N deterministic shards of the cases (a CI matrix of N jobs); combine their JSON "
               "reports with 'mtcheck report merge'", metavar="K/N")
REPORT_JSON = Option("report_json", "--report-json", "write every case and the summary as JSON", metavar="PATH")
REPORT_MD = Option("report_md", "--report-md",
                   "write a Markdown summary (pass rates, regressions, worst cases) for a PR comment or CI summary",
                   metavar="PATH")
REPORT_HTML = Option("report_html", "--report-html",
                     "write a self-contained HTML report (pass rates, score histograms, meta-evaluation, failures)",
                     metavar="PATH")
HISTORY = Option("history", "--history",
                 "append this run (commit, time, systems, per-suite/tag/metric aggregates, case outcomes) to a history: "
                 "an SQLite file or a postgresql:// URL; 'mtcheck history' shows it (docs/history.md)",
                 metavar="FILE_OR_URL")

PERTURB_SEED = Option("perturb_seed", "--perturb-seed",
                      "seed for the tests generated from perturb: sections (default: random; derandomised when CI=true)",
                      type=int, metavar="N")
PERTURB_BUDGET = Option("perturb_budget", "--perturb-budget",
                        "examples per test generated from a perturb: section (default: each suite's 'budget:', else 20)",
                        type=positive_int, metavar="N")

#: The report files of a run.
REPORTS = (REPORT_JSON, REPORT_MD, REPORT_HTML)
#: The metric settings of every command that scores suites.
METRIC_SETTINGS = (PARAM, SAM_LEXICON, BERTSCORE_MODEL)
#: The on-disk score cache of slow metrics.
SCORE_CACHE = (NO_CACHE, CLEAR_CACHE, CACHE_DIR)
#: How a live system is called.
LIVE_SYSTEM = (TIMEOUT, BATCH_SIZE)
#: Everything a command that runs suites through a system takes (run, baseline, compare, pytest).
SUITE_RUN = (*METRIC_SETTINGS, *LIVE_SYSTEM, *SCORE_CACHE)
#: What fails a run compared with a baseline.
BASELINE_GATE = (TOLERANCE, GATE, FAIL_ON_CHANGED)

#: How the tests generated from a suite's perturb: sections draw their examples.
PERTURB = (PERTURB_SEED, PERTURB_BUDGET)
#: A baseline to gate on or to update, and how it gates.
BASELINE_RUN = (BASELINE, UPDATE_BASELINE, *BASELINE_GATE)
#: The paired significance tests of a comparison.
STATISTICS = (ALPHA, CORRECTION, BOOTSTRAP, PERMUTATIONS, SEED)
