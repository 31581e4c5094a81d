"""Bench: caught known-faulty outputs must cost what passes cost.

500 generated cases, each with one correct output and one ``expect: fail`` output
that the chrF and BLEU checks catch (1,000 tests: 500 passed, 500 caught), through
the mtcheck plugin and through a hand-written ``pytest.mark.parametrize`` test that
calls sacrebleu directly and ``pytest.xfail()`` for each caught output.

Both run as fresh ``pytest`` processes in one go, alternately, best of ``--repeat``;
the printed ratio is mtcheck / hand-written (target: <= 1.3).

    python bench/bench_xfail.py [--cases 500] [--repeat 3]
"""
from __future__ import annotations

import json
import random

from _common import bench_parser, bench_suite, lexical_checks, plugin_vs_hand, word_salad

FAULTY = "zzz qqq xxx"  # shares no character n-gram with any reference: every check catches it
BLEU_MIN, CHRF_MIN = 10.0, 30.0

HAND_WRITTEN = '''
import json, pathlib
import pytest
import sacrebleu

ROWS = json.loads(pathlib.Path(__file__).with_name("rows.json").read_text(encoding="utf-8"))

@pytest.mark.parametrize("test_id,hyp,ref,faulty", ROWS, ids=[r[0] for r in ROWS])
def test_case(test_id, hyp, ref, faulty):
    caught = (sacrebleu.sentence_bleu(hyp, [ref]).score < {bleu}) + (sacrebleu.sentence_chrf(hyp, [ref]).score < {chrf})
    if faulty:
        if caught:
            pytest.xfail("known-faulty output caught by its checks")
        pytest.fail("a metric blind spot")
    assert not caught
'''


def make_data(n: int) -> tuple[dict, list[tuple[str, str, str, bool]]]:
    """The suite and the hand-written test's (test id, hyp, ref, faulty) rows: a good and a bad output a case."""
    rng = random.Random(1234)
    refs = [(f"case-{i:05d}", word_salad(rng)) for i in range(n)]
    rows = [row for cid, ref in refs for row in ((f"{cid}[good]", ref, ref, False), (f"{cid}[bad]", FAULTY, ref, True))]
    cases = [{"id": cid, "src": "-", "ref": ref, "hyps": {"good": ref, "bad": {"text": FAULTY, "expect": "fail"}}}
             for cid, ref in refs]
    return bench_suite(cases, lexical_checks(BLEU_MIN, CHRF_MIN)), rows


def main() -> None:
    args = bench_parser(__doc__, cases=500, repeat=3).parse_args()
    suite, rows = make_data(args.cases)
    hand_files = {"rows.json": json.dumps(rows), "test_hand.py": HAND_WRITTEN.format(bleu=BLEU_MIN, chrf=CHRF_MIN)}
    plugin_vs_hand(args.repeat, suite, hand_files,
                   f"cases: {args.cases} (one pass and one caught known-faulty output each), best of {args.repeat}",
                   "hand-written parametrize + pytest.xfail():", "<= 1.3",
                   expect=(f"{args.cases} passed, {args.cases} xfailed", f"{args.cases} passed, {args.cases} caught"))


if __name__ == "__main__":
    main()
