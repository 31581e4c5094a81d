"""Score the independent evaluation set: does a clean human translation beat the same translator's flipped one?

Reads bench/data/independent_eval.jsonl (built by bench/independent_eval_set.py from gettext
catalogues), or with ``--fresh-held-out`` bench/data/independent_eval_fresh.jsonl. Per item, the clean and the faulty output are scored against the reference with
each base metric and with ``sam:<metric>`` under each penalty of ``--penalties`` (``default``
means no ``penalty`` param: whatever mtcheck's default is), and, where mtcheck has the
metric, with the reference-free ``source-parity`` (source against output, through the
``mtcheck score --input`` batch contract). BERTScore runs only where mtcheck has an offline
model for the target language, on every item (``--bertscore-sample N``: a seeded sample of N per kind,
for a quicker look; every English item takes about two minutes on two CPU cores).

First, per target language and metric, the false alarms on correct output: every item's clean output
is a correct human translation, so **clean penalised** is the share of items whose clean output SAM
penalises (p > 0) and **mean p** the mean penalty on clean outputs (over items: a message that is the
clean output of several items counts once per item). Then figures per target language, metric and kind:

* **det**: share of items where the clean output scores strictly above the faulty one (a tie is a miss);
* **p_c>0**: false alarms, share of clean outputs penalised (SAM's p > 0; source-parity < 100);
* **p_f>p_c**: share of items whose faulty output is penalised more than the clean one (for a flip,
  the penalty's own catch rate; for a control, a false alarm).

Only the dev part is scored (the ``dev`` and the old ``held-out`` split of independent_eval.jsonl: that
held-out third was looked at eleven times and is dev now) unless ``--fresh-held-out`` is given: the
fresh held-out part, built from other packages, is scored once, at the end of the work it judges.

    python bench/independent_eval.py [--penalties paper,aligned] [--metrics bleu,chrf,bertscore]
                                     [--bertscore-sample N] [--fresh-held-out]
"""
from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mtcheck.errors import MtcheckError
from mtcheck.metrics import get_metric, is_known

DATA = Path(__file__).parent / "data" / "independent_eval.jsonl"
FRESH_DATA = Path(__file__).parent / "data" / "independent_eval_fresh.jsonl"
#: The splits of each part. The old held-out split was looked at eleven times: it is dev now.
PARTS = {"dev": ("dev", "held-out"), "fresh held-out": ("fresh-held-out",)}
KINDS = ("negation", "antonym", "number", "form", "synonym", "neutral")  # subkinds, flips first
CRITICAL = ("negation", "antonym", "number")
SOURCE_PARITY = "source-parity"
NUMBERS_ONLY = "checks=[numbers]"  # what mtcheck's error asks for where a language has no negation lists
Item = dict[str, str]


@dataclass
class Tally:
    """Counts for one row: items, detections, and how often the clean and the faulty output were penalised."""

    n: int = 0
    detected: int = 0
    clean_penalised: int = 0
    faulty_penalised: int = 0
    faulty_more: int = 0
    clean_p: float = 0.0  # the sum of the clean outputs' penalties

    def add(self, clean: float, faulty: float, p_clean: float, p_faulty: float) -> None:
        self.n += 1
        self.clean_p += p_clean
        self.detected += clean > faulty
        self.clean_penalised += p_clean > 0
        self.faulty_penalised += p_faulty > 0
        self.faulty_more += p_faulty > p_clean

    def shares(self) -> tuple[float, float, float]:
        return self.detected / self.n, self.clean_penalised / self.n, self.faulty_more / self.n

    def merge(self, other: Tally) -> None:
        """Add ``other``'s counts to these."""
        self.n += other.n
        self.detected += other.detected
        self.clean_penalised += other.clean_penalised
        self.faulty_penalised += other.faulty_penalised
        self.faulty_more += other.faulty_more
        self.clean_p += other.clean_p


