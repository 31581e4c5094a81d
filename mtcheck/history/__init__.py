"""Run history: each run's aggregates and case outcomes appended to an SQLite file or a PostgreSQL database.

:mod:`~mtcheck.history.schema` holds the tables and the plain records, :mod:`~mtcheck.history.store` the
database layer, :mod:`~mtcheck.history.runs` builds a run from case records, :mod:`~mtcheck.history.render`
draws the last runs, :mod:`~mtcheck.commands.history` wires ``mtcheck history`` and ``mtcheck run --history``
and :mod:`~mtcheck.pytest_plugin.history_plugin` ``--mt-history``.
"""
