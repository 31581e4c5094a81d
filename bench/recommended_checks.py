"""Measure the recommended checks' thresholds on the bundled translation suites' recorded outputs.

For each check of ``mtcheck/suite/recommended.yaml`` and a few thresholds around its own: how many correct outputs
fail it and how many faulty ones (``expect: fail``) it catches, over all suites and over the English-target one.
chrF, a floor, is also measured on made-up errors it exists for: each correct output scored against the next case's
reference (unrelated output) and its first half alone (half the sentence missing). Last, the checks together against
the README's former pair (``chrf >= 40``, ``sam:not-copy >= 0.7``).

    python bench/recommended_checks.py [SUITE ...]   (default: suites/sentiment-*.mt.yaml)
"""
from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from mtcheck import api
from mtcheck.suite.recommended import recommended_checks

ROOT = Path(__file__).resolve().parents[1]
#: The checks the README's first suite had before the recommended ones.
FORMER = ({"metric": "chrf", "min": 40}, {"metric": "sam:not-copy", "min": 0.7})
#: The thresholds compared with each check's own.
AROUND = {"chrf": (15, 20, 25, 30, 40, 50), "sam:not-copy": (0.55, 0.6, 0.65, 0.7, 0.75, 0.8), "source-parity": (50, 100)}


@dataclass(frozen=True)
class Scored:
    """One recorded output's value on one metric."""

    english: bool
    faulty: bool
    value: float


def score_outputs(paths: Sequence[Path], check: dict) -> tuple[list[Scored], list[float], list[float]]:
    """The check's values of every recorded output, and (for the chrF floor) of unrelated and half outputs."""
    scored, unrelated, half = [], [], []
    for suite in api.load_suites([str(p) for p in paths]):
        cases = [c for c in suite.cases if c.refs]
        for i, case in enumerate(cases):
            def value(text: str, refs: Sequence[str]) -> float:
                return api.score(text, list(refs), metric=check["metric"], src=case.src, lang=suite.target_lang,
                                 src_lang=suite.source_lang, **check.get("params", {})).value
            for out in case.hyps:
                scored.append(Scored(suite.target_lang == "en", out.expect_fail, value(out.text, case.refs)))
                if check["metric"] == "chrf" and not out.expect_fail:
                    words = out.text.split()
                    unrelated.append(value(out.text, cases[(i + 1) % len(cases)].refs))
                    half.append(value(" ".join(words[: max(1, len(words) // 2)]), case.refs))
    return scored, unrelated, half


def _share(hits: int, total: int) -> str:
    return f"{hits}/{total}"


def table(check: dict, scored: list[Scored], unrelated: list[float], half: list[float]) -> list[str]:
    """One row per threshold: correct outputs failed and faulty ones caught (all suites, English), chrF's extras."""
    lines = [f"{check['metric']} (recommended min {check['min']})",
             f"{'min':>6}  {'correct failed':>14}  {'faulty caught':>13}  {'en correct failed':>17}  "
             f"{'en faulty caught':>16}" + ("  unrelated     half" if unrelated else "")]
    for low in sorted({*AROUND[check["metric"]], check["min"]}):
        def count(rows: list[Scored]) -> str:
            return _share(sum(r.value < low for r in rows), len(rows))
        correct = [r for r in scored if not r.faulty]
        faulty = [r for r in scored if r.faulty]
        row = (f"{low:>6}  {count(correct):>14}  {count(faulty):>13}  {count([r for r in correct if r.english]):>17}  "
               f"{count([r for r in faulty if r.english]):>16}")
        if unrelated:
            row += (f"  {_share(sum(v < low for v in unrelated), len(unrelated)):>9}  "
                    f"{_share(sum(v < low for v in half), len(half)):>7}")
        lines.append(row)
    return lines


def together(name: str, checks: Sequence[dict], paths: Sequence[Path]) -> str:
    """One line: the correct outputs some check fails and the faulty ones some check catches."""
    scored = [score_outputs(paths, check)[0] for check in checks]
    failed = [(row[0].english, row[0].faulty, any(s.value < c["min"] for s, c in zip(row, checks)))
              for row in zip(*scored)]
    def count(faulty: bool, english: bool = False) -> str:
        rows = [f for e, fa, f in failed if fa == faulty and (e or not english)]
        return _share(sum(rows), len(rows))
    return (f"{name}: correct failed {count(False)} (en {count(False, True)}), "
            f"faulty caught {count(True)} (en {count(True, True)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suites", nargs="*", type=Path, default=sorted((ROOT / "suites").glob("sentiment-*.mt.yaml")))
    args = parser.parse_args()
    for check in recommended_checks():
        print("\n".join(table(check, *score_outputs(args.suites, check))), end="\n\n")
    print(together("recommended", recommended_checks(), args.suites))
    print(together("former", FORMER, args.suites))


if __name__ == "__main__":
    main()
