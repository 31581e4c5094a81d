"""Bench: mtcheck's COMET scoring against unbabel-comet's own batched ``model.predict`` on the same pairs (not a test).

unbabel-comet cannot install beside mtcheck (it pins transformers<5 and numpy<2),
so its side runs in a virtual environment of its own (``--comet-python``; see
tests/data/comet_golden.py for how to make it). Both score one random-weight
COMET regression model (``--metric xcomet``: an xCOMET model, and the spans are
compared too) built offline by tests/comet_checkpoint.py, of a middling
size (``--hidden``, ``--layers``) so the encoder's work, not the tiny test
model's overhead, is timed. Each side loads the model, warms up on a few pairs,
then scores all ``--pairs`` pairs at ``--batch-size``, fastest of ``--repeat``.
The ratio mtcheck / unbabel-comet has a target of <= 1.2 on the CPU; the largest
score difference is printed too.

    python bench/bench_comet.py [--metric comet|xcomet] [--pairs 300] [--repeat 3] [--comet-python /work/comet-venv/bin/python]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import comet_checkpoint  # noqa: E402  (tests/: the checkpoint builder the tests use)
from _common import make_pairs, scratch  # noqa: E402  (bench/ is the script's folder)

from mtcheck.metrics import get_metric  # noqa: E402

#: Runs in unbabel-comet's environment: argv = checkpoint, samples file, batch size, repeat; prints JSON.
REFERENCE_SIDE = """
import json, sys, time, warnings, logging
warnings.simplefilter("ignore"); logging.disable(logging.WARNING)
from comet import load_from_checkpoint
checkpoint, samples_file, batch_size, repeat = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
samples = json.load(open(samples_file, encoding="utf-8"))
model = load_from_checkpoint(checkpoint)
model.predict(samples[:batch_size], batch_size=batch_size, gpus=0, progress_bar=False)
best, prediction = float("inf"), None
for _ in range(repeat):
    start = time.perf_counter()
    prediction = model.predict(samples, batch_size=batch_size, gpus=0, progress_bar=False)
    best = min(best, time.perf_counter() - start)
spans = prediction.get("metadata", {}).get("error_spans")
print(json.dumps({"seconds": best, "scores": prediction.scores, "spans": spans}))
"""


def reference_side(python: str, checkpoint: Path, samples_file: Path, batch_size: int, repeat: int) -> dict:
    result = subprocess.run([python, "-c", REFERENCE_SIDE, str(checkpoint), str(samples_file), str(batch_size),
                             str(repeat)], capture_output=True, encoding="utf-8", check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


def mtcheck_side(name: str, folder: Path, samples: list[dict], batch_size: int, repeat: int) -> tuple[float, list]:
    """The fastest of ``repeat`` batched calls, and the last call's scores."""
    metric = get_metric(name, {"model": str(folder), "batch_size": batch_size, "device": "cpu"})
    metric.score_batch([s["mt"] for s in samples[:batch_size]], [s["ref"] for s in samples[:batch_size]],
                       [s["src"] for s in samples[:batch_size]])
    best, scores = float("inf"), []
    for _ in range(repeat):
        start = time.perf_counter()
        scores = metric.score_batch([s["mt"] for s in samples], [s["ref"] for s in samples],
                                    [s["src"] for s in samples])
        best = min(best, time.perf_counter() - start)
    return best, scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--metric", choices=("comet", "xcomet"), default="comet")
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--layers", type=int, default=4)
    parser.add_argument("--comet-python", default="/work/comet-venv/bin/python")
    args = parser.parse_args()
    comet_checkpoint.HIDDEN, comet_checkpoint.LAYERS = args.hidden, args.layers
    comet_checkpoint.HEADS, comet_checkpoint.INTERMEDIATE, comet_checkpoint.MAX_POSITIONS = 4, 4 * args.hidden, 130
    hyps, refs = make_pairs(args.pairs)
    samples = [{"src": " ".join(reversed(ref.split())), "mt": hyp, "ref": ref} for hyp, ref in zip(hyps, refs)]
    with scratch() as root:
        kind = "xcomet_metric" if args.metric == "xcomet" else "regression_metric"
        folder = comet_checkpoint.build_checkpoint(root / "model", kind)
        samples_file = root / "samples.json"
        samples_file.write_text(json.dumps(samples), encoding="utf-8")
        reference = reference_side(args.comet_python, folder / "checkpoints" / "model.ckpt", samples_file,
                                   args.batch_size, args.repeat)
        seconds, scores = mtcheck_side(args.metric, folder, samples, args.batch_size, args.repeat)
    difference = max(abs(a.value - b) for a, b in zip(scores, reference["scores"]))
    print(f"{args.metric}: {args.pairs} pairs, hidden {args.hidden}, {args.layers} layers, batch {args.batch_size}, "
          f"best of {args.repeat}")
    print(f"unbabel-comet model.predict: {reference['seconds']:.2f} s")
    print(f"mtcheck {args.metric} score_batch: {seconds:.2f} s")
    print(f"ratio: {seconds / reference['seconds']:.2f}x (target <= 1.2)")
    print(f"largest score difference: {difference:.2e}")
    if reference["spans"] is not None:
        same = sum([{k: v for k, v in span.items() if k != "confidence"} for span in ours.details["error_spans"]]
                   == [{k: v for k, v in span.items() if k != "confidence"} for span in theirs]
                   for ours, theirs in zip(scores, reference["spans"]))
        print(f"identical error spans: {same} of {len(scores)} pairs")


if __name__ == "__main__":
    main()