@dataclass
class Rows:
    """``(metric, kind) -> column -> Tally`` for one target language, the same for source-parity per direction,
    and notes on what was skipped."""

    tallies: dict[tuple[str, str], dict[str, Tally]] = field(default_factory=lambda: defaultdict(dict))
    parity: dict[tuple[str, str], dict[str, Tally]] = field(default_factory=lambda: defaultdict(dict))
    notes: list[str] = field(default_factory=list)


def load(path: Path, part: str) -> list[Item]:
    """The items of ``path`` in one part of ``PARTS``."""
    if not path.is_file():
        fresh = " --fresh-held-out" if part == "fresh held-out" else ""
        raise SystemExit(f"{path} is missing: build it with bench/fetch_catalogues.sh{fresh} ROOT and "
                         f"python bench/independent_eval_set.py{fresh} --root ROOT (see bench/data/README.md)")
    wanted = PARTS[part]
    return [item for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
            for item in [json.loads(line)] if item["split"] in wanted]


def read_part(args: argparse.Namespace) -> tuple[list[Item], str, Path]:
    """The items of the part that ``set_arguments``'s options choose, the part's name and its file."""
    part, path = ("fresh held-out", args.fresh_data) if args.fresh_held_out else ("dev", args.data)
    return load(path, part), part, path


def sample(items: Sequence[Item], size: int | None, seed: int = 13) -> list[Item]:
    """At most ``size`` items per kind, chosen with a fixed seed (all when ``size`` is None)."""
    if size is None:
        return list(items)
    by_kind: dict[str, list[Item]] = defaultdict(list)
    for item in items:
        by_kind[item["subkind"]].append(item)
    rng = random.Random(seed)
    return [i for kind in sorted(by_kind) for i in rng.sample(by_kind[kind], min(size, len(by_kind[kind])))]


def _scores(name: str, params: dict[str, str], items: Sequence[Item], lang: str) -> tuple[list, list]:
    metric = get_metric(name, params, target_lang=lang)
    refs = [[item["ref"]] for item in items]
    return (metric.score_batch([item["clean"] for item in items], refs),
            metric.score_batch([item["faulty"] for item in items], refs))


def score_metric(rows: Rows, name: str, penalties: Sequence[str], items: Sequence[Item], lang: str) -> None:
    """Add the base metric's and each ``sam:`` penalty's tallies for ``items`` (all of target ``lang``)."""
    try:
        clean, faulty = _scores(name, {}, items, lang)
    except MtcheckError as exc:
        rows.notes.append(f"{name}: not scored ({str(exc).splitlines()[0]})")
        return
    for item, c, f in zip(items, clean, faulty):
        rows.tallies[(name, item["subkind"])].setdefault("base", Tally()).add(c.value, f.value, 0, 0)
    for penalty in penalties:
        params = {} if penalty == "default" else {"penalty": penalty}
        try:
            clean, faulty = _scores(f"sam:{name}", params, items, lang)
        except MtcheckError as exc:
            rows.notes.append(f"sam:{name} penalty {penalty}: not scored ({str(exc).splitlines()[0]})")
            continue
        for item, c, f in zip(items, clean, faulty):
            rows.tallies[(name, item["subkind"])].setdefault(penalty, Tally()).add(
                c.value, f.value, c.details["p"], f.details["p"])


def _mtcheck() -> list[str]:
    """The ``mtcheck`` command of this interpreter's environment."""
    beside = Path(sys.executable).parent / "mtcheck"
    found = str(beside) if beside.exists() else shutil.which("mtcheck")
    if found is None:
        raise SystemExit("the mtcheck command is not installed in this environment (fix: pip install -e .)")
    return [found]


