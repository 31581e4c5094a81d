"""Bench: what ``mtcheck run`` costs beyond the work it does. Generated lexical suites (BLEU and chrF checks on
recorded hypotheses) of 5,000, 20,000 and 100,000 cases go through ``mtcheck run SUITE --no-cache`` and through a
plain Python loop that reads the same pairs from a tab-separated file (the cheapest reading, so the strictest
yardstick), computes the same sentence scores with sacrebleu and compares them with the same thresholds, and
through the same loop reading its cases from the suite file itself with PyYAML's C loader (what a user's own
script over the suite would do: the work of reading the suite counted on both sides), each a fresh process, in
turn (run, loop, suite loop, run, ...) so that the machine's drift falls on all alike.
All run from compiled bytecode, as an installed package does (pip compiles it at install): the children write
and read it in a folder of the bench's own, after one untimed run of each, whatever ``PYTHONDONTWRITEBYTECODE``
says (a development machine that sets it compiles mtcheck's ~200 modules again in every process, ~0.08 s).
Prints the median CPU time (user + system: other jobs on a shared machine stretch the wall clock, not it) and
peak resident memory of each, and the ratios run / loop
(targets: time within 1.2x at every size, memory within 2x at 100,000 cases), against each loop.

    python bench/bench_run_cost.py [--cases 5000 20000 100000] [--repeat 3]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
from pathlib import Path

from _common import WORDS, corrupt, print_aligned, scratch, word_salad

BLEU_MIN, CHRF_MIN = 5, 30
TIME_TARGET, MEMORY_TARGET = 1.2, 2.0

def loop_script(reading: str, imports: str = "") -> str:
    """The loop a user would write without mtcheck: read each pair, score it, count the failures; ``reading`` is
    the expression that yields the pairs from ``file``, ``imports`` the lines it needs."""
    return f"""
import sys{imports}
from sacrebleu.metrics import BLEU, CHRF

bleu, chrf = BLEU(effective_order=True), CHRF()
cases = failed = 0
with open(sys.argv[1], encoding="utf-8") as file:
    for hyp, ref in {reading}:
        cases += 1
        failed += bleu.sentence_score(hyp, [ref]).score < {BLEU_MIN} or chrf.sentence_score(hyp, [ref]).score < {CHRF_MIN}
print(f"{{cases}} cases, {{failed}} failed")
"""


#: The pairs from a tab-separated file.
PLAIN_LOOP = loop_script('(line.rstrip("\\n").split("\\t") for line in file)')
#: The pairs from the suite file itself, read whole by PyYAML's C loader.
SUITE_LOOP = loop_script('((case["hyp"], case["ref"]) for case in yaml.load(file, Loader=yaml.CSafeLoader)["cases"])',
                         imports="\nimport yaml")


def write_suite(path: Path, pairs: Path, count: int) -> None:
    """``count`` cases with a reference and a recorded hypothesis one or two words away from it;
    the same pairs, hypothesis tab reference, in ``pairs``."""
    rng = random.Random(7)
    rows = []
    lines = ["name: cost", "source_lang: xx", "target_lang: en", "defaults:",
             f"  checks: [{{metric: bleu, min: {BLEU_MIN}}}, {{metric: chrf, min: {CHRF_MIN}}}]", "cases:"]
    for index in range(count):
        ref = word_salad(rng)
        hyp = corrupt(ref, rng, edits=rng.randint(1, 2))
        lines.append(f"  - {{id: c{index}, src: s{index}, ref: '{ref}', hyp: '{hyp}', tags: [t{index % 7}]}}")
        rows.append(f"{hyp}\t{ref}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    pairs.write_text("\n".join(rows) + "\n", encoding="utf-8")


def bytecode_env(folder: Path) -> dict[str, str]:
    """The environment of the children: bytecode written and read under ``folder``."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": str(folder / "pycache")}


def measure(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, peak RSS in MiB) of one child process; stops the bench if it ends by a signal or with status 2."""
    child = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    error = child.stderr.read().decode(errors="replace") if child.stderr else ""
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):  # 1: some cases fail their thresholds, as the suite means them to
        raise SystemExit(f"{' '.join(argv)} exited {code}:\n{error[-3000:]}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _ratio_row(figures: dict[str, list[tuple[float, float]]], loop: str) -> tuple[str, str]:
    """The median ratio of paired CPU times, and the ratio of median peaks, of ``mtcheck run`` against ``loop``."""
    ratios = [run[0] / other[0] for run, other in zip(figures["mtcheck run"], figures[loop])]
    peak = statistics.median(m for _, m in figures["mtcheck run"]) / statistics.median(m for _, m in figures[loop])
    return (f"run / {loop}:", f"time {statistics.median(ratios):.2f}x (target {TIME_TARGET}x), "
                              f"memory {peak:.2f}x (target {MEMORY_TARGET}x at 100,000)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, nargs="+", default=[5_000, 20_000, 100_000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with scratch() as folder:
        (folder / "loop.py").write_text(PLAIN_LOOP, encoding="utf-8")
        (folder / "suite_loop.py").write_text(SUITE_LOOP, encoding="utf-8")
        env = bytecode_env(folder)
        compiled = False
        for count in args.cases:
            suite = folder / f"cost{count}.mt.yaml"
            write_suite(suite, folder / f"cost{count}.tsv", count)
            sides = {"mtcheck run": [sys.executable, "-m", "mtcheck.commands.main", "run", suite.name, "--no-cache"],
                     "plain loop": [sys.executable, "loop.py", f"cost{count}.tsv"],
                     "suite loop": [sys.executable, "suite_loop.py", suite.name]}
            figures: dict[str, list[tuple[float, float]]] = {name: [] for name in sides}
            if not compiled:  # one untimed run of each writes its bytecode
                for argv in sides.values():
                    measure(argv, folder, env)
                compiled = True
            for _ in range(args.repeat):
                for name, argv in sides.items():
                    figures[name].append(measure(argv, folder, env))
            cpu = {name: statistics.median(c for c, _ in runs) for name, runs in figures.items()}
            peak = {name: statistics.median(m for _, m in runs) for name, runs in figures.items()}
            print(f"{count:,} cases, median of {args.repeat} paired runs:")
            print_aligned([*((f"{name}:", f"{cpu[name]:7.2f} s CPU  peak {peak[name]:6.0f} MiB") for name in sides),
                           *(_ratio_row(figures, loop) for loop in ("plain loop", "suite loop"))], indent="  ")


if __name__ == "__main__":
    main()
