"""``mtcheck baseline save|check|update`` and ``mtcheck compare``: argument parsers and handlers."""
from __future__ import annotations

import argparse
import json
from argparse import ArgumentTypeError
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mtcheck.commands.common import EXIT_FAILED, EXIT_OK, EXIT_USAGE, SUITES_HELP, cache_of
from mtcheck.config.numeric_options import non_negative_number
from mtcheck.config.settings import BASELINE_GATE, STATISTICS, SUITE_RUN, add_options

if TYPE_CHECKING:
    from mtcheck.engine.runner import RunOptions, Runner
    from mtcheck.regression.baseline import CaseEntry, CorpusEntry

def _run_options(args: argparse.Namespace, system: str | None) -> RunOptions:
    from mtcheck.config.advice import SUITE_WORDING
    from mtcheck.engine.run_settings import metric_overrides
    from mtcheck.engine.runner import RunOptions

    return RunOptions(system=system, timeout=args.timeout, batch_size=args.batch_size, cache=cache_of(args),
                      overrides=metric_overrides(args.param, args.sam_lexicon, args.bertscore_model),
                      wording=SUITE_WORDING)


def _stats(args: argparse.Namespace) -> Any:
    from mtcheck.regression.stats import StatsSettings

    return StatsSettings(bootstrap=args.bootstrap, permutations=args.permutations, seed=args.seed,
                         alpha=args.alpha, correction=args.correction)


@dataclass(frozen=True)
class Measurement:
    """A run of the suites under ``--system``: the entries of every measured case and corpus check, the runner,
    every suite's test ids, and why any value could not be computed (one line per case or corpus check)."""

    entries: list[CaseEntry]
    corpus: list[CorpusEntry]
    runner: Runner
    known: dict[str, set[str]]
    errors: list[str]


def _measure(args: argparse.Namespace) -> Measurement:
    from mtcheck import api
    from mtcheck.engine.corpus_checks import corpus_results
    from mtcheck.engine.results import case_record
    from mtcheck.engine.runner import Runner
    from mtcheck.engine.targets import targets_for
    from mtcheck.regression.baseline import entry_of, known_cases
    from mtcheck.regression.corpus import corpus_entries

    suites = api.load_suites(args.suites)
    runner = Runner(_run_options(args, args.system))
    results = runner.run([t for suite in suites for t in targets_for(suite, args.system)])
    records = [case_record(r) for r in results] if any(suite.corpus for suite in suites) else []
    corpus = corpus_results(suites, records, runner.evaluator)
    errors = [f"{r.target.test_id} ({r.target.suite.path}): {'; '.join(r.errors())}" for r in results if r.errors()]
    errors += [f"{c.where}: {c.error}" for c in corpus if c.error]
    return Measurement([e for e in map(entry_of, results) if e is not None], corpus_entries(corpus), runner,
                       known_cases(suites, args.system), errors)


def _system(args: argparse.Namespace, runner: Runner) -> dict[str, str]:
    from mtcheck.safety.redact import redact

    description = runner.hypotheses.system(args.system).describe() if args.system else "each suite's own system: or its recorded outputs"
    return {"spec": redact(args.system or ""), "description": description}


def _measured(args: argparse.Namespace) -> Measurement:
    """:func:`_measure`, refusing a run that measured nothing, or not every value (a baseline would lose them)."""
    from mtcheck.errors import MtcheckError

    found = _measure(args)
    if found.errors:
        more = f" (and {len(found.errors) - 1} more case(s))" if len(found.errors) > 1 else ""
        raise MtcheckError(f"no baseline written, as not every value could be computed: {found.errors[0]}{more}")
    if not found.entries:
        raise MtcheckError("nothing was measured: no case produced a value (check --system and the suites)")
    return found


def _corpus_count(corpus: list[CorpusEntry]) -> str:
    return f" and {len(corpus)} corpus value(s)" if corpus else ""


