"""Hand pytest-xdist workers whole batch windows, so no worker scores a case another one runs.

A case item computes its batch (hypotheses and scores of the next
``--mt-batch-size`` cases of its suite) when it runs. Under xdist's default
``--dist load`` the cases of one window could go to several workers, each of
which would then compute the whole window. :class:`SuiteWindowScheduling` makes
each window of a suite one unit of work (xdist's own scope scheduling); every
other test is a unit of its own, so it is balanced as ``--dist load`` would
balance it.

The controller does not collect, so it cannot know when it picks a scheduler
whether the session holds a suite. :class:`SchedulingForCollection` waits for
the first worker's collection: without a case item the session is scheduled by
xdist's own ``LoadScheduling``, untouched (a plugin is a guest in a session
without suites); with one, by the window scheduler.
"""
from __future__ import annotations

from typing import Any

import pytest

from mtcheck.suite import SUITE_SUFFIXES


def window_scopes(nodeids: list[str], batch_size: int) -> dict[str, str]:
    """The work unit of each case item: its suite file and its window of ``batch_size`` cases.

    Case items are ``<suite file>::<test id>``; anything else (including the
    perturbation items ``<suite file>::<id>::sensitivity[...]``) is its own unit.
    """
    positions: dict[str, int] = {}
    scopes: dict[str, str] = {}
    for nodeid in nodeids:
        if not is_case_nodeid(nodeid):
            scopes[nodeid] = nodeid
            continue
        path = nodeid.partition("::")[0]
        position = positions.get(path, 0)
        positions[path] = position + 1
        scopes[nodeid] = f"{path}::batch-{position // max(1, batch_size)}"
    return scopes


def is_case_nodeid(nodeid: str) -> bool:
    """Whether a test id is a case item of a suite file (``<suite file>::<test id>``)."""
    path, sep, rest = nodeid.partition("::")
    return bool(sep) and path.endswith(SUITE_SUFFIXES) and "::" not in rest


def make_scheduler(config: pytest.Config, log: Any) -> Any:
    """The scheduler for ``--dist load`` (the default of ``-n``); other modes are left alone."""
    if config.getoption("dist", None) != "load":
        return None
    return SchedulingForCollection(config, log)


class SchedulingForCollection:
    """xdist's ``LoadScheduling`` for a session without case items, the window scheduler for one with them.

    Until the first collection arrives both schedulers are told of every worker
    that comes and goes (pure bookkeeping in both); from then on every call goes
    to the chosen one.
    """

    def __init__(self, config: pytest.Config, log: Any) -> None:
        from xdist.scheduler import LoadScheduling

        self._candidates = (LoadScheduling(config, log), window_scheduler(config, log))
        self._chosen: Any = None

    def add_node(self, node: Any) -> None:
        for scheduler in self._candidates if self._chosen is None else (self._chosen,):
            scheduler.add_node(node)

    def remove_node(self, node: Any) -> str | None:
        if self._chosen is not None:
            return self._chosen.remove_node(node)
        crashed = [scheduler.remove_node(node) for scheduler in self._candidates]
        return crashed[0]

    def add_node_collection(self, node: Any, collection: Any) -> None:
        if self._chosen is None:
            plain, windows = self._candidates
            self._chosen = windows if any(map(is_case_nodeid, collection)) else plain
        self._chosen.add_node_collection(node, collection)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._chosen or self._candidates[0], name)


def window_scheduler(config: pytest.Config, log: Any) -> Any:
    """xdist's scope scheduling over batch windows, which hands a crashed worker's work on as ``--dist load`` does."""
    from xdist.scheduler import LoadScopeScheduling

    batch_size = config.getoption("mt_batch_size")

    class SuiteWindowScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if not hasattr(self, "_mt_scopes"):
                self._mt_scopes = window_scopes(list(self.collection or []), batch_size)
            return self._mt_scopes.get(nodeid, nodeid)

        def _reschedule(self, node: Any) -> None:
            """Give ``node`` work once it has collected: a worker started in place of a crashed one is among the
            nodes before its collection arrives, and xdist's scope scheduling would index that missing collection."""
            if node in self.registered_collections:
                super()._reschedule(node)

        def remove_node(self, node: Any) -> str | None:
            """Forget a worker; if it died with work pending, the test it was running is the crashed one.

            xdist reports that test failed; it is marked done here so that it
            does not crash the next worker too, and the rest of the dead
            worker's units go back to the queue for the others.
            """
            workload = self.assigned_work.pop(node)
            pending = [(scope, nodeid) for scope, unit in workload.items()
                       for nodeid, done in unit.items() if not done]
            if not pending:
                return None
            crashed_scope, crashed = pending[0]
            workload[crashed_scope][crashed] = True
            for scope, unit in workload.items():
                if not all(unit.values()):
                    self.workqueue[scope] = unit
            for other in self.assigned_work:
                self._reschedule(other)
            return crashed

    return SuiteWindowScheduling(config, log)
