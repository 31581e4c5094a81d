"""Scoring recipes from published shared tasks, packaged so suites can reproduce their numbers.

``puzzle``: the linguistic-puzzle translation recipe (BLEU-2, CharacTER, chrF-3, exact match).
"""
