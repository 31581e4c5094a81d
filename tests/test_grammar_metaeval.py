"""``grammar`` in ``mtcheck meta-eval`` against fluency ratings (docs/grammar.md): its correlation is that of
the check's own scores with the mean ratings, and it ranks disfluent English outputs below fluent ones."""
from __future__ import annotations

import numpy as np
import pytest
from scipy import stats as scipy_stats
from test_grammar import EN

from mtcheck.grammar.engine import Checker
from mtcheck.grammar.rules import bundled_table
from mtcheck.metaeval import Settings, meta_evaluate
from mtcheck.suite.loader import load_suite

RATED = """\
version: 1
name: rated-en
source_lang: en
target_lang: en
scales:
  fluency: {kind: ordinal, values: [1, 2, 3, 4, 5]}
defaults:
  checks:
    - {metric: chrf, min: 10}
cases:
  - id: c1
    src: i loooove mondays
    ref: I hate Mondays.
    hyps: {good: I hate Mondays., bad: I hates Mondays., worse: I hates a Mondays and and work.}
    ratings:
      fluency: {good: {a1: 5, a2: 5}, bad: {a1: 3, a2: 2}, worse: {a1: 1, a2: 2}}
  - id: c2
    src: great, my phone died again
    ref: I am annoyed that my phone died again.
    hyps: {good: My phone died again and I hate it., bad: My phone dies again and they goes off.}
    ratings:
      fluency: {good: {a1: 5, a2: 4}, bad: {a1: 2, a2: 2}}
"""


@EN
def test_meta_eval_shows_grammar_against_fluency_ratings(write_suite) -> None:
    suite = load_suite(write_suite(RATED))
    meta = meta_evaluate([suite], settings=Settings(resamples=0, sam=False, extra=("grammar",)))
    assert not meta.problems
    outputs = [(case, system, float(np.mean(list(votes.values()))))
               for case in suite.cases for system, votes in case.ratings["fluency"].items()]
    results = Checker(bundled_table("en")).check([case.hyp(system).text for case, system, _ in outputs],
                                                 [case.src for case, _, _ in outputs])
    scores, human = [r.score for r in results], [h for _, _, h in outputs]
    row = next(c for c in meta.correlations if c.metric == "grammar" and c.scale == "fluency")
    assert row.n == 5 and row.agrees
    assert row.kendall == pytest.approx(abs(scipy_stats.kendalltau(scores, human)[0]), abs=1e-9)
    assert row.kendall > 0.5
