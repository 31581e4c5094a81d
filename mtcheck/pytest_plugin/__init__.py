"""The pytest front end: options and hooks (:mod:`.hooks`, the ``pytest11`` entry point), suites as
collectors and cases as items, the session state, xdist scheduling, and the pytest wrappers of the sinks.
"""
