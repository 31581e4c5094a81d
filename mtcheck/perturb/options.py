"""The pytest options of perturbation tests (a light module: the plugin imports it at start-up)."""
from __future__ import annotations

from typing import Any

from mtcheck.config.numeric_options import positive_int


def add_options(group: Any) -> None:
    """The plugin's perturbation options."""
    group.addoption("--mt-perturb-seed", metavar="N", type=int, default=None,
                    help="seed for generated perturbation tests (default: random; derandomised when CI=true)")
    group.addoption("--mt-perturb-budget", metavar="N", type=positive_int, default=None,
                    help="examples per perturbation test (default: each suite's 'budget:', else 20)")
