"""Meta-evaluation of metrics against the human ratings in suites (``mtcheck meta-eval``)."""
from mtcheck.metaeval.calibrate import Acceptable, parse_acceptable
from mtcheck.metaeval.core import MetaEval, Settings, meta_evaluate
from mtcheck.metaeval.render import Heatmap, heatmaps, render

__all__ = ["Acceptable", "Heatmap", "MetaEval", "Settings", "heatmaps", "meta_evaluate", "parse_acceptable", "render"]
