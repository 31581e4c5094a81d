"""The run engine, the same for pytest and ``mtcheck run``: targets, outputs, scoring, results, records and sinks.

It imports nothing of the front ends (:mod:`mtcheck.commands`, :mod:`mtcheck.pytest_plugin`) nor of the sinks
that read its records (``regression``, ``report``, ``history``); ``tests/test_layers.py`` checks it.
"""
