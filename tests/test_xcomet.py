"""xCOMET (``xcomet`` with a reference, ``xcomet-qe`` without) on a tiny random-weight checkpoint built offline
(tests/comet_checkpoint.py): the same scores and error spans as unbabel-comet's own ``model.predict``
(tests/data/comet_golden.json), the spans in the details and in a failing case's text, and their severities."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from comet_checkpoint import build_checkpoint
from mtcheck.commands.main import main
from mtcheck.errors import MetricError
from mtcheck.metrics import get_metric, reads_references
from mtcheck.suite.model import SEVERITIES

GOLDEN = json.loads((Path(__file__).parent / "data" / "comet_golden.json").read_text(encoding="utf-8"))
TRIPLES = GOLDEN["triples"]
TOLERANCE = 1e-5


@pytest.fixture(scope="module")
def xcomet_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_checkpoint(tmp_path_factory.mktemp("xcomet") / "xcomet", "xcomet_metric", GOLDEN["seed"])


def _without_confidence(spans: list[dict[str, object]]) -> list[dict[str, object]]:
    return [{key: value for key, value in span.items() if key != "confidence"} for span in spans]


@pytest.mark.parametrize("batch_size", [1, 3, 16])
@pytest.mark.parametrize(("name", "metric"), [("xcomet_metric", "xcomet"), ("xcomet_metric_qe", "xcomet-qe")])
def test_scores_and_spans_equal_unbabel_comet(xcomet_model: Path, name: str, metric: str, batch_size: int) -> None:
    scorer = get_metric(metric, {"model": str(xcomet_model), "batch_size": batch_size, "device": "cpu"})
    scores = scorer.score_batch([t["mt"] for t in TRIPLES], [t["ref"] for t in TRIPLES], [t["src"] for t in TRIPLES])
    for score, expected, spans in zip(scores, GOLDEN["scores"][name], GOLDEN["error_spans"][name], strict=True):
        assert score.value == pytest.approx(expected, abs=TOLERANCE)
        assert _without_confidence(score.details["error_spans"]) == _without_confidence(spans)
        assert [s["confidence"] for s in score.details["error_spans"]] == pytest.approx(
            [s["confidence"] for s in spans], abs=TOLERANCE)


def test_the_golden_spans_cover_every_severity() -> None:
    for name in ("xcomet_metric", "xcomet_metric_qe"):
        found = {span["severity"] for spans in GOLDEN["error_spans"][name] for span in spans}
        assert found == set(SEVERITIES)
        assert any(not spans for spans in GOLDEN["error_spans"][name])


def test_the_worst_span_is_the_suites_severity(xcomet_model: Path) -> None:
    scorer = get_metric("xcomet", {"model": str(xcomet_model), "device": "cpu"})
    scores = scorer.score_batch([t["mt"] for t in TRIPLES], [t["ref"] for t in TRIPLES], [t["src"] for t in TRIPLES])
    for score in scores:
        spans = score.details["error_spans"]
        expected = max((SEVERITIES.index(s["severity"]) for s in spans), default=None)
        assert score.details["severity"] == (None if expected is None else SEVERITIES[expected])


def test_explain_lists_each_span(xcomet_model: Path) -> None:
    scorer = get_metric("xcomet", {"model": str(xcomet_model), "device": "cpu"})
    index = next(i for i, spans in enumerate(GOLDEN["error_spans"]["xcomet_metric"]) if len(spans) > 1)
    triple, spans = TRIPLES[index], GOLDEN["error_spans"]["xcomet_metric"][index]
    score = scorer.score(triple["mt"], triple["ref"], src=triple["src"])
    lines = scorer.explain(score)
    assert lines[0] == f"xCOMET error spans, worst {score.details['severity']}:"
    assert lines[1:] == [f"  {s['severity']}: {s['text']!r} at characters {s['start']}-{s['end']} "
                         f"(confidence {s['confidence']:.2f})" for s in spans]


def test_explain_without_spans(xcomet_model: Path) -> None:
    scorer = get_metric("xcomet", {"model": str(xcomet_model), "device": "cpu"})
    index = GOLDEN["error_spans"]["xcomet_metric"].index([])
    triple = TRIPLES[index]
    assert scorer.explain(scorer.score(triple["mt"], triple["ref"], src=triple["src"])) == [
        "xCOMET tagged no error span"]


def test_xcomet_qe_reads_no_reference() -> None:
    assert not reads_references("xcomet-qe") and reads_references("xcomet")


@pytest.mark.parametrize(("metric", "kind", "message"), [
    ("xcomet", "regression_metric", "is a 'regression_metric' model; xcomet scores xcomet_metric models"),
    ("comet", "xcomet_metric", "is a 'xcomet_metric' model; comet scores regression_metric and unified_metric"),
])
def test_a_checkpoint_of_another_class_is_named(tmp_path: Path, metric: str, kind: str, message: str) -> None:
    build_checkpoint(tmp_path / "model", kind)
    with pytest.raises(MetricError, match=message):
        get_metric(metric, {"model": str(tmp_path / "model")})


def test_a_failing_case_shows_its_spans(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    build_checkpoint(tmp_path / "xcomet", "xcomet_metric", GOLDEN["seed"])
    index = next(i for i, spans in enumerate(GOLDEN["error_spans"]["xcomet_metric"]) if spans)
    triple, span = TRIPLES[index], GOLDEN["error_spans"]["xcomet_metric"][index][0]
    suite = tmp_path / "spans.mt.yaml"
    suite.write_text(json.dumps({
        "version": 1, "name": "spans", "source_lang": "de", "target_lang": "en",
        "cases": [{"id": "spans", "src": triple["src"], "ref": triple["ref"], "hyp": triple["mt"],
                   "checks": [{"metric": "xcomet", "params": {"model": "xcomet"}, "min": 0.999}]}],
    }), encoding="utf-8")
    code = main(["run", str(suite)])
    out = capsys.readouterr().out
    assert code == 1
    assert "xCOMET error spans, worst" in out
    assert f"{span['severity']}: {span['text']!r} at characters {span['start']}-{span['end']}" in out