def source_parity(items: Sequence[Item], src_lang: str, tgt_lang: str,
                  params: Sequence[str] = ()) -> tuple[list[float] | None, str]:
    """source-parity of each item's clean then faulty output against its source, through ``mtcheck score
    --input`` (with ``--param`` for each of ``params``); None and the reason where mtcheck cannot score this
    direction."""
    lines = [{"src": item["src"], "hyp": item[side]} for side in ("clean", "faulty") for item in items]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "pairs.jsonl"
        path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
        done = subprocess.run([*_mtcheck(), "score", "--metric", SOURCE_PARITY, "--src-lang", src_lang,
                               "--lang", tgt_lang, "--input", str(path),
                               *(arg for param in params for arg in ("--param", param)), "--json"], capture_output=True, text=True)
    if done.returncode != 0:
        return None, (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
    return [json.loads(line)["score"] for line in done.stdout.splitlines() if line.strip()], ""


def score_source_parity(rows: Rows, items: Sequence[Item]) -> None:
    """Add source-parity tallies per direction (clean < 100 is a false alarm), or a note where mtcheck has none.

    Where mtcheck has no negation lists for a language it asks for ``checks=[numbers]``: that direction is
    scored on numbers only, labelled so, and its negation and antonym items are left out (not checked)."""
    if not is_known(SOURCE_PARITY):
        rows.notes.append(f"{SOURCE_PARITY}: not scored (this mtcheck has no metric of that name)")
        return
    by_direction: dict[tuple[str, str], list[Item]] = defaultdict(list)
    for item in items:
        by_direction[(item["src_lang"], item["tgt_lang"])].append(item)
    for (src, tgt), group in sorted(by_direction.items()):
        direction = f"{src}->{tgt}"
        values, reason = source_parity(group, src, tgt)
        if values is None and NUMBERS_ONLY in reason:
            group = [item for item in group if item["subkind"] not in ("negation", "antonym")]
            values, reason = source_parity(group, src, tgt, [NUMBERS_ONLY])
            direction += " (numbers only)"
        if values is None:
            rows.notes.append(f"{SOURCE_PARITY} {direction}: not scored ({reason})")
            continue
        for item, c, f in zip(group, values[:len(group)], values[len(group):]):
            rows.parity[(direction, item["subkind"])].setdefault("base", Tally()).add(c, f, 100 - c, 100 - f)


def _ordered(tallies: dict[tuple[str, str], dict[str, Tally]]) -> list[tuple[str, str, dict[str, Tally]]]:
    """``(name, kind, columns)`` by name, then kind in the order of ``KINDS``."""
    order = {kind: i for i, kind in enumerate(KINDS)}
    ranked = sorted(tallies.items(), key=lambda kv: (kv[0][0], order[kv[0][1]]))
    return [(name, kind, columns) for (name, kind), columns in ranked]


def _kind(kind: str) -> str:
    return kind if kind in CRITICAL else f"control: {kind}"


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def metric_table(rows: Rows, penalties: Sequence[str]) -> list[str]:
    """Markdown: metric, kind, n, the base metric's det, then per penalty det, p_c>0 and p_f>p_c."""
    figures = ("det", "p_c>0", "p_f>p_c")
    head = ["metric", "kind", "n", "base det", *(f"{p} {col}" for p in penalties for col in figures)]
    out = [_row(head), "|" + "---|" * len(head)]
    for metric, kind, columns in _ordered(rows.tallies):
        cells = [metric, _kind(kind), str(columns["base"].n), f"{columns['base'].shares()[0]:.3f}"]
        for penalty in penalties:
            cells += [f"{x:.3f}" for x in columns[penalty].shares()] if penalty in columns else ["–"] * 3
        out.append(_row(cells))
    return out


def false_alarm_table(rows: Rows, penalties: Sequence[str]) -> list[str]:
    """Markdown: metric, clean outputs, then per penalty the share of them penalised (p > 0) and their mean p."""
    head = ["metric", "clean outputs", *(f"{p} {col}" for p in penalties for col in ("clean penalised", "mean p"))]
    out = [_row(head), "|" + "---|" * len(head)]
    for metric in sorted({name for name, _kind in rows.tallies}):
        totals: dict[str, Tally] = defaultdict(Tally)
        for (name, _kind), columns in rows.tallies.items():
            for column, tally in columns.items():
                if name == metric:
                    totals[column].merge(tally)
        cells = [metric, str(totals["base"].n)]
        for penalty in penalties:
            tally = totals.get(penalty)
            shares = (tally.clean_penalised / tally.n, tally.clean_p / tally.n) if tally else None
            cells += [f"{x:.3f}" for x in shares] if shares else ["–"] * 2
        out.append(_row(cells))
    return out


def parity_table(rows: Rows) -> list[str]:
    """Markdown: direction, kind, n, det, clean < 100 (false alarms), faulty < 100."""
    out = [_row(["direction", "kind", "n", "det", "clean < 100", "faulty < 100"]), "|---|---|---|---|---|---|"]
    for direction, kind, columns in _ordered(rows.parity):
        tally = columns["base"]
        shares = (tally.detected, tally.clean_penalised, tally.faulty_penalised)
        out.append(_row([direction, _kind(kind), str(tally.n), *(f"{x / tally.n:.3f}" for x in shares)]))
    return out


def set_arguments(parser: argparse.ArgumentParser, *, penalties: str) -> argparse.ArgumentParser:
    """The options of a run over the set: ``--data``, ``--fresh-data``, ``--fresh-held-out``, ``--penalties`` and
    ``--metrics``."""
    parser.add_argument("--data", type=Path, default=DATA, help="the set whose dev part is scored")
    parser.add_argument("--fresh-data", type=Path, default=FRESH_DATA, help="the fresh held-out part")
    parser.add_argument("--fresh-held-out", action="store_true",
                        help="score the fresh held-out part instead of dev (once, at the end of the work it judges)")
    parser.add_argument("--penalties", default=penalties, help="comma-separated; 'default' = mtcheck's default")
    parser.add_argument("--metrics", default="bleu,chrf,bertscore")
    return parser


def main() -> None:
    parser = set_arguments(argparse.ArgumentParser(description=__doc__.splitlines()[0]), penalties="paper,aligned")
    parser.add_argument("--bertscore-sample", type=int, default=None,
                        help="items per kind and target for bertscore (default: all)")
    parser.add_argument("--sample", type=int, default=None,
                        help="items per kind and target for every metric (default: all); say so with the figures")
    parser.add_argument("--no-source-parity", action="store_true")
    parser.add_argument("--min-ref-words", type=int, default=0,
                        help="only items whose reference has at least this many words (sentences, not short labels)")
    args = parser.parse_args()
    penalties = args.penalties.split(",")
    part_items, part, path = read_part(args)
    items = [item for item in part_items if len(item["ref"].split()) >= args.min_ref_words]
    by_target: dict[str, list[Item]] = defaultdict(list)
    for item in items:
        by_target[item["tgt_lang"]].append(item)
    longer = f" with references of {args.min_ref_words}+ words" if args.min_ref_words else ""
    sampled = f", a seeded sample of at most {args.sample} per kind and target" if args.sample else ""
    print(f"{len(items)} items of the {part} part of {path.name}{longer}{sampled}; penalties {', '.join(penalties)}")
    overall, scored = Rows(), 0
    for target in sorted(by_target, key=lambda t: (t != "en", t)):
        group = sample(by_target[target], args.sample)
        scored += len(group)
        sources = sorted({item["src_lang"] for item in group})
        rows = Rows()
        for name in args.metrics.split(","):
            chosen = sample(group, args.bertscore_sample) if name == "bertscore" else group
            score_metric(rows, name, penalties, chosen, target)
        if not args.no_source_parity:
            score_source_parity(rows, group)
        print(f"\n### target {target} (sources {', '.join(sources)}), {part} part, {len(group)} items\n")
        print("False alarms on correct output (every clean output is a correct translation):\n")
        print("\n".join(false_alarm_table(rows, penalties)))
        print("\nDetection and false alarms per kind:\n")
        print("\n".join(metric_table(rows, penalties)))
        if rows.parity:
            print(f"\n{SOURCE_PARITY} (source against output, no reference):\n")
            print("\n".join(parity_table(rows)))
        for note in rows.notes:
            print(f"\n* {note}")
        for key, columns in rows.tallies.items():
            for column, tally in columns.items():
                overall.tallies[key].setdefault(column, Tally()).merge(tally)
    print(f"\n### all targets, {part} part, {scored} items\n")
    print("\n".join(false_alarm_table(overall, penalties)))


if __name__ == "__main__":
    main()