def baseline_save(args: argparse.Namespace) -> int:
    from mtcheck.regression.baseline import Baseline, save_baseline, writable_target

    writable_target(args.out)  # refuse a folder or a FIFO before the run, not after it
    found = _measured(args)
    save_baseline(Baseline.from_entries(found.entries, _system(args, found.runner), found.corpus), args.out)
    print(f"saved {len(found.entries)} case(s){_corpus_count(found.corpus)} to {args.out}")
    return EXIT_OK


def baseline_update(args: argparse.Namespace) -> int:
    """Refresh a baseline with a run: its cases replaced, other suites' cases kept, stale cases of these suites dropped."""
    from mtcheck.regression.baseline import load_baseline, update_baseline, writable_target

    writable_target(args.baseline)
    load_baseline(args.baseline)  # a missing or malformed baseline is an error before the run, not after it
    found = _measured(args)
    stale = update_baseline(args.baseline, found.entries, _system(args, found.runner), found.known,  # read again: another
                            corpus=found.corpus)  # update may have landed
    print(f"updated {len(found.entries)} case(s){_corpus_count(found.corpus)} in {args.baseline}"
          + (f"; pruned {len(stale)} stale case(s): " + ", ".join(f"{s}::{t}" for s, t in stale) if stale else ""))
    return EXIT_OK


def baseline_check(args: argparse.Namespace) -> int:
    from mtcheck.regression.baseline import Tolerance, load_baseline
    from mtcheck.regression.gate import GateSettings, evaluate
    from mtcheck.safety.safetext import visible
    from mtcheck.text.fit import terminal_width

    baseline = load_baseline(args.baseline)
    settings = GateSettings(args.gate, Tolerance.parse(args.tolerance), _stats(args), args.fail_on_changed)
    found = _measure(args)
    report = evaluate(baseline, found.entries, settings, path=args.baseline, known=found.known, corpus=found.corpus)
    print(json.dumps(report.as_dict(), ensure_ascii=False, indent=2) if args.json else visible("\n".join(report.render(terminal_width()))))
    if report.error:  # nothing in the baseline matches the run: it gated nothing
        return EXIT_USAGE
    return EXIT_FAILED if report.failed else EXIT_OK


def _epsilons(items: list[str]) -> tuple[dict[str, float], float]:
    """``--epsilon 0.5`` (every metric) and ``--epsilon bleu=1`` (one check key) items."""
    from mtcheck.errors import MtcheckError

    per_key: dict[str, float] = {}
    default = 0.0
    for item in items:
        key, sep, value = item.rpartition("=")
        try:
            number = non_negative_number(value)
        except ArgumentTypeError as exc:
            raise MtcheckError(f"bad --epsilon {item!r}: {exc} (write NUMBER or CHECK=NUMBER, e.g. bleu=1)") from None
        if sep:
            per_key[key] = number
        else:
            default = number
    return per_key, default


def _compared_systems(args: argparse.Namespace) -> list[str] | None:
    """The systems of ``--system`` (two or more), or None for the two-system ``--a``/``--b`` comparison."""
    from mtcheck.errors import MtcheckError

    if args.systems and (args.a or args.b):
        raise MtcheckError("compare takes either --a and --b, or --system repeated; not both")
    if args.systems:
        if args.epsilon:
            raise MtcheckError("--epsilon sets the tie width of the --a/--b win table; --system compares means "
                               "(fix: drop --epsilon, or compare two systems with --a and --b)")
        if args.fail_if_worse:
            raise MtcheckError("--fail-if-worse asks whether B is worse than A; --system ranks systems "
                               "(fix: compare two systems with --a and --b, or drop --fail-if-worse)")
        return list(args.systems)
    if not (args.a and args.b):
        raise MtcheckError("compare needs --a and --b, or --system two or more times (e.g. --system recorded:x "
                           "--system recorded:y --system file:z.txt)")
    return None


