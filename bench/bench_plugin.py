"""Bench: 5,000 generated cases with BLEU and chrF checks, through the mtcheck plugin and
through a hand-written ``pytest.mark.parametrize`` test that calls sacrebleu directly.

Both run as fresh ``pytest`` processes in one go, alternately, best of ``--repeat``;
the printed ratio is mtcheck / hand-written (target: <= 1.2).

    python bench/bench_plugin.py [--cases 5000] [--repeat 2]
"""
from __future__ import annotations

import json
import random

from _common import bench_parser, bench_suite, corrupt, lexical_checks, plugin_vs_hand, word_salad

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


def make_data(n: int) -> tuple[dict, list[tuple[str, str, str]]]:
    """The suite and the hand-written test's (id, hyp, ref) rows: one edited word a case."""
    rng = random.Random(1234)
    pairs = []
    for i in range(n):
        ref = word_salad(rng)
        pairs.append((f"case-{i:05d}", corrupt(ref, rng), ref))
    cases = [{"id": cid, "src": "-", "ref": ref, "hyp": hyp, "tags": ["bench"]} for cid, hyp, ref in pairs]
    return bench_suite(cases, lexical_checks(BLEU_MIN, CHRF_MIN)), pairs


def main() -> None:
    args = bench_parser(__doc__, cases=5000, repeat=2).parse_args()
    suite, pairs = make_data(args.cases)
    hand_files = {"pairs.json": json.dumps(pairs), "test_hand.py": HAND_WRITTEN.format(bleu=BLEU_MIN, chrf=CHRF_MIN)}
    plugin_vs_hand(args.repeat, suite, hand_files, f"cases: {args.cases}, best of {args.repeat}",
                   "hand-written parametrize + sacrebleu:", "<= 1.2")


if __name__ == "__main__":
    main()
