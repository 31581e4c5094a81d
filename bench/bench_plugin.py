"""Bench: 5,000 generated cases with BLEU and chrF checks, through the mtcheck plugin and
through a hand-written ``pytest.mark.parametrize`` test that calls sacrebleu directly.

Both run as fresh ``pytest`` processes in one go, alternately, best of ``--repeat``;
the printed ratio is mtcheck / hand-written (target: <= 1.2).

    python bench/bench_plugin.py [--cases 5000] [--repeat 2]
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

WORDS = ("the novel is great its only flaw last part i love walking in rain not never happy sad "
         "story movie terrible awesome my study skills are god would forgive him country").split()
BLEU_MIN, CHRF_MIN = 1.0, 5.0

HAND_WRITTEN = '''
import json, pathlib
import pytest
import sacrebleu

PAIRS = json.loads(pathlib.Path(__file__).with_name("pairs.json").read_text(encoding="utf-8"))

@pytest.mark.parametrize("case_id,hyp,ref", PAIRS, ids=[p[0] for p in PAIRS])
def test_case(case_id, hyp, ref):
    assert sacrebleu.sentence_bleu(hyp, [ref]).score >= {bleu}
    assert sacrebleu.sentence_chrf(hyp, [ref]).score >= {chrf}
'''


def sentence(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 18)))


def corrupt(text: str, rng: random.Random) -> str:
    words = text.split()
    words[rng.randrange(len(words))] = rng.choice(WORDS)
    return " ".join(words)


def make_data(folder: Path, n: int) -> None:
    rng = random.Random(1234)
    pairs = []
    for i in range(n):
        ref = sentence(rng)
        pairs.append((f"case-{i:05d}", corrupt(ref, rng), ref))
    suite = {
        "name": "bench", "source_lang": "xx", "target_lang": "en",
        "defaults": {"checks": [{"metric": "bleu", "min": BLEU_MIN}, {"metric": "chrf", "min": CHRF_MIN}]},
        "cases": [{"id": cid, "src": "-", "ref": ref, "hyp": hyp, "tags": ["bench"]} for cid, hyp, ref in pairs],
    }
    mt = folder / "mt"
    hand = folder / "hand"
    mt.mkdir()
    hand.mkdir()
    (mt / "bench.mt.yaml").write_text(yaml.safe_dump(suite, allow_unicode=True, sort_keys=False), encoding="utf-8")
    (hand / "pairs.json").write_text(json.dumps(pairs), encoding="utf-8")
    (hand / "test_hand.py").write_text(HAND_WRITTEN.format(bleu=BLEU_MIN, chrf=CHRF_MIN), encoding="utf-8")


def run_pytest(folder: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(folder)],
                          cwd=folder, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"pytest failed in {folder}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        make_data(folder, args.cases)
        mt_times, hand_times = [], []
        for _ in range(args.repeat):
            hand_times.append(run_pytest(folder / "hand"))
            mt_times.append(run_pytest(folder / "mt"))
    mt, hand = min(mt_times), min(hand_times)
    print(f"cases: {args.cases}, best of {args.repeat}")
    print(f"hand-written parametrize + sacrebleu: {hand:.2f} s")
    print(f"mtcheck plugin:                       {mt:.2f} s")
    print(f"ratio mtcheck / hand-written:         {mt / hand:.2f} (target <= 1.2)")


if __name__ == "__main__":
    main()
