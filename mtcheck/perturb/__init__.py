"""Perturbations of sentences (edit kinds, variants) and the tests generated from them; see docs/perturbations.md."""
