"""The Hypothesis strategies users import: ``from mtcheck.strategies import perturbations``.

They are written in :mod:`mtcheck.perturb.strategies`, beside the edits they draw from.
"""
from mtcheck.perturb.strategies import KINDS, Edit, Variant, grammar_errors, meaning_preserving, perturbations, sentiment_edits

__all__ = ["Edit", "KINDS", "Variant", "grammar_errors", "meaning_preserving", "perturbations", "sentiment_edits"]
