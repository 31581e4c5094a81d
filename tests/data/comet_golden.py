"""Write tests/data/comet_golden.json: unbabel-comet's own scores (and xCOMET's error spans) on the tiny checkpoints of
tests/comet_checkpoint.py.

Run it in a virtual environment of its own, since unbabel-comet pins transformers<5 and numpy<2::

    python3.11 -m venv /work/comet-venv
    /work/comet-venv/bin/pip install torch==2.13.0
    /work/comet-venv/bin/pip install unbabel-comet "setuptools<81"
    /work/comet-venv/bin/python tests/data/comet_golden.py

It checks that ``load_from_checkpoint`` loaded every weight of the checkpoint (it loads with ``strict=False``)
before scoring with the library's batched ``model.predict``.
"""
from __future__ import annotations

import json
import sys
import tempfile
import warnings
from importlib.metadata import version
from pathlib import Path

import torch

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from comet_checkpoint import build_checkpoint  # noqa: E402

SEED = 26
#: (src, mt, ref): short and long (past the tiny encoder's 38 tokens), unknown characters, blanks, repeats.
TRIPLES = [
    ("Der Hund ist gut.", "The dog is good.", "The dog is great."),
    ("Der Hund ist gut.", "The dog is not good.", "The dog is great."),
    ("Das Buch ist sehr gut.", "The book is very good.", "This novel is very good."),
    ("Das Buch ist schlecht.", "The book is terrible.", "The book is bad."),
    ("Die Katze sitzt auf der Matte.", "The cat sat on the mat.", "the cat sat on the mat"),
    ("Die Katze sitzt auf der Matte.", "A dog sat on a house.", "The cat sat on the mat."),
    ("Ich liebe das Haus.", "I love the house.", "I love this house!"),
    ("Ich liebe das Haus.", "I hate the house.", "I love this house!"),
    ("Wir mögen es nicht.", "We do not like it.", "We don't like it."),
    ("Wir mögen es nicht.", "We like it.", "We don't like it."),
    ("Zürich, 2024", "Zurich, 2024", "Zürich, 2024"),
    ("", "The dog.", "The dog."),
    ("Der Hund.", "", "The dog."),
    ("Das ist gut.", "That  is   good .", "That is good."),
    ("Das ist gut. 🙂", "That is good. 🙂", "That is good."),
    ("Ein sehr sehr sehr langer Satz über die Katze, den Hund und das Haus, der nicht endet und immer weiter geht.",
     "A very very very long sentence about the cat, the dog and the house, which does not end and goes on and on.",
     "A very long sentence about the cat, the dog and the house that never ends and keeps going on and on."),
    ("Katze", "cat", "cat"),
    ("Katze", "CAT", "cat"),
    ("Das Buch ist gut, das Haus ist schlecht.", "The book is good, the house is bad.",
     "The book is great, the house is terrible."),
    ("Sehr gut!", "Very good!", "Great!"),
]


#: Each golden model: (kind, the segments a unified model reads, whether it is given the references).
#: unified_metric_with_ref averages COMET's three joint inputs; xcomet_metric_qe is xCOMET's fallback without references.
MODELS = {
    "regression_metric": ("regression_metric", (), True),
    "unified_metric": ("unified_metric", ("mt", "src"), True),
    "unified_metric_with_ref": ("unified_metric", ("mt", "src", "ref"), True),
    "xcomet_metric": ("xcomet_metric", (), True),
    "xcomet_metric_qe": ("xcomet_metric", (), False),
}


def predict(folder: Path, kind: str, references: bool) -> tuple[list[float], list[list[dict]] | None]:
    """The scores of ``model.predict`` on every triple (without its reference unless ``references``), and xCOMET's
    ``metadata.error_spans`` (None for the other models)."""
    from comet import load_from_checkpoint

    checkpoint = folder / "checkpoints" / "model.ckpt"
    model = load_from_checkpoint(str(checkpoint))
    stored = torch.load(checkpoint, weights_only=True)["state_dict"]
    loaded = model.state_dict()
    if set(stored) != set(loaded) or not all(torch.equal(stored[key], loaded[key]) for key in stored):
        raise SystemExit(f"{kind}: load_from_checkpoint did not load every weight of {checkpoint}")
    samples = [{"src": s, "mt": m, "ref": r} if references else {"src": s, "mt": m} for s, m, r in TRIPLES]
    prediction = model.predict(samples, batch_size=8, gpus=0, progress_bar=False)
    spans = prediction.get("metadata", {}).get("error_spans")
    return prediction.scores, spans


def main() -> None:
    warnings.simplefilter("ignore")
    scores, spans = {}, {}
    with tempfile.TemporaryDirectory() as temporary:
        for name, (kind, segments, references) in MODELS.items():
            scores[name], found = predict(build_checkpoint(Path(temporary) / name, kind, SEED, segments), name,
                                          references)
            if found is not None:
                spans[name] = found
    golden = {
        "produced_by": "tests/data/comet_golden.py",
        "versions": {name: version(name) for name in ("unbabel-comet", "torch", "transformers", "tokenizers")},
        "seed": SEED,
        "triples": [{"src": s, "mt": m, "ref": r} for s, m, r in TRIPLES],
        "models": {name: {"kind": kind, "segments": list(segments), "references": references}
                   for name, (kind, segments, references) in MODELS.items()},
        "scores": scores,
        "error_spans": spans,
    }
    (HERE / "comet_golden.json").write_text(json.dumps(golden, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
