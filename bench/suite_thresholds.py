"""Re-derive a suite's SAM thresholds from its recorded outputs by the midpoint rule, under the default penalty.

The suites have no ratings to calibrate on, so each SAM threshold is the midpoint between the lowest correct output
(expected to pass) and the highest faulty one (expect: fail) below it: the strictest cut that passes every correct
output. This runs the suite with ``params: {penalty: paper}`` taken off its suite-level SAM checks (a copy in a
temporary folder; the suite is not changed) and prints, per SAM check, that midpoint, the outputs that set it and the
faulty outputs it catches, and for each faulty output its aligned p and the pair that sets it (what a blind_spot
reason quotes).

    python bench/suite_thresholds.py suites/sentiment-sv.mt.yaml [--json]
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from mtcheck.metrics.sam import _format_aligned_word, _format_how

#: A suite-level SAM check that keeps the paper's penalty, as the bundled suites write it.
PAPER = re.compile(r'(\{metric: "sam:[a-z-]+", min: [0-9.]+), params: \{penalty: paper\}\}')
#: The outcomes of outputs expected to pass (correct) and of faulty ones.
CORRECT = ("passed", "failed")


def run_default(path: Path) -> dict[str, Any]:
    """The JSON report of ``path`` run with its suite-level SAM checks on the default penalty."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / path.name
        copy.write_text(PAPER.sub(r"\1}", path.read_text(encoding="utf-8")), encoding="utf-8")
        done = subprocess.run([sys.executable, "-c", "from mtcheck.commands.main import entry; entry()", "run",
                               str(copy), "--no-cache", "--json"],
                              capture_output=True, text=True, check=False)
    return json.loads(done.stdout)


def midpoint(values: list[tuple[float, bool]]) -> tuple[float, float, float | None]:
    """(threshold, lowest correct, highest faulty below it) of ``values`` ((value, correct) pairs)."""
    low = min(v for v, correct in values if correct)
    below = [v for v, correct in values if not correct and v < low]
    high = max(below) if below else None
    return (low if high is None else (low + high) / 2), low, high


def worst_pair(details: dict[str, Any]) -> tuple[float, str]:
    """The aligned p of a SAM check's ``details`` and the pair that sets it, as explanations write it."""
    if details.get("worst") is None:
        return details["p"], "none"
    pair = details["pairs"][details["worst"]]
    return details["p"], (f"{_format_aligned_word(pair['ref'])} → {_format_aligned_word(pair['hyp'])} "
                          f"[{_format_how(pair, details['relations'])}] change {pair['change']:.3f}")


def derive(path: Path) -> dict[str, Any]:
    """Per SAM check: the threshold, the outputs that set it and the faulty outputs it catches; per faulty output:
    its values, aligned p and worst pair."""
    report = run_default(path)
    cases = [c for c in report["cases"] if c.get("hyp") is not None]
    checks: dict[str, list[tuple[float, bool, str]]] = {}
    for case in cases:
        for check in case["checks"]:
            if check["metric"].startswith("sam:") and "penalty=" not in check["metric"] and check["value"] is not None:
                checks.setdefault(check["metric"], []).append(
                    (check["value"], case["outcome"] in CORRECT, f"{case['case']} {case['system']}"))
    found: dict[str, Any] = {"checks": {}, "faulty": []}
    for name, rows in checks.items():
        threshold, low, high = midpoint([(v, correct) for v, correct, _ in rows])
        found["checks"][name] = {
            "midpoint": threshold, "lowest_correct": low,
            "lowest_correct_output": next(o for v, c, o in rows if c and v == low),
            "highest_faulty_below": high,
            "highest_faulty_output": next((o for v, c, o in rows if not c and v == high), None),
            "catches": sorted(o for v, c, o in rows if not c and v < threshold)}
    for case in cases:
        if case["outcome"] not in CORRECT:
            sam = next(c for c in case["checks"] if c["metric"] == "sam:not-copy")
            p, pair = worst_pair(sam["details"])
            found["faulty"].append({"output": f"{case['case']} {case['system']}", "p": p, "pair": pair,
                                    "values": {k: v for k, v in case["values"].items() if v is not None}})
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("suites", nargs="+", type=Path)
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    for path in args.suites:
        found = derive(path)
        if args.json:
            print(json.dumps({str(path): found}, ensure_ascii=False, indent=1))
            continue
        print(f"== {path}")
        for name, check in found["checks"].items():
            print(f"{name} >= {check['midpoint']:.4g}: lowest correct {check['lowest_correct']:.4g} "
                  f"({check['lowest_correct_output']}), highest faulty below it {check['highest_faulty_below']} "
                  f"({check['highest_faulty_output']}); catches {len(check['catches'])}: {', '.join(check['catches'])}")
        for row in found["faulty"]:
            print(f"  {row['output']}: p = {row['p']:.4g}, {row['pair']}")


if __name__ == "__main__":
    main()
