"""The ``grammar`` check's engine: rule tables per language (``rules/<lang>.yaml``), read by ``rules.py`` and
run by ``engine.py`` over a long-lived Apertium analyser (``analyser.py``) and Hunspell (``dictionary.py``)."""