def compare(args: argparse.Namespace) -> int:
    """Exit 0 once compared; 1 under ``--fail-if-worse`` when B is worse than A."""
    from mtcheck import api
    from mtcheck.safety.safetext import visible
    from mtcheck.text.fit import terminal_width

    systems = _compared_systems(args)
    suites = api.load_suites(args.suites)
    if systems is None:
        from mtcheck.regression.compare import compare_systems

        per_key, default = _epsilons(args.epsilon)
        report: Any = compare_systems(suites, args.a, args.b, options=_run_options(args, None),
                                      epsilons=per_key, default_epsilon=default, settings=_stats(args))
    else:
        from mtcheck.regression.compare_many import compare_many

        report = compare_many(suites, systems, options=_run_options(args, None), settings=_stats(args))
    if args.json:
        print(json.dumps(report.as_dict(), ensure_ascii=False, indent=2))
    else:
        lines = report.render(terminal_width(), gate=True) if args.fail_if_worse else report.render(terminal_width())
        print(visible("\n".join(lines)))
    return EXIT_FAILED if args.fail_if_worse and report.worse else EXIT_OK


def _run_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("suites", nargs="+", help=SUITES_HELP)
    add_options(parser, SUITE_RUN)


def stats_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the paired significance tests, and ``--json``."""
    add_options(parser, STATISTICS)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def _baseline_action(actions: Any, name: str, help: str, system_help: str) -> argparse.ArgumentParser:
    """A ``baseline NAME`` parser with the run arguments and ``--system``."""
    parser = actions.add_parser(name, help=help)
    _run_arguments(parser)
    parser.add_argument("--system", default=None, help=system_help)
    return parser


def add_parser(commands: Any) -> None:
    """Add ``baseline save``, ``baseline check`` and ``compare`` to the ``mtcheck`` subcommands."""
    baseline = commands.add_parser("baseline", help="save a baseline of per-case scores, or check a run against one")
    actions = baseline.add_subparsers(dest="action", required=True)
    saved = "the system whose values to save (default: recorded outputs)"
    save = _baseline_action(actions, "save", "run the suites and write every case's values and signatures", saved)
    save.add_argument("--out", required=True, help="the baseline file to write (atomically)")
    save.set_defaults(func=baseline_save)
    check = _baseline_action(actions, "check", "run the suites and compare with a baseline; exit 1 on a regression",
                             "the system to check (default: recorded outputs)")
    check.add_argument("--baseline", required=True, help="the baseline file")
    add_options(check, BASELINE_GATE)
    stats_arguments(check)
    check.set_defaults(func=baseline_check)
    update = _baseline_action(actions, "update", "refresh a baseline with a run of the suites, dropping their stale cases",
                              saved)
    update.add_argument("--baseline", required=True, help="the baseline file to refresh (atomically)")
    update.set_defaults(func=baseline_update)

    ab = commands.add_parser("compare", help="system A against system B (wins, ties and significance per suite and tag), "
                                             "or any number of systems ranked per metric in significance clusters")
    _run_arguments(ab)
    ab.add_argument("--a", metavar="SYSTEM", help="system A (the reference point)")
    ab.add_argument("--b", metavar="SYSTEM", help="system B (the candidate)")
    ab.add_argument("--system", dest="systems", action="append", default=[], metavar="SYSTEM",
                    help="a system to rank (recorded:NAME or a spec); repeat it for two or more, instead of --a/--b")
    ab.add_argument("--epsilon", action="append", default=[], metavar="[CHECK=]NUMBER",
                    help="tie width: for every metric (0.5) or one check key (bleu=1); default 0")
    ab.add_argument("--fail-if-worse", action="store_true",
                    help="exit 1 when B is worse than A: more of its outputs fail their checks, or a suite or tag "
                         "is significantly worse on a metric (default: say so, exit 0)")
    stats_arguments(ab)
    ab.set_defaults(func=compare)
