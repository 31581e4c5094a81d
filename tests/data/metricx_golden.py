"""Write tests/data/metricx_golden.json: MetricX-23's own scores on the tiny model of tests/metricx_checkpoint.py.

The scores come from MetricX's published model class, ``MT5ForRegression`` of
google-research/metricx (``metricx23/models.py``; not on PyPI, so give a checkout
of it), under the transformers it pins (4.30.2, with tokenizers 0.13.3), on inputs
made as its ``metricx23/predict.py`` makes them. The COMET environment has the
rest (torch, safetensors)::

    git clone https://github.com/google-research/metricx /tmp/metricx
    /work/comet-venv/bin/pip install --target /work/metricx-ref --no-deps transformers==4.30.2 tokenizers==0.13.3
    PYTHONPATH=/work/metricx-ref /work/comet-venv/bin/python tests/data/metricx_golden.py /tmp/metricx

Each input is scored alone (batch size 1), as predict.py's Trainer does with inputs of different lengths.
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
from metricx_checkpoint import build_metricx  # noqa: E402

SEED = 26
#: The input lengths scored: MetricX-23's 1024, and 12 tokens to cut most inputs.
LENGTHS = (1024, 12)


def inputs(triples: list[dict[str, str]], qe: bool) -> list[str]:
    """predict.py's ``_make_input``: ``candidate: HYP reference: REF``, or ``candidate: HYP source: SRC``."""
    return [f"candidate: {t['mt']} source: {t['src']}" if qe else f"candidate: {t['mt']} reference: {t['ref']}"
            for t in triples]


def main() -> None:
    warnings.simplefilter("ignore")
    sys.path.insert(0, sys.argv[1])
    import transformers
    from metricx23 import models

    triples = json.loads((HERE / "comet_golden.json").read_text(encoding="utf-8"))["triples"]
    scores: dict[str, dict[str, list[float]]] = {}
    with tempfile.TemporaryDirectory() as temporary:
        folder = build_metricx(Path(temporary) / "metricx", SEED)
        tokenizer = transformers.AutoTokenizer.from_pretrained(str(folder))
        model = models.MT5ForRegression.from_pretrained(str(folder)).eval()
        for length in LENGTHS:
            for kind, qe in (("metricx", False), ("metricx-qe", True)):
                values = []
                for text in inputs(triples, qe):
                    encoded = tokenizer(text, max_length=length, truncation=True, padding=False)
                    ids = torch.tensor([encoded["input_ids"][:-1]])  # predict.py's _remove_eos
                    mask = torch.tensor([encoded["attention_mask"][:-1]])
                    with torch.no_grad():
                        values.append(model(input_ids=ids, attention_mask=mask).predictions.item())
                scores.setdefault(str(length), {})[kind] = values
    golden = {
        "produced_by": "tests/data/metricx_golden.py",
        "reference": "google-research/metricx metricx23/models.py MT5ForRegression",
        "versions": {name: version(name) for name in ("transformers", "tokenizers", "torch")},
        "seed": SEED,
        "triples": "tests/data/comet_golden.json",
        "scores": scores,
    }
    (HERE / "metricx_golden.json").write_text(json.dumps(golden, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
