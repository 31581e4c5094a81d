"""Suite files: the format's names the pytest plugin needs at start-up, before any suite is loaded.

Kept free of imports so that ``mtcheck.pytest_plugin.hooks`` can read them in every pytest session.
"""
from __future__ import annotations

#: File names that mark a suite (collected by the plugin, found in folders by the CLI).
SUITE_SUFFIXES = (".mt.yaml", ".mt.yml")

#: Phenomenon tags with a documented meaning; free tags are allowed too.
KNOWN_TAGS = (
    "negation-drop",
    "antonym-swap",
    "sarcasm",
    "intensity",
    "grammar",
    "fluency",
    "meaning",
    "wrong-language",
    "copy-source",
)
