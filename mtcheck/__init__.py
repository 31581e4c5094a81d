"""mtcheck: regression-test machine translation systems with pytest."""
from __future__ import annotations

__version__ = "0.1.0"
