"""The pytest options of perturbation tests (a light module: the plugin imports it at start-up)."""
from __future__ import annotations

from typing import Any

from mtcheck.config.settings import PERTURB, add_pytest_options


def add_options(group: Any) -> None:
    """The pytest options of the tests generated from ``perturb:`` sections, in the "mtcheck" option group."""
    add_pytest_options(group, PERTURB)
